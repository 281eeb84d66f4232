"""The client's foe worker and its UI ask the engine at the same time (issue 13, "no hidden mutable
state"): two threads playing, previewing and thinking about the same seeded combat game on the arena
get exactly the answers each gets alone, and nothing a shared cache holds is changed under them."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from rules.ai import decide, random_driver
from rules.combat.line_of_fire import map_world
from rules.core.geometry import Kind, Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases import fire_step
from rules.play.actions import Fire
from rules.play.state import GameState, digest
from rules.tables.movement import tables
from rules.world.collision import CollisionWorld
from rules.world.map_changes import changed_base

DESIGNS = ("Killer Kart", "Hotshot", "Harmon", "Marksman")
POSES = ((4, 15, 90), (36, 15, 270), (20, 4, 180), (20, 26, 0))


def _setup(seed: int) -> GameSetup:
    vs = tuple(VehicleSetup(f"c{i}", f"p{i}", DESIGNS[i], Pose.at(*POSES[i]), 20.0) for i in range(4))
    return GameSetup(vs, seed=seed, map="maps/arena.toml", max_turns=4)


def _game(seed: int) -> tuple[list[GameState], list[str]]:
    """A random-driver game: every state and its digest."""
    state, _ = engine.new_game(_setup(seed))
    states, n = [state], 0
    while not state.over:
        vid = engine.to_act(state)[0]
        action, _ = random_driver.pick(state, vid, engine.legal_actions(state, vid), seed, n)
        state, _ = engine.apply(state, action)
        states.append(state)
        n += 1
    return states, [digest(s) for s in states]


def _ask(state: GameState) -> tuple[object, ...]:
    """What a UI asks of a state: who acts, their legal actions, and the preview of each shot."""
    who = engine.to_act(state)
    legal = [engine.legal_actions(state, vid) for vid in who]
    previews = []
    for acts in legal:
        for a in acts:
            if isinstance(a, Fire):
                p = fire_step.preview_fire(state, a)
                previews.append((str(a), p.need, p.chance))
    return tuple(who), tuple(tuple(map(str, acts)) for acts in legal), tuple(previews)


def _both(a: Callable[[], object], b: Callable[[], object]) -> tuple[object, object]:
    out: dict[str, object] = {}
    errors: list[BaseException] = []

    def run(name: str, fn: Callable[[], object]) -> None:
        try:
            out[name] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            errors.append(exc)

    threads = [threading.Thread(target=run, args=("a", a)), threading.Thread(target=run, args=("b", b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    if errors:
        raise errors[0]
    return out["a"], out["b"]


def test_two_threads_playing_and_asking_get_what_each_gets_alone():
    alone_states, alone_digests = _game(11)
    alone_answers = [_ask(s) for s in alone_states]
    # one thread replays the game from its seed; the other asks the same questions of every state of
    # it (fresh objects: nothing worked out for the first run helps), both at once
    again, _ = _game(11)
    fresh = [GameState(**s.__dict__) for s in again]
    (_states, digests), answers = _both(lambda: _game(11), lambda: [_ask(s) for s in fresh])
    assert digests == alone_digests
    assert answers == alone_answers


def test_two_games_played_at_once_play_as_they_do_alone():
    alone = [_game(seed)[1] for seed in (14, 15)]
    for _ in range(2):
        (_a, first), (_b, second) = _both(lambda: _game(14), lambda: _game(15))
        assert [first, second] == alone


def test_a_foe_thinking_beside_the_engine_decides_as_it_does_alone():
    states, _ = _game(12)
    moves = [s for s in states if engine.to_act(s)][::7][:6]

    def think() -> list[str]:
        return [str(decide(s, engine.to_act(s)[0], engine.legal_actions(s, engine.to_act(s)[0]), "veteran")[0])
                for s in moves]

    alone = think()
    foe, game = _both(think, lambda: _game(13))
    assert foe == alone
    assert game[1] == _game(13)[1]


def test_a_shared_map_world_cannot_be_changed():
    base = changed_base("maps/arena.toml", engine.new_game(_setup(1))[0].map_changes)
    world = map_world("maps/arena.toml")
    assert world is not None
    for shared in (base, world):
        with pytest.raises(RuntimeError):
            shared.place_vehicle("x", Pose.at(5, 5, 0), None)
        with pytest.raises(RuntimeError):
            shared.remove_static("walls[0]")
    own = CollisionWorld.over(world)
    own.set_vehicles({"x": (Pose.at(20, 15, 0), tables().handling.counters[Kind.CAR])})
    assert own.vehicle_ids() == ("x",) and world.vehicle_ids() == ()
