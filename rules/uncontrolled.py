"""Vehicles nobody controls (reference/combat.md §7.2, 000:L976-L978).

When the driver is knocked out or killed, or the vehicle is out of the fight (destroyed, or a kill),
nobody is at the controls: it loses its reflex bonus, makes no more speed changes or maneuvers, and
goes straight on, slowing 5 mph a turn, until it stops or hits something; a cycle whose rider goes
down rolls on Crash Table 1 at once with +4. rules.movement moves such a vehicle (`driverless`) as a
forced motion; the engine and the fire step call `check_drivers` after anything that can hurt a driver.

Substitute drivers (000:L979-L982): when the driver goes down, a gunner or passenger able to act takes
the wheel at once (a cycle's only if it has a sidecar: its passenger steers but has no brakes or
throttle). He drives with every maneuver D2 harder. Each turn he has the controls or the guns, not both:
once he maneuvers or changes speed he cannot fire that turn, and once he fires the vehicle goes straight on
at its speed for the rest of the turn. If he goes down too, nobody drives. Moving a new driver in over five turns once the vehicle stops is not modelled.
"""

from __future__ import annotations

from dataclasses import replace

from rules.combat import combat_tables
from rules.context import Ctx
from rules.crashes import lose_control
from rules.damage import Part, crew_state, driver_can_drive, interior_of
from rules.geometry import Kind
from rules.handling import CrashModifier
from rules.state import VehicleState


def nobody_drives(v: VehicleState) -> bool:
    """Whether no one is at the controls of this vehicle now. A vehicle whose sheet lists no crew at all
    (a movement-only design) has a driver that combat cannot reach."""
    if v.out or v.sheet.destroyed:
        return True
    inside = interior_of(v.sheet, v.spec.kind.value)
    return any(p.kind == "crew" for p in inside.parts) and not driver_can_drive(inside)


def _can_act(p: Part) -> bool:
    return crew_state(p) in ("unhurt", "wounded")


def has_sidecar(v: VehicleState) -> bool:
    return any(t.corner == combat_tables().sidecar_wheel for t in v.sheet.tires)


def substitute_for(v: VehicleState) -> str | None:
    """The crewman who can take the wheel now (000:L979-L980): None when there is nobody."""
    t = combat_tables()
    if v.spec.kind is Kind.CYCLE and not has_sidecar(v):
        return None
    roles = t.cycle_substitute_roles if v.spec.kind is Kind.CYCLE else t.substitute_roles
    crew = [p for p in interior_of(v.sheet, v.spec.kind.value).parts if p.kind == "crew" and _can_act(p)]
    for role in roles:
        for p in crew:
            if p.role == role:
                return p.id
    return None


def no_pedals(v: VehicleState) -> bool:
    """A cycle's sidecar passenger at the wheel steers but cannot brake or accelerate (000:L979)."""
    return bool(v.substitute) and v.spec.kind is Kind.CYCLE


def substitute_d(v: VehicleState) -> int:
    """Extra D on each maneuver a substitute driver makes (000:L980)."""
    return combat_tables().substitute_d if v.substitute else 0


def substitute_driving(v: VehicleState) -> bool:
    """A substitute who has maneuvered or changed speed this turn has chosen the controls: no firing (000:L980)."""
    return bool(v.substitute) and v.steered


def substitute_at_guns(v: VehicleState) -> bool:
    """A substitute who has fired this turn has chosen the weapons: the vehicle goes straight on at its speed
    for the rest of the turn (000:L980; a sidecar passenger likewise, 000:L979)."""
    return bool(v.substitute) and v.substitute in v.fire_acted


def _still_at_wheel(v: VehicleState) -> bool:
    if v.out or v.sheet.destroyed:
        return False
    inside = interior_of(v.sheet, v.spec.kind.value)
    return any(p.id == v.substitute and _can_act(p) for p in inside.parts)


def _take_wheel(ctx: Ctx, v: VehicleState) -> bool:
    """A substitute takes over from a driver who went down; False when nobody can."""
    t = combat_tables()
    sub = None if v.out or v.sheet.destroyed else substitute_for(v)
    if sub is None:
        return False
    w = replace(v, substitute=sub, reflex_bonus=0)  # the driver's reflexes go with him (000:L975)
    ctx.put(replace(w, hs=min(w.hs, w.hc)))
    extra = "; no brakes or throttle" if no_pedals(w) else ""
    ctx.log.add("control", f"the driver is incapacitated: {sub} takes the wheel (each maneuver +D{t.substitute_d}; "
                f"each turn he steers or fires, not both{extra})", t.substitute_source, v.id, substitute=sub)
    return True


def check_drivers(ctx: Ctx) -> None:
    """Mark vehicles that have just lost their driver and apply what follows at once (000:L976-L982)."""
    t = combat_tables()
    for v in ctx.state.vehicles:
        if v.substitute:
            if _still_at_wheel(v):
                continue
            v = ctx.put(replace(v, substitute=""))
            ctx.log.add("control", "the substitute driver is out too", t.substitute_source, v.id)
        if v.driverless or not nobody_drives(v):
            continue
        if _take_wheel(ctx, v):
            continue
        w = replace(v, driverless=True, reflex_bonus=0, pending=tuple(
            p for p in v.pending if p.kind != "controlled_skid"))  # a planned skid needs a driver
        ctx.put(replace(w, hs=min(w.hs, w.hc)))  # no handling status above the class without the bonus
        why = "the vehicle is out of the fight" if v.out or v.sheet.destroyed else "the driver is incapacitated"
        if v.speed == 0:
            ctx.log.add("control", f"{why}: nobody is at the controls", t.uncontrolled_source, v.id)
            continue
        if v.spec.kind is Kind.CYCLE and not v.sheet.destroyed and not has_sidecar(v):
            ctx.log.add("control", f"{why}: the cycle goes to Crash Table {t.cycle_crash_table} at once, "
                        f"+{t.cycle_crash_modifier}", t.uncontrolled_source, v.id)
            lose_control(ctx, v.id, t.cycle_crash_table, 0, v.speed, travel=v.travel,
                         extra=(CrashModifier("rider down", t.cycle_crash_modifier, t.uncontrolled_source),))
            continue
        ctx.log.add("control", f"{why}: it goes straight on, slowing {t.uncontrolled_decel} mph a turn, "
                    "until it stops or hits something", t.uncontrolled_source, v.id)
