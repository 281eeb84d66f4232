"""Movement Chart (000:L105-L131): which phases a speed moves in, how far, and the Ram dice.

Expected values come from the seed text, from reference/movement.md §3.1 and §6, and from an
independent implementation of the 1-3-5-2-4 distribution rule written here (not the loader's data).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.dice import DiceExpr
from rules.tables.movement import tables

ORDER = (1, 3, 5, 2, 4)  # reference §3.1: full inches go to phases in this cyclic order


def phases(speed: float) -> list[float]:
    return list(tables().chart.row(speed).phases)


def rule_phases(speed: float) -> list[Fraction]:
    """The distribution rule of reference §3.1, in quarter inches (exact fractions)."""
    q = round(Fraction(str(speed)) / Fraction(5, 2))
    full, rem = divmod(q, 4)
    base, extra = divmod(full, 5)
    out = {p: Fraction(base + (1 if ORDER.index(p) < extra else 0)) for p in range(1, 6)}
    if rem:
        out[ORDER[extra]] += Fraction(rem, 4)
    return [out[p] for p in range(1, 6)]


def rule_ram(speed: int) -> DiceExpr | None:
    """Ram column: 5 1d-4, 10 1d-2, 15 1d-1, 20-30 1d, then (speed-25)/5 dice (000:L109-L131, L479)."""
    if speed == 0:
        return None
    low = {5: DiceExpr(1, -4), 10: DiceExpr(1, -2), 15: DiceExpr(1, -1), 20: DiceExpr(1), 25: DiceExpr(1),
           30: DiceExpr(1)}
    return low.get(speed, DiceExpr((speed - 25) // 5))


ALL_SPEEDS = [k * 2.5 for k in range(0, 121)]  # 0 .. 300 mph


# --- worked examples of reference §6.1 -----------------------------------------------------------


def test_speed_30_moves_1_inch_in_phases_1_3_5_000_L105():
    assert phases(30) == [1, 0, 1, 0, 1]


def test_even_speed_40_below_60_has_only_ordinary_1_inch_moves_000_L106():
    row = phases(40)
    assert row == [1, 1, 1, 0, 1]
    assert all(p in (0, 1) for p in row)


def test_even_speeds_below_60_never_have_a_half_move_000_L106():
    for speed in range(10, 60, 10):
        assert all(p in (0, 1) for p in phases(speed)), speed


def test_speed_15_moves_1_in_phase_1_and_a_half_move_in_phase_3_000_L107():
    assert phases(15) == [1, 0, 0.5, 0, 0]


def test_odd_speeds_have_exactly_one_half_move_per_turn_000_L107():
    for speed in range(5, 301, 10):
        halves = [p for p in phases(speed) if p % 1 == 0.5]
        assert len(halves) == 1, speed


@pytest.mark.parametrize(("speed", "phase"), [(55, 1), (65, 3), (75, 5)])
def test_odd_speeds_over_50_add_the_half_move_to_a_1_inch_phase_000_L108(speed, phase):
    # 1" of ordinary movement plus the 1/2" half-move in the same phase
    assert phases(speed)[phase - 1] == 1.5


def test_speed_55_65_75_rows_000_L108():
    assert phases(55) == [1.5, 1, 1, 1, 1]
    assert phases(65) == [2, 1, 1.5, 1, 1]
    assert phases(75) == [2, 1, 2, 1, 1.5]


def test_speed_12_5_uses_the_15_row_with_a_quarter_in_the_half_move_phase_000_L139():
    assert phases(12.5) == [1, 0, 0.25, 0, 0]
    assert sum(phases(12.5)) == 1.25
    # the same phases as the 15-mph row, only the half-move is cut to 1/4"
    assert [p > 0 for p in phases(12.5)] == [p > 0 for p in phases(15)]


def test_speeds_45_and_up_all_move_in_phase_4_000_L140():
    for speed in ALL_SPEEDS:
        if speed >= 45:
            assert phases(speed)[3] > 0, speed


def test_no_multiple_of_5_below_45_moves_in_phase_4_000_L140():
    for speed in range(0, 45, 5):
        assert phases(speed)[3] == 0, speed
    # 42.5 mph gets a 1/4" partial move there (reference §6.1 item 6)
    assert phases(42.5) == [1, 1, 1, 0.25, 1]


def test_speed_95_100_200_rows_and_ram_000_L131():
    chart = tables().chart
    assert phases(95) == [2, 2, 2, 1.5, 2]
    assert chart.row(95).ram == DiceExpr(14)
    assert phases(100) == [2, 2, 2, 2, 2]
    assert chart.row(100).ram == DiceExpr(15)
    assert phases(200) == [4, 4, 4, 4, 4]
    assert chart.row(200).ram == DiceExpr(35)


def test_80_60_and_30_mph_all_move_in_phase_3_000_L138():
    # the chart part of the move-order example: all three are called in phase 3
    for speed in (80, 60, 30):
        assert phases(speed)[2] > 0


def test_ram_80_mph_is_11d_000_L479():
    assert tables().chart.row(80).ram == DiceExpr(11)


# --- reference §6.2 derived checks ---------------------------------------------------------------

# The seed's rows L112-L130 with the empty cells dropped, as the extraction prints them: speed,
# the non-empty movement cells in order, the Ram dice.
SEED_ROWS = [
    (112, 0, [], ""),
    (113, 5, [0.5], "1d-4"),
    (114, 10, [1], "1d-2"),
    (115, 15, [1, 0.5], "1d-1"),
    (116, 20, [1, 1], "1d"),
    (117, 25, [1, 1, 0.5], "1d"),
    (118, 30, [1, 1, 1], "1d"),
    (119, 35, [1, 0.5, 1, 1], "2d"),
    (120, 40, [1, 1, 1, 1], "3d"),
    (121, 45, [1, 1, 1, 0.5, 1], "4d"),
    (122, 50, [1, 1, 1, 1, 1], "5d"),
    (123, 55, [1.5, 1, 1, 1, 1], "6d"),
    (124, 60, [2, 1, 1, 1, 1], "7d"),
    (125, 65, [2, 1, 1.5, 1, 1], "8d"),
    (126, 70, [2, 1, 2, 1, 1], "9d"),
    (127, 75, [2, 1, 2, 1, 1.5], "10d"),
    (128, 80, [2, 1, 2, 1, 2], "11d"),
    (129, 85, [2, 1.5, 2, 1, 2], "12d"),
    (130, 90, [2, 2, 2, 1, 2], "13d"),
]


def test_chart_rows_0_to_90_match_seed_rows_L112_to_L130_in_order():
    """Reference §6.2 item 61: the non-empty cells of each chart row, in phase order 1..5, are the
    seed's row (the extraction dropped the empty cells but kept the order)."""
    chart = tables().chart
    for line, speed, cells, ram in SEED_ROWS:
        row = chart.row(speed)
        assert [p for p in row.phases if p] == cells, f"000:L{line} ({speed} mph)"
        assert (str(row.ram) if row.ram else "") == ram, f"000:L{line} ({speed} mph) ram"


def _seed_cell(text: str) -> float:
    parts = text.split()
    total = 0.0
    for p in parts:
        total += float(Fraction(p))
    return total


def test_seed_rows_L112_to_L130_as_typed_above_match_the_seed_file(shared_file):
    """Guards the hand copy of the seed rows against typos: parse the seed file itself."""
    lines = shared_file("seeds/000_90e2cfc0633f8ca1.txt").read_text(encoding="utf-8").splitlines()
    for line, speed, cells, ram in SEED_ROWS:
        raw = [c.strip() for c in lines[line - 1].split("|") if c.strip()]
        assert int(raw[0]) == speed, f"000:L{line}"
        body = raw[1:]
        if speed == 0:
            assert body == ["0"]
            continue
        assert body[-1].replace("−", "-") == ram, f"000:L{line}"
        assert [_seed_cell(c) for c in body[:-1]] == cells, f"000:L{line}"


def test_every_row_0_to_300_follows_the_1_3_5_2_4_rule_000_L105_L108_L139():
    for speed in ALL_SPEEDS:
        assert [Fraction(str(p)) for p in phases(speed)] == rule_phases(speed), f"{speed} mph"


def test_every_row_moves_speed_over_10_inches_a_turn_000_L104():
    for speed in ALL_SPEEDS:
        assert math.isclose(sum(phases(speed)), speed / 10), speed


def test_ram_dice_for_every_multiple_of_5_000_L109_L131_L479():
    chart = tables().chart
    for speed in range(0, 301, 5):
        assert chart.row(speed).ram == rule_ram(speed), f"{speed} mph"


def test_ram_between_multiples_of_5_uses_the_next_5_up_reconstructed():
    """Reference §3.9 [I]: collision speeds off the 5-mph grid round up to the next multiple of 5."""
    chart = tables().chart
    for k in range(1, 120, 2):
        speed = k * 2.5
        assert chart.row(speed).ram == rule_ram(int(speed + 2.5)), f"{speed} mph"
        assert chart.ram(speed) == rule_ram(int(speed + 2.5)), f"{speed} mph"


@given(st.floats(0.001, 300))
def test_ram_at_any_collision_speed_uses_the_next_multiple_of_5_up(speed):
    """Collision speeds (sums, differences, quarters) need not be on the chart grid (reference §3.9 [I])."""
    assert tables().chart.ram(speed) == rule_ram(math.ceil(speed / 5 - 1e-9) * 5)


def test_ram_above_300_mph_continues_the_rule_000_L479():
    """A head-on at 200 + 150 mph is a 350-mph collision: (350 - 25) / 5 = 65 dice."""
    assert tables().chart.ram(350) == DiceExpr(65)


@pytest.mark.parametrize(
    ("speed", "expected"),
    [
        (2.5, [0.25, 0, 0, 0, 0]),
        (7.5, [0.75, 0, 0, 0, 0]),
        (17.5, [1, 0, 0.75, 0, 0]),
        (22.5, [1, 0, 1, 0, 0.25]),
        (57.5, [1.75, 1, 1, 1, 1]),
    ],
)
def test_fractional_speeds_000_L139(speed, expected):
    """Reference §6.2 item 68 (and §3.1 checks)."""
    assert phases(speed) == expected


def test_speed_off_the_2_5_grid_or_beyond_300_is_refused():
    chart = tables().chart
    with pytest.raises(ValueError):
        chart.row(12.0)
    with pytest.raises(ValueError):
        chart.row(302.5)


def test_a_turn_has_five_phases_the_charts_columns_000_L104() -> None:
    from rules.tables.movement import tables

    assert tables().chart.phases_per_turn == 5
