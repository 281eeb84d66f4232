"""Deceleration hazards (000:L143-L154): difficulty and tire damage of slowing in one turn."""

from __future__ import annotations

import pytest

from rules.core.dice import DiceExpr
from rules.tables.movement import tables


def hazard(mph: float) -> tuple[int, str]:
    d, tire = tables().decel.hazard(mph)
    return d, str(tire)


@pytest.mark.parametrize("mph", [0, 2.5, 5, 7.5, 10])
def test_up_to_10_mph_a_turn_is_safe_000_L147(mph):
    assert hazard(mph) == (0, "0")


@pytest.mark.parametrize(
    ("mph", "difficulty", "tires", "line"),
    [
        (15, 1, "0", 148),
        (20, 2, "0", 149),
        (25, 3, "0", 150),
        (30, 5, "0", 151),
        (35, 7, "2", 152),
        (40, 9, "1d", 153),
        (45, 11, "1d+3", 153),
    ],
)
def test_deceleration_difficulty_and_tire_damage_000_L148_L153(mph, difficulty, tires, line):
    assert hazard(mph) == (difficulty, tires), f"000:L{line}"


def test_35_mph_deceleration_is_2_hits_on_each_tire_000_L152():
    _, tire = tables().decel.hazard(35)
    assert tire == DiceExpr(0, 2)
    assert (tire.minimum(), tire.maximum()) == (2, 2)


def test_more_than_45_mph_needs_special_devices_000_L154():
    assert tables().decel.max_mph == 45


@pytest.mark.parametrize(("mph", "difficulty", "tires"), [(50, 13, "1d+6"), (55, 15, "1d+9"), (60, 17, "1d+12")])
def test_beyond_45_the_pattern_continues_D2_per_5_mph_000_L154(mph, difficulty, tires):
    """D: +2 per further 5 mph (000:L154 "continue the pattern"); tire damage +3 per step is the
    reference's reconstruction (§3.2 [I])."""
    assert hazard(mph) == (difficulty, tires)


def test_fractional_deceleration_rounds_up_to_the_next_5_mph():
    """12.5 mph of deceleration is more than 10, so it is at least the 15-mph step."""
    assert hazard(12.5) == hazard(15)
    assert hazard(32.5) == hazard(35)


def test_deceleration_difficulty_never_falls_as_the_deceleration_grows():
    ds = [tables().decel.hazard(k * 2.5)[0] for k in range(0, 25)]
    assert ds == sorted(ds)
