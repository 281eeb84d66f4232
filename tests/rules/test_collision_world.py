"""The collision oracle: overlaps, swept first contact, line of fire, map changes, and the collision
classifier on real contacts (000:L386-L388, L406-L410, L481; reference/movement.md §3.10, §4.14)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.geometry import CounterSize, Pose, Vec, angle_diff, corners, forward
from rules.driving.collisions import CollisionKind, Party, classify, classify_fixed, struck_side
from rules.world.collision import (
    MARGIN,
    VEHICLE,
    CollisionWorld,
    FeatureKind,
    StaticShape,
    conform_pivots,
    static_from_map,
)
from rules.world.maps import load_map, static_shapes

CAR = CounterSize(1.0, 0.5)
CYCLE = CounterSize(0.5, 0.5)


def wall(fid: str, a: tuple[float, float], b: tuple[float, float], dp: int | None = None) -> StaticShape:
    return StaticShape(fid, FeatureKind.WALL, (Vec(*a), Vec(*b)), dp=dp)


def square(fid: str, kind: FeatureKind, x: float, y: float, w: float = 0.25, h: float = 0.25,
           tag: str = "") -> StaticShape:
    return StaticShape(fid, kind, (Vec(x, y), Vec(x + w, y), Vec(x + w, y + h), Vec(x, y + h)), tag=tag)


def line(start: Pose, heading: float, inches: float, step: float = 0.25) -> list[Pose]:
    n = max(1, round(inches / step))
    d = forward(heading)
    return [Pose.at(start.x + d.x * inches * i / n, start.y + d.y * inches * i / n, start.facing) for i in range(n + 1)]


def blocking(world: CollisionWorld, vid: str, pose: Pose) -> list[str]:
    return [h.other for h in world.overlaps(vid, pose) if h.blocks_motion]


# --- overlaps ---------------------------------------------------------------------------------------


def test_counters_side_by_side_on_the_grid_do_not_collide_000_L387() -> None:
    """Cars in neighbouring ½" lanes, and a car flush against a wall, touch without colliding."""
    world = CollisionWorld.from_static([wall("w", (-5, -0.5), (5, -0.5))])
    world.set_vehicles({"a": (Pose.at(0, 0, 0), CAR), "b": (Pose.at(0.5, 0, 0), CAR),
                        "c": (Pose.at(0, 1.0, 0), CAR)})
    assert world.vehicle_overlaps() == []
    assert world.overlaps("a", Pose.at(0, 0, 0)) == ()
    assert world.overlaps("a", Pose.at(0.002, 0, 0))[0].other == "b"


def test_overlapping_counters_are_reported_000_L387() -> None:
    world = CollisionWorld()
    world.set_vehicles({"a": (Pose.at(0, 0, 0), CAR), "b": (Pose.at(0.3, 0.2, 30), CAR)})
    assert world.vehicle_overlaps() == [("a", "b")]
    world.set_vehicles({"a": (Pose.at(0, 0, 0), CAR), "b": (Pose.at(3, 0, 30), CAR)})
    assert world.vehicle_overlaps() == []
    world.set_vehicles({"a": (Pose.at(0, 0, 0), CAR)})
    assert world.vehicle_ids() == ("a",)


def test_terrain_area_reports_what_the_counter_stands_on_000_L505() -> None:
    pond = StaticShape("pond", FeatureKind.TERRAIN, (Vec(0, 0), Vec(4, 0), Vec(4, 4), Vec(0, 4)), tag="water")
    world = CollisionWorld.from_static([pond])
    hits = world.overlaps("a", Pose.at(2, 2, 45), size=CAR)
    assert [(h.other, h.tag, h.blocks_motion) for h in hits] == [("pond", "water", False)]


def test_concave_polygons_must_be_split() -> None:
    with pytest.raises(ValueError):
        StaticShape("L", FeatureKind.BUILDING, (Vec(0, 0), Vec(2, 0), Vec(2, 1), Vec(1, 1), Vec(1, 2), Vec(0, 2)))


# --- the sweep (reference §4.14) ----------------------------------------------------------------------


def test_driving_into_a_wall_stops_at_first_contact_000_L387() -> None:
    world = CollisionWorld.from_static([wall("w", (-5, -3), (5, -3))])
    world.set_vehicles({"a": (Pose.at(0, 0, 0), CAR)})
    c = world.first_contact("a", line(Pose.at(0, 0, 0), 0, 5))
    assert c is not None and c.other == "w" and c.kind == "wall"
    assert c.free_pose.y == pytest.approx(-2.5, abs=1 / 64)     # front bumper at the wall
    assert blocking(world, "a", c.free_pose) == [] and blocking(world, "a", c.hit_pose) == ["w"]
    assert c.point.y == pytest.approx(-3, abs=0.01)
    assert (c.normal.x, c.normal.y) == pytest.approx((0, -1), abs=1e-6)
    assert c.index == 10                                         # poses are ¼" apart: 2.5" is pose 10


def test_sweep_sees_a_wall_between_two_far_poses_reference_4_14() -> None:
    world = CollisionWorld.from_static([wall("w", (-5, -1.5), (5, -1.5))])
    c = world.first_contact("a", [Pose.at(0, 0, 0), Pose.at(0, -4, 0)], size=CAR)
    assert c is not None and c.index == 0 and c.free_pose.y == pytest.approx(-1.0, abs=1 / 64)


def test_sweep_includes_rotation_reference_4_14() -> None:
    """Turning on the spot sweeps the corners past a post that neither end pose touches."""
    post = StaticShape("post", FeatureKind.FIXED_OBJECT, (Vec(0.318, -0.318),), radius=0.02, dp=10)
    world = CollisionWorld.from_static([post])
    start, end = Pose.at(0, 0, 0), Pose.at(0, 0, 90)
    assert world.overlaps("a", start, size=CAR) == () and world.overlaps("a", end, size=CAR) == ()
    c = world.first_contact("a", [start, end], size=CAR)
    assert c is not None and c.other == "post" and 0 < c.free_pose.facing < 45


def test_debris_is_touched_but_does_not_stop_000_L496() -> None:
    world = CollisionWorld.from_static([square("deb", FeatureKind.DEBRIS, -0.25, -2.0, 0.5, 0.25),
                                        square("hole", FeatureKind.OBSTACLE, 0.0, -3.0),
                                        StaticShape("curb", FeatureKind.CURB, (Vec(-5, -4), Vec(5, -4)))])
    s = world.sweep("a", line(Pose.at(0, 0, 0), 0, 6), size=CAR)
    assert s.contact is None and s.end == Pose.at(0, -6, 0)
    assert [t.other for t in s.touched] == ["deb", "hole", "curb"]
    assert [t.kind for t in s.touched] == ["debris", "obstacle", "curb"]


def test_parties_overlapped_at_the_start_are_passed_through() -> None:
    """A vehicle sliding along a wall it sideswiped keeps sliding (000:L464, L480)."""
    world = CollisionWorld.from_static([wall("w", (0.2, -5), (0.2, 5))])
    s = world.sweep("a", line(Pose.at(0, 0, 0), 0, 2), size=CAR)
    assert s.contact is None and [h.other for h in s.start_overlaps] == ["w"]
    assert world.first_contact("b", line(Pose.at(-1, 0, 90), 90, 2), size=CAR, ignore={"w"}) is None


def test_stationary_vehicle_stops_the_mover_000_L387() -> None:
    world = CollisionWorld()
    world.set_vehicles({"a": (Pose.at(0, 0, 0), CAR), "b": (Pose.at(0, -3, 90), CAR)})
    c = world.first_contact("a", line(Pose.at(0, 0, 0), 0, 4))
    assert c is not None and c.other == "b" and c.kind == VEHICLE
    assert c.free_pose.y == pytest.approx(-2.25, abs=1 / 64)


def test_cycle_counter_is_half_an_inch_long_000_L133() -> None:
    world = CollisionWorld.from_static([wall("w", (-5, -3), (5, -3))])
    c = world.first_contact("c", line(Pose.at(0, 0, 0), 0, 5), size=CYCLE)
    assert c is not None and c.free_pose.y == pytest.approx(-2.75, abs=1 / 64)


# --- fixed objects change the map (000:L479, L481) --------------------------------------------------


def test_destroyed_tree_no_longer_blocks_000_L479() -> None:
    tree = StaticShape("tree", FeatureKind.FIXED_OBJECT, (Vec(0, -3),), radius=0.25, dp=20)
    world = CollisionWorld.from_static([tree])
    path = line(Pose.at(0, 0, 0), 0, 6)
    assert world.first_contact("a", path, size=CAR) is not None
    world.remove_static("tree")
    assert world.first_contact("a", path, size=CAR) is None


def test_a_double_breach_lets_a_car_through_a_wall_000_L481() -> None:
    world = CollisionWorld.from_static([wall("wall", (-5, -3), (5, -3), dp=6)])
    path = line(Pose.at(0, 0, 0), 0, 6)
    world.breach("wall", Vec(0, -3), 0.25)           # one breach: too narrow for a ½" car
    assert world.first_contact("a", path, size=CAR) is not None
    world.breach("wall", Vec(0, -3), 0.5)            # two side by side
    assert world.first_contact("a", path, size=CAR) is None
    assert len(world.feature("wall")) == 2


# --- line of fire -----------------------------------------------------------------------------------


def test_line_of_fire_blocked_by_walls_and_vehicles_nearest_first() -> None:
    world = CollisionWorld.from_static([wall("w", (5, -5), (5, 5)),
                                        square("deb", FeatureKind.DEBRIS, 1.5, -0.125),
                                        StaticShape("curb", FeatureKind.CURB, (Vec(2, -5), Vec(2, 5)))])
    world.set_vehicles({"firer": (Pose.at(0, 0, 90), CAR), "mid": (Pose.at(3, 0, 0), CAR),
                        "target": (Pose.at(8, 0, 90), CAR)})
    lof = world.line_of_fire(Vec(0, 0), Vec(8, 0), ignore={"firer", "target"})
    assert [h.other for h in lof.hits] == ["mid", "w"]
    assert not lof.clear and lof.blocked_by is not None and lof.blocked_by.point.x == pytest.approx(2.75, abs=0.01)
    assert world.line_of_fire(Vec(0, 0), Vec(4, -3), ignore={"firer"}).clear


# --- classification on real contacts (reference §3.10) ---------------------------------------------


def _classify(mover: Pose, other: Pose, path_heading: float, *, other_travel: float | None = None,
              other_speed: float = 30.0, mover_speed: float = 40.0) -> tuple[CollisionKind, bool, str, str]:
    world = CollisionWorld()
    world.set_vehicles({"m": (mover, CAR), "o": (other, CAR)})
    c = world.first_contact("m", line(mover, path_heading, 4, 0.125))
    assert c is not None and c.other == "o"
    a = Party(c.free_pose, CAR, path_heading, mover_speed)
    b = Party(other, CAR, other.facing if other_travel is None else other_travel, other_speed)
    r = classify(a, b, c.normal)
    return r.kind, r.mover_is_v1, r.mover_side, r.other_side


def test_classify_head_on_000_L407() -> None:
    assert _classify(Pose.at(0, 0, 0), Pose.at(0.1, -3, 180), 0) == (CollisionKind.HEAD_ON, True, "front", "front")


def test_classify_rear_end_000_L408() -> None:
    assert _classify(Pose.at(0, 0, 0), Pose.at(0.1, -3, 0), 0) == (CollisionKind.REAR_END, True, "front", "back")


def test_classify_t_bone_000_L409() -> None:
    kind, v1, ms, os = _classify(Pose.at(0, 0, 0), Pose.at(0, -3, 90), 0)
    assert (kind, v1, ms, os) == (CollisionKind.T_BONE, True, "front", "right")


def test_classify_sideswipes_000_L410() -> None:
    same = _classify(Pose.at(0, 0, 0), Pose.at(0.6, -0.5, 0), 14)       # a drift: 1" ahead, ¼" aside
    assert same[0] is CollisionKind.SIDESWIPE_SAME and same[2:] == ("right", "left")
    opposite = _classify(Pose.at(0, 0, 0), Pose.at(0.6, -0.5, 180), 14)
    assert opposite[0] is CollisionKind.SIDESWIPE_OPPOSITE and opposite[2:] == ("right", "right")


def test_classify_reversing_car_leads_with_its_back_000_L388() -> None:
    """A car backing into the front of another: the back is its leading side, so it is a head-on."""
    kind, v1, ms, os = _classify(Pose.at(0, 0, 180), Pose.at(0.1, -3, 180), 0)
    assert kind is CollisionKind.HEAD_ON and ms == "back" and os == "front"


def test_classify_struck_side_first_mover_is_v2_000_L450() -> None:
    """A car drifting into the nose of a car parked across its path: the parked car is V1."""
    kind, v1, ms, os = _classify(Pose.at(0, 0, 0), Pose.at(1.0, -1.0, 270), 20, other_speed=0)
    assert (kind, v1, ms, os) == (CollisionKind.T_BONE, False, "right", "front")


def test_classify_sideways_skid_leads_with_a_side_000_L388() -> None:
    """A car skidding sideways into the nose of another: its leading side is its front, so a head-on."""
    kind, v1, ms, os = _classify(Pose.at(0, 0, 0), Pose.at(2, 0, 270), 90, other_speed=20, mover_speed=20)
    assert kind is CollisionKind.HEAD_ON and (ms, os) == ("right", "front")


def test_classify_fixed_object_000_L480() -> None:
    car = Pose.at(0, 0, 0)
    assert classify_fixed(Party(car, CAR, 0, 40), Vec(0, -1)) is CollisionKind.HEAD_ON
    assert classify_fixed(Party(car, CAR, 0, 40), Vec(1, 0)) is CollisionKind.SIDESWIPE_SAME
    assert classify_fixed(Party(car, CAR, 10, 40), Vec(1, 0)) is CollisionKind.SIDESWIPE_SAME
    assert classify_fixed(Party(car, CAR, 45, 40), Vec(1, 0)) is CollisionKind.HEAD_ON


# --- properties -------------------------------------------------------------------------------------

steps = st.lists(st.tuples(st.floats(-0.3, 0.3), st.floats(-0.7, 0.1), st.floats(-30, 30)), min_size=1, max_size=25)


def _walk(start: Pose, moves: list[tuple[float, float, float]]) -> list[Pose]:
    poses = [start]
    for dx, dy, dt in moves:
        p = poses[-1]
        poses.append(Pose.at(p.x + dx, p.y + dy, p.facing + dt))
    return poses


def _progress(a: Pose, b: Pose) -> float:
    return math.hypot(b.x - a.x, b.y - a.y) + angle_diff(a.facing, b.facing) / 1000


@settings(max_examples=60, deadline=None)
@given(st.floats(-3, 3), st.floats(1.0, 3.0), st.floats(0, 359), st.sampled_from([CAR, CYCLE]), steps, steps)
def test_a_counter_moved_against_a_wall_never_ends_overlapping_or_beyond_it_reference_4_14(
        x: float, y: float, facing: float, size: CounterSize,
        moves: list[tuple[float, float, float]], more: list[tuple[float, float, float]]) -> None:
    world = CollisionWorld.from_static([wall("w", (-50, 0), (50, 0))])
    pose = Pose.at(x, y, facing)
    for chunk in (moves, more):              # two motions in a row, the second from where the first stopped
        poses = _walk(pose, chunk)
        s = world.sweep("a", poses, size=size)
        assert world.overlaps("a", s.end, size=size) == ()
        assert all(c.y > -2 * MARGIN for c in corners(s.end, size))   # still on its own side of the wall
        c = s.contact
        if c is not None:
            # every pose before the contact is free; the free pose comes before the overlapping one
            assert all(world.overlaps("a", p, size=size) == () for p in poses[: c.index + 1])
            assert world.overlaps("a", c.hit_pose, size=size) != ()
            seg = poses[c.index]
            assert _progress(seg, c.free_pose) <= _progress(seg, c.hit_pose)
            assert _progress(seg, c.hit_pose) <= _progress(seg, poses[c.index + 1]) + 1e-3
        else:
            assert s.end == poses[-1]
        pose = s.end


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(-4, 4), st.floats(-6, -1), st.sampled_from([0, 45, 90, 135, 180, 270])),
                min_size=1, max_size=6), st.floats(-2, 2), st.floats(0, 359), steps)
def test_a_moving_counter_never_ends_overlapping_another_reference_4_14(
        others: list[tuple[float, float, float]], x: float, facing: float,
        moves: list[tuple[float, float, float]]) -> None:
    world = CollisionWorld()
    placed: dict[str, tuple[Pose, CounterSize]] = {}
    for i, (ox, oy, of) in enumerate(others):
        p = Pose.at(ox, oy, of)
        if not world.overlaps(f"v{i}", p, size=CAR):
            placed[f"v{i}"] = (p, CAR)
            world.set_vehicles(placed)
    start = Pose.at(x, 1.5, facing)
    world.set_vehicles({**placed, "m": (start, CAR)})
    s = world.sweep("m", _walk(start, moves))
    world.place_vehicle("m", s.end)
    assert world.vehicle_overlaps() == []


# --- conforming movement (000:L411-L412; reference §3.10) -------------------------------------------


def _push_setup(b_pose: Pose, statics: list[StaticShape] | None = None) -> tuple[CollisionWorld, list[Pose], Vec]:
    world = CollisionWorld.from_static(statics or [])
    a0 = Pose.at(0, 0, 0)
    world.set_vehicles({"a": (a0, CAR), "b": (b_pose, CAR)})
    path = line(a0, 0, 3, 0.125)
    c = world.first_contact("a", path)
    assert c is not None and c.other == "b"
    pivot, _ = conform_pivots(b_pose, CAR, c.point)
    return world, path, pivot


def test_pushed_vehicle_pivots_about_a_corner_out_of_the_way_000_L412() -> None:
    b = Pose.at(0.6, -1.5, 90)                   # across the path, its back end in the mover's way
    world, path, pivot = _push_setup(b)
    fl, fr, rr, rl = corners(b, CAR)
    assert pivot in (fl, fr)                     # the end away from the contact
    r = world.push("a", path, "b", pivot)
    assert r.completed and r.mover_end == path[-1]
    assert world.vehicle_overlaps() == []
    moved = corners(r.pushed_end, CAR)
    assert min((p - pivot).length() for p in moved) < 0.01      # the pivot corner stayed put
    assert r.turned != 0


def test_push_stops_when_the_pushed_counter_cannot_turn_clear() -> None:
    b = Pose.at(0.6, -1.5, 90)
    world, path, pivot = _push_setup(b, [wall("w", (-3, -2.0), (3, -2.0))])
    r = world.push("a", path, "b", pivot)
    assert not r.completed and r.blocked_by is not None
    assert world.vehicle_overlaps() == []
    assert blocking(world, "b", r.pushed_end) == [] and blocking(world, "a", r.mover_end) == []


@settings(max_examples=40, deadline=None)
@given(st.floats(-0.9, 0.9), st.floats(-2.5, -1.2), st.sampled_from([0, 30, 60, 90, 120, 150, 180, 270]),
       st.booleans())
def test_conforming_never_leaves_counters_overlapping_reference_3_10(bx: float, by: float, bf: float,
                                                                     other_pivot: bool) -> None:
    b = Pose.at(bx, by, bf)
    world = CollisionWorld.from_static([wall("w", (-5, -3.6), (5, -3.6))])
    a0 = Pose.at(0, 0, 0)
    world.set_vehicles({"a": (a0, CAR), "b": (b, CAR)})
    if world.vehicle_overlaps() or blocking(world, "b", b):
        return
    path = line(a0, 0, 3, 0.125)
    c = world.first_contact("a", path)
    if c is None or c.other != "b":
        return
    pivots = conform_pivots(b, CAR, c.point)
    r = world.push("a", path, "b", pivots[1] if other_pivot else pivots[0])
    assert world.vehicle_overlaps() == []
    assert blocking(world, "a", r.mover_end) == [] and blocking(world, "b", r.pushed_end) == []


# --- worlds from the shipped maps -----------------------------------------------------------------


MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.toml"))


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_shipped_maps_become_collision_worlds_with_free_starts(path: Path) -> None:
    m = load_map(path)
    world = CollisionWorld.from_static(static_from_map(static_shapes(m)))
    for s in m.starts:
        here = world.overlaps("x", Pose.at(s.x, s.y, s.facing), size=CAR)
        assert not [h for h in here if h.blocks_motion], s.name


def test_nothing_drives_out_of_the_walled_arena() -> None:
    m = load_map(Path(__file__).resolve().parents[2] / "maps" / "arena.toml")
    world = CollisionWorld.from_static(static_from_map(static_shapes(m)))
    for s in m.starts:
        for heading in range(0, 360, 45):
            end = world.sweep("x", line(Pose.at(s.x, s.y, s.facing), heading, 100, 0.5), size=CAR).end
            assert 0 <= end.x <= m.width and 0 <= end.y <= m.height, (s.name, heading)


def test_a_sideswipe_by_a_front_corner_strikes_the_side_armor_of_both_000_L457() -> None:
    """000:L457: a sideswipe affects the side armor of both vehicles, even where the mover, bent 15
    degrees toward the other, met its side with a front corner (the audit found the front armor taking it)."""
    mover = Party(Pose.at(0, 0, 15), CAR, 15, 40)
    beside = Party(Pose.at(0.8, -0.6, 0), CAR, 0, 30)
    r = classify(mover, beside, Vec(0.8, -0.6))
    assert r.kind is CollisionKind.SIDESWIPE_SAME and (r.mover_side, r.other_side) == ("right", "left")
    r = classify(Party(Pose.at(0, 0, 345), CAR, 345, 40), Party(Pose.at(-0.8, -0.6, 0), CAR, 0, 30), Vec(-0.8, -0.6))
    assert r.kind is CollisionKind.SIDESWIPE_SAME and (r.mover_side, r.other_side) == ("left", "right")
    oncoming = Party(Pose.at(0.8, -0.6, 180), CAR, 180, 30)
    r = classify(mover, oncoming, Vec(0.8, -0.6))
    assert r.kind is CollisionKind.SIDESWIPE_OPPOSITE and (r.mover_side, r.other_side) == ("right", "right")


def test_a_wall_sideswiped_strikes_a_side_a_head_on_the_front_000_L457_L480() -> None:
    car = Pose.at(0, 0, 0)
    assert struck_side(CollisionKind.SIDESWIPE_SAME, car, Vec(0.7, -0.714)) == "right"
    assert struck_side(CollisionKind.SIDESWIPE_SAME, car, Vec(-0.7, -0.714)) == "left"
    assert struck_side(CollisionKind.HEAD_ON, car, Vec(0.7, -0.714)) == "front"
