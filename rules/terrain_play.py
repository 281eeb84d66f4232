"""Terrain in play, turn by turn: off-road damage at the end of a turn and water drag at the start of
one (000:L518-L519, L529). The rules and numbers are in rules.collision_rules and terrain.toml; what lies
under a counter comes from the map (rules.maps.terrain_at, at the counter's centre).

The movement engine calls:

    terrain_turn_start(ctx)   # water slows every vehicle in it
    terrain_turn_end(ctx)     # 2d rolls for every vehicle driving off-road above 10 mph

Entering water and crossing ditches happen during motions (rules.collision_play). After every motion
the engine calls note_ground(ctx, vid): off-road the HC in force drops (000:L512-L516), maneuvers are
+D1 (off_road_maneuver_d) and crash rolls -3 (off_road_crash_modifier, 000:L507); road_condition(state,
vid) is the map's condition under the vehicle (gravel shoulders, oil, ice) or the game's weather.
The HC change off-road comes from the vehicle spec (collision_rules.off_road_hc_loss): off-road suspension
spares the penalty, radial and slick bonuses lapse, off-road tires add 1; OR tires also spare the vehicle
the off-road damage rolls (000:L1834).
"""

from __future__ import annotations

from dataclasses import replace

from rules.collision_rules import (
    jump_flight_in,
    landing_hazard,
    landing_tire_damage,
    off_road_damage,
    off_road_rolls,
    terrain_data,
    water,
)
from rules.context import Ctx
from rules.crashes import hazard
from rules.damage import pick
from rules.dice import DiceExpr
from rules.geometry import Pose, angle_diff
from rules.handling import CrashModifier
from rules.kept import kept
from rules.map_changes import map_of
from rules.map_model import Ramp
from rules.map_shapes import point_in_polygon
from rules.maps import Terrain, resolved, terrain_at
from rules.record_sheet import damage_armor
from rules.state import GameState

TWO_D = DiceExpr(2)


def ground_of(state: GameState, vid: str) -> Terrain | None:
    """The terrain under a vehicle's centre on the map as it lies now (an endless highway's sections
    move); None when the game has no map."""
    if not state.map_id:
        return None
    p = state.vehicle(vid).pose
    # kept with the (frozen) pose: the map as it lies now hangs on its id and the highway's sections
    return kept(p, ("ground", state.map_id, state.map_changes.sections),
                lambda: terrain_at(map_of(state.map_id, state.map_changes), p.x, p.y))


def terrain_under(ctx: Ctx, vid: str) -> Terrain | None:
    return ground_of(ctx.state, vid)


def road_condition(state: GameState, vid: str) -> str:
    """The road condition under a vehicle (000:L267-L275): the map's own where an area (or the ground)
    gives one other than dry, else the game's RuleOptions.road_condition (the weather)."""
    under = ground_of(state, vid)
    if under is not None and under.condition != "dry":
        return under.condition
    return state.options.road_condition


def off_road_maneuver_d(state: GameState, vid: str) -> int:
    """+D1 to every maneuver (not hazards) off-road (000:L268, L507)."""
    if not state.vehicle(vid).off_road:
        return 0
    from rules.tables import tables

    row = tables().hazards.road.get("off_road")
    return row.add if row else 0


def off_road_crash_modifier(state: GameState, vid: str) -> CrashModifier | None:
    """-3 on every Crash Table roll off-road (000:L507)."""
    if not state.vehicle(vid).off_road:
        return None
    return CrashModifier("off-road", terrain_data().off_road_crash_modifier, "000:L507")


def note_ground(ctx: Ctx, vid: str) -> None:
    """After a motion: is the vehicle off-road now? Its HC in force drops by the penalty for its kind
    while it is (000:L512-L516, VehicleState.hc), and a handling status above that HC comes down to it
    at once (reading T35)."""
    v = ctx.v(vid)
    under = ground_of(ctx.state, vid)
    off = bool(under is not None and under.on_map and under.off_road)
    if off == v.off_road:
        return
    v = ctx.update(vid, off_road=off)
    if not off:
        ctx.log.add("terrain", "back on the road: its full HC again", "000:L512", vid, off_road=False)
        return
    ctx.log.add("terrain", f"goes off-road ({under.kind if under else ''}): HC {v.hc} while it stays there, "
                "+D1 to maneuvers, -3 on crash rolls", "000:L507, L512-L517, L1834", vid, off_road=True)
    if v.hs > v.hc:
        ctx.update(vid, hs=v.hc)
        ctx.log.add("handling", f"handling status {v.hs} -> {v.hc}: no higher than its off-road HC",
                    "000:L512-L516", vid)


def terrain_turn_start(ctx: Ctx) -> None:
    """Water drags a vehicle down 5 mph a turn per ½ ft of depth; with off-road suspension only water
    deeper than 1½ ft drags, 5 mph a turn (000:L529)."""
    for v in ctx.state.vehicles:
        under = terrain_under(ctx, v.id)
        if v.out or v.speed == 0 or under is None or under.kind != "water":
            continue
        drag = water(under.depth_ft or 0.0, or_suspension=v.spec.off_road_suspension).drag_mph_per_turn
        if drag:
            new = max(0.0, v.speed - drag)
            ctx.put(replace(v, speed=new))
            ctx.log.add("speed", f"the water slows it by {drag} mph: now {new:g} mph", "000:L529", v.id)


def terrain_turn_end(ctx: Ctx) -> None:
    """Off-road damage: 2d per roll, one roll above 10 mph, two above 30, three above 50 ... (000:L518-L519)."""
    from rules.dropped_play import racing_slick
    from rules.movement import damage_one_tire  # movement calls this module: import at use

    for v in ctx.state.vehicles:
        under = terrain_under(ctx, v.id)
        if v.out or under is None or not under.off_road or under.kind == "water":
            continue
        if not v.spec.off_road_damage:  # off-road tires on every wheel (000:L1834)
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
                index = pick(ctx.dice, len(w.sheet.tires))
                if racing_slick(w.sheet.tires[index]):  # slicks take double off-road (000:L519, L1835)
                    hit = off_road_damage(roll, w.spec.kind.value, racing_slicks=True) or hit
                damage_one_tire(ctx, v.id, index, hit.points, "off-road", "000:L518")


# --- jumps (000:L278-L280) -------------------------------------------------------------------------


def ramp_at(state: GameState, x: float, y: float) -> Ramp | None:
    """The jump ramp under a point, if any (on the map as it lies now)."""
    if not state.map_id:
        return None
    for r in resolved(map_of(state.map_id, state.map_changes)).ramps:
        if point_in_polygon(x, y, r.shape.points()):
            return r
    return None


def take_off(ctx: Ctx, vid: str, start: Pose) -> None:
    """A vehicle whose centre left a ramp over its top edge, going up it (travel within 90 degrees of
    the ramp's facing, reading T31), jumps: it flies jump_flight_in inches straight on (000:L279)."""
    v = ctx.v(vid)
    ramp = ramp_at(ctx.state, start.x, start.y)
    if ramp is None or v.airborne or ramp_at(ctx.state, v.pose.x, v.pose.y) is ramp:
        return
    if angle_diff(v.travel, ramp.facing) >= 90:
        return
    flight = jump_flight_in(v.speed, ramp.angle)
    if flight <= 0:
        ctx.log.add("terrain", f"drives off the ramp too slowly or at too poor an angle ({ramp.angle:g} degrees) "
                    "to jump", "000:L279", vid)
        return
    feet = flight * terrain_data().feet_per_inch
    ctx.update(vid, airborne=flight, flight_ft=feet)
    ctx.log.add("terrain", f"jumps off the ramp at {v.speed:g} mph: {feet:g} ft ({flight:g}\") through the air",
                "000:L279", vid, flight_in=flight)


def land(ctx: Ctx, vid: str) -> None:
    """Landing a jump: a hazard of D1 +1 per full 30 ft flown (the map has no slopes), then 1d per tire,
    1-3 costs it a point (000:L280)."""
    from rules.movement import damage_one_tire  # movement calls this module: import at use

    v = ctx.update(vid, airborne=0.0)
    ctx.log.add("terrain", f"lands after {v.flight_ft:g} ft", "000:L280", vid)
    hazard(ctx, vid, landing_hazard(v.flight_ft), "landing the jump", "000:L280")
    for i, tire in enumerate(ctx.v(vid).sheet.tires):
        if tire.destroyed:
            continue
        die = ctx.roll(DiceExpr(1), f"landing: tire {tire.corner} (1-3 loses a point)", "000:L280", vid)
        damage_one_tire(ctx, vid, i, landing_tire_damage(die), "landing", "000:L280")
    ctx.update(vid, flight_ft=0.0)
