"""Maps: reading, writing and checking map files, the road-section library, and the questions the
collision and movement modules ask of a map (static_shapes, terrain_at).

The model and its editing functions are in rules.world.map_model (re-exported here), the shapes in
rules.world.shapes, scenarios in rules.engine.scenarios. Files are TOML (docs/MAP-FORMAT.md); a bad file
raises DataError naming the place. Coordinates are inches, x right, y DOWN, headings clockwise
from map-up.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from rules.core.errors import DataError
from rules.core.geometry import Kind
from rules.core.kept import kept
from rules.core.paths import DATA_DIR, MAPS_DIR, locate
from rules.core.schema import Node
from rules.core.tomlio import atomic_write_text, dumps_toml, load_toml
from rules.tables.collisions import terrain_data
from rules.tables.movement import tables
from rules.world.map_model import (
    LAYERS,
    OBSTACLE_KINDS,
    WALL_KINDS,
    Area,
    Building,
    Curb,
    End,
    Feature,
    Library,
    Map,
    Marking,
    Obstacle,
    Placement,
    Ramp,
    Section,
    Start,
    TerrainKind,
    Vocabulary,
    Wall,
    add_feature,
    chain,
    delete_feature,
    ends_meet,
    feature_centre,
    feature_points,
    free_ends,
    join_end_to,
    join_to,
    layer,
    move_feature,
    moved,
    place_feature,
    placed_ends,
    placement_outline,
    recycle_highway,
    resize_feature,
    resized,
    resized_by_handle,
    rotate_feature,
    rotated,
    set_feature,
    set_properties,
    snap,
    snap_to_ends,
    vocabulary,
)
from rules.world.shapes import (
    EPS,
    Arc,
    ArcLine,
    Line,
    Point,
    Polygon,
    Polyline,
    Rect,
    Shape,
    bbox,
    crossing_edges,
    overlapping_boxes,
    point_in_polygon,
    polygon_area,
    polygons_overlap,
    rect_points,
    uncovered_pieces,
)

__all__ = [
    "LAYERS", "OBSTACLE_KINDS", "WALL_KINDS", "Arc", "ArcLine", "Area", "Building", "Curb", "End", "Feature",
    "Library", "Line", "Map", "Marking", "Obstacle", "Placement", "Point", "Polygon", "Polyline", "Problem",
    "Ramp", "Rect", "Section", "Shape", "Start", "StaticShape", "Terrain", "TerrainKind", "Vocabulary", "Wall",
    "add_feature", "chain", "dumps_map", "free_ends", "join_end_to", "resized_by_handle", "snap_to_ends", "delete_feature", "ends_meet", "feature_centre", "feature_points", "join_to",
    "layer", "list_maps", "load_map", "load_sections", "map_from_data", "map_path", "map_to_data",
    "move_feature", "moved", "place_feature", "placed_ends", "placement_outline", "recycle_highway",
    "resize_feature", "resized", "resolved", "rotate_feature", "rotated", "safe_name", "save_map",
    "section_from_data", "sections", "set_feature", "set_properties", "snap", "static_shapes", "terrain_at",
    "validate_map", "vocabulary",
]

FORMAT_VERSION = 1
SECTIONS_DIR = DATA_DIR / "sections"


@lru_cache(maxsize=64)
def resolved(m: Map) -> Map:
    """The map with its road sections laid out as plain features (section features first, so the
    map's own areas lie on top of them)."""
    lib = sections()
    extra: dict[str, list[Any]] = {k: [] for k in ("areas", "curbs", "markings", "walls", "buildings")}
    for p in m.sections:
        sec = lib.get(p.section)
        if sec is None:
            continue
        for name, items in extra.items():
            items.extend(place_feature(p, f) for f in getattr(sec, name))
    layers: dict[str, Any] = {k: tuple(v) + getattr(m, k) for k, v in extra.items()}
    out: Map = replace(m, sections=(), **layers)
    return out


# --- what the collision and movement modules ask -------------------------------------------------


class StaticShape(NamedTuple):
    kind: str                      # wall, fixed_object, building, curb, debris, obstacle, ramp
    points: tuple[Point, ...]      # inches; a simple polygon (maybe concave), or a curb's open polyline
    properties: dict[str, Any]     # id, closed, and dp, collapse, object, name, movable, facing, angle


# Wall kinds the rules treat as fixed objects with one DP (000:L476-L480, L523-L524); walls and
# barriers are breached a quarter inch at a time (000:L481).
FIXED_OBJECTS = ("tree", "boulder")


STAIR_SQUARE = 0.25   # a stairway square, a man's (000:L1437, L1442)


def _stairs_problem(b: Building) -> str:
    """A stairway's foot is a square outside the building whose edge meets its outline (reading PD43)."""
    assert b.stairs is not None
    x, y = b.stairs
    pts = b.shape.points()
    if point_in_polygon(x, y, pts):
        return f"the stairway's foot ({x:g}, {y:g}) lies inside the building: give the square beside its wall"
    gap = min(_segment_distance((x, y), pts[k], pts[(k + 1) % len(pts)]) for k in range(len(pts)))
    if gap > STAIR_SQUARE / 2 + 1e-6:
        return f"the stairway's foot ({x:g}, {y:g}) is {gap:g}\" from the building; its square must touch the wall"
    return ""


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def building_height_ft(b: Building) -> float:
    """A building's roof above the ground: its storeys at 10 ft each (000:L1215), a map that gives none
    taken at the default (reading EL1)."""
    el = vocabulary().elevation
    return (el.default_storeys if b.storeys is None else b.storeys) * el.storey_ft


def static_shapes(m: Map) -> list[StaticShape]:
    """Every solid or hazardous thing on the map, in inches, for the collision module.

    Kinds follow rules.world.collision.FeatureKind's values where it has one. Polygons may be concave
    (arcs, drawn buildings): map_shapes.convex_pieces splits them for a convex-only consumer.
    """
    r = resolved(m)
    out: list[StaticShape] = []
    for i, w in enumerate(r.walls):
        kind = "fixed_object" if w.kind in FIXED_OBJECTS else "wall"
        props = {"id": f"walls[{i}]", "closed": True, "dp": w.dp, "object": w.kind, "name": w.name}
        if w.height_ft is not None:   # only when the map gives one: old maps' shapes stay as they were
            props["height_ft"] = w.height_ft
        out.append(StaticShape(kind, w.shape.points(), props))
    for i, b in enumerate(r.buildings):
        collapse = b.dp if b.collapse is None else b.collapse
        out.append(StaticShape("building", b.shape.points(), {"id": f"buildings[{i}]", "closed": True,
                                                              "dp": b.dp, "collapse": collapse, "name": b.name,
                                                              "height_ft": building_height_ft(b)}))
    for i, c in enumerate(r.curbs):
        out.append(StaticShape("curb", c.line.points(), {"id": f"curbs[{i}]", "closed": False, "name": c.name}))
    for i, o in enumerate(r.obstacles):
        out.append(StaticShape(o.kind, o.points(), {"id": f"obstacles[{i}]", "closed": True,
                                                    "movable": o.movable}))
    for i, rp in enumerate(r.ramps):
        out.append(StaticShape("ramp", rp.shape.points(), {"id": f"ramps[{i}]", "closed": True,
                                                           "facing": rp.facing, "angle": rp.angle, "name": rp.name}))
    return out


@dataclass(frozen=True)
class Terrain:
    kind: str
    off_road: bool
    condition: str
    on_map: bool = True
    depth_ft: float | None = None
    width_ft: float | None = None
    name: str = ""
    drop_ft: float = 0.0   # how far the ground here lies below the map's ground (the topmost area's drop)
    bank: str = ""         # a banked curve here: "banked" or "steep" (000:L277), its inside toward bank_centre
    bank_centre: Point | None = None


def terrain_at(m: Map, x: float, y: float) -> Terrain:
    """The terrain under a point: the topmost area there, else the map's ground."""
    kinds = vocabulary().kinds
    on_map = _on_map(m, x, y)
    for a, pts, (x0, y0, x1, y1) in _area_outlines(m):
        if x0 <= x <= x1 and y0 <= y <= y1 and point_in_polygon(x, y, pts):
            tk = kinds.get(a.kind)
            centre = (a.shape.cx, a.shape.cy) if a.bank and isinstance(a.shape, Arc) else None
            return Terrain(a.kind, tk.off_road if tk else True, a.condition, on_map, a.depth_ft, a.width_ft, a.name,
                           a.drop_ft or 0.0, a.bank if centre else "", centre)
    gk = kinds.get(m.ground)
    return Terrain(m.ground, gk.off_road if gk else True, m.ground_condition, on_map)


def exposed_areas(m: Map, kinds: tuple[str, ...]) -> tuple[tuple[int, Area, tuple[tuple[Point, ...], ...]], ...]:
    """Each area of these kinds (index in the resolved map's areas, the area, its convex pieces) less the
    parts any area drawn above it covers: as terrain_at takes the topmost area, a road laid over a river
    is a bridge and the water under it is not met (kept with the frozen map)."""
    def work() -> tuple[tuple[int, Area, tuple[tuple[Point, ...], ...]], ...]:
        outlines = [(a, pts, bbox(pts)) for a in resolved(m).areas for pts in (a.shape.points(),)]
        out = []
        for i, (a, pts, (x0, y0, x1, y1)) in enumerate(outlines):
            if a.kind not in kinds:
                continue
            covers = [q for _b, q, (qx0, qy0, qx1, qy1) in outlines[i + 1:]
                      if not (qx1 <= x0 or x1 <= qx0 or qy1 <= y0 or y1 <= qy0)]
            out.append((i, a, tuple(uncovered_pieces(pts, covers))))
        return tuple(out)
    return kept(m, ("exposed_areas", kinds), work)


def _area_outlines(m: Map) -> tuple[tuple[Area, tuple[Point, ...], tuple[float, float, float, float]], ...]:
    """Areas topmost first, with their outlines and bounding boxes (terrain_at is asked often: kept
    with the frozen map itself, rules.core.kept, rather than looked up by the map's hash)."""
    return kept(m, "area_outlines",
                lambda: tuple((a, pts, bbox(pts)) for a in reversed(resolved(m).areas) for pts in (a.shape.points(),)))


def _on_map(m: Map, x: float, y: float) -> bool:
    return 0 <= x <= m.width and 0 <= y <= m.height


# --- checks --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """Something wrong with a map; `layer`/`index` point the editor at the feature."""

    where: str
    what: str
    layer: str = ""
    index: int = -1

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def validate_map(m: Map, library: Library | None = None) -> list[Problem]:
    """All the problems of a map, for the editor to show and the loader to refuse."""
    lib = sections() if library is None else library
    probs: list[Problem] = []
    probs += _check_kinds(m)
    probs += _check_shapes(m)
    probs += _check_sections(m, lib)
    probs += _check_solids(m, lib)
    probs += _check_obstacles(m)
    probs += _check_starts(m, lib)
    probs += _check_on_map(m, lib)
    probs += _check_starts_ahead(m, lib)
    probs += _check_free_ends(m, lib)
    return probs


def _check_kinds(m: Map) -> Iterator[Problem]:
    v = vocabulary()
    if m.ground not in v.kinds:
        yield Problem("ground.kind", f"unknown terrain kind {m.ground!r}")
    if m.ground_condition not in v.conditions:
        yield Problem("ground.condition", f"unknown road condition {m.ground_condition!r}")
    for i, a in enumerate(m.areas):
        yield from _area_problems(a, f"areas[{i}]", i)
    for i, w in enumerate(m.walls):
        if w.kind not in WALL_KINDS:
            yield Problem(f"walls[{i}].kind", f"unknown kind {w.kind!r}", "walls", i)
    for i, o in enumerate(m.obstacles):
        if o.kind not in OBSTACLE_KINDS:
            yield Problem(f"obstacles[{i}].kind", f"unknown kind {o.kind!r}", "obstacles", i)


def _area_problems(a: Area, where: str, i: int) -> Iterator[Problem]:
    v = vocabulary()
    tk = v.kinds.get(a.kind)
    if tk is None:
        yield Problem(f"{where}.kind", f"unknown terrain kind {a.kind!r} (known: {', '.join(sorted(v.kinds))})",
                      "areas", i)
        return
    if a.condition not in v.conditions:
        yield Problem(f"{where}.condition", f"unknown road condition {a.condition!r}", "areas", i)
    for need in tk.needs:
        value = getattr(a, need)
        if value is None or value <= 0:
            yield Problem(f"{where}.{need}", f"a {a.kind} area needs a positive {need}", "areas", i)
    if a.drop_ft is not None:
        yield from _drop_problems(a.drop_ft, f"{where}.drop_ft", i)
    if a.bank and a.bank not in v.banks:
        yield Problem(f"{where}.bank", f"unknown banking {a.bank!r} (known: {', '.join(sorted(v.banks))})", "areas", i)
    elif a.bank and not isinstance(a.shape, Arc):
        yield Problem(f"{where}.bank", "only a curve (an arc area) can be banked: its inside edge is the "
                      "arc's centre side (000:L277)", "areas", i)


def _drop_problems(drop_ft: float, where: str, i: int) -> Iterator[Problem]:
    """A drop must be positive and within the falling table (000:L283-L300); higher falls use the
    helicopter free-fall table, which maps do not reach."""

    td = terrain_data()
    top_ft = td.falling[-1].height_in * td.feet_per_inch
    if not 0 < drop_ft <= top_ft:
        yield Problem(where, f"a drop is more than 0 and at most {top_ft:g} ft (the falling table's top), "
                      f"found {drop_ft:g}", "areas", i)


def _check_shapes(m: Map) -> Iterator[Problem]:
    for name in ("areas", "walls", "buildings", "ramps"):
        for i, f in enumerate(layer(m, name)):
            pts = f.shape.points()
            if polygon_area(pts) < EPS:
                yield Problem(f"{name}[{i}]", "the shape has no area", name, i)
            elif isinstance(f.shape, Polygon) and (cross := crossing_edges(pts)) is not None:
                yield Problem(f"{name}[{i}].points", f"the outline crosses itself (edges {cross[0] + 1} and "
                              f"{cross[1] + 1}); a polygon's edges may meet only at its corners", name, i)
    for i, w in enumerate(m.walls):
        if w.dp < 1:
            yield Problem(f"walls[{i}].dp", "DP must be at least 1", "walls", i)
    for i, b in enumerate(m.buildings):
        if b.dp < 1 or (b.collapse is not None and b.collapse < 1):
            yield Problem(f"buildings[{i}].dp", "DP and collapse must be at least 1", "buildings", i)
        top = vocabulary().elevation.max_storeys
        if b.storeys is not None and not 1 <= b.storeys <= top:
            yield Problem(f"buildings[{i}].storeys", f"a building has 1 to {top} storeys, found {b.storeys}",
                          "buildings", i)
        if b.stairs is not None and (why := _stairs_problem(b)):
            yield Problem(f"buildings[{i}].stairs", why, "buildings", i)
    for i, w in enumerate(m.walls):
        if w.height_ft is not None and w.height_ft <= 0:
            yield Problem(f"walls[{i}].height_ft", "a wall's height is more than 0 ft", "walls", i)
    for i, r in enumerate(m.ramps):
        if not 0 < r.angle < 90:
            yield Problem(f"ramps[{i}].angle", "a ramp's angle is between 0 and 90 degrees", "ramps", i)


def _check_sections(m: Map, lib: Library) -> Iterator[Problem]:
    step = vocabulary().rotation_step
    for i, p in enumerate(m.sections):
        if p.section not in lib:
            yield Problem(f"sections[{i}].section", f"unknown road section {p.section!r} "
                          f"(known: {', '.join(sorted(lib))})", "sections", i)
        if p.rotation % step:
            yield Problem(f"sections[{i}].rotation", f"rotation must be a multiple of {step} degrees",
                          "sections", i)
    if m.endless:
        if len(m.sections) < 2:
            yield Problem("endless", "an endless highway needs at least two road sections")
            return
        for i in range(1, len(m.sections)):
            a, b = m.sections[i - 1], m.sections[i]
            if a.section in lib and b.section in lib and not ends_meet(placed_ends(a, lib)[1], placed_ends(b, lib)[0]):
                yield Problem(f"sections[{i}]", "an endless highway's sections must join end to end",
                              "sections", i)


def _solids(m: Map, lib: Library) -> list[tuple[str, str, int, tuple[Point, ...]]]:
    """(where, layer, index, outline) of every wall and building, the sections' included."""
    out = []
    for name in ("walls", "buildings"):
        for i, f in enumerate(layer(m, name)):
            out.append((f"{name}[{i}]", name, i, f.shape.points()))
    for j, p in enumerate(m.sections):
        sec = lib.get(p.section)
        if sec is None:
            continue
        for name in ("walls", "buildings"):
            for k, f in enumerate(getattr(sec, name)):
                g = place_feature(p, f)
                assert isinstance(g, (Wall, Building))
                out.append((f"sections[{j}] {name}[{k}]", "sections", j, g.shape.points()))
    return out


def _check_solids(m: Map, lib: Library) -> Iterator[Problem]:
    solids = _solids(m, lib)
    for i, j in overlapping_boxes([bbox(s[3]) for s in solids]):  # only boxes that overlap are compared
        (wa, la, ia, pa), (wb, _lb, _ib, pb) = solids[i], solids[j]
        if polygons_overlap(pa, pb):
            yield Problem(wa, f"overlaps {wb}", la, ia)


def _check_obstacles(m: Map) -> Iterator[Problem]:
    g = vocabulary().grid
    for i, o in enumerate(m.obstacles):
        if abs(o.x / g - round(o.x / g)) > EPS or abs(o.y / g - round(o.y / g)) > EPS:
            yield Problem(f"obstacles[{i}]", f"a counter must lie on the {g:g}-inch grid", "obstacles", i)
        if not all(_on_map(m, x, y) for x, y in o.points()):
            yield Problem(f"obstacles[{i}]", "off the map", "obstacles", i)


def _check_starts(m: Map, lib: Library) -> Iterator[Problem]:
    solids = _solids(m, lib)
    seen: dict[str, int] = {}
    outlines = [feature_points(s) for s in m.starts]
    hits: dict[int, list[str]] = {}
    n = len(outlines)
    for i, j in overlapping_boxes([bbox(p) for p in outlines] + [bbox(s[3]) for s in solids]):
        if i >= n:
            continue  # two solids: _check_solids says so
        other = outlines[j] if j < n else solids[j - n][3]
        if polygons_overlap(outlines[i], other):
            what = (f"the vehicle would overlap the one at starts[{i}]" if j < n
                    else f"the vehicle would stand inside {solids[j - n][0]}")
            hits.setdefault(j if j < n else i, []).append(what)
    for i, s in enumerate(m.starts):
        where = f"starts[{i}]"
        if not s.name:
            yield Problem(f"{where}.name", "a start position needs a name", "starts", i)
        elif s.name in seen:
            yield Problem(f"{where}.name", f"name {s.name!r} is used by starts[{seen[s.name]}] too", "starts", i)
        seen.setdefault(s.name, i)
        if not all(_on_map(m, x, y) for x, y in outlines[i]):
            yield Problem(where, "the vehicle would stand off the map", "starts", i)
        for what in sorted(hits.get(i, []), key=lambda w: ("overlap" in w, w)):
            yield Problem(where, what, "starts", i)


OFF_MAP_LAYERS = ("areas", "curbs", "markings", "walls", "buildings", "ramps", "sections")
AHEAD_IN = 1.0   # a start must have this much clear road in front of its counter (issue 20 item 5)


def _check_on_map(m: Map, lib: Library) -> Iterator[Problem]:
    """Every piece lies on the map: play has no ground off it (the counters' own check is above)."""
    for name in OFF_MAP_LAYERS:
        for i, f in enumerate(layer(m, name)):
            if name == "sections" and (f.section not in lib or m.endless):
                continue  # an endless highway's sections move on past its first layout (MP1)
            x0, y0, x1, y1 = bbox(feature_points(f, lib))
            if x0 < -EPS or y0 < -EPS or x1 > m.width + EPS or y1 > m.height + EPS:
                yield Problem(f"{name}[{i}]", f"lies off the map: it spans x {x0:g} to {x1:g}, y {y0:g} to {y1:g}; "
                              f"the map is {m.width:g} x {m.height:g}", name, i)


def _check_starts_ahead(m: Map, lib: Library) -> Iterator[Problem]:
    """A start whose car would face a wall or building less than AHEAD_IN inches ahead would crash
    on its first move."""
    size = tables().handling.counters[Kind.CAR]
    solids = _solids(m, lib)
    for i, s in enumerate(m.starts):
        own = feature_points(s)
        fx, fy = math.sin(math.radians(s.facing)), -math.cos(math.radians(s.facing))
        half = (size.length + AHEAD_IN) / 2 - size.length / 2
        ahead = rect_points(s.x + fx * half, s.y + fy * half, size.length + AHEAD_IN, size.width, s.facing)
        for where, _lay, _j, pts in solids:
            if polygons_overlap(ahead, pts) and not polygons_overlap(own, pts):
                yield Problem(f"starts[{i}]", f"faces {where} less than {AHEAD_IN:g}\" ahead: the car would hit it "
                              "on its first move", "starts", i)
                break


def _check_free_ends(m: Map, lib: Library) -> Iterator[Problem]:
    """A road section's free end that opens straight onto a wall or building leads nowhere."""
    solids = _solids(m, lib)
    for j, k, e in free_ends(m.sections, lib):
        fx, fy = math.sin(math.radians(e.heading)), -math.cos(math.radians(e.heading))
        px, py = e.x + fx * 0.5, e.y + fy * 0.5
        for where, lay, _i, pts in solids:
            if lay != "sections" and point_in_polygon(px, py, pts):
                name = lib[m.sections[j].section].ends[k].name
                yield Problem(f"sections[{j}]", f"its free end {name!r} runs into {where}: the road leads "
                              "nowhere", "sections", j)
                break


# --- reading files -------------------------------------------------------------------------------


MAX_MAP_NUMBER = 1_000_000.0  # inches, degrees, feet: far beyond any map, small enough to compute with
# Guards against files that would stall the checks or the collision module, far beyond any real map
# (the shipped ones have at most 5 corners to a polygon and 40 features).
MAX_POLYGON_POINTS = 64       # a polygon is split into convex pieces for the collision oracle
MAX_FEATURES = 5_000          # features of all layers together


def _finite(n: Node, key: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise n.error(key, f"expected a finite number, found {value!r}")
    if abs(value) > MAX_MAP_NUMBER:
        raise n.error(key, f"{value:g} is out of range (at most {MAX_MAP_NUMBER:g} either way)")
    return float(value)


def read_number(n: Node, key: str, default: float | None = None, *, lo: float | None = None,
                positive: bool = False) -> float:
    v = _finite(n, key, n.raw(key, default) if default is not None else n.raw(key))
    if lo is not None and v < lo:
        raise n.error(key, f"{v:g} is below the minimum {lo:g}")
    if positive and v <= 0:
        raise n.error(key, f"must be more than 0, found {v:g}")
    return v


def read_optional_number(n: Node, key: str) -> float | None:
    if not n.has(key):
        return None
    return read_number(n, key, positive=True)


def _points(n: Node, key: str, minimum: int, what: str) -> tuple[Point, ...]:
    raw = n.array(key)
    if len(raw) < minimum:
        raise n.error(key, f"a {what} needs at least {minimum} points")
    if len(raw) > MAX_POLYGON_POINTS:
        raise n.error(key, f"a {what} of {len(raw):,} points; at most {MAX_POLYGON_POINTS} allowed "
                           "(simplify it, or split it into several features)")
    out = []
    for i, p in enumerate(raw):
        if not isinstance(p, list) or len(p) != 2:
            raise n.error(key, f"point {i + 1} is not a pair [x, y]")
        out.append((_finite(n, key, p[0]), _finite(n, key, p[1])))
    return tuple(out)


def read_numbers(n: Node, key: str, count: int) -> list[float]:
    raw = n.array(key)
    if len(raw) != count:
        raise n.error(key, f"expected {count} numbers, found {len(raw)}")
    return [_finite(n, key, v) for v in raw]


def _arc_span(n: Node) -> tuple[float, float]:
    start, end = read_number(n, "start"), read_number(n, "end")
    if not 0 < end - start <= 360 + 1e-9:  # a full circle may carry float noise
        raise n.error("end", "an arc runs clockwise from start to end: end must exceed start by at most 360")
    return start, end


def read_shape(n: Node) -> Shape:
    given = [k for k in ("rect", "points", "arc") if n.has(k)]
    if len(given) != 1:
        raise n.error(None, "give exactly one of rect, points or arc")
    if given[0] == "rect":
        x, y, w, h = read_numbers(n, "rect", 4)
        if w <= 0 or h <= 0:
            raise n.error("rect", "width and height must be more than 0")
        return Rect(x, y, w, h, read_number(n, "rotation", 0.0) % 360)
    if given[0] == "points":
        return Polygon(_points(n, "points", 3, "polygon"))
    a = n.table("arc")
    cx, cy = read_number(a, "cx"), read_number(a, "cy")
    r_in, r_out = read_number(a, "r_inner", lo=0), read_number(a, "r_outer", positive=True)
    if r_in >= r_out:
        raise a.error("r_inner", "must be less than r_outer")
    start, end = _arc_span(a)
    a.done()
    return Arc(cx, cy, r_in, r_out, start, end)


def read_line(n: Node) -> Line:
    given = [k for k in ("points", "arc") if n.has(k)]
    if len(given) != 1:
        raise n.error(None, "give exactly one of points or arc")
    if given[0] == "points":
        return Polyline(_points(n, "points", 2, "line"))
    a = n.table("arc")
    cx, cy, r = read_number(a, "cx"), read_number(a, "cy"), read_number(a, "r", positive=True)
    start, end = _arc_span(a)
    a.done()
    return ArcLine(cx, cy, r, start, end)


def _read_area(n: Node) -> Area:
    return Area(n.text("kind"), read_shape(n), n.text("condition", "dry"), read_optional_number(n, "depth_ft"),
                read_optional_number(n, "width_ft"), n.text("name", ""), read_optional_number(n, "drop_ft"),
                n.text("bank", ""))


def _read_wall(n: Node) -> Wall:
    return Wall(read_shape(n), n.integer("dp", lo=1), n.text("kind", "wall"), n.text("name", ""),
                read_optional_number(n, "height_ft"))


def _read_building(n: Node) -> Building:
    collapse = n.integer("collapse", lo=1) if n.has("collapse") else None
    storeys = n.integer("storeys", lo=1) if n.has("storeys") else None
    stairs = None
    if n.has("stairs"):
        xy = n.array("stairs")
        if len(xy) != 2 or not all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in xy):
            raise n.error("stairs", "expected [x, y]: the centre of the stairway's foot square, in inches")
        stairs = (float(xy[0]), float(xy[1]))
    return Building(read_shape(n), n.integer("dp", lo=1), collapse, n.text("name", ""), storeys, stairs)


def _read_obstacle(n: Node) -> Obstacle:
    return Obstacle(read_number(n, "x"), read_number(n, "y"), n.text("kind", "debris", choices=OBSTACLE_KINDS),
                    n.flag("vertical", False), n.flag("movable", True))


def _read_ramp(n: Node) -> Ramp:
    return Ramp(read_shape(n), read_number(n, "facing") % 360, read_number(n, "angle", positive=True), n.text("name", ""))


def _read_start(n: Node) -> Start:
    return Start(n.text("name"), read_number(n, "x"), read_number(n, "y"), read_number(n, "facing") % 360, read_number(n, "speed", 0.0, lo=0))


def _read_placement(n: Node) -> Placement:
    return Placement(n.text("section"), read_number(n, "x"), read_number(n, "y"), n.integer("rotation", 0) % 360)


def read_list(n: Node, key: str, read: Callable[[Node], Any]) -> tuple[Any, ...]:
    out = []
    for item in n.tables(key, []):
        out.append(read(item))
        item.done()
    return tuple(out)


def _features(n: Node) -> dict[str, tuple[Any, ...]]:
    return {
        "areas": read_list(n, "areas", _read_area),
        "curbs": read_list(n, "curbs", lambda c: Curb(read_line(c), c.text("name", ""))),
        "markings": read_list(n, "markings", lambda c: Marking(read_line(c), c.text("style", "lane"))),
        "walls": read_list(n, "walls", _read_wall),
        "buildings": read_list(n, "buildings", _read_building),
    }


def check_version(n: Node) -> None:
    v = n.integer("format_version")
    if v != FORMAT_VERSION:
        raise n.error("format_version", f"this program reads format {FORMAT_VERSION}, the file is format {v}")


def _checked_size(n: Node) -> tuple[float, float]:
    """A map's or a section's format version, its feature count (checked before any is read) and its size."""
    check_version(n)
    count = sum(len(v) for k in ("areas", "curbs", "markings", "walls", "buildings", "obstacles", "ramps", "starts",
                                 "sections") if isinstance(v := n.data.get(k), list))
    if count > MAX_FEATURES:  # before any is read
        raise n.error(None, f"{count:,} features; at most {MAX_FEATURES:,} allowed")
    size = n.table("size")
    width, height = read_number(size, "width", positive=True), read_number(size, "height", positive=True)
    size.done()
    return width, height


def map_from_data(data: Any, path: str) -> Map:
    """Build a map from parsed TOML; structural mistakes raise DataError."""
    n = Node(data, path)
    width, height = _checked_size(n)
    ground_kind, ground_condition = "grass", "dry"
    if n.has("ground"):
        g = n.table("ground")
        ground_kind, ground_condition = g.text("kind"), g.text("condition", "dry")
        g.done()
    m = Map(
        name=n.text("name"), width=width, height=height, description=n.text("description", ""),
        ground=ground_kind, ground_condition=ground_condition, endless=n.flag("endless", False),
        obstacles=read_list(n, "obstacles", _read_obstacle), ramps=read_list(n, "ramps", _read_ramp),
        starts=read_list(n, "starts", _read_start), sections=read_list(n, "sections", _read_placement),
        path=path, **_features(n),
    )
    n.done()
    return m


def load_map(path: str | Path, strict: bool = True) -> Map:
    """Read a map file. strict: a map with problems (validate_map) raises DataError for the first;
    the editor loads with strict=False and shows them all."""
    p = str(path)
    m = map_from_data(load_toml(locate(path)), p)
    if strict:
        probs = validate_map(m)
        if probs:
            raise DataError(p, probs[0].where, probs[0].what)
    return m


def section_from_data(data: Any, path: str) -> Section:
    n = Node(data, path)
    width, height = _checked_size(n)
    ends = read_list(n, "ends", lambda e: End(e.text("name"), read_number(e, "x"), read_number(e, "y"), read_number(e, "heading") % 360))
    if len(ends) < 2:
        raise n.error("ends", "a road section needs at least two ends (the first two: way in, way out)")
    sec = Section(n.text("id"), n.text("name"), n.text("description", ""), width, height, ends,
                  path=path, **_features(n))
    n.done()
    for i, a in enumerate(sec.areas):
        for prob in _area_problems(a, f"areas[{i}]", i):
            raise DataError(path, prob.where, prob.what)
    return sec


def load_sections(directory: Path = SECTIONS_DIR) -> dict[str, Section]:
    out: dict[str, Section] = {}
    for f in sorted(directory.glob("*.toml")):
        sec = section_from_data(load_toml(f), str(f))
        if sec.id != f.stem:
            raise DataError(str(f), "id", f"the id {sec.id!r} must match the file name {f.stem!r}")
        out[sec.id] = sec
    return out


@lru_cache(maxsize=1)
def sections() -> dict[str, Section]:
    """The road-section library (rules/data/sections/), loaded once."""
    return load_sections()


def list_maps(directory: Path = MAPS_DIR) -> list[Path]:
    return sorted(directory.glob("*.toml"))


# --- writing files -------------------------------------------------------------------------------


def _n(v: float) -> float | int:
    """Whole numbers are written without a decimal point; reading gives the same float back."""
    return int(v) if float(v).is_integer() and abs(v) < 2**53 else v


def shape_to_data(s: Shape) -> dict[str, Any]:
    if isinstance(s, Rect):
        d: dict[str, Any] = {"rect": [_n(s.x), _n(s.y), _n(s.w), _n(s.h)]}
        if s.rotation:
            d["rotation"] = _n(s.rotation)
        return d
    if isinstance(s, Polygon):
        return {"points": [[_n(x), _n(y)] for x, y in s.pts]}
    return {"arc": {"cx": _n(s.cx), "cy": _n(s.cy), "r_inner": _n(s.r_inner), "r_outer": _n(s.r_outer),
                    "start": _n(s.start), "end": _n(s.end)}}


def line_to_data(s: Line) -> dict[str, Any]:
    if isinstance(s, Polyline):
        return {"points": [[_n(x), _n(y)] for x, y in s.pts]}
    return {"arc": {"cx": _n(s.cx), "cy": _n(s.cy), "r": _n(s.r), "start": _n(s.start), "end": _n(s.end)}}


def _named(d: dict[str, Any], name: str) -> dict[str, Any]:
    if name:
        d["name"] = name
    return d


def _area_data(a: Area) -> dict[str, Any]:
    d: dict[str, Any] = {"kind": a.kind, **shape_to_data(a.shape)}
    if a.condition != "dry":
        d["condition"] = a.condition
    if a.depth_ft is not None:
        d["depth_ft"] = _n(a.depth_ft)
    if a.width_ft is not None:
        d["width_ft"] = _n(a.width_ft)
    if a.drop_ft is not None:
        d["drop_ft"] = _n(a.drop_ft)
    if a.bank:
        d["bank"] = a.bank
    return _named(d, a.name)


def _wall_data(w: Wall) -> dict[str, Any]:
    d: dict[str, Any] = {**shape_to_data(w.shape), "dp": w.dp}
    if w.kind != "wall":
        d["kind"] = w.kind
    if w.height_ft is not None:
        d["height_ft"] = _n(w.height_ft)
    return _named(d, w.name)


def _building_data(b: Building) -> dict[str, Any]:
    d: dict[str, Any] = {**shape_to_data(b.shape), "dp": b.dp}
    if b.collapse is not None:
        d["collapse"] = b.collapse
    if b.storeys is not None:
        d["storeys"] = b.storeys
    if b.stairs is not None:
        d["stairs"] = [_n(b.stairs[0]), _n(b.stairs[1])]
    return _named(d, b.name)


def _obstacle_data(o: Obstacle) -> dict[str, Any]:
    d: dict[str, Any] = {"x": _n(o.x), "y": _n(o.y), "kind": o.kind}
    if o.vertical:
        d["vertical"] = True
    if not o.movable:
        d["movable"] = False
    return d


def _start_data(s: Start) -> dict[str, Any]:
    d: dict[str, Any] = {"name": s.name, "x": _n(s.x), "y": _n(s.y), "facing": _n(s.facing)}
    if s.speed:
        d["speed"] = _n(s.speed)
    return d


def map_to_data(m: Map) -> dict[str, Any]:
    d: dict[str, Any] = {"format_version": FORMAT_VERSION, "name": m.name}
    if m.description:
        d["description"] = m.description
    d["size"] = {"width": _n(m.width), "height": _n(m.height)}
    d["ground"] = {"kind": m.ground, "condition": m.ground_condition}
    if m.endless:
        d["endless"] = True
    writers: list[tuple[str, Iterable[Any], Callable[[Any], dict[str, Any]]]] = [
        ("sections", m.sections, lambda p: {"section": p.section, "x": _n(p.x), "y": _n(p.y), "rotation": p.rotation}),
        ("areas", m.areas, _area_data),
        ("curbs", m.curbs, lambda c: _named(line_to_data(c.line), c.name)),
        ("markings", m.markings, lambda c: {**line_to_data(c.line), "style": c.style}),
        ("walls", m.walls, _wall_data),
        ("buildings", m.buildings, _building_data),
        ("obstacles", m.obstacles, _obstacle_data),
        ("ramps", m.ramps, lambda r: _named({**shape_to_data(r.shape), "facing": _n(r.facing),
                                             "angle": _n(r.angle)}, r.name)),
        ("starts", m.starts, _start_data),
    ]
    for key, items, write in writers:
        rows = [write(f) for f in items]
        if rows:
            d[key] = rows
    return d


def safe_name(text: str) -> str:
    """A file name made from a map's name: lower case letters, digits, - and _ only."""
    s = re.sub(r"[^a-z0-9_-]+", "_", text.strip().lower()).strip("_-")
    return s[:64] or "map"


def map_path(name: str, directory: Path = MAPS_DIR) -> Path:
    return directory / f"{safe_name(name)}.toml"


def save_map(m: Map, path: str | Path, overwrite: bool = False) -> Path:
    """Write a map atomically. The file name is made safe; an existing file is kept unless
    `overwrite` (the editor asks first). Returns the path written."""
    p = Path(path)
    target = p.parent.resolve() / f"{safe_name(p.stem if p.suffix == '.toml' else p.name)}.toml"
    if target.exists() and not overwrite:
        raise FileExistsError(str(target))
    atomic_write_text(target, _kept_comments(target) + dumps_map(map_to_data(m)))
    return target


def _kept_comments(target: Path) -> str:
    """The comment lines at the head of the file being replaced: a designer's notes survive a save."""
    try:
        lines = target.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return ""
    head = []
    for line in lines:
        if not line.startswith("#"):
            break
        head.append(line)
    return "".join(f"{h}\n" for h in head)


def _inline(v: Any) -> str:
    """A value as inline TOML: scalars as tomli-w writes them (its quoting and number forms), lists
    and tables on one line."""
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_inline(x)}" for k, x in v.items()) + " }" if v else "{}"
    if isinstance(v, list):
        return "[" + ", ".join(_inline(x) for x in v) + "]"
    return dumps_toml({"v": v})[len("v = "):].rstrip("\n")


def _key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else _inline(k)


def dumps_map(data: dict[str, Any]) -> str:
    """A map file people can read and edit: the map's own keys first, then each layer as a list with
    one inline table per piece on its own line (tomli-w alone would spread a rectangle's four numbers
    over six lines)."""
    out = []
    for k, v in data.items():
        if not (isinstance(v, list) and v and isinstance(v[0], dict)):
            out.append(f"{_key(k)} = {_inline(v)}")
    for k, v in data.items():
        if isinstance(v, list) and v and isinstance(v[0], dict):
            out.append("")
            out.append(f"{_key(k)} = [")
            out.extend(f"    {_inline(row)}," for row in v)
            out.append("]")
    return "\n".join(out) + "\n"

