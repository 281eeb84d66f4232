"""The map editor scene, headless, driven by synthetic mouse and key events as a player would."""

from __future__ import annotations

import pygame
import pytest

from game.editor.dialogs import ConfirmDialog, PickDialog, PromptDialog
from game.input.bindings import key_event
from game.scenes.battle import BattleScene
from game.scenes.editor import EditorScene
from game.scenes.pause import PauseScene
from game.scenes.title import TitleScene
from rules.world.maps import MAPS_DIR, load_map
from tests.game.conftest import click, drag, press

CTRL = pygame.KMOD_CTRL


def open_editor(app, tmp_path) -> EditorScene:
    title = TitleScene(app)
    app.push(title)
    app.draw()
    labels = [label for label, _ in title.menu.items]
    click(app, title.menu.rects[labels.index("Map editor")].center)
    ed = app.top
    assert isinstance(ed, EditorScene)
    ed.maps_dir = tmp_path            # keep the test's maps out of maps/
    app.draw()
    return ed


def at(ed: EditorScene, x: float, y: float) -> tuple[int, int]:
    sx, sy = ed.cam.to_screen(x, y)
    return round(sx), round(sy)


def pick(app, ed: EditorScene, label: str) -> None:
    app.draw()
    group = next(t.group for t in ed.tools if t.label == label)
    if ed.open_group != group:                    # open the palette group the piece is in
        click(app, next(r for r, g in ed.group_rows if g == group).center)
        app.draw()
    row = next(r for r, t in ed.palette_rows if t.label == label)
    click(app, row.center)
    assert ed.tool is not None and ed.tool.label == label


def shift_click(app, pos: tuple[int, int]) -> None:
    """Shift+click: place and keep the tool."""
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, mod=pygame.KMOD_SHIFT))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, mod=pygame.KMOD_SHIFT))
    app.update(0.05)


def place_all(app, ed: EditorScene, label: str, points) -> None:
    """Pick a piece and place it at each point: Shift+click but the last, which puts the tool down."""
    pick(app, ed, label)
    for i, (x, y) in enumerate(points):
        (shift_click if i < len(points) - 1 else click)(app, at(ed, x, y))
    assert ed.tool is None


def type_text(app, s: str) -> None:
    for ch in s:
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def build_arena(app, ed: EditorScene) -> None:
    """Four walls round a 20x14 arena and two starts facing each other, all by mouse."""
    place_all(app, ed, "Wall", ((20, 8), (20, 22)))
    for i in (0, 1):                               # stretch them to 20" by the panel
        click(app, at(ed, 20, 8 + 14 * i))
        app.draw()
        row = next(r for r, p in ed.prop_rows if p.key == "w")
        click(app, row.center)
        press(app, pygame.K_BACKSPACE)             # the field opens with "4"
        type_text(app, "20")
        press(app, pygame.K_RETURN)
    place_all(app, ed, "Start position", ((14, 15), (26, 15)))
    press(app, pygame.K_ESCAPE)                   # the new start's selection off
    click(app, at(ed, 14, 15))                    # select the west start and face it east
    for _ in range(6):
        press(app, pygame.K_r)
    click(app, at(ed, 26, 15))
    for _ in range(6):
        press(app, pygame.K_r, pygame.KMOD_SHIFT)


def test_building_a_map_from_scratch_saving_and_playtesting(app, tmp_path):
    ed = open_editor(app, tmp_path)
    build_arena(app, ed)
    m = ed.map
    assert len(m.walls) == 2 and len(m.starts) == 2
    assert [w.shape.w for w in m.walls] == [20, 20]
    assert [s.facing for s in m.starts] == [90.0, 270.0]
    assert not ed.problems()
    # save: Ctrl+S, type the name, Enter
    press(app, pygame.K_s, CTRL)
    prompt = app.top
    assert isinstance(prompt, PromptDialog)
    prompt.value = ""
    type_text(app, "My Arena!")
    press(app, pygame.K_RETURN)
    saved = tmp_path / "my_arena.toml"
    assert app.top is ed and saved.exists(), ed.message
    assert load_map(saved) == ed.map                # loads strictly: no problems, the same map
    assert not ed.history.dirty
    # playtest: a battle on that map with a car on each start
    click(app, ed.button("playtest").rect.center)
    battle = app.top
    assert isinstance(battle, BattleScene), ed.message
    poses = sorted((v.pose.x, v.pose.y, v.pose.facing) for v in battle.state.vehicles)
    assert poses == sorted((s.x, s.y, s.facing) for s in ed.map.starts)
    assert battle.session.map is not None and battle.session.map.walls == ed.map.walls
    app.draw()
    # and back: Esc pauses, "Back to editor"
    press(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    labels = [label for label, _ in pause.menu.items]
    pause.menu.index = labels.index("Back to editor")
    press(app, pygame.K_RETURN)
    assert app.top is ed
    app.draw()


def test_playtest_waits_for_two_starts_and_no_problems(app, tmp_path):
    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Start position", ((10, 10),))
    press(app, pygame.K_p)
    assert isinstance(app.top, EditorScene) and "two start" in ed.message
    place_all(app, ed, "Start position", ((10.25, 10),))   # on top of the first: a problem
    assert ed.problems()
    press(app, pygame.K_p)
    assert isinstance(app.top, EditorScene) and "problem" in ed.message


def test_problems_are_marked_and_listed_and_a_click_selects_the_culprit(app, tmp_path):
    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Wall", ((20, 10), (21, 10)))   # the second overlaps the first wall
    press(app, pygame.K_ESCAPE)
    probs = ed.problems()
    assert probs and probs[0].layer == "walls"
    ed.selection = ()                             # the yellow of a selection would hide the red
    app.draw()
    surf = app.surface
    x0 = ed.map.walls[0].shape.points()[0]
    sx, sy = at(ed, *x0)
    red = [surf.get_at((sx + dx, sy + dy))[:3] for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    assert any(c[0] > 180 and c[1] < 110 for c in red)   # the offending wall is outlined red
    x1 = ed.map.walls[1].shape.points()[2]
    sx, sy = at(ed, *x1)
    red = [surf.get_at((sx + dx, sy + dy))[:3] for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    assert any(c[0] > 180 and c[1] < 110 for c in red)   # and so is the one it overlaps
    ed.selection = ()
    row, prob = ed.problem_rows[0]
    click(app, row.center)
    assert ed.selection == ((prob.layer, prob.index),)


def test_drag_moves_on_the_grid_and_undo_redo_by_keys(app, tmp_path):
    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Building", ((10, 10),))
    press(app, pygame.K_ESCAPE)
    before = ed.map
    drag(app, at(ed, 10, 10), at(ed, 13.1, 11.9))
    shape = ed.map.buildings[0].shape
    assert (shape.x * 4).is_integer() and (shape.y * 4).is_integer()   # snapped to the 1/4" grid
    assert shape.x - before.buildings[0].shape.x == pytest.approx(3, abs=0.25)
    press(app, pygame.K_z, CTRL)
    assert ed.map == before
    press(app, pygame.K_y, CTRL)
    assert ed.map.buildings[0].shape == shape
    press(app, pygame.K_z, CTRL)
    assert ed.map == before
    press(app, pygame.K_z, CTRL | pygame.KMOD_SHIFT)   # Ctrl+Shift+Z redoes too
    assert ed.map.buildings[0].shape == shape


def test_resize_by_the_handle(app, tmp_path):
    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Building", ((10, 10),))   # 4 x 3 from (8, 8.5) to (12, 11.5)
    assert ed.selection == (("buildings", 0),)    # the new piece is selected
    app.draw()
    hp = ed.handle_point()
    assert hp is not None and len(ed.handles()) == 8
    drag(app, (round(hp[0]), round(hp[1])), at(ed, 13, 12))
    shape = ed.map.buildings[0].shape
    assert (shape.x, shape.y, shape.w, shape.h) == (8, 8.5, 5, 3.5)   # the corner follows, the opposite stays
    app.draw()
    left = ed.handle_point(-1, 0)
    assert left is not None
    drag(app, (round(left[0]), round(left[1])), at(ed, 6, 3))   # the left edge: only the width changes
    shape = ed.map.buildings[0].shape
    assert (shape.x, shape.y, shape.w, shape.h) == (6, 8.5, 7, 3.5)


def test_box_select_shift_click_copy_paste_delete(app, tmp_path):
    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Tree", [(x, 5) for x in (5, 7, 9, 30)])
    press(app, pygame.K_ESCAPE)
    drag(app, at(ed, 3, 3), at(ed, 11, 7))        # a box round the first three
    assert sorted(ed.selection) == [("walls", 0), ("walls", 1), ("walls", 2)]
    pos = at(ed, 30, 5)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, mod=pygame.KMOD_SHIFT))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, mod=pygame.KMOD_SHIFT))
    assert len(ed.selection) == 4
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, mod=pygame.KMOD_SHIFT))
    assert len(ed.selection) == 3                 # shift-click again takes it out
    press(app, pygame.K_c, CTRL)
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=at(ed, 7, 20), rel=(0, 0), buttons=(0, 0, 0)))
    press(app, pygame.K_v, CTRL)
    assert len(ed.map.walls) == 7
    assert sorted(ed.selection) == [("walls", 4), ("walls", 5), ("walls", 6)]
    ys = [w.shape.centre[1] for w in ed.map.walls[4:]]
    assert all(abs(y - 20) < 1 for y in ys)       # pasted where the mouse is
    press(app, pygame.K_DELETE)
    assert len(ed.map.walls) == 4
    press(app, pygame.K_z, CTRL)
    assert len(ed.map.walls) == 7


def test_properties_panel_typing_and_choices(app, tmp_path):
    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Wall", ((10, 10),))
    app.draw()
    rows = {p.key: r for r, p in ed.prop_rows}
    click(app, rows["dp"].center)
    for _ in range(3):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "35")
    press(app, pygame.K_RETURN)
    assert ed.map.walls[0].dp == 35
    click(app, rows["kind"].center)               # a choice steps on a click
    assert ed.map.walls[0].kind == "tree"
    click(app, rows["dp"].center)
    type_text(app, "x")
    press(app, pygame.K_RETURN)
    assert ed.map.walls[0].dp == 35 and "whole number" in ed.message
    press(app, pygame.K_ESCAPE)                   # nothing selected: the map's own fields
    assert ed.selection == () and app.top is ed
    app.draw()
    rows = {p.key: r for r, p in ed.prop_rows}
    assert "ground" in rows
    click(app, rows["name"].center)
    for _ in range(20):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Yard")
    press(app, pygame.K_RETURN)
    assert ed.map.name == "Yard"


def test_saving_over_an_existing_map_asks_first(app, tmp_path):
    ed = open_editor(app, tmp_path)
    (tmp_path / "yard.toml").write_text("not a map, but someone's file\n")
    ed.save_as("Yard")
    confirm = app.top
    assert isinstance(confirm, ConfirmDialog)
    app.draw()
    press(app, pygame.K_ESCAPE)
    assert app.top is ed
    assert (tmp_path / "yard.toml").read_text() == "not a map, but someone's file\n"
    assert ed.map.name == "New map"               # not saved, not renamed
    ed.save_as("Yard")
    press(app, pygame.K_y)
    assert load_map(tmp_path / "yard.toml", strict=False) == ed.map
    ed.save_as("Yard")                            # the editor's own file: saved again without asking
    assert app.top is ed


def test_open_a_shipped_map_and_a_bad_one(app, tmp_path):
    ed = open_editor(app, tmp_path)
    assert ed.load(MAPS_DIR / "arena.toml")
    assert not ed.problems() and ed.map.name == "Arena"
    app.draw()
    bad = tmp_path / "bad.toml"
    bad.write_text('format_version = 1\nname = "B"\nsize = { width = 10, height = 10 }\n[[walls]]\nrect = [1, 1]\ndp = 3\n')
    assert not ed.load(bad)
    assert "bad.toml: walls[0].rect" in ed.message and ed.map.name == "Arena"
    press(app, pygame.K_o, CTRL)                  # the open dialog lists the maps folder
    dlg = app.top
    assert isinstance(dlg, PickDialog)
    app.draw()
    press(app, pygame.K_ESCAPE)
    assert app.top is ed


def test_unsaved_changes_are_not_lost_without_asking(app, tmp_path):
    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Boulder", ((10, 10),))
    press(app, pygame.K_ESCAPE)                   # selection off
    press(app, pygame.K_ESCAPE)                   # leave: asks
    assert isinstance(app.top, ConfirmDialog)
    press(app, pygame.K_n)
    assert app.top is ed
    app.handle_event(key_event(pygame.K_n, CTRL))
    assert isinstance(app.top, ConfirmDialog)
    press(app, pygame.K_RETURN)
    assert app.top is ed and not ed.map.walls
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_game_over_of_a_playtest_leads_back_to_the_editor(app, tmp_path):
    from dataclasses import replace

    from game.scenes.editor import playtest_dir, playtest_setup
    from game.scenes.game_over import GameOverScene
    from game.session import Session

    ed = open_editor(app, tmp_path)
    place_all(app, ed, "Start position", ((10, 10), (30, 10)))
    setup, title = playtest_setup(ed.map, playtest_dir(app))
    assert title == "Playtest: New map" and len(setup.vehicles) == 2
    battle = BattleScene(app, Session.start(replace(setup, max_turns=1), title, app.saves_dir))
    app.push(battle)
    battle.settle()
    for _ in range(80):
        if isinstance(app.top, GameOverScene):
            break
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
        battle.settle()
    over = app.top
    assert isinstance(over, GameOverScene)
    assert over.menu.items[0][0] == "Back to editor"
    app.draw()
    press(app, pygame.K_RETURN)
    assert app.top is ed


def test_keyboard_only_place_select_nudge_rotate_delete(app, tmp_path):
    ed = open_editor(app, tmp_path)
    ed.mouse = (0, 0)                             # the mouse is off the board
    while ed.tool is None or ed.tool.label != "Boulder":
        press(app, pygame.K_RIGHTBRACKET)
    press(app, pygame.K_RETURN)                   # placed in the middle of the view
    assert len(ed.map.walls) == 1 and ed.map.walls[0].kind == "boulder"
    assert ed.tool is None                        # the tool is put down once the piece is placed
    press(app, pygame.K_ESCAPE)
    assert ed.selection == ()
    press(app, pygame.K_TAB)
    assert ed.selection == (("walls", 0),)
    centre = ed.map.walls[0].shape.centre
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_DOWN, pygame.KMOD_SHIFT)
    assert ed.map.walls[0].shape.centre == (centre[0] + 0.25, centre[1] + 1)
    press(app, pygame.K_e)
    assert ed.map.walls[0].shape.rotation == 15
    press(app, pygame.K_DELETE)
    assert not ed.map.walls
