"""Maps: the ground the cars drive on, road sections laid on it, and scenarios that use it.

A map holds terrain areas, curbs, painted markings, walls and other fixed objects, buildings,
debris and obstacle counters, ramps, start positions and placed road sections (reusable pieces from
rules/data/sections/). Everything is a frozen value: the editing functions return a new map, so the
editor keeps old maps for undo. Files are TOML (docs/MAP-FORMAT.md); a bad file raises DataError.

Coordinates are inches, x right, y DOWN, headings clockwise from map-up (rules.geometry).
"""

from __future__ import annotations

import importlib
import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple, TypeAlias

from rules.errors import DataError
from rules.geometry import Kind, Vec, rotate_cw
from rules.schema import Node
from rules.tables import tables
from rules.tomlio import atomic_write_text, dumps_toml, load_toml

FORMAT_VERSION = 1
DATA_DIR = Path(__file__).parent / "data"
SECTIONS_DIR = DATA_DIR / "sections"
MAPS_DIR = Path(__file__).resolve().parent.parent / "maps"
SCENARIOS_DIR = MAPS_DIR / "scenarios"
ARC_STEP_DEG = 5.0  # polygon resolution of arcs: drawing only, no rule depends on it
EPS = 1e-6

Point = tuple[float, float]


# --- the terrain vocabulary (rules/data/map_terrain.toml) -------------------------------------


@dataclass(frozen=True)
class TerrainKind:
    name: str
    off_road: bool
    needs: tuple[str, ...]


@dataclass(frozen=True)
class Vocabulary:
    kinds: dict[str, TerrainKind]
    grid: float
    counters: dict[str, tuple[float, float]]  # debris/obstacle -> (length, width)
    rotation_step: int
    conditions: tuple[str, ...]  # road conditions, from hazards.toml


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
    n.done()
    conditions = tuple(c for c, rc in tables().hazards.road.items() if not rc.maneuvers_only)
    return Vocabulary(kinds, grid, counters, step, conditions)


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    return load_vocabulary()


# --- plane geometry --------------------------------------------------------------------------


def _rot(p: Point, deg: float, about: Point) -> Point:
    v = rotate_cw(Vec(p[0], p[1]), Vec(about[0], about[1]), deg)
    return (v.x, v.y)


def _bearing_point(cx: float, cy: float, r: float, bearing: float) -> Point:
    t = math.radians(bearing)
    return (cx + r * math.sin(t), cy - r * math.cos(t))


def _arc_bearings(start: float, end: float) -> list[float]:
    n = max(1, math.ceil((end - start) / ARC_STEP_DEG - 1e-9))
    return [start + (end - start) * i / n for i in range(n + 1)]


def bbox(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def polygon_area(points: Sequence[Point]) -> float:
    s = 0.0
    for i, (x0, y0) in enumerate(points):
        x1, y1 = points[(i + 1) % len(points)]
        s += x0 * y1 - x1 * y0
    return abs(s) / 2


def point_in_polygon(x: float, y: float, points: Sequence[Point]) -> bool:
    """Even-odd test; points on the boundary may go either way."""
    inside = False
    n = len(points)
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Proper crossing only: touching or collinear segments do not count."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    return ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and (
        (d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS))


def _strictly_inside(p: Point, poly: Sequence[Point]) -> bool:
    if not point_in_polygon(p[0], p[1], poly):
        return False
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length > 0 and abs(_cross(a, b, p)) / length < EPS and \
                min(a[0], b[0]) - EPS <= p[0] <= max(a[0], b[0]) + EPS and \
                min(a[1], b[1]) - EPS <= p[1] <= max(a[1], b[1]) + EPS:
            return False
    return True


def _centroid(points: Sequence[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def polygons_overlap(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """True when the insides of two simple polygons overlap; shapes that only touch do not."""
    ax0, ay0, ax1, ay1 = bbox(a)
    bx0, by0, bx1, by1 = bbox(b)
    if ax1 <= bx0 + EPS or bx1 <= ax0 + EPS or ay1 <= by0 + EPS or by1 <= ay0 + EPS:
        return False
    for i in range(len(a)):
        for j in range(len(b)):
            if _segments_cross(a[i], a[(i + 1) % len(a)], b[j], b[(j + 1) % len(b)]):
                return True
    probes_a = list(a) + [_centroid(a)]
    probes_b = list(b) + [_centroid(b)]
    return any(_strictly_inside(p, b) for p in probes_a) or any(_strictly_inside(p, a) for p in probes_b)


def rect_points(cx: float, cy: float, length: float, width: float, facing: float) -> tuple[Point, ...]:
    """Corners of a counter centred at (cx, cy), `length` along `facing`."""
    hl, hw = length / 2, width / 2
    raw = ((cx - hw, cy - hl), (cx + hw, cy - hl), (cx + hw, cy + hl), (cx - hw, cy + hl))
    return tuple(_rot(p, facing, (cx, cy)) for p in raw)


# --- shapes: areas and solid features are Rect, Polygon or Arc; curbs and markings are lines ----


@dataclass(frozen=True)
class Rect:
    """x, y: top-left corner before rotation; rotation: degrees clockwise about the centre."""

    x: float
    y: float
    w: float
    h: float
    rotation: float = 0.0

    @property
    def centre(self) -> Point:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def points(self) -> tuple[Point, ...]:
        raw = ((self.x, self.y), (self.x + self.w, self.y), (self.x + self.w, self.y + self.h), (self.x, self.y + self.h))
        if self.rotation == 0:
            return raw
        return tuple(_rot(p, self.rotation, self.centre) for p in raw)

    def moved(self, dx: float, dy: float) -> Rect:
        return replace(self, x=self.x + dx, y=self.y + dy)

    def rotated(self, deg: float, about: Point) -> Rect:
        cx, cy = _rot(self.centre, deg, about)
        rot = (self.rotation + deg) % 360
        return Rect(cx - self.w / 2, cy - self.h / 2, self.w, self.h, _clean(rot))

    def resized(self, w: float, h: float) -> Rect:
        cx, cy = self.centre
        return Rect(cx - w / 2, cy - h / 2, w, h, self.rotation)


@dataclass(frozen=True)
class Polygon:
    pts: tuple[Point, ...]

    def points(self) -> tuple[Point, ...]:
        return self.pts

    def moved(self, dx: float, dy: float) -> Polygon:
        return Polygon(tuple((x + dx, y + dy) for x, y in self.pts))

    def rotated(self, deg: float, about: Point) -> Polygon:
        return Polygon(tuple(_rot(p, deg, about) for p in self.pts))

    def resized(self, w: float, h: float) -> Polygon:
        """Scale to a new bounding-box size about the box centre."""
        x0, y0, x1, y1 = bbox(self.pts)
        sx = w / (x1 - x0) if x1 > x0 else 1.0
        sy = h / (y1 - y0) if y1 > y0 else 1.0
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        return Polygon(tuple((cx + (x - cx) * sx, cy + (y - cy) * sy) for x, y in self.pts))


@dataclass(frozen=True)
class Arc:
    """A curved band: the ring between two radii from bearing `start` clockwise to `end`."""

    cx: float
    cy: float
    r_inner: float
    r_outer: float
    start: float
    end: float

    def points(self) -> tuple[Point, ...]:
        bs = _arc_bearings(self.start, self.end)
        outer = [_bearing_point(self.cx, self.cy, self.r_outer, b) for b in bs]
        if self.r_inner <= 0:
            return tuple(outer + [(self.cx, self.cy)])
        inner = [_bearing_point(self.cx, self.cy, self.r_inner, b) for b in reversed(bs)]
        return tuple(outer + inner)

    def moved(self, dx: float, dy: float) -> Arc:
        return replace(self, cx=self.cx + dx, cy=self.cy + dy)

    def rotated(self, deg: float, about: Point) -> Arc:
        cx, cy = _rot((self.cx, self.cy), deg, about)
        return Arc(cx, cy, self.r_inner, self.r_outer, _clean(self.start + deg), _clean(self.end + deg))

    def resized(self, w: float, h: float) -> Arc:
        """Scale the radii so the outer diameter becomes max(w, h)."""
        k = max(w, h) / (2 * self.r_outer)
        return replace(self, r_inner=self.r_inner * k, r_outer=self.r_outer * k)


@dataclass(frozen=True)
class Polyline:
    pts: tuple[Point, ...]

    def points(self) -> tuple[Point, ...]:
        return self.pts

    def moved(self, dx: float, dy: float) -> Polyline:
        return Polyline(tuple((x + dx, y + dy) for x, y in self.pts))

    def rotated(self, deg: float, about: Point) -> Polyline:
        return Polyline(tuple(_rot(p, deg, about) for p in self.pts))

    def resized(self, w: float, h: float) -> Polyline:
        return Polyline(Polygon(self.pts).resized(w, h).pts)


@dataclass(frozen=True)
class ArcLine:
    """A curved line of radius r from bearing `start` clockwise to `end`."""

    cx: float
    cy: float
    r: float
    start: float
    end: float

    def points(self) -> tuple[Point, ...]:
        return tuple(_bearing_point(self.cx, self.cy, self.r, b) for b in _arc_bearings(self.start, self.end))

    def moved(self, dx: float, dy: float) -> ArcLine:
        return replace(self, cx=self.cx + dx, cy=self.cy + dy)

    def rotated(self, deg: float, about: Point) -> ArcLine:
        cx, cy = _rot((self.cx, self.cy), deg, about)
        return ArcLine(cx, cy, self.r, _clean(self.start + deg), _clean(self.end + deg))

    def resized(self, w: float, h: float) -> ArcLine:
        return replace(self, r=max(w, h) / 2)


Shape: TypeAlias = Rect | Polygon | Arc
Line: TypeAlias = Polyline | ArcLine


def _clean(v: float) -> float:
    """Round away float noise from rotations so saved files stay tidy and exact."""
    r = round(v, 9)
    return 0.0 if r == 0 else r


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


WALL_KINDS = ("wall", "tree", "boulder", "barrier")


@dataclass(frozen=True)
class Building:
    """dp: damage to breach one 1/4-inch section (000:L481, L1200); collapse: breaches that bring it
    down, when the building gives a second number (000:L1205)."""

    shape: Shape
    dp: int
    collapse: int | None = None
    name: str = ""


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


def feature_points(f: Feature) -> tuple[Point, ...]:
    """The outline of a feature in inches (a line's points for curbs and markings)."""
    if isinstance(f, (Area, Wall, Building, Ramp)):
        return f.shape.points()
    if isinstance(f, (Curb, Marking)):
        return f.line.points()
    if isinstance(f, Obstacle):
        return f.points()
    if isinstance(f, Start):
        size = tables().handling.counters[Kind.CAR]
        return rect_points(f.x, f.y, size.length, size.width, f.facing)
    return placement_outline(f)


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
        return replace(f, shape=f.shape.rotated(deg, about), facing=_clean((f.facing + deg) % 360))
    if isinstance(f, (Curb, Marking)):
        return replace(f, line=f.line.rotated(deg, about))
    if isinstance(f, Start):
        x, y = _rot((f.x, f.y), deg, about)
        return replace(f, x=_clean(x), y=_clean(y), facing=_clean((f.facing + deg) % 360))
    if isinstance(f, Placement):
        x, y = _rot((f.x, f.y), deg, about)
        return replace(f, x=_clean(x), y=_clean(y), rotation=round(f.rotation + deg) % 360)
    if deg % 90 != 0:
        raise ValueError("debris and obstacle counters lie on the grid: turn them by 90 degrees")
    pts = Rect(*_obstacle_box(f)).rotated(deg, about).points()
    x0, y0, _, _ = bbox(pts)
    quarter = round(deg / 90) % 2 == 1
    return replace(f, x=_snap(x0), y=_snap(y0), vertical=f.vertical != quarter)


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


def _snap(v: float) -> float:
    return snap(v)


def snap(v: float) -> float:
    """The nearest grid line (1/4 inch, 000:L104)."""
    g = vocabulary().grid
    return _clean(round(v / g) * g)


# --- editing a map: every function returns a new map -------------------------------------------


def layer(m: Map, name: str) -> tuple[Any, ...]:
    if name not in LAYERS:
        raise ValueError(f"no layer {name!r}: expected one of {', '.join(LAYERS)}")
    items: tuple[Any, ...] = getattr(m, name)
    return items


def _with_layer(m: Map, name: str, items: tuple[Any, ...]) -> Map:
    changes: dict[str, Any] = {name: items}
    result: Map = replace(m, **changes)
    return result


def add_feature(m: Map, name: str, f: Feature) -> Map:
    if not isinstance(f, LAYERS.get(name, type(None))):
        raise ValueError(f"a {type(f).__name__} does not belong in {name}")
    return _with_layer(m, name, layer(m, name) + (f,))


def set_feature(m: Map, name: str, index: int, f: Feature) -> Map:
    items = list(layer(m, name))
    if not isinstance(f, LAYERS[name]):
        raise ValueError(f"a {type(f).__name__} does not belong in {name}")
    items[index] = f
    return _with_layer(m, name, tuple(items))


def delete_feature(m: Map, name: str, index: int) -> Map:
    items = list(layer(m, name))
    del items[index]
    return _with_layer(m, name, tuple(items))


def move_feature(m: Map, name: str, index: int, dx: float, dy: float) -> Map:
    return set_feature(m, name, index, moved(layer(m, name)[index], dx, dy))


def rotate_feature(m: Map, name: str, index: int, steps: int, about: Point | None = None) -> Map:
    """Turn a feature by `steps` rotation steps (15 degrees each; negative = anticlockwise)."""
    deg = steps * vocabulary().rotation_step
    return set_feature(m, name, index, rotated(layer(m, name)[index], deg, about))


def resize_feature(m: Map, name: str, index: int, w: float, h: float) -> Map:
    return set_feature(m, name, index, resized(layer(m, name)[index], w, h))


def set_properties(m: Map, name: str, index: int, **changes: Any) -> Map:
    """Change named fields of a feature (dp, kind, name, condition, ...), as the properties panel does."""
    f = layer(m, name)[index]
    try:
        g = replace(f, **changes)
    except TypeError as exc:
        raise ValueError(str(exc)) from None
    return set_feature(m, name, index, g)


# --- road sections ------------------------------------------------------------------------------


def _place_point(p: Placement, x: float, y: float) -> Point:
    rx, ry = _rot((x, y), p.rotation, (0.0, 0.0))
    return (rx + p.x, ry + p.y)


def _place_feature(p: Placement, f: Feature) -> Feature:
    return moved(rotated(f, p.rotation, (0.0, 0.0)), p.x, p.y)


def placed_ends(p: Placement, library: dict[str, Section] | None = None) -> tuple[End, ...]:
    """A placed section's ends in map coordinates."""
    sec = (library or sections())[p.section]
    out = []
    for e in sec.ends:
        x, y = _place_point(p, e.x, e.y)
        out.append(End(e.name, x, y, _clean((e.heading + p.rotation) % 360)))
    return tuple(out)


def placement_outline(p: Placement, library: dict[str, Section] | None = None) -> tuple[Point, ...]:
    lib = library or sections()
    if p.section not in lib:
        return ((p.x, p.y),) * 4
    sec = lib[p.section]
    return tuple(_place_point(p, x, y) for x, y in Rect(0, 0, sec.width, sec.height).points())


def join_to(end: End, section_id: str, library: dict[str, Section] | None = None) -> Placement:
    """Place a section so its first end meets `end` (a placed end): the road runs on."""
    sec = (library or sections())[section_id]
    first = sec.ends[0]
    rotation = round(end.heading + 180 - first.heading) % 360
    fx, fy = _rot((first.x, first.y), rotation, (0.0, 0.0))
    return Placement(section_id, _clean(end.x - fx), _clean(end.y - fy), rotation)


def chain(section_ids: Sequence[str], first: Placement,
          library: dict[str, Section] | None = None) -> tuple[Placement, ...]:
    """Lay sections end to end: each joins the previous one's second end (its way out)."""
    out = [first]
    for sid in section_ids:
        out.append(join_to(placed_ends(out[-1], library)[1], sid, library))
    return tuple(out)


def ends_meet(a: End, b: End) -> bool:
    return math.hypot(a.x - b.x, a.y - b.y) < 1e-3 and abs(((a.heading - b.heading) % 360) - 180) < 1e-3


def recycle_highway(placements: tuple[Placement, ...], vehicles: Sequence[Point], lead: float,
                    library: dict[str, Section] | None = None) -> tuple[Placement, ...]:
    """An endless highway (000:L92): when a vehicle comes within `lead` inches of one end of the
    road, the section at the other end is picked up and laid in front of it, provided no vehicle is
    on that section. Repeats until no more moves are needed (at most once per section).
    """
    current = placements
    for _ in range(len(placements)):
        nxt = _recycle_once(current, vehicles, lead, library)
        if nxt == current:
            break
        current = nxt
    return current


def _recycle_once(ps: tuple[Placement, ...], vehicles: Sequence[Point], lead: float,
                  library: dict[str, Section] | None) -> tuple[Placement, ...]:
    if len(ps) < 2 or not vehicles:
        return ps
    front = placed_ends(ps[-1], library)[1]
    rear = placed_ends(ps[0], library)[0]

    def near(e: End) -> bool:
        return any(math.hypot(x - e.x, y - e.y) <= lead for x, y in vehicles)

    def empty(p: Placement) -> bool:
        outline = placement_outline(p, library)
        return not any(point_in_polygon(x, y, outline) for x, y in vehicles)

    if near(front) and not near(rear) and empty(ps[0]):
        return ps[1:] + (join_to(front, ps[0].section, library),)
    if near(rear) and not near(front) and empty(ps[-1]):
        return (_join_behind(rear, ps[-1].section, library),) + ps[:-1]
    return ps


def _join_behind(end: End, section_id: str, library: dict[str, Section] | None) -> Placement:
    """Place a section so its second end (way out) meets `end`: the road is extended backwards."""
    sec = (library or sections())[section_id]
    out_end = sec.ends[1]
    rotation = round(end.heading + 180 - out_end.heading) % 360
    ox, oy = _rot((out_end.x, out_end.y), rotation, (0.0, 0.0))
    return Placement(section_id, _clean(end.x - ox), _clean(end.y - oy), rotation)


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
            items.extend(_place_feature(p, f) for f in getattr(sec, name))
    layers: dict[str, Any] = {k: tuple(v) + getattr(m, k) for k, v in extra.items()}
    out: Map = replace(m, sections=(), **layers)
    return out


# --- what the collision and movement modules ask -------------------------------------------------


class StaticShape(NamedTuple):
    kind: str                      # wall, tree, boulder, barrier, building, curb, debris, obstacle, ramp
    points: tuple[Point, ...]      # inches; a polygon, or for curbs an open polyline
    properties: dict[str, Any]


def static_shapes(m: Map) -> list[StaticShape]:
    """Every solid or hazardous thing on the map, in inches, for the collision module."""
    r = resolved(m)
    out: list[StaticShape] = []
    for w in r.walls:
        out.append(StaticShape(w.kind, w.shape.points(), {"dp": w.dp, "name": w.name, "closed": True}))
    for b in r.buildings:
        collapse = b.dp if b.collapse is None else b.collapse
        out.append(StaticShape("building", b.shape.points(),
                               {"dp": b.dp, "collapse": collapse, "name": b.name, "closed": True}))
    for c in r.curbs:
        out.append(StaticShape("curb", c.line.points(), {"name": c.name, "closed": False}))
    for o in r.obstacles:
        out.append(StaticShape(o.kind, o.points(), {"movable": o.movable, "closed": True}))
    for rp in r.ramps:
        out.append(StaticShape("ramp", rp.shape.points(),
                               {"facing": rp.facing, "angle": rp.angle, "name": rp.name, "closed": True}))
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


def terrain_at(m: Map, x: float, y: float) -> Terrain:
    """The terrain under a point: the topmost area there, else the map's ground."""
    r = resolved(m)
    kinds = vocabulary().kinds
    on_map = _on_map(r, x, y)
    for a in reversed(r.areas):
        if point_in_polygon(x, y, a.shape.points()):
            tk = kinds.get(a.kind)
            return Terrain(a.kind, tk.off_road if tk else True, a.condition, on_map, a.depth_ft, a.width_ft, a.name)
    gk = kinds.get(r.ground)
    return Terrain(r.ground, gk.off_road if gk else True, r.ground_condition, on_map)


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


def validate_map(m: Map, library: dict[str, Section] | None = None) -> list[Problem]:
    """All the problems of a map, for the editor to show and the loader to refuse."""
    lib = sections() if library is None else library
    probs: list[Problem] = []
    probs += _check_kinds(m)
    probs += _check_shapes(m)
    probs += _check_sections(m, lib)
    probs += _check_solids(m, lib)
    probs += _check_obstacles(m)
    probs += _check_starts(m, lib)
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


def _check_shapes(m: Map) -> Iterator[Problem]:
    for name in ("areas", "walls", "buildings", "ramps"):
        for i, f in enumerate(layer(m, name)):
            pts = f.shape.points()
            if polygon_area(pts) < EPS:
                yield Problem(f"{name}[{i}]", "the shape has no area", name, i)
    for i, w in enumerate(m.walls):
        if w.dp < 1:
            yield Problem(f"walls[{i}].dp", "DP must be at least 1", "walls", i)
    for i, b in enumerate(m.buildings):
        if b.dp < 1 or (b.collapse is not None and b.collapse < 1):
            yield Problem(f"buildings[{i}].dp", "DP and collapse must be at least 1", "buildings", i)
    for i, r in enumerate(m.ramps):
        if not 0 < r.angle < 90:
            yield Problem(f"ramps[{i}].angle", "a ramp's angle is between 0 and 90 degrees", "ramps", i)


def _check_sections(m: Map, lib: dict[str, Section]) -> Iterator[Problem]:
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


def _solids(m: Map, lib: dict[str, Section]) -> list[tuple[str, str, int, tuple[Point, ...]]]:
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
                g = _place_feature(p, f)
                assert isinstance(g, (Wall, Building))
                out.append((f"sections[{j}] {name}[{k}]", "sections", j, g.shape.points()))
    return out


def _check_solids(m: Map, lib: dict[str, Section]) -> Iterator[Problem]:
    solids = _solids(m, lib)
    for i, (wa, la, ia, pa) in enumerate(solids):
        for wb, _lb, _ib, pb in solids[i + 1:]:
            if polygons_overlap(pa, pb):
                yield Problem(wa, f"overlaps {wb}", la, ia)


def _check_obstacles(m: Map) -> Iterator[Problem]:
    g = vocabulary().grid
    for i, o in enumerate(m.obstacles):
        if abs(o.x / g - round(o.x / g)) > EPS or abs(o.y / g - round(o.y / g)) > EPS:
            yield Problem(f"obstacles[{i}]", f"a counter lies on the {g:g}-inch grid", "obstacles", i)
        if not all(_on_map(m, x, y) for x, y in o.points()):
            yield Problem(f"obstacles[{i}]", "off the map", "obstacles", i)


def _check_starts(m: Map, lib: dict[str, Section]) -> Iterator[Problem]:
    solids = _solids(m, lib)
    seen: dict[str, int] = {}
    outlines = [feature_points(s) for s in m.starts]
    for i, s in enumerate(m.starts):
        where = f"starts[{i}]"
        if not s.name:
            yield Problem(f"{where}.name", "a start position needs a name", "starts", i)
        elif s.name in seen:
            yield Problem(f"{where}.name", f"name {s.name!r} is used by starts[{seen[s.name]}] too", "starts", i)
        seen.setdefault(s.name, i)
        if not all(_on_map(m, x, y) for x, y in outlines[i]):
            yield Problem(where, "the vehicle would stand off the map", "starts", i)
        for wb, _lb, _ib, pb in solids:
            if polygons_overlap(outlines[i], pb):
                yield Problem(where, f"the vehicle would stand inside {wb}", "starts", i)
        for j in range(i):
            if polygons_overlap(outlines[i], outlines[j]):
                yield Problem(where, f"the vehicle would overlap the one at starts[{j}]", "starts", i)


# --- reading files -------------------------------------------------------------------------------


def _finite(n: Node, key: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise n.error(key, f"expected a finite number, found {value!r}")
    return float(value)


def _num(n: Node, key: str, default: float | None = None, *, lo: float | None = None,
         positive: bool = False) -> float:
    v = _finite(n, key, n.raw(key, default) if default is not None else n.raw(key))
    if lo is not None and v < lo:
        raise n.error(key, f"{v:g} is below the minimum {lo:g}")
    if positive and v <= 0:
        raise n.error(key, f"must be more than 0, found {v:g}")
    return v


def _opt_num(n: Node, key: str) -> float | None:
    if not n.has(key):
        return None
    return _num(n, key, positive=True)


def _points(n: Node, key: str, minimum: int, what: str) -> tuple[Point, ...]:
    raw = n.array(key)
    if len(raw) < minimum:
        raise n.error(key, f"a {what} needs at least {minimum} points")
    out = []
    for i, p in enumerate(raw):
        if not isinstance(p, list) or len(p) != 2:
            raise n.error(key, f"point {i + 1} is not a pair [x, y]")
        out.append((_finite(n, key, p[0]), _finite(n, key, p[1])))
    return tuple(out)


def _numbers(n: Node, key: str, count: int) -> list[float]:
    raw = n.array(key)
    if len(raw) != count:
        raise n.error(key, f"expected {count} numbers, found {len(raw)}")
    return [_finite(n, key, v) for v in raw]


def _arc_span(n: Node) -> tuple[float, float]:
    start, end = _num(n, "start"), _num(n, "end")
    if not 0 < end - start <= 360:
        raise n.error("end", "an arc runs clockwise from start to end: end must exceed start by at most 360")
    return start, end


def read_shape(n: Node) -> Shape:
    given = [k for k in ("rect", "points", "arc") if n.has(k)]
    if len(given) != 1:
        raise n.error(None, "give exactly one of rect, points or arc")
    if given[0] == "rect":
        x, y, w, h = _numbers(n, "rect", 4)
        if w <= 0 or h <= 0:
            raise n.error("rect", "width and height must be more than 0")
        return Rect(x, y, w, h, _num(n, "rotation", 0.0) % 360)
    if given[0] == "points":
        return Polygon(_points(n, "points", 3, "polygon"))
    a = n.table("arc")
    cx, cy = _num(a, "cx"), _num(a, "cy")
    r_in, r_out = _num(a, "r_inner", lo=0), _num(a, "r_outer", positive=True)
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
    cx, cy, r = _num(a, "cx"), _num(a, "cy"), _num(a, "r", positive=True)
    start, end = _arc_span(a)
    a.done()
    return ArcLine(cx, cy, r, start, end)


def _read_area(n: Node) -> Area:
    return Area(n.text("kind"), read_shape(n), n.text("condition", "dry"), _opt_num(n, "depth_ft"),
                _opt_num(n, "width_ft"), n.text("name", ""))


def _read_wall(n: Node) -> Wall:
    return Wall(read_shape(n), n.integer("dp", lo=1), n.text("kind", "wall"), n.text("name", ""))


def _read_building(n: Node) -> Building:
    collapse = n.integer("collapse", lo=1) if n.has("collapse") else None
    return Building(read_shape(n), n.integer("dp", lo=1), collapse, n.text("name", ""))


def _read_obstacle(n: Node) -> Obstacle:
    return Obstacle(_num(n, "x"), _num(n, "y"), n.text("kind", "debris", choices=OBSTACLE_KINDS),
                    n.flag("vertical", False), n.flag("movable", True))


def _read_ramp(n: Node) -> Ramp:
    return Ramp(read_shape(n), _num(n, "facing") % 360, _num(n, "angle", positive=True), n.text("name", ""))


def _read_start(n: Node) -> Start:
    return Start(n.text("name"), _num(n, "x"), _num(n, "y"), _num(n, "facing") % 360, _num(n, "speed", 0.0, lo=0))


def _read_placement(n: Node) -> Placement:
    return Placement(n.text("section"), _num(n, "x"), _num(n, "y"), n.integer("rotation", 0) % 360)


def _list(n: Node, key: str, read: Callable[[Node], Any]) -> tuple[Any, ...]:
    out = []
    for item in n.tables(key, []):
        out.append(read(item))
        item.done()
    return tuple(out)


def _features(n: Node) -> dict[str, tuple[Any, ...]]:
    return {
        "areas": _list(n, "areas", _read_area),
        "curbs": _list(n, "curbs", lambda c: Curb(read_line(c), c.text("name", ""))),
        "markings": _list(n, "markings", lambda c: Marking(read_line(c), c.text("style", "lane"))),
        "walls": _list(n, "walls", _read_wall),
        "buildings": _list(n, "buildings", _read_building),
    }


def _version(n: Node) -> None:
    v = n.integer("format_version")
    if v != FORMAT_VERSION:
        raise n.error("format_version", f"this program reads format {FORMAT_VERSION}, the file is format {v}")


def map_from_data(data: Any, path: str) -> Map:
    """Build a map from parsed TOML; structural mistakes raise DataError."""
    n = Node(data, path)
    _version(n)
    size = n.table("size")
    width, height = _num(size, "width", positive=True), _num(size, "height", positive=True)
    size.done()
    ground_kind, ground_condition = "grass", "dry"
    if n.has("ground"):
        g = n.table("ground")
        ground_kind, ground_condition = g.text("kind"), g.text("condition", "dry")
        g.done()
    m = Map(
        name=n.text("name"), width=width, height=height, description=n.text("description", ""),
        ground=ground_kind, ground_condition=ground_condition, endless=n.flag("endless", False),
        obstacles=_list(n, "obstacles", _read_obstacle), ramps=_list(n, "ramps", _read_ramp),
        starts=_list(n, "starts", _read_start), sections=_list(n, "sections", _read_placement),
        path=path, **_features(n),
    )
    n.done()
    return m


def load_map(path: str | Path, strict: bool = True) -> Map:
    """Read a map file. strict: a map with problems (validate_map) raises DataError for the first;
    the editor loads with strict=False and shows them all."""
    p = str(path)
    m = map_from_data(load_toml(path), p)
    if strict:
        probs = validate_map(m)
        if probs:
            raise DataError(p, probs[0].where, probs[0].what)
    return m


def section_from_data(data: Any, path: str) -> Section:
    n = Node(data, path)
    _version(n)
    size = n.table("size")
    width, height = _num(size, "width", positive=True), _num(size, "height", positive=True)
    size.done()
    ends = _list(n, "ends", lambda e: End(e.text("name"), _num(e, "x"), _num(e, "y"), _num(e, "heading") % 360))
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
    return _named(d, a.name)


def _wall_data(w: Wall) -> dict[str, Any]:
    d: dict[str, Any] = {**shape_to_data(w.shape), "dp": w.dp}
    if w.kind != "wall":
        d["kind"] = w.kind
    return _named(d, w.name)


def _building_data(b: Building) -> dict[str, Any]:
    d: dict[str, Any] = {**shape_to_data(b.shape), "dp": b.dp}
    if b.collapse is not None:
        d["collapse"] = b.collapse
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
    target = p.parent / f"{safe_name(p.stem if p.suffix == '.toml' else p.name)}.toml"
    if target.exists() and not overwrite:
        raise FileExistsError(str(target))
    atomic_write_text(target, dumps_toml(map_to_data(m)))
    return target


# --- scenarios -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScenarioVehicle:
    id: str
    stock: str           # a stock vehicle's printed name (rules.design)
    owner: str
    team: str
    start: str           # a start position's name on the map
    driver: str = "human"  # "human" or a foe profile name (rules/ai)
    speed: float | None = None  # overrides the start position's speed


VICTORY_KINDS = ("last_team_standing", "destroy", "survive", "escape")


@dataclass(frozen=True)
class Victory:
    """last_team_standing: the last team with a vehicle that can move or fire wins (a kill: 000:L1262).
    destroy: `team` wins by killing all `targets`; the others win if they last `turns`.
    survive: `team` wins if one of its vehicles lasts `turns` turns.
    escape: `targets` win by reaching the `exit` area; the others win by killing them."""

    kind: str
    team: str = ""
    targets: tuple[str, ...] = ()
    turns: int | None = None
    exit: Rect | None = None


@dataclass(frozen=True)
class Scenario:
    name: str
    description: str
    map_file: str
    map: Map
    vehicles: tuple[ScenarioVehicle, ...]
    victory: Victory
    path: str = field(default="", compare=False)


def stock_names() -> frozenset[str] | None:
    """Lower-cased stock vehicle names, or None while rules.design does not exist yet."""
    try:
        design = importlib.import_module("rules.design")
    except ImportError:
        return None
    fn = getattr(design, "stock_names", None)
    if fn is None:
        return None
    return frozenset(str(name).lower() for name in fn())


def _read_vehicle(n: Node) -> ScenarioVehicle:
    speed = _num(n, "speed", lo=0) if n.has("speed") else None
    return ScenarioVehicle(n.text("id"), n.text("stock"), n.text("owner"), n.text("team"), n.text("start"),
                           n.text("driver", "human"), speed)


def _read_victory(n: Node) -> Victory:
    kind = n.text("kind", choices=VICTORY_KINDS)
    targets = n.array("targets", [])
    if not all(isinstance(t, str) for t in targets):
        raise n.error("targets", "expected a list of vehicle ids")
    turns = n.integer("turns", lo=1) if n.has("turns") else None
    exit_rect = None
    if n.has("exit"):
        x, y, w, h = _numbers(n, "exit", 4)
        exit_rect = Rect(x, y, w, h)
    v = Victory(kind, n.text("team", ""), tuple(targets), turns, exit_rect)
    needs = {"destroy": ("team", "targets"), "survive": ("team", "turns"), "escape": ("targets", "exit")}
    for key in needs.get(kind, ()):
        if not n.has(key):
            raise n.error(key, f"a {kind} victory needs {key}")
    return v


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario and the map it names (a path relative to the scenario file)."""
    p = str(path)
    n = Node(load_toml(path), p)
    _version(n)
    map_file = n.text("map")
    m = load_map(Path(path).parent / map_file)
    vt = n.table("victory")
    victory = _read_victory(vt)
    vt.done()
    sc = Scenario(n.text("name"), n.text("description", ""), map_file, m, _list(n, "vehicles", _read_vehicle),
                  victory, path=p)
    n.done()
    probs = validate_scenario(sc)
    if probs:
        raise DataError(p, probs[0].where, probs[0].what)
    return sc


def validate_scenario(sc: Scenario, names: frozenset[str] | None = None) -> list[Problem]:
    """Problems of a scenario. Stock names are checked once rules.design provides them."""
    names = stock_names() if names is None else names
    probs: list[Problem] = []
    starts = {s.name for s in sc.map.starts}
    ids: set[str] = set()
    used: dict[str, str] = {}
    for i, v in enumerate(sc.vehicles):
        w = f"vehicles[{i}]"
        if v.id in ids:
            probs.append(Problem(f"{w}.id", f"id {v.id!r} is used twice"))
        ids.add(v.id)
        if names is not None and v.stock.lower() not in names:
            probs.append(Problem(f"{w}.stock", f"unknown stock vehicle {v.stock!r}"))
        if v.start not in starts:
            probs.append(Problem(f"{w}.start", f"the map has no start position {v.start!r}"))
        elif v.start in used:
            probs.append(Problem(f"{w}.start", f"start {v.start!r} is taken by {used[v.start]!r}"))
        used.setdefault(v.start, v.id)
        if not re.fullmatch(r"[a-z][a-z0-9_]*", v.driver):
            probs.append(Problem(f"{w}.driver", "expected human or a foe profile name"))
    teams = {v.team for v in sc.vehicles}
    if len(teams) < 2:
        probs.append(Problem("vehicles", "a scenario needs at least two teams"))
    vic = sc.victory
    if vic.team and vic.team not in teams:
        probs.append(Problem("victory.team", f"no vehicle is on team {vic.team!r}"))
    for t in vic.targets:
        if t not in ids:
            probs.append(Problem("victory.targets", f"no vehicle has the id {t!r}"))
    return probs


def list_scenarios(directory: Path = SCENARIOS_DIR) -> list[Path]:
    return sorted(directory.glob("*.toml"))
