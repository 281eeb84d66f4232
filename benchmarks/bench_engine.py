"""Engine speed (issues 9 and 13): turns per second of the rules engine, CPU time.

    .venv/bin/python -m benchmarks.bench_engine [--runs N] [--cars C] [--turns T]   # the issue 13 figures
    .venv/bin/python -m benchmarks.bench_engine --profile [--cars C] [--turns T]    # cProfile top lines
    .venv/bin/python -m benchmarks.bench_engine --foes [--turns T]                  # the 4-car foe game

The issue 13 figures: random legal drivers (rules/ai/random_driver.py) with 4, 8 and 16 armed stock
cars on maps/arena.toml, the fire step on, the engine's calls timed on CPU time (set-up excluded);
the cost growth from 4 to 8 cars; loading (replaying and verifying) a 200-turn 4-car combat save
(benchmarks/data/combat_200_turns.toml). --foes plays the free-for-all scenario with four foe profiles
and times the engine apart from the foes' thinking. A plain script: it prints figures, judges nothing.
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


# --- random legal drivers on the arena: the issue 13 targets -----------------------------------------

ARENA = "maps/arena.toml"
# The free-for-all's Killer Karts (an MG each), as in the baseline; --mixed: a heavier set with
# flamethrowers, rockets, a laser, links and droppers (the seeded-games test plays those)
ARMED = ("Killer Kart",)
MIXED = ("Killer Kart", "Hotshot", "Harmon", "Marksman")
ARENA_POSES = ((4, 15, 90), (36, 15, 270), (20, 4, 180), (20, 26, 0), (5, 5, 135), (35, 5, 225), (5, 25, 45),
               (35, 25, 315), (12, 4, 180), (28, 4, 180), (12, 26, 0), (28, 26, 0), (4, 10, 90), (36, 10, 270),
               (4, 20, 90), (36, 20, 270))
SAVE = ROOT / "benchmarks" / "data" / "combat_200_turns.toml"   # written by benchmarks/make_long_save.py


def arena_setup(cars: int, seed: int, turns: int, designs: tuple[str, ...] = ARMED) -> GameSetup:
    """`cars` armed stock vehicles (up to 16) round the arena at 20 mph, the fire step on."""
    from rules.core.geometry import Pose
    from rules.engine.setup import GameSetup, VehicleSetup

    vs = tuple(VehicleSetup(f"c{i}", f"p{i}", designs[i % len(designs)], Pose.at(*ARENA_POSES[i]), 20.0)
               for i in range(cars))
    return GameSetup(vs, seed=seed, map=ARENA, max_turns=turns)


@dataclass
class RandomRun:
    cars: int
    turns: int
    decisions: int
    games: int
    cpu_s: float               # CPU time of the engine's calls (to_act, legal_actions, apply), set-up excluded

    @property
    def turns_per_s(self) -> float:
        return self.turns / self.cpu_s if self.cpu_s else 0.0


def random_run(cars: int, turns: int, seed: int = 1, designs: tuple[str, ...] = ARMED) -> RandomRun:
    """At least `turns` game turns of random legal play with `cars` armed cars on the arena: games from
    `seed` on, each to its end or `turns` turns; a game that ends early (everyone wrecked or stopped)
    is followed by the next seed's. Only the engine's calls are timed (CPU time)."""
    from rules.ai import random_driver
    from rules.engine import engine

    played, decisions, games, cpu = 0, 0, 0, 0.0
    while played < turns:
        game_seed = seed + games
        state, _ = engine.new_game(arena_setup(cars, game_seed, turns - played, designs))
        games += 1
        first = state.turn
        c0 = time.process_time()
        n = 0
        while not state.over:
            who = engine.to_act(state)
            if not who:
                break
            action, _ = random_driver.pick(state, who[0], engine.legal_actions(state, who[0]), game_seed, n)
            state, _events = engine.apply(state, action)
            n += 1
        cpu += time.process_time() - c0
        played += state.turn - first + 1
        decisions += n
    return RandomRun(cars, played, decisions, games, cpu)


def save_load(runs: int = 1) -> tuple[float, int, int]:
    """CPU seconds to load (replay and verify) the 200-turn 4-car combat save, least of `runs`;
    with its turns and actions."""
    from rules.engine.saves import load_game

    best = float("inf")
    game = None
    for _ in range(runs):
        c0 = time.process_time()
        game = load_game(SAVE)
        best = min(best, time.process_time() - c0)
    assert game is not None
    return best, game.state.turn, len(game.actions)


TARGET_TURNS = {4: 100, 8: 50, 16: 15}   # turns timed at each size: long enough to be steady on a shared machine


def warm_up() -> None:
    """Start-up is not the turn loop: imports, the tables (the construction tables load on first use,
    e.g. by a racing-slick check) and the stock designs, before anything is timed."""
    from rules.tables.combat import combat_tables
    from rules.tables.construction import design_tables
    from rules.tables.movement import tables

    tables(), combat_tables(), design_tables()
    random_run(2, 1)


def targets(runs: int = 1, turns: dict[int, int] | None = None, designs: tuple[str, ...] = ARMED) -> dict[str, float]:
    """The issue 13 figures: turns/s at 4, 8 and 16 cars (random legal drivers, arena, combat on), the
    cost growth from 4 to 8 cars (CPU per turn, 8 over 4), the save load; least CPU of `runs` runs."""
    turns = turns or TARGET_TURNS
    warm_up()
    out: dict[str, float] = {}
    for cars, n in turns.items():
        best = min((random_run(cars, n, designs=designs) for _ in range(runs)), key=lambda r: r.cpu_s / r.turns)
        out[f"turns_per_s_{cars}"] = best.turns_per_s
        out[f"decisions_{cars}"] = best.decisions / best.turns
    if 4 in turns and 8 in turns:
        out["growth_4_to_8"] = out["turns_per_s_4"] / out["turns_per_s_8"]
    if SAVE.exists():
        load_s, save_turns, actions = save_load(runs)
        out.update(load_s=load_s, save_turns=save_turns, save_actions=actions)
    return out


def target_lines(t: dict[str, float]) -> list[str]:
    lines = [f"{cars} cars: {t[f'turns_per_s_{cars}']:.1f} turns/s CPU ({t[f'decisions_{cars}']:.0f} decisions a turn)"
             for cars in (4, 8, 16) if f"turns_per_s_{cars}" in t]
    if "growth_4_to_8" in t:
        lines.append(f"cost growth from 4 to 8 cars: x{t['growth_4_to_8']:.2f}")
    if "load_s" in t:
        lines.append(f"loading the {t['save_turns']:.0f}-turn 4-car combat save ({t['save_actions']:.0f} actions): "
                     f"{t['load_s']:.2f} s CPU ({t['load_s'] / t['save_actions'] * 1000:.2f} ms an action)")
    return lines


def profile_text(cars: int = 4, turns: int = 10, seed: int = 1, top: int = 25,
                 designs: tuple[str, ...] = ARMED) -> str:
    """cProfile of random legal play on the arena, top functions by own and by inclusive time."""
    warm_up()
    prof = cProfile.Profile(time.process_time)   # CPU time: on a shared machine wall time counts the others
    prof.enable()
    run = random_run(cars, turns, seed, designs)
    prof.disable()
    out = io.StringIO()
    out.write(f"{run.cars} cars, {run.turns} turns, {run.decisions} decisions, engine {run.cpu_s:.2f} s CPU\n")
    pstats.Stats(prof, stream=out).strip_dirs().sort_stats("tottime").print_stats(top)
    pstats.Stats(prof, stream=out).strip_dirs().sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1, help="least CPU time of this many runs")
    ap.add_argument("--cars", type=int, default=0, help="only this many cars (with --profile: the game profiled)")
    ap.add_argument("--turns", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--mixed", action="store_true", help=f"the cars: {', '.join(MIXED)} in turn")
    ap.add_argument("--foes", action="store_true", help="the 4-car foe game instead (foes' thinking timed apart)")
    args = ap.parse_args(argv)
    if args.profile:
        print(profile_text(args.cars or 4, args.turns or 10, args.seed, designs=MIXED if args.mixed else ARMED))
        return 0
    if args.foes:
        r = run_game(args.turns or 5, args.seed)
        print(f"4-car foe game ({SCENARIO.name}, {', '.join(PROFILES)}): {r.turns} turns, {r.decisions} decisions; "
              f"engine {r.engine_s:.2f} s = {r.turns_per_s:.1f} turns/s wall, {r.turns_per_cpu_s:.1f} turns/s CPU; "
              f"whole game {r.wall_s:.2f} s")
        return 0
    sizes = {args.cars: args.turns or TARGET_TURNS.get(args.cars, 10)} if args.cars else None
    designs = MIXED if args.mixed else ARMED
    print(f"random legal drivers, {ARENA}, armed stock cars ({', '.join(designs)}), combat on; "
          f"least CPU time of {args.runs} run(s)")
    for line in target_lines(targets(args.runs, sizes, designs)):
        print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
