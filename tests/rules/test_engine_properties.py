"""Properties of the engine contract (../shared/DESIGN.md; issue 2 "Done when"): random legal play
raises nothing, play is reproducible from the seed and the actions, saves continue exactly, the
legal-action lists are sorted and agree with check(), and undo restores the state exactly."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.geometry import Pose
from rules.core.tomlio import dumps_toml
from rules.driving.maneuvers import KINDS, Maneuver
from rules.engine import engine
from rules.engine.game import Game
from rules.engine.saves import loads_game, save_dict
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Action, Move, SetSpeed
from rules.play.state import SPEED, GameState, digest
from rules.tables.movement import tables


def full_check(state: GameState, a: Action) -> str | None:
    """engine.check of a copy that carries none of the state's derived work: a shot fire_options has listed
    for this very state is not taken on the list's word there (rules.phases.fire_step.fire_problem trusts
    a list it made itself), so here the lists are checked against every rule."""
    return engine.check(replace(state), a)


CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=12 armor=10"
TRIKE = "generic kind=trike hc=2 accel=10 top=90 weight=2000 tire=12 armor=10"
CYCLE = "generic kind=cycle hc=2 accel=10 top=100 weight=600 tire=12 armor=10"
DESIGNS = (CAR, CAR, TRIKE, CYCLE)
POSES = ((0, 0, 0), (8, 0, 90), (8, 8, 180), (0, 8, 270))

SLOW = settings(max_examples=3, deadline=None)


def four(seed: int, max_turns: int = 200, speed: float = 30) -> GameSetup:
    """Four vehicles (two cars, a trike and a cycle) round a square, each driven by its own player."""
    return GameSetup(tuple(VehicleSetup(f"V{i}", f"p{i}", d, Pose.at(x, y, f), speed=speed)
                           for i, (d, (x, y, f)) in enumerate(zip(DESIGNS, POSES, strict=True))),
                     seed=seed, max_turns=max_turns)


def choose(state: GameState, rng: random.Random) -> Action:
    """A random player that keeps games going: it mostly holds its speed or changes it a little
    (never below 10 mph by choice) and mostly drives straight, but only ever picks a legal action."""
    vid = rng.choice(engine.to_act(state))
    acts = engine.legal_actions(state, vid)
    v = state.vehicle(vid)
    if state.step == SPEED:
        gentle = [a for a in acts if isinstance(a, SetSpeed) and abs(abs(a.mph) - v.speed) <= 5 and abs(a.mph) >= 10]
        keep = [a for a in acts if isinstance(a, SetSpeed) and a.mph == v.signed_speed]
        if keep and rng.random() < 0.6:
            return keep[0]
        return rng.choice(gentle or acts)
    moves = [a for a in acts if isinstance(a, Move)]
    straight = [a for a in moves if a.maneuver.kind == "straight"]
    roll = rng.random()
    if straight and roll < 0.85:
        return rng.choice(straight)
    mild = [a for a in moves if a.maneuver.kind in ("drift", "bend") and a.maneuver.degrees <= 30 and not a.maneuver.skid]
    if mild and roll < 0.97:
        return rng.choice(mild)
    return rng.choice(acts)


def play(state: GameState, rng: random.Random, decisions: int) -> tuple[GameState, list[Action]]:
    done: list[Action] = []
    for _ in range(decisions):
        if state.over:
            break
        a = choose(state, rng)
        state, _ = engine.apply(state, a)
        done.append(a)
    return state, done


# --- random play ------------------------------------------------------------------------------------


@SLOW
@given(seed=st.integers(0, 2**31), rng=st.integers(0, 2**31))
def test_random_legal_play_of_up_to_200_turns_with_4_vehicles_raises_nothing(seed, rng):
    rnd = random.Random(rng)
    state, _ = engine.new_game(four(seed))
    hs_min = tables().handling.hs_min
    for _ in range(20_000):
        if state.over:
            break
        assert engine.to_act(state), "the engine waits only when someone must decide"
        a = choose(state, rnd)
        assert full_check(state, a) is None
        state, events = engine.apply(state, a)
        assert all(ev.kind and ev.text for ev in events)
        for v in state.vehicles:
            assert v.speed >= 0
            assert hs_min <= v.hs <= max(v.hc, v.spec.hc + v.reflex_bonus)
        assert state.turn <= 200
    assert state.over
    assert engine.outcome(state) is not None


# --- determinism --------------------------------------------------------------------------------------


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**31), rng=st.integers(0, 2**31))
def test_same_seed_and_actions_give_the_same_digest(seed, rng):
    rnd = random.Random(rng)
    setup = four(seed, max_turns=8)
    state, _ = engine.new_game(setup)
    digests = [digest(state)]
    actions: list[Action] = []
    while not state.over:
        a = choose(state, rnd)
        state, _ = engine.apply(state, a)
        actions.append(a)
        digests.append(digest(state))
    again, _ = engine.new_game(setup)
    assert digest(again) == digests[0]
    for i, a in enumerate(actions):
        again, _ = engine.apply(again, a)
        assert digest(again) == digests[i + 1]
    assert again == state


def test_a_different_seed_gives_a_different_game():
    a, _ = engine.new_game(four(1))
    b, _ = engine.new_game(four(2))
    assert digest(a) != digest(b)


# --- saves ---------------------------------------------------------------------------------------------


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31), rng=st.integers(0, 2**31), first=st.integers(0, 120))
def test_save_load_continue_equals_playing_on(seed, rng, first):
    rnd = random.Random(rng)
    game = Game(four(seed, max_turns=12))
    state, actions = play(game.state, rnd, first)
    for a in actions:
        game.apply(a)
    assert game.state == state
    loaded = loads_game(dumps_toml(save_dict(game)))
    assert loaded.state == game.state and loaded.actions == game.actions
    for _ in range(80):
        if game.state.over:
            break
        a = choose(game.state, rnd)
        game.apply(a)
        loaded.apply(a)
        assert digest(loaded.state) == digest(game.state)
    assert loaded.state == game.state


# --- legal actions and check() ---------------------------------------------------------------------------


def _sorted_ok(acts: list[Action]) -> bool:
    speeds = [a.mph for a in acts if isinstance(a, SetSpeed)]
    moves = [str(a.maneuver) for a in acts if isinstance(a, Move)]
    return speeds == sorted(speeds) and moves == sorted(moves) and len(set(acts)) == len(acts)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31), rng=st.integers(0, 2**31))
def test_legal_actions_are_sorted_and_each_passes_check(seed, rng):
    rnd = random.Random(rng)
    state, _ = engine.new_game(four(seed, max_turns=6, speed=40))
    while not state.over:
        for vid in engine.to_act(state):
            acts = engine.legal_actions(state, vid)
            assert acts and _sorted_ok(acts)
            for a in acts:
                assert a.vehicle == vid
                assert full_check(state, a) is None, a
        for v in state.vehicles:
            if v.id not in engine.to_act(state):
                assert engine.legal_actions(state, v.id) == []
        state, _ = engine.apply(state, choose(state, rnd))


def random_maneuver(draw) -> Maneuver:
    kind = draw(st.sampled_from(KINDS))
    side = "" if kind == "straight" else draw(st.sampled_from(["left", "right"]))
    m = tables().maneuvers
    fields: dict = {"kind": kind, "side": side, "reverse": draw(st.booleans())}
    if kind == "drift":
        fields["inches"] = m.drift_max
    elif kind == "steep_drift":
        fields["inches"] = m.steep_max
    elif kind in ("bend", "swerve"):
        fields["degrees"] = float(draw(st.sampled_from(m.key_degrees)))
        fields["skid"] = draw(st.sampled_from([0.0, *sorted(m.skids)]))
        if kind == "swerve":
            fields["drift"] = m.swerve_max_drift
    elif kind == "pivot":
        fields["degrees"] = float(draw(st.integers(1, 12)) * 15)
    if kind == "bootlegger":
        fields["reverse"] = False
    fields["even"] = draw(st.booleans()) and kind not in ("t_stop", "bootlegger", "pivot") and not fields.get("skid")
    return Maneuver(**fields)


@st.composite
def probes(draw) -> list[Action]:
    out: list[Action] = []
    for _ in range(12):
        vid = draw(st.sampled_from(["V0", "V1", "V2", "V3", "nobody"]))
        if draw(st.booleans()):
            out.append(SetSpeed(vid, draw(st.integers(-20, 60)) * 2.5))
        else:
            out.append(Move(vid, random_maneuver(draw)))
    return out


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), rng=st.integers(0, 2**31), tries=probes(),
       decisions=st.integers(0, 60))
def test_check_rejects_what_legal_actions_leaves_out_with_a_reason(seed, rng, tries, decisions):
    """Any action of the turning key's vocabulary is legal exactly when legal_actions lists it;
    check() explains every refusal and apply() refuses it too."""
    rnd = random.Random(rng)
    state, _ = play(engine.new_game(four(seed, max_turns=8, speed=20 + seed % 5 * 5))[0], rnd, decisions)
    legal = {a for vid in ("V0", "V1", "V2", "V3") for a in engine.legal_actions(state, vid)}
    for a in tries:
        problem = engine.check(state, a)
        if a in legal:
            assert problem is None
        else:
            assert isinstance(problem, str) and problem, a
            try:
                engine.apply(state, a)
            except Exception as exc:  # noqa: BLE001 - the type is checked just below
                assert type(exc).__name__ == "IllegalAction" and problem in str(exc)
            else:
                raise AssertionError(f"{a} was applied although check() said: {problem}")


# --- undo ----------------------------------------------------------------------------------------------


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31), rng=st.integers(0, 2**31), steps=st.integers(1, 80))
def test_undo_restores_the_previous_state_exactly(seed, rng, steps):
    rnd = random.Random(rng)
    game = Game(four(seed, max_turns=10))
    for _ in range(steps):
        if game.state.over:
            break
        before, key = game.state, digest(game.state)
        a = choose(game.state, rnd)
        game.apply(a)
        assert game.undo() == a
        assert game.state == before and digest(game.state) == key
        game.apply(a)  # and the same action again gives the same result
    n = len(game.history)
    while game.undo() is not None:
        n -= 1
        assert len(game.history) == n
    assert game.state == engine.new_game(game.setup)[0]
