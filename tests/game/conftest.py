"""Headless client tests: SDL's dummy drivers, a fresh App per test, saves in tmp_path."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App  # noqa: E402
from game.input.bindings import key_event  # noqa: E402
from game.scenes.battle import BattleScene  # noqa: E402
from game.session import Session  # noqa: E402
from rules.engine.setup import GameSetup  # noqa: E402


@pytest.fixture
def app(tmp_path):
    a = App((1280, 800), headless=True, saves_dir=tmp_path)
    yield a
    pygame.display.quit()


def press(app: App, key: int, mod: int = 0) -> None:
    app.handle_event(key_event(key, mod))
    settle(app)


def settle(app: App) -> None:
    top = app.top
    if isinstance(top, BattleScene):
        top.settle()
    else:
        app.update(0.05)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    settle(app)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 4) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    prev = start
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(p[0] - prev[0], p[1] - prev[1]),
                                            buttons=(1, 0, 0)))
        prev = p
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    settle(app)


def start_battle(app: App, setup: GameSetup, title: str = "test") -> BattleScene:
    from game.scenes.title import TitleScene

    app.push(TitleScene(app))
    battle = BattleScene(app, Session.start(setup, title, app.saves_dir))
    app.push(battle)
    battle.settle()
    return battle
