"""Chart readings outside cars: pedestrians (000:L538, 001:L143) and ultra-slow movement (000:L593)."""

from __future__ import annotations

import pytest

from rules.tables.movement import tables


def test_pedestrian_at_12_5_mph_moves_a_quarter_inch_every_phase_000_L538():
    assert tables().chart.pedestrian(12.5) == (0.25,) * 5


def test_pedestrian_at_17_5_mph_reads_the_70_mph_row_001_L143():
    squares = [round(x / 0.25) for x in tables().chart.pedestrian(17.5)]
    assert squares == [2, 1, 2, 1, 1]
    assert sum(squares) == 7


def test_pedestrian_speed_beyond_the_chart_is_refused():
    with pytest.raises(ValueError):
        tables().chart.pedestrian(80)


def test_ultra_slow_2_5_mph_is_one_square_in_phase_1_000_L593():
    assert tables().chart.row(2.5).phases == (0.25, 0, 0, 0, 0)
