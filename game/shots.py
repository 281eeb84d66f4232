"""Headless rendering of a battle's first frame (the --screenshot option, docs, tests)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame


def battle_app(scenario: str | None, size: tuple[int, int] = (1280, 800), saves_dir: Path | None = None):  # type: ignore[no-untyped-def]
    """An App with a battle scene on its stack, settled at the first human decision."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.scenes.title import TitleScene
    from game.session import Session, quick_setup, setup_from_scenario

    app = App(size, saves_dir=saves_dir)
    app.push(TitleScene(app))
    if scenario:
        setup, title = setup_from_scenario(scenario)
    else:
        setup, title = quick_setup(2), "Quick duel"
    battle = app.flow.battle(Session.start(setup, title, autosave_dir=saves_dir))
    battle.settle()
    return app, battle


def screenshot(path: Path, scenario: str | None, size: tuple[int, int] = (1280, 800)) -> None:
    app, _ = battle_app(scenario, size)
    app.draw()
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.surface, str(path))
    pygame.quit()
