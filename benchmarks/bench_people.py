"""People-on-foot scenarios played to their end by the foes (issue 18; a plain script, not a test):

    PYTHONPATH=. .venv/bin/python benchmarks/bench_people.py [--scenarios arena_gunners,duel_on_foot]
                                                             [--seeds 1-6] [--profile veteran]

Every vehicle and every man on foot is run by rules.ai.on_foot.decide with the profile given. For each
scenario and seed it prints the turn the game ended on, whether that was the scenario's turn limit,
the outcome's reason and the CPU time (the process's own); then, per scenario, how many seeds ended
before the limit. Figures only: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import time

from rules.ai.on_foot import decide
from rules.core.paths import MAPS_DIR
from rules.engine.engine import apply, legal_actions, new_game, outcome, to_act
from rules.engine.scenarios import game_setup, load_scenario

STEP_LIMIT = 100_000   # decisions in one game before it is called stuck (a safety net, never reached so far)


def play(name: str, seed: int, profile: str) -> tuple[int, int, str, float]:
    """(turn it ended on, the scenario's turn limit, the outcome's reason, CPU seconds)."""
    setup = game_setup(load_scenario(MAPS_DIR / "scenarios" / f"{name}.toml"), seed)
    state, _ = new_game(setup)
    t0 = time.process_time()
    for _ in range(STEP_LIMIT):
        if state.over or outcome(state) is not None:
            break
        who = to_act(state)[0]
        action, _why = decide(state, who, legal_actions(state, who), profile, budget=60.0)
        state, _ = apply(state, action)
    got = outcome(state)
    return state.turn, setup.max_turns, got.reason if got else "no outcome (step limit)", time.process_time() - t0


def _seeds(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenarios", default="arena_gunners,duel_on_foot")
    ap.add_argument("--seeds", default="1-6")
    ap.add_argument("--profile", default="veteran")
    args = ap.parse_args()
    for name in args.scenarios.split(","):
        ended = 0
        seeds = _seeds(args.seeds)
        for seed in seeds:
            turn, limit, reason, cpu = play(name, seed, args.profile)
            early = turn < limit or "turn limit" not in reason
            ended += early
            print(f"{name} seed {seed}: turn {turn}/{limit} {'ended' if early else 'LIMIT'} cpu {cpu:.1f}s  {reason}",
                  flush=True)
        print(f"{name}: {ended} of {len(seeds)} seeds ended before the turn limit", flush=True)


if __name__ == "__main__":
    main()
