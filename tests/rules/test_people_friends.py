"""Foes do not run over their own side on foot (issue 18 item 7): a predicted contact with a friendly
pedestrian costs a plan as a wall does (rules/ai/foe.py, rules/ai/plan.py via people.friends_under)."""

from __future__ import annotations

from rules.ai.on_foot import decide
from rules.core.events import PersonRunOver
from rules.core.geometry import Pose
from rules.engine.engine import apply, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.actions import Move
from rules.play.people_actions import Walk
from rules.play.state import RuleOptions

CAR = "generic kind=car hc=3 accel=10 top=100 weight=3000 tire=4 armor=10"


def _game(friend_owner: str):
    setup = GameSetup((VehicleSetup("car", "A", CAR, Pose.at(10, 15, 90), 30.0, foe="veteran"),
                       VehicleSetup("far", "B", CAR, Pose.at(60, 40, 270), 0.0, foe="veteran")),
                      seed=3, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", friend_owner, Pose.at(13.125, 15.125, 0), weapon="SMG"),))
    return new_game(setup)[0]


def test_the_straight_move_would_run_him_down():
    """The man stands in the car's lane: its straight path over the next inches covers his square
    (000:L1451: a vehicle that comes onto a pedestrian's square hits him)."""
    state = _game("A")
    size = state.rules.movement.handling.counters[state.vehicle("car").spec.kind]
    lane = [Pose.at(10 + k * 0.25, 15, 90) for k in range(0, 20)]
    assert people.friends_under(state, "A", lane, size) == ["man"]
    assert people.friends_under(state, "B", lane, size) == []


def test_a_foe_steers_round_a_man_of_its_own_side():
    """000:L1451: running him down would hurt him; the foe's car goes round its own man standing still."""
    state = _game("A")
    moves = []
    for _ in range(300):
        if state.turn > 2:
            break
        who = to_act(state)[0]
        legal = legal_actions(state, who)
        if who == "man":
            action = next((a for a in legal if isinstance(a, Walk) and (a.dx, a.dy) == (0, 0)), legal[0])
        else:
            action = decide(state, who, legal, "veteran", budget=30.0)[0]
        if who == "car" and isinstance(action, Move):
            moves.append(action.maneuver.kind)
        state, events = apply(state, action)
        assert not any(isinstance(e, PersonRunOver) for e in events), "ran over its own man"
    man = people.person(state, "man")
    assert man is not None and man.damage == 0
    assert any(k != "straight" for k in moves)   # it had to turn to miss him
