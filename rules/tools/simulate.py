"""Foe against foe, headless: `python -m rules simulate`.

    python -m rules simulate --map FILE --vehicles A,B[,...] --foes P1,P2[,...] --seed N
                             [--turns T] [--games G] [--json] [--budget SECONDS] [--log]

Vehicle i (a stock name, a design file or a "generic ..." test vehicle) is driven by foe profile i
(a preset of rules/data/foe_profiles.toml, or `random` for the random-legal-action driver) and
starts on the map's start positions; game g uses seed N+g and turns the start positions round by g so
no seat keeps the better start. Each game's result is printed, then the totals: wins, survivors,
weapon damage dealt, turns, and crashes caused by a driver's own maneuvers or braking (control lost,
or running into a fixed object while moving). The same arguments always print the same output: the
foes' search sizes are fixed, and `--budget` (default 2 s a decision) is only a safety net.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.ai import random_driver
from rules.ai.foe import decide, describe
from rules.core.errors import DataError
from rules.core.events import ControlRolled, DamageRolled, Event, HitFixedObject
from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.engine.setup_check import check_setup
from rules.play.actions import Action, Move, SetSpeed
from rules.play.state import GameState, RuleOptions
from rules.tables.foe_profiles import Profile, names, profile
from rules.world.maps import load_map

MAX_DECISIONS = 50_000   # a runaway guard; a 10-turn duel takes a few hundred
SIM_BUDGET = 2.0


@dataclass(frozen=True)
class Seat:
    vid: str
    design: str
    driver: str      # a profile name or "random"


@dataclass
class GameResult:
    game: int
    seed: int
    winner: str | None
    survivors: tuple[str, ...]
    reason: str
    turns: int
    damage: dict[str, int]
    crashes: dict[str, int]
    decisions: int
    think: dict[str, list[float]] = field(default_factory=dict, compare=False)  # seconds per decision, by vehicle

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seed": self.seed, "winner": self.winner, "survivors": list(self.survivors),
                "reason": self.reason, "turns": self.turns, "damage": self.damage, "crashes": self.crashes,
                "decisions": self.decisions}


Driver = Callable[[GameState, str, Sequence[Action], int], tuple[Action, str]]


def driver_for(name: str, seed: int, budget: float = SIM_BUDGET) -> Driver:
    """A decision function for a profile name or "random"."""
    if name == random_driver.NAME:
        def rand(state: GameState, vid: str, legal: Sequence[Action], count: int) -> tuple[Action, str]:
            return random_driver.pick(state, vid, legal, seed, count)
        return rand
    prof: Profile = profile(name)

    def foe(state: GameState, vid: str, legal: Sequence[Action], count: int) -> tuple[Action, str]:
        return decide(state, vid, legal, prof, budget)
    return foe


def setup_for(map_path: str, seats: Sequence[Seat], seed: int, turns: int, rotate: int = 0) -> GameSetup:

    m = load_map(map_path)
    if len(seats) > len(m.starts):
        raise DataError(map_path, "starts", f"the map has {len(m.starts)} start positions for {len(seats)} vehicles")
    n = len(seats)
    vehicles = []
    for i, s in enumerate(seats):
        st = m.starts[(i + rotate) % n]
        vehicles.append(VehicleSetup(s.vid, s.vid, s.design, Pose.at(st.x, st.y, st.facing), st.speed, foe=s.driver))
    setup = GameSetup(tuple(vehicles), seed=seed, options=RuleOptions(fire_step="on"), map=map_path, max_turns=turns)

    check_setup(setup, map_path, m, drivers=[*names(), random_driver.NAME], where="{id}")
    return setup


def _self_crash(vid: str, action: Action, events: Sequence[Event]) -> bool:
    """Control lost, or a fixed object hit, in the events of this driver's own move or speed change."""
    if not isinstance(action, (Move, SetSpeed)):
        return False
    for e in events:
        if e.vehicle != vid:
            continue
        if isinstance(e, ControlRolled) and not e.kept:
            return True
        if isinstance(e, HitFixedObject):
            return True
    return False


def play(map_path: str, seats: Sequence[Seat], seed: int, turns: int, game: int = 0, *,
         budget: float = SIM_BUDGET, log: Callable[[str], None] | None = None) -> GameResult:
    """Play one game to its end (a kill, a stall or the turn limit)."""
    setup = setup_for(map_path, seats, seed, turns, rotate=game)
    drivers = {s.vid: driver_for(s.driver, seed, budget) for s in seats}
    state, _ = engine.new_game(setup)
    damage = {s.vid: 0 for s in seats}
    crashes = {s.vid: 0 for s in seats}
    think: dict[str, list[float]] = {s.vid: [] for s in seats}
    decisions = 0
    while engine.outcome(state) is None and decisions < MAX_DECISIONS:
        who = engine.to_act(state)
        if not who:
            break
        vid = who[0]
        legal = engine.legal_actions(state, vid)
        t0 = time.perf_counter()
        action, why = drivers[vid](state, vid, legal, decisions)
        think[vid].append(time.perf_counter() - t0)
        if log is not None:
            log(f"turn {state.turn} phase {state.phase}: " + describe(action, why, vid, _seat(seats, vid).driver))
        state, events = engine.apply(state, action)
        decisions += 1
        if _self_crash(vid, action, events):
            crashes[vid] += 1
        for e in events:
            if isinstance(e, DamageRolled) and e.vehicle in damage:
                damage[e.vehicle] += e.points
    out = engine.outcome(state)
    survivors = tuple(v.id for v in state.vehicles if not v.out)
    winner = survivors[0] if len(survivors) == 1 else None
    reason = out.reason if out is not None else "the decision limit is reached"
    return GameResult(game, seed, winner, survivors, reason, state.turn, damage, crashes, decisions, think)


def _seat(seats: Sequence[Seat], vid: str) -> Seat:
    return next(s for s in seats if s.vid == vid)


def totals(results: Sequence[GameResult], seats: Sequence[Seat]) -> dict[str, Any]:
    per: dict[str, dict[str, Any]] = {}
    for s in seats:
        per[s.vid] = {"design": s.design, "driver": s.driver,
                      "wins": sum(1 for r in results if r.winner == s.vid),
                      "survived": sum(1 for r in results if s.vid in r.survivors),
                      "damage": sum(r.damage[s.vid] for r in results),
                      "crashes": sum(r.crashes[s.vid] for r in results)}
    turns = sum(r.turns for r in results)
    return {"games": len(results), "draws": sum(1 for r in results if r.winner is None), "turns": turns,
            "mean_turns": round(turns / len(results), 2) if results else 0.0, "vehicles": per}


def format_game(r: GameResult, seats: Sequence[Seat]) -> str:
    names = {s.vid: f"{s.vid} ({s.design}, {s.driver})" for s in seats}
    head = f"game {r.game + 1} (seed {r.seed}): "
    head += f"{names[r.winner]} wins" if r.winner else "draw"
    dmg = ", ".join(f"{v} {d}" for v, d in r.damage.items())
    crash = ", ".join(f"{v} {c}" for v, c in r.crashes.items())
    surv = ", ".join(r.survivors) or "none"
    return f"{head}; {r.reason}; turns {r.turns}; survivors {surv}; damage dealt {dmg}; own crashes {crash}"


def format_totals(t: dict[str, Any]) -> list[str]:
    lines = [f"totals: {t['games']} game(s), {t['draws']} draw(s), {t['turns']} turns (mean {t['mean_turns']})"]
    for vid, s in t["vehicles"].items():
        lines.append(f"  {vid} {s['design']} [{s['driver']}]: wins {s['wins']}, survived {s['survived']}, "
                     f"damage dealt {s['damage']}, own crashes {s['crashes']}")
    return lines


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m rules simulate", description="Play scripted foes against each other.")
    p.add_argument("--map", required=True, help="map file (TOML) with start positions")
    p.add_argument("--vehicles", required=True, help="comma-separated stock names or design files")
    p.add_argument("--foes", required=True, help="comma-separated foe profiles (or 'random'), one per vehicle")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--turns", type=int, default=10)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--budget", type=float, default=SIM_BUDGET, help="seconds a decision may take (a safety net)")
    p.add_argument("--log", action="store_true", help="print every decision's explanation")
    return p


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    designs = [d.strip() for d in args.vehicles.split(",") if d.strip()]
    foes = [f.strip() for f in args.foes.split(",") if f.strip()]
    if len(designs) < 2 or len(foes) != len(designs):
        print("simulate: give at least two vehicles and one foe profile for each", file=sys.stderr)
        return 1
    if args.turns < 1 or args.games < 1:
        print("simulate: --turns and --games must be at least 1", file=sys.stderr)
        return 1
    seats = [Seat(f"V{i + 1}", d, f) for i, (d, f) in enumerate(zip(designs, foes, strict=True))]
    try:
        for s in seats:
            if s.driver != random_driver.NAME:
                profile(s.driver)
        if not Path(args.map).is_file():
            raise DataError(args.map, "file", "no such map file")
        results = []
        for g in range(args.games):
            log = (lambda line: print("  " + line)) if args.log and not args.json else None
            r = play(args.map, seats, args.seed + g, args.turns, g, budget=args.budget, log=log)
            results.append(r)
            if not args.json:
                print(format_game(r, seats))
    except DataError as exc:
        print(f"{exc.path}: {exc.where}: {exc.what}", file=sys.stderr)
        return 1
    except KeyError as exc:
        print(f"simulate: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 1
    t = totals(results, seats)
    if args.json:
        print(json.dumps({"games": [r.to_json() for r in results], "totals": t}, sort_keys=True))
    else:
        for line in format_totals(t):
            print(line)
    return 0
