"""Client benchmark (a plain script, not a test): the battle scene's frame time at 1280x800 with eight
vehicles and the turning key showing, and the time to build one vehicle's turning-key preview.

    SDL_VIDEODRIVER=dummy .venv/bin/python benchmarks/bench_client.py

Goals: a frame under 8 ms; the turning-key preview (every ghost of the key with the engine's preview:
D, handling after, control roll, swept path and what it meets, the refused ones with their reason)
at most 5 ms median CPU time (issue 13). Each preview is built afresh for a fresh copy of the state,
with the Previewer (and its collision world) kept as the battle keeps it."""

from __future__ import annotations

import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

FRAMES = 240
PREVIEWS = 30


def _pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p * (len(s) - 1))))]


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from game.app import App
    from game.scenes.battle import BattleScene
    from game.session import Session, quick_setup
    from game.turning_key import KeyPreview
    from rules.engine.preview import Previewer
    from rules.play.state import MOVE

    app = App((1280, 800), headless=True, saves_dir=None)
    battle = BattleScene(app, Session.start(quick_setup(8, speed=40.0), "bench", autosave_dir=None))
    app.push(battle)
    battle.settle()
    for _ in range(50):  # keep speeds until the first move: the turning key is up
        if battle.state.step == MOVE and battle.ghosts and not battle.banner:
            break
        if battle.banner:
            battle.dismiss_banner()
        else:
            battle.straight()
        battle.settle()
    assert battle.ghosts, "the turning key should be showing"
    battle.step_choice(3)
    battle.update(0.0)
    times, cpu = [], []
    for _ in range(FRAMES):
        t0, c0 = time.perf_counter(), time.process_time()
        battle.update(1 / 60)
        app.draw()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    times, cpu = times[10:], cpu[10:]
    vid = battle.human_actor() or battle.actor()
    assert vid is not None
    previewer = Previewer()
    previewer.world(battle.state)   # built once per map, as the battle does
    prev_all, prev_cpu, shown = [], [], 0
    for _ in range(PREVIEWS):
        state = replace(battle.state)   # a fresh state object: nothing is reused from the last preview
        t0, c0 = time.perf_counter(), time.process_time()
        key = KeyPreview(state, vid, previewer)
        shown = len(key.ghosts()) + len(key.greyed())
        prev_all.append((time.perf_counter() - t0) * 1000)
        prev_cpu.append((time.process_time() - c0) * 1000)
    print(f"battle frame, 1280x800, 8 vehicles, turning key showing ({len(battle.ghosts)} ghosts): "
          f"median {statistics.median(times):.2f} ms, p95 {_pct(times, 0.95):.2f} ms wall; "
          f"CPU median {statistics.median(cpu):.2f} ms, p95 {_pct(cpu, 0.95):.2f} ms   (goal 8 ms)")
    print(f"turning-key preview for one vehicle ({shown} maneuvers, paths swept): median "
          f"{statistics.median(prev_all):.1f} ms, p95 {_pct(prev_all, 0.95):.1f} ms wall; "
          f"CPU median {statistics.median(prev_cpu):.1f} ms   (goal 5 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
