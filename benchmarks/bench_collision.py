"""Cost of the collision sweep (issue 4): one maneuver among 20 vehicles and 500 static shapes, a
whole phase in which all 20 vehicles make a maneuver each, and a phase of the real engine (20 cars in
the arena, every move swept and its collisions resolved).

A plain script, not a test: `python benchmarks/bench_collision.py` (or `python -m benchmarks.bench_collision`).
It prints numbers and passes no judgement.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.geometry import CounterSize, Pose, Vec  # noqa: E402
from rules.driving.maneuvers import Maneuver, perform  # noqa: E402
from rules.world.collision import CollisionWorld, FeatureKind, StaticShape  # noqa: E402

CAR = CounterSize(1.0, 0.5)
ARENA = 120.0          # inches on a side
VEHICLES = 20
STATIC = 500


def static_shapes(rng: random.Random) -> list[StaticShape]:
    """An arena: 4 outer walls, then buildings, trees, debris squares and curbs up to STATIC shapes."""
    a = ARENA
    shapes = [StaticShape(f"wall{i}", FeatureKind.WALL, (Vec(*p), Vec(*q)))
              for i, (p, q) in enumerate((((0, 0), (a, 0)), ((a, 0), (a, a)), ((a, a), (0, a)), ((0, a), (0, 0))))]
    kinds = (FeatureKind.BUILDING, FeatureKind.FIXED_OBJECT, FeatureKind.DEBRIS, FeatureKind.CURB)
    while len(shapes) < STATIC:
        kind = kinds[len(shapes) % len(kinds)]
        x, y = rng.uniform(2, a - 6), rng.uniform(2, a - 6)
        sid = f"s{len(shapes)}"
        if kind is FeatureKind.FIXED_OBJECT:
            shapes.append(StaticShape(sid, kind, (Vec(x, y),), radius=0.3, dp=20))
        elif kind is FeatureKind.CURB:
            shapes.append(StaticShape(sid, kind, (Vec(x, y), Vec(x + rng.uniform(1, 4), y))))
        else:
            w = 0.25 if kind is FeatureKind.DEBRIS else rng.uniform(1, 3)
            shapes.append(StaticShape(sid, kind, (Vec(x, y), Vec(x + w, y), Vec(x + w, y + w), Vec(x, y + w)), dp=6))
    return shapes


def place_vehicles(world: CollisionWorld, rng: random.Random) -> dict[str, tuple[Pose, CounterSize]]:
    placed: dict[str, tuple[Pose, CounterSize]] = {}
    while len(placed) < VEHICLES:
        vid = f"v{len(placed)}"
        pose = Pose.at(rng.uniform(5, ARENA - 5), rng.uniform(5, ARENA - 5), rng.choice(range(0, 360, 15)))
        if not world.overlaps(vid, pose, size=CAR):
            placed[vid] = (pose, CAR)
            world.set_vehicles(placed)
    return placed


MANEUVERS = (Maneuver("bend", "right", degrees=90), Maneuver("bend", "left", degrees=45),
             Maneuver("straight"), Maneuver("swerve", "left", degrees=30, drift=0.25),
             Maneuver("drift", "right", inches=0.25))


def bench(repeat: int = 200) -> dict[str, float]:
    rng = random.Random(4)
    t0 = time.perf_counter()
    world = CollisionWorld.from_static(static_shapes(rng))
    build = time.perf_counter() - t0
    vehicles = place_vehicles(world, rng)

    pose, size = vehicles["v0"]
    path = perform(MANEUVERS[0], pose, size).path
    t0 = time.perf_counter()
    for _ in range(repeat):
        world.sweep("v0", path)
    one = (time.perf_counter() - t0) / repeat

    t0 = time.perf_counter()
    phases = max(1, repeat // 20)
    for _ in range(phases):
        for i, vid in enumerate(sorted(vehicles)):
            p, _ = vehicles[vid]
            motion = perform(MANEUVERS[i % len(MANEUVERS)], p, CAR)
            s = world.sweep(vid, motion.path)
            world.place_vehicle(vid, s.end)
        world.set_vehicles(vehicles)       # put them back, so every phase does the same work
    phase = (time.perf_counter() - t0) / phases
    return {"build_world_ms": build * 1e3, "path_poses": len(path), "one_maneuver_ms": one * 1e3,
            "phase_of_20_ms": phase * 1e3}


def bench_engine(phases: int = 5) -> float:
    """Milliseconds per phase of the engine with 20 cars at 40 mph in the arena, each keeping its speed
    and choosing a random legal move (collisions included)."""
    from rules.engine.engine import apply, legal_actions, new_game, to_act
    from rules.engine.setup import GameSetup, VehicleSetup
    from rules.world.maps import load_map

    arena = Path(__file__).resolve().parent.parent / "maps" / "arena.toml"
    m = load_map(arena)
    rng = random.Random(20)
    world = CollisionWorld()
    cars: list[VehicleSetup] = []
    while len(cars) < VEHICLES:
        pose = Pose.at(rng.uniform(3, m.width - 3), rng.uniform(3, m.height - 3), rng.choice(range(0, 360, 45)))
        if not world.overlaps("probe", pose, size=CAR):
            cars.append(VehicleSetup(f"v{len(cars)}", f"p{len(cars)}", "generic kind=car", pose, 40))
            world.place_vehicle(cars[-1].id, pose, CAR)
    state, _ = new_game(GameSetup(tuple(cars), seed=20, map=str(arena)))
    t0 = time.perf_counter()
    start = (state.turn, state.phase)
    while (state.turn - start[0]) * 5 + state.phase - start[1] < phases:
        who = to_act(state)[0]
        acts = legal_actions(state, who)
        v = state.vehicle(who)
        keep = [a for a in acts if str(a) == f"{who} speed {v.speed:g}"]
        state, _ = apply(state, keep[0] if keep else rng.choice(acts))
    return (time.perf_counter() - t0) / phases * 1e3


def main() -> int:
    r = bench()
    print(f"collision world: {STATIC} static shapes, {VEHICLES} vehicles")
    print(f"  build the world          {r['build_world_ms']:8.2f} ms")
    print(f"  sweep one maneuver       {r['one_maneuver_ms']:8.3f} ms  ({r['path_poses']:.0f} path poses)")
    print(f"  a phase of 20 maneuvers  {r['phase_of_20_ms']:8.2f} ms  (perform + sweep + place)")
    print(f"  an engine phase, 20 cars {bench_engine():8.2f} ms  (arena, collisions resolved)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
