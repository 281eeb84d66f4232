"""Dropped weapons as counters on the map: oil, flaming oil, spikes, mines, smoke, paint, ice, flame
clouds, drop-spike plates and junk, each by the weapon's load (explosive spikes, napalm mines, ...).

No to-hit roll (000:L1028): the counter is laid by the dropping vehicle according to the weapon's
mount (000:L1029-L1038) and acts on every vehicle that crosses it (000:L1042-L1047). Clouds
penalise or block fire through them (000:L1050) and vanish after their time (000:L1049).
Kinds, sizes and effects: rules/data/combat.toml [dropped].
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.combat.arcs import footprint, inside, nearest_point
from rules.core.dice import DiceExpr, DiceSource, roll
from rules.core.geometry import CounterSize, Pose, Vec, clip_segment, forward, right
from rules.tables.combat import BURNING_VEHICLE, CombatTables, DroppedKind, combat_tables

DROP_MOUNTS = ("front", "back", "left", "right", "underbody", "top", "front_left", "front_right",
               "back_left", "back_right")
PLACEMENTS = ("adjacent", "flush")


@dataclass(frozen=True)
class Counter:
    kind: str
    pose: Pose                 # centre, and facing of the vehicle that laid it
    length: float              # along the facing
    width: float
    laid_turn: int
    laid_phase: int = 1
    owner: str = ""
    id: str = ""               # unique on the map (the engine numbers counters as they are laid)
    weapon: str = ""           # abbreviation of the weapon that laid it ("" for debris and the like)

    @property
    def size(self) -> CounterSize:
        return CounterSize(self.length, self.width)

    def polygon(self) -> tuple[Vec, Vec, Vec, Vec]:
        return footprint(self.pose, self.size)

    def spec(self, t: CombatTables | None = None) -> DroppedKind:
        return (t or combat_tables()).dropped[self.kind]


def _kind(kind: str, t: CombatTables) -> DroppedKind:
    if kind not in t.dropped:
        raise ValueError(f"unknown dropped weapon counter {kind!r}; known: {', '.join(sorted(t.dropped))}")
    return t.dropped[kind]


def size_for(kind: str, weapon: str = "", t: CombatTables | None = None) -> tuple[float, float]:
    """The counter a weapon lays: its own size where the text gives one (HD droppers: 000:L2478-L2486),
    else the kind's."""
    spec = _kind(kind, t or combat_tables())
    return dict(spec.sizes).get(weapon, spec.size)


def place(kind: str, vehicle: Pose, size: CounterSize, mount: str, turn: int, phase: int, *,
          reverse: bool = False, stationary: bool = False, placement: str = "adjacent",
          owner: str = "", weapon: str = "", t: CombatTables | None = None) -> Counter:
    """Lay a counter from a vehicle (000:L1029-L1038).

    Counters are aligned with the vehicle. Front and back mounts put the counter just beyond that
    end (option `drop_placement = "adjacent"`) or under it, flush with the end (`"flush"`);
    corners are ½" to that side; underbody/top and side mounts start from the vehicle's centre and
    run back (side: ½" out). A stationary vehicle puts side and corner counters straight out.
    """
    t = t or combat_tables()
    spec = _kind(kind, t)
    if mount not in DROP_MOUNTS:
        raise ValueError(f"mount must be one of {', '.join(DROP_MOUNTS)}")
    if placement not in PLACEMENTS:
        raise ValueError(f"placement must be one of {', '.join(PLACEMENTS)}")
    length, width = dict(spec.sizes).get(weapon, spec.size)
    fwd, rgt = forward(vehicle.facing), right(vehicle.facing)
    end, _, side = mount.partition("_")
    if reverse:  # moving backwards swaps front and back (000:L1036)
        end = {"front": "back", "back": "front"}.get(end, end)
    if end in ("left", "right"):
        end, side = "side", end
    half_l = size.length / 2
    off = 0.0 if placement == "flush" else length
    along = {"front": half_l + off - length / 2, "back": -(half_l + off - length / 2),
             "underbody": -length / 2, "top": -length / 2, "side": -length / 2}[end]
    across = 0.0
    if side:
        sign = 1.0 if side == "right" else -1.0
        across = sign * 0.5
        if stationary:  # straight out from the side, diagonally out from a corner (000:L1037)
            across = sign * (size.width / 2 + width / 2)
            if end == "side":
                along = 0.0
    elif stationary and end in ("underbody", "top"):
        along = 0.0
    if weapon in spec.lines:   # a streamer's line runs straight out from its side (000:L2475, L2477)
        return _line_out(kind, vehicle, size, end, side, length, width, turn, phase, owner, weapon)
    centre = vehicle.centre + fwd * along + rgt * across
    return Counter(kind, Pose.of(centre, vehicle.facing), length, width, turn, phase, owner, weapon=weapon)


def _line_out(kind: str, vehicle: Pose, size: CounterSize, end: str, side: str, length: float, width: float,
              turn: int, phase: int, owner: str, weapon: str) -> Counter:
    """A counter `length` long running straight out from the middle of a side (a corner's end, the
    underbody's back), starting at the counter's edge (reading CB77)."""
    fwd, rgt = forward(vehicle.facing), right(vehicle.facing)
    if end == "side":
        out, reach, turn_by = rgt * (1.0 if side == "right" else -1.0), size.width / 2, 90.0
    else:
        out, reach, turn_by = fwd * (1.0 if end == "front" else -1.0), size.length / 2, 0.0
    centre = vehicle.centre + out * (reach + length / 2)
    return Counter(kind, Pose.of(centre, vehicle.facing + turn_by), length, width, turn, phase, owner, weapon=weapon)


def split(counter: Counter, t: CombatTables | None = None) -> tuple[Counter, ...]:
    """A shot that lays several counters side by side in the space of one (junk dropper: two debris
    counters in a ½" square, 000:L2494): `per_drop` counters, each its own width, across the facing."""
    n = counter.spec(t).per_drop
    if n <= 1:
        return (counter,)
    rgt = right(counter.pose.facing)
    out = []
    for i in range(n):
        across = (i - (n - 1) / 2) * counter.width
        out.append(replace(counter, pose=Pose.of(counter.pose.centre + rgt * across, counter.pose.facing)))
    return tuple(out)


# --- contact --------------------------------------------------------------------------------------


def _project(poly: Sequence[Vec], axis: Vec) -> tuple[float, float]:
    vals = [p.dot(axis) for p in poly]
    return min(vals), max(vals)


def overlap(a: Sequence[Vec], b: Sequence[Vec], margin: float = 0.0) -> bool:
    """Two convex quadrilaterals overlap (separating-axis test); `margin` grows the gap allowed."""
    for poly in (a, b):
        for i in range(len(poly)):
            e = poly[(i + 1) % len(poly)] - poly[i]
            n = e.length()
            if n == 0:
                continue
            axis = Vec(-e.y / n, e.x / n)
            a0, a1 = _project(a, axis)
            b0, b1 = _project(b, axis)
            if a1 + margin <= b0 or b1 + margin <= a0:
                return False
    return True


def tire_points(pose: Pose, size: CounterSize, corners: Sequence[str]) -> dict[str, Vec]:
    """Where each wheel is on a counter: car corners, cycle ends, trike front centre and back corners."""
    f, r = forward(pose.facing) * (size.length / 2), right(pose.facing) * (size.width / 2)
    c = pose.centre
    spots = {"FL": c + f - r, "FR": c + f + r, "BL": c - f - r, "BR": c - f + r, "F": c + f, "B": c - f}
    return {k: spots[k] for k in corners if k in spots}


SQRT2 = math.sqrt(2)


def contact(counter: Counter, poses: Sequence[Pose], size: CounterSize, *, wheels: Sequence[str] = (),
            t: CombatTables | None = None) -> str | None:
    """"on", "adjacent" or None for a vehicle moving through these poses (000:L1042-L1043, L1046).

    With `wheels` (mines: "any wheel crosses"), a wheel must cross; otherwise any part of the counter.
    """
    t = t or combat_tables()
    poly = counter.polygon()
    near = False
    # a cheap rejection first: a pose whose counter is farther from this one than their radii and the
    # adjacent distance allow (with room for the slab test's corners) can be neither on nor adjacent
    cx, cy = counter.pose.x, counter.pose.y
    reach = math.hypot(counter.size.length / 2, counter.size.width / 2) + \
        SQRT2 * (math.hypot(size.length / 2, size.width / 2) + t.adjacent) + 1e-6
    for pose in poses:
        if math.hypot(pose.x - cx, pose.y - cy) > reach:
            continue
        if wheels:
            for p in tire_points(pose, size, wheels).values():
                if inside(poly, p):
                    return "on"
                near = near or (nearest_point(poly, p) - p).length() <= t.adjacent
        else:
            body = footprint(pose, size)
            if overlap(poly, body):
                return "on"
            near = near or overlap(poly, body, margin=t.adjacent)
    return "adjacent" if near else None


@dataclass(frozen=True)
class DropEffect:
    """What crossing a counter did to a vehicle: rolls, tire and underbody damage, hazards."""

    triggered: bool
    rolls: tuple[tuple[str, int, str], ...] = ()
    tire_damage: tuple[tuple[str, int], ...] = ()   # (corner, hits)
    underbody: int = 0
    hazard_d: int = 0
    enemy_fire: bool = False
    removes_counter: bool = False
    faces: tuple[tuple[str, int], ...] = ()         # (armor location, hits) for a flame cloud (000:L2473)


def burns(spec: DroppedKind) -> bool:
    """Flaming oil and flame clouds: they light after a while and hurt whatever is in them."""
    return spec.damage is not None or spec.exposed_damage is not None


def cross(counter: Counter, how: str, corners: Sequence[str], dice: DiceSource, *,
          tires_in_reach: Sequence[str] | None = None, faces: Sequence[str] = (), solid: Sequence[str] = (),
          t: CombatTables | None = None) -> DropEffect:
    """Resolve a vehicle crossing (or touching the squares next to) a spike or mine counter, driving
    onto burning oil or into a burning flame cloud, or touching a drop-spike plate (000:L1042-L1045,
    L2473, L2491). `faces` are the vehicle's armor locations a flame cloud reaches; `solid` the corners
    whose tires are solid or plasticore."""
    t = t or combat_tables()
    spec = counter.spec(t)
    if spec.trigger_on:
        need = spec.trigger_on if how == "on" else spec.trigger_adjacent_on
        r = dice.d6()
        rolls = ((f"{counter.kind}: {'triggered' if r <= need else 'nothing'} on {need} or less", r, spec.source),)
        if r > need:
            return DropEffect(False, rolls)
        reach = corners if tires_in_reach is None else tires_in_reach
        tires, more = _tire_rolls(spec.tire_damage, reach, dice, spec.source)
        under, last = _underbody_roll(spec.underbody_damage, dice, spec.source)
        return DropEffect(True, rolls + more + last, tires, under, 0, spec.enemy_fire,
                          removes_counter=spec.underbody_damage is not None)
    if burns(spec) and how == "on":
        tires, more = _tire_rolls(spec.damage or spec.exposed_damage, corners, dice, spec.source)
        under, last = _underbody_roll(spec.damage, dice, spec.source)
        hit, faced = _face_rolls(spec.exposed_damage, faces, dice, spec.source)
        return DropEffect(True, more + last + faced, tires, under, spec.drive_on_d, faces=hit)
    if spec.tire_damage is not None and how == "on":  # a drop-spike plate: every tire, no roll to trigger
        plain = [c for c in corners if c not in solid]
        tires, more = _tire_rolls(spec.tire_damage, plain, dice, spec.source)
        hard = [c for c in corners if c in solid]
        tires2, more2 = _tire_rolls(spec.solid_tire_damage or spec.tire_damage, hard, dice, spec.source)
        return DropEffect(True, more + more2, tires + tires2)
    return DropEffect(how == "on", (), (), 0, spec.drive_on_d if how == "on" else 0)


Roll = tuple[str, int, str]


def _tire_rolls(expr: DiceExpr | None, corners: Sequence[str], dice: DiceSource,
                rule: str) -> tuple[tuple[tuple[str, int], ...], tuple[Roll, ...]]:
    """Each tire's damage rolled on its own, every die kept for the log."""
    return _each_rolled(expr, corners, "tire {}", dice, rule)


def _face_rolls(expr: DiceExpr | None, faces: Sequence[str], dice: DiceSource,
                rule: str) -> tuple[tuple[tuple[str, int], ...], tuple[Roll, ...]]:
    """A flame cloud's damage to each exposed armor location, rolled on its own (000:L2473)."""
    return _each_rolled(expr, faces, "the {}", dice, rule)


def _each_rolled(expr: DiceExpr | None, places: Sequence[str], label: str, dice: DiceSource,
                 rule: str) -> tuple[tuple[tuple[str, int], ...], tuple[Roll, ...]]:
    """`expr` rolled once for each place: (place, total) and the log's rolls."""
    if not expr:
        return (), ()
    hits, rolls = [], []
    for place_ in places:
        total, faces = roll(expr, dice)
        hits.append((place_, total))
        rolls.append((f"damage to {label.format(place_)}: {expr} = {list(faces)}", total, rule))
    return tuple(hits), tuple(rolls)


def _underbody_roll(expr: DiceExpr | None, dice: DiceSource, rule: str) -> tuple[int, tuple[Roll, ...]]:
    if not expr:
        return 0, ()
    total, faces = roll(expr, dice)
    return total, ((f"damage to the underbody: {expr} = {list(faces)}", total, rule),)


def tires_within(counter: Counter, pose: Pose, size: CounterSize, corners: Sequence[str],
                 t: CombatTables | None = None) -> tuple[str, ...]:
    """Tires within a mine's reach of the counter's edge (000:L1043)."""
    t = t or combat_tables()
    reach = counter.spec(t).tire_reach
    poly = counter.polygon()
    return tuple(c for c, p in tire_points(pose, size, corners).items() if (nearest_point(poly, p) - p).length() <= reach)


def burning(counter: Counter, turn: int, phase: int, t: CombatTables | None = None) -> bool:
    """Flaming oil and flame clouds ignite a phase after they are dropped (000:L1045, L2483, L2473)."""
    spec = counter.spec(t)
    laid = counter.laid_turn * 5 + counter.laid_phase
    return burns(spec) and turn * 5 + phase >= laid + spec.ignites_after_phases


def fire_source(counter: Counter, t: CombatTables | None = None) -> str:
    """The fire-table row of a vehicle touching this counter while it burns ("" for none): the laying
    weapon's own row when it has one (FOJ, HFOJ, FCE, HDFCE, FCGS: 000:L993-L994, L1008-L1011),
    else the kind's (napalm mines)."""
    t = t or combat_tables()
    spec = counter.spec(t)
    if not spec.fire_source:
        return ""
    return counter.weapon if counter.weapon in t.fire_table else spec.fire_source


@dataclass(frozen=True)
class Surface:
    """Standing effects of the counters under a vehicle (000:L1045, L2487, L934)."""

    maneuver_d: int = 0
    hazard_d: int = 0
    maneuver_hazard_d: int = 0
    bad_footing: bool = False


def surface(counters: Sequence[Counter], pose: Pose, size: CounterSize, turn: int, phase: int,
            t: CombatTables | None = None) -> Surface:
    t = t or combat_tables()
    out = Surface()
    body = footprint(pose, size)
    for c in counters:
        spec = c.spec(t)
        if not (spec.maneuver_d or spec.hazard_d or spec.maneuver_hazard_d) or not overlap(c.polygon(), body):
            continue
        if burns(spec) and not burning(c, turn, phase, t):
            spec = t.dropped["oil"]  # not yet alight: a plain slick
        out = Surface(max(out.maneuver_d, spec.maneuver_d), max(out.hazard_d, spec.hazard_d),
                      max(out.maneuver_hazard_d, spec.maneuver_hazard_d), True)
    return out


# --- clouds and time ------------------------------------------------------------------------------


def segment_inside(poly: Sequence[Vec], a: Vec, b: Vec) -> float:
    """Length of segment a-b inside a convex polygon."""
    part = clip_segment(poly, a, b)
    return 0.0 if part is None else (part[1] - part[0]) * (b - a).length()


def cloud_inches(counters: Sequence[Counter], a: Vec, b: Vec, t: CombatTables | None = None, *,
                 now: tuple[int, int] | None = None) -> float:
    """Inches of smoke, paint or flame cloud on a line of fire (-1 per ½", lasers blocked: 000:L1050,
    L2473), and of burning oil, which acts as smoke while it burns (000:L2483).

    `now` is (turn, phase); without it burning oil on the map counts as alight: it lights a phase after
    it is laid and counters laid in a phase land after that phase's shots, so any a shot can see burns."""
    t = t or combat_tables()
    return sum(segment_inside(c.polygon(), a, b) for c in counters if _clouds(c, now, t))


def _clouds(c: Counter, now: tuple[int, int] | None, t: CombatTables) -> bool:
    spec = c.spec(t)
    if spec.blocks_lasers:
        return True
    return spec.cloud_while_burning and (now is None or burning(c, now[0], now[1], t))


def end_of_turn(counters: Sequence[Counter], turn: int, t: CombatTables | None = None) -> tuple[Counter, ...]:
    """Counters left after turn `turn`: clouds go at the end of the turn after they were laid
    (000:L1049); burnt-out flaming oil becomes smoke (000:L2483); the rest stay."""
    t = t or combat_tables()
    out = []
    for c in counters:
        spec = c.spec(t)
        if spec.lasts < 0 or turn < c.laid_turn + spec.lasts:
            out.append(c)
        elif spec.becomes:
            out.append(replace(c, kind=spec.becomes, laid_turn=turn, laid_phase=5))  # a fresh cloud (000:L1049)
    return tuple(out)


def paint_lasts_until(turn: int, t: CombatTables | None = None) -> int:
    """Last turn of the window-paint penalty for a vehicle painted in `turn` (000:L1053)."""
    t = t or combat_tables()
    return turn + t.dropped["paint"].paint_turns


def melt(counters: Sequence[Counter], turn: int, phase: int,
         t: CombatTables | None = None) -> tuple[tuple[Counter, ...], tuple[Counter, ...]]:
    """(counters left, counters melted): ice under burning oil or a burning flame cloud melts (000:L2487).
    The water it leaves is not played (RULES-DEVIATIONS CB71)."""
    t = t or combat_tables()
    fires = [c for c in counters if burning(c, turn, phase, t)]
    gone = tuple(c for c in counters if c.spec(t).melted_by and any(
        f.kind in c.spec(t).melted_by and overlap(f.polygon(), c.polygon()) for f in fires))
    return tuple(c for c in counters if c not in gone), gone


def detonations(counters: Sequence[Counter], burning_bodies: Sequence[Sequence[Vec]], turn: int, phase: int,
                t: CombatTables | None = None) -> tuple[tuple[Counter, str], ...]:
    """(counter, why) for every counter set off at the end of a phase: napalm mines under a burning
    vehicle (`burning_bodies`: their footprints) or a burning flame cloud (000:L2508)."""
    t = t or combat_tables()
    fires = [c for c in counters if burning(c, turn, phase, t)]
    out = []
    for c in counters:
        by = c.spec(t).detonated_by
        if not by:
            continue
        poly = c.polygon()
        fire = next((f for f in fires if f.kind in by and overlap(f.polygon(), poly)), None)
        if fire is not None:
            out.append((c, f"in burning {fire.kind.replace('_', ' ')} ({fire.id})"))
        elif BURNING_VEHICLE in by and any(overlap(b, poly) for b in burning_bodies):
            out.append((c, "under a burning vehicle"))
    return tuple(out)


def detonate(counter: Counter, corners: Sequence[str], dice: DiceSource,
             t: CombatTables | None = None) -> DropEffect:
    """A mine set off with no trigger roll: its tire damage to each of `corners` (those within its reach)
    and its underbody damage to the vehicle over it; the counter is gone (000:L1043, L2508)."""
    spec = (t or combat_tables()).dropped[counter.kind]
    tires, more = _tire_rolls(spec.tire_damage, corners, dice, spec.source)
    under, last = _underbody_roll(spec.underbody_damage, dice, spec.source)
    return DropEffect(True, more + last, tires, under, 0, spec.enemy_fire, removes_counter=True)


TOUCH = 1e-3   # inches: counters whose edges meet count as touching (the map's precision, a thousandth)


def due_to_go_off(counters: Sequence[Counter], turn: int, phase: int,
                  t: CombatTables | None = None) -> tuple[Counter, ...]:
    """Counters that go off by themselves now: a cloud bomb's cloud two phases after it formed (000:L2472),
    phases counted as `burning` counts them."""
    t = t or combat_tables()
    out = []
    for c in counters:
        n = c.spec(t).detonates_after_phases
        if n and turn * 5 + phase >= c.laid_turn * 5 + c.laid_phase + n:
            out.append(c)
    return tuple(out)


def in_or_touching(counter: Counter, pose: Pose, size: CounterSize) -> bool:
    return overlap(counter.polygon(), footprint(pose, size), margin=TOUCH)


def blast(counter: Counter, corners: Sequence[str], faces: Sequence[str], dice: DiceSource,
          t: CombatTables | None = None) -> DropEffect:
    """A cloud going off: its damage to every exposed location of a vehicle in or touching it, each tire and
    armor side rolled on its own as a flame cloud's (000:L2472, L2473; reading CB70); the counter is gone."""
    spec = counter.spec(t)
    tires, more = _tire_rolls(spec.detonation_damage, corners, dice, spec.source)
    hit, faced = _face_rolls(spec.detonation_damage, faces, dice, spec.source)
    return DropEffect(True, more + faced, tires, 0, 0, spec.enemy_fire, removes_counter=True, faces=hit)


def kind_for_weapon(abbr: str, t: CombatTables | None = None, ammo: str = "normal") -> str:
    """The counter a dropped weapon lays, by its weapons-table abbreviation and the munition loaded
    (explosive spikes, napalm mines, HT flaming oil: 000:L1143, L2504, L2508)."""
    t = t or combat_tables()
    for name, spec in t.dropped.items():
        if abbr in spec.weapons and ammo in spec.ammo:
            return name
    for name, spec in t.dropped.items():
        if abbr in spec.weapons and not spec.ammo:
            return name
    raise ValueError(f"{abbr!r} lays no counter this program knows")
