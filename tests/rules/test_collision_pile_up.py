"""Pile-ups (000:L411-L412, reading T29): a push blocked by a third vehicle is a collision of its own,
resolved in order, and no counters are left overlapping, however many cars crowd together."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.dice import ScriptedDice
from rules.core.events import Collided, PileUp
from rules.core.geometry import Pose
from rules.driving.maneuvers import slide
from rules.engine.engine import apply, legal_actions, new_game, outcome, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.collisions import move_with_collisions, world_for
from rules.play.context import Ctx
from rules.play.state import RuleOptions

CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=20"
HEAVY = "generic kind=car hc=2 accel=10 top=100 weight=9000 tire=4 armor=20"


def test_a_car_pushed_into_a_third_one_collides_with_it_000_L412() -> None:
    """A heavy car T-bones b, whose pivot would swing it into c parked beside it: b meets c in a collision
    of its own; the heavy car stops; nobody overlaps."""
    cars = (VehicleSetup("a", "p1", HEAVY, Pose.at(0, 0, 0), 40),
            VehicleSetup("b", "p2", CAR, Pose.at(0.3, -3, 90), 0),
            VehicleSetup("c", "p3", CAR, Pose.at(0.3, -3.75, 90), 0))
    state, _ = new_game(GameSetup(cars, seed=3))
    ctx = Ctx(state, ScriptedDice([4] * 30, fallback_seed=9))
    move_with_collisions(ctx, "a", slide(Pose.at(0, 0, 0), 0, 3))
    pairs = {frozenset((e.vehicle, e.other)) for e in ctx.log.events
             if isinstance(e, Collided)}
    assert frozenset(("a", "b")) in pairs and frozenset(("b", "c")) in pairs
    assert any(isinstance(e, PileUp) for e in ctx.log.events)
    assert ctx.v("c").sheet.armor != ctx.v("c").spec.sheet.armor     # c took the pile-up's damage
    assert world_for(ctx).vehicle_overlaps() == []


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000))
def test_crowded_random_play_never_leaves_counters_overlapping(seed: int) -> None:
    """Twelve cars packed into a 6" x 5" block, random legal moves for two turns."""
    rng = random.Random(seed)
    cars = tuple(VehicleSetup(f"v{i}", f"p{i}", CAR, Pose.at(1.5 * (i % 4), 1.5 * (i // 4), rng.choice([0, 90, 180, 270])),
                              rng.choice([10, 20, 30, 40])) for i in range(12))
    state, _ = new_game(GameSetup(cars, seed=seed, max_turns=2, options=RuleOptions(fire_step="off")))
    for _ in range(400):
        if outcome(state) is not None or not to_act(state):
            break
        who = to_act(state)[0]
        state, _ = apply(state, rng.choice(legal_actions(state, who)))
        ctx = Ctx(state)
        assert world_for(ctx).vehicle_overlaps() == [], (state.turn, state.phase)
