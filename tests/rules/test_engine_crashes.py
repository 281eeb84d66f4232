"""Losing control in play (reference/movement.md §5, §6.1 items 22, 24, 25, 30): hazards through
`crashes.hazard`, tire losses, the worst-result rule, and every crash result performing its motion
at the vehicle's next movement (000:L306-L336)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.core.dice import ScriptedDice, die_from_seed
from rules.core.events import (
    ControlRolled,
    CrashIgnored,
    CrashMotion,
    CrashRolled,
    Damaged,
    DiceRolled,
    Event,
    HazardMet,
    Moved,
    OccupantsHurt,
    SlowedTo,
    SpeedChanged,
    TireDamaged,
)
from rules.core.geometry import Kind, Pose, corners, forward
from rules.driving.maneuvers import Maneuver
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Move, SetSpeed
from rules.play.context import Ctx
from rules.play.crashes import hazard
from rules.play.effects import damage_one_tire
from rules.play.state import MOVE, SPEED, GameState
from rules.tables.movement import tables
from rules.vehicles.record_sheet import Tire

# HC 1 so that a D3 bend at 40 mph after braking from 60 needs a roll (2+) with no crash modifiers:
# the 2d then picks the Crash Table 1 line directly (40 mph: +0; D3: +0).
CAR = "generic kind=car hc=1 accel=10 top=100 weight=3000 tire=4 armor=10"

CRASH = (CrashRolled, CrashMotion, CrashIgnored)      # everything a crash result logs
SPEED_EVENTS = (SpeedChanged, SlowedTo)


def calm_seed(n: int) -> int:
    return next(s for s in range(1, 10_000) if all(die_from_seed(s, i) < 5 for i in range(n)))


def start(mph: float = 60, design: str = CAR) -> GameState:
    """Car A heading north; W, parked far away, is asked for its speed every phase, so the engine
    stops once a phase and each step's dice can be scripted."""
    vs = (VehicleSetup("A", "a", design, Pose.at(0, 0, 0), speed=mph),
          VehicleSetup("W", "w", CAR, Pose.at(-40, 0, 0), speed=0))
    return engine.new_game(GameSetup(vs, seed=calm_seed(2)))[0]


def step(state: GameState, faces: list[int] | None = None) -> tuple[GameState, list[Event]]:
    """The quiet choice for whoever acts (keep speed, straight), with scripted dice."""
    vid = engine.to_act(state)[0]
    v = state.vehicle(vid)
    action = SetSpeed(vid, v.signed_speed) if state.step == SPEED else Move(vid, Maneuver("straight", reverse=v.reverse))
    dice = ScriptedDice(faces or [])
    new, events = engine.apply(state, action, dice)
    assert dice.remaining == 0, "every scripted die is used"
    return new, events


def of(events: list[Event], kind: type[Event] | tuple[type[Event], ...], vid: str = "A") -> list[Any]:
    return [e for e in events if isinstance(e, kind) and e.vehicle == vid]


def end_of(e: Event) -> tuple[float, float, float]:
    p = e.path[-1]
    return p.x, p.y, p.facing


def lose_control_on_a_bend(crash_2d: list[int]) -> tuple[GameState, list[Event]]:
    """Brake 60 -> 40 (D2, HS 1 -> -1, safe), then bend right 45 in phase 1 (D3, HS -4 at 40 mph:
    2+) and miss with a 1. The crash result waits for A's next movement, phase 2."""
    state, _ = engine.apply(start(), SetSpeed("A", 40))
    state, _ = engine.apply(state, SetSpeed("W", 0))
    assert engine.to_act(state) == ["A"] and state.step == MOVE
    dice = ScriptedDice([1, *crash_2d])
    state, events = engine.apply(state, Move("A", Maneuver("bend", "right", degrees=45)), dice)
    assert dice.remaining == 0
    (crash,) = of(events, CRASH)
    assert crash.table == 1 and crash.roll == sum(crash_2d)
    assert (state.phase, state.step) == (2, SPEED)
    return state, events


# --- crash table 1 skids (000:L316-L326) ------------------------------------------------------------------


@pytest.mark.parametrize(("crash_2d", "name", "skid", "loss", "hits", "follow"), [
    ([1, 1], "trivial_skid", 0.25, 0, 0, ""),
    ([1, 2], "minor_skid", 0.5, 5, 0, ""),
    ([2, 3], "moderate_skid", 0.75, 10, 1, "trivial_skid"),
    ([3, 4], "severe_skid", 1.0, 20, 2, "minor_skid"),
])
def test_skids_go_along_the_old_travel_then_straight_on_at_the_next_movement_000_L322_L326(
        crash_2d, name, skid, loss, hits, follow):
    state, events = lose_control_on_a_bend(crash_2d)
    assert of(events, CRASH)[0].result == name
    bend_end = end_of(of(events, Moved)[-1])
    assert bend_end[2] == 45
    assert state.vehicle("A").pending[0].kind == name  # nothing happens before its next movement (000:L316)
    state, events = step(state)  # phase 2: A moves 1"
    moved = of(events, Moved)
    # the skid: along the travel before the bend (north, -y) without turning
    assert end_of(moved[0]) == pytest.approx((bend_end[0], bend_end[1] - skid, 45), abs=2e-3)
    assert moved[0].text.startswith(f'{name.replace("_", " ")}: skids {skid:g}"')
    if skid < 1:  # then the rest of the inch straight ahead, where the nose points (000:L317)
        nose = forward(45)
        rest = 1 - skid
        assert end_of(moved[1]) == pytest.approx(
            (bend_end[0] + rest * nose.x, bend_end[1] - skid + rest * nose.y, 45), abs=3e-3)
    else:
        assert len(moved) == 1
    v = state.vehicle("A")
    assert v.speed == 40 - loss
    assert [t.dp for t in v.sheet.tires] == [4 - hits] * 4
    assert [p.kind for p in v.pending] == ([follow] if follow else [])
    if follow:  # the follow-up skid comes on its next move, in a later phase (000:L317: one skid a phase)
        log: list[Event] = []
        while state.vehicle("A").pending:
            state, events = step(state)
            log += events
        follow_skid = tables().crash.by_name(follow).skid
        assert of(log, Moved)[0].text.startswith(f'{follow.replace("_", " ")}: skids {follow_skid:g}"')


def test_a_skid_on_a_half_move_is_at_most_half_an_inch_000_L317():
    """Brake 60 -> 35 (D3: HS -2 at 60 mph, 2+), bend 45 in phase 1 (D3: HS -5 at 35 mph, 3+), miss;
    2d 7 is a severe skid, played on phase 2's 1/2" move: it slides only 1/2"."""
    state, events = engine.apply(start(), SetSpeed("A", 35), ScriptedDice([6]))
    state, _ = engine.apply(state, SetSpeed("W", 0))
    state, events = engine.apply(state, Move("A", Maneuver("bend", "right", degrees=45)), ScriptedDice([2, 3, 4]))
    assert of(events, CRASH)[0].result == "severe_skid"
    bend_end = end_of(of(events, Moved)[-1])
    state, events = step(state)
    (skid,) = of(events, Moved)
    assert skid.text.startswith('severe skid: skids 0.5"')
    assert end_of(skid) == pytest.approx((bend_end[0], bend_end[1] - 0.5, 45), abs=2e-3)


# --- spinout (000:L327) -------------------------------------------------------------------------------


def test_spinout_turns_90_degrees_an_inch_along_the_old_travel_and_costs_1d_a_tire_000_L327():
    state, _ = lose_control_on_a_bend([4, 5])
    state, events = step(state, [4, 1, 2, 1, 2])  # spin direction 4: right; 1d per tire
    assert of(events, CRASH)[0].text == "spins out, turning right"
    assert [t.dp for t in state.vehicle("A").sheet.tires] == [3, 2, 3, 2]
    x0, y0, _ = end_of(of(events, Moved)[0])
    facings = [end_of(of(events, Moved)[0])[2]]
    state, events = step(state)   # phase 3: one more inch
    facings.append(end_of(of(events, Moved)[0])[2])
    x1, y1, _ = end_of(of(events, Moved)[0])
    assert facings == [135, 225]  # 45 + 90, + 90
    assert (x1, y1) == pytest.approx((x0, y0 - 1), abs=2e-3)  # still heading north, the old travel
    assert not engine.legal_actions(state, "A")  # the driver decides nothing while spinning


def spinning() -> GameState:
    state, _ = lose_control_on_a_bend([4, 5])
    state, _ = step(state, [4, 1, 1, 1, 1])
    while state.turn == 1:
        state, _ = step(state)
    return state


def test_spinout_slows_20_mph_a_turn_and_recovery_is_rolled_in_the_minus_6_column_000_L327():
    state = spinning()
    assert (state.turn, state.vehicle("A").speed, state.vehicle("A").mode) == (2, 20, "spin")
    state, events = step(state, [2])  # turn 2, phase 1: recovery at 20 mph, HS -6 column: 3+
    (ctl,) = of(events, ControlRolled)
    assert (ctl.hs, ctl.need, ctl.kept) == (-6, "3", False)
    assert ctl.rule == "000:L327"
    assert state.vehicle("A").mode == "spin"
    assert end_of(of(events, Moved)[0])[2] == (45 + 90 * 4) % 360
    while state.vehicle("A").mode == "spin" and state.turn == 2:
        state, events = step(state)
        assert not of(events, ControlRolled)  # once a turn
    state = spinning()
    state, events = step(state, [3])
    assert of(events, ControlRolled)[0].kept
    assert state.vehicle("A").mode != "spin"


def test_the_spin_ends_when_the_vehicle_stops_000_L327():
    state = spinning()
    state, log = step(state, [1])  # turn 2: the recovery roll fails
    while state.turn == 2:
        state, events = step(state)
        log += events
    assert of(log, CRASH)[-1].text == "the spin ends at a standstill"
    assert state.vehicle("A").speed == 0 and state.vehicle("A").mode == "normal"


# --- roll (000:L328) ------------------------------------------------------------------------------------


def test_roll_lands_side_top_side_underbody_with_1d_each_and_slows_20_a_turn_000_L328():
    design = CAR.replace("tire=4", "tire=30")
    state, _ = engine.apply(start(design=design), SetSpeed("A", 40))
    state, _ = engine.apply(state, SetSpeed("W", 0))
    state, _ = engine.apply(state, Move("A", Maneuver("bend", "right", degrees=45)), ScriptedDice([1, 5, 6]))
    log: list[Event] = []
    for faces in ([2, 3], [5], [], [4], [1, 1, 1, 6]):  # phases 2-5 at 40 mph, then turn 2 phase 1 at 20
        state, events = step(state, faces)  # first: rolls left (1-3), 3 to the left side
        log += events
    assert of(log, CRASH)[0].text.startswith("turns sideways and rolls")
    landed = [(e.text.split("onto its ")[1].split(":")[0], e.total) for e in of(log, DiceRolled)
              if "rolls onto" in e.text]
    assert [f for f, _ in landed] == ["left", "top", "right"]
    # on the underbody the wheels take the blow: a die per tire, no die for the face itself
    assert any("wheels come down" in e.text for e in of(log, DiceRolled))
    armor = state.vehicle("A").sheet.armor
    assert (armor["left"], armor["top"], armor["right"]) == (10 - 3, 10 - 5, 10 - 4)
    assert [t.dp for t in state.vehicle("A").sheet.tires] == [29, 29, 29, 24]
    assert of(log, SPEED_EVENTS)[0].text == "loses 20 mph: now 20 mph"
    first_roll = of(log, Moved)[0]
    assert end_of(first_roll)[2] == 90  # sideways to the old travel (north)


# --- Crash Table 2 from hazards (000:L308, L331-L336) ---------------------------------------------------


def hazard_now(state: GameState, d: int, faces: list[int], vid: str = "A") -> tuple[GameState, list[Event], bool]:
    dice = ScriptedDice(faces)
    ctx = Ctx(state, dice)
    kept = hazard(ctx, vid, d, "enemy fire", "000:L250-L252")
    assert dice.remaining == 0
    return ctx.finish(), ctx.log.events, kept


def front_right(pose: Pose) -> tuple[float, float]:
    c = corners(pose, tables().handling.counters[Kind.CAR])[1]
    return c.x, c.y


def front_left(pose: Pose) -> tuple[float, float]:
    c = corners(pose, tables().handling.counters[Kind.CAR])[0]
    return c.x, c.y


@pytest.mark.parametrize(("crash_2d", "side_die", "facing", "pinned"), [
    ([1, 1], 1, 15, front_right),   # minor, left: the rear swings left about the right front corner
    ([1, 1], 6, 345, front_left),   # minor, right
    ([2, 3], 2, 30, front_right),   # major (6): two squares
    ([2, 3], 5, 330, front_left),
])
def test_fishtail_swings_the_rear_about_the_other_front_corner_000_L332_L333(crash_2d, side_die, facing, pinned):
    """60 mph, HS 1: a D3 hazard takes it to -2 (2+); a 1 loses control; Crash Table 2 gets +1 for
    60 mph and D3-3 = 0."""
    state, events, kept = hazard_now(start(), 3, [1, *crash_2d, side_die])
    assert not kept
    (crash,) = of(events, CRASH)
    assert crash.table == 2 and crash.roll == sum(crash_2d) + 1
    before = state.vehicle("A").pose
    state, _ = engine.apply(state, SetSpeed("A", 60))
    state, events = engine.apply(state, SetSpeed("W", 0))
    ft = of(events, Moved)[0]
    after = Pose.at(*end_of(ft))
    assert after.facing == facing
    assert pinned(after) == pytest.approx(pinned(before), abs=2e-3)
    assert engine.to_act(state) == ["A"] and state.step == MOVE  # then it moves normally (000:L316)
    assert state.vehicle("A").pose == after


def test_crash_table_2_9_10_is_a_minor_fishtail_and_another_roll_on_crash_table_1_000_L334():
    state, events, _ = hazard_now(start(), 3, [1, 4, 4, 1, 1, 2])  # CT2 8+1 = 9; left; CT1 3+1 = 4
    assert [e.result for e in of(events, CRASH)] == ["minor_fishtail_ct1", "minor_skid"]
    assert [e.table for e in of(events, CRASH)] == [2, 1]
    assert [p.kind for p in state.vehicle("A").pending] == ["fishtail", "minor_skid"]
    state, _ = engine.apply(state, SetSpeed("A", 60))
    state, events = engine.apply(state, SetSpeed("W", 0))
    moved = [e.text for e in of(events, Moved)]
    assert moved[0].startswith("fishtails left 1") and moved[1].startswith('minor skid: skids 0.5"')
    assert state.vehicle("A").speed == 55


def test_crash_table_2_15_is_a_major_and_a_minor_fishtail_then_crash_table_1_000_L336():
    """D5 hazard: +2, and +1 for 60 mph: 12 + 3 = 15 -> three squares of fishtail."""
    state, events, _ = hazard_now(start(), 5, [1, 6, 6, 4, 1, 1])
    ct2 = of(events, CRASH)[0]
    assert ct2.roll == 15
    assert state.vehicle("A").pending[0].skid == 3
    state, _ = engine.apply(state, SetSpeed("A", 60))
    state, events = engine.apply(state, SetSpeed("W", 0))
    assert of(events, Moved)[0].text.startswith("fishtails right 3")
    assert state.vehicle("A").pose.facing == 360 - 45


# --- §6.1 item 22: every hazard its own roll (000:L245) --------------------------------------------------


def test_three_hazards_are_three_status_drops_and_three_control_rolls_000_L245():
    state = start()  # 60 mph, HS 1
    faces_for = {1: [], 2: [6], 3: [6]}  # HS -1 safe, -3 needs 3, -5 needs 4 at 60 mph
    seen = []
    for n in (1, 2, 3):
        state, events, kept = hazard_now(state, 2, faces_for[n])
        assert kept
        (ctl,) = of(events, ControlRolled)
        seen.append((ctl.hs, ctl.need))
        assert of(events, HazardMet)[0].rule == "000:L250-L252"
    assert seen == [(-1, "safe"), (-3, "3"), (-5, "4")]


def test_a_stationary_vehicle_takes_the_status_drop_but_rolls_nothing():
    state = start(mph=0)
    state, events, kept = hazard_now(state, 3, [])
    assert kept and state.vehicle("A").hs == 1 - 3 and not of(events, ControlRolled)


def test_road_conditions_add_to_hazards_000_L269_L275():
    vs = (VehicleSetup("A", "a", CAR, Pose.at(0, 0, 0), speed=60),
          VehicleSetup("W", "w", CAR, Pose.at(-40, 0, 0), speed=0))
    from rules.play.state import RuleOptions

    state = engine.new_game(GameSetup(vs, seed=calm_seed(2), options=RuleOptions(road_condition="oil")))[0]
    state, events, _ = hazard_now(state, 1, [6])
    assert of(events, HazardMet)[0].difficulty == 3  # D1 + 2 on oil
    assert state.vehicle("A").hs == 1 - 3


# --- §6.1 item 30: the worst-result rule (000:L309-L310) --------------------------------------------------


def test_a_spinning_car_that_rolls_a_lesser_result_just_keeps_spinning_000_L310():
    state = spinning()
    assert state.vehicle("A").mode == "spin"
    hs = state.vehicle("A").hs
    need = tables().control.cell(state.vehicle("A").speed, max(-6, hs - 2))
    assert need not in ("safe", "XX")
    state, events, kept = hazard_now(state, 2, [1, 1, 1, 3])  # miss; CT2 2-1-2 -> minor fishtail; left
    assert not kept
    assert of(events, CRASH)[0].result == "minor_fishtail"
    assert of(events, CRASH)[-1].text == "already out of control with a worse result: no new effect"
    assert of(events, CRASH)[-1].rule == "000:L309-L310"
    v = state.vehicle("A")
    assert v.mode == "spin" and v.pending == ()


def test_a_worse_result_replaces_a_pending_lesser_one_000_L309():
    state, events, _ = hazard_now(start(), 3, [1, 1, 1, 1])  # minor fishtail pending
    assert [p.kind for p in state.vehicle("A").pending] == ["fishtail"]
    state, events, _ = hazard_now(state, 3, [6])  # HS -5 at 60: 4+ -> a 6 keeps control
    assert not of(events, CRASH)
    # HS -6: 5+; a 1 misses; CT2 12 + 1 = 13: major fishtail and CT1 9 + 1 = 10: spinout
    state, events, _ = hazard_now(state, 3, [1, 6, 6, 1, 4, 5])
    assert [p.kind for p in state.vehicle("A").pending] == ["fishtail", "spinout"]


# --- §6.1 items 24/25: losing tires (000:L160-L162, L262-L266) ---------------------------------------------


def with_tires(state: GameState, tires: tuple[Tire, ...]) -> GameState:
    v = state.vehicle("A")
    return state.with_vehicle(replace(v, sheet=replace(v.sheet, tires=tires)))


def tire_hit(state: GameState, index: int, hits: int, faces: list[int], *, weapon: bool = False):
    dice = ScriptedDice(faces)
    ctx = Ctx(state, dice)
    damage_one_tire(ctx, "A", index, hits, "gunfire", "000:L250", from_weapon=weapon)
    assert dice.remaining == 0
    return ctx.finish(), ctx.log.events


def test_losing_the_first_of_two_tires_on_a_corner_is_a_D2_hazard_000_L263():
    six = (Tire("FL", 4, 4), Tire("FR", 4, 4), Tire("BL", 4, 4), Tire("BL", 4, 4), Tire("BR", 4, 4), Tire("BR", 4, 4))
    state = with_tires(start(), six)
    state, events = tire_hit(state, 2, 4, [])  # HS 1 - 2 = -1: safe at 60 mph
    (hz,) = of(events, HazardMet)
    assert hz.difficulty == 2 and hz.rule == "000:L263"
    assert state.vehicle("A").hs == -1


def test_losing_a_further_tire_of_a_set_is_a_D3_hazard_000_L264():
    three = (Tire("FL", 4, 4), Tire("FR", 4, 4), Tire("BL", 0, 4), Tire("BL", 4, 4), Tire("BL", 4, 4), Tire("BR", 4, 4))
    state, events = tire_hit(with_tires(start(), three), 3, 4, [6])  # HS -2 at 60: 2+
    assert of(events, HazardMet)[0].difficulty == 3


@pytest.mark.parametrize(("weapon", "loss"), [(False, 2), (True, 3)])
def test_losing_the_last_tire_on_a_corner_000_L160_L161_L265(weapon, loss):
    """HS drops to -6 at once (then a control roll: 5+ at 60 mph); HC -2 (-3 for a wheel shot off)
    only from the next turn."""
    state = start()
    state, events = tire_hit(state, 1, 4, [5], weapon=weapon)
    v = state.vehicle("A")
    assert v.hs == -6
    (ctl,) = of(events, ControlRolled)
    assert (ctl.need, ctl.kept) == ("5", True)
    assert v.hc == 1  # not yet
    while state.turn == 1:
        state, _ = step(state)
    assert state.vehicle("A").hc == 1 - loss


def test_losing_the_last_tire_and_control_rolls_crash_table_2_at_D3_000_L265():
    state, events = tire_hit(start(), 1, 4, [4, 1, 1, 2])  # 4 misses 5+; CT2 2 + 1 (60 mph) + 0 (D3)
    (crash,) = of(events, CRASH)
    assert crash.table == 2 and crash.roll == 3


def test_wheels_gone_on_two_corners_crash_table_1_no_steering_minus_30_a_turn_000_L162_L266():
    state, _ = tire_hit(start(), 1, 4, [6])
    state, events = tire_hit(state, 0, 4, [1, 1])  # CT1: 2 + 1 (60 mph) + 0 (D3) = 3: minor skid
    (crash,) = of(events, CRASH)
    assert crash.table == 1 and crash.result == "minor_skid"
    v = state.vehicle("A")
    assert v.steering_lost
    assert "A" not in engine.to_act(state)  # no speed change: it cannot brake or accelerate
    state, events = engine.apply(state, SetSpeed("W", 0))
    assert "A" not in engine.to_act(state)  # and no steering: its moves are made for it
    while state.turn == 1:
        state, _ = step(state)
    assert state.vehicle("A").speed == 60 - 5 - 30


def test_a_cycle_losing_one_wheel_goes_to_crash_table_1_000_L162():
    design = "generic kind=cycle hc=1 accel=10 top=100 weight=600 tire=4 armor=10"
    state, events = tire_hit(start(design=design), 0, 4, [1, 1])
    assert of(events, CRASH)[0].table == 1
    assert state.vehicle("A").steering_lost


# --- vault (000:L330) ---------------------------------------------------------------------------------


def test_vault_tires_flight_landing_then_one_roll_000_L330():
    """A T-stop from 100 mph (D10: XX) gets +3 (speed) +7 (D10) +5 (100/20) on Crash Table 1: a vault.
    In phase 2 the leading (left) tires take 3d each - both corners go, which would be a roll on
    Crash Table 1, but the vault is worse (000:L309) - it flies 1d inches along its old travel,
    lands on a face with collision damage at its initial speed (100 mph: 15d, though the T-stop has
    taken it down to 80; reading AU6), and then rolls, once."""
    state, _ = engine.apply(start(mph=100), SetSpeed("A", 100))
    state, _ = engine.apply(state, SetSpeed("W", 0))
    state, events = engine.apply(state, Move("A", Maneuver("t_stop", "right")), ScriptedDice([1, 1]))
    assert of(events, CRASH)[0].result == "vault"
    # the rest of phase 1 (straight on, sideways) needs no decision: the engine plays it by itself
    x0, y0 = state.vehicle("A").pose.x, state.vehicle("A").pose.y
    faces = [2, 2, 2, 6, 2, 2, 2, 5, 4, 5, *[1] * 15, 5]
    state, events = step(state, faces)
    tires = of(events, TireDamaged)
    assert [e.corner for e in tires if e.cause == "vault"] == ["FL", "BL"]
    assert of(events, CRASH)[-2].text == "already out of control with a worse result: no new effect"
    flight = of(events, Moved)[0]
    assert flight.text.startswith('vaults 5"')
    assert end_of(flight)[:2] == pytest.approx((x0, y0 - 5), abs=2e-3)  # north, the old travel
    landing = [e for e in of(events, Damaged) if e.cause == "vault landing"]
    assert landing and landing[0].points == 15 and landing[0].location == "top"
    assert [e.points for e in of(events, OccupantsHurt)] == [1]
    state, later = step(state, [1, 1])  # phase 3 at 80 mph: two inches of rolling
    log = events + later
    assert len([e for e in of(log, CRASH) if e.text.startswith("turns sideways and rolls")]) == 1
    assert [e.text.split("onto its ")[1].split(":")[0] for e in of(later, DiceRolled)] == ["right", "top"]


def _rolling_to_a_stop(upright: bool, lost_corners: int) -> GameState:
    """A car rolling at 20 mph when a turn starts: it loses 20 mph and comes to rest (000:L328)."""
    from dataclasses import replace as _replace

    from rules.phases.movement import start_turn
    from rules.play.context import Ctx

    state = start()
    a = state.vehicle("A")
    tires = tuple(_replace(t, dp=0) if i < lost_corners else t for i, t in enumerate(a.sheet.tires))
    a = _replace(a, mode="roll", speed=20.0, mode_count=4 if upright else 3,
                 sheet=_replace(a.sheet, tires=tires))
    ctx = Ctx(state.with_vehicle(a), ScriptedDice([]))
    start_turn(ctx)
    return ctx.finish()


@pytest.mark.parametrize(("upright", "lost", "drivable"), [(True, 0, True), (True, 1, True), (True, 2, False),
                                                           (False, 0, False)])
def test_after_a_roll_a_car_drives_on_only_upright_on_3_corners_000_L328(upright, lost, drivable):
    a = _rolling_to_a_stop(upright, lost).vehicle("A")
    assert a.speed == 0
    assert (a.mode == "normal" and not a.out) == drivable
    assert (a.mode == "wreck" and a.out) == (not drivable)
