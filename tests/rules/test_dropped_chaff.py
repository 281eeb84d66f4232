"""Chaff (000:L2490, L2493): a 1" x 1/2" foil cloud (HD 1" x 2") laid beside the vehicle; driving through
it is a D1 hazard; it lasts one second, read as to the end of the turn it is laid (reading CB76)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.dropped import end_of_turn, kind_for_weapon, size_for
from rules.core.events import HazardMet
from tests.rules.test_dropped_play import _drive, chase, counter


def test_a_chaff_dispenser_lays_a_chaff_cloud_000_L2490_L2493() -> None:
    assert kind_for_weapon("CD") == "chaff" and kind_for_weapon("HDCD") == "chaff"
    assert size_for("chaff", "CD") == (1.0, 0.5) and size_for("chaff", "HDCD") == (1.0, 2.0)


def test_driving_through_chaff_is_a_d1_hazard_000_L2490() -> None:
    state = replace(chase(), counters=(counter("chaff", 8.5),))
    _state, events = _drive(state, "Kart", 1.0, [6] * 10)
    assert any(isinstance(e, HazardMet) and "chaff" in e.what and e.difficulty == 1 for e in events)  # type: ignore[attr-defined]


def test_chaff_is_gone_at_the_end_of_the_turn_it_was_laid_000_L2490() -> None:
    laid = counter("chaff", 8.5, turn=3)
    assert end_of_turn((laid,), 3) == ()
    assert end_of_turn((counter("smoke", 8.5, turn=3),), 3) != ()   # smoke stays a turn longer (000:L1049)
