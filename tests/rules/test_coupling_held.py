"""A trailer stopped by a collision on its way to the hitch holds its tower back (000:L473, L557, L564-L565;
reading M-R30): the coupling never comes apart without its own rule and event (issue 19)."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.core.events import Collided, Moved, TrailerFollowed, TrailerLoose
from rules.core.geometry import Pose
from rules.driving.maneuvers import Maneuver
from rules.engine import engine
from rules.engine.setup import VehicleSetup
from rules.play.actions import Move
from tests.rules.test_rigs_in_play import PARKED, of, on_hitch, rig_game, to_move

DRIFT = Maneuver("steep_drift", "right", 0.5)
BESIDE = Pose.at(0.6, 1.5, 0)   # a parked car beside the semi-trailer's right side, clear of the tractor's path


def test_a_trailer_stopped_by_a_parked_car_keeps_its_kingpin_on_the_fifth_wheel_000_L473_L564_L565() -> None:
    state = to_move(rig_game(others=(VehicleSetup("P", "p", PARKED, BESIDE, speed=0),)))
    start = state.vehicle("rig").pose
    state, events = engine.apply(state, Move("rig", DRIFT), ScriptedDice([], fallback_seed=7))
    assert [e.vehicle for e in of(events, Collided)][:1] == ["rig_trailer"]   # the trailer met the car
    assert of(events, TrailerFollowed, "rig_trailer")
    assert not of(events, TrailerLoose)
    assert on_hitch(state) < 2e-3                       # kingpin on the fifth wheel where the trailer stopped
    (back,) = [e for e in of(events, Moved, "rig") if e.what == "held back"]
    tower = state.vehicle("rig").pose
    assert back.end == tower and tower.facing == start.facing
    drifted = (Pose.at(0.5, -1, 0).centre - start.centre).length()   # where the drift alone puts it
    assert (tower.centre - start.centre).length() < drifted - 0.25   # set back from the drift's end
    assert state.vehicle("rig").increments == ()        # the pair's movement ends for the phase


def test_a_trailer_clear_of_everything_leaves_its_tower_where_it_drove_000_L564() -> None:
    state = to_move(rig_game())
    state, events = engine.apply(state, Move("rig", DRIFT), ScriptedDice([], fallback_seed=7))
    assert not [e for e in of(events, Moved, "rig") if e.what == "held back"]
    assert state.vehicle("rig").pose == Pose.at(0.5, -1, 0)
    assert on_hitch(state) < 2e-3


def test_a_tower_pushed_aside_by_a_t_bone_takes_its_trailer_back_onto_the_hitch_000_L411_L561_L564() -> None:
    """A kart at 20 mph strikes the Morgan's left side: the Morgan pivots 31 degrees as it is pushed (000:L411-L412)
    and the Raven follows it onto the hitch (it was left 0.13" off it)."""
    from rules.core.events import PushedAside
    from rules.engine.setup import GameSetup
    from rules.play.actions import SetSpeed
    from tests.rules.test_rigs_in_play import calm_seed
    vs = (VehicleSetup("rig", "a", "Morgan", Pose.at(0, 0, 0), speed=0, trailer="Raven"),
          VehicleSetup("K", "k", "Killer Kart", Pose.at(-1.5, -0.3, 90), speed=20))
    state = engine.new_game(GameSetup(vs, seed=calm_seed(6)))[0]
    events: list[object] = []
    while state.turn == 1 and not state.over:
        vid = engine.to_act(state)[0]
        legal = engine.legal_actions(state, vid)
        keep = [a for a in legal if (isinstance(a, SetSpeed) and a.mph == state.vehicle(vid).signed_speed)
                or (isinstance(a, Move) and a.maneuver.kind == "straight")]
        state, ev = engine.apply(state, (keep or legal)[0])
        events += ev
    assert [e for e in events if isinstance(e, PushedAside) and e.vehicle == "rig"]
    assert not [e for e in events if isinstance(e, TrailerLoose)]
    assert on_hitch(state) < 2e-3
