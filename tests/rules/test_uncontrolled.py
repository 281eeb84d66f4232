"""Vehicles nobody controls: a driver knocked out or killed, a vehicle out of the fight still rolling,
and what the outcome says about who is left (reference/combat.md §7.2, 000:L976-L978, L1262)."""

from __future__ import annotations

from dataclasses import replace

from rules.actions import SetSpeed
from rules.context import Ctx
from rules.damage import interior_of, sheet_with
from rules.dice import ScriptedDice
from rules.engine import apply, legal_actions, new_game, outcome, to_act
from rules.geometry import Pose
from rules.setup import GameSetup, VehicleSetup
from rules.state import MOVE, SPEED, GameState, VehicleState
from rules.uncontrolled import check_drivers, nobody_drives


def game(design: str = "Killer Kart", mph: float = 30.0) -> GameState:
    setup = GameSetup((VehicleSetup("Red", "r", design, Pose.at(10, 40, 0), mph),
                       VehicleSetup("Blue", "b", "Killer Kart", Pose.at(40, 40, 0), 0.0)), seed=6)
    return new_game(setup)[0]


def with_driver_dp(v: VehicleState, dp: int) -> VehicleState:
    inside = interior_of(v.sheet, v.spec.kind.value)
    parts = tuple(replace(p, dp=dp, body_armor=0) if p.kind == "crew" and p.role == "driver" else p
                  for p in inside.parts)
    return replace(v, sheet=sheet_with(v.sheet, replace(inside, parts=parts)))


def test_a_knocked_out_driver_leaves_the_car_going_straight_000_L976_L978() -> None:
    s = game()
    s = s.with_vehicle(with_driver_dp(s.vehicle("Red"), 1))  # 1 DP left: unconscious (000:L975)
    assert nobody_drives(s.vehicle("Red"))
    ctx = Ctx(s)
    check_drivers(ctx)
    red = ctx.state.vehicle("Red")
    assert red.driverless and red.reflex_bonus == 0  # reflex bonuses are lost (000:L976)
    assert any(e.kind == "control" and e.rule == "000:L977-L978" for e in ctx.log.events)
    s = ctx.finish()
    # nobody asks Red for a speed or a maneuver; it moves straight on by itself
    x0 = s.vehicle("Red").pose.x
    for _ in range(40):
        if s.turn > 1:
            break
        who = to_act(s)
        assert "Red" not in who
        s, _ = apply(s, SetSpeed(who[0], 0) if s.step == SPEED else legal_actions(s, who[0])[-1])
    red = s.vehicle("Red")
    assert red.pose.x == x0 and red.pose.y < 40  # went north (its facing), no steering
    assert red.speed == 25  # 5 mph slower at the start of turn 2 (000:L978)


def test_a_cycle_whose_rider_goes_down_rolls_on_crash_table_1_plus_4_000_L978() -> None:
    s = game("Shogun 100")
    s = s.with_vehicle(with_driver_dp(s.vehicle("Red"), 0))
    ctx = Ctx(s, ScriptedDice([3, 3], fallback_seed=1))
    check_drivers(ctx)
    crash = next(e for e in ctx.log.events if e.kind == "crash")
    assert "rider down +4" in crash.text and crash.data["table"] == 1
    assert ctx.state.vehicle("Red").pending  # the result plays at its next movement (000:L316)


def test_a_car_out_of_the_fight_still_rolls_on_and_the_outcome_says_who_is_left_000_L1262() -> None:
    s = game()
    red = s.vehicle("Red")
    s = s.with_vehicle(replace(red, out=True, sheet=replace(red.sheet, destroyed=True)))
    ctx = Ctx(s)
    check_drivers(ctx)
    s = ctx.finish()
    assert s.vehicle("Red").driverless
    result = outcome(s)
    assert result is not None and result.winners == ("b",) and result.survivors == ("Blue",)
    assert result.fallen == (("Red", "destroyed"),)
    assert "Blue left" in result.reason and "Red destroyed" in result.reason


def test_a_rolling_wreck_moves_without_being_asked_000_L978() -> None:
    from rules.engine import _advance

    s = game()
    red = s.vehicle("Red")
    three = GameSetup((VehicleSetup("Red", "r", "Killer Kart", Pose.at(10, 40, 0), 30.0),
                       VehicleSetup("Blue", "b", "Killer Kart", Pose.at(40, 40, 0), 0.0),
                       VehicleSetup("Grey", "b", "Killer Kart", Pose.at(60, 40, 0), 0.0)), seed=6)
    s = new_game(three)[0]
    red = s.vehicle("Red")
    s = s.with_vehicle(replace(red, out=True, driverless=True))
    ctx = Ctx(replace(s, step=MOVE, movers=("Red",)))
    _advance(ctx)
    assert ctx.state.vehicle("Red").pose.y < 40


def test_a_design_with_no_crew_on_its_sheet_is_always_driven() -> None:
    setup = GameSetup((VehicleSetup("A", "a", "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=10",
                                    Pose.at(0, 0, 0), 30.0),), seed=1)
    assert not nobody_drives(new_game(setup)[0].vehicle("A"))
