"""Losing control: control rolls after maneuvers and hazards, crash-table rolls and the
worst-result rule (000:L182-L186, L306-L336). The motions of crash results live in rules.phases.movement."""

from __future__ import annotations

import math
from dataclasses import replace

from rules.core.dice import DiceExpr
from rules.core.events import (
    ControlRolled,
    CrashIgnored,
    CrashMotion,
    CrashRolled,
    DiceRolled,
    EquipmentActed,
    HazardMet,
)
from rules.driving.articulated import crash3, crash3_motion, jackknife_breaks, jackknifed, trailer_path
from rules.driving.equipment import antilock, brakes, carries, on_side
from rules.driving.handling import CrashModifier, control_roll, crash_modifiers, lower_status
from rules.driving.maneuvers import Motion
from rules.play.context import Ctx
from rules.play.rigs import coupling_of, set_loose, towing, trailer_of
from rules.play.state import Mode, Pending, VehicleState
from rules.play.surfaces import off_road_crash_modifier, road_condition, said, surface_of, what_adds
from rules.tables.electronics import electronics_tables

# Modes that are a crash result still playing out, by the result they came from (000:L309).
MODE_RESULT = {"spin": "spinout", "roll": "roll"}
TWO_D = DiceExpr(2)
ONE_D = DiceExpr(1)


def current_severity(ctx: Ctx, vid: str) -> int:
    v = ctx.v(vid)
    worst = ctx.t.crash.severity(MODE_RESULT[v.mode]) if v.mode in MODE_RESULT else 0
    for p in v.pending:
        worst = max(worst, p.severity)
    return worst


def check_control(ctx: Ctx, vid: str, difficulty: int, speed: float, what: str, rule: str,
                  added: tuple[tuple[str, int], ...] = ()) -> bool:
    """Lower the handling status by D and roll for control at `speed` (000:L165, L182-L186); `added`
    names what the road or the ground put into the D, for the log."""
    v = ctx.v(vid)
    hs = lower_status(v.hs, difficulty, ctx.t)
    ctx.update(vid, hs=hs, phase_d=v.phase_d + max(0, difficulty))
    res = control_roll(speed, hs, ctx.dice, ctx.t)
    if res.die is not None:
        ctx.log.add(DiceRolled(f"control roll for {what}: 1d = {res.die}, needs {res.need}+", "000:L185", vid,
                               what=f"control roll for {what}", expr="1d", faces=(res.die,), total=res.die))
    verdict = "control kept" if res.kept else "CONTROL LOST"
    need = {"safe": "safe, no roll", "XX": "automatic loss (XX)"}.get(res.need, f"needs {res.need}+")
    ctx.log.add(ControlRolled(f"{what}: D{difficulty}{said(added)}, handling {v.hs} -> {hs} at {speed:g} mph: {need}; "
                              f"{verdict}", rule or "000:L182-L186", vid, what=what, difficulty=difficulty,
                              hs_before=v.hs, hs=hs, speed=speed, need=res.need, rolled=res.die, kept=res.kept,
                              added=tuple(f"{n} +{d}" for n, d in added)))
    return res.kept


def lose_control(ctx: Ctx, vid: str, table: int, difficulty: int, speed: float, *, travel: float,
                 extra: tuple[CrashModifier, ...] = (), swing: str = "") -> None:
    """Roll on Crash Table 1 or 2 and queue the result for the vehicle's next movement (000:L316); a vehicle
    towing a trailer rolls on Crash Table 3 instead, for any cause (000:L578, L607)."""

    if towing(ctx.state, vid):
        crash_table_3(ctx, vid, difficulty, speed, travel=travel, extra=extra)
        return
    v = ctx.v(vid)
    ground = off_road_crash_modifier(ctx.state, vid)
    extra = extra + ((ground,) if ground else ())   # -3 off-road (000:L507)
    mods = crash_modifiers(speed, difficulty, v.spec.driver_skill, extra=extra, t=ctx.t)
    total = ctx.roll(TWO_D, f"Crash Table {table}", "000:L306-L314", vid) + sum(m.value for m in mods)
    shown = ", ".join(f"{m.name} {m.value:+d}" for m in mods if m.value)
    row = ctx.t.crash.lookup(table, total)
    ctx.log.add(CrashRolled(f"Crash Table {table}: {total} ({shown or 'no modifiers'}) -> "
                            f"{row.result.replace('_', ' ')}", f"{row_rule(table)}", vid,
                            table=table, roll=total, result=row.result))
    new: list[Pending] = []
    spin_side = ""
    if table == 2:
        side = swing or ("left" if ctx.roll(ONE_D, "fishtail direction (1-3 left, 4-6 right)", "000:L332", vid) <= 3
                         else "right")
        new.append(Pending("fishtail", travel, side, row.squares, ctx.t.crash.severity(_ft_name(row.squares))))
        spin_side = side
        if row.then_table1:
            total1 = ctx.roll(TWO_D, "Crash Table 1 after the fishtail", "000:L334", vid) + sum(m.value for m in mods)
            row1 = ctx.t.crash.lookup(1, total1)
            ctx.log.add(CrashRolled(f"Crash Table 1: {total1} -> {row1.result.replace('_', ' ')}", "000:L322-L330",
                                    vid, table=1, roll=total1, result=row1.result))
            new.append(_pending_ct1(ctx, row1.result, travel, spin_side, row1.skid, speed))
            row = row1 if row1.aimed_fire < row.aimed_fire else row
    else:
        new.append(_pending_ct1(ctx, row.result, travel, "", row.skid, speed))
    _queue_worst(ctx, vid, tuple(new))
    v = ctx.v(vid)
    ctx.update(vid, aimed_fire=min(v.aimed_fire, row.aimed_fire))


# --- rigs and trailers (issue 19, 000:L337-L351, L573-L578, L591, L601-L603) -----------------------


def crash_table_3(ctx: Ctx, vid: str, difficulty: int, speed: float, *, travel: float,
                  extra: tuple[CrashModifier, ...] = ()) -> None:
    """Crash Table 3 for a vehicle towing a trailer, modified as Crash Tables 1 and 2 are (000:L306-L314,
    L337-L351). The skid and fishtail move the two counters at once, swept, a collision where either meets
    something (reading M-R15: not queued for the next movement as a car's result is); a loose trailer, a
    coupling's damage, a further D2 hazard, spins and rolls follow as the row says."""
    v = ctx.v(vid)
    tr = trailer_of(ctx.state, vid)
    assert tr is not None
    ground = off_road_crash_modifier(ctx.state, vid)
    extra = extra + ((ground,) if ground else ())
    mods = crash_modifiers(speed, difficulty, v.spec.driver_skill, extra=extra, t=ctx.t)
    total = ctx.roll(TWO_D, "Crash Table 3", "000:L337-L351", vid) + sum(m.value for m in mods)
    row = crash3(total)
    shown = ", ".join(f"{m.name} {m.value:+d}" for m in mods if m.value)
    ctx.log.add(CrashRolled(f"Crash Table 3: {total} ({shown or 'no modifiers'}) -> {row.result.replace('_', ' ')}",
                            row.source or "000:L337-L351", vid, table=3, roll=total, result=row.result))
    side = "left" if ctx.roll(ONE_D, "which way the trailer swings (1-3 left, 4-6 right)", "000:L339", vid) <= 3 \
        else "right"
    c = coupling_of(v, tr)
    if ctx.motions is not None:
        tower_end, trailer_end = ctx.motions.crash3_moves(ctx, vid, tr.id, row, c, travel, side)   # swept (M-R15)
    else:   # a bare Ctx (no collision code handed in): the two counters set down where the row leaves them
        tower_end, trailer_end, _ = crash3_motion(row, v.pose, tr.pose, c, travel, side)
        for w, end in ((v, tower_end), (tr, trailer_end)):
            if end != w.pose:
                ctx.update(w.id, pose=end)
                ctx.log.add(CrashMotion(f"Crash Table 3: {'skids' if w is v else 'swings'} to {end}",
                                        "000:L337-L345", w.id, motion="skid" if w is v else "fishtail", ended=True))
    folded = jackknifed(tower_end, trailer_end, c)
    ctx.update(vid, aimed_fire=min(ctx.v(vid).aimed_fire, row.aimed_fire))
    if row.coupling and row.coupling_damage:
        _coupling_damage(ctx, vid if row.coupling == "fifth_wheel" else tr.id, row.coupling_damage)
    if folded and not row.loose and jackknife_breaks(ctx.roll(ONE_D, "jackknife: 1-3 breaks the coupling",
                                                              "000:L574, L591", vid)):
        set_loose(ctx, tr.id, "the coupling broke in the jackknife", "000:L574, L591")
    if row.loose and trailer_of(ctx.state, vid) is not None:
        set_loose(ctx, tr.id, row.result.replace("_", " "), row.source or "000:L347")
    if row.trailer_spins:
        _queue_worst(ctx, tr.id, (Pending("spinout", travel, side, 0.0, ctx.t.crash.severity("spinout")),))
    for who in row.rolls:
        wid = vid if who == "tractor" else tr.id
        kind = "vault" if row.vaults and who == "tractor" else "burning_roll" if row.fire_on else "roll"
        _queue_worst(ctx, wid, (_pending_ct1(ctx, kind, travel, "", 0.0, speed),))
    if row.further_hazard:
        hazard(ctx, vid, row.further_hazard, "Crash Table 3: a further hazard", row.source or "000:L347")


def loose_semi_table_3(ctx: Ctx, tid: str, tower: VehicleState, difficulty: int, speed: float) -> None:
    """A semi-trailer released from a moving tractor goes to Crash Table 3 (000:L602, reading M-R16): 2d with
    the speed's and the release's D modifiers (nobody's Driver skill), and the trailer's part of the row played
    about where the fifth wheel was: its skid and fishtail at once, its spin or roll queued. The tractor's part
    (its skid, its roll, the fifth wheel's damage, a further hazard) is not played: it is no longer in it."""
    v = ctx.v(tid)
    mods = crash_modifiers(speed, difficulty, 0, t=ctx.t)
    total = ctx.roll(TWO_D, "Crash Table 3: the released semi-trailer", "000:L602, L337-L351", tid) + \
        sum(m.value for m in mods)
    row = crash3(total)
    ctx.log.add(CrashRolled(f"Crash Table 3 for the loose semi-trailer: {total} -> {row.result.replace('_', ' ')}",
                            row.source or "000:L602", tid, table=3, roll=total, result=row.result))
    side = "left" if ctx.roll(ONE_D, "which way the trailer swings (1-3 left, 4-6 right)", "000:L339", tid) <= 3 \
        else "right"
    _, end, _ = crash3_motion(replace(row, tractor_skid=0.0), tower.pose, v.pose, coupling_of(tower, v), v.travel, side)
    if end != v.pose:
        motion = Motion(end, trailer_path(v.pose, end))
        made = ctx.motions.move(ctx, tid, motion) if ctx.motions is not None else motion   # swept (M-R15)
        ctx.update(tid, pose=made.end)
        ctx.log.add(CrashMotion(f"Crash Table 3: swings to {made.end}", "000:L602, L337-L345", tid,
                                motion="fishtail", ended=True))
    ctx.update(tid, aimed_fire=min(ctx.v(tid).aimed_fire, row.aimed_fire))
    if row.trailer_spins:
        _queue_worst(ctx, tid, (Pending("spinout", v.travel, side, 0.0, ctx.t.crash.severity("spinout")),))
    if "trailer" in row.rolls:
        kind = "burning_roll" if row.fire_on else "roll"
        _queue_worst(ctx, tid, (_pending_ct1(ctx, kind, v.travel, "", 0.0, speed),))


def _coupling_damage(ctx: Ctx, vid: str, dice: DiceExpr) -> None:
    """The fifth wheel (or the trailer's coupling: its kingpin's legs, its tongue) takes the row's damage."""
    pts = max(0, ctx.roll(dice, "damage to the coupling", "000:L347-L348", vid))
    v = ctx.v(vid)
    comps = list(v.sheet.components)
    for i, comp in enumerate(comps):
        if comp.kind == "coupling" and comp.dp > 0:
            comps[i] = replace(comp, dp=max(0, comp.dp - pts))
            ctx.put(replace(v, sheet=replace(v.sheet, components=tuple(comps))))
            return


def _ft_name(squares: int) -> str:
    return "minor_fishtail" if squares <= 1 else "major_fishtail"


def row_rule(table: int) -> str:
    return "000:L322-L330" if table == 1 else "000:L331-L336"


def _pending_ct1(ctx: Ctx, result: str, travel: float, side: str, skid: float, speed: float) -> Pending:
    # a vault lands at the initial speed, the one control was lost at (000:L330, L233; reading AU6)
    return Pending(result, travel, side, skid, ctx.t.crash.severity(result), speed if result == "vault" else 0.0)


def _queue_worst(ctx: Ctx, vid: str, new: tuple[Pending, ...]) -> None:
    """Only the worst result counts while one is being resolved (000:L309-L310)."""
    worst_new = max(p.severity for p in new)
    have = current_severity(ctx, vid)
    v = ctx.v(vid)
    if have and worst_new <= have:
        ctx.log.add(CrashIgnored("already out of control with a worse result: no new effect", "000:L309-L310", vid))
        return
    # a worse result replaces what was pending (a planned controlled skid included) and ends a spin
    ctx.put(replace(v, pending=new, mode=Mode.NORMAL if v.mode == Mode.SPIN else v.mode))


def hazard(ctx: Ctx, vid: str, difficulty: int, what: str, rule: str, *, at_speed: float | None = None) -> bool:
    """A hazard (000:L244-L253): road conditions add to it, it lowers the handling status and needs
    its own control roll at the current speed, or at `at_speed` (a collision's: the speed before it,
    000:L428, reading AU7); a loss goes to Crash Table 2 (000:L308). Returns True if control was kept.
    Collisions and combat call this. A hazard to a hitched trailer is its rig's: the tower's driver rolls, and a
    loss goes to Crash Table 3 (000:L607)."""
    v = ctx.v(vid)
    if v.towed_by:
        vid = v.towed_by
        v = ctx.v(vid)
    speed = v.speed if at_speed is None else at_speed
    if v.out or speed == 0:
        why = "stationary" if speed == 0 else "out of the fight"
        ctx.log.add(HazardMet(f"{what}: D{difficulty} ({why}: no control roll)", rule, vid, what=what,
                              difficulty=difficulty, stationary=True))
        ctx.update(vid, hs=lower_status(v.hs, difficulty, ctx.t), phase_d=v.phase_d + max(0, difficulty))
        return True

    road = ctx.t.hazards.road.get(road_condition(ctx.state, vid))  # the map's, else the weather
    d = difficulty + (road.add if road and not road.maneuvers_only else 0)
    oil = surface_of(ctx.state, vid).hazard_d
    d += oil  # oil or burning oil under it: +D2 to every hazard (000:L1045)
    shocks = _shocks(ctx, v)
    ctx.log.add(HazardMet(f"{what}: D{max(0, d - shocks)}" + (f" (+{oil} for oil under it)" if oil else "")
                          + (f" (-{shocks}: heavy-duty shocks)" if shocks else ""), rule, vid, what=what,
                          difficulty=max(0, d - shocks), oil=oil))
    if shocks:
        d = max(0, d - shocks)
        if d == 0:    # a D0 hazard forces no control roll with HD shocks (000:L2590)
            return True
    kept = check_control(ctx, vid, d, speed, what, "000:L244-L245", what_adds(ctx.state, vid, maneuver=False))
    if not kept:
        lose_control(ctx, vid, 2, d, speed, travel=v.travel)
    return kept


def swipe_d(ctx: Ctx, d: int, swipe_mph: float) -> int:
    """A sideswipe's D as the game's RuleOptions.swipe_hazard reads "1 for each 10 mph" (000:L466,
    reading AU7): `round_up` (the reference's reading, D1 at 5 mph: `d` as collide gave it) or
    `whole_10` (only whole 10s count: D0 at 5 mph)."""
    if ctx.state.options.swipe_hazard == "whole_10":
        return int(swipe_mph // ctx.t.hazards.collision_mph_per_d)
    return d


def tstop_crash_extra(ctx: Ctx, decel: float) -> CrashModifier:
    per = ctx.t.maneuvers.tstop_crash_mph_per_point
    return CrashModifier("T-stop deceleration", math.ceil(decel / per - 1e-9), "000:L229")


# --- braking (000:L146-L154, L233, L2628, L2974) ---------------------------------------------------


def braking_hazard(ctx: Ctx, vid: str, decel: float) -> tuple[int, DiceExpr]:
    """The D of shedding `decel` mph in a turn with the road condition added (0: no hazard), and the
    damage to each tire: heavy-duty brakes read their own figures (000:L2628, reading AU1), ABS takes
    the tire damage away and D1 off the road's part on rain, snow, ice, oil and gravel (000:L2974)."""
    t, v = ctx.t, ctx.v(vid)
    d, tire = t.decel.hazard(decel, brakes(t, v.sheet), ctx.state.options.hd_brakes)
    if d == 0:
        return 0, tire
    if antilock(t, v.sheet):
        tire = DiceExpr(0)
    return d + sum(n for _, n in braking_road(ctx, vid)), tire


def braking_road(ctx: Ctx, vid: str) -> tuple[tuple[str, int], ...]:
    """What the road condition adds to a braking hazard, ABS's D1 less taken off (000:L267-L275, L2974)."""
    t, v = ctx.t, ctx.v(vid)
    cond = road_condition(ctx.state, vid)
    road = t.hazards.road.get(cond)
    add = road.add if road else 0
    ab = t.decel.antilock
    if ab is not None and cond in ab.conditions and antilock(t, v.sheet):
        add = max(0, add - ab.hazard_reduction)
    return ((cond.replace("_", " "), add),) if add else ()



# --- the aimed-fire penalty of a crash result (000:L319-L321, L937-L938) -------------------------


def penalty_when_done(ctx: Ctx, vid: str, p: Pending) -> None:
    """A crash result taken on in a later turn than control was lost still spoils aimed fire for the
    rest of the turn it is done in (000:L937-L938 tie it to the skid or fishtail the vehicle does;
    000:L319 to the turn control was lost: both count, reading AU5)."""
    name = ("minor_fishtail" if p.skid <= 1 else "major_fishtail") if p.kind == "fishtail" else p.kind
    try:
        penalty = ctx.t.crash.by_name(name).aimed_fire
    except KeyError:              # a controlled skid or the bootlegger's finish: no crash-table row
        return
    v = ctx.v(vid)
    if penalty < v.aimed_fire:
        ctx.update(vid, aimed_fire=penalty)


# --- ram accessories (000:L2518, L2540) -----------------------------------------------------------


def ram_accessories(ctx: Ctx, parties: tuple[VehicleState, VehicleState], sides: tuple[str, str]
                    ) -> tuple[tuple[int, int], tuple[bool, bool]]:
    """What each party's striking side carries into a ram: the bumper-spike die it rolls (0 without
    spikes there) and whether a ramplate is there (reading AU14)."""
    (s1, p1), (s2, p2) = (striking(ctx, v, side) for v, side in zip(parties, sides, strict=True))
    return (s1, s2), (p1, p2)


def striking(ctx: Ctx, v: VehicleState, side: str) -> tuple[int, bool]:
    """One vehicle's striking side: its bumper-spike die (0 if none there) and its ramplate."""
    d = ctx.rules.collisions
    spike = ctx.roll(d.spike_dice, f"bumper spikes on the {side}", "000:L2518", v.id) \
        if on_side(v.sheet, d.spike_accessory, side) else 0
    plate = on_side(v.sheet, d.ramplate_accessory, side)
    bumper_trigger(ctx, v, side)
    if plate:
        ctx.log.add(EquipmentActed(f"ramplate on the {side}: twice the damage dealt, half taken", "000:L2540",
                                   v.id, accessory=d.ramplate_accessory))
    return spike, plate


def bumper_trigger(ctx: Ctx, v: VehicleState, side: str) -> None:
    """A bumper trigger on the side a collision strikes sets off the weapons of that side (000:L2609; reading
    RD8): armed from the start, on the front when the design gives it no side, gone once that side's armor
    is; they fire at this phase's fire step (rules.phases.electronic_fire)."""
    key = electronics_tables().bumper_trigger
    sheet = v.sheet
    here = [c for c in sheet.components if c.kind == "accessory" and c.id.rstrip("0123456789") == key
            and not c.destroyed and (c.location if c.location in ARMOR_SIDES else "front") == side]
    if not here or sheet.armor.get(side, 0) <= 0 or side in ctx.v(v.id).bumped:
        return
    ctx.update(v.id, bumped=(*ctx.v(v.id).bumped, side))
    ctx.log.add(EquipmentActed(f"the collision sets off the bumper trigger on the {side}: its weapons fire on "
                               f"automatic at this phase's fire step", electronics_tables().bumper_source,
                               v.id, accessory=key))


ARMOR_SIDES = ("front", "back", "left", "right")


def _shocks(ctx: Ctx, v: VehicleState) -> int:
    """Heavy-duty shock absorbers: every hazard D1 less (000:L2590, reading AU15)."""
    hz = ctx.t.hazards
    return hz.shocks_reduction if hz.shocks and carries(v.sheet, hz.shocks) else 0
