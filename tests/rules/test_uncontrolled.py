"""Vehicles nobody controls: a driver knocked out or killed, a vehicle out of the fight still rolling,
and what the outcome says about who is left (reference/combat.md §7.2, 000:L976-L978, L1262)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import DRIVER_ROLES, interior_of, sheet_with
from rules.core.dice import ScriptedDice
from rules.core.events import CrashRolled, DriverReplaced, NobodyDriving, SeatChangeBegun
from rules.core.geometry import Pose
from rules.engine.engine import apply, legal_actions, new_game, outcome, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import SetSpeed
from rules.play.context import Ctx
from rules.play.state import MOVE, SPEED, GameState, VehicleState
from rules.play.uncontrolled import check_drivers, nobody_drives


def game(design: str = "Killer Kart", mph: float = 30.0, wingman: bool = False) -> GameState:
    """Red and Blue; with a wingman for Red's owner, Red going out of the fight does not end the game."""
    wing = (VehicleSetup("Green", "r", "Killer Kart", Pose.at(70, 40, 0), 0.0),) if wingman else ()
    setup = GameSetup((VehicleSetup("Red", "r", design, Pose.at(10, 40, 0), mph),
                       VehicleSetup("Blue", "b", "Killer Kart", Pose.at(40, 40, 0), 0.0), *wing), seed=6)
    return new_game(setup)[0]


def with_driver_dp(v: VehicleState, dp: int) -> VehicleState:
    inside = interior_of(v.sheet, v.spec.kind.value)
    parts = tuple(replace(p, dp=dp, body_armor=0) if p.kind == "crew" and p.role in DRIVER_ROLES else p
                  for p in inside.parts)
    return replace(v, sheet=sheet_with(v.sheet, replace(inside, parts=parts)))


def test_a_knocked_out_driver_leaves_the_car_going_straight_000_L976_L978() -> None:
    s = game(wingman=True)
    s = s.with_vehicle(with_driver_dp(s.vehicle("Red"), 1))  # 1 DP left: unconscious (000:L975)
    assert nobody_drives(s.vehicle("Red"))
    ctx = Ctx(s)
    check_drivers(ctx)
    red = ctx.state.vehicle("Red")
    assert red.driverless and red.reflex_bonus == 0  # reflex bonuses are lost (000:L976)
    assert any(isinstance(e, NobodyDriving) and e.rule == "000:L977-L978" for e in ctx.log.events)
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
    assert not nobody_drives(s.vehicle("Red"))       # the rider is at the controls until he goes down
    s = s.with_vehicle(with_driver_dp(s.vehicle("Red"), 0))
    ctx = Ctx(s, ScriptedDice([3, 3], fallback_seed=1))
    check_drivers(ctx)
    crash = next(e for e in ctx.log.events if isinstance(e, CrashRolled))
    assert "rider down +4" in crash.text and crash.table == 1
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
    from rules.engine.engine import _advance

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


def _incapacitate_driver(s: GameState, vid: str) -> GameState:
    return s.with_vehicle(with_driver_dp(s.vehicle(vid), 1))  # 1 DP left: unconscious (000:L975)


def test_a_gunner_takes_the_wheel_with_D2_on_every_maneuver_000_L980() -> None:
    from rules.driving.maneuvers import Maneuver
    from rules.phases.fire_step import fire_options
    from rules.phases.movement import difficulty_of

    s = _incapacitate_driver(game("Police Cruiser"), "Red")
    ctx = Ctx(s)
    check_drivers(ctx)
    red = ctx.state.vehicle("Red")
    assert not red.driverless and red.substitute
    gunner = next(p for p in interior_of(red.sheet, red.spec.kind.value).parts if p.id == red.substitute)
    assert gunner.role == "gunner"
    assert any(isinstance(e, DriverReplaced) and not e.in_seat and e.rule == "000:L979-L982"
               for e in ctx.log.events)
    bend = Maneuver("bend", "left", degrees=15)
    plain = s.vehicle("Red")
    assert difficulty_of(ctx, red, bend) == difficulty_of(ctx, replace(plain, substitute=""), bend) + 2
    # he has taken over the driver's triggers: with no steering yet this turn he may fire them
    assert any(a.weapon == "RR1" for a in fire_options(ctx.state, "Red"))


def test_the_substitute_going_down_too_leaves_nobody_driving_000_L978_L980() -> None:
    s = _incapacitate_driver(game("Police Cruiser"), "Red")
    ctx = Ctx(s)
    check_drivers(ctx)
    red = ctx.state.vehicle("Red")
    inside = interior_of(red.sheet, red.spec.kind.value)
    crew_down = tuple(replace(p, dp=1, body_armor=0) if p.kind == "crew" else p for p in inside.parts)
    ctx.put(replace(red, sheet=sheet_with(red.sheet, replace(inside, parts=crew_down))))
    check_drivers(ctx)
    red = ctx.state.vehicle("Red")
    assert red.driverless and not red.substitute


def test_a_sidecar_passenger_steers_but_cannot_change_speed_000_L979() -> None:
    from rules.phases.movement import may_change_speed

    s = game("Quasar with Sidecar")
    red = s.vehicle("Red")
    rider = next(c for c in red.sheet.components if c.role == "cyclist")
    passenger = replace(rider, id="passenger", role="passenger")  # someone in the sidecar
    s = s.with_vehicle(replace(red, sheet=replace(red.sheet, components=(*red.sheet.components, passenger))))
    s = _incapacitate_driver(s, "Red")
    ctx = Ctx(s)
    check_drivers(ctx)
    red = ctx.state.vehicle("Red")
    assert red.substitute and not red.driverless and red.speed == 30.0  # no crash table: it goes on (000:L977)
    assert not may_change_speed(red)


def test_a_car_with_nobody_else_aboard_has_no_substitute_000_L980() -> None:
    s = _incapacitate_driver(game("Killer Kart"), "Red")
    ctx = Ctx(s)
    check_drivers(ctx)
    assert not ctx.state.vehicle("Red").substitute  # the Kart carries nobody else


def _substitute_at_wheel() -> Ctx:
    ctx = Ctx(_incapacitate_driver(game("Police Cruiser"), "Red"))
    check_drivers(ctx)
    assert ctx.state.vehicle("Red").substitute == "gunner"
    return ctx


def test_a_substitute_who_changes_speed_cannot_fire_that_turn_000_L980() -> None:
    """000:L980: controls or weapons, not both in one turn; a speed change is using the controls."""
    from rules.phases.fire_step import fire_options
    from rules.phases.movement import set_speed, start_turn

    ctx = _substitute_at_wheel()
    assert fire_options(ctx.state, "Red")  # Blue is in the turret's reach
    set_speed(ctx, "Red", 25.0)
    assert ctx.state.vehicle("Red").steered
    assert fire_options(ctx.state, "Red") == []
    start_turn(ctx)  # a new turn, a new choice
    assert fire_options(ctx.state, "Red")


def test_a_substitute_who_fires_leaves_the_controls_for_the_turn_000_L980() -> None:
    """Once he has fired he makes no speed change and the vehicle goes straight on for the rest of the turn."""
    from rules.phases.movement import forced, may_change_speed

    ctx = _substitute_at_wheel()
    red = ctx.state.vehicle("Red")
    assert may_change_speed(red) and not forced(red)
    fired = replace(red, fire_acted=("gunner",))
    assert not may_change_speed(fired) and forced(fired)
    # a gunner who is not at the wheel may fire and the driver still steer
    plain = replace(game("Police Cruiser").vehicle("Red"), fire_acted=("gunner",))
    assert may_change_speed(plain) and not forced(plain)


def test_only_the_front_seat_takes_over_at_once_000_L980() -> None:
    """000:L980: at most two seats in front, so with driver and front-seat gunner down nobody drives at once,
    though passengers aboard are unhurt."""
    s = game("Police Cruiser", mph=30.0)
    red = s.vehicle("Red")
    inside = interior_of(red.sheet, "car")
    down = tuple(replace(p, dp=1, body_armor=0) if p.role in ("driver", "gunner") else p for p in inside.parts)
    ctx = Ctx(s.with_vehicle(replace(red, sheet=sheet_with(red.sheet, replace(inside, parts=down)))))
    check_drivers(ctx)
    red = ctx.state.vehicle("Red")
    assert red.driverless and not red.substitute and not red.seat_change  # still rolling: nobody moves in yet


def test_a_new_driver_moves_in_over_five_turns_once_stopped_000_L982() -> None:
    from rules.phases.movement import may_change_speed
    from rules.play.uncontrolled import substitute_d

    s = game("Police Cruiser", mph=0.0)
    red = s.vehicle("Red")
    inside = interior_of(red.sheet, "car")
    down = tuple(replace(p, dp=1, body_armor=0) if p.role in ("driver", "gunner") else p for p in inside.parts)
    ctx = Ctx(replace(s.with_vehicle(replace(red, sheet=sheet_with(red.sheet, replace(inside, parts=down)))), turn=3))
    check_drivers(ctx)
    check_drivers(ctx)  # the stop is seen; the change starts with the next whole turn
    red = ctx.state.vehicle("Red")
    assert red.driverless and red.seat_change == 4
    assert any(isinstance(e, SeatChangeBegun) and e.rule == "000:L979-L982"
               for e in ctx.log.events)
    for turn in range(4, 9):  # turns 4-8: five turns of shuffling seats
        ctx.state = replace(ctx.state, turn=turn)
        check_drivers(ctx)
        assert ctx.state.vehicle("Red").driverless
    ctx.state = replace(ctx.state, turn=9)  # the sixth turn: he may accelerate and fire
    check_drivers(ctx)
    red = ctx.state.vehicle("Red")
    assert not red.driverless and red.substitute == "passenger" and red.new_driver
    assert may_change_speed(red) and substitute_d(red) == 0
