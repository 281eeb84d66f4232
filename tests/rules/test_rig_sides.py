"""The two counters of a rig are one side (issue 19, reading M-R29 in docs/RULES-DEVIATIONS.md): a tower never
fires on its own hitched trailer, nor the trailer's gunners on their tower; the trailer is its tower owner's
(the foes' friend and foe, the scenario's sides)."""

from __future__ import annotations

from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import fire_problem
from rules.play.actions import Fire, Move, SetSpeed
from rules.play.state import FIRE, GameState
from tests.rules.test_rigs_in_play import PARKED, calm_seed


def at_fire(state: GameState) -> GameState:
    """Keep every speed and drive straight on until the first fire step."""
    while state.step != FIRE:
        vid = engine.to_act(state)[0]
        acts = engine.legal_actions(state, vid)
        keep = [a for a in acts if isinstance(a, SetSpeed) and a.mph == state.vehicle(vid).signed_speed]
        straight = [a for a in acts if isinstance(a, Move) and a.maneuver.kind == "straight"]
        state, _ = engine.apply(state, (keep or straight or acts)[0])
    return state


def rig_beside_a_foe() -> GameState:
    """The armed rig heading north; a foe's car level with the trailer, 4" to its right."""
    vs = (VehicleSetup("rig", "a", "Annihilator", Pose.at(0, 0, 0), speed=10, trailer="Brotherhood"),
          VehicleSetup("W", "w", PARKED, Pose.at(4, 3, 0), speed=0))
    return at_fire(engine.new_game(GameSetup(vs, seed=calm_seed(4)))[0])


def test_a_tower_never_fires_on_its_own_trailer_M_R29() -> None:
    state = rig_beside_a_foe()
    rig = [a for a in engine.legal_actions(state, "rig") if isinstance(a, Fire)]
    assert {a.target for a in rig} == {"W"}                       # the turret lasers bear on the foe behind
    assert {a.weapon for a in rig} >= {"TwL1"}
    why = fire_problem(state, Fire("rig", "TwL1", "rig_trailer"))
    assert why == "rig_trailer is rig's own trailer"


def test_a_trailers_gunners_never_fire_on_their_tower_M_R29() -> None:
    state = rig_beside_a_foe()
    shots = [a for a in engine.legal_actions(state, "rig_trailer") if isinstance(a, Fire)]
    assert shots and {a.target for a in shots} == {"W"}
    assert fire_problem(state, Fire("rig_trailer", "GG1", "rig")) == "rig is rig_trailer's own tower"


def test_a_trailer_is_its_towers_owners() -> None:
    state = rig_beside_a_foe()
    assert state.vehicle("rig_trailer").owner == state.vehicle("rig").owner == "a"
