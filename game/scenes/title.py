"""The title scene: new game, quick duel, load, map editor, help, quit."""

from __future__ import annotations

import math

import pygame

from game import theme
from game.scenes.base import Scene
from game.ui import Menu, text
from rules.core.errors import DataError


class TitleScene(Scene):
    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.t = 0.0
        self.message = ""
        self.menu = Menu([("New game", self.new_game), ("Quick duel", self.quick_duel), ("Load game", self.load),
                          ("Map editor", self.editor),
                          ("Keys (F1)", self.help), ("Quit", self.quit)])

    def new_game(self) -> None:
        self.app.flow.new_game()

    def quick_duel(self) -> None:
        try:
            self.app.flow.quick_duel()
        except DataError as exc:  # a bad map or data file: say which, and stay on the title
            self.message = str(exc)

    def load(self) -> None:
        self.app.flow.load()

    def editor(self) -> None:
        self.app.flow.editor()

    def help(self) -> None:
        self.app.flow.help()

    def quit(self) -> None:
        self.app.running = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        # a road running across the title, with two counters on it
        road = pygame.Rect(0, h // 2 - 150, w, 90)
        pygame.draw.rect(surface, (70, 72, 76), road)
        period = (w // 60 + 2) * 60
        for x in range(0, period, 60):
            xx = (x + int(self.t * 90)) % period - 60
            pygame.draw.rect(surface, (225, 225, 225), pygame.Rect(xx, road.centery - 2, 30, 4))
        for i, colour in enumerate(((214, 52, 52), (52, 104, 224))):
            x = (int(self.t * (140 + 40 * i)) + i * w // 2) % (w + 120) - 60
            y = road.y + 22 + i * 46
            body = pygame.Rect(x, y - 12, 56, 26)
            pygame.draw.rect(surface, colour, body, border_radius=4)
            pygame.draw.polygon(surface, (250, 250, 250), [(x + 54, y + 1), (x + 42, y - 7), (x + 42, y + 9)])
        text(surface, "CAR WARS", (w // 2, 90), 92, theme.ACCENT, bold=True, anchor="center")
        text(surface, "the digital table  ·  Compendium, 2nd edition", (w // 2, 150), 26, theme.DIM, anchor="center")
        self.menu.layout(w // 2, h // 2 - 30)
        self.menu.draw(surface)
        if self.message:
            text(surface, self.message[:120], (w // 2, h - 60), 20, theme.WARN, anchor="center")
        glow = int(120 + 60 * math.sin(self.t * 2))
        text(surface, "Up/Down and Enter, or click  ·  F1: keys", (w // 2, h - 30), 20, (glow, glow, glow),
             anchor="center")
