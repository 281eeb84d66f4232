"""A foe towing a trailer turns back on a target it has just passed, as a car does (test_ai_reengage): the
trailer follows onto the hitch and, stopped short by a collision, holds its tower back (reading M-R30), so the
tower's preview no longer needs to keep rigs from turning. Program choices, not rulebook rules; the maneuver
picked is one of the engine's legal actions (000:L182-L186) and the coupling stays on (000:L557, L564)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rules.ai.foe import decide
from rules.core.geometry import Pose, angle_diff, heading_of
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Move
from rules.play.state import MOVE, GameState, RuleOptions
from tests.rules.test_ai import _advance_to, box_map
from tests.rules.test_rigs_in_play import on_hitch

BUDGET = 60.0   # a cap a loaded machine cannot reach: the profile's node budget sizes the search


def _front_gun_rig(state: GameState, vid: str) -> GameState:
    """The Morgan's turret gun moved to the front: a turret keeps a passed target in its arc without turning."""
    v = state.vehicle(vid)
    weapons = tuple(replace(w, location="front", mount="") if w.mount == "turret" else w for w in v.sheet.weapons)
    sheet = replace(v.sheet, weapons=weapons)
    return replace(state, vehicles=tuple(replace(x, sheet=sheet) if x.id == vid else x for x in state.vehicles))


def test_a_car_towing_a_trailer_turns_back_hard_on_a_target_just_passed(tmp_path: Path) -> None:
    setups = (VehicleSetup("A", "A", "Morgan", Pose.at(12, 6, 90), 15, trailer="Raven"),
              VehicleSetup("B", "B", "Killer Kart", Pose.at(9, 7, 270), 10))
    state, _ = engine.new_game(GameSetup(setups, seed=1, map=box_map(tmp_path), options=RuleOptions(fire_step="on")))
    state = _advance_to(_front_gun_rig(state, "A"), "A", MOVE)
    legal = engine.legal_actions(state, "A")
    action, why = decide(state, "A", legal, "veteran", BUDGET)
    assert action in legal and isinstance(action, Move), why
    assert action.maneuver.kind == "bend" and action.maneuver.degrees >= 45, why
    after = engine.apply(state, action)[0]
    start, end = state.vehicle("A").pose, after.vehicle("A").pose
    target = state.vehicle("B").pose.centre
    assert angle_diff(end.facing, heading_of(target - end.centre)) < angle_diff(start.facing, heading_of(target - start.centre))
    assert on_hitch(after, "A") < 2e-3
