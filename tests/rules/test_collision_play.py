"""Collisions in play: the engine's motions meet vehicles, walls and debris (000:L386-L481, L496-L502;
reference/movement.md §4.14, §5.2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.dice import ScriptedDice
from rules.core.events import Collided, DitchFall, Drowned, HazardMet
from rules.core.geometry import Pose
from rules.driving.maneuvers import slide
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.collisions import move_with_collisions, world_for
from rules.play.context import Ctx

ARENA = str(Path(__file__).resolve().parents[2] / "maps" / "arena.toml")
CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=20"
HEAVY = "generic kind=car hc=2 accel=10 top=100 weight=5000 tire=4 armor=20"


def ctx_for(vehicles: list[VehicleSetup], faces: list[int], map_path: str = "") -> Ctx:
    state, _ = new_game(GameSetup(tuple(vehicles), seed=3, map=map_path))
    return Ctx(state, ScriptedDice(faces, fallback_seed=9))


def kinds(ctx: Ctx) -> list[str]:
    return [e.kind for e in ctx.log.events]


def test_t_bone_stops_pushes_and_damages_000_L443_L454() -> None:
    ctx = ctx_for([VehicleSetup("a", "p1", CAR, Pose.at(0, 0, 0), 40),
                   VehicleSetup("b", "p2", CAR, Pose.at(0.3, -3, 90), 0)], [4, 4, 4, 6, 6])
    made = move_with_collisions(ctx, "a", slide(Pose.at(0, 0, 0), 0, 3))
    a, b = ctx.v("a"), ctx.v("b")
    coll = [e for e in ctx.log.events if isinstance(e, Collided)][0]
    assert coll.how == "t_bone" and coll.v1 == "a"
    assert coll.speed == 40                   # T-bone: V1's speed (000:L447)
    assert a.sheet.armor["front"] == 20 - 8 and b.sheet.armor["right"] == 20 - 8   # 3d = 12, x 2/3 each
    assert a.speed == 20 and b.speed == 0                       # TS 40 x 1/2; V2 keeps its speed
    assert made.end == a.pose and a.pose == Pose.at(0, -3, 0)   # TS1 > 0: it finishes its move (000:L450)
    assert world_for(ctx).vehicle_overlaps() == []              # b conformed
    assert b.pose != Pose.at(0.3, -3, 90)


def test_rear_end_lighter_mover_stops_000_L438() -> None:
    ctx = ctx_for([VehicleSetup("a", "p1", CAR, Pose.at(0, 0, 0), 60),
                   VehicleSetup("b", "p2", HEAVY, Pose.at(0, -3, 0), 40)], [1, 1, 1, 1, 1, 1, 1])
    ctx.update("a", increments=(1.0, 1.0))
    made = move_with_collisions(ctx, "a", slide(Pose.at(0, 0, 0), 0, 3))
    a = ctx.v("a")
    assert made.end.y == pytest.approx(-2.0, abs=1 / 32)       # bumper to bumper
    assert a.increments == ()                                  # DM 2/3 < 1: it does not finish (000:L438)
    assert a.speed == ctx.v("b").speed                         # both move on at TS1 + TS2 (000:L436)
    assert world_for(ctx).vehicle_overlaps() == []


def test_driving_into_the_arena_wall_000_L476_L480() -> None:
    ctx = ctx_for([VehicleSetup("a", "p1", CAR, Pose.at(10, 3, 0), 40)], [3, 3, 3, 6, 6, 6], ARENA)
    hs0 = ctx.v("a").hs
    made = move_with_collisions(ctx, "a", slide(Pose.at(10, 3, 0), 0, 3))
    a = ctx.v("a")
    assert made.end.y == pytest.approx(1.5, abs=1 / 32)        # front against the wall at y = 1
    assert a.speed == 0                                        # the wall survives: it stops
    assert a.sheet.armor["front"] == 20 - 6                    # 9 x 2/3 = 6, returned by the wall
    assert a.hs == hs0 - 4                                     # D4: 40 mph of speed lost (000:L428)
    assert "hazard" in kinds(ctx)


def test_debris_on_the_way_damages_tires_000_L497() -> None:
    ctx = ctx_for([VehicleSetup("a", "p1", CAR, Pose.at(21.75, 10, 0), 40)], [6, 6, 1, 1, 6, 6], ARENA)
    move_with_collisions(ctx, "a", slide(Pose.at(21.75, 10, 0), 0, 2.5))
    tires = [t.dp for t in ctx.v("a").sheet.tires]
    assert tires == [1, 1, 4, 4]                               # 1d-3: 6 -> 3, 1 -> 0
    assert any(isinstance(e, HazardMet) and e.what == "debris" for e in ctx.log.events)


PARKING = str(Path(__file__).resolve().parents[2] / "maps" / "parking_lot.toml")


def _hazards(ctx: Ctx, word: str) -> list[int]:
    return [e.difficulty for e in ctx.log.events if isinstance(e, HazardMet) and word in e.text
            and not e.stationary]


def test_entering_deep_water_is_a_d2_hazard_000_L529() -> None:
    ctx = ctx_for([VehicleSetup("a", "p1", CAR, Pose.at(25, 12, 0), 30)], [], ARENA)
    made = move_with_collisions(ctx, "a", slide(Pose.at(25, 12, 0), 0, 3))
    assert made.end == Pose.at(25, 9, 0)                       # water does not stop it
    assert _hazards(ctx, "water") == [2]


@pytest.mark.parametrize("speed, d", [(30, 3), (45, 1)])
def test_crossing_a_3_ft_ditch_000_L526(speed: float, d: int) -> None:
    ctx = ctx_for([VehicleSetup("a", "p1", CAR, Pose.at(3.5, 14, 0), speed)], [], PARKING)
    made = move_with_collisions(ctx, "a", slide(Pose.at(3.5, 14, 0), 0, 3))
    assert made.end == Pose.at(3.5, 11, 0)
    assert _hazards(ctx, "ditch") == [d]


def test_too_slow_falls_into_a_3_ft_ditch_000_L526() -> None:
    ctx = ctx_for([VehicleSetup("a", "p1", CAR, Pose.at(3.5, 14, 0), 15)], [3, 6, 6, 6], PARKING)
    ctx.update("a", increments=(1.0, 1.0))
    made = move_with_collisions(ctx, "a", slide(Pose.at(3.5, 14, 0), 0, 3))
    a = ctx.v("a")
    assert made.end.y == pytest.approx(13.0, abs=1 / 16)       # its nose went in at y = 12.5
    assert a.speed == 0 and a.increments == ()
    assert a.sheet.armor["front"] == 20 - 1                    # Ram 1d-1 at 15 mph: 3 -> 2, x DM 2/3 -> 1
    assert any(isinstance(e, DitchFall) for e in ctx.log.events)


@pytest.mark.parametrize("or_suspension, drowns", [(False, True), (True, False)])
def test_two_feet_of_water_drowns_a_plain_car_but_not_off_road_suspension_000_L528(or_suspension: bool,
                                                                                   drowns: bool) -> None:
    """Without off-road suspension 1½ ft is the most a car can ford; with it, 3 ft (000:L528)."""
    from dataclasses import replace

    from rules.play.collisions import _enter_area
    from rules.world.map_model import Area
    from rules.world.shapes import Rect

    ctx = ctx_for([VehicleSetup("a", "p1", CAR, Pose.at(25, 12, 0), 30)], [6, 6, 6], ARENA)
    a = ctx.v("a")
    ctx.put(replace(a, spec=replace(a.spec, off_road_suspension=or_suspension)))
    _enter_area(ctx, "a", "water", Area("water", Rect(0, 0, 5, 5), depth_ft=2.0))
    drowned = any(isinstance(e, Drowned) for e in ctx.log.events)
    assert drowned == drowns


def test_racing_slicks_take_double_from_map_debris_000_L1835() -> None:
    """Debris drawn on the map doubles on racing slicks as dropped debris does (000:L1835, L497)."""
    from dataclasses import replace

    ctx = ctx_for([VehicleSetup("a", "p1", CAR, Pose.at(21.75, 10, 0), 40)], [4, 4, 1, 1, 6, 6], ARENA)
    plain = ctx_for([VehicleSetup("a", "p1", CAR, Pose.at(21.75, 10, 0), 40)], [4, 4, 1, 1, 6, 6], ARENA)
    v = ctx.v("a")
    ctx.put(replace(v, sheet=replace(v.sheet, tires=tuple(replace(t, kind=f"Racing slick {t.kind}")
                                                          for t in v.sheet.tires))))
    for c in (ctx, plain):
        move_with_collisions(c, "a", slide(Pose.at(21.75, 10, 0), 0, 2.5))
    assert [t.dp for t in plain.v("a").sheet.tires] == [3, 3, 4, 4]   # 1d-3: 4 -> 1 each
    assert [t.dp for t in ctx.v("a").sheet.tires] == [2, 2, 4, 4]     # doubled on slicks


def test_a_drowned_plant_counts_as_a_plant_out_000_L528_L1742() -> None:
    """Drowned in water too deep to ford, the car is as if its plant were destroyed: it may brake but
    not accelerate, and it loses 5 mph each turn (000:L528, L1742)."""
    from rules.phases.movement import speed_options, start_turn
    from rules.play.collisions import _enter_area
    from rules.world.map_model import Area
    from rules.world.shapes import Rect

    ctx = ctx_for([VehicleSetup("a", "p1", CAR, Pose.at(25, 12, 0), 30)], [6, 6, 6], ARENA)
    before = speed_options(ctx.t, ctx.v("a"))
    assert max(before) == 40
    _enter_area(ctx, "a", "water", Area("water", Rect(0, 0, 5, 5), depth_ft=2.0))
    a = ctx.v("a")
    assert a.drowned and a.plant_out
    options = speed_options(ctx.t, a)
    assert max(options) == 30 and min(options) == min(before)      # no acceleration; the brakes still work
    start_turn(ctx)
    assert ctx.v("a").speed == 30 - 5


def test_a_destroyed_plant_stops_acceleration_too_000_L1742() -> None:
    from dataclasses import replace

    from rules.phases.movement import speed_options

    ctx = ctx_for([VehicleSetup("a", "p1", "Killer Kart", Pose.at(25, 12, 0), 30)], [], ARENA)
    a = ctx.v("a")
    assert not a.plant_out and max(speed_options(ctx.t, a)) > 30
    comps = tuple(replace(c, dp=0) if c.kind == "plant" else c for c in a.sheet.components)
    a = ctx.put(replace(a, sheet=replace(a.sheet, components=comps)))
    assert a.plant_out and max(speed_options(ctx.t, a)) == 30
