"""Night games without searchlights, flares, goggles, nitrous or ejection seats play as they did before
those parts came into play (issue 17): the same random-driver games at night end in the digests
recorded on the code before them (tests/rules/event_games.py plays them by day)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.ai import random_driver
from rules.engine import engine
from rules.engine.scenarios import SCENARIOS_DIR, game_setup, load_scenario
from rules.play.state import digest

# (scenario, seed, turns) -> the digest and the number of actions, recorded before the lights parts
BEFORE = {("free_for_all", 1, 20): ("4a476a6bffc6fabe", 156), ("town_chase", 4, 15): ("4f3cb4d468d1d55e", 209)}


def _night_game(scenario: str, seed: int, turns: int) -> tuple[str, int]:
    setup = game_setup(load_scenario(SCENARIOS_DIR / f"{scenario}.toml"), seed=seed)
    setup = replace(setup, max_turns=turns, options=replace(setup.options, visibility="night"))
    state, _ = engine.new_game(setup)
    count = 0
    while engine.outcome(state) is None and count < 20_000:
        who = engine.to_act(state)
        if not who:
            break
        action, _ = random_driver.pick(state, who[0], engine.legal_actions(state, who[0]), seed, count)
        state, _ = engine.apply(state, action)
        count += 1
    # the scenario's goal (issue 19) is a field those digests did not have: the play itself is compared
    return digest(replace(state, goal=None)), count


@pytest.mark.parametrize("game", sorted(BEFORE))
def test_a_night_game_without_the_new_parts_is_unchanged_000_L924(game: tuple[str, int, int]) -> None:
    assert _night_game(*game) == BEFORE[game]
