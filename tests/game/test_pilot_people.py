"""The client's pilot at a fire step that concerns people (issue 18): a man beside a vehicle may climb
onto it at any fire step (000:L1474-L1483, reading PD39), but that alone asks him once a turn, like a
car's declined dropper or lamp; a shot, throw or blow at a foe asks him every time."""

from __future__ import annotations

from game.battle.pilot import Answer, Orders, answer
from rules.core.geometry import Pose
from rules.engine.engine import legal_actions, new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play.actions import Pass
from rules.play.people_actions import Board, Shoot
from rules.play.state import FIRE, GameState, RuleOptions, evolve

BEHIND = (13.625, 10.125)   # the square touching the back of "car" (facing 270: its back is toward +x)


def _state(car_owner: str, far: tuple[float, float] = (2, 80)) -> GameState:
    setup = GameSetup((VehicleSetup("far", "B", "Killer Kart", Pose.at(*far, 90), 0.0),
                       VehicleSetup("car", car_owner, "Killer Kart", Pose.at(13, 10.125, 270), 0.0)),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "A", Pose.at(*BEHIND, 90), weapon="SMG"),))
    s = evolve(new_game(setup)[0], step=FIRE)
    s.derived.clear()
    return s


def test_beside_his_own_car_with_no_foe_in_reach_he_is_asked_once_a_turn_000_L1474():
    s = _state("A")
    legal = legal_actions(s, "man")
    assert Board("man", "car") in legal and not any(isinstance(a, Shoot) and a.target == "far" for a in legal)
    orders = Orders()
    assert answer(s, "man", legal, orders) == Answer()          # climbing on is a choice: asked
    orders.decline_extras("man", s.turn, legal)                  # he passed
    assert answer(s, "man", legal, orders).action == Pass("man")   # not asked again this turn
    later = evolve(s, turn=s.turn + 1)
    assert answer(later, "man", legal, orders) == Answer()      # a new turn asks again


def test_a_new_vehicle_to_climb_onto_asks_again_000_L1474():
    s = _state("A")
    legal = legal_actions(s, "man")
    orders = Orders()
    orders.decline_extras("man", s.turn, [a for a in legal if a != Board("man", "car")])
    assert answer(s, "man", legal, orders) == Answer()


def test_a_shot_at_a_foe_asks_him_every_fire_step_000_L1164():
    s = _state("B")   # the car beside him is the other side's: his SMG can hit it
    legal = legal_actions(s, "man")
    assert Shoot("man", "SMG", "car") in legal
    orders = Orders()
    orders.decline_extras("man", s.turn, legal)
    assert answer(s, "man", legal, orders) == Answer()
