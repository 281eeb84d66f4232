"""The convoy scenario played between foes (a plain script, not a test: it prints figures, issue 19).

    nice -n 10 .venv/bin/python benchmarks/convoy_battery.py [GAMES=40] [FIRST_SEED=1] [SCENARIO]

Every vehicle is driven by its scenario's foe (the convoy's human seats by veterans); a trailer's
gunners are its tower's. Prints each game's end, then each side's wins with a 95% Wilson interval and
how many of the convoy's wins were by the exit."""

from __future__ import annotations

import sys
import time
from collections import Counter

from rules.ai.foe import decide
from rules.engine import engine
from rules.engine.scenarios import game_setup, load_scenario
from rules.tools.simulate import wilson

SCENARIO = "maps/scenarios/convoy_rig.toml"


def play(path: str, seed: int) -> tuple[str, str, int]:
    """(winner key, reason, last turn) of one game."""
    setup = game_setup(load_scenario(path), seed=seed)
    foes = {v.id: v.foe or "veteran" for v in setup.vehicles}
    state, _ = engine.new_game(setup)
    for _ in range(20000):
        if engine.outcome(state) is not None:
            break
        vid = engine.to_act(state)[0]
        prof = foes.get(vid) or foes[state.vehicle(vid).towed_by or vid.removesuffix("_trailer")]
        action, _why = decide(state, vid, engine.legal_actions(state, vid), prof, 0.5)
        state, _ = engine.apply(state, action)
    out = engine.outcome(state)
    if out is None:
        return "none", "no outcome", state.turn
    key = "+".join(out.winners) if (len(out.winners) == 1 or out.one_side) else "draw"
    return key, out.reason, state.turn


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    path = sys.argv[3] if len(sys.argv) > 3 else SCENARIO
    tally: Counter[str] = Counter()
    by_exit = 0
    for seed in range(first, first + n):
        t0 = time.perf_counter()
        key, reason, turn = play(path, seed)
        tally[key] += 1
        by_exit += "got away by the exit" in reason
        print(f"seed {seed}: turn {turn} {key}: {reason} ({time.perf_counter() - t0:.1f}s)", flush=True)
    for key, k in tally.most_common():
        lo, hi = wilson(k, n)
        print(f"{key}: {k}/{n} = {k / n:.0%} (95% Wilson {lo:.0%}-{hi:.0%})")
    print(f"won by the exit: {by_exit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
