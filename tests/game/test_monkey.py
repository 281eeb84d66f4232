"""A monkey at the table (issue 15): thousands of random key presses, typed text, clicks, drags and
wheel turns fed to every scene, which must never raise. Seeded, so a failure repeats; MONKEY_EVENTS
sets the number of events per scene (default 200, the battle four times that: 2,800 in all)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

import game.scenes.editor as editor_mod
from game.app import App
from game.scenes.base import Scene
from game.scenes.battle import BattleScene
from game.scenes.editor import EditorScene
from game.scenes.game_over import GameOverScene
from game.scenes.help import HelpScene
from game.scenes.message import MessageScene
from game.scenes.new_game import NewGameScene
from game.scenes.pause import PauseScene
from game.scenes.record_sheet import RecordSheetScene
from game.scenes.save_load import SaveLoadScene
from game.scenes.title import TitleScene
from game.session import Session, quick_setup

EVENTS = int(os.environ.get("MONKEY_EVENTS", "200"))
REPO = Path(__file__).resolve().parents[2]
KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_SPACE,
        pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME,
        pygame.K_END, pygame.K_F1, pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_COMMA, pygame.K_PERIOD,
        pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, *range(pygame.K_a, pygame.K_z + 1), *range(pygame.K_0, pygame.K_9 + 1)]
MODS = [0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT, pygame.KMOD_CTRL | pygame.KMOD_SHIFT]
TEXTS = ["a", "Z", "7", " ", "é", "\x00", "\x1b[31m", "\u202e", "車", "x" * 5000]


def _event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    w, h = size
    pos = (rng.randint(-20, w + 20), rng.randint(-20, h + 20))
    roll = rng.random()
    if roll < 0.4:
        key = rng.choice(KEYS)
        return pygame.event.Event(pygame.KEYDOWN if rng.random() < 0.8 else pygame.KEYUP, key=key,
                                  mod=rng.choice(MODS), unicode=chr(key) if key < 0x110000 and key >= 32 else "",
                                  scancode=0)
    if roll < 0.5:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))
    if roll < 0.7:
        kind = pygame.MOUSEBUTTONDOWN if rng.random() < 0.6 else pygame.MOUSEBUTTONUP
        return pygame.event.Event(kind, pos=pos, button=rng.choice([1, 1, 1, 2, 3, 4, 5]))
    if roll < 0.95:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-40, 40), rng.randint(-40, 40)),
                                  buttons=rng.choice([(0, 0, 0), (1, 0, 0), (0, 0, 1)]))
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False)


def _scenes(app: App, tmp_path: Path) -> dict[str, Callable[[], Scene]]:
    def battle() -> BattleScene:
        return BattleScene(app, Session.start(quick_setup(2), "Monkey duel", tmp_path))

    def session() -> Session:
        return Session.start(quick_setup(3), "Monkey", tmp_path)

    return {
        "title": lambda: TitleScene(app),
        "new game": lambda: NewGameScene(app),
        "battle": battle,
        "pause": lambda: PauseScene(app, battle()),
        "record sheet": lambda: RecordSheetScene(app, session()),
        "game over": lambda: GameOverScene(app, session()),
        "editor": lambda: EditorScene(app, maps_dir=tmp_path / "maps"),
        "load": lambda: SaveLoadScene(app, save=False),
        "save": lambda: SaveLoadScene(app, save=True, battle=battle()),
        "help": lambda: HelpScene(app),
        "message": lambda: MessageScene(app, "Cannot open x.toml", "x.toml: name: " + "long " * 400),
    }


def _snapshot() -> dict[str, bytes]:
    """The files the program could write outside tmp_path (maps and saves of the checkout)."""
    out = {}
    for folder in (REPO / "maps", REPO / "saves"):
        for p in folder.rglob("*"):
            if p.is_file():
                out[str(p)] = p.read_bytes()
    return out


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(editor_mod, "MAPS_DIR", tmp_path / "maps")
    a = App((1024, 700), headless=True, saves_dir=tmp_path)
    yield a
    pygame.display.quit()


def test_random_input_to_every_scene_never_raises(app: App, tmp_path: Path) -> None:
    before = _snapshot()
    for i, (name, make) in enumerate(_scenes(app, tmp_path).items()):
        rng = random.Random(1000 + i)
        app.stack = [TitleScene(app), make()]
        for n in range(EVENTS * (4 if name == "battle" else 1)):  # the battle has the most to reach
            if not app.stack or not app.running:
                app.running = True
                app.stack = [TitleScene(app), make()]
            event = _event(rng, app.size)
            try:
                app.handle_event(event)
                if n % 4 == 0:
                    app.update(0.05)
                if n % 25 == 0:
                    app.draw()
            except Exception as exc:
                raise AssertionError(f"{name}: event {n} ({event}) raised {type(exc).__name__}: {exc}; "
                                     f"the top scene was {type(app.top).__name__}") from exc
        app.draw()
    after = _snapshot()
    changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    assert not changed, f"the monkey (or a test beside it) wrote into the checkout's maps/ or saves/: {changed}"
