"""What a scripted foe sees and reckons with: the vehicles and their weapons as a player sees them,
the map's walls as play has left them (a CollisionWorld of its own per distinct GameState.map_changes,
rules.world.collision, rules.world.map_changes), the map area a centre must stay in (rules.play.map_edges), rays for room ahead, chances of
dice (2d to hit, 1d for control, 000:L182-L186, L901) and the paths of maneuvers (rules.driving.maneuvers)."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from rules.combat.shooting import Combatant, ready
from rules.combat.to_hit import weapon_info
from rules.core.dice import chance_at_least
from rules.core.geometry import CounterSize, Pose, Vec, corners, forward, right
from rules.driving.collisions import damage_modifier, ram_damages, water
from rules.driving.handling import control_need, lower_status
from rules.driving.maneuvers import Maneuver, Motion, base_difficulty, perform
from rules.phases import fire_step
from rules.play.map_edges import Box, map_area
from rules.play.state import GameState, Mode, VehicleState
from rules.tables.foe_profiles import Profile
from rules.tables.foe_tactics import tactics
from rules.tables.movement import LOST, SAFE, Tables
from rules.world.collision import CollisionWorld, static_from_map
from rules.world.map_changes import MapChanges, apply_changes, map_of
from rules.world.maps import exposed_areas, static_shapes, terrain_at
from rules.world.shapes import bbox, polygons_overlap

RAY_ANGLES = (0.0, -30.0, 30.0, -60.0, 60.0)
RAY_WEIGHT = {0.0: 1.0, 30.0: 0.85, 60.0: 0.65}


# --- the vehicles ------------------------------------------------------------------------------


@dataclass
class Gun:
    id: str
    abbr: str
    mount: str
    to_hit: int
    damage: float          # mean damage of a hit
    ready: bool            # not fired this turn, has ammunition, crew able


@dataclass
class View:
    """One decision's picture of the table, built once: the vehicle, its profile, its foes and friends,
    every weapon in play and the map's walls with the vehicles placed in them."""

    state: GameState
    me: VehicleState
    prof: Profile
    deadline: float
    t: Tables
    size: CounterSize
    world: CollisionWorld
    bounds: Box | None     # the map area (x0, y0, x1, y1): a centre outside it is out of the game
    enemies: list[VehicleState]
    friends: list[VehicleState]
    guns: dict[str, list[Gun]] = field(default_factory=dict)
    target: VehicleState | None = None
    projected: dict[str, Pose] = field(default_factory=dict)
    combatants: dict[str, Combatant] = field(default_factory=dict)
    static: CollisionWorld = field(default_factory=CollisionWorld)  # the map's walls alone (plans judge vehicles by prediction)
    predicted: dict[tuple[str, int], list[tuple[Pose, float]]] = field(default_factory=dict)
    nodes: int = 0                              # plan steps tried so far this decision (the profile's budget)
    shot_base: dict[tuple[str, str, str], tuple[int, float, float, str] | None] = field(default_factory=dict)
    t_hit_cap: int = 13                         # a need this high cannot hit (combat tables, 000:L904)
    mood: str = ""                              # how the loadout and the fight changed the profile (adapt)
    here: str = ""                              # the bad ground it is on now (bad_ground)
    names: dict[str, str] = field(default_factory=dict)   # map feature ids in a player's words
    plan_speed: float = 0.0                     # the speed the plan being made drives at
    cut: bool = False                           # the hard wall-clock cap stopped the search
    waypoint: Vec | None = None                 # where to head first round a wall between it and its target
    waypoint_known: bool = False                # waypoint worked out (once a decision)
    tail: bool = False                          # its rear gun is for the pursuing target this phase (foe.tail_gun)
    goal: Vec | None = None                     # with no vehicle to fight: where to make for (rules/ai/stand_off.py)

    @staticmethod
    def of(state: GameState, vid: str, prof: Profile, deadline: float) -> View:
        t = state.rules.movement
        me = state.vehicle(vid)
        world = CollisionWorld.over(map_world(state.map_id, state.map_changes))   # the foe's own vehicles
        bounds = map_area(state)
        world.set_vehicles({v.id: (v.pose, v.spec.counter(t.handling.counters)) for v in state.vehicles if not v.out})
        enemies = [v for v in state.vehicles if v.owner != me.owner and not v.out]
        friends = [v for v in state.vehicles if v.owner == me.owner and v.id != vid and not v.out]
        view = View(state, me, prof, deadline, t, me.spec.counter(t.handling.counters), world, bounds, enemies, friends)
        view.static = CollisionWorld.over(map_world(state.map_id, state.map_changes))
        view.combatants = combatants_of(state, [me, *enemies, *friends])
        view.guns = {vid: guns_of(c) for vid, c in view.combatants.items()}
        view.prof, view.mood = adapt(prof, me, view.guns.get(vid, []), enemies)
        view.target = pick_target(view)
        view.here = bad_ground(view, me.pose)
        view.t_hit_cap = state.rules.combat.cannot_hit_at
        return view

    def timed_out(self) -> bool:
        """Past the hard wall-clock cap (a safety net: the profile's node budget ends a search first)."""
        if not self.cut and time.perf_counter() > self.deadline:
            self.cut = True
        return self.cut

    def exhausted(self) -> bool:
        return self.nodes >= self.prof.nodes or self.timed_out()

    def spend(self) -> bool:
        """Count one plan step; False once the budget is spent."""
        if self.exhausted():
            return False
        self.nodes += 1
        return True


@lru_cache(maxsize=8)
def map_world(map_id: str, changes: MapChanges) -> CollisionWorld:
    """The foe's map as play has changed it (breaches, fallen features, an endless highway's sections
    now), frozen: each View lays a world of its own over it to place the vehicles, so foes thinking on
    a client's worker thread share nothing that changes. Not the engine's (rules.world.map_changes)."""
    world = CollisionWorld()
    if not map_id:
        return world.freeze()

    for s in static_from_map(static_shapes(map_of(map_id, changes))):
        world.add_static(s)
    return apply_changes(world, changes).freeze()


def _map(state: GameState) -> Any:
    return map_of(state.map_id, state.map_changes) if state.map_id else None


def off_map(view: View, pose: Pose) -> bool:
    """Whether a counter's centre is outside the map area: out of the game (rules.play.map_edges)."""
    if view.bounds is None:
        return False
    x0, y0, x1, y1 = view.bounds
    return not (x0 <= pose.x <= x1 and y0 <= pose.y <= y1)


def bad_ground(view: View, pose: Pose) -> str:
    """What is wrong with the ground under a counter's centre ("" if it is plain dry going): off-road,
    water, oil, ice... each a hazard or damage for whoever drives there (000:L267-L275, L518-L529)."""
    m = _map(view.state)
    if m is None:
        return ""

    if off_map(view, pose):
        return "off the map"
    t = terrain_at(m, pose.x, pose.y)
    if t.depth_ft or t.kind == "water":
        return "water"
    if t.off_road:
        return "off-road"
    if t.condition not in ("", "dry"):
        return t.condition
    return ""


Outline = tuple[tuple[float, float], ...]


@lru_cache(maxsize=8)
def deep_water(map_id: str, changes: MapChanges) -> tuple[tuple[Outline, tuple[float, float, float, float], float], ...]:
    """The map's water (each convex piece's outline, box, depth in feet), deepest first: the parts no area
    drawn above covers, as the engine meets them (rules.play.collisions: a road over a river is a bridge)."""
    if not map_id:
        return ()
    out = []
    for _i, a, pieces in exposed_areas(map_of(map_id, changes), ("water",)):
        for piece in pieces:
            pts = tuple((float(x), float(y)) for x, y in piece)
            out.append((pts, bbox(pts), float(a.depth_ft or 0.0)))
    return tuple(sorted(out, key=lambda w: -w[2]))


def drowns_at(view: View, pose: Pose) -> bool:
    """Whether the counter at this pose overlaps water deep enough to drown its power plant (000:L528):
    as good as out of the game."""
    areas = deep_water(view.state.map_id, view.state.map_changes)
    if not areas:
        return False
    cs = [(c.x, c.y) for c in corners(pose, view.size)]
    x0, y0 = min(c[0] for c in cs), min(c[1] for c in cs)
    x1, y1 = max(c[0] for c in cs), max(c[1] for c in cs)
    for pts, (bx0, by0, bx1, by1), depth in areas:
        if x1 <= bx0 or bx1 <= x0 or y1 <= by0 or by1 <= y0:
            continue
        if not water(depth, or_suspension=view.me.spec.off_road_suspension).drowned:
            return False   # deepest first: the rest are shallower still
        if polygons_overlap(cs, pts):
            return True
    return False


def combatants_of(state: GameState, vehicles: list[VehicleState]) -> dict[str, Combatant]:
    """Each vehicle as the combat rules see it (weapons, mounts, crew, what has fired this turn)."""
    out: dict[str, Combatant] = {}
    for v in vehicles:
        try:
            out[v.id] = fire_step.combatant(state, v)
        except (KeyError, ValueError):
            continue
    return out


def guns_of(c: Combatant) -> list[Gun]:
    """A vehicle's aimed weapons (dropped weapons take no aim, 000:L1028)."""
    out = []
    for w in c.weapons:
        try:
            info = weapon_info(w.abbr)
        except ValueError:
            continue
        if info.to_hit <= 0:
            continue
        mean = info.damage.n * 3.5 + info.damage.mod if info.damage is not None else 0.0
        out.append(Gun(w.id, w.abbr, w.mount, info.to_hit, max(0.0, mean), ready(c, w.id) is None))
    return out


CRIPPLED_ARMOR = 0.25    # the share of its starting armor left at which a foe without a sure win withdraws
PRESS_ARMOR = 0.5        # an enemy left with less than this share of its armor is pressed hard
RAM_WILL = 0.6           # the will to ram a ramplate gives a foe that is not a coward


def has_ramplate(v: VehicleState) -> bool:
    return any(c.kind == "accessory" and c.id.startswith("ramplate") for c in v.sheet.components)


def ram_trade(me: VehicleState, e: VehicleState) -> float:
    """Damage a head-on ram would deal an enemy for each point it takes: each party takes the ram total
    times the other's weight DM, a ramplate doubling what its side deals and halving what it takes
    (000:L392, L2540; rules.driving.collisions.ram_damages, a nominal ram total)."""
    dms = (damage_modifier(me.spec.weight), damage_modifier(e.spec.weight))
    to_me, to_them = ram_damages(tactics().ram.nominal_total, dms, ramplates=(has_ramplate(me), has_ramplate(e)))
    return to_them / max(1, to_me)


def adapt(prof: Profile, me: VehicleState, guns: list[Gun], enemies: list[VehicleState]) -> tuple[Profile, str]:
    """Tactics from the loadout and the fight (issue 16 item 3): a ram worth its cost (a ramplate, or the
    weight, makes it deal at least rules/data/foe_tactics.toml [ram] trade times what it takes, 000:L2540)
    is sought; with no aimed weapon left and no ram that pays it keeps away; with most of its armor gone and
    its enemies in better shape it withdraws; against a badly hurt enemy, in better shape itself, it presses
    in and takes more shots."""
    armed = any(g.damage > 0 and (g.ready or g.id in me.fired) for g in guns)   # fired: ready next turn
    left = armor_share(me)
    theirs = min((armor_share(e) for e in enemies), default=1.0)
    near = min(enemies, key=lambda e: ((e.pose.centre - me.pose.centre).length(), e.id), default=None)
    trade = ram_trade(me, near) if near is not None else 0.0
    if "ram" not in prof.off and prof.ram > -1 and trade >= tactics().ram.trade:
        why = "it has a ramplate" if has_ramplate(me) else f"it outweighs {near.id if near else ''}"
        return replace(prof, ram=max(prof.ram, RAM_WILL), aggression=max(prof.aggression, 0.7),
                       preferred_range=0.0), f"rams: {why} (deals {trade:.1f} for each 1 it takes)"
    if not armed:
        return replace(prof, aggression=0.05, preferred_range=max(prof.preferred_range, 12.0)), \
            "keeps away: no weapon left to fire" + (" and a ram would not pay" if near is not None else "")
    if "withdraw" not in prof.off and left < CRIPPLED_ARMOR and theirs > 2 * left and prof.ram <= 0:
        return replace(prof, aggression=min(prof.aggression, 0.15), caution=max(prof.caution, 0.8),
                       preferred_range=max(prof.preferred_range, 10.0)), "withdraws: badly damaged"
    if "press" not in prof.off and theirs < PRESS_ARMOR and left > theirs + 0.2:
        return replace(prof, aggression=max(prof.aggression, 0.85), preferred_range=min(prof.preferred_range, 3.0),
                       fire_need=min(12, prof.fire_need + 1)), "presses: its enemy is badly hurt"
    return prof, ""


def armor_share(v: VehicleState) -> float:
    """The share of its starting armor a vehicle has left."""
    return sum(v.sheet.armor.values()) / max(1, sum(v.spec.sheet.armor.values()))


def pick_target(view: View) -> VehicleState | None:
    if not view.enemies:
        return None
    me = view.me.pose.centre
    if view.friends and "team" not in view.prof.off:   # a team shares one target: the weakest enemy in reach (rules/data/foe_tactics.toml [team])
        near = [v for v in view.enemies if (v.pose.centre - me).length() <= tactics().team_reach]
        if near:
            return min(near, key=lambda v: (round(armor_share(v), 3), (v.pose.centre - me).length(), v.id))
    kind = view.prof.target

    def dist(v: VehicleState) -> float:
        return (v.pose.centre - me).length()

    def key(v: VehicleState) -> tuple[float, str]:
        if kind == "weakest":
            return (sum(v.sheet.armor.values()) + dist(v), v.id)
        if kind == "dangerous":
            return (-sum(g.damage for g in view.guns.get(v.id, [])) + dist(v) / 10, v.id)
        if kind == "easiest":
            return (dist(v) * (1 + v.speed / 60), v.id)
        return (dist(v), v.id)

    return min(view.enemies, key=key)


# --- probabilities ----------------------------------------------------------------------------------

def p_two_dice(need: int) -> float:
    """Chance that 2d reaches `need`."""
    return chance_at_least(need)


def p_lose(cell: str) -> float:
    """Chance of losing control for a Control Table cell (000:L182-L186)."""
    if cell == SAFE:
        return 0.0
    if cell == LOST:
        return 1.0
    return (int(cell) - 1) / 6


def road_add(view: View) -> int:
    road = view.t.hazards.road.get(view.state.options.road_condition)
    return road.add if road else 0


def difficulty(view: View, m: Maneuver) -> int:
    """The D the engine will charge for this maneuver (maneuver D plus road conditions)."""
    d = base_difficulty(m, view.me.speed, view.t.maneuvers)
    if m.kind != "straight":
        d += road_add(view)
    return max(0, d)


def maneuver_risk(state: GameState, vid: str, m: Maneuver) -> tuple[int, str]:
    """(D, Control Table cell) a maneuver would bring this vehicle now, as the foe reckons it."""
    me = state.vehicle(vid)
    t = state.rules.movement
    road = t.hazards.road.get(state.options.road_condition)
    d = base_difficulty(m, me.speed, t.maneuvers) + (road.add if road and m.kind != "straight" else 0)
    d = max(0, d)
    return d, control_need(me.speed, lower_status(me.hs, d, t), t) if d else SAFE


# --- geometry helpers -----------------------------------------------------------------------------


def ray(view: View, a: Vec, heading: float, length: float) -> float:
    """Free distance from a along a heading (walls, vehicles other than itself, the map's edge)."""
    b = a + forward(heading) * length
    free = length
    lof = view.world.line_of_fire(a, b, ignore=(view.me.id,))
    for h in lof.hits:
        free = min(free, (h.point - a).length())
        break
    if view.bounds is not None:
        free = min(free, edge_distance(a, heading, view.bounds))
    return max(0.0, free)


def edge_distance(a: Vec, heading: float, bounds: Box) -> float:
    d = forward(heading)
    out = math.inf
    x0, y0, x1, y1 = bounds
    if d.x > 1e-9:
        out = min(out, (x1 - a.x) / d.x)
    elif d.x < -1e-9:
        out = min(out, (x0 - a.x) / d.x)
    if d.y > 1e-9:
        out = min(out, (y1 - a.y) / d.y)
    elif d.y < -1e-9:
        out = min(out, (y0 - a.y) / d.y)
    return max(0.0, out)


def room(view: View, pose: Pose, travel: float, length: float) -> float:
    """0 (boxed in) .. 1 (open road) over `length` inches ahead, turning as needed. Each heading is
    tried with a ray from both front corners, so the counter's width counts."""
    if length <= 0:
        return 1.0
    half = view.size.length / 2 if not view.me.reverse else -view.size.length / 2
    nose = pose.centre + forward(travel) * half
    best = 0.0
    for ang in RAY_ANGLES:
        heading = travel + ang
        side = right(heading) * (view.size.width / 2)
        free = min(ray(view, nose - side, heading, length), ray(view, nose + side, heading, length))
        best = max(best, RAY_WEIGHT[abs(ang)] * min(1.0, free / length))
    return best


def clear_ahead(view: View, pose: Pose, heading: float, length: float) -> float:
    """Free inches straight along a heading from the counter's leading edge (both corners)."""
    nose = pose.centre + forward(heading) * (view.size.length / 2)
    side = right(heading) * (view.size.width / 2)
    return min(ray(view, nose - side, heading, length), ray(view, nose + side, heading, length))


def inches_per_phase(view: View, speed: float, phases: int) -> float:
    row = view.t.chart.row(speed)
    start = view.state.phase % 5
    return sum(row.phases[(start + i) % 5] for i in range(phases))


def ahead(pose: Pose, heading: float, inches: float) -> Pose:
    """A counter moved straight along a heading without turning (the end of rules.driving.maneuvers.slide)."""
    return Pose.of(pose.centre + forward(heading) * inches, pose.facing)


def enemy_at_fire(view: View, v: VehicleState) -> Pose:
    """Where an enemy will be when this phase's movement ends (straight on along its travel; where it
    stands now for a profile that predicts nothing, predict = 0)."""
    if v.id in view.projected:
        return view.projected[v.id]
    if view.prof.predict <= 0:   # a driver who leads no target: it reckons with the enemy where it stands
        view.projected[v.id] = v.pose
        return v.pose
    if v.moved_this_phase:
        left = sum(v.increments)
    else:
        left = view.t.chart.row(v.speed).phases[view.state.phase - 1] if v.speed else 0.0
    pose = v.pose if left <= 0 or v.mode == Mode.WRECK else ahead(v.pose, v.travel, left)
    view.projected[v.id] = pose
    return pose




@lru_cache(maxsize=4096)
def relative_path(m: Maneuver, size: CounterSize) -> tuple[tuple[float, float, float], ...]:
    """A maneuver's path from a counter at the origin facing 0: (x, y, turn) of each pose. A maneuver
    is rigid (only T-stops and bootleggers depend on the travel heading), so it is worked out once."""
    motion = perform(m, Pose.at(0, 0, 0), size)
    return tuple((q.x, q.y, q.facing) for q in motion.path)


def moved(m: Maneuver, pose: Pose, size: CounterSize) -> Motion:
    """rules.driving.maneuvers.perform for this pose, from the cached relative path."""
    f = pose.facing
    a = math.radians(f)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = pose.x, pose.y
    path = tuple(Pose.at(cx + x * ca - y * sa, cy + x * sa + y * ca, f + turn) for x, y, turn in relative_path(m, size))
    return Motion(path[-1], path)


