"""Arcs of fire, the side a shot strikes, and range between counters.

The rulebook's arc diagram is missing from the text (000:L827). The default reading (option
`arc_geometry = "corners"`) bounds each of a counter's four arcs by lines drawn outward at 45°
from its corners; `"centre"` uses four 90° quadrants about the counter's centre instead. Both are
listed in docs/RULES-DEVIATIONS.md. A point on a dividing line belongs to both arcs (000:L830).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from rules.core.geometry import CounterSize, Pose, Vec, angle_diff, corners, forward, right

SIDES = ("front", "back", "left", "right")
# the long sides of trailers and buses, split in halves (000:L2100, L2140); a ten-wheeler's carrier is its
# back part (reading M-R17): its left and right weapons fire as the back half's, its back ones as the back's
HALF_SIDES = ("front_left", "back_left", "front_right", "back_right")
CARRIER = {"carrier-left": "back_left", "carrier-right": "back_right", "carrier-back": "back",
           "carrier-front": "front", "carrier-top": "turret", "carrier-turret": "turret", "carrier-underbody": "turret"}
MOUNTS = SIDES + ("turret",) + HALF_SIDES
ON_LINE = 1 / 64  # inches: closer than this to a dividing line counts as on it
ARC_GEOMETRIES = ("corners", "centre")
_EPS = 1e-6


def _local(pose: Pose, p: Vec) -> tuple[float, float]:
    """(ahead, to the right) of p in the counter's frame (in plain floats, the same values as
    (p - centre).dot(forward(facing)) and .dot(right(facing)))."""
    t = math.radians(pose.facing)
    s, c = math.sin(t), math.cos(t)
    rx, ry = p.x - pose.x, p.y - pose.y
    return rx * s + ry * -c, rx * c + ry * s


def arcs_of(pose: Pose, size: CounterSize, p: Vec, geometry: str = "corners") -> frozenset[str]:
    """The arc(s) of a counter that a point lies in: one, or two on a dividing line."""
    if geometry not in ARC_GEOMETRIES:
        raise ValueError(f"arc geometry must be one of {', '.join(ARC_GEOMETRIES)}")
    fx, rx = _local(pose, p)
    if geometry == "corners":
        dx, dy = abs(fx) - size.length / 2, abs(rx) - size.width / 2
    else:
        dx, dy = abs(fx), abs(rx)
    along = "front" if fx >= 0 else "back"
    across = "right" if rx >= 0 else "left"
    if abs(dx - dy) <= ON_LINE:
        return frozenset((along, across))
    return frozenset((along,)) if dx > dy else frozenset((across,))


def arc_groups(arcs: frozenset[str]) -> frozenset[str]:
    """front/back/side, as the relative-speed table (000:L844-L849) reads arcs."""
    return frozenset("side" if a in ("left", "right") else a for a in arcs)


def in_arc(mount: str, pose: Pose, size: CounterSize, p: Vec, *, trike: bool = False,
           geometry: str = "corners") -> bool:
    """Whether a weapon on this mount can fire at point p (000:L827; trike sides, 000:L1937-L1938)."""
    mount = CARRIER.get(mount, mount)
    if mount == "turret":
        return True
    if mount in HALF_SIDES:   # the half's own side arc: the two halves' side arcs overlap (000:L2140)
        half, side = mount.split("_")
        hp, hs = half_counter(pose, size, half)
        return side in arcs_of(hp, hs, p, geometry)
    if mount not in SIDES:
        raise ValueError(f"mount must be one of {', '.join(MOUNTS)}")
    arcs = arcs_of(pose, size, p, geometry)
    if trike and mount in ("left", "right") and "front" in arcs:
        return True
    return mount in arcs


def first_in_arc(mount: str, pose: Pose, size: CounterSize, points: Sequence[Vec], *,
                 trike: bool = False) -> Vec | None:
    """The first of `points` that in_arc (corners geometry) finds in the mount's arc, None for none: the
    same test in plain floats, the counter's frame worked out once (the same values as _local and arcs_of)."""
    mount = CARRIER.get(mount, mount)
    if mount == "turret":
        return points[0] if points else None
    if mount in HALF_SIDES:   # a long vehicle's half side (000:L2140): the plain test, rare enough
        return next((p for p in points if in_arc(mount, pose, size, p, trike=trike)), None)
    if mount not in SIDES:
        raise ValueError(f"mount must be one of {', '.join(MOUNTS)}")
    t = math.radians(pose.facing)
    s, c = math.sin(t), math.cos(t)
    cx, cy = pose.x, pose.y
    hl, hw = size.length / 2, size.width / 2
    side_of_trike = trike and mount in ("left", "right")
    for p in points:
        rx, ry = p.x - cx, p.y - cy
        fx, to_right = rx * s + ry * -c, rx * c + ry * s
        dx, dy = abs(fx) - hl, abs(to_right) - hw
        along = "front" if fx >= 0 else "back"
        across = "right" if to_right >= 0 else "left"
        if abs(dx - dy) <= ON_LINE:
            if mount in (along, across) or (side_of_trike and along == "front"):
                return p
        elif dx > dy:
            if mount == along or (side_of_trike and along == "front"):
                return p
        elif mount == across:
            return p
    return None


def beyond_arc(mount: str, pose: Pose, size: CounterSize, points: Sequence[Vec], margin: float = 1e-6) -> bool:
    """Whether every point of a convex shape (its corners given) lies outside a side mount's arc, by
    more than `margin`: a cheap test before the nearest-point work (in_arc with corners geometry).
    The arc is an intersection of half-planes in the counter's frame (ahead, right): for the front,
    ahead >= 0 and ahead - L/2 -/+ right + W/2 + ON_LINE >= 0; when all the corners are beyond one of
    those lines, so is every point of the shape. False for a turret or an unknown mount."""
    frame = _arc_frame(pose, size, mount)
    if frame is None:
        return False
    fwx, fwy, rtx, rty, cx, cy, sign_f, sign, slack = frame
    # one pass: every point beyond a line <=> the greatest of its values is (the same values as before)
    behind = left_of = right_of = -math.inf
    for p in points:
        dx, dy = p.x - cx, p.y - cy
        ahead, to_right = dx * fwx + dy * fwy, dx * rtx + dy * rty
        a, r = (sign * ahead, to_right) if sign_f else (sign * to_right, ahead)
        if a > behind:
            behind = a
        if a - r + slack > left_of:
            left_of = a - r + slack
        if a + r + slack > right_of:
            right_of = a + r + slack
    return behind < -margin or left_of < -margin or right_of < -margin


_ArcFrame = tuple[float, float, float, float, float, float, float, float, float]


def _arc_frame(pose: Pose, size: CounterSize, mount: str) -> _ArcFrame | None:
    """beyond_arc's frame of a counter for a side mount (None for any other): its axes, centre, which axis
    the arc lies along, the sign and the slack of the dividing lines. Kept with the pose (the firer's
    frame is the same for every target it is tested against)."""
    store: dict[tuple[float, float, str], _ArcFrame | None] | None = pose.__dict__.get("_arc_frames")
    if store is None:
        store = pose.__dict__.setdefault("_arc_frames", {})
    key = (size.length, size.width, mount)
    if key in store:
        return store[key]
    return store.setdefault(key, _frame_of(pose, size, mount))


def _frame_of(pose: Pose, size: CounterSize, mount: str) -> _ArcFrame | None:
    if mount == "front":
        sign_f, sign_r = 1.0, 0.0
    elif mount == "back":
        sign_f, sign_r = -1.0, 0.0
    elif mount == "right":
        sign_f, sign_r = 0.0, 1.0
    elif mount == "left":
        sign_f, sign_r = 0.0, -1.0
    else:
        return None
    t = math.radians(pose.facing)
    fwx, fwy, rtx, rty = math.sin(t), -math.cos(t), math.cos(t), math.sin(t)
    # along: the counter's own axis for this arc; across: the other; half-sizes along and across
    hl, hw = (size.length / 2, size.width / 2) if sign_f else (size.width / 2, size.length / 2)
    return fwx, fwy, rtx, rty, pose.x, pose.y, sign_f, sign_f or sign_r, ON_LINE - hl + hw


def lof_origin(pose: Pose, size: CounterSize, mount: str) -> Vec:
    """Line of fire starts at the counter's centre (turret) or the middle of the weapon's side (000:L826).
    Kept with the pose (asked for every weapon at every target)."""
    store: dict[tuple[float, float, str], Vec] | None = pose.__dict__.get("_origins")
    if store is None:
        store = pose.__dict__.setdefault("_origins", {})
    key = (size.length, size.width, mount)
    got = store.get(key)
    if got is None:
        got = store.setdefault(key, _lof_origin(pose, size, mount))
    return got


def half_counter(pose: Pose, size: CounterSize, half: str) -> tuple[Pose, CounterSize]:
    """The front or back half of a long counter as a counter of its own (000:L2140)."""
    quarter = size.length / 4
    centre = pose.centre + forward(pose.facing) * (quarter if half == "front" else -quarter)
    return Pose.of(centre, pose.facing), CounterSize(size.length / 2, size.width)


def _lof_origin(pose: Pose, size: CounterSize, mount: str) -> Vec:
    mount = CARRIER.get(mount, mount)
    c = pose.centre
    if mount == "turret":
        return c
    if mount in HALF_SIDES:   # the middle of that half's side
        part, side = mount.split("_")
        return _lof_origin(half_counter(pose, size, part)[0], CounterSize(size.length / 2, size.width), side)
    half = {"front": forward(pose.facing) * (size.length / 2), "back": forward(pose.facing) * (-size.length / 2),
            "right": right(pose.facing) * (size.width / 2), "left": right(pose.facing) * (-size.width / 2)}
    if mount not in half:
        raise ValueError(f"mount must be one of {', '.join(MOUNTS)}")
    return c + half[mount]


def footprint(pose: Pose, size: CounterSize) -> tuple[Vec, Vec, Vec, Vec]:
    return corners(pose, size)


def _closest_on_segment(a: Vec, b: Vec, p: Vec) -> Vec:
    ab = b - a
    den = ab.dot(ab)
    t = 0.0 if den == 0 else max(0.0, min(1.0, (p - a).dot(ab) / den))
    return a + ab * t


def inside(poly: Sequence[Vec], p: Vec) -> bool:
    """Point in a convex polygon given clockwise on screen (y down)."""
    sign = 0
    for i in range(len(poly)):
        a, b = poly[i], poly[(i + 1) % len(poly)]
        cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
        if abs(cross) < 1e-12:
            continue
        s = 1 if cross > 0 else -1
        if sign and s != sign:
            return False
        sign = s
    return True


def nearest_point(poly: Sequence[Vec], p: Vec) -> Vec:
    """The point of a convex polygon nearest p (p itself inside it). In plain floats: the same values
    as _closest_on_segment on each edge, compared by (q - p).length()."""
    if inside(poly, p):
        return p
    px, py = p.x, p.y
    best = poly[0]
    bd = math.hypot(best.x - px, best.y - py)
    found: tuple[float, float] | None = None
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        ax, ay = a.x, a.y
        abx, aby = b.x - ax, b.y - ay
        den = abx * abx + aby * aby
        k = 0.0 if den == 0 else max(0.0, min(1.0, ((px - ax) * abx + (py - ay) * aby) / den))
        qx, qy = ax + abx * k, ay + aby * k
        d = math.hypot(qx - px, qy - py)
        if d < bd:
            found, bd = (qx, qy), d
    return best if found is None else Vec(*found)


def range_to(origin: Vec, target: Pose, size: CounterSize, measure: str = "nearest") -> float:
    """Range in inches from a line-of-fire origin to a target counter.

    The text does not say how range is measured; the default (option `range_measure`) is to the
    nearest point of the target's counter, the alternative is to its centre.
    """
    if measure == "centre":
        return (target.centre - origin).length()
    return (nearest_point(footprint(target, size), origin) - origin).length()


def on_half(target: Pose, p: Vec, side: str) -> bool:
    """Whether p is on the `side` (left/right) half of the counter's lengthwise centre line, the line
    itself included (a sidecar's side, 000:L838)."""
    rx = _local(target, p)[1]
    return rx >= -_EPS if side == "right" else rx <= _EPS


def facing_sides(target: Pose, size: CounterSize, p: Vec) -> frozenset[str]:
    """The sides of a counter that face point p: only those can be hit from there (000:L830)."""
    fx, rx = _local(target, p)
    hl, hw = size.length / 2 + _EPS, size.width / 2 + _EPS  # a point in a side's own plane does not see it
    out = set()
    if fx > hl:
        out.add("front")
    if fx < -hl:
        out.add("back")
    if rx > hw:
        out.add("right")
    if rx < -hw:
        out.add("left")
    return frozenset(out)


def side_penalty(target: Pose, size: CounterSize, firer: Vec, side: str, geometry: str = "corners") -> bool:
    """True when the firer is not in the arc of the side he shoots at: -2 (000:L830, L939)."""
    return side not in arcs_of(target, size, firer, geometry)


def struck_side(target: Pose, size: CounterSize, firer: Vec, geometry: str = "corners") -> str:
    """The side a shot strikes when the firer takes the free choice: the side whose arc he is in.

    On a dividing line either side is free (000:L830); this picks front/back before left/right.
    """
    arcs = arcs_of(target, size, firer, geometry)
    for side in SIDES:
        if side in arcs:
            return side
    raise AssertionError("every point is in some arc")


def closing(heading_a: float, heading_b: float) -> bool:
    """Two vehicles moving towards each other (headings more than 90° apart) for 000:L849."""
    return angle_diff(heading_a, heading_b) > 90.0


def bearing(a: Vec, b: Vec) -> float:
    """Heading from a to b (degrees clockwise from map-up)."""
    return math.degrees(math.atan2(b.x - a.x, -(b.y - a.y))) % 360.0


@cache
def tire_sides(corner: str) -> frozenset[str]:
    """The sides a tire can be seen from, so aimed at (000:L830, L832; reading AU11): a corner's two
    sides ("BL": back and left); a lone wheel at the middle of an end ("F", "B" on a cycle or trike)
    that end and both sides. (A pure function of a few corner names, asked for every tire aim at every
    target: cached.)"""
    ends = {"F": "front", "B": "back"}
    flanks = {"L": "left", "R": "right"}
    out = {ends[c] for c in corner if c in ends} | {flanks[c] for c in corner if c in flanks}
    if not out & set(flanks.values()):
        out |= set(flanks.values())
    return frozenset(out)
