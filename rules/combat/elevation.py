"""Height on the map in combat (000:L1207, L1214-L1218; 002 "Height Modifications"; issue 17).

Buildings have roofs (Building.storeys, 10 ft a storey); a man placed inside a building's outline stands
on its roof. Everything else stands on the ground. A line of fire runs `line_ft` above the ground or roof
at each end (reading EL2) and straight between, so:

- a building or wall stops it where the line passes lower than its top (walls with no stated height stop
  every line, as they always have);
- rubble stops only a line between two things on the ground: from or to a roof it is sighted over
  (000:L1207);
- the roofs the firer and the target stand on never stop their own shot (he shoots from its edge, as a
  man at a window: reading EL4);
- vehicles' counters stop lines as before (rules.combat.line_of_fire: counters have no height, T31).

A line between two ends on the ground over a map with no low wall is the old test exactly, and is not
asked here (rules.combat.line_of_fire.first_on_line keeps its old path for it)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from rules.core.geometry import Vec
from rules.world.collision import VEHICLE, CollisionWorld
from rules.world.map_changes import RUBBLE_TAG, MapChanges, current_map, feature_properties
from rules.world.map_model import Placement
from rules.world.maps import building_height_ft, resolved, vocabulary
from rules.world.shapes import Point, point_in_polygon

GROUND = 0.0


def roof_at(map_id: str, changes: MapChanges, at: Vec) -> tuple[str, float] | None:
    """The standing building whose outline holds the point, and its roof's height in feet; None on the
    ground (no map, outside every building, or the building has fallen to rubble)."""
    if not map_id:
        return None
    for fid, points, height in _roofs(map_id, changes.sections):
        if fid not in changes.rubble and point_in_polygon(at.x, at.y, points):
            return fid, height
    return None


@dataclass(frozen=True)
class Stairway:
    """A building's stairway to its roof (000:L1442; reading PD43): its foot square on the ground, and the
    squares up to the roof hatch ("R"), two a storey (every other square numbered with a floor)."""

    building: str     # "buildings[i]"
    foot: Vec         # the centre of its foot square, outside the building
    squares: int      # from the foot to the hatch
    height_ft: float  # the roof's

    def level(self, up: int) -> float:
        """How high (ft) a man `up` squares above the foot stands."""
        return self.height_ft * min(max(up, 0), self.squares) / self.squares if self.squares else GROUND


def stairway_at(map_id: str, changes: MapChanges, at: Vec) -> Stairway | None:
    """The standing building whose stairway's foot square this point is the centre of."""
    if not map_id:
        return None
    for s in _stairways(map_id, changes.sections):
        if s.building not in changes.rubble and (s.foot - at).length() < 1e-3:
            return s
    return None


def stairway_up(map_id: str, changes: MapChanges, building: str) -> Stairway | None:
    """The stairway up this standing building ("buildings[i]"), if it has one."""
    if not map_id or building in changes.rubble:
        return None
    return next((s for s in _stairways(map_id, changes.sections) if s.building == building), None)


@lru_cache(maxsize=16)
def _stairways(map_id: str, sections: tuple[Placement, ...]) -> tuple[Stairway, ...]:
    m = resolved(current_map(map_id, sections))
    el = vocabulary().elevation
    return tuple(Stairway(f"buildings[{i}]", Vec(*b.stairs), el.stair_squares_per_storey * round(building_height_ft(b) / el.storey_ft),
                          building_height_ft(b)) for i, b in enumerate(m.buildings) if b.stairs is not None)


def level_at(map_id: str, changes: MapChanges, at: Vec) -> float:
    """The height (ft) a man at this point stands at: a roof's, else the ground's."""
    roof = roof_at(map_id, changes, at)
    return roof[1] if roof else GROUND


@lru_cache(maxsize=16)
def _roofs(map_id: str, sections: tuple[Placement, ...]) -> tuple[tuple[str, tuple[Point, ...], float], ...]:
    m = current_map(map_id, sections)
    return tuple((f"buildings[{i}]", b.shape.points(), building_height_ft(b)) for i, b in enumerate(resolved(m).buildings))


@lru_cache(maxsize=16)
def has_low_walls(map_id: str) -> bool:
    """Whether the map has a wall lower than a line of fire runs (its height stated): only then can a
    line between two ends on the ground pass over something the old test stopped it at."""
    line = vocabulary().elevation.line_ft
    return any(isinstance(p.get("height_ft"), (int, float)) and p.get("height_ft", math.inf) < line
               and str(fid).startswith("walls[") for fid, p in feature_properties(map_id).items())


def top_of(fid: str, tag: str, props: dict[str, object], elevated: bool) -> float:
    """How high a feature stands against a line of fire (ft): a building its roof, a wall its stated height
    (none stated: it stops every line), rubble nothing once an end is up high (000:L1207)."""
    if tag == RUBBLE_TAG:
        return GROUND if elevated else math.inf
    h = props.get("height_ft")
    return float(h) if isinstance(h, (int, float)) and not isinstance(h, bool) else math.inf


def first_feature(world: CollisionWorld, map_id: str, a: Vec, b: Vec, za: float, zb: float,
                  ignore: tuple[str, ...], sections: tuple[Placement, ...] = ()) -> tuple[float, str] | None:
    """The nearest map feature (how far along a-b, 0..1, and its id) that stops a line of fire from a (at
    height za ft) to b (at zb ft), heights counted as this module says; None if the line is clear."""
    length = (b - a).length()
    if length == 0:
        return None
    line = vocabulary().elevation.line_ft
    ha, hb = za + line, zb + line
    props = feature_properties(map_id, sections)
    out_at = {h.other: 1.0 - (h.point - b).length() / length
              for h in world.line_of_fire(b, a).hits if h.kind != VEHICLE}
    elevated = za > GROUND or zb > GROUND
    best: tuple[float, str] | None = None
    for h in world.line_of_fire(a, b).hits:
        if h.kind == VEHICLE or h.other in ignore:
            continue
        t_in = (h.point - a).length() / length
        t_out = out_at.get(h.other, t_in)
        low = min(ha + (hb - ha) * t_in, ha + (hb - ha) * t_out)   # a straight line is lowest at an end
        if low < top_of(h.other, h.tag, props.get(h.other, {}), elevated) and (best is None or t_in < best[0]):
            best = (t_in, h.other)
    return best


def behind_low_wall(world: CollisionWorld, map_id: str, shooter: Vec, man: Vec, reach: float) -> str | None:
    """The low wall (lower than a line of fire runs) the line from the shooter crosses within `reach` of
    the man, if any: a man lying there is safe behind it (000:L1459; reading EL3)."""
    length = (shooter - man).length()
    if length == 0:
        return None
    line = vocabulary().elevation.line_ft
    props = feature_properties(map_id)
    for h in world.line_of_fire(man, shooter).hits:
        if h.kind == VEHICLE or not h.other.startswith("walls["):
            continue
        height = props.get(h.other, {}).get("height_ft")
        if isinstance(height, (int, float)) and height < line and (h.point - man).length() <= reach:
            return h.other
    return None
