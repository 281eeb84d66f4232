"""Previews: what an action would do, asked before anyone chooses it (issue 13, item 4).

    preview(state, action)                    -> ManeuverPreview | SpeedPreview | ShotPreview | OtherPreview
    Previewer().maneuvers(state, vid, ms)     -> one ManeuverPreview per maneuver, the paths swept at once

A maneuver (Move): its D as the engine will use it, the handling status after, whether a control roll
is made, the roll needed and its chance, the counter's path and the first thing the path meets (a
vehicle, a wall, a building, a curb or obstacle, a dropped counter, the map edge), each named as a
player sees it. A speed change (SetSpeed): the braking hazard's D, the control roll and the tire damage.
A shot (Fire): the 2d roll needed, the chance and every modifier with its rule line.

Every figure comes from the functions `apply` itself runs (rules.phases.movement's chosen_motion,
difficulty_of, asks_control, deceleration and braking_hazard; rules.driving.handling; the fire step's
to-hit), so a preview agrees with what the engine then does (tests/rules/test_preview.py checks it on
random legal actions). Nothing shared is changed: a Previewer sweeps its own collision world, built
for it (rules.play.collisions.own_world), never a cached one; use one Previewer per thread.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.combat.to_hit import Modifier
from rules.core.dice import chance_at_least
from rules.core.geometry import MILLI, CounterSize, Pose, Vec
from rules.driving.handling import control_chance, control_need, lower_status
from rules.driving.maneuvers import STEP_DEG, Maneuver, Motion, base_difficulty, even_out
from rules.engine import engine
from rules.phases import fire_step
from rules.phases.movement import (
    asks_control,
    braking_hazard,
    chosen_motion,
    deceleration,
    maneuver_d_added,
)
from rules.play.actions import Action, Fire, Move, SetSpeed
from rules.play.banking import banked_d
from rules.play.collisions import MOTIONS, own_world
from rules.play.context import Ctx
from rules.play.counters import counters_met
from rules.play.map_edges import map_area
from rules.play.state import GameState, VehicleState
from rules.tables.movement import SAFE
from rules.world.collision import VEHICLE, CollisionWorld, Sweep, Touch
from rules.world.map_changes import feature_properties

# --- what a path meets ------------------------------------------------------------------------------

KIND_WORDS = {"wall": "a wall", "building": "a building", "fixed_object": "a fixed object", "curb": "a curb",
              "obstacle": "an obstacle", "debris": "debris", "terrain": "rough ground"}
WHAT = {"fixed_object": "fixed object"}


@dataclass(frozen=True)
class Meets:
    """Something a path runs into (blocks: the counter stops there, a collision) or over (a hazard)."""

    what: str      # vehicle, wall, building, fixed object, curb, obstacle, debris, water, ditch, hazard counter, map edge
    name: str      # in a player's words: "car2 (Killer Kart)", "the north wall", "an oil slick"
    blocks: bool
    pose: Pose     # where the counter is when it meets it
    order: int = 0  # the path's segment where it is met: earlier first

    @property
    def text(self) -> str:
        if self.what == "map edge":
            return "leaves the map"
        return f"{'hits' if self.blocks else 'crosses'} {self.name}"


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


# --- the preview records --------------------------------------------------------------------------


@dataclass(frozen=True)
class ManeuverPreview:
    action: Move
    name: str                 # in player words: "bend right 45°"
    difficulty: int           # modified D, as the engine will use it
    hs_before: int
    hs_after: int
    rolls: bool               # whether a control roll is made
    need: str                 # "safe", "XX" or the 1d roll needed ("2".."6")
    chance: float             # of keeping control
    end: Pose
    path: tuple[Pose, ...]
    meets: Meets | None = None        # the first blocking contact or the map edge
    touches: tuple[Meets, ...] = ()   # hazards crossed before it: curbs, obstacles, debris, counters
    problem: str = ""                 # why the engine would refuse it ("" when it is legal)
    swept: bool = False               # meets and touches are known
    notes: tuple[str, ...] = ()       # what follows by itself: a controlled skid, a bootlegger's tires

    @property
    def maneuver(self) -> Maneuver:
        return self.action.maneuver

    @property
    def legal(self) -> bool:
        return not self.problem

    @property
    def blocked(self) -> bool:
        return self.meets is not None and self.meets.blocks

    @property
    def first(self) -> Meets | None:
        """The first thing the path meets, hazard or contact."""
        met = [*self.touches, *([self.meets] if self.meets else [])]
        return min(met, key=lambda m: m.order) if met else None

    @property
    def need_text(self) -> str:
        if not self.rolls or self.need == SAFE:
            return "no roll" if not self.rolls else "safe"
        return "XX" if self.need == "XX" else f"{self.need}+"

    @property
    def label(self) -> str:
        """Short: "D3 HS-1 4+"."""
        return f"D{self.difficulty} HS{self.hs_after:+d} {self.need_text}"


@dataclass(frozen=True)
class SpeedPreview:
    action: SetSpeed
    difficulty: int = 0       # braking hazard D (0: none)
    hs_before: int = 0
    hs_after: int = 0
    rolls: bool = False
    need: str = SAFE
    chance: float = 1.0
    tire_damage: str = ""     # dice to every tire ("" for none)
    rule: str = ""
    problem: str = ""

    @property
    def mph(self) -> float:
        return self.action.mph


@dataclass(frozen=True)
class ShotPreview:
    action: Fire
    need: int | None = None   # the 2d roll needed; None when it cannot be worked out
    can_hit: bool = False
    chance: float = 0.0
    modifiers: tuple[Modifier, ...] = ()
    mount: str = ""
    origin: Vec | None = None
    point: Vec | None = None
    why: str = ""
    problem: str = ""


@dataclass(frozen=True)
class OtherPreview:
    action: Action
    problem: str = ""


Preview = ManeuverPreview | SpeedPreview | ShotPreview | OtherPreview


def maneuver_name(m: Maneuver) -> str:
    """A maneuver in a player's words (the key's labels and the log's choice card)."""
    inch = {0.25: "¼\"", 0.5: "½\"", 0.75: "¾\"", 1.0: "1\""}
    kind = {"straight": "straight ahead", "drift": "drift", "steep_drift": "steep drift", "bend": "bend",
            "swerve": "swerve", "pivot": "pivot", "t_stop": "T-stop", "bootlegger": "bootlegger reverse"}[m.kind]
    words = [kind] + ([m.side] if m.side else [])
    if m.kind in ("drift", "steep_drift"):
        words.append(inch.get(m.inches, f"{m.inches:g}\""))
    if m.kind in ("bend", "swerve", "pivot"):
        words.append(f"{m.degrees:g}°")
    if m.skid:
        words.append(f"+ skid {inch.get(m.skid, f'{m.skid:g}')}")
    if m.even:
        words.append("+ even out")
    if m.in_place:
        words.append("in place")
    if m.reverse:
        words.insert(0, "reverse")
    return " ".join(words)


# --- the previewer ----------------------------------------------------------------------------------


class Previewer:
    """Previews for the states of one game, with a collision world of its own (rebuilt when the map
    changes, its vehicles moved to each state asked about). Not for use from two threads at once."""

    def __init__(self) -> None:
        self._world: CollisionWorld | None = None
        self._world_key: object = None
        self._placed: GameState | None = None

    def world(self, state: GameState) -> CollisionWorld:
        key = (state.map_id, state.map_changes)
        if self._world is None or self._world_key != key:
            self._world, self._world_key, self._placed = own_world(state), key, state
        elif self._placed is not state:
            sizes = Ctx(state).t.handling.counters
            self._world.set_vehicles({v.id: (v.pose, v.spec.counter(sizes)) for v in state.vehicles})
            self._placed = state
        return self._world

    def preview(self, state: GameState, action: Action) -> Preview:
        if isinstance(action, Move):
            return self.maneuvers(state, action.vehicle, [action.maneuver])[0]
        problem = engine.check(state, action) or ""
        if isinstance(action, SetSpeed):
            return speed_preview(state, action, problem)
        if isinstance(action, Fire):
            return shot_preview(state, action, problem)
        return OtherPreview(action, problem)

    def maneuvers(self, state: GameState, vid: str, ms: Sequence[Maneuver], sweep: bool = True,
                  legal: Sequence[Maneuver] | None = None) -> list[ManeuverPreview]:
        """A preview for each maneuver of this vehicle's next move, in the order given. Bends and
        swerves turning the same way share one path (a smaller turn's path is the start of a bigger
        one's), so it is worked out and swept once. `legal`: engine.legal_maneuvers of this state and
        vehicle, when the caller has it already."""
        ctx = Ctx(state, motions=MOTIONS)
        v = state.vehicle(vid)
        if legal is None:
            legal = engine.legal_maneuvers(state, v) if vid in engine.to_act(state) else []
        ok = set(legal)
        problems = {m: "" if m in ok else _problem(state, vid, m) for m in ms}
        motions = _motions(ctx, v, ms)
        added = maneuver_d_added(ctx, v) if v.increments else 0
        met: dict[Maneuver, tuple[Meets | None, tuple[Meets, ...]]] = {}
        if sweep and v.increments:
            met = self._sweep(state, v, [(m, motions[m]) for m in ms if not problems[m]])
        return [self._one(ctx, v, m, motions[m].motion, added, problems[m], met.get(m)) for m in ms]

    def _one(self, ctx: Ctx, v: VehicleState, m: Maneuver, motion: Motion, added: int, problem: str,
             met: tuple[Meets | None, tuple[Meets, ...]] | None) -> ManeuverPreview:
        t = ctx.t.maneuvers
        diff = max(0, base_difficulty(m, v.speed, t) + (added + banked_d(ctx.state, v, m) if m.kind != "straight" else 0))
        rolls = asks_control(m, diff)
        hs = lower_status(v.hs, diff, ctx.t) if rolls else v.hs
        need = control_need(v.speed, hs, ctx.t) if rolls else SAFE
        notes = []
        if m.skid and m.skid in t.skids:
            opt = t.skids[m.skid]
            notes.append(f"then skids {m.skid:g}\" on its next move, -{opt.decel_mph} mph, "
                         f"{opt.tire_hits} to each tire (000:L212-L218)")
        if m.kind == "bootlegger":
            notes.append(f"{t.bootlegger_tire_hits} to each tire; it stops facing back (000:L223)")
        if m.kind == "t_stop":
            notes.append(f"slides sideways, -{t.tstop_mph_per_inch:g} mph an inch (000:L227-L228)")
        meets, touches = met if met is not None else (None, ())
        return ManeuverPreview(Move(v.id, m), maneuver_name(m), diff, v.hs, hs, rolls, need, control_chance(need),
                               motion.end, motion.path, meets, touches, problem, met is not None, tuple(notes))

    def _sweep(self, state: GameState, v: VehicleState, todo: list[tuple[Maneuver, _Shared]]
               ) -> dict[Maneuver, tuple[Meets | None, tuple[Meets, ...]]]:
        world = self.world(state)
        size = v.spec.counter(Ctx(state).t.handling.counters)
        names = _Names(state)
        box = map_area(state)
        clear = not todo or _nothing_near(world, v, size, [sh.swept for _m, sh in todo])
        sweeps: dict[object, Sweep | None] = {}
        out = {}
        for m, sh in todo:
            if sh.key not in sweeps:
                sweeps[sh.key] = None if clear else _swept(world, v, size, sh.swept)
            out[m] = self._met(state, v, sh.motion, sweeps[sh.key], names, box)
        return out

    def _met(self, state: GameState, v: VehicleState, motion: Motion, s: Sweep | None, names: _Names,
             box: tuple[float, float, float, float] | None) -> tuple[Meets | None, tuple[Meets, ...]]:
        """What this motion meets, from the sweep of its path or of a longer one it begins."""
        last = len(motion.path) - 1   # segments of this path: 0 .. last - 1
        touches = [names.touch(t) for t in (s.touched if s else ()) if t.index < last]
        meets = None
        if s is not None and s.contact is not None and s.contact.index < last:
            c = s.contact
            meets = Meets(*names.of(c.other, c.kind, c.hits[0].tag), True, c.free_pose, c.index)
        if meets is None and state.counters:
            touches += [Meets("hazard counter", _a(c.kind.replace("_", " ")), False, motion.end, last)
                        for c, _how in counters_met(state, v, motion)]
        end = motion.end
        if meets is None and box is not None and not (box[0] <= end.x <= box[2] and box[1] <= end.y <= box[3]):
            meets = Meets("map edge", "the map edge", True, end, last)
        return meets, tuple(sorted(touches, key=lambda x: x.order))


def preview(state: GameState, action: Action) -> Preview:
    """What one action would do now (a fresh Previewer: for many, keep one)."""
    return Previewer().preview(state, action)


# --- speed and shots ---------------------------------------------------------------------------------


def speed_preview(state: GameState, action: SetSpeed, problem: str = "") -> SpeedPreview:
    """The braking hazard of a speed change, resolved at the speed before it (000:L146-L154, L233)."""
    v = state.vehicle(action.vehicle)
    if problem:
        return SpeedPreview(action, hs_before=v.hs, hs_after=v.hs, problem=problem)
    ctx = Ctx(state, motions=MOTIONS)
    decel = deceleration(v, action.mph)
    d, tire = braking_hazard(ctx, v.id, decel) if decel > 0 and action.mph != v.signed_speed else (0, None)
    if d == 0:
        return SpeedPreview(action, hs_before=v.hs, hs_after=v.hs)
    hs = lower_status(v.hs, d, ctx.t)
    need = control_need(v.speed, hs, ctx.t)
    tires = str(tire) if tire is not None and (tire.n or tire.mod) else ""
    return SpeedPreview(action, d, v.hs, hs, True, need, control_chance(need), tires, "000:L146-L154, L233")


def shot_preview(state: GameState, action: Fire, problem: str = "") -> ShotPreview:
    """The to-hit of a shot against the positions now, as the fire step will resolve it (000:L901-L905)."""
    try:
        p = fire_step.preview_fire(state, action)
    except (KeyError, ValueError) as exc:   # no such weapon or target, or nothing to aim at
        return ShotPreview(action, why=str(exc), problem=problem or str(exc))
    return ShotPreview(action, p.need, p.can_hit, chance_at_least(p.need) if p.can_hit else 0.0, p.modifiers,
                       p.mount, p.origin, p.point, p.why, problem)


# --- helpers -----------------------------------------------------------------------------------------


def _problem(state: GameState, vid: str, m: Maneuver) -> str:
    return engine.check(state, Move(vid, m)) or "not offered for this move"


def _family(m: Maneuver) -> tuple[object, ...] | None:
    """Bends (and swerves) turning the same way from the same start share their path's beginning."""
    if m.kind not in ("bend", "swerve") or m.even or m.degrees % STEP_DEG:
        return None
    return (m.kind, m.side, m.drift, m.reverse)


def _plain(m: Maneuver) -> Maneuver:
    """The maneuver without its controlled skid and evening-out: the same path up to the snap."""
    return replace(m, skid=0.0, even=False) if m.skid or m.even else m


def _rotation_steps(deg: float) -> int:
    return max(1, math.ceil(abs(deg) / STEP_DEG))


@dataclass(frozen=True)
class _Shared:
    motion: Motion
    swept: tuple[Pose, ...]   # the path to sweep: this motion's, or a longer one it begins
    key: object               # motions with the same key share one sweep


def _motions(ctx: Ctx, v: VehicleState, ms: Sequence[Maneuver]) -> dict[Maneuver, _Shared]:
    """Each maneuver's motion (rules.phases.movement.chosen_motion). A skid changes no geometry; a
    bend's path is the start of a bigger bend's the same way (the turn is made in STEP_DEG steps), and
    evening-out only snaps the end: so each family's biggest turn is worked out once."""
    if not v.increments:
        still = Motion(v.pose, (v.pose,))
        return {m: _Shared(still, still.path, m) for m in ms}
    biggest: dict[tuple[object, ...], Maneuver] = {}
    for m in ms:
        b = _plain(m)
        k = _family(b)
        if k is not None and (k not in biggest or b.degrees > biggest[k].degrees):
            biggest[k] = b
    whole = {k: chosen_motion(ctx.t, v, b) for k, b in biggest.items()}
    plain: dict[Maneuver, _Shared] = {}
    out: dict[Maneuver, _Shared] = {}
    for m in ms:
        b = _plain(m)
        if b not in plain:
            k = _family(b)
            if k is not None:
                big = whole[k]
                keep = len(big.path) - _rotation_steps(biggest[k].degrees) + _rotation_steps(b.degrees)
                path = big.path[:keep]
                plain[b] = _Shared(Motion(path[-1], path), big.path, k)
            else:
                motion = chosen_motion(ctx.t, v, b)
                plain[b] = _Shared(motion, motion.path, b)
        sh = plain[b]
        if m.even:   # as rules.driving.maneuvers.perform evens out
            snapped = even_out(sh.motion.end)
            if snapped is not None and snapped != sh.motion.end:
                motion = Motion(snapped, sh.motion.path + (snapped,))
                sh = _Shared(motion, motion.path, m)
        out[m] = sh
    return out


def _nothing_near(world: CollisionWorld, v: VehicleState, size: CounterSize, paths: list[tuple[Pose, ...]]) -> bool:
    """One square probe over every path: if it touches nothing, no path can (the usual case on open
    ground, and it saves sweeping each path)."""
    x0, y0, x1, y1 = _bounds([p for path in paths for p in (*path[::3], path[-1])])
    # every 3rd pose and the last: the poses between lie within 1/4" of one of them
    reach = max(abs(x0 - v.pose.x), abs(x1 - v.pose.x), abs(y0 - v.pose.y), abs(y1 - v.pose.y)) + 0.25
    side = _step_up(2 * (reach + math.hypot(size.length, size.width) / 2) + 0.1)
    return not world.overlaps(v.id, Pose.at(v.pose.x, v.pose.y, 0), size=CounterSize(side, side))


def _box_clear(world: CollisionWorld, v: VehicleState, size: CounterSize, path: tuple[Pose, ...]) -> bool:
    """Nothing at all inside the box around this path: no need to sweep it."""
    x0, y0, x1, y1 = _bounds(path)
    half = math.hypot(size.length, size.width) / 2 + 0.05
    centre = Pose.at((x0 + x1) / 2, (y0 + y1) / 2, 0)
    box = CounterSize(_step_up(y1 - y0 + 2 * half), _step_up(x1 - x0 + 2 * half))
    return not world.overlaps(v.id, centre, size=box)


BOX_STEP = 0.125   # inches: probe boxes are rounded up to this, so the world keeps few probe shapes


def _step_up(inches: float) -> float:
    """A probe's side rounded up (a bigger box that holds nothing still proves the path clear)."""
    return math.ceil(inches / BOX_STEP - 1e-9) * BOX_STEP


CHUNK = 8   # poses: a path near something is swept from its first stretch of this many that is not clear


def _swept(world: CollisionWorld, v: VehicleState, size: CounterSize, path: tuple[Pose, ...]) -> Sweep | None:
    """The sweep of a path (None when nothing at all lies near it). Stretches at its start whose box
    holds nothing are skipped: a sweep from the first pose of the rest finds what a sweep from the
    start would (nothing overlaps the counter up to there), its indices counted from the start."""
    if _box_clear(world, v, size, path):
        return None
    k = 0
    while k + CHUNK < len(path) - 1 and _box_clear(world, v, size, path[k: k + CHUNK + 1]):
        k += CHUNK
    s = world.sweep(v.id, path[k:], size=size)
    if not k:
        return s
    c = s.contact
    moved = replace(c, index=c.index + k) if c is not None else None
    return replace(s, contact=moved, touched=tuple(replace(t, index=t.index + k) for t in s.touched))


def _bounds(poses: Sequence[Pose]) -> tuple[float, float, float, float]:
    """The box around the poses' centres, in inches (read from the thousandths: quick)."""
    xs = [p.x_m for p in poses]
    ys = [p.y_m for p in poses]
    return min(xs) / MILLI, min(ys) / MILLI, max(xs) / MILLI, max(ys) / MILLI


class _Names:
    """Player words for what a sweep reports by id."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._props: dict[str, dict[str, object]] | None = None

    def props(self, fid: str) -> dict[str, object]:
        if self._props is None:
            self._props = dict(feature_properties(self.state.map_id, self.state.map_changes.sections)) \
                if self.state.map_id else {}
        return self._props.get(fid, {})

    def of(self, other: str, kind: str, tag: str) -> tuple[str, str]:
        if kind == VEHICLE:
            try:
                v = self.state.vehicle(other)
            except KeyError:
                return "vehicle", "a vehicle"
            # a stock design by its name ("car2 (Killer Kart)"); a generic one ("generic kind=car ...") by id
            named = bool(v.spec.name) and v.spec.name != v.id and not v.spec.name.startswith("generic")
            return "vehicle", f"{v.id} ({v.spec.name})" if named else v.id
        if kind == "terrain":
            word = tag or "terrain"
            return word, word if word == "water" else _a(word)
        props = self.props(other)
        obj = str(props.get("object") or "")
        name = str(props.get("name") or "")
        what = obj if kind == "fixed_object" and obj else WHAT.get(kind, kind)
        if name:
            return what, f"{name}" if name.lower().startswith("the ") else f"the {name}"
        return what, _a(what) if what not in KIND_WORDS else KIND_WORDS[what]

    def touch(self, t: Touch) -> Meets:
        what, name = self.of(t.other, t.kind, t.tag)
        return Meets(what, name, False, t.pose, t.index)
