"""Game over: who won and why, and what became of every vehicle."""

from __future__ import annotations

import pygame

from game import theme
from game.scenes.base import Scene
from game.session import Session
from game.ui import Menu, text


class GameOverScene(Scene):
    def __init__(self, app: object, session: Session) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.session = session
        self.menu = Menu([("New game", self.new_game), ("Title", self.title), ("Quit", self.quit)], width=260)
        from game.scenes.editor import editor_in

        if editor_in(self.app) is not None:  # a playtest: offer the way back to the map editor
            self.menu.items.insert(0, ("Back to editor", self.editor))

    def new_game(self) -> None:
        from game.scenes.new_game import NewGameScene
        from game.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))
        self.app.push(NewGameScene(self.app))

    def editor(self) -> None:
        from game.scenes.editor import back_to_editor

        back_to_editor(self.app)

    def title(self) -> None:
        from game.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        out = self.session.outcome()
        st = self.session.state
        text(surface, "Game over", (w // 2, 60), 64, theme.ACCENT, bold=True, anchor="center")
        if out is not None:
            winners = ", ".join(out.winners) or "nobody"
            text(surface, f"Winner: {winners}", (w // 2, 120), 36, theme.TEXT, anchor="center")
            text(surface, out.reason, (w // 2, 156), 24, theme.DIM, anchor="center")
        text(surface, f"after {st.turn} turn{'s' if st.turn != 1 else ''}", (w // 2, 184), 20, theme.DIM,
             anchor="center")
        y = 220
        for v in st.vehicles:
            seat = self.session.seat(v.id)
            colour = theme.owner_colour(seat.colour)
            pygame.draw.rect(surface, colour, pygame.Rect(w // 2 - 300, y + 4, 14, 14))
            armor = sum(v.sheet.armor.values())
            full = sum(v.spec.sheet.armor.values())
            tires = sum(1 for t in v.sheet.tires if not t.destroyed)
            fate = "out of the game" if v.out else f"{v.signed_speed:g} mph"
            text(surface, f"{v.id} ({seat.owner}): {fate}; armor {armor}/{full}; tires {tires}/{len(v.sheet.tires)}",
                 (w // 2 - 278, y), 22, theme.TEXT)
            y += 28
        self.menu.layout(w // 2, max(y + 20, h - 200))
        self.menu.draw(surface)
