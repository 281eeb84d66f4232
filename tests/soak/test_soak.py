"""Soak (issue 9): 1,000 seeded foe-versus-foe games over the shipped scenarios, none raising, each
game's save reloading to the same digest. Not in the default run: `make soak`.

    SOAK_GAMES=50 SOAK_TURNS=3 make soak     # a shorter soak
    SOAK_SHARD=0/2 make soak & SOAK_SHARD=1/2 make soak   # the 1,000 games split over two cores

Game i plays scenario i mod 5 with seed i; every vehicle is driven by a scripted foe (rules.ai), the
profiles turned round by i so each seat meets each profile. A game stops at its outcome or after
SOAK_TURNS turns (default 4). Half way through, the game is saved and reloaded (as the client's
autosave does), and the game goes on from the reloaded copy.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from rules.ai import profiles
from rules.ai.on_foot import (
    decide,  # vehicles, and people on foot (as the client and `--autoplay` drive them)
)
from rules.engine.game import Game
from rules.engine.saves import load_game, save_game
from rules.engine.scenarios import game_setup, list_scenarios, load_scenario
from rules.engine.setup import trailer_id
from rules.play import people
from rules.play.state import digest

pytestmark = pytest.mark.soak

GAMES = int(os.environ.get("SOAK_GAMES", "1000"))
TURNS = int(os.environ.get("SOAK_TURNS", "4"))
DECISIONS = 5_000            # a runaway guard: a 6-turn 4-car game takes a few hundred
BUDGET = 0.5                 # seconds a foe may think; a safety net only, the search size is fixed
SHARD, SHARDS = (int(x) for x in os.environ.get("SOAK_SHARD", "0/1").split("/"))
SCENARIOS = list_scenarios()


def setup_for(game: int) -> Game:
    sc = load_scenario(SCENARIOS[game % len(SCENARIOS)])
    names = list(profiles())
    setup = game_setup(sc, seed=game)
    vehicles = tuple(replace(v, foe=names[(game + k) % len(names)]) for k, v in enumerate(setup.vehicles))
    return Game(replace(setup, vehicles=vehicles, max_turns=TURNS))


def play(game: Game, until_turn: int) -> int:
    """Let the foes play until the outcome, the turn or the decision guard; the decisions made."""
    foes = {v.id: v.foe for v in game.setup.vehicles}
    foes |= {trailer_id(v.id): v.foe for v in game.setup.vehicles if v.trailer}   # a trailer's gunners: its tower's
    foes |= {p.id: p.foe or "veteran" for p in game.setup.people}                # pedestrians on foot from the start
    made = 0
    while game.outcome() is None and game.state.turn < until_turn and made < DECISIONS:
        who = game.to_act()
        if not who:
            break
        vid = who[0]
        man = people.person(game.state, vid)   # a crewman who got out: his vehicle's driver
        profile = foes.get(vid) or (foes.get(man.from_vehicle, "") if man is not None else "") or "veteran"
        action, _why = decide(game.state, vid, game.legal_actions(vid), profile, BUDGET)
        game.apply(action)
        made += 1
    return made


def test_scenarios_are_shipped() -> None:
    assert len(SCENARIOS) >= 2


@pytest.mark.parametrize("game", [g for g in range(GAMES) if g % SHARDS == SHARD])
def test_foe_game_runs_and_its_save_reloads(game: int, tmp_path: Path) -> None:
    g = setup_for(game)
    made = play(g, 1 + TURNS // 2)
    path = save_game(g, tmp_path / "autosave.toml")
    g = load_game(path)                        # the game goes on from the reloaded save
    made += play(g, TURNS + 1)
    assert made < DECISIONS, "the foes should finish a game within the decision guard"
    save_game(g, path)
    again = load_game(path)
    assert digest(again.state) == digest(g.state)
    assert again.actions == g.actions
