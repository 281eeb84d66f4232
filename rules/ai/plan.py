"""Planning the rest of the turn (issue 16, item 1): a beam search over the phases to come.

A plan starts from a pose (where this inch's maneuver, previewed by the engine, leaves the counter at
the end of the phase; or the vehicle's pose now, when a speed is chosen) and tries, phase by phase, the
profile's menu of maneuvers (straight, bends, drifts) made on the first inch of each phase and held
for the rest of its movement (rules.driving.maneuvers geometry, the chart's inches a phase). Each step
costs its control risk (the Control Table at the handling status the plan has left, 000:L182-L186,
recovered at the turn's end, 000:L169), dies on a swept contact with a wall or building or on leaving
the map area, and earns the best shot it would have at the enemies' predicted poses (the combat rules'
to-hit and the fire step's own line-of-fire check) less the shots it would give them. The profile fixes
the search: phases ahead (depth), plans kept a level (beam), maneuvers tried a phase (menu), enemy
continuations predicted (predict) and a node budget; so the same state always gives the same plan.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from rules.ai.sight import View, ahead, enemy_at_fire, off_map, p_lose, relative_path, road_add
from rules.core.geometry import CounterSize, Pose, forward, norm_deg
from rules.driving.handling import control_need, lower_status, recover
from rules.driving.maneuvers import Maneuver, base_difficulty
from rules.play.people import friends_under
from rules.play.state import Mode, VehicleState

# The continuation menu, cheapest first: a profile tries the first `menu` of these each phase.
MENU = ("straight", "bend left 15", "bend right 15", "bend left 30", "bend right 30", "drift left 0.25",
        "drift right 0.25", "bend left 45", "bend right 45", "bend left 60", "bend right 60", "bend left 90",
        "bend right 90")
ENEMY_TURNS = ((0.0, 1.0), (-15.0, 0.0), (15.0, 0.0))  # (degrees a phase, weight); predict=3 reweights
PREDICT_WEIGHTS = {1: (1.0,), 2: (0.6, 0.2, 0.2), 3: (0.5, 0.25, 0.25)}  # 2 had (0.6, 0.4): left turns only
DISCOUNT = 0.8        # a phase further on counts this much less: the plan is made again next inch
SWEEP_EVERY = 4       # poses: every 4th pose of a maneuver's path (1/16" steps) is checked, and the last
CHUNK = 4             # poses a box is tried around before they are checked one by one
STRAIGHT_STEP = 0.25  # inches between the checked poses of a straight run


@dataclass
class Node:
    pose: Pose
    travel: float
    hs: int
    phase: int            # the phase this node's movement ended in (1..5)
    turn_over: bool       # the turn ended on the way: handling recovered
    keep: float = 1.0     # chance control was kept so far
    score: float = 0.0
    terms: dict[str, float] = field(default_factory=dict)
    first: Maneuver | None = None   # the first continuation maneuver (for the log)
    best_shot: float = 0.0          # the best shot's worth counted so far this turn (a weapon fires once)

    def add(self, key: str, value: float) -> None:
        self.score += value
        self.terms[key] = self.terms.get(key, 0.0) + value


@dataclass
class Outlook:
    """The best continuation found from a start: its score, its terms, and whether every one died."""

    score: float
    terms: dict[str, float]
    boxed: bool           # every continuation met a wall or the map edge
    blocker: str = ""     # what the last dead continuation met


def menu(view: View, reverse: bool, size: int = 0) -> list[Maneuver]:
    """The first `size` (the profile's menu) continuation maneuvers, in reverse gear when it backs."""
    ms = [Maneuver.parse(t) for t in MENU[: max(1, size or view.prof.menu)]]
    return [replace(m, reverse=True) for m in ms] if reverse else ms


def enemy_poses(view: View, e: VehicleState, phases_on: int) -> list[tuple[Pose, float]]:
    """Where an enemy may be `phases_on` phases after this one's movement (0: this phase's end), with
    weights: straight on, and with `predict` >= 2 also turning 15 degrees a phase either way; with
    `predict` 0, where it stands now, whatever the phase."""
    key = (e.id, phases_on)
    if key in view.predicted:
        return view.predicted[key]
    base = enemy_at_fire(view, e)
    weights = PREDICT_WEIGHTS.get(view.prof.predict, (1.0,))
    out: list[tuple[Pose, float]] = []
    if e.mode == Mode.WRECK or e.speed <= 0 or view.prof.predict <= 0:
        out = [(base, 1.0)]
    else:
        row = view.t.chart.row(e.speed).phases
        for (turn, _w), w in zip(ENEMY_TURNS, weights, strict=False):
            pos, h = base.centre, e.travel
            for k in range(1, phases_on + 1):
                h = norm_deg(h + turn)
                pos = pos + forward(h) * row[(view.state.phase - 1 + k) % 5]
            facing = norm_deg(base.facing + turn * phases_on)
            out.append((Pose.of(pos, facing), w))
    view.predicted[key] = out
    return out


def _phase_inches(view: View, speed: float, phase: int) -> float:
    return view.t.chart.row(speed).phases[(phase - 1) % 5] if speed > 0 else 0.0


def _path(view: View, m: Maneuver, pose: Pose, travel: float, inches: float, reverse: bool
          ) -> tuple[list[Pose], Pose, float]:
    """The counter's path over a phase, every SWEEP_EVERY-th pose of the maneuver's (1/16" steps, the
    last kept) and then every half inch straight on: the maneuver on its first inch, straight after."""
    if m.kind == "straight":
        return _straight(pose, travel, inches), ahead(pose, travel, inches), travel
    rel = relative_path(m, view.size)
    rel = rel[::SWEEP_EVERY] + ((rel[-1],) if (len(rel) - 1) % SWEEP_EVERY else ())
    f = pose.facing
    a = math.radians(f)
    ca, sa = math.cos(a), math.sin(a)
    path = [Pose.at(pose.x + x * ca - y * sa, pose.y + x * sa + y * ca, f + turn) for x, y, turn in rel]
    end = path[-1]
    travel2 = norm_deg(end.facing + (180 if reverse else 0))
    if inches > 1:
        path += _straight(end, travel2, inches - 1)[1:]
        end = ahead(end, travel2, inches - 1)
    return path, end, travel2


def _straight(pose: Pose, travel: float, inches: float) -> list[Pose]:
    n = max(1, math.ceil(inches / STRAIGHT_STEP))
    d = forward(travel) * inches
    c = pose.centre
    return [pose] + [Pose.of(c + d * (i / n), pose.facing) for i in range(1, n + 1)]


def blocked(view: View, path: list[Pose]) -> str:
    """What a future path meets: "edge", a wall's id, or "" (other vehicles are judged by prediction).
    The path is looked at in stretches of CHUNK poses: a box around a stretch that holds nothing proves
    it clear; the poses of the others are checked one by one (a quarter inch apart, so no wall is
    passed through)."""
    if any(off_map(view, p) for p in path):
        return "edge"
    start: set[str] | None = None
    for k in range(0, len(path) - 1, CHUNK):
        stretch = path[k: k + CHUNK + 1]
        if not _box_hits(view, stretch):
            continue
        if start is None:   # what it already touches where it starts is slid along, not met
            start = {h.other for h in view.static.overlaps(view.me.id, path[0], size=view.size)}
        for p in stretch[1:]:
            for h in view.static.overlaps(view.me.id, p, size=view.size):
                if h.blocks_motion and h.other not in start:
                    return h.other
    return ""


def _box_hits(view: View, poses: list[Pose]) -> bool:
    xs = [p.x for p in poses]
    ys = [p.y for p in poses]
    half = math.hypot(view.size.length, view.size.width) / 2 + 0.05
    box = CounterSize(_step_up(max(ys) - min(ys) + 2 * half), _step_up(max(xs) - min(xs) + 2 * half))
    centre = Pose.at((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, 0)
    return bool(view.static.overlaps(view.me.id, centre, size=box))


def _step_up(inches: float) -> float:
    """A probe's side rounded up to a quarter inch (the world keeps few probe shapes)."""
    return math.ceil(inches / 0.25 - 1e-9) * 0.25


ScoreEnd = Callable[[View, Node, int, float], None]   # scores a node at a phase's end (the foe's terms)

CRASH_COST = 40.0        # losing control at 40 mph (a roll can end the game)


def crash_cost(view: View, speed: float) -> float:
    """What losing control costs a plan at this speed, as much as this profile fears it."""
    return CRASH_COST * (0.5 + speed / 80) * (0.5 + view.prof.caution)


def expand(view: View, node: Node, speed: float, reverse: bool, phases_on: int,
           score_end: ScoreEnd) -> tuple[list[Node], str]:
    """Every menu maneuver from a node over the next phase; the dead ones are dropped (and the last
    thing met is returned)."""
    phase = node.phase % 5 + 1
    turn_over = node.turn_over or phase == 1
    hs = node.hs
    if phase == 1 and not node.turn_over:
        hs = recover(hs, view.me.hc, 0, view.t)
    inches = _phase_inches(view, speed, phase)
    if inches <= 0:   # standing still this phase: the same shots and threats are weighed as for a move
        still = replace(node, phase=phase, turn_over=turn_over, hs=hs, terms=dict(node.terms))
        score_end(view, still, phases_on, DISCOUNT ** phases_on)
        return [still], ""
    out: list[Node] = []
    met = ""
    tried = menu(view, reverse)
    extra = [m for m in menu(view, reverse, len(MENU)) if m not in tried]
    for i, m in enumerate(tried + extra):
        if i >= len(tried) and out:
            break   # the profile's menu found a way on; the sharper turns are for when it found none
        if i < len(tried) and not view.spend():
            continue
        path, end, travel = _path(view, m, node.pose, node.travel, inches, reverse)
        what = blocked(view, path) or next(iter(friends_under(view.state, view.me.owner, path, view.size)), "")
        if what:   # a wall, the map's edge, or a man of its own side on foot (issue 18 item 7)
            met = what
            continue
        d = 0
        if m.kind != "straight":
            d = max(0, base_difficulty(m, speed, view.t.maneuvers) + road_add(view))
        hs2 = lower_status(hs, d, view.t) if d else hs
        risk = p_lose(control_need(speed, hs2, view.t)) if d else 0.0
        child = Node(end, travel, hs2, phase, turn_over, node.keep * (1 - risk), node.score, dict(node.terms),
                     node.first or m, node.best_shot)
        weight = DISCOUNT ** phases_on
        if risk:
            child.add("risk", -risk * crash_cost(view, speed) * weight)
        if d:
            child.add("handling", -0.35 * d * view.prof.caution * (speed / 40) * weight)
        score_end(view, child, phases_on, weight)
        out.append(child)
    return out, met


def outlook(view: View, start: Node, speed: float, reverse: bool, score_end: ScoreEnd,
            leaf: ScoreEnd, depth: int | None = None, lag: int = 0) -> Outlook:
    """The best plan over the next `depth` phases (the profile's) from a start node. `lag`: 1 when the
    start is before this phase's movement (a speed being chosen), so the k-th phase planned ends k - 1
    phases after this one's."""
    depth = view.prof.depth if depth is None else depth
    beam = [start]
    met = ""
    for k in range(1, depth + 1):
        children: list[Node] = []
        for node in beam:
            kids, what = expand(view, node, speed, reverse, k - lag, score_end)
            children += kids
            met = met or what
        if not children:
            return Outlook(start.score, dict(start.terms), True, met)
        children.sort(key=lambda n: -n.score)
        beam = children[: max(1, view.prof.beam)]
        if view.exhausted():
            break
    for node in beam:
        leaf(view, node, depth - lag, DISCOUNT ** (depth - lag))
    best = max(beam, key=lambda n: n.score)
    return Outlook(best.score, best.terms, False, met)
