"""Foe tactics from the loadout and the situation (issue 16 item 3), each decided in a built position:
dropped weapons laid in a pursuer's path (000:L1028), teammates sharing a target, a gunless car with a
ramplate ramming (000:L2518). The settings are rules/data/foe_tactics.toml."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.ai import decide
from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Drop, Move, Pass, SetSpeed
from rules.play.state import FIRE, GameState, RuleOptions
from rules.tables.foe_tactics import load_tactics, tactics

BUDGET = 60.0  # seconds: only a safety net; the profile's node budget sizes the search


def _game(cars: list[tuple[str, str, str, Pose, float]], seed: int = 3) -> GameState:
    setups = tuple(VehicleSetup(vid, owner, design, pose, mph) for vid, owner, design, pose, mph in cars)
    state, _ = engine.new_game(GameSetup(setups, seed=seed, options=RuleOptions(fire_step="on")))
    return state


def _to_fire(state: GameState, vid: str) -> GameState:
    """Everybody holds course (speed, straight on, pass) until vid chooses in the fire step."""
    for _ in range(400):
        who = engine.to_act(state)
        if state.step == FIRE and vid in who:
            return state
        w = who[0]
        legal = engine.legal_actions(state, w)
        hold = next((a for a in legal if isinstance(a, SetSpeed) and a.mph == state.vehicle(w).signed_speed), None)
        hold = hold or next((a for a in legal if isinstance(a, Move) and a.maneuver.kind == "straight"), None)
        hold = hold or next((a for a in legal if isinstance(a, Pass)), legal[0])
        state, _ = engine.apply(state, hold)
    raise AssertionError(f"{vid} never came to the fire step")


def _fire_choice(chaser: Pose) -> object:
    state = _to_fire(_game([("A", "a", "Firecracker", Pose.at(50, 50, 90), 30),
                            ("B", "b", "Killer Kart", chaser, 30)]), "A")
    legal = engine.legal_actions(state, "A")
    assert any(isinstance(a, Drop) for a in legal)
    return decide(state, "A", legal, "veteran", BUDGET)[0]


def test_it_lays_spikes_in_a_pursuers_path_6_inches_back_000_L1028() -> None:
    """A Killer Kart 6" straight behind the Firecracker on its line: the spikes land behind the car
    (000:L1028), where the pursuer will drive in this turn, so the foe drops them (the old 4" rule held on)."""
    assert isinstance(_fire_choice(Pose.at(44, 50, 90)), Drop)


def test_it_keeps_its_spikes_from_a_car_crossing_behind_000_L1028() -> None:
    """A Killer Kart close behind but driving across the Firecracker's back (at right angles, 2" off the
    spot the spikes would land on): it would not drive over them, so the foe keeps them (the old rule,
    anything within 4" and 45 degrees of the tail, dropped them); farther out of its way likewise."""
    assert isinstance(_fire_choice(Pose.at(48.5, 51.5, 0)), Pass)
    assert isinstance(_fire_choice(Pose.at(45, 53, 90)), Pass)   # parallel, 3" to the side: misses it


def test_bad_tactics_files_name_the_place(tmp_path: Path) -> None:
    assert tactics().drop.reach > 0 and tactics().team_reach > 0
    bad = tmp_path / "t.toml"
    bad.write_text("[drop]\nreach = -1\ncone = 45\nlateral = 1\nturns = 1\n[team]\nreach = 10\n")
    with pytest.raises(DataError, match="reach"):
        load_tactics(bad)
    bad.write_text("[drop]\nreach = 5\ncone = 45\nlateral = 1\nturns = 1\nlaterl = 2\n[team]\nreach = 10\n")
    with pytest.raises(DataError, match="laterl"):
        load_tactics(bad)
