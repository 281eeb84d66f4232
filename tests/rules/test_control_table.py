"""Control Table (000:L171-L190), the handling track's use of it, and crash-roll modifiers (000:L311-L314).

The full-table check reads the table from ../shared/reference/movement.md §3.4 (not retyped here).
"""

from __future__ import annotations

import math

import pytest

from rules.core.dice import ScriptedDice
from rules.driving.handling import CrashModifier, control_need, control_roll, crash_modifiers, lower_status
from rules.driving.maneuvers import Maneuver, base_difficulty
from rules.tables.movement import LOST, SAFE, tables

HS_COLUMNS = list(range(7, -7, -1))


def parse_reference_control_table(text: str) -> dict[tuple[int, int], tuple[list[str], int]]:
    """{(lo, hi): (cells for HS 7..-6, crash modifier)} from the markdown table in §3.4."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| Speed (mph) | 7 | 6 |"))
    header = [c.strip() for c in lines[start].strip().strip("|").split("|")]
    assert header[1:15] == [str(h).replace("-", "−") for h in HS_COLUMNS], header
    rows = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        lo, hi = (int(x) for x in cells[0].split("-"))
        mod = int(cells[15].replace("−", "-").replace("+", ""))
        rows[(lo, hi)] = (cells[1:15], mod)
    return rows


def _reference(shared_file) -> dict[tuple[int, int], tuple[list[str], int]]:
    text = shared_file("reference/movement.md").read_text(encoding="utf-8")
    return parse_reference_control_table(text)


def _row_for(rows, speed: float) -> tuple[list[str], int]:
    """Reference §3.4 [I]: the row holding the speed rounded up to a multiple of 5."""
    s = math.ceil(speed / 5) * 5
    for (lo, hi), row in rows.items():
        if lo <= s <= hi:
            return row
    raise AssertionError(f"no reference row for {speed}")


def hardness(cell: str) -> int:
    """Order of difficulty: safe < 2 < ... < 6 < XX."""
    if cell == SAFE:
        return 1
    if cell == LOST:
        return 7
    return int(cell)


# --- full-table checks ----------------------------------------------------------------------------


def test_reference_table_covers_5_to_300_mph(shared_file):
    rows = _reference(shared_file)
    spans = sorted(rows)
    assert spans[0] == (5, 10) and spans[-1] == (295, 300)
    assert all(b[0] == a[1] + 5 for a, b in zip(spans, spans[1:], strict=False))


def test_every_speed_and_hs_matches_the_reference_table_000_L174_L181(shared_file):
    rows = _reference(shared_file)
    for k in range(1, 121):
        speed = k * 2.5
        cells, mod = _row_for(rows, speed)
        for hs, cell in zip(HS_COLUMNS, cells, strict=True):
            assert control_need(speed, hs) == cell, f"{speed} mph, HS {hs}"
        assert tables().control.row(speed).crash_modifier == mod, f"{speed} mph crash modifier"


def test_hs_above_7_reads_column_7_and_below_minus_6_reads_column_minus_6(shared_file):
    rows = _reference(shared_file)
    for speed in range(5, 301, 5):
        cells, _ = _row_for(rows, speed)
        assert control_need(speed, 9) == cells[0]
        assert control_need(speed, -8) == cells[-1]


def test_data_rows_are_the_reference_rows(shared_file):
    rows = _reference(shared_file)
    data = {(r.lo, r.hi): ([r.cells[h] for h in HS_COLUMNS], r.crash_modifier) for r in tables().control.rows}
    assert data == rows


def test_control_table_never_gets_easier_as_speed_rises():
    speeds = [k * 2.5 for k in range(1, 121)]
    for hs in HS_COLUMNS:
        for slow, fast in zip(speeds, speeds[1:], strict=False):
            assert hardness(control_need(fast, hs)) >= hardness(control_need(slow, hs)), (slow, fast, hs)


def test_control_table_never_gets_easier_as_hs_falls():
    for k in range(1, 121):
        speed = k * 2.5
        for hi, lo in zip(HS_COLUMNS, HS_COLUMNS[1:], strict=False):
            assert hardness(control_need(speed, lo)) >= hardness(control_need(speed, hi)), (speed, hi, lo)


def test_crash_modifier_never_falls_as_speed_rises_000_L187():
    mods = [tables().control.row(s).crash_modifier for s in range(5, 301, 5)]
    assert mods == sorted(mods)


def test_zero_mph_never_rolls():
    for hs in HS_COLUMNS:
        assert control_need(0, hs) == SAFE


# --- worked examples ------------------------------------------------------------------------------


def test_60_mph_hc_2_drift_steep_drift_drift_000_L188_L190():
    """Drift D1 -> HS 1 safe; steep drift D3 -> HS -2 needs 2; drift D1 -> HS -3 needs 3."""
    man = tables().maneuvers
    hs = 2
    hs = lower_status(hs, man.drift_d)
    assert (hs, control_need(60, hs)) == (1, SAFE)
    hs = lower_status(hs, man.steep_d)
    assert (hs, control_need(60, hs)) == (-2, "2")
    hs = lower_status(hs, man.drift_d)
    assert (hs, control_need(60, hs)) == (-3, "3")


@pytest.mark.parametrize(
    ("speed", "hs", "expected"),
    [(45, -3, "2"), (50, -3, "2"), (35, -3, SAFE), (40, -3, SAFE), (85, -6, LOST), (90, -6, LOST), (200, 0, "6")],
)
def test_control_table_spot_checks_000_L177_L178(speed, hs, expected):
    """Reference §6.2 item 69 (the repaired rows 35-40 and 45-50, and external rows)."""
    assert control_need(speed, hs) == expected


def test_handling_status_never_goes_below_minus_6_000_L182():
    assert lower_status(-5, 3) == -6
    assert lower_status(-6, 1) == -6


def test_a_vehicle_at_minus_6_still_rolls_for_each_new_maneuver_000_L182():
    hs = lower_status(-6, 1)
    assert control_need(60, hs) == "5"
    dice = ScriptedDice([5])
    result = control_roll(60, hs, dice)
    assert result.die == 5 and result.kept and dice.count == 1


def test_control_roll_number_means_that_or_higher_keeps_control_000_L185_L186():
    for die, kept in [(1, False), (2, True), (6, True)]:
        dice = ScriptedDice([die])
        result = control_roll(60, -2, dice)
        assert (result.need, result.die, result.kept) == ("2", die, kept)
    dice = ScriptedDice([2])
    assert not control_roll(60, -3, dice).kept


def test_safe_rolls_no_die_and_xx_loses_control_without_a_roll_000_L183_L184():
    dice = ScriptedDice([])
    safe = control_roll(60, 1, dice)
    assert safe.kept and safe.die is None
    lost = control_roll(90, -6, dice)
    assert (lost.need, lost.kept, lost.die) == (LOST, False, None)
    assert dice.count == 0


def _total(mods) -> int:
    return sum(m.value for m in mods)


def test_crash_roll_difficulty_modifier_D4_plus_1_D1_minus_2_000_L313():
    assert [m.value for m in crash_modifiers(40, 4, 0) if m.name == "difficulty"] == [1]
    assert [m.value for m in crash_modifiers(40, 1, 0) if m.name == "difficulty"] == [-2]
    # at 35-40 mph the speed modifier is 0, so the difficulty is the whole modifier
    assert _total(crash_modifiers(40, 4, 0)) == 1
    assert _total(crash_modifiers(40, 1, 0)) == -2


def test_loss_of_control_at_20_mph_crash_roll_minus_2_000_L314():
    assert [m.value for m in crash_modifiers(20, 3, 0) if m.name == "speed"] == [-2]
    assert _total(crash_modifiers(20, 3, 0)) == -2


def test_crash_roll_minus_driver_skill_000_L312():
    assert _total(crash_modifiers(40, 3, 2)) == -2
    for m in crash_modifiers(20, 4, 1):
        assert m.rule.startswith("000:L31")


def _tstop_extra(v0: float) -> int:
    """000:L229: +1 per 20 mph (or fraction) of the T-stop's deceleration."""
    return math.ceil(v0 / tables().maneuvers.tstop_crash_mph_per_point)


def test_t_stop_from_60_crash_roll_plus_7_minus_skill_000_L229():
    """Reference §6.1 item 19: +3 (60/20) + speed modifier of 60 (+1) + (D6 - 3) = +7, minus skill."""
    d = base_difficulty(Maneuver("t_stop", "right"), 60)
    assert d == 6
    extra = (CrashModifier("t-stop", _tstop_extra(60), "000:L229"),)
    assert _tstop_extra(60) == 3
    assert _total(crash_modifiers(60, d, 0, extra=extra)) == 7
    assert _total(crash_modifiers(60, d, 2, extra=extra)) == 5


def test_t_stop_at_50_is_D5_with_crash_extra_3_000_L228_L229():
    """Reference §6.2 item 71: 50/20 = 2.5 rounds up to 3."""
    assert base_difficulty(Maneuver("t_stop", "left"), 50) == 5
    assert _tstop_extra(50) == 3
