"""When a jackknife rolls for its coupling (000:L574, L591; reading M-R14 in docs/RULES-DEVIATIONS.md): a car
trailer its driver maneuvered into a jackknife rolls only once the position is held into the next movement
phase; one a fishtail or skid forced rolls at once, and so does a tractor-trailer rig's (000:L591)."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.core.events import Jackknifed
from rules.driving.maneuvers import Maneuver
from rules.phases.movement import held
from rules.play.context import Ctx
from rules.play.state import GameState, evolve
from tests.rules.test_rigs_in_play import rig_game

BEND = Maneuver("bend", "left", degrees=45)
STRAIGHT = Maneuver()


def rolls(state: GameState, maneuver: Maneuver | None, folded: bool = True, die: int = 1) -> tuple[GameState, int]:
    ctx = Ctx(state, ScriptedDice([die], fallback_seed=1))
    held(ctx, "rig", "rig_trailer", folded, 70.0, maneuver)
    return ctx.finish(), len([e for e in ctx.log.events if isinstance(e, Jackknifed)])


def car_and_trailer() -> GameState:
    return rig_game(mph=20, tower="Morgan", trailer="Bulldog")


def test_a_maneuvered_car_trailer_jackknife_rolls_only_when_held_into_the_next_phase_000_L574() -> None:
    state = car_and_trailer()
    assert state.phase == 1
    state, n = rolls(state, BEND)
    assert n == 0 and state.vehicle("rig_trailer").jackknife_since == state.turn * 5 + 1
    state, n = rolls(state, STRAIGHT)            # another move in the same phase: still its first phase
    assert n == 0
    state, n = rolls(evolve(state, phase=2), STRAIGHT)
    assert n == 1 and state.vehicle("rig_trailer").towed_by == ""   # 1: the tongue or hitch breaks


def test_straightening_out_ends_the_hold_000_L574() -> None:
    state, _ = rolls(car_and_trailer(), BEND)
    state, n = rolls(state, STRAIGHT, folded=False)
    assert n == 0 and state.vehicle("rig_trailer").jackknife_since == 0
    state, n = rolls(evolve(state, phase=2), BEND)   # folded again: a new hold from phase 2
    assert n == 0


def test_a_held_jackknife_that_does_not_break_rolls_again_the_next_phase_000_L574() -> None:
    state, _ = rolls(car_and_trailer(), BEND)
    state, n = rolls(evolve(state, phase=2), STRAIGHT, die=5)
    assert n == 1 and state.vehicle("rig_trailer").towed_by == "rig"
    state, n = rolls(evolve(state, phase=3), STRAIGHT, die=6)
    assert n == 1


def test_a_forced_jackknife_rolls_at_once_000_L574() -> None:
    _, n = rolls(car_and_trailer(), None)
    assert n == 1


def test_a_rigs_jackknife_rolls_at_once_though_maneuvered_000_L591() -> None:
    _, n = rolls(rig_game(mph=20), BEND)
    assert n == 1
