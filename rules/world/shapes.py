"""Plane geometry of map features: outlines, overlaps and the shape types a map is drawn with.

Areas and solid features are a Rect, Polygon or Arc (a curved band); curbs and markings are a
Polyline or ArcLine. All are frozen values in inches (x right, y DOWN); arc bearings are measured
from the arc's centre, clockwise from map-up, like headings (rules.core.geometry).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeAlias

from rules.core.geometry import Vec, rotate_cw

ARC_STEP_DEG = 5.0  # polygon resolution of arcs: drawing only, no rule depends on it
EPS = 1e-6

Point: TypeAlias = tuple[float, float]


# --- plane geometry --------------------------------------------------------------------------


def rotate_point(p: Point, deg: float, about: Point) -> Point:
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


def polygons_overlap(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """True when the insides of two simple polygons share some area; shapes that only touch do not."""
    ax0, ay0, ax1, ay1 = bbox(a)
    bx0, by0, bx1, by1 = bbox(b)
    if ax1 <= bx0 + EPS or bx1 <= ax0 + EPS or ay1 <= by0 + EPS or by1 <= ay0 + EPS:
        return False
    return overlap_area(a, b) > EPS


def overlap_area(a: Sequence[Point], b: Sequence[Point]) -> float:
    """Area shared by two simple polygons (square inches)."""
    return sum(polygon_area(_clip(pa, pb)) for pa in convex_pieces(a) for pb in convex_pieces(b))


def _clip(subject: Sequence[Point], clip: Sequence[Point]) -> list[Point]:
    """Sutherland-Hodgman: the part of a convex subject inside a convex clip polygon."""
    ccw = _signed_area(clip) > 0
    out = list(subject)
    for i in range(len(clip)):
        if not out:
            break
        out = _clip_half(out, clip[i], clip[(i + 1) % len(clip)], True, ccw)
    return out if len(out) >= 3 else []


def _clip_half(subject: Sequence[Point], c0: Point, c1: Point, keep_inside: bool, ccw: bool) -> list[Point]:
    """The part of a convex subject on one side of the line c0-c1 (inside: the clip polygon's side)."""
    out: list[Point] = []
    for j in range(len(subject)):
        p, q = subject[j - 1], subject[j]
        pin = ((_cross(c0, c1, p) >= 0) == ccw) == keep_inside
        qin = ((_cross(c0, c1, q) >= 0) == ccw) == keep_inside
        if qin:
            if not pin:
                out.append(_meet(p, q, c0, c1))
            out.append(q)
        elif pin:
            out.append(_meet(p, q, c0, c1))
    return out if len(out) >= 3 else []


def convex_difference(subject: Sequence[Point], cut: Sequence[Point]) -> list[tuple[Point, ...]]:
    """A convex subject less a convex cut, as convex pieces: for each edge of the cut in turn, the part of
    what is left that lies outside that edge is a piece, the rest goes on to the next edge."""
    if not polygons_overlap(subject, cut) or overlap_area(subject, cut) <= EPS:
        return [tuple(subject)]
    ccw = _signed_area(cut) > 0
    pieces: list[tuple[Point, ...]] = []
    rest = list(subject)
    for i in range(len(cut)):
        c0, c1 = cut[i], cut[(i + 1) % len(cut)]
        outside = _clip_half(rest, c0, c1, False, ccw)
        if outside and abs(_signed_area(outside)) > EPS:
            pieces.append(tuple(outside))
        rest = _clip_half(rest, c0, c1, True, ccw)
        if not rest:
            break
    return pieces


def uncovered_pieces(points: Sequence[Point], covers: Sequence[Sequence[Point]]) -> list[tuple[Point, ...]]:
    """The convex pieces of a polygon that no polygon of `covers` lies over (an area drawn above it)."""
    pieces = convex_pieces(points)
    for cover in covers:
        for cut in convex_pieces(cover):
            pieces = [q for p in pieces for q in convex_difference(p, cut)]
    return pieces


def _signed_area(points: Sequence[Point]) -> float:
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(points, list(points[1:]) + [points[0]], strict=True)) / 2


def _meet(p: Point, q: Point, a: Point, b: Point) -> Point:
    """Where segment p-q crosses the line through a and b."""
    dp, dq = _cross(a, b, p), _cross(a, b, q)
    t = dp / (dp - dq) if dp != dq else 0.0
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def is_convex(points: Sequence[Point]) -> bool:
    sign = 0.0
    n = len(points)
    for i in range(n):
        c = _cross(points[i], points[(i + 1) % n], points[(i + 2) % n])
        if abs(c) < EPS:
            continue
        if sign and (c > 0) != (sign > 0):
            return False
        sign = c
    return True


def convex_pieces(points: Sequence[Point]) -> list[tuple[Point, ...]]:
    """Split a simple polygon into convex pieces (itself if convex, else triangles by ear clipping)."""
    pts = [p for i, p in enumerate(points) if math.dist(p, points[i - 1]) > EPS]
    if len(pts) < 3:
        return []
    if is_convex(pts):
        return [tuple(pts)]
    ccw = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1], strict=True)) > 0
    out: list[tuple[Point, ...]] = []
    while len(pts) > 3:
        for i in range(len(pts)):
            a, b, c = pts[i - 1], pts[i], pts[(i + 1) % len(pts)]
            turn = _cross(a, b, c)
            if (turn > EPS) != ccw or abs(turn) <= EPS:
                continue
            if any(_in_triangle(p, a, b, c) for p in pts if p not in (a, b, c)):
                continue
            out.append((a, b, c))
            del pts[i]
            break
        else:  # not a simple polygon: give up on the rest rather than loop
            break
    if len(pts) == 3 and polygon_area(pts) > EPS:
        out.append(tuple(pts))
    return out


def _in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    """Strictly inside (a point on an edge does not spoil an ear)."""
    d1, d2, d3 = _cross(a, b, p), _cross(b, c, p), _cross(c, a, p)
    return (d1 > EPS and d2 > EPS and d3 > EPS) or (d1 < -EPS and d2 < -EPS and d3 < -EPS)


def rect_points(cx: float, cy: float, length: float, width: float, facing: float) -> tuple[Point, ...]:
    """Corners of a counter centred at (cx, cy), `length` along `facing`."""
    hl, hw = length / 2, width / 2
    raw = ((cx - hw, cy - hl), (cx + hw, cy - hl), (cx + hw, cy + hl), (cx - hw, cy + hl))
    return tuple(rotate_point(p, facing, (cx, cy)) for p in raw)


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
        return tuple(rotate_point(p, self.rotation, self.centre) for p in raw)

    def moved(self, dx: float, dy: float) -> Rect:
        return replace(self, x=self.x + dx, y=self.y + dy)

    def rotated(self, deg: float, about: Point) -> Rect:
        cx, cy = rotate_point(self.centre, deg, about)
        rot = (self.rotation + deg) % 360
        return Rect(cx - self.w / 2, cy - self.h / 2, self.w, self.h, tidy(rot))

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
        return Polygon(tuple(rotate_point(p, deg, about) for p in self.pts))

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
        cx, cy = rotate_point((self.cx, self.cy), deg, about)
        return Arc(cx, cy, self.r_inner, self.r_outer, tidy(self.start + deg), tidy(self.end + deg))

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
        return Polyline(tuple(rotate_point(p, deg, about) for p in self.pts))

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
        cx, cy = rotate_point((self.cx, self.cy), deg, about)
        return ArcLine(cx, cy, self.r, tidy(self.start + deg), tidy(self.end + deg))

    def resized(self, w: float, h: float) -> ArcLine:
        return replace(self, r=max(w, h) / 2)


Shape: TypeAlias = Rect | Polygon | Arc
Line: TypeAlias = Polyline | ArcLine


def tidy(v: float) -> float:
    """Round away float noise from rotations so saved files stay tidy and exact."""
    r = round(v, 9)
    return 0.0 if r == 0 else r



def crossing_edges(points: Sequence[Point]) -> tuple[int, int] | None:
    """Two edges of a closed outline that cross or touch (None: the polygon is simple). Edges are
    swept in order of their left end, so only edges whose x-ranges overlap are compared."""
    n = len(points)
    edges = sorted(range(n), key=lambda i: min(points[i][0], points[(i + 1) % n][0]))
    active: list[int] = []
    for i in edges:
        a, b = points[i], points[(i + 1) % n]
        left = min(a[0], b[0])
        active = [j for j in active if max(points[j][0], points[(j + 1) % n][0]) >= left - EPS]
        for j in active:
            if _edges_meet(points, i, j):
                return (min(i, j), max(i, j))
        active.append(i)
    return None


def _edges_meet(points: Sequence[Point], i: int, j: int) -> bool:
    n = len(points)
    a, b, c, d = points[i], points[(i + 1) % n], points[j], points[(j + 1) % n]
    if (i + 1) % n == j or (j + 1) % n == i:  # neighbours share a corner: they must not fold back
        shared, p, q = (b, a, d) if (i + 1) % n == j else (a, b, c)
        return abs(_cross(shared, p, q)) <= EPS and _dot(shared, p, q) > 0
    d1, d2, d3, d4 = _cross(c, d, a), _cross(c, d, b), _cross(a, b, c), _cross(a, b, d)
    if ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and ((d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS)):
        return True
    return any(abs(dd) <= EPS and _on_segment(p, s0, s1)
               for dd, p, s0, s1 in ((d1, a, c, d), (d2, b, c, d), (d3, c, a, b), (d4, d, a, b)))


def _dot(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[0] - o[0]) + (a[1] - o[1]) * (b[1] - o[1])


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return (min(a[0], b[0]) - EPS <= p[0] <= max(a[0], b[0]) + EPS
            and min(a[1], b[1]) - EPS <= p[1] <= max(a[1], b[1]) + EPS)


def overlapping_boxes(boxes: Sequence[tuple[float, float, float, float]]) -> list[tuple[int, int]]:
    """Pairs (i, j), i < j, of boxes (x0, y0, x1, y1) whose insides overlap: a sweep along x, so n
    boxes cost n log n plus the pairs found, not n squared."""
    order = sorted(range(len(boxes)), key=lambda k: boxes[k][0])
    active: list[int] = []
    out = []
    for i in order:
        x0, y0, x1, y1 = boxes[i]
        active = [j for j in active if boxes[j][2] > x0 + EPS]
        for j in active:
            if boxes[j][1] < y1 - EPS and y0 < boxes[j][3] - EPS:
                out.append((min(i, j), max(i, j)))
        active.append(i)
    return sorted(out)
