"""Same seed and actions, same game (issue 13, "Done when"): seeded games of armed stock vehicles on the
arena, driven by the random legal driver with the fire step on, give the state digests and the events
recorded before the engine was made faster (lighter records, an incremental fire step, per-step
collision worlds). A change that alters any roll, any legal-action list (the random driver picks by
index, so a list in another order or with one action more plays another game), any event or any state
field fails here.

    .venv/bin/python tests/rules/test_seeded_games.py   # prints the records (only ever to re-record on
                                                         # a deliberate rules change, said in the commit)
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.ai import random_driver  # noqa: E402
from rules.core.geometry import Pose  # noqa: E402
from rules.engine import engine  # noqa: E402
from rules.engine.setup import GameSetup, VehicleSetup  # noqa: E402
from rules.play.state import digest  # noqa: E402

DESIGNS = ("Killer Kart", "Hotshot", "Harmon", "Marksman")   # MGs, flamethrowers, rockets, a laser, droppers
POSES = ((4, 15, 90), (36, 15, 270), (20, 4, 180), (20, 26, 0),
         (5, 5, 135), (35, 5, 225), (5, 25, 45), (35, 25, 315))

# (seed, cars, turns): short games, so the test stays quick; combat happens in all of them
GAMES = ((1, 4, 10), (2, 4, 10), (3, 4, 10), (4, 8, 5), (5, 3, 12), (6, 4, 30))


def setup(seed: int, cars: int, turns: int) -> GameSetup:
    vs = tuple(VehicleSetup(f"c{i}", f"p{i}", DESIGNS[i % len(DESIGNS)], Pose.at(*POSES[i]), 20.0)
               for i in range(cars))
    return GameSetup(vs, seed=seed, map="maps/arena.toml", max_turns=turns)


def play(seed: int, cars: int, turns: int) -> dict[str, object]:
    """Play one game; its record: the digest at each turn's start and at the end, the number of
    actions, and a hash of every event (kind, text, rule, vehicle) in order."""
    state, events = engine.new_game(setup(seed, cars, turns))
    h = hashlib.sha256()
    kinds: set[str] = set()

    def note(evs: list) -> None:
        for ev in evs:
            h.update(f"{ev.kind}|{ev.text}|{ev.rule}|{ev.vehicle}\n".encode())
            kinds.add(ev.kind)

    note(events)
    turn_digests = [digest(state)]
    n = 0
    while not state.over:
        who = engine.to_act(state)
        assert who, "the engine waits only when someone must decide"
        legal = engine.legal_actions(state, who[0])
        action, _ = random_driver.pick(state, who[0], legal, seed, n)
        before = state.turn
        state, events = engine.apply(state, action)
        note(events)
        n += 1
        if state.turn != before:
            turn_digests.append(digest(state))
    return {"actions": n, "turns": state.turn, "digests": tuple(turn_digests), "final": digest(state),
            "events": h.hexdigest()[:16], "kinds": tuple(sorted(kinds))}


RECORDED: dict[tuple[int, int, int], dict[str, object]] = {
    (1, 4, 10): {'actions': 114, 'turns': 10, 'digests': ('3b46459403b790d0', 'f2e1badc920d5284', '19b736121f7921d2', '2c2e4deadc0110ea', 'f81385c5dd4657e1', '6df8817c1e493d3e', '6a77a283d5c1fda0', '03cf7e20f49c81ff', '57aefae3cc6ccc26', '9f1edfbb35d44c25'), 'final': 'da49ba1cd29758d5', 'events': 'c8e807fe9a2c0895', 'kinds': ('control', 'counter', 'crash', 'damage', 'dice', 'drop', 'fire', 'handling', 'hazard', 'kill', 'moved', 'phase', 'speed', 'tire', 'turn')},
    (2, 4, 10): {'actions': 123, 'turns': 10, 'digests': ('86523120040a4861', 'b8da01a90f9f43e6', '29b3d54b44c0a79a', 'e79ac9b18102c92f', '7414681df2def724', '40282b10b9a568b9', '8359d7e5664c62ea', 'dc91ee98d9e2b4fb', '9543a8052d063ef8', '5f83a6dd9099b674'), 'final': '98d2490013e8bb02', 'events': '78f0cc85b2a17544', 'kinds': ('collision', 'control', 'counter', 'crash', 'damage', 'dice', 'drop', 'fire', 'handling', 'hazard', 'moved', 'phase', 'speed', 'tire', 'turn')},
    (3, 4, 10): {'actions': 108, 'turns': 10, 'digests': ('dc8be854ec5ee218', '47ba8368737ba49e', '0512ddec3bcd67a4', 'f71bd3278b160fa8', '995a936a45c99e4e', '10787b9bf997fa0d', '6ee48db673522b0a', '5fb1d8a61fd10632', '8b289fb2870e9ca4', '7f002a52b1e38f94'), 'final': 'd77876b1b58dedba', 'events': '42846c813fac64ce', 'kinds': ('control', 'counter', 'crash', 'damage', 'dice', 'drop', 'fire', 'handling', 'hazard', 'kill', 'moved', 'phase', 'speed', 'tire', 'turn')},
    (4, 8, 5): {'actions': 114, 'turns': 5, 'digests': ('7d3961cbf7f67076', 'e0c33ec8336c6038', 'f61ca4369969ade6', '6a3473df97535ae4', 'ab43041d2dce5d58'), 'final': 'e63f80e0171045bd', 'events': 'bdca08540e6c87ea', 'kinds': ('control', 'counter', 'crash', 'dice', 'drop', 'fire', 'handling', 'moved', 'phase', 'speed', 'tire', 'turn')},
    (5, 3, 12): {'actions': 102, 'turns': 12, 'digests': ('17ca0dabbdd4b4d8', 'f6cd1c52232c63ba', 'da2422af0087d24d', 'f953d42dde09cac1', '3ab40e1a665c865f', '8ee38ee580aa4c14', '7b3edb0b5a92ce6f', 'a6d4af02a71d5db6', 'd77d2da1bb83f877', '2a1d563a069354f9', '2e70875ac024b565', 'ea99653d317a2206'), 'final': '707f9a0b813bf51c', 'events': '76e3259550294739', 'kinds': ('collision', 'control', 'counter', 'crash', 'damage', 'dice', 'drop', 'fire', 'handling', 'hazard', 'kill', 'moved', 'phase', 'speed', 'tire', 'turn')},
    (6, 4, 30): {'actions': 368, 'turns': 30, 'digests': ('486f19418bbfc098', '3088de7cea5dd0ec', 'f13d618d6d650759', '5311c65527e0ac53', '41b2c58bed05e391', '2de8e816bc81aa5e', '0a8511631ac3afcf', '77c802817f0207d7', 'f649acc732c85c95', '6620f16bffcaedc9', '23c4c47059e1220e', 'feebccba64bffeb9', '7aba4290ea78748f', 'c17cc3c420454d93', 'e245185c493bd592', 'd86854fbc57c58df', '1afc5efef1fa87ae', '11b7e028e63a92f8', 'bc3b902b206aff7d', '2157f14ddd8d0ab2', '062e2500c509b1e3', '81060994abc81f54', 'a362b03d43fafe9b', '4f98abb5a56fb02f', 'e58dea3f3a7f160b', 'b7801cfb9c3a1705', '8bc1a4bf89200569', '46ba6dd66112f97f', '8f3490f196cce93a', '6f3f5fc677733c02'), 'final': '205a8e833c1a6c32', 'events': '06b94a1d7157fe94', 'kinds': ('collision', 'control', 'counter', 'crash', 'damage', 'dice', 'drop', 'fire', 'handling', 'hazard', 'moved', 'phase', 'speed', 'tire', 'turn')},
}


@pytest.mark.parametrize("game", GAMES, ids=[f"seed{s}-{c}cars-{t}turns" for s, c, t in GAMES])
def test_a_seeded_random_game_plays_exactly_as_recorded(game):
    got = play(*game)
    want = RECORDED[game]
    assert got["actions"] == want["actions"]
    assert got["digests"] == want["digests"]
    assert got["final"] == want["final"]
    assert got["events"] == want["events"]


def test_the_recorded_games_include_shooting_and_damage():
    kinds = {k for rec in RECORDED.values() for k in rec["kinds"]}  # type: ignore[attr-defined]
    assert {"fire", "damage", "dice"} <= kinds


if __name__ == "__main__":
    print("RECORDED = {")
    for g in GAMES:
        print(f"    {g}: {play(*g)!r},")
    print("}")
