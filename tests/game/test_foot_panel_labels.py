"""When a car's fire step goes to the crew-and-people panel (a man on foot is near), its shots at
vehicles read as the fire panel words them, each with its aim and the roll it needs: they had read
"MG1 at blue" once for every aim, with no roll (found by playing the rooftop gunners)."""

from __future__ import annotations

from game.battle.foot_panel import describe
from rules.ai import random_driver
from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Fire
from rules.play.state import FIRE


def test_a_cars_shots_at_a_car_are_told_apart_with_their_rolls() -> None:
    setup = GameSetup((VehicleSetup("red", "Ann", "Stinger", Pose.at(10, 10, 90), 20.0),
                       VehicleSetup("blue", "Bob", "Stinger", Pose.at(16, 10, 270), 20.0)), seed=2)
    state, _ = engine.new_game(setup)
    n = 0
    while not (state.step == FIRE and any(isinstance(a, Fire) for v in engine.to_act(state)
                                          for a in engine.legal_actions(state, v))):
        who = engine.to_act(state)[0]
        state, _ = engine.apply(state, random_driver.pick(state, who, engine.legal_actions(state, who), 2, n)[0])
        n += 1
    vid = next(v for v in engine.to_act(state) if any(isinstance(a, Fire) for a in engine.legal_actions(state, v)))
    shots = [a for a in engine.legal_actions(state, vid) if isinstance(a, Fire)]
    labels = [describe(state, a) for a in shots]
    assert len(set(labels)) == len(labels), labels                       # every aim told apart
    assert all("+" in x or "cannot hit" in x for x in labels), labels    # and the roll it needs


def test_a_man_on_a_roof_is_offered_a_drop_with_its_roll_000_L1485_L1492() -> None:
    """From the Bank's roof edge, a Killer Kart (a subcompact, 8) passing at 25 mph (-1) below: 'drop onto
    car: needs 9', not the climbing table's words."""
    from rules.play.people_actions import Board
    from tests.rules.test_people_drop_on import _state
    state = _state("Killer Kart", 25)
    assert describe(state, Board("man", "car")) == "drop onto car: needs 9"
