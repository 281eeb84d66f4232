"""Smooth motion: every 'moved' event's path is played back in order, one motion at a time; crashes,
collisions and damage flash on the counter with what they did; skids, spins and rolls leave marks on
the road. Only update() changes anything; draw code reads poses, flashes and marks.

Events are read by their kind and typed fields (a crash's `result`, a hit's `damage`, a collision's
`other`), never by their text. A replay (game/replay.py) feeds a phase's events again from the poses
it began with.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules.core.events import (
    BoosterBurned,
    CloudDispersed,
    ControlRolled,
    CounterLaid,
    CrashRolled,
    Damaged,
    DamageRolled,
    Ejected,
    EjectionDeclared,
    Event,
    Exploded,
    FlareLit,
    Moved,
    NitrousOpened,
    PodNearMiss,
    SearchlightAimed,
    ShotFired,
    ShotNotAllowed,
    TrailerFollowed,
)
from rules.core.geometry import Pose, signed_turn
from rules.play.state import GameState

if TYPE_CHECKING:
    from game.sound import SoundBoard

SPEED_IPS = 9.0        # inches a second on screen
MIN_SECONDS = 0.18
MAX_SECONDS = 1.2
FLASH_SECONDS = 0.7
EXPLOSION_SECONDS = 1.4
NUMBER_SECONDS = 1.3   # a damage number rising off the counter
LABEL_SECONDS = 1.6    # "spinout", "roll" over the counter
MARK_SECONDS = 8.0     # skid marks fade over this long
REPLAY_RATE = 1.6      # a replay runs this much faster than play
FLASH_KINDS = {"crash": (255, 140, 0), "collision": (255, 40, 40), "damage": (255, 80, 60), "hit": (255, 80, 60),
               "destroyed": (255, 255, 255), "kill": (255, 255, 255), "control": (255, 220, 60),
               "hazard": (255, 170, 60), "tire": (240, 200, 80), "fire": (255, 240, 160)}
# Crash results (rules/data/crash_tables.toml) by the marks their motion leaves.
SKIDS = ("trivial_skid", "minor_skid", "moderate_skid", "severe_skid", "minor_fishtail", "major_fishtail",
         "minor_fishtail_ct1", "major_fishtail_ct1", "major_and_minor_fishtail_ct1")
ROLLS = ("roll", "burning_roll", "vault")
MARKED_MODES = {"spin": "spin", "roll": "roll", "t_stop": "skid"}   # VehicleState.mode while it slides
TRACED = (ShotFired, ShotNotAllowed, PodNearMiss, CloudDispersed)   # shots that fly at a target (not blocked)



@dataclass
class Flash:
    vehicle: str
    colour: tuple[int, int, int]
    age: float = 0.0
    kind: str = ""          # "shot" (a tracer to `target`), "explosion" (a fireball), "number" (damage
                            # dealt, `text`), "label" (a crash result, `text`), or a plain ring
    target: str = ""
    life: float = FLASH_SECONDS
    text: str = ""
    sound: str = ""         # the effect played when the flash shows (game/sound.py)


@dataclass
class Mark:
    """Tire marks (or a roll's scuffs) left by one motion: poses it passed through, in map inches."""

    vehicle: str
    style: str              # "skid", "spin" or "roll"
    poses: list[Pose] = field(default_factory=list)
    age: float = 0.0
    life: float = MARK_SECONDS


class Animator:
    def __init__(self, state: GameState, sound: SoundBoard | None = None) -> None:
        self.shown: dict[str, Pose] = {v.id: v.pose for v in state.vehicles}
        self.queue: deque[tuple[str, list[Pose], list[Flash], str]] = deque()
        self.current: tuple[str, list[Pose], list[float]] | None = None
        self.t = 0.0
        self.duration = 0.0
        self.flashes: list[Flash] = []
        self.marks: list[Mark] = []
        self.sound = sound
        self.rate = 1.0                 # playback speed (a replay runs faster)
        self.replay_label = ""          # shown while a replay runs
        self._state = state
        self._style: dict[str, str] = {}  # a crash result's marks, for the vehicle's next motion
        self._mark: Mark | None = None
        self._current_style = ""        # the marks style of the motion playing now ("roll": it tumbles)
        self._pending_flashes: list[Flash] = []
        self._current_flashes: list[Flash] = []

    def feed(self, events: list[Event]) -> None:
        """Queue the motions; a flash shows when the motion it belongs to ends: a collision at the end of
        the motion it interrupts (logged just before it), anything else after the motion before it."""
        for e in events:
            if isinstance(e, (Moved, TrailerFollowed)) and e.path and e.vehicle:   # a trailer after its tower
                poses = list(e.path)
                style = self._style.pop(e.vehicle, "") or self._mode_style(e.vehicle)
                self.queue.append((e.vehicle, poses, self._pending_flashes, style))
                self._pending_flashes = []
                continue
            if isinstance(e, CrashRolled) and e.vehicle:
                self._style[e.vehicle] = "roll" if e.result in ROLLS else "spin" if e.result == "spinout" else \
                    "skid" if e.result in SKIDS else ""
            for flash in self._flashes_of(e):
                if e.kind == "collision":
                    self._pending_flashes.append(flash)
                elif self.queue:
                    self.queue[-1][2].append(flash)
                elif self.current is not None:
                    self._current_flashes.append(flash)
                else:
                    self._show([flash])

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def update(self, dt: float, state: GameState) -> None:
        self._state = state
        self.flashes = [f for f in self.flashes if f.age < f.life]
        for f in self.flashes:
            f.age += dt
        self.marks = [m for m in self.marks if m.age < m.life]
        for m in self.marks:
            m.age += dt
        remaining = dt * self.rate
        while remaining > 0:
            if self.current is None:
                if not self.queue:
                    break
                self._start_next()
            step = min(remaining, self.duration - self.t)
            self.t += step
            remaining -= step
            assert self.current is not None
            vid, poses, lengths = self.current
            if self.t >= self.duration - 1e-9:
                self.shown[vid] = poses[-1]
                self._trace(poses[-1])
                self.current = None
                self._mark = None
                self._show(self._current_flashes)
                self._current_flashes = []
            else:
                self.shown[vid] = _along(poses, lengths, self.t / self.duration)
                self._trace(self.shown[vid])
        if not self.busy:
            self._show(self._pending_flashes)
            self._pending_flashes = []
            self.shown = {v.id: v.pose for v in state.vehicles}
            self.rate = 1.0
            if not self.flashes:
                self.replay_label = ""   # the caption stays while the replay's last flashes fade

    def finish(self, state: GameState) -> None:
        """Skip to the end of every motion."""
        self.queue.clear()
        self.current = None
        self._mark = None
        self.shown = {v.id: v.pose for v in state.vehicles}
        self.rate = 1.0
        self.replay_label = ""

    def pose(self, vid: str, fallback: Pose) -> Pose:
        return self.shown.get(vid, fallback)

    def toggle_sound(self) -> str:
        """Sound on or off (remembered in the settings file); the message to show."""
        if self.sound is None:
            return "no sound on this machine"
        return self.sound.toggle()

    def tumble(self, vid: str) -> float:
        """How wide a rolling counter looks now (1 flat on its wheels, near 0 on its side): a roll's
        motion turns the counter over once a half-move, so the picture narrows and widens again."""
        if self.current is None or self.current[0] != vid or self._current_style != "roll":
            return 1.0
        k = self.t / self.duration if self.duration > 0 else 1.0
        return abs(math.cos(math.pi * 2 * k))

    # --- inside ------------------------------------------------------------------------------------

    def _start_next(self) -> None:
        vid, poses, flashes, style = self.queue.popleft()
        self._current_flashes = flashes
        start = self.shown.get(vid, poses[0])
        poses = [start] + poses
        lengths = [0.0]
        for a, b in zip(poses, poses[1:], strict=False):
            lengths.append(lengths[-1] + math.hypot(b.x - a.x, b.y - a.y) + abs(signed_turn(a.facing, b.facing)) / 90)
        self.current = (vid, poses, lengths)
        self.t = 0.0
        self.duration = max(MIN_SECONDS, min(MAX_SECONDS, lengths[-1] / SPEED_IPS))
        self._mark = None
        self._current_style = style
        if style:
            self._mark = Mark(vid, style, [start])
            self.marks.append(self._mark)

    def _trace(self, pose: Pose) -> None:
        if self._mark is not None:
            last = self._mark.poses[-1]
            if math.hypot(pose.x - last.x, pose.y - last.y) > 0.04 or abs(signed_turn(last.facing, pose.facing)) > 4:
                self._mark.poses.append(pose)

    def _mode_style(self, vid: str) -> str:
        """A vehicle still spinning, rolling or sliding out of a T-stop keeps leaving marks."""
        try:
            return MARKED_MODES.get(self._state.vehicle(vid).mode, "")
        except KeyError:
            return ""

    def _show(self, flashes: list[Flash]) -> None:
        for f in flashes:
            self.flashes.append(f)
            if f.sound and self.sound is not None:
                self.sound.play(f.sound)

    def _flashes_of(self, e: Event) -> list[Flash]:
        """What an event shows: a shot's tracer (and its sound), the damage a hit deals as a number on
        the target, a crash's result over the counter, a fireball for a vehicle that blows up
        (000:L1014), a coloured ring for the rest. Read by class and field, never by the text."""
        if isinstance(e, DamageRolled) and e.target:
            return [Flash(e.target, (255, 90, 70), kind="number", text=f"-{e.points}", life=NUMBER_SECONDS, age=-0.2)]
        if isinstance(e, CounterLaid) and e.vehicle and e.counter_kind not in ("debris", "obstacle"):
            return [Flash(e.vehicle, (250, 220, 90), sound="drop")]   # a dropped weapon laid
        label = _part_label(e)
        if label:   # a booster's burn, nitrous, a searchlight, a flare, an ejection (issue 17)
            return [Flash(e.vehicle, (255, 230, 120), kind="label", text=label, life=LABEL_SECONDS)]
        if not e.vehicle or e.kind not in FLASH_KINDS:
            return []
        if isinstance(e, ControlRolled) and e.kept:
            return []
        if isinstance(e, Exploded):
            return [Flash(e.vehicle, (255, 150, 30), kind="explosion", life=EXPLOSION_SECONDS, sound="explosion")]
        if isinstance(e, TRACED) and e.target:
            fired = isinstance(e, ShotFired) and (e.roll is not None or e.automatic)  # a to-hit roll: the gun went off
            return [Flash(e.vehicle, FLASH_KINDS["fire"], kind="shot", target=e.target,
                          sound=self._weapon_sound(e.vehicle, e.weapon) if fired else "")]
        if isinstance(e, Damaged):
            return [Flash(e.vehicle, FLASH_KINDS["damage"]),
                    Flash(e.vehicle, (255, 90, 70), kind="number", text=f"-{e.points}", life=NUMBER_SECONDS)]
        if isinstance(e, CrashRolled):
            sound = "crash" if e.result in ROLLS else "screech"
            return [Flash(e.vehicle, FLASH_KINDS["crash"], sound=sound),
                    Flash(e.vehicle, (255, 200, 90), kind="label", text=e.result.replace("_", " "), life=LABEL_SECONDS)]
        if e.kind == "collision":
            return [Flash(e.vehicle, FLASH_KINDS["collision"], sound="crash")]
        return [Flash(e.vehicle, FLASH_KINDS[e.kind])]

    def _weapon_sound(self, vid: str, wid: str) -> str:
        """The sound of a weapon by its category in the weapons table (a gun when it cannot be told)."""
        from game.sound import weapon_sound

        try:
            abbr = self._state.vehicle(vid).sheet.weapon(wid).abbr
        except (KeyError, AttributeError, ValueError):
            return "gun"
        return weapon_sound(abbr)


def _part_label(e: Event) -> str:
    """The words flashed over a car that works one of its parts: a booster's burn, a nitrous tank opened,
    a searchlight turned on a car, a flare fired, an ejection seat firing."""
    if not e.vehicle:
        return ""
    if isinstance(e, BoosterBurned):
        return f"boost {e.mph:+g} mph"
    if isinstance(e, NitrousOpened):
        return "nitrous!"
    if isinstance(e, SearchlightAimed):
        return ("blinded " if e.blinded else "lit ") + e.target if e.tracked else "searchlight misses"
    if isinstance(e, FlareLit):
        return "flare up"
    if isinstance(e, EjectionDeclared):
        return "eject!"
    if isinstance(e, Ejected):
        return "ejected"
    return ""


def _along(poses: list[Pose], lengths: list[float], k: float) -> Pose:
    total = lengths[-1]
    if total <= 0:
        return poses[-1]
    want = total * k
    for i in range(1, len(poses)):
        if lengths[i] >= want:
            seg = lengths[i] - lengths[i - 1]
            u = 0.0 if seg <= 0 else (want - lengths[i - 1]) / seg
            a, b = poses[i - 1], poses[i]
            return Pose.at(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u, a.facing + signed_turn(a.facing, b.facing) * u)
    return poses[-1]
