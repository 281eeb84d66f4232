"""Terrain in play, turn by turn: off-road damage at the end of a turn and water drag at the start of
one (000:L518-L519, L529). The rules and numbers are in rules.collision_rules and terrain.toml; what lies
under a counter comes from the map (rules.maps.terrain_at, at the counter's centre).

The movement engine calls:

    terrain_turn_start(ctx)   # water slows every vehicle in it
    terrain_turn_end(ctx)     # 2d rolls for every vehicle driving off-road above 10 mph

Entering water and crossing ditches happen during motions (rules.collision_play). Not here yet: the
off-road HC penalty and crash modifier (the engine's handling and crash rolls need to ask terrain_under),
off-road suspension and tires (the vehicle spec does not say), jumps off ramps.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from rules.collision_rules import off_road_damage, off_road_rolls, water
from rules.context import Ctx
from rules.damage import pick
from rules.dice import DiceExpr
from rules.maps import Map, Terrain, load_map, terrain_at
from rules.record_sheet import damage_armor

TWO_D = DiceExpr(2)


@lru_cache(maxsize=4)
def _map(map_id: str) -> Map:
    return load_map(map_id)


def terrain_under(ctx: Ctx, vid: str) -> Terrain | None:
    """The terrain under a vehicle's centre; None when the game has no map."""
    if not ctx.state.map_id:
        return None
    p = ctx.v(vid).pose
    return terrain_at(_map(ctx.state.map_id), p.x, p.y)


def terrain_turn_start(ctx: Ctx) -> None:
    """Water drags a vehicle down 5 mph a turn per ½ ft of depth (000:L529)."""
    for v in ctx.state.vehicles:
        under = terrain_under(ctx, v.id)
        if v.out or v.speed == 0 or under is None or under.kind != "water":
            continue
        drag = water(under.depth_ft or 0.0).drag_mph_per_turn
        if drag:
            new = max(0.0, v.speed - drag)
            ctx.put(replace(v, speed=new))
            ctx.log.add("speed", f"the water slows it by {drag} mph: now {new:g} mph", "000:L529", v.id)


def terrain_turn_end(ctx: Ctx) -> None:
    """Off-road damage: 2d per roll, one roll above 10 mph, two above 30, three above 50 ... (000:L518-L519)."""
    from rules.movement import damage_one_tire  # movement calls this module: import at use

    for v in ctx.state.vehicles:
        under = terrain_under(ctx, v.id)
        if v.out or under is None or not under.off_road or under.kind == "water":
            continue
        for _ in range(off_road_rolls(v.speed)):
            roll = ctx.roll(TWO_D, "off-road damage (2-3 underbody, 4-5 a tire)", "000:L518", v.id)
            hit = off_road_damage(roll, ctx.v(v.id).spec.kind.value)
            if hit is None:
                continue
            w = ctx.v(v.id)
            if hit.location == "underbody":
                sheet, _through = damage_armor(w.sheet, "underbody", hit.points)  # internals are spared
                ctx.put(replace(w, sheet=sheet))
                ctx.log.add("damage", f"off-road: {hit.points} to the underbody", "000:L518", v.id,
                            location="underbody", points=hit.points)
            elif w.sheet.tires:
                damage_one_tire(ctx, v.id, pick(ctx.dice, len(w.sheet.tires)), hit.points, "off-road", "000:L518")
