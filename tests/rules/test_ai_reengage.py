"""Scripted foes coming back to the fight (issue 16 item 2): round a wall that stands between a foe and
its target, and back on a target it has just passed. These are the program's driving choices, not
rulebook rules; every maneuver they pick is one of the engine's legal actions (000:L182-L186)."""

from __future__ import annotations

import time
from pathlib import Path

from rules.ai.foe import _approach_bearing, _waypoint, decide
from rules.ai.sight import View
from rules.core.geometry import Pose, angle_diff, heading_of
from rules.engine import engine
from rules.play.actions import Move
from rules.play.state import MOVE
from rules.tables.foe_profiles import profile
from tests.rules.test_ai import _advance_to, _game, box_map

ROOT = Path(__file__).resolve().parents[2]
ARENA = str(ROOT / "maps" / "arena.toml")
BUDGET = 60.0   # a cap a loaded machine cannot reach: the profile's node budget sizes the search


def _view(state, vid: str, name: str) -> View:
    return View.of(state, vid, profile(name), time.perf_counter() + BUDGET)


def test_round_the_arena_pillar_it_heads_for_a_waypoint_that_sees_the_target() -> None:
    """North and south starts of the arena have the centre block between them: the way to close in
    is round it, not at it (the foe used to drive into the block, back out and do it again)."""
    state = _game([("A", Pose.at(20, 4, 180), 10), ("B", Pose.at(20, 26, 0), 10)], map_path=ARENA)
    state = _advance_to(state, "A", MOVE)
    view = _view(state, "A", "veteran")
    me, them = state.vehicle("A").pose.centre, state.vehicle("B").pose.centre
    assert view.static.line_of_fire(me, them).hits             # the block is in the way
    way = _waypoint(view)
    assert way is not None
    assert not view.static.line_of_fire(way, them).hits        # from the waypoint it sees its target
    assert not view.static.line_of_fire(me, way).hits
    bearing = _approach_bearing(view, state.vehicle("A").pose, state.vehicle("B").pose)
    assert angle_diff(bearing, heading_of(them - me)) >= 15     # it steers off the straight line to B


def test_with_a_clear_line_there_is_no_waypoint(tmp_path: Path) -> None:
    state = _game([("A", Pose.at(4, 6, 90), 20), ("B", Pose.at(20, 6, 270), 20)], map_path=box_map(tmp_path))
    state = _advance_to(state, "A", MOVE)
    view = _view(state, "A", "veteran")
    assert _waypoint(view) is None
    pose_a, pose_b = state.vehicle("A").pose, state.vehicle("B").pose
    assert _approach_bearing(view, pose_a, pose_b) == heading_of(pose_b.centre - pose_a.centre)


def test_after_passing_its_target_it_turns_back_hard(tmp_path: Path) -> None:
    """A has just passed B (3" behind it, going the other way) at 15 mph with full handling: the
    veteran and the ace bend at least 45 degrees back towards it rather than drive on (they used to
    drive on and come round 15 degrees a phase)."""
    box = box_map(tmp_path)
    for name in ("veteran", "ace"):
        state = _game([("A", Pose.at(12, 6, 90), 15), ("B", Pose.at(9, 7, 270), 10)], map_path=box)
        state = _advance_to(state, "A", MOVE)
        legal = engine.legal_actions(state, "A")
        action, why = decide(state, "A", legal, name, BUDGET)
        assert action in legal
        assert isinstance(action, Move), why
        m = action.maneuver
        assert m.kind in ("bend", "swerve", "pivot", "t_stop", "bootlegger"), (name, why)
        if m.kind in ("bend", "swerve"):
            assert m.degrees >= 45, (name, why)
            end = engine.apply(state, action)[0].vehicle("A").pose
            start = state.vehicle("A").pose
            target = state.vehicle("B").pose.centre
            assert angle_diff(end.facing, heading_of(target - end.centre)) < \
                angle_diff(start.facing, heading_of(target - start.centre)), (name, why)


def test_having_just_passed_its_target_it_slows_to_turn_back(tmp_path: Path) -> None:
    """At 40 mph, 4" past a target going the other way: the veteran slows (to TURN_BACK_MPH at most
    when it may brake that far) so that it can turn back tightly; the novice, who plans nothing, does not."""
    from rules.ai.foe import _passed
    from rules.play.actions import SetSpeed
    from rules.play.state import SPEED

    box = box_map(tmp_path)
    state = _game([("A", Pose.at(15, 6, 90), 40), ("B", Pose.at(11, 6, 270), 30)], map_path=box)
    state = _advance_to(state, "A", SPEED)
    assert _passed(_view(state, "A", "veteran"), state.vehicle("B"))
    legal = engine.legal_actions(state, "A")
    action, why = decide(state, "A", legal, "veteran", BUDGET)
    assert isinstance(action, SetSpeed) and action.mph < 40, why
    novice, _ = decide(state, "A", legal, "novice", BUDGET)
    assert isinstance(novice, SetSpeed) and novice.mph >= action.mph
