"""Concussion from rams, an optional rule (000:L472; RuleOptions.concussion, "off" by default).

After a collision other than a sideswipe every crew member of both vehicles rolls 2d (+1 for each
safety device aboard) against the threshold rules.driving.collisions.collide gives; a miss stuns him for
as many phases as he missed by, at least to the end of the turn: no firing actions (his id joins the
vehicle's fire_acted, as if he had fired this turn) and, for the driver, no vehicle controls (straight
on, no speed changes: VehicleState.driver_stunned). A stunned driver adds D2 to the collision hazard.

    stunned = concuss(ctx, vid, threshold)   # -> whether the driver was stunned (after the ram's damage)
    refresh_stunned(ctx)                     # at the start of every phase: the stunned come round
"""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import DRIVER_ROLES
from rules.core.dice import DiceExpr
from rules.core.events import CrewCameRound, CrewStunned
from rules.driving.collisions import stunned_phases
from rules.play.context import Ctx
from rules.play.state import GameState, VehicleState
from rules.tables.collisions import collision_data

DRIVERS = DRIVER_ROLES
TWO_D = DiceExpr(2)


def phase_index(state: GameState) -> int:
    """Phases since the game began: turn 1 phase 1 is 1."""
    return (state.turn - 1) * state.rules.movement.chart.phases_per_turn + state.phase


def _devices(v: VehicleState) -> tuple[str, ...]:
    """Safety devices aboard that help against concussion (safety seats, impact armor, roll cages)."""
    known = collision_data().concussion_devices
    names = {c.name.lower().replace(" ", "_").replace("-", "_") for c in v.sheet.components}
    return tuple(sorted(k for k in known if any(k in n for n in names)))


def concuss(ctx: Ctx, vid: str, threshold: int) -> bool:
    """Every living crew member rolls for concussion; returns whether the driver is stunned now."""
    v = ctx.v(vid)
    if threshold <= 0 or ctx.state.options.concussion != "on":
        return False
    now = phase_index(ctx.state)
    per_turn = ctx.rules.movement.chart.phases_per_turn
    end_of_turn = ctx.state.turn * per_turn
    devices = _devices(v)
    stunned = dict(v.stunned)
    driver = False
    for crew in v.sheet.crew():
        if crew.destroyed:
            continue
        roll = ctx.roll(TWO_D, f"concussion: {crew.name} needs {threshold}+", "000:L472", vid)
        missed = stunned_phases(threshold, roll, devices)
        if not missed:
            continue
        last = max(now + missed - 1, end_of_turn)
        stunned[crew.id] = max(last, stunned.get(crew.id, 0))
        driver = driver or crew.role in DRIVERS
        ctx.log.add(CrewStunned(f"{crew.name} is stunned for {missed} phase(s), to turn {(last - 1) // per_turn + 1} "
                                f"phase {(last - 1) % per_turn + 1}: no firing"
                                + (" and no driving" if crew.role in DRIVERS else ""),
                                "000:L472", vid, crew=crew.id, phases=missed))
    if stunned != dict(v.stunned):
        w = ctx.v(vid)
        ctx.put(replace(w, stunned=tuple(sorted(stunned.items())),
                        fire_acted=tuple(sorted({*w.fire_acted, *stunned})),
                        driver_stunned=w.driver_stunned or driver))
    return driver


def refresh_stunned(ctx: Ctx) -> None:
    """At the start of a phase: crew whose stunned phases are over come round; the others still cannot
    fire (the turn's end cleared fire_acted) and a stunned driver still cannot drive."""
    now = phase_index(ctx.state)
    for v in ctx.state.vehicles:
        if not v.stunned:
            continue
        still = tuple((cid, last) for cid, last in v.stunned if last >= now)
        ids = {cid for cid, _ in still}
        drivers = {c.id for c in v.sheet.crew() if c.role in DRIVERS}
        woke = [cid for cid, _ in v.stunned if cid not in ids]
        ctx.put(replace(v, stunned=still, fire_acted=tuple(sorted({*v.fire_acted, *ids})),
                        driver_stunned=bool(ids & drivers)))
        if woke:
            ctx.log.add(CrewCameRound(f"{', '.join(woke)} come(s) round from the concussion", "000:L472", v.id,
                                      crew=tuple(woke)))
