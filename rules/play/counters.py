"""Dropped-weapon and debris counters in play (reference/combat.md §9, §7.4).

The pure rules are in rules/dropped.py; this module puts them into the game:

    add_counters(ctx, counters, why)     new counters on the map, numbered (drops, debris)
    cross_counters(ctx, vid, motion)     the movement hook: what a motion ran over (000:L1042-L1046)
    surface_of(state, vid)               standing effects of what lies under a vehicle (000:L1045, L934, L1835)
    liquid_contact(ctx)                  each phase: ice melts under flames, burning oil and flame clouds
                                         burn again every 5 phases (000:L1047, L2487)
    end_of_turn(ctx)                     clouds clear, flaming oil and flame clouds burn out (000:L1049, L2483)

Burning oil, flame clouds and napalm mines are fire-table hits (VehicleState.fire_hits) on what they touch.

rules.phases.movement.move_along calls cross_counters after every motion, whatever moved the counter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.combat.arcs import footprint
from rules.combat.burning import HT_AMMO, HT_MARK
from rules.combat.damage import hit, interior_of, sheet_with
from rules.combat.dropped import (
    Counter,
    DropEffect,
    blast,
    burning,
    burns,
    contact,
    cross,
    detonate,
    detonations,
    due_to_go_off,
    fire_source,
    in_or_touching,
    melt,
    overlap,
    tires_within,
)
from rules.combat.dropped import end_of_turn as counters_after
from rules.core.dice import DiceExpr, roll
from rules.core.events import (
    CounterAgain,
    CounterBurnedOut,
    CounterLaid,
    CounterMet,
    CounterRemoved,
    CounterSpared,
    CounterWentOff,
    Damaged,
    DamageStep,
    DiceRolled,
    FireTableHit,
    PaintOnWindows,
    RanOver,
)
from rules.core.geometry import Pose
from rules.driving.articulated import fire_hazard
from rules.driving.maneuvers import Motion
from rules.play.context import Ctx
from rules.play.crashes import hazard
from rules.play.effects import damage_one_tire, slick_hits
from rules.play.rigs import obstacle_d, oversized, tire_immune
from rules.play.state import GameState, VehicleState, evolve
from rules.play.surfaces import counter_size, slicks
from rules.tables.construction import design_tables


def add_counters(ctx: Ctx, counters: Sequence[Counter], why: str, rule: str) -> tuple[Counter, ...]:
    """Put counters on the map with ids. Vehicles already on or beside one when it lands are marked as
    touching it: they check it when they next come onto it (000:L1046)."""
    s = ctx.state
    n = s.counters_laid
    placed = []
    for c in counters:
        n += 1
        placed.append(replace(c, id=f"{c.kind}-{n}"))
    ctx.state = evolve(s, counters=s.counters + tuple(placed), counters_laid=n)
    for c in placed:
        ctx.log.add(CounterLaid(f"{why}: {c.kind.replace('_', ' ')} counter {c.id} at {c.pose}", rule, c.owner,
                                counter=c.id, counter_kind=c.kind, pose=c.pose, size=(c.length, c.width)))
        for v in ctx.state.vehicles:
            if _contact(c, v, (v.pose,)) is not None:
                ctx.put(replace(v, touching=v.touching + (c.id,)))
    return tuple(placed)




def _wheels(v: VehicleState) -> tuple[str, ...]:
    return tuple(t.corner for t in v.sheet.tires)


def _contact(c: Counter, v: VehicleState, poses: Sequence[Pose]) -> str | None:
    spec = c.spec()
    wheels = _wheels(v) if spec.underbody_damage is not None else ()  # mines go off under a wheel (CB19)
    return contact(c, poses, counter_size(v), wheels=wheels)


def cross_counters(ctx: Ctx, vid: str, motion: Motion) -> None:
    """Every counter this motion came onto (or beside, for spikes and mines) that the vehicle was not
    already touching takes effect once (000:L1042-L1046); a car never minds its own debris (000:L499)."""
    if not ctx.state.counters:
        return
    v = ctx.v(vid)
    now: list[str] = []
    for c in ctx.state.counters:
        if _spares(c, vid):
            continue
        end = _contact(c, v, (motion.end,))
        if end == "on" or (end == "adjacent" and c.spec().trigger_on):
            now.append(c.id)  # beside a slick is not on it: driving on later still counts (000:L1046)
    for c, how in counters_met(ctx.state, v, motion):
        _effect(ctx, vid, c, how, motion)
    ctx.update(vid, touching=tuple(i for i in now if any(c.id == i for c in ctx.state.counters)))


def _spares(c: Counter, vid: str) -> bool:
    return c.owner == vid and (c.kind == "debris" or c.spec().spares_owner)


def counters_met(state: GameState, v: VehicleState, motion: Motion) -> list[tuple[Counter, str]]:
    """The counters a motion comes onto ("on") or beside ("adjacent", spikes and mines) that take
    effect, in the order they lie on the map: not one it was already touching (000:L1042-L1046)."""
    out = []
    for c in state.counters:
        if _spares(c, v.id):
            continue
        how = _contact(c, v, motion.path)
        if how is None or c.id in v.touching:
            continue
        if how == "adjacent" and not c.spec().trigger_on:
            continue
        out.append((c, how))
    return out


def _effect(ctx: Ctx, vid: str, c: Counter, how: str, motion: Motion) -> None:
    spec = c.spec()
    s = ctx.state
    where = "runs onto" if how == "on" else "passes beside"
    if c.kind in ("debris", "obstacle"):
        debris = c.kind == "debris"
        ctx.log.add(RanOver(f"runs over {'debris' if debris else 'an obstacle'} ({c.id})",
                            "000:L496" if debris else "000:L501", vid, obstacle=c.kind, other=c.id))
        tires = ctx.rules.collisions.debris_tire_damage if debris else ctx.rules.collisions.obstacle_tire_damage
        _each_tire(ctx, vid, tires, c, "000:L497" if debris else "000:L501")
        d = ctx.rules.movement.hazards.difficulty[c.kind]
        big = oversized(ctx.v(vid))
        hazard(ctx, vid, d if debris else obstacle_d(ctx.v(vid), d), c.kind,
               "000:L249, L497" if debris else "000:L248, L255" if big else "000:L248, L501")
        return
    if how == "on":
        _slick_hazard(ctx, vid, c)
    if spec.paints_windows:
        if _spared(ctx, vid, c, where):
            return
        ctx.update(vid, paint_until=max(ctx.v(vid).paint_until, s.turn + spec.paint_turns))
        ctx.log.add(PaintOnWindows(f"{where} paint ({c.id}): paint on the windows, -2 to its fire until the end "
                                   f"of turn {s.turn + spec.paint_turns}", "000:L1053", vid, counter=c.id,
                                   until_turn=s.turn + spec.paint_turns))
        return
    if burns(spec) and not burning(c, s.turn, s.phase):
        return  # flaming oil not yet alight: a plain slick, no effect of its own (000:L1045); a flame cloud a cloud
    if not (spec.trigger_on or burns(spec) or spec.tire_damage is not None):
        if spec.maneuver_d or spec.hazard_d or spec.drive_on_d:
            ctx.log.add(CounterMet(f"{where} {c.kind.replace('_', ' ')} ({c.id})", spec.source, vid, counter=c.id,
                                   onto=how == "on", triggered=False))
        if spec.drive_on_d and how == "on":   # a cloud that is a hazard to drive into (chaff, 000:L2490)
            hazard(ctx, vid, spec.drive_on_d, f"drives into {c.kind.replace('_', ' ')}", spec.source)
        return
    v = ctx.v(vid)
    corners = [t.corner for t in v.sheet.tires if not t.destroyed]
    reach = tires_within(c, motion.end, counter_size(v), corners) if spec.tire_reach else None
    eff = cross(c, how, corners, ctx.dice, tires_in_reach=reach, faces=_faces(v), solid=_solid(v, c))
    for what, r, rule in eff.rolls:
        ctx.log.add(DiceRolled(f"{c.kind} {c.id}: rolled {r}: {what}", rule, vid, what=what, total=r))
    if not eff.triggered:
        return
    ctx.log.add(CounterMet(f"{where} {c.kind.replace('_', ' ')} ({c.id})", spec.source, vid, counter=c.id,
                           onto=how == "on", triggered=True))
    if eff.hazard_d:
        hazard(ctx, vid, eff.hazard_d, f"drives onto {c.kind.replace('_', ' ')}", spec.source)
    taken = _damage(ctx, vid, eff, c)
    _enemy_fire(ctx, vid, c, taken, eff.enemy_fire)
    if spec.tire_reach and spec.tire_damage is not None:
        _blast_other_tires(ctx, vid, c)
    if eff.removes_counter:
        ctx.state = evolve(ctx.state, counters=tuple(o for o in ctx.state.counters if o.id != c.id))
        ctx.log.add(CounterRemoved(f"{c.id} is gone", spec.source, vid, counter=c.id))


def _spared(ctx: Ctx, vid: str, c: Counter, where: str) -> bool:
    """An accessory that keeps this counter's effect off (the no-paint windshield, 000:L2636)."""

    key = c.spec().spared_by
    if not key or not any(p.kind == "accessory" and p.id.rstrip("0123456789") == key
                          for p in ctx.v(vid).sheet.components):
        return False
    item = ctx.rules.construction.accessories.get(key)
    name = item.name if item else key.replace("_", " ")
    ctx.log.add(CounterSpared(f"{where} {c.kind.replace('_', ' ')} ({c.id}): its {name.lower()} keeps it off",
                              item.source if item else c.spec().source, vid, counter=c.id, by=key))
    return True




def _slick_hazard(ctx: Ctx, vid: str, c: Counter) -> None:
    """Racing slicks running onto oil or ice: a hazard of its own (000:L1835)."""
    t = ctx.rules.combat
    if c.kind in t.slick_surface_kinds and slicks(ctx.v(vid)):
        hazard(ctx, vid, t.slick_hit_d, f"racing slicks run onto {c.kind.replace('_', ' ')} ({c.id})", t.slick_source)


def _faces(v: VehicleState) -> tuple[str, ...]:
    """Armor locations a flame cloud reaches: every one the vehicle has (reading CB70)."""
    return tuple(v.sheet.armor)


def _solid(v: VehicleState, c: Counter) -> tuple[str, ...]:
    """Corners whose tires are solid or plasticore (a drop-spike plate does less to them, 000:L2491):
    the tire type's name is in the tire's description on the sheet."""

    types = design_tables().tires
    names = [types[k].name.lower() for k in c.spec().solid_tires if k in types]
    return tuple(t.corner for t in v.sheet.tires if any(n in t.kind.lower() for n in names))


def _damage(ctx: Ctx, vid: str, eff: DropEffect, c: Counter) -> int:
    """A counter's damage: tires, underbody, a flame cloud's exposed locations; burning oil, a flame cloud
    or a napalm mine is also a fire-table hit (000:L1018-L1020, L993-L994, L1008-L1011)."""
    taken = _tires(ctx, vid, eff.tire_damage, c) + _underbody(ctx, vid, eff.underbody, c)
    for face, points in eff.faces:
        taken += _hit_face(ctx, vid, face, points, c)
    _fire_hit(ctx, vid, c)
    return taken


def _fire_hit(ctx: Ctx, vid: str, c: Counter) -> None:
    src = fire_source(c)
    if not src:
        return
    row = ctx.rules.combat.fire_table[src]
    v = ctx.v(vid)
    ht = HT_MARK if HT_AMMO in c.spec().ammo else ""   # burning HT oil: +1, burns 1 (000:L992, L2504)
    ctx.put(replace(v, fire_hits=v.fire_hits + ((src + ht, ctx.state.turn),)))
    ctx.log.add(FireTableHit(f"{vid} touches {c.kind.replace('_', ' ')} ({c.id}) while it burns: a {src} fire-table "
                             f"hit, fire modifier {row.modifier} for this turn and {row.duration} more; the fire check "
                             "comes at the end of the turn", f"{row.source}, 000:L1018", vid, counter=c.id,
                             fire_source=src, modifier=row.modifier))


def _enemy_fire(ctx: Ctx, vid: str, c: Counter, taken: int, enemy: bool) -> None:
    """Mines count as enemy fire: the hits they do are a hazard by their number (000:L245, L250-L252)."""
    if enemy and taken:
        big = oversized(ctx.v(vid))   # an oversized vehicle's bands: 13-21 hits D2, 22+ D3 (000:L256-L257)
        d = fire_hazard(taken) if big else ctx.rules.movement.hazards.enemy_fire(taken)
        if d:
            hazard(ctx, vid, d, f"{c.kind} ({taken} hits): enemy fire", "000:L245, L256-L257" if big else
                   "000:L245, L250-L252")


def _blast_other_tires(ctx: Ctx, vid: str, c: Counter) -> None:
    """A mine going off hurts every tire within its reach, on any vehicle, not only the one that set it
    off (000:L1043; reading CB36)."""
    spec = c.spec()
    assert spec.tire_damage is not None
    for other in [o for o in ctx.state.vehicles if o.id != vid and not o.out]:
        corners = [t.corner for t in other.sheet.tires if not t.destroyed]
        reach = tires_within(c, other.pose, counter_size(other), corners)
        hits = []
        for corner in reach:
            total, faces = roll(spec.tire_damage, ctx.dice)
            ctx.log.add(DiceRolled(f"{c.kind} {c.id}: rolled {total}: damage to tire {corner} within "
                                   f"{spec.tire_reach:g}\": {spec.tire_damage} = {list(faces)}", spec.source, other.id,
                                   what=f"damage to tire {corner}", expr=str(spec.tire_damage), faces=faces,
                                   total=total))
            hits.append((corner, total))
        _enemy_fire(ctx, other.id, c, _tires(ctx, other.id, hits, c), spec.enemy_fire)






def _slick_hits(ctx: Ctx, vid: str, index: int, hits: int, c: Counter) -> int:
    return slick_hits(ctx, vid, index, hits, c.kind)


def _each_tire(ctx: Ctx, vid: str, dmg: DiceExpr, c: Counter, rule: str) -> None:
    """Every tire of a vehicle running over debris or an obstacle (000:L497, L501), each rolled."""

    for i in range(len(ctx.v(vid).sheet.tires)):
        if tire_immune(ctx.v(vid), i, c.kind):   # solid and plasticore truck tires and debris (000:L2013)
            continue
        hits = ctx.roll(dmg, f"{c.kind}: tire {ctx.v(vid).sheet.tires[i].corner}", rule, vid) if dmg.n else dmg.mod
        damage_one_tire(ctx, vid, i, _slick_hits(ctx, vid, i, hits, c), c.kind, rule)


def _tires(ctx: Ctx, vid: str, damage: Sequence[tuple[str, int]], c: Counter) -> int:

    total = 0
    for corner, rolled in damage:
        v = ctx.v(vid)
        index = next((i for i, t in enumerate(v.sheet.tires) if t.corner == corner), None)
        if index is not None and tire_immune(v, index, "spikes" if "spike" in c.kind else c.kind):
            continue   # solid and plasticore truck tires and spikes (000:L2013)
        if index is None or rolled <= 0:
            continue
        hits = _slick_hits(ctx, vid, index, rolled, c)
        total += min(hits, max(0, v.sheet.tires[index].dp))
        damage_one_tire(ctx, vid, index, hits, c.kind.replace("_", " "), c.spec().source)
    return total


def _underbody(ctx: Ctx, vid: str, points: int, c: Counter) -> int:
    return _hit_face(ctx, vid, "underbody", points, c)


def _hit_face(ctx: Ctx, vid: str, face: str, points: int, c: Counter) -> int:
    """Points on one location as if a weapon hit it (000:L1043 underbody, L2473 flame clouds)."""
    if points <= 0:
        return 0
    v = ctx.v(vid)
    sheet, inside, rep = hit(v.sheet, interior_of(v.sheet, v.spec.kind.value), face, points, ctx.dice)
    ctx.put(replace(v, sheet=sheet_with(sheet, inside)))
    ctx.log.add(Damaged(f"{c.kind.replace('_', ' ')} ({c.id}): {points} to the {face}", c.spec().source, vid,
                        cause=f"{c.kind.replace('_', ' ')} ({c.id})", location=face, points=points, taken=rep.taken))
    for text, rule in rep.lines:
        ctx.log.add(DamageStep(text, rule, vid))
    return rep.taken


def liquid_contact(ctx: Ctx) -> None:
    """At the end of each phase: a vehicle still in a damaging liquid (burning oil) rolls its damage
    again once it has been in it for `recheck_phases` phases since the last roll (000:L1047). The first
    roll is the one for driving onto it (cross_counters); a vehicle found in it with no roll yet starts
    counting now."""
    if not ctx.state.counters and not any(v.liquid_contact for v in ctx.state.vehicles):
        return   # no counter on the map and none left to forget: nothing below can happen
    _melt_ice(ctx)
    _set_off(ctx)
    _clouds_go_off(ctx)
    s = ctx.state
    t = ctx.rules.combat
    now = s.turn * len(ctx.rules.movement.chart.row(0).phases) + s.phase  # phases counted as rules.combat.dropped.burning does
    for v in s.vehicles:
        had = dict(v.liquid_contact)
        keep: dict[str, int] = {}
        for c in ctx.state.counters:
            spec = c.spec(t)
            if not burns(spec) or not burning(c, s.turn, s.phase, t):
                continue
            if _contact(c, ctx.v(v.id), (ctx.v(v.id).pose,)) != "on":
                continue
            since = had.get(c.id, now)
            if now - since >= t.recheck_phases and not ctx.v(v.id).out:
                ctx.log.add(CounterAgain(f"still in {c.kind.replace('_', ' ')} ({c.id}) after {now - since} phases: "
                                         "its damage again", t.recheck_source, v.id, counter=c.id))
                _liquid_damage(ctx, v.id, c)
                since = now
            keep[c.id] = since
        if keep != had:
            ctx.update(v.id, liquid_contact=tuple(sorted(keep.items())))


def _melt_ice(ctx: Ctx) -> None:
    """Ice under burning oil or a burning flame cloud melts away (000:L2487; the water is not played)."""
    s = ctx.state
    left, gone = melt(s.counters, s.turn, s.phase)
    if not gone:
        return
    ctx.state = evolve(s, counters=left)
    for c in gone:
        ctx.log.add(CounterRemoved(f"{c.kind.replace('_', ' ')} {c.id} melts under the flames", c.spec().source,
                                   c.owner, counter=c.id))


def _set_off(ctx: Ctx) -> None:
    """Napalm mines under a burning vehicle or in a burning flame cloud go off at the phase's end: the
    vehicle over them takes them as if it had set them off, no roll; every tire in reach is hurt (000:L2508)."""

    s = ctx.state
    bodies = [footprint(v.pose, counter_size(v)) for v in s.vehicles if v.sheet.on_fire]
    for c, why in detonations(s.counters, bodies, s.turn, s.phase):
        ctx.log.add(CounterWentOff(f"{c.kind.replace('_', ' ')} {c.id} {why} go off", c.spec().source, c.owner,
                                   counter=c.id))
        above = next((v for v in ctx.state.vehicles if overlap(footprint(v.pose, counter_size(v)), c.polygon())), None)
        if above is not None:
            corners = [t.corner for t in above.sheet.tires if not t.destroyed]
            eff = detonate(c, tires_within(c, above.pose, counter_size(above), corners), ctx.dice)
            for what, r, rule in eff.rolls:
                ctx.log.add(DiceRolled(f"{c.kind} {c.id}: rolled {r}: {what}", rule, above.id, what=what, total=r))
            _enemy_fire(ctx, above.id, c, _damage(ctx, above.id, eff, c), eff.enemy_fire)
        _blast_other_tires(ctx, above.id if above is not None else "", c)
        ctx.state = evolve(ctx.state, counters=tuple(o for o in ctx.state.counters if o.id != c.id))
        ctx.log.add(CounterRemoved(f"{c.id} is gone", c.spec().source, c.owner, counter=c.id))


def _clouds_go_off(ctx: Ctx) -> None:
    """A cloud bomb's cloud goes off two phases after it formed: its damage to every vehicle in or touching
    it, as a flame cloud's to exposed locations, then it is gone (000:L2472; reading CB84)."""
    s = ctx.state
    for c in due_to_go_off(s.counters, s.turn, s.phase):
        spec = c.spec()
        ctx.log.add(CounterWentOff(f"{c.kind.replace('_', ' ')} {c.id} goes off: {spec.detonation_damage} to every "
                                   "exposed location of everything in or touching it", spec.source, c.owner,
                                   counter=c.id))
        for v in [v for v in ctx.state.vehicles if not v.out and in_or_touching(c, v.pose, counter_size(v))]:
            corners = [t.corner for t in v.sheet.tires if not t.destroyed]
            eff = blast(c, corners, _faces(v), ctx.dice)
            for what, r, rule in eff.rolls:
                ctx.log.add(DiceRolled(f"{c.kind} {c.id}: rolled {r}: {what}", rule, v.id, what=what, total=r))
            _enemy_fire(ctx, v.id, c, _damage(ctx, v.id, eff, c), eff.enemy_fire)
        ctx.state = evolve(ctx.state, counters=tuple(o for o in ctx.state.counters if o.id != c.id))
        ctx.log.add(CounterRemoved(f"{c.id} is gone", spec.source, c.owner, counter=c.id))


def _liquid_damage(ctx: Ctx, vid: str, c: Counter) -> None:
    v = ctx.v(vid)
    corners = [t.corner for t in v.sheet.tires if not t.destroyed]
    eff = cross(c, "on", corners, ctx.dice, faces=_faces(v))
    for what, r, rule in eff.rolls:
        ctx.log.add(DiceRolled(f"{c.kind} {c.id}: rolled {r}: {what}", rule, vid, what=what, total=r))
    _damage(ctx, vid, eff, c)




def end_of_turn(ctx: Ctx) -> None:
    """Counters whose time is up leave the map or change (clouds, 000:L1049; flaming oil to smoke, 000:L2483)."""
    s = ctx.state
    if not s.counters:
        return
    left = counters_after(s.counters, s.turn, ctx.rules.combat)
    kept = {c.id: c for c in left}
    for c in s.counters:
        if c.id not in kept:
            ctx.log.add(CounterRemoved(f"{c.kind.replace('_', ' ')} {c.id} clears", c.spec().source, c.owner,
                                       counter=c.id))
        elif kept[c.id].kind != c.kind:
            ctx.log.add(CounterBurnedOut(f"{c.kind.replace('_', ' ')} {c.id} burns out and leaves "
                                         f"{kept[c.id].kind}", c.spec().source, c.owner, counter=c.id,
                                         becomes=kept[c.id].kind))
    ctx.state = evolve(s, counters=left)
