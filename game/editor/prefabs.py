"""Prefabs: a group of pieces placed like one (a walled arena, a town block, parking rows, a ramp
pair, a race oval, a truck stop) and plain pieces afterwards, each editable on its own; and the
terrain brushes, which paint cells of one terrain instead of placing a rectangle.

Sizes follow the shipped maps and the road sections; nothing here is a rule."""

from __future__ import annotations

from collections.abc import Iterable

from rules.world.map_model import (
    Area,
    Building,
    Curb,
    Feature,
    Map,
    Marking,
    Placement,
    Ramp,
    Start,
    Wall,
    chain,
    moved,
    placement_outline,
    snap,
)
from rules.world.shapes import Polyline, Rect, bbox

Items = tuple[tuple[str, Feature], ...]


def centred(items: Iterable[tuple[str, Feature]], x: float, y: float, library: object = None) -> Items:
    """Move a group so the middle of its bounding box lies on the grid point nearest (x, y)."""
    from rules.world.maps import sections

    lib = sections()
    listed = list(items)
    pts = [p for lay, f in listed for p in (placement_outline(f, lib) if isinstance(f, Placement) else _pts(f))]
    x0, y0, x1, y1 = bbox(pts)
    dx, dy = snap(x - (x0 + x1) / 2), snap(y - (y0 + y1) / 2)
    return tuple((lay, moved(f, dx, dy)) for lay, f in listed)


def _pts(f: Feature) -> tuple[tuple[float, float], ...]:
    from rules.world.map_model import feature_points

    return feature_points(f)


def walled_arena(x: float, y: float, m: Map) -> Items:
    w, h, t = 24.0, 18.0, 0.5
    walls = [Rect(0, 0, w, t), Rect(0, h - t, w, t), Rect(0, t, t, h - 2 * t), Rect(w - t, t, t, h - 2 * t)]
    items: list[tuple[str, Feature]] = [("walls", Wall(r, 40)) for r in walls]
    items += [("starts", Start("west", 4, h / 2, 90.0)), ("starts", Start("east", w - 4, h / 2, 270.0))]
    return centred(items, x, y)


def town_block(x: float, y: float, m: Map) -> Items:
    """A block of sidewalk behind a curb, two buildings on it with a gap between them."""
    w, h = 12.0, 10.0
    loop = Polyline(((0, 0), (w, 0), (w, h), (0, h), (0, 0)))
    items: list[tuple[str, Feature]] = [
        ("areas", Area("sidewalk", Rect(0, 0, w, h))), ("curbs", Curb(loop)),
        ("buildings", Building(Rect(1, 1, 4.5, h - 2), 10, name="")),
        ("buildings", Building(Rect(6.5, 1, 4.5, h - 2), 12, 6)),
    ]
    return centred(items, x, y)


def parking_rows(x: float, y: float, m: Map) -> Items:
    """Two facing rows of six stalls, each 1" wide and 1.5" deep, on a paved lot."""
    stalls, sw, depth = 6, 1.0, 1.5
    w = stalls * sw
    items: list[tuple[str, Feature]] = [("areas", Area("road", Rect(-1, -1, w + 2, 2 * depth + 4)))]
    for row_y in (0.0, depth + 2):
        for i in range(stalls + 1):
            items.append(("markings", Marking(Polyline(((i * sw, row_y), (i * sw, row_y + depth))), "lane")))
    items.append(("curbs", Curb(Polyline(((0, -0.5), (w, -0.5))))))
    return centred(items, x, y)


def ramp_pair(x: float, y: float, m: Map) -> Items:
    """Two jump ramps facing each other across a 6" gap: a take-off and a landing."""
    return centred([("ramps", Ramp(Rect(0, 0, 2, 2), 90.0, 30.0)), ("ramps", Ramp(Rect(8, 0, 2, 2), 270.0, 30.0))], x, y)


def race_oval(x: float, y: float, m: Map) -> Items:
    """A closed oval of banked turns and straights, run clockwise (000:L277)."""
    from rules.world.maps import sections

    lib = sections()
    first = Placement("straight", 0, 0)
    laid = chain(["banked_curve_right", "banked_curve_right", "straight", "banked_curve_right",
                  "banked_curve_right"], first, lib)
    return centred([("sections", p) for p in laid], x, y)


def truck_stop(x: float, y: float, m: Map) -> Items:
    """A paved lot with a diner, two pump islands and a row of rig bays."""
    items: list[tuple[str, Feature]] = [
        ("areas", Area("road", Rect(0, 0, 18, 12))),
        ("buildings", Building(Rect(1, 1, 6, 3), 10, name="Diner")),
        ("walls", Wall(Rect(9, 2, 2, 0.5), 15, "barrier", "pumps")),
        ("walls", Wall(Rect(13, 2, 2, 0.5), 15, "barrier", "pumps")),
    ]
    for i in range(5):   # rig bays: 3" apart, 6" deep
        items.append(("markings", Marking(Polyline(((2 + 3 * i, 6), (2 + 3 * i, 12))), "lane")))
    return centred(items, x, y)


PREFABS = (("Walled arena", walled_arena), ("Town block", town_block), ("Parking rows", parking_rows),
           ("Ramp pair", ramp_pair), ("Race oval", race_oval), ("Truck stop", truck_stop))

# Brushes: (label, the area a painted cell becomes). Mud has no rules of its own in the Compendium for
# cars: it paints off-road field ground, named so.
BRUSHES: tuple[tuple[str, Area], ...] = (
    ("Brush: grass", Area("grass", Rect(0, 0, 1, 1))),
    ("Brush: gravel", Area("road", Rect(0, 0, 1, 1), "gravel", name="gravel")),
    ("Brush: mud", Area("field", Rect(0, 0, 1, 1), name="mud")),
    ("Brush: water 2 ft", Area("water", Rect(0, 0, 1, 1), depth_ft=2.0)),
    ("Brush: sidewalk", Area("sidewalk", Rect(0, 0, 1, 1))),
    ("Brush: road", Area("road", Rect(0, 0, 1, 1))),
)


def cell_of(x: float, y: float, size: float) -> tuple[float, float]:
    """The brush cell (top-left corner, on a grid of the brush's size) under a map point."""
    import math

    return (math.floor(x / size) * size, math.floor(y / size) * size)


def painted(cells: Iterable[tuple[float, float]], size: float, paint: Area, m: Map) -> Items:
    """Cells painted in one stroke, merged into as few rectangles as rows allow (a run of cells
    along a row is one area), clipped to the map."""
    from dataclasses import replace

    inside = sorted({c for c in cells if 0 <= c[0] < m.width and 0 <= c[1] < m.height}, key=lambda c: (c[1], c[0]))
    out: list[tuple[str, Feature]] = []
    run: list[tuple[float, float]] = []

    def flush() -> None:
        if run:
            x0, y0 = run[0]
            w = min(run[-1][0] + size, m.width) - x0
            h = min(y0 + size, m.height) - y0
            out.append(("areas", replace(paint, shape=Rect(x0, y0, w, h))))
            run.clear()

    for c in inside:
        if run and (c[1] != run[-1][1] or abs(c[0] - run[-1][0] - size) > 1e-9):
            flush()
        run.append(c)
    flush()
    return _stacked(out)


def _stacked(rows: list[tuple[str, Feature]]) -> Items:
    """Strips of the same span in rows one under another become one rectangle."""
    from dataclasses import replace

    out: list[tuple[str, Feature]] = []
    for lay, f in rows:
        if out:
            prev = out[-1][1]
            a, b = getattr(prev, "shape", None), getattr(f, "shape", None)
            if (isinstance(a, Rect) and isinstance(b, Rect) and (a.x, a.w) == (b.x, b.w)
                    and abs(a.y + a.h - b.y) < 1e-9 and isinstance(prev, Area)):
                out[-1] = (lay, replace(prev, shape=Rect(a.x, a.y, a.w, a.h + b.h)))
                continue
        out.append((lay, f))
    return tuple(out)


MAX_STROKE_POINTS = 30   # a ribbon's corners stay under the map format's 64 per polygon


def stroke_areas(path: list[tuple[float, float]], size: float, paint: Area, m: Map) -> Items:
    """A brush stroke along `path` (map points) as ribbons `size` inches wide: one area per stretch
    of at most MAX_STROKE_POINTS points, its ends squared off half a brush beyond the path. A
    stretch that would fold over itself (a sharp turn) is painted as grid cells instead."""
    from dataclasses import replace

    from rules.world.shapes import Polygon, crossing_edges, polygon_area

    pts = _thinned(path, size * 0.75)
    if len(pts) < 2:
        x, y = pts[0] if pts else (0.0, 0.0)
        return painted([cell_of(x, y, size)], size, paint, m)
    out: list[tuple[str, Feature]] = []
    step = MAX_STROKE_POINTS - 1
    for i in range(0, len(pts) - 1, step):
        chunk = pts[i:i + MAX_STROKE_POINTS]
        ribbon = tuple((round(min(max(x, 0.0), m.width), 3), round(min(max(y, 0.0), m.height), 3))
                       for x, y in _ribbon(chunk, size / 2))
        if crossing_edges(ribbon) is None and polygon_area(ribbon) > 1e-3:
            out.append(("areas", replace(paint, shape=Polygon(ribbon))))
        else:
            cells = {cell_of(x, y, size) for x, y in _samples(chunk, size / 3)}
            out.extend(painted(cells, size, paint, m))
    return tuple(out)


def _thinned(path: list[tuple[float, float]], gap: float) -> list[tuple[float, float]]:
    import math

    out: list[tuple[float, float]] = []
    for p in path:
        if not out or math.dist(out[-1], p) >= gap:
            out.append(p)
    if path and out[-1] != path[-1] and len(out) > 1 and math.dist(out[-1], path[-1]) > gap / 3:
        out.append(path[-1])
    return out


def _samples(pts: list[tuple[float, float]], gap: float) -> list[tuple[float, float]]:
    import math

    out = [pts[0]]
    for a, b in zip(pts, pts[1:], strict=False):
        n = max(1, math.ceil(math.dist(a, b) / gap))
        out += [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(1, n + 1)]
    return out


def _ribbon(pts: list[tuple[float, float]], half: float) -> list[tuple[float, float]]:
    """The outline of a band `half` inches either side of a polyline, squared off past its ends."""
    import math

    def unit(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
        d = math.dist(a, b) or 1.0
        return ((b[0] - a[0]) / d, (b[1] - a[1]) / d)

    dirs = [unit(a, b) for a, b in zip(pts, pts[1:], strict=False)]
    first, last = dirs[0], dirs[-1]
    ext = [(pts[0][0] - first[0] * half, pts[0][1] - first[1] * half)] + pts[1:-1] + \
        [(pts[-1][0] + last[0] * half, pts[-1][1] + last[1] * half)]
    left, right = [], []
    for k, p in enumerate(ext):
        a = dirs[max(0, k - 1)]
        b = dirs[min(len(dirs) - 1, k)]
        nx, ny = -(a[1] + b[1]), a[0] + b[0]
        n = math.hypot(nx, ny) or 1.0
        cos_half = max(0.35, (nx / n) * -a[1] + (ny / n) * a[0])   # keeps the band's width at a bend
        s = half / cos_half
        left.append((p[0] + nx / n * s, p[1] + ny / n * s))
        right.append((p[0] - nx / n * s, p[1] - ny / n * s))
    return left + right[::-1]
