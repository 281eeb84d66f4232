"""A scripted duel: two generic cars play 10 turns of movement with fixed actions and seeded dice
through the Game facade; the event log must read sensibly from start to end."""

from __future__ import annotations

import re

import pytest

from rules.core.events import (
    ControlRolled,
    CrashRolled,
    DiceRolled,
    Event,
    GameEnded,
    Moved,
    PhaseBegan,
    TurnBegan,
)
from rules.core.geometry import Pose
from rules.core.tomlio import dumps_toml
from rules.driving.maneuvers import Maneuver
from rules.engine.game import Game
from rules.engine.saves import loads_game, save_dict
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Action, Move, SetSpeed

CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=6 armor=10"
RULE = re.compile(r"^000:L\d+")

# (turn, phase, vehicle) -> what that driver does when asked then; anything else is "hold speed / straight"
SCRIPT: dict[tuple[int, int, str], Action] = {
    (1, 1, "red"): SetSpeed("red", 50),
    (1, 2, "red"): Move("red", Maneuver("drift", "right", 0.25)),
    (1, 3, "blue"): Move("blue", Maneuver("bend", "left", degrees=30)),
    (2, 1, "blue"): SetSpeed("blue", 20),                                 # D2 braking
    (2, 2, "red"): Move("red", Maneuver("steep_drift", "left", 0.5)),
    (3, 1, "red"): Move("red", Maneuver("bend", "right", degrees=45, skid=0.25)),
    (4, 3, "red"): Move("red", Maneuver("swerve", "left", degrees=30, drift=0.25)),
    (5, 1, "blue"): SetSpeed("blue", 30),
    (6, 1, "red"): SetSpeed("red", 25),                                   # D3 braking
    (7, 1, "red"): Move("red", Maneuver("bend", "left", degrees=60)),
    (8, 3, "blue"): Move("blue", Maneuver("drift", "left", 0.25)),
    (9, 1, "red"): SetSpeed("red", 0),                                    # D1 braking to a stop
    (10, 1, "blue"): Move("blue", Maneuver("t_stop", "right")),
}


def duel() -> Game:
    return Game(GameSetup((
        VehicleSetup("red", "Ann", CAR, Pose.at(0, 0, 0), speed=40, colour="red"),
        VehicleSetup("blue", "Bob", CAR, Pose.at(12, 0, 0), speed=40, colour="blue"),
    ), seed=2024, max_turns=10))


def play() -> tuple[Game, set[tuple[int, int, str]]]:
    game = duel()
    used: set[tuple[int, int, str]] = set()
    while not game.state.over:
        s = game.state
        vid = game.to_act()[0]
        key = (s.turn, s.phase, vid)
        scripted = SCRIPT.get(key)
        if scripted is not None and isinstance(scripted, SetSpeed) == (s.step == "speed") and key not in used:
            action = scripted
            used.add(key)
        elif s.step == "speed":
            action = SetSpeed(vid, s.vehicle(vid).signed_speed)
        else:
            action = Move(vid, Maneuver("straight", reverse=s.vehicle(vid).reverse))
        assert game.check(action) is None, f"{action}: {game.check(action)}"
        game.apply(action)
    return game, used


@pytest.fixture(scope="module")
def duel_log() -> tuple[Game, list[Event]]:
    game, used = play()
    assert used == set(SCRIPT), f"scripted actions never asked for: {sorted(set(SCRIPT) - used)}"
    return game, game.events()


def test_the_duel_runs_ten_turns_of_five_phases(duel_log):
    game, events = duel_log
    turns = [e.text for e in events if isinstance(e, (TurnBegan, GameEnded))]
    assert turns[:10] == [f"turn {n} begins" for n in range(1, 11)]
    assert turns[-1] == "turn 10 ends: the turn limit is reached"
    phases = [e.text for e in events if isinstance(e, PhaseBegan)]
    assert phases == [f"phase {p}" for p in (2, 3, 4, 5)] + [f"phase {p}" for p in (1, 2, 3, 4, 5)] * 9
    assert game.outcome() is not None and "turn limit" in game.outcome().reason


def test_every_control_roll_has_its_die_and_a_rule_line(duel_log):
    _, events = duel_log
    controls = [i for i, e in enumerate(events) if isinstance(e, ControlRolled)]
    assert len(controls) >= 8  # every scripted maneuver and braking above 10 mph
    rolled = 0
    for i in controls:
        c = events[i]
        assert RULE.match(c.rule), c
        assert c.vehicle in ("red", "blue") and f"D{c.difficulty}" in c.text
        if c.need in ("safe", "XX"):
            assert not isinstance(events[i - 1], DiceRolled) or not events[i - 1].what.startswith("control roll")
            continue
        die = events[i - 1]
        assert isinstance(die, DiceRolled) and die.vehicle == c.vehicle and die.what.startswith("control roll")
        assert RULE.match(die.rule)
        assert c.kept == (die.total >= int(c.need))
        rolled += 1
        if not c.kept:  # a lost roll goes straight to a crash table, with its own dice
            crash_dice, crash = events[i + 1], events[i + 2]
            assert isinstance(crash_dice, DiceRolled) and crash_dice.what.startswith("Crash Table")
            assert isinstance(crash, CrashRolled) and crash.text.startswith("Crash Table") and RULE.match(crash.rule)
    assert rolled >= 3
    assert any(not events[i].kept for i in controls)  # this seed loses control once


def test_every_die_crash_and_hazard_names_its_rule(duel_log):
    _, events = duel_log
    for e in events:
        if e.kind in ("dice", "crash", "hazard", "tire", "handling", "control"):
            assert RULE.match(e.rule), e
        assert e.text and "None" not in e.text, e


def test_every_scripted_maneuver_shows_in_the_log(duel_log):
    _, events = duel_log
    moved = [(e.vehicle, e.text) for e in events if isinstance(e, Moved)]
    for action in SCRIPT.values():
        if isinstance(action, Move):
            assert any(v == action.vehicle and t.startswith(str(action.maneuver)) for v, t in moved), action
    braking = [e for e in events if isinstance(e, ControlRolled) and e.what.startswith("braking")]
    assert sorted(e.difficulty for e in braking) == [1, 2, 3]


def test_every_move_has_a_path_for_the_client_to_animate(duel_log):
    _, events = duel_log
    moved = [e for e in events if isinstance(e, Moved)]
    assert len(moved) >= 50
    for e in moved:
        path = e.path
        assert len(path) >= 2 and path[-1] == e.end
        assert e.text.endswith(f"to ({path[-1].x:g},{path[-1].y:g})@{path[-1].facing:g}")


def test_the_finished_duel_saves_and_replays(duel_log):
    game, _ = duel_log
    again = loads_game(dumps_toml(save_dict(game)))
    assert again.state == game.state
    assert [str(e) for e in again.events()] == [str(e) for e in game.events()]
