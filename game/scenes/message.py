"""A file that cannot be opened: its message (`path: where: what`) on screen, Esc or Enter to go back."""

from __future__ import annotations

import pygame

from game import theme
from game.input.bindings import Intent, intent_of
from game.scenes.base import Scene
from game.ui import text, wrap


class MessageScene(Scene):
    def __init__(self, app: object, title: str, message: str) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.title = title
        self.message = message

    def handle_event(self, event: pygame.event.Event) -> bool:
        if intent_of(event) in (Intent.CANCEL, Intent.CONFIRM) or (
                event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1):
            if len(self.app.stack) > 1:
                self.app.pop()
            else:
                self.app.running = False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        text(surface, self.title, (w // 2, 70), 40, theme.ACCENT, bold=True, anchor="center")
        y = 130
        for line in wrap(self.message, 22, w - 120)[:20]:
            text(surface, line, (60, y), 22, theme.WARN)
            y += 30
        text(surface, "Esc or Enter: back", (w // 2, h - 40), 20, theme.DIM, anchor="center")
