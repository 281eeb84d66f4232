"""The engine's cost as a count of machine instructions: steady where CPU time is not (issue 13).

    .venv/bin/python -m benchmarks.count_instructions [--cars C] [--turns T]
    .venv/bin/python -m benchmarks.count_instructions --previews N
    .venv/bin/python -m benchmarks.count_instructions --save


On the shared 2-core machine CPU times of the same code move by 20-60 % between runs (other sessions'
work shares the cores and caches), so a change of 10 % cannot be seen in them. This runs the same
random legal play as bench_engine (rules/ai/random_driver.py, armed cars on the arena, combat on)
under valgrind's callgrind with instrumentation switched on only around the timed game: the count
of instructions executed in the engine's turn loop (and the random drivers' picks), the same to
0.1 % from run to run whatever else runs. Needs valgrind (`apt-get install valgrind`); about 1 s of
play takes 1-2 minutes under it. A plain script: it prints a figure, judges nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _inner(cars: int, turns: int) -> None:
    """Run inside valgrind: warm up uninstrumented, then count the game alone."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.bench_engine import random_run, warm_up

    warm_up()
    subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], capture_output=True, check=False)
    run = random_run(cars, turns)
    subprocess.run(["callgrind_control", "-i", "off", str(os.getpid())], capture_output=True, check=False)
    print(f"turns {run.turns} decisions {run.decisions}")


def _save_inner() -> None:
    """Run inside valgrind: warm up uninstrumented, then count loading (replaying and verifying) the 200-turn
    combat save (bench_engine.save_load's file)."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.bench_engine import SAVE, warm_up
    from rules.engine.saves import load_game

    warm_up()
    subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], capture_output=True, check=False)
    game = load_game(SAVE)
    subprocess.run(["callgrind_control", "-i", "off", str(os.getpid())], capture_output=True, check=False)
    print(f"{len(game.actions)} actions")


def _preview_inner(previews: int) -> None:
    """Run inside valgrind: bench_client's turning-key preview (one vehicle, every ghost with its swept
    check, a fresh state object each time), set up and warmed uninstrumented, then `previews` counted."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    from dataclasses import replace

    from game.app import App
    from game.session import Session, quick_setup
    from game.turning_key import KeyPreview
    from rules.engine.preview import Previewer
    from rules.play.state import MOVE

    app = App((1280, 800), headless=True, saves_dir=None)
    battle = app.flow.battle(Session.start(quick_setup(8, speed=40.0), "bench", autosave_dir=None))
    battle.settle()
    for _ in range(50):   # as bench_client: keep speeds until the first move shows the turning key
        if battle.state.step == MOVE and battle.key.ghosts and battle.human_actor():
            break
        battle.speed.keep_for_turn()
        battle.settle()
    vid = battle.human_actor() or battle.actor()
    assert vid is not None
    previewer = Previewer()
    previewer.world(battle.state)
    shown = 0
    for i in range(3 + previews):
        if i == 3:
            subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], capture_output=True, check=False)
        key = KeyPreview(replace(battle.state), vid, previewer)
        shown = len(key.ghosts()) + len(key.greyed())
    subprocess.run(["callgrind_control", "-i", "off", str(os.getpid())], capture_output=True, check=False)
    print(f"{shown} maneuvers a preview")


def count(cars: int, turns: int, previews: int = 0, save: bool = False) -> tuple[int, str]:
    """(instructions, the game's turns and decisions) for `turns` turns of `cars` cars; with `previews`,
    (instructions, what was shown) for that many turning-key previews instead; with `save`, (instructions,
    the actions replayed) for loading the 200-turn save."""
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={tmp}/cg.out",
             sys.executable, __file__, "--inner", "--cars", str(cars), "--turns", str(turns),
             "--previews", str(previews), *(["--save"] if save else [])],
            capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": "0"}, check=False)
    got = re.search(r"Collected : (\d+)", out.stderr)
    if got is None:
        raise SystemExit(f"callgrind gave no count:\n{out.stderr[-2000:]}")
    return int(got.group(1)), out.stdout.strip().splitlines()[-1]   # after any banner (pygame prints one)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cars", type=int, default=4)
    ap.add_argument("--turns", type=int, default=30)
    ap.add_argument("--previews", type=int, default=0, help="count this many turning-key previews instead")
    ap.add_argument("--save", action="store_true", help="count loading the 200-turn combat save instead")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.inner:
        if args.save:
            _save_inner()
        elif args.previews:
            _preview_inner(args.previews)
        else:
            _inner(args.cars, args.turns)
        return 0
    if args.save:
        n, replayed = count(args.cars, args.turns, save=True)
        acts = int(replayed.split()[0])
        print(f"loading the 200-turn save ({replayed}): {n / 1e6:.1f} M instructions, {n / 1e6 / acts:.3f} M an action")
        return 0
    if args.previews:
        n, shown = count(args.cars, args.turns, args.previews)
        print(f"turning-key preview ({shown}): {n / 1e6 / args.previews:.2f} M instructions a preview")
        return 0
    n, game = count(args.cars, args.turns)
    print(f"{args.cars} cars, {args.turns} turns ({game}): {n / 1e6:.1f} M instructions, "
          f"{n / 1e6 / args.turns:.2f} M a turn")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
