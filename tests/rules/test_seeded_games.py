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
    (1, 4, 10): {'actions': 108, 'turns': 10, 'digests': ('3b46459403b790d0', '01f861ddfc123d8a', '29af6e21b8849d53', 'c17fd1bfb5c9d25b', '1c825d0a99342b2d', 'd4873301a6b1353b', 'cd5b7eb1941bfcb3', '6a43202c0a865e0c', 'fd869f4e301a9132', '01942db4720b3d0e'), 'final': '151e4ae3b8fafaf5', 'events': 'bd3a6cdebb5e809c', 'kinds': ('collision', 'control', 'counter', 'crash', 'damage', 'dice', 'drop', 'fire', 'handling', 'hazard', 'moved', 'phase', 'speed', 'tire', 'turn')},
    (2, 4, 10): {'actions': 135, 'turns': 10, 'digests': ('86523120040a4861', '02932d2c3d78c8de', '3f7e1f0d7f6ee1dd', '5e3f3d240fea66bb', 'ec13708182e6ae6d', '86d5e3845b9e3fc7', '91f62538f0619dc2', '3644ea10520c59c7', '06e7aeb0bd608faa', 'cefca8fa50351a06'), 'final': 'd709d86745b76085', 'events': 'd6662dc14a88cc8e', 'kinds': ('collision', 'control', 'counter', 'crash', 'damage', 'dice', 'drop', 'fire', 'handling', 'hazard', 'moved', 'phase', 'speed', 'tire', 'turn')},
    (3, 4, 10): {'actions': 107, 'turns': 10, 'digests': ('dc8be854ec5ee218', '493c015e22c2d108', '1ff166c759b4fc94', '68f4b791938a9b37', '6e145234c420f9a3', '3f0ca9b555ef48e8', '5e19f9ef3d9b60a1', '6fcefd037bfd6331', '8842b14d476947d6', 'd6a429e852dbde00'), 'final': '3061dcc4e6420e6b', 'events': 'd9f94a1b3e256fa3', 'kinds': ('control', 'counter', 'crash', 'damage', 'dice', 'drop', 'fire', 'handling', 'hazard', 'moved', 'phase', 'speed', 'tire', 'turn')},
    (4, 8, 5): {'actions': 115, 'turns': 5, 'digests': ('7d3961cbf7f67076', '104e8eb128529786', 'bea0aa2d72518b88', 'fb4945189232748c', '0e98d11b2dd663a7'), 'final': '0f0efe9f66bbfe75', 'events': '436066dbe3654477', 'kinds': ('collision', 'control', 'counter', 'crash', 'damage', 'dice', 'drop', 'fire', 'handling', 'hazard', 'moved', 'phase', 'speed', 'tire', 'turn')},
    (5, 3, 12): {'actions': 105, 'turns': 12, 'digests': ('17ca0dabbdd4b4d8', '49e5ddc6b751891c', '820d9f1f9f01fa88', '348d80d8bc977188', '622434eaeab25a5d', 'cefea75b2d953e98', '57ba50cd51606d63', '77298e964765ce39', 'e7a96776419b646f', '8c683e096b0e071b', 'd6c4aa5b5f5b123b', 'c329d3bcff9770b2'), 'final': '31f1bb56a4ac8e07', 'events': 'fc8b55c800defd4f', 'kinds': ('control', 'counter', 'crash', 'dice', 'drop', 'fire', 'handling', 'moved', 'phase', 'speed', 'tire', 'turn')},
    (6, 4, 30): {'actions': 223, 'turns': 30, 'digests': ('486f19418bbfc098', '988f93422e89707b', 'fdde64e7234a828c', '83756e4ff1a40ac7', '06be584245ea685c', '48234afb9352b42b', 'ad593ec9899f178c', '3e7abdde268f1b47', 'c7aa288975cf7190', 'dd39df8d0bfef7a8', '1a67655bef25a255', 'e24ce98d16f6ec40', '168c8fa7b7a32496', '870011bfe2a32918', 'a88b583518e9d0a4', '55f1e153fbc965a1', 'ba35ddfcc28b14f1', '9371c43d20d016c2', '756160de571ffd71', '01241a3382dbc8f1', '34a8e8994c95aa01', 'bbad9cfed66dc549', '3fd15906dc21e4b6', '9032d9cafed1a4c3', '46e9eb67c95d008c', '8b4766b508cadbdf', 'b58e08a6436384d9', '82165b955bc55d3c', 'e732e59b8c93fa56', 'd33d7303686d3b61'), 'final': 'b820464b100ea7b7', 'events': '8423b86e39104d11', 'kinds': ('control', 'counter', 'crash', 'damage', 'dice', 'drop', 'fire', 'handling', 'hazard', 'kill', 'moved', 'phase', 'speed', 'tire', 'turn')},
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
