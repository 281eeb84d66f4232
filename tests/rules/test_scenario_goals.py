"""A scenario's victory decided by the engine (rules.engine.goals, issue 19): an escape ends the game when the
target reaches its exit (the rig used to leave and play went on); a destroy victory when every target is
killed, or when one lasts the turns or gets away; a survive victory after its turns, or when its side is gone."""

from __future__ import annotations

from dataclasses import replace

from rules.core.events import GameEnded
from rules.core.geometry import Pose
from rules.driving.maneuvers import ManeuverKind
from rules.engine import engine
from rules.engine.game import Game
from rules.engine.goals import escaped, verdict
from rules.engine.saves import load_game, save_game
from rules.engine.scenarios import game_setup, goal_of, load_scenario
from rules.engine.setup import GameSetup
from rules.play.actions import Action, Move, Pass, SetSpeed
from rules.play.state import GameState, Goal, Mode, evolve


def cruise(state: GameState, vid: str) -> Action:
    """Keep the speed, drive straight on, hold fire."""
    acts = engine.legal_actions(state, vid)
    v = state.vehicle(vid)
    for a in acts:
        if isinstance(a, SetSpeed) and a.mph == v.signed_speed:
            return a
    for a in acts:
        if isinstance(a, Move) and a.maneuver.kind is ManeuverKind.STRAIGHT:
            return a
    return next((a for a in acts if isinstance(a, Pass)), acts[0])


def play_out(state: GameState, steps: int = 4000) -> tuple[GameState, list[GameEnded]]:
    ended: list[GameEnded] = []
    for _ in range(steps):
        if engine.outcome(state) is not None:
            break
        vid = engine.to_act(state)[0]
        state, events = engine.apply(state, cruise(state, vid))
        ended += [e for e in events if isinstance(e, GameEnded)]
    return state, ended


def convoy(rig_at: Pose | None = None, **changes: object) -> GameSetup:
    setup = game_setup(load_scenario("maps/scenarios/convoy_rig.toml"), seed=3)
    if rig_at is not None:
        setup = replace(setup, vehicles=tuple(replace(v, pose=rig_at) if v.id == "rig" else v
                                              for v in setup.vehicles))
    return replace(setup, **changes)  # type: ignore[arg-type]


def test_the_convoys_goal_is_the_rigs_escape_by_the_north_exit() -> None:
    goal = goal_of(load_scenario("maps/scenarios/convoy_rig.toml"))
    assert goal == Goal("escape", ("Player 1",), ("rig",), 0, (5.0, 0.0, 5.0, 1.0))


def test_a_rig_reaching_the_exit_wins_and_the_game_ends_there() -> None:
    state, _ = engine.new_game(convoy(Pose.at(7.5, 3.5, 0)))
    state, ended = play_out(state)
    out = engine.outcome(state)
    assert out is not None and out.winners == ("Player 1",)
    assert "rig got away by the exit" in out.reason
    assert state.over and state.turn == 1          # before: the rig drove off and the raiders played on
    assert [e.limit_reached for e in ended] == [False]
    rig = state.vehicle("rig")
    assert 5 <= rig.pose.x <= 10 and rig.pose.y <= 1


def test_a_target_that_left_the_map_across_the_exit_has_escaped_elsewhere_not() -> None:
    state, _ = engine.new_game(convoy())
    g = state.goal
    assert g is not None
    over_exit = evolve(state.vehicle("rig"), pose=Pose.at(7.0, -0.4, 0), out=True, left_map=True)
    beside = evolve(state.vehicle("rig"), pose=Pose.at(20.0, -0.4, 0), out=True, left_map=True)
    assert escaped(state, over_exit, g)
    assert not escaped(state, beside, g)
    gone = evolve(state, vehicles=tuple(beside if v.id == "rig" else v for v in state.vehicles))
    got = verdict(gone)
    assert got is not None and got.winners == ("Raiders",) and "stopped before the exit" in got.reason


def test_the_rig_killed_is_the_raiders_win_though_its_escort_still_drives() -> None:
    state, _ = engine.new_game(convoy())
    dead = evolve(state, vehicles=tuple(evolve(v, out=True) if v.id == "rig" else v for v in state.vehicles))
    vid = engine.to_act(dead)[0]
    after, events = engine.apply(dead, SetSpeed(vid, dead.vehicle(vid).signed_speed))
    assert after.over and any(isinstance(e, GameEnded) for e in events)
    out = engine.outcome(after)
    assert out is not None and out.winners == ("Raiders",)
    assert not after.vehicle("escort").out


def test_a_destroy_victory_is_won_when_every_target_is_killed() -> None:
    sc = load_scenario("maps/scenarios/bus_run.toml")
    state, _ = engine.new_game(game_setup(sc, seed=2))
    g = state.goal
    assert g is not None and g.kind == "destroy" and g.targets == ("bus",)
    hunters = g.side
    dead = evolve(state, vehicles=tuple(evolve(v, out=True) if v.id == "bus" else v for v in state.vehicles))
    vid = engine.to_act(dead)[0]
    after, _ = engine.apply(dead, SetSpeed(vid, dead.vehicle(vid).signed_speed))
    out = engine.outcome(after)
    assert out is not None and out.winners == hunters and "bus destroyed" in out.reason


def test_a_destroy_target_that_lasts_the_turns_wins_for_the_others() -> None:
    sc = load_scenario("maps/scenarios/bus_run.toml")
    setup = game_setup(sc, seed=2)
    assert setup.goal is not None
    setup = replace(setup, goal=replace(setup.goal, turns=1))
    state, ended = play_out(engine.new_game(setup)[0])
    out = engine.outcome(state)
    assert out is not None and state.turn == 1 and [e.limit_reached for e in ended] == [True]
    bus_side = (state.vehicle("bus").owner,)
    assert out.winners == bus_side and "bus lasted 1 turns" in out.reason


def test_a_survive_victory_is_won_after_its_turns_and_lost_with_the_side() -> None:
    sc = load_scenario("maps/scenarios/hold_the_bridge.toml")
    setup = game_setup(sc, seed=2)
    assert setup.goal is not None and setup.goal.kind == "survive" and setup.goal.turns == 15
    state, _ = play_out(engine.new_game(replace(setup, goal=replace(setup.goal, turns=1)))[0])
    out = engine.outcome(state)
    assert out is not None and state.turn == 1 and out.winners == setup.goal.side
    start, _ = engine.new_game(setup)
    side = set(setup.goal.side)
    gone = evolve(start, vehicles=tuple(evolve(v, out=True) if v.owner in side else v for v in start.vehicles))
    got = verdict(gone)
    assert got is not None and not set(got.winners) & side and got.winners


def test_a_game_without_a_goal_is_decided_as_before() -> None:
    sc = load_scenario("maps/scenarios/arena_duel.toml")
    assert goal_of(sc) is None
    assert engine.new_game(game_setup(sc))[0].goal is None


def test_the_goal_is_saved_and_replays(tmp_path: object) -> None:
    from pathlib import Path
    game = Game(convoy())
    vid = game.to_act()[0]
    game.apply(SetSpeed(vid, game.state.vehicle(vid).signed_speed))
    path = save_game(game, Path(str(tmp_path)) / "convoy.toml")
    back = load_game(path)
    assert back.setup.goal == game.setup.goal and back.state == game.state


def test_a_side_of_two_owners_wins_together_not_a_draw() -> None:
    sc = load_scenario("maps/scenarios/hold_the_bridge.toml")
    state, _ = engine.new_game(game_setup(sc, seed=2))
    g = state.goal
    assert g is not None and g.side == ("Player 1",)
    gone = evolve(state, vehicles=tuple(evolve(v, out=True) if v.owner in g.side else v for v in state.vehicles))
    vid = engine.to_act(gone)[0]
    after, _ = engine.apply(gone, SetSpeed(vid, gone.vehicle(vid).signed_speed))
    out = engine.outcome(after)
    assert out is not None and out.winners == ("Player 2", "Raiders") and out.one_side


def test_a_target_starting_inside_its_exit_is_refused() -> None:
    from rules.engine.scenarios import validate_scenario
    from rules.world.maps import Rect
    sc = load_scenario("maps/scenarios/convoy_rig.toml")
    assert validate_scenario(sc) == []
    bad = replace(sc, victory=replace(sc.victory, exit=Rect(5, 40, 5, 6)))   # over the rig's start at (7.5, 44)
    assert [(p.where, p.what) for p in validate_scenario(bad)] == [
        ("victory.exit", "rig starts inside the exit: it would escape before anyone moves (rules.engine.goals)")]


def test_a_driverless_rig_rolling_into_the_exit_has_not_got_away_reading_M_R31_000_L976_L978() -> None:
    # 000:L976-L978: with its driver out, the rig goes straight on, slowing; it reaches the exit undriven
    state, _ = engine.new_game(convoy(Pose.at(7.5, 3.5, 0)))
    g = state.goal
    assert g is not None
    undriven = evolve(state, vehicles=tuple(evolve(v, driverless=True) if v.id == "rig" else v
                                            for v in state.vehicles))
    state, _ = play_out(undriven)
    rig = state.vehicle("rig")
    assert rig.out and rig.left_map and rig.driverless      # it rolled on through the exit and off the map
    out = engine.outcome(state)
    assert out is not None and out.winners == ("Raiders",) and "stopped before the exit" in out.reason
    # driven, the same pose in the exit area is an escape; spinning there (000:L327) or driverless it is not
    at_exit = evolve(state.vehicle("rig"), pose=Pose.at(7.5, 0.5, 0), out=False, left_map=False, driverless=False)
    assert escaped(state, at_exit, g)
    assert not escaped(state, evolve(at_exit, driverless=True), g)
    assert not escaped(state, evolve(at_exit, mode=Mode.SPIN), g)
