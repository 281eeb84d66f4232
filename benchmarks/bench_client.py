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
    from game.session import Session, quick_setup
    from game.turning_key import KeyPreview
    from rules.engine.preview import Previewer
    from rules.play.state import MOVE

    app = App((1280, 800), headless=True, saves_dir=None)
    battle = app.flow.battle(Session.start(quick_setup(8, speed=40.0), "bench", autosave_dir=None))
    battle.settle()
    for _ in range(50):  # keep speeds until the first move: the turning key is up
        if battle.state.step == MOVE and battle.key.ghosts and battle.human_actor():
            break
        battle.speed.keep_for_turn()
        battle.settle()
    assert battle.key.ghosts, "the turning key should be showing"
    battle.key.step_choice(3)
    battle.update(0.0)
    times, cpu = [], []
    for _ in range(FRAMES):
        t0, c0 = time.perf_counter(), time.process_time()
        battle.update(1 / 60)
        app.draw()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    times, cpu = times[10:], cpu[10:]
    fx_times, fx_cpu = _with_effects(app, battle)
    replay_times, replay_cpu = _replaying(app, battle)
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
    print(f"battle frame, 1280x800, 8 vehicles, turning key showing ({len(battle.key.ghosts)} ghosts): "
          f"median {statistics.median(times):.2f} ms, p95 {_pct(times, 0.95):.2f} ms wall; "
          f"CPU median {statistics.median(cpu):.2f} ms, p95 {_pct(cpu, 0.95):.2f} ms   (goal 8 ms)")
    print(f"battle frame with the key showing and effects playing (shots, damage numbers, crash labels, an "
          f"explosion, skid marks): median {statistics.median(fx_times):.2f} ms, p95 {_pct(fx_times, 0.95):.2f} ms "
          f"wall; CPU median {statistics.median(fx_cpu):.2f} ms, p95 {_pct(fx_cpu, 0.95):.2f} ms   (goal 8 ms)")
    print(f"battle frame during a replay of the last phase (8 vehicles moving in turn): "
          f"median {statistics.median(replay_times):.2f} ms, p95 {_pct(replay_times, 0.95):.2f} ms wall; "
          f"CPU median {statistics.median(replay_cpu):.2f} ms, p95 {_pct(replay_cpu, 0.95):.2f} ms   (goal 8 ms)")
    print(f"turning-key preview for one vehicle ({shown} maneuvers, paths swept): median "
          f"{statistics.median(prev_all):.1f} ms, p95 {_pct(prev_all, 0.95):.1f} ms wall; "
          f"CPU median {statistics.median(prev_cpu):.1f} ms   (goal 5 ms)")
    return 0


def _effects(battle) -> list:  # type: ignore[no-untyped-def]
    """The events of a busy fire step and a crash, as the animator shows them (game/anim.py)."""
    from rules.core.events import CrashRolled, DamageRolled, Event, Exploded, ShotFired

    ids = [v.id for v in battle.state.vehicles]
    out: list[Event] = []
    for a, b in zip(ids, ids[1:] + ids[:1], strict=True):
        out.append(ShotFired("shot", "", a, weapon="MG1", target=b, need=7, roll=8, hit=True))
        out.append(DamageRolled("damage", "", a, weapon="MG1", target=b, expr="1d", faces=(4,), points=4))
    out.append(CrashRolled("crash", "", ids[0], table=1, roll=9, result="spinout"))
    out.append(Exploded("explodes", "", ids[1]))
    return out


def _with_effects(app, battle) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    from game.anim import Mark
    from rules.core.geometry import Pose

    v = battle.state.vehicles[2]
    battle.anim.marks.append(Mark(v.id, "skid", [Pose.at(v.pose.x - k * 0.1, v.pose.y, 90) for k in range(40)]))
    times, cpu = [], []
    for _ in range(FRAMES):
        if not battle.anim.flashes:
            battle.anim.feed(_effects(battle))
        battle.anim.marks[0].age = 0.0
        t0, c0 = time.perf_counter(), time.process_time()
        battle.update(1 / 60)
        app.draw()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return times[10:], cpu[10:]


def _replaying(app, battle) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    from game.replay import replay_last_phase

    times, cpu = [], []
    for _ in range(FRAMES):
        if not battle.anim.busy:
            replay_last_phase(battle.anim, battle.session.log, battle.state)
        t0, c0 = time.perf_counter(), time.process_time()
        battle.update(1 / 60)
        app.draw()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return times[10:], cpu[10:]


if __name__ == "__main__":
    raise SystemExit(main())
