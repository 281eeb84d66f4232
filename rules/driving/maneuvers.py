"""Maneuvers as exact geometry (reference/movement.md §4) and their difficulties (000:L191-L238).

Every maneuver is defined on a virtual 1" x W frame whose front edge is the vehicle's front edge
(000:L194: a cycle uses the car diagrams as the car's front half); the real counter moves rigidly
with that frame. A maneuver replaces one full 1" move of the phase (000:L135).

`Maneuver` is a value with a short text form: "straight", "drift right 0.25", "steep_drift left 0.5",
"bend right 30", "bend right 30 skid=0.5", "swerve left 30 drift=0.25", "pivot right 90",
"pivot right 90 corner=left", "t_stop left", "bootlegger right"; any of them may end in "reverse".
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, cast

from rules.core.geometry import MILLI, CounterSize, Kind, Pose, Vec, forward, norm_deg, right, rotate_cw
from rules.core.named import Named
from rules.tables.movement import ManeuverTable, tables


class ManeuverKind(Named):
    STRAIGHT = "straight"
    DRIFT = "drift"
    STEEP_DRIFT = "steep_drift"
    BEND = "bend"
    SWERVE = "swerve"
    PIVOT = "pivot"
    T_STOP = "t_stop"
    BOOTLEGGER = "bootlegger"


class Side(Named):
    """The way a maneuver turns (or the rear corner a pivot swings about); NONE for straight on."""

    NONE = ""
    LEFT = "left"
    RIGHT = "right"


KINDS = tuple(ManeuverKind)
SIDES = (Side.LEFT, Side.RIGHT)

_KIND_OF: dict[str, ManeuverKind] = {k.value: k for k in ManeuverKind}
_SIDE_OF: dict[str, Side] = {s.value: s for s in Side}
STEP_IN = 1 / 16   # sweep step along a path (reference §4.14)
STEP_DEG = 5.0


@dataclass(frozen=True, order=True)
class Maneuver:
    kind: ManeuverKind = ManeuverKind.STRAIGHT
    side: Side = Side.NONE
    inches: float = 0.0      # drift / steep drift: sideways distance
    degrees: float = 0.0     # bend, swerve, pivot
    drift: float = 0.0       # swerve: the drift before the bend
    skid: float = 0.0        # controlled skid after a bend or swerve
    reverse: bool = False
    corner: Side = Side.NONE  # pivot: the rear corner to swing about (default: the side turned to)
    even: bool = False       # evening-out afterwards: snap onto the grid (000:L234-L235)
    in_place: bool = False   # pivot: without the quarter inch forward, an oversized vehicle at 2.5 mph (000:L599)

    def __post_init__(self) -> None:
        # text forms, query objects and tests give plain strings: check them, then hold the enum members
        # (the lookups take a member or its value alike: a member hashes and compares as its value)
        kind = _KIND_OF.get(self.kind)
        if kind is None:
            raise ValueError(f"unknown maneuver {self.kind!r}; known: {', '.join(KINDS)}")
        side = _SIDE_OF.get(self.side)
        if kind is not ManeuverKind.STRAIGHT and side not in SIDES:
            raise ValueError(f"{self.kind} needs a side: left or right")
        corner = _SIDE_OF.get(self.corner)
        if self.corner and corner not in SIDES:
            raise ValueError("corner must be left or right")
        if self.in_place and kind is not ManeuverKind.PIVOT:
            raise ValueError("only a pivot is made in place")
        if kind is not self.kind:
            object.__setattr__(self, "kind", kind)
        if side is not None and side is not self.side:   # straight on keeps a word that is no side, unchecked as ever
            object.__setattr__(self, "side", side)
        if corner is not None and corner is not self.corner:
            object.__setattr__(self, "corner", corner)

    @property
    def sign(self) -> int:
        return 1 if self.side == "right" else -1

    def __str__(self) -> str:
        parts: list[str] = [self.kind]
        if self.side:
            parts.append(self.side)
        if self.kind in ("drift", "steep_drift"):
            parts.append(f"{self.inches:g}")
        if self.kind in ("bend", "swerve", "pivot"):
            parts.append(f"{self.degrees:g}")
        if self.kind == "swerve":
            parts.append(f"drift={self.drift:g}")
        if self.skid:
            parts.append(f"skid={self.skid:g}")
        if self.corner:
            parts.append(f"corner={self.corner}")
        if self.reverse:
            parts.append("reverse")
        if self.even:
            parts.append("even")
        if self.in_place:
            parts.append("in_place")
        return " ".join(parts)

    @staticmethod
    def parse(text: str) -> Maneuver:
        words = text.split()
        if not words:
            raise ValueError("empty maneuver")
        kind, rest = words[0], words[1:]
        fields: dict[str, Any] = {"kind": kind}
        numbers: list[float] = []
        for w in rest:
            if w in SIDES:
                fields["side"] = w
            elif w == "reverse":
                fields["reverse"] = True
            elif w == "even":
                fields["even"] = True
            elif w == "in_place":
                fields["in_place"] = True
            elif "=" in w:
                k, v = w.split("=", 1)
                if k in ("drift", "skid"):
                    fields[k] = float(v)
                elif k == "corner":
                    fields["corner"] = v
                else:
                    raise ValueError(f"unknown maneuver option {k!r}")
            else:
                numbers.append(float(w))
        t = tables().maneuvers
        if kind in ("drift", "steep_drift"):
            fields["inches"] = numbers[0] if numbers else (t.drift_max if kind == "drift" else t.steep_max)
        elif numbers:
            fields["degrees"] = numbers[0]
        if kind == "swerve" and "drift" not in fields:
            fields["drift"] = t.swerve_max_drift
        return Maneuver(**fields)

    @staticmethod
    def from_json(d: dict[str, Any]) -> Maneuver:
        """The query interface's maneuver object (../shared/DESIGN.md)."""
        known = {"kind", "side", "inches", "degrees", "drift", "skid", "reverse", "corner", "even", "in_place"}
        extra = set(d) - known
        if extra:
            raise ValueError(f"unknown maneuver field(s): {', '.join(sorted(extra))}")
        kind = str(d.get("kind", ""))
        m = tables().maneuvers
        inches = float(d.get("inches", m.drift_max if kind == "drift" else m.steep_max if kind == "steep_drift" else 0))
        drift = float(d.get("drift", m.swerve_max_drift if kind == "swerve" else 0))
        # plain strings: __post_init__ checks them (naming a bad one) and holds the enum members
        return Maneuver(cast(ManeuverKind, kind), cast(Side, str(d.get("side", ""))), inches,
                        float(d.get("degrees", 0)), drift, float(d.get("skid", 0)), bool(d.get("reverse", False)),
                        cast(Side, str(d.get("corner", ""))), bool(d.get("even", False)), bool(d.get("in_place", False)))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": str(self.kind)}
        if self.side:
            out["side"] = str(self.side)
        if self.kind in ("drift", "steep_drift"):
            out["inches"] = self.inches
        if self.kind in ("bend", "swerve", "pivot"):
            out["degrees"] = self.degrees
        if self.kind == "swerve":
            out["drift"] = self.drift
        if self.skid:
            out["skid"] = self.skid
        if self.reverse:
            out["reverse"] = True
        if self.corner:
            out["corner"] = str(self.corner)
        if self.even:
            out["even"] = True
        if self.in_place:
            out["in_place"] = True
        return out


STRAIGHT = Maneuver()


# --- difficulty --------------------------------------------------------------------------------


def shape_error(m: Maneuver, t: ManeuverTable | None = None) -> str | None:
    """Why a maneuver's own numbers are out of range (None if they are fine)."""
    t = t or tables().maneuvers
    if m.kind == "drift" and not 0 < m.inches <= t.drift_max:
        return f"a drift moves more than 0 and at most {t.drift_max:g}\" sideways"
    if m.kind == "steep_drift" and not t.drift_max < m.inches <= t.steep_max:
        return f"a steep drift moves more than {t.drift_max:g}\" and at most {t.steep_max:g}\" sideways"
    if m.kind in ("bend", "swerve") and not t.bend_min <= m.degrees <= t.bend_max:
        return f"a {m.kind} turns {t.bend_min} to {t.bend_max} degrees"
    if m.kind == "swerve" and not 0 < m.drift <= t.swerve_max_drift:
        return f"a swerve's drift is more than 0 and at most {t.swerve_max_drift:g}\""
    if m.kind == "pivot" and not 0 < m.degrees <= 180:
        return "a pivot turns more than 0 and at most 180 degrees"
    if m.skid:
        if m.kind not in ("bend", "swerve"):
            return "only a bend or a swerve can end in a controlled skid"
        if m.skid not in t.skids:
            return f"a controlled skid is one of {', '.join(f'{k:g}' for k in sorted(t.skids))}\""
    if m.corner and m.kind != "pivot":
        return "only a pivot names a corner"
    if m.even and m.kind in ("t_stop", "bootlegger"):
        return "evening-out follows an ordinary maneuver"
    return None


def turn_of(m: Maneuver) -> float:
    """Degrees the facing turns (clockwise positive)."""
    if m.kind in ("bend", "swerve", "pivot"):
        return m.sign * m.degrees
    if m.kind in ("t_stop", "bootlegger"):
        return m.sign * 90.0
    return 0.0


GRID = 0.25


def even_out(pose: Pose) -> Pose | None:
    """Evening-out (000:L234-L235): with the facing on a grid axis, snap the centre to the nearest
    quarter inch so the counter's edges lie on grid lines. None if the facing is not axis-aligned."""
    if round(pose.facing_m) % 90000 != 0:
        return None
    return Pose.at(round(pose.x / GRID) * GRID, round(pose.y / GRID) * GRID, pose.facing)


def base_difficulty(m: Maneuver, speed: float = 0.0, t: ManeuverTable | None = None) -> int:
    """The maneuver's D before road conditions (000:L197-L237)."""
    t = t or tables().maneuvers
    if m.kind == "straight":
        d = 0
    elif m.kind == "drift":
        d = t.drift_d
    elif m.kind == "steep_drift":
        d = t.steep_d
    elif m.kind == "bend":
        d = t.bend_difficulty(m.degrees)
    elif m.kind == "swerve":
        d = t.bend_difficulty(m.degrees) + t.swerve_extra
    elif m.kind == "pivot":
        d = t.pivot_d
    elif m.kind == "t_stop":
        d = math.ceil(abs(speed) / t.tstop_mph_per_d - 1e-9)
    else:  # bootlegger
        d = t.bootlegger_d
    if m.skid:
        d += t.skids[m.skid].extra_difficulty
    if m.reverse and m.kind != "straight":
        d += t.reverse_extra
    return d


# --- geometry ----------------------------------------------------------------------------------


def _frame_shift(size: CounterSize) -> float:
    """Distance from the counter centre forward to the centre of the 1" maneuver frame."""
    return size.length / 2 - 0.5


# The sweep's sample poses are worked out in plain floats (x, y, facing), with the very operations,
# in the same order, that the Vec/Pose forms made: the same poses to the last bit, some three times
# cheaper (a turning-key preview makes a dozen of these paths, issue 13).
_Point = tuple[float, float, float]


def _path_translate(c: Vec, facing: float, d: Vec, out: list[_Point]) -> Vec:
    steps = max(1, math.ceil(d.length() / STEP_IN))
    cx, cy, dx, dy = c.x, c.y, d.x, d.y
    for i in range(1, steps + 1):
        k = i / steps
        out.append((cx + dx * k, cy + dy * k, facing))
    return c + d


def _path_rotate(c: Vec, facing: float, about: Vec, deg: float, out: list[_Point]) -> tuple[Vec, float]:
    steps = max(1, math.ceil(abs(deg) / STEP_DEG))
    ax, ay = about.x, about.y
    x, y = c.x - ax, c.y - ay
    cos, sin, radians = math.cos, math.sin, math.radians
    for i in range(1, steps + 1):
        turned = deg * i / steps
        a = radians(turned)
        ca, sa = cos(a), sin(a)
        out.append((ax + x * ca - y * sa, ay + x * sa + y * ca, facing + turned))   # rotate_cw
    return rotate_cw(c, about, deg), facing + deg


@dataclass(frozen=True)
class Motion:
    """Where a counter ends and the poses it passes through (for sweeps and animation)."""

    end: Pose
    path: tuple[Pose, ...]


def _pose(x: float, y: float, facing: float) -> Pose:
    """Pose.at(x, y, facing) for a facing norm_deg has normalised already (norm_deg leaves such a
    facing as it is, so Pose.at's own call is skipped)."""
    return Pose(round(x * MILLI), round(y * MILLI), round(facing * MILLI) % (360 * MILLI))


def _finish(points: list[_Point], shift: float, flip: bool) -> Motion:
    poses = []
    sin, cos, radians = math.sin, math.cos, math.radians
    last_f, fx, fy = math.nan, 0.0, 0.0
    for cx, cy, f in points:
        real_facing = f + 180 if flip else f
        if f != last_f:   # forward(f), once for a run of points with one facing
            t = radians(f)
            last_f, fx, fy = f, sin(t), -cos(t)
        # move from the frame centre back to the counter centre (along the frame's facing)
        poses.append(Pose(round((cx - fx * shift) * MILLI), round((cy - fy * shift) * MILLI),   # _pose, inlined
                          round(norm_deg(real_facing) * MILLI) % (360 * MILLI)))
    return Motion(poses[-1], tuple(poses))


def perform(m: Maneuver, pose: Pose, size: CounterSize, *, travel: float | None = None) -> Motion:
    """The motion of one maneuver from `pose` (the 1" move it replaces, or the pivot's half-move).

    `travel` is the travel direction before the maneuver (T-stops and bootleggers slide along it);
    by default it is the facing (or its reverse for a reverse move).
    """
    flip = m.reverse
    facing = norm_deg(pose.facing + (180 if flip else 0))
    shift = _frame_shift(size)
    c0 = pose.centre
    c = c0 + forward(facing) * shift
    out: list[_Point] = [(c.x, c.y, facing)]
    f, r = forward(facing), right(facing)
    s = m.sign
    w = size.width
    u0 = forward(travel) if travel is not None else f
    t = tables().maneuvers
    if m.kind == "straight":
        _path_translate(c, facing, f, out)
    elif m.kind in ("drift", "steep_drift"):
        _path_translate(c, facing, f + r * (s * m.inches), out)
    elif m.kind == "bend":
        pivot = c + f * 0.5 + r * (s * w / 2)
        c = _path_translate(c, facing, f, out)
        _path_rotate(c, facing, pivot, s * m.degrees, out)
    elif m.kind == "swerve":
        c = _path_translate(c, facing, f - r * (s * m.drift), out)
        pivot = c - f * 0.5 + r * (s * w / 2)
        _path_rotate(c, facing, pivot, s * m.degrees, out)
    elif m.kind == "pivot":
        # the real counter (not the frame) advances and swings about one of its own rear corners
        out = [(c0.x, c0.y, facing)]
        c = c0 if m.in_place else _path_translate(c0, facing, f * t.pivot_advance, out)
        corner = m.corner or m.side
        cs = 1 if corner == "right" else -1
        about = c - f * (size.length / 2) + r * (cs * w / 2)
        _path_rotate(c, facing, about, s * m.degrees, out)
        return _finish(out, 0.0, flip)
    elif m.kind == "t_stop":
        out = [(c0.x, c0.y, facing)]
        c, fc = _path_rotate(c0, facing, c0, s * 90, out)
        _path_translate(c, fc, u0, out)
        return _finish(out, 0.0, flip)
    elif m.kind == "bootlegger":
        out = [(c0.x, c0.y, facing)]
        c = _path_translate(c0, facing, u0, out)
        _path_rotate(c, facing, c, s * 90, out)
        return _finish(out, 0.0, flip)
    motion = _finish(out, shift, flip)
    if m.even:
        snapped = even_out(motion.end)
        if snapped is not None and snapped != motion.end:
            return Motion(snapped, motion.path + (snapped,))
    return motion


def slide(pose: Pose, direction: float, inches: float, *, spin: float = 0.0) -> Motion:
    """Move a counter `inches` along a heading without turning it (skids, T-stop slides, rolls);
    `spin` degrees of rotation about its centre are spread over the slide (spinouts)."""
    c0 = pose.centre
    d = forward(direction) * inches
    steps = max(1, math.ceil(max(d.length() / STEP_IN, abs(spin) / STEP_DEG)))
    poses = [pose]
    x0, y0, dx, dy, f0 = c0.x, c0.y, d.x, d.y, pose.facing
    for i in range(1, steps + 1):
        k = i / steps
        poses.append(_pose(x0 + dx * k, y0 + dy * k, norm_deg(f0 + spin * k)))   # Pose.of(c0 + d * k, ...)
    return Motion(poses[-1], tuple(poses))


def straight(pose: Pose, inches: float, *, reverse: bool = False) -> Motion:
    return slide(pose, pose.facing + (180 if reverse else 0), inches)


def fishtail(pose: Pose, size: CounterSize, swing: str, squares: int) -> Motion:
    """Fishtail: the rear swings toward `swing`; the front corner on the other side stays put (000:L332),
    15 degrees per square on the turning key (000:L242)."""
    shift = _frame_shift(size)
    facing = pose.facing
    c = pose.centre + forward(facing) * shift
    s = 1 if swing == "right" else -1
    about = c + forward(facing) * 0.5 - right(facing) * (s * size.width / 2)
    out: list[_Point] = [(c.x, c.y, facing)]
    deg = -s * tables().maneuvers.fishtail_deg_per_square * squares
    _path_rotate(c, facing, about, deg, out)
    return _finish(out, shift, False)


def bootlegger_finish(pose: Pose, side: str, travel: float) -> Motion:
    """Leg B of a bootlegger: the nose comes round to face back the way it came, one lane over."""
    t = tables().maneuvers
    s = 1 if side == "right" else -1
    out: list[_Point] = [(pose.centre.x, pose.centre.y, pose.facing)]
    c, fc = _path_rotate(pose.centre, pose.facing, pose.centre, s * 90, out)
    _path_translate(c, fc, forward(travel) * t.bootlegger_advance + right(travel) * (s * t.bootlegger_offset), out)
    return _finish(out, 0.0, False)


def maneuver_error(kind: Kind, m: Maneuver, speed: float) -> str | None:
    """Why this vehicle kind cannot make this maneuver at this speed (None if it can)."""
    t = tables().maneuvers
    err = shape_error(m, t)
    if err:
        return err
    if kind is Kind.CYCLE and m.reverse:
        return "a cycle cannot move in reverse (000:L238)"
    if kind is Kind.CYCLE and m.kind == "bootlegger":
        return "a cycle cannot do a bootlegger reverse (000:L225)"
    if m.kind == "pivot" and speed != t.pivot_mph:
        return f"a pivot is made only at {t.pivot_mph:g} mph (000:L231)"
    if m.kind == "bootlegger" and not t.bootlegger_min <= speed <= t.bootlegger_max:
        return f"a bootlegger reverse starts at {t.bootlegger_min}-{t.bootlegger_max} mph (000:L222)"
    if m.kind == "t_stop" and speed <= 0:
        return "a T-stop needs speed to slide"
    return None
