"""Changes play makes to the map, kept in the game state: DP taken by walls, buildings and fixed
objects, breaches cut in walls, features destroyed, and an endless highway's sections as they lie
now (000:L92, L476-L481). The map file never changes; the collision world is the map plus these.

    changes = state.map_changes                    # MapChanges(); at its default it is left out of digests
    m = current_map(state.map_id, changes)         # the map with the highway's sections where they are now
    world = changed_world(state.map_id, changes)   # a collision world of one's own over the map as changed
    base = changed_base(state.map_id, changes)     # ... and that map, frozen (built once per distinct change)
    key = section_key(feature_id, point)           # the 1/4-inch section of a wall a contact is in (000:L481)

The functions that record a change return a new MapChanges; the caller puts it in the state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rules.core.geometry import Vec
from rules.world.collision import CollisionWorld, static_from_map
from rules.world.map_model import Map, Placement
from rules.world.maps import load_map, static_shapes

if TYPE_CHECKING:  # the state holds MapChanges: keep pymunk out of its imports
    from rules.world.collision import CollisionWorld, StaticShape

RUBBLE_TAG = "rubble"
SECTION_IN = 0.25   # walls and buildings take damage a 1/4-inch section at a time (000:L481)


@dataclass(frozen=True)
class MapChanges:
    damage: tuple[tuple[str, int], ...] = ()                   # (section key, DP taken) of what still stands
    breaches: tuple[tuple[str, float, float, float], ...] = ()  # (feature id, x, y, width): gaps cut in walls
    destroyed: tuple[str, ...] = ()                            # features gone (trees, boulders knocked down)
    sections: tuple[Placement, ...] = ()                       # an endless highway's sections now; () = the map's
    rubble: tuple[str, ...] = ()                               # collapsed buildings: rubble on their squares

    def __bool__(self) -> bool:
        return bool(self.damage or self.breaches or self.destroyed or self.sections or self.rubble)

    def taken(self, key: str) -> int:
        return next((n for k, n in self.damage if k == key), 0)

    def with_damage(self, key: str, points: int) -> MapChanges:
        rest = tuple((k, n) for k, n in self.damage if k != key)
        total = self.taken(key) + points
        return replace(self, damage=tuple(sorted(rest + ((key, total),))) if total else rest)

    def with_breach(self, key: str, fid: str, at: Vec, width: float) -> MapChanges:
        cleared = tuple((k, n) for k, n in self.damage if k != key)
        return replace(self, damage=cleared, breaches=self.breaches + ((fid, at.x, at.y, width),))

    def breach_count(self, fid: str) -> int:
        return sum(1 for b in self.breaches if b[0] == fid)

    def with_destroyed(self, fid: str) -> MapChanges:
        cleared = tuple((k, n) for k, n in self.damage if k != fid and not k.startswith(fid + "@"))
        return replace(self, damage=cleared, destroyed=tuple(sorted({*self.destroyed, fid})))

    def with_rubble(self, fid: str) -> MapChanges:
        """A building that falls leaves rubble on the squares it stood on (000:L1206): its breaches
        and DP taken no longer matter, the outline stays whole."""
        cleared = tuple((k, n) for k, n in self.damage if k != fid and not k.startswith(fid + "@"))
        breaches = tuple(b for b in self.breaches if b[0] != fid)
        return replace(self, damage=cleared, breaches=breaches, rubble=tuple(sorted({*self.rubble, fid})))


NO_CHANGES = MapChanges()


def section_key(feature: StaticShape, point: Vec) -> str:
    """Which ¼" section of a wall or building a contact falls in (the point snapped to the ¼" grid);
    a tree or boulder is one object with one DP (000:L476, L481)."""
    if feature.kind.value == "fixed_object":
        return feature.id
    sx, sy = round(point.x / SECTION_IN) * SECTION_IN, round(point.y / SECTION_IN) * SECTION_IN
    return f"{feature.id}@{sx:g},{sy:g}"


@lru_cache(maxsize=16)
def current_map(map_id: str, sections: tuple[Placement, ...] = ()) -> Map:
    """The map as it lies now: an endless highway's sections where play has moved them."""

    m = load_map(map_id)
    return replace(m, sections=sections) if sections else m


def map_of(map_id: str, changes: MapChanges) -> Map:
    return current_map(map_id, changes.sections)


@lru_cache(maxsize=16)
def feature_properties(map_id: str, sections: tuple[Placement, ...] = ()) -> dict[str, dict[str, Any]]:
    """The map's solid and hazardous features by id, with their properties (dp, collapse, object...)."""

    return {str(s.properties.get("id")): s.properties for s in static_shapes(current_map(map_id, sections))}


def apply_changes(world: CollisionWorld, changes: MapChanges) -> CollisionWorld:
    """Take destroyed features out of a world built from the map, turn collapsed buildings into
    rubble and cut the breaches."""
    for fid in changes.destroyed:
        world.remove_static(fid)
    for fid in changes.rubble:
        _to_rubble(world, fid)
    for fid, x, y, width in changes.breaches:
        if world.feature(fid) and fid not in changes.rubble:
            world.breach(fid, Vec(x, y), width)
    return world


def _to_rubble(world: CollisionWorld, fid: str) -> None:
    """Rubble fills the building's outline and no vehicle may enter it (000:L1206); it still blocks
    line of fire (000:L1207), so it stays a solid piece with no DP (it cannot be rammed through or
    breached) and the tag "rubble"."""
    pieces = world.feature(fid)
    world.remove_static(fid)
    for s in pieces:
        world.add_static(replace(s, dp=None, tag=RUBBLE_TAG))


def changed_world(map_id: str, changes: MapChanges, extra: tuple[StaticShape, ...] = ()) -> CollisionWorld:
    """A collision world of the map as play has changed it, `extra` shapes (terrain areas) added: a
    new one of the caller's own each call (its vehicles are its own), over the shared frozen map."""

    return CollisionWorld.over(changed_base(map_id, changes, extra))


@lru_cache(maxsize=8)
def changed_base(map_id: str, changes: MapChanges, extra: tuple[StaticShape, ...] = ()) -> CollisionWorld:
    """The map as play has changed it, as a frozen collision world (built once per distinct change,
    shared by every caller: lay a world over it to place vehicles)."""

    world = CollisionWorld.from_static(static_from_map(static_shapes(map_of(map_id, changes))))
    for s in extra:
        world.add_static(s)
    return apply_changes(world, changes).freeze()
