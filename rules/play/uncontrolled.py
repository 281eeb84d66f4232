"""Vehicles nobody controls (reference/combat.md §7.2, 000:L976-L978).

When the driver is knocked out or killed, or the vehicle is out of the fight (destroyed, or a kill),
nobody is at the controls: it loses its reflex bonus, makes no more speed changes or maneuvers, and
goes straight on, slowing 5 mph a turn, until it stops or hits something; a cycle whose rider goes
down rolls on Crash Table 1 at once with +4. rules.phases.movement moves such a vehicle (`driverless`) as a
forced motion; the engine and the fire step call `check_drivers` after anything that can hurt a driver.

Substitute drivers (000:L979-L982): when the driver goes down, the front-seat crewman (one besides the
driver: the first gunner, else passenger) takes the wheel at once if able (a cycle's only if it has a
sidecar: its passenger steers but has no brakes or throttle). He drives with every maneuver D2 harder.
Each turn he has the controls or the guns, not both: once he maneuvers or changes speed he cannot fire
that turn, and once he fires the vehicle goes straight on at its speed for the rest of the turn. If he
goes down too, nobody drives. Anyone else aboard moves into the driver's seat once the vehicle has
stopped, over five whole turns, and then drives as a driver.
"""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import DRIVER_ROLES, Interior, Part, crew_state, driver_can_drive, interior_of
from rules.core.events import DriverReplaced, NobodyDriving, SeatChangeBegun
from rules.core.geometry import Kind
from rules.core.kept import kept
from rules.driving.handling import CrashModifier
from rules.play.context import Ctx
from rules.play.crashes import lose_control
from rules.play.gas_aboard import knocked_out
from rules.play.state import VehicleState
from rules.tables.combat import combat_tables


def nobody_drives(v: VehicleState) -> bool:
    """Whether no one is at the controls of this vehicle now. A vehicle whose sheet lists no crew at all
    (a movement-only design) has a driver that combat cannot reach."""
    if v.out or v.sheet.destroyed:
        return True
    kind = v.spec.kind.value
    # asked of every vehicle every phase: it hangs on the sheet alone from here (kept with it)
    return kept(v.sheet, ("nobody_drives", kind), lambda: _nobody_drives(interior_of(v.sheet, kind)))


def _nobody_drives(inside: Interior) -> bool:
    return any(p.kind == "crew" for p in inside.parts) and not driver_can_drive(inside)


def _can_act(p: Part) -> bool:
    return crew_state(p) in ("unhurt", "wounded")


def has_sidecar(v: VehicleState) -> bool:
    return any(t.corner == combat_tables().sidecar_wheel for t in v.sheet.tires)


def substitute_for(v: VehicleState, out: frozenset[str] = frozenset()) -> str | None:
    """The front-seat crewman who can take the wheel now (000:L979-L980), none of `out` (knocked out by
    tear gas, PD45): None when there is nobody."""
    t = combat_tables()
    if v.spec.kind is Kind.CYCLE and not has_sidecar(v):
        return None
    roles = t.cycle_substitute_roles if v.spec.kind is Kind.CYCLE else t.substitute_roles
    crew = [p for p in interior_of(v.sheet, v.spec.kind.value).parts if p.kind == "crew"]
    front = [p for role in roles for p in crew if p.role == role][:t.front_seat_substitutes]
    return next((p.id for p in front if _can_act(p) and p.id not in out), None)


def _mover(v: VehicleState) -> str | None:
    """Anyone aboard able to act who can be moved into the driver's seat once stopped (000:L982)."""
    inside = interior_of(v.sheet, v.spec.kind.value)
    return next((p.id for p in inside.parts if p.kind == "crew" and p.role not in DRIVER_ROLES and _can_act(p)), None)


def no_pedals(v: VehicleState) -> bool:
    """A cycle's sidecar passenger at the wheel steers but cannot brake or accelerate (000:L979)."""
    return bool(v.substitute) and v.spec.kind is Kind.CYCLE and not v.new_driver


def substitute_d(v: VehicleState) -> int:
    """Extra D on each maneuver a substitute driver makes (000:L980)."""
    return combat_tables().substitute_d if v.substitute and not v.new_driver else 0


def substitute_driving(v: VehicleState) -> bool:
    """A substitute who has maneuvered or changed speed this turn has chosen the controls: no firing (000:L980)."""
    return bool(v.substitute) and v.steered and not v.new_driver


def substitute_at_guns(v: VehicleState) -> bool:
    """A substitute who has fired this turn has chosen the weapons: the vehicle goes straight on at its speed
    for the rest of the turn (000:L980; a sidecar passenger likewise, 000:L979)."""
    return bool(v.substitute) and v.substitute in v.fire_acted and not v.new_driver


def _still_at_wheel(v: VehicleState) -> bool:
    if v.out or v.sheet.destroyed:
        return False
    inside = interior_of(v.sheet, v.spec.kind.value)
    return any(p.id == v.substitute and _can_act(p) for p in inside.parts)


def _take_wheel(ctx: Ctx, v: VehicleState) -> bool:
    """A substitute takes over from a driver who went down; False when nobody can."""
    t = ctx.rules.combat
    sub = None if v.out or v.sheet.destroyed else substitute_for(v, knocked_out(ctx.state, v.id))
    if sub is None:
        return False
    w = replace(v, substitute=sub, reflex_bonus=0)  # the driver's reflexes go with him (000:L975)
    ctx.put(replace(w, hs=min(w.hs, w.hc)))
    extra = "; no brakes or throttle" if no_pedals(w) else ""
    ctx.log.add(DriverReplaced(f"the driver is incapacitated: {sub} takes the wheel (each maneuver "
                               f"+D{t.substitute_d}; each turn he steers or fires, not both{extra})",
                               t.substitute_source, v.id, substitute=sub, in_seat=False))
    return True


def _change_seats(ctx: Ctx, v: VehicleState) -> None:
    """A stopped driverless vehicle: someone aboard spends whole turns getting into the driver's seat, counted
    from the turn after it stopped, and drives (and fires) from the turn after those (000:L982)."""
    t = ctx.rules.combat
    mover = None if v.out or v.sheet.destroyed or v.speed > 0 else _mover(v)
    if mover is None:
        if v.seat_change:
            ctx.put(replace(v, seat_change=0))  # rolling again, or nobody left to move in
        return
    turn = ctx.state.turn
    if not v.seat_change:
        ctx.put(replace(v, seat_change=turn + 1))
        ctx.log.add(SeatChangeBegun(f"stopped with nobody at the controls: {mover} starts moving into the "
                                    f"driver's seat ({t.seat_change_turns} turns)", t.substitute_source, v.id,
                                    mover=mover))
        return
    if turn < v.seat_change + t.seat_change_turns:
        return
    ctx.put(replace(v, driverless=False, substitute=mover, new_driver=True, seat_change=0))
    ctx.log.add(DriverReplaced(f"{mover} is in the driver's seat: he may accelerate and fire from now on",
                               t.substitute_source, v.id, substitute=mover, in_seat=True))


def _gassed_at_wheel(ctx: Ctx, v: VehicleState) -> bool:
    """The driver (or a substitute at the wheel) knocked out by tear gas aboard (000:L1586; reading PD45)."""
    if not ctx.state.crew_gas or v.out or v.sheet.destroyed:
        return False
    out = knocked_out(ctx.state, v.id)
    inside = interior_of(v.sheet, v.spec.kind.value)
    wheel = v.substitute or next((p.id for p in inside.parts if p.kind == "crew" and p.role in DRIVER_ROLES), "")
    return bool(wheel) and wheel in out


def check_drivers(ctx: Ctx) -> None:
    """Mark vehicles that have just lost their driver and apply what follows at once (000:L976-L982)."""
    t = ctx.rules.combat
    for v in ctx.state.vehicles:
        if v.substitute:
            if _still_at_wheel(v) and v.substitute not in knocked_out(ctx.state, v.id):
                continue
            v = ctx.put(replace(v, substitute="", new_driver=False))
            ctx.log.add(NobodyDriving("the substitute driver is out too", t.substitute_source, v.id))
        if v.driverless:
            _change_seats(ctx, v)
            continue
        if not nobody_drives(v) and not _gassed_at_wheel(ctx, v):
            continue
        if _take_wheel(ctx, v):
            continue
        w = replace(v, driverless=True, reflex_bonus=0, pending=tuple(
            p for p in v.pending if p.kind != "controlled_skid"))  # a planned skid needs a driver
        ctx.put(replace(w, hs=min(w.hs, w.hc)))  # no handling status above the class without the bonus
        why = "the vehicle is out of the fight" if v.out or v.sheet.destroyed else "the driver is incapacitated"
        if v.speed == 0:
            ctx.log.add(NobodyDriving(f"{why}: nobody is at the controls", t.uncontrolled_source, v.id))
            continue
        if v.spec.kind is Kind.CYCLE and not v.sheet.destroyed and not has_sidecar(v):
            ctx.log.add(NobodyDriving(f"{why}: the cycle goes to Crash Table {t.cycle_crash_table} at once, "
                                      f"+{t.cycle_crash_modifier}", t.uncontrolled_source, v.id))
            lose_control(ctx, v.id, t.cycle_crash_table, 0, v.speed, travel=v.travel,
                         extra=(CrashModifier("rider down", t.cycle_crash_modifier, t.uncontrolled_source),))
            continue
        ctx.log.add(NobodyDriving(f"{why}: it goes straight on, slowing {t.uncontrolled_decel} mph a turn, "
                                  "until it stops or hits something", t.uncontrolled_source, v.id))
