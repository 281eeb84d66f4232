"""The sequence of play for movement (reference/movement.md §5): speed changes at the start of a
phase, who moves and in what order, one maneuver per phase, forced motions of crash results, and
the ends of phases and turns. Works on a Ctx; the engine (rules.engine.engine) drives it."""

from __future__ import annotations

import math

from rules.core.dice import DiceExpr
from rules.core.events import (
    CrashMotion,
    FireStarted,
    HandlingChanged,
    Moved,
    MoveDeferred,
    OccupantsHurt,
    SlowedTo,
    SpeedChanged,
    TrailerFollowed,
)
from rules.core.geometry import Kind, Pose, angle_diff, norm_deg
from rules.driving.articulated import (
    decel_crash,
    jackknife_roll_due,
    jackknifed,
    trailer_path,
)
from rules.driving.equipment import most_deceleration
from rules.driving.handling import recover
from rules.driving.maneuvers import (
    Maneuver,
    Motion,
    base_difficulty,
    bootlegger_finish,
    fishtail,
    perform,
    slide,
)
from rules.play.banking import banked_d
from rules.play.boosters import burn_boosters
from rules.play.collisions import held_back, move_with_collisions, recouple, stopped
from rules.play.concussion import refresh_stunned
from rules.play.context import Ctx
from rules.play.counters import cross_counters
from rules.play.crashes import (
    ONE_D,
    check_control,
    crash_table_3,
    hazard,
    lose_control,
    penalty_when_done,
    tstop_crash_extra,
)
from rules.play.crashes import braking_hazard as crashes_braking_hazard
from rules.play.effects import brake, damage_each_tire, damage_face, damage_one_tire, jackknife, released
from rules.play.ejection import ejection_phase
from rules.play.falling import land_falls, over_edge
from rules.play.gas_engine import cracked, engine_turn
from rules.play.lights import blinded_d, drop_spent_beams
from rules.play.map_edges import check_left_map
from rules.play.nitrous import extra_acceleration, nitrous_turn
from rules.play.nitrous import top_speed as nitrous_top
from rules.play.rigs import coupling_broken, coupling_of, rig_of, towing, trailer_after, trailer_of
from rules.play.state import GameState, Mode, Pending, VehicleState, evolve
from rules.play.surfaces import off_road_maneuver_d, road_condition, surface_of, what_adds
from rules.play.terrain import land, note_ground, take_off, terrain_turn_end, terrain_turn_start
from rules.play.uncontrolled import no_pedals, substitute_at_guns, substitute_d
from rules.tables.movement import Tables

FORCED_MODES = (Mode.SPIN, Mode.ROLL, Mode.T_STOP, Mode.SKIDDED, Mode.WRECK)
ROLL_FACES = {"left": ("left", "top", "right", "underbody"), "right": ("right", "top", "left", "underbody")}


# --- the chart -------------------------------------------------------------------------------


def increments_for(t: Tables, speed: float, phase: int) -> tuple[float, ...]:
    """The moves a vehicle makes in a phase: full inches first, then the partial move (000:L105-L108)."""
    inches = t.chart.row(speed).phases[phase - 1]
    full = int(inches + 1e-9)
    part = round(inches - full, 4)
    return (1.0,) * full + ((part,) if part else ())


def move_order(ctx: Ctx) -> tuple[str, ...]:
    """Vehicles that move this phase, fastest first; ties by the better reflex roll (000:L140)."""
    s = ctx.state
    movers = [v for v in s.vehicles if (not v.out or v.driverless) and v.speed > 0 and not v.towed_by
              and increments_for(ctx.t, v.speed, s.phase)]  # a hitched trailer follows its tower (000:L561)  # a wreck still rolling on moves too (000:L978)
    movers.sort(key=lambda v: (-v.speed, -v.reflex_roll, v.id))
    return tuple(v.id for v in movers)


# --- speed changes (000:L136, L143-L154, L233, L236-L238) ------------------------------------------


def reverse_top(t: Tables, v: VehicleState) -> float:
    step = t.chart.step
    return math.floor(v.spec.top_speed * t.maneuvers.reverse_fraction / step + 1e-9) * step


def may_change_speed(v: VehicleState) -> bool:
    return (not v.out and not v.speed_changed and v.mode == Mode.NORMAL and not v.steering_lost and not v.driverless
            and not v.towed_by  # a trailer cannot accelerate by itself (000:L555)
            and not v.airborne and not v.fall_lands and not v.driver_stunned  # none in flight or while stunned (000:L283, L472)
            and not no_pedals(v)  # a sidecar passenger at the wheel has no brakes or throttle (000:L979)
            and not substitute_at_guns(v))  # he fired this turn: hands off the controls (000:L980)


def speed_options(t: Tables, v: VehicleState, state: GameState | None = None) -> list[float]:
    """Every signed speed this vehicle may choose now (its current speed included)."""
    if not may_change_speed(v):
        return [v.signed_speed]
    step = t.chart.step
    out: set[float] = {v.signed_speed}
    top = reverse_top(t, v) if v.reverse else (nitrous_top(state, v) if state and v.nitrous else v.spec.top_speed)
    gain = v.spec.acceleration_at(v.speed) + (extra_acceleration(state, v) if state and v.nitrous else 0.0)
    # HD transmission: slow from rest (000:L2629); no acceleration at all with the plant out (000:L1742)
    hi = v.speed if v.plant_out or cracked(v) or v.starting else min(top, v.speed + gain)
    lo = max(0.0, v.speed - most_deceleration(t, v.sheet))  # 50 mph with HD brakes (000:L2628)
    k = math.ceil(lo / step - 1e-9)
    while k * step <= hi + 1e-9:
        out.add(-k * step if v.reverse else k * step)
        k += 1
    if v.speed == 0 and v.full_stop and v.spec.kind is not Kind.CYCLE and not v.plant_out and not v.starting:
        other_top = v.spec.top_speed if v.reverse else reverse_top(t, v)
        k = 1
        while k * step <= min(other_top, v.spec.acceleration_at(0.0)) + 1e-9:
            out.add(k * step if v.reverse else -k * step)
            k += 1
    return sorted(out)


def set_speed(ctx: Ctx, vid: str, signed: float) -> None:
    v = ctx.v(vid)
    new_speed, new_rev = float(abs(signed)), (signed < 0) if signed != 0 else v.reverse  # float: saves replay exactly
    ctx.state = evolve(ctx.state, declared=ctx.state.declared + (vid,))
    if signed == v.signed_speed:
        return
    decel = deceleration(v, signed)
    ctx.put(evolve(v, speed=new_speed, reverse=new_rev, speed_changed=True, steered=True,
                    travel=norm_deg(v.pose.facing + (180 if new_rev else 0)) if v.speed == 0 else v.travel))
    tr = trailer_of(ctx.state, vid)
    if tr is not None:   # a trailer goes as fast as its tower (000:L555)
        ctx.put(evolve(tr, speed=new_speed, reverse=new_rev))
    word = "reverse " if new_rev else ""
    ctx.log.add(SpeedChanged(f"speed {v.signed_speed:g} -> {word}{new_speed:g} mph", "000:L136, L144", vid,
                             old=v.signed_speed, new=signed))
    if decel > 0:
        _deceleration_hazard(ctx, vid, decel, v.speed)


def deceleration(v: VehicleState, signed: float) -> float:
    """The mph a speed change sheds: all of it when it changes between forward and reverse."""
    new_speed, new_rev = abs(signed), (signed < 0) if signed != 0 else v.reverse
    return v.speed - new_speed if new_rev == v.reverse else v.speed


def braking_hazard(ctx: Ctx, vid: str, decel: float) -> tuple[int, DiceExpr]:
    """The D of shedding `decel` mph in a turn with the road condition added (0: no hazard), and the
    damage to each tire (000:L146-L154, L233; the brakes' own rules: rules.play.crashes)."""
    return crashes_braking_hazard(ctx, vid, decel)


def _deceleration_hazard(ctx: Ctx, vid: str, decel: float, original: float) -> None:
    """Braking hard is a maneuver resolved at once, at the original speed (000:L146-L154, L233); a vehicle
    towing a trailer that sheds more than 30 mph in a turn goes straight to Crash Table 3, every tire (the
    trailer's too) taking 2d (000:L553)."""
    tr = trailer_of(ctx.state, vid)
    if tr is not None:
        over, dice = decel_crash(decel)
        if over:
            crash_table_3(ctx, vid, 0, original, travel=ctx.v(vid).travel)
            for w in (vid, tr.id):
                damage_each_tire(ctx, w, dice, "braking hard with a trailer", "000:L553")
            return
    brake(ctx, vid, decel, original)


# --- tires ----------------------------------------------------------------------------------------












# --- moving ---------------------------------------------------------------------------------------


def move_along(ctx: Ctx, vid: str, motion: Motion, what: str, maneuver: Maneuver | None = None) -> None:
    """Put the counter at the end of a motion, as far as collisions let it go (rules.play.collisions:
    a collision may also stop it for the rest of the phase by clearing its increments), then let the
    dropped-weapon counters it ran over act on it (rules.play.counters)."""

    start = ctx.v(vid).pose
    motion = move_with_collisions(ctx, vid, motion)
    v = ctx.v(vid)
    ctx.put(evolve(v, pose=motion.end))
    path = tuple(motion.path[:: max(1, len(motion.path) // 8)]) + (motion.end,)
    ctx.log.add(Moved(f"{what} to {motion.end}", "", vid, what=what, end=motion.end, path=path))
    if towing(ctx.state, vid):
        drag_trailer(ctx, vid, start, maneuver)   # the trailer follows onto the hitch (000:L561-L564)
    recouple(ctx)                                 # a rig one of its counters was pushed apart (reading M-R30)
    cross_counters(ctx, vid, motion)  # dropped weapons and debris it ran over (000:L1042-L1046)
    note_ground(ctx, vid)             # off-road or back on the road (000:L507, L512-L516)
    take_off(ctx, vid, start)         # off the top of a ramp: a jump (000:L279)
    over_edge(ctx, vid, start)        # over a cliff or ledge: a fall, or corners hanging over (000:L283, L302)
    check_left_map(ctx, vid)          # off the map: out of the game (reading T27)


def drag_trailer(ctx: Ctx, vid: str, start: Pose, maneuver: Maneuver | None = None) -> None:
    """The trailer's move after its tower's (000:L561-L569): straight along its axis as far as the tower
    went (backwards when reversing), turned about a rear corner and set on the hitch; a collision only
    where it ends (000:L565). Its speed is the tower's. A jackknife rolls at once for the coupling
    (000:L574, L591; reading M-R14)."""
    tower = ctx.v(vid)
    tr = trailer_of(ctx.state, vid)
    assert tr is not None
    c = coupling_of(tower, tr)
    tr_start = tr.pose
    rm = trailer_after(start, tower.pose, tr.pose, c, reverse=tower.reverse, maneuver=maneuver)
    ctx.put(evolve(tr, speed=tower.speed, reverse=tower.reverse, travel=tower.travel))
    swept = move_with_collisions(ctx, tr.id, Motion(tr.pose, (tr.pose, rm)))
    tr = ctx.put(evolve(ctx.v(tr.id), pose=swept.end))
    tower = held_back(ctx, vid, tr.pose, c)   # before what it runs over: a crash there moves both counters
    path = trailer_path(swept.path[0], swept.end)
    fold = angle_diff(tower.pose.facing, tr.pose.facing)
    ctx.log.add(TrailerFollowed(f"trailer follows to {swept.end}", "000:L561-L564", tr.id, tower=vid,
                                end=swept.end, path=path, fold=round(fold, 3)))
    cross_counters(ctx, tr.id, Motion(swept.end, path))
    note_ground(ctx, tr.id)
    check_left_map(ctx, tr.id)
    if stopped(ctx, tr.id):   # the trailer met something: the tower it pulls is held there too
        ctx.update(rig_of(ctx.state, vid)[0], increments=())
    held(ctx, vid, tr.id, jackknifed(tower.pose, tr.pose, c), fold, maneuver)
    if towing(ctx.state, tr.id) and not ctx.v(tr.id).out:
        # a double: the second trailer follows the first as if the first were the towing vehicle (000:L567),
        # the distance the first trailer's centre went (reading M-R32)
        drag_trailer(ctx, tr.id, tr_start)


def held(ctx: Ctx, vid: str, tid: str, folded: bool, fold: float, maneuver: Maneuver | None) -> None:
    """A jackknife's 1d for the coupling (000:L574, L591; reading M-R14): a rig's, or one a fishtail, skid or
    spin forced, at once; a car trailer's its driver maneuvered into, once the position is held into the next
    movement phase (it is counted from the phase it formed; a move that straightens the trailer ends it)."""
    tr = ctx.v(tid)
    if not folded:
        if tr.jackknife_since:
            ctx.update(tid, jackknife_since=0)
        return
    if tr.spec.kind is not Kind.CAR_TRAILER or maneuver is None:
        jackknife(ctx, vid, tid, fold)
        return
    clock = ctx.state.turn * ctx.t.chart.phases_per_turn + ctx.state.phase
    since = tr.jackknife_since or clock
    if not jackknife_roll_due("maneuver", clock - since + 1):
        ctx.update(tid, jackknife_since=since)
        return
    ctx.update(tid, jackknife_since=clock)   # not broken: held on, it rolls again the next phase
    jackknife(ctx, vid, tid, fold)


def forced(v: VehicleState) -> bool:
    """Whether the vehicle's next move is out of its driver's hands."""
    if v.mode in FORCED_MODES or v.steering_lost or v.driverless or v.airborne or v.fall_lands or v.driver_stunned:
        return True  # nobody steers: straight on (000:L283, L472, L978)
    if substitute_at_guns(v):
        return True  # the substitute driver chose the guns this turn (000:L980)
    return bool(v.pending) and v.pending[0].kind == "controlled_skid"


def start_moving(ctx: Ctx, vid: str) -> None:
    """The vehicle's first move of the phase: its increments, then pending crash results (000:L316)."""
    v = ctx.v(vid)
    ctx.put(evolve(v, increments=increments_for(ctx.t, v.speed, ctx.state.phase), moved_this_phase=True))
    if v.mode == Mode.SPIN and v.mode_count < ctx.state.turn and v.mode_turn < ctx.state.turn:
        _spin_recovery(ctx, vid)
    # only what was queued before this movement plays now: a follow-up skid waits for the next phase
    # (no vehicle skids more than once a phase, 000:L317)
    for _ in range(len(ctx.v(vid).pending)):
        v = ctx.v(vid)
        if not v.pending or v.pending[0].kind == "controlled_skid":
            return
        p, rest = v.pending[0], v.pending[1:]
        ctx.put(evolve(v, pending=rest))
        penalty_when_done(ctx, vid, p)   # the aimed-fire penalty holds in the turn it is done (000:L937-L938)
        _start_crash_effect(ctx, vid, p)


def _start_crash_effect(ctx: Ctx, vid: str, p: object) -> None:

    assert isinstance(p, Pending)
    v = ctx.v(vid)
    size = v.spec.counter(ctx.t.handling.counters)
    if p.kind == "fishtail":
        m = fishtail(v.pose, size, p.side, int(p.skid))
        move_along(ctx, vid, m, f"fishtails {p.side} {int(p.skid)} square(s)")
        ctx.update(vid, travel=norm_deg(ctx.v(vid).pose.facing + (180 if v.reverse else 0)), mode_side=p.side)
        return
    if p.kind == "bootlegger_finish":  # not a crash-table result: no row to look up
        m = bootlegger_finish(v.pose, p.side, p.travel)
        move_along(ctx, vid, m, "completes the bootlegger reverse")
        ctx.update(vid, speed=0.0, increments=(), travel=ctx.v(vid).pose.facing, speed_changed=True)
        ctx.log.add(SlowedTo("stops, facing back the way it came", "000:L223", vid, speed=0.0))
        return
    row = ctx.t.crash.by_name(p.kind)
    if row.skid:
        _crash_skid(ctx, vid, p.travel, row.skid, row.speed_loss, row.tire_hits, row.follow_up, p.kind)
    elif p.kind == "spinout":
        side = p.side or v.mode_side or _random_side(ctx, vid, "spin direction")
        ctx.update(vid, mode=Mode.SPIN, mode_travel=p.travel, mode_side=side, mode_turn=ctx.state.turn,
                   mode_count=ctx.state.turn)
        ctx.log.add(CrashMotion(f"spins out, turning {side}", "000:L327", vid, motion="spin", ended=False))
        if row.tire_damage:
            damage_each_tire(ctx, vid, row.tire_damage, "spinout", "000:L327")
    elif p.kind in ("roll", "burning_roll"):
        _begin_roll(ctx, vid, p.travel, burning=p.kind == "burning_roll")
    elif p.kind == "vault":
        _vault(ctx, vid, p.travel, p.speed)


def _random_side(ctx: Ctx, vid: str, why: str) -> str:
    return "left" if ctx.roll(ONE_D, f"{why} (1-3 left, 4-6 right)", "000:L327", vid) <= 3 else "right"


def _crash_skid(ctx: Ctx, vid: str, travel: float, k: float, loss: int, tire_hits: int, follow: str, name: str) -> None:
    """A skid along the old travel direction, then straight ahead for the rest of the phase (000:L317)."""
    v = ctx.v(vid)
    inc = v.increments[0] if v.increments else 0.0
    k = min(k, inc) if inc < 1 else k  # on a half-move no skid exceeds 1/2" (000:L317)
    m = slide(v.pose, travel, k)
    move_along(ctx, vid, m, f"{name.replace('_', ' ')}: skids {k:g}\"")
    v = ctx.v(vid)
    rest = max(0.0, inc - k)
    if rest:
        move_along(ctx, vid, slide(v.pose, v.pose.facing + (180 if v.reverse else 0), rest), "straight on")
    v = ctx.v(vid)
    new_speed = max(0.0, v.speed - loss)
    ctx.put(evolve(v, increments=v.increments[1:], speed=new_speed, mode=Mode.SKIDDED if new_speed else Mode.NORMAL,
                    travel=norm_deg(v.pose.facing + (180 if v.reverse else 0))))
    if loss:
        ctx.log.add(SlowedTo(f"skid costs {loss} mph: now {new_speed:g} mph", "000:L324-L326", vid, speed=new_speed))
    if tire_hits:
        damage_each_tire(ctx, vid, DiceExpr(0, tire_hits), name.replace("_", " "), "000:L325-L326")
    if follow:

        w = ctx.v(vid)
        ctx.put(evolve(w, pending=w.pending + (Pending(follow, travel, "", ctx.t.crash.by_name(follow).skid,
                                                        ctx.t.crash.severity(follow)),)))


def _spin_recovery(ctx: Ctx, vid: str) -> None:
    """Once a turn the spinning driver rolls in the -6 column; success stops the spin (000:L327)."""
    v = ctx.v(vid)
    ctx.update(vid, mode_count=ctx.state.turn)
    hs0 = v.hs
    ctx.update(vid, hs=ctx.t.handling.hs_min)
    kept = check_control(ctx, vid, 0, v.speed, "recovering from the spin", "000:L327")
    ctx.update(vid, hs=hs0 if hs0 > ctx.t.handling.hs_min else ctx.t.handling.hs_min)
    if not kept:
        return
    v = ctx.v(vid)
    off = angle_diff(v.pose.facing, v.mode_travel)
    if off <= 45:
        ctx.put(evolve(v, mode=Mode.NORMAL, reverse=False, travel=v.pose.facing))
        ctx.log.add(CrashMotion("stops spinning, facing the way it is going", "000:L327", vid, motion="spin", ended=True))
    elif off >= 135:
        ctx.put(evolve(v, mode=Mode.NORMAL, reverse=True, travel=norm_deg(v.pose.facing + 180)))
        ctx.log.add(CrashMotion("stops spinning, travelling backwards", "000:L327", vid, motion="spin", ended=True))
    else:
        ctx.put(evolve(v, mode=Mode.T_STOP, mode_start=v.speed, mode_lost=0.0, mode_count=0, mode_turn=ctx.state.turn))
        ctx.log.add(CrashMotion("stops spinning sideways: slides into a T-stop", "000:L327", vid, motion="spin",
                                ended=True))


def _begin_roll(ctx: Ctx, vid: str, travel: float, *, burning: bool) -> None:
    side = _random_side(ctx, vid, "which way it rolls")
    ctx.update(vid, mode=Mode.ROLL, mode_travel=travel, mode_side=side, mode_count=0, mode_turn=ctx.state.turn)
    ctx.log.add(CrashMotion("turns sideways and rolls; the driver is no longer in control", "000:L328", vid,
                            motion="roll", ended=False))
    if burning:
        row = ctx.t.crash.by_name("burning_roll")
        die = ctx.roll(ONE_D, f"does it catch fire? ({row.fire_on}-6 burns)", "000:L329", vid)
        if die >= row.fire_on:
            v = ctx.v(vid)
            ctx.put(evolve(v, sheet=evolve(v.sheet, on_fire=True)))
            ctx.log.add(FireStarted("the vehicle is on fire", "000:L329", vid))


def _vault(ctx: Ctx, vid: str, travel: float, initial: float = 0.0) -> None:
    """Vault (000:L330): the leading tires take 3d, it flies 1d inches turning over twice an inch,
    the face it lands on takes collision damage at its initial speed (the speed control was lost at,
    before any braking: 000:L233, reading AU6), then it rolls."""
    row = ctx.t.crash.by_name("vault")
    # out of control from the take-off: a tire lost while vaulting must not queue a second roll (000:L309)
    v = ctx.update(vid, mode=Mode.ROLL, mode_travel=travel)
    lead = _leading_corners(v, travel)
    for i, tire in enumerate(v.sheet.tires):
        if tire.corner in lead and row.tire_damage:
            hits = ctx.roll(row.tire_damage, f"vaulting tire {tire.corner}", "000:L330", vid)
            damage_one_tire(ctx, vid, i, hits, "vault", "000:L330")
    flight = ctx.roll(row.flight or ONE_D, "vault: inches flown", "000:L330", vid)
    v = ctx.v(vid)
    move_along(ctx, vid, slide(v.pose, travel, flight), f"vaults {flight}\" through the air")
    face = "top" if (flight * row.faces_per_inch // 2) % 2 else "underbody"
    landing = initial or v.speed
    ram = ctx.t.chart.ram(landing)
    if ram:
        dmg = ctx.roll(ram, f"landing on its {face} at {landing:g} mph", "000:L330", vid)
        _damage_face(ctx, vid, face, dmg, "vault landing", "000:L330", "roll")
    ctx.log.add(OccupantsHurt(f"every occupant takes {row.occupant_damage} point (body armor does not help)",
                              "000:L330", vid, points=row.occupant_damage))
    ctx.update(vid, increments=())
    _begin_roll(ctx, vid, travel, burning=False)


def _leading_corners(v: VehicleState, travel: float) -> tuple[str, ...]:
    rel = norm_deg(travel - v.pose.facing)
    if rel <= 45 or rel >= 315:
        return ("FL", "FR", "F")
    if rel >= 135 and rel <= 225:
        return ("BL", "BR", "B")
    return ("FR", "BR", "B", "F") if rel < 180 else ("FL", "BL", "F", "B")


def _damage_face(ctx: Ctx, vid: str, face: str, points: int, cause: str, rule: str, crash: str = "") -> None:
    """Damage to one face of the vehicle: armor, then what lies behind it, as in a collision (000:L969)."""

    damage_face(ctx, vid, face, points, cause, rule, crash)


def forced_increment(ctx: Ctx, vid: str) -> None:
    """One move the driver does not choose: spins, rolls, T-stop slides, skids, no steering."""
    v = ctx.v(vid)
    inc = v.increments[0]
    if v.airborne:
        _fly(ctx, vid, inc)
        return
    if v.pending and v.pending[0].kind == "controlled_skid":
        p = v.pending[0]
        k = min(p.skid, inc)
        move_along(ctx, vid, slide(v.pose, p.travel, k), f"controlled skid {k:g}\"")
        w = ctx.v(vid)
        if inc - k > 0:
            move_along(ctx, vid, slide(w.pose, w.pose.facing + (180 if w.reverse else 0), inc - k), "straight on")
        w = ctx.v(vid)
        opt = ctx.t.maneuvers.skids[p.skid]
        ctx.put(evolve(w, pending=w.pending[1:], increments=w.increments[1:],
                        pending_decel=w.pending_decel + opt.decel_mph))
        if opt.tire_hits:
            damage_each_tire(ctx, vid, DiceExpr(0, opt.tire_hits), "controlled skid", "000:L216-L218")
        return
    if v.mode == Mode.SPIN:
        spin = (90 if v.mode_side == "right" else -90) if inc >= 1 else 0
        move_along(ctx, vid, slide(v.pose, v.mode_travel, inc, spin=spin), "spins")
        ctx.update(vid, increments=ctx.v(vid).increments[1:])
    elif v.mode == Mode.ROLL:
        _roll_increment(ctx, vid, inc)
        ctx.update(vid, increments=ctx.v(vid).increments[1:])
    elif v.mode == Mode.T_STOP:
        _tstop_increment(ctx, vid, inc)
    else:  # skidded, steering lost, wreck: straight ahead
        move_along(ctx, vid, slide(v.pose, v.travel, inc), "straight")
        ctx.update(vid, increments=ctx.v(vid).increments[1:])


def _fly(ctx: Ctx, vid: str, inc: float) -> None:
    """A move of a jump: straight on through the air; on landing, the landing hazard and tire checks,
    then the rest of the move on the ground (000:L279-L280)."""

    v = ctx.v(vid)
    k = min(inc, v.airborne)
    move_along(ctx, vid, slide(v.pose, v.travel, k), "flies")
    left = 0.0 if stopped(ctx, vid) else max(0.0, ctx.v(vid).airborne - k)  # what it hit brings it down
    ctx.update(vid, airborne=left)
    if left <= 1e-9:
        land(ctx, vid)
        w = ctx.v(vid)
        if inc - k > 1e-9 and w.increments and not w.out:
            move_along(ctx, vid, slide(w.pose, w.travel, inc - k), "straight on")
    ctx.update(vid, increments=ctx.v(vid).increments[1:])


def _roll_increment(ctx: Ctx, vid: str, inc: float) -> None:
    v = ctx.v(vid)
    if inc < 1:
        move_along(ctx, vid, slide(v.pose, v.mode_travel, inc), "tumbles")
        return
    turn = 0.0
    if v.mode_count == 0:
        # first landing: turn sideways to the travel, leading with the side it rolls onto
        turn = norm_deg(v.mode_travel + (90 if v.mode_side == "left" else -90) - v.pose.facing)
        turn = turn - 360 if turn > 180 else turn
    move_along(ctx, vid, slide(v.pose, v.mode_travel, 1.0, spin=turn), "rolls")
    face = ROLL_FACES[v.mode_side][v.mode_count % 4]
    ctx.update(vid, mode_count=v.mode_count + 1)
    row = ctx.t.crash.by_name("roll")
    w = ctx.v(vid)
    if face == "underbody" and any(not t.destroyed for t in w.sheet.tires) and row.tire_damage:
        # the wheels come down: each tire takes the damage instead (000:L328)
        damage_each_tire(ctx, vid, row.tire_damage, "roll: the wheels come down", "000:L328")
        return
    if row.side_damage:
        dmg = ctx.roll(row.side_damage, f"rolls onto its {face}", "000:L328", vid)
        _damage_face(ctx, vid, face, dmg, "roll", "000:L328", "roll")


def _tstop_increment(ctx: Ctx, vid: str, inc: float) -> None:
    """Slide sideways along the old travel direction, losing 20 mph per inch (000:L227-L228)."""
    v = ctx.v(vid)
    per_inch = ctx.t.maneuvers.tstop_mph_per_inch
    dist = min(inc, v.speed / per_inch)
    move_along(ctx, vid, slide(v.pose, v.mode_travel, dist), "slides sideways (T-stop)")
    v = ctx.v(vid)
    speed = max(0.0, round((v.speed - per_inch * dist) / ctx.t.chart.step) * ctx.t.chart.step)
    lost = v.mode_lost + (v.speed - speed)
    if speed == 0:
        ctx.put(evolve(v, speed=0.0, mode_lost=lost, increments=(), travel=v.pose.facing))
        ctx.log.add(SlowedTo("the T-stop brings it to a halt", "000:L227", vid, speed=0.0))
        _tstop_tires(ctx, vid)
        ctx.update(vid, mode=Mode.NORMAL, speed_changed=True)
    else:
        ctx.put(evolve(v, speed=speed, mode_lost=lost, increments=v.increments[1:], speed_changed=True))
        ctx.log.add(SlowedTo(f"T-stop: now {speed:g} mph", "000:L227", vid, speed=speed))


def _tstop_tires(ctx: Ctx, vid: str) -> None:
    """One hit per tire for every full 20 mph lost, after each movement phase (000:L228)."""
    v = ctx.v(vid)
    due = int(v.mode_lost // ctx.t.maneuvers.tstop_mph_per_tire_hit) - v.mode_count
    if due > 0:
        ctx.update(vid, mode_count=v.mode_count + due)
        damage_each_tire(ctx, vid, DiceExpr(0, due), "T-stop", "000:L228")


def chosen_motion(t: Tables, v: VehicleState, m: Maneuver) -> Motion:
    """The counter's motion for a chosen move, before anything it meets: straight on slides this
    move's inches along the travel direction; a maneuver replaces a 1" move (000:L135, L197)."""
    if m.kind == "straight":
        return slide(v.pose, v.travel, v.increments[0])
    return perform(m, v.pose, v.spec.counter(t.handling.counters), travel=v.travel)


def asks_control(m: Maneuver, difficulty: int) -> bool:
    """Whether a chosen move lowers the handling track and rolls for control: straight ahead never,
    a T-stop always (000:L228), any other maneuver when its D is above 0 (000:L182)."""
    if m.kind == "straight":
        return False
    return m.kind == "t_stop" or difficulty > 0


def player_move(ctx: Ctx, vid: str, m: Maneuver, difficulty: int) -> None:
    """A chosen move: geometry, then the handling track and control roll (000:L135, L182)."""
    v = ctx.v(vid)
    inc = v.increments[0]
    travel0 = v.travel
    if m.kind == "straight":
        move_along(ctx, vid, chosen_motion(ctx.t, v, m), "straight" if inc >= 1 else f"{inc:g}\" straight")
        ctx.update(vid, increments=ctx.v(vid).increments[1:])
        return
    motion = chosen_motion(ctx.t, v, m)
    added = what_adds(ctx.state, vid, maneuver=True)   # named in the control roll's line, where it was chosen
    move_along(ctx, vid, motion, str(m), m)
    v = ctx.v(vid)
    after_travel = norm_deg(v.pose.facing + (180 if v.reverse else 0))
    ctx.put(evolve(v, increments=v.increments[1:], maneuvered=True, steered=True,
                    travel=travel0 if m.kind in ("t_stop", "bootlegger") else after_travel))
    if m.kind == "t_stop":
        _begin_tstop(ctx, vid, difficulty, travel0, added)
        return
    kept = not asks_control(m, difficulty) or check_control(ctx, vid, difficulty, v.speed, str(m), "000:L182-L186",
                                                            added)
    if kept:
        _ice(ctx, vid)  # a loss on the ice goes to Crash Table 2 by itself (000:L308)
    if m.kind == "bootlegger":
        damage_each_tire(ctx, vid, DiceExpr(0, ctx.t.maneuvers.bootlegger_tire_hits), "bootlegger", "000:L223")
        ctx.update(vid, aimed_fire=ctx.t.maneuvers.bootlegger_aimed_fire)
    if not kept:
        lose_control(ctx, vid, 1, difficulty, v.speed, travel=travel0)
        return
    if m.kind == "bootlegger":

        w = ctx.v(vid)
        ctx.put(evolve(w, increments=(), pending=w.pending + (Pending("bootlegger_finish", travel0, m.side),)))
    elif m.skid:

        w = ctx.v(vid)
        opt = ctx.t.maneuvers.skids[m.skid]
        ctx.put(evolve(w, pending=w.pending + (Pending("controlled_skid", travel0, m.side, m.skid),),
                        aimed_fire=min(w.aimed_fire, opt.aimed_fire)))


def _ice(ctx: Ctx, vid: str) -> None:
    """A maneuver on ice is a hazard of its own (000:L2487)."""

    d = surface_of(ctx.state, vid).maneuver_hazard_d
    if d:
        hazard(ctx, vid, d, "maneuvering on ice", "000:L2487")


def _begin_tstop(ctx: Ctx, vid: str, difficulty: int, travel0: float, added: tuple[tuple[str, int], ...] = ()) -> None:
    v = ctx.v(vid)
    start = v.speed
    v = ctx.put(evolve(v, mode=Mode.T_STOP, mode_travel=travel0, mode_start=start, mode_lost=0.0, mode_count=0,
                        mode_turn=ctx.state.turn))
    per_inch = ctx.t.maneuvers.tstop_mph_per_inch
    new_speed = max(0.0, start - per_inch)
    ctx.put(evolve(v, speed=new_speed, mode_lost=start - new_speed, speed_changed=True))
    ctx.log.add(SlowedTo(f"T-stop: {start:g} -> {new_speed:g} mph", "000:L227", vid, speed=new_speed))
    kept = check_control(ctx, vid, difficulty, start, "T-stop", "000:L228", added)
    if new_speed == 0:
        ctx.update(vid, increments=())
        _tstop_tires(ctx, vid)
        ctx.update(vid, mode=Mode.NORMAL, travel=ctx.v(vid).pose.facing)
    if not kept:
        ctx.update(vid, mode=Mode.NORMAL)
        lose_control(ctx, vid, 1, difficulty, start, travel=travel0, extra=(tstop_crash_extra(ctx, start),))


def difficulty_of(ctx: Ctx, v: VehicleState, m: Maneuver) -> int:
    """Modified D: the maneuver's own D plus the road condition under it (the map's, else the weather,
    000:L267-L275), +D1 off-road (000:L268, L507) and oil under it (000:L1045)."""

    d = base_difficulty(m, v.speed, ctx.t.maneuvers)
    if m.kind != "straight":
        d += maneuver_d_added(ctx, v) + banked_d(ctx.state, v, m)  # a banked curve (000:L277)
    return max(0, d)


def maneuver_d_added(ctx: Ctx, v: VehicleState) -> int:
    """What the place and the driver add to every maneuver's D (not to straight ahead): the road
    condition, off-road, oil under it, a substitute driver."""
    road = ctx.t.hazards.road.get(road_condition(ctx.state, v.id))
    d = road.add if road else 0
    d += off_road_maneuver_d(ctx.state, v.id)
    d += surface_of(ctx.state, v.id).maneuver_d  # oil under it: +D2 (000:L1045)
    d += blinded_d(ctx.state, v) if v.glare else 0  # blinded by a searchlight: +D3 (000:L2662)
    return d + substitute_d(v)  # a substitute driver: +D2 (000:L980)


# --- phase and turn ends -------------------------------------------------------------------------


def end_phase(ctx: Ctx) -> None:
    for v in ctx.state.vehicles:
        if v.towed_by:   # a coupling shot off or broken in a collision: the trailer comes loose (000:L576, L601)
            broken = coupling_broken(ctx.v(v.towed_by), v)
            if broken:
                released(ctx, v.id, f"its {broken} is destroyed", "000:L576, L601")
    for v in ctx.state.vehicles:
        if v.mode == Mode.T_STOP and v.moved_this_phase:
            _tstop_tires(ctx, v.id)
        w = ctx.v(v.id)
        mode = Mode.NORMAL if w.mode == Mode.SKIDDED else w.mode
        if w.increments or w.maneuvered or w.moved_this_phase or w.phase_d or mode != w.mode:  # (else as it is)
            ctx.put(evolve(w, increments=(), maneuvered=False, moved_this_phase=False, phase_d=0, mode=mode))


def start_phase(ctx: Ctx) -> None:
    """Controlled-skid decelerations land at the start of the next phase (000:L218); concussed crews
    come round or stay stunned (000:L472)."""

    refresh_stunned(ctx)
    land_falls(ctx)   # falls whose time is up land and take their damage (000:L300-L301)
    burn_boosters(ctx)   # rocket boosters burning since an earlier turn burn again (000:L2657)
    if any(v.beams for v in ctx.state.vehicles):
        drop_spent_beams(ctx)   # a searchlight's beam holds for a second (reading AU18)
    if ctx.state.aloft or any(v.eject for v in ctx.state.vehicles):
        ejection_phase(ctx)   # ejection seats fire, climb, glide and land (000:L2580-L2582)
    for v in ctx.state.vehicles:
        if v.pending_decel:
            new = max(0.0, v.speed - v.pending_decel)
            ctx.put(evolve(v, speed=new, pending_decel=0.0))
            ctx.log.add(SlowedTo(f"controlled skid slows it to {new:g} mph", "000:L215-L218", v.id, speed=new))


def end_turn(ctx: Ctx) -> None:
    """Handling recovery, HC losses taking effect, aimed-fire penalties expiring (000:L161, L169-L170)."""

    terrain_turn_end(ctx)
    for v in ctx.state.vehicles:
        if v.out:
            continue
        hc_loss = v.hc_loss + v.hc_loss_next
        full_stop = v.speed == 0 and v.start_speed == 0
        same = not v.hc_loss_next and not v.aimed_fire and full_stop == v.full_stop
        w = v if same else evolve(v, hc_loss=hc_loss, hc_loss_next=0, aimed_fire=0, full_stop=full_stop)
        hs = recover(w.hs, w.hc, w.spec.driver_skill, ctx.t)
        if hs != w.hs:
            ctx.log.add(HandlingChanged(f"handling status recovers {w.hs} -> {hs}", "000:L169-L170", v.id,
                                        old=w.hs, new=hs, recovery=True))
        if not same or hs != w.hs:
            ctx.put(evolve(w, hs=hs))


def start_turn(ctx: Ctx) -> None:
    """Per-turn speed losses of spins, rolls and lost wheels, then a fresh speed change (000:L162, L327-L328)."""

    terrain_turn_start(ctx)
    if any(v.engine_trouble for v in ctx.state.vehicles):
        engine_turn(ctx)   # failing gas engines (000:L1811-L1816)
    if any(v.nitrous for v in ctx.state.vehicles):
        nitrous_turn(ctx)  # a spent nitrous tank: back down to the regular top speed (000:L1798)
    loss_spin = ctx.t.crash.by_name("spinout").speed_loss_per_turn
    loss_roll = ctx.t.crash.by_name("roll").speed_loss_per_turn
    for v in ctx.state.vehicles:
        if v.out and not v.driverless:
            continue
        loss: float = 0
        rule = "000:L162, L327-L328"
        if v.mode == Mode.SPIN:
            loss = loss_spin
        elif v.mode == Mode.ROLL:
            loss = loss_roll
        elif v.steering_lost:
            loss = ctx.t.hazards.two_corners_speed_loss
        elif v.driverless:

            loss = v.loose or ctx.rules.combat.uncontrolled_decel  # 000:L978; a loose trailer's (000:L576, L601-L603)
        elif v.plant_out:

            loss, rule = ctx.rules.terrain.plant_out_decel, "000:L528, L1742"
        w = evolve(v, speed_changed=False, steered=False) if v.speed_changed or v.steered else v
        if loss and w.speed > 0:
            new = max(0.0, w.speed - loss)
            w = evolve(w, speed=new)
            ctx.log.add(SlowedTo(f"loses {loss:g} mph: now {new:g} mph", rule, v.id, speed=new))
            if new == 0:
                w = _come_to_rest(ctx, w)
        if w is not v or w.start_speed != w.speed:   # (else as it is)
            ctx.put(evolve(w, start_speed=w.speed))


def _come_to_rest(ctx: Ctx, v: VehicleState) -> VehicleState:
    if v.mode == Mode.SPIN:
        ctx.log.add(CrashMotion("the spin ends at a standstill", "000:L327", v.id, motion="spin", ended=True))
        return evolve(v, mode=Mode.NORMAL, travel=v.pose.facing, reverse=False)
    if v.mode == Mode.ROLL:
        upright = v.mode_count % 4 == 0
        need = ctx.t.crash.by_name("roll").drivable_corners
        corners_ok = sum(1 for c in v.sheet.corners() if v.sheet.corner_intact(c)) >= need
        drivable = upright and corners_ok and v.spec.kind is not Kind.CYCLE
        text = "stops rolling, back on its wheels" if drivable else "stops rolling: wrecked"
        ctx.log.add(CrashMotion(text, "000:L328", v.id, motion="roll", ended=True))
        return evolve(v, mode=Mode.NORMAL if drivable else Mode.WRECK, out=not drivable, travel=v.pose.facing)
    return v


# --- the choice at equal speed (000:L140; reading M11, AU8) ----------------------------------------


def may_defer(state: GameState, vid: str) -> bool:
    """The vehicle about to move may let the next one move first: the same speed, worse reflexes, and
    it has not moved an inch of this phase yet (RuleOptions.tie_break = "choose")."""
    movers = state.movers
    if state.options.tie_break != "choose" or len(movers) < 2 or movers[0] != vid:
        return False
    v, nxt = state.vehicle(vid), state.vehicle(movers[1])
    if nxt.speed != v.speed or nxt.reflex_roll >= v.reflex_roll or forced(v):
        return False
    return v.moved_this_phase and v.increments == increments_for(state.rules.movement, v.speed, state.phase)


def defer(ctx: Ctx, vid: str) -> None:
    """Let the next vehicle of the same speed move first (000:L140)."""
    first, nxt, *rest = ctx.state.movers
    ctx.state = evolve(ctx.state, movers=(nxt, first, *rest))
    ctx.log.add(MoveDeferred(f"lets {nxt} (same speed, slower reflexes) move first", "000:L140", vid, other=nxt))
