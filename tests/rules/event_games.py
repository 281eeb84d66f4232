"""Seeded random-driver games with combat whose every event is recorded (kind, vehicle, text, rule),
so a change to how events are built can be checked to leave the log and the game exactly as they were.

    .venv/bin/python -m tests.rules.event_games     # rewrite tests/data/event_logs/ (only on purpose)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from rules.ai import random_driver
from rules.core.events import Event
from rules.engine import engine
from rules.engine.scenarios import SCENARIOS_DIR, game_setup, load_scenario
from rules.play.state import digest

LOGS = Path(__file__).resolve().parents[1] / "data" / "event_logs"
# (scenario, seed, turns): 4 armed cars in an arena, a parking lot brawl and a town chase
GAMES = (("free_for_all", 1, 30), ("free_for_all", 7, 30), ("parking_lot_brawl", 3, 25), ("town_chase", 4, 25))


def line(e: Event) -> str:
    return f"{e.kind}|{e.vehicle}|{e.text}|{e.rule}"


def play(scenario: str, seed: int, turns: int) -> Iterator[Event | str]:
    """Every event of the game in order, then the final state's digest."""
    setup = game_setup(load_scenario(SCENARIOS_DIR / f"{scenario}.toml"), seed=seed)
    state, events = engine.new_game(replace(setup, max_turns=turns))
    yield from events
    count = 0
    while engine.outcome(state) is None and count < 20_000:
        who = engine.to_act(state)
        if not who:
            break
        action, _ = random_driver.pick(state, who[0], engine.legal_actions(state, who[0]), seed, count)
        state, events = engine.apply(state, action)
        yield from events
        count += 1
    yield f"digest {digest(state)} after {count} actions"


def record(scenario: str, seed: int, turns: int) -> str:
    return "".join((x if isinstance(x, str) else line(x)) + "\n" for x in play(scenario, seed, turns))


def fixture(scenario: str, seed: int) -> Path:
    return LOGS / f"{scenario}_{seed}.txt"


if __name__ == "__main__":
    LOGS.mkdir(parents=True, exist_ok=True)
    for sc, sd, tn in GAMES:
        fixture(sc, sd).write_text(record(sc, sd, tn), encoding="utf-8")
        print(fixture(sc, sd))
