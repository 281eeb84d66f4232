"""Issue 20: a turned building is drawn turned, wherever maps are drawn (the board renderer the editor,
the battle and the save thumbnails share), after a save and reload, and in play."""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from game.camera import Camera
from game.render.board import BoardRenderer
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup
from rules.world.maps import Building, Map, Rect, Start, load_map, save_map
from tests.game.conftest import start_battle

TURNED = Building(Rect(10, 10, 8, 2, 45), 10)   # centre (14, 11); its long side runs down to the right
ON_ROOF = (14 + 3 * math.cos(math.radians(45)), 11 + 3 * math.sin(math.radians(45)))  # inside, along the turn
OFF_ROOF = (10.4, 10.4)                          # inside the unturned box's corner, outside the turned one


def board_colours(m: Map, cam: Camera, surf: pygame.Surface, points) -> list[tuple[int, int, int]]:
    return [tuple(surf.get_at((round(sx), round(sy))))[:3] for sx, sy in (cam.to_screen(*p) for p in points)]


def grass_like(c: tuple[int, ...]) -> bool:
    return c[1] > c[0] and c[1] > c[2]


def test_a_turned_building_is_drawn_turned_and_stays_so_after_reload(tmp_path: Path) -> None:
    m = Map("turned", 30, 24, ground="grass", buildings=(TURNED,))
    again = load_map(save_map(m, tmp_path / "turned.toml"))
    assert again.buildings[0].shape.rotation == 45
    for shown in (m, again):
        surf = pygame.Surface((900, 700))
        cam = Camera(zoom=30, cx=15, cy=12, view_w=900, view_h=700)
        BoardRenderer(shown).draw(surf, cam)
        on, off = board_colours(shown, cam, surf, (ON_ROOF, OFF_ROOF))
        assert not grass_like(on) and grass_like(off), (on, off)


def test_a_turned_building_is_drawn_turned_in_play(app, tmp_path: Path) -> None:
    m = Map("turned", 30, 24, ground="grass", buildings=(TURNED,),
            starts=(Start("a", 4, 20, 0), Start("b", 26, 20, 0)))
    path = save_map(m, tmp_path / "turned.toml")
    setup = GameSetup((VehicleSetup("a", "p1", "Killer Kart", Pose.at(4, 20, 0), 0),
                       VehicleSetup("b", "p2", "Killer Kart", Pose.at(26, 20, 0), 0)), seed=1, map=str(path))
    battle = start_battle(app, setup)
    battle.cam.zoom, battle.cam.cx, battle.cam.cy = 30, 14, 11
    app.draw()
    on, off = board_colours(m, battle.cam, app.surface, (ON_ROOF, OFF_ROOF))
    assert not grass_like(on) and grass_like(off), (on, off)
