"""Map editor commands: each does, undoes and redoes; the properties panel's values; save -> load."""

from __future__ import annotations

import pytest

from game.editor import props as P
from game.editor.commands import (
    AddFeatures,
    DeleteFeatures,
    History,
    MoveFeatures,
    NewMap,
    ResizeFeature,
    RotateFeatures,
    SetMapInfo,
    SetProperties,
    unique_start_name,
)
from game.editor.palette import tools
from rules.world.map_model import Map, Obstacle, Start, Wall
from rules.world.maps import load_map, save_map, validate_map
from rules.world.shapes import Rect


def blank() -> Map:
    return Map("Test", 40.0, 30.0, ground="road")


def wall(x: float, y: float, w: float = 4, h: float = 0.5) -> Wall:
    return Wall(Rect(x, y, w, h), 20)


def test_add_undo_redo_and_redo_is_dropped_by_a_new_command():
    h = History(blank())
    sel = h.do(AddFeatures("place", (("walls", wall(1, 1)),)))
    assert sel == (("walls", 0),)
    assert len(h.map.walls) == 1
    h.undo()
    assert h.map == blank()
    h.redo()
    assert h.map.walls == (wall(1, 1),)
    h.undo()
    h.do(AddFeatures("place", (("walls", wall(5, 5)),)))
    assert h.redo() is None                      # the undone wall cannot come back after a new command
    assert h.map.walls == (wall(5, 5),)


def test_delete_several_from_one_layer_and_undo_restores_them_in_order():
    m = blank()
    h = History(m)
    h.do(AddFeatures("place", tuple(("walls", wall(i * 5, 1)) for i in range(4))))
    full = h.map
    h.do(DeleteFeatures("delete", (("walls", 1), ("walls", 3))))
    assert h.map.walls == (wall(0, 1), wall(10, 1))
    h.undo()
    assert h.map == full


def test_move_rotate_resize_each_undo_to_the_map_before():
    h = History(blank())
    h.do(AddFeatures("place", (("walls", wall(2, 2)),)))
    steps = [MoveFeatures("move", (("walls", 0),), 1.25, -0.5), RotateFeatures("rotate", (("walls", 0),), 1),
             ResizeFeature("resize", ("walls", 0), 6, 1)]
    maps = [h.map]
    for cmd in steps:
        h.do(cmd)
        maps.append(h.map)
    shape = h.map.walls[0].shape
    assert isinstance(shape, Rect)
    assert (shape.w, shape.h, shape.rotation) == (6, 1, 15.0)    # one step is 15 degrees
    assert shape.centre == (5.25, 1.75)                           # moved, then turned and sized about its centre
    for before in reversed(maps[:-1]):
        h.undo()
        assert h.map == before
    for after in maps[1:]:
        h.redo()
        assert h.map == after


def test_rotating_a_counter_makes_a_quarter_turn_on_the_grid():
    h = History(blank())
    h.do(AddFeatures("place", (("obstacles", Obstacle(4, 4)),)))
    h.do(RotateFeatures("rotate", (("obstacles", 0),), 1))
    o = h.map.obstacles[0]
    assert o.vertical
    assert (o.x * 4).is_integer() and (o.y * 4).is_integer()
    assert not validate_map(h.map)


def test_group_rotation_turns_about_the_groups_centre():
    h = History(blank())
    h.do(AddFeatures("place", (("starts", Start("a", 10, 10, 0)), ("starts", Start("b", 20, 10, 0)))))
    h.do(RotateFeatures("rotate", (("starts", 0), ("starts", 1)), 6))   # 90 degrees
    a, b = h.map.starts
    assert (a.facing, b.facing) == (90.0, 90.0)
    assert (round(a.x, 6), round(b.x, 6)) == (15.0, 15.0)
    assert abs(a.y - b.y) == pytest.approx(10)


def test_a_refused_change_leaves_the_history_alone():
    h = History(blank())
    h.do(AddFeatures("place", (("walls", wall(2, 2)),)))
    before = (h.map, len(h.done))
    with pytest.raises(ValueError):
        h.do(SetProperties("set", ("walls", 0), (("colour", "red"),)))
    assert (h.map, len(h.done)) == before
    assert h.do(MoveFeatures("move", (("walls", 0),), 0, 0)) is None   # no change: no entry
    assert len(h.done) == 1


def test_dirty_follows_the_saved_map_through_undo():
    m = blank()
    h = History(m, saved=m)
    assert not h.dirty
    h.do(SetMapInfo("rename", (("name", "Other"),)))
    assert h.dirty
    h.undo()
    assert not h.dirty
    h.do(NewMap("new", Map("Fresh", 10, 10)))
    h.undo()
    assert h.map == m


def test_pasted_and_placed_starts_get_names_of_their_own():
    m = Map("T", 40, 30, starts=(Start("west", 4, 15, 90), Start("start1", 8, 15, 90)))
    assert unique_start_name(m, "west") == "west1"
    assert unique_start_name(m, "start1") == "start2"
    assert unique_start_name(m, "east") == "east"
    h = History(m)
    h.do(AddFeatures("paste", (("starts", Start("west", 20, 5, 0)), ("starts", Start("west", 24, 5, 0)))))
    names = [s.name for s in h.map.starts]
    assert len(set(names)) == 4


def test_properties_panel_values_become_commands():
    m = blank()
    h = History(m)
    h.do(AddFeatures("place", (("walls", wall(2, 2)),)))
    f = h.map.walls[0]
    fields = {p.key: p for p in P.props_for(f)}
    assert {"kind", "dp", "name", "w", "h", "rotation"} <= set(fields)
    h.do(P.command_for(h.map, ("walls", 0), f, fields["dp"], P.parse(fields["dp"], "35")))
    assert h.map.walls[0].dp == 35
    with pytest.raises(ValueError, match="whole number"):
        P.parse(fields["dp"], "lots")
    with pytest.raises(ValueError, match="at least 1"):
        P.command_for(h.map, ("walls", 0), f, fields["dp"], 0)
    with pytest.raises(ValueError, match="steps of 15"):
        P.command_for(h.map, ("walls", 0), f, fields["rotation"], 20.0)
    h.do(P.command_for(h.map, ("walls", 0), h.map.walls[0], fields["w"], 8.0))
    assert h.map.walls[0].shape.w == 8
    assert P.next_choice(fields["kind"], "wall", 1) == "tree"
    mp = {p.key: p for p in P.props_for(None)}
    h.do(P.command_for(h.map, None, None, mp["ground"], "grass"))
    assert h.map.ground == "grass"
    assert P.value_of(h.map, None, mp["width"]) == "40"


def every_tool_map() -> Map:
    """One of each palette piece, spread over the board, a few turned and resized."""
    h = History(Map("Everything", 120.0, 120.0, ground="road"))
    for i, tool in enumerate(tools()):
        x, y = 6 + (i % 5) * 11, 6 + (i // 5) * 7
        h.do(AddFeatures("place", tool.items(x, y, h.map)))
    h.do(RotateFeatures("rotate", (("walls", 0),), 3))
    h.do(ResizeFeature("resize", ("areas", 0), 2.5, 1.75))
    h.do(SetProperties("name", ("buildings", 0), (("name", "Depot"), ("collapse", 4))))
    return h.map


def test_save_then_load_gives_the_same_map(tmp_path):
    m = every_tool_map()
    assert {t.layer for t in tools()} == {"starts", "sections", "walls", "buildings", "curbs", "markings", "areas",
                                          "obstacles", "ramps", "prefab"}
    path = save_map(m, tmp_path / "everything.toml")
    assert load_map(path, strict=False) == m
    with pytest.raises(FileExistsError):
        save_map(m, tmp_path / "everything.toml")


def test_a_road_section_turns_about_its_middle():
    from game.editor.commands import group_centre
    from rules.world.map_model import Placement

    h = History(blank())
    h.do(AddFeatures("place", (("sections", Placement("crossroads", 10, 10, 0)),)))
    middle = group_centre(h.map, (("sections", 0),))
    h.do(RotateFeatures("rotate", (("sections", 0),), 2))
    assert h.map.sections[0].rotation == 30
    assert group_centre(h.map, (("sections", 0),)) == pytest.approx(middle)
    assert not validate_map(h.map)
