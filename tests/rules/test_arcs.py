"""Arcs of fire, sides struck and range (000:L826-L830, L909-L910; arc diagram reconstructed)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from rules.combat.arcs import (
    arc_groups,
    arcs_of,
    facing_sides,
    in_arc,
    lof_origin,
    range_to,
    side_penalty,
    struck_side,
)
from rules.core.geometry import CounterSize, Pose, Vec, forward, right

CAR = CounterSize(1.0, 0.5)
CYCLE = CounterSize(0.5, 0.5)
facings = st.floats(min_value=0, max_value=359.999, allow_nan=False)
coords = st.floats(min_value=-50, max_value=50, allow_nan=False)
dist = st.floats(min_value=0.1, max_value=40, allow_nan=False)


def at(pose: Pose, ahead: float, to_right: float) -> Vec:
    return pose.centre + forward(pose.facing) * ahead + right(pose.facing) * to_right


@given(coords, coords, facings, dist, st.sampled_from([CAR, CYCLE]))
def test_target_straight_ahead_is_in_front_arc_000_L827(x: float, y: float, facing: float, d: float,
                                                        size: CounterSize) -> None:
    pose = Pose.at(x, y, facing)
    p = at(pose, size.length / 2 + d, 0.0)
    assert arcs_of(pose, size, p) == frozenset({"front"})
    assert in_arc("front", pose, size, p)
    assert not in_arc("back", pose, size, p)
    assert in_arc("turret", pose, size, p)
    assert struck_side(pose, size, p) == "front"


@given(coords, coords, facings, dist)
def test_target_straight_behind_is_in_back_arc_000_L827(x: float, y: float, facing: float, d: float) -> None:
    pose = Pose.at(x, y, facing)
    assert arcs_of(pose, CAR, at(pose, -(0.5 + d), 0.0)) == frozenset({"back"})


MIRROR = {"front": "front", "back": "back", "left": "right", "right": "left"}


@given(coords, coords, facings, st.floats(-20, 20), st.floats(0.01, 20))
def test_side_hit_symmetry_000_L830(x: float, y: float, facing: float, ahead: float, across: float) -> None:
    """A shot from the mirror point across the counter's long axis strikes the mirror side."""
    pose = Pose.at(x, y, facing)
    a, b = at(pose, ahead, across), at(pose, ahead, -across)
    assert arcs_of(pose, CAR, b) == frozenset(MIRROR[s] for s in arcs_of(pose, CAR, a))
    assert facing_sides(pose, CAR, b) == frozenset(MIRROR[s] for s in facing_sides(pose, CAR, a))


@given(coords, coords, facings, dist)
def test_point_beside_is_in_side_arc(x: float, y: float, facing: float, d: float) -> None:
    pose = Pose.at(x, y, facing)
    assert arcs_of(pose, CAR, at(pose, 0.0, 0.25 + d)) == frozenset({"right"})
    assert arcs_of(pose, CAR, at(pose, 0.0, -(0.25 + d))) == frozenset({"left"})


def test_arc_lines_run_45_degrees_from_the_corners() -> None:
    pose = Pose.at(0, 0, 0)
    # 2" beyond the front-right corner, diagonally: on the dividing line, so both arcs (000:L830).
    assert arcs_of(pose, CAR, Vec(0.25 + 2, -0.5 - 2)) == frozenset({"front", "right"})
    assert arcs_of(pose, CAR, Vec(0.25 + 2, -0.5 - 2.2)) == frozenset({"front"})
    # The centre-quadrant option puts the same point in the side arc.
    assert arcs_of(pose, CAR, Vec(2.3, -2.4), geometry="centre") == frozenset({"front"})
    assert arcs_of(pose, CAR, Vec(2.6, -2.4), geometry="centre") == frozenset({"right"})
    assert arc_groups(frozenset({"front", "right"})) == frozenset({"front", "side"})


def test_trike_side_weapons_cover_the_front_arc_000_L1937_L1938() -> None:
    pose = Pose.at(0, 0, 0)
    ahead = Vec(0, -5)
    assert not in_arc("right", pose, CAR, ahead)
    assert in_arc("right", pose, CAR, ahead, trike=True)
    assert not in_arc("right", pose, CAR, Vec(-5, 0), trike=True)


def test_line_of_fire_origin_000_L826() -> None:
    pose = Pose.at(10, 10, 90)  # facing +x
    assert lof_origin(pose, CAR, "turret") == Vec(10, 10)
    o = lof_origin(pose, CAR, "front")
    assert math.isclose(o.x, 10.5) and math.isclose(o.y, 10, abs_tol=1e-9)
    o = lof_origin(pose, CAR, "left")
    assert math.isclose(o.x, 10, abs_tol=1e-9) and math.isclose(o.y, 9.75)


def test_range_to_nearest_point_of_the_counter() -> None:
    target = Pose.at(0, -5, 0)  # 1" x 1/2" counter centred 5" up the map
    assert math.isclose(range_to(Vec(0, 0), target, CAR), 4.5)
    assert math.isclose(range_to(Vec(0, 0), target, CAR, measure="centre"), 5.0)
    assert range_to(Vec(0, -5), target, CAR) == 0.0


def test_side_choice_penalty_000_L830_L939() -> None:
    target = Pose.at(0, 0, 0)
    firer = Vec(3, -2)  # ahead and to the right of the target
    assert facing_sides(target, CAR, firer) == frozenset({"front", "right"})
    assert struck_side(target, CAR, firer) == "right"
    assert side_penalty(target, CAR, firer, "front")
    assert not side_penalty(target, CAR, firer, "right")


def test_first_in_arc_picks_what_in_arc_picks_000_L827() -> None:
    """The fire step's aim point takes the first candidate point in the weapon's arc (000:L827) through
    arcs.first_in_arc, the corners-geometry in_arc worked out in plain floats: it must choose the very point
    the point-by-point in_arc test chooses, on the dividing lines (000:L830) as elsewhere, for trikes too."""
    import random

    from rules.combat.arcs import first_in_arc, footprint, in_arc
    from rules.core.geometry import CounterSize, Pose, Vec

    r = random.Random(5)
    for i in range(3000):
        pose = Pose.at(r.uniform(0, 40), r.uniform(0, 30), r.choice([0, 90, 45, r.uniform(0, 360)]))
        size = CounterSize(r.choice([1.0, 2.0, 1.5]), r.choice([1.0, 0.5]))
        pts = [Vec(round(r.uniform(-5, 45), r.choice([0, 1, 3])), round(r.uniform(-5, 35), r.choice([0, 1, 3])))
               for _ in range(r.randint(1, 6))]
        if i % 3 == 0:   # on the 45-degree lines out of a corner: in two arcs at once
            c, d = footprint(pose, size)[r.randint(0, 3)], r.uniform(0, 5)
            pts += [Vec(c.x + d, c.y + d), Vec(c.x - d, c.y + d)]
        for mount in ("front", "back", "left", "right", "turret"):
            for trike in (False, True):
                want = next((p for p in pts if in_arc(mount, pose, size, p, trike=trike)), None)
                assert first_in_arc(mount, pose, size, pts, trike=trike) is want
