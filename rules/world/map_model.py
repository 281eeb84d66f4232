"""The map model: terrain kinds, features, maps, road sections, and the pure functions that edit them.

A map holds terrain areas, curbs, painted markings, walls and other fixed objects, buildings,
debris and obstacle counters, ramps, start positions and placed road sections. Everything is a
frozen value: each editing function returns a new map, so the editor keeps old maps for undo and
redo. Functions that need the road-section library take it as an argument (rules.world.maps.sections()).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeAlias

from rules.core.geometry import Kind
from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml
from rules.tables.movement import tables
from rules.world.shapes import (
    Line,
    Point,
    Rect,
    Shape,
    bbox,
    point_in_polygon,
    rect_points,
    rotate_point,
    tidy,
)

Library: TypeAlias = Mapping[str, "Section"]


# --- the terrain vocabulary (rules/data/map_terrain.toml) -------------------------------------


@dataclass(frozen=True)
class TerrainKind:
    name: str
    off_road: bool
    needs: tuple[str, ...]


@dataclass(frozen=True)
class Banking:
    """What a banked curve adds to a maneuver's D (000:L277): bends and swerves toward the inside edge
    or the outside edge, drifts toward the outside or the inside."""

    bend_inward: int
    bend_outward: int
    drift_outward: int
    drift_inward: int


@dataclass(frozen=True)
class Elevation:
    """Heights on the map (000:L1214-L1216): a storey's height, a building's when the map does not say, the
    most storeys a building may have, and how high a line of fire runs above the ground it starts or ends
    on (a vehicle's guns, a man's aim: reading EL2)."""

    storey_ft: float = 10.0
    default_storeys: int = 1
    max_storeys: int = 30
    line_ft: float = 5.0
    cover_reach_in: float = 0.5
    stair_squares_per_storey: int = 2


@dataclass(frozen=True)
class Vocabulary:
    kinds: dict[str, TerrainKind]
    grid: float
    counters: dict[str, tuple[float, float]]  # debris/obstacle -> (length, width)
    rotation_step: int
    conditions: tuple[str, ...]  # road conditions, from hazards.toml
    banks: dict[str, Banking] = field(default_factory=dict)  # "banked", "steep" (000:L277)
    elevation: Elevation = field(default_factory=Elevation)


def load_vocabulary(path: Path = DATA_DIR / "map_terrain.toml") -> Vocabulary:
    n = Node(load_toml(path), str(path))
    g = n.table("grid")
    grid = g.number("square", lo=0.01)
    g.done()
    counters: dict[str, tuple[float, float]] = {}
    for name, c in n.table("counter").items():
        counters[name] = (c.number("length", lo=0.01), c.number("width", lo=0.01))
        c.done()
    pl = n.table("placement")
    step = pl.integer("rotation_step", lo=1, hi=360)
    pl.done()
    kinds = {}
    for name, k in n.table("kind").items():
        needs = k.array("needs", [])
        if not all(x in ("width_ft", "depth_ft") for x in needs):
            raise k.error("needs", "expected a list of width_ft, depth_ft")
        kinds[name] = TerrainKind(name, k.flag("off_road"), tuple(needs))
        k.done()
    banks = {}
    for name, b in n.table("bank", {}).items():
        banks[name] = Banking(*(b.integer(k) for k in ("bend_inward", "bend_outward", "drift_outward", "drift_inward")))
        b.done()
    el = n.table("elevation")
    elevation = Elevation(el.number("storey_ft", lo=1), el.integer("default_storeys", lo=1),
                          el.integer("max_storeys", lo=1), el.number("line_ft", lo=0),
                          el.number("cover_reach_in", lo=0), el.integer("stair_squares_per_storey", lo=1))
    el.done()
    n.done()
    conditions = tuple(c for c, rc in tables().hazards.road.items() if not rc.maneuvers_only)
    return Vocabulary(kinds, grid, counters, step, conditions, banks, elevation)


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    return load_vocabulary()


# --- features ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Area:
    """Terrain laid over the ground; later areas lie on top of earlier ones."""

    kind: str
    shape: Shape
    condition: str = "dry"
    depth_ft: float | None = None   # water
    width_ft: float | None = None   # ditch
    name: str = ""
    drop_ft: float | None = None    # any kind: its ground lies this far below the ground around it (a
                                    # cliff or ledge edge all round it; 000:L283)
    bank: str = ""                  # a banked curve (000:L276-L277): "banked" or "steep"; arc areas only,
                                    # the inside edge is the arc's centre side


@dataclass(frozen=True)
class Curb:
    line: Line
    name: str = ""


@dataclass(frozen=True)
class Marking:
    """Paint on the road: drawn by the client, no rule effect."""

    line: Line
    style: str = "lane"


@dataclass(frozen=True)
class Wall:
    """A wall or other fixed object (tree, boulder); dp is per 1/4-inch section (000:L481)."""

    shape: Shape
    dp: int
    kind: str = "wall"
    name: str = ""
    height_ft: float | None = None  # how high it stands; None: unstated, it stops every line of fire at
                                    # ground level and below a roof (reading EL2)


WALL_KINDS = ("wall", "tree", "boulder", "barrier")


@dataclass(frozen=True)
class Building:
    """dp: damage to breach one 1/4-inch section (000:L481, L1200); collapse: breaches that bring it
    down, when the building gives a second number (000:L1205)."""

    shape: Shape
    dp: int
    collapse: int | None = None
    name: str = ""
    storeys: int | None = None      # its height in storeys of 10 ft (000:L1215); None: unstated, taken as
                                    # Elevation.default_storeys (reading EL1)
    stairs: tuple[float, float] | None = None   # the centre of its stairway's foot: a 1/4" square outside
                                    # its outline, touching it, from which men climb to the roof (000:L1442, PD43)


@dataclass(frozen=True)
class Obstacle:
    """A debris or obstacle counter on the grid (000:L494, L500); x, y: its top-left corner."""

    x: float
    y: float
    kind: str = "debris"
    vertical: bool = False
    movable: bool = True  # potholes cannot be moved (000:L504)

    def points(self) -> tuple[Point, ...]:
        length, width = vocabulary().counters[self.kind]
        w, h = (width, length) if self.vertical else (length, width)
        return Rect(self.x, self.y, w, h).points()


OBSTACLE_KINDS = ("debris", "obstacle")


@dataclass(frozen=True)
class Ramp:
    """A jump ramp (000:L278-L280): `facing` is the way up it, `angle` its take-off angle."""

    shape: Shape
    facing: float
    angle: float
    name: str = ""


@dataclass(frozen=True)
class Start:
    """A start position: a vehicle counter's centre and facing, and an optional speed (mph)."""

    name: str
    x: float
    y: float
    facing: float
    speed: float = 0.0


@dataclass(frozen=True)
class Placement:
    """A road section placed on a map: its local origin goes to (x, y), turned by `rotation`."""

    section: str
    x: float
    y: float
    rotation: int = 0


@dataclass(frozen=True)
class End:
    """Where a road section joins the next: a point and the heading pointing out of the piece."""

    name: str
    x: float
    y: float
    heading: float


@dataclass(frozen=True)
class Section:
    """A reusable road piece in its own frame: origin top-left, size width x height."""

    id: str
    name: str
    description: str
    width: float
    height: float
    ends: tuple[End, ...]
    areas: tuple[Area, ...] = ()
    curbs: tuple[Curb, ...] = ()
    markings: tuple[Marking, ...] = ()
    walls: tuple[Wall, ...] = ()
    buildings: tuple[Building, ...] = ()
    path: str = field(default="", compare=False)


@dataclass(frozen=True)
class Map:
    name: str
    width: float
    height: float
    description: str = ""
    ground: str = "grass"
    ground_condition: str = "dry"
    endless: bool = False   # a highway whose sections are recycled (000:L92)
    areas: tuple[Area, ...] = ()
    curbs: tuple[Curb, ...] = ()
    markings: tuple[Marking, ...] = ()
    walls: tuple[Wall, ...] = ()
    buildings: tuple[Building, ...] = ()
    obstacles: tuple[Obstacle, ...] = ()
    ramps: tuple[Ramp, ...] = ()
    starts: tuple[Start, ...] = ()
    sections: tuple[Placement, ...] = ()
    path: str = field(default="", compare=False)


Feature: TypeAlias = Area | Curb | Marking | Wall | Building | Obstacle | Ramp | Start | Placement

LAYERS: dict[str, type] = {
    "areas": Area, "curbs": Curb, "markings": Marking, "walls": Wall, "buildings": Building,
    "obstacles": Obstacle, "ramps": Ramp, "starts": Start, "sections": Placement,
}


# --- moving features (used by section placement and by the editor) ----------------------------


def feature_points(f: Feature, library: Library | None = None) -> tuple[Point, ...]:
    """The outline of a feature in inches (a line's points for curbs and markings; a placed road
    section's outline needs the section library)."""
    if isinstance(f, (Area, Wall, Building, Ramp)):
        return f.shape.points()
    if isinstance(f, (Curb, Marking)):
        return f.line.points()
    if isinstance(f, Obstacle):
        return f.points()
    if isinstance(f, Start):
        size = tables().handling.counters[Kind.CAR]
        return rect_points(f.x, f.y, size.length, size.width, f.facing)
    return placement_outline(f, library or {})


def feature_centre(f: Feature) -> Point:
    if isinstance(f, (Start, Placement)):
        return (f.x, f.y)
    x0, y0, x1, y1 = bbox(feature_points(f))
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def moved(f: Feature, dx: float, dy: float) -> Feature:
    if isinstance(f, (Area, Wall, Building, Ramp)):
        return replace(f, shape=f.shape.moved(dx, dy))
    if isinstance(f, (Curb, Marking)):
        return replace(f, line=f.line.moved(dx, dy))
    return replace(f, x=f.x + dx, y=f.y + dy)


def rotated(f: Feature, deg: float, about: Point | None = None) -> Feature:
    """Turn a feature clockwise by `deg` about a point (default: its own centre).

    Debris and obstacle counters lie on the grid, so they turn only in quarter turns.
    """
    about = feature_centre(f) if about is None else about
    if isinstance(f, (Area, Wall, Building)):
        return replace(f, shape=f.shape.rotated(deg, about))
    if isinstance(f, Ramp):
        return replace(f, shape=f.shape.rotated(deg, about), facing=tidy((f.facing + deg) % 360))
    if isinstance(f, (Curb, Marking)):
        return replace(f, line=f.line.rotated(deg, about))
    if isinstance(f, Start):
        x, y = rotate_point((f.x, f.y), deg, about)
        return replace(f, x=tidy(x), y=tidy(y), facing=tidy((f.facing + deg) % 360))
    if isinstance(f, Placement):
        x, y = rotate_point((f.x, f.y), deg, about)
        return replace(f, x=tidy(x), y=tidy(y), rotation=round(f.rotation + deg) % 360)
    if deg % 90 != 0:
        raise ValueError("debris and obstacle counters lie on the grid: turn them by 90 degrees")
    pts = Rect(*_obstacle_box(f)).rotated(deg, about).points()
    x0, y0, _, _ = bbox(pts)
    quarter = round(deg / 90) % 2 == 1
    return replace(f, x=snap(x0), y=snap(y0), vertical=f.vertical != quarter)


def _obstacle_box(f: Obstacle) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = bbox(f.points())
    return (x0, y0, x1 - x0, y1 - y0)


def resized(f: Feature, w: float, h: float) -> Feature:
    """Give a feature a new size (bounding box, about its centre); counters and starts keep theirs."""
    if w <= 0 or h <= 0:
        raise ValueError("a size must be positive")
    if isinstance(f, (Area, Wall, Building, Ramp)):
        return replace(f, shape=f.shape.resized(w, h))
    if isinstance(f, (Curb, Marking)):
        return replace(f, line=f.line.resized(w, h))
    raise ValueError(f"a {type(f).__name__.lower()} has a fixed size")


def snap(v: float) -> float:
    """The nearest grid line (1/4 inch, 000:L104)."""
    g = vocabulary().grid
    return tidy(round(v / g) * g)


# --- editing a map: every function returns a new map -------------------------------------------


def layer(m: Map, layer_name: str) -> tuple[Any, ...]:
    if layer_name not in LAYERS:
        raise ValueError(f"no layer {layer_name!r}: expected one of {', '.join(LAYERS)}")
    items: tuple[Any, ...] = getattr(m, layer_name)
    return items


def _with_layer(m: Map, layer_name: str, items: tuple[Any, ...]) -> Map:
    changes: dict[str, Any] = {layer_name: items}
    result: Map = replace(m, **changes)
    return result


def add_feature(m: Map, layer_name: str, f: Feature) -> Map:
    items = layer(m, layer_name)
    if not isinstance(f, LAYERS[layer_name]):
        raise ValueError(f"a {type(f).__name__} does not belong in {layer_name}")
    return _with_layer(m, layer_name, items + (f,))


def set_feature(m: Map, layer_name: str, index: int, f: Feature) -> Map:
    items = list(layer(m, layer_name))
    if not isinstance(f, LAYERS[layer_name]):
        raise ValueError(f"a {type(f).__name__} does not belong in {layer_name}")
    items[index] = f
    return _with_layer(m, layer_name, tuple(items))


def delete_feature(m: Map, layer_name: str, index: int) -> Map:
    items = list(layer(m, layer_name))
    del items[index]
    return _with_layer(m, layer_name, tuple(items))


def move_feature(m: Map, layer_name: str, index: int, dx: float, dy: float) -> Map:
    return set_feature(m, layer_name, index, moved(layer(m, layer_name)[index], dx, dy))


def rotate_feature(m: Map, layer_name: str, index: int, steps: int, about: Point | None = None) -> Map:
    """Turn a feature by `steps` rotation steps (15 degrees each; negative = anticlockwise)."""
    deg = steps * vocabulary().rotation_step
    return set_feature(m, layer_name, index, rotated(layer(m, layer_name)[index], deg, about))


def resize_feature(m: Map, layer_name: str, index: int, w: float, h: float) -> Map:
    return set_feature(m, layer_name, index, resized(layer(m, layer_name)[index], w, h))


def set_properties(m: Map, layer_name: str, index: int, /, **changes: Any) -> Map:
    """Change named fields of a feature (dp, kind, name, condition, ...), as the properties panel does."""
    f = layer(m, layer_name)[index]
    try:
        g = replace(f, **changes)
    except TypeError as exc:
        raise ValueError(str(exc)) from None
    return set_feature(m, layer_name, index, g)


# --- road sections ------------------------------------------------------------------------------


def _place_point(p: Placement, x: float, y: float) -> Point:
    rx, ry = rotate_point((x, y), p.rotation, (0.0, 0.0))
    return (rx + p.x, ry + p.y)


def place_feature(p: Placement, f: Feature) -> Feature:
    return moved(rotated(f, p.rotation, (0.0, 0.0)), p.x, p.y)


def placed_ends(p: Placement, library: Library) -> tuple[End, ...]:
    """A placed section's ends in map coordinates."""
    sec = library[p.section]
    out = []
    for e in sec.ends:
        x, y = _place_point(p, e.x, e.y)
        out.append(End(e.name, x, y, tidy((e.heading + p.rotation) % 360)))
    return tuple(out)


def placement_outline(p: Placement, library: Library) -> tuple[Point, ...]:
    if p.section not in library:
        return ((p.x, p.y),) * 4
    sec = library[p.section]
    return tuple(_place_point(p, x, y) for x, y in Rect(0, 0, sec.width, sec.height).points())


def join_to(end: End, section_id: str, library: Library) -> Placement:
    """Place a section so its first end meets `end` (a placed end): the road runs on."""
    return join_end_to(end, section_id, 0, library)


def chain(section_ids: Sequence[str], first: Placement,
          library: Library) -> tuple[Placement, ...]:
    """Lay sections end to end: each joins the previous one's second end (its way out)."""
    out = [first]
    for sid in section_ids:
        out.append(join_to(placed_ends(out[-1], library)[1], sid, library))
    return tuple(out)


def ends_meet(a: End, b: End) -> bool:
    return math.hypot(a.x - b.x, a.y - b.y) < 1e-3 and abs(((a.heading - b.heading) % 360) - 180) < 1e-3


def recycle_highway(placements: tuple[Placement, ...], vehicles: Sequence[Point], lead: float,
                    library: Library) -> tuple[Placement, ...]:
    """An endless highway (000:L92): when a vehicle comes within `lead` inches of one end of the
    road (measured along the road's heading there) or has passed it, the section at the other end is
    picked up and laid in front of it, provided no vehicle is on that section. Repeats until no more
    moves are needed, at most once per section. Pure: returns the new placements.
    """
    current = placements
    for _ in range(len(placements)):
        nxt = _recycle_once(current, vehicles, lead, library)
        if nxt == current:
            break
        current = nxt
    return current


def _recycle_once(ps: tuple[Placement, ...], vehicles: Sequence[Point], lead: float,
                  library: Library) -> tuple[Placement, ...]:
    if len(ps) < 2 or not vehicles:
        return ps
    front = placed_ends(ps[-1], library)[1]
    rear = placed_ends(ps[0], library)[0]

    def near(e: End) -> bool:
        """Within `lead` of the end or past it, measured along the way out of the road."""
        fx, fy = math.sin(math.radians(e.heading)), -math.cos(math.radians(e.heading))
        return any((x - e.x) * fx + (y - e.y) * fy >= -lead for x, y in vehicles)

    def empty(p: Placement) -> bool:
        outline = placement_outline(p, library)
        return not any(point_in_polygon(x, y, outline) for x, y in vehicles)

    if near(front) and not near(rear) and empty(ps[0]):
        return ps[1:] + (join_to(front, ps[0].section, library),)
    if near(rear) and not near(front) and empty(ps[-1]):
        return (_join_behind(rear, ps[-1].section, library),) + ps[:-1]
    return ps


def _join_behind(end: End, section_id: str, library: Library) -> Placement:
    """Place a section so its second end (way out) meets `end`: the road is extended backwards."""
    sec = library[section_id]
    out_end = sec.ends[1]
    rotation = round(end.heading + 180 - out_end.heading) % 360
    ox, oy = rotate_point((out_end.x, out_end.y), rotation, (0.0, 0.0))
    return Placement(section_id, tidy(end.x - ox), tidy(end.y - oy), rotation)



# --- precise editing: handles, joining ends ------------------------------------------------------


def resized_by_handle(f: Feature, hx: int, hy: int, p: Point, minimum: float = 0.25) -> Feature:
    """Drag one of a feature's eight handles to map point p: hx, hy in -1, 0, 1 say which edge or
    corner (-1 left/top, 1 right/bottom, 0 that axis unchanged); the opposite edge stays where it is.
    A rectangle is resized in its own turned frame, so a turned wall grows along itself."""
    shape = getattr(f, "shape", None)
    if isinstance(shape, Rect):
        cx, cy = shape.centre
        lx, ly = rotate_point(p, -shape.rotation, (cx, cy))
        x0, x1 = _span(shape.x, shape.x + shape.w, hx, lx, minimum)
        y0, y1 = _span(shape.y, shape.y + shape.h, hy, ly, minimum)
        ncx, ncy = rotate_point(((x0 + x1) / 2, (y0 + y1) / 2), shape.rotation, (cx, cy))
        w, h = x1 - x0, y1 - y0
        assert isinstance(f, (Area, Wall, Building, Ramp))
        return replace(f, shape=Rect(tidy(ncx - w / 2), tidy(ncy - h / 2), tidy(w), tidy(h), shape.rotation))
    bx0, by0, bx1, by1 = bbox(feature_points(f))
    x0, x1 = _span(bx0, bx1, hx, p[0], minimum)
    y0, y1 = _span(by0, by1, hy, p[1], minimum)
    g = resized(f, max(minimum, x1 - x0), max(minimum, y1 - y0))
    gx0, gy0, gx1, gy1 = bbox(feature_points(g))
    return moved(g, tidy(x0 - gx0 if hx else 0.0), tidy(y0 - gy0 if hy else 0.0))


def _span(lo: float, hi: float, handle: int, at: float, minimum: float) -> tuple[float, float]:
    if handle < 0:
        return min(at, hi - minimum), hi
    if handle > 0:
        return lo, max(at, lo + minimum)
    return lo, hi


def join_end_to(end: End, section_id: str, which: int, library: Library) -> Placement:
    """Place a section so its end number `which` meets `end` (a placed end), facing it."""
    sec = library[section_id]
    own = sec.ends[which]
    rotation = round(end.heading + 180 - own.heading) % 360
    ox, oy = rotate_point((own.x, own.y), rotation, (0.0, 0.0))
    return Placement(section_id, tidy(end.x - ox), tidy(end.y - oy), rotation)


def free_ends(placements: Sequence[Placement], library: Library,
              skip: int | None = None) -> list[tuple[int, int, End]]:
    """(placement index, end index, end) of every placed end no other placed section meets: where
    the road can be carried on. `skip`: a placement left out (the one being dragged)."""
    placed = [(i, placed_ends(p, library)) for i, p in enumerate(placements)
              if i != skip and p.section in library]
    out = []
    for i, ends in placed:
        for k, e in enumerate(ends):
            if not any(ends_meet(e, o) for j, others in placed if j != i for o in others):
                out.append((i, k, e))
    return out


def snap_to_ends(p: Placement, placements: Sequence[Placement], library: Library, radius: float,
                 skip: int | None = None) -> Placement:
    """A section dragged near another's free end jumps onto it: if one of its ends lies within
    `radius` inches of a free end of the others, it is placed so the two meet (position and
    rotation); otherwise it stays where it was put."""
    if p.section not in library:
        return p
    best: tuple[float, Placement] | None = None
    own = placed_ends(p, library)
    for _i, _k, e in free_ends(placements, library, skip):
        for which, mine in enumerate(own):
            d = math.hypot(mine.x - e.x, mine.y - e.y)
            if d <= radius and (best is None or d < best[0]):
                best = (d, join_end_to(e, p.section, which, library))
    return p if best is None else best[1]
