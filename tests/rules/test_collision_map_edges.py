"""Leaving the map and the endless highway (000:L92): a vehicle that drives off an open map is out of
the game; on the highway the rearmost section is laid in front of the cars as they near the end."""

from __future__ import annotations

from pathlib import Path

from rules.core.geometry import Pose
from rules.driving.maneuvers import Maneuver
from rules.engine.engine import apply, legal_actions, new_game, outcome, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Move, SetSpeed
from rules.play.map_edges import map_area
from rules.play.state import GameState, RuleOptions
from rules.world.map_changes import map_of
from rules.world.maps import load_map, terrain_at

MAPS = Path(__file__).resolve().parents[2] / "maps"
HIGHWAY = str(MAPS / "highway.toml")
FAST = "generic kind=car hc=3 accel=10 top=120 weight=3000 tire=4 armor=20"


def drive_straight(state: GameState, turns: int) -> GameState:
    """Every vehicle keeps its speed and drives straight on."""
    while not state.over and state.turn <= turns and to_act(state):
        who = to_act(state)[0]
        v = state.vehicle(who)
        acts = legal_actions(state, who)
        keep = [a for a in acts if isinstance(a, SetSpeed) and a.mph == v.signed_speed]
        straight = [a for a in acts if isinstance(a, Move) and a.maneuver == Maneuver("straight")]
        state, _ = apply(state, (keep or straight or acts)[0])
    return state


def test_a_car_drives_200_inches_down_the_endless_highway_000_L92() -> None:
    setup = GameSetup((VehicleSetup("a", "p1", FAST, Pose.at(8, 30, 0), 100),), seed=4, map=HIGHWAY,
                      options=RuleOptions(fire_step="off"), max_turns=21)
    state, _ = new_game(setup)
    sections0 = load_map(HIGHWAY).sections
    for turn in range(1, 21):
        state = drive_straight(state, turn)
        a = state.vehicle("a")
        assert not a.out and not a.left_map
        m = map_of(HIGHWAY, state.map_changes)
        assert terrain_at(m, a.pose.x, a.pose.y).kind == "road"      # the road is always under it
        ends_ahead = min(p.y for p in m.sections)
        assert ends_ahead < a.pose.y - 10                               # at least a turn's road ahead
    a = state.vehicle("a")
    assert a.pose.y <= 30 - 190                                         # 20 turns at 100 mph
    sections = state.map_changes.sections
    assert len(sections) == len(sections0)                              # recycled, not grown
    assert {p.section for p in sections} == {"straight"} and sections != sections0
    box = map_area(state)
    assert box is not None and box[1] <= a.pose.y <= box[3]


def test_driving_off_an_open_map_leaves_the_game_000_L92() -> None:
    town = str(MAPS / "town.toml")
    w = load_map(town)
    setup = GameSetup((VehicleSetup("a", "p1", FAST, Pose.at(w.width - 1, 11, 90), 60),
                       VehicleSetup("b", "p2", FAST, Pose.at(16, 11, 0), 0)), seed=4, map=town,
                      options=RuleOptions(fire_step="off"), max_turns=3)
    state, _ = new_game(setup)
    state = drive_straight(state, 3)
    a = state.vehicle("a")
    assert a.out and a.left_map
    result = outcome(state)
    assert result is not None and ("a", "left the map") in result.fallen and result.winners == ("p2",)
