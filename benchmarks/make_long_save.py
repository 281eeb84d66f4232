"""Write benchmarks/data/combat_200_turns.toml, the save bench_engine loads: a 4-car combat game on the
arena (armed stock vehicles, the fire step on) that lasts the full 200 turns. The random legal driver
kills everyone long before that, so this one drives gently (speeds 5-15 mph a step of 5 at most, straight,
drifts and bends up to 30 degrees) and still picks at random among those legal actions and every shot;
seeds are tried in order until a game reaches turn 200. Run once; the save is committed.

    .venv/bin/python -m benchmarks.make_long_save [--first-seed N]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):
    sys.path.insert(0, str(ROOT))

from rules.ai import random_driver  # noqa: E402
from rules.core.geometry import Pose  # noqa: E402
from rules.engine.game import Game  # noqa: E402
from rules.engine.saves import save_game  # noqa: E402
from rules.engine.setup import GameSetup, VehicleSetup  # noqa: E402
from rules.play.actions import Action, Move, SetSpeed  # noqa: E402
from rules.play.state import GameState  # noqa: E402

OUT = ROOT / "benchmarks" / "data" / "combat_200_turns.toml"
DESIGNS = ("Killer Kart", "Hotshot", "Harmon", "Marksman")
POSES = ((4, 15, 90), (36, 15, 270), (20, 4, 180), (20, 26, 0))
TURNS = 200


def gentle(state: GameState, vid: str, legal: Sequence[Action]) -> list[Action]:
    v = state.vehicle(vid)
    keep = [a for a in legal if not isinstance(a, SetSpeed) or (abs(abs(a.mph) - v.speed) <= 5 and 5 <= abs(a.mph) <= 15)]
    keep = [a for a in keep if not isinstance(a, Move) or (a.maneuver.kind in ("straight", "drift", "bend")
                                                           and a.maneuver.degrees <= 30 and not a.maneuver.skid)]
    return keep or list(legal)


def play(seed: int) -> Game:
    vs = tuple(VehicleSetup(f"c{i}", f"p{i}", DESIGNS[i], Pose.at(*POSES[i]), 10.0) for i in range(4))
    game = Game(GameSetup(vs, seed=seed, map="maps/arena.toml", max_turns=TURNS))
    n = 0
    while not game.state.over:
        vid = game.to_act()[0]
        action, _ = random_driver.pick(game.state, vid, gentle(game.state, vid, game.legal_actions(vid)), seed, n)
        game.apply(action)
        n += 1
    return game


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first-seed", type=int, default=1)
    args = ap.parse_args(argv)
    for seed in range(args.first_seed, args.first_seed + 50):
        game = play(seed)
        print(f"seed {seed}: {game.state.turn} turns, {len(game.actions)} actions", flush=True)
        if game.state.turn >= TURNS and sum(not v.out for v in game.state.vehicles) >= 2:
            save_game(game, OUT)
            print(f"wrote {OUT}")
            return 0
    return 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
