"""The whole log on one screen: every event of the game with its rule line, newest at the bottom;
scroll with the wheel, arrows or PgUp/PgDn, Home/End; Esc goes back."""

from __future__ import annotations

import pygame

from game import theme
from game.input.bindings import Intent, intent_of
from game.render.log import LINE, SIZE, event_lines
from game.scenes.base import Scene
from game.ui import Button, draw_buttons, text
from rules.core.events import Event


class LogScene(Scene):
    def __init__(self, app: object, events: list[Event], title: str = "Log") -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.events = events
        self.title = title
        self.scroll = 0            # lines back from the end
        self.back = Button(pygame.Rect(0, 0, 120, 36), "Back", self._back, name="back")
        self._lines: list[tuple[str, tuple[int, int, int]]] = []
        self._width = 0

    def _back(self) -> None:
        self.app.pop()

    def lines(self, width: int) -> list[tuple[str, tuple[int, int, int]]]:
        if width != self._width or not self._lines:
            self._width = width
            self._lines = [ln for e in self.events for ln in event_lines(e, width)]
        return self._lines

    def rows(self) -> int:
        return max(1, (self.app.size[1] - 84) // LINE)

    def handle_event(self, event: pygame.event.Event) -> bool:
        intent = intent_of(event)
        page = self.rows() - 2
        if intent is Intent.CANCEL:
            self._back()
        elif intent in (Intent.UP, Intent.LOG_UP):
            self.scroll += 1 if intent is Intent.UP else page
        elif intent in (Intent.DOWN, Intent.LOG_DOWN):
            self.scroll -= 1 if intent is Intent.DOWN else page
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_HOME:
            self.scroll = 10 ** 6
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_END:
            self.scroll = 0
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll += 3 * event.y
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.back.click(event.pos)
        self.scroll = max(0, min(self.scroll, len(self.lines(self.app.size[0] - 40)) - self.rows()))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        text(surface, self.title, (20, 12), 40, theme.ACCENT, bold=True)
        text(surface, "wheel, Up/Down, PgUp/PgDn, Home/End: scroll · Esc: back", (w - 160, 24), 18, theme.DIM,
             anchor="topright")
        self.back.rect.topright = (w - 20, 12)
        draw_buttons(surface, [self.back])
        inner = pygame.Rect(20, 64, w - 40, h - 84)
        pygame.draw.rect(surface, theme.PANEL, inner.inflate(12, 12), border_radius=6)
        lines = self.lines(inner.width)
        rows = max(1, inner.height // LINE)
        end = len(lines) - min(self.scroll, max(0, len(lines) - rows))
        shown = lines[max(0, end - rows): end]
        for i, (ln, colour) in enumerate(shown):
            text(surface, ln, (inner.x, inner.y + i * LINE), SIZE, colour)
        if not lines:
            text(surface, "nothing has happened yet", inner.center, 22, theme.DIM, anchor="center")
        else:
            first = max(0, end - rows) + 1
            text(surface, f"lines {first}-{end} of {len(lines)}", (w - 20, h - 4), 15, theme.DIM,
                 anchor="bottomright")
