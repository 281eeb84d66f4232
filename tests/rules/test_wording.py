"""A side's name takes its verb by number (rules.engine.wording, issue 19): "Raiders win", "Player 1 wins"."""

from __future__ import annotations

import pytest

from rules.engine.wording import plural, verb


@pytest.mark.parametrize("name", ["Raiders", "The Road Hogs", "raiders", "Player 2's Bikers"])
def test_plural_names(name: str) -> None:
    assert plural(name) and verb(name, "wins", "win") == "win"


@pytest.mark.parametrize("name", ["Player 1", "The Convoy", "Boss", "Cactus", "Atlantis", "", "s"])
def test_singular_names(name: str) -> None:
    assert not plural(name) and verb(name, "wins", "win") == "wins"
