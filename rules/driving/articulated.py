"""Trailers following their towers, and what rigs, buses and ten-wheelers may and may not do
(000:L254-L261, L337-L351, L540-L611).

A tower (a car, cycle or tractor) and its trailer are two counters joined at one point: a car trailer's
tongue tip on the hitch at the centre of the tower's back edge, a semi-trailer's kingpin on the
tractor's fifth wheel. After every maneuver the trailer is moved as the book moves it (000:L561-L564):
straight along its own axis as far as the tower went, then turned about one rear corner until its
coupling point comes as close as it can to the hitch, then onto the hitch. A rig jackknifes when the two
counters fold too far (000:L573, L591).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.core.dice import DiceExpr
from rules.core.geometry import CounterSize, Pose, Vec, angle_diff, forward, norm_deg, right, rotate_cw
from rules.driving.maneuvers import Maneuver, Motion, base_difficulty, perform, slide
from rules.tables.movement import tables
from rules.tables.rigs import RigTables, Table3Row, rig_tables

RIG_KINDS = ("ten_wheeler", "tractor", "bus")       # one-counter oversized vehicles, and the rig's tractor


@dataclass(frozen=True)
class Coupling:
    """How a trailer hangs on its tower: both counters and where they join."""

    tower: CounterSize
    trailer: CounterSize
    hitch_back: float        # from the tower's centre back along its axis to the hitch (or fifth wheel)
    coupling_ahead: float    # from the trailer's centre forward to its tongue tip (or kingpin)
    rig: bool                # a tractor and semi-trailer (kingpin on fifth wheel), else a car trailer

    @property
    def reach(self) -> float:
        """From the middle of the trailer's rear edge forward to its coupling point."""
        return self.trailer.length / 2 + self.coupling_ahead


def counter(kind: str, body: str = "", t: RigTables | None = None) -> CounterSize:
    """The counter of an oversized vehicle or a trailer: the book's car trailer lengths (000:L541-L550);
    rigs and buses as reconstructed in the data (000:L587)."""
    t = t or rig_tables()
    if kind in ("car", "cycle", "trike"):
        from_movement = tables().handling.counters
        return next(size for k, size in from_movement.items() if k.value == kind)
    key = body if body in t.lengths else kind
    if key not in t.lengths:
        raise KeyError(f"no counter length for {kind} {body}".strip())
    return CounterSize(t.lengths[key], t.counter_width)


def car_trailer_coupling(tower: CounterSize, body: str, t: RigTables | None = None) -> Coupling:
    """A car, cycle or trike towing a car trailer: the tongue tip on the hitch (000:L541, L551)."""
    t = t or rig_tables()
    box = counter("car_trailer", body, t)
    return Coupling(tower, box, tower.length / 2 - t.hitch_inset, box.length / 2 + t.tongue_length, False)


def rig_coupling(tractor: CounterSize | None = None, t: RigTables | None = None) -> Coupling:
    """A tractor and its semi-trailer: the kingpin over the fifth wheel, the trailer overlapping the tractor's
    back (000:L588)."""
    t = t or rig_tables()
    tractor = tractor or counter("tractor", "", t)
    trailer = counter("semi_trailer", "", t)
    return Coupling(tractor, trailer, tractor.length / 2 - t.fifth_wheel_inset, trailer.length / 2 - t.kingpin_inset,
                    True)


def heading(v: Vec) -> float:
    """The facing (clockwise from map-up) of a direction."""
    return norm_deg(math.degrees(math.atan2(v.x, -v.y)))


def hitch_point(tower: Pose, c: Coupling) -> Vec:
    return tower.centre - forward(tower.facing) * c.hitch_back


def coupling_point(trailer: Pose, c: Coupling) -> Vec:
    return trailer.centre + forward(trailer.facing) * c.coupling_ahead


def hitched(tower: Pose, c: Coupling, angle: float = 0.0) -> Pose:
    """The trailer on the hitch, its axis `angle` degrees clockwise of the tower's (0: straight behind)."""
    f = norm_deg(tower.facing + angle)
    return Pose.of(hitch_point(tower, c) - forward(f) * c.coupling_ahead, f)


def fold(tower: Pose, trailer: Pose) -> float:
    """How far the trailer's axis is turned from the tower's, 0-180 degrees."""
    return angle_diff(tower.facing, trailer.facing)


def jackknife_angle(c: Coupling, t: RigTables | None = None) -> float:
    """A rig folds past 90 degrees (000:L591); a car trailer jackknifes when its tongue's side lies flat
    against the tower's back edge (000:L573): 90 degrees less the tongue side's angle to the axis."""
    t = t or rig_tables()
    if c.rig:
        return t.num("towing", "rig_jackknife_angle")
    return 90.0 - math.degrees(math.atan2(t.tongue_base / 2, t.tongue_length))


def jackknifed(tower: Pose, trailer: Pose, c: Coupling, t: RigTables | None = None) -> bool:
    """A rig has jackknifed once it folds past the angle ("less than 90 degrees" between them); a car
    trailer as soon as its tongue lies against the tower."""
    limit = jackknife_angle(c, t)
    return fold(tower, trailer) > limit + 1e-6 if c.rig else fold(tower, trailer) >= limit - 1e-6


def follow(trailer: Pose, hitch: Vec, distance: float, c: Coupling, *, reverse: bool = False) -> Pose:
    """Where the trailer ends when its tower has moved and the hitch is now at `hitch` (000:L561-L564):
    straight along its axis `distance` inches (backwards when reversing), turned about the rear corner on
    the hitch's side until the coupling point is nearest the hitch, then set on the hitch."""
    u = forward(trailer.facing)
    moved = trailer.centre + u * (-distance if reverse else distance)
    n = right(trailer.facing)
    lateral = (hitch - moved).dot(n)
    if abs(lateral) < 1e-9:
        f = trailer.facing
    else:
        s = 1.0 if lateral > 0 else -1.0
        corner = moved - u * (c.trailer.length / 2) + n * (s * c.trailer.width / 2)
        # the coupling point seen from that corner: `reach` ahead and half a width across, back to the axis
        offset = math.degrees(math.atan2(-s * c.trailer.width / 2, c.reach))
        f = norm_deg(heading(hitch - corner) - offset)
    return Pose.of(hitch - forward(f) * c.coupling_ahead, f)


def maneuver_distance(m: Maneuver) -> float:
    """How far a maneuver moves the tower, for the trailer's straight first step (000:L562): a pivot's
    quarter inch forward (none for a pivot in place, 000:L599), a full inch otherwise."""
    if m.kind == "pivot":
        return 0.0 if m.in_place else tables().maneuvers.pivot_advance
    return 1.0


@dataclass(frozen=True)
class RigMotion:
    tower: Motion
    trailer: Motion
    jackknifed: bool


def trailer_path(start: Pose, end: Pose, steps: int = 4) -> tuple[Pose, ...]:
    """Poses between the trailer's start and end, for sweeps and animation (the book counts contact only
    where the trailer ends, 000:L565)."""
    turn = ((end.facing - start.facing + 180) % 360) - 180
    out = [start]
    for i in range(1, steps + 1):
        k = i / steps
        c = start.centre + (end.centre - start.centre) * k
        out.append(Pose.of(c, norm_deg(start.facing + turn * k)))
    return tuple(out)


def rig_maneuver(m: Maneuver, tower: Pose, trailer: Pose, c: Coupling, *, travel: float | None = None) -> RigMotion:
    """The tower's maneuver, then the trailer following it (000:L561-L564, L568-L569, L591)."""
    tm = perform(m, tower, c.tower, travel=travel)
    end = follow(trailer, hitch_point(tm.end, c), maneuver_distance(m), c, reverse=m.reverse)
    return RigMotion(tm, Motion(end, trailer_path(trailer, end)), jackknifed(tm.end, end, c))


def rig_maneuver_error(m: Maneuver, speed: float, *, towing: bool, guarded: bool = False,
                       t: RigTables | None = None) -> str | None:
    """What a rig or a vehicle towing a trailer may not do: no bootlegger (000:L559, L590), no backing over
    20 mph (000:L570), nothing harder than D3 with an armored hitch or fifth-wheel guard (000:L1982, L2081)."""
    t = t or rig_tables()
    if towing:
        forbidden = t.towing["no_maneuvers"]
        assert isinstance(forbidden, list)
        if m.kind in forbidden:
            return "a vehicle towing a trailer cannot attempt a bootlegger (000:L559, L590)"
        if m.reverse and speed > t.num("towing", "max_reverse"):
            return f"a vehicle towing a trailer backs up at {t.num('towing', 'max_reverse'):g} mph at most (000:L570)"
    limit = int(t.num("towing", "guard_max_difficulty"))
    if guarded and base_difficulty(m, speed) > limit:
        return f"an armored hitch or fifth-wheel guard allows nothing harder than D{limit} (000:L1982, L2081)"
    return None


def towing_crash_table(*, towing: bool, kind: str, braking: bool, t: RigTables | None = None) -> int | None:
    """The crash table a lost control sends a vehicle to: Crash Table 3 for anything towing a trailer, for
    any cause (000:L578, L607); Crash Table 2 for a ten-wheeler losing control while braking (000:L585);
    None: the car rules (Crash Tables 1 and 2) as for buses and lone tractors (000:L607)."""
    t = t or rig_tables()
    if towing:
        return t.crash_table["towing"]
    if kind == "ten_wheeler" and braking:
        return t.crash_table["ten_wheeler_braking"]
    return None


def decel_crash(mph: float, t: RigTables | None = None) -> tuple[bool, DiceExpr]:
    """Decelerating more than 30 mph in a turn while towing: straight to Crash Table 3, and every tire
    (the trailer's too) takes 2d (000:L553)."""
    t = t or rig_tables()
    dice = t.towing["decel_tire_damage"]
    assert isinstance(dice, str)
    return mph > t.num("towing", "decel_limit"), DiceExpr.parse(dice)


def fire_hazard(hits: int, t: RigTables | None = None) -> int:
    """The D of the damage one attack does to an oversized vehicle: 13-21 hits D2, 22+ D3 (000:L256-L257)."""
    t = t or rig_tables()
    bands = t.hazards["fire_bands"]
    assert isinstance(bands, list)
    d = 0
    for least, value in bands:
        if hits >= least:
            d = int(value)
    return d


def acceleration_at(gears: tuple[tuple[float, float], ...], speed: float) -> float:
    """The most an oversized vehicle may speed up this turn from `speed`: the first band it is below
    (000:L2030-L2031; a band's limit 0 holds beyond)."""
    for accel, until in gears:
        if until == 0 or abs(speed) < until:
            return accel
    return gears[-1][0] if gears else 0.0


def crash3(roll: int, t: RigTables | None = None) -> Table3Row:
    """The Crash Table 3 row of a modified roll (000:L337-L351)."""
    return (t or rig_tables()).lookup3(roll)


def trailer_fishtail(tower: Pose, trailer: Pose, c: Coupling, side: str, inches: float) -> Pose:
    """The trailer's rear swings `inches` toward `side`, its coupling point kept on the hitch (000:L339)."""
    s = 1.0 if side == "right" else -1.0
    deg = math.degrees(2 * math.asin(min(1.0, inches / (2 * c.reach))))
    about = coupling_point(trailer, c)
    # the rear going right turns the trailer's nose to the left: anticlockwise about the coupling point
    centre = rotate_cw(trailer.centre, about, -s * deg)
    return Pose.of(centre, norm_deg(trailer.facing - s * deg))


def crash3_motion(row: Table3Row, tower: Pose, trailer: Pose, c: Coupling, travel: float,
                  side: str) -> tuple[Pose, Pose, bool]:
    """Where a Crash Table 3 result leaves the two counters: the rig skids along its travel (the trailer
    following, reading M-R3 of the "trailer skids" rows), then the trailer fishtails toward `side`;
    whether it ended jackknifed."""
    skid = row.tractor_skid + row.trailer_skid
    if skid:
        tower = slide(tower, travel, skid).end
        trailer = follow(trailer, hitch_point(tower, c), skid, c)
    if row.trailer_fishtail:
        trailer = trailer_fishtail(tower, trailer, c, side, row.trailer_fishtail)
    return tower, trailer, jackknifed(tower, trailer, c)


def jackknife_breaks(die: int, t: RigTables | None = None) -> bool:
    """A jackknife from a hard fishtail (or one held two phases after a maneuver) breaks the tongue, hitch
    or kingpin on 1-3 (000:L574, L591)."""
    return die <= int((t or rig_tables()).num("towing", "jackknife_break_max"))


def loose_trailer(kind: str, speed: float, t: RigTables | None = None) -> tuple[DiceExpr | None, str, int, int, int]:
    """What a trailer coming loose at `speed` does (000:L576, L601-L603): the damage to its tongue (car
    trailers) or front underbody (semi-trailers) as 1d per 10 mph, where that damage goes, the HC of its
    control roll, the crash table if it fails, and the mph it loses each turn it rolls on."""
    t = t or rig_tables()
    tens = int(abs(speed) // 10)
    if kind == "semi_trailer":
        per = int(t.num("loose", "semi_underbody_damage_per_10_mph"))
        return (DiceExpr(tens * per, 0) if tens else None, "front_underbody", int(t.num("loose", "semi_hc")),
                int(t.num("loose", "semi_crash_table")), int(t.num("loose", "semi_decel")))
    if kind == "full_trailer":
        return None, "", int(t.num("loose", "full_hc")), int(t.num("loose", "full_crash_table")), \
            int(t.num("loose", "full_decel"))
    per = int(t.num("loose", "car_tongue_damage_per_10_mph"))
    return (DiceExpr(tens * per, 0) if tens else None, "tongue", int(t.num("loose", "car_hc")),
            int(t.num("loose", "car_crash_table")), int(t.num("loose", "car_decel")))


def oversized_hazard(event: str, t: RigTables | None = None) -> int:
    """The D of an event to an oversized vehicle (000:L255-L261): striking an obstacle D1, its trailer released
    while moving D2, an anti-tank gun fired to the side D1, a tank gun fired D2, a cycle steamrollered D1."""
    return int((t or rig_tables()).num("hazards", event))


def reverse_swerve(die: int, *, straight: bool, skilled: bool, t: RigTables | None = None) -> float:
    """How far the trailer's rear swerves (toward a jackknife) when a driver without the skill backs a trailer
    this phase: on a 1 backing straight, on 1-3 otherwise (000:L571)."""
    t = t or rig_tables()
    if skilled:
        return 0.0
    most = t.num("towing", "unskilled_reverse_swerve_straight" if straight else "unskilled_reverse_swerve_turning")
    return t.num("towing", "unskilled_reverse_swerve") if die <= most else 0.0


def lost_tire_effects(first_of_pair: bool, side_all_lost: bool, t: RigTables | None = None) -> tuple[int, int | None, int]:
    """A car trailer losing tires (000:L578): the first of a pair is a D2 hazard; every tire on one side lost
    sends the tower to Crash Table 3 at HC -3. Returns (D, crash table or None, HC or 0)."""
    t = t or rig_tables()
    d = int(t.num("towing", "first_tire_of_pair_hazard")) if first_of_pair else 0
    if side_all_lost:
        return d, t.crash_table["towing"], int(t.num("towing", "side_tires_lost_hc"))
    return d, None, 0


def load_falls(kind: str, spaces: int, difficulty: int, die: int,
               t: RigTables | None = None) -> tuple[bool, DiceExpr | None]:
    """A flatbed loaded past its safe spaces, on a D3-or-worse maneuver or hazard: one chance in 6 for every
    5 full spaces over 20 (a semi-trailer: every 10 over 50) that the load falls off, 2d (3d) spaces of it
    remaining (000:L2047, L2094). Returns whether it fell and the dice of what remains."""
    t = t or rig_tables()
    safe, per, remain = t.overload[kind]
    if difficulty < t.overload_min_difficulty or spaces <= safe:
        return False, None
    if die <= (spaces - safe) // per:
        return True, remain
    return False, None


def tanker_leak(armor: dict[str, int], metal: dict[str, int], t: RigTables | None = None) -> int:
    """Spaces a mile a car tanker trailer leaks (000:L1967): in each location, a space for every 5 points of
    plastic it lacks under 20, or for every point of metal under 5 (the better of the two counts)."""
    least, per, least_metal = (t or rig_tables()).leak
    total = 0
    for loc, pts in armor.items():
        plastic = max(0, least - pts) // per
        iron = max(0, least_metal - metal.get(loc, 0)) if metal.get(loc, 0) else plastic
        total += min(plastic, iron)
    return total


@dataclass(frozen=True)
class RigGhost:
    """One maneuver of the turning key for a rig: where both counters would end, or why it is refused."""

    maneuver: Maneuver
    motion: RigMotion | None
    difficulty: int
    refused: str = ""


def key_maneuvers(speed: float) -> tuple[Maneuver, ...]:
    """The maneuvers the turning key lays for a towing vehicle at this speed: straight, drifts and steep drifts,
    bends in the key's 15-degree notches, both ways (no bootlegger, 000:L559)."""
    t = tables().maneuvers
    out = [Maneuver.from_json({"kind": "straight"})]
    for side in ("left", "right"):
        out.append(Maneuver.from_json({"kind": "drift", "side": side, "inches": t.drift_max}))
        out.append(Maneuver.from_json({"kind": "steep_drift", "side": side, "inches": t.steep_max}))
        for deg in range(max(t.bend_min, t.key_degrees[0]), t.bend_max + 1, t.key_degrees[0]):
            out.append(Maneuver.from_json({"kind": "bend", "side": side, "degrees": deg}))
    if speed == t.pivot_mph:
        for side in ("left", "right"):
            out.append(Maneuver.from_json({"kind": "pivot", "side": side, "degrees": t.key_degrees[0] * 3}))
    return tuple(out)


def rig_ghosts(tower: Pose, trailer: Pose, c: Coupling, speed: float, *, guarded: bool = False,
               travel: float | None = None) -> tuple[RigGhost, ...]:
    """Every key maneuver for this rig at this speed: both counters' end poses, the D, whether it jackknifes,
    and what the towing rules refuse (what a client's turning key shows, 000:L557-L564)."""
    out = []
    for m in key_maneuvers(speed):
        why = rig_maneuver_error(m, speed, towing=True, guarded=guarded)
        motion = None if why else rig_maneuver(m, tower, trailer, c, travel=travel)
        out.append(RigGhost(m, motion, base_difficulty(m, speed), why or ""))
    return tuple(out)


def trucker_hc(has_trucker: bool, has_driver: bool, t: RigTables | None = None) -> int:
    """HC change for whoever drives an oversized vehicle: none with Trucker, -2 without, -4 without Driver
    either (000:L1385)."""
    no_trucker, neither = (t or rig_tables()).trucker
    if has_trucker:
        return 0
    return no_trucker if has_driver else neither


@dataclass(frozen=True)
class Release:
    """What releasing a trailer from the tower does (000:L258, L1979-L1981, L2105-L2107, L601-L603)."""

    allowed: bool
    why: str = ""
    hazard: int = 0           # to the tower, if it is moving (D2)
    spent: bool = False       # an explosive kingpin or hitch must be replaced
    crashes: bool = False     # a semi-trailer drops its front at once (Crash Table 3)


def release_trailer(trailer_kind: str, fitting: str, speed: float, t: RigTables | None = None) -> Release:
    """Releasing a trailer from inside: only an explosive or quick-release kingpin or hitch (a firing action);
    a standard one takes five minutes from outside. Released while moving: a D2 hazard to the tower, the
    trailer loose; a semi-trailer crashes at once."""
    t = t or rig_tables()
    if fitting not in t.release_inside:
        return Release(False, "a standard kingpin or hitch is released only from outside, in about five minutes "
                              "(000:L2105)")
    moving = speed > 0
    return Release(True, "", int(t.num("loose", "released_hazard")) if moving else 0, fitting in t.release_spent,
                   moving and trailer_kind == "semi_trailer")


def truck_tire_immune(tire: str, source: str, t: RigTables | None = None) -> bool:
    """Solid and plasticore truck tires take no damage from spikes or debris, but do from obstacles (000:L2013)."""
    t = t or rig_tables()
    return tire in t.immune_tires and source in t.immune_to


def jackknife_roll_due(cause: str, phases_held: int, t: RigTables | None = None) -> bool:
    """When a jackknife makes its 1d break roll: at once after a hard fishtail; after a maneuver only once the
    position has been held two movement phases running (000:L574)."""
    t = t or rig_tables()
    return cause == "fishtail" or phases_held >= int(t.num("towing", "jackknife_hold_phases"))


def ultra_slow_moves(tower: Pose, trailer: Pose, c: Coupling, *, side: str, degrees: float) -> dict[str, RigMotion]:
    """A truck's turn at 2.5 mph, one quarter inch in phase 1 (000:L593-L599): (a) a quarter inch straight,
    (b) a quarter inch and a pivot as a regular vehicle's, (c) a pivot without moving forward; the trailer
    follows as ever."""
    step = tables().maneuvers.pivot_advance
    pivot = Maneuver.from_json({"kind": "pivot", "side": side, "degrees": degrees})
    ahead = slide(tower, tower.facing, step)
    with_pivot = perform(pivot, tower, c.tower)
    # (c): the pivot's own swing about the rear corner, from where the tower stands
    back = tower.centre - forward(tower.facing) * step
    standing = perform(pivot, Pose.of(back, tower.facing), c.tower)
    out = {}
    for name, motion, dist in (("straight", ahead, step), ("forward_and_pivot", with_pivot, step),
                               ("pivot", standing, 0.0)):
        end = follow(trailer, hitch_point(motion.end, c), dist, c)
        out[name] = RigMotion(motion, Motion(end, trailer_path(trailer, end)), jackknifed(motion.end, end, c))
    return out
