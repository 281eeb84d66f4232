"""Smooth motion: every 'moved' event's path is played back in order, one motion at a time; crashes,
collisions and damage flash on the counter. Only update() changes anything; draw code reads poses."""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

from rules.core.events import (
    CloudDispersed,
    ControlRolled,
    Event,
    Exploded,
    Moved,
    PodNearMiss,
    ShotFired,
    ShotNotAllowed,
)
from rules.core.geometry import Pose
from rules.play.state import GameState

SPEED_IPS = 9.0        # inches a second on screen
MIN_SECONDS = 0.18
MAX_SECONDS = 1.2
FLASH_SECONDS = 0.7
EXPLOSION_SECONDS = 1.4
FLASH_KINDS = {"crash": (255, 140, 0), "collision": (255, 40, 40), "damage": (255, 80, 60), "hit": (255, 80, 60),
               "destroyed": (255, 255, 255), "kill": (255, 255, 255), "control": (255, 220, 60),
               "hazard": (255, 170, 60), "tire": (240, 200, 80), "fire": (255, 240, 160)}
TRACED = (ShotFired, ShotNotAllowed, PodNearMiss, CloudDispersed)   # shots that fly at a target (not blocked)


def _turn(a: float, b: float) -> float:
    d = math.fmod(b - a, 360.0)
    if d > 180:
        d -= 360
    elif d <= -180:
        d += 360
    return d


@dataclass
class Flash:
    vehicle: str
    colour: tuple[int, int, int]
    age: float = 0.0
    kind: str = ""          # "shot" (a tracer to `target`), "explosion" (a fireball), or a plain ring
    target: str = ""
    life: float = FLASH_SECONDS


class Animator:
    def __init__(self, state: GameState) -> None:
        self.shown: dict[str, Pose] = {v.id: v.pose for v in state.vehicles}
        self.queue: deque[tuple[str, list[Pose], list[Flash]]] = deque()
        self.current: tuple[str, list[Pose], list[float]] | None = None
        self.t = 0.0
        self.duration = 0.0
        self.flashes: list[Flash] = []
        self._pending_flashes: list[Flash] = []
        self._current_flashes: list[Flash] = []

    def feed(self, events: list[Event]) -> None:
        """Queue the motions; a flash shows when the motion it belongs to ends: a collision at the end of
        the motion it interrupts (logged just before it), anything else after the motion before it."""
        for e in events:
            if isinstance(e, Moved) and e.path and e.vehicle:
                poses = list(e.path)
                self.queue.append((e.vehicle, poses, self._pending_flashes))
                self._pending_flashes = []
            elif e.kind in FLASH_KINDS and e.vehicle:
                if e.kind == "control" and not (isinstance(e, ControlRolled) and not e.kept):  # only a loss flashes
                    continue
                flash = _flash_of(e)
                if e.kind == "collision":
                    self._pending_flashes.append(flash)
                elif self.queue:
                    self.queue[-1][2].append(flash)
                elif self.current is not None:
                    self._current_flashes.append(flash)
                else:
                    self.flashes.append(flash)

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def update(self, dt: float, state: GameState) -> None:
        self.flashes = [f for f in self.flashes if f.age < f.life]
        for f in self.flashes:
            f.age += dt
        remaining = dt
        while remaining > 0:
            if self.current is None:
                if not self.queue:
                    break
                vid, poses, flashes = self.queue.popleft()
                self._current_flashes = flashes
                start = self.shown.get(vid, poses[0])
                poses = [start] + poses
                lengths = [0.0]
                for a, b in zip(poses, poses[1:], strict=False):
                    lengths.append(lengths[-1] + math.hypot(b.x - a.x, b.y - a.y) + abs(_turn(a.facing, b.facing)) / 90)
                self.current = (vid, poses, lengths)
                self.t = 0.0
                self.duration = max(MIN_SECONDS, min(MAX_SECONDS, lengths[-1] / SPEED_IPS))
            step = min(remaining, self.duration - self.t)
            self.t += step
            remaining -= step
            vid, poses, lengths = self.current
            if self.t >= self.duration - 1e-9:
                self.shown[vid] = poses[-1]
                self.current = None
                self.flashes.extend(self._current_flashes)
                self._current_flashes = []
            else:
                self.shown[vid] = _along(poses, lengths, self.t / self.duration)
        if not self.busy:
            for f in self._pending_flashes:
                self.flashes.append(f)
            self._pending_flashes = []
            self.shown = {v.id: v.pose for v in state.vehicles}

    def finish(self, state: GameState) -> None:
        """Skip to the end of every motion."""
        self.queue.clear()
        self.current = None
        self.shown = {v.id: v.pose for v in state.vehicles}

    def pose(self, vid: str, fallback: Pose) -> Pose:
        return self.shown.get(vid, fallback)


def _flash_of(e: Event) -> Flash:
    """A shot at a target shows as a tracer; a vehicle blowing up (000:L1014) as a fireball."""
    if isinstance(e, Exploded):
        return Flash(e.vehicle, (255, 150, 30), kind="explosion", life=EXPLOSION_SECONDS)
    if isinstance(e, TRACED) and e.target:
        return Flash(e.vehicle, FLASH_KINDS["fire"], kind="shot", target=e.target)
    return Flash(e.vehicle, FLASH_KINDS[e.kind])


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
            return Pose.at(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u, a.facing + _turn(a.facing, b.facing) * u)
    return poses[-1]
