"""Scripted foes benchmark (issue 8; a plain script, not a test):

    .venv/bin/python benchmarks/bench_foes.py [--games N] [--turns T] [--map FILE] [--vehicle NAME] [--seed S]
                                              [--only A,B]   (one pairing only)

Plays, N games each (default 200, seeds S, S+1, ...; the start positions alternate):
  veteran vs random    goal: the veteran wins at least 90%
  ace vs novice        goal: the ace wins at least 70%
  berserker vs coward  (for the crash rates of the last two presets)
and prints a table: wins, draws and losses of each pairing, the self-inflicted crash rate per 100
vehicle-turns of every preset (control lost or a fixed object hit on its own move or braking), and the
median and 95th-percentile think time (CPU, the thread's own) of a foe decision; with --ffa N also
one N-car free-for-all's. The mixed battery of maps and designs is `python -m rules simulate --battery`. A draw (the turn limit, nobody killed) is not
a win. Use --games 10 for a quick look; 200 games of 25 turns take a while on a shared machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

GOALS = {("veteran", "random"): 0.90, ("ace", "novice"): 0.70}
PAIRINGS = (("veteran", "random"), ("ace", "novice"), ("berserker", "coward"))


def _pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p * (len(s) - 1))))] if s else 0.0


def main(argv: list[str] | None = None) -> int:
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    from rules.tools.simulate import Seat, play

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--turns", type=int, default=25)
    ap.add_argument("--map", default=str(root / "maps" / "arena.toml"))
    ap.add_argument("--vehicle", default="Killer Kart")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--only", default="", help="one pairing, e.g. veteran,random")
    ap.add_argument("--ffa", type=int, default=0, help="also one free-for-all of this many cars (the map's starts)")
    args = ap.parse_args(argv)
    pairings = [tuple(args.only.split(",", 1))] if args.only else list(PAIRINGS)

    think: list[float] = []
    crashes: dict[str, int] = {}
    vturns: dict[str, int] = {}
    rows = []
    start = time.perf_counter()
    for a, b in pairings:
        wins = draws = losses = 0
        for g in range(args.games):
            seats = [Seat("V1", args.vehicle, a), Seat("V2", args.vehicle, b)]
            r = play(args.map, seats, args.seed + g, args.turns, g)
            for seat in seats:
                if seat.driver != "random":
                    think.extend(r.cpu[seat.vid])
            wins += r.winner == "V1"
            losses += r.winner == "V2"
            draws += r.winner is None
            for seat in seats:
                crashes[seat.driver] = crashes.get(seat.driver, 0) + r.crashes[seat.vid]
                vturns[seat.driver] = vturns.get(seat.driver, 0) + r.turns
        rows.append((a, b, wins, draws, losses))
        print(f"  {a} vs {b}: done ({time.perf_counter() - start:.0f} s)", file=sys.stderr)

    print(f"Scripted foes: {args.games} game(s) a pairing, {args.turns} turns at most, {args.vehicle} on "
          f"{Path(args.map).name}")
    print(f"{'pairing':<22}{'wins':>6}{'draws':>7}{'losses':>8}{'win %':>8}  goal")
    for a, b, w, d, lo in rows:
        goal = GOALS.get((a, b))
        rate = 100 * w / max(1, w + d + lo)
        mark = "" if goal is None else f">= {goal:.0%}: {'met' if rate >= 100 * goal else 'NOT met'}"
        print(f"{a + ' vs ' + b:<22}{w:>6}{d:>7}{lo:>8}{rate:>7.1f}%  {mark}")
    print(f"{'driver':<12}{'own crashes':>12}{'vehicle-turns':>15}{'per 100 turns':>15}")
    for name in sorted(crashes):
        print(f"{name:<12}{crashes[name]:>12}{vturns[name]:>15}{100 * crashes[name] / max(1, vturns[name]):>15.2f}")
    ms = [t * 1000 for t in think]
    print(f"think time per foe decision: median {_pct(ms, 0.5):.1f} ms, "
          f"p95 {_pct(ms, 0.95):.1f} ms, max {max(ms, default=0.0):.1f} ms over {len(ms)} decisions (CPU)")
    if args.ffa:
        profiles = ("veteran", "ace", "novice", "berserker", "coward")
        seats = [Seat(f"V{i + 1}", args.vehicle, profiles[i % len(profiles)]) for i in range(args.ffa)]
        r = play(args.map, seats, args.seed, args.turns, 0)
        ffa = [t * 1000 for s in seats for t in r.cpu[s.vid]]
        print(f"free-for-all, {args.ffa} cars, {r.turns} turns: think time per foe decision: median "
              f"{_pct(ffa, 0.5):.1f} ms, p95 {_pct(ffa, 0.95):.1f} ms, max {max(ffa, default=0.0):.1f} ms "
              f"over {len(ffa)} decisions (CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
