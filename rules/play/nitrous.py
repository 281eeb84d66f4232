"""Nitrous oxide in play (000:L1797-L1798; reading AU22 of docs/RULES-DEVIATIONS.md).

Opening a tank is the driver's firing action (the `use nitrous` action of the fire step). From that turn
to the end of the fourth turn after it (five seconds) the vehicle accelerates 10 mph a turn more and
its top speed is half again as high; one tank at a time. On opening, the engine rolls on the critical
damage table at -3 (rules/play/gas_engine.py, AU17). Once the tank is spent, the vehicle slows by
10 mph at the start of every turn until it is no faster than its regular top speed; that slowing is
no braking and makes no hazard."""

from __future__ import annotations

import math

from rules.combat.damage import DRIVER_ROLES
from rules.core.events import NitrousOpened, SlowedTo
from rules.play.context import Ctx
from rules.play.gas_engine import critical
from rules.play.state import GameState, VehicleState, evolve
from rules.tables.lights import lights_tables


def open_now(state: GameState, v: VehicleState) -> bool:
    """A tank opened this turn or in the four before (000:L1797)."""
    turns = lights_tables().nitrous_turns
    return any(opened <= state.turn < opened + turns for opened in v.nitrous)


def extra_acceleration(state: GameState, v: VehicleState) -> float:
    return lights_tables().nitrous_accel if v.nitrous and open_now(state, v) else 0.0


def top_speed(state: GameState, v: VehicleState) -> float:
    """The top speed in force: +50% while a tank is open (000:L1797), down to the chart's 2.5-mph steps."""
    if v.nitrous and open_now(state, v):
        return boosted_top(state, v)
    return v.spec.top_speed


def boosted_top(state: GameState, v: VehicleState) -> float:
    step = state.rules.movement.chart.step
    return math.floor(v.spec.top_speed * lights_tables().nitrous_top / step + 1e-9) * step


def _driver(v: VehicleState) -> str | None:
    return next((c.id for c in v.sheet.components if c.kind == "crew" and c.role in DRIVER_ROLES and not c.destroyed),
                None)


def nitrous_problem(state: GameState, v: VehicleState) -> str | None:
    """Why this vehicle may not open a tank now, or None."""
    if v.spec.nitrous_tanks <= 0:
        return f"{v.id} has no nitrous oxide on its engine (000:L1797)"
    if len(v.nitrous) >= v.spec.nitrous_tanks:
        return f"{v.id}'s nitrous tanks are all spent"
    if open_now(state, v):
        return "one tank at a time: the last one opened still works (000:L1797)"
    if v.plant_out or v.out or v.driverless:
        return "the engine is out, or nobody is at the controls"
    driver = _driver(v)
    if driver is None or driver in v.fire_acted:
        return "opening a tank is the driver's firing action, already used this turn (000:L1797)"
    return None


def open_tank(ctx: Ctx, vid: str) -> None:
    """Open a tank: the driver's firing action, the boost from now, the engine's critical roll at -3."""
    lt, v = lights_tables(), ctx.v(vid)
    driver = _driver(v)
    until = ctx.state.turn + lt.nitrous_turns - 1
    ctx.put(evolve(v, nitrous=(*v.nitrous, ctx.state.turn),
                   fire_acted=tuple(sorted({*v.fire_acted, *([driver] if driver else [])}))))
    ctx.log.add(NitrousOpened(f"opens a tank of nitrous oxide: +{lt.nitrous_accel:g} mph acceleration, top speed "
                              f"{top_speed(ctx.state, ctx.v(vid)):g} mph to the end of turn {until}",
                              lt.nitrous_source, vid, until=until))
    critical(ctx, vid, lt.nitrous_critical, f" ({lt.nitrous_critical} for the nitrous)")


def nitrous_turn(ctx: Ctx) -> None:
    """At the start of a turn: a vehicle over its regular top speed with no tank open slows 10 mph,
    no further than that top speed (000:L1798)."""
    lt = lights_tables()
    for v in ctx.state.vehicles:
        if not v.nitrous or open_now(ctx.state, v) or v.speed <= v.spec.top_speed:
            continue
        new = max(v.spec.top_speed, v.speed - lt.nitrous_slowing)
        ctx.put(evolve(v, speed=float(new), start_speed=float(new)))
        ctx.log.add(SlowedTo(f"the nitrous is spent: {lt.nitrous_slowing:g} mph slower, now {new:g} mph",
                             lt.nitrous_source, v.id, speed=new))
