"""Random legal play in the walled arena: no phase ends with two counters overlapping and no vehicle
passes through a wall (issue 4; 000:L386-L387, reference/movement.md §4.14, §5.2)."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.geometry import Pose
from rules.engine.engine import apply, legal_actions, new_game, outcome, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.state import GameState
from rules.tables.movement import tables
from rules.world.collision import CollisionWorld, static_from_map
from rules.world.map_changes import changed_world
from rules.world.maps import load_map, static_shapes

ARENA = str(Path(__file__).resolve().parents[2] / "maps" / "arena.toml")
CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=20"


def _problems(world: CollisionWorld, state: GameState) -> list[str]:
    counters = tables().handling.counters
    world.set_vehicles({v.id: (v.pose, counters[v.spec.kind]) for v in state.vehicles if not v.out})
    out = [f"{a} overlaps {b}" for a, b in world.vehicle_overlaps()]
    for v in state.vehicles:
        if not v.out:
            out += [f"{v.id} in {h.other}" for h in world.overlaps(v.id, v.pose) if h.blocks_motion]
    return out


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_random_play_leaves_no_overlaps_and_nobody_outside_the_arena(seed: int) -> None:
    m = load_map(ARENA)
    world = CollisionWorld.from_static(static_from_map(static_shapes(m)))
    rng = random.Random(seed)
    setups = tuple(VehicleSetup(f"v{i}", f"p{i}", CAR, Pose.at(s.x, s.y, s.facing), rng.choice([20, 30, 40, 50]))
                   for i, s in enumerate(m.starts[:6]))
    state, _ = new_game(GameSetup(setups, seed=seed, map=ARENA, max_turns=8))
    for _ in range(600):
        if outcome(state) is not None or not to_act(state):
            break
        who = to_act(state)[0]
        state, _ = apply(state, rng.choice(legal_actions(state, who)))
        # the map as play has changed it: a breached wall lets a counter through (000:L481)
        now = changed_world(ARENA, state.map_changes) if state.map_changes else world
        assert _problems(now, state) == []
        for v in state.vehicles:
            assert 0 <= v.pose.x <= m.width and 0 <= v.pose.y <= m.height, v.id
