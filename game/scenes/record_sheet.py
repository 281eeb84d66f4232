"""The record sheets: every vehicle's design, status, armor by side, tires, crew, weapons and fire."""

from __future__ import annotations

import pygame

from game import theme
from game.input.bindings import Intent, intent_of
from game.render.hud import draw_sheet
from game.scenes.base import Scene
from game.session import Session
from game.ui import text


class RecordSheetScene(Scene):
    def __init__(self, app: object, session: Session, focus: str | None = None) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.session = session
        ids = [v.id for v in session.state.vehicles]
        self.index = ids.index(focus) if focus in ids else 0
        self.rects: list[pygame.Rect] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        intent = intent_of(event)
        n = len(self.session.state.vehicles)
        if intent in (Intent.CANCEL, Intent.SHEET, Intent.CONFIRM):
            self.app.pop()
        elif intent in (Intent.RIGHT, Intent.NEXT, Intent.DOWN):
            self.index = (self.index + 1) % n
        elif intent in (Intent.LEFT, Intent.PREV, Intent.UP):
            self.index = (self.index - 1) % n
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    if i == self.index:
                        self.app.pop()
                    self.index = i
                    return True
            self.app.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        text(surface, "Record sheets", (20, 14), 40, theme.ACCENT, bold=True)
        text(surface, "Left/Right or click: choose · Esc / click again: back", (w - 20, 24), 18, theme.DIM,
             anchor="topright")
        cols = max(1, (w - 20) // 360)
        self.rects = []
        for i, v in enumerate(self.session.state.vehicles):
            r = pygame.Rect(20 + (i % cols) * 360, 70 + (i // cols) * 200, 340, 180)
            self.rects.append(r)
            draw_sheet(surface, r, v, self.session.seat(v.id).owner)
            colour = theme.owner_colour(self.session.seat(v.id).colour)
            pygame.draw.rect(surface, theme.ACCENT if i == self.index else colour, r, 3 if i == self.index else 1)
            y = r.y + 152
            text(surface, f"speed {v.signed_speed:g} mph · HS {v.hs:+d} / HC {v.hc} · reflex {v.reflex_roll}",
                 (r.x + 8, y), 16, theme.DIM)
