"""The engine's fire step: who may fire what, declarations, resolution and the turn's fire checks.

The engine (rules/engine.py) calls these at its FIRE step, after each phase's movement
(000:L818): every vehicle that can fire declares Fire actions (one per crewman, 000:L820) or
passes; when nobody is left to decide, every declaration is resolved at once (rules/firing.py)
and its damage, hazards and kills are written into the state. At the end of each turn the
fire-table check, extinguishers, burning and explosions run (rules/fire.py, 000:L1016).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from rules.actions import Fire
from rules.arcs import facing_sides, lof_origin
from rules.combat import combat_tables, target_type_of, weapon_info
from rules.context import Ctx
from rules.crashes import hazard
from rules.damage import interior_of, sheet_with
from rules.fire import FireHit, end_of_turn, fire_modifiers
from rules.firing import (
    Combatant,
    Declaration,
    combatant_of,
    expand,
    out_of_action,
    problem,
    resolve_fire,
    sheet_of,
    shot_for,
)
from rules.line_of_fire import blocker, line_of_fire_check
from rules.movement import _corner_lost
from rules.state import GameState, VehicleState
from rules.tables import tables


def combatant(state: GameState, v: VehicleState) -> Combatant:
    kind = v.spec.kind.value
    c = combatant_of(v.id, kind, target_type_of(kind, getattr(v.spec, "body", "")), v.pose,
                     tables().handling.counters[v.spec.kind], v.speed, v.travel, v.sheet,
                     aimed_fire=v.aimed_fire, maneuver_d=v.phase_d)
    return replace(c, fired=frozenset(v.fired), acted=frozenset(v.fire_acted), sustained=v.sustained)


def _combatants(state: GameState) -> dict[str, Combatant]:
    return {v.id: combatant(state, v) for v in state.vehicles}


def declaration(a: Fire) -> Declaration:
    """The firing module's view of a Fire action ("side:<face>" in aim chooses the side struck)."""
    side, aim = "", a.aim
    if aim.startswith("side:"):
        side, aim = aim.split(":", 1)[1], ""
    return Declaration(a.vehicle, a.weapon, a.target, side=side, aim=aim)


_declaration = declaration  # the client's preview used the private name first


def _pending(state: GameState) -> dict[str, Combatant]:
    """Combatants with this phase's declarations already counted against their weapons and crew."""
    cs = _combatants(state)
    for vid, weapon, _target, _aim in state.fire_declared:
        c = cs[vid]
        wids = expand(c, weapon)
        crew = c.weapon(wids[0]).crew
        cs[vid] = replace(c, fired=c.fired | set(wids), acted=c.acted | {crew})
    return cs


def fire_problem(state: GameState, action: Fire) -> str | None:
    if action.vehicle in state.fire_passed:
        return f"{action.vehicle} has finished firing this phase"
    cs = _pending(state)
    if action.target in cs and cs[action.target].sheet.destroyed:
        return f"{action.target} is destroyed"
    return problem(cs, declaration(action)) or _blocked(state, cs, declaration(action))


def _blocked(state: GameState, cs: dict[str, Combatant], d: Declaration) -> str | None:
    """A line of fire through another vehicle, a wall or a building (000:L826)."""
    c, t = cs[d.firer], cs[d.target]
    w = c.weapon(expand(c, d.weapon)[0])
    if weapon_info(w.abbr).to_hit <= 0:
        return None
    _shot, _side, origin, point = shot_for(c, w, t, d, 0)
    what = blocker(cs, state.map_id, origin, point, (c.id, t.id))
    return f"the line of fire is blocked by {what} (000:L826)" if what else None


def fire_options(state: GameState, vid: str) -> list[Fire]:
    """Every legal Fire action of a vehicle now: each weapon and link at each target, at the free side,
    at the other side facing it, and at each tire and a turret (sorted by text form)."""
    return sorted(set(_fire_options(state, vid)), key=str)


def _fire_options(state: GameState, vid: str) -> Iterator[Fire]:
    cs = _pending(state)
    if vid not in cs or state.vehicle(vid).out:
        return
    c = cs[vid]
    triggers = [w.id for w in c.weapons] + sorted(c.links)
    for tid, t in cs.items():
        if tid == vid or t.sheet.destroyed or state.vehicle(tid).out:
            continue
        for trig in triggers:
            first = c.weapon(expand(c, trig)[0])
            origin = lof_origin(c.pose, c.size, first.mount if first.mount in (
                "front", "back", "left", "right", "turret") else "turret")
            aims = [""] + [f"side:{s}" for s in sorted(facing_sides(t.pose, t.size, origin))]
            aims += [f"tire:{tire.corner}" for tire in t.sheet.tires if not tire.destroyed]
            if t.interior.weapons_on("turret"):
                aims.append("turret")
            if problem(cs, declaration(Fire(vid, trig, tid))) is not None:
                continue  # the plain shot fails: no aim at this target with this trigger can work
            for aim in aims:
                a = Fire(vid, trig, tid, aim)
                if problem(cs, declaration(a)) is None and _blocked(state, cs, declaration(a)) is None:
                    yield a


def may_fire(state: GameState, vid: str) -> bool:
    """Whether a vehicle has anything to decide in this fire step (stops at the first legal shot)."""
    return vid not in state.fire_passed and next(_fire_options(state, vid), None) is not None


def declare(state: GameState, a: Fire) -> GameState:
    return replace(state, fire_declared=state.fire_declared + ((a.vehicle, a.weapon, a.target, a.aim),))


def resolve(ctx: Ctx) -> None:
    """Resolve the phase's declarations at once and write the results into the state (000:L819, L824)."""
    s = ctx.state
    if not s.fire_declared:
        ctx.state = replace(s, fire_declared=(), fire_passed=())
        return
    cs = _combatants(s)
    decls = [declaration(Fire(*d)) for d in s.fire_declared]
    res = resolve_fire(cs, decls, ctx.dice, s.turn, s.phase, lof=line_of_fire_check(cs, s.map_id))
    ctx.log.events.extend(res.events)
    for vid, c in res.combatants.items():
        v = ctx.v(vid)
        sheet = sheet_of(c, v.sheet)
        ctx.put(replace(v, sheet=sheet, fired=tuple(sorted(c.fired)), fire_acted=tuple(sorted(c.acted)),
                        sustained=c.sustained))
    for tid, hit in res.fire_hits:
        v = ctx.v(tid)
        ctx.put(replace(v, fire_hits=v.fire_hits + ((hit.source, hit.turn),)))
    for tid, rep in res.reports:
        for hz in rep.hazards():
            hazard(ctx, tid, hz.d, hz.name, hz.rule)
        for corner in rep.corners_lost():
            _corner_lost(ctx, tid, corner, True)
    _kills(ctx, res.combatants)
    ctx.state = replace(ctx.state, fire_declared=(), fire_passed=())


def _kills(ctx: Ctx, cs: dict[str, Combatant]) -> None:
    for vid, c in cs.items():
        v = ctx.v(vid)
        why = out_of_action(replace(c, sheet=v.sheet, interior=interior_of(v.sheet, c.kind)))
        if why and not v.out:
            ctx.put(replace(v, out=True))
            ctx.log.add("kill", f"{vid} is out of the fight: it {why}", "000:L1262", vid)


def end_turn_fire(ctx: Ctx) -> None:
    """Fire checks, extinguishers, burning and explosions at the end of the turn (000:L1013-L1016);
    weapons and crew may fire again next turn."""
    turn = ctx.state.turn
    for v in ctx.state.vehicles:
        hits = [FireHit(src, t) for src, t in v.fire_hits]
        check = fire_modifiers(hits, turn) if hits else None
        if v.sheet.on_fire or (check and check.total):
            inside = interior_of(v.sheet, v.spec.kind.value)
            sheet, inside, rep = end_of_turn(v.sheet, inside, ctx.dice, check=check)
            sheet = sheet_with(sheet, inside)
            for what, r, rule in rep.rolls:
                ctx.log.add("dice", f"{what}: rolled {r}", rule, v.id)
            for step in rep.burned:
                ctx.log.add("damage", f"fire: {step.text()}", step.rule, v.id)
            v = replace(v, sheet=sheet, out=v.out or rep.exploded)
            if rep.exploded:
                ctx.log.add("kill", f"{v.id} explodes: everyone aboard is killed", "000:L1014", v.id)
        keep = tuple((src, t) for src, t in v.fire_hits if t + _duration(src) >= turn + 1)
        ctx.put(replace(v, fired=(), fire_acted=(), fire_hits=keep))


def _duration(source: str) -> int:
    return combat_tables().fire_table[source].duration
