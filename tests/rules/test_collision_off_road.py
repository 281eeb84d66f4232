"""Off-road and road conditions in the engine: the HC penalty for unmodified vehicles (000:L512-L516),
+D1 to maneuvers (000:L268, L507), -3 on crash rolls (000:L507), and the map's road condition under
a vehicle (gravel shoulders, 000:L271) instead of the game-wide one."""

from __future__ import annotations

from pathlib import Path

from rules.core.dice import ScriptedDice
from rules.core.events import CrashRolled, HazardMet
from rules.core.geometry import Pose
from rules.driving.maneuvers import Maneuver, slide
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.movement import difficulty_of, move_along
from rules.play.context import Ctx
from rules.play.crashes import hazard, lose_control
from rules.play.state import RuleOptions

MAPS = Path(__file__).resolve().parents[2] / "maps"
CAR = "generic kind=car hc=3 accel=10 top=100 weight=3000 tire=4 armor=20"
CYCLE = "generic kind=cycle hc=3 accel=10 top=100 weight=700 tire=4 armor=20"
BEND = Maneuver("bend", "left", degrees=30)


def game(design: str, x: float, y: float, map_name: str, speed: float = 40, **opts: str) -> Ctx:
    setup = GameSetup((VehicleSetup("a", "p1", design, Pose.at(x, y, 0), speed),), seed=5,
                      map=str(MAPS / map_name), options=RuleOptions(**opts))
    state, _ = new_game(setup)
    return Ctx(state, ScriptedDice([1] * 10))


def test_a_car_off_road_loses_3_hc_a_cycle_2_000_L512_L516() -> None:
    road, park = game(CAR, 16, 11, "town.toml"), game(CAR, 21, 23, "town.toml")
    assert not road.v("a").off_road and park.v("a").off_road
    bonus = park.v("a").reflex_bonus
    assert park.v("a").hc == 3 + bonus - 3 and road.v("a").hc == 3 + road.v("a").reflex_bonus
    assert park.v("a").hs == park.v("a").hc                    # starts at the HC it has there
    cycle = game(CYCLE, 21, 23, "town.toml")
    assert cycle.v("a").hc == 3 + cycle.v("a").reflex_bonus - 2


def test_driving_off_the_road_lowers_hc_and_handling_status_at_once_000_L512() -> None:
    ctx = game(CAR, 16, 11, "town.toml")
    hs0 = ctx.v("a").hs
    ctx.update("a", pose=Pose.at(21, 24, 0))
    move_along(ctx, "a", slide(Pose.at(21, 24, 0), 0, 1), "straight")
    a = ctx.v("a")
    assert a.off_road and a.hc == hs0 - 3 and a.hs == a.hc
    ctx.update("a", pose=Pose.at(16, 12, 0))
    move_along(ctx, "a", slide(Pose.at(16, 12, 0), 0, 1), "straight")
    assert not ctx.v("a").off_road and ctx.v("a").hc == hs0   # the penalty ends back on the road


def test_maneuvers_off_road_are_d1_harder_hazards_are_not_000_L507() -> None:
    road, park = game(CAR, 16, 11, "town.toml"), game(CAR, 21, 23, "town.toml")
    assert difficulty_of(park, park.v("a"), BEND) == difficulty_of(road, road.v("a"), BEND) + 1
    straight = Maneuver("straight")
    assert difficulty_of(park, park.v("a"), straight) == difficulty_of(road, road.v("a"), straight)
    hazard(park, "a", 2, "test hazard", "")
    assert [e.difficulty for e in park.log.events if isinstance(e, HazardMet)] == [2]


def test_crash_rolls_off_road_are_minus_3_000_L507() -> None:
    road, park = game(CAR, 16, 11, "town.toml"), game(CAR, 21, 23, "town.toml")
    for ctx in (road, park):
        ctx.dice = ScriptedDice([6, 6, 1, 1, 1])
        lose_control(ctx, "a", 1, 3, 40, travel=0)
    rolls = [next(e.roll for e in c.log.events if isinstance(e, CrashRolled)) for c in (road, park)]
    assert rolls[1] == rolls[0] - 3
    assert any("off-road -3" in e.text for e in park.log.events if isinstance(e, CrashRolled))


def test_a_gravel_shoulder_adds_d1_to_maneuvers_and_hazards_000_L271() -> None:
    lane, shoulder = game(CAR, 7, 25, "highway.toml"), game(CAR, 5.25, 25, "highway.toml")
    assert not shoulder.v("a").off_road                         # the shoulder is not off-road (000:L521)
    assert difficulty_of(shoulder, shoulder.v("a"), BEND) == difficulty_of(lane, lane.v("a"), BEND) + 1
    hazard(shoulder, "a", 2, "test hazard", "")
    assert [e.difficulty for e in shoulder.log.events if isinstance(e, HazardMet)] == [3]


def test_the_weather_applies_where_the_map_says_dry_000_L269() -> None:
    wet = game(CAR, 7, 25, "highway.toml", road_condition="light_rain")
    dry = game(CAR, 7, 25, "highway.toml")
    assert difficulty_of(wet, wet.v("a"), BEND) == difficulty_of(dry, dry.v("a"), BEND) + 1
