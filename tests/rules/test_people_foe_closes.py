"""The foe on foot goes for a shot, a blow or a throw and never turns on his own side (issue 18: foe gunners
stalled behind cover with no shots left; rules/ai/on_foot.py)."""

from __future__ import annotations

from dataclasses import replace

from rules.ai.on_foot import decide
from rules.core.geometry import Pose
from rules.engine.engine import check, legal_actions, new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.people_actions import Shoot, Sprint, Strike, Throw, Walk
from rules.play.state import FIRE, MOVE, GameState, RuleOptions, evolve


def _state(enemy_x: float, weapon: str = "SMG", grenades: tuple[str, ...] = (), step: str = FIRE,
           friend_car: bool = False, shots: int | None = None, phase: int = 1) -> GameState:
    cars = (VehicleSetup("red", "red", "Killer Kart", Pose.at(2, 30, 90), 0.0),
            VehicleSetup("blue", "blue", "Killer Kart", Pose.at(11.5 if friend_car else 40, 10.125 if friend_car else 40,
                                                              270), 0.0))
    setup = GameSetup(cars, seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("a", "blue", Pose.at(10.125, 10.125, 90), weapon=weapon,
                                          grenades=grenades, foe="veteran"),
                              PersonSetup("b", "red", Pose.at(enemy_x, 10.125, 270), weapon="SMG")))
    s = evolve(new_game(setup)[0], step=step, phase=phase, walkers=("a",) if step == MOVE else ())
    if shots is not None:
        s = evolve(s, people=tuple(replace(p, shots=shots) if p.id == "a" else p for p in s.people))
    s.derived.clear()
    return s


def test_with_no_shots_left_he_strikes_the_man_beside_him_000_L1452():
    """Hand-to-hand at a man in the next square (000:L1452-L1453) when his gun is empty."""
    s = _state(10.375, shots=0)
    legal = legal_actions(s, "a")
    assert Strike("a", "b") in legal
    action, why = decide(s, "a", legal, "veteran")
    assert action == Strike("a", "b") and "hand-to-hand" in why


def test_with_no_shots_left_he_walks_at_the_enemy_and_sprints_when_far_000_L1441():
    """Out of shots and 5" off, he sprints in phase 1 (5 mph faster, no firing: 000:L1441); in a later
    phase he steps toward the enemy instead of standing behind cover."""
    s = _state(15.125, step=MOVE, shots=0)
    action, _ = decide(s, "a", legal_actions(s, "a"), "veteran")
    assert action == Sprint("a")
    s = _state(15.125, step=MOVE, shots=0, phase=2)
    action, _ = decide(s, "a", legal_actions(s, "a"), "veteran")
    assert isinstance(action, Walk) and action.dx == 1


def test_at_arms_length_with_no_shots_he_stays_to_strike():
    """Beside the enemy a step more would spend the half of his squares a blow allows (000:L1455)."""
    s = _state(10.375, step=MOVE, shots=0, phase=2)
    action, _ = decide(s, "a", legal_actions(s, "a"), "veteran")
    assert action == Walk("a", 0, 0)


def test_a_rifle_is_not_fired_at_a_car_it_cannot_hurt_000_L1167():
    """A rifle's bullets hurt only tires and people (000:L1167): with the only enemy in reach a car, he
    holds his fire, though the shot is legal."""
    s = _state(60.0, weapon="Rifle")
    s = evolve(s, vehicles=tuple(replace(v, pose=Pose.at(14, 10.125, 270)) if v.id == "red" else v
                                 for v in s.vehicles))
    s.derived.clear()
    legal = legal_actions(s, "a")
    assert Shoot("a", "Rifle", "red") in legal
    action, _ = decide(s, "a", legal, "veteran")
    assert not (isinstance(action, Shoot) and action.target == "red")


def test_his_own_sides_car_is_a_legal_target_but_never_his_choice():
    """Nothing in the rules forbids a shot at a friend (000:L1449), so it stays legal; the foe never takes it,
    even with no enemy in reach."""
    s = _state(60.0, friend_car=True, grenades=("explosive",))
    legal = legal_actions(s, "a")
    own = Shoot("a", "SMG", "blue")
    assert own in legal and check(s, own) is None
    action, _ = decide(s, "a", legal, "veteran")
    assert not (isinstance(action, (Shoot, Strike)) and action.target == "blue")
    assert not isinstance(action, Throw)


def test_a_grenade_goes_at_an_enemy_car_within_a_throw():
    """An explosive grenade does 1d to a car within 1/2" (000:L1576): a man with a rifle, which cannot hurt
    the car, throws it instead (impact fuse)."""
    s = _state(60.0, weapon="Rifle", grenades=("explosive",))
    s = evolve(s, vehicles=tuple(replace(v, pose=Pose.at(13.5, 10.125, 270)) if v.id == "red" else v
                                 for v in s.vehicles))
    s.derived.clear()
    action, why = decide(s, "a", legal_actions(s, "a"), "veteran")
    assert isinstance(action, Throw) and action.fuse == 0 and "red" in why
    assert people.person(s, "a") is not None
