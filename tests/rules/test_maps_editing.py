"""Editor commands on the map model: each returns a new map, so undo is keeping the old one."""

from __future__ import annotations

import pytest

from rules.world.maps import (
    Area,
    Curb,
    Map,
    Obstacle,
    Placement,
    Polyline,
    Rect,
    Start,
    Wall,
    add_feature,
    delete_feature,
    feature_points,
    move_feature,
    resize_feature,
    rotate_feature,
    sections,
    set_properties,
    snap,
    validate_map,
)

BASE = Map("edit", 20, 20, walls=(Wall(Rect(2, 2, 4, 1), 10),), starts=(Start("s", 10, 10, 0),))


def close(a: tuple[tuple[float, float], ...], b: tuple[tuple[float, float], ...]) -> bool:
    return len(a) == len(b) and all(abs(p[0] - q[0]) < 1e-9 and abs(p[1] - q[1]) < 1e-9 for p, q in zip(a, b, strict=True))


def test_commands_leave_the_old_map_unchanged_so_undo_is_free() -> None:
    history = [BASE]
    history.append(add_feature(history[-1], "walls", Wall(Rect(10, 2, 2, 2), 8)))
    history.append(move_feature(history[-1], "walls", 1, 0.25, 0.5))
    history.append(rotate_feature(history[-1], "walls", 1, 3))
    history.append(resize_feature(history[-1], "walls", 1, 3, 1))
    history.append(set_properties(history[-1], "walls", 1, dp=12, name="gate"))
    history.append(delete_feature(history[-1], "walls", 0))
    assert history[0] == BASE and len(history[0].walls) == 1
    assert [len(m.walls) for m in history] == [1, 2, 2, 2, 2, 2, 1]
    final = history[-1].walls[0]
    assert (final.dp, final.name, final.shape) == (12, "gate", Rect(9.75, 3.0, 3, 1, 45.0))
    # undo = step back; redo = step forward again: the values are still there
    assert history[-2].walls[1].name == "gate"


def test_move_then_move_back_is_the_same_map() -> None:
    m = move_feature(move_feature(BASE, "walls", 0, 1.25, -0.5), "walls", 0, -1.25, 0.5)
    assert m == BASE


def test_rotating_a_full_turn_in_15_degree_steps_comes_back() -> None:
    m = BASE
    for _ in range(24):
        m = rotate_feature(m, "walls", 0, 1)
    assert close(m.walls[0].shape.points(), BASE.walls[0].shape.points())
    s = rotate_feature(BASE, "starts", 0, 6)
    assert s.starts[0].facing == 90


def test_rotating_a_start_about_another_point_moves_it() -> None:
    m = rotate_feature(BASE, "starts", 0, 6, about=(10, 5))
    st = m.starts[0]
    assert (st.x, st.y, st.facing) == (5.0, 5.0, 90.0)


def test_obstacles_turn_in_quarter_turns_and_stay_on_the_grid() -> None:
    m = add_feature(BASE, "obstacles", Obstacle(4, 8, "obstacle"))
    turned = rotate_feature(m, "obstacles", 0, 6)
    o = turned.obstacles[0]
    assert o.vertical and (o.x, o.y) == (snap(o.x), snap(o.y))
    assert validate_map(turned) == []
    with pytest.raises(ValueError, match="90 degrees"):
        rotate_feature(m, "obstacles", 0, 1)


def test_resizing_a_counter_or_start_is_refused() -> None:
    with pytest.raises(ValueError, match="fixed size"):
        resize_feature(BASE, "starts", 0, 2, 2)


def test_resize_polyline_scales_its_bounding_box() -> None:
    m = add_feature(BASE, "curbs", Curb(Polyline(((0, 0), (4, 0), (4, 2)))))
    r = resize_feature(m, "curbs", 0, 8, 4)
    assert r.curbs[0].line.points() == ((-2.0, -1.0), (6.0, -1.0), (6.0, 3.0))


def test_a_feature_in_the_wrong_layer_is_refused() -> None:
    with pytest.raises(ValueError, match="does not belong"):
        add_feature(BASE, "walls", Start("x", 1, 1, 0))
    with pytest.raises(ValueError, match="no layer"):
        add_feature(BASE, "trees", Start("x", 1, 1, 0))


def test_unknown_property_is_refused() -> None:
    with pytest.raises(ValueError):
        set_properties(BASE, "walls", 0, colour="red")


def test_editor_checks_point_at_the_feature() -> None:
    m = add_feature(BASE, "walls", Wall(Rect(9, 9, 2, 2), 5))
    (prob,) = validate_map(m)
    assert (prob.layer, prob.index, prob.where) == ("starts", 0, "starts[0]")
    m2 = add_feature(BASE, "areas", Area("lava", Rect(0, 0, 1, 1)))
    assert [(p.layer, p.index) for p in validate_map(m2)] == [("areas", 0)]


def test_placed_section_outline_follows_its_rotation() -> None:
    lib = sections()
    pts = feature_points(Placement("straight", 10, 0, 90), lib)
    assert close(pts, ((10.0, 0.0), (10.0, 5.0), (0.0, 5.0), (0.0, 0.0)))


def test_snap_to_the_quarter_inch_grid_000_L104() -> None:
    """Map squares are 1/4 inch (000:L104)."""
    assert [snap(v) for v in (0.1, 0.13, 1.374, 1.376, -0.2)] == [0.0, 0.25, 1.25, 1.5, -0.25]
