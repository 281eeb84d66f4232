"""A road drawn over a river is a bridge (000:L528: only water a vehicle drives into drowns its plant):
the water under an area drawn above it is not met, as terrain_at already takes the topmost area. The
river crossing's bridge and its gravel ford are crossed; the open river still drowns a car."""

from __future__ import annotations

from rules.core.events import Drowned
from rules.core.geometry import Pose
from rules.driving.maneuvers import Maneuver, ManeuverKind
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Move, Pass, SetSpeed
from rules.world.maps import exposed_areas, load_map
from rules.world.shapes import polygon_area

MAP = "maps/river_crossing.toml"


def _drive_straight(x: float, y: float, facing: float, turns: int = 5) -> tuple[bool, list[str], Pose]:
    setup = GameSetup((VehicleSetup("a", "Ann", "Killer Kart", Pose.at(x, y, facing), 40.0),
                       VehicleSetup("b", "Bob", "Killer Kart", Pose.at(40, 36, 90), 0.0)), seed=1, map=MAP)
    state, _ = engine.new_game(setup)
    drowned: list[str] = []
    while state.turn <= turns and not state.over:
        who = engine.to_act(state)
        if not who:
            break
        legal = engine.legal_actions(state, who[0])
        v = state.vehicle(who[0])
        want = (SetSpeed(v.id, v.signed_speed), Move(v.id, Maneuver(ManeuverKind.STRAIGHT)), Pass(v.id))
        action = next(a for a in want if a in legal)
        state, events = engine.apply(state, action)
        drowned += [e.text for e in events if isinstance(e, Drowned)]
    return state.vehicle("a").drowned, drowned, state.vehicle("a").pose


def test_the_bridge_is_crossed_dry_000_L528() -> None:
    drowned, events, pose = _drive_straight(12.5, 30, 0)     # the road's lane, north over the bridge
    assert pose.y < 13, pose                                 # it is across
    assert not drowned and not events


def test_the_open_river_drowns_a_car_driven_into_it_000_L528() -> None:
    drowned, events, _pose = _drive_straight(24, 28, 0)      # over the grass bank into the 8-ft river
    assert drowned and events


def test_only_the_water_no_area_covers_is_met() -> None:
    m = load_map(MAP)
    river = next((a, pieces) for _i, a, pieces in exposed_areas(m, ("water",)) if a.name == "river")
    full = polygon_area(river[0].shape.points())
    left = sum(polygon_area(p) for p in river[1])
    bridge_and_ford = 4 * 7 + 3 * 7                          # both lie across the river's ~7" breadth there
    assert abs(full - left - bridge_and_ford) < 1.0, (full, left)


def test_the_gravel_track_fords_the_shallows_without_drowning_000_L528_L529() -> None:
    drowned, events, pose = _drive_straight(34, 36, 0)       # the ford's start, north along the track
    assert pose.y < 24 and not drowned and not events        # into the 1-ft ford (its drag slows it), not the river
