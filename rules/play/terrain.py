"""Terrain in play, turn by turn: off-road damage at the end of a turn and water drag at the start of
one (000:L518-L519, L529). The rules and numbers are in rules.driving.collisions and terrain.toml; what lies
under a counter comes from the map (rules.world.maps.terrain_at, at the counter's centre).

The movement engine calls:

    terrain_turn_start(ctx)   # water slows every vehicle in it
    terrain_turn_end(ctx)     # 2d rolls for every vehicle driving off-road above 10 mph

Entering water and crossing ditches happen during motions (rules.play.collisions). After every motion
the engine calls note_ground(ctx, vid): off-road the HC in force drops (000:L512-L516), maneuvers are
+D1 (off_road_maneuver_d) and crash rolls -3 (off_road_crash_modifier, 000:L507); road_condition(state,
vid) is the map's condition under the vehicle (gravel shoulders, oil, ice) or the game's weather.
The HC change off-road comes from the vehicle spec (collision_rules.off_road_hc_loss): off-road suspension
spares the penalty, radial and slick bonuses lapse, off-road tires add 1; OR tires also spare the vehicle
the off-road damage rolls (000:L1834).
"""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import pick
from rules.core.dice import DiceExpr
from rules.core.events import Damaged, HandlingChanged, Jumped, Landed, NoJump, OffRoad, SlowedTo
from rules.core.geometry import Pose, angle_diff
from rules.core.kept import kept
from rules.driving.collisions import (
    jump_flight_in,
    landing_hazard,
    landing_tire_damage,
    off_road_damage,
    off_road_rolls,
    water,
)
from rules.play.context import Ctx
from rules.play.crashes import hazard
from rules.play.effects import damage_one_tire
from rules.play.state import GameState
from rules.play.surfaces import ground_of, racing_slick, terrain_under
from rules.vehicles.record_sheet import damage_armor
from rules.world.map_changes import map_of
from rules.world.map_model import Ramp
from rules.world.maps import resolved
from rules.world.shapes import point_in_polygon

TWO_D = DiceExpr(2)












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
        ctx.log.add(OffRoad("back on the road: its full HC again", "000:L512", vid, off_road=False))
        return
    ground = under.kind if under else ""
    ctx.log.add(OffRoad(f"goes off-road ({ground}): HC {v.hc} while it stays there, "
                        "+D1 to maneuvers, -3 on crash rolls", "000:L507, L512-L517, L1834", vid, off_road=True,
                        ground=ground))
    if v.hs > v.hc:
        ctx.update(vid, hs=v.hc)
        ctx.log.add(HandlingChanged(f"handling status {v.hs} -> {v.hc}: no higher than its off-road HC",
                                    "000:L512-L516", vid, old=v.hs, new=v.hc, recovery=False))


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
            ctx.log.add(SlowedTo(f"the water slows it by {drag} mph: now {new:g} mph", "000:L529", v.id, speed=new))


def terrain_turn_end(ctx: Ctx) -> None:
    """Off-road damage: 2d per roll, one roll above 10 mph, two above 30, three above 50 ... (000:L518-L519)."""

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
                sheet, through = damage_armor(w.sheet, "underbody", hit.points)  # internals are spared
                ctx.put(replace(w, sheet=sheet))
                ctx.log.add(Damaged(f"off-road: {hit.points} to the underbody", "000:L518", v.id, cause="off-road",
                                    location="underbody", points=hit.points, taken=hit.points - through))
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
    m = map_of(state.map_id, state.map_changes)
    for r in kept(m, "ramps", lambda: resolved(m).ramps):   # (kept with the frozen map: not hashed each time)
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
        ctx.log.add(NoJump(f"drives off the ramp too slowly or at too poor an angle ({ramp.angle:g} degrees) "
                           "to jump", "000:L279", vid, angle=ramp.angle))
        return
    feet = flight * ctx.rules.terrain.feet_per_inch
    ctx.update(vid, airborne=flight, flight_ft=feet)
    ctx.log.add(Jumped(f"jumps off the ramp at {v.speed:g} mph: {feet:g} ft ({flight:g}\") through the air",
                       "000:L279", vid, flight_in=flight, feet=feet))


def land(ctx: Ctx, vid: str) -> None:
    """Landing a jump: a hazard of D1 +1 per full 30 ft flown (the map has no slopes), then 1d per tire,
    1-3 costs it a point (000:L280)."""

    v = ctx.update(vid, airborne=0.0)
    ctx.log.add(Landed(f"lands after {v.flight_ft:g} ft", "000:L280", vid, feet=v.flight_ft))
    hazard(ctx, vid, landing_hazard(v.flight_ft), "landing the jump", "000:L280")
    for i, tire in enumerate(ctx.v(vid).sheet.tires):
        if tire.destroyed:
            continue
        die = ctx.roll(DiceExpr(1), f"landing: tire {tire.corner} (1-3 loses a point)", "000:L280", vid)
        damage_one_tire(ctx, vid, i, landing_tire_damage(die), "landing", "000:L280")
    ctx.update(vid, flight_ft=0.0)
