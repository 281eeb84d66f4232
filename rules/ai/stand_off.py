"""What a foe's car does when no enemy vehicle is left and only men on foot fight on (issue 18): the
vehicles' foe (rules/ai/foe.py) plans against vehicles, and with none left it drove on aimlessly, off the
map, or circled under a rifleman on a roof its guns cannot reach (a car's weapon reaches a man 30 ft up
only from farther off, and firing up costs -1 a ten feet: 000:L1215), so the game stalled.

    a man on the ground      -> drive at him: the guns get shots on the way, the wheels at the end
    a man up high            -> the nearest spot on the street from which a weapon of the car needs
                                SHOT_NEED or less against him (its line of fire clear, the man in range)
    nobody the car can hit   -> leave him: the foot of the stairway up to his roof (PD43), stop there and
                                let the crew get out to go up after him on foot (rules/ai/on_foot.py)
    no stairway either       -> stop where it stands (it keeps its tires from his shots)

`goal` answers once a decision from the public state; the car makes for the point (foe.decide's `goal`)
and stops on it (`stop_here`)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.combat.elevation import Stairway, roof_at, stairway_up
from rules.combat.line_of_fire import blocker
from rules.combat.to_hit import weapon_info
from rules.core.geometry import Vec, angle_diff, heading_of
from rules.people.record import PersonState
from rules.play import people, stairs
from rules.play.actions import Action, Fire, SetSpeed
from rules.play.map_edges import map_area
from rules.play.state import GameState, VehicleState
from rules.world.map_changes import map_of
from rules.world.maps import terrain_at

SHOT_NEED = 10        # a spot is worth making for when a weapon there needs this or less (on_foot's PERSON_SHOT_NEED)
GRID = 1.0            # inches between the spots tried
EDGE_ROOM = 2.0       # inches a spot keeps from the map's edge
WALL_ROOM = 1.25      # inches a spot keeps from a building (the car's half length and some)
REACHED = 1.5         # inches from the point at which the car stops
DISMOUNT_REACH = 4.0  # ... and from a stairway's foot at which it stops for the crew to get out (3 turns' walk)
FACING = 45.0         # degrees: at a spot to shoot from, it stops only with the man this near its nose
RANGE_LIMIT = 40.0    # inches: no spot farther from the man is tried
BRAKE_MPH = 10.0      # it slows at most this much a turn to stop (no hazard from braking, 000:L333)


@dataclass(frozen=True)
class Goal:
    at: Vec
    why: str
    stop: bool = True           # stop there (a man on the ground is driven at, not stopped beside)
    dismount: bool = False      # ... and let the crew get out (nothing the car can do)
    face: Vec | None = None     # at a spot to shoot from: the man it must point its nose at


def goal(state: GameState, vid: str) -> Goal | None:
    """Where this car should make for, or None while an enemy vehicle fights on (the vehicles' foe's job)."""
    v = state.vehicle(vid)
    if not people.playing(state) or any(o.owner != v.owner and not o.out for o in state.vehicles):
        return None
    men = sorted((p for p in people.standing(state) if p.owner != v.owner and not p.riding),
                 key=lambda p: ((p.pose.centre - v.pose.centre).length(), p.id))
    if not men:
        return None
    ground = [p for p in men if people.level_of(state, p.id) <= 0]
    if ground:
        return Goal(ground[0].pose.centre, f"goes after {ground[0].id} on foot", stop=False)
    for p in men:
        spot = shot_spot(state, v, p)
        if spot is not None:
            return Goal(spot, f"makes for a shot at {p.id} up high", face=p.pose.centre)
    for p in men:
        way = _stairway(state, p)
        if way is not None:
            return Goal(_street_beside(state, way.foot), f"leaves {p.id}, whom its guns cannot reach, for the stairs "
                        "up to him", dismount=True)
    return Goal(v.pose.centre, f"stops: its guns cannot reach {men[0].id} and there is no way up to him")


def _stairway(state: GameState, p: PersonState) -> Stairway | None:
    way = stairs.stairway_of(state, p)
    if way is not None and p.stair_up > 0:
        return way
    roof = roof_at(state.map_id, state.map_changes, p.pose.centre)
    return stairway_up(state.map_id, state.map_changes, roof[0]) if roof is not None else None


def _open(state: GameState, at: Vec) -> bool:
    """A spot a car can stand on: on the map with room to the edge, on a road (no off-road or water: the
    foes keep off bad ground), no building within WALL_ROOM."""
    box = map_area(state)
    if box is not None and not (box[0] + EDGE_ROOM <= at.x <= box[2] - EDGE_ROOM
                                and box[1] + EDGE_ROOM <= at.y <= box[3] - EDGE_ROOM):
        return False
    if state.map_id:
        t = terrain_at(map_of(state.map_id, state.map_changes), at.x, at.y)
        if t.off_road or t.depth_ft or t.kind == "water":
            return False
    offsets = ((0.0, 0.0), (WALL_ROOM, 0.0), (-WALL_ROOM, 0.0), (0.0, WALL_ROOM), (0.0, -WALL_ROOM))
    return all(roof_at(state.map_id, state.map_changes, Vec(at.x + dx, at.y + dy)) is None for dx, dy in offsets)


def _street_beside(state: GameState, foot: Vec) -> Vec:
    """The open spot nearest a stairway's foot (the car stops beside it, on the street)."""
    return min((Vec(foot.x + dx * GRID / 2, foot.y + dy * GRID / 2) for dx in range(-8, 9) for dy in range(-8, 9)),
               key=lambda at: (not _open(state, at), (at - foot).length(), at.x, at.y))


def shot_spot(state: GameState, v: VehicleState, p: PersonState) -> Vec | None:
    """The open spot nearest the car from which one of its weapons, pointed at the man, needs SHOT_NEED or
    less (the people rules' own to-hit: range, height, cover) along a clear line; None if there is none.
    The need is first read by range alone (every GRID inch out to RANGE_LIMIT) and then checked at the spot."""
    box = map_area(state)
    weapons = [w for w in v.sheet.weapons if not w.destroyed and (not w.max_shots or w.shots_left > 0)
               and weapon_info(w.abbr).to_hit > 0]
    if box is None or not weapons:
        return None
    man = p.pose.centre
    fires = [Fire(v.id, w.id, p.id) for w in weapons]
    near = [r * GRID for r in range(1, int(RANGE_LIMIT / GRID) + 1)
            if min(people.vehicle_shot_need(state, a, man + Vec(r * GRID, 0.0)) for a in fires) <= SHOT_NEED]
    if not near:
        return None
    lo, hi = near[0] - GRID, near[-1] + GRID
    spots = []
    x = box[0] + EDGE_ROOM
    while x <= box[2] - EDGE_ROOM:
        y = box[1] + EDGE_ROOM
        while y <= box[3] - EDGE_ROOM:
            at = Vec(x, y)
            if lo <= (at - man).length() <= hi:
                spots.append(((at - v.pose.centre).length(), at.x, at.y, at))
            y += GRID
        x += GRID
    level = people.level_of(state, p.id)
    for *_key, at in sorted(spots, key=lambda s: s[:3]):
        if (_open(state, at) and min(people.vehicle_shot_need(state, a, at) for a in fires) <= SHOT_NEED
                and blocker({}, state.map_id, at, man, (v.id,), state.map_changes, (0.0, level)) is None):
            return at
    return None


def reach(g: Goal) -> float:
    """How near the goal's point the car stops."""
    return DISMOUNT_REACH if g.dismount else REACHED


def stop_here(state: GameState, vid: str, g: Goal, legal: list[Action]) -> SetSpeed | None:
    """At the goal (and, at a spot to shoot from, with the man near its nose): the slowest speed it may take
    this turn without braking hard, down to a stop; None when it is not there yet."""
    v = state.vehicle(vid)
    # the inches it runs on while it slows BRAKE_MPH a turn (a turn at S mph covers S/10 inches)
    run_on = sum(max(0.0, v.speed - BRAKE_MPH * k) / 10 for k in range(int(v.speed // BRAKE_MPH) + 1))
    if not g.stop or (v.pose.centre - g.at).length() > reach(g) + run_on:
        return None
    if g.face is not None and angle_diff(v.pose.facing, heading_of(g.face - v.pose.centre)) > FACING:
        return None
    ok = [a for a in legal if isinstance(a, SetSpeed) and a.mph >= 0 and abs(a.mph - v.speed) <= BRAKE_MPH]
    return min(ok, key=lambda a: a.mph) if ok else None
