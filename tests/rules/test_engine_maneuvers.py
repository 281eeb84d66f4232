"""Maneuvers played through the engine (reference/movement.md §6.1 items 15-21): controlled skids,
the bootlegger reverse, the T-stop's whole slide, the 5-mph pivot and reverse movement."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.dice import ScriptedDice, die_from_seed
from rules.core.events import (
    ControlRolled,
    CrashIgnored,
    CrashMotion,
    CrashRolled,
    DiceRolled,
    Event,
    Moved,
    PhaseBegan,
    SlowedTo,
    SpeedChanged,
    TireDamaged,
)
from rules.core.geometry import Pose, forward
from rules.driving.maneuvers import Maneuver
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Move, SetSpeed
from rules.play.state import MOVE, SPEED, GameState

CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=10"
CYCLE = "generic kind=cycle hc=2 accel=10 top=100 weight=600 tire=4 armor=10"

CRASH = (CrashRolled, CrashMotion, CrashIgnored)      # everything a crash result logs
SPEED_EVENTS = (SpeedChanged, SlowedTo)


def calm_seed(n: int) -> int:
    """A seed whose first n dice are all under 5: no reflex bonus for any driver (000:L158)."""
    return next(s for s in range(1, 10_000) if all(die_from_seed(s, i) < 5 for i in range(n)))


def start(*cars: tuple[str, float, float], design: str = CAR, facing: float = 0) -> GameState:
    """Cars (id, x, speed) 10" apart so they never meet; each has its own owner; HS starts at HC."""
    vs = tuple(VehicleSetup(vid, vid, design, Pose.at(x, 0, facing), speed=mph) for vid, x, mph in cars)
    return engine.new_game(GameSetup(vs, seed=calm_seed(len(cars))))[0]


def default(state: GameState) -> SetSpeed | Move:
    vid = engine.to_act(state)[0]
    v = state.vehicle(vid)
    if state.step == SPEED:
        return SetSpeed(vid, v.signed_speed)
    return Move(vid, Maneuver("straight", reverse=v.reverse))


def run_until(state: GameState, done, log: list[Event] | None = None, limit: int = 500) -> GameState:
    for _ in range(limit):
        if done(state):
            return state
        state, events = engine.apply(state, default(state))
        if log is not None:
            log.extend(events)
    raise AssertionError("the situation was never reached")


def at(turn: int, phase: int, step: str, vid: str | None = None):
    def done(s: GameState) -> bool:
        return (s.turn, s.phase, s.step) == (turn, phase, step) and (vid is None or vid in engine.to_act(s))
    return done


def maneuver(state: GameState, vid: str, m: Maneuver, faces: list[int]) -> tuple[GameState, list[Event]]:
    dice = ScriptedDice(faces)
    new, events = engine.apply(state, Move(vid, m), dice)
    assert dice.remaining == 0, "every scripted die is used"
    return new, events


def of(events: list[Event], kind: type[Event] | tuple[type[Event], ...]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def dps(state: GameState, vid: str) -> list[int]:
    return [t.dp for t in state.vehicle(vid).sheet.tires]


# --- §6.1 items 15/16: controlled skids (000:L211-L218) -------------------------------------------------


def test_controlled_skid_plays_on_the_next_move_along_the_old_travel_then_straight_000_L212():
    """60 mph, phase 1 has two inches: bend right 30 with a 3/4" skid on the first; on the second the car
    skids 3/4" north (its travel before the bend) without turning, then 1/4" along its nose."""
    state = run_until(start(("A", 0, 60)), at(1, 1, MOVE, "A"))
    state, events = maneuver(state, "A", Maneuver("bend", "right", degrees=30, skid=0.75), [3])
    (ctl,) = of(events, ControlRolled)
    assert (ctl.difficulty, ctl.hs, ctl.need) == (2 + 3, -3, "3")
    moved = of(events, Moved)
    after_bend = moved[0].path[-1]
    assert moved[1].text.startswith('controlled skid 0.75"') and moved[2].text.startswith("straight on")
    skid_end = moved[1].path[-1]
    assert (skid_end.x, skid_end.y, skid_end.facing) == pytest.approx(
        (after_bend.x, after_bend.y - 0.75, 30), abs=1e-3)  # north is -y
    end = state.vehicle("A").pose
    nose = forward(30)
    assert (end.x, end.y, end.facing) == pytest.approx(
        (skid_end.x + 0.25 * nose.x, skid_end.y + 0.25 * nose.y, 30), abs=2e-3)


@pytest.mark.parametrize(("skid", "extra_d", "aimed", "decel", "hits"), [
    (0.25, 1, -1, 0, 0),
    (0.5, 2, -3, 5, 0),
    (0.75, 3, -6, 5, 1),   # the deceleration is missing from the text; 5 mph is the reference's reading
    (1.0, 4, -99, 10, 2),  # -99: no aimed fire for the rest of the turn
])
def test_controlled_skid_costs_000_L214_L218(skid, extra_d, aimed, decel, hits):
    state = run_until(start(("A", 0, 60)), at(1, 1, MOVE, "A"))
    # bend 15 (D1) + the skid from HS 2 at 60 mph: a roll only from HS -2 down
    state, events = maneuver(state, "A", Maneuver("bend", "right", degrees=15, skid=skid), [6] if extra_d >= 3 else [])
    assert of(events, ControlRolled)[0].difficulty == 1 + extra_d
    v = state.vehicle("A")
    assert v.aimed_fire == aimed
    assert dps(state, "A") == [4 - hits] * 4
    tire_events = of(events, TireDamaged)
    assert len(tire_events) == (4 if hits else 0)
    assert all(e.rule == "000:L216-L218" for e in tire_events)
    # the skid played on the phase's second inch; its deceleration landed as phase 2 began (000:L218)
    assert (state.phase, state.step) == (2, SPEED)
    assert v.speed == 60 - decel
    assert [e.rule for e in of(events, SPEED_EVENTS)] == (["000:L215-L218"] if decel else [])


def test_controlled_skid_decelerates_only_at_the_start_of_the_next_phase_000_L218():
    """50 mph moves one inch a phase: a bend with a 1/2" skid in phase 1 skids on phase 2's move,
    and the 5 mph comes off at the start of phase 3."""
    state = run_until(start(("A", 0, 50), ("B", 10, 50)), at(1, 1, MOVE, "A"))
    state, _ = maneuver(state, "A", Maneuver("bend", "left", degrees=15, skid=0.5), [])  # D3: HS -1, safe
    state = run_until(state, at(1, 2, MOVE))
    assert state.vehicle("A").pending[0].kind == "controlled_skid"
    assert state.vehicle("A").speed == 50
    log: list[Event] = []
    state = run_until(state, at(1, 3, SPEED), log)
    skid = next(i for i, e in enumerate(log) if e.text.startswith('controlled skid 0.5"'))
    slowed = next(i for i, e in enumerate(log) if isinstance(e, (SpeedChanged, SlowedTo)) and e.vehicle == "A")
    phase_3 = next(i for i, e in enumerate(log) if isinstance(e, PhaseBegan) and e.text == "phase 3")
    assert skid < phase_3 < slowed  # skidded in phase 2 at 50 mph, slowed as phase 3 began
    assert state.vehicle("A").speed == 45


def test_a_controlled_skid_lost_to_a_failed_roll_becomes_a_crash_000_L213():
    """The control roll is made after the bend, before the skid; failing it queues a crash result
    instead of the skid."""
    state = run_until(start(("A", 0, 60)), at(1, 1, MOVE, "A"))
    state, events = maneuver(state, "A", Maneuver("bend", "right", degrees=30, skid=0.75), [2, 1, 1])
    assert of(events, ControlRolled)[0].kept is False
    assert of(events, CRASH)[0].table == 1
    assert not any(e.text.startswith("controlled skid") for e in of(events, Moved))


# --- §6.1 items 17/18: the bootlegger reverse (000:L221-L225) ------------------------------------------


def bootlegger_offered(state: GameState, vid: str) -> bool:
    return any(isinstance(a, Move) and a.maneuver.kind == "bootlegger" for a in engine.legal_actions(state, vid))


@pytest.mark.parametrize("mph", [20, 35])
def test_bootlegger_allowed_from_20_to_35_mph_at_the_start_of_the_turn_000_L222(mph):
    state = run_until(start(("A", 0, mph)), at(1, 1, MOVE, "A"))
    assert engine.check(state, Move("A", Maneuver("bootlegger", "left"))) is None
    assert bootlegger_offered(state, "A")


@pytest.mark.parametrize("mph", [15, 40])
def test_bootlegger_refused_outside_20_to_35_mph_000_L222(mph):
    state = run_until(start(("A", 0, mph)), at(1, 1, MOVE, "A"))
    problem = engine.check(state, Move("A", Maneuver("bootlegger", "left")))
    assert problem and "000:L222" in problem
    assert not bootlegger_offered(state, "A")


def test_bootlegger_refused_after_slowing_to_35_in_the_same_turn_000_L222():
    state = run_until(start(("A", 0, 40)), at(1, 1, SPEED, "A"))
    state, _ = engine.apply(state, SetSpeed("A", 35))
    state = run_until(state, at(1, 1, MOVE, "A"))
    assert state.vehicle("A").speed == 35
    problem = engine.check(state, Move("A", Maneuver("bootlegger", "right")))
    assert problem and "began the turn at 40" in problem
    assert not bootlegger_offered(state, "A")


def test_a_cycle_cannot_bootlegger_000_L225():
    state = run_until(start(("A", 0, 30), design=CYCLE), at(1, 1, MOVE, "A"))
    problem = engine.check(state, Move("A", Maneuver("bootlegger", "right")))
    assert problem and "000:L225" in problem
    assert not bootlegger_offered(state, "A")


def test_bootlegger_success_stops_facing_back_on_the_next_movement_000_L223():
    """D7 from HS 2 -> -5 at 30 mph (2+); each tire loses 1 at once; on its next movement phase (3)
    the car comes round, stops at 0 mph facing 180 degrees from where it started."""
    state = run_until(start(("A", 0, 30)), at(1, 1, MOVE, "A"))
    state, events = maneuver(state, "A", Maneuver("bootlegger", "right"), [2])
    (ctl,) = of(events, ControlRolled)
    assert (ctl.difficulty, ctl.hs, ctl.need, ctl.kept) == (7, -5, "2", True)
    assert dps(state, "A") == [3, 3, 3, 3]
    assert state.vehicle("A").aimed_fire == -99  # no aimed fire once the J-turn has begun (000:L225)
    assert state.vehicle("A").speed == 30
    log = list(events)
    state = run_until(state, at(2, 1, SPEED), log)
    finish = [e for e in log if isinstance(e, Moved) and "bootlegger" in e.what][1:]
    assert len(finish) == 1
    phase_of_finish = sum(1 for e in log[: log.index(finish[0])] if isinstance(e, PhaseBegan)) + 1
    assert phase_of_finish == 3
    v = state.vehicle("A")
    assert v.speed == 0 and v.pose.facing == 180 and not v.reverse


def test_bootlegger_lost_control_rolls_crash_table_1_000_L224():
    state = run_until(start(("A", 0, 30)), at(1, 1, MOVE, "A"))
    state, events = maneuver(state, "A", Maneuver("bootlegger", "right"), [1, 1, 1])
    assert of(events, ControlRolled)[0].kept is False
    assert of(events, CRASH)[0].table == 1
    assert dps(state, "A") == [3, 3, 3, 3]  # the tire damage happens either way
    assert all(p.kind != "bootlegger_finish" for p in state.vehicle("A").pending)


# --- §6.1 items 19/71: the T-stop (000:L226-L229) --------------------------------------------------------


def slide_speeds(log: list[Event]) -> list[float]:
    """Speeds after each T-stop inch, from the speed events."""
    out = []
    for e in log:
        if isinstance(e, SlowedTo) and e.vehicle == "A" and e.rule == "000:L227":  # the T-stop's own slowing
            out.append(e.speed)
    return out


def test_t_stop_from_60_slides_40_20_0_over_3_inches_with_3_hits_a_tire_000_L227_L228():
    state = run_until(start(("A", 0, 60)), at(1, 1, MOVE, "A"))
    state, events = maneuver(state, "A", Maneuver("t_stop", "right"), [4])
    (ctl,) = of(events, ControlRolled)
    assert (ctl.difficulty, ctl.hs, ctl.need) == (6, -4, "4")
    assert "at 60 mph" in ctl.text  # the roll is made when the maneuver begins
    log = list(events)
    state = run_until(state, at(2, 1, SPEED), log)
    assert slide_speeds(log) == [40, 20, 0]
    v = state.vehicle("A")
    assert v.pose.facing == 90  # turned sideways
    assert v.pose.y == pytest.approx(-3) and v.pose.x == pytest.approx(0)  # 3" along the old travel, north
    assert dps(state, "A") == [1, 1, 1, 1]
    assert v.speed == 0 and v.mode == "normal"


def test_t_stop_from_50_is_D5_slides_30_10_0_with_2_hits_a_tire_000_L227_L228():
    state = run_until(start(("A", 0, 50)), at(1, 1, MOVE, "A"))
    state, events = maneuver(state, "A", Maneuver("t_stop", "left"), [6])
    assert of(events, ControlRolled)[0].difficulty == 5
    log = list(events)
    state = run_until(state, lambda s: s.vehicle("A").speed == 0, log)
    assert slide_speeds(log) == [30, 10, 0]
    assert dps(state, "A") == [2, 2, 2, 2]  # one hit per full 20 mph of the 50 lost


def test_t_stop_tire_hits_come_after_each_movement_phase_000_L228():
    state = run_until(start(("A", 0, 60)), at(1, 1, MOVE, "A"))
    state, events = maneuver(state, "A", Maneuver("t_stop", "right"), [6])
    first_phase = events[: next(i for i, e in enumerate(events) if isinstance(e, PhaseBegan))]
    assert [e.hits for e in of(first_phase, TireDamaged)] == [2, 2, 2, 2]  # 60 -> 20: 40 lost


@pytest.mark.parametrize(("skill", "extra"), [(0, 7), (1, 6)])
def test_failed_t_stop_crash_roll_gets_plus_1_per_20_mph_000_L229(skill, extra):
    """From 60: +3 (60/20) + speed modifier +1 + (D6 - 3) = +7, less the driver's skill."""
    vs = (VehicleSetup("A", "a", CAR, Pose.at(0, 0, 0), speed=60, driver_skill=skill),)
    seed = next(s for s in range(1, 10_000) if die_from_seed(s, 0) + skill < 5)
    state = run_until(engine.new_game(GameSetup(vs, seed=seed))[0], at(1, 1, MOVE, "A"))
    # control die 1, crash dice 1+1; later dice (the crash result playing out next phase, which the
    # engine runs on by itself with nobody else to decide) come from a seed
    state, events = engine.apply(state, Move("A", Maneuver("t_stop", "right")), ScriptedDice([1, 1, 1], fallback_seed=1))
    crash = of(events, CRASH)[0]
    assert crash.table == 1 and crash.roll == 2 + extra
    assert "T-stop deceleration +3" in crash.text


# --- §6.1 item 20: the pivot (000:L231) -----------------------------------------------------------------


def test_pivot_at_5_mph_turns_about_a_rear_corner_with_no_control_roll_000_L231():
    state = run_until(start(("A", 0, 5)), at(1, 1, MOVE, "A"))
    assert state.vehicle("A").increments == (0.5,)
    state, events = maneuver(state, "A", Maneuver("pivot", "right", degrees=90), [])
    assert not of(events, DiceRolled)
    v = state.vehicle("A")
    assert v.hs == 2 and v.pose.facing == 90
    # 1/4" forward, then about the right rear corner: centre (0.75, 0) (reference §6.2 item 67)
    assert (v.pose.x, v.pose.y) == pytest.approx((0.75, 0.0))


def test_pivot_is_refused_at_10_mph_000_L231():
    state = run_until(start(("A", 0, 10)), at(1, 1, MOVE, "A"))
    problem = engine.check(state, Move("A", Maneuver("pivot", "right", degrees=90)))
    assert problem and "000:L231" in problem
    assert not any(isinstance(a, Move) and a.maneuver.kind == "pivot" for a in engine.legal_actions(state, "A"))



def test_pivots_are_offered_at_every_notch_of_the_key_both_ways_000_L231():
    """"Any amount in any direction" (000:L231), read as the key's 15-degree notches up to a
    half-turn (RULES-DEVIATIONS M21): the angles come from the maneuver table."""
    from rules.tables.movement import tables

    state = run_until(start(("A", 0, 5)), at(1, 1, MOVE, "A"))
    pivots = [a.maneuver for a in engine.legal_actions(state, "A") if isinstance(a, Move) and a.maneuver.kind == "pivot"]
    want = tables().maneuvers.pivot_degrees
    assert want == tuple(range(15, 181, 15))
    for side in ("left", "right"):
        assert sorted(m.degrees for m in pivots if m.side == side and not m.reverse) == list(want)

# --- §6.1 item 21: reverse (000:L236-L238) --------------------------------------------------------------


def test_reverse_top_speed_is_a_third_of_top_speed_000_L237():
    design = CAR.replace("top=100", "top=90").replace("accel=10", "accel=15")
    state = run_until(start(("A", 0, -20), design=design), at(1, 1, SPEED, "A"))
    speeds = [a.mph for a in engine.legal_actions(state, "A")]
    assert min(speeds) == -30 and max(speeds) <= 0
    assert engine.check(state, SetSpeed("A", -32.5))


def test_reverse_bend_is_one_harder_000_L237():
    state = run_until(start(("A", 0, -30)), at(1, 1, MOVE, "A"))
    assert engine.check(state, Move("A", Maneuver("bend", "right", degrees=15))) == "it is in reverse: every move is a reverse move"
    state, events = maneuver(state, "A", Maneuver("bend", "right", degrees=15, reverse=True), [])
    assert of(events, ControlRolled)[0].difficulty == 2


def test_reverse_moves_go_backwards():
    state = run_until(start(("A", 0, -10)), at(1, 1, MOVE, "A"))
    state, _ = engine.apply(state, Move("A", Maneuver("straight", reverse=True)))
    v = state.vehicle("A")
    assert (v.pose.y, v.pose.facing) == (pytest.approx(1.0), 0)  # south is +y; the nose still points north


def test_a_cycle_cannot_reverse_000_L238():
    state = run_until(start(("A", 0, 0), ("B", 10, 10), design=CYCLE), at(2, 1, SPEED, "A"))
    assert state.vehicle("A").full_stop
    assert all(a.mph >= 0 for a in engine.legal_actions(state, "A"))
    problem = engine.check(state, SetSpeed("A", -2.5))
    assert problem and "000:L238" in problem


def test_changing_gear_needs_a_whole_turn_at_0_000_L237():
    state = run_until(start(("A", 0, 10), ("B", 10, 10)), at(1, 1, SPEED, "A"))
    state, _ = engine.apply(state, SetSpeed("A", 0))
    state = run_until(state, at(2, 1, SPEED, "A"))
    problem = engine.check(state, SetSpeed("A", -5))
    assert problem and "000:L237" in problem  # stopped during turn 1: not a whole turn at 0
    state = run_until(state, at(3, 1, SPEED, "A"))
    assert engine.check(state, SetSpeed("A", -5)) is None
    assert SetSpeed("A", -10) in engine.legal_actions(state, "A")
