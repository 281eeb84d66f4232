"""Where counters touch: a pymunk Space used as an overlap oracle (the only module that imports pymunk).

The rules decide what a collision does (rules/collision_rules.py); this module only answers "what
does this counter overlap, and where along a motion is the first contact?". Nothing here steps the
physics or uses collision callbacks, and no rules outcome depends on a contact depth.

API (all positions in inches, y DOWN, facings clockwise from map-up; see rules.core.geometry):

    world = CollisionWorld.from_static([StaticShape("w1", FeatureKind.WALL, (Vec(0, 0), Vec(10, 0))), ...])
    world.set_vehicles({"v1": (pose, size), ...})     # add, move or drop vehicle counters
    world.overlaps("v1", pose)                        # -> tuple[Hit, ...]: everything the counter overlaps there
    world.first_contact("v1", poses)                  # -> Contact | None along a motion (e.g. Motion.path)
    world.sweep("v1", poses)                          # -> Sweep: the contact plus debris/curbs/terrain touched
    world.line_of_fire(a, b, ignore={"v1", "v2"})     # -> LineOfFire: what blocks a shot from a to b
    world.vehicle_overlaps()                          # -> pairs of vehicle ids whose counters overlap
    world.push("v1", poses, "v2", pivot)              # -> Push: v1 moves on, v2 conforms by pivoting (000:L412)
    conform_pivots(pose, size, contact_point)         # -> the two corners v2 may pivot about, default first
    world.remove_static(id), world.add_static(shape), world.breach(id, at, width)   # map changes
    CollisionWorld.from_static(static_from_map(maps.static_shapes(m)))   # a world for a map
    world.freeze()                                    # no change from now on: it may be cached and shared
    CollisionWorld.over(world)                        # a world of one's own: vehicles here, the map shared

A world shared between callers (a cached map) is frozen, and every world takes its own lock around
each call, so a client's foe thread and its UI thread may ask at once. A step of the engine moves
vehicles in a world of its own laid over the frozen map (rules.play.collisions.world_for).

A motion is a sequence of poses (its first pose is where the counter starts). The sweep tests the
counter at intermediate poses no more than 1/16" and 5 degrees apart (reference/movement.md §4.14),
and also no more than 1/16" of travel of any corner, so a counter cannot jump over a thin wall.
Intermediate poses are rounded to the state's thousandths like every Pose, so the free pose a
contact reports is exactly a pose that was tested and found free.

Counters are shrunk by MARGIN on every side before testing: two counters side by side on the ¼"
grid (or a counter flush against a wall) touch but do not collide.

Blocking features (walls, buildings, fixed objects such as trees and boulders) and other vehicles stop
a motion. Curbs, obstacles, debris and terrain areas (off-road ground, water, ditches, cliff edges,
map edges) do not: the sweep reports them as touched, with where they were first touched, and the
rules apply their hazards (reference §4.14, §3.12, §3.13).
"""

from __future__ import annotations

import atexit
import gc
import math
import threading
import weakref
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

import pymunk

from rules.core.geometry import CounterSize, Pose, Vec, corners, rotate_cw, signed_turn
from rules.world.shapes import convex_pieces

SWEEP_STEP_IN = 1 / 16   # reference/movement.md §4.14
SWEEP_STEP_DEG = 5.0     # reference/movement.md §4.14
MARGIN = 0.001           # inches taken off every side of a counter: touching is not colliding
BREACH_REACH = 0.5       # inches: polygon pieces of a wall this near a breach point are cut by it
REFINE_STEPS = 4         # bisections of the last sweep step: the stop pose is within 1/256" of the contact

VEHICLE = "vehicle"


class FeatureKind(str, Enum):
    """What a static map shape is; decides whether it stops a motion or a shot."""

    WALL = "wall"
    BUILDING = "building"
    FIXED_OBJECT = "fixed_object"   # trees, boulders, posts: DP, rammed like a wall (000:L476-L481)
    CURB = "curb"                   # D3 hazard, does not stop (000:L248)
    OBSTACLE = "obstacle"           # potholes, junk: tire damage and D3 (000:L500-L502)
    DEBRIS = "debris"               # tire damage and D1 (000:L492-L497)
    TERRAIN = "terrain"             # an area or edge: off-road, water, ditch, cliff, map edge (tag says which)

    @property
    def blocks_motion(self) -> bool:
        return self in (FeatureKind.WALL, FeatureKind.BUILDING, FeatureKind.FIXED_OBJECT)

    @property
    def blocks_fire(self) -> bool:
        return self.blocks_motion


@dataclass(frozen=True)
class StaticShape:
    """One convex piece of a map feature. A feature may have several pieces sharing its id.

    points: one point + radius = a circle (a tree); two points = a segment, thickened by radius (a wall,
    a curb line); three or more = a convex polygon (a building, a debris square, a pond).
    dp: damage points for walls, buildings and fixed objects (None = indestructible);
    tag: free text for the map (e.g. "water", "ditch", "cliff"), carried back in hits.
    """

    id: str
    kind: FeatureKind
    points: tuple[Vec, ...]
    radius: float = 0.0
    dp: int | None = None
    tag: str = ""

    def __post_init__(self) -> None:
        n = len(self.points)
        if n == 0:
            raise ValueError(f"feature {self.id!r}: no points")
        if n == 1 and self.radius <= 0:
            raise ValueError(f"feature {self.id!r}: a circle needs a positive radius")
        if self.radius < 0:
            raise ValueError(f"feature {self.id!r}: negative radius")
        if n >= 3 and not _convex(self.points):
            raise ValueError(f"feature {self.id!r}: polygon is not convex; split it into convex pieces")


@dataclass(frozen=True)
class Hit:
    """Another party a counter overlaps: a vehicle id or a feature id, where, and the contact normal
    (unit vector from the querying counter toward the other party)."""

    other: str
    kind: str           # VEHICLE or a FeatureKind value
    point: Vec
    normal: Vec
    tag: str = ""

    @property
    def blocks_motion(self) -> bool:
        return self.kind == VEHICLE or FeatureKind(self.kind).blocks_motion


@dataclass(frozen=True)
class Contact:
    """The first blocking contact along a motion.

    index: poses[index] is the last pose of the given motion that is free; the contact happens
    before poses[index + 1]. free_pose: the last free pose found (between poses[index] and
    poses[index + 1], or poses[index] itself): stop the mover there. hit_pose: the first pose
    found overlapping. hits: every blocking party overlapped at hit_pose, vehicles first, then by id.
    """

    index: int
    free_pose: Pose
    hit_pose: Pose
    hits: tuple[Hit, ...]

    @property
    def other(self) -> str:
        return self.hits[0].other

    @property
    def kind(self) -> str:
        return self.hits[0].kind

    @property
    def point(self) -> Vec:
        return self.hits[0].point

    @property
    def normal(self) -> Vec:
        return self.hits[0].normal


@dataclass(frozen=True)
class Touch:
    """A non-blocking feature (curb, obstacle, debris, terrain) first touched along a motion."""

    other: str
    kind: str
    tag: str
    index: int      # the motion segment poses[index] -> poses[index + 1] in which it was first touched
    pose: Pose      # the first pose found touching it


@dataclass(frozen=True)
class Sweep:
    contact: Contact | None
    touched: tuple[Touch, ...]          # in the order they were met
    start_overlaps: tuple[Hit, ...]     # already overlapped at the start: ignored by this sweep
    end: Pose                           # where the mover ends: the free pose, or the last pose

    @property
    def blocked(self) -> bool:
        return self.contact is not None


@dataclass(frozen=True)
class LineOfFire:
    """Parties a line from a to b crosses that block fire, nearest first (by distance from a)."""

    hits: tuple[Hit, ...]

    @property
    def clear(self) -> bool:
        return not self.hits

    @property
    def blocked_by(self) -> Hit | None:
        return self.hits[0] if self.hits else None


@dataclass(frozen=True)
class Push:
    """A mover finishing its motion while another counter conforms to it (000:L411-L412).

    mover_end / pushed_end: where both counters are now (the world has been updated);
    completed: the mover reached the end of its motion; blocked_by: what stopped it otherwise
    (a third party, or the pushed counter itself when no pivot clears it); turned: degrees the pushed
    counter pivoted in all (clockwise positive)."""

    mover_end: Pose
    pushed_end: Pose
    completed: bool
    blocked_by: Hit | None
    turned: float
    index: int = 0                 # poses[index] is the last pose of the motion the mover got past
    pushed_blocked: bool = False   # blocked_by stopped the pushed counter's pivot (it would hit it)


@dataclass
class _Vehicle:
    body: pymunk.Body
    shape: pymunk.Poly
    size: CounterSize
    pose: Pose


# Worlds still alive at exit (cached ones) are emptied while pymunk can still free its Spaces;
# left to the interpreter's last garbage collection they print "Exception ignored" noise.
_LIVE: weakref.WeakSet[CollisionWorld] = weakref.WeakSet()


@atexit.register
def _free_worlds() -> None:
    for world in list(_LIVE):
        world.__dict__.clear()
    gc.collect()


class CollisionWorld:
    """Static map shapes and kinematic vehicle counters in one pymunk Space (or, for a world made
    `over` a frozen one, its vehicles in a Space of its own and the other's static shapes)."""

    def __init__(self) -> None:
        self.space = pymunk.Space()
        _LIVE.add(self)
        self._owner: dict[pymunk.Shape, tuple[str, str, str]] = {}   # shape -> (id, kind, tag)
        self._features: dict[str, list[tuple[StaticShape, pymunk.Shape]]] = {}
        self._vehicles: dict[str, _Vehicle] = {}
        self._probes: dict[CounterSize, tuple[pymunk.Body, pymunk.Poly]] = {}
        self._lock = threading.RLock()   # pymunk's Space is not safe to query from two threads at once
        self._frozen = False
        self._base: CollisionWorld | None = None

    # --- building the world -------------------------------------------------------------------

    @classmethod
    def from_static(cls, shapes: Iterable[StaticShape]) -> CollisionWorld:
        world = cls()
        for s in shapes:
            world.add_static(s)
        return world

    @classmethod
    def over(cls, base: CollisionWorld) -> CollisionWorld:
        """A world of one's own on a frozen map: its vehicles are its own, the static shapes are the
        base's (shared, never copied). Queries answer as one world holding both would."""
        if not base._frozen:
            raise ValueError("a world is laid over a frozen one only")
        world = cls()
        world._base = base
        return world

    @property
    def base(self) -> CollisionWorld | None:
        """The frozen world this one is laid over, if any."""
        return self._base

    def freeze(self) -> CollisionWorld:
        """No change from now on (a cached world shared by every caller); returns the world."""
        self._frozen = True
        return self

    def _changing(self, what: str, static: bool = False) -> None:
        if self._frozen:
            raise RuntimeError(f"this collision world is frozen (shared): {what} in a world made over it")
        if static and self._base is not None:
            raise RuntimeError(f"a world laid over a map does not change the map: {what} in a new world")

    def add_static(self, s: StaticShape) -> None:
        self._changing("add a static shape", static=True)
        with self._lock:
            shape = _static_shape(self.space.static_body, s)
            self.space.add(shape)
            self._owner[shape] = (s.id, s.kind.value, s.tag)
            self._features.setdefault(s.id, []).append((s, shape))

    def remove_static(self, feature_id: str) -> None:
        """Remove every piece of a feature (a destroyed tree, a cleared obstacle)."""
        self._changing("remove a static shape", static=True)
        with self._lock:
            for _s, shape in self._features.pop(feature_id, []):
                self.space.remove(shape)
                del self._owner[shape]

    def feature(self, feature_id: str) -> tuple[StaticShape, ...]:
        if self._base is not None:
            return self._base.feature(feature_id)
        return tuple(s for s, _ in self._features.get(feature_id, []))

    def breach(self, feature_id: str, at: Vec, width: float) -> None:
        """Cut a gap `width` wide, centred on the point of the wall nearest `at`, out of a segment wall
        (a building breach is ¼" wide; a vehicle passes a double breach, 000:L481). A polygon piece
        within BREACH_REACH of `at` is cut across its longest edge's direction (a thick wall drawn as
        a rectangle); pieces farther away are left as they are."""
        self._changing("cut a breach", static=True)
        pieces = self._features.get(feature_id, [])
        if not pieces:
            raise KeyError(feature_id)
        kept: list[StaticShape] = []
        for s, shape in pieces:
            if len(s.points) == 2:
                kept.extend(_cut_segment(s, at, width))
            elif len(s.points) >= 3 and shape.point_query((at.x, at.y)).distance <= BREACH_REACH:
                kept.extend(_cut_polygon(s, at, width))
            else:
                kept.append(s)
        self.remove_static(feature_id)
        for s in kept:
            self.add_static(s)

    def set_vehicles(self, vehicles: Mapping[str, tuple[Pose, CounterSize]]) -> None:
        """Make the vehicle counters exactly these: add new ones, move the others, drop the missing."""
        self._changing("set the vehicles")
        with self._lock:
            for vid in [v for v in self._vehicles if v not in vehicles]:
                self.remove_vehicle(vid)
            for vid, (pose, size) in vehicles.items():
                self._place(vid, pose, size)

    def place_vehicle(self, vid: str, pose: Pose, size: CounterSize | None = None) -> None:
        self._changing("place a vehicle")
        with self._lock:
            self._place(vid, pose, size)

    def _place(self, vid: str, pose: Pose, size: CounterSize | None) -> None:
        v = self._vehicles.get(vid)
        if v is not None and size is not None and size is not v.size and size != v.size:
            self.remove_vehicle(vid)
            v = None
        if v is not None and (v.pose is pose or v.pose == pose):
            return   # where it is already: nothing to reindex
        if v is None:
            if size is None:
                raise KeyError(f"unknown vehicle {vid!r}: give its counter size")
            body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
            shape = pymunk.Poly(body, _box(size))
            self.space.add(body, shape)
            self._owner[shape] = (vid, VEHICLE, "")
            v = _Vehicle(body, shape, size, pose)
            self._vehicles[vid] = v
        _put(v.body, pose)
        self.space.reindex_shapes_for_body(v.body)
        v.pose = pose

    def remove_vehicle(self, vid: str) -> None:
        self._changing("remove a vehicle")
        with self._lock:
            v = self._vehicles.pop(vid)
            self.space.remove(v.shape, v.body)
            del self._owner[v.shape]

    def vehicle_pose(self, vid: str) -> Pose:
        return self._vehicles[vid].pose

    def vehicle_ids(self) -> tuple[str, ...]:
        return tuple(sorted(self._vehicles))

    # --- queries ------------------------------------------------------------------------------

    def _size(self, vid: str, size: CounterSize | None) -> CounterSize:
        if size is not None:
            return size
        if vid not in self._vehicles:
            raise KeyError(f"unknown vehicle {vid!r}: give its counter size")
        return self._vehicles[vid].size

    def overlaps(self, vid: str, pose: Pose, *, size: CounterSize | None = None,
                 ignore: Collection[str] = ()) -> tuple[Hit, ...]:
        """Everything vehicle `vid`'s counter would overlap at `pose` (itself excluded)."""
        with self._lock:
            return self._query(self._size(vid, size), pose, {vid, *ignore})

    def vehicle_overlaps(self) -> list[tuple[str, str]]:
        """Pairs (a, b), a < b, of vehicle counters that overlap where they stand now."""
        pairs = set()
        with self._lock:
            for vid, v in self._vehicles.items():
                for h in self._query(v.size, v.pose, {vid}):
                    if h.kind == VEHICLE:
                        pairs.add((min(vid, h.other), max(vid, h.other)))
        return sorted(pairs)

    def first_contact(self, vid: str, poses: Sequence[Pose], *, size: CounterSize | None = None,
                      ignore: Collection[str] = ()) -> Contact | None:
        return self.sweep(vid, poses, size=size, ignore=ignore).contact

    def sweep(self, vid: str, poses: Sequence[Pose], *, size: CounterSize | None = None,
              ignore: Collection[str] = ()) -> Sweep:
        """Move vehicle `vid` along `poses` (its own counter is not an obstacle) until the first
        blocking contact. Parties overlapped at poses[0], and those in `ignore`, are passed through
        (a sideswiped wall the mover slides along, the vehicle it is pushing)."""
        if not poses:
            raise ValueError("a motion needs at least its start pose")
        with self._lock:
            return self._sweep(vid, poses, size, ignore)

    def _sweep(self, vid: str, poses: Sequence[Pose], size: CounterSize | None, ignore: Collection[str]) -> Sweep:
        sz = self._size(vid, size)
        exclude = {vid, *ignore}
        near = self._near_boxes(sz, poses, exclude)
        if not near:   # nothing within reach of the whole motion: nothing to meet
            return Sweep(None, (), (), poses[-1])
        start = self._query(sz, poses[0], exclude)
        exclude |= {h.other for h in start}
        touched: dict[str, Touch] = {}
        last_free = poses[0]
        reach = math.hypot(sz.length / 2, sz.width / 2) + 1e-6
        for i in range(1, len(poses)):
            for sub in _substeps(poses[i - 1], poses[i], sz):
                # the space's query finds only shapes whose box meets the counter's, which lies within `reach`
                # of its centre: a pose whose box meets none of the shapes near the motion meets nothing
                x, y = sub.x, sub.y
                hits = self._query(sz, sub, exclude) if any(
                    oid not in exclude and x - reach <= r and lf <= x + reach and y - reach <= t and b <= y + reach
                    for oid, lf, b, r, t in near) else ()
                blocking = tuple(h for h in hits if h.blocks_motion)
                if blocking:
                    free, hit_pose, blocking = self._refine(sz, last_free, sub, blocking, exclude)
                    self._note_touches(touched, self._query(sz, free, exclude), i - 1, free)
                    contact = Contact(i - 1, free, hit_pose, blocking)
                    return Sweep(contact, tuple(touched.values()), start, free)
                self._note_touches(touched, hits, i - 1, sub)
                last_free = sub
        return Sweep(None, tuple(touched.values()), start, poses[-1])

    def _segment(self, a: Vec, b: Vec) -> list[pymunk.SegmentQueryInfo]:
        """Every shape the segment a-b touches, in this world and the frozen map world under it."""
        with self._lock:
            infos = self.space.segment_query((a.x, a.y), (b.x, b.y), 0, pymunk.ShapeFilter())
        if self._base is not None:
            with self._base._lock:
                infos += self._base.space.segment_query((a.x, a.y), (b.x, b.y), 0, pymunk.ShapeFilter())
        return infos

    def line_of_fire(self, a: Vec, b: Vec, *, ignore: Collection[str] = ()) -> LineOfFire:
        """What stops a shot from a to b: vehicles, walls, buildings and fixed objects, nearest first.
        Put the firer and the target in `ignore`."""
        found: dict[str, tuple[float, Hit]] = {}
        infos = self._segment(a, b)
        for info in infos:
            owner = self._owner_of(info.shape)
            if owner is None or owner[0] in ignore:
                continue
            oid, kind, tag = owner
            if kind != VEHICLE and not FeatureKind(kind).blocks_fire:
                continue
            hit = Hit(oid, kind, Vec(info.point.x, info.point.y), Vec(info.normal.x, info.normal.y), tag)
            if oid not in found or info.alpha < found[oid][0]:
                found[oid] = (info.alpha, hit)
        ordered = sorted(found.values(), key=lambda t: (t[0], t[1].other))
        return LineOfFire(tuple(h for _, h in ordered))

    def blocks_fire(self, a: Vec, b: Vec) -> bool:
        """Whether anything but a vehicle stops a shot from a to b (line_of_fire has a hit of another kind)."""
        infos = self._segment(a, b)
        for info in infos:
            owner = self._owner_of(info.shape)
            if owner is not None and owner[1] != VEHICLE and FeatureKind(owner[1]).blocks_fire:
                return True
        return False

    def push(self, mover: str, poses: Sequence[Pose], pushed: str, pivot: Vec, *,
             ignore: Collection[str] = (), max_turn: float = 180.0) -> Push:
        """Move `mover` along `poses` (from its current pose) while vehicle `pushed` conforms: whenever the
        mover overlaps it, the pushed counter pivots about `pivot` (a corner, see conform_pivots) by the
        smallest angle that clears the mover, turning the way that carries the contact point along the
        mover's motion (reference/movement.md §3.10). The mover stops early if it meets anything else,
        or if the pushed counter cannot turn clear without hitting something."""
        self._changing("push a vehicle")
        with self._lock:
            return self._push(mover, poses, pushed, pivot, ignore, max_turn)

    def _push(self, mover: str, poses: Sequence[Pose], pushed: str, pivot: Vec, ignore: Collection[str],
              max_turn: float) -> Push:
        msize = self._vehicles[mover].size
        psize = self._vehicles[pushed].size
        exclude = {mover, *ignore}
        others = {mover, pushed, *ignore}
        start_pushed = self._vehicles[pushed].pose
        last = poses[0]
        pushed_pose = start_pushed
        turned = 0.0
        for i in range(1, len(poses)):
            for sub in _substeps(poses[i - 1], poses[i], msize):
                hits = self._query(msize, sub, exclude)   # what a query without `pushed` would find, and it
                third = [h for h in hits if h.other != pushed and h.blocks_motion]
                if third:
                    return self._end_push(mover, last, pushed_pose, False, third[0], turned, i - 1)
                hit = next((h for h in hits if h.other == pushed), None)
                if hit is not None:
                    new_pose, deg, blocker = self._conform(
                        msize, sub, pushed, psize, pushed_pose, pivot, hit.point, sub.centre - last.centre,
                        others, max_turn - abs(turned))
                    if new_pose is None:
                        self.place_vehicle(pushed, pushed_pose)
                        return self._end_push(mover, last, pushed_pose, False, blocker or hit, turned, i - 1,
                                              blocker is not None)
                    pushed_pose, turned = new_pose, turned + deg
                last = sub
        return self._end_push(mover, last, pushed_pose, True, None, turned, len(poses) - 1)

    def _end_push(self, mover: str, mover_pose: Pose, pushed_pose: Pose, completed: bool,
                  blocked_by: Hit | None, turned: float, index: int, pushed_blocked: bool = False) -> Push:
        self.place_vehicle(mover, mover_pose)
        return Push(mover_pose, pushed_pose, completed, blocked_by, turned, index, pushed_blocked)

    def _conform(self, msize: CounterSize, mover_pose: Pose, pushed: str, psize: CounterSize, pose: Pose,
                 pivot: Vec, point: Vec, motion: Vec, others: Collection[str],
                 limit: float) -> tuple[Pose | None, float, Hit | None]:
        """Smallest pivot of the pushed counter that clears the mover at mover_pose (whole degrees, then
        bisected to a tenth); None if it would hit something else or needs more than `limit` degrees."""
        arm = point - pivot
        sense = 1.0 if Vec(-arm.y, arm.x).dot(motion) >= 0 else -1.0

        def turned(deg: float) -> Pose:
            c = rotate_cw(pose.centre, pivot, sense * deg)
            return Pose.of(c, pose.facing + sense * deg)

        def clear(candidate: Pose) -> bool:
            self.place_vehicle(pushed, candidate)
            return not self._overlaps_vehicle(msize, mover_pose, pushed)

        lo, hi = 0.0, 1.0
        while not clear(turned(hi)):
            lo, hi = hi, hi + 1.0
            if hi > limit:
                return None, 0.0, None
        for _ in range(4):
            mid = (lo + hi) / 2
            if clear(turned(mid)):
                hi = mid
            else:
                lo = mid
        final = turned(hi)
        self.place_vehicle(pushed, final)
        blockers = [h for h in self._query(psize, final, {pushed, *others}) if h.blocks_motion]
        if blockers:
            return None, 0.0, blockers[0]
        return final, sense * hi, None

    # --- internals ----------------------------------------------------------------------------

    def _near_boxes(self, size: CounterSize, poses: Sequence[Pose],
                    exclude: Collection[str]) -> list[tuple[str, float, float, float, float]]:
        """The owners and boxes (left, bottom, right, top) of the shapes not excluded whose boxes come within
        reach of the motion (as _near, every one of them, this world's and its base's)."""
        half = math.hypot(size.length / 2, size.width / 2) + 0.01
        xs, ys = [p.x for p in poses], [p.y for p in poses]
        bb = pymunk.BB(min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)
        out = []
        for world in (self, self._base) if self._base is not None else (self,):
            with world._lock:   # (re-entrant: the caller holds this world's own)
                for shape in world.space.bb_query(bb, pymunk.ShapeFilter()):
                    owner = world._owner.get(shape)
                    if owner is not None and owner[0] not in exclude:
                        sb = shape.bb
                        out.append((owner[0], sb.left, sb.bottom, sb.right, sb.top))
        return out

    def _near(self, size: CounterSize, poses: Sequence[Pose], exclude: Collection[str]) -> bool:
        """Whether any shape not excluded has its bounding box within reach of the motion: the box of
        every pose's centre grown by the counter's half-diagonal holds every pose tested between them
        (they are interpolated, then rounded to the thousandth: 0.01" to spare), so a motion near
        nothing overlaps nothing on the way."""
        half = math.hypot(size.length / 2, size.width / 2) + 0.01
        xs, ys = [p.x for p in poses], [p.y for p in poses]
        bb = pymunk.BB(min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)
        for shape in self.space.bb_query(bb, pymunk.ShapeFilter()):
            owner = self._owner.get(shape)
            if owner is not None and owner[0] not in exclude:
                return True
        if self._base is not None:
            with self._base._lock:
                return self._base._near(size, poses, exclude)
        return False

    def _owner_of(self, shape: pymunk.Shape) -> tuple[str, str, str] | None:
        got = self._owner.get(shape)
        if got is None and self._base is not None:
            got = self._base._owner.get(shape)
        return got

    def _probe(self, size: CounterSize) -> tuple[pymunk.Body, pymunk.Poly]:
        if size not in self._probes:
            body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
            self._probes[size] = (body, pymunk.Poly(body, _box(size)))
        return self._probes[size]

    def _query(self, size: CounterSize, pose: Pose, exclude: Collection[str]) -> tuple[Hit, ...]:
        body, shape = self._probe(size)
        _put(body, pose)
        shape.cache_bb()
        hits: dict[str, Hit] = {}
        infos = self.space.shape_query(shape)
        if self._base is not None:   # its vehicles and the base's shapes have different owners
            with self._base._lock:
                infos += self._base.space.shape_query(shape)
        for info in infos:
            owner = self._owner_of(info.shape)
            if owner is None or owner[0] in exclude:
                continue
            pts = info.contact_point_set.points
            if not pts or owner[0] in hits:
                continue
            px = sum(p.point_a.x + p.point_b.x for p in pts) / (2 * len(pts))
            py = sum(p.point_a.y + p.point_b.y for p in pts) / (2 * len(pts))
            n = info.contact_point_set.normal
            hits[owner[0]] = Hit(owner[0], owner[1], Vec(px, py), Vec(n.x, n.y), owner[2])
        return tuple(sorted(hits.values(), key=lambda h: (h.kind != VEHICLE, h.other)))

    def _overlaps_vehicle(self, size: CounterSize, pose: Pose, vid: str) -> bool:
        """Whether a counter of `size` at `pose` overlaps vehicle `vid`'s: _query's answer for that one
        counter (the space's query tests the same pair, once their boxes meet), without the others."""
        body, shape = self._probe(size)
        _put(body, pose)
        shape.cache_bb()
        other = self._vehicles[vid].shape
        if not shape.bb.intersects(other.bb):
            return False
        try:
            return bool(shape.shapes_collide(other).points)
        except AssertionError:   # pymunk 7 asserts that a contact set it builds has points: here none
            return False

    def _refine(self, size: CounterSize, free: Pose, hit: Pose, hits: tuple[Hit, ...],
                exclude: Collection[str]) -> tuple[Pose, Pose, tuple[Hit, ...]]:
        """Bisect between a free pose and an overlapping one to stop closer to the contact."""
        for _ in range(REFINE_STEPS):
            mid = _lerp(free, hit, 0.5)
            if mid in (free, hit):
                break
            mid_hits = tuple(h for h in self._query(size, mid, exclude) if h.blocks_motion)
            if mid_hits:
                hit, hits = mid, mid_hits
            else:
                free = mid
        return free, hit, hits

    @staticmethod
    def _note_touches(touched: dict[str, Touch], hits: Iterable[Hit], index: int, pose: Pose) -> None:
        for h in hits:
            if not h.blocks_motion and h.other not in touched:
                touched[h.other] = Touch(h.other, h.kind, h.tag, index, pose)


# --- geometry helpers -------------------------------------------------------------------------


def _box(size: CounterSize) -> list[tuple[float, float]]:
    """Counter outline in body coordinates: facing 0 is toward -y (map-up), shrunk by MARGIN."""
    hl = size.length / 2 - MARGIN
    hw = size.width / 2 - MARGIN
    return [(-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl)]


def _put(body: pymunk.Body, pose: Pose) -> None:
    # pymunk rotates (x, y) by +angle as (x cos - y sin, x sin + y cos): with y down that is clockwise
    # on screen, the same sense as our facings.
    body.position = (pose.x, pose.y)
    body.angle = math.radians(pose.facing)


def _static_shape(body: pymunk.Body, s: StaticShape) -> pymunk.Shape:
    pts = [(p.x, p.y) for p in s.points]
    if len(pts) == 1:
        return pymunk.Circle(body, s.radius, pts[0])
    if len(pts) == 2:
        return pymunk.Segment(body, pts[0], pts[1], s.radius)
    return pymunk.Poly(body, pts, radius=s.radius)


def _convex(points: Sequence[Vec]) -> bool:
    sign = 0
    n = len(points)
    for i in range(n):
        a, b, c = points[i], points[(i + 1) % n], points[(i + 2) % n]
        cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
        if abs(cross) < 1e-9:
            continue
        s = 1 if cross > 0 else -1
        if sign and s != sign:
            return False
        sign = s
    return sign != 0



def _lerp(a: Pose, b: Pose, k: float) -> Pose:
    return Pose.at(a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k, a.facing + signed_turn(a.facing, b.facing) * k)


def _substeps(a: Pose, b: Pose, size: CounterSize) -> list[Pose]:
    """Poses from a (excluded) to b (included), no step longer than 1/16" for any corner nor 5 degrees."""
    dist = math.hypot(b.x - a.x, b.y - a.y)
    rot = abs(signed_turn(a.facing, b.facing))
    corner = dist + math.radians(rot) * math.hypot(size.length, size.width) / 2
    n = max(1, math.ceil(max(corner / SWEEP_STEP_IN, rot / SWEEP_STEP_DEG) - 1e-9))
    steps = [_lerp(a, b, i / n) for i in range(1, n)]
    steps.append(b)
    return steps


def _cut_segment(s: StaticShape, at: Vec, width: float) -> list[StaticShape]:
    a, b = s.points
    d = b - a
    length = d.length()
    if length == 0:
        return []
    t = max(0.0, min(length, (at - a).dot(d) / length))
    lo, hi = t - width / 2, t + width / 2
    out = []
    if lo > 0:
        out.append(StaticShape(s.id, s.kind, (a, a + d * (lo / length)), s.radius, s.dp, s.tag))
    if hi < length:
        out.append(StaticShape(s.id, s.kind, (a + d * (hi / length), b), s.radius, s.dp, s.tag))
    return out


def _clip(points: Sequence[Vec], origin: Vec, axis: Vec, keep_below: float) -> list[Vec]:
    """The part of a convex polygon where (p - origin) . axis <= keep_below (one Sutherland-Hodgman pass)."""
    out: list[Vec] = []
    n = len(points)
    for i in range(n):
        p, q = points[i], points[(i + 1) % n]
        dp, dq = (p - origin).dot(axis) - keep_below, (q - origin).dot(axis) - keep_below
        if dp <= 0:
            out.append(p)
        if (dp < 0 < dq) or (dq < 0 < dp):
            out.append(p + (q - p) * (dp / (dp - dq)))
    return out


def _cut_polygon(s: StaticShape, at: Vec, width: float) -> list[StaticShape]:
    """A convex piece with a gap `width` wide cut across it at `at`, along its longest edge."""
    pts = list(s.points)
    edges = [(pts[(i + 1) % len(pts)] - pts[i]) for i in range(len(pts))]
    longest = max(edges, key=lambda e: e.length())
    axis = longest * (1.0 / longest.length())
    t = (at - pts[0]).dot(axis)
    out = []
    for part in (_clip(pts, pts[0], axis, t - width / 2), _clip(pts, pts[0], axis * -1.0, -(t + width / 2))):
        area = sum(a.x * b.y - b.x * a.y for a, b in zip(part, part[1:] + part[:1], strict=True)) / 2
        if len(part) >= 3 and abs(area) > 1e-6:
            try:
                out.append(StaticShape(s.id, s.kind, tuple(part), s.radius, s.dp, s.tag))
            except ValueError:   # degenerate sliver
                continue
    return out


def conform_pivots(pose: Pose, size: CounterSize, point: Vec) -> tuple[Vec, Vec]:
    """The corners a conforming counter may pivot about: the two at the end (front or back) farther from
    the contact point, the one diagonally opposite the point first (reference/movement.md §3.10)."""
    fl, fr, rr, rl = corners(pose, size)
    front_mid, back_mid = (fl + fr) * 0.5, (rl + rr) * 0.5
    far = (rl, rr) if (point - front_mid).length() <= (point - back_mid).length() else (fl, fr)
    a, b = far
    return (a, b) if (point - a).length() >= (point - b).length() else (b, a)


class MapShape(Protocol):
    """What rules.world.maps.static_shapes gives for each solid or hazardous map feature."""

    @property
    def kind(self) -> str: ...

    @property
    def points(self) -> tuple[tuple[float, float], ...]: ...

    @property
    def properties(self) -> dict[str, Any]: ...


def static_from_map(items: Iterable[MapShape]) -> list[StaticShape]:
    """Map features as collision shapes: closed outlines split into convex pieces, open lines (curbs) into
    segments; kinds the collision module does not know (ramps) become terrain tagged with the kind."""
    out: list[StaticShape] = []
    for n, item in enumerate(items):
        props = item.properties
        fid = str(props.get("id", f"feature{n}"))
        try:
            kind, tag = FeatureKind(item.kind), str(props.get("object") or "")
        except ValueError:
            kind, tag = FeatureKind.TERRAIN, item.kind
        raw_dp = props.get("dp")
        dp = int(raw_dp) if isinstance(raw_dp, (int, float)) and not isinstance(raw_dp, bool) else None
        if props.get("closed", True) and len(item.points) >= 3:
            for piece in convex_pieces(item.points):
                out.append(StaticShape(fid, kind, tuple(Vec(x, y) for x, y in piece), dp=dp, tag=tag))
        else:
            pts = [Vec(x, y) for x, y in item.points]
            for a, b in zip(pts, pts[1:], strict=False):
                if (b - a).length() > 0:
                    out.append(StaticShape(fid, kind, (a, b), dp=dp, tag=tag))
    return out
