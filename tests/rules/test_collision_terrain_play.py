"""Terrain turn by turn in play: off-road damage and water drag (000:L518-L519, L529)."""

from __future__ import annotations

from pathlib import Path

from rules.core.dice import ScriptedDice
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.context import Ctx
from rules.play.surfaces import terrain_under
from rules.play.terrain import terrain_turn_end, terrain_turn_start

MAPS = Path(__file__).resolve().parents[2] / "maps"
CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=20"
CYCLE = "generic kind=cycle hc=2 accel=10 top=100 weight=700 tire=4 armor=20"


def ctx_at(design: str, x: float, y: float, speed: float, faces: list[int], map_name: str) -> Ctx:
    setup = GameSetup((VehicleSetup("a", "p1", design, Pose.at(x, y, 0), speed),), seed=5,
                      map=str(MAPS / map_name))
    state, _ = new_game(setup)
    return Ctx(state, ScriptedDice(faces))


def test_off_road_damage_rolls_in_the_park_000_L518() -> None:
    """35 mph off-road: two 2d rolls; 1+1 = 2 hits the underbody, 2+2 = 4 a random tire (die 3: the third)."""
    ctx = ctx_at(CAR, 21, 23, 35, [1, 1, 2, 2, 3], "town.toml")
    under = terrain_under(ctx, "a")
    assert under is not None and under.off_road
    terrain_turn_end(ctx)
    a = ctx.v("a")
    assert a.sheet.armor["underbody"] == 19
    assert [t.dp for t in a.sheet.tires] == [4, 4, 3, 4]


def test_no_off_road_damage_at_10_mph_or_on_the_road_000_L518() -> None:
    slow = ctx_at(CAR, 21, 23, 10, [], "town.toml")
    terrain_turn_end(slow)                                 # scripted dice would fail if any were rolled
    road = ctx_at(CAR, 16, 11, 60, [], "town.toml")
    under = terrain_under(road, "a")
    assert under is not None and not under.off_road
    terrain_turn_end(road)


def test_cycles_take_no_underbody_damage_off_road_000_L519() -> None:
    ctx = ctx_at(CYCLE, 21, 23, 20, [1, 2], "town.toml")
    terrain_turn_end(ctx)
    assert ctx.v("a").sheet.armor["underbody"] == 20


def test_water_drags_10_mph_a_turn_per_foot_000_L529() -> None:
    ctx = ctx_at(CAR, 25, 8.5, 40, [], "arena.toml")        # the 1-ft pit
    terrain_turn_start(ctx)
    assert ctx.v("a").speed == 30



def test_racing_slicks_take_double_off_road_damage_000_L1835() -> None:
    """The same rolls as in the park above (1+1: the underbody, 2+2: a tire, die 3: the third) on racing
    slicks: the tire takes 2 points, not 1 (000:L519, L1835)."""
    from dataclasses import replace

    from rules.tables.combat import combat_tables
    from rules.tables.construction import design_tables

    slick = design_tables().tire_mods[combat_tables().slick_mod].name
    ctx = ctx_at(CAR, 21, 23, 35, [1, 1, 2, 2, 3], "town.toml")
    a = ctx.v("a")
    tires = tuple(replace(t, kind=f"standard, {slick}") for t in a.sheet.tires)
    ctx.put(replace(a, sheet=replace(a.sheet, tires=tires)))
    terrain_turn_end(ctx)
    assert [t.dp for t in ctx.v("a").sheet.tires] == [4, 4, 2, 4]
