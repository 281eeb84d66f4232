"""The scene contract: handle_event(event) -> bool, update(dt), draw(surface); draw never changes state."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.app import App


class Scene:
    opaque = True   # False: the scene below is drawn first (overlays: pause, help, hand-off)

    def __init__(self, app: App) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resized(self, size: tuple[int, int]) -> None:
        pass
