"""The shared effects of play: damage to a tire (blowouts, lost corners) or to a face (armor, then
what lies behind it), with what each sets off. Every kind of motion and hit uses these, so they sit
below the modules that move counters."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import collision_hit, interior_of, sheet_with
from rules.core.dice import DiceExpr
from rules.core.events import (
    CornerLost,
    Damaged,
    DamageStep,
    EquipmentActed,
    Jackknifed,
    SlickDoubled,
    SteeringLost,
    TireDamaged,
)
from rules.core.geometry import Kind
from rules.driving.articulated import jackknife_breaks, loose_trailer
from rules.driving.equipment import antilock, brakes
from rules.driving.handling import lower_status
from rules.play.context import Ctx
from rules.play.crashes import (
    ONE_D,
    braking_hazard,
    braking_road,
    check_control,
    hazard,
    loose_semi_table_3,
    lose_control,
)
from rules.play.rigs import is_hitch, set_loose
from rules.play.state import VehicleState, evolve
from rules.play.surfaces import racing_slick, road_condition
from rules.tables.rigs import rig_tables
from rules.vehicles.record_sheet import damage_tire


def damage_each_tire(ctx: Ctx, vid: str, dmg: DiceExpr, cause: str, rule: str, *, from_weapon: bool = False) -> None:
    for i in range(len(ctx.v(vid).sheet.tires)):
        hits = ctx.roll(dmg, f"{cause}: tire {ctx.v(vid).sheet.tires[i].corner}", rule, vid) if dmg.n else dmg.mod
        damage_one_tire(ctx, vid, i, hits, cause, rule, from_weapon=from_weapon)


def damage_one_tire(ctx: Ctx, vid: str, index: int, hits: int, cause: str, rule: str, *,
                    from_weapon: bool = False) -> None:
    """Take hits off a tire and apply blowouts (000:L160-L162, L262-L266)."""
    v = ctx.v(vid)
    if hits <= 0 or v.out:
        return
    sheet, res = damage_tire(v.sheet, index, hits, from_weapon=from_weapon)
    tire = sheet.tires[index]
    ctx.put(evolve(v, sheet=sheet))
    ctx.log.add(TireDamaged(f"{cause}: tire {tire.corner} takes {hits} ({tire.dp} left)", rule, vid,
                            cause=cause, corner=tire.corner, hits=hits, dp=tire.dp))
    if not res.tire_destroyed:
        return
    hz = ctx.t.hazards
    if res.first_of_pair:
        hazard(ctx, vid, hz.difficulty["first_tire_of_pair"], f"tire {tire.corner} blown", "000:L263")
    elif res.further_of_pair:
        hazard(ctx, vid, hz.difficulty["further_tire_of_pair"], f"tire {tire.corner} blown", "000:L264")
    elif res.corner_lost:
        corner_lost(ctx, vid, tire.corner, res.wheel_lost)


def corner_lost(ctx: Ctx, vid: str, corner: str, wheel: bool) -> None:
    """The last tire (or the wheel) on a corner is gone: handling status to -6, HC loss next turn, and
    no steering once two corners are gone (000:L161-L162, L265-L266). Combat calls this too."""
    hz = ctx.t.hazards
    v = ctx.v(vid)
    loss = hz.hc_loss_wheel if wheel else hz.hc_loss_tire
    what = "wheel" if wheel else "last tire"
    two_corners = v.sheet.corners_lost() >= 2 or v.spec.kind in (Kind.CYCLE, Kind.TRIKE)
    if _active_suspension(v, hz.active_suspension):
        _corner_lost_active(ctx, vid, corner, what, min(loss, hz.active_suspension_hc_loss), two_corners)
        if not two_corners:
            return
    else:
        ctx.put(evolve(v, hs=hz.hs_on_last_tire, hc_loss_next=v.hc_loss_next + loss))
        ctx.log.add(CornerLost(f"{what} on corner {corner} lost: handling status drops to {hz.hs_on_last_tire}; "
                               f"HC -{loss} from next turn", "000:L161, L265", vid, corner=corner, wheel=wheel))
    v = ctx.v(vid)
    d = hz.difficulty["last_tire_on_corner"]
    if two_corners:
        ctx.update(vid, steering_lost=True)
        ctx.log.add(SteeringLost("wheels gone on two corners: no steering, acceleration or braking; "
                                 f"slows {hz.two_corners_speed_loss} mph a turn", "000:L162, L266", vid))
        if v.speed > 0:
            lose_control(ctx, vid, 1, d, v.speed, travel=v.travel)
    elif v.speed > 0 and not check_control(ctx, vid, 0, v.speed, f"corner {corner} lost", "000:L265"):
        lose_control(ctx, vid, 2, d, v.speed, travel=v.travel)


def _active_suspension(v: VehicleState, key: str) -> bool:
    return bool(key) and any(c.kind == "accessory" and c.id.rstrip("0123456789") == key and not c.destroyed
                             for c in v.sheet.components)


def _corner_lost_active(ctx: Ctx, vid: str, corner: str, what: str, loss: int, two_corners: bool) -> None:
    """Active suspension: the lost corner is a D6 hazard, not handling status -6, and HC drops only 2
    (000:L2601). Losing two corners (one on a cycle or trike) still goes to Crash Table 1: the hazard's
    status drop is taken without a roll of its own there (reading CB85)."""
    hz = ctx.t.hazards
    v = ctx.v(vid)
    ctx.put(evolve(v, hc_loss_next=v.hc_loss_next + loss))
    ctx.log.add(CornerLost(f"{what} on corner {corner} lost with active suspension: a D{hz.active_suspension_d} "
                           f"hazard instead of handling status {hz.hs_on_last_tire}; HC -{loss} from next turn",
                           f"{hz.active_suspension_source}, 000:L161, L265", vid, corner=corner,
                           wheel=what == "wheel", active_suspension=True))
    if two_corners:
        ctx.update(vid, hs=lower_status(v.hs, hz.active_suspension_d, ctx.t))
    else:
        hazard(ctx, vid, hz.active_suspension_d, f"corner {corner} lost (active suspension)",
               hz.active_suspension_source)


def slick_hits(ctx: Ctx, vid: str, index: int, hits: int, kind: str) -> int:
    """Racing slicks take double from spikes, debris and obstacles (000:L1835), whether dropped counters
    or drawn on the map (`kind` is the counter's or the map feature's kind)."""
    t = ctx.rules.combat
    tire = ctx.v(vid).sheet.tires[index]
    if hits <= 0 or kind not in t.slick_kinds or not racing_slick(tire):
        return hits
    ctx.log.add(SlickDoubled(f"racing slick {tire.corner}: {hits} from {kind} doubled to {hits * t.slick_factor}",
                             t.slick_source, vid, corner=tire.corner, hits=hits, doubled=hits * t.slick_factor))
    return hits * t.slick_factor


def damage_face(ctx: Ctx, vid: str, location: str, points: int, cause: str, rule: str, crash: str = "") -> None:
    """Collision damage to one face: its armor, then the exposed components share it (000:L969-L972);
    `crash` is "ram" or "roll" for a roll cage (000:L2595)."""
    if points <= 0:
        return
    v = ctx.v(vid)
    inside = interior_of(v.sheet, v.spec.kind.value)
    sheet, inside, rep = collision_hit(v.sheet, inside, location, points, ctx.dice, crash)
    ctx.put(evolve(v, sheet=sheet_with(sheet, inside)))
    ctx.log.add(Damaged(f"{cause}: {points} to {location}", rule, vid, cause=cause, location=location, points=points,
                        taken=rep.taken))
    for text, line_rule in rep.lines:
        ctx.log.add(DamageStep(text, line_rule, vid))


def brake(ctx: Ctx, vid: str, decel: float, original: float) -> None:
    """Braking hard is a maneuver resolved at once, at the original speed (000:L146-L154, L233); the
    log says what heavy-duty brakes (000:L2628) or ABS (000:L2974) changed."""
    t, v = ctx.t, ctx.v(vid)
    kind = brakes(t, v.sheet)
    d, tire = braking_hazard(ctx, vid, decel)
    _say_what_brakes_did(ctx, vid, decel, d)
    if d == 0:
        return
    what = f"braking {decel:g} mph" + (" (heavy-duty brakes)" if kind == "heavy_duty" else "")
    kept = check_control(ctx, vid, d, original, what, "000:L146-L154, L233", braking_road(ctx, vid))
    if tire.n or tire.mod:
        damage_each_tire(ctx, vid, tire, f"braking {decel:g} mph", "000:L152-L153")
    if not kept:
        lose_control(ctx, vid, 1, d, original, travel=v.travel)


def _say_what_brakes_did(ctx: Ctx, vid: str, decel: float, d: int) -> None:
    t, v = ctx.t, ctx.v(vid)
    plain_d, plain_tire = t.decel.hazard(decel)
    hd, ab = t.decel.heavy_duty, t.decel.antilock
    if hd is not None and plain_d and brakes(t, v.sheet) == "heavy_duty":
        own = t.decel.hazard(decel, "heavy_duty", ctx.state.options.hd_brakes)[0]
        ctx.log.add(EquipmentActed(f"heavy-duty brakes: braking {decel:g} mph is "
                                   + (f"a D{own} maneuver" if own else "safe") + f" (D{plain_d} with standard brakes)",
                                   hd.source, vid, accessory=hd.accessory))
    if ab is not None and d and antilock(t, v.sheet):
        tire = t.decel.hazard(decel, brakes(t, v.sheet), ctx.state.options.hd_brakes)[1]
        road = road_condition(ctx.state, vid)
        spared = (["no tire damage"] if tire.maximum() else []) + (
            [f"D{ab.hazard_reduction} less for {road.replace('_', ' ')}"] if road in ab.conditions else [])
        if spared:
            ctx.log.add(EquipmentActed(f"ABS, braking {decel:g} mph: " + ", ".join(spared), ab.source, vid,
                                       accessory=ab.accessory))


# --- trailers (issue 19) ---------------------------------------------------------------------------


def jackknife(ctx: Ctx, vid: str, tid: str, fold: float) -> None:
    """The rig has folded past its jackknife: 1d, and on 1-3 the kingpin, tongue or hitch breaks and the
    trailer comes loose (000:L574, L591). When it is rolled: rules.phases.movement.held (reading M-R14)."""
    die = ctx.roll(ONE_D, f"jackknife ({fold:.0f} degrees): 1-3 breaks the coupling", "000:L574, L591", vid)
    broke = jackknife_breaks(die)
    ctx.log.add(Jackknifed(f"jackknifes at {fold:.0f} degrees" + (": the coupling breaks" if broke else ""),
                           "000:L573-L574, L591", vid, trailer=tid, fold=round(fold, 3), broke=broke))
    _strip_hitch_armor(ctx, vid)
    if broke:
        released(ctx, tid, "the coupling broke in the jackknife", "000:L574, L591")


def _strip_hitch_armor(ctx: Ctx, vid: str) -> None:
    """Any jackknife destroys the hitch's armor at once, all of it (000:L1982)."""
    v = ctx.v(vid)
    armored = [c for c in v.sheet.components if c.id.endswith("_hitch") and c.armor > 0]
    if not armored:
        return
    comps = tuple(replace(c, armor=0) if c in armored else c for c in v.sheet.components)
    ctx.put(evolve(v, sheet=replace(v.sheet, components=comps)))
    lost = sum(c.armor for c in armored)
    ctx.log.add(Damaged(f"the jackknife destroys the hitch armor ({lost})", "000:L1982", vid, cause="jackknife",
                        location=armored[0].id, points=lost, taken=lost))


def released(ctx: Ctx, tid: str, why: str, rule: str) -> None:
    """A trailer off its tower while moving: a D2 hazard to the tower (000:L258); a semi-trailer's front hits
    the ground, 1d per 10 mph to its front underbody, and it goes to Crash Table 3 (000:L602, reading M-R16:
    rules.play.crashes.loose_semi_table_3); a car trailer makes its control roll at its own HC and goes to
    Crash Table 2 if lost (000:L576)."""
    tower = ctx.v(tid).towed_by
    w = set_loose(ctx, tid, why, rule)
    if w.speed <= 0:
        return
    d = int(rig_tables().num("hazards", "trailer_released"))
    if tower:
        hazard(ctx, tower, d, "its trailer came loose", "000:L258")
    dmg, where, hc, _table, _decel = loose_trailer(w.spec.kind.value, w.speed)
    if dmg is not None and where == "front_underbody":
        damage_face(ctx, tid, where, ctx.roll(dmg, "the semi-trailer's front hits the road", "000:L602", tid),
                    "the front hits the road", "000:L602", "ram")
    ctx.update(tid, hs=hc)
    if tower and w.spec.kind is Kind.SEMI_TRAILER:   # it crashes at once: Crash Table 3 (000:L602, M-R16)
        loose_semi_table_3(ctx, tid, ctx.v(tower), d, w.speed)
        return
    if not check_control(ctx, tid, 0, w.speed, "the loose trailer", "000:L576, L601-L602"):
        lose_control(ctx, tid, 2, 0, w.speed, travel=w.travel)


def coupling_rammed(ctx: Ctx, tower: str, trailer: str, points: int) -> None:
    """A rig that slowed in a collision: the ram damage at the speed it lost goes to the hitch (or fifth wheel)
    and to the tongue alike, each one's excess on into the tower's back and the trailer's front armor
    (000:L474-L475; a semi-trailer's kingpin has no DP of its own: its share goes to the trailer's front)."""
    if points <= 0:
        return
    for vid, face, ids in ((tower, "back", ("fifth_wheel", "_hitch")), (trailer, "front", ("tongue",))):
        v = ctx.v(vid)
        comps = list(v.sheet.components)
        i = next((i for i, c in enumerate(comps) if not c.destroyed and any(
            c.id == k or (k.startswith("_") and c.id.endswith(k)) for k in ids)), None)
        left = points
        if i is not None:
            took = min(comps[i].dp, points)
            comps[i] = replace(comps[i], dp=comps[i].dp - took)
            left -= took
            v = ctx.put(evolve(v, sheet=replace(v.sheet, components=tuple(comps))))
            ctx.log.add(Damaged(f"the collision's jolt: {took} to the {comps[i].name.lower()}", "000:L475", vid,
                                cause="coupling ram", location=comps[i].id, points=took, taken=took))
        left = _hitch_armor_absorbs(ctx, tower, left)
        damage_face(ctx, vid, face, left, "the coupling's excess", "000:L475", "ram")


def _hitch_armor_absorbs(ctx: Ctx, tower: str, points: int) -> int:
    """The tower's hitch armor (or fifth-wheel guard) does not stop the jolt but takes its excess before other
    armor (000:L475): what it cannot absorb goes on."""
    v = ctx.v(tower)
    comps = list(v.sheet.components)
    i = next((i for i, c in enumerate(comps) if is_hitch(c) and c.armor > 0), None)
    if i is None or points <= 0:
        return points
    took = min(comps[i].armor, points)
    comps[i] = replace(comps[i], armor=comps[i].armor - took)
    ctx.put(evolve(v, sheet=replace(v.sheet, components=tuple(comps))))
    ctx.log.add(Damaged(f"the coupling's excess: {took} to the {comps[i].name.lower()}'s armor", "000:L475", tower,
                        cause="coupling ram", location=comps[i].id, points=took, taken=0))
    return points - took
