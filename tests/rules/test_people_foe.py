"""The foe rule for people (rules/ai/on_foot.py) and vehicles' shots at people on foot (issue 18)."""

from __future__ import annotations

from dataclasses import replace

from rules.ai.on_foot import decide
from rules.core.dice import ScriptedDice
from rules.core.events import PersonHurt, ShotFired
from rules.core.geometry import Pose
from rules.engine.engine import apply, check, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play import people
from rules.play.actions import Fire, Pass, SetSpeed
from rules.play.people_actions import GetOut, Prone, Shoot, Walk
from rules.play.state import FIRE, MOVE, SPEED, GameState, RuleOptions, evolve


def _game(gap: float = 6.0) -> GameState:
    setup = GameSetup((
        VehicleSetup("Red", "red", "Killer Kart", Pose.at(2, 2, 90), 0),
        VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(2 + gap, 2, 270), 0),
    ), seed=3, options=RuleOptions(people="on"))
    return new_game(setup)[0]


def _to(state: GameState, step: str, who: str) -> GameState:
    for _ in range(300):
        if state.step == step and who in to_act(state):
            return state
        actor = to_act(state)[0]
        if state.step == SPEED:
            a = SetSpeed(actor, 0)
        elif state.step == MOVE:
            a = Walk(actor, 0, 0) if people.is_person(state, actor) else legal_actions(state, actor)[0]
        else:
            a = Pass(actor)
        state, _ = apply(state, a)
    raise AssertionError("never came")


def _blue_driver_out(gap: float = 6.0) -> GameState:
    s = _to(_game(gap), FIRE, "Blue")
    s, _ = apply(s, GetOut("Blue", "driver"))
    return s


def test_foe_bails_out_of_a_dead_car():
    s = _to(_game(), FIRE, "Red")
    s = evolve(s, vehicles=tuple(replace(v, out=True) if v.id == "Red" else v for v in s.vehicles))
    s.derived.clear()
    action, why = decide(s, "Red", legal_actions(s, "Red"), "veteran", budget=60.0)
    assert action == GetOut("Red", "driver") and "bails out" in why


def test_foe_in_a_working_car_does_not_bail():
    s = _to(_game(), FIRE, "Red")
    action, _ = decide(s, "Red", legal_actions(s, "Red"), "veteran", budget=60.0)
    assert not isinstance(action, GetOut)


def test_foe_on_foot_gets_down_when_a_car_can_fire_at_him():
    s = _blue_driver_out()
    s = _to(s, MOVE, "Blue.driver")
    action, why = decide(s, "Blue.driver", legal_actions(s, "Blue.driver"), "veteran")
    assert action == Prone("Blue.driver") and "gets down" in why


def test_foe_on_foot_shoots_a_near_car_rather_than_lob_a_grenade_at_it():
    """At a car 3" off his SMG's point-blank shot (half its 1d on armor, 000:L1542) is worth more than an
    explosive that lands inside the car's 1/2" only on a good throw (000:L1176, L1576); far off he shoots."""
    s = _blue_driver_out(gap=3.0)
    s = _to(s, FIRE, "Blue.driver")
    action, _ = decide(s, "Blue.driver", legal_actions(s, "Blue.driver"), "veteran")
    assert action == Shoot("Blue.driver", "SMG", "Red")
    s = _blue_driver_out(gap=9.0)
    s = _to(s, FIRE, "Blue.driver")
    action, _ = decide(s, "Blue.driver", legal_actions(s, "Blue.driver"), "veteran")
    assert action == Shoot("Blue.driver", "SMG", "Red")


def test_a_vehicle_fires_its_weapon_at_a_man_on_foot_000_L878():
    """A vehicle weapon at a pedestrian: -3 for the pedestrian (000:L878); its damage wounds him, at
    least 1 point (000:L1457); the weapon and its crewman are spent for the turn (000:L820)."""
    s = _blue_driver_out(gap=5.0)
    s = _to(s, FIRE, "Red")
    shot = Fire("Red", "MG1", "Blue.driver")
    assert shot in legal_actions(s, "Red") and check(s, shot) is None
    s, _ = apply(s, shot)
    assert "MG1" in s.vehicle("Red").fired and check(s, Fire("Red", "MG1", "Blue")) is not None
    events = []
    dice = ScriptedDice([6, 6, 1] + [1] * 50)
    while s.step == FIRE and to_act(s):
        s, ev = apply(s, Pass(to_act(s)[0]), dice)
        events += ev
    shots = [e for e in events if isinstance(e, ShotFired) and e.vehicle == "Red"]
    assert shots and shots[0].hit and ("pedestrian", -3) in [(m.name, m.value) for m in shots[0].modifiers]
    hurt = [e for e in events if isinstance(e, PersonHurt)]
    assert hurt and hurt[0].body_taken == 1 and hurt[0].condition == "wounded"
    assert s.vehicle("Red").sheet.weapon("MG1").shots_left == 19
