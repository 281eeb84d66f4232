"""The audit's debatable items (issue 17), each decided and listed in docs/RULES-DEVIATIONS.md (AU5-AU10)."""

from __future__ import annotations

from rules.combat.to_hit import Shot, to_hit
from rules.core.dice import ScriptedDice
from rules.core.events import DamageRolled, DiceRolled
from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases import fire_step
from rules.phases.movement import start_moving
from rules.play.context import Ctx
from rules.play.crashes import lose_control
from rules.play.state import GameState, Pending, evolve
from rules.tables.movement import tables

CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=10"


def _game(mph: float = 40) -> GameState:
    vs = (VehicleSetup("A", "a", CAR, Pose.at(0, 0, 0), speed=mph),
          VehicleSetup("B", "b", CAR, Pose.at(-40, 0, 0), speed=0))
    return engine.new_game(GameSetup(vs, seed=2))[0]


# --- AU5: the aimed-fire penalty of a crash result done in a later turn (000:L319, L937-L938) ------


def test_a_skid_done_next_turn_still_spoils_aimed_fire_that_turn_000_L319_L937_L938() -> None:
    """Control lost in phase 5: the minor skid (-6 to aimed fire, 000:L938) is done in the next turn's
    first movement, and its penalty holds for the rest of that turn; the turn end had cleared it."""
    state = _game()
    v = state.vehicle("A")
    skid = tables().crash.by_name("minor_skid")
    state = state.with_vehicle(evolve(v, aimed_fire=0, pending=(Pending("minor_skid", 0.0, "", skid.skid, 2),)))
    ctx = Ctx(state, ScriptedDice([], fallback_seed=1))
    start_moving(ctx, "A")
    assert skid.aimed_fire == -6 and ctx.v("A").aimed_fire == -6


def test_a_fishtail_done_later_takes_its_own_penalty_and_never_softens_one_000_L319_L937() -> None:
    state = _game()
    v = state.vehicle("A")
    state = state.with_vehicle(evolve(v, aimed_fire=-6, pending=(Pending("fishtail", 0.0, "left", 1, 1),)))
    ctx = Ctx(state, ScriptedDice([], fallback_seed=1))
    start_moving(ctx, "A")
    assert ctx.v("A").aimed_fire == -6       # a minor fishtail's -3 does not replace a worse penalty
    state = state.with_vehicle(evolve(v, aimed_fire=0, pending=(Pending("fishtail", 0.0, "left", 1, 1),)))
    ctx = Ctx(state, ScriptedDice([], fallback_seed=1))
    start_moving(ctx, "A")
    assert ctx.v("A").aimed_fire == tables().crash.by_name("minor_fishtail").aimed_fire == -3


# --- AU9: "not moving" at 0 mph after moving in this very phase (000:L912-L913) --------------------


def _mods(**kw: object) -> list[str]:
    return [m.name for m in to_hit(Shot(base=7, range=4, target="car", **kw)).modifiers]  # type: ignore[arg-type]


def test_a_car_a_t_stop_brought_to_0_this_phase_is_not_a_still_firer_000_L913_L229() -> None:
    assert "firer not moving" in _mods(firer_speed=0)
    assert "firer not moving" not in _mods(firer_speed=0, firer_moved=True)
    assert "target not moving" in _mods(target_speed=0)
    assert "target not moving" not in _mods(target_speed=0, target_moved=True)


def test_the_fire_step_knows_who_moved_this_phase_000_L913() -> None:
    state = _game(0)
    v = state.vehicle("A")
    assert not fire_step.combatant(state, v).moved
    assert fire_step.combatant(state, evolve(v, moved_this_phase=True)).moved


# --- AU6: a vault lands at the initial speed (000:L330, L233) ---------------------------------------


def test_a_vault_after_hard_braking_lands_at_the_speed_control_was_lost_at_000_L330_L233() -> None:
    """60 -> 20 mph is a D9 brake rolled at the original 60 mph (000:L233); lost, Crash Table 1 gives a
    vault (15+); its landing is collision damage at the initial speed, 60 mph (ram 7d), not at 20."""
    state = _game(20)
    ctx = Ctx(state, ScriptedDice([6, 6], fallback_seed=4))
    lose_control(ctx, "A", 1, 9, 60, travel=0)
    (p,) = ctx.v("A").pending
    assert (p.kind, p.speed) == ("vault", 60)
    start_moving(ctx, "A")
    landing = [e for e in ctx.log.events if isinstance(e, (DiceRolled, DamageRolled)) and "landing on its" in e.text]
    assert landing and "at 60 mph" in landing[0].text and landing[0].expr == str(tables().chart.ram(60))


# --- AU7: a sideswipe's D and the control roll at the original speed (000:L466, L428) -------------


def test_a_5_mph_swipe_is_d1_rounded_up_or_d0_in_whole_tens_000_L466() -> None:
    from rules.play.crashes import swipe_d
    from rules.play.state import RuleOptions
    state = _game()
    assert swipe_d(Ctx(state), 1, 5) == 1 and swipe_d(Ctx(state), 2, 15) == 2      # the reference's reading
    whole = evolve(state, options=RuleOptions(swipe_hazard="whole_10"))
    assert [swipe_d(Ctx(whole), 9, mph) for mph in (5, 10, 15, 30)] == [0, 1, 1, 3]


def test_a_collision_hazard_rolls_at_the_speed_before_the_collision_000_L428() -> None:
    """A car the collision left at 0 mph still rolls for control at its original speed; only a car
    that was standing still skips the roll."""
    from rules.core.events import ControlRolled, HazardMet
    from rules.play.crashes import hazard
    state = _game(0)
    ctx = Ctx(state, ScriptedDice([6], fallback_seed=1))
    hazard(ctx, "A", 2, "collision", "000:L428", at_speed=40)
    (roll,) = [e for e in ctx.log.events if isinstance(e, ControlRolled)]
    assert roll.speed == 40 and roll.difficulty == 2
    ctx = Ctx(state, ScriptedDice([]))
    hazard(ctx, "A", 2, "collision", "000:L428", at_speed=0)
    (met,) = [e for e in ctx.log.events if isinstance(e, HazardMet)]
    assert met.stationary and "stationary: no control roll" in met.text


# --- AU10: a control roll names what the road added to its D (000:L267-L275) ----------------------


def test_a_control_roll_on_gravel_names_the_gravel_000_L271() -> None:
    """A 30-degree bend (D2, 000:L197) on gravel (+D1, 000:L271): the control roll's line says D3 and
    why, and its field lists it."""
    from rules.core.events import ControlRolled
    from rules.driving.maneuvers import Maneuver
    from rules.phases.movement import maneuver_d_added
    from rules.play.actions import Move, SetSpeed
    from rules.play.state import RuleOptions
    from rules.play.surfaces import what_adds
    vs = (VehicleSetup("A", "a", CAR, Pose.at(0, 0, 0), speed=40),)
    state = engine.new_game(GameSetup(vs, seed=2, options=RuleOptions(road_condition="gravel")))[0]
    state, _ = engine.apply(state, SetSpeed("A", 40))
    while engine.to_act(state) != ["A"] or state.step != "move":
        state, _ = engine.apply(state, SetSpeed("A", 40))
    assert sum(d for _, d in what_adds(state, "A", maneuver=True)) == maneuver_d_added(Ctx(state), state.vehicle("A"))
    _, events = engine.apply(state, Move("A", Maneuver("bend", "right", degrees=30)), ScriptedDice([6]))
    (roll,) = [e for e in events if isinstance(e, ControlRolled)]
    assert roll.difficulty == 3 and roll.added == ("gravel +1",) and "D3 (gravel +1)" in roll.text


# --- AU8: at equal speed the better reflexes choose when to move (000:L140) -----------------------


def _equal_speeds(tie_break: str = "choose") -> GameState:
    from rules.play.actions import SetSpeed
    from rules.play.state import RuleOptions
    for seed in range(1, 50):
        vs = (VehicleSetup("A", "a", CAR, Pose.at(0, 0, 0), speed=40),
              VehicleSetup("B", "b", CAR, Pose.at(20, 0, 0), speed=40))
        state = engine.new_game(GameSetup(vs, seed=seed, options=RuleOptions(tie_break=tie_break)))[0]
        if state.vehicle("A").reflex_roll != state.vehicle("B").reflex_roll:
            break
    while state.step == "speed":
        vid = engine.to_act(state)[0]
        state, _ = engine.apply(state, SetSpeed(vid, 40))
    return state


def test_the_driver_with_better_reflexes_may_let_the_other_move_first_000_L140() -> None:
    from rules.core.events import MoveDeferred
    from rules.driving.maneuvers import Maneuver
    from rules.play.actions import Defer, Move, parse
    state = _equal_speeds()
    fast, slow = engine.to_act(state)[0], [v for v in ("A", "B") if v != engine.to_act(state)[0]][0]
    assert state.vehicle(fast).reflex_roll > state.vehicle(slow).reflex_roll
    assert Defer(fast) in engine.legal_actions(state, fast) and parse(str(Defer(fast))) == Defer(fast)
    after, events = engine.apply(state, Defer(fast))
    assert [e.other for e in events if isinstance(e, MoveDeferred)] == [slow]
    assert engine.to_act(after) == [slow]
    assert Defer(slow) not in engine.legal_actions(after, slow)          # the slower driver has no choice
    assert "000:L140" in str(engine.check(after, Defer(slow)))
    after, _ = engine.apply(after, Move(slow, Maneuver("straight")))
    assert engine.to_act(after) == [fast]
    assert Defer(fast) not in engine.legal_actions(after, fast)          # nobody left to go before him


def test_with_tie_break_reflex_the_better_reflexes_always_move_first_000_L140() -> None:
    from rules.play.actions import Defer
    state = _equal_speeds("reflex")
    fast = engine.to_act(state)[0]
    assert Defer(fast) not in engine.legal_actions(state, fast)
