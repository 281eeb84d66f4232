"""F1: every key and mouse gesture (from game.input.bindings.HELP)."""

from __future__ import annotations

from typing import Any

import pygame

from game import theme
from game.input.bindings import HELP, Intent, intent_of
from game.scenes.base import Scene
from game.ui import text, wrap


class HelpScene(Scene):
    opaque = False

    def __init__(self, app: Any, entries: tuple[tuple[str, str], ...] | None = None,
                 title: str = "Keys and mouse") -> None:
        super().__init__(app)
        self.entries = tuple(HELP) if entries is None else entries
        self.title = title

    def handle_event(self, event: pygame.event.Event) -> bool:
        intent = intent_of(event)
        if intent in (Intent.CANCEL, Intent.HELP, Intent.CONFIRM) or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.app.flow.close(self)
        return True

    def layout(self, w: int, h: int) -> tuple[pygame.Rect, int]:
        """The help box on a w x h screen and the y where its last row ends (above the closing line)."""
        r = pygame.Rect(0, 0, min(980, w - 40), min(h - 40, 760))
        r.center = (w // 2, h // 2)
        y = r.y + 56 + sum(19 * len(wrap(what, 20, r.width - 290)) + 6 for _keys, what in self.entries)
        return r, y

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 200))
        surface.blit(shade, (0, 0))
        r, _bottom = self.layout(w, h)
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=8)
        text(surface, self.title, (r.x + 20, r.y + 14), 34, theme.ACCENT, bold=True)
        y = r.y + 56
        for keys, what in self.entries:
            text(surface, keys, (r.x + 20, y), 20, theme.ACCENT)
            for i, ln in enumerate(wrap(what, 20, r.width - 290)):
                text(surface, ln, (r.x + 260, y + i * 19), 20, theme.TEXT)
            y += 19 * len(wrap(what, 20, r.width - 290)) + 6
        text(surface, "Esc, F1, Enter or click: close", (r.centerx, r.bottom - 22), 18, theme.DIM, anchor="center")
