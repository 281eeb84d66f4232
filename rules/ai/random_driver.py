"""A driver that picks a random legal action: the benchmark's sparring partner.

Repeatable: the choice comes from a hash of (seed, turn, phase, step, vehicle, decision count), never
from the game's dice, so it does not disturb the rolls the engine makes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from rules.play.actions import Action
from rules.play.state import GameState

NAME = "random"


def pick(state: GameState, vid: str, legal_actions: Sequence[Action], seed: int = 0, count: int = 0) -> tuple[Action, str]:
    if not legal_actions:
        raise ValueError(f"{vid} has no legal action to choose from")
    key = f"{seed}:{state.turn}:{state.phase}:{state.step}:{vid}:{count}"
    h = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
    a = legal_actions[h % len(legal_actions)]
    return a, f"picks at random: {a}"
