"""Terrain a moving vehicle meets: off-road, ditches, water, jumping out, jumping and falling
(000:L278-L305, L505-L536; reference/movement.md §3.13-§3.14, §6 items 28-29, 43-46)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.core.dice import DiceExpr
from rules.driving.collisions import (
    CollisionKind,
    OffRoadHit,
    collide,
    ditch,
    fall,
    jump_flight_in,
    jump_out_off_road_speed,
    landing_hazard,
    landing_tire_damage,
    off_road_damage,
    off_road_hc_penalty,
    off_road_rolls,
    water,
)
from rules.tables.collisions import terrain_data


def test_off_road_penalties_000_L507_L512_L516() -> None:
    assert terrain_data().off_road_crash_modifier == -3
    assert [off_road_hc_penalty(k) for k in ("cycle", "trike", "car", "oversized")] == [2, 1, 3, 2]


def test_worked_example_off_road_damage_rolls_000_L518() -> None:
    assert [off_road_rolls(s) for s in (10, 25, 35, 55)] == [0, 1, 2, 3]
    assert [off_road_rolls(s) for s in (30, 30.5, 50, 50.5, 70, 75)] == [1, 2, 2, 3, 3, 4]
    assert off_road_damage(2) == OffRoadHit("underbody", 1)
    assert off_road_damage(5) == OffRoadHit("tire", 1)
    assert off_road_damage(7) is None


def test_off_road_damage_exceptions_000_L519() -> None:
    assert off_road_damage(3, "cycle") is None          # cycles and trikes sit higher
    assert off_road_damage(3, "trike") is None
    assert off_road_damage(4, "car", racing_slicks=True) == OffRoadHit("tire", 2)


@pytest.mark.parametrize("width_ft, speed, hazard, falls_in", [
    (1, 20, 3, False), (1, 30, 1, False),              # small ditch
    (3, 15, 0, True), (3, 20, 0, True),                # 2-4 ft below 20 mph (20 read as impassable)
    (3, 30, 3, False), (3, 40, 3, False), (3, 45, 1, False),
])
def test_worked_example_ditches_000_L526(width_ft: float, speed: float, hazard: int, falls_in: bool) -> None:
    r = ditch(width_ft, speed)
    assert (r.hazard, r.falls_in, r.needs_ramp) == (hazard, falls_in, False)


def test_wide_ditch_needs_a_ramp_000_L526() -> None:
    assert ditch(6, 80).needs_ramp


def test_worked_example_water_000_L529() -> None:
    r = water(1.0)
    assert (r.hazard, r.drag_mph_per_turn, r.drowned, r.max_maneuver_d) == (2, 10, False, 3)


def test_water_depth_limits_000_L528_L529() -> None:
    assert water(0.5).hazard == 0                       # hazard only deeper than 1/2 ft
    assert water(2.0).drowned and not water(2.0, or_suspension=True).drowned
    assert water(3.5, or_suspension=True).drowned
    assert water(1.0, or_suspension=True).drag_mph_per_turn == 0
    assert water(2.0, or_suspension=True).drag_mph_per_turn == 5


def test_worked_example_jump_out_off_road_000_L534() -> None:
    """Jumping out at 50 mph off-road hurts like a sideswipe from a car at 20 mph."""
    speed = jump_out_off_road_speed(50)
    assert speed == 20
    swipe = collide(CollisionKind.SIDESWIPE_SAME, (speed, 0), (Fraction(1), Fraction(1)))
    assert swipe.collision_speed == 5 and swipe.ram == DiceExpr(1, -4)


def test_rolling_off_road_damage_000_L536() -> None:
    assert terrain_data().rolling_off_road_damage == DiceExpr(1, -2)


@pytest.mark.parametrize("speed, angle, inches", [
    (30, 30, 1.0), (40, 20, 2.0), (40, 17, 1.0), (40, 45, 1.0), (40, 10, 0.0), (40, 50, 0.0), (20, 30, 0.0),
    (35, 30, 1.5),
])
def test_jump_flight_000_L279(speed: float, angle: float, inches: float) -> None:
    assert jump_flight_in(speed, angle) == pytest.approx(inches)


@pytest.mark.parametrize("feet, slope, d", [
    (15, "level", 1), (30, "level", 2), (59, "level", 2), (60, "level", 3), (30, "down", 1), (30, "up", 3),
])
def test_landing_hazard_item_28_000_L280(feet: float, slope: str, d: int) -> None:
    assert landing_hazard(feet, slope) == d


def test_landing_tire_checks_000_L280() -> None:
    assert [landing_tire_damage(d) for d in range(1, 7)] == [1, 1, 1, 0, 0, 0]
    assert landing_tire_damage(1, "solid") == 0


def test_falling_table_000_L283_L299() -> None:
    assert fall(0.1) is None
    r = fall(0.25)
    assert r is not None and (r.phases, r.damage) == (2, DiceExpr(1, -2))
    one = fall(1.0)
    assert one is not None and one.phases == 5       # 1" falls for one turn (000:L301 example)
    top = fall(4.0)
    assert top is not None and (top.phases, top.damage) == (10, DiceExpr(3))
    deep = fall(2.8)                                 # between rows: the highest row not above it
    assert deep is not None and deep.height_in == 2.75 and deep.damage == DiceExpr(2)


def test_missing_fall_row_reconstructed_000_L289_L290() -> None:
    r = fall(1.5)
    assert r is not None and r.height_in == 1.5 and r.phases == 6 and r.damage == DiceExpr(1)
