"""The pause menu over the battle: resume, save, load, record sheets, the flow settings, keys, back
to the title (or to the map editor during a playtest)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import theme
from game.input.bindings import Intent, intent_of
from game.scenes.base import Scene
from game.settings import save_settings
from game.ui import Menu, text

if TYPE_CHECKING:
    from game.battle.scene import BattleScene


class PauseScene(Scene):
    opaque = False

    def __init__(self, app: object, battle: BattleScene) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.battle = battle
        self.menu = Menu(self._items())

    def _items(self) -> list[tuple[str, Callable[[], None]]]:
        b = self.battle
        fire = "every fire step" if b.orders.fire_stops else "only when a shot at a foe can hit"
        handoff = "waits for Enter or a click" if b.confirm_handoff else "shows, then the controls pass"
        items: list[tuple[str, Callable[[], None]]] = [
            ("Resume", self.resume), ("Save game", self.save), ("Load game", self.load),
            ("Record sheets", self.sheets), (f"Fire: stop {fire}", self.toggle_fire_stops),
            (f"Hand-off banner {handoff}", self.toggle_handoff), ("Keys (F1)", self.help)]
        if self.app.flow.in_playtest():  # a playtest: offer the way back to the map editor
            items.append(("Back to editor", self.app.flow.back_to_editor))
        items.append(("Quit to title", self.app.flow.title))
        return items

    def _refresh(self) -> None:
        index = self.menu.index
        self.menu.items = self._items()
        self.menu.index = index

    def resume(self) -> None:
        self.app.flow.close(self)

    def save(self) -> None:
        self.app.flow.save(self.battle, instead_of=self)

    def load(self) -> None:
        self.app.flow.load(self.battle, instead_of=self)

    def sheets(self) -> None:
        self.app.flow.sheets(self.battle.session, self.battle.actor(), instead_of=self)

    def help(self) -> None:
        self.app.flow.help()

    def toggle_fire_stops(self) -> None:
        """The setting that keeps the stop at fire steps in which no shot can hit."""
        self.battle.orders.fire_stops = not self.battle.orders.fire_stops
        self.battle.settings.fire_stops = self.battle.orders.fire_stops
        self._keep()
        self._refresh()

    def toggle_handoff(self) -> None:
        self.battle.confirm_handoff = not self.battle.confirm_handoff
        self.battle.settings.banner_waits = self.battle.confirm_handoff
        self._keep()
        self._refresh()

    def _keep(self) -> None:
        """Remember the settings for the next game (saves/settings.toml); say so if that fails."""
        problem = save_settings(self.battle.settings)
        if problem:
            self.battle.message = problem

    def handle_event(self, event: pygame.event.Event) -> bool:
        if intent_of(event) is Intent.CANCEL:
            self.resume()
            return True
        self.menu.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        top = max(90, h // 2 - 230)
        text(surface, "Paused", (w // 2, top - 50), 54, theme.ACCENT, bold=True, anchor="center")
        self.menu.width = min(520, w - 40)
        self.menu.row = 44 if h >= 700 else 30
        self.menu.layout(w // 2, top)
        self.menu.draw(surface)
