"""A vehicle that can neither move nor fire is out of the fight whatever did it (000:L1262): a crew
burned to death at the end of the turn, or killed in a phase in which nobody fired, is counted at once
and the outcome says who is left (000:L1016, L976)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import DRIVER_ROLES, interior_of, sheet_with
from rules.core.dice import ScriptedDice
from rules.core.events import OutOfFight
from rules.core.geometry import Pose
from rules.engine.engine import new_game, outcome
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import end_turn_fire, resolve
from rules.play.context import Ctx
from rules.play.state import GameState, RuleOptions


def _duel() -> GameState:
    setup = GameSetup((VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90)),
                       VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(20, 0, 270))),
                      seed=4, options=RuleOptions(fire_step="on"))
    return new_game(setup)[0]


def _driver_dp(state: GameState, vid: str, dp: int, **extra: object) -> GameState:
    v = state.vehicle(vid)
    inside = interior_of(v.sheet, v.spec.kind.value)
    parts = tuple(replace(p, dp=dp, body_armor=0) if p.kind == "crew" and p.role in DRIVER_ROLES else p
                  for p in inside.parts)
    return state.with_vehicle(replace(v, sheet=replace(sheet_with(v.sheet, replace(inside, parts=parts)), **extra)))


def test_a_driver_burned_to_death_puts_his_car_out_at_the_end_of_the_turn_000_L1016_L1262() -> None:
    state = _driver_dp(_duel(), "Red", 1, on_fire=True)
    ctx = Ctx(state, ScriptedDice([6, 6, 6], fallback_seed=3))   # no extinguisher luck, no explosion
    end_turn_fire(ctx)
    red = ctx.state.vehicle("Red")
    assert red.out, [e.text for e in ctx.log.events]
    assert any(isinstance(e, OutOfFight) and e.vehicle == "Red" and e.rule == "000:L1262" for e in ctx.log.events)
    result = outcome(replace(ctx.state, over=True))
    assert result is not None and "Red" not in result.survivors


def test_a_crew_lost_in_a_phase_with_no_shots_is_counted_then_000_L1262() -> None:
    state = _driver_dp(_duel(), "Blue", 0)     # a mine or a ram took him; nobody fires this phase
    ctx = Ctx(state)
    resolve(ctx)
    assert ctx.state.vehicle("Blue").out and not ctx.state.vehicle("Red").out
