"""A simple foe rule for people (issue 18): bail out of a dead or burning car, take cover, shoot the
nearest enemy. `decide` answers for a person on foot, or for a vehicle whose crew may leave it, and
hands every other decision to the vehicles' foe (rules/ai/foe.py).

    on foot, moving:  he goes after the nearest enemy worth it (men; cars only when his gun or a grenade
                      hurts them); a shot at him from 8" or less -> drop prone; a shot of 10 or better
                      -> stay; out of shots -> close to arm's length or a throw; no shot this turn and
                      far off -> sprint (000:L1441); no line of fire -> work round the cover
    on foot, firing:  the shot, blow or throw (impact fuse) at an enemy worth the most (the chance to
                      hit times what it does), or a reload of an empty weapon from a spare clip;
                      never at his own side; else pass
    in a vehicle:     out of the fight, burning or with its plant gone -> get out (jump when it still
                      moves); else the vehicle foe
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from rules.ai import stand_off
from rules.ai.foe import DEFAULT_BUDGET
from rules.ai.foe import decide as vehicle_decide
from rules.combat.elevation import roof_at, stairway_up
from rules.combat.line_of_fire import first_on_line
from rules.core.dice import DiceExpr, chance_at_least
from rules.core.geometry import Vec, forward
from rules.people.record import PersonState
from rules.play import people, stairs
from rules.play.actions import Action, Fire, Pass
from rules.play.people_actions import Climb, GetOut, Pick, Prone, Reload, Shoot, Sprint, Strike, Throw, Walk
from rules.play.state import FIRE, MOVE, SPEED, GameState
from rules.tables.foe_profiles import Profile

THREAT_RANGE = 8.0    # inches: an enemy this close with a line of fire makes him get down
GRENADE_RANGE = 4.0   # inches: close enough to throw rather than shoot (inside the -1 of 4", 000:L910)
PERSON_SHOT_NEED = 10  # a vehicle's gunner takes a shot at a man on foot that needs this or less
GOOD_SHOT_NEED = 10   # a man on foot stays put for a shot needing this or less; worse, he closes in
SPRINT_FROM = 3.0     # inches: with no shot this turn he sprints at an enemy farther off than this
VEHICLE_WORTH = 0.3   # a hit on a car counts for this much of a hit on a man (it has armor to spare)
MIN_BLOW = 0.5        # a blow that hits does at least this on average (a knocked-down man, a stun)
NEAR_MISS_MAN = 0.8   # the chance a thrown grenade lands within a man's 2" whatever the throw's roll
NEAR_MISS_CAR = 0.3   # ... and within a car's 1/2"
RELOAD_WORTH = 1.0    # an empty weapon's reload, against a blow's worth (at most 0.5)


def decide(state: GameState, actor: str, legal: Sequence[Action], profile: Profile | str,
           budget: float = DEFAULT_BUDGET) -> tuple[Action, str]:
    """One of `legal` for `actor` (a person or a vehicle) and why; `budget` is the vehicle foe's time to
    think (rules/ai/foe.py: the same answer whenever it does not run out)."""
    if not legal:
        raise ValueError(f"{actor} has no legal action to choose from")
    if people.is_person(state, actor):
        return _on_foot(state, actor, list(legal))
    leave = [a for a in legal if isinstance(a, GetOut)]
    v = state.vehicle(actor)
    if leave and (v.out or v.sheet.on_fire or v.plant_out):
        return leave[0], f"{leave[0].crew} bails out of the {'burning' if v.sheet.on_fire else 'dead'} car"
    rest: list[Action] = [a for a in legal if not isinstance(a, GetOut)] or list(legal)
    if v.out:
        return next((a for a in rest if isinstance(a, Pass)), rest[0]), "stays with the wreck"
    g = stand_off.goal(state, actor) if state.step != FIRE or leave else None   # the fire step: only to get out
    if g is not None and g.dismount and leave and (v.pose.centre - g.at).length() <= stand_off.reach(g) + 0.5:
        return leave[0], f"{leave[0].crew} gets out: its car {g.why}"
    if g is not None and state.step == SPEED:
        stop = stand_off.stop_here(state, actor, g, rest)
        if stop is not None:
            return stop, f"{'stays stopped' if stop.mph == 0 == v.speed else f'slows to {stop.mph:g} mph'}: {g.why}"
    at_people = [a for a in rest if isinstance(a, Fire) and people.is_person(state, a.target)
                 and people.person(state, a.target).owner != v.owner]   # type: ignore[union-attr]
    from_inside = [a for a in rest if isinstance(a, Shoot)]   # a crewman's hand weapon out of the car
    others = [a for a in rest if a not in at_people and a not in from_inside]
    chosen, why = vehicle_decide(state, actor, others or rest, profile, budget, goal=g.at if g is not None else None)
    if g is not None and state.step != FIRE:
        why = f"{why} ({g.why})"
    if isinstance(chosen, Pass) and at_people:
        best = min(at_people, key=lambda a: (people.vehicle_shot_need(state, a), str(a)))
        if people.vehicle_shot_need(state, best) <= PERSON_SHOT_NEED:
            return best, f"fires {best.weapon} at {best.target} on foot (needs {people.vehicle_shot_need(state, best)})"
    if isinstance(chosen, Pass) and from_inside:
        need = {a: people.inside_to_hit(state, a).need for a in from_inside}
        shot = min(from_inside, key=lambda a: (need[a], str(a)))
        if need[shot] <= PERSON_SHOT_NEED:
            return shot, f"{shot.person} fires his {shot.weapon} out of the car at {shot.target} (needs {need[shot]})"
    return chosen, why


def _enemies(state: GameState, owner: str) -> list[tuple[str, Vec]]:
    out = [(v.id, v.pose.centre) for v in state.vehicles if v.owner != owner and not v.out]
    out += [(p.id, p.pose.centre) for p in people.standing(state) if p.owner != owner]
    return out


def _hurts_vehicles(state: GameState, p: PersonState) -> bool:
    """Whether his hand weapon does anything to a car's armor (most hurt only tires and people, 000:L1167)."""
    w = state.rules.people.hand_weapons.get(p.weapon) if p.weapon else None
    return w is not None and w.vs_vehicles in ("full", "half")


def _worth(state: GameState, target: str) -> float:
    return 1.0 if people.is_person(state, target) else VEHICLE_WORTH


def _quarry(state: GameState, p: PersonState) -> list[tuple[str, Vec, float]]:
    """The enemies worth going after, nearest first: men on foot, and cars when his weapon or a grenade can
    hurt them (a rifle's bullets only scratch armor, 000:L1167)."""
    armed = people.reach(state, p) > 0
    grenade = any(state.rules.people.grenades[g].vehicles is not None for g in p.grenades)
    found = [(tid, at, (at - p.pose.centre).length()) for tid, at in _enemies(state, p.owner)
             if people.is_person(state, tid) or grenade or (armed and _hurts_vehicles(state, p)) or not armed]
    return sorted(found, key=lambda f: (f[2], f[0]))


def _nearest(state: GameState, pid: str) -> tuple[str, Vec, float] | None:
    p = people.person(state, pid)
    assert p is not None
    found = _quarry(state, p)
    return found[0] if found else None


def _on_foot(state: GameState, pid: str, legal: list[Action]) -> tuple[Action, str]:
    if state.step == MOVE:
        return _move(state, pid, legal)
    if state.step == FIRE:
        return _fire(state, pid, legal)
    return legal[0], "does the only thing he can"


def _shot_from_here(state: GameState, p: PersonState, tid: str, dist: float) -> int | None:
    """The roll his shot at this enemy would need from where he stands, or None with no shot worth taking
    (out of reach or sight, out of shots, or a car his weapon cannot hurt)."""
    if dist > people.reach(state, p) or not people.seen_by(state, p.id, tid):
        return None
    if not people.is_person(state, tid) and not _hurts_vehicles(state, p):
        return None
    assert p.weapon is not None
    th = people.hand_to_hit(state, Shoot(p.id, p.weapon, tid))
    return th.need if th.allowed else None


def _move(state: GameState, pid: str, legal: list[Action]) -> tuple[Action, str]:
    p = people.person(state, pid)
    assert p is not None
    near = _nearest(state, pid)
    stay = next((a for a in legal if isinstance(a, Walk) and (a.dx, a.dy) == (0, 0)), legal[0])
    if near is None:
        return stay, "no enemy left in sight"
    tid, at, dist = near
    armed = people.reach(state, p) > 0 or _spare_clip(state, p)   # empty with a clip: he reloads, not brawls
    seen = people.seen_by(state, pid, tid)
    need = _shot_from_here(state, p, tid, dist) if armed else None
    if need is not None and seen and dist <= THREAT_RANGE and not p.prone and Prone(pid) in legal:
        return Prone(pid), f"gets down: {tid} has a line of fire at {dist:.1f}\""
    if need is not None and need <= GOOD_SHOT_NEED:
        return stay, f"holds his ground with a shot at {tid} needing {need}"
    if not armed and _at_arms_length(state, p, tid, at):
        return stay, f"stays at arm's length from {tid}"
    if not armed and _grenade_at(state, p, tid, dist):
        return stay, f"stays within a throw of {tid}"
    by_stairs = _by_stairs(state, p, legal, tid, need)
    if by_stairs is not None:
        return by_stairs
    steps = [a for a in legal if isinstance(a, Walk) and (a.dx, a.dy) != (0, 0)]
    if p.prone and (not steps or not armed):
        return (Prone(pid, False) if Prone(pid, False) in legal else stay), f"gets up to go after {tid}"
    if Sprint(pid) in legal and need is None and dist > SPRINT_FROM:
        return Sprint(pid), f"sprints after {tid} ({dist:.1f}\" off, no shot this turn)"
    if not steps:
        return stay, "cannot move this phase"
    sq = state.rules.people.person.square

    def after(a: Walk) -> float:
        return (Vec(p.pose.x + a.dx * sq, p.pose.y + a.dy * sq) - at).length()

    if armed and not seen:
        first = _route(state, p.pose.x, p.pose.y, tid, at)
        if first is not None and Walk(pid, *first) in steps:
            return Walk(pid, *first), f"works round the cover toward a line of fire at {tid}"
    best = min(steps, key=lambda a: (after(a), str(a)))
    return best, f"closes on {tid} ({dist:.1f}\")"


def _by_stairs(state: GameState, p: PersonState, legal: list[Action], tid: str,
               need: int | None) -> tuple[Action, str] | None:
    """By the stairs toward an enemy he has no good shot at (000:L1442, PD43): on a roof the enemy is not
    on, to its hatch and down; on the stairs, up when the enemy is on that building's roof, else down; on
    the ground, to the stairway up the roof the enemy stands on."""
    if need is not None and need <= GOOD_SHOT_NEED:
        return None
    goal, way = _roof_of(state, tid), stairs.stairway_of(state, p)
    stay = Walk(p.id, 0, 0)
    if way is not None and (p.stair_up > 0 or goal == way.building):
        up = goal == way.building
        if up and p.stair_up == way.squares:
            return None                        # at the hatch of the enemy's roof: he walks on as usual
        climb = Climb(p.id, up)
        if climb in legal:
            return climb, f"climbs {'up' if up else 'down'} the stairs toward {tid}"
        if p.prone and Prone(p.id, False) in legal:   # a prone man climbs no stairs (he moves only in phases 2, 4)
            return Prone(p.id, False), f"gets up to climb the stairs toward {tid}"
        return (stay, "waits on the stairs for phase 1") if stay in legal else None
    mine = _roof_of(state, p.id)
    target = mine if mine and mine != goal else goal if goal and not mine else ""
    foot = stairway_up(state.map_id, state.map_changes, target) if target else None
    first = _walk_to(state, p, foot.foot) if foot is not None else None
    if first is not None and Walk(p.id, *first) in legal:
        return Walk(p.id, *first), f"heads for the stairs {'down' if mine else 'up'} toward {tid}"
    return None


def _roof_of(state: GameState, who: str) -> str:
    """The building whose roof (or stairway) a man is on: "" on the ground or for a vehicle."""
    o = people.person(state, who)
    if o is None:
        return ""
    way = stairs.stairway_of(state, o)
    if way is not None and o.stair_up > 0:
        return way.building
    roof = roof_at(state.map_id, state.map_changes, o.pose.centre)
    return roof[0] if roof is not None else ""


def _walk_to(state: GameState, p: PersonState, goal: Vec) -> tuple[int, int] | None:
    """The first step of the shortest walk (the move rules' own steps) to the square at `goal`."""
    sq = state.rules.people.person.square
    first: dict[tuple[int, int], tuple[int, int]] = {(0, 0): (0, 0)}
    frontier = [(0, 0)]
    while frontier and len(first) < SEARCH_SQUARES:
        nxt = []
        for cell in frontier:
            cx, cy = p.pose.x + cell[0] * sq, p.pose.y + cell[1] * sq
            for dx, dy in people.STEPS:
                n = (cell[0] + dx, cell[1] + dy)
                if n in first or (dx, dy) == (0, 0) or not people.step_open(state, p, cx, cy, dx, dy):
                    continue
                first[n] = (dx, dy) if cell == (0, 0) else first[cell]
                if (Vec(p.pose.x + n[0] * sq, p.pose.y + n[1] * sq) - goal).length() < 1e-3:
                    return first[n]
                nxt.append(n)
        frontier = nxt
    return None


def _spare_clip(state: GameState, p: PersonState) -> bool:
    r = state.rules.people.reload
    return r is not None and r.clip in p.gear and bool(p.weapon) and not p.club


def _at_arms_length(state: GameState, p: PersonState, tid: str, at: Vec) -> bool:
    """Close enough to strike: a man in an adjacent square at about his level, a car his square touches
    (000:L1452-L1455, reading PD35)."""
    sq = state.rules.people.person.square
    if people.is_person(state, tid):
        h = state.rules.people.hand_to_hand
        level = abs(people.level_of(state, tid) - people.level_of(state, p.id))
        return max(abs(at.x - p.pose.x), abs(at.y - p.pose.y)) <= sq * 1.01 and (h is None or level <= h.reach_ft)
    point = next((pt for t, pt in people.target_points(state, p) if t == tid), at)
    return (point - p.pose.centre).length() <= sq * 0.75


def _grenade_at(state: GameState, p: PersonState, tid: str, dist: float) -> bool:
    """Whether he holds a grenade that hurts this enemy, the enemy is within a throw, and a throw at him is
    one he would take (not one a wall would set off near his own side: _own_side_in_blast); else he closes
    in (up the stairs, to his fists) rather than wait for a throw he will never make."""
    kinds = [state.rules.people.grenades[g] for g in p.grenades]
    man = people.is_person(state, tid)
    usable = [g for g, k in zip(p.grenades, kinds, strict=True) if (k.people if man else k.vehicles) is not None]
    if dist > GRENADE_RANGE or not usable:
        return False
    at = next((pt for t, pt in people.target_points(state, p) if t == tid), None)
    return at is not None and not _own_side_in_blast(state, p.owner, Throw(p.id, usable[0], round(at.x, 3),
                                                                            round(at.y, 3), 0))


def _fire(state: GameState, pid: str, legal: list[Action]) -> tuple[Action, str]:
    """The best of his shots, blows and throws at the enemy (never at his own side), by the chance to hit
    and what a hit is worth; nothing when none is worth it."""
    p = people.person(state, pid)
    assert p is not None
    picks = [a for a in legal if isinstance(a, Pick)]
    if picks:   # listed first: the order that puts the hits on the men best able to take them (PD26)
        return picks[0], "puts an area shot's hits on the men best able to take them"
    enemies = {tid for tid, _ in _enemies(state, p.owner)}
    scored: list[tuple[float, str, Action, str]] = []
    for a in legal:
        got = _score(state, p, a, enemies)
        if got is not None:
            scored.append((got[0], str(a), a, got[1]))
    if not scored:
        return next((a for a in legal if isinstance(a, Pass)), legal[0]), "holds his fire"
    _value, _text, action, why = max(scored, key=lambda s: (s[0], s[1]))
    if isinstance(action, Throw):   # an impact fuse: it goes off where it lands, no time to run
        return Throw(action.person, action.grenade, action.x, action.y, 0), why
    return action, why


def _score(state: GameState, p: PersonState, a: Action, enemies: set[str]) -> tuple[float, str] | None:
    """What an action at the enemy is worth (the chance of a hit times the damage it does, a car's
    counted for less), and why; None for anything aimed at his own side or doing nothing."""
    t = state.rules.people
    if isinstance(a, Shoot) and a.target in enemies:
        w = t.hand_weapons[a.weapon]
        cut = 1.0 if people.is_person(state, a.target) else {"full": 1.0, "half": 0.5}.get(w.vs_vehicles, 0.0)
        th = people.hand_to_hit(state, a)
        if w.dice is None or not cut or not th.allowed or th.need > GOOD_SHOT_NEED + 2:
            return None
        worth = chance_at_least(th.need) * _mean(w.dice) * cut * _worth(state, a.target)
        return worth, f"fires at {a.target} (needs {th.need})"
    if isinstance(a, Strike) and a.target in enemies and t.hand_to_hand is not None:
        h = t.hand_to_hand
        if not people.is_person(state, a.target):   # no roll at a car; worth it only with no shots left
            return (_mean(h.vehicle) * VEHICLE_WORTH, f"strikes {a.target} hand-to-hand") if people.reach(state, p) <= 0 else None
        th = people.strike_to_hit(state, a)
        if not th.allowed:
            return None
        blow = h.heavy if p.weapon or p.grenades else h.fist
        art = t.martial_arts.damage_bonus(p.martial_arts) if t.martial_arts is not None else 0   # PD44
        return chance_at_least(th.need) * (max(_mean(blow), MIN_BLOW) + art), \
            f"strikes {a.target} hand-to-hand (needs {th.need})"
    if isinstance(a, Throw):
        return _throw_score(state, p, a, enemies)
    if isinstance(a, Reload) and p.shots == 0:   # empty: a turn's reloading is worth more than a blow
        return RELOAD_WORTH, "reloads his empty weapon (a turn, 000:L1457)"
    return None


def _throw_score(state: GameState, p: PersonState, a: Throw, enemies: set[str]) -> tuple[float, str] | None:
    target = _throw_target(state, a)
    kind = state.rules.people.grenades[a.grenade]
    on_foot = people.is_person(state, target)
    hurts = kind.people if on_foot else kind.vehicles
    if target not in enemies or hurts is None or _own_side_in_blast(state, p.owner, a):
        return None
    at = next((pt for tid, pt in people.target_points(state, p) if tid == target), None)
    if at is None or (at - p.pose.centre).length() > GRENADE_RANGE:
        return None
    # a throw that misses its need still lands a square or two off, inside a man's 2" but seldom inside a
    # car's 1/2" (000:L1176-L1191, L1576)
    chance = max(chance_at_least(people.throw_need(state, p, a.x, a.y)), NEAR_MISS_MAN if on_foot else NEAR_MISS_CAR)
    return chance * _mean(hurts) * _worth(state, target), f"throws a grenade at {target}"


def _mean(d: DiceExpr) -> float:
    """The mean of a damage roll, none below 0."""
    faces = list(product(range(1, 7), repeat=d.n))
    return sum(max(0, sum(f) + d.mod) for f in faces) / len(faces)


SCATTER_MARGIN = 0.5  # inches beyond a grenade's radius a foe keeps his own side from its aim point
SCATTER_REACH = 1.0   # inches off the aim a missed throw is reckoned to land, for a wall in its flight


def _own_side_in_blast(state: GameState, owner: str, a: Throw) -> bool:
    """Whether the thrower or a man of his side stands within the grenade's radius of the aim, with a margin
    for the scatter: a foe does not throw a grenade at his own feet (000:L1576); nor where a scattered throw
    would strike a wall or building on its way and go off there, near him (000:L1195, PD34: a man aimed at
    on a stairway stands against the wall)."""
    kind = state.rules.people.grenades[a.grenade]
    reach = kind.person_radius + SCATTER_MARGIN if kind.people is not None else 0.0
    at = Vec(a.x, a.y)
    mine = [p.pose.centre for p in people.standing(state) if p.owner == owner]
    if reach <= 0:
        return False
    if any((m - at).length() <= reach for m in mine):
        return True
    thrower = people.person(state, a.person)
    if thrower is None:
        return False
    start = thrower.pose.centre
    for k in range(-1, 8):   # the aim, and a scatter of SCATTER_REACH each way round it
        end = at if k < 0 else at + forward(k * 45.0) * SCATTER_REACH
        met = first_on_line({}, state.map_id, start, end, (), state.map_changes)
        if met is not None and (met[1] - start).length() < (end - start).length() - SCATTER_REACH / 4 \
                and any((m - met[1]).length() <= kind.person_radius for m in mine):
            return True
    return False


def _throw_target(state: GameState, a: Throw) -> str:
    """The enemy whose spot the throw is aimed at (the options aim at each target's nearest point)."""
    at = Vec(a.x, a.y)
    p = people.person(state, a.person)
    assert p is not None
    found = [(tid, (pt - at).length()) for tid, pt in people.target_points(state, p)]
    return min(found, key=lambda f: f[1])[0] if found else ""


SEARCH_SQUARES = 3000  # how many squares the route search looks at before it gives up


def _route(state: GameState, x: float, y: float, enemy: str, at: Vec) -> tuple[int, int] | None:
    """The first step of the shortest walk (breadth first, eight ways) to a square with a line of fire
    at the enemy within his weapon's reach; None when there is none near."""
    sq = state.rules.people.person.square
    reach = state.rules.people.person.hand_weapon_range
    start = (0, 0)
    first: dict[tuple[int, int], tuple[int, int]] = {start: start}
    frontier = [start]
    seen = 0
    while frontier and seen < SEARCH_SQUARES:
        nxt = []
        for cell in frontier:
            cx, cy = x + cell[0] * sq, y + cell[1] * sq
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    n = (cell[0] + dx, cell[1] + dy)
                    if n in first or (dx, dy) == (0, 0) or not people.step_clear(state, cx, cy, dx, dy):
                        continue
                    first[n] = (dx, dy) if cell == start else first[cell]
                    seen += 1
                    point = Vec(x + n[0] * sq, y + n[1] * sq)
                    if (point - at).length() <= reach and people.line_from(state, point, enemy):
                        return first[n]
                    nxt.append(n)
        frontier = nxt
    return None
