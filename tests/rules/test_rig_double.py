"""A double: a second trailer hitched behind the first (000:L567, reading M-R32, issue 19). "If a rig is towing
a second trailer, move the towing vehicle first, then resolve movement for the first trailer, then do the same
for the second trailer as if the first trailer was the towing vehicle." """

from __future__ import annotations

import pytest

from rules.core.dice import ScriptedDice
from rules.core.events import TrailerFollowed
from rules.core.geometry import Pose
from rules.driving.articulated import coupling_point, hitch_point
from rules.driving.maneuvers import Maneuver
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Move
from rules.play.rigs import coupling_of, rig_of, trailer_after, trailer_of
from rules.play.state import GameState
from tests.rules.test_rigs_in_play import PARKED, calm_seed, rig_game, to_move


def double_game(mph: float = 40) -> GameState:
    """The Annihilator pulling the Brotherhood semi-trailer and a Budget Box behind it, north at the origin."""
    vs = (VehicleSetup("rig", "a", "Annihilator", Pose.at(0, 0, 0), speed=mph, trailer="Brotherhood",
                       trailer2="Budget Box"),
          VehicleSetup("W", "w", PARKED, Pose.at(-60, 0, 0), speed=0))
    return engine.new_game(GameSetup(vs, seed=calm_seed(4)))[0]


def gaps(state: GameState) -> list[float]:
    """How far each trailer's coupling point is from the hitch it hangs on, head first."""
    out = []
    for tid in rig_of(state, "rig")[1:]:
        tr = state.vehicle(tid)
        tower = state.vehicle(tr.towed_by)
        c = coupling_of(tower, tr)
        out.append((coupling_point(tr.pose, c) - hitch_point(tower.pose, c)).length())
    return out


def test_a_double_is_fielded_straight_behind_on_both_hitches_000_L567() -> None:
    state = double_game()
    assert rig_of(state, "rig_trailer2") == ("rig", "rig_trailer", "rig_trailer2")
    first, second = state.vehicle("rig_trailer"), state.vehicle("rig_trailer2")
    assert first.towed_by == "rig" and second.towed_by == "rig_trailer"
    assert second.pose.facing == 0 and second.pose.y > first.pose.y            # behind the first
    assert max(gaps(state)) < 1e-6
    assert second.speed == first.speed == 40
    # the tower pulls both: its top speed counts their two weights (000:L553, L2065-L2074)
    single = rig_game()
    assert state.vehicle("rig").spec.top_speed < single.vehicle("rig").spec.top_speed


@pytest.mark.parametrize("m", [Maneuver("straight"), Maneuver("bend", "right", degrees=15),
                               Maneuver("drift", "left", 0.25), Maneuver("bend", "left", degrees=30)])
def test_the_second_trailer_follows_the_first_as_if_it_were_the_tower_000_L567(m: Maneuver) -> None:
    state = to_move(double_game())
    first0, second0 = state.vehicle("rig_trailer").pose, state.vehicle("rig_trailer2").pose
    after, events = engine.apply(state, Move("rig", m), ScriptedDice([], fallback_seed=7))
    order = [e.vehicle for e in events if isinstance(e, TrailerFollowed)]
    assert order == ["rig_trailer", "rig_trailer2"]               # the tower, the first, then the second
    first, second = after.vehicle("rig_trailer"), after.vehicle("rig_trailer2")
    c2 = coupling_of(first, second)
    want = trailer_after(first0, first.pose, second0, c2, reverse=False)   # the first as its towing vehicle
    assert second.pose.to_json() == want.to_json()
    assert max(gaps(after)) < 2e-3                                # both couplings on their hitches


def test_a_rig_never_shoots_its_own_second_trailer_reading_M_R29() -> None:
    from rules.phases.fire_step import fire_problem
    from rules.play.actions import Fire
    from tests.rules.test_rig_sides import at_fire
    vs = (VehicleSetup("rig", "a", "Annihilator", Pose.at(0, 0, 0), speed=10, trailer="Brotherhood",
                       trailer2="Budget Box"),
          VehicleSetup("W", "w", PARKED, Pose.at(4, 3, 0), speed=0))
    state = at_fire(engine.new_game(GameSetup(vs, seed=calm_seed(4)))[0])
    shots = [a for a in engine.legal_actions(state, "rig") if isinstance(a, Fire)]
    assert shots and "rig_trailer2" not in {a.target for a in shots}          # the foe only
    assert fire_problem(state, Fire("rig", "TwL1", "rig_trailer2")) == "rig_trailer2 is rig's own trailer"


def test_the_maneuver_query_answers_the_second_trailers_pose_as_the_engine_moves_it_000_L567() -> None:
    from rules.tools.query import answer
    state = to_move(double_game())
    tower, first, second = (state.vehicle(v) for v in ("rig", "rig_trailer", "rig_trailer2"))
    m = Maneuver("bend", "right", degrees=30)
    base = {"op": "maneuver", "vehicle": "tractor", "speed": 40, "pose": tower.pose.to_json(), "maneuver": m.to_json()}
    one = answer({**base, "trailer": {"body": "van_40", "pose": first.pose.to_json()}})
    got = answer({**base, "trailer": {"body": "van_40", "pose": first.pose.to_json(),
                                      "trailer2": {"body": "van_40", "pose": second.pose.to_json()}}})
    assert {k: got[k] for k in one} == one                        # the single trailer's answer is unchanged
    assert "trailer2_pose" not in one
    after, _ = engine.apply(state, Move("rig", m), ScriptedDice([], fallback_seed=7))
    assert after.vehicle("rig_trailer2").pose.to_json() == got["trailer2_pose"]
    assert got["jackknifed2"] is False
    assert trailer_of(after, "rig_trailer") is not None


def test_a_double_is_saved_and_loaded_with_its_second_trailer(tmp_path) -> None:
    from rules.engine.game import Game
    from rules.engine.saves import load_game, save_game
    vs = (VehicleSetup("rig", "a", "Annihilator", Pose.at(0, 0, 0), speed=40, trailer="Brotherhood",
                       trailer2="Budget Box"),
          VehicleSetup("W", "w", PARKED, Pose.at(-60, 0, 0), speed=0))
    game = Game(GameSetup(vs, seed=calm_seed(4)))
    path = tmp_path / "double.toml"
    save_game(game, path)
    back = load_game(path)
    assert back.state.vehicle("rig_trailer2").towed_by == "rig_trailer"
    assert back.state == game.state
