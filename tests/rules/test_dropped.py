"""Dropped weapons, clouds and their counters (000:L1027-L1053)."""

from __future__ import annotations

import math

import pytest

from rules.combat.dropped import (
    Counter,
    burning,
    cloud_inches,
    contact,
    cross,
    end_of_turn,
    paint_lasts_until,
    place,
    segment_inside,
    surface,
    tires_within,
)
from rules.combat.to_hit import Shot, to_hit
from rules.core.dice import ScriptedDice
from rules.core.geometry import CounterSize, Pose, Vec

CAR = CounterSize(1.0, 0.5)
CAR_CORNERS = ("FL", "FR", "BL", "BR")
NORTH = Pose.at(0, 0, 0)  # facing up the map (-y)


def close(a: Vec, x: float, y: float) -> bool:
    return math.isclose(a.x, x, abs_tol=1e-3) and math.isclose(a.y, y, abs_tol=1e-3)


def test_back_mount_lays_the_counter_behind_the_car_000_L1034() -> None:
    c = place("oil", NORTH, CAR, "back", turn=1, phase=2)
    assert (c.length, c.width) == (1.0, 0.5) and c.pose.facing == 0
    assert close(c.pose.centre, 0, 1.0)  # its front edge touches the car's back edge
    flush = place("oil", NORTH, CAR, "back", 1, 2, placement="flush")
    assert close(flush.pose.centre, 0, 0.0)


def test_reverse_swaps_front_and_back_000_L1036() -> None:
    assert close(place("spikes", NORTH, CAR, "back", 1, 1, reverse=True).pose.centre, 0, -0.75)
    assert close(place("spikes", NORTH, CAR, "front", 1, 1).pose.centre, 0, -0.75)


def test_corner_side_and_underbody_mounts_000_L1030_L1035() -> None:
    assert close(place("spikes", NORTH, CAR, "back_right", 1, 1).pose.centre, 0.5, 0.75)
    assert close(place("mines", NORTH, CAR, "underbody", 1, 1).pose.centre, 0, 0.25)
    assert close(place("mines", NORTH, CAR, "left", 1, 1).pose.centre, -0.5, 0.25)
    # stationary: side counters straight out from the side (000:L1037)
    assert close(place("mines", NORTH, CAR, "left", 1, 1, stationary=True).pose.centre, -0.5, 0.0)


def test_unknown_counter_or_mount_is_refused() -> None:
    with pytest.raises(ValueError):
        place("glue", NORTH, CAR, "back", 1, 1)
    with pytest.raises(ValueError):
        place("oil", NORTH, CAR, "roof", 1, 1)


def spikes_ahead() -> Counter:
    return Counter("spikes", Pose.at(0, -3, 0), 0.5, 0.5, laid_turn=1)


def test_spikes_on_1_to_4_when_crossed_000_L1042() -> None:
    path = [Pose.at(0, y, 0) for y in (0, -1, -2, -3, -4)]
    assert contact(spikes_ahead(), path, CAR) == "on"
    hit = cross(spikes_ahead(), "on", CAR_CORNERS, ScriptedDice([4, 1, 2, 3, 6]))
    assert hit.triggered and hit.tire_damage == (("FL", 1), ("FR", 2), ("BL", 3), ("BR", 6))
    assert not hit.enemy_fire and not hit.removes_counter  # spikes are no enemy fire (000:L245) and stay
    miss = cross(spikes_ahead(), "on", CAR_CORNERS, ScriptedDice([5]))
    assert not miss.triggered and miss.tire_damage == ()


def test_spikes_adjacent_only_on_1_or_2_000_L1042() -> None:
    beside = [Pose.at(0.6, y, 0) for y in (0, -1, -2, -3, -4)]  # passes 0.1" from the counter
    assert contact(spikes_ahead(), beside, CAR) == "adjacent"
    assert not cross(spikes_ahead(), "adjacent", CAR_CORNERS, ScriptedDice([3])).triggered
    assert cross(spikes_ahead(), "adjacent", CAR_CORNERS, ScriptedDice([2, 1, 1, 1, 1])).triggered
    far = [Pose.at(2, y, 0) for y in (0, -2, -4)]
    assert contact(spikes_ahead(), far, CAR) is None


def test_mines_wheel_crossing_underbody_and_tires_000_L1043() -> None:
    mine = Counter("mines", Pose.at(0.25, -3, 0), 0.5, 0.5, laid_turn=1)
    path = [Pose.at(0, y, 0) for y in (-2.0, -2.5, -3.0)]
    assert contact(mine, path, CAR, wheels=CAR_CORNERS) == "on"
    over = Pose.at(0, -3, 0)
    assert set(tires_within(mine, over, CAR, CAR_CORNERS)) == set(CAR_CORNERS)
    hit = cross(mine, "on", CAR_CORNERS, ScriptedDice([4, 1, 2, 3, 4, 5, 6]))
    assert hit.triggered and hit.enemy_fire and hit.removes_counter
    assert [d for _, d in hit.tire_damage] == [1, 2, 3, 4]
    assert hit.underbody == 11


def test_oil_adds_d2_to_maneuvers_and_hazards_000_L1045() -> None:
    oil = Counter("oil", Pose.at(0, 0, 0), 1.0, 0.5, laid_turn=1)
    s = surface([oil], Pose.at(0, -0.5, 0), CAR, 1, 3)
    assert (s.maneuver_d, s.hazard_d, s.bad_footing) == (2, 2, True)
    assert surface([oil], Pose.at(5, 0, 0), CAR, 1, 3).hazard_d == 0
    r = to_hit(Shot(base=7, range=2, target="car", target_side="left", target_speed=20, firer_speed=20,
                    bad_footing=s.bad_footing))
    assert r.need == 8  # 000:L934


def test_flaming_oil_ignites_a_phase_later_and_burns_000_L1045_L2483() -> None:
    foj = Counter("flaming_oil", Pose.at(0, 0, 0), 1.0, 0.5, laid_turn=2, laid_phase=3)
    assert not burning(foj, 2, 3) and burning(foj, 2, 4)
    hit = cross(foj, "on", CAR_CORNERS, ScriptedDice([6, 3, 2, 1, 5]))
    assert hit.hazard_d == 1
    assert [d for _, d in hit.tire_damage] == [4, 1, 0, 0] and hit.underbody == 3
    # after its time it becomes a smoke cloud of the same size
    left = end_of_turn([foj], 2 + 5)
    assert [c.kind for c in left] == ["smoke"] and left[0].length == 1.0


def test_smoke_lasts_until_the_end_of_the_next_turn_000_L1049() -> None:
    smoke = Counter("smoke", Pose.at(0, 0, 0), 1.0, 0.5, laid_turn=3)
    oil = Counter("oil", Pose.at(5, 5, 0), 1.0, 0.5, laid_turn=3)
    assert [c.kind for c in end_of_turn([smoke, oil], 3)] == ["smoke", "oil"]
    assert [c.kind for c in end_of_turn([smoke, oil], 4)] == ["oil"]


def test_smoke_on_the_line_of_fire_000_L1050() -> None:
    smoke = Counter("smoke", Pose.at(0, 0, 0), 1.0, 0.5, laid_turn=1)
    # across its width: 1/2" of cloud; along its length: 1"
    assert math.isclose(cloud_inches([smoke], Vec(-3, 0), Vec(3, 0)), 0.5)
    assert math.isclose(cloud_inches([smoke], Vec(0, -3), Vec(0, 3)), 1.0)
    assert cloud_inches([smoke], Vec(2, -3), Vec(2, 3)) == 0
    assert math.isclose(segment_inside(smoke.polygon(), Vec(0, 0), Vec(0, 3)), 0.5)
    inches = cloud_inches([smoke], Vec(0, -3), Vec(0, 3))
    r = to_hit(Shot(base=7, range=6, target="car", target_side="front", target_speed=20, firer_speed=20,
                    smoke_inches=inches))
    assert any(m.value == -2 and "smoke" in m.name for m in r.modifiers)
    laser = to_hit(Shot(base=6, range=6, target="car", target_side="front", target_speed=20, firer_speed=20,
                        smoke_inches=inches, laser=True))
    assert not laser.allowed


def test_paint_on_the_windows_this_turn_and_the_next_000_L1053() -> None:
    assert paint_lasts_until(4) == 5
