"""Dropping onto a vehicle from a roof and jumping from one vehicle to another (issue 18; 000:L1485-L1495;
reading PD42): the Board action from a roof or from a mount, with its own rolls."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.dice import ScriptedDice
from rules.core.events import DiceRolled, PersonHurt, PersonRode
from rules.core.geometry import Pose
from rules.engine.engine import apply, legal_actions, new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import drop_on, people
from rules.play.people_actions import Board
from rules.play.state import FIRE, GameState, RuleOptions, evolve

ROOFTOPS = "maps/rooftops.toml"
BANK_EDGE = (13.125, 6.875)     # the Bank's roof (20 ft), the square at its street edge (y = 7)
UNDER = Pose.at(13, 7.25, 90)   # a car on the sidewalk below it, its counter touching his square


def _state(stock: str, speed: float, man: tuple[float, float] = BANK_EDGE, pose: Pose = UNDER,
           road: str = "dry", also: tuple[VehicleSetup, ...] = ()) -> GameState:
    setup = GameSetup((VehicleSetup("car", "B", stock, pose, speed),
                       VehicleSetup("far", "B", "Killer Kart", Pose.at(27, 9.25, 270), 0.0), *also),
                      seed=3, map=ROOFTOPS, options=RuleOptions(people="on", road_condition=road),
                      people=(PersonSetup("man", "A", Pose.at(*man, 180), weapon="SMG"),))
    s = evolve(new_game(setup)[0], step=FIRE)
    s.derived.clear()
    return s


@pytest.mark.parametrize(("stock", "speed", "need"), [
    ("Killer Kart", 10, 8),    # a subcompact: 8 (000:L1491)
    ("Killer Kart", 25, 9),    # 20 to 30 mph: -1 (000:L1492)
    ("Killer Kart", 35, 11),   # 35 or 40 mph: -3
    ("Hotshot", 40, 10),       # a luxury: 7 (000:L1490), -3
    ("Hotshot", 50, 12),       # 2 more for every 10 mph faster
    ("Killer Kart", 50, -1),   # 13 needed: impossible, not offered
    ("Economy", 20, 6),        # a tractor: 5 (000:L1487), -1
])
def test_the_roll_to_drop_onto_a_passing_vehicle_000_L1485_L1492(stock, speed, need):
    s = _state(stock, speed)
    man = people.person(s, "man")
    assert people.level_of(s, "man") > 0
    assert people.board_need(s, man, s.vehicle("car")) == need
    assert (Board("man", "car") in legal_actions(s, "man")) == (need >= 0)


def test_bad_weather_takes_one_from_the_roll_000_L1492():
    s = _state("Killer Kart", 25, road="light_rain")
    assert people.board_need(s, people.person(s, "man"), s.vehicle("car")) == 10


def test_the_speed_modifier_by_mph_000_L1492():
    d = _state("Killer Kart", 0).rules.people.dropping_on
    assert [d.speed_mod(m) for m in (15, 20, 30, 35, 40, 50, 60, 70)] == [0, -1, -1, -3, -3, -5, -7, -9]


def test_a_made_drop_puts_him_on_its_top_000_L1485_L1496():
    s = _state("Killer Kart", 25)
    s, ev = apply(s, Board("man", "car"), ScriptedDice([4, 5] + [3] * 50))
    rode = next(e for e in ev if isinstance(e, PersonRode))
    assert rode.made and rode.need == 9 and "drops onto" in rode.text
    man = people.person(s, "man")
    assert man.riding == "car" and man.busy_until > people.now(s)   # a second to stand up on it (000:L1496)


def test_a_missed_drop_lands_him_in_the_street_rammed_at_the_speed_less_10_000_L1495():
    s = _state("Killer Kart", 30)
    s, ev = apply(s, Board("man", "car"), ScriptedDice([1, 2] + [1] * 50))
    man = people.person(s, "man")
    assert not man.riding and people.level_of(s, "man") == 0.0   # off the roof, beside the car
    assert any(isinstance(e, PersonHurt) for e in ev)


def test_a_missed_drop_onto_a_tractor_doubles_the_damage_000_L1487():
    s = _state("Economy", 30)
    d = s.rules.people.dropping_on
    assert drop_on.failure_times(d, s.vehicle("car")) == 2
    _s, ev = apply(s, Board("man", "car"), ScriptedDice([1, 1] + [1] * 50))   # 20 mph: 1d, a 1, doubled
    rolled = [e for e in ev if isinstance(e, DiceRolled) and "hits the ground" in e.what]
    assert rolled and "(x2)" in rolled[0].what and rolled[0].total == 1
    assert sum(e.points for e in ev if isinstance(e, PersonHurt)) == 2


def _riding(beside_gap: float, b_speed: float = 40, b_facing: float = 90) -> GameState:
    """The man rides car A (40 mph east on the main street); car B runs beside it `beside_gap` inches away."""
    a = Pose.at(10, 9.25, 90)
    width = 0.5   # a car counter's width (000:L133)
    b = VehicleSetup("other", "B", "Killer Kart", Pose.at(10, 9.25 + width + beside_gap, b_facing), b_speed)
    s = _state("Killer Kart", 40, man=(10, 4), pose=a, also=(b,))   # he starts on the Bank's roof, then rides A
    man = replace(people.person(s, "man"), riding="car", pose=a)
    return evolve(s, people=tuple(man if p.id == "man" else p for p in s.people))


def test_vehicle_to_vehicle_within_a_quarter_inch_climbs_at_the_relative_speed_less_2_000_L1493():
    s = _riding(0.125)              # both at 40 mph the same way: relative 0, automatic, read as 2; -2: 4
    man = people.person(s, "man")
    assert drop_on.counters_gap(s, s.vehicle("car"), s.vehicle("other")) == pytest.approx(0.125)
    assert people.board_need(s, man, s.vehicle("other")) == 4
    s2 = _riding(0.125, b_speed=20)   # 20 mph relative: 5, -2: 7
    assert people.board_need(s2, people.person(s2, "man"), s2.vehicle("other")) == 7
    assert Board("man", "other") in legal_actions(s, "man")


def test_vehicle_to_vehicle_within_three_quarters_drops_less_2_and_farther_is_out_of_reach_000_L1493():
    s = _riding(0.5)                # the dropping-on table: a subcompact 8, relative 0 mph, -2: 10
    assert people.board_need(s, people.person(s, "man"), s.vehicle("other")) == 10
    far = _riding(0.8)
    assert Board("man", "other") not in legal_actions(far, "man")


def test_a_jump_across_made_rides_the_other_vehicle_000_L1493():
    s = _riding(0.125)
    s, ev = apply(s, Board("man", "other"), ScriptedDice([2, 3] + [3] * 50))
    rode = next(e for e in ev if isinstance(e, PersonRode))
    assert rode.made and "jumps from car to other" in rode.text
    assert people.person(s, "man").riding == "other"


def test_cycles_have_no_top_to_drop_onto_reading_PD42():
    s = _state("Killer Kart", 0)
    d = s.rules.people.dropping_on
    assert d.need("cycle", "") == -1
