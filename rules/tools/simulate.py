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

    python -m rules simulate --battery --foes A,B --games G --seed N [--vehicles D1,D2,...] [--map FILE]
                             [--turns T] [--json] [--progress] [--starts duel|first]

The battery (issue 16): driver A against driver B over every shipped map with start positions
(maps/*.toml; or only --map), both cars of one design (Killer Kart, Stinger, Hotshot, Joseph Special
unless --vehicles says), game g on map (g//2) mod maps, design (g//2 // maps) mod designs, seed N + g//2,
A on the first start of the pair in even games and on the second in odd ones, 25 turns at most. The pair
is each map's fairest for a duel (`--starts duel`, the default: see duel_starts) or its first two start
positions (`--starts first`: mostly one car chasing the other). It prints A's wins,
draws and losses with 95% Wilson intervals, the draws at the turn limit, each driver's own crashes per
100 vehicle-turns, the vehicles that left the map and the CPU time of a decision (p50, p95, max).

    python -m rules simulate --battery --foes A,B --teams 2 ...       2-v-2 team games
    python -m rules simulate --battery --foes A,B --mixed [--vehicles X:Y,...] ...   mixed-design duels
    python -m rules simulate --battery --foes A,A --off TACTIC[,TACTIC] ...          a tactic measured

Team games (`--teams N`): two sides of N vehicles, A's and B's (owners "A" and "B", so the foes see
friends); a side wins when every enemy vehicle is out. Starts: team_starts (teammates together, apart from
the enemy), the sides changing starts every other game; only maps with 2N starts. Mixed duels (`--mixed`):
the pairs X:Y of --vehicles (default MIXED_PAIRS), each played four times on one seed (A in X, then in Y,
each from both seats); with --teams each side is X, Y, X ... Both modes go through maps and designs
together (battery_games). `--off` takes tactics (rules.tables.foe_tactics.TACTIC_NAMES: drop, team, ram,
rear_gun, withdraw, press) from the first driver's profile: A without it against B with it on the same dice
and seats, a paired measure. Every battery also prints A's share of the decided games and each driver's
tactics as they came up (turns set on a ram, rams, drops and the enemies that set them off, shots from a
rear gun and at a teammate's target, turns withdrawing or pressing, vehicles crippled and surviving).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rules.ai import random_driver
from rules.ai.foe import decide, describe
from rules.ai.sight import CRIPPLED_ARMOR, armor_share, edge_distance
from rules.core.errors import DataError
from rules.core.events import (
    Collided,
    ControlRolled,
    CounterLaid,
    CounterMet,
    DamageRolled,
    Event,
    HitFixedObject,
)
from rules.core.geometry import Pose, Vec, angle_diff, heading_of
from rules.core.paths import MAPS_DIR
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.engine.setup_check import check_setup
from rules.phases import fire_step
from rules.play.actions import Action, Drop, Fire, Move, SetSpeed
from rules.play.state import SPEED, GameState, RuleOptions, VehicleState
from rules.tables.foe_profiles import Profile, names, profile
from rules.tables.foe_tactics import TACTIC_NAMES
from rules.world.map_model import Map
from rules.world.maps import load_map

MAX_DECISIONS = 50_000   # a runaway guard; a 10-turn duel takes a few hundred
SIM_BUDGET = 2.0


@dataclass(frozen=True)
class Seat:
    vid: str
    design: str
    driver: str      # a profile name or "random"
    owner: str = ""  # its side ("" = its own: every car for itself); cars of one owner are a team
    off: frozenset[str] = frozenset()   # tactics its foe profile does not use (Profile.off, --off)

    @property
    def side(self) -> str:
        return self.owner or self.vid


# What a game counts of each vehicle's tactics (GameResult.tally; issue 16 item 3). The foe's mood (sight.adapt)
# is named in its speed line once a turn: "...; rams: ...", "...; withdraws: ...", "...; presses: ...".
# A speed step comes every phase (a speed may change each phase): a mood counts once a turn.
MOODS = {"rams:": "ram_turns", "withdraws:": "withdraw_turns", "presses:": "press_turns",
         "keeps away:": "keep_away_turns"}
TAIL_WORDS = "in its rear gun's arc"   # a move decided by keeping its pursuer on the rear gun (rules.ai.explain)
TALLY_KEYS = ("ram_turns", "rams", "tail_moves", "drops", "drop_hits", "shots", "rear_shots", "shared_shots", "withdraw_turns",
              "press_turns", "keep_away_turns", "crippled_turns", "crippled", "crippled_survived", "out",
              "out_armor")   # out_armor: the percent of its armor a vehicle had left when it went out, summed


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
    fallen: dict[str, str] = field(default_factory=dict)   # vehicle id -> why it is out (engine.why_out)
    cpu: dict[str, list[float]] = field(default_factory=dict, compare=False)   # CPU seconds per decision
    side: str | None = None      # the one side (owner) with vehicles left, None for a draw
    tally: dict[str, dict[str, int]] = field(default_factory=dict)   # vehicle id -> TALLY_KEYS counts

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seed": self.seed, "winner": self.winner, "survivors": list(self.survivors),
                "reason": self.reason, "turns": self.turns, "damage": self.damage, "crashes": self.crashes,
                "decisions": self.decisions}


Driver = Callable[[GameState, str, Sequence[Action], int], tuple[Action, str]]


def driver_for(name: str, seed: int, budget: float = SIM_BUDGET, off: frozenset[str] = frozenset()) -> Driver:
    """A decision function for a profile name or "random"; `off` names tactics the profile does not use."""
    if name == random_driver.NAME:
        def rand(state: GameState, vid: str, legal: Sequence[Action], count: int) -> tuple[Action, str]:
            return random_driver.pick(state, vid, legal, seed, count)
        return rand
    prof: Profile = replace(profile(name), off=off) if off else profile(name)

    def foe(state: GameState, vid: str, legal: Sequence[Action], count: int) -> tuple[Action, str]:
        return decide(state, vid, legal, prof, budget)
    return foe


def setup_for(map_path: str, seats: Sequence[Seat], seed: int, turns: int, rotate: int = 0,
              starts: Sequence[int] | None = None) -> GameSetup:
    """The game's setup: seat i on start (i + rotate) mod n of `starts` (indices into the map's start
    positions; default the first n)."""
    m = load_map(map_path)
    if len(seats) > len(m.starts):
        raise DataError(map_path, "starts", f"the map has {len(m.starts)} start positions for {len(seats)} vehicles")
    n = len(seats)
    pick = list(starts) if starts is not None else list(range(n))
    if len(pick) != n or any(not 0 <= k < len(m.starts) for k in pick):
        raise DataError(map_path, "starts", f"start positions {pick} do not fit {n} vehicles on {len(m.starts)} starts")
    vehicles = []
    for i, s in enumerate(seats):
        st = m.starts[pick[(i + rotate) % n]]
        vehicles.append(VehicleSetup(s.vid, s.side, s.design, Pose.at(st.x, st.y, st.facing), st.speed, foe=s.driver))
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
         budget: float = SIM_BUDGET, log: Callable[[str], None] | None = None,
         rotate: int | None = None, starts: Sequence[int] | None = None) -> GameResult:
    """Play one game to its end (a kill, a stall or the turn limit). The start positions (`starts`,
    default the map's first ones) are turned round by `rotate` (default: the game's number)."""
    setup = setup_for(map_path, seats, seed, turns, rotate=game if rotate is None else rotate, starts=starts)
    drivers = {s.vid: driver_for(s.driver, seed, budget, s.off) for s in seats}
    state, _ = engine.new_game(setup)
    damage = {s.vid: 0 for s in seats}
    crashes = {s.vid: 0 for s in seats}
    think: dict[str, list[float]] = {s.vid: [] for s in seats}
    cpu: dict[str, list[float]] = {s.vid: [] for s in seats}
    tally = _Tally(seats)
    decisions = 0
    while engine.outcome(state) is None and decisions < MAX_DECISIONS:
        who = engine.to_act(state)
        if not who:
            break
        vid = who[0]
        legal = engine.legal_actions(state, vid)
        t0, c0 = time.perf_counter(), time.thread_time()
        action, why = drivers[vid](state, vid, legal, decisions)
        think[vid].append(time.perf_counter() - t0)
        cpu[vid].append(time.thread_time() - c0)
        if log is not None:
            log(f"turn {state.turn} phase {state.phase}: " + describe(action, why, vid, _seat(seats, vid).driver))
        tally.before(state, vid, action, why)
        state, events = engine.apply(state, action)
        decisions += 1
        if _self_crash(vid, action, events):
            crashes[vid] += 1
        for e in events:
            if isinstance(e, DamageRolled) and e.vehicle in damage:
                damage[e.vehicle] += e.points
        tally.after(vid, action, events)
    out = engine.outcome(state)
    survivors = tuple(v.id for v in state.vehicles if not v.out)
    winner = survivors[0] if len(survivors) == 1 else None
    sides = {v.owner for v in state.vehicles if not v.out}
    side = next(iter(sides)) if len(sides) == 1 else None
    reason = out.reason if out is not None else "the decision limit is reached"
    fallen = {v.id: engine.why_out(v) for v in state.vehicles if v.out}
    return GameResult(game, seed, winner, survivors, reason, state.turn, damage, crashes, decisions, think,
                      fallen, cpu, side, tally.done(state))


class _Tally:
    """Counts of each vehicle's tactics in one game (TALLY_KEYS): turns in each mood of its speed line,
    rams it drove into an enemy, counters it dropped and enemies that set one off, its shots, those from a
    rear-mounted weapon and those at a target a teammate shot at the same turn, and whether it was ever
    crippled (less than sight.CRIPPLED_ARMOR of its armor left, the share at which a foe withdraws) and survived,
    and the share of its armor it had left if it went out."""

    def __init__(self, seats: Sequence[Seat]) -> None:
        self.side = {s.vid: s.side for s in seats}
        self.n: dict[str, dict[str, int]] = {s.vid: dict.fromkeys(TALLY_KEYS, 0) for s in seats}
        self.laid: dict[str, str] = {}                       # counter id -> the vehicle that dropped it
        self.fired: dict[tuple[int, str], set[str]] = {}     # (turn, vehicle) -> targets shot at
        self.seen: set[tuple[int, str, str]] = set()         # (turn, vehicle, tally key) counted once a turn

    def before(self, state: GameState, vid: str, action: Action, why: str) -> None:
        n, me = self.n[vid], state.vehicle(vid)
        if state.step == SPEED and isinstance(action, SetSpeed):   # a speed step each phase: count turns once
            keys = [key for word, key in MOODS.items() if f"; {word}" in why]
            keys += ["crippled_turns"] if armor_share(me) < CRIPPLED_ARMOR else []
            for key in keys:
                if (state.turn, vid, key) not in self.seen:
                    self.seen.add((state.turn, vid, key))
                    n[key] += 1
        if armor_share(me) < CRIPPLED_ARMOR:
            n["crippled"] = 1
        if isinstance(action, Move) and TAIL_WORDS in why:
            n["tail_moves"] += 1
        if isinstance(action, Fire):
            n["shots"] += 1
            n["rear_shots"] += _rear_weapon(state, me, action.weapon)
            mates = [v for v, sd in self.side.items() if sd == self.side[vid] and v != vid]
            n["shared_shots"] += any(action.target in self.fired.get((state.turn, m), set()) for m in mates)
            self.fired.setdefault((state.turn, vid), set()).add(action.target)

    def after(self, vid: str, action: Action, events: Sequence[Event]) -> None:
        n = self.n[vid]
        if isinstance(action, Drop):
            n["drops"] += 1
        for e in events:
            if isinstance(e, CounterLaid) and isinstance(action, Drop):
                self.laid[e.counter] = vid
            elif isinstance(e, CounterMet) and e.triggered and e.counter in self.laid:
                owner = self.laid[e.counter]
                if self.side.get(e.vehicle, owner) != self.side[owner]:
                    self.n[owner]["drop_hits"] += 1
            elif isinstance(e, Collided) and isinstance(action, Move) and e.vehicle == vid \
                    and self.side.get(e.other, self.side[vid]) != self.side[vid]:
                n["rams"] += 1

    def done(self, state: GameState) -> dict[str, dict[str, int]]:
        for v in state.vehicles:
            if v.id in self.n:
                n = self.n[v.id]
                n["crippled_survived"] = int(bool(n["crippled"]) and not v.out)
                n["out"] = int(v.out)
                n["out_armor"] = round(100 * armor_share(v)) if v.out else 0
        return self.n


def _rear_weapon(state: GameState, me: VehicleState, weapon: str) -> int:
    """1 when the weapon (or every weapon of the link) fired is mounted facing back."""
    try:
        c = fire_step.combatant(state, me)
    except (KeyError, ValueError):
        return 0
    mounts = {w.id: w.mount for w in c.weapons}
    ids = c.links.get(weapon, (weapon,))
    known = [mounts[i] for i in ids if i in mounts]
    return int(bool(known) and all(m == "back" for m in known))


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
    p.add_argument("--map", help="map file (TOML) with start positions (not with --battery)")
    p.add_argument("--vehicles", help="comma-separated stock names or design files (with --battery: the designs "
                                      "the battery cycles through, default " + ", ".join(BATTERY_VEHICLES) + ")")
    p.add_argument("--battery", action="store_true",
                   help="play the two --foes over every shipped map with starts, the --vehicles designs and both "
                        "seats; print W/D/L with 95%% Wilson intervals, crash rates and think times")
    p.add_argument("--progress", action="store_true", help="with --battery: a line on stderr after every game")
    p.add_argument("--starts", choices=START_MODES, default="duel",
                   help="with --battery: each map's fairest start pair for a duel (duel, the default) or its first "
                        "two start positions (first: mostly chase starts)")
    p.add_argument("--teams", type=int, default=1, metavar="N",
                   help="with --battery: two sides of N vehicles (2: 2-v-2); a side wins when every enemy vehicle "
                        "is out; starts from team_starts, the sides swapping starts every other game")
    p.add_argument("--mixed", action="store_true",
                   help="with --battery: mixed designs, --vehicles as pairs X:Y (default "
                        + ", ".join(f"{x}:{y}" for x, y in MIXED_PAIRS) + "); a duel plays A in X and in Y from "
                        "both seats on one seed; with --teams each side is X, Y, ...")
    p.add_argument("--off", metavar="TACTICS",
                   help="with --battery: tactics the first driver does not use (" + ", ".join(TACTIC_NAMES)
                        + "), to measure each against the second driver who does")
    p.add_argument("--foes", required=True, help="comma-separated foe profiles (or 'random'), one per vehicle")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--turns", type=int, default=None, help=f"turn limit (default 10; {BATTERY_TURNS} with --battery)")
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
    foes = [f.strip() for f in args.foes.split(",") if f.strip()]
    if args.battery:
        return _battery_main(args, foes)
    if not args.map or not args.vehicles:
        print("simulate: give --map and --vehicles (or --battery)", file=sys.stderr)
        return 1
    args.turns = 10 if args.turns is None else args.turns
    designs = [d.strip() for d in args.vehicles.split(",") if d.strip()]
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


# --- the battery (issue 16, item 6) -------------------------------------------------------------------

BATTERY_VEHICLES = ("Killer Kart", "Stinger", "Hotshot", "Joseph Special")
BATTERY_TURNS = 25
Z95 = 1.959964


# Mixed-design duels (--mixed): each pair plays both ways round (A in the first design, then in the second)
# on the same dice, from both seats. What comes up in each: a gunless rammer with a ramplate (and a spike
# dropper) against a gunned car of its weight class; a dropper car against the same car without; a car
# whose only guns face back against a front-gunned one of its weight; a heavy car (7,794 lb) against a
# light one (2,300 lb), for which a ram does not pay (1.5 for 1, below foe_tactics.toml [ram] trade).
MIXED_PAIRS = (("Firecracker", "Stinger"), ("Stinger Option IV", "Stinger"), ("Vlad the Impala", "Hotshot"),
               ("Ventura", "Killer Kart"))


@dataclass(frozen=True)
class BatteryGame:
    """One game of a battery: which map, which design (both cars alike), which seat the first driver takes."""

    index: int
    map: str
    design: str       # a label: the design of both sides, or "X vs Y" (A's side first)
    swap: bool        # the first driver starts on the map's second start position (its side's second set)
    seed: int
    sides: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())   # the designs of A's and B's vehicles

    def designs(self, side: int) -> tuple[str, ...]:
        return self.sides[side] or (self.design,)


START_MODES = ("duel", "first")
ROOM_CAP = 20.0        # inches: room ahead past this counts the same in a start's fairness
DUEL_RANGE = 16.0      # inches: among equally fair pairs, the one nearest this range apart


def _room_ahead(m: Map, x: float, y: float, facing: float) -> float:
    """Inches from (x, y) to the map's edge straight ahead, capped at ROOM_CAP."""
    return min(ROOM_CAP, edge_distance(Vec(x, y), facing, (0.0, 0.0, m.width, m.height)))


def start_asymmetry(m: Map, i: int, j: int) -> float:
    """How unequal two start positions are for a duel (0 = mirror images): the difference of the angles
    between each car's facing and the other car, in degrees, plus the difference of their speeds in
    mph, plus twice the difference of their room ahead to the map's edge in inches."""
    a, b = m.starts[i], m.starts[j]
    off_a = angle_diff(a.facing, heading_of(Vec(b.x - a.x, b.y - a.y)))
    off_b = angle_diff(b.facing, heading_of(Vec(a.x - b.x, a.y - b.y)))
    room = abs(_room_ahead(m, a.x, a.y, a.facing) - _room_ahead(m, b.x, b.y, b.facing))
    return abs(off_a - off_b) + abs(a.speed - b.speed) + 2.0 * room


def duel_starts(m: Map) -> tuple[int, int]:
    """The map's fairest pair of start positions for a duel: the least start_asymmetry; among equals the
    pair that faces each other most, then the one nearest DUEL_RANGE apart, then the first in the file."""
    def key(ij: tuple[int, int]) -> tuple[float, float, float, int, int]:
        a, b = m.starts[ij[0]], m.starts[ij[1]]
        off = (angle_diff(a.facing, heading_of(Vec(b.x - a.x, b.y - a.y)))
               + angle_diff(b.facing, heading_of(Vec(a.x - b.x, a.y - b.y))))
        return (round(start_asymmetry(m, *ij), 6), round(off, 6), abs(math.hypot(b.x - a.x, b.y - a.y) - DUEL_RANGE),
                ij[0], ij[1])
    pairs = [(i, j) for i in range(len(m.starts)) for j in range(i + 1, len(m.starts))]
    if not pairs:
        raise ValueError(f"map {m.name!r} has {len(m.starts)} start position(s); a duel needs two")
    return min(pairs, key=key)


def battery_starts(map_path: str, mode: str) -> tuple[int, int]:
    """The two start positions a battery duel uses on a map: `duel` the fairest pair, `first` the map's
    first two (mostly chase starts: one car behind the other)."""
    if mode == "first":
        return 0, 1
    if mode == "duel":
        return duel_starts(load_map(map_path))
    raise ValueError(f"unknown start mode {mode!r} (one of {', '.join(START_MODES)})")


def battery_maps(per_side: int = 1) -> list[str]:
    """Every shipped map (maps/*.toml) with start positions for two sides of `per_side` vehicles, by name."""
    out = []
    for f in sorted(MAPS_DIR.glob("*.toml")):
        if len(load_map(str(f)).starts) >= 2 * per_side:
            out.append(str(f))
    return out


def team_starts(m: Map, per_side: int) -> tuple[int, ...]:
    """Start positions for two teams of `per_side` vehicles: A's first, then B's. One a side is the fairest
    duel pair (duel_starts); for teams, of every way to share 2n of the map's starts between two sides, the
    one whose teammates start nearest each other and farthest from their enemies (the mean distance between
    enemies less the mean between teammates, greatest; ties to the first in the file)."""
    if per_side == 1:
        return duel_starts(m)
    pos = [Vec(s.x, s.y) for s in m.starts]

    def dist(i: int, j: int) -> float:
        return (pos[i] - pos[j]).length()

    best: tuple[float, tuple[int, ...]] | None = None
    for chosen in itertools.combinations(range(len(pos)), 2 * per_side):
        for a in itertools.combinations(chosen, per_side):
            if a[0] != chosen[0]:
                continue          # each split once: A holds the first chosen start
            b = tuple(k for k in chosen if k not in a)
            within = [dist(i, j) for side in (a, b) for i, j in itertools.combinations(side, 2)]
            across = [dist(i, j) for i in a for j in b]
            score = sum(across) / len(across) - sum(within) / len(within)
            if best is None or round(score, 6) > round(best[0], 6):
                best = (score, (*a, *b))
    if best is None:
        raise ValueError(f"map {m.name!r} has {len(m.starts)} start position(s); two teams of {per_side} need "
                         f"{2 * per_side}")
    return best[1]


def battery_games(games: int, seed: int, maps: Sequence[str], designs: Sequence[str], *, per_side: int = 1,
                  pairs: Sequence[tuple[str, str]] = ()) -> list[BatteryGame]:
    """Game g: seats swapped every other game, then the next map, then the next design; seed N + g//2, so
    each pair of games plays the same dice from both seats.

    Teams (`per_side` > 1: that many vehicles a side, all of one design) and mixed designs (`pairs`: a duel
    X against Y, or with teams a side of X, Y, X, ... against the same) go through the maps and the
    designs together: cell c on map c mod M with design (c mod M + c div M) mod D, so a short battery
    still meets every map and most designs, and M x D cells meet every design on every map. A mixed duel's
    cell is 4 games on one seed, A in X and then in Y, each from both seats; otherwise 2, one each seat."""
    if per_side == 1 and not pairs:
        out = []
        for g in range(games):
            cell = g // 2
            out.append(BatteryGame(g, maps[cell % len(maps)], designs[(cell // len(maps)) % len(designs)],
                                   bool(g % 2), seed + cell))
        return out
    groups: list[list[tuple[tuple[str, ...], tuple[str, ...]]]]
    if pairs and per_side == 1:
        groups = [[((x,), (y,)), ((y,), (x,))] for x, y in pairs]
    elif pairs:
        groups = [[(team, team)] for x, y in pairs for team in [tuple((x, y)[k % 2] for k in range(per_side))]]
    else:
        groups = [[((d,) * per_side, (d,) * per_side)] for d in designs]
    size = 2 * len(groups[0])
    out = []
    for g in range(games):
        cell, k = divmod(g, size)
        group = groups[(cell % len(maps) + cell // len(maps)) % len(groups)]
        sa, sb = group[k // 2]
        label = sa[0] if sa == sb and len(set(sa)) == 1 else f"{'+'.join(sa)} vs {'+'.join(sb)}"
        out.append(BatteryGame(g, maps[cell % len(maps)], label, bool(k % 2), seed + cell, (sa, sb)))
    return out


def battery_seats(bg: BatteryGame, a: str, b: str, off: frozenset[str] = frozenset()) -> list[Seat]:
    """The vehicles of a battery game: A's side V1..Vn, then B's; a duel's cars are each their own side
    (V1, V2), teams are sides "A" and "B". `off` names tactics A's profile does not use."""
    da, db = bg.designs(0), bg.designs(1)
    team = len(da) > 1 or len(db) > 1
    seats = [Seat(f"V{i + 1}", d, a, "A" if team else "", off) for i, d in enumerate(da)]
    seats += [Seat(f"V{len(da) + i + 1}", d, b, "B" if team else "") for i, d in enumerate(db)]
    return seats


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (95% by default), as fractions."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def _pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))] if s else 0.0


@dataclass
class BatteryStats:
    """What a battery measured for the first driver (a) against the second (b). Drivers are named by
    their labels: a profile name, with " (no ram)" and the like when --off took tactics from A's profile."""

    a: str
    b: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    limit_draws: int = 0            # draws at the turn limit (both still driving)
    errors: int = 0                 # games ended by an exception
    crashes: dict[str, int] = field(default_factory=dict)       # by driver: own crashes
    vturns: dict[str, int] = field(default_factory=dict)        # by driver: vehicle-turns driven
    left_map: dict[str, int] = field(default_factory=dict)      # by driver: vehicles out by leaving the map
    damage: dict[str, int] = field(default_factory=dict)        # by driver: weapon damage dealt
    cpu: dict[str, list[float]] = field(default_factory=dict)   # by driver: CPU seconds per decision
    by_map: dict[str, list[int]] = field(default_factory=dict)  # map name -> [wins, draws, losses]
    by_design: dict[str, list[int]] = field(default_factory=dict)  # design label (A's first) -> [w, d, l]
    tally: dict[str, dict[str, int]] = field(default_factory=dict)  # by driver: TALLY_KEYS summed
    vehicles: dict[str, int] = field(default_factory=dict)      # by driver: vehicles driven (games x cars)

    def add(self, bg: BatteryGame, r: GameResult | None, seats: Sequence[Seat]) -> None:
        self.games += 1
        row = self.by_map.setdefault(Path(bg.map).stem, [0, 0, 0])
        drow = self.by_design.setdefault(bg.design, [0, 0, 0])
        a_side, b_side = seats[0].side, seats[-1].side
        if r is None:
            self.errors += 1
            self.draws += 1
            row[1] += 1
            drow[1] += 1
            return
        if r.side == a_side:
            self.wins += 1
            row[0] += 1
            drow[0] += 1
        elif r.side == b_side:
            self.losses += 1
            row[2] += 1
            drow[2] += 1
        else:
            self.draws += 1
            row[1] += 1
            drow[1] += 1
            self.limit_draws += r.reason.startswith("the turn limit")
        for s in seats:
            d = self.a if s.side == a_side else self.b
            self.crashes[d] = self.crashes.get(d, 0) + r.crashes[s.vid]
            self.vturns[d] = self.vturns.get(d, 0) + r.turns
            self.left_map[d] = self.left_map.get(d, 0) + (r.fallen.get(s.vid) == "left the map")
            self.damage[d] = self.damage.get(d, 0) + r.damage[s.vid]
            self.cpu.setdefault(d, []).extend(r.cpu.get(s.vid, []))
            self.vehicles[d] = self.vehicles.get(d, 0) + 1
            t = self.tally.setdefault(d, dict.fromkeys(TALLY_KEYS, 0))
            for k, v in r.tally.get(s.vid, {}).items():
                t[k] += v

    def to_json(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        decided = self.wins + self.losses
        return {"a": self.a, "b": self.b, "games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "win_rate": self.wins / max(1, self.games), "win_95": [lo, hi],
                "decided_95": list(wilson(self.wins, decided)),
                "limit_draws": self.limit_draws, "errors": self.errors, "crashes": self.crashes,
                "vehicle_turns": self.vturns, "left_map": self.left_map, "damage": self.damage, "by_map": self.by_map,
                "by_design": self.by_design, "tally": self.tally, "vehicles": self.vehicles,
                "think_ms": {d: {"p50": 1000 * _pct(xs, 0.5), "p95": 1000 * _pct(xs, 0.95),
                                 "max": 1000 * max(xs, default=0.0), "decisions": len(xs)}
                             for d, xs in self.cpu.items()}}

    def lines(self) -> list[str]:
        def rate(k: int, of: int | None = None) -> str:
            m = self.games if of is None else of
            lo, hi = wilson(k, m)
            return f"{k} ({100 * k / max(1, m):.0f}% [{100 * lo:.0f}, {100 * hi:.0f}])"

        out = [f"battery: {self.a} vs {self.b}, {self.games} game(s)",
               f"  {self.a} wins {rate(self.wins)}, draws {rate(self.draws)}, losses {rate(self.losses)}",
               f"  {self.a}'s share of the decided games {rate(self.wins, self.wins + self.losses)} of "
               f"{self.wins + self.losses}",
               f"  draws at the turn limit {rate(self.limit_draws)}; games ended by an exception {self.errors}"]
        for m, (w, dr, lo) in self.by_map.items():
            out.append(f"  on {m}: {w} W, {dr} D, {lo} L")
        if len(self.by_design) > 1:
            for dsg, (w, dr, lo) in self.by_design.items():
                out.append(f"  {dsg}: {w} W, {dr} D, {lo} L")
        drivers = [self.a] if self.a == self.b else [self.a, self.b]
        for d in drivers:
            xs = [1000 * x for x in self.cpu.get(d, [])]
            per = 100 * self.crashes.get(d, 0) / max(1, self.vturns.get(d, 0))
            out.append(f"  {d}: damage dealt {self.damage.get(d, 0)}, own crashes {self.crashes.get(d, 0)} in "
                       f"{self.vturns.get(d, 0)} vehicle-turns "
                       f"({per:.2f} per 100), left the map {self.left_map.get(d, 0)}; think CPU p50 "
                       f"{_pct(xs, 0.5):.1f} ms, p95 {_pct(xs, 0.95):.1f} ms, max {max(xs, default=0.0):.1f} ms "
                       f"over {len(xs)} decisions")
            t = self.tally.get(d, dict.fromkeys(TALLY_KEYS, 0))
            out.append(f"    tactics of {d} ({self.vehicles.get(d, 0)} vehicles): turns set on a ram "
                       f"{t['ram_turns']}, rams {t['rams']}; drops {t['drops']} ({t['drop_hits']} set off by an "
                       f"enemy); moves keeping a pursuer on the rear gun {t['tail_moves']}; shots {t['shots']}, "
                       f"from a rear gun {t['rear_shots']}, at a teammate's target {t['shared_shots']}; turns withdrawing {t['withdraw_turns']} of {t['crippled_turns']} "
                       f"crippled, pressing {t['press_turns']}, keeping away {t['keep_away_turns']}; crippled "
                       f"{t['crippled']}, of them survived {t['crippled_survived']}; out {t['out']}, with "
                       f"{t['out_armor'] / max(1, t['out']):.0f}% of their armor left on average")
        return out


def driver_label(name: str, off: frozenset[str]) -> str:
    """A driver's name in a battery's lines: the profile, and the tactics --off took from it."""
    return name + (f" (no {', no '.join(sorted(off))})" if off else "")


def run_battery(a: str, b: str, games: int, seed: int, *, turns: int = BATTERY_TURNS,
                maps: Sequence[str] | None = None, designs: Sequence[str] = BATTERY_VEHICLES,
                budget: float = SIM_BUDGET, progress: Callable[[BatteryGame, GameResult | None], None] | None = None,
                starts: str = "duel", per_side: int = 1, pairs: Sequence[tuple[str, str]] = (),
                off: frozenset[str] = frozenset()) -> BatteryStats:
    """Play driver a against driver b over the battery's games (see battery_games), on each map's
    start pair chosen by `starts` (see battery_starts), or for teams (`per_side` > 1) team_starts.
    `off` names tactics driver a's profile does not use (a paired measure of each: A without it, B with it,
    on the same dice from both seats)."""
    stats = BatteryStats(driver_label(a, off), b)
    pairs_of: dict[str, tuple[int, ...]] = {}
    chosen = list(maps) if maps is not None else battery_maps(per_side)
    for bg in battery_games(games, seed, chosen, designs, per_side=per_side, pairs=pairs):
        seats = battery_seats(bg, a, b, off)
        if bg.map not in pairs_of:
            pairs_of[bg.map] = battery_starts(bg.map, starts) if per_side == 1 else \
                team_starts(load_map(bg.map), per_side)
        try:
            r: GameResult | None = play(bg.map, seats, bg.seed, turns, bg.index, budget=budget,
                                        rotate=per_side * int(bg.swap), starts=pairs_of[bg.map])
        except DataError:
            raise
        except Exception as exc:  # noqa: BLE001 - a battery counts a crashed game and goes on
            print(f"battery: game {bg.index + 1} ({Path(bg.map).stem}, {bg.design}, seed {bg.seed}): "
                  f"{type(exc).__name__}: {exc}", file=sys.stderr)
            r = None
        stats.add(bg, r, seats)
        if progress is not None:
            progress(bg, r)
    return stats


def _battery_main(args: argparse.Namespace, foes: list[str]) -> int:
    if len(foes) != 2:
        print("simulate: --battery plays two --foes, e.g. --foes veteran,random", file=sys.stderr)
        return 1
    turns = BATTERY_TURNS if args.turns is None else args.turns
    if turns < 1 or args.games < 1 or args.teams < 1:
        print("simulate: --turns, --games and --teams must be at least 1", file=sys.stderr)
        return 1
    off = frozenset(t.strip() for t in (args.off or "").split(",") if t.strip())
    if off - set(TACTIC_NAMES):
        print(f"simulate: --off takes {', '.join(TACTIC_NAMES)}, not {', '.join(sorted(off - set(TACTIC_NAMES)))}",
              file=sys.stderr)
        return 1
    if off and foes[0] == random_driver.NAME:
        print("simulate: --off takes tactics from the first driver's foe profile; random has none", file=sys.stderr)
        return 1
    items = [d.strip() for d in (args.vehicles or "").split(",") if d.strip()]
    pairs: list[tuple[str, str]] = []
    if args.mixed:
        for it in items:
            x, colon, y = it.partition(":")
            if not colon or not x.strip() or not y.strip():
                print(f"simulate: with --mixed, --vehicles takes pairs X:Y, not {it!r}", file=sys.stderr)
                return 1
            pairs.append((x.strip(), y.strip()))
        pairs = pairs or list(MIXED_PAIRS)
    designs = ([] if args.mixed else items) or list(BATTERY_VEHICLES)
    maps = [args.map] if args.map else battery_maps(args.teams)
    if not maps:
        print(f"simulate: no shipped map has starts for two sides of {args.teams}", file=sys.stderr)
        return 1

    def progress(bg: BatteryGame, r: GameResult | None) -> None:
        what = "error" if r is None else (f"{r.side} wins" if r.side else "draw")
        print(f"  game {bg.index + 1}: {Path(bg.map).stem}, {bg.design}, seed {bg.seed}"
              f"{', seats swapped' if bg.swap else ''}: {what}", file=sys.stderr, flush=True)

    try:
        for f in foes:
            if f != random_driver.NAME:
                profile(f)
        stats = run_battery(foes[0], foes[1], args.games, args.seed, turns=turns, maps=maps, designs=designs,
                            budget=args.budget, progress=progress if args.progress else None, starts=args.starts,
                            per_side=args.teams, pairs=pairs, off=off)
    except DataError as exc:
        print(f"{exc.path}: {exc.where}: {exc.what}", file=sys.stderr)
        return 1
    except KeyError as exc:
        print(f"simulate: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(stats.to_json(), sort_keys=True))
    else:
        what = ", ".join(f"{x}:{y}" for x, y in pairs) if pairs else ", ".join(designs)
        mode = (f"teams of {args.teams}; " if args.teams > 1 else "") + ("mixed " if pairs else "")
        print(f"maps: {', '.join(Path(m).stem for m in maps)}; "
              f"starts: {args.starts if args.teams == 1 else 'teams'}; {mode}designs: {what}; "
              f"seeds {args.seed}..{args.seed + (args.games - 1) // (4 if pairs and args.teams == 1 else 2)}; "
              f"{turns} turns at most")
        for line in stats.lines():
            print(line)
    return 0
