"""The record sheets: one tab per vehicle, and the chosen vehicle's sheet drawn as the book's
(game.render.sheet): outline with armor by side, tires, weapons and ammunition, crew and wounds,
components with their DP, and what is wrong with it in play; then one tab per person on foot, his
sheet (game.render.people): wounds, body armor's points, hand weapon and shots, grenades and gear."""

from __future__ import annotations

import pygame

from game import theme
from game.input.bindings import Intent, intent_of
from game.render.people import draw_person_sheet
from game.render.sheet import draw_record_sheet
from game.scenes.base import Scene
from game.session import Session
from game.ui import Button, draw_buttons, text

TAB_H = 34


class RecordSheetScene(Scene):
    def __init__(self, app: object, session: Session, focus: str | None = None) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.session = session
        ids = self.ids()
        self.index = ids.index(focus) if focus in ids else 0
        self.tabs: list[pygame.Rect] = []
        self.back = Button(pygame.Rect(0, 0, 110, TAB_H), "Back", self._back, name="back")
        self._layout(self.app.size)

    def ids(self) -> list[str]:
        """The tabs: every vehicle, then every person on foot."""
        st = self.session.state
        return [v.id for v in st.vehicles] + [p.id for p in st.people]

    def _back(self) -> None:
        self.app.pop()

    def _layout(self, size: tuple[int, int]) -> None:
        w, _h = size
        n = max(1, len(self.ids()))
        tab_w = min(200, (w - 180 - 6 * n) // n)   # clear of the Back button
        self.tabs = [pygame.Rect(20 + i * (tab_w + 6), 58, tab_w, TAB_H) for i in range(n)]
        self.back.rect = pygame.Rect(w - 130, 58, 110, TAB_H)

    def resized(self, size: tuple[int, int]) -> None:
        self._layout(size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        intent = intent_of(event)
        n = max(1, len(self.ids()))
        if intent in (Intent.CANCEL, Intent.SHEET, Intent.CONFIRM):
            self.app.pop()
        elif intent in (Intent.RIGHT, Intent.NEXT, Intent.DOWN):
            self.index = (self.index + 1) % n
        elif intent in (Intent.LEFT, Intent.PREV, Intent.UP):
            self.index = (self.index - 1) % n
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back.click(event.pos):
                return True
            for i, r in enumerate(self.tabs):
                if r.collidepoint(event.pos):
                    self.index = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.app.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        st = self.session.state
        text(surface, "Record sheets", (20, 12), 40, theme.ACCENT, bold=True)
        text(surface, f"turn {st.turn}, phase {st.phase}", (290, 24), 20, theme.DIM)
        text(surface, "Left/Right or click a tab: vehicle or man on foot · Esc, R or right-click: back to the board", (w - 20, 24),
             18, theme.DIM, anchor="topright")
        if len(self.tabs) != len(self.ids()):   # a man got out or back in since the layout
            self._layout((w, h))
        people = {p.id: p for p in st.people}
        for i, (vid, r) in enumerate(zip(self.ids(), self.tabs, strict=False)):
            seat = self.session.seat(vid)
            colour = theme.owner_colour(seat.colour)
            chosen = i == self.index
            out = people[vid].down if vid in people else st.vehicle(vid).out
            pygame.draw.rect(surface, (70, 80, 104) if chosen else theme.PANEL, r, border_radius=5)
            pygame.draw.rect(surface, theme.ACCENT if chosen else theme.PANEL_EDGE, r, 2 if chosen else 1,
                             border_radius=5)
            if vid in people:   # a man on foot: a round mark
                pygame.draw.circle(surface, colour, (r.x + 14, r.centery), 6)
            else:
                pygame.draw.rect(surface, colour, pygame.Rect(r.x + 8, r.y + 9, 12, 16), border_radius=2)
            label = f"{vid} ({seat.owner})"
            while len(label) > 4 and theme.font(19).size(label)[0] > r.width - 34:
                label = label[:-2]
            text(surface, label, (r.x + 26, r.centery), 19, theme.DIM if out else theme.TEXT, anchor="midleft")
            if out:
                pygame.draw.line(surface, theme.BAD, (r.x + 26, r.centery), (r.right - 8, r.centery), 2)
        draw_buttons(surface, [self.back])
        ids = self.ids()
        if not ids:
            return
        vid = ids[self.index % len(ids)]
        seat = self.session.seat(vid)
        if vid in people:
            draw_person_sheet(surface, pygame.Rect(20, 100, min(w - 40, 900), h - 116), st, vid, seat.owner,
                              scale=1.5)
            return
        draw_record_sheet(surface, pygame.Rect(20, 100, w - 40, h - 116), st.vehicle(vid), seat.owner,
                          theme.owner_colour(seat.colour))
