"""Climbing onto a vehicle, riding on top, swinging down and being thrown off (issue 18; 000:L1474-L1503;
reading PD39)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.dice import ScriptedDice
from rules.core.events import ControlRolled, HazardMet, PersonHurt, PersonRode
from rules.core.geometry import Pose
from rules.engine.engine import apply, check, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.actions import Move, Pass, SetSpeed, parse
from rules.play.context import Ctx
from rules.play.people_actions import Board, GetOff
from rules.play.state import FIRE, GameState, RuleOptions, evolve

BEHIND = (13.625, 10.125)   # the square touching the back of blue (facing 270: its back is toward +x)
BESIDE = (12.875, 10.5)     # the square touching its right side


def _state(speed: float, at: tuple[float, float] = BEHIND) -> GameState:
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),
                       VehicleSetup("blue", "B", "Killer Kart", Pose.at(13, 10.125, 270), speed)),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "A", Pose.at(*at, 90), weapon="SMG"),))
    s = evolve(new_game(setup)[0], step=FIRE)
    s.derived.clear()
    return s


@pytest.mark.parametrize(("speed", "need"), [(0, 0), (10, 0), (15, 4), (20, 5), (25, 7), (30, 9), (35, 10), (40, 11)])
def test_the_roll_to_climb_aboard_by_speed_000_L1474_L1482(speed, need):
    s = _state(speed)
    assert people.board_need(s, people.person(s, "man"), s.vehicle("blue")) == need
    assert Board("man", "blue") in legal_actions(s, "man")


def test_45_mph_or_more_cannot_be_boarded_and_the_side_reads_15_mph_faster_000_L1482_L1483():
    s = _state(45)
    assert Board("man", "blue") not in legal_actions(s, "man") and check(s, Board("man", "blue")) is not None
    s = _state(0, BESIDE)    # standing still: no roll from any side (reading PD39)
    assert people.board_need(s, people.person(s, "man"), s.vehicle("blue")) == 0
    s = _state(10, BESIDE)   # from the side: read at 25 mph
    assert people.board_need(s, people.person(s, "man"), s.vehicle("blue")) == 7
    s = _state(30, BESIDE)   # 45 from the side: impossible
    assert Board("man", "blue") not in legal_actions(s, "man")


def test_a_made_climb_puts_him_on_top_and_he_rides_where_it_goes_000_L1496():
    """Made (a 9 at 30 mph), he is on the vehicle, busy a second reaching the top; he walks no more and goes
    with it: when it moves on, his square is where it is."""
    s = _state(30)
    s, ev = apply(s, Board("man", "blue"), ScriptedDice([4, 5] + [3] * 200))
    rode = [e for e in ev if isinstance(e, PersonRode)]
    assert rode and rode[0].made and rode[0].need == 9
    man = people.person(s, "man")
    assert man.riding == "blue" and not people.may_walk(s, man) and not people.may_fire(s, man)
    dice = ScriptedDice([3] * 400)
    for _ in range(200):
        if s.vehicle("blue").pose.x < 12.5:
            break
        who = to_act(s)[0]
        legal = legal_actions(s, who)
        keep = SetSpeed(who, s.vehicle(who).speed) if who in ("red", "blue") else None
        a = next((x for x in legal if isinstance(x, Pass) or x == keep), None) or next(
            (x for x in legal if isinstance(x, Move) and x.maneuver.kind == "straight"), legal[0])
        s, _ = apply(s, a, dice)
    assert s.vehicle("blue").pose.x < 12.5                     # it moved on (toward -x) ...
    assert people.person(s, "man").pose.centre == s.vehicle("blue").pose.centre   # ... and he with it


def test_a_missed_climb_hits_the_ground_as_rammed_10_mph_slower_000_L1495():
    s = _state(30)
    s, ev = apply(s, Board("man", "blue"), ScriptedDice([4, 4] + [6] * 200))
    rode = [e for e in ev if isinstance(e, PersonRode)]
    assert rode and not rode[0].made
    hurt = [e for e in ev if isinstance(e, PersonHurt)]
    assert hurt and hurt[0].cause == "hitting the ground"   # the ram dice at 20 mph (1d-4... rolled 6s: hurt)
    assert people.person(s, "man").riding == ""


def _riding(speed: float) -> GameState:
    s = _state(speed)
    man = people.person(s, "man")
    v = s.vehicle("blue")
    s = evolve(s, people=(replace(man, riding="blue", pose=Pose.at(v.pose.x, v.pose.y, v.pose.facing)),))
    s.derived.clear()
    return s


def test_a_hazard_of_d2_makes_him_roll_3_plus_1_per_10_mph_to_stay_on_000_L1502():
    """At 30 mph he needs 6; a D1 hazard or a D2 maneuver asks nothing; missed, he is thrown off with a
    jump's damage (000:L1470) into the square beside it."""
    s = _riding(30)
    ctx = Ctx(s, ScriptedDice([1, 1]))
    ctx.log.add(HazardMet("oil", "000:L249", "blue", what="oil", difficulty=1))
    ctx.log.add(ControlRolled("a bend", "000:L182", "blue", what="bend", difficulty=2, hs_before=3, hs=1, speed=30,
                              need="safe", rolled=None, kept=True))
    people.carry_riders(ctx, 0)
    assert people.person(ctx.state, "man").riding == "blue"        # nothing rolled: both dice still scripted
    ctx.log.add(HazardMet("debris", "000:L497", "blue", what="debris", difficulty=2))
    ctx.log.add(ControlRolled("the debris", "000:L497", "blue", what="debris", difficulty=2, hs_before=3, hs=1,
                              speed=30, need="4", rolled=5, kept=True))
    ctx.dice = ScriptedDice([2, 3, 6, 6, 6])                       # 5 < 6: thrown; then the landing's dice
    seen = people.carry_riders(ctx, 2)
    man = people.person(ctx.state, "man")
    assert man.riding == "" and seen == len(ctx.log.events)
    assert any(isinstance(e, PersonRode) and not e.aboard for e in ctx.log.events)
    assert any(isinstance(e, PersonHurt) for e in ctx.log.events)


def test_swinging_down_rolls_as_climbing_aboard_at_that_speed_000_L1501():
    s = _riding(20)
    legal = legal_actions(s, "man")
    assert GetOff("man") in legal and Board("man", "blue") not in legal
    s, ev = apply(s, GetOff("man"), ScriptedDice([3, 2] + [3] * 200))   # 5: made at 20 mph
    rode = [e for e in ev if isinstance(e, PersonRode)]
    assert rode and rode[0].made and rode[0].need == 5 and not rode[0].aboard
    assert people.person(s, "man").riding == "" and not any(isinstance(e, PersonHurt) for e in ev)


def test_the_actions_text_forms_parse_back():
    for a in (Board("red.driver", "blue"), GetOff("red.driver")):
        assert parse(str(a)) == a
