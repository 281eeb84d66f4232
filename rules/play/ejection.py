"""Ejection seats in play (000:L2580-L2582; reading AU21 of docs/RULES-DEVIATIONS.md).

With people on foot in the game (RuleOptions.people = "on"), a crewman whose seat has an ejection seat
may fire it as his firing action (the fire step's `use eject:<crew>`). The seat goes three phases
later, whatever becomes of him meanwhile. It climbs for ten phases (-6 to hit), then he comes down
under the seat's hang glider at 20 mph the way the car was going (-2 to hit) for ten phases more, and
lands with 1d-4 damage: from then on he is a person on foot like any other (rules/play/people.py).
While in the air he may do nothing. A design's seats go to its crew in the sheet's order, driver first."""

from __future__ import annotations

import math
from dataclasses import replace

from rules.core.dice import DiceExpr
from rules.core.events import Ejected, EjecteeLanded, EjectionDeclared
from rules.core.geometry import Pose
from rules.driving.equipment import count
from rules.people.person import COLLISION
from rules.people.record import PersonState
from rules.play.context import Ctx
from rules.play.lights import now
from rules.play.people import (
    GOT_OUT,
    crew_aboard,
    hurt,
    kit_of,
    person,
    playing,
    put,
    shots_left_aboard,
    tables_of,
)
from rules.play.state import GameState, VehicleState, evolve
from rules.tables.lights import lights_tables
from rules.vehicles.spec import UNTRAINED


def seats(v: VehicleState) -> list[str]:
    """The crewmen with an ejection seat: as many as the sheet has seats, in the sheet's order."""
    n = count(v.sheet, lights_tables().ejection_seat)
    return [c.id for c in v.sheet.components if c.kind == "crew"][:n] if n else []


def eject_problem(state: GameState, v: VehicleState, crew: str) -> str | None:
    """Why this crewman may not fire his ejection seat now, or None."""
    if not playing(state):
        return "ejection seats are played with people on foot (rule option people = on; reading AU21)"
    if crew not in seats(v):
        return f"{crew} of {v.id} has no ejection seat (000:L2580)"
    if any(c == crew for c, _due in v.eject):
        return "his seat is already counting down (000:L2580)"
    if crew not in crew_aboard(v) or crew in v.fire_acted:
        return f"{crew} is not in his seat able to act, or has used his firing action this turn"
    return None


def declare(ctx: Ctx, vid: str, crew: str) -> None:
    """His firing action: the seat fires three phases from now and cannot be stopped (000:L2580)."""
    lt, v = lights_tables(), ctx.v(vid)
    ctx.put(evolve(v, eject=(*v.eject, (crew, now(ctx.state) + lt.eject_delay)),
                   fire_acted=tuple(sorted({*v.fire_acted, crew}))))
    ctx.log.add(EjectionDeclared(f"{crew} pulls the ejection handle: the seat fires in {lt.eject_delay} phases",
                                 lt.ejection_source, vid, crew=crew, phases=lt.eject_delay))


def ejection_phase(ctx: Ctx) -> None:
    """At the start of a phase: seats whose time has come fire; men in the air glide on or land."""
    t = now(ctx.state)
    for v in ctx.state.vehicles:
        for crew, due in v.eject:
            if due <= t:
                _launch(ctx, v.id, crew)
    for pid, fired, heading in ctx.state.aloft:
        _fly(ctx, pid, fired, heading, t)


def _launch(ctx: Ctx, vid: str, crew: str) -> None:
    v = ctx.v(vid)
    comp = next(c for c in v.sheet.components if c.id == crew)
    if comp.name.endswith(GOT_OUT):   # he climbed out meanwhile: the seat goes up empty
        ctx.put(evolve(v, eject=tuple(e for e in v.eject if e[0] != crew)))
        return
    lt, pt = lights_tables(), tables_of(ctx.state)
    pid = f"{vid}.{crew}"
    while person(ctx.state, pid) is not None:
        pid += "'"
    t = now(ctx.state)
    p = PersonState(pid, v.owner, comp.name, Pose.at(v.pose.x, v.pose.y, v.travel), vid, damage=comp.max_dp - comp.dp,
                    armor="body_armor" if comp.body_armor > 0 else "", armor_left=comp.body_armor,
                    weapon=pt.loadout_weapon, shots=shots_left_aboard(ctx.state, f"{vid}.{crew}"),
                    grenades=pt.loadout_grenades, martial_arts=kit_of(ctx.state, vid).martial_arts,
                    busy_until=t + lt.eject_climb + lt.eject_glide_phases + 1,
                    skill=-99 if v.spec.gunner_skill == UNTRAINED else v.spec.gunner_skill)
    seat = replace(comp, name=comp.name + GOT_OUT, dp=0, body_armor=0)
    sheet = replace(v.sheet, components=tuple(seat if c.id == crew else c for c in v.sheet.components))
    ctx.put(evolve(v, sheet=sheet, eject=tuple(e for e in v.eject if e[0] != crew)))
    put(ctx, p)
    ctx.state = evolve(ctx.state, aloft=(*ctx.state.aloft, (pid, t, round(v.travel) % 360)))
    ctx.log.add(Ejected(f"the ejection seat fires: {comp.name} goes up through the roof (-6 to hit while it climbs)",
                        lt.ejection_source, vid, crew=crew, person=pid))


def _fly(ctx: Ctx, pid: str, fired: int, heading: int, t: int) -> None:
    lt = lights_tables()
    p = person(ctx.state, pid)
    if p is None:
        return
    if t < fired + lt.eject_climb:
        return
    if t >= fired + lt.eject_climb + lt.eject_glide_phases:
        _land(ctx, p)
        return
    step = lt.eject_glide_mph / 10 / ctx.rules.movement.chart.phases_per_turn   # 10 mph is 1" a turn (000:L104)
    a = math.radians(heading)
    put(ctx, replace(p, pose=Pose.at(p.pose.x + math.sin(a) * step, p.pose.y - math.cos(a) * step, heading)))


def _land(ctx: Ctx, p: PersonState) -> None:
    lt = lights_tables()
    ctx.state = evolve(ctx.state, aloft=tuple(a for a in ctx.state.aloft if a[0] != p.id))
    points = max(0, ctx.roll(DiceExpr.parse(lt.eject_landing), f"{p.name} lands under the glider", "000:L2582", p.id))
    put(ctx, replace(p, busy_until=now(ctx.state)))
    ctx.log.add(EjecteeLanded(f"{p.name} lands: {points} damage", "000:L2582", p.id, person=p.id, damage=points))
    if points:
        hurt(ctx, p.id, points, COLLISION, "landing", "000:L2582")
