"""Gas streamers (000:L2475, L2477): a 5" x 1/2" cloud running straight out from the side the streamer is
mounted on, smoke for the gas streamer, a flame cloud for the flame cloud gas streamer (reading CB77)."""

from __future__ import annotations

from rules.combat.dropped import kind_for_weapon, place
from rules.core.geometry import CounterSize, Pose

CAR = CounterSize(1.0, 0.5)


def test_a_gas_streamer_lays_a_5_inch_smoke_line_000_L2475() -> None:
    assert kind_for_weapon("GS") == "smoke" and kind_for_weapon("FCGS") == "flame_cloud"


def test_a_back_streamer_line_runs_straight_out_behind_000_L2475() -> None:
    c = place("smoke", Pose.at(10, 0, 90), CAR, "back", 1, 1, weapon="GS")   # heading east
    assert (c.length, c.width) == (5.0, 0.5)
    assert abs(c.pose.centre.x - (10 - 0.5 - 2.5)) < 1e-9 and abs(c.pose.centre.y) < 1e-9


def test_a_side_streamer_line_runs_straight_out_from_that_side_000_L2475() -> None:
    c = place("flame_cloud", Pose.at(10, 0, 90), CAR, "right", 1, 1, weapon="FCGS")
    assert abs(c.pose.centre.x - 10) < 1e-9 and abs(abs(c.pose.centre.y) - (0.25 + 2.5)) < 1e-9
    assert c.pose.facing % 180 == 0          # across the car's heading: straight out
    plain = place("smoke", Pose.at(10, 0, 90), CAR, "right", 1, 1, weapon="SS")
    assert plain.pose.facing == 90           # an ordinary smokescreen still lies along the car
