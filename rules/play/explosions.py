"""What heavy damage and explosions leave around a vehicle (reference/combat.md §7.4, §8.4).

    explosion(ctx, vid)              neighbours within 2" take 1d on the face toward the blast (000:L1014),
                                     five debris counters scatter over the site (000:L499)
    debris_from_damage(ctx, taken)   10+ points in one phase: a debris counter beside the face hit (000:L499)

Numbers: rules/data/combat.toml [fire] (explosion radius, damage, debris count) and [debris].
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from rules.combat.arcs import facing_sides, footprint, nearest_point
from rules.combat.damage import hit, interior_of, sheet_with
from rules.combat.dropped import Counter, place
from rules.core.dice import DiceExpr
from rules.core.events import Damaged, DamageStep
from rules.core.geometry import Pose, Vec
from rules.play.context import Ctx
from rules.play.counters import add_counters
from rules.play.crashes import hazard
from rules.play.state import VehicleState
from rules.play.surfaces import counter_size

FACES = ("front", "back", "left", "right")


def gap(a: VehicleState, b: VehicleState) -> float:
    """The distance between two counters, edge to edge (0 when they touch or overlap)."""
    pa, pb = footprint(a.pose, counter_size(a)), footprint(b.pose, counter_size(b))
    best = min(min((nearest_point(pb, p) - p).length() for p in pa),
               min((nearest_point(pa, p) - p).length() for p in pb))
    return max(0.0, best)


def blast_face(v: VehicleState, site: Vec) -> str:
    """The face a blast at `site` strikes: of the faces toward it, the owner picks; he is taken to offer the
    one with the most armor left (000:L1014)."""
    faces = [f for f in FACES if f in facing_sides(v.pose, counter_size(v), site)] or ["front"]
    return max(faces, key=lambda f: (v.sheet.armor.get(f, 0), -FACES.index(f)))


def explosion(ctx: Ctx, vid: str) -> None:
    """A vehicle explodes: every other vehicle within the radius takes the blast on its exposed face,
    with the hazards of that damage; five debris counters land around the site (000:L1014, L499)."""
    t = ctx.rules.combat
    boom = ctx.v(vid)
    site = boom.pose.centre
    radius = t.fire["explosion_radius"]
    for other in ctx.state.vehicles:
        if other.id == vid or other.sheet.destroyed or gap(boom, other) > radius:
            continue
        face = blast_face(other, site)
        points = ctx.roll(t.explosion_damage, f"blast from {vid} on its {face}", "000:L1014", other.id)
        if points <= 0:
            continue
        sheet, inside, rep = hit(other.sheet, interior_of(other.sheet, other.spec.kind.value), face, points,
                                 ctx.dice)
        ctx.put(replace(other, sheet=sheet_with(sheet, inside)))
        ctx.log.add(Damaged(f"the explosion of {vid} does {points} to the {face}", "000:L1014", other.id,
                            cause=f"the explosion of {vid}", location=face, points=points, taken=rep.taken))
        for text, rule in rep.lines:
            ctx.log.add(DamageStep(text, rule, other.id))
        for hz in rep.hazards():
            hazard(ctx, other.id, hz.d, f"blast: {hz.name}", hz.rule)
    _scatter_debris(ctx, vid, int(t.fire["explosion_debris"]))


def _scatter_debris(ctx: Ctx, vid: str, n: int) -> None:
    t = ctx.rules.combat
    site = ctx.v(vid).pose.centre
    counters = []
    for i in range(n):
        way = ctx.roll(DiceExpr(1), f"debris {i + 1}: direction (x60 degrees)", t.debris_source, vid) * 60.0
        far = ctx.roll(t.debris_scatter, f"debris {i + 1}: distance (x{t.debris_scatter_step:g}\")",
                       t.debris_source, vid) * t.debris_scatter_step
        at = site + Vec(math.sin(math.radians(way)), -math.cos(math.radians(way))) * far
        length, width = t.dropped["debris"].size
        counters.append(Counter("debris", Pose.of(at, way), length, width, ctx.state.turn, ctx.state.phase, ""))
    add_counters(ctx, counters, f"{vid} explodes: debris", t.debris_source)


def debris_from_damage(ctx: Ctx, taken: Mapping[str, tuple[int, str, bool]]) -> None:
    """Vehicles that took `debris_from_damage` points or more this phase each leave one debris counter
    beside the face hit (behind them for top or underbody damage); their own debris never hurts them (000:L499).
    20 points or a lost wheel leave an obstacle counter the same way (000:L503).
    `taken`: vehicle id -> (points this phase, the face that took the most, a wheel was lost)."""
    t = ctx.rules.combat
    for vid, (points, face, wheel) in sorted(taken.items()):
        v = ctx.v(vid)
        mount = face if face in FACES else "back"
        kinds = [k for k, due in (("debris", points >= t.debris_from_damage),
                                  ("obstacle", points >= t.obstacle_from_damage or wheel)) if due]
        for kind in kinds:
            c = place(kind, v.pose, counter_size(v), mount, ctx.state.turn, ctx.state.phase, stationary=v.speed == 0,
                      owner=vid, t=t)
            why = "a wheel lost" if kind == "obstacle" and points < t.obstacle_from_damage else f"{points} points"
            add_counters(ctx, [c], f"{vid}: {why} this phase: {kind}", t.debris_source if kind == "debris"
                         else c.spec(t).source)
