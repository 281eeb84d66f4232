"""Walls and buildings block fire in the engine's fire step (000:L826), through the collision module's map shapes."""

from __future__ import annotations

from rules.combat.line_of_fire import blocker, map_world
from rules.core.geometry import Pose, Vec
from rules.engine.engine import apply, check, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import fire_options, fire_problem
from rules.play.actions import Fire, SetSpeed
from rules.play.state import FIRE, GameState


def game(red: Pose, blue: Pose, map_id: str) -> GameState:
    setup = GameSetup((VehicleSetup("Red", "red", "Killer Kart", red),
                       VehicleSetup("Blue", "blue", "Killer Kart", blue)), seed=5, map=map_id)
    return new_game(setup)[0]


def through_phase_one(state: GameState) -> tuple[GameState, bool]:
    """Both stay parked through phase 1; whether the engine stopped at a fire step."""
    fired = False
    while state.phase == 1 and not state.over:
        fired = fired or state.step == FIRE
        if state.step == FIRE:
            return state, True
        state, _ = apply(state, SetSpeed(to_act(state)[0], 0))
    return state, fired


def test_the_arena_pillar_blocks_fire_000_L826() -> None:
    # the arena's centre block is walls[4], x 18-22, y 13-17: two Karts face each other across it
    state = game(Pose.at(14, 15, 90), Pose.at(26, 15, 270), "maps/arena.toml")
    why = fire_problem(state, Fire("Red", "MG1", "Blue"))
    assert why is not None and "blocked by walls[4]" in why and "000:L826" in why
    assert fire_options(state, "Red") == []
    _, stopped = through_phase_one(state)
    assert not stopped  # nobody has a shot: the fire step asks nobody


def test_a_clear_line_past_the_pillar_may_fire_000_L826() -> None:
    state, stopped = through_phase_one(game(Pose.at(14, 10, 90), Pose.at(26, 10, 270), "maps/arena.toml"))
    assert stopped and "Red" in to_act(state)
    assert check(state, Fire("Red", "MG1", "Blue")) is None
    assert Fire("Red", "MG1", "Blue") in legal_actions(state, "Red")


def test_a_building_blocks_fire_000_L826() -> None:
    # town buildings[0] covers x 3-7.5, y 3-15: a shot along y = 9 from x = 2 to the alley at x = 8 crosses it
    state = game(Pose.at(1.5, 9, 90), Pose.at(8, 9, 270), "maps/town.toml")
    why = fire_problem(state, Fire("Red", "MG1", "Blue"))
    assert why is not None and "buildings[0]" in why


def test_the_nearest_blocker_is_named_and_a_map_without_walls_blocks_nothing() -> None:
    world = map_world("maps/arena.toml")
    assert world is not None and map_world("") is None
    # from inside the arena out through the east wall: walls[3] (x 39-40) is the only thing crossed
    assert blocker({}, "maps/arena.toml", Vec(30, 10), Vec(45, 10), ()) == "walls[3]"
    # through the pillar and then the east wall: the pillar is nearer
    assert blocker({}, "maps/arena.toml", Vec(15, 15), Vec(45, 15), ()) == "walls[4]"
    assert blocker({}, "", Vec(15, 15), Vec(45, 15), ()) is None


def test_a_destroyed_feature_no_longer_blocks_fire_in_the_engine_000_L826_L478() -> None:
    """Once play has knocked the arena's centre block down (a map change in the state), the two Karts
    parked either side of it have a line of fire."""
    from dataclasses import replace

    from rules.world.map_changes import MapChanges

    state = game(Pose.at(14, 15, 90), Pose.at(26, 15, 270), "maps/arena.toml")
    assert fire_problem(state, Fire("Red", "MG1", "Blue")) is not None
    opened = replace(state, map_changes=MapChanges(destroyed=("walls[4]",)))
    assert fire_problem(opened, Fire("Red", "MG1", "Blue")) is None
    assert Fire("Red", "MG1", "Blue") in fire_options(opened, "Red")
