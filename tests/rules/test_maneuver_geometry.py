"""Maneuvers as geometry and their difficulties (000:L191-L242, reference/movement.md §4, §6).

The reference writes its coordinates y-UP; the program is y-DOWN (x right, facing clockwise from
map-up). `yup(x, y)` converts a reference point. Poses are stored in thousandths, so worked
examples compare with a tolerance of 1e-3.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.geometry import Kind, Pose, Vec, angle_diff, corners, forward, rotate_cw
from rules.driving.maneuvers import (
    Maneuver,
    base_difficulty,
    bootlegger_finish,
    fishtail,
    perform,
    slide,
    straight,
)
from rules.tables.movement import tables

CAR = tables().handling.counters[Kind.CAR]
TRIKE = tables().handling.counters[Kind.TRIKE]
CYCLE = tables().handling.counters[Kind.CYCLE]
ORIGIN = Pose.at(0, 0, 0)
TOL = 1e-3
# Property tests compose two rounded poses (each coordinate rounded to 1/1000"), so allow 1.5e-3.
PROP_TOL = 1.5e-3


def yup(x: float, y: float) -> tuple[float, float]:
    """A reference (y-up) point in program coordinates (y-down)."""
    return x, -y


def assert_pose(p: Pose, x: float, y: float, facing: float, tol: float = TOL) -> None:
    assert abs(p.x - x) <= tol and abs(p.y - y) <= tol, f"{p} is not at ({x}, {y})"
    assert angle_diff(p.facing, facing) <= tol, f"{p} does not face {facing}"


def assert_point(v: Vec, x: float, y: float, tol: float = TOL) -> None:
    assert abs(v.x - x) <= tol and abs(v.y - y) <= tol, f"({v.x}, {v.y}) is not ({x}, {y})"


def end(text: str, pose: Pose = ORIGIN, size=CAR) -> Pose:
    return perform(Maneuver.parse(text), pose, size).end


def d(text: str, speed: float = 30) -> int:
    return base_difficulty(Maneuver.parse(text), speed)


FL, FR, RR, RL = range(4)  # order of rules.core.geometry.corners


# --- the coordinate convention ---------------------------------------------------------------------


def test_bend_right_90_from_origin_ends_at_0_75_minus_0_75_y_down_000_L195():
    assert_pose(end("bend right 90"), 0.75, -0.75, 90)


def test_straight_move_is_1_inch_along_the_facing_000_L133():
    assert_pose(end("straight"), 0, -1, 0)
    assert_pose(end("straight", Pose.at(2, 3, 90)), 3, 3, 90)
    assert d("straight") == 0


# --- bends (reference §6.2 item 62, §6.1 item 13) ----------------------------------------------------


@pytest.mark.parametrize(
    ("degrees", "ref_x", "ref_y"),
    [(15, 0.1379, 1.0477), (30, 0.2835, 1.0580), (45, 0.4268, 1.0303), (90, 0.75, 0.75)],
)
def test_bend_right_from_origin_000_L195_L203(degrees, ref_x, ref_y):
    p = end(f"bend right {degrees}")
    assert_pose(p, *yup(ref_x, ref_y), degrees)
    # the car swung about the pivot (0.25, 0.5) (y-up): its inside rear corner ends there
    assert_point(corners(p, CAR)[RR], *yup(0.25, 0.5))


def test_bend_left_45_from_origin_000_L195_L203():
    p = end("bend left 45")
    assert_pose(p, *yup(-0.4268, 1.0303), 315)
    assert_point(corners(p, CAR)[RL], *yup(-0.25, 0.5))


def test_bend_pivot_is_where_the_inside_front_corner_was_before_the_move_000_L195():
    """Reference §4.0: after the 1" advance the frame's inside rear corner is the old inside front corner."""
    for degrees in range(1, 91):
        for side, before, after in (("right", FR, RR), ("left", FL, RL)):
            p = perform(Maneuver("bend", side, degrees=degrees), ORIGIN, CAR).end
            b = corners(ORIGIN, CAR)[before]
            assert_point(corners(p, CAR)[after], b.x, b.y)


@pytest.mark.parametrize(
    ("degrees", "difficulty"), [(15, 1), (16, 2), (30, 2), (45, 3), (50, 4), (75, 5), (90, 6)]
)
def test_bend_difficulty_000_L197_L203(degrees, difficulty):
    assert d(f"bend right {degrees}") == difficulty
    assert d(f"bend left {degrees}") == difficulty


def test_bend_difficulty_is_1_per_15_degrees_or_part_for_every_angle_000_L197():
    for degrees in range(1, 91):
        assert d(f"bend right {degrees}") == math.ceil(degrees / 15), degrees


# --- drifts and swerves (items 63, 64, 14) -----------------------------------------------------------


def test_drift_right_quarter_000_L205():
    assert_pose(end("drift right 0.25"), *yup(0.25, 1.0), 0)
    assert d("drift right 0.25") == 1


def test_steep_drift_left_half_000_L205():
    assert_pose(end("steep_drift left 0.5"), *yup(-0.5, 1.0), 0)
    assert d("steep_drift left 0.5") == 3


def test_swerve_drift_right_then_bend_left_30_000_L207_L209():
    m = Maneuver("swerve", "left", degrees=30, drift=0.25)
    motion = perform(m, ORIGIN, CAR)
    assert_pose(motion.end, *yup(-0.0335, 1.0580), 330)
    assert base_difficulty(m, 30) == 3  # D2 bend + 1
    # pivot (0, 0.5) y-up: the inside (left) rear corner ends there
    assert_point(corners(motion.end, CAR)[RL], *yup(0, 0.5))
    # the drift goes to the side opposite the bend: the last pose before the turn is 1/4" to the right
    before_turn = [p for p in motion.path if p.facing == 0][-1]
    assert_pose(before_turn, *yup(0.25, 1.0), 0)


def test_swerve_difficulty_is_bend_plus_1_000_L208():
    for degrees in range(1, 91):
        assert d(f"swerve right {degrees} drift=0.25") == math.ceil(degrees / 15) + 1


# --- cycles (item 65) --------------------------------------------------------------------------------


def test_cycle_bend_right_90_is_the_front_half_of_the_car_000_L194():
    start = Pose.at(*yup(0, 0.25), 0)
    assert_pose(end("bend right 90", start, CYCLE), *yup(1.0, 0.75), 90)
    car = end("bend right 90")
    front_half = car.centre + forward(car.facing) * 0.25
    assert_pose(end("bend right 90", start, CYCLE), front_half.x, front_half.y, car.facing)


def test_cycle_bend_right_30_000_L194():
    start = Pose.at(*yup(0, 0.25), 0)
    assert_pose(end("bend right 30", start, CYCLE), *yup(0.4085, 1.2745), 30)


def test_trike_moves_like_a_car_000_L1918():
    for text in ("bend right 45", "swerve left 60 drift=0.25", "drift left 0.25", "pivot right 90"):
        assert end(text, ORIGIN, TRIKE) == end(text, ORIGIN, CAR)


# --- controlled skids (items 15, 16) -----------------------------------------------------------------


def test_controlled_skid_three_quarters_then_quarter_along_the_nose_000_L212():
    """Bend right 90 with a 3/4" skid: on the next move 3/4" along the pre-bend travel direction
    (facing 0), then 1/4" straight ahead along the nose (facing 90)."""
    after_bend = end("bend right 90 skid=0.75")
    assert_pose(after_bend, 0.75, -0.75, 90)  # the skid itself happens on the next move
    skid = slide(after_bend, 0, 0.75).end
    assert_pose(skid, 0.75, -1.5, 90)
    assert_pose(straight(skid, 0.25).end, 1.0, -1.5, 90)


@pytest.mark.parametrize(
    ("inches", "extra", "aimed", "decel", "hits"),
    [(0.25, 1, -1, 0, 0), (0.5, 2, -3, 5, 0), (0.75, 3, -6, 5, 1), (1.0, 4, None, 10, 2)],
)
def test_controlled_skid_options_000_L214_L217(inches, extra, aimed, decel, hits):
    """The 3/4" deceleration cell is missing in the text; -5 mph is the reference's repair (§3.6)."""
    opt = tables().maneuvers.skids[inches]
    assert (opt.extra_difficulty, opt.decel_mph, opt.tire_hits) == (extra, decel, hits)
    if aimed is None:  # no aimed fire for the rest of the turn
        assert opt.aimed_fire <= -13
    else:
        assert opt.aimed_fire == aimed
    assert d(f"bend right 30 skid={inches:g}") == 2 + extra
    assert d(f"swerve left 30 drift=0.25 skid={inches:g}") == 3 + extra


def test_a_skid_does_not_change_the_bend_geometry_000_L212():
    for skid in (0.25, 0.5, 0.75, 1.0):
        assert end(f"bend left 60 skid={skid:g}") == end("bend left 60")


# --- T-stop, pivot, reverse (items 19, 20, 21, 67, 71) ------------------------------------------------


def test_t_stop_from_60_is_D6_000_L228():
    assert d("t_stop right", 60) == 6


def test_t_stop_difficulty_is_1_per_10_mph_rounded_up_000_L228():
    assert d("t_stop left", 50) == 5
    assert d("t_stop left", 35) == 4
    assert d("t_stop left", 5) == 1


def test_t_stop_first_inch_turns_90_and_slides_along_the_old_travel_000_L226_L228():
    assert_pose(end("t_stop right"), 0, -1, 90)
    assert_pose(end("t_stop left"), 0, -1, 270)


def test_pivot_at_5_mph_is_D0_000_L231():
    assert d("pivot right 90", 5) == 0
    assert d("pivot left 45", 5) == 0


def test_pivot_90_right_about_the_right_rear_corner_000_L231():
    """Reference §6.2 item 67: 1/4" forward, then 90 degrees about RR -> centre (0.75, 0)."""
    motion = perform(Maneuver("pivot", "right", degrees=90), ORIGIN, CAR)
    assert_pose(motion.end, 0.75, 0.0, 90)
    assert_pose(motion.path[4], 0, -0.25, 0)  # the 1/4" forward comes first
    # the corner it swung about stayed put
    before = corners(Pose.at(0, -0.25, 0), CAR)[RR]
    assert_point(corners(motion.end, CAR)[RR], before.x, before.y)


def test_pivot_about_the_other_rear_corner_000_L231():
    p = perform(Maneuver("pivot", "right", degrees=90, corner="left"), ORIGIN, CAR).end
    assert_pose(p, 0.25, 0.5, 90)
    before = corners(Pose.at(0, -0.25, 0), CAR)[RL]
    assert_point(corners(p, CAR)[RL], before.x, before.y)


def test_reverse_maneuvers_are_D_plus_1_000_L237():
    assert d("bend right 15 reverse") == 2
    assert d("drift left 0.25 reverse") == 2
    assert d("straight reverse") == 0


def test_reverse_top_speed_is_a_third_of_the_top_speed_000_L237():
    assert 90 * tables().maneuvers.reverse_fraction == pytest.approx(30)


def test_straight_reverse_moves_backwards_000_L236():
    assert_pose(end("straight reverse"), 0, 1, 0)


def test_bootlegger_is_D7_000_L223():
    assert d("bootlegger right", 30) == 7
    b = tables().maneuvers
    assert (b.bootlegger_tire_hits, b.bootlegger_min, b.bootlegger_max) == (1, 20, 35)


def test_bootlegger_ends_facing_back_one_lane_over_000_L223():
    """Reference §4.7 with its default leg-B offsets (1/2" along, 1/2" over): the first leg moves 1"
    and swings 90 degrees; the second swings another 90 and ends facing the way it came."""
    leg_a = end("bootlegger right")
    assert_pose(leg_a, 0, -1, 90)
    leg_b = bootlegger_finish(leg_a, "right", travel=0).end
    assert_pose(leg_b, 0.5, -1.5, 180)
    left = bootlegger_finish(end("bootlegger left"), "left", travel=0).end
    assert_pose(left, -0.5, -1.5, 180)


def test_t_stop_from_60_slides_3_inches_and_costs_3_tire_hits_000_L228():
    """Reference §6.1 item 19 / §4.8: 20 mph lost per inch, 1 hit per tire per full 20 mph lost."""
    t = tables().maneuvers
    assert 60 / t.tstop_mph_per_inch == 3
    assert 60 // t.tstop_mph_per_tire_hit == 3
    assert 50 // t.tstop_mph_per_tire_hit == 2  # §6.2 item 71: 2 hits in all from 50


# --- fishtails (item 66) ----------------------------------------------------------------------------


def test_minor_left_fishtail_key_method_000_L332_L242():
    p = fishtail(ORIGIN, CAR, "left", 1).end
    assert_pose(p, *yup(-0.1209, 0.0817), 15)
    # the right-front corner stays put; the rear-left corner moved 0.292"
    before, after = corners(ORIGIN, CAR), corners(p, CAR)
    assert_point(after[FR], before[FR].x, before[FR].y)
    assert math.dist((after[RL].x, after[RL].y), (before[RL].x, before[RL].y)) == pytest.approx(0.292, abs=TOL)


@pytest.mark.parametrize(("squares", "moved"), [(1, 0.292), (2, 0.579), (3, 0.856)])
def test_fishtail_turns_15_degrees_per_square_000_L242(squares, moved):
    for swing, facing, pivot, corner in (("left", 15, FR, RL), ("right", -15, FL, RR)):
        p = fishtail(ORIGIN, CAR, swing, squares).end
        assert angle_diff(p.facing, facing * squares) <= TOL
        before, after = corners(ORIGIN, CAR), corners(p, CAR)
        assert_point(after[pivot], before[pivot].x, before[pivot].y)
        dist = math.dist((after[corner].x, after[corner].y), (before[corner].x, before[corner].y))
        assert dist == pytest.approx(moved, abs=TOL)


@pytest.mark.parametrize(("squares", "angle"), [(1, 12.84), (2, 25.84), (3, 39.19)])
def test_fishtail_grid_method_angles_000_L241(squares, angle):
    """Grid method (an option): the angle that moves the opposite rear corner exactly 1/4" per square."""
    before = corners(ORIGIN, CAR)
    moved = rotate_cw(before[RL], before[FR], angle)
    assert math.dist((moved.x, moved.y), (before[RL].x, before[RL].y)) == pytest.approx(0.25 * squares, abs=TOL)


# --- property tests ----------------------------------------------------------------------------------

sides = st.sampled_from(["left", "right"])
sixteenths = st.integers(1, 4).map(lambda k: k / 16)
steep = st.integers(5, 8).map(lambda k: k / 16)
skids = st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0])

frame_maneuvers = st.one_of(
    st.just(Maneuver()),
    st.builds(lambda s, i: Maneuver("drift", s, inches=i), sides, sixteenths),
    st.builds(lambda s, i: Maneuver("steep_drift", s, inches=i), sides, steep),
    st.builds(lambda s, a, k: Maneuver("bend", s, degrees=a, skid=k), sides, st.integers(1, 90), skids),
    st.builds(lambda s, a, dr, k: Maneuver("swerve", s, degrees=a, drift=dr, skid=k),
              sides, st.integers(1, 90), sixteenths, skids),
)
other_maneuvers = st.one_of(
    st.builds(lambda s, a, c: Maneuver("pivot", s, degrees=a, corner=c),
              sides, st.integers(1, 180), st.sampled_from(["", "left", "right"])),
    st.builds(lambda s: Maneuver("t_stop", s), sides),
    st.builds(lambda s: Maneuver("bootlegger", s), sides),
)
forward_maneuvers = st.one_of(frame_maneuvers, other_maneuvers)
any_maneuver = st.builds(lambda m, r: replace(m, reverse=r), forward_maneuvers, st.booleans())
poses = st.builds(Pose.at, st.floats(-60, 60), st.floats(-60, 60), st.floats(0, 359.999))


def compose(start: Pose, relative: Pose) -> tuple[float, float, float]:
    """Where a motion that ends at `relative` from the origin ends when it starts at `start`."""
    c = rotate_cw(relative.centre, Vec(0, 0), start.facing)
    return start.x + c.x, start.y + c.y, start.facing + relative.facing


@settings(max_examples=300, deadline=None)
@given(m=any_maneuver, start=poses, size=st.sampled_from([CAR, TRIKE]))
def test_maneuvers_commute_with_translation_and_rotation_000_L133(m, start, size):
    """A maneuver is the same relative motion from any position and facing."""
    assert_pose(perform(m, start, size).end, *compose(start, perform(m, ORIGIN, size).end), tol=PROP_TOL)


@settings(max_examples=200, deadline=None)
@given(m=forward_maneuvers, start=poses)
def test_cycle_maneuvers_commute_with_translation_and_rotation_000_L194(m, start):
    assert_pose(perform(m, start, CYCLE).end, *compose(start, perform(m, ORIGIN, CYCLE).end), tol=PROP_TOL)


@settings(max_examples=300, deadline=None)
@given(m=frame_maneuvers, start=poses)
def test_cycle_maneuver_is_the_front_half_of_the_cars_000_L194(m, start):
    """The cycle counter takes the place of the car's front half in every maneuver diagram.
    (Pivots turn about the counter's own rear corner, and T-stops/bootleggers about its centre,
    so they are not covered by this property.)"""
    car_end = perform(m, start, CAR).end
    cycle_start = Pose.of(start.centre + forward(start.facing) * 0.25, start.facing)
    front_half = car_end.centre + forward(car_end.facing) * 0.25
    assert_pose(perform(m, cycle_start, CYCLE).end, front_half.x, front_half.y, car_end.facing, tol=PROP_TOL)


@settings(max_examples=300, deadline=None)
@given(m=any_maneuver, start=poses, size=st.sampled_from([CAR, CYCLE]))
def test_every_path_step_is_at_most_a_sixteenth_or_5_degrees(m, start, size):
    """Reference §4.14: sweep in steps of at most 1/16" of translation and 5 degrees of rotation."""
    path = perform(m, start, size).path
    assert_pose(path[0], start.x, start.y, start.facing)
    assert path[-1] == perform(m, start, size).end
    for a, b in zip(path, path[1:], strict=False):
        turn = angle_diff(a.facing, b.facing)
        assert turn <= 5 + TOL, (a, b)
        moved = [math.dist((p.x, p.y), (q.x, q.y)) for p, q in zip(corners(a, size), corners(b, size), strict=True)]
        if turn <= TOL:
            assert max(moved) <= 1 / 16 + 2 * TOL, (a, b)
        else:
            # a rotation step: no corner travels more than the arc of that angle at 1.2" from the pivot
            assert max(moved) <= math.radians(turn) * 1.2 + 2 * TOL, (a, b)


def flip_for_undo(m: Maneuver) -> Maneuver:
    """The reverse move that retraces m: the same side for drifts (the sideways vector flips with the
    counter), the other side for bends (the rotation runs backwards)."""
    side = {"left": "right", "right": "left"}[m.side] if m.kind == "bend" else m.side
    return replace(m, side=side, reverse=not m.reverse)


undoable = st.one_of(
    st.just(Maneuver()),
    st.builds(lambda s, i: Maneuver("drift", s, inches=i), sides, sixteenths),
    st.builds(lambda s, i: Maneuver("steep_drift", s, inches=i), sides, steep),
    st.builds(lambda s, a: Maneuver("bend", s, degrees=a), sides, st.integers(1, 90)),
)


@settings(max_examples=200, deadline=None)
@given(m=undoable, reverse_first=st.booleans(), start=poses)
def test_reverse_move_retraces_a_forward_move_000_L236_L237(m, reverse_first, start):
    """Straight moves, drifts and bends run backwards bring the car back where it started."""
    m = replace(m, reverse=reverse_first)
    there = perform(m, start, CAR).end
    back = perform(flip_for_undo(m), there, CAR).end
    assert_pose(back, start.x, start.y, start.facing, tol=PROP_TOL)


@settings(max_examples=200, deadline=None)
@given(m=forward_maneuvers, start=poses)
def test_reverse_maneuver_is_the_forward_one_of_the_car_turned_round_000_L237(m, start):
    """Reference §4.11: run the forward definition on a counter facing the other way, then turn it back."""
    turned = Pose.at(start.x, start.y, start.facing + 180)
    fwd = perform(m, turned, CAR).end
    assert_pose(perform(replace(m, reverse=True), start, CAR).end, fwd.x, fwd.y, fwd.facing + 180, tol=PROP_TOL)


text_maneuvers = st.builds(lambda m, r: replace(m, reverse=r), forward_maneuvers, st.booleans())


@settings(max_examples=300, deadline=None)
@given(m=text_maneuvers)
def test_maneuver_text_form_round_trips(m):
    assert Maneuver.parse(str(m)) == m


@settings(max_examples=300, deadline=None)
@given(m=text_maneuvers)
def test_maneuver_json_form_round_trips(m):
    assert Maneuver.from_json(m.to_json()) == m


@pytest.mark.parametrize(
    "text",
    ["straight", "drift right 0.25", "steep_drift left 0.5", "bend right 30", "bend right 30 skid=0.5",
     "swerve left 30 drift=0.25", "pivot right 90", "pivot right 90 corner=left", "t_stop left",
     "bootlegger right", "bend left 45 reverse"],
)
def test_documented_text_forms_parse_and_print_back(text):
    assert str(Maneuver.parse(text)) == text


@pytest.mark.parametrize("text", ["", "wiggle left", "bend up 30", "bend left 30 spin=2", "drift 0.25"])
def test_bad_maneuver_text_is_refused(text):
    with pytest.raises(ValueError):
        Maneuver.parse(text)
