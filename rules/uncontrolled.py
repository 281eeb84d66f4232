"""Vehicles nobody controls (reference/combat.md §7.2, 000:L976-L978).

When the driver is knocked out or killed, or the vehicle is out of the fight (destroyed, or a kill),
nobody is at the controls: it loses its reflex bonus, makes no more speed changes or maneuvers, and
goes straight on, slowing 5 mph a turn, until it stops or hits something; a cycle whose rider goes
down rolls on Crash Table 1 at once with +4. rules.movement moves such a vehicle (`driverless`) as a
forced motion; the engine and the fire step call `check_drivers` after anything that can hurt a driver.

Substitute drivers (a gunner or passenger taking the wheel, 000:L979-L982) are not yet modelled.
"""

from __future__ import annotations

from dataclasses import replace

from rules.combat import combat_tables
from rules.context import Ctx
from rules.crashes import lose_control
from rules.damage import driver_can_drive, interior_of
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


def check_drivers(ctx: Ctx) -> None:
    """Mark vehicles that have just lost their driver and apply what follows at once (000:L976-L978)."""
    t = combat_tables()
    for v in ctx.state.vehicles:
        if v.driverless or not nobody_drives(v):
            continue
        w = replace(v, driverless=True, reflex_bonus=0, pending=tuple(
            p for p in v.pending if p.kind != "controlled_skid"))  # a planned skid needs a driver
        ctx.put(replace(w, hs=min(w.hs, w.hc)))  # no handling status above the class without the bonus
        why = "the vehicle is out of the fight" if v.out or v.sheet.destroyed else "the driver is incapacitated"
        if v.speed == 0:
            ctx.log.add("control", f"{why}: nobody is at the controls", t.uncontrolled_source, v.id)
            continue
        if v.spec.kind is Kind.CYCLE and not v.sheet.destroyed:
            ctx.log.add("control", f"{why}: the cycle goes to Crash Table {t.cycle_crash_table} at once, "
                        f"+{t.cycle_crash_modifier}", t.uncontrolled_source, v.id)
            lose_control(ctx, v.id, t.cycle_crash_table, 0, v.speed, travel=v.travel,
                         extra=(CrashModifier("rider down", t.cycle_crash_modifier, t.uncontrolled_source),))
            continue
        ctx.log.add("control", f"{why}: it goes straight on, slowing {t.uncontrolled_decel} mph a turn, "
                    "until it stops or hits something", t.uncontrolled_source, v.id)
