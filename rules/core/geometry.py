"""Map geometry: poses, counters and rotations.

Positions are in inches, x to the right, y DOWN (screen convention); facings in degrees clockwise
from map-up (0 = toward -y, 90 = toward +x). Poses are stored as integer thousandths of an inch
and of a degree, so states are exact and hashable; trigonometry happens in floats once per motion
and is rounded back (see docs/ARCHITECTURE.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

MILLI = 1000


class Kind(str, Enum):
    """Vehicle kinds the movement rules know."""

    CAR = "car"
    TRIKE = "trike"
    CYCLE = "cycle"
    # oversized vehicles and trailers (chapters 7 and 8, issue 19): their counters' lengths are a body's,
    # carried by each VehicleSpec (rules.vehicles.starting_sheet)
    TEN_WHEELER = "ten_wheeler"
    TRACTOR = "tractor"
    BUS = "bus"
    SEMI_TRAILER = "semi_trailer"
    CAR_TRAILER = "car_trailer"


@dataclass(frozen=True)
class CounterSize:
    length: float
    width: float


def norm_deg(deg: float) -> float:
    d = math.fmod(deg, 360.0)
    if d < 0:
        d += 360.0
    return 0.0 if abs(d - 360.0) < 1e-9 else d


def angle_diff(a: float, b: float) -> float:
    """Smallest unsigned difference between two headings, 0..180."""
    d = abs(norm_deg(a) - norm_deg(b))
    return 360.0 - d if d > 180.0 else d


def signed_turn(a: float, b: float) -> float:
    """Signed smallest rotation from heading a to heading b, in (-180, 180]."""
    d = math.fmod(b - a, 360.0)
    if d > 180:
        d -= 360
    elif d <= -180:
        d += 360
    return d


@dataclass(frozen=True)
class Vec:
    x: float
    y: float

    def __add__(self, o: Vec) -> Vec:
        return Vec(self.x + o.x, self.y + o.y)

    def __sub__(self, o: Vec) -> Vec:
        return Vec(self.x - o.x, self.y - o.y)

    def __mul__(self, k: float) -> Vec:
        return Vec(self.x * k, self.y * k)

    __rmul__ = __mul__

    def dot(self, o: Vec) -> float:
        return self.x * o.x + self.y * o.y

    def length(self) -> float:
        return math.hypot(self.x, self.y)


def forward(facing: float) -> Vec:
    """Unit vector of a heading (y down)."""
    t = math.radians(facing)
    return Vec(math.sin(t), -math.cos(t))


def right(facing: float) -> Vec:
    t = math.radians(facing)
    return Vec(math.cos(t), math.sin(t))


def heading_of(v: Vec) -> float:
    """Heading (deg clockwise from up) of a vector (y down)."""
    return norm_deg(math.degrees(math.atan2(v.x, -v.y)))


def rotate_cw(p: Vec, about: Vec, deg: float) -> Vec:
    """Rotate p clockwise on screen (y down) about a point by deg (negative = anticlockwise)."""
    a = math.radians(deg)
    x, y = p.x - about.x, p.y - about.y
    return Vec(about.x + x * math.cos(a) - y * math.sin(a), about.y + x * math.sin(a) + y * math.cos(a))


@dataclass(frozen=True, order=True)
class Pose:
    """Counter centre and facing, in thousandths of an inch / degree."""

    x_m: int
    y_m: int
    facing_m: int

    @staticmethod
    def at(x: float, y: float, facing: float) -> Pose:
        f = norm_deg(facing)
        fm = round(f * MILLI) % (360 * MILLI)
        return Pose(round(x * MILLI), round(y * MILLI), fm)

    @staticmethod
    def of(centre: Vec, facing: float) -> Pose:
        return Pose.at(centre.x, centre.y, facing)

    @property
    def x(self) -> float:
        return self.x_m / MILLI

    @property
    def y(self) -> float:
        return self.y_m / MILLI

    @property
    def facing(self) -> float:
        return self.facing_m / MILLI

    @property
    def centre(self) -> Vec:
        return Vec(self.x, self.y)

    def to_json(self) -> dict[str, float]:
        return {"x": self.x, "y": self.y, "facing": self.facing}

    def __str__(self) -> str:
        return f"({self.x:g},{self.y:g})@{self.facing:g}"


def corners(pose: Pose, size: CounterSize) -> tuple[Vec, Vec, Vec, Vec]:
    """Corners FL, FR, RR, RL (clockwise on screen). Kept with the pose (asked of every counter for
    every line of fire): the same floats as centre + forward * L/2 - right * W/2 and so on."""
    store: dict[tuple[float, float], tuple[Vec, Vec, Vec, Vec]] | None = pose.__dict__.get("_corners")
    if store is None:
        store = pose.__dict__.setdefault("_corners", {})
    key = (size.length, size.width)
    got = store.get(key)
    if got is None:
        got = store.setdefault(key, _corners(pose, size))
    return got


def _corners(pose: Pose, size: CounterSize) -> tuple[Vec, Vec, Vec, Vec]:
    t = math.radians(pose.facing)
    cx, cy = pose.x, pose.y
    hl, hw = size.length / 2, size.width / 2
    fx, fy = math.sin(t) * hl, -math.cos(t) * hl
    rx, ry = math.cos(t) * hw, math.sin(t) * hw
    return (Vec(cx + fx - rx, cy + fy - ry), Vec(cx + fx + rx, cy + fy + ry),
            Vec(cx - fx + rx, cy - fy + ry), Vec(cx - fx - rx, cy - fy - ry))


def point_side(pose: Pose, size: CounterSize, p: Vec) -> str:
    """Which side of a counter (front/back/left/right) faces the point p."""
    rel = p - pose.centre
    fx = rel.dot(forward(pose.facing)) / (size.length / 2)
    rx = rel.dot(right(pose.facing)) / (size.width / 2)
    if abs(fx) >= abs(rx):
        return "front" if fx >= 0 else "back"
    return "right" if rx >= 0 else "left"


def clip_segment(poly: Sequence[Vec], a: Vec, b: Vec) -> tuple[float, float] | None:
    """The part of segment a-b inside a convex polygon, as fractions (t0, t1) along it (Cyrus-Beck
    clipping); None when the segment misses it."""
    d = b - a
    t0, t1 = 0.0, 1.0
    n = len(poly)
    centre = Vec(sum(p.x for p in poly) / n, sum(p.y for p in poly) / n)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        normal = Vec(-(q - p).y, (q - p).x)
        if normal.dot(centre - p) < 0:
            normal = normal * -1.0
        den, num = normal.dot(d), normal.dot(a - p)
        if den == 0:
            if num < 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return t0, t1
