"""A simple foe rule for people (issue 18): bail out of a dead or burning car, take cover, shoot the
nearest enemy. `decide` answers for a person on foot, or for a vehicle whose crew may leave it, and
hands every other decision to the vehicles' foe (rules/ai/foe.py).

    on foot, moving:  an enemy with a line of fire within 8" and no cover -> drop prone; no shot at
                      anyone -> a step toward the nearest enemy; else stay
    on foot, firing:  an enemy person or vehicle within 4" and a grenade left -> throw it (impact fuse);
                      else the shot at the nearest enemy in reach; else pass
    in a vehicle:     out of the fight, burning or with its plant gone -> get out (jump when it still
                      moves); else the vehicle foe
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.ai.foe import DEFAULT_BUDGET
from rules.ai.foe import decide as vehicle_decide
from rules.core.geometry import Vec
from rules.play import people
from rules.play.actions import Action, Fire, Pass
from rules.play.people_actions import GetOut, Prone, Shoot, Throw, Walk
from rules.play.state import FIRE, MOVE, GameState
from rules.tables.foe_profiles import Profile

THREAT_RANGE = 8.0    # inches: an enemy this close with a line of fire makes him get down
GRENADE_RANGE = 4.0   # inches: close enough to throw rather than shoot (inside the -1 of 4", 000:L910)
PERSON_SHOT_NEED = 10  # a vehicle's gunner takes a shot at a man on foot that needs this or less


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
    at_people = [a for a in rest if isinstance(a, Fire) and people.is_person(state, a.target)
                 and people.person(state, a.target).owner != v.owner]   # type: ignore[union-attr]
    from_inside = [a for a in rest if isinstance(a, Shoot)]   # a crewman's hand weapon out of the car
    others = [a for a in rest if a not in at_people and a not in from_inside]
    chosen, why = vehicle_decide(state, actor, others or rest, profile, budget)
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


def _nearest(state: GameState, pid: str) -> tuple[str, Vec, float] | None:
    p = people.person(state, pid)
    assert p is not None
    found = [(tid, at, (at - p.pose.centre).length()) for tid, at in _enemies(state, p.owner)]
    return min(found, key=lambda f: (f[2], f[0])) if found else None


def _on_foot(state: GameState, pid: str, legal: list[Action]) -> tuple[Action, str]:
    if state.step == MOVE:
        return _move(state, pid, legal)
    if state.step == FIRE:
        return _fire(state, pid, legal)
    return legal[0], "does the only thing he can"


def _move(state: GameState, pid: str, legal: list[Action]) -> tuple[Action, str]:
    p = people.person(state, pid)
    assert p is not None
    near = _nearest(state, pid)
    stay = next((a for a in legal if isinstance(a, Walk) and (a.dx, a.dy) == (0, 0)), legal[0])
    if near is None:
        return stay, "no enemy left in sight"
    tid, at, dist = near
    seen = people.seen_by(state, pid, tid)
    if seen and dist <= THREAT_RANGE and not p.prone and Prone(pid) in legal:
        return Prone(pid), f"gets down: {tid} has a line of fire at {dist:.1f}\""
    if seen and dist <= people.reach(state, p):
        return stay, f"holds his ground with {tid} in reach"
    steps = [a for a in legal if isinstance(a, Walk) and (a.dx, a.dy) != (0, 0)]
    if p.prone and not steps:
        return (Prone(pid, False) if Prone(pid, False) in legal else stay), f"gets up to go after {tid}"
    if not steps:
        return stay, "cannot move this phase"
    sq = state.rules.people.person.square

    def after(a: Walk) -> float:
        return (Vec(p.pose.x + a.dx * sq, p.pose.y + a.dy * sq) - at).length()

    if not seen:
        first = _route(state, p.pose.x, p.pose.y, tid, at)
        if first is not None and Walk(pid, *first) in steps:
            return Walk(pid, *first), f"works round the cover toward a line of fire at {tid}"
    best = min(steps, key=lambda a: (after(a), str(a)))
    return best, f"closes on {tid} ({dist:.1f}\")"


def _fire(state: GameState, pid: str, legal: list[Action]) -> tuple[Action, str]:
    p = people.person(state, pid)
    assert p is not None
    enemies = {tid for tid, _ in _enemies(state, p.owner)}
    near = _nearest(state, pid)
    throws = [a for a in legal if isinstance(a, Throw) and _throw_target(state, a) in enemies
              and not _own_side_in_blast(state, p.owner, a)]
    if near and near[2] <= GRENADE_RANGE and throws:
        t = min(throws, key=lambda a: ((Vec(a.x, a.y) - near[1]).length(), str(a)))
        return Throw(t.person, t.grenade, t.x, t.y, 0), f"throws a grenade at {near[0]}"
    shots = [a for a in legal if isinstance(a, Shoot) and a.target in enemies]
    if shots:
        by_distance = {tid: d for tid, _, d in [(t, at, (at - p.pose.centre).length()) for t, at in _enemies(state, p.owner)]}
        s = min(shots, key=lambda a: (by_distance.get(a.target, 99.0), a.target))
        return s, f"fires at {s.target}"
    return next((a for a in legal if isinstance(a, Pass)), legal[0]), "holds his fire"


SCATTER_MARGIN = 0.5  # inches beyond a grenade's radius a foe keeps his own side from its aim point


def _own_side_in_blast(state: GameState, owner: str, a: Throw) -> bool:
    """Whether the thrower or a man of his side stands within the grenade's radius of the aim, with a margin
    for the scatter: a foe does not throw a grenade at his own feet (000:L1576)."""
    kind = state.rules.people.grenades[a.grenade]
    reach = kind.person_radius + SCATTER_MARGIN if kind.people is not None else 0.0
    at = Vec(a.x, a.y)
    return reach > 0 and any((p.pose.centre - at).length() <= reach for p in people.standing(state) if p.owner == owner)


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
