"""The game-over screen of a scenario won by a side of several owners (issue 19, rules.engine.goals): "X and Y
win", their cards marked as winners, not "a draw" as when several owners are still driving at the limit."""

from __future__ import annotations

import pygame

import game.scenes.game_over as over_mod
from game.scenes.game_over import GameOverScene
from game.session import quick_setup
from rules.engine.engine import Outcome
from tests.game.conftest import start_battle


def _heads(app, monkeypatch, out: Outcome) -> list[str]:   # type: ignore[no-untyped-def]
    battle = start_battle(app, quick_setup(3))
    monkeypatch.setattr(battle.session, "outcome", lambda: out)
    drawn: list[str] = []
    real = over_mod.text
    monkeypatch.setattr(over_mod, "text", lambda surface, s, *a, **k: (drawn.append(s), real(surface, s, *a, **k))[1])
    over = GameOverScene(app, battle.session)
    over.draw(pygame.Surface((1280, 800)))
    return drawn


def test_a_side_of_two_owners_wins_together(app, monkeypatch) -> None:
    drawn = _heads(app, monkeypatch, Outcome(("Player 2", "Player 3"), (), "nobody of Player 1's is left",
                                             one_side=True))
    assert "Player 2 and Player 3 win" in drawn and not any(s.startswith("A draw") for s in drawn)


def test_several_owners_driving_at_the_limit_is_still_a_draw(app, monkeypatch) -> None:
    drawn = _heads(app, monkeypatch, Outcome(("Player 2", "Player 3"), (), "the turn limit (1) is reached"))
    assert "A draw: Player 2 and Player 3 are still driving" in drawn


def test_a_plural_side_name_wins_in_the_plural(app, monkeypatch) -> None:
    drawn = _heads(app, monkeypatch, Outcome(("Raiders",), (), "rig destroyed", one_side=True))
    assert "Raiders win" in drawn and "Raiders wins" not in drawn


def test_a_player_wins_in_the_singular(app, monkeypatch) -> None:
    drawn = _heads(app, monkeypatch, Outcome(("Player 1",), (), "rig escaped", one_side=True))
    assert "Player 1 wins" in drawn
