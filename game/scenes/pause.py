"""The pause menu over the battle: resume, save, load, record sheets, keys, back to the title."""

from __future__ import annotations

import pygame

from game import theme
from game.input.bindings import Intent, intent_of
from game.scenes.base import Scene
from game.ui import Menu, text


class PauseScene(Scene):
    opaque = False

    def __init__(self, app: object, battle: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.battle = battle
        self.menu = Menu([("Resume", self.resume), ("Save game", self.save), ("Load game", self.load),
                          ("Record sheets", self.sheets), ("Keys (F1)", self.help), ("Quit to title", self.title)])
        from game.scenes.editor import editor_in

        if editor_in(self.app) is not None:  # a playtest: offer the way back to the map editor
            self.menu.items.insert(-1, ("Back to editor", self.editor))

    def resume(self) -> None:
        self.app.pop()

    def save(self) -> None:
        from game.scenes.save_load import SaveLoadScene

        self.app.replace(SaveLoadScene(self.app, save=True, battle=self.battle))

    def load(self) -> None:
        from game.scenes.save_load import SaveLoadScene

        self.app.replace(SaveLoadScene(self.app, save=False, battle=self.battle))

    def sheets(self) -> None:
        from game.scenes.record_sheet import RecordSheetScene

        self.app.replace(RecordSheetScene(self.app, self.battle.session, self.battle.actor()))  # type: ignore[attr-defined]

    def help(self) -> None:
        from game.scenes.help import HelpScene

        self.app.push(HelpScene(self.app))

    def editor(self) -> None:
        from game.scenes.editor import back_to_editor

        back_to_editor(self.app)

    def title(self) -> None:
        from game.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

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
        text(surface, "Paused", (w // 2, h // 2 - 200), 54, theme.ACCENT, bold=True, anchor="center")
        self.menu.layout(w // 2, h // 2 - 150)
        self.menu.draw(surface)
