"""Issue 20, "Done when": a four-section highway with an on-ramp and a town block built through the
editor as a player builds them (palette clicks, a click on a free road end to chain, prefab, starts),
saved, reloaded as the same map and played; and the editor's other new tools, each as a player
uses it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.editor.dialogs import PromptDialog
from game.scenes.battle import BattleScene
from game.scenes.editor import EditorScene, playtest_dir
from game.scenes.help import HelpScene
from rules.world.maps import bbox, ends_meet, free_ends, load_map, placed_ends, sections
from tests.game.conftest import click, drag, press
from tests.game.test_editor import at, open_editor, pick, place_all, shift_click, type_text


def click_end(app, ed: EditorScene, index: int, end: int) -> None:
    """Click the green connector of a placed section's end."""
    e = placed_ends(ed.map.sections[index], sections())[end]
    click(app, at(ed, e.x, e.y))
    assert ed.chain_end is not None and (ed.chain_end.x, ed.chain_end.y) == (e.x, e.y), ed.message


def build_highway_and_town(app, ed: EditorScene) -> None:
    place_all(app, ed, "Straight", ((12.5, 42),))           # the first piece, by a click
    click_end(app, ed, 0, 1)                                 # its north end: chain from there
    for label in ("On-ramp", "Straight", "Straight"):       # each palette pick is laid on
        pick_chained(app, ed, label)
    press(app, pygame.K_ESCAPE)                              # stop the chain
    click_end(app, ed, 1, 2)                                 # the on-ramp's ramp lane
    pick_chained(app, ed, "Ramp lane")
    press(app, pygame.K_ESCAPE)
    place_all(app, ed, "Town block", ((40, 20),))
    place_all(app, ed, "Start position", ((12, 40), (11, 20)))


def pick_chained(app, ed: EditorScene, label: str) -> None:
    before = len(ed.map.sections)
    app.draw()
    group = next(t.group for t in ed.tools if t.label == label)
    if ed.open_group != group:
        click(app, next(r for r, g in ed.group_rows if g == group).center)
        app.draw()
    click(app, next(r for r, t in ed.palette_rows if t.label == label).center)
    assert len(ed.map.sections) == before + 1, ed.message


def test_a_highway_with_an_on_ramp_and_a_town_block_built_saved_reloaded_and_played(app, tmp_path: Path) -> None:
    ed = open_editor(app, tmp_path)
    build_highway_and_town(app, ed)
    m, lib = ed.map, sections()
    assert [p.section for p in m.sections] == ["straight", "on_ramp", "straight", "straight", "ramp_lane"]
    for a, b in ((0, 1), (1, 2), (2, 3)):                    # the road runs on, end to end
        assert ends_meet(placed_ends(m.sections[a], lib)[1], placed_ends(m.sections[b], lib)[0])
    assert ends_meet(placed_ends(m.sections[1], lib)[2], placed_ends(m.sections[4], lib)[0])
    assert len(free_ends(m.sections, lib)) == 3              # the road's two ends and the ramp's foot
    assert len(m.buildings) == 2 and len(m.curbs) == 1 and m.areas[0].kind == "sidewalk"
    assert ed.problems() == [], [str(p) for p in ed.problems()]
    # save: Ctrl+S, a name, Enter; the hint only promises, the message comes after OK
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    prompt = app.top
    assert isinstance(prompt, PromptDialog)
    prompt.value = ""
    type_text(app, "Ramp town")
    assert prompt.hint is not None and prompt.hint(prompt.value) == "will be saved as maps/ramp_town.toml"
    assert "saved as" not in ed.message
    press(app, pygame.K_RETURN)
    saved = tmp_path / "ramp_town.toml"
    assert ed.message == "saved as maps/ramp_town.toml" and saved.exists()
    assert load_map(saved) == ed.map                          # strict: no problems, the same map
    ed.new_map()
    assert ed.load(saved) and ed.map == load_map(saved) and len(ed.map.sections) == 5
    # play it: the playtest's battle on that map, a few turns of keeping speeds and holding course
    click(app, ed.button("playtest").rect.center)
    battle = app.top
    assert isinstance(battle, BattleScene), ed.message
    assert battle.session.map is not None and battle.session.map.sections == ed.map.sections
    for _ in range(60):
        if battle.state.turn >= 3 or app.top is not battle:
            break
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
        battle.settle()
        app.draw()
    assert battle.state.turn >= 3
    assert [f.name for f in playtest_dir(app).glob("*.toml")] and len(list(playtest_dir(app).glob("*.toml"))) == 1


def test_a_dragged_section_snaps_onto_a_free_end(app, tmp_path: Path) -> None:
    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Straight", ((12.5, 42),))
    place_all(app, ed, "Curve right (90°)", ((30, 20),))
    lib = sections()
    north = placed_ends(ed.map.sections[0], lib)[1]
    curve_in = placed_ends(ed.map.sections[1], lib)[0]
    # drag the curve by its middle so its way in lands about half an inch from the straight's end
    grab = (curve_in.x + 2, curve_in.y - 2)
    drag(app, at(ed, *grab), at(ed, grab[0] + north.x - curve_in.x + 0.4, grab[1] + north.y - curve_in.y - 0.3))
    assert ends_meet(north, placed_ends(ed.map.sections[1], lib)[0])


def test_f1_lists_the_editors_keys(app, tmp_path: Path) -> None:
    ed = open_editor(app, tmp_path)
    press(app, pygame.K_F1)
    help_scene = app.top
    assert isinstance(help_scene, HelpScene) and help_scene.entries == ed.help_entries
    keys = " ".join(k for k, _ in help_scene.entries)
    for key in ("Shift+click", "Arrows", "Ctrl+Z", "G", "Ctrl+T", "Esc"):
        assert key in keys, key
    app.draw()
    press(app, pygame.K_ESCAPE)
    assert app.top is ed


def test_the_endless_setting_and_x_y_fields_are_edited_in_the_panel(app, tmp_path: Path) -> None:
    ed = open_editor(app, tmp_path)
    app.draw()
    rows = {p.key: r for r, p in ed.prop_rows}
    click(app, rows["endless"].center)
    assert ed.map.endless
    place_all(app, ed, "Wall", ((10, 10),))
    app.draw()
    rows = {p.key: r for r, p in ed.prop_rows}
    for key, value in (("x", "3.5"), ("y", "7")):
        click(app, rows[key].center)
        for _ in range(8):
            press(app, pygame.K_BACKSPACE)
        type_text(app, value)
        press(app, pygame.K_RETURN)
    assert (ed.map.walls[0].shape.x, ed.map.walls[0].shape.y) == (3.5, 7)


def test_layers_hide_and_lock_what_they_hold(app, tmp_path: Path) -> None:
    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Wall", ((10, 10),))
    press(app, pygame.K_ESCAPE)
    app.draw()
    eye, lock, _ = next(r for r in ed.layers.rows if r[2] == "Features")
    click(app, lock.center)
    click(app, at(ed, 10, 10))
    assert ed.selection == ()                                 # locked: not picked
    click(app, lock.center)
    click(app, eye.center)
    app.draw()
    sx, sy = at(ed, 10, 10)
    assert ed.layers.visible_map(ed.map).walls == () and ed.feature_at(10, 10) is None
    click(app, eye.center)
    click(app, at(ed, 10, 10))
    assert ed.selection == (("walls", 0),)


def test_the_minimap_moves_the_view(app, tmp_path: Path) -> None:
    ed = open_editor(app, tmp_path)
    app.draw()
    r = ed.minimap_rect
    click(app, (r.x + 5, r.y + 5))
    assert ed.cam.cx < 10 and ed.cam.cy < 10


def test_a_brush_paints_terrain_in_strips(app, tmp_path: Path) -> None:
    ed = open_editor(app, tmp_path)
    pick(app, ed, "Brush: water 2 ft")
    drag(app, at(ed, 10.5, 10.5), at(ed, 14.5, 10.5), steps=8)
    water = [a for a in ed.map.areas if a.kind == "water"]
    assert len(water) == 1 and water[0].depth_ft == 2
    # a 1" ribbon along the stroke, squared off half a brush past its ends (mouse pixels: within 0.1")
    assert bbox(water[0].shape.points()) == pytest.approx((10, 10, 15, 11), abs=0.1)
    assert ed.tool is not None                               # a brush stays in the hand
    press(app, pygame.K_PERIOD)
    assert ed.brush_size == 2
    assert ed.problems() == []


def test_a_prefab_is_placed_as_one_and_its_pieces_edited_after(app, tmp_path: Path) -> None:
    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Race oval", ((30, 24),))
    lib = sections()
    assert len(ed.map.sections) == 6 and free_ends(ed.map.sections, lib) == []   # a closed loop
    assert ed.problems() == []
    place_all(app, ed, "Walled arena", ((30, 24),))
    assert len(ed.map.walls) == 4 and len(ed.map.starts) == 2 and len(ed.selection) == 6   # placed as one
    press(app, pygame.K_ESCAPE)
    click(app, at(ed, *ed.map.walls[0].shape.centre))
    assert ed.selection == (("walls", 0),)                   # one piece of it, on its own


def test_a_tracing_image_is_drawn_under_the_pieces(app, tmp_path: Path) -> None:
    ed = open_editor(app, tmp_path)
    img = pygame.Surface((60, 48))
    img.fill((250, 0, 250))
    path = tmp_path / "plan.png"
    pygame.image.save(img, str(path))
    press(app, pygame.K_t, pygame.KMOD_CTRL)
    prompt = app.top
    assert isinstance(prompt, PromptDialog)
    prompt.value = str(path)
    press(app, pygame.K_RETURN)
    assert ed.trace.image is not None, ed.message
    app.draw()
    c = app.surface.get_at(at(ed, 30, 24))[:3]
    assert c[0] > 100 and c[2] > 100 and c[1] < c[0]        # the magenta shows through
    press(app, pygame.K_t)
    app.draw()
    c = app.surface.get_at(at(ed, 30, 24))[:3]
    assert not (c[0] > 100 and c[2] > 100 and c[1] < c[0])   # hidden


def test_a_moved_piece_snaps_to_another_pieces_edge(app, tmp_path: Path) -> None:
    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Building", ((10, 10),))               # x 8 to 12
    place_all(app, ed, "Building", ((20, 10),))               # x 18 to 22
    ed.cam.zoom, ed.cam.cx, ed.cam.cy = 40, 15, 10
    app.draw()
    start = at(ed, 20, 10)
    drag(app, start, (start[0] - round(5.9 * 40), start[1]))  # its left edge to 12.1: snaps to 12
    assert ed.map.buildings[1].shape.x == 12


def test_shift_click_keeps_placing(app, tmp_path: Path) -> None:
    ed = open_editor(app, tmp_path)
    pick(app, ed, "Tree")
    shift_click(app, at(ed, 5, 5))
    shift_click(app, at(ed, 8, 5))
    assert ed.tool is not None and len(ed.map.walls) == 2
    click(app, at(ed, 11, 5))
    assert ed.tool is None and len(ed.map.walls) == 3 and ed.selection == (("walls", 2),)


def test_playtest_maps_are_cleaned_up(app, tmp_path: Path) -> None:
    from game.scenes.editor import clean_playtests, playtest_setup

    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Start position", ((10, 10), (30, 10)))
    folder = playtest_dir(app)
    _, _ = playtest_setup(ed.map, folder)
    place_all(app, ed, "Tree", ((20, 20),))
    setup, _ = playtest_setup(ed.map, folder)             # a second playtest: the first map is removed
    assert [p.name for p in folder.glob("*.toml")] == [Path(setup.map).name]
    (folder / "notes.txt").write_text("mine")               # only the editor's own maps are touched
    clean_playtests(folder)
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    playtest_setup(ed.map, folder)
    ed.history.saved = ed.map
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)                             # leave the editor: its playtest map goes
    assert app.top is not ed
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
