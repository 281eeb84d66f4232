"""The collision oracle for the turning key's red outlines: rules.collision's world, filled from the map.

The map gives its solid and hazardous features (rules.maps.static_shapes); pymunk wants convex
pieces, so a concave outline goes in as its edges. This is glue, not a rule: what a contact does is
decided by rules/ when the engine moves the counter. None when rules.collision has not landed.
"""

from __future__ import annotations

from typing import Any

from game.session import optional
from rules.geometry import Vec
from rules.state import GameState
from rules.tables import tables

_KIND = {"wall": "wall", "tree": "fixed_object", "boulder": "fixed_object", "barrier": "fixed_object",
         "building": "building", "curb": "curb", "debris": "debris", "obstacle": "obstacle"}
EDGE = 0.02  # inches: thickness given to the edges of a concave outline


def build_world(game_map: Any | None) -> Any | None:
    col = optional("rules.collision")
    maps = optional("rules.maps")
    if col is None:
        return None
    world = col.CollisionWorld()
    if game_map is None or maps is None:
        return world
    if hasattr(col, "static_from_map"):
        for shape in col.static_from_map(maps.static_shapes(game_map)):
            world.add_static(shape)
        return world
    for i, s in enumerate(maps.static_shapes(game_map)):
        kind = _KIND.get(s.kind)
        if kind is None:
            continue
        fk = col.FeatureKind(kind)
        pts = tuple(Vec(x, y) for x, y in s.points)
        fid = f"{s.kind}{i}"
        dp = s.properties.get("dp")
        closed = s.properties.get("closed", True)
        try:
            if closed and len(pts) >= 3:
                world.add_static(col.StaticShape(fid, fk, pts, 0.0, dp))
                continue
        except ValueError:
            pass  # concave: its edges below
        ring = pts + (pts[:1] if closed and len(pts) >= 3 else ())
        for a, b in zip(ring, ring[1:], strict=False):
            if a != b:
                world.add_static(col.StaticShape(fid, fk, (a, b), EDGE, dp))
    return world


def place_vehicles(world: Any, state: GameState) -> None:
    sizes = tables().handling.counters
    world.set_vehicles({v.id: (v.pose, sizes[v.spec.kind]) for v in state.vehicles if not v.out})
