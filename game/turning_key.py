"""The turning key's preview: one ghost per legal maneuver of this inch, with what it would cost.

Every number comes from rules/: the legal maneuvers (rules.engine.engine), the motion (rules.driving.maneuvers),
the modified difficulty (rules.phases.movement.difficulty_of), the handling status it would leave
(rules.driving.handling.lower_status) and the control roll that status needs at the current speed
(rules.driving.handling.control_need); the swept path is checked with rules.world.collision when it is there.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Any

from game.speed import Sixes
from rules.core.dice import DiceSource
from rules.core.events import Event
from rules.core.geometry import CounterSize, Pose
from rules.driving.handling import control_need, lower_status
from rules.driving.maneuvers import Maneuver, ManeuverKind, Motion, Side, perform, slide
from rules.engine import engine
from rules.phases.movement import difficulty_of, player_move
from rules.play.context import Ctx
from rules.play.state import GameState
from rules.tables.movement import tables

SKIDS = (0.0, 0.25, 0.5, 0.75, 1.0)


@dataclass(frozen=True)
class Ghost:
    maneuver: Maneuver
    end: Pose
    path: tuple[Pose, ...]
    difficulty: int
    hs_after: int
    control: str           # "safe", "XX" or the 1d roll needed
    blocked: bool = False  # the swept path runs into a wall, a building or a vehicle
    touches: tuple[str, ...] = ()  # curbs, debris, obstacles touched on the way

    @property
    def need_text(self) -> str:
        return self.control if self.control in ("safe", "XX") else f"{self.control}+"

    @property
    def label(self) -> str:
        """D, the handling status it would leave, and the control roll: "D3 HS-1 4+"."""
        return f"D{self.difficulty} HS{self.hs_after:+d} {self.need_text}"

    @property
    def turn(self) -> float:
        """Signed sweep of the ghost for ordering from hard left to hard right."""
        m = self.maneuver
        base = {"straight": 0.0, "drift": 5.0, "steep_drift": 8.0, "bend": 0.0, "swerve": 2.0, "pivot": 0.0,
                "t_stop": 140.0, "bootlegger": 170.0}[m.kind]
        mag = base + m.degrees + m.inches
        return mag * (1 if m.side == "right" else -1 if m.side == "left" else 0)


def motion_of(state: GameState, vid: str, m: Maneuver) -> Motion:
    """The counter's motion if it made this move (as rules.phases.movement.player_move moves it)."""
    v = state.vehicle(vid)
    if m.kind == "straight" and not m.even:
        inc = v.increments[0] if v.increments else 1.0
        return slide(v.pose, v.travel, inc)
    return perform(m, v.pose, tables().handling.counters[v.spec.kind], travel=v.travel)


def ghost_of(state: GameState, vid: str, m: Maneuver, ctx: Ctx | None = None) -> Ghost:
    v = state.vehicle(vid)
    motion = motion_of(state, vid, m)
    d = difficulty_of(ctx or Ctx(state), v, m)
    hs = lower_status(v.hs, d)
    # a move of D 0 (straight ahead) asks for no control roll at all (rules.phases.movement.player_move)
    need = control_need(v.speed, hs) if d > 0 else "safe"
    return Ghost(m, motion.end, motion.path, d, hs, need)


def family_of(legal: list[Maneuver], skid: float, even: bool) -> list[Maneuver]:
    """The maneuvers shown at once: one skid setting, evening-out on or off. A maneuver that cannot
    skid is shown plain; one without an evening-out variant stands in for it."""
    have = set(legal)
    out = []
    for m in legal:
        want_skid = skid if m.kind in ("bend", "swerve") else 0.0
        if m.skid != want_skid:
            continue
        if m.even != even and replace(m, even=even) in have:
            continue
        out.append(m)
    return out


class KeyPreview:
    """The turning key of one vehicle for one move: ghosts built on demand per family, swept lazily."""

    def __init__(self, state: GameState, vid: str, world: Any | None = None) -> None:
        self.state, self.vid, self.world = state, vid, world
        v = state.vehicle(vid)
        self.legal = engine.legal_maneuvers(state, v)
        self.size = tables().handling.counters[v.spec.kind]
        self._ctx = Ctx(state)
        self._ghosts: dict[Maneuver, Ghost] = {}
        self._swept: dict[Maneuver, Ghost] = {}
        self._family: dict[tuple[float, bool], list[Maneuver]] = {}
        self._clear_around: bool | None = None

    def ghosts(self, skid: float = 0.0, even: bool = False) -> list[Ghost]:
        """The shown ghosts, ordered from hard left to hard right."""
        key = (skid, even)
        fam = self._family.get(key)
        if fam is None:
            fam = family_of(self.legal, skid, even)
            self._family[key] = fam
        out = []
        for m in fam:
            g = self._swept.get(m) or self._ghosts.get(m)
            if g is None:
                g = ghost_of(self.state, self.vid, m, self._ctx)
                self._ghosts[m] = g
            out.append(g)
        out.sort(key=lambda g: (g.turn, str(g.maneuver)))
        return out

    def sweep_some(self, ghosts: list[Ghost], budget_s: float = 0.003) -> bool:
        """Check swept paths against the map and the other counters within a time budget; True when
        every shown ghost has been checked."""
        if self.world is None:
            return True
        t0 = time.perf_counter()
        v = self.state.vehicle(self.vid)
        if self._clear_around is None:
            self._clear_around = self._nothing_near(ghosts)
        if self._clear_around:
            for g in ghosts:
                self._swept.setdefault(g.maneuver, g)
            return True
        for g in ghosts:
            if g.maneuver in self._swept:
                continue
            if time.perf_counter() - t0 > budget_s:
                return False
            if self._box_clear(g):
                self._swept[g.maneuver] = g
                continue
            sweep = self.world.sweep(self.vid, (v.pose,) + g.path, size=self.size)
            touches = tuple(sorted({t.kind for t in sweep.touched}))
            self._swept[g.maneuver] = replace(g, blocked=sweep.blocked, touches=touches)
        return True

    def _nothing_near(self, ghosts: list[Ghost]) -> bool:
        """One square probe over every ghost's path: if it touches nothing, no path can (the usual case
        on open ground, and it saves sweeping each path)."""
        v = self.state.vehicle(self.vid)
        reach = max((math.hypot(p.x - v.pose.x, p.y - v.pose.y) for g in ghosts for p in g.path), default=0.0)
        side = 2 * (reach + math.hypot(self.size.length, self.size.width) / 2) + 0.1
        if self.world is None:
            return True
        hits = self.world.overlaps(self.vid, Pose.at(v.pose.x, v.pose.y, 0), size=CounterSize(side, side))
        return not hits

    def _box_clear(self, g: Ghost) -> bool:
        """Nothing at all inside the box around this ghost's path: no need to sweep it."""
        v = self.state.vehicle(self.vid)
        xs = [p.x for p in g.path] + [v.pose.x]
        ys = [p.y for p in g.path] + [v.pose.y]
        half = math.hypot(self.size.length, self.size.width) / 2 + 0.05
        w, h = max(xs) - min(xs) + 2 * half, max(ys) - min(ys) + 2 * half
        centre = Pose.at((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2, 0)
        if self.world is None:
            return True
        return not self.world.overlaps(self.vid, centre, size=CounterSize(h, w))

    def swept(self, m: Maneuver) -> bool:
        return self.world is None or m in self._swept


def build_preview(state: GameState, vid: str, world: Any | None = None, skid: float = 0.0,
                  even: bool = False) -> list[Ghost]:
    """Every shown ghost with its sweep done (tests and the benchmark)."""
    kp = KeyPreview(state, vid, world)
    gs = kp.ghosts(skid, even)
    kp.sweep_some(gs, budget_s=1e9)
    return kp.ghosts(skid, even)


def nearest(ghosts: list[Ghost], x: float, y: float) -> int | None:
    """Index of the ghost whose end position is nearest a map point (the drag snaps to it)."""
    best, best_d = None, math.inf
    for i, g in enumerate(ghosts):
        d = math.hypot(g.end.x - x, g.end.y - y) + 1e-5 * abs(g.turn)  # ties (same spot): the gentler one
        if d < best_d:
            best, best_d = i, d
    return best


def mirrored(m: Maneuver) -> Maneuver:
    if not m.side:
        return m
    return replace(m, side=Side.LEFT if m.side == Side.RIGHT else Side.RIGHT)


def straight_meets(state: GameState, vid: str, dice: DiceSource | None = None) -> Event | None:
    """What the next straight move of a vehicle would meet (None if nothing): the rules' own move
    (rules.phases.movement.player_move) is made on a copy of the state, and the first thing it reports
    beyond the motion itself (a collision, a hazard, a counter, terrain, leaving the map) is a reason
    for a vehicle holding its course to stop and ask its driver first."""
    v = state.vehicle(vid)
    m = Maneuver(ManeuverKind.STRAIGHT, reverse=v.reverse)
    ctx = Ctx(state, dice or Sixes())
    try:
        player_move(ctx, vid, m, difficulty_of(ctx, v, m))
    except (KeyError, ValueError) as exc:  # a move the rules cannot make here: ask the driver
        return Event(str(exc), "", vid)
    return next((e for e in ctx.log.events if e.kind != "moved"), None)
