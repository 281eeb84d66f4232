"""Gas engines in play (issue 17): the engine critical damage table after every hit on a gas engine
(000:L1800-L1816; reading AU17). The Miglia (000:L2718) is the stock car with a gas engine."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import ScriptedDice
from rules.core.events import EngineCritical, EngineDied
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.movement import speed_options
from rules.play.context import Ctx
from rules.play.gas_engine import engine_hits, engine_turn, result_of
from rules.play.state import GameState, evolve
from rules.tables.combat import combat_tables


def _game(speed: float = 50) -> GameState:
    setup = GameSetup((VehicleSetup("M", "m", "Miglia", Pose.at(0, 0, 0), speed),
                       VehicleSetup("K", "k", "Killer Kart", Pose.at(0, -20, 180), 0)), seed=4)
    return new_game(setup)[0]


def _hit(state: GameState, points: int, faces: list[int]) -> tuple[GameState, list[object]]:
    ctx = Ctx(state, ScriptedDice(faces))
    engine_hits(ctx, [("M", points)])
    return ctx.state, list(ctx.log.events)


def _turn(state: GameState, turn: int, faces: list[int] | None = None) -> tuple[GameState, list[object]]:
    ctx = Ctx(evolve(state, turn=turn), ScriptedDice(faces or []))
    engine_turn(ctx)
    return ctx.state, list(ctx.log.events)


def test_the_table_rows_000_L1805_L1816() -> None:
    """000:L1805-L1816: 2 or less smoke, 3-6 damage due later, 7 grinding, 8 and 12 a cracked block,
    9 radiator, 10 oil, 11 fuel system, 13 or more fire."""
    t = combat_tables()
    got = {r: result_of(t, r) for r in range(1, 17)}
    assert got == {1: "smoke", 2: "smoke", 3: "later", 4: "later", 5: "later", 6: "later", 7: "grinding",
                   8: "cracked", 9: "radiator", 10: "oil", 11: "fuel", 12: "cracked", 13: "fire", 14: "fire",
                   15: "fire", 16: "fire"}


def test_each_full_5_points_of_the_hit_add_1_000_L1803() -> None:
    """000:L1803: 2d + 1 per full 5 points of that hit: 9 points roll 3+3+1 = 7 -> grinding, then again at
    -2: 4+4-2 = 6 is below 7 and ignored; 10 points roll 3+3+2 = 8: a cracked block."""
    state, events = _hit(_game(), 9, [3, 3, 4, 4])
    crits = [e for e in events if isinstance(e, EngineCritical)]
    assert [(e.roll, e.result) for e in crits] == [(7, "grinding"), (6, "ignored")]
    assert state.vehicle("M").engine_trouble == ()
    state, events = _hit(_game(), 10, [3, 3])
    assert [(e.roll, e.result) for e in events if isinstance(e, EngineCritical)] == [(8, "cracked")]
    assert state.vehicle("M").engine_trouble == ("cracked", 0)


def test_a_grinding_engine_rolls_again_at_minus_2_000_L1810() -> None:
    """000:L1810: a 7 rolls again at -2; a result of 8 or more counts: 6+5-2 = 9, the radiator."""
    state, events = _hit(_game(), 1, [3, 4, 6, 5])
    assert [e.result for e in events if isinstance(e, EngineCritical)] == ["grinding", "radiator"]
    assert state.vehicle("M").engine_trouble == ("radiator", state.turn + 10)


def test_a_cracked_block_slows_to_20_then_dies_after_5_turns_000_L1811() -> None:
    """000:L1811: 15 mph slower every turn until 20 mph, five more turns at that speed, then dead; no
    acceleration meanwhile; a dead engine is a destroyed plant (5 mph slower a turn, 000:L1742)."""
    state, _ = _hit(_game(50), 10, [3, 3])
    state, _ = _turn(state, 2)
    assert state.vehicle("M").speed == 35
    assert max(speed_options(state.rules.movement, state.vehicle("M"))) == 35      # no acceleration
    state, _ = _turn(state, 3)
    assert state.vehicle("M").speed == 20 and state.vehicle("M").engine_trouble == ("cracked", 8)
    for turn in range(4, 8):
        state, events = _turn(state, turn)
        assert not state.vehicle("M").plant_out
    state, events = _turn(state, 8)
    assert state.vehicle("M").plant_out and any(isinstance(e, EngineDied) for e in events)


def test_radiator_and_oil_seize_on_a_6_once_due_000_L1812_L1813() -> None:
    """000:L1812-L1813: the radiator runs ten turns, the oil system three, then each turn 1d: 6 seizes it."""
    state, _ = _hit(_game(), 0, [5, 5])           # 10: the oil system
    assert state.vehicle("M").engine_trouble == ("oil", state.turn + 3)
    early, _ = _turn(state, state.turn + 2, [6])
    assert not early.vehicle("M").plant_out
    lucky, _ = _turn(state, state.turn + 3, [5])
    assert not lucky.vehicle("M").plant_out
    seized, _ = _turn(state, state.turn + 3, [6])
    assert seized.vehicle("M").plant_out


def test_the_fuel_system_starves_the_engine_in_1d_plus_3_turns_000_L1814() -> None:
    """000:L1814: the engine shuts down by itself in 1d+3 seconds: 2 rolled, 5 turns."""
    state, _ = _hit(_game(), 0, [5, 6, 2])        # 11, then 1d = 2
    assert state.vehicle("M").engine_trouble == ("fuel", state.turn + 5)
    assert not _turn(state, state.turn + 4)[0].vehicle("M").plant_out
    assert _turn(state, state.turn + 5)[0].vehicle("M").plant_out


def test_13_or_more_is_a_cracked_block_on_fire_000_L1816() -> None:
    """000:L1816: as 12 (the block cracked) and the car is on fire: 6+6+1 for 5 points."""
    state, events = _hit(_game(), 5, [6, 6])
    m = state.vehicle("M")
    assert m.sheet.on_fire and m.engine_trouble == ("cracked", 0)
    assert [e.result for e in events if isinstance(e, EngineCritical)] == ["fire"]


def test_a_dead_engine_rolls_no_more_000_L1803() -> None:
    state = _game()
    m = state.vehicle("M")
    dead = replace(m, sheet=replace(m.sheet, components=tuple(replace(c, dp=0) if c.kind == "plant" else c
                                                              for c in m.sheet.components)))
    after, events = _hit(state.with_vehicle(dead), 20, [6, 6])
    assert events == [] and after.vehicle("M").engine_trouble == ()


def test_a_shot_that_reaches_the_engine_rolls_the_table_in_play_000_L1803() -> None:
    """In the fire step: whenever a shot takes points off the Miglia's gas engine, the table is rolled
    (the Miglia's armor taken off so that hits reach inside; seeds tried until one does)."""
    from rules.engine.engine import apply, to_act
    from rules.play.actions import Fire, Pass
    from rules.play.state import FIRE, RuleOptions
    from tests.rules.test_combat_engine import to_fire_step
    reached = 0
    for seed in range(1, 40):
        setup = GameSetup((VehicleSetup("M", "m", "Miglia", Pose.at(0, 0, 0), 0),
                           VehicleSetup("C", "c", "Cobra GT", Pose.at(0, 5, 0), 0)), seed=seed,
                          options=RuleOptions(fire_step="on"))
        state = new_game(setup)[0]
        m = state.vehicle("M")
        state = state.with_vehicle(replace(m, sheet=replace(m.sheet, armor={k: 0 for k in m.sheet.armor})))
        state = to_fire_step(state)
        plant = next(c.dp for c in state.vehicle("M").sheet.components if c.kind == "plant")
        state, events = apply(state, Fire("C", "L1", "M"))
        while state.step == FIRE and not state.over:
            state, ev = apply(state, Pass(to_act(state)[0]))
            events += ev
        after = next(c.dp for c in state.vehicle("M").sheet.components if c.kind == "plant")
        crits = [e for e in events if isinstance(e, EngineCritical) and e.vehicle == "M"]
        assert bool(crits) == (after < plant)
        assert all(e.rule == "000:L1800-L1816" for e in crits)   # the table's own lines (L1795 is the turbocharger)
        reached += after < plant
        if reached:
            break
    assert reached
