"""The turning key's choices: one ghost per maneuver of the paper key for this move, legal or not.

Every figure is the engine's preview (rules.engine.preview): the maneuver's D, the handling status
it leaves, the control roll and its chance, the path and what it meets, or why the engine would refuse
it. This module only picks which maneuvers the key shows (one skid setting, evening-out on or off),
orders them from hard left to hard right and finds the one a drag points at.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from game.speed import Sixes
from rules.core.dice import DiceSource
from rules.core.events import Event
from rules.core.geometry import CounterSize, Pose, Vec, forward, right
from rules.driving.maneuvers import Maneuver, ManeuverKind, Side
from rules.engine import engine
from rules.engine.preview import ManeuverPreview, Previewer
from rules.phases.movement import difficulty_of, player_move
from rules.play.context import Ctx
from rules.play.state import GameState
from rules.tables.movement import tables

SKIDS = (0.0, 0.25, 0.5, 0.75, 1.0)


@dataclass(frozen=True)
class Ghost:
    """One maneuver on the key, as the engine previews it."""

    preview: ManeuverPreview

    @property
    def maneuver(self) -> Maneuver:
        return self.preview.maneuver

    @property
    def end(self) -> Pose:
        return self.preview.end

    @property
    def path(self) -> tuple[Pose, ...]:
        return self.preview.path

    @property
    def difficulty(self) -> int:
        return self.preview.difficulty

    @property
    def hs_after(self) -> int:
        return self.preview.hs_after

    @property
    def control(self) -> str:
        """"safe", "XX" or the 1d roll needed; "safe" when no roll is made."""
        return self.preview.need if self.preview.rolls else "safe"

    @property
    def blocked(self) -> bool:
        return self.preview.blocked

    @property
    def legal(self) -> bool:
        return self.preview.legal

    @property
    def touches(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.preview.touches)

    @property
    def name(self) -> str:
        return self.preview.name

    @property
    def need_text(self) -> str:
        return self.control if self.control in ("safe", "XX") else f"{self.control}+"

    @property
    def label(self) -> str:
        """D, the handling status it would leave, and the control roll: "D3 HS-1 4+"."""
        return f"D{self.difficulty} HS{self.hs_after:+d} {self.need_text}"

    @property
    def short(self) -> str:
        """The label on the key itself: D and the roll ("D3 4+", "D1 safe")."""
        return f"D{self.difficulty} {self.need_text}"

    @property
    def details(self) -> list[str]:
        """The hover card: name, D, handling after, the control roll and its chance, what it meets."""
        p = self.preview
        if not p.legal:
            return [p.name, f"not allowed: {p.problem}"]
        if not p.rolls:
            roll = "no control roll"
        elif p.need == "XX":
            roll = "control lost (XX): a crash roll follows"
        elif p.need == "safe":
            roll = "control roll: safe"
        else:
            roll = f"control roll {p.need}+ on 1d: {p.chance * 100:.0f}% to keep control"
        lines = [p.name, f"D{p.difficulty}   handling {p.hs_before:+d} -> {p.hs_after:+d}", roll]
        met = [m.text for m in p.touches] + ([p.meets.text] if p.meets else [])
        lines.append("path: " + ", then ".join(met) if met else "path: clear")
        lines += list(p.notes)
        return lines

    @property
    def turn(self) -> float:
        """Signed sweep of the ghost for ordering from hard left to hard right."""
        m = self.maneuver
        base = {"straight": 0.0, "drift": 5.0, "steep_drift": 8.0, "bend": 0.0, "swerve": 2.0, "pivot": 0.0,
                "t_stop": 140.0, "bootlegger": 170.0}[m.kind]
        mag = base + m.degrees + m.inches
        return mag * (1 if m.side == "right" else -1 if m.side == "left" else 0)


def template(state: GameState, vid: str, skid: float = 0.0) -> list[Maneuver]:
    """The maneuvers printed on the paper key for this move: straight on, drifts and steep drifts,
    bends and swerves at every notch (with this skid), T-stops and the bootlegger, pivots at 5 mph."""
    v = state.vehicle(vid)
    t = tables().maneuvers
    rev = v.reverse
    out = [Maneuver(ManeuverKind.STRAIGHT, reverse=rev)]
    for side in (Side.LEFT, Side.RIGHT):
        out += [Maneuver(ManeuverKind.DRIFT, side, t.drift_max, reverse=rev), Maneuver(ManeuverKind.STEEP_DRIFT, side, t.steep_max, reverse=rev)]
        for deg in t.key_degrees:
            out.append(Maneuver(ManeuverKind.BEND, side, degrees=deg, skid=skid, reverse=rev))
            out.append(Maneuver(ManeuverKind.SWERVE, side, degrees=deg, drift=t.swerve_max_drift, skid=skid, reverse=rev))
        out.append(Maneuver(ManeuverKind.T_STOP, side, reverse=rev))
        if not rev:
            out.append(Maneuver(ManeuverKind.BOOTLEGGER, side))
        if v.speed == t.pivot_mph:
            out += [Maneuver(ManeuverKind.PIVOT, side, degrees=deg, reverse=rev) for deg in t.pivot_degrees]
    return out


def family_of(legal: list[Maneuver], skid: float, even: bool) -> list[Maneuver]:
    """The legal maneuvers shown at once: one skid setting, evening-out on or off. A maneuver that cannot
    skid is shown plain; one without an evening-out variant stands in for it. A pivot is never evened out,
    so for a truck at 2.5 mph the same switch picks its pivots in place (000:L599) or with the quarter inch
    (the key's button reads "In place" then): both at once lie a quarter inch apart and double the key."""
    have = set(legal)
    out = []
    for m in legal:
        want_skid = skid if m.kind in ("bend", "swerve") else 0.0
        if m.skid != want_skid:
            continue
        if m.even != even and replace(m, even=even) in have:
            continue
        if m.kind == "pivot" and m.in_place != even and replace(m, in_place=even) in have:
            continue
        out.append(m)
    return out


class KeyPreview:
    """The turning key of one vehicle for one move: the shown ghosts, legal and greyed, per family."""

    def __init__(self, state: GameState, vid: str, previewer: Previewer | None = None) -> None:
        self.state, self.vid = state, vid
        self.previewer = previewer or Previewer()
        v = state.vehicle(vid)
        self.legal = engine.legal_maneuvers(state, v)
        self.size = v.spec.counter(tables().handling.counters)
        self._family: dict[tuple[float, bool], tuple[list[Ghost], list[Ghost]]] = {}

    def _build(self, skid: float, even: bool) -> tuple[list[Ghost], list[Ghost]]:
        key = (skid, even)
        got = self._family.get(key)
        if got is None:
            shown = family_of(self.legal, skid, even)
            have = {(m.kind, m.side, m.degrees, m.inches) for m in shown}
            greyed = [m for m in template(self.state, self.vid, skid)
                      if (m.kind, m.side, m.degrees, m.inches) not in have]
            previews = self.previewer.maneuvers(self.state, self.vid, shown + greyed, legal=self.legal)
            ghosts = sorted((Ghost(p) for p in previews), key=lambda g: (g.turn, str(g.maneuver)))
            got = ([g for g in ghosts if g.legal], [g for g in ghosts if not g.legal])
            self._family[key] = got
        return got

    def ghosts(self, skid: float = 0.0, even: bool = False) -> list[Ghost]:
        """The legal ghosts, ordered from hard left to hard right."""
        return self._build(skid, even)[0]

    def greyed(self, skid: float = 0.0, even: bool = False) -> list[Ghost]:
        """The key's other maneuvers, which the engine would refuse now, each with its reason."""
        return self._build(skid, even)[1]

    def sweep_some(self, ghosts: list[Ghost], budget_s: float = 0.003) -> bool:
        """The engine's preview sweeps every path at once: nothing is left to do."""
        return True

    def swept(self, m: Maneuver) -> bool:
        return True


def build_preview(state: GameState, vid: str, world: object | None = None, skid: float = 0.0,
                  even: bool = False, previewer: Previewer | None = None) -> list[Ghost]:
    """Every legal ghost of the family (tests and the benchmark). `world` is no longer used: the
    engine's preview sweeps the state's own map."""
    return KeyPreview(state, vid, previewer).ghosts(skid, even)


# --- pointing at a ghost ---------------------------------------------------------------------------


def grab_offset(pose: Pose, x: float, y: float) -> Vec:
    """Where on the counter it was picked up, in the counter's own frame (forward, right)."""
    d = Vec(x - pose.x, y - pose.y)
    return Vec(d.dot(forward(pose.facing)), d.dot(right(pose.facing)))


def held_point(pose: Pose, grab: Vec) -> Vec:
    """The point of a counter at `pose` that was picked up at `grab`."""
    f, r = forward(pose.facing), right(pose.facing)
    return Vec(pose.x + f.x * grab.x + r.x * grab.y, pose.y + f.y * grab.x + r.y * grab.y)


SNAP_KEEP = 0.12   # inches: another ghost must be this much nearer before the drag leaves the current one


def nearest(ghosts: list[Ghost], x: float, y: float, grab: Vec | None = None, current: int | None = None,
            start: Pose | None = None, size: CounterSize | None = None) -> int | None:
    """The ghost a dragged counter points at: the pose (position and facing) whose picked-up point lies
    nearest the pointer, with `grab` the point of the counter held (its centre by default). The current
    ghost keeps the drag until another is clearly nearer. With `start`, -1 means back on the start
    pose: the drag is cancelled."""
    g0 = grab or Vec(0.0, 0.0)
    best, best_d = None, math.inf
    for i, g in enumerate(ghosts):
        p = held_point(g.end, g0)
        d = math.hypot(p.x - x, p.y - y) + 1e-5 * abs(g.turn)  # same spot: the gentler one
        if i == current:
            d -= SNAP_KEEP
        if d < best_d:
            best, best_d = i, d
    if start is not None:
        p = held_point(start, g0)
        reach = (size.width / 2) if size is not None else 0.25
        if math.hypot(p.x - x, p.y - y) <= min(best_d, reach):
            return -1
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
