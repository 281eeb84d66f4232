"""Collisions in play: what happens when a motion meets something (reference/movement.md §4.14, §5.2).

The movement engine calls one function for every motion of a counter:

    motion = move_with_collisions(ctx, vid, motion)   # -> the motion the counter really made

It sweeps the motion against the other vehicles and the map (rules.world.collision), stops the counter at
the first contact, resolves the collision by the rules (rules.driving.collisions): ram dice, damage to the
armor locations hit, hazards and control rolls at the speeds before the collision, new speeds; then the
mover finishes its movement only as the collision type allows, sliding along or pushing the other
counter out of the way (conforming), and may meet the next thing (pile-ups resolve in order). A mover
that may not finish loses the rest of this phase's movement. Debris, obstacles and curbs touched on the
way do their tire damage and hazards (000:L248-L249, L496-L502); entering water is a hazard and a
ditch is crossed or fallen into (000:L526, L529).

What a ram does to walls, buildings and fixed objects stays in the state (rules.world.map_changes): DP taken,
breaches, features knocked down; the world is the map plus those changes.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from rules.combat.line_of_fire import shape_changes
from rules.core.dice import DiceExpr
from rules.core.events import (
    Collided,
    CrashMotion,
    DitchFall,
    Drowned,
    FeatureBreached,
    FeatureCollapsed,
    FeatureDamaged,
    FeatureKnockedDown,
    HitFixedObject,
    Moved,
    PileUp,
    PushBlocked,
    PushedAside,
    RamTraded,
    RanOver,
    SlowedTo,
    Steamrollered,
    TrailerFollowed,
)
from rules.core.geometry import CounterSize, Pose, Vec, angle_diff, heading_of
from rules.driving.articulated import (
    Coupling,
    coupling_point,
    follow,
    hitch_point,
    trailer_fishtail,
    trailer_path,
)
from rules.driving.collisions import (
    CollisionKind,
    Continuation,
    Party,
    can_steamroller,
    classify,
    classify_fixed,
    collide,
    damage_modifier,
    ditch,
    fixed_object_collision,
    struck_side,
    water,
    who_moves_on,
)
from rules.driving.maneuvers import Motion, slide
from rules.driving.rig_collisions import collision_weight, coupling_ram, steamroller
from rules.play.concussion import concuss
from rules.play.context import Ctx
from rules.play.crashes import hazard, ram_accessories, striking, swipe_d
from rules.play.effects import coupling_rammed, damage_face, damage_one_tire, slick_hits
from rules.play.map_edges import check_left_map
from rules.play.rigs import (
    COUPLED,
    coupling_of,
    neighbours,
    obstacle_d,
    oversized,
    partner,
    tire_immune,
    trailer_of,
)
from rules.play.shots_at_map import MapTarget, building_falls, map_targets
from rules.play.state import GameState, VehicleState, evolve
from rules.play.terrain import note_ground
from rules.tables.rigs import Table3Row
from rules.world.collision import (
    VEHICLE,
    CollisionWorld,
    Contact,
    FeatureKind,
    Hit,
    Push,
    StaticShape,
    Touch,
    conform_pivots,
)
from rules.world.map_changes import (
    MapChanges,
    changed_base,
    changed_world,
    current_map,
    feature_properties,
    section_key,
)
from rules.world.map_model import Area, Placement
from rules.world.maps import exposed_areas, resolved

MAX_COLLISIONS = 6   # in one motion; a pile-up beyond this stops the mover
ARMOR_RULE = {"head_on": "000:L416", "rear_end": "000:L431", "t_bone": "000:L445",
              "sideswipe_same": "000:L457", "sideswipe_opposite": "000:L457"}


# Vehicles a collision stopped for the rest of the phase, per engine step (Ctx.stopped): a crash motion
# made of two moves (a skid, then straight on) must not go on after the first one was stopped.


def _stop(ctx: Ctx, vid: str) -> None:
    ctx.update(vid, increments=())
    ctx.stopped.add((ctx.state.turn, ctx.state.phase, vid))


def stopped(ctx: Ctx, vid: str) -> bool:
    """Whether a collision has stopped this vehicle for the rest of the phase."""
    return (ctx.state.turn, ctx.state.phase, vid) in ctx.stopped


AREA_KINDS = ("water", "ditch")   # terrain areas whose edges matter to a moving counter


@lru_cache(maxsize=8)
def _map_areas(map_id: str, sections: tuple[Placement, ...] = ()) -> dict[str, Area]:
    if not map_id:
        return {}

    return {f"areas[{i}]": a for i, a in enumerate(resolved(current_map(map_id, sections)).areas)
            if a.kind in AREA_KINDS}


@lru_cache(maxsize=8)
def _area_shapes(map_id: str, sections: tuple[Placement, ...]) -> tuple[StaticShape, ...]:
    if not map_id:
        return ()
    # the parts no area drawn above covers (a road over a river is a bridge, rules.world.maps.exposed_areas)
    return tuple(StaticShape(f"areas[{i}]", FeatureKind.TERRAIN, tuple(Vec(x, y) for x, y in piece), tag=area.kind)
                 for i, area, pieces in exposed_areas(current_map(map_id, sections), AREA_KINDS)
                 for piece in pieces)


_EMPTY = CollisionWorld().freeze()


@lru_cache(maxsize=8)
def _map_world(map_id: str, changes: MapChanges) -> CollisionWorld:
    """The map as play has changed it, terrain areas included: frozen, shared by every step."""
    if not map_id:
        return _EMPTY
    return changed_base(map_id, changes, _area_shapes(map_id, changes.sections))


def world_for(ctx: Ctx) -> CollisionWorld:
    """The step's own collision world: the map's static shapes as play has changed them (built once per
    map and change, frozen and shared) with every vehicle counter, wrecks included (000:L978), in a
    world of the step's own that nobody else sees or changes (kept in the context)."""
    base = _map_world(ctx.state.map_id, shape_changes(ctx.state.map_changes))
    world = ctx.world
    if world is None or world.base is not base:   # the first move of the step, or the map changed
        world = ctx.world = CollisionWorld.over(base)
    counters = ctx.t.handling.counters   # size_of, without looking each vehicle up again
    world.set_vehicles({v.id: (v.pose, v.spec.counter(counters)) for v in ctx.state.vehicles})
    return world


def size_of(ctx: Ctx, vid: str) -> CounterSize:
    return ctx.v(vid).spec.counter(ctx.t.handling.counters)


def move_with_collisions(ctx: Ctx, vid: str, motion: Motion) -> Motion:
    """Move vehicle `vid` along `motion` as far as the rules let it; returns the motion made."""
    if stopped(ctx, vid):
        here = ctx.v(vid).pose
        return Motion(here, (here,))
    world = world_for(ctx)
    path = motion.path
    made: list[Pose] = [path[0]]
    ignore: set[str] = neighbours(ctx.state, vid)   # a rig's coupled counters overlap (000:L588)
    touched: set[str] = set()
    sliding = ""   # the party it slid along or pushed: meeting it again ends the motion, no second collision
    for _ in range(MAX_COLLISIONS):
        s = world.sweep(vid, path, ignore=ignore)
        for t in s.touched:
            if t.other not in touched and not ctx.v(vid).airborne and not ctx.v(vid).fall_lands:   # a jump flies over them (000:L279, L283)
                touched.add(t.other)
                if _touch(ctx, vid, t):           # fell into a ditch: it ends there
                    made.extend(path[1: t.index + 1])
                    made.append(t.pose)
                    ctx.update(vid, pose=t.pose)
                    _stop(ctx, vid)
                    return Motion(made[-1], tuple(made))
        c = s.contact
        if c is None:
            made.extend(path[1:])
            return Motion(made[-1], tuple(made))
        made.extend(path[1: c.index + 1])
        made.append(c.free_pose)
        ctx.update(vid, pose=c.free_pose)
        world.place_vehicle(vid, c.free_pose)
        rest = (c.free_pose,) + tuple(path[c.index + 1:])
        if c.other == sliding:
            break
        if c.kind == VEHICLE:
            cont, pivot = _vehicle_collision(ctx, vid, c, _travel(ctx, vid, c))
        else:
            cont, pivot = _fixed_collision(ctx, world, vid, c, _travel(ctx, vid, c)), None
            world = world_for(ctx)   # a breach or a fallen tree changes the map
        if not cont.mover_finishes or len(rest) < 2:
            if not cont.mover_finishes:
                _stop(ctx, vid)
            break
        if cont.slides:   # not ignored: a slide off a corner must not carry it into the party (T38)
            sliding = c.other
            rest = _slide_along(rest, c)
            path = rest
            continue
        ignore.add(c.other)
        if cont.conformer is not None and pivot is not None:
            r = _push(ctx, world, vid, rest, c.other, pivot)
            if r.completed:
                made.extend(rest[1:])
                return Motion(made[-1], tuple(made))
            made.extend(rest[1: r.index + 1])
            made.append(r.mover_end)
            if stopped(ctx, vid):
                break
            # the mover met a third party while pushing: go on, and meet it as a collision of its own;
            # the pushed counter is solid again, and meeting it once more ends the motion
            ignore.discard(c.other)
            sliding = c.other
            path = (r.mover_end,) + rest[r.index + 1:]
            continue
        path = rest
    return Motion(made[-1], tuple(made))


def _slide_along(rest: tuple[Pose, ...], c: Contact) -> tuple[Pose, ...]:
    """The rest of a motion turned into a slide along the surface met: each pose's advance projected on
    the surface, the facing kept, so the counter neither leaves nor enters it (000:L464, L480)."""
    start = rest[0]
    tangent = Vec(-c.normal.y, c.normal.x)
    out = [start]
    for p in rest[1:]:
        along = (p.centre - start.centre).dot(tangent)
        out.append(Pose.of(start.centre + tangent * along, start.facing))
    return tuple(out)


def _travel(ctx: Ctx, vid: str, c: Contact) -> float:
    """The mover's direction of travel at the contact: from the motion itself, else its travel."""
    d = c.hit_pose.centre - c.free_pose.centre
    return heading_of(d) if d.length() > 1e-6 else ctx.v(vid).travel


def _push(ctx: Ctx, world: CollisionWorld, vid: str, rest: tuple[Pose, ...], other: str, pivot: Vec) -> Push:
    """The mover finishes its motion while `other` conforms (000:L411-L412). A pile-up resolves in
    order (reading T29): when the mover itself meets a third party the caller goes on to that contact;
    when the pushed counter's pivot would hit a third vehicle or a wall, that contact is a collision of
    its own (the pushed vehicle moving the way it is pushed), and the mover stops where it is."""

    r = world.push(vid, rest, other, pivot)
    ctx.update(other, pose=r.pushed_end)
    ctx.update(vid, pose=r.mover_end)
    note_ground(ctx, other)        # pushed off the road, or off the map, like any other motion
    check_left_map(ctx, other)
    ctx.log.add(PushedAside(f"{other} is pushed aside, pivoting {abs(r.turned):.0f} degrees", "000:L411-L412", other,
                            pose=r.pushed_end, turned=r.turned))
    if r.completed:
        return r
    b = r.blocked_by
    if b is not None and not r.pushed_blocked and b.other != other and b.blocks_motion:
        return r   # the mover meets the third party itself
    ctx.log.add(PushBlocked("the push is blocked: it stops", "000:L412", vid))
    _stop(ctx, vid)
    if b is not None and r.pushed_blocked and b.blocks_motion:
        _pile_up(ctx, world, other, b, _heading(rest), ctx.v(vid).speed)
    return r


def _heading(path: tuple[Pose, ...]) -> float:
    d = path[-1].centre - path[0].centre
    return heading_of(d) if d.length() > 1e-6 else path[0].facing


def _pile_up(ctx: Ctx, world: CollisionWorld, pushed: str, hit: Hit, travel: float, speed: float) -> None:
    """The pushed vehicle meets a third party where it stands: a collision of its own, as if it moved
    the way it is pushed at the speed of the vehicle pushing it; it never comes out of it faster than
    it was going (reading T29)."""
    ctx.log.add(PileUp(f"pile-up: {pushed} is pushed into {hit.other} at {speed:g} mph", "000:L411-L412",
                       pushed, other=hit.other, speed=speed))
    own = ctx.v(pushed).speed
    here = ctx.v(pushed).pose
    c = Contact(0, here, here, (hit,))
    counters = ctx.t.handling.counters   # size_of, without looking each vehicle up again
    world.set_vehicles({v.id: (v.pose, v.spec.counter(counters)) for v in ctx.state.vehicles})
    ctx.update(pushed, speed=speed)
    if hit.kind == VEHICLE:
        _vehicle_collision(ctx, pushed, c, travel)
    else:
        _fixed_collision(ctx, world, pushed, c, travel)
    ctx.update(pushed, speed=min(own, ctx.v(pushed).speed))




def _vehicle_collision(ctx: Ctx, vid: str, c: Contact, travel: float) -> tuple[Continuation, Vec]:
    mover, other = ctx.v(vid), ctx.v(c.other)
    msize, osize = size_of(ctx, vid), size_of(ctx, other.id)
    cls = classify(Party(mover.pose, msize, travel, mover.speed),
                   Party(other.pose, osize, other.travel, other.speed), c.normal)
    v1, v2 = (mover, other) if cls.mover_is_v1 else (other, mover)
    side = {mover.id: cls.mover_side, other.id: cls.other_side}
    run = _steamroller(ctx, mover, other, cls.kind)
    if run is not None:
        return run, conform_pivots(ctx.v(other.id).pose, osize, c.point)[0]
    dms = (damage_modifier(_weight(ctx, v1, cls.kind)), damage_modifier(_weight(ctx, v2, cls.kind)))
    out = collide(cls.kind, (v1.speed, v2.speed), dms)
    kind = cls.kind.value
    ctx.log.add(Collided(f"{kind.replace('_', '-')} with {other.id} at {out.collision_speed:g} mph "
                         f"(V1 {v1.id}, V2 {v2.id})", "000:L406-L410", vid, how=kind, other=other.id, v1=v1.id,
                         v2=v2.id, speed=out.collision_speed, point=c.point))
    total = ctx.roll(out.ram, f"ram damage at {out.collision_speed:g} mph", "000:L391", vid) if out.ram else 0
    spikes, plates = ram_accessories(ctx, (v1, v2), (side[v1.id], side[v2.id]))   # 000:L2518, L2540
    to_v1, to_v2 = out.damage(total, spikes=spikes, ramplates=plates)
    damage_face(ctx, v1.id, side[v1.id], to_v1, f"collision (x{_dm(dms[1])})", ARMOR_RULE[kind], "ram")
    damage_face(ctx, v2.id, side[v2.id], to_v2, f"collision (x{_dm(dms[0])})", ARMOR_RULE[kind], "ram")
    # concussion (optional, 000:L472): a stunned driver adds D2 to the collision hazard
    dazed = {w.id: concuss(ctx, w.id, t) for w, t in ((v1, out.concussion[0]), (v2, out.concussion[1]))}
    extra = ctx.rules.collisions.stunned_driver_hazard
    for w, d in ((v1, out.hazards[0]), (v2, out.hazards[1])):
        d = swipe_d(ctx, d, out.collision_speed) if cls.kind.sideswipe else d   # (000:L466, reading AU7)
        hazard(ctx, w.id, d + (extra if dazed[w.id] else 0), "collision" + (" (driver stunned)" if dazed[w.id] else ""),
               "000:L428, L472" if dazed[w.id] else "000:L428" if not cls.kind.sideswipe else "000:L466",
               at_speed=w.speed)   # at the speed before the collision (000:L428)
    for w, new in ((v1, out.new_speeds[0]), (v2, out.new_speeds[1])):
        if new != w.speed:
            ctx.update(w.id, speed=new)
            ctx.log.add(SlowedTo(f"the collision leaves it at {new:g} mph", "000:L420-L421, L435-L436, L449", w.id,
                                 speed=new))
        mate = partner(ctx.state, w.id)
        ram = coupling_ram(w.speed, new).dice if mate and new < w.speed else None
        if ram is not None:   # the rig slowed: its coupling takes the jolt (000:L474-L475)
            pair = (mate, w.id) if w.towed_by else (w.id, mate)
            coupling_rammed(ctx, *pair, ctx.roll(ram, f"the coupling's jolt ({w.speed - new:g} mph lost)",
                                                 "000:L475", w.id))
    cont = who_moves_on(out, cls.mover_is_v1)
    pivot = conform_pivots(ctx.v(other.id).pose, osize, c.point)[0]
    return cont, pivot


def _weight(ctx: Ctx, v: VehicleState, kind: CollisionKind) -> int:
    """The weight a party brings to a collision: a rig's two parts together head-on and rear-end, the part
    hit alone from the side (000:L579)."""
    other = partner(ctx.state, v.id)
    if not other:
        return v.spec.weight
    mate = ctx.v(other)
    tower, trailer = (mate, v) if v.towed_by else (v, mate)
    return collision_weight(kind, tower.spec.weight, trailer.spec.weight, "trailer" if v.towed_by else "tower")


def _big_class(ctx: Ctx, v: VehicleState) -> str:
    """Which steamroller row a vehicle is: a ten-wheeler, a rig (a tractor with its trailer, or the trailer)
    or a bus (000:L609-L611); "" for none."""
    kind = v.spec.kind.value
    if kind in ("ten_wheeler", "bus"):
        return kind
    if kind == "semi_trailer" or (kind == "tractor" and partner(ctx.state, v.id)):
        return "rig"
    return ""


def _victim_class(v: VehicleState) -> str:
    kind = v.spec.kind.value
    return "cycle" if kind == "cycle" else v.spec.body


def _steamroller(ctx: Ctx, mover: VehicleState, other: VehicleState, kind: CollisionKind) -> Continuation | None:
    """A ten-wheeler, rig or bus meeting a smaller vehicle in anything but a sideswipe may run right over it
    (000:L608-L611): 1d, and on 3-6 the victim stops dead, takes the ram damage spread over its components,
    and the big one takes a D1 (a cycle) or D3 hazard; it drives on over the counter. None: a collision."""
    for big, small in ((mover, other), (other, mover)):
        row = _big_class(ctx, big)
        if not row or not can_steamroller(row, _victim_class(small)) or kind.sideswipe:
            continue
        die = ctx.roll(DiceExpr(1), "steamroller? (3-6 runs it over)", "000:L609", big.id)
        s = steamroller(row, _victim_class(small), kind, die)
        if not s.run_over:
            return None
        speed = max(big.speed, small.speed)
        ctx.log.add(Steamrollered(f"runs right over {small.id}", "000:L608-L611", big.id, victim=small.id))
        ram = ctx.t.chart.ram(speed)
        if ram:
            damage_face(ctx, small.id, "top", ctx.roll(ram, f"steamrollered at {speed:g} mph", "000:L610", small.id),
                        "steamrollered", "000:L610", "ram")
        ctx.update(small.id, speed=0.0)
        ctx.log.add(SlowedTo("steamrollered: it stops dead", "000:L610", small.id, speed=0.0))
        hazard(ctx, big.id, s.hazard, "steamrollering", "000:L261, L610-L611")
        return Continuation(mover_finishes=True, slides=False, conformer=None) if big is mover \
            else Continuation(mover_finishes=False, slides=False, conformer=None)
    return None


def _dm(dm: Fraction) -> str:
    return str(dm)


def _fixed_collision(ctx: Ctx, world: CollisionWorld, vid: str, c: Contact, travel: float) -> Continuation:
    v = ctx.v(vid)
    size = size_of(ctx, vid)
    pieces = world.feature(c.other)
    feature = pieces[0] if pieces else None
    kind = classify_fixed(Party(v.pose, size, travel, v.speed), c.normal)
    walls = (FeatureKind.WALL, FeatureKind.BUILDING)
    sections = ctx.rules.collisions.sections_to_pass if feature and feature.kind in walls else 1
    dp = feature.dp if feature else None
    key = section_key(feature, c.point) if feature else c.other
    damaged = ctx.state.map_changes.taken(key)
    dm = damage_modifier(v.spec.weight)
    speed = fixed_object_collision(kind, v.speed, dm, 0, dp=dp, sections=sections, damaged=damaged).collision_speed
    name = (feature.tag or feature.kind.value) if feature else c.other
    ctx.log.add(HitFixedObject(f"{kind.value.replace('_', '-')} into {name} at {speed:g} mph",
                               "000:L476-L480", vid, how=kind.value, other=c.other, name=name, speed=speed,
                               point=c.point))
    ram = ctx.t.chart.ram(speed)
    total = ctx.roll(ram, f"ram damage at {speed:g} mph", "000:L391", vid) if ram else 0
    face = struck_side(kind, v.pose, c.normal)
    spike, plate = striking(ctx, v, face)   # bumper spikes, ramplate (000:L2518, L2540; reading AU14)
    out = fixed_object_collision(kind, v.speed, dm, total, dp=dp, sections=sections, damaged=damaged, spike=spike,
                                 ramplate=plate)
    ctx.log.add(RamTraded(f"{name} takes {out.dealt} and returns {out.taken}", "000:L477", vid,
                          dealt=out.dealt, taken=out.taken, through=out.through))
    damage_face(ctx, vid, face, out.taken, f"collision with {name}", "000:L477", "ram")
    d = swipe_d(ctx, out.hazard, out.collision_speed) if kind.sideswipe else out.hazard
    hazard(ctx, vid, d, "collision", "000:L428, L480", at_speed=v.speed)
    if out.new_speed != v.speed:
        ctx.update(vid, speed=out.new_speed)
        ctx.log.add(SlowedTo(f"the collision leaves it at {out.new_speed:g} mph", "000:L480", vid, speed=out.new_speed))
    if feature is not None and dp is not None:
        _record_damage(ctx, feature, key, c.point, out.dealt, out.through, sections, name, vid)
    return Continuation(not out.stops, out.slides, None)


def _record_damage(ctx: Ctx, feature: StaticShape, key: str, point: Vec, dealt: int, through: bool,
                   sections: int, name: str, vid: str) -> None:
    """Keep what the ram did to the map in the state (000:L476-L481): DP taken by the sections met;
    a breach (two ¼" sections, a vehicle's width) cut in a wall; a tree or boulder knocked down; a
    building that has taken as many breaches as its collapse number falls."""

    changes = ctx.state.map_changes
    fallen: MapTarget | None = None
    if not through:
        if dealt:
            changes = changes.with_damage(key, dealt)
            left = max(0, (feature.dp or 0) * sections - changes.taken(key))
            ctx.log.add(FeatureDamaged(f"{name} takes {dealt} ({left} DP left there)", "000:L477, L481", vid,
                                       feature=feature.id, rammed=True, points=dealt, dp_left=left))
    elif feature.kind == FeatureKind.FIXED_OBJECT:
        changes = changes.with_destroyed(feature.id)
        ctx.log.add(FeatureKnockedDown(f"{name} is knocked down", "000:L479", vid, feature=feature.id, rammed=True))
    else:
        width = ctx.rules.collisions.breach_width_in * sections
        changes = changes.with_breach(key, feature.id, point, width)
        ctx.log.add(FeatureBreached(f"{name} is breached: a {width:g}\" gap", "000:L481", vid, feature=feature.id,
                                    rammed=True, point=point))
        props = feature_properties(ctx.state.map_id, changes.sections).get(feature.id, {})
        collapse = props.get("collapse")
        if feature.kind == FeatureKind.BUILDING and isinstance(collapse, int) and \
                changes.breach_count(feature.id) >= collapse:
            fallen = map_targets(ctx.state.map_id, ctx.state.map_changes).get(feature.id)
            changes = changes.with_rubble(feature.id)
            ctx.log.add(FeatureCollapsed(f"{name} collapses into rubble", "000:L1205-L1206", vid, feature=feature.id,
                                         rammed=True))
    ctx.state = evolve(ctx.state, map_changes=changes)
    if fallen is not None:
        building_falls(ctx, fallen, vid)


def _touch(ctx: Ctx, vid: str, t: Touch) -> bool:
    """Debris, obstacles, curbs, water and ditches do not stop a vehicle, except a ditch it falls into
    (returns True then): tire damage and hazards (000:L248-L249, L496-L502, L526, L529)."""
    hz = ctx.t.hazards.difficulty
    if t.kind == FeatureKind.DEBRIS.value:
        ctx.log.add(RanOver("hits debris", "000:L496", vid, obstacle="debris", other=t.other))
        _tires_over(ctx, vid, ctx.rules.collisions.debris_tire_damage, "debris", "000:L497")
        hazard(ctx, vid, hz["debris"], "debris", "000:L249, L497")
    elif t.kind == FeatureKind.OBSTACLE.value:
        ctx.log.add(RanOver("hits an obstacle", "000:L501", vid, obstacle="obstacle", other=t.other))
        _tires_over(ctx, vid, ctx.rules.collisions.obstacle_tire_damage, "obstacle", "000:L501")
        big = oversized(ctx.v(vid))
        hazard(ctx, vid, obstacle_d(ctx.v(vid), hz["obstacle"]), "obstacle", "000:L248, L255" if big else "000:L248, L501")
    elif t.kind == FeatureKind.CURB.value:
        hazard(ctx, vid, hz["curb"], "hits the curb", "000:L248")
    elif t.kind == FeatureKind.TERRAIN.value and t.tag in ("water", "ditch"):
        area = _map_areas(ctx.state.map_id).get(t.other)
        if area is not None:
            return _enter_area(ctx, vid, t.tag, area)
    return False


def _tires_over(ctx: Ctx, vid: str, dmg: DiceExpr, kind: str, rule: str) -> None:
    """Each tire rolls its damage from map debris or an obstacle; racing slicks take double, as from
    dropped counters (000:L1835, rules.play.counters.slick_hits)."""

    for i in range(len(ctx.v(vid).sheet.tires)):
        if tire_immune(ctx.v(vid), i, kind):   # solid and plasticore truck tires and debris (000:L2013)
            continue
        hits = ctx.roll(dmg, f"{kind}: tire {ctx.v(vid).sheet.tires[i].corner}", rule, vid) if dmg.n else dmg.mod
        damage_one_tire(ctx, vid, i, slick_hits(ctx, vid, i, hits, kind), kind, rule)


def _enter_area(ctx: Ctx, vid: str, kind: str, area: Area) -> bool:
    v = ctx.v(vid)
    if kind == "water":
        w = water(area.depth_ft or 0.0, or_suspension=v.spec.off_road_suspension)
        if w.hazard:
            hazard(ctx, vid, w.hazard, f"drives into water {area.depth_ft:g} ft deep", "000:L529")
        if w.drowned and not ctx.v(vid).drowned:
            ctx.update(vid, drowned=True)
            ctx.log.add(Drowned("the water is too deep: the power plant drowns out (no acceleration, "
                                f"{ctx.rules.terrain.plant_out_decel:g} mph slower a turn)", "000:L528, L1742", vid))
        return False
    d = ditch(area.width_ft or 0.0, v.speed)
    if d.falls_in:
        ctx.log.add(DitchFall(f"falls into the {area.width_ft:g}-ft ditch and hits the far side at "
                              f"{v.speed:g} mph", "000:L526", vid, width_ft=area.width_ft or 0.0, speed=v.speed))
        ram = ctx.t.chart.ram(v.speed)
        total = ctx.roll(ram, f"ram damage at {v.speed:g} mph", "000:L526", vid) if ram else 0
        out = fixed_object_collision(CollisionKind.HEAD_ON, v.speed, damage_modifier(v.spec.weight), total, dp=None)
        damage_face(ctx, vid, "front", out.taken, "the ditch's far side", "000:L526", "ram")
        hazard(ctx, vid, out.hazard, "collision", "000:L428, L526")
        ctx.update(vid, speed=0.0)
        return True
    hazard(ctx, vid, d.hazard, f"crosses a {area.width_ft:g}-ft ditch", "000:L526")
    return False


def own_world(state: GameState) -> CollisionWorld:
    """A collision world of the state's map as play has changed it, with every vehicle counter, built
    afresh for one caller (a preview): a world of its own laid over the shared frozen map, so no cached
    world is changed and none is shared between threads."""
    world = (changed_world(state.map_id, state.map_changes, _area_shapes(state.map_id, state.map_changes.sections))
             if state.map_id else CollisionWorld())
    sizes = state.rules.movement.handling.counters
    world.set_vehicles({v.id: (v.pose, v.spec.counter(sizes)) for v in state.vehicles})
    return world


# --- a rig's two counters kept coupled (issue 19) --------------------------------------------------------

FISHTAIL_STEPS = 6   # poses along a Crash Table 3 fishtail's arc, for its sweep


def held_back(ctx: Ctx, vid: str, trailer: Pose, c: Coupling) -> VehicleState:
    """A trailer stopped short of its place on the hitch (a collision where it ends, 000:L565) holds its tower
    back: the pair meets the obstacle as one (000:L473), so the tower is set back along its own facing until its
    hitch is on the coupling point where the trailer stopped (000:L557, L564; reading M-R30). The coupling never
    comes apart unseen; only its own rules (a jackknife, a broken hitch, a release) part the two.
    The set-back is checked: where a wall or another vehicle stands in it, the tower goes back only as far as
    it is free (no collision of its own: the pair has met what stopped it once) and the trailer is drawn onto
    the hitch there, pivoting on its rear corner (000:L563-L564) (reading M-R30). A tower that is itself a
    double's first trailer holds its own tower back in turn (000:L567, reading M-R32)."""
    tower = ctx.v(vid)
    gap = coupling_point(trailer, c) - hitch_point(tower.pose, c)
    if gap.length() < COUPLED:
        return tower
    end = Pose.of(tower.pose.centre + gap, tower.pose.facing)
    s = world_for(ctx).sweep(vid, (tower.pose, end), ignore=neighbours(ctx.state, vid))
    if s.contact is None:
        ctx.log.add(Moved(f"held back by its trailer to {end}", "000:L473", vid, what="held back", end=end,
                          path=(tower.pose, end)))
        tower = ctx.put(evolve(tower, pose=end))
    else:
        free = s.contact.free_pose
        ctx.log.add(Moved(f"held back by its trailer to {free}, as far as {s.contact.other} lets it", "000:L473",
                          vid, what="held back", end=free, path=(tower.pose, free)))
        tower = ctx.put(evolve(tower, pose=free))
        behind = trailer_of(ctx.state, vid)
        if behind is not None:
            ctx.put(evolve(behind, pose=follow(behind.pose, hitch_point(free, c), 0.0, c)))
    if tower.towed_by:   # a double's first trailer: its own tower is held back onto it
        head = ctx.v(tower.towed_by)
        held_back(ctx, head.id, tower.pose, coupling_of(head, tower))
    return ctx.v(vid)


def recouple(ctx: Ctx) -> None:
    """Every rig a collision's push left apart (the pushed counter pivots alone, 000:L411-L412): its trailer
    follows onto the hitch as after a move of the tower (000:L561-L564, no distance of its own), swept, and,
    stopped short, holds the tower back (reading M-R30). A double's links are taken from the head tower back
    (000:L567)."""
    for tr in _links(ctx.state):
        tower = ctx.state.vehicle(tr.towed_by)
        tr = ctx.v(tr.id)
        if tower.out or tr.out:
            continue
        c = coupling_of(tower, tr)
        hitch = hitch_point(tower.pose, c)
        if (coupling_point(tr.pose, c) - hitch).length() < COUPLED:
            continue
        rm = follow(tr.pose, hitch, 0.0, c)
        swept = move_with_collisions(ctx, tr.id, Motion(tr.pose, (tr.pose, rm)))
        ctx.put(evolve(ctx.v(tr.id), pose=swept.end))
        held_back(ctx, tower.id, swept.end, c)
        ctx.log.add(TrailerFollowed(f"trailer back on the hitch at {swept.end}", "000:L561-L564", tr.id,
                                    tower=tower.id, end=swept.end, path=trailer_path(swept.path[0], swept.end),
                                    fold=round(angle_diff(ctx.v(tower.id).pose.facing, swept.end.facing), 3)))


def _links(state: GameState) -> list[VehicleState]:
    """Every hitched trailer, each after the trailer it hangs on (a double's second after its first)."""
    out: list[VehicleState] = []
    for v in state.vehicles:
        if v.towed_by and not state.vehicle(v.towed_by).towed_by:
            t: VehicleState | None = v
            while t is not None and t not in out:
                out.append(t)
                t = trailer_of(state, t.id)
    return out


def crash3_moves(ctx: Ctx, vid: str, tid: str, row: Table3Row, c: Coupling, travel: float, side: str,
                 rule: str = "000:L337-L345") -> tuple[Pose, Pose]:
    """A Crash Table 3 row's skid and fishtail, swept as Crash Table 1's skids are (reading M-R15): the rig
    skids along its travel, the tractor first and its trailer following onto the hitch (000:L561-L564, reading
    M-R3), then the trailer's rear swings toward `side` about the coupling point (000:L339). Either counter
    meeting something on the way is a collision there, as any motion's (rules.play.collisions): it stops there
    and the tower is held back onto the trailer's coupling (M-R30). The two counters' poses after it."""
    skid = row.tractor_skid + row.trailer_skid
    v = ctx.v(vid)
    if skid:
        start = v.pose
        made = move_with_collisions(ctx, vid, slide(v.pose, travel, skid))
        v = ctx.put(evolve(ctx.v(vid), pose=made.end))
        ctx.log.add(CrashMotion(f"Crash Table 3: skids to {made.end}", rule, vid, motion="skid", ended=True))
        tr = ctx.v(tid)
        gone = (made.end.centre - start.centre).length()
        end = follow(tr.pose, hitch_point(v.pose, c), gone, c)
        made = move_with_collisions(ctx, tid, Motion(tr.pose, trailer_path(tr.pose, end)))
        ctx.put(evolve(ctx.v(tid), pose=made.end))
        v = held_back(ctx, vid, made.end, c)
    if row.trailer_fishtail:
        tr = ctx.v(tid)
        arc = tuple(trailer_fishtail(v.pose, tr.pose, c, side, row.trailer_fishtail * k / FISHTAIL_STEPS)
                    for k in range(1, FISHTAIL_STEPS + 1))
        made = move_with_collisions(ctx, tid, Motion(tr.pose, (tr.pose, *arc)))
        ctx.put(evolve(ctx.v(tid), pose=made.end))
        ctx.log.add(CrashMotion(f"Crash Table 3: swings to {made.end}", rule, tid, motion="fishtail", ended=True))
        v = held_back(ctx, vid, made.end, c)
    if trailer_of(ctx.state, tid) is not None:
        recouple(ctx)   # a double's second trailer follows the first onto its hitch (000:L567)
    return ctx.v(vid).pose, ctx.v(tid).pose


class _Motions:
    """The swept motions handed to the crash code through Ctx.motions (rules.play.context.Motions)."""

    def move(self, ctx: Ctx, vid: str, motion: Motion) -> Motion:
        return move_with_collisions(ctx, vid, motion)

    def crash3_moves(self, ctx: Ctx, vid: str, tid: str, row: Table3Row, c: Coupling, travel: float,
                     side: str) -> tuple[Pose, Pose]:
        return crash3_moves(ctx, vid, tid, row, c, travel, side)


MOTIONS = _Motions()   # stateless: one is shared by every step
