"""Save and load: slots in saves/ (the autosave among them), through rules.engine.saves."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from game import theme
from game.input.bindings import Intent, intent_of
from game.scenes.base import Scene
from game.session import SAVES_DIR, Session
from game.ui import Menu, text

SLOTS = 6


class SaveLoadScene(Scene):
    def __init__(self, app: object, *, save: bool, battle: object | None = None) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.save_mode = save
        self.battle = battle
        self.dir: Path = getattr(app, "saves_dir", None) or SAVES_DIR
        self.message = ""
        self.menu = Menu([], width=560)
        self._items()

    def _items(self) -> None:
        items: list[tuple[str, Callable[[], None]]] = []
        if self.save_mode:
            for i in range(1, SLOTS + 1):
                p = self.dir / f"slot{i}.toml"
                items.append((f"Slot {i}: {self._describe(p)}", partial(self.do_save, p)))
        else:
            files = sorted(self.dir.glob("*.toml"), key=lambda p: p.stat().st_mtime, reverse=True)
            for p in files[:10]:
                items.append((f"{p.stem}: {self._describe(p)}", partial(self.do_load, p)))
        items.append(("Back", self.back))
        self.menu.items = items
        self.menu.index = min(self.menu.index, len(items) - 1)

    @staticmethod
    def _describe(p: Path) -> str:
        if not p.exists():
            return "empty"
        return time.strftime("%d %b %H:%M", time.localtime(p.stat().st_mtime))

    def do_save(self, p: Path) -> None:
        if self.battle is None:
            self.message = "nothing to save"
            return
        self.message = self.battle.session.save(p)  # type: ignore[attr-defined]
        self._items()

    def do_load(self, p: Path) -> None:
        from game.scenes.battle import BattleScene

        try:
            session = Session.load(p, self.dir)
        except Exception as exc:  # noqa: BLE001 - a bad save is reported, not a crash
            self.message = f"cannot load {p.name}: {exc}"
            return
        from game.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))
        self.app.push(BattleScene(self.app, session))

    def back(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if intent_of(event) is Intent.CANCEL:
            self.back()
            return True
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        text(surface, "Save game" if self.save_mode else "Load game", (w // 2, 70), 50, theme.ACCENT, True, "center")
        self.menu.row = 38
        self.menu.layout(w // 2, 120)
        self.menu.draw(surface)
        if self.message:
            text(surface, self.message, (w // 2, h - 50), 22, theme.WARN, anchor="center")
