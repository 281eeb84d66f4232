"""The sequence of play through the engine contract (reference/movement.md §5, §6.1 items 3, 8-12):
move order, deceleration hazards, reflexes, end-of-turn recovery and the handling track in play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.dice import ScriptedDice, die_from_seed
from rules.core.events import (
    ControlRolled,
    CrashRolled,
    DiceRolled,
    Event,
    HandlingChanged,
    Moved,
    TireDamaged,
)
from rules.core.geometry import Pose
from rules.driving.maneuvers import Maneuver
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Move, SetSpeed
from rules.play.state import MOVE, SPEED, GameState

CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=10"


def calm_seed(n: int, *, below: int = 5) -> int:
    """A seed whose first n dice are all under `below`: no reflex bonus for any driver (000:L158)."""
    return next(s for s in range(1, 10_000) if all(die_from_seed(s, i) < below for i in range(n)))


def start(*cars: tuple[str, float, float], seed: int | None = None, design: str = CAR, skill: int = 0) -> GameState:
    """Cars (id, x, speed) facing north, 10" apart so they never meet; each has its own owner."""
    seed = calm_seed(len(cars), below=5 - skill) if seed is None else seed
    vs = tuple(VehicleSetup(vid, vid, design, Pose.at(x, 0, 0), speed=mph, driver_skill=skill) for vid, x, mph in cars)
    return engine.new_game(GameSetup(vs, seed=seed))[0]


def straight(state: GameState, vid: str) -> Move:
    return Move(vid, Maneuver("straight", reverse=state.vehicle(vid).reverse))


def default(state: GameState) -> SetSpeed | Move:
    """The quiet choice for whoever acts now: keep the speed, drive straight."""
    vid = engine.to_act(state)[0]
    if state.step == SPEED:
        return SetSpeed(vid, state.vehicle(vid).signed_speed)
    return straight(state, vid)


def run_until(state: GameState, done, log: list[Event] | None = None, limit: int = 500) -> GameState:
    """Make the quiet choice for everyone until `done(state)` holds."""
    for _ in range(limit):
        if done(state):
            return state
        state, events = engine.apply(state, default(state))
        if log is not None:
            log.extend(events)
    raise AssertionError("the situation was never reached")


def at(turn: int, phase: int, step: str, vid: str | None = None):
    def done(s: GameState) -> bool:
        if (s.turn, s.phase, s.step) != (turn, phase, step):
            return False
        return vid is None or vid in engine.to_act(s)
    return done


def control_events(events: list[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, ControlRolled)]


# --- §6.1 item 8: move order ------------------------------------------------------------------------


def test_phase_3_movers_go_fastest_first_80_60_30_000_L138():
    state = start(("slow", 0, 30), ("mid", 10, 60), ("fast", 20, 80))
    log: list[Event] = []
    state = run_until(state, at(1, 3, MOVE))
    assert state.movers == ("fast", "mid", "slow")
    state = run_until(state, lambda s: s.phase == 4, log)
    moved = [e.vehicle for e in log if isinstance(e, Moved)]
    assert moved[0] == "fast" and moved.index("mid") > moved.index("fast") and moved.index("slow") > moved.index("mid")
    assert moved[-1] == "slow"


def test_a_vehicle_with_no_movement_this_phase_is_not_called_000_L142():
    state = start(("slow", 0, 30), ("fast", 20, 80))
    state = run_until(state, at(1, 2, MOVE))
    assert state.movers == ("fast",)  # 30 mph has nothing in phase 2


def _seed_where(first_better: bool) -> int:
    """A seed whose reflex dice (A's, then B's) differ, with B's better unless `first_better`."""
    for s in range(1, 10_000):
        a, b = die_from_seed(s, 0), die_from_seed(s, 1)
        if a != b and (a > b) == first_better:
            return s
    raise AssertionError


@pytest.mark.parametrize("a_better", [True, False])
def test_equal_speeds_the_better_reflex_roll_moves_first_000_L140(a_better):
    state = start(("A", 0, 40), ("B", 10, 40), seed=_seed_where(a_better))
    a, b = state.vehicle("A").reflex_roll, state.vehicle("B").reflex_roll
    assert (a > b) == a_better
    state = run_until(state, at(1, 1, MOVE))
    assert state.movers == (("A", "B") if a_better else ("B", "A"))
    assert engine.to_act(state) == [state.movers[0]]


# --- §6.1 item 9: deceleration hazards (000:L146-L154, L233) -------------------------------------------


def brake(state: GameState, vid: str, mph: float, faces: list[int]) -> tuple[GameState, list[Event]]:
    state = run_until(state, at(state.turn, state.phase, SPEED, vid))
    dice = ScriptedDice(faces)
    new, events = engine.apply(state, SetSpeed(vid, mph), dice)
    assert dice.remaining == 0, "every scripted die is used"
    return new, events


def test_braking_10_mph_is_no_hazard_000_L147():
    state, events = brake(start(("A", 0, 60)), "A", 50, [])
    assert control_events(events) == []
    assert state.vehicle("A").hs == 2 and state.vehicle("A").speed == 50


@pytest.mark.parametrize(("to", "d"), [(45, 1), (40, 2), (35, 3), (30, 5)])
def test_braking_lowers_the_track_by_its_D_000_L148_L151(to, d):
    state, events = brake(start(("A", 0, 60)), "A", to, [6] if 2 - d <= -2 else [])
    (ctl,) = control_events(events)
    assert ctl.difficulty == d
    assert state.vehicle("A").hs == 2 - d


def test_braking_control_roll_is_made_at_the_original_speed_000_L233():
    """60 -> 30 is D5: HS 2 -> -3. At 60 mph -3 needs 3+; at the new 30 mph it would be safe."""
    state, events = brake(start(("A", 0, 60)), "A", 30, [3])
    (ctl,) = control_events(events)
    assert ctl.need == "3" and ctl.kept
    assert "at 60 mph" in ctl.text
    dice = [e for e in events if isinstance(e, DiceRolled)]
    assert dice and dice[0].faces == (3,)
    assert state.vehicle("A").pending == ()


def test_losing_control_while_braking_rolls_crash_table_1_with_the_original_speed_modifier_000_L146_L314():
    """Die 2 misses the 3+; Crash Table 1 gets +1 (60 mph) and D5-3 = +2 (000:L313): 1+1+3 = 5, moderate skid."""
    state, events = brake(start(("A", 0, 60)), "A", 30, [2, 1, 1])
    (crash,) = [e for e in events if isinstance(e, CrashRolled)]
    assert crash.table == 1
    assert crash.roll == 1 + 1 + 1 + 2
    assert crash.result == "moderate_skid"
    # it moves this phase, so the result plays out in this phase's movement (000:L136, L316)
    moved = [e.text for e in events if isinstance(e, Moved)]
    assert moved[0].startswith('moderate skid: skids 0.75"')
    assert state.vehicle("A").speed == 20  # 30 - 10 for the moderate skid


def test_braking_35_mph_is_D7_and_two_hits_on_every_tire_000_L152():
    state, events = brake(start(("A", 0, 60)), "A", 25, [4])  # HS 2-7 = -5 at 60 mph: 4+
    (ctl,) = control_events(events)
    assert (ctl.difficulty, ctl.need, ctl.kept) == (7, "4", True)
    assert [t.dp for t in state.vehicle("A").sheet.tires] == [2, 2, 2, 2]
    assert len([e for e in events if isinstance(e, TireDamaged)]) == 4


def test_braking_40_mph_is_D9_and_1d_on_every_tire_000_L153():
    design = CAR.replace("tire=4", "tire=12")
    state, events = brake(start(("A", 0, 60), design=design), "A", 20, [5, 1, 2, 3, 4])
    (ctl,) = control_events(events)
    assert (ctl.difficulty, ctl.hs, ctl.need) == (9, -6, "5")  # the track stops at -6
    assert [t.dp for t in state.vehicle("A").sheet.tires] == [11, 10, 9, 8]


def test_braking_45_mph_is_D11_and_1d_plus_3_on_every_tire_000_L153():
    design = CAR.replace("tire=4", "tire=12")
    state, events = brake(start(("A", 0, 60), design=design), "A", 15, [6, 1, 1, 2, 2])
    (ctl,) = control_events(events)
    assert ctl.difficulty == 11
    assert [t.dp for t in state.vehicle("A").sheet.tires] == [8, 8, 7, 7]


def test_braking_50_mph_is_refused_without_special_devices_000_L154():
    state = run_until(start(("A", 0, 60)), at(1, 1, SPEED, "A"))
    problem = engine.check(state, SetSpeed("A", 10))
    assert problem and "45" in problem and "000:L154" in problem
    assert SetSpeed("A", 10) not in engine.legal_actions(state, "A")
    assert SetSpeed("A", 15) in engine.legal_actions(state, "A")


def test_speed_changes_once_per_turn_000_L136():
    state, _ = brake(start(("A", 0, 60), ("B", 10, 60)), "A", 50, [])
    state = run_until(state, at(1, 2, SPEED))
    assert "A" not in engine.to_act(state)
    assert engine.check(state, SetSpeed("A", 40))
    state = run_until(state, at(2, 1, SPEED, "A"))
    assert engine.check(state, SetSpeed("A", 40)) is None


def test_acceleration_is_limited_by_the_design_000_L144():
    state = run_until(start(("A", 0, 60)), at(1, 1, SPEED, "A"))
    assert engine.check(state, SetSpeed("A", 70)) is None
    problem = engine.check(state, SetSpeed("A", 72.5))
    assert problem and "accelerates at most 10" in problem


# --- §6.1 item 10: reflexes at set-up (000:L158-L159) ---------------------------------------------------


def _seed_with_first_die(face: int) -> int:
    return next(s for s in range(1, 10_000) if die_from_seed(s, 0) == face)


@pytest.mark.parametrize(("die", "skill", "bonus"), [(5, 0, 1), (6, 0, 2), (4, 2, 2), (3, 1, 0), (4, 0, 0)])
def test_reflex_roll_at_new_game_raises_hc_and_the_starting_status_000_L158_L159(die, skill, bonus):
    seed = _seed_with_first_die(die)
    setup = GameSetup((VehicleSetup("A", "a", CAR, Pose.at(0, 0, 0), speed=30, driver_skill=skill),), seed=seed)
    state, events = engine.new_game(setup)
    v = state.vehicle("A")
    assert (v.reflex_roll, v.reflex_bonus) == (die + skill, bonus)
    assert v.hc == 2 + bonus and v.hs == 2 + bonus  # the track starts at the modified HC (000:L165)
    rolled = [e for e in events if isinstance(e, DiceRolled) and e.vehicle == "A"]
    assert rolled[0].faces == (die,) and rolled[0].rule == "000:L158"


# --- §6.1 item 11: end-of-turn recovery (000:L169-L170) --------------------------------------------------


def end_of_turn_hs(state: GameState, vid: str) -> tuple[int, list[Event]]:
    log: list[Event] = []
    state = run_until(state, lambda s: s.turn == 2, log)
    return state.vehicle(vid).hs, [e for e in log if isinstance(e, HandlingChanged)]


def test_hc_2_driver_plus_1_recovers_3_from_minus_4_000_L169_L170():
    """Brake 60 -> 30 (D5, HS -3), then drift (D1, HS -4, safe at 30 mph); the turn ends at -1."""
    state, _ = brake(start(("A", 0, 60), skill=1), "A", 30, [6])
    state = run_until(state, at(1, 1, MOVE, "A"))
    state, events = engine.apply(state, Move("A", Maneuver("drift", "right", 0.25)))
    assert state.vehicle("A").hs == -4 and not [e for e in events if isinstance(e, DiceRolled)]
    hs, handling = end_of_turn_hs(state, "A")
    assert hs == -1
    assert handling[0].text == "handling status recovers -4 -> -1" and handling[0].rule == "000:L169-L170"


def test_recovery_never_rises_above_hc_000_L170():
    state = run_until(start(("A", 0, 30)), at(1, 1, MOVE, "A"))
    state, _ = engine.apply(state, Move("A", Maneuver("drift", "left", 0.25)))
    assert state.vehicle("A").hs == 1
    assert end_of_turn_hs(state, "A")[0] == 2


def test_hc_0_without_skill_still_recovers_1_000_L170():
    design = "generic kind=car hc=0 accel=10 top=100 weight=3000 tire=20 armor=10"
    state, _ = brake(start(("A", 0, 50), design=design), "A", 5, [5, 1, 1, 1, 1])
    assert state.vehicle("A").hs == -6
    assert end_of_turn_hs(state, "A")[0] == -5


# --- §6.1 item 12: the handling track over three phases (000:L188-L190) ----------------------------------


def test_60_mph_hc_2_drift_steep_drift_drift_000_L188_L190():
    state = run_until(start(("A", 0, 60)), at(1, 1, MOVE, "A"))
    state, ev1 = engine.apply(state, Move("A", Maneuver("drift", "right", 0.25)), ScriptedDice([]))
    (c1,) = control_events(ev1)
    assert (c1.hs, c1.need) == (1, "safe")
    assert not [e for e in ev1 if isinstance(e, DiceRolled)]

    state = run_until(state, at(1, 2, MOVE, "A"))
    state, ev2 = engine.apply(state, Move("A", Maneuver("steep_drift", "left", 0.5)), ScriptedDice([2]))
    (c2,) = control_events(ev2)
    assert (c2.hs, c2.need, c2.kept) == (-2, "2", True)

    state = run_until(state, at(1, 3, MOVE, "A"))
    state, ev3 = engine.apply(state, Move("A", Maneuver("drift", "right", 0.25)), ScriptedDice([3]))
    (c3,) = control_events(ev3)
    assert (c3.hs, c3.need, c3.kept) == (-3, "3", True)
    assert state.vehicle("A").hs == -3


# --- §6.1 item 3: no maneuver on a half-move (000:L107) ---------------------------------------------------


def _about_to_move(state: GameState, vid: str, increments: tuple[float, ...], maneuvered: bool = False) -> GameState:
    """The state at the moment `vid` makes its next move of the phase (the engine plays moves with
    nothing to decide by itself, so such a moment is built by hand to ask check())."""
    v = replace(state.vehicle(vid), increments=increments, maneuvered=maneuvered, moved_this_phase=True)
    return replace(state.with_vehicle(v), step=MOVE, movers=(vid,))


def test_the_half_move_may_not_include_a_maneuver_000_L107():
    """15 mph moves 1/2" in phase 3: check() refuses a drift or a bend there, and the engine plays the
    half-move straight by itself because there is nothing to choose."""
    state = run_until(start(("A", 0, 15)), at(1, 3, SPEED))
    y0 = state.vehicle("A").pose.y
    moment = _about_to_move(state, "A", (0.5,))
    for m in (Maneuver("drift", "right", 0.25), Maneuver("bend", "left", 15)):
        problem = engine.check(moment, Move("A", m))
        assert problem and "000:L107" in problem
    assert engine.check(moment, Move("A", Maneuver("straight"))) is None
    assert {a.maneuver.kind for a in engine.legal_actions(moment, "A") if isinstance(a, Move)} == {"straight"}
    state, events = engine.apply(state, SetSpeed("A", 15))
    assert state.vehicle("A").pose.y == pytest.approx(y0 - 0.5)  # north is -y
    assert [e.what for e in events if isinstance(e, Moved)] == ['0.5" straight']


def test_a_half_move_off_the_grid_is_played_straight_without_asking_000_L107():
    """Facing 30 degrees there is nothing to even out, so the only choice is made for the player."""
    setup = GameSetup((VehicleSetup("A", "a", CAR, Pose.at(0, 0, 30), speed=15),), seed=calm_seed(1))
    state = run_until(engine.new_game(setup)[0], at(1, 3, SPEED))
    state, events = engine.apply(state, SetSpeed("A", 15))  # the last decision before phase 4
    assert (state.phase, state.step) == (4, SPEED)
    assert [e.what for e in events if isinstance(e, Moved)] == ['0.5" straight']


def test_one_maneuver_per_phase_000_L135():
    """60 mph moves 2" in phase 1: after a drift on the first inch the second is played straight by
    itself, and check() refuses a second maneuver in the phase."""
    state = run_until(start(("A", 0, 60)), at(1, 1, MOVE, "A"))
    y0 = state.vehicle("A").pose.y
    state, events = engine.apply(state, Move("A", Maneuver("drift", "right", 0.25)))
    moved = [e.what for e in events if isinstance(e, Moved) and e.vehicle == "A"]
    assert moved == ["drift right 0.25", "straight"]
    assert state.vehicle("A").pose.y == pytest.approx(y0 - 2)
    moment = _about_to_move(state, "A", (1.0,), maneuvered=True)
    problem = engine.check(moment, Move("A", Maneuver("drift", "right", 0.25)))
    assert problem and "000:L135" in problem
    assert [a for a in engine.legal_actions(moment, "A") if isinstance(a, Move)] == [Move("A", Maneuver("straight"))]
