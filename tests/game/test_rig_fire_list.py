"""The fire list of a rig (issue 19): the highlighted row is a shot at a foe, or Hold fire, never a shot at
the rig's own trailer (the engine does not offer one, M-R29) nor at a friend that happens to be nearer."""

from __future__ import annotations

from game.battle.fire_choices import build, default_index
from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Fire, Pass
from rules.play.state import GameState
from tests.rules.test_rig_sides import at_fire
from tests.rules.test_rigs_in_play import PARKED, calm_seed


def rig_with(*others: VehicleSetup) -> GameState:
    vs = (VehicleSetup("rig", "a", "Annihilator", Pose.at(0, 0, 0), speed=10, trailer="Brotherhood"), *others)
    return at_fire(engine.new_game(GameSetup(vs, seed=calm_seed(4)))[0])


def rows_of(state: GameState) -> list:  # type: ignore[type-arg]
    owners = {v.id: v.owner for v in state.vehicles}
    return build(state, engine.legal_actions(state, "rig"), owners, False)


def test_the_first_shot_highlighted_is_at_the_foe_not_the_nearer_friend() -> None:
    state = rig_with(VehicleSetup("F", "a", PARKED, Pose.at(-2.5, 1, 0), speed=0),
                     VehicleSetup("W", "w", PARKED, Pose.at(7, 4, 0), speed=0))
    rows = rows_of(state)
    shots = [c for c in rows if isinstance(c.action, Fire) and not c.hopeless]
    assert {c.action.target for c in shots} == {"F", "W"}          # never the own trailer
    assert shots[0].action.target == "F"                           # the friend's shot is the likeliest
    first = rows[default_index(rows, state)]
    assert isinstance(first.action, Fire) and first.action.target == "W"


def test_with_no_foe_in_reach_hold_fire_is_highlighted() -> None:
    state = rig_with(VehicleSetup("F", "a", PARKED, Pose.at(-2.5, 1, 0), speed=0),
                     VehicleSetup("W", "w", PARKED, Pose.at(-80, 0, 0), speed=0))
    rows = rows_of(state)
    assert any(isinstance(c.action, Fire) and c.action.target == "F" and not c.hopeless for c in rows)
    assert isinstance(rows[default_index(rows, state)].action, Pass)
