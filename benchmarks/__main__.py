"""`make bench` (python -m benchmarks): run every benchmark once and print ONE table.

Rows: start-up to the title scene, battle frame time, turning-key preview, foe think time, engine
turns per second with random legal drivers at 4, 8 and 16 cars, their cost growth, loading a 200-turn
combat save, engine turns per second in a 4-car foe game, swept collision check, peak memory. Each row comes from the
benchmark module that owns it (bench_client, bench_foes, bench_engine, bench_collision); a module that
is missing or fails gives "n/a (why)" and the others still run. The machine is named above the table
(figures from a shared 2-core machine vary: CPU times are given where they are steadier than wall
times). Figures only: nothing here passes or fails.
"""

from __future__ import annotations

import contextlib
import io
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

Row = tuple[str, str, str]  # (measure, figure, how it was measured)

TITLE_FIRST_FRAME = """
import time
t0 = time.perf_counter()
from game.app import App
from game.scenes.title import TitleScene
app = App((1280, 800), headless=True, saves_dir=None)
app.push(TitleScene(app))
app.draw()
print(time.perf_counter() - t0)
"""


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p * (len(s) - 1))))] if s else float("nan")


def quietly(fn: Callable[[], object]) -> str:
    """Run fn with its printing captured; return what it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        fn()
    return out.getvalue()


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()} "
            f"({platform.python_implementation()}), {platform.system()} {platform.release()}")


# --- the rows -------------------------------------------------------------------------------------


def startup(runs: int = 3) -> list[Row]:
    walls, inner = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, "-c", TITLE_FIRST_FRAME], cwd=ROOT, capture_output=True, text=True,
                           timeout=120, env=os.environ)
        walls.append(time.perf_counter() - t0)
        if r.returncode != 0:
            raise RuntimeError((r.stderr.strip().splitlines() or ["failed"])[-1])
        inner.append(float(r.stdout.strip().splitlines()[-1]))
    return [("start-up to the title scene", f"{statistics.median(walls):.2f} s",
             f"median of {runs} runs: a fresh interpreter to the title's first frame (dummy video); "
             f"imports + first frame alone {statistics.median(inner):.2f} s")]


def client() -> list[Row]:
    from benchmarks import bench_client

    text = quietly(bench_client.main)
    frame = re.search(r"median ([\d.]+) ms, p95 ([\d.]+) ms wall; CPU median ([\d.]+) ms, p95 ([\d.]+) ms", text)
    preview = re.search(r"turning-key preview for one vehicle \((\d+) maneuvers, paths swept\): median ([\d.]+) ms, "
                        r"p95 ([\d.]+) ms wall; CPU median ([\d.]+) ms", text)
    effects = re.search(r"effects playing.*?: median ([\d.]+) ms, p95 ([\d.]+) ms wall; CPU median ([\d.]+) ms, "
                        r"p95 ([\d.]+) ms", text)
    rows: list[Row] = []
    if frame:
        rows.append(("battle frame time", f"median {frame[1]} ms, p95 {frame[2]} ms",
                     f"bench_client: 1280x800, 8 vehicles, turning key up; CPU median {frame[3]} ms, p95 {frame[4]} ms"))
    else:
        rows.append(("battle frame time", "n/a (bench_client printed no frame figures)", ""))
    if effects:
        rows.append(("battle frame, effects playing", f"median {effects[1]} ms, p95 {effects[2]} ms",
                     f"bench_client: as above with shots, damage numbers, a crash label, an explosion and skid "
                     f"marks; CPU median {effects[3]} ms, p95 {effects[4]} ms"))
    if preview:
        rows.append(("turning-key preview", f"median {preview[2]} ms, p95 {preview[3]} ms",
                     f"bench_client: one vehicle, the engine's preview of every maneuver on the key ({preview[1]}), "
                     f"paths swept; CPU median {preview[4]} ms"))
    else:
        rows.append(("turning-key preview", "n/a (bench_client printed no preview figures)", ""))
    return rows


def foes() -> list[Row]:
    from benchmarks import bench_foes

    games, turns = 1, 6
    text = quietly(lambda: bench_foes.main(["--games", str(games), "--turns", str(turns)]))
    m = re.search(r"think time per foe decision: median ([\d.]+) ms, p95 ([\d.]+) ms, max ([\d.]+) ms over (\d+)",
                  text)
    if not m:
        return [("foe think time", "n/a (bench_foes printed no think times)", "")]
    return [("foe think time", f"median {m[1]} ms, p95 {m[2]} ms",
             f"bench_foes: {m[4]} decisions, {games} game a pairing, {turns} turns, duel on arena.toml; max {m[3]} ms")]


def engine() -> list[Row]:
    from benchmarks import bench_engine

    t = bench_engine.targets()
    how = "bench_engine: random legal drivers, armed stock cars on arena.toml, combat on, engine calls, one run"
    rows: list[Row] = [(f"engine turns per second, {cars} cars", f"{t[f'turns_per_s_{cars}']:.1f} turns/s CPU",
                        f"{how}; {t[f'decisions_{cars}']:.0f} decisions a turn")
                       for cars in (4, 8, 16) if f"turns_per_s_{cars}" in t]
    rows.append(("engine cost growth, 4 to 8 cars", f"x{t['growth_4_to_8']:.2f}", "CPU time a turn, 8 cars over 4"))
    if "load_s" in t:
        rows.append(("loading a 200-turn combat save", f"{t['load_s']:.2f} s CPU",
                     f"bench_engine: {t['save_actions']:.0f} actions replayed and the digest checked "
                     f"({t['load_s'] / t['save_actions'] * 1000:.2f} ms an action)"))
    turns = 5
    r = bench_engine.run_game(turns=turns, seed=1)
    think = [x * 1000 for x in r.think_s]
    rows.append(("engine turns per second, foes", f"{r.turns_per_s:.1f} turns/s wall, {r.turns_per_cpu_s:.1f} turns/s CPU",
                 f"bench_engine: free_for_all, 4 cars driven by foes, {r.turns} turns, {r.decisions} decisions, "
                 f"engine calls only; with the foes' thinking {r.turns / r.wall_s:.2f} turns/s "
                 f"(think median {pct(think, 0.5):.0f} ms, p95 {pct(think, 0.95):.0f} ms)"))
    return rows


def collision() -> list[Row]:
    from benchmarks import bench_collision

    r = bench_collision.bench(repeat=100)
    return [("swept collision check", f"{r['one_maneuver_ms']:.3f} ms a maneuver",
             f"bench_collision: {bench_collision.STATIC} static shapes, {bench_collision.VEHICLES} vehicles, "
             f"{r['path_poses']:.0f} path poses; a phase of 20 maneuvers {r['phase_of_20_ms']:.1f} ms")]


def memory() -> list[Row]:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return [("peak memory", f"{own:.0f} MiB", f"getrusage max RSS of this process after every row above "
                                              f"(client, foes, engine, collision); start-up process {kids:.0f} MiB")]


PARTS: list[tuple[str, Callable[[], list[Row]]]] = [
    ("start-up to the title scene", startup), ("battle frame time", client), ("foe think time", foes),
    ("engine turns per second", engine), ("swept collision check", collision), ("peak memory", memory),
]


def run_part(name: str, fn: Callable[[], list[Row]]) -> list[Row]:
    t0 = time.perf_counter()
    try:
        rows = fn()
    except ModuleNotFoundError as exc:
        rows = [(name, f"n/a (module {exc.name} is missing)", "")]
    except Exception as exc:  # noqa: BLE001 - one broken benchmark must not hide the others
        rows = [(name, f"n/a ({type(exc).__name__}: {exc})", "")]
    print(f"  {name}: {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return rows


def table(rows: list[Row]) -> str:
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    lines = [f"{'measure':<{w0}}  {'figure':<{w1}}  how", f"{'-' * w0}  {'-' * w1}  {'-' * 3}"]
    lines += [f"{a:<{w0}}  {b:<{w1}}  {c}".rstrip() for a, b, c in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT))
    print("running benchmarks (a few minutes on a shared 2-core machine)...", file=sys.stderr)
    rows: list[Row] = []
    for name, fn in PARTS:
        rows += run_part(name, fn)
    print(f"Car Wars table benchmarks, {time.strftime('%Y-%m-%d')}: {machine()}")
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
