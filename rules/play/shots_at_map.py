"""Weapon fire at walls and buildings (000:L1200-L1208).

A wall or building on the map is a target for a vehicle's weapon: it is big and still (+10 to hit,
000:L1200). A hit doing at least its DP cuts a breach, a lesser hit does nothing and is not kept
(000:L1201); a building whose breaches reach its collapse number falls (000:L1202, L1205) and deals
1d per DP to everything inside; a car takes that on its top, and while top armor is left its crew are
unhurt but shut in (000:L1203-L1204). It leaves rubble that no vehicle enters and that blocks fire
(000:L1206-L1207) and scatters a dozen debris counters around it (000:L1208). Breaches and collapses go
into the state's MapChanges (rules.world.map_changes), so movement, collisions and line of fire see them at once.

A shot is named like any other Fire action, its target a map feature id ("walls[3]", "buildings[0]").
Only a shot whose weapon can breach the feature is a legal one: a lesser hit has no effect (reading CB42).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from rules.combat.arcs import in_arc, inside, lof_origin, nearest_point
from rules.combat.damage import crew_state, damage_dice, hit, interior_of, sheet_with
from rules.combat.dropped import Counter, cloud_inches
from rules.combat.line_of_fire import blocker, map_world
from rules.combat.shooting import (
    Combatant,
    Declaration,
    Mounted,
    _after_firing,
    cloud_kind,
    computer_for,
    crew_problem,
    expand,
    firer_of,
    ready,
    roll_to_hit,
    shot_computer,
    trigger,
)
from rules.combat.to_hit import Shot, to_hit, weapon_info
from rules.core.dice import DiceExpr, DiceSource
from rules.core.events import (
    CrewTrapped,
    DamageRolled,
    DamageStep,
    DebrisRedropped,
    EventLog,
    FeatureBreached,
    FeatureCollapsed,
    FeatureUnharmed,
    FireRefused,
    HitWasted,
    OutOfFight,
)
from rules.core.geometry import CounterSize, Pose, Vec
from rules.play.context import Ctx
from rules.play.counters import add_counters
from rules.play.state import Mode, evolve
from rules.tables.combat import combat_tables
from rules.world.collision import CollisionWorld, FeatureKind, StaticShape
from rules.world.map_changes import MapChanges, feature_properties, map_of, section_key

_MAX_AIM_POINTS = 12  # points of a feature tried for one in arc with a clear line, nearest first
_EDGE_STEP = 0.125    # inches: the walk out of a fallen building's outline to its edge
_PROBE = "<debris>"   # the id a falling debris counter is tested under (no vehicle has it)


@dataclass(frozen=True)
class MapTarget:
    """A wall or building standing on the map as play has changed it."""

    id: str
    kind: str                       # wall | building
    name: str
    dp: int                         # damage a single hit needs to breach it (000:L1200)
    collapse: int | None            # breaches that bring a building down; walls do not fall (000:L1202, L1205)
    pieces: tuple[StaticShape, ...]

    def collapse_dice(self) -> DiceExpr:
        """What a falling building deals to everything inside: 1d per DP (000:L1203, TC-22, TC-23)."""
        return DiceExpr(self.dp * combat_tables().collapse_dice_per_dp)

    def trapped_turns(self) -> int:
        return self.dp * combat_tables().trapped_turns_per_dp


@lru_cache(maxsize=8)
def map_targets(map_id: str, changes: MapChanges) -> dict[str, MapTarget]:
    """The walls and buildings with DP still standing, by feature id (a fresh dict is not needed:
    callers must not change it)."""
    world = map_world(map_id, changes)
    if world is None:
        return {}
    out: dict[str, MapTarget] = {}
    for fid, props in feature_properties(map_id, changes.sections).items():
        pieces = world.feature(fid)
        if fid in changes.destroyed or not pieces or pieces[0].dp is None:
            continue
        kind = pieces[0].kind
        if kind not in (FeatureKind.WALL, FeatureKind.BUILDING):
            continue
        collapse = props.get("collapse") if kind == FeatureKind.BUILDING else None
        out[fid] = MapTarget(fid, kind.value, str(props.get("name") or kind.value), pieces[0].dp,
                             collapse if isinstance(collapse, int) else None, pieces)
    return out


def breach_outcome(target: MapTarget, breaches: int, points: int) -> tuple[bool, bool]:
    """(breached, collapses) for one hit of `points` on a feature that has `breaches` already:
    a hit below the DP does nothing, however many there are (000:L1201, TC-20); the building falls
    on the breach that brings its count to the collapse number (000:L1202, L1205, TC-21, TC-23)."""
    if points < target.dp:
        return False, False
    return True, target.collapse is not None and breaches + 1 >= target.collapse


def can_breach(w: Mounted, target: MapTarget) -> bool:
    """Whether the weapon's best damage roll reaches the feature's DP (reading CB42); a cloud bomb does
    no damage of its own, its cloud only what is in it (000:L2472, reading CB84)."""
    info = weapon_info(w.abbr, w.options)
    if info.to_hit <= 0 or info.damage is None or cloud_kind(w) is not None:
        return False
    expr = damage_dice(info.damage, w.ammo)
    return expr.total(tuple([6] * expr.n)) >= target.dp


def _candidates(piece: StaticShape, origin: Vec) -> list[Vec]:
    """Points on a piece's outline a shot may be aimed at: the nearest, then its corners."""
    pts = piece.points
    if len(pts) == 1:
        d = origin - pts[0]
        return [pts[0] + d * (piece.radius / d.length())] if d.length() > piece.radius else [pts[0]]
    out = [nearest_point(pts, origin), *pts]
    if piece.radius > 0:  # a thick wall: its face toward the firer
        out = [q + (origin - q) * (piece.radius / (origin - q).length()) if (origin - q).length() > piece.radius
               else q for q in out]
    return out


def aim_point(cs: Mapping[str, Combatant], c: Combatant, w: Mounted, target: MapTarget, map_id: str,
              changes: MapChanges) -> tuple[Vec, Vec] | None:
    """(origin, point): the nearest point of the feature in the weapon's arc with nothing else on the
    line of fire (000:L826-L827), or None."""
    origin = lof_origin(c.pose, c.size, w.fires_from)
    points = sorted({p for piece in target.pieces for p in _candidates(piece, origin)},
                    key=lambda p: ((p - origin).length(), p.x, p.y))
    for p in points[:_MAX_AIM_POINTS]:
        if not in_arc(w.mount, c.pose, c.size, p, trike=c.kind == "trike"):
            continue
        if blocker(cs, map_id, origin, p, (c.id,), changes) in (None, target.id):
            return origin, p
    return None


def map_shot(c: Combatant, w: Mounted, origin: Vec, point: Vec, clouds: Sequence[Counter] = (),
             crew: str = "") -> Shot:
    """The to-hit description of a shot at a wall or building: +10 for the target, none for its speed
    (000:L1200); the firer's own modifiers as at a vehicle (`crew` fires, or else firer_of)."""
    info = weapon_info(w.abbr)
    crew = crew or firer_of(c, (w.id,))
    person = c.interior.part(crew)
    bonus = computer_for(c, crew, w)
    return Shot(base=info.to_hit, range=(point - origin).length(), target="building", building=True,
                firer_speed=c.speed, firer_moved=c.moved, gunner_skill=c.skills.get(crew, 0), computer=shot_computer(bonus),
                cyberlink=bonus == "cyberlink",
                maneuver_d=c.maneuver_d if c.at_wheel(crew) else 0, aimed_fire=c.aimed_fire,
                smoke_inches=cloud_inches(clouds, origin, point), bad_footing=c.bad_footing, visibility=c.visibility,
                paint_on_windows=c.paint_on_windows, wounded_firer=crew_state(person) == "wounded",
                laser=info.laser)


def _firer_problem(c: Combatant, d: Declaration) -> str | None:
    """The checks of rules.combat.shooting.problem that do not concern a vehicle target."""
    why, wids, crew = trigger(c, d.weapon, d.crew)
    if why:
        return why
    why = crew_problem(c, crew)
    if why:
        return why
    for wid in wids:
        why = ready(c, wid)
        if why:
            return why
    return None


def map_fire_problem(cs: Mapping[str, Combatant], d: Declaration, map_id: str, changes: MapChanges) -> str | None:
    """Why a shot at a map feature cannot be made now (None when it can)."""
    target = map_targets(map_id, changes).get(d.target)
    if target is None:
        return f"{d.target!r} is not a target for {d.firer}"
    if d.firer not in cs:
        return f"there is no vehicle {d.firer!r}"
    c = cs[d.firer]
    why = _firer_problem(c, d)
    if why:
        return why
    if d.aim or d.side:
        return f"a shot at {target.name} takes no aim at a part of it (000:L1200)"
    aimed = [c.weapon(w) for w in expand(c, d.weapon) if weapon_info(c.weapon(w).abbr).to_hit > 0]
    if not aimed:
        return f"{d.weapon} is a dropped weapon: drop it, it takes no aim (000:L1028)"
    if not any(can_breach(w, target) for w in aimed):
        return f"{d.weapon} cannot do the {target.dp} points that breach {target.name}: a lesser hit does nothing (000:L1201)"
    for w in aimed:
        if aim_point(cs, c, w, target, map_id, changes) is None:
            return f"{target.name} is not in the {w.mount} arc of {w.id} with a clear line of fire (000:L826-L827)"
    return None


@dataclass(frozen=True)
class MapHit:
    firer: str
    weapon: str
    target: str
    point: Vec
    points: int


def roll_map_shots(cs: Mapping[str, Combatant], decls: Sequence[Declaration], dice: DiceSource, log: EventLog,
                   turn: int, map_id: str, changes: MapChanges,
                   clouds: Sequence[Counter] = ()) -> tuple[dict[str, Combatant], list[MapHit]]:
    """Roll every shot at a wall or building this phase (against the map as it was when fire began);
    the hits are applied at the end with the rest of the phase's damage (000:L819, L824)."""
    out = dict(cs)
    hits: list[MapHit] = []
    for d in decls:
        why = map_fire_problem(out, d, map_id, changes)
        if why:
            log.add(FireRefused(f"{d.firer} cannot fire {d.weapon} at {d.target}: {why}", "", d.firer,
                                weapon=d.weapon, target=d.target, why=why))
            continue
        c = out[d.firer]
        target = map_targets(map_id, changes)[d.target]
        wids = expand(c, d.weapon)
        for wid in wids:
            w = c.weapon(wid)
            info = weapon_info(w.abbr, w.options)   # a pulse laser's damage (000:L2463)
            aimed = aim_point(out, c, w, target, map_id, changes) if info.to_hit > 0 else None
            if aimed is None or info.damage is None:
                continue
            origin, point = aimed
            shot = map_shot(c, w, origin, point, clouds, d.crew)
            head = f"{wid} ({w.abbr}) fires at {target.name}, {(point - origin).length():.2f}\""
            rolled = roll_to_hit(to_hit(shot), shot.base, head, "", ", L1200", dice, log, c.id, weapon=wid,
                                 target=target.id)
            if rolled is None or not rolled[0]:
                continue
            expr = damage_dice(info.damage, w.ammo)
            dfaces = tuple(dice.d6() for _ in range(expr.n))
            points = expr.total(dfaces)
            log.add(DamageRolled(f"{wid} damage {expr}: rolls {points} ({'+'.join(map(str, dfaces))})",
                                 "000:L941-L942", c.id, weapon=wid, target=target.id, expr=str(expr),
                                 faces=tuple(dfaces), points=points))
            hits.append(MapHit(c.id, wid, target.id, point, points))
        out[d.firer] = _after_firing(c, d, wids, turn)
    return out, hits


def apply_map_hits(ctx: Ctx, hits: Sequence[MapHit]) -> None:
    """Breaches and collapses from the phase's hits on walls and buildings, into the state's map
    changes; a falling building's damage to the vehicles inside it."""
    t = ctx.rules.combat
    for h in hits:
        changes = ctx.state.map_changes
        target = map_targets(ctx.state.map_id, changes).get(h.target)
        if target is None:
            ctx.log.add(HitWasted(f"{h.weapon}'s hit on {h.target} finds it already down", t.map_fire_source, h.firer,
                                  weapon=h.weapon, target=h.target))
            continue
        breached, falls = breach_outcome(target, changes.breach_count(target.id), h.points)
        if not breached:
            ctx.log.add(FeatureUnharmed(f"{target.name} takes {h.points}, less than its {target.dp} DP: no effect",
                                        "000:L1201", h.firer, feature=target.id, rammed=False, points=h.points))
            continue
        piece = min(target.pieces, key=lambda s: min((p - h.point).length() for p in s.points))
        changes = changes.with_breach(section_key(piece, h.point), target.id, h.point, t.map_breach_width)
        ctx.log.add(FeatureBreached(f"{target.name} is breached by {h.weapon}'s {h.points} points "
                                    f"({changes.breach_count(target.id)} breach(es))", "000:L1200-L1201", h.firer,
                                    feature=target.id, rammed=False, point=h.point))
        if falls:
            changes = changes.with_rubble(target.id)
            ctx.log.add(FeatureCollapsed(f"{target.name} collapses into rubble", "000:L1202, L1205-L1206", h.firer,
                                         feature=target.id, rammed=False))
        ctx.state = evolve(ctx.state, map_changes=changes)
        if falls:
            building_falls(ctx, target, h.firer)


def building_falls(ctx: Ctx, target: MapTarget, by: str) -> None:
    """What a building's fall does once its rubble is in the state's map changes: damage to everything
    inside it, then a dozen debris counters on the street around it (000:L1203-L1204, L1208)."""
    world = map_world(ctx.state.map_id, ctx.state.map_changes)
    outline = world.feature(target.id) if world is not None else ()
    polys = [p.points for p in outline or target.pieces if len(p.points) >= 3]   # whole: breaches buried
    _collapse_onto(ctx, target, polys)
    _collapse_debris(ctx, target, polys, by)


def _collapse_debris(ctx: Ctx, target: MapTarget, polys: Sequence[tuple[Vec, ...]], by: str) -> None:
    """Debris counters dropped over the fallen building land on the street around it; one that lands
    in a wall, a building or off the map is dropped again (000:L1208, reading CB45)."""
    t = ctx.rules.combat
    world = map_world(ctx.state.map_id, ctx.state.map_changes)
    pts = [q for poly in polys for q in poly]
    if not pts:
        return
    centre = Vec(sum(q.x for q in pts) / len(pts), sum(q.y for q in pts) / len(pts))
    length, width = t.dropped["debris"].size
    m = map_of(ctx.state.map_id, ctx.state.map_changes)
    counters: list[Counter] = []
    for i in range(t.collapse_debris):
        for _ in range(t.collapse_redrops + 1):
            way = ctx.roll(DiceExpr(1), f"debris {i + 1}: direction (x60 degrees)", "000:L1208", by) * 60.0
            far = ctx.roll(t.debris_scatter, f"debris {i + 1}: distance beyond the rubble "
                           f"(x{t.debris_scatter_step:g}\")", "000:L1208", by) * t.debris_scatter_step
            ray = Vec(math.sin(math.radians(way)), -math.cos(math.radians(way)))
            at = centre + ray * (_edge(polys, centre, ray) + far)
            pose = Pose.of(at, way)
            if _on_street(world, m.width, m.height, pose, CounterSize(length, width)):
                counters.append(Counter("debris", pose, length, width, ctx.state.turn, ctx.state.phase, ""))
                break
            ctx.log.add(DebrisRedropped(f"debris {i + 1} misses the street: dropped again", "000:L1208", by))
    add_counters(ctx, counters, f"{target.name} falls: debris", "000:L1208")


def _edge(polys: Sequence[tuple[Vec, ...]], centre: Vec, ray: Vec) -> float:
    """How far from the centre along `ray` the building's outline ends (to the nearest 1/8")."""
    r = 0.0
    while any(inside(poly, centre + ray * r) for poly in polys):
        r += _EDGE_STEP
    return r


def _on_street(world: CollisionWorld | None, w: float, h: float, pose: Pose, size: CounterSize) -> bool:
    c = pose.centre
    if not (0 <= c.x <= w and 0 <= c.y <= h):
        return False
    if world is None:
        return True
    solid = {FeatureKind.WALL.value, FeatureKind.BUILDING.value, FeatureKind.FIXED_OBJECT.value}
    return not any(hit.kind in solid for hit in world.overlaps(_PROBE, pose, size=size))


def _collapse_onto(ctx: Ctx, target: MapTarget, polys: Sequence[tuple[Vec, ...]]) -> None:
    """Everything inside a falling building takes 1d per DP; a car takes it on its top, and while
    top armor is left its crew are unhurt, shut in for 1 turn per DP (000:L1203-L1204)."""
    for v in ctx.state.vehicles:
        if not any(inside(poly, v.pose.centre) for poly in polys):
            continue
        points = ctx.roll(target.collapse_dice(), f"{target.name} falls on {v.id}", "000:L1203", v.id)
        inner = interior_of(v.sheet, v.spec.kind.value)
        sheet, inner, rep = hit(v.sheet, inner, "top", points, ctx.dice)
        v = ctx.put(replace(v, sheet=sheet_with(sheet, inner)))
        for text, rule in rep.lines:
            ctx.log.add(DamageStep(text, rule, v.id))
        _bury(ctx, v.id, target)


def _bury(ctx: Ctx, vid: str, target: MapTarget) -> None:
    """The rubble holds the car where it lies: it stops dead and is out of the fight (no vehicle moves in
    rubble, and rubble blocks every line of fire, 000:L1206-L1207); its crew are shut in for 1 turn per DP
    (000:L1204), unhurt if the top armor held (reading CB49)."""
    v = ctx.v(vid)
    until = ctx.state.turn + target.trapped_turns()
    ctx.put(replace(v, out=True, speed=0.0, increments=(), mode=Mode.NORMAL, driverless=False,
                    buried_under=target.name, trapped_until=until))
    held = v.sheet.armor.get("top", 0) > 0
    ctx.log.add(CrewTrapped(f"{vid} is buried under {target.name}: "
                            f"{'the top armor held, its crew are unhurt but' if held else 'its crew are'} shut in for "
                            f"{target.trapped_turns()} turns (to the end of turn {until})", "000:L1204", vid,
                            until_turn=until))
    ctx.log.add(OutOfFight(f"{vid} is out of the fight: buried in the rubble, it can neither move nor fire",
                           "000:L1206, L1262", vid, why="buried in the rubble"))
