"""Line of fire in play: what stands between a weapon and its target (000:L826).

Other vehicles' counters (wrecks included: a counter stays on the map) and the map's walls,
buildings and fixed objects block a shot; curbs, debris, obstacles and terrain do not. The map's
solid shapes come from the collision module (rules.world.collision.CollisionWorld.line_of_fire) built
once per map; vehicles are tested against their counters here, so the world needs no updating.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import replace
from functools import lru_cache

from rules.combat.arcs import footprint
from rules.combat.elevation import first_feature, has_low_walls, roof_at
from rules.combat.shooting import Combatant, LineOfFireCheck
from rules.core.geometry import Vec, clip_segment
from rules.core.kept import kept
from rules.world.collision import VEHICLE, CollisionWorld, static_from_map
from rules.world.map_changes import NO_CHANGES, MapChanges, changed_base
from rules.world.maps import load_map, static_shapes


def map_world(map_id: str, changes: MapChanges = NO_CHANGES) -> CollisionWorld | None:
    """The map's static shapes as a collision world, as play has changed it: breaches cut, features
    knocked down (rules.world.map_changes). None for a game without a map. Frozen: shared by every caller."""
    if not map_id:
        return None
    return _map_world(map_id, shape_changes(changes))


def shape_changes(changes: MapChanges) -> MapChanges:
    """The changes a collision world is built from: all but the DP taken short of a breach, which changes
    no shape (so a wall chipped by a stray shot does not make the world again). Kept with the changes."""
    if not changes.damage:
        return changes
    return kept(changes, "shape_changes", lambda: replace(changes, damage=()))


@lru_cache(maxsize=8)
def _map_world(map_id: str, changes: MapChanges) -> CollisionWorld | None:
    if changes:
        return changed_base(map_id, changes)

    return CollisionWorld.from_static(static_from_map(static_shapes(load_map(map_id)))).freeze()


def _entry(poly: tuple[Vec, Vec, Vec, Vec], a: Vec, b: Vec) -> float | None:
    """How far along a-b (0..1) the segment first enters a convex polygon; None if it misses it or only
    touches an edge."""
    part = clip_segment(poly, a, b)
    return part[0] if part is not None and (part[1] - part[0]) * (b - a).length() > 1e-9 else None


def _clear_of(c: Combatant, a: Vec, b: Vec) -> bool:
    """The cheap rejection before the polygon test: the segment passes farther from the counter's
    centre than its corners lie (with a margin), so it cannot enter it."""
    cx, cy = c.pose.x, c.pose.y
    dx, dy = b.x - a.x, b.y - a.y
    den = dx * dx + dy * dy
    k = 0.0 if den == 0 else max(0.0, min(1.0, ((cx - a.x) * dx + (cy - a.y) * dy) / den))
    ex, ey = a.x + dx * k - cx, a.y + dy * k - cy
    reach = math.hypot(c.size.length / 2, c.size.width / 2) + 1e-6
    return ex * ex + ey * ey > reach * reach


def blocker(cs: Mapping[str, Combatant], map_id: str, a: Vec, b: Vec, ignore: tuple[str, ...],
            changes: MapChanges = NO_CHANGES, heights: tuple[float, float] | None = None) -> str | None:
    """The nearest thing (vehicle id or map feature id) on the line a-b that blocks fire, or None.
    `heights`: the levels (ft) a and b stand at, for a shot (rules.combat.elevation); None: every wall and
    building stops the line whatever its height (a man's step, a blast's reach)."""
    met = first_on_line(cs, map_id, a, b, ignore, changes, heights)
    return met[0] if met else None


def first_on_line(cs: Mapping[str, Combatant], map_id: str, a: Vec, b: Vec, ignore: tuple[str, ...],
                  changes: MapChanges = NO_CHANGES, heights: tuple[float, float] | None = None) -> tuple[str, Vec] | None:
    """The nearest vehicle or map feature whose shape the line a-b enters, and where it enters it. With
    `heights`, a line that passes over a feature or stands on it is not stopped by it (elevation.py); a
    line between two ends on the ground over a map with no low wall is tested the old way."""
    found: list[tuple[float, str]] = []
    for vid, c in cs.items():
        if vid in ignore or _clear_of(c, a, b):
            continue
        at = _entry(footprint(c.pose, c.size), a, b)
        if at is not None:
            found.append((at, vid))
    world = map_world(map_id, changes)
    if world is not None and heights is not None and (heights != (0.0, 0.0) or has_low_walls(map_id)):
        fire_ignore = tuple(r[0] for r in (roof_at(map_id, changes, a), roof_at(map_id, changes, b)) if r)
        met = first_feature(world, map_id, a, b, heights[0], heights[1], fire_ignore + ignore, changes.sections)
        if met is not None:
            found.append(met)
    elif world is not None:
        for hit in world.line_of_fire(a, b).hits:
            if hit.kind != VEHICLE:
                length = (b - a).length()
                found.append(((hit.point - a).length() / length if length else 0.0, hit.other))
    if not found:
        return None
    at, what = min(found)
    return what, a + (b - a) * at


def vehicles_on_line(cs: Mapping[str, Combatant], a: Vec, b: Vec, ignore: tuple[str, ...]) -> bool:
    """Whether the line a-b enters any vehicle's counter but those ignored (first_on_line's vehicle part)."""
    return bool(vehicle_on_line(cs, a, b, ignore))


def vehicle_on_line(cs: Mapping[str, Combatant], a: Vec, b: Vec, ignore: tuple[str, ...],
                    among: Collection[str] | None = None) -> str:
    """The first vehicle (in `cs`'s order) whose counter the line a-b enters, those ignored left out and,
    given `among`, only those in it looked at; "" for none (_clear_of's test written out, the same
    arithmetic)."""
    ax, ay = a.x, a.y
    dx, dy = b.x - ax, b.y - ay
    den = dx * dx + dy * dy
    for vid, c in cs.items():
        if vid in ignore or (among is not None and vid not in among):
            continue
        cx, cy = c.pose.x, c.pose.y
        k = 0.0 if den == 0 else max(0.0, min(1.0, ((cx - ax) * dx + (cy - ay) * dy) / den))
        ex, ey = ax + dx * k - cx, ay + dy * k - cy
        reach = math.hypot(c.size.length / 2, c.size.width / 2) + 1e-6
        if ex * ex + ey * ey > reach * reach:
            continue
        if _entry(footprint(c.pose, c.size), a, b) is not None:
            return vid
    return ""


def map_on_line(map_id: str, a: Vec, b: Vec, changes: MapChanges = NO_CHANGES) -> bool:
    """Whether the line a-b meets a map feature that blocks fire (first_on_line's map part)."""
    world = map_world(map_id, changes)
    return world is not None and world.blocks_fire(a, b)


def line_of_fire_check(cs: Mapping[str, Combatant], map_id: str, changes: MapChanges = NO_CHANGES) -> LineOfFireCheck:
    """A line-of-fire oracle for rules.combat.shooting.resolve_fire: vehicles and the map's walls and buildings
    (vehicles stand on the ground: a low wall does not stop their fire, elevation.py)."""

    def check(a: Vec, b: Vec, ignore: tuple[str, ...]) -> str | None:
        return blocker(cs, map_id, a, b, ignore, changes, (0.0, 0.0))

    return check
