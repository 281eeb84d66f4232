"""Sprinting (issue 18, PD21 -> PD32; 000:L1441): 5 mph faster for up to 10 seconds, no firing while
sprinting, then running on at base speed up to 10 seconds more, then a second's rest for every 2 sprinted."""

from __future__ import annotations

from dataclasses import replace

from rules.core.events import PersonSprint
from rules.core.geometry import Pose
from rules.engine.engine import apply, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.actions import Pass, SetSpeed, parse
from rules.play.people_actions import Shoot, Sprint, Walk
from rules.play.state import FIRE, MOVE, SPEED, GameState, RuleOptions, evolve


def _game(enemy_at: tuple[float, float] = (40.0, 40.0)) -> GameState:
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),
                       VehicleSetup("blue", "B", "Killer Kart", Pose.at(*enemy_at, 270), 0.0)),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "A", Pose.at(10.125, 10.125, 90), weapon="SMG"),))
    return new_game(setup)[0]


def _play_turn(s: GameState, sprint: bool, step: tuple[int, int] = (1, 0)) -> tuple[GameState, list]:
    """One turn: the man sprints (or not) at his first step and walks `step` whenever he may."""
    turn, events = s.turn, []
    while s.turn == turn:
        who = to_act(s)[0]
        acts = legal_actions(s, who)
        if who == "man" and s.step == MOVE:
            a = Sprint("man") if sprint and Sprint("man") in acts else Walk("man", *step)
            if a not in acts:
                a = Walk("man", 0, 0)
        elif s.step == SPEED:
            a = SetSpeed(who, 0.0)
        elif s.step == MOVE:
            a = next(x for x in acts if "straight" in str(x))
        else:
            a = Pass(who)
        s, ev = apply(s, a)
        events += ev
    return s, events


def test_a_sprinter_covers_7_squares_a_turn_instead_of_5_000_L1441():
    """000:L1439-L1441: 12.5 mph is 5 squares a turn; sprinting, 17.5 mph reads the 70 mph row: 7."""
    s = _game()
    x0 = people.person(s, "man").pose.x
    walked, _ = _play_turn(s, sprint=False)
    assert round((people.person(walked, "man").pose.x - x0) / 0.25) == 5
    ran, ev = _play_turn(s, sprint=True)
    assert round((people.person(ran, "man").pose.x - x0) / 0.25) == 7
    assert any(isinstance(e, PersonSprint) and e.sprinting and e.rule == "000:L1441" for e in ev)


def test_no_firing_while_sprinting_000_L1441():
    """000:L1441 (and L1449): a sprinting man cannot fire, though a car is in his SMG's reach."""
    s = _game(enemy_at=(16.0, 10.0))
    seen_fire = False
    turn = s.turn
    while s.turn == turn:
        who = to_act(s)[0]
        acts = legal_actions(s, who)
        if who == "man" and s.step == MOVE:
            a = Sprint("man") if Sprint("man") in acts else Walk("man", 0, 0)
        elif who == "man" and s.step == FIRE:
            raise AssertionError("a sprinting man was asked to fire")
        elif s.step == SPEED:
            a = SetSpeed(who, 0.0)
        elif s.step == MOVE:
            a = next(x for x in acts if "straight" in str(x))
        else:
            a = Pass(who)
            seen_fire = True
        s, _ = apply(s, a)
    assert seen_fire
    # the next turn, not sprinting, he may shoot again
    assert not people.sprinting(s, people.person(s, "man"))
    fresh = _game(enemy_at=(16.0, 10.0))
    fresh = evolve(fresh, step=FIRE)
    assert any(isinstance(a, Shoot) for a in people.fire_options(fresh, "man"))


def test_rest_a_second_for_every_two_sprinted_000_L1441():
    """000:L1441: 'if he Sprinted for 6 seconds, he must rest for 3': two sprinted seconds, then a turn
    standing still, cost one second of rest, in which he neither walks nor fires; three cost two (PD32)."""
    s = _game()
    for _ in range(2):
        s, _ = _play_turn(s, sprint=True)
    assert people.person(s, "man").sprinted == 2
    s, ev = _play_turn(s, sprint=False, step=(0, 0))   # he stops
    rests = [e for e in ev if isinstance(e, PersonSprint) and not e.sprinting]
    assert rests and rests[0].rest == 1
    p = people.person(s, "man")
    assert p.sprinted == 0 and p.busy_until > people.now(s)
    assert "man" not in people.walkers(s) and not people.may_fire(s, p)
    odd = _game()
    for _ in range(3):
        odd, _ = _play_turn(odd, sprint=True)
    odd, ev = _play_turn(odd, sprint=False, step=(0, 0))
    assert [e.rest for e in ev if isinstance(e, PersonSprint) and not e.sprinting] == [2]


def test_ten_seconds_of_sprint_at_most_then_ten_of_running_on_000_L1441():
    """000:L1441: up to 10 seconds of sprint; after it he may run on at base speed at most 10 seconds, then
    he must rest; no new sprint until he has."""
    s = _game()
    p = people.person(s, "man")
    s = evolve(s, people=(replace(p, sprinted=10),))
    s.derived.clear()
    assert Sprint("man") not in legal_actions(s, "man")
    s, _ = _play_turn(s, sprint=False)          # the first second of running on
    p = people.person(s, "man")
    assert p.ran_on == 1 and p.sprinted == 10
    s = evolve(s, people=(replace(p, ran_on=9),))
    s.derived.clear()
    s, ev = _play_turn(s, sprint=False)          # the tenth: then he must rest 5 seconds
    assert [e.rest for e in ev if isinstance(e, PersonSprint) and not e.sprinting] == [5]


def test_the_sprint_action_prints_and_parses():
    assert str(Sprint("red.driver")) == "red.driver sprint"
    assert parse("red.driver sprint") == Sprint("red.driver")
