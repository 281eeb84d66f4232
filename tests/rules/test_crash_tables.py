"""Crash Tables 1 and 2 for cars, cycles and trikes (000:L306-L336)."""

from __future__ import annotations

import pytest

from rules.core.dice import DiceExpr
from rules.tables.movement import tables

NO_AIMED_FIRE = -13  # "***": no aimed fire at all; any penalty this large makes every shot impossible

# Reference §3.8: (lowest roll, highest roll, result) — rolls below the first row use it, above the last use it.
TABLE1 = [
    (-99, 2, "trivial_skid", 323), (3, 4, "minor_skid", 324), (5, 6, "moderate_skid", 325),
    (7, 8, "severe_skid", 326), (9, 10, "spinout", 327), (11, 12, "roll", 328), (13, 14, "burning_roll", 329),
    (15, 99, "vault", 330),
]
TABLE2 = [
    (-99, 4, "minor_fishtail", 332), (5, 8, "major_fishtail", 333), (9, 10, "minor_fishtail_ct1", 334),
    (11, 14, "major_fishtail_ct1", 335), (15, 99, "major_and_minor_fishtail_ct1", 336),
]


def expected(table, roll: int) -> tuple[str, int]:
    for lo, hi, name, line in table:
        if lo <= roll <= hi:
            return name, line
    raise AssertionError(roll)


@pytest.mark.parametrize("roll", range(-10, 31))
def test_crash_table_1_result_for_every_roll_000_L322_L330(roll):
    name, line = expected(TABLE1, roll)
    assert tables().crash.lookup(1, roll).result == name, f"000:L{line}"


@pytest.mark.parametrize("roll", range(-10, 31))
def test_crash_table_2_result_for_every_roll_000_L331_L336(roll):
    name, line = expected(TABLE2, roll)
    assert tables().crash.lookup(2, roll).result == name, f"000:L{line}"


@pytest.mark.parametrize(
    ("name", "skid", "speed_loss", "tire_hits", "follow_up", "aimed"),
    [
        ("trivial_skid", 0.25, 0, 0, "", -3),
        ("minor_skid", 0.5, 5, 0, "", -6),
        ("moderate_skid", 0.75, 10, 1, "trivial_skid", -6),
        ("severe_skid", 1.0, 20, 2, "minor_skid", None),
    ],
)
def test_skid_results_000_L323_L326(name, skid, speed_loss, tire_hits, follow_up, aimed):
    r = tables().crash.by_name(name)
    assert (r.skid, r.speed_loss, r.tire_hits, r.follow_up) == (skid, speed_loss, tire_hits, follow_up)
    if aimed is None:
        assert r.aimed_fire <= NO_AIMED_FIRE
    else:
        assert r.aimed_fire == aimed


def test_spinout_000_L327():
    r = tables().crash.by_name("spinout")
    assert r.tire_damage == DiceExpr(1)
    assert (r.speed_loss_per_turn, r.degrees_per_inch) == (20, 90)
    assert r.aimed_fire <= NO_AIMED_FIRE


def test_roll_and_burning_roll_000_L328_L329():
    roll, burning = tables().crash.by_name("roll"), tables().crash.by_name("burning_roll")
    for r in (roll, burning):
        assert r.speed_loss_per_turn == 20
        assert r.side_damage == DiceExpr(1)
        assert r.tire_damage == DiceExpr(1)
        assert r.aimed_fire <= NO_AIMED_FIRE
    assert roll.fire_on == 0
    assert burning.fire_on == 4  # catches fire on 4-6


def test_vault_000_L330():
    r = tables().crash.by_name("vault")
    assert (r.tire_damage, r.flight) == (DiceExpr(3), DiceExpr(1))
    assert (r.faces_per_inch, r.occupant_damage) == (2, 1)


@pytest.mark.parametrize(
    ("name", "squares", "then_table1", "aimed"),
    [
        ("minor_fishtail", 1, False, -3),
        ("major_fishtail", 2, False, -6),
        ("minor_fishtail_ct1", 1, True, None),
        ("major_fishtail_ct1", 2, True, None),
        ("major_and_minor_fishtail_ct1", 3, True, None),
    ],
)
def test_fishtail_results_000_L332_L336(name, squares, then_table1, aimed):
    r = tables().crash.by_name(name)
    assert (r.squares, r.then_table1) == (squares, then_table1)
    if aimed is None:
        assert r.aimed_fire <= NO_AIMED_FIRE
    else:
        assert r.aimed_fire == aimed


def test_crash_roll_adds_D_minus_3_000_L313():
    assert tables().crash.difficulty_offset == 3


def test_crash_results_get_worse_as_the_roll_rises_000_L309():
    """The worst-result rule needs an order: a higher roll is never a milder result."""
    for table in (1, 2):
        rows = tables().crash.table1 if table == 1 else tables().crash.table2
        maxima = [r.max for r in rows]
        assert maxima == sorted(maxima) and len(set(maxima)) == len(maxima)
        aimed = [r.aimed_fire for r in rows]
        assert aimed == sorted(aimed, reverse=True)


def test_unknown_result_name_is_a_key_error():
    with pytest.raises(KeyError):
        tables().crash.by_name("barrel_roll")
