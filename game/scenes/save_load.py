"""Save and load: slots in saves/ (the autosave among them), through rules.engine.saves. Each slot shows its
map, turn, vehicles and a thumbnail of the board; a save that does not load is marked broken with the
rules' reason (game.save_slots). Saves are replayed on a worker thread (a long game takes a moment), so
the screen opens at once and stays live; thumbnails are drawn on the main thread as each one arrives."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from pathlib import Path

import pygame

from game import theme
from game.choices import FILE_NAME as CHOICES_FILE
from game.input.bindings import Intent, intent_of
from game.save_slots import THUMB, SlotInfo, load_thumbnail, read_slot, write_thumbnail
from game.scenes.base import Scene
from game.session import SAVES_DIR, Session
from game.settings import SETTINGS_FILE
from game.ui import Menu, text, wrap
from rules.engine.game import Game

# the client's own files beside the saves, not games to load (game.choices, game.settings)
NOT_SAVES = frozenset({CHOICES_FILE, SETTINGS_FILE})

SLOTS = 6
MAX_LISTED = 10
_READER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="save-slots")   # replays, one at a time


class SaveLoadScene(Scene):
    def __init__(self, app: object, *, save: bool, battle: object | None = None) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.save_mode = save
        self.battle = battle
        self.dir: Path = getattr(app, "saves_dir", None) or SAVES_DIR
        self.message = ""
        self.menu = Menu([], width=560)
        self.paths: list[Path] = []
        self.info: dict[Path, SlotInfo] = {}
        self.thumbs: dict[Path, pygame.Surface | None] = {}
        self._reading: dict[Path, Future[tuple[SlotInfo, Game | None]]] = {}
        self._items()

    def _items(self) -> None:
        items: list[tuple[str, Callable[[], None]]] = []
        if self.save_mode:
            self.paths = [self.dir / f"slot{i}.toml" for i in range(1, SLOTS + 1)]
            items = [(f"Slot {i + 1}", partial(self.do_save, p)) for i, p in enumerate(self.paths)]
        else:
            files = sorted((p for p in self.dir.glob("*.toml") if p.name not in NOT_SAVES),
                           key=lambda p: p.stat().st_mtime, reverse=True)
            self.paths = files[:MAX_LISTED]
            items = [(p.stem, partial(self.do_load, p)) for p in self.paths]
        items.append(("Back", self.back))
        self.menu.items = items
        self.menu.index = min(self.menu.index, len(items) - 1)

    # --- reading the slots on the worker thread ------------------------------------------------------

    def update(self, dt: float) -> None:
        for p in self.paths:
            if p in self.info:
                continue
            job = self._reading.get(p)
            if job is None:
                self._reading[p] = _READER.submit(read_slot, p)
            elif job.done():
                self._shown(p, *job.result())

    def finish_reading(self) -> None:
        """Wait for every slot (tests, scripts)."""
        for p in self.paths:
            if p not in self.info:
                job = self._reading.get(p) or _READER.submit(read_slot, p)
                self._shown(p, *job.result())

    def _read(self, p: Path) -> None:
        self._shown(p, *read_slot(p))

    def _shown(self, p: Path, info: SlotInfo, game: Game | None) -> None:
        self._reading.pop(p, None)
        self.info[p] = info
        thumb = load_thumbnail(info) if info.exists and not info.broken else None
        if thumb is None and game is not None:   # an autosave or an older save: draw it now, keep it
            problem = write_thumbnail(info, game)
            thumb = load_thumbnail(info) if not problem else None
        self.thumbs[p] = thumb

    # --- actions -----------------------------------------------------------------------------------

    def do_save(self, p: Path) -> None:
        if self.battle is None:
            self.message = "nothing to save"
            return
        session: Session = self.battle.session  # type: ignore[attr-defined]
        self.message = session.save(p)
        if p.exists():
            self.info.pop(p, None)
            self.thumbs.pop(p, None)
            self._read(p)
        self._items()

    def do_load(self, p: Path) -> None:
        info = self.info.get(p)
        if info is not None and info.broken:
            self.message = f"cannot load: {info.broken}"
            return
        try:
            session = Session.load(p, self.dir)
        except Exception as exc:  # noqa: BLE001 - a bad save is reported, not a crash
            self.message = f"cannot load {p.name}: {exc}"
            return
        self.app.flow.title()
        self.app.flow.battle(session)

    def back(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        intent = intent_of(event)
        if intent is Intent.CANCEL:
            self.back()
            return True
        if intent in (Intent.LEFT, Intent.RIGHT) and len(self.menu.items) > 2:   # the other column
            half = max(1, (len(self.paths) + 1) // 2)
            i = self.menu.index
            if i < len(self.menu.items) - 1:
                j = i + half if i < half else i - half
                self.menu.index = j if j < len(self.menu.items) - 1 else i
            return True
        return self.menu.handle_event(event)

    # --- drawing -----------------------------------------------------------------------------------

    def _layout(self, w: int, h: int) -> None:
        n = len(self.paths)
        per_col = max(1, (n + 1) // 2)
        card_h = max(90, min(THUMB[1] + 16, (h - 200) // per_col - 10))
        card_w = (w - 60) // 2
        rects = [pygame.Rect(20 + (i // per_col) * (card_w + 20), 100 + (i % per_col) * (card_h + 10), card_w, card_h)
                 for i in range(n)]
        rects.append(pygame.Rect(w // 2 - 100, h - 90, 200, 44))
        self.menu.rects = rects

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        title = "Save game" if self.save_mode else "Load game"
        text(surface, title, (w // 2, 20), 50, theme.ACCENT, True, "midtop")
        text(surface, "Up/Down, Left/Right and Enter, or click · Esc: back", (w // 2, 68), 18, theme.DIM,
             anchor="midtop")
        self._layout(w, h)
        if not self.paths:
            text(surface, f"no saved games in {self.dir}", (w // 2, 200), 24, theme.DIM, anchor="center")
        for i, (p, r) in enumerate(zip(self.paths, self.menu.rects, strict=False)):
            self._card(surface, r, self.menu.items[i][0], p, i == self.menu.index)
        back = self.menu.rects[-1]
        sel = self.menu.index == len(self.menu.items) - 1
        pygame.draw.rect(surface, (70, 80, 104) if sel else theme.PANEL, back, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if sel else theme.PANEL_EDGE, back, 2, border_radius=6)
        text(surface, "Back", back.center, 28, theme.TEXT, anchor="center")
        if self.message:
            for k, ln in enumerate(wrap(self.message, 20, w - 80)[:2]):
                text(surface, ln, (w // 2, h - 40 + k * 20), 20, theme.WARN, anchor="midtop")

    def _card(self, surface: pygame.Surface, r: pygame.Rect, label: str, p: Path, chosen: bool) -> None:
        info = self.info.get(p)
        broken = info is not None and bool(info.broken)
        edge = theme.ACCENT if chosen else theme.BAD if broken else theme.PANEL_EDGE
        pygame.draw.rect(surface, (58, 64, 80) if chosen else theme.PANEL, r, border_radius=6)
        pygame.draw.rect(surface, edge, r, 2, border_radius=6)
        tw, th = THUMB[0] * (r.height - 16) // THUMB[1], r.height - 16
        thumb_r = pygame.Rect(r.x + 8, r.y + 8, tw, th)
        thumb = self.thumbs.get(p)
        if thumb is not None:
            surface.blit(pygame.transform.smoothscale(thumb, thumb_r.size), thumb_r)
        else:
            pygame.draw.rect(surface, (28, 30, 34), thumb_r)
            words = "reading..." if info is None else "BROKEN" if broken else "empty" if not info.exists else ""
            text(surface, words, thumb_r.center, 18, theme.BAD if broken else theme.DIM, anchor="center")
        pygame.draw.rect(surface, theme.PANEL_EDGE, thumb_r, 1)
        x, y, right = thumb_r.right + 12, r.y + 8, r.right - 10
        head = text(surface, label, (x, y), 24, theme.TEXT, bold=True)
        if info is None:
            return
        if info.when:
            text(surface, info.when, (head.right + 12, y + 4), 18, theme.DIM)
        y += 28
        if not info.exists:
            text(surface, "empty slot", (x, y), 18, theme.DIM)
            return
        if broken:
            text(surface, "broken: it does not load", (x, y), 19, theme.BAD, bold=True)
            y += 22
            for ln in wrap(info.broken, 16, right - x)[: max(1, (r.bottom - y - 4) // 17)]:
                text(surface, ln, (x, y), 16, theme.WARN)
                y += 17
            return
        text(surface, f"{info.map or 'empty grid'} · turn {info.turn}", (x, y), 19, theme.ACCENT)
        y += 22
        if info.note:   # newer rules replay it differently: it loads at the last turn that matches
            for ln in wrap(info.note, 16, right - x)[:3]:
                text(surface, ln, (x, y), 16, theme.WARN)
                y += 17
        for ln in wrap(", ".join(info.vehicles), 16, right - x):
            if y > r.bottom - 18:
                break
            text(surface, ln, (x, y), 16, theme.TEXT)
            y += 17
