"""The engine's previews (rules.engine.preview) agree with what `apply` then does: the D, the handling
status after and the control roll of every maneuver and speed change, and the to-hit of every shot,
checked on random legal actions in seeded games on the arena with armed stock cars."""

from __future__ import annotations

import random

import pytest

from rules.core.dice import chance_at_least
from rules.core.events import ControlRolled, Event, Moved, OffRoad, ShotFired, TireDamaged
from rules.core.geometry import Pose
from rules.driving.maneuvers import Maneuver, perform
from rules.engine import engine
from rules.engine.preview import Previewer, ShotPreview, SpeedPreview, maneuver_name, preview
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Action, Fire, Move, Pass, SetSpeed
from rules.play.state import FIRE, MOVE, GameState
from rules.tables.movement import tables

POSES = (Pose.at(8, 15, 90), Pose.at(32, 15, 270), Pose.at(20, 6, 180), Pose.at(20, 24, 0))


def arena(seed: int, speed: float = 40.0) -> GameSetup:
    return GameSetup(tuple(VehicleSetup(f"car{i + 1}", f"p{i + 1}", "Killer Kart", p, speed)
                           for i, p in enumerate(POSES)), seed=seed, map="maps/arena.toml", max_turns=12)


def _control(events: list[Event], vid: str, what: str) -> ControlRolled | None:
    """The control check the action made, unless a collision or hazard came first (the preview is of
    the path as drawn, before anything it meets)."""
    for e in events:
        if e.vehicle == vid and e.kind in ("collision", "hazard"):
            return None
        if e.vehicle == vid and isinstance(e, ControlRolled):
            return e if e.text.startswith(what) else None
    return None


def _pick(state: GameState, rng: random.Random) -> Action:
    vid = rng.choice(engine.to_act(state))
    acts = engine.legal_actions(state, vid)
    shots = [a for a in acts if isinstance(a, Fire)]
    if shots and rng.random() < 0.7:
        return rng.choice(shots)
    return rng.choice(acts)


def _checked_game(seed: int, decisions: int = 160) -> dict[str, int]:
    """Play random legal actions; before each, preview it, then compare with the events of apply."""
    rng = random.Random(seed)
    state, _ = engine.new_game(arena(seed))
    pv = Previewer()
    seen = {"move": 0, "move_roll": 0, "speed": 0, "speed_roll": 0, "shot": 0}
    for _ in range(decisions):
        if state.over or not engine.to_act(state):
            break
        a = _pick(state, rng)
        p = pv.preview(state, a)
        assert not getattr(p, "problem", ""), f"{a} is legal, yet the preview says {p}"
        after, events = engine.apply(state, a)
        if isinstance(a, Move):
            assert p.action == a
            seen["move"] += 1
            ev = _control(events, a.vehicle, "T-stop" if a.maneuver.kind == "t_stop" else str(a.maneuver))
            # a move that ends off-road caps the handling status before the roll (reading T35): the
            # preview does not model the ground changing under the move, as it does not model hazards
            if p.meets is None and not any(e.kind in ("collision", "hazard") or isinstance(e, OffRoad) for e in events):
                if not p.rolls:
                    assert ev is None, f"{a}: the preview said no control roll, apply made one: {ev}"
                else:
                    assert ev is not None, f"{a}: the preview said a control roll, apply made none"
                    seen["move_roll"] += 1
                    assert (p.difficulty, p.hs_after, p.need) == (ev.difficulty, ev.hs, ev.need), \
                        f"{a}: preview D{p.difficulty} HS{p.hs_after} {p.need}, apply: {ev}"
                moved = [e for e in events if isinstance(e, Moved) and e.vehicle == a.vehicle]
                assert moved and moved[0].path[-1] == p.end, f"{a}: the counter ends elsewhere"
        elif isinstance(a, SetSpeed):
            assert isinstance(p, SpeedPreview)
            seen["speed"] += 1
            ev = _control(events, a.vehicle, "braking")
            if p.difficulty == 0:
                assert ev is None
            else:
                assert ev is not None
                seen["speed_roll"] += 1
                assert (p.difficulty, p.hs_after, p.need) == (ev.difficulty, ev.hs, ev.need)
                tires = [e for e in events if isinstance(e, TireDamaged) and e.vehicle == a.vehicle]
                assert bool(p.tire_damage) == bool(tires) or not p.tire_damage
        elif isinstance(a, Fire):
            assert isinstance(p, ShotPreview)
            seen["shot"] += _shot_agrees(after, a, p)
        state = after
    return seen


def _shot_agrees(declared: GameState, a: Fire, p: ShotPreview) -> int:
    """Everyone else holds fire; the shot's logged to-hit roll needs what the preview said."""
    s = declared
    events: list[Event] = []
    while not s.over and s.step == FIRE and engine.to_act(s):
        s, evs = engine.apply(s, Pass(engine.to_act(s)[0]))
        events += evs
    rolls = [e for e in events if isinstance(e, ShotFired) and e.vehicle == a.vehicle and e.target == a.target
             and e.weapon.startswith(a.weapon)]
    if not rolls:
        return 0
    assert rolls[0].need == p.need, f"{a}: preview needs {p.need}, the roll needed {rolls[0]}"
    return 1


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_previews_agree_with_apply_on_random_legal_actions(seed: int) -> None:
    seen = _checked_game(seed)
    assert seen["move"] and seen["speed"]


def test_the_random_games_compared_maneuvers_speed_changes_and_shots() -> None:
    """The comparison is not vacuous: over the seeds, control rolls and shots were compared."""
    total: dict[str, int] = {}
    for seed in (1, 2, 3, 4, 5, 6):
        for k, n in _checked_game(seed).items():
            total[k] = total.get(k, 0) + n
    assert total["move_roll"] >= 5 and total["speed_roll"] >= 1 and total["shot"] >= 3, total


def _at_move(seed: int = 1, speed: float = 40.0) -> GameState:
    state, _ = engine.new_game(arena(seed, speed))
    while state.step != MOVE:
        vid = engine.to_act(state)[0]
        v = state.vehicle(vid)
        state, _ = engine.apply(state, SetSpeed(vid, v.signed_speed))
    return state


def test_every_maneuver_preview_moves_the_counter_as_perform_does() -> None:
    """Bends share their path with bigger bends; each still ends exactly where the engine puts it."""
    state = _at_move()
    vid = engine.to_act(state)[0]
    v = state.vehicle(vid)
    size = tables().handling.counters[v.spec.kind]
    legal = engine.legal_maneuvers(state, v)
    for p in Previewer().maneuvers(state, vid, legal):
        m = p.maneuver
        want = perform(m, v.pose, size, travel=v.travel) if m.kind != "straight" else None
        if want is not None:
            assert (p.end, p.path) == (want.end, want.path), m


def test_a_drift_preview_names_the_roll_and_its_chance_000_L182_L185() -> None:
    state = _at_move()
    vid = engine.to_act(state)[0]
    v = state.vehicle(vid)
    p = preview(state, Move(vid, Maneuver("bend", "right", degrees=90)))
    assert p.difficulty == tables().maneuvers.bend_difficulty(90)
    assert p.hs_after == v.hs - p.difficulty
    assert p.rolls and p.need == tables().control.cell(v.speed, p.hs_after)
    if p.need.isdigit():
        assert p.chance == pytest.approx((7 - int(p.need)) / 6)
    straight = preview(state, Move(vid, Maneuver("straight")))
    assert not straight.rolls and straight.chance == 1.0 and straight.hs_after == v.hs


def test_a_path_into_the_arena_wall_names_the_wall_not_its_id() -> None:
    state = _at_move(speed=40.0)
    # car3 starts 6" from the north wall facing south; turn car3 round so it faces the wall
    from dataclasses import replace

    v = state.vehicle(state.movers[0])
    near = replace(v, pose=Pose.at(20, 0.9, 0), travel=0.0)
    s = state.with_vehicle(near)
    p = Previewer().maneuvers(s, near.id, [Maneuver("straight")])[0]
    assert p.meets is not None and p.meets.blocks
    assert p.meets.what in ("wall", "map edge") and "[" not in p.meets.name


def test_an_illegal_maneuver_is_previewed_with_the_engines_reason() -> None:
    state = _at_move()
    vid = engine.to_act(state)[0]
    p = Previewer().maneuvers(state, vid, [Maneuver("pivot", "left", degrees=90)])[0]
    assert not p.legal and "5 mph" in p.problem


def test_maneuver_names_are_player_words() -> None:
    assert maneuver_name(Maneuver("steep_drift", "left", 0.5)) == "steep drift left ½\""
    assert maneuver_name(Maneuver("t_stop", "right")) == "T-stop right"
    assert maneuver_name(Maneuver("bend", "right", degrees=45, skid=0.5)) == "bend right 45° + skid ½\""


def test_the_chance_of_a_roll_is_counted_over_the_faces() -> None:
    assert chance_at_least(7) == pytest.approx(21 / 36) and chance_at_least(2) == 1.0
    assert chance_at_least(13) == 0.0 and chance_at_least(4, 1) == pytest.approx(0.5)


def test_what_a_path_meets_is_what_a_sweep_of_the_whole_path_finds() -> None:
    """The preview skips clear stretches and shares one sweep among bends: the first contact and the
    hazards crossed are still those of sweeping each whole path (rules.world.collision)."""
    from dataclasses import replace

    from rules.play.collisions import own_world

    base = _at_move(speed=40.0)
    v0 = base.vehicle(base.movers[0])
    size = tables().handling.counters[v0.spec.kind]
    compared = 0
    for x, y, facing in ((20, 1.6, 0), (20, 2.2, 300), (1.8, 15, 250), (2.5, 4.0, 315), (38.2, 28, 135), (20, 15, 0)):
        v = replace(v0, pose=Pose.at(x, y, facing), travel=float(facing))
        s = base.with_vehicle(v)
        world = own_world(s)
        legal = engine.legal_maneuvers(s, v)
        for p in Previewer().maneuvers(s, v.id, legal):
            whole = world.sweep(v.id, p.path, size=size)
            blocked = whole.contact is not None
            assert (p.meets is not None and p.meets.blocks and p.meets.what != "map edge") == blocked, p.maneuver
            if blocked:
                assert p.meets.pose == whole.contact.free_pose
                compared += 1
            assert [t.pose for t in p.touches if t.what != "hazard counter"] == [t.pose for t in whole.touched]
    assert compared >= 10
