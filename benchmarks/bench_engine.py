"""Engine speed (issue 9): turns per second of the rules engine in a 4-car game driven by scripted foes.

    .venv/bin/python -m benchmarks.bench_engine [--turns T] [--seed S] [--profile]

Plays the free-for-all scenario (4 cars) with four foe profiles and times the engine's own calls
(to_act, legal_actions, apply) apart from the foes' thinking. --profile instead runs the same kind of
game under cProfile, with the random legal driver so the foes' search does not hide the engine, and
prints the top functions by own time. A plain script: it prints figures and judges nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):
    sys.path.insert(0, str(ROOT))

if TYPE_CHECKING:
    from rules.engine.setup import GameSetup

SCENARIO = ROOT / "maps" / "scenarios" / "free_for_all.toml"
PROFILES = ("veteran", "ace", "berserker", "coward")


@dataclass
class EngineRun:
    turns: int
    decisions: int
    engine_s: float            # wall time inside the engine's calls
    engine_cpu_s: float        # CPU time inside them (steadier on a shared machine)
    wall_s: float              # the whole game, foes' thinking included
    think_s: list[float] = field(default_factory=list)

    @property
    def turns_per_s(self) -> float:
        return self.turns / self.engine_s if self.engine_s else 0.0

    @property
    def turns_per_cpu_s(self) -> float:
        return self.turns / self.engine_cpu_s if self.engine_cpu_s else 0.0


def _setup(seed: int, turns: int, drivers: tuple[str, ...]) -> GameSetup:
    from rules.engine.scenarios import game_setup, load_scenario

    setup = game_setup(load_scenario(SCENARIO), seed=seed)
    vehicles = tuple(replace(v, foe=drivers[i % len(drivers)]) for i, v in enumerate(setup.vehicles))
    return replace(setup, vehicles=vehicles, max_turns=turns)


def run_game(turns: int = 5, seed: int = 1, drivers: tuple[str, ...] = PROFILES) -> EngineRun:
    """One 4-car game of `turns` turns; `drivers` are foe profiles or "random"."""
    from rules.ai import decide, random_driver
    from rules.engine import engine

    setup = _setup(seed, turns, drivers)
    foes = {v.id: v.foe for v in setup.vehicles}
    t_start, c_start = time.perf_counter(), time.process_time()
    state, _ = engine.new_game(setup)
    in_engine, cpu = time.perf_counter() - t_start, time.process_time() - c_start
    think: list[float] = []
    decisions = 0
    while decisions < 20_000:
        t0, c0 = time.perf_counter(), time.process_time()
        done = engine.outcome(state) is not None
        who = [] if done else engine.to_act(state)
        legal = engine.legal_actions(state, who[0]) if who else []
        in_engine, cpu = in_engine + time.perf_counter() - t0, cpu + time.process_time() - c0
        if not who:
            break
        t0 = time.perf_counter()
        if foes[who[0]] == random_driver.NAME:
            action, _ = random_driver.pick(state, who[0], legal, seed, decisions)
        else:
            action, _ = decide(state, who[0], legal, foes[who[0]])
        think.append(time.perf_counter() - t0)
        t0, c0 = time.perf_counter(), time.process_time()
        state, _events = engine.apply(state, action)
        in_engine, cpu = in_engine + time.perf_counter() - t0, cpu + time.process_time() - c0
        decisions += 1
    return EngineRun(state.turn, decisions, in_engine, cpu, time.perf_counter() - t_start, think)


def profile_text(turns: int = 5, seed: int = 1, top: int = 20) -> str:
    """cProfile of the engine turn loop (random legal drivers), top functions by own time."""
    run_game(1, seed, ("random",))  # warm up: imports and table loading are not the turn loop
    prof = cProfile.Profile()
    prof.enable()
    run = run_game(turns, seed, ("random",))
    prof.disable()
    out = io.StringIO()
    out.write(f"{run.turns} turns, {run.decisions} decisions, engine {run.engine_s:.2f} s\n")
    pstats.Stats(prof, stream=out).strip_dirs().sort_stats("tottime").print_stats(top)
    pstats.Stats(prof, stream=out).strip_dirs().sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    if args.profile:
        print(profile_text(args.turns, args.seed))
        return 0
    r = run_game(args.turns, args.seed)
    print(f"4-car foe game ({SCENARIO.name}, {', '.join(PROFILES)}): {r.turns} turns, {r.decisions} decisions; "
          f"engine {r.engine_s:.2f} s = {r.turns_per_s:.1f} turns/s wall, {r.turns_per_cpu_s:.1f} turns/s CPU; "
          f"whole game {r.wall_s:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
