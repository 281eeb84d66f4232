"""The application: a window, a scene stack and the main loop."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.flow import Flow
from game.input.bindings import Intent, intent_of
from game.scenes.base import Scene
from rules.core.paths import MAPS_DIR, SAVES_DIR
from rules.core.tomlio import clean_stray_temp_files

DEFAULT_SIZE = (1280, 800)
FPS = 60


def clean_temp_files(saves_dir: Path | None) -> None:
    """Remove what killed saves left behind in the save folders and the maps folder (rules.core.tomlio: the
    engine is not loaded for it)."""
    for d in ((saves_dir, saves_dir / "garage") if saves_dir else ()) + (MAPS_DIR,):
        if d.is_dir():
            clean_stray_temp_files(d)


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, *, headless: bool = False,
                 saves_dir: Path | None = SAVES_DIR) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.init()
        pygame.display.set_caption("Car Wars table")
        self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.stack: list[Scene] = []
        self.running = True
        self.saves_dir = saves_dir
        clean_temp_files(saves_dir)
        self.clock = pygame.time.Clock()
        self.flow = Flow(self)   # every scene change goes through here (game/flow.py)

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    # --- the stack -------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)

    def pop(self) -> Scene | None:
        return self.stack.pop() if self.stack else None

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop()
        self.stack.append(scene)

    def reset(self, scene: Scene) -> None:
        self.stack = [scene]

    def find(self, kind: type) -> Scene | None:
        for s in reversed(self.stack):
            if isinstance(s, kind):
                return s
        return None

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: every scene lays itself out again."""
        self.surface = pygame.display.set_mode((max(640, size[0]), max(480, size[1])), pygame.RESIZABLE)
        for s in self.stack:
            s.resized(self.size)

    # --- one frame ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            self.running = False
            return True
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return True
        intent = intent_of(event)
        if intent is Intent.QUIT:
            self.running = False
            return True
        if intent is Intent.HELP:
            self.flow.help()
            return True
        top = self.top
        return top.handle_event(event) if top else False

    def update(self, dt: float) -> None:
        top = self.top
        if top:
            top.update(dt)

    def draw(self, surface: pygame.Surface | None = None) -> None:
        surf = surface or self.surface
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        for s in self.stack[max(0, start):]:
            s.draw(surf)

    def frame(self, dt: float) -> None:
        for event in pygame.event.get():
            self.handle_event(event)
        self.update(dt)
        self.draw()
        pygame.display.flip()

    def run(self) -> None:
        while self.running and self.stack:
            dt = self.clock.tick(FPS) / 1000.0
            self.frame(min(dt, 0.1))
        pygame.quit()
