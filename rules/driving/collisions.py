"""What a collision does (000:L386-L491), debris and obstacles (000:L492-L504), and the terrain rules a
moving vehicle meets: off-road, ditches, water, jumping and falling (000:L278-L305, L505-L536).

Pure functions of numbers and rules types; the engine finds contacts with rules.world.collision, rolls the
dice, and applies the results. Tables come from rules/data/collisions.toml and rules/data/terrain.toml.

API, vehicle against vehicle (V1 as the rules name it: in a T-bone the vehicle whose front strikes,
in a rear-end the one behind):

    classify(mover, other, normal) -> Classification      # kind, whether the mover is V1, sides hit
    damage_modifier(weight_lb) -> Fraction; dm_text(dm) -> "2/3"
    collide(kind, (v1, v2), (dm1, dm2)) -> CollisionOutcome
        .collision_speed, .ram (DiceExpr | None), .new_speeds, .hazards (D for each),
        .concussion (thresholds), .damage(ram_total) -> (to V1, to V2)
    who_moves_on(outcome, mover_is_v1) -> Continuation    # who finishes the phase, who conforms, slides
    temporary_speed(speed, my_dm, other_dm), stunned_phases(threshold, roll, devices)
    ram_damages(total, dms, spikes=..., ramplates=..., pedestrians=...)   # bumper spikes, ramplates
    can_steamroller(big, victim), steamrollered(die), steamroller_hazard(victim), link_ram(before, after)

fixed objects (walls, buildings, trees, boulders):

    classify_fixed(mover, normal) -> CollisionKind (HEAD_ON or SIDESWIPE_SAME)
    fixed_object_collision(kind, speed, vehicle_dm, ram_total, dp=..., sections=...) -> FixedOutcome

debris, obstacles and terrain:

    debris_tire_damage(faces), off_road_rolls(speed), off_road_damage(roll, kind), ditch(width_ft, speed),
    water(depth_ft, or_suspension), jump_flight_in(speed, angle), landing_hazard(flight_ft, slope),
    landing_tire_damage(die, tire), fall(height_in), jump_out_off_road_speed(speed)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from rules.core.dice import DiceExpr
from rules.core.geometry import CounterSize, Pose, Vec, angle_diff, forward, right
from rules.tables.collisions import FallRow, collision_data, terrain_data
from rules.tables.movement import tables
from rules.vehicles.spec import VehicleSpec

# --- data ---------------------------------------------------------------------------------------
















# --- damage modifier and the Temporary Speed Table ------------------------------------------------


def damage_modifier(weight_lb: float, *, pedestrian: bool = False) -> Fraction:
    """DM by weight at the start of the trip (000:L390, L395-L405); a pedestrian's is 1/5."""
    d = collision_data()
    if pedestrian:
        return d.pedestrian_dm
    if weight_lb < 0:
        raise ValueError("a weight cannot be negative")
    for heaviest, dm in d.dm_bands:
        if weight_lb <= heaviest:
            return dm
    top_lb, top_dm = d.dm_bands[-1]
    return top_dm + math.ceil((weight_lb - top_lb) / d.dm_step_lb)


def dm_text(dm: Fraction) -> str:
    return str(dm)


def _tst_key(dm: Fraction, keys: Sequence[Fraction]) -> Fraction:
    """The table's row/column for a DM: below the smallest (pedestrians) use the smallest, above the
    largest use the largest, between two (not in the printed table) the next lower one."""
    ordered = sorted(keys)
    if dm <= ordered[0]:
        return ordered[0]
    return max(k for k in ordered if k <= dm)


def tst_factor(my_dm: Fraction, other_dm: Fraction) -> Fraction:
    """The Temporary Speed Table cell (000:L483-L491; missing rows reconstructed, see the data file)."""
    d = collision_data()
    row = d.tst_rows[_tst_key(my_dm, d.tst_columns)]
    return row[d.tst_columns.index(_tst_key(other_dm, d.tst_columns))]


def round_up_to(mph: float, step: int) -> float:
    return float(math.ceil(mph / step - 1e-9) * step)


def temporary_speed(speed: float, my_dm: Fraction, other_dm: Fraction) -> float:
    """Speed times the TST factor, rounded up to a multiple of 5 mph (000:L483)."""
    return round_up_to(abs(speed) * float(tst_factor(my_dm, other_dm)), collision_data().tst_round_mph)


# --- collision types, speeds and outcomes -----------------------------------------------------------


class CollisionKind(str, Enum):
    HEAD_ON = "head_on"
    REAR_END = "rear_end"
    T_BONE = "t_bone"
    SIDESWIPE_SAME = "sideswipe_same"
    SIDESWIPE_OPPOSITE = "sideswipe_opposite"

    @property
    def sideswipe(self) -> bool:
        return self in (CollisionKind.SIDESWIPE_SAME, CollisionKind.SIDESWIPE_OPPOSITE)


def swipe_speed(net_mph: float) -> float:
    """A sideswipe's speed: net speed / 4, rounded up to a multiple of 5 mph (000:L460)."""
    d = collision_data()
    return round_up_to(abs(net_mph) / d.swipe_divisor, d.swipe_round_mph)


def net_speed(kind: CollisionKind, v1: float, v2: float) -> float:
    """Closing speed before the sideswipe reduction (000:L418, L433, L447, L459)."""
    if kind in (CollisionKind.HEAD_ON, CollisionKind.SIDESWIPE_OPPOSITE):
        return abs(v1) + abs(v2)
    if kind is CollisionKind.T_BONE:
        return abs(v1)
    return abs(abs(v1) - abs(v2))


def collision_speed(kind: CollisionKind, v1: float, v2: float) -> float:
    """The speed the ram dice are read at: head-on v1+v2, rear-end v1-v2 (absolute), T-bone v1,
    sideswipe the swipe-speed (000:L418, L433, L447, L458-L460)."""
    net = net_speed(kind, v1, v2)
    return swipe_speed(net) if kind.sideswipe else net


def ram_dice(speed: float) -> DiceExpr | None:
    """The Movement Chart's Ram dice at a collision speed (000:L391); None at 0 mph."""
    return tables().chart.ram(speed)


def ram_damage(ram_total: int, dm: Fraction) -> int:
    """Damage dealt by a party with this DM: the ram total times its DM, rounded down (000:L392-L393)."""
    return math.floor(max(0, ram_total) * dm)


def ram_damages(ram_total: int, dms: tuple[Fraction, Fraction], *, spikes: tuple[int, int] = (0, 0),
                ramplates: tuple[bool, bool] = (False, False),
                pedestrians: tuple[bool, bool] = (False, False)) -> tuple[int, int]:
    """(damage to V1, damage to V2) from one ram total (000:L392). `spikes`: the bumper-spike die each party
    rolled (0 if its striking side has none), added before its DM and doubled against a pedestrian
    (000:L2518). `ramplates`: whether each party struck with a ramplate: the other takes twice the normal
    damage, the plate's owner half (000:L2540)."""
    d = collision_data()
    dealt = []
    for i in (0, 1):
        spike = spikes[i] * (d.spike_pedestrian_factor if pedestrians[1 - i] else 1)
        dealt.append(math.floor((max(0, ram_total) + spike) * dms[i]))
    to_v1, to_v2 = dealt[1], dealt[0]
    if ramplates[0]:
        to_v2, to_v1 = to_v2 * d.ramplate_deals_factor, to_v1 // d.ramplate_takes_divisor
    if ramplates[1]:
        to_v1, to_v2 = to_v1 * d.ramplate_deals_factor, to_v2 // d.ramplate_takes_divisor
    return to_v1, to_v2


def link_ram(speed_before: float, speed_after: float) -> DiceExpr | None:
    """Ram dice for a trailer's hitch and tongue: at the speed the combination lost (000:L474)."""
    return ram_dice(max(0.0, abs(speed_before) - abs(speed_after)))


def can_steamroller(big: str, victim: str) -> bool:
    """Whether a ten-wheeler, rig or bus can run over this smaller vehicle (000:L609, L611)."""
    return victim in collision_data().steamroller_victims.get(big, ())


def steamrollered(die: int) -> bool:
    """The 1d roll of a possible steamrollering (000:L609, garbled: 1-2 normal, 3-6 run over)."""
    return die > collision_data().steamroller_normal_max


def steamroller_hazard(victim: str) -> int:
    """D for the big vehicle that runs one over: a cycle D1, a car or trike D3 (000:L261, L610-L611)."""
    return collision_data().steamroller_hazard[victim]


def collision_hazard(speed_change: float) -> int:
    """D of a head-on, rear-end, T-bone or fixed-object collision: 1 per 10 mph of speed change,
    rounded up, at least D1 (000:L428)."""
    return tables().hazards.collision(speed_change)


def sideswipe_hazard(swipe_mph: float) -> int:
    """D of a sideswipe: 1 per 10 mph of swipe-speed, rounded up (000:L466)."""
    return math.ceil(abs(swipe_mph) / tables().hazards.collision_mph_per_d - 1e-9)


def concussion_threshold(speed_change: float) -> int:
    """Speed change / 10, halves rounding up (35 -> 4, 000:L472)."""
    return math.floor(abs(speed_change) / collision_data().concussion_mph_per_point + 0.5)


def stunned_phases(threshold: int, roll: int, devices: Collection[str] = ()) -> int:
    """Phases a crew member is stunned: what the 2d roll (plus +1 per safety device) missed the
    threshold by; 0 = unaffected. At least to the end of the turn is the engine's part (000:L472)."""
    bonus = sum(collision_data().concussion_devices.get(d, 0) for d in devices)
    return max(0, threshold - (roll + bonus))


def new_speeds(kind: CollisionKind, v1: float, v2: float, dm1: Fraction, dm2: Fraction) -> tuple[float, float]:
    """Speeds after the collision from the Temporary Speed Table (000:L420-L421, L435-L436, L449, L470)."""
    if kind.sideswipe:
        return abs(v1), abs(v2)
    ts1 = temporary_speed(v1, dm1, dm2)
    if kind is CollisionKind.T_BONE:
        return ts1, abs(v2)
    ts2 = temporary_speed(v2, dm2, dm1)
    if kind is CollisionKind.REAR_END:
        # 000:L435-L436 repeat step (a) garbled; read as: the two temporary speeds added are both new speeds.
        return ts1 + ts2, ts1 + ts2
    # head-on: the faster temporary speed less the slower goes on; the slower stops (000:L421)
    if ts1 > ts2:
        return ts1 - ts2, 0.0
    if ts2 > ts1:
        return 0.0, ts2 - ts1
    return 0.0, 0.0


@dataclass(frozen=True)
class CollisionOutcome:
    kind: CollisionKind
    speeds: tuple[float, float]
    dms: tuple[Fraction, Fraction]
    collision_speed: float
    ram: DiceExpr | None
    new_speeds: tuple[float, float]
    hazards: tuple[int, int]          # D of the collision hazard for V1 and V2 (before any stunned driver)
    concussion: tuple[int, int]       # concussion thresholds for the crews of V1 and V2

    def damage(self, ram_total: int, *, spikes: tuple[int, int] = (0, 0),
               ramplates: tuple[bool, bool] = (False, False)) -> tuple[int, int]:
        """(damage to V1, damage to V2): each takes the ram total times the other's DM (000:L392);
        accessories as in ram_damages."""
        return ram_damages(ram_total, self.dms, spikes=spikes, ramplates=ramplates)


def collide(kind: CollisionKind, speeds: tuple[float, float], dms: tuple[Fraction, Fraction]) -> CollisionOutcome:
    v1, v2 = abs(speeds[0]), abs(speeds[1])
    cs = collision_speed(kind, v1, v2)
    n1, n2 = new_speeds(kind, v1, v2, dms[0], dms[1])
    if kind.sideswipe:
        d = sideswipe_hazard(cs)
        hazards, concussion = (d, d), (0, 0)
    else:
        hazards = (collision_hazard(v1 - n1), collision_hazard(v2 - n2))
        if kind is CollisionKind.T_BONE:
            # the rammer's speed change counts for everyone (000:L472)
            t = concussion_threshold(v1 - n1)
            concussion = (t, t)
        else:
            concussion = (concussion_threshold(v1 - n1), concussion_threshold(v2 - n2))
    return CollisionOutcome(kind, (v1, v2), dms, cs, ram_dice(cs), (n1, n2), hazards, concussion)


@dataclass(frozen=True)
class Continuation:
    """After the collision: does the mover finish this phase's movement, does it slide along the other
    (sideswipe), and which party (1 = V1, 2 = V2, None) conforms by pivoting out of its way (000:L411-L412)."""

    mover_finishes: bool
    slides: bool
    conformer: int | None


def who_moves_on(out: CollisionOutcome, mover_is_v1: bool) -> Continuation:
    """000:L422-L424 (head-on), L438 (rear-end), L450 (T-bone), L464 (sideswipe)."""
    mover, other = (1, 2) if mover_is_v1 else (2, 1)
    dm_mover, dm_other = out.dms[mover - 1], out.dms[other - 1]
    speed_after = out.new_speeds[mover - 1]
    if out.kind is CollisionKind.HEAD_ON:
        if speed_after > 0:
            return Continuation(True, False, other)
        return Continuation(False, False, None)
    if out.kind is CollisionKind.REAR_END or (out.kind is CollisionKind.T_BONE and not mover_is_v1):
        if dm_mover > dm_other:
            return Continuation(True, False, other)
        return Continuation(False, False, None)
    if out.kind is CollisionKind.T_BONE:
        if speed_after > 0:
            return Continuation(True, False, other)
        return Continuation(False, False, None)
    # sideswipe: the lighter mover slides along the other (000:L464); otherwise (not stated) it moves
    # on normally and the other conforms (reference/movement.md §3.10)
    if dm_mover < dm_other:
        return Continuation(True, True, None)
    return Continuation(True, False, other)


# --- classification ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Party:
    """A counter in a collision: where it is, which way it travels (heading) and how fast.
    A vehicle standing still travels the way it faces."""

    pose: Pose
    size: CounterSize
    travel: float
    speed: float

    @property
    def leading_side(self) -> str:
        """The side that leads along the travel direction: its "front" for the collision types
        (a reversing car leads with its back, a car skidding sideways or rolling with a side, 000:L388)."""
        heading = self.travel if self.speed > 0 else self.pose.facing
        return side_toward(self.pose, forward(heading))


_OPPOSITE = {"front": "back", "back": "front", "left": "right", "right": "left"}


def side_toward(pose: Pose, direction: Vec) -> str:
    """The side of a counter (front, back, left, right) whose outward normal is closest to a direction;
    ties go to front or back."""
    f, r = forward(pose.facing), right(pose.facing)
    scores = [("front", direction.dot(f)), ("back", -direction.dot(f)),
              ("right", direction.dot(r)), ("left", -direction.dot(r))]
    best = scores[0]
    for s in scores[1:]:
        if s[1] > best[1] + 1e-9:
            best = s
    return best[0]


def _role(side: str, leading: str) -> str:
    """front / back / side as the classifier sees it, relative to the leading side."""
    if side == leading:
        return "front"
    if side == _OPPOSITE[leading]:
        return "back"
    return "side"


@dataclass(frozen=True)
class Classification:
    kind: CollisionKind
    mover_is_v1: bool
    mover_side: str    # the mover's armor location hit (front, back, left, right)
    other_side: str


def classify(mover: Party, other: Party, normal: Vec) -> Classification:
    """Collision type by the recommended classifier of reference/movement.md §3.10 (000:L406-L410).
    `normal` points from the mover toward the other party (rules.world.collision.Contact.normal)."""
    d = collision_data()
    ms = side_toward(mover.pose, normal)
    os = side_toward(other.pose, normal * -1)
    mr, orr = _role(ms, mover.leading_side), _role(os, other.leading_side)
    delta = angle_diff(mover.travel, other.travel)
    parallel = delta <= d.sideswipe_max_deg
    antiparallel = delta >= 180 - d.sideswipe_max_deg

    def swipe() -> CollisionKind:
        return CollisionKind.SIDESWIPE_SAME if delta < 90 else CollisionKind.SIDESWIPE_OPPOSITE

    if mr == "side" and orr == "side":
        kind, v1 = swipe(), True
    elif mr == "front" and orr == "front":
        kind, v1 = CollisionKind.HEAD_ON, True
    elif {mr, orr} == {"front", "back"}:
        kind = CollisionKind.REAR_END if delta < d.rear_end_max_deg else CollisionKind.HEAD_ON
        v1 = mr == "front"
    elif {mr, orr} == {"front", "side"}:
        v1 = mr == "front"
        kind = swipe() if parallel or antiparallel else CollisionKind.T_BONE
    else:
        # side against back, or back against back: the closest picture is a glancing sideswipe
        kind, v1 = swipe(), True
    if kind.sideswipe:   # a sideswipe strikes the side armor of both, whatever corner touched (000:L457)
        ms, os = swiped_side(mover.pose, normal), swiped_side(other.pose, normal * -1)
    return Classification(kind, v1, ms, os)


def swiped_side(pose: Pose, direction: Vec) -> str:
    """The side (left or right) of a counter that a sideswipe toward `direction` strikes (000:L457):
    the one whose outward normal leans toward it; straight ahead or behind counts as the right."""
    return "left" if direction.dot(right(pose.facing)) < -1e-9 else "right"


def struck_side(kind: CollisionKind, pose: Pose, direction: Vec) -> str:
    """The armor location a collision of this kind strikes on a counter meeting something toward
    `direction`: a side for a sideswipe (000:L457), else the side facing it."""
    return swiped_side(pose, direction) if kind.sideswipe else side_toward(pose, direction)


def classify_fixed(mover: Party, normal: Vec) -> CollisionKind:
    """A fixed object is hit head-on, or sideswiped when the mover travels within the sideswipe arc of
    parallel to the surface it meets (000:L480; threshold as for vehicles, reconstructed)."""
    along = abs(forward(mover.travel).dot(normal))
    incidence = math.degrees(math.asin(min(1.0, along)))
    if incidence <= collision_data().sideswipe_max_deg:
        return CollisionKind.SIDESWIPE_SAME
    return CollisionKind.HEAD_ON


# --- fixed objects ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class FixedOutcome:
    kind: CollisionKind
    collision_speed: float
    dealt: int             # damage the vehicle does to the object
    taken: int             # damage the object does to the vehicle
    breached: int          # sections destroyed (trees and boulders have one)
    through: bool          # the object is destroyed, or the wall breached enough to pass
    new_speed: float
    stops: bool
    slides: bool           # sideswipe: it slides along the surviving object
    hazard: int


def fixed_object_collision(kind: CollisionKind, speed: float, vehicle_dm: Fraction, ram_total: int, *,
                           dp: int | None, sections: int = 1, object_dm: Fraction | None = None,
                           spike: int = 0, ramplate: bool = False, damaged: int = 0) -> FixedOutcome:
    """Ram a fixed object (000:L476-L481). `dp` is its DP left (per ¼" section for a building wall;
    None = indestructible); `sections` how many sections must break to pass (1 for a tree; a wall
    needs collision_data().sections_to_pass). The object returns as much damage as it takes, up to its DP;
    `spike` (bumper-spike die) and `ramplate` as in ram_damages; `damaged`: DP the sections met had
    already lost to earlier rams (the game state keeps it, rules.world.map_changes)."""
    d = collision_data()
    speed = abs(speed)
    cs = swipe_speed(speed) if kind.sideswipe else speed
    normal = ram_damage(ram_total + spike, vehicle_dm)
    dealt = normal * (d.ramplate_deals_factor if ramplate else 1)
    if dp is None:
        taken, breached, through = normal, 0, False
    else:
        capacity = max(0, dp * sections - damaged)
        taken = min(normal, capacity)
        breached = min(sections, (dealt + damaged) // dp) if dp > 0 else sections
        through = dealt >= capacity
    if ramplate:
        taken //= d.ramplate_takes_divisor
    if kind.sideswipe:
        return FixedOutcome(kind, cs, dealt, taken, breached, through, speed, False, not through, sideswipe_hazard(cs))
    obj_dm = object_dm if object_dm is not None else d.object_dm
    new = temporary_speed(speed, vehicle_dm, obj_dm) if through else 0.0
    return FixedOutcome(kind, cs, dealt, taken, breached, through, new, new == 0, False,
                        collision_hazard(speed - new))


# --- debris and obstacles ---------------------------------------------------------------------------


def debris_tire_damage(faces: Sequence[int], *, obstacle: bool = False) -> tuple[int, ...]:
    """Damage to each tire from one die per tire (1d-3: 1-3 do nothing, 000:L497, L501)."""
    d = collision_data()
    expr = d.obstacle_tire_damage if obstacle else d.debris_tire_damage
    return tuple(expr.total([f]) for f in faces)


# --- terrain ----------------------------------------------------------------------------------------






















def off_road_hc_penalty(kind: str) -> int:
    """HC lost off-road without off-road suspension (000:L512-L516); kinds: cycle, trike, car, oversized."""
    table = terrain_data().off_road_hc_penalty
    return table[kind] if kind in table else table["oversized"]   # trucks, buses, tractors and trailers


def off_road_hc_loss(spec: VehicleSpec) -> int:
    """HC a vehicle loses while off-road (negative: it gains): the penalty for its kind unless it has
    off-road suspension (000:L512-L516), its radial or slick bonus (000:L517), less what off-road tires
    add there (000:L1834)."""
    penalty = 0 if spec.off_road_suspension else off_road_hc_penalty(spec.kind.value)
    return penalty + spec.road_tire_hc - spec.off_road_tire_hc


def off_road_rolls(speed: float) -> int:
    """2d rolls for off-road damage each turn: none at 10 mph or less, one more above 30, 50, 70 ... (000:L518)."""
    t = terrain_data()
    s = abs(speed)
    if s <= t.damage_min_mph:
        return 0
    if s <= t.damage_second_roll_mph:
        return 1
    return 1 + math.ceil((s - t.damage_second_roll_mph) / t.damage_extra_roll_mph - 1e-9)


@dataclass(frozen=True)
class OffRoadHit:
    location: str   # "underbody" or "tire" (a random tire; the engine rolls which)
    points: int


def off_road_damage(roll: int, kind: str = "car", *, racing_slicks: bool = False) -> OffRoadHit | None:
    """What one 2d off-road damage roll does (000:L518-L519): cycles and trikes take no underbody damage,
    racing slicks double."""
    t = terrain_data()
    if roll in t.underbody_rolls and kind not in t.no_underbody:
        return OffRoadHit("underbody", t.damage_points)
    if roll in t.tire_rolls:
        return OffRoadHit("tire", t.damage_points * (t.racing_slick_factor if racing_slicks else 1))
    return None


@dataclass(frozen=True)
class DitchResult:
    hazard: int          # D of crossing (0 if it cannot be crossed)
    falls_in: bool       # too slow: falls in and hits the far wall at full speed
    needs_ramp: bool     # too wide to cross without a ramp


def ditch(width_ft: float, speed: float) -> DitchResult:
    """Crossing a ditch (000:L526)."""
    t = terrain_data().ditch
    s = abs(speed)
    if width_ft < t["small_max_ft"]:
        d = t["small_slow_d"] if s <= t["small_slow_max_mph"] else t["small_fast_d"]
        return DitchResult(int(d), False, False)
    if width_ft <= t["medium_max_ft"]:
        if s <= t["impassable_max_mph"]:
            return DitchResult(0, True, False)
        d = t["medium_fast_d"] if s >= t["medium_fast_mph"] else t["medium_slow_d"]
        return DitchResult(int(d), False, False)
    return DitchResult(0, True, True)


@dataclass(frozen=True)
class WaterResult:
    hazard: int              # D on entering (0 if shallow)
    drag_mph_per_turn: int   # speed lost every turn while in it
    drowned: bool            # too deep: the vehicle stops working as if its power plant were gone
    max_maneuver_d: int      # no maneuver with a higher unmodified D


def water(depth_ft: float, *, or_suspension: bool = False) -> WaterResult:
    """Driving into standing water (000:L528-L530)."""
    t = terrain_data().water
    limit = t["max_depth_or_ft"] if or_suspension else t["max_depth_ft"]
    hazard = int(t["hazard_d"]) if depth_ft > t["hazard_over_ft"] else 0
    if or_suspension:
        drag = int(t["or_drag_mph"]) if depth_ft > t["or_drag_over_ft"] else 0
    else:
        drag = int(t["drag_mph_per_step"] * math.floor(depth_ft / t["drag_step_ft"] + 1e-9))
    return WaterResult(hazard, drag, depth_ft > limit, int(t["max_maneuver_d"]))


def jump_out_off_road_speed(speed: float) -> float:
    """Jumping out off-road hurts like a sideswipe from a car this fast (000:L534)."""
    return max(0.0, abs(speed) - terrain_data().jump_out_mph_less)


def jump_flight_in(speed: float, ramp_angle: float) -> float:
    """Inches flown off a ramp (000:L279): 15 ft per 10 mph above 20 at 20-40 degrees, half at
    15-19 or 41-45, none otherwise; proportional between tens (reconstructed)."""
    t = terrain_data()
    lo, hi = t.jump_good_angle
    if lo <= ramp_angle <= hi:
        factor = 1.0
    elif any(a <= ramp_angle <= b for a, b in t.jump_poor_angles):
        factor = t.jump["poor_factor"]
    else:
        return 0.0
    feet = max(0.0, abs(speed) - t.jump["min_mph"]) / 10 * t.jump["feet_per_10mph"] * factor
    return feet / t.feet_per_inch


def landing_hazard(flight_ft: float, slope: str = "level") -> int:
    """D of landing a jump: D1, +1 per full 30 ft flown, -1 onto a downslope, +1 onto an upslope (000:L280)."""
    j = terrain_data().jump
    d = j["landing_d"] + math.floor(flight_ft / j["landing_ft_per_d"] + 1e-9)
    if slope == "down":
        d += j["downslope"]
    elif slope == "up":
        d += j["upslope"]
    elif slope != "level":
        raise ValueError(f"slope must be level, up or down, not {slope!r}")
    return int(d)


def landing_tire_damage(die: int, tire: str = "standard") -> int:
    """One die per tire on landing: 1-3 costs a point; solid, off-road solid and plasticore tires are
    not checked (000:L280)."""
    t = terrain_data()
    if tire in t.tire_check_exempt:
        return 0
    return int(t.jump["tire_damage"]) if die <= t.jump["tire_check_fail_on"] else 0


def fall(height_in: float) -> FallRow | None:
    """The falling-table row for a drop (000:L283-L300): the highest row not above the height; None
    below the first row. Beyond the last row the helicopter free-fall table applies (not here)."""
    rows = terrain_data().falling
    found = None
    for r in rows:
        if r.height_in <= height_in + 1e-9:
            found = r
    return found
