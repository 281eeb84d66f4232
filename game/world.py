"""The collision oracle for the turning key's red outlines: rules.world.collision's world, filled from the map.

The map gives its solid and hazardous features (rules.world.maps.static_shapes), which rules.world.collision turns
into its static shapes. This is glue, not a rule: what a contact does is decided by rules/ when the
engine moves the counter.
"""

from __future__ import annotations

from rules.play.state import GameState
from rules.tables.movement import tables
from rules.world.collision import CollisionWorld, static_from_map
from rules.world.maps import Map, static_shapes


def build_world(game_map: Map | None) -> CollisionWorld:
    """The map's static shapes in a collision world; an empty world for no map (an empty grid)."""
    world = CollisionWorld()
    if game_map is not None:
        for shape in static_from_map(static_shapes(game_map)):
            world.add_static(shape)
    return world


def place_vehicles(world: CollisionWorld, state: GameState) -> None:
    sizes = tables().handling.counters
    world.set_vehicles({v.id: (v.pose, sizes[v.spec.kind]) for v in state.vehicles if not v.out})
