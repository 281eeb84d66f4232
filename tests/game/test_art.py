"""Our own art (assets/, drawn by assets/make_assets.py): a picture for every body the rules know,
in every player colour, loaded once; the board's textures and roofs; a missing file draws a plain
shape instead and never stops the game."""

from __future__ import annotations

import pygame
import pytest

from game import theme
from game.assets import ASSETS_DIR, Assets, body_art
from game.camera import Camera
from game.render.board import BoardRenderer
from game.render.counters import draw_counter
from game.render.effects import draw_explosion
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup
from rules.tables.construction import design_tables
from rules.tables.movement import tables
from rules.world.map_model import Building, Map
from rules.world.shapes import Rect
from tests.game.conftest import start_battle


def _bodies() -> list[tuple[str, str]]:
    return [(k, b.kind) for k, b in sorted(design_tables().bodies.items()) if b.kind != "sidecar"]


@pytest.mark.parametrize(("body", "kind"), _bodies())
def test_every_body_of_the_construction_tables_has_its_picture_in_every_colour(app, body, kind):
    art = Assets()
    names = [body_art(kind, body)] + ([body_art(kind, body, True)] if kind == "trike" else [])
    for name in names:
        pictures = {c: art.vehicle(name, c, (40, 80)) for c in theme.OWNER_COLOURS.values()}
        assert all(p is not None for p in pictures.values()), f"{name}: a picture is missing"
        # the paint takes the owner's colour: the middle of the roof differs between red and blue
        red, blue = pictures[theme.OWNER_COLOURS["red"]], pictures[theme.OWNER_COLOURS["blue"]]
        assert red is not None and blue is not None
        assert any(red.get_at((x, y))[:3] != blue.get_at((x, y))[:3] for x in range(12, 28) for y in range(20, 60))


def test_a_reversed_trike_is_drawn_the_other_way_round():
    art = Assets()
    one, two = art.vehicle("medium_trike", (200, 50, 50), (40, 80)), art.vehicle("medium_trike-reversed", (200, 50, 50), (40, 80))
    assert one is not None and two is not None
    assert pygame.image.tobytes(one, "RGBA") != pygame.image.tobytes(two, "RGBA")


def _kart_state():
    from rules.engine.engine import new_game

    setup = GameSetup((VehicleSetup("kart", "Bob", "Killer Kart", Pose.at(5, 5, 30), 0.0, colour="blue"),), seed=1)
    state, _ = new_game(setup)
    return state


def test_a_counter_is_its_picture_turned_to_its_facing(app):
    state = _kart_state()
    v = state.vehicle("kart")
    cam = Camera(zoom=60, cx=5, cy=5, view_w=400, view_h=400)
    size = tables().handling.counters[v.spec.kind]
    shots = []
    for facing in (0.0, 90.0):
        surf = pygame.Surface((400, 400), pygame.SRCALPHA)
        draw_counter(surf, cam, v, Pose.at(5, 5, facing), size, (52, 104, 224), label=False)
        box = surf.get_bounding_rect(min_alpha=1)
        shots.append(box)
    upright, turned = shots
    assert upright.height > upright.width * 1.6, "facing 0: the 1 inch length runs up the screen"
    assert turned.width > turned.height * 1.6, "facing 90: it runs across"


def test_pictures_are_read_from_disk_once(app, monkeypatch):
    loads = []
    real = pygame.image.load
    monkeypatch.setattr(pygame.image, "load", lambda *a, **k: loads.append(a[0]) or real(*a, **k))
    art = Assets()
    state = _kart_state()
    v = state.vehicle("kart")
    cam = Camera(zoom=40, cx=5, cy=5, view_w=300, view_h=300)
    surf = pygame.Surface((300, 300))
    for frame in range(20):
        draw_counter(surf, cam, v, Pose.at(5, 5, frame * 7.0), tables().handling.counters["car"], (200, 40, 40),
                     label=False, art=art)
    assert len(loads) == 2, f"paint and detail, once each: {loads}"


def test_missing_art_draws_plain_shapes_and_never_fails(app, tmp_path):
    empty = Assets(tmp_path)   # an assets folder with nothing in it
    assert empty.vehicle("sedan", (200, 0, 0), (40, 80)) is None
    assert empty.tile("grass", 30) is None and empty.explosion(3, 100) is None
    state = _kart_state()
    v = state.vehicle("kart")
    cam = Camera(zoom=60, cx=5, cy=5, view_w=400, view_h=400)
    surf = pygame.Surface((400, 400))
    draw_counter(surf, cam, v, Pose.at(5, 5, 0), tables().handling.counters["car"], (52, 104, 224), label=False, art=empty)
    sx, sy = cam.to_screen(5, 5.3)   # behind the windscreen: the plain box in the owner's colour
    assert surf.get_at((round(sx), round(sy)))[:3] == (52, 104, 224)
    board = BoardRenderer(Map("bare", 10, 10, ground="grass"), art=empty)
    board.draw(surf, cam)
    gx, gy = cam.to_screen(5.125, 5.125)
    assert surf.get_at((round(gx), round(gy)))[:3] == theme.TERRAIN["grass"], "flat grass without its tile"
    before = surf.copy()
    draw_explosion(surf, (200, 200), 60, 0.3, art=empty)   # the fireball drawn with circles
    assert surf.get_at((200, 200)) != before.get_at((200, 200))


def test_a_broken_picture_file_is_treated_as_missing(app, tmp_path):
    (tmp_path / "vehicles").mkdir()
    for layer in ("paint", "detail"):
        (tmp_path / "vehicles" / f"sedan.{layer}.png").write_bytes(b"not a png at all")
    (tmp_path / "terrain").mkdir()
    (tmp_path / "terrain" / "grass.png").write_bytes(b"\x89PNG broken")
    art = Assets(tmp_path)
    assert art.vehicle("sedan", (200, 0, 0), (40, 80)) is None
    assert art.tile("grass", 30) is None


def test_missing_font_file_falls_back_to_pygames_own(app, tmp_path, monkeypatch):
    import game.assets

    monkeypatch.setattr(game.assets, "default_assets", lambda: Assets(tmp_path))
    monkeypatch.setattr(theme, "_FONTS", {})
    assert theme.font(18).size("Car Wars")[0] > 0
    monkeypatch.setattr(theme, "_FONTS", {})


def test_the_ui_font_is_dejavu_from_assets_with_its_licence():
    assert (ASSETS_DIR / "fonts" / "DejaVuSans.ttf").is_file()
    assert "Bitstream" in (ASSETS_DIR / "fonts" / "LICENSE-DejaVu.txt").read_text()
    readme = (ASSETS_DIR / "README.md").read_text()
    assert "DejaVu" in readme and "make_assets.py" in readme


def _building_pixels(rotation: float):
    """The board with one building 4" x 2" at (3, 4), turned `rotation` degrees, flat colours only."""
    from pathlib import Path

    m = Map("b", 10, 10, ground="grass", buildings=(Building(Rect(3, 4, 4, 2, rotation), 30, name=""),))
    cam = Camera(zoom=20, cx=5, cy=5, view_w=200, view_h=200)
    surf = pygame.Surface((200, 200))
    BoardRenderer(m, art=Assets(Path("/nonexistent"))).draw(surf, cam)
    return surf, cam


def test_a_turned_building_has_its_roof_turned_with_it(app):
    flat, cam = _building_pixels(0)
    turned, _ = _building_pixels(90)   # about its centre (5, 5): now 2" wide and 4" tall
    grass = theme.TERRAIN["grass"]

    def at(surf, x, y):
        sx, sy = cam.to_screen(x, y)
        return surf.get_at((round(sx), round(sy)))[:3]

    # (3.375, 4.375) lies in the unturned building only; (5.125, 3.375) in the turned one only
    assert at(flat, 3.375, 4.375) != grass and at(turned, 3.375, 4.375) == grass
    assert at(flat, 5.125, 3.375) == grass and at(turned, 5.125, 3.375) != grass


def test_terrain_is_textured_from_its_tile(app):
    m = Map("g", 10, 10, ground="grass")
    cam = Camera(zoom=40, cx=5, cy=5, view_w=400, view_h=400)
    surf = pygame.Surface((400, 400))
    BoardRenderer(m).draw(surf, cam)
    colours = {surf.get_at((x, y))[:3] for x in range(40, 80) for y in range(45, 50)}
    assert len(colours) > 10, "blades and shades of grass, not one flat green"


def test_the_battle_draws_with_art_on_a_real_map(app):
    setup = GameSetup((VehicleSetup("kart", "Bob", "Killer Kart", Pose.at(10, 12, 90), 20.0, colour="blue"),
                       VehicleSetup("guard", "Ann", "Bodyguard", Pose.at(14, 12, 90), 20.0, colour="red")),
                      seed=5, map="maps/town.toml")
    battle = start_battle(app, setup)
    app.draw()
    p = battle.cam.to_screen(battle.state.vehicle("guard").pose.x, battle.state.vehicle("guard").pose.y)
    r, g, b = app.surface.get_at((round(p[0]), round(p[1])))[:3]
    assert r > g and r > b, "the guard's counter shows in red"


def test_a_big_map_zoomed_in_is_drawn_in_pieces_that_meet(app):
    """The town at 120 px/inch is too big to keep whole: pieces drawn as needed give the same picture
    as drawing the view at once, and panning reuses them."""
    from game.session import load_map

    m = load_map("maps/town.toml")
    board = BoardRenderer(m)
    cam = Camera(zoom=120, cx=24.3, cy=18.2, view_w=900, view_h=700)
    pieces = pygame.Surface((900, 700))
    board.draw(pieces, cam)
    x0, y0, _, _ = cam.visible()
    base_x = round(cam.view_w / 2 - cam.cx * cam.zoom)
    base_y = round(cam.view_h / 2 - cam.cy * cam.zoom)
    whole = board._render(cam.zoom, -base_x / cam.zoom, -base_y / cam.zoom, 900, 700)
    def off(x: int, y: int) -> bool:   # a grid line may round to the next pixel in a piece: a shade, not a seam
        a, b = pieces.get_at((x, y)), whole.get_at((x, y))
        return max(abs(a[i] - b[i]) for i in range(3)) > 40

    points = [(x, y) for x in range(0, 900, 7) for y in range(0, 700, 7)]
    assert sum(off(x, y) for x, y in points) / len(points) < 0.01
    kept = len(board._chunks)
    cam.cx += 0.2
    board.draw(pieces, cam)
    assert len(board._chunks) <= kept + 2, "a small pan draws at most a new column of pieces"
