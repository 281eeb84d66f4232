"""Rocket boosters fired in play (000:L2649-L2659; reading AU12): a burn at the start of the phase it is
fired in and in that phase of each later turn until the rocket is spent, a hazard of D1 per 10 mph
(rounded up), the driver's firing action, the frame at risk over the chassis' limit."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.core.dice import ScriptedDice
from rules.core.events import BoosterBurned, ControlRolled, FrameBent
from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Boost, SetSpeed, parse
from rules.play.state import SPEED, GameState
from rules.vehicles.design import AccessoryEntry, dumps_design, load_stock
from rules.vehicles.figures import figures
from rules.vehicles.spec import Booster
from rules.vehicles.starting_sheet import spec


def _mauler(facing: str = "back") -> object:
    """The Mauler with 200 lb of rocket burning 100 lb a turn behind (two burns), or in front 100 lb
    burning all at once (a front weapon leaves room for one space)."""
    d = load_stock("Mauler")
    lb = 200 if facing == "back" else 100
    d = replace(d, accessories=d.accessories + (AccessoryEntry("rocket_booster", facing=facing, lb=lb, burn=100),))
    assert figures(d).errors == []
    return d


def _game(tmp_path: Path, facing: str = "back", mph: float = 40) -> GameState:
    path = tmp_path / f"mauler_{facing}.toml"
    path.write_text(dumps_design(_mauler(facing)))   # type: ignore[arg-type]
    setup = GameSetup((VehicleSetup("Red", "red", str(path), Pose.at(0, 0, 0), mph),
                       VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(-60, 0, 0), 0)), seed=5)
    return engine.new_game(setup)[0]


def _keep_speeds(state: GameState, until_phase: int, turn: int) -> GameState:
    """Everyone keeps his speed (and moves straight) until the speed step of that turn and phase."""
    from rules.driving.maneuvers import Maneuver
    from rules.play.actions import Move
    while not (state.turn == turn and state.phase == until_phase and state.step == SPEED):
        vid = engine.to_act(state)[0]
        v = state.vehicle(vid)
        a = SetSpeed(vid, v.signed_speed) if state.step == SPEED else Move(vid, Maneuver("straight"))
        state, _ = engine.apply(state, a, ScriptedDice([], fallback_seed=2))
    return state


def test_a_booster_burn_is_pounds_times_1000_over_weight_000_L2650() -> None:
    d = _mauler()
    (b,) = spec(d).boosters            # type: ignore[arg-type]
    assert b.id == "rocket_booster" and b.turns == 2 and b.frame_risk == 0
    assert b.mph == pytest.approx(100 * 1000 / figures(d).weight)   # type: ignore[arg-type]


def test_firing_a_booster_speeds_the_car_up_at_once_with_a_d2_hazard_000_L2651_L2657_L2659(tmp_path: Path) -> None:
    """A 17.4 mph burn (rounded down to 15 on the chart's 2.5-mph steps) takes the car from 40 to 55 mph
    in the phase it is fired; the burn is a D2 hazard (17.4 rounded up to 20: 000:L2659); it is the
    driver's firing action (000:L2651); the speed step still asks for the car's speed change."""
    state = _game(tmp_path)
    act = Boost("Red", "rocket_booster")
    assert act in engine.legal_actions(state, "Red") and parse(str(act)) == act
    state, events = engine.apply(state, act, ScriptedDice([6], fallback_seed=1))
    (burn,) = [e for e in events if isinstance(e, BoosterBurned)]
    assert (burn.mph, burn.speed, burn.burns_left) == (15, 55, 1)
    (roll,) = [e for e in events if isinstance(e, ControlRolled) and e.vehicle == "Red"]
    assert roll.difficulty == 2 and roll.speed == 55
    red = state.vehicle("Red")
    assert red.speed == 55 and "driver" in red.fire_acted
    assert "Red" in engine.to_act(state) and act not in engine.legal_actions(state, "Red")
    assert SetSpeed("Red", 55) in engine.legal_actions(state, "Red")


def test_it_burns_again_in_the_same_phase_next_turn_then_is_spent_000_L2657(tmp_path: Path) -> None:
    state = _game(tmp_path)
    state = _keep_speeds(state, 2, 1)
    state, _ = engine.apply(state, Boost("Red", "rocket_booster"), ScriptedDice([6], fallback_seed=1))
    assert state.vehicle("Red").speed == 55
    state = _keep_speeds(state, 1, 2)
    assert state.vehicle("Red").speed == 55          # phase 1 of turn 2: nothing burns
    before = len(state.vehicle("Red").boosts)
    state = _keep_speeds(state, 2, 2)
    assert state.vehicle("Red").speed == 70 and state.vehicle("Red").boosts == (("rocket_booster", 2, 1, 2),)
    assert before == 1
    state = _keep_speeds(state, 2, 3)
    assert state.vehicle("Red").speed == 70           # burnt out: turn 3 adds nothing
    assert not [a for a in engine.legal_actions(state, "Red") if isinstance(a, Boost)]


def test_a_front_booster_slows_the_car_000_L2650(tmp_path: Path) -> None:
    state = _game(tmp_path, "front")
    state, events = engine.apply(state, Boost("Red", "rocket_booster"), ScriptedDice([6], fallback_seed=1))
    assert [e.speed for e in events if isinstance(e, BoosterBurned)] == [22.5]   # 17.7 mph -> 17.5 off 40
    (roll,) = [e for e in events if isinstance(e, ControlRolled) and e.vehicle == "Red"]
    assert roll.speed == 40     # slowing, like braking, rolls at the speed it had (000:L233)


def test_a_burn_over_the_chassis_limit_may_bend_the_frame_000_L2656(tmp_path: Path) -> None:
    state = _game(tmp_path)
    red = state.vehicle("Red")
    risky = replace(red.spec, boosters=(Booster("rocket_booster", "back", 17.4, 2, frame_risk=2),))
    state = state.with_vehicle(replace(red, spec=risky))
    # D2 at 55 mph with handling status 3 needs no control die: the first die is the frame's
    bent, _ = engine.apply(state, Boost("Red", "rocket_booster"), ScriptedDice([2], fallback_seed=1))
    assert bent.vehicle("Red").frame_bent and bent.vehicle("Red").steering_lost
    kept, events = engine.apply(state, Boost("Red", "rocket_booster"), ScriptedDice([3], fallback_seed=1))
    assert not kept.vehicle("Red").frame_bent and not [e for e in events if isinstance(e, FrameBent)]


def test_a_driver_who_fired_this_turn_cannot_trigger_it_000_L2651(tmp_path: Path) -> None:
    state = _game(tmp_path)
    red = state.vehicle("Red")
    state = state.with_vehicle(replace(red, fire_acted=("driver",)))
    assert not [a for a in engine.legal_actions(state, "Red") if isinstance(a, Boost)]
    assert "firing action" in str(engine.check(state, Boost("Red", "rocket_booster")))
