"""Map changes in the game state: DP taken by walls and fixed objects, breaches, features knocked
down (000:L476-L481); the collision world and the line of fire are the map plus these changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.combat.line_of_fire import map_world
from rules.core.dice import ScriptedDice
from rules.core.events import Collided
from rules.core.geometry import Pose, Vec
from rules.driving.maneuvers import slide
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.collisions import move_with_collisions, world_for
from rules.play.context import Ctx
from rules.play.state import digest, state_dict
from rules.world.map_changes import MapChanges

CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=20"
YARD = """format_version = 1
name = "Yard"
[size]
width = 20
height = 20
[ground]
kind = "road"
[[walls]]
rect = [2, 4, 8, 0.25]
dp = 3
[[walls]]
kind = "tree"
rect = [14.75, 4, 0.5, 0.5]
dp = 4
"""


@pytest.fixture()
def yard(tmp_path: Path) -> str:
    p = tmp_path / "yard.toml"
    p.write_text(YARD)
    return str(p)


def ctx_for(yard: str, cars: list[tuple[str, float, float]], faces: list[int]) -> Ctx:
    vs = tuple(VehicleSetup(vid, vid, CAR, Pose.at(x, y, 0), 40) for vid, x, y in cars)
    state, _ = new_game(GameSetup(vs, seed=3, map=yard))
    return Ctx(state, ScriptedDice(faces, fallback_seed=9))


def test_a_wall_keeps_the_dp_it_lost_and_a_later_ram_breaches_it_000_L477_L481(yard: str) -> None:
    """Two ¼" sections of DP 3 hold 6: a ram doing 2 leaves 4 there; the next ram doing 4 breaches them."""
    ctx = ctx_for(yard, [("a", 6, 8), ("b", 6, 14)], [1, 1, 1] + [1] * 6)
    move_with_collisions(ctx, "a", slide(Pose.at(6, 8, 0), 0, 5))
    assert ctx.v("a").pose.y == pytest.approx(4.75, abs=1 / 32)      # stopped at the wall
    (key, taken), = ctx.state.map_changes.damage
    assert key.startswith("walls[0]@") and taken == 2                 # 3d = 3 x 2/3
    assert ctx.state.map_changes.breaches == ()
    ctx.update("a", pose=Pose.at(3, 12, 90))                           # out of the way
    ctx.dice = ScriptedDice([2, 2, 2] + [1] * 6, fallback_seed=9)
    move_with_collisions(ctx, "b", slide(Pose.at(6, 14, 0), 0, 10))
    changes = ctx.state.map_changes
    assert [b[0] for b in changes.breaches] == ["walls[0]"]           # 6 x 2/3 = 4 >= the 4 DP left
    assert changes.damage == ()
    assert ctx.v("b").sheet.armor["front"] == 20 - 4                  # the wall returns what it had left


def test_a_breach_lets_the_next_car_through_000_L481(yard: str) -> None:
    ctx = ctx_for(yard, [("a", 6, 8), ("b", 6, 12)], [6, 6, 6] + [1] * 6)
    move_with_collisions(ctx, "a", slide(Pose.at(6, 8, 0), 0, 4))
    assert len(ctx.state.map_changes.breaches) == 1                   # 18 x 2/3 = 12 >= 6
    ctx.update("a", pose=Pose.at(3, 12, 90))
    made = move_with_collisions(ctx, "b", slide(Pose.at(6, 12, 0), 0, 10))
    assert made.end == Pose.at(6, 2, 0)                                # through the ½" gap, untouched
    assert not [e for e in ctx.log.events if isinstance(e, Collided) and e.vehicle == "b"]
    assert world_for(ctx).overlaps("b", Pose.at(6, 4, 0)) == ()
    assert world_for(ctx).overlaps("b", Pose.at(7, 4, 0)) != ()        # the rest of the wall stands


def test_a_tree_knocked_down_leaves_the_world_and_the_line_of_fire_000_L479(yard: str) -> None:
    ctx = ctx_for(yard, [("a", 15, 8)], [6, 6, 6] + [1] * 6)
    before = map_world(yard)
    assert before is not None and before.line_of_fire(Vec(15, 2), Vec(15, 7)).hits
    move_with_collisions(ctx, "a", slide(Pose.at(15, 8, 0), 0, 4))
    assert ctx.state.map_changes.destroyed == ("walls[1]",)           # 12 >= DP 4
    after = map_world(yard, ctx.state.map_changes)
    assert after is not None and not after.line_of_fire(Vec(15, 2), Vec(15, 3.9)).hits
    assert world_for(ctx).overlaps("a", Pose.at(15, 4.25, 0)) == ()


def test_games_without_map_changes_keep_their_digest() -> None:
    """A field at its default is left out of the digest (saves made before it keep verifying)."""
    state, _ = new_game(GameSetup((VehicleSetup("a", "a", CAR, Pose.at(6, 8, 0), 40),), seed=3))
    assert "map_changes" not in state_dict(state)
    changed = state.__class__(**{**state.__dict__, "map_changes": MapChanges(destroyed=("walls[1]",))})
    assert "map_changes" in state_dict(changed) and digest(changed) != digest(state)


def test_a_save_replays_the_map_changes_000_L481(yard: str, tmp_path: Path) -> None:
    """Map changes come from actions: a saved game replays to the same walls and digest."""
    from rules.engine.game import Game
    from rules.engine.saves import load_game, save_game
    from rules.play.actions import Move, SetSpeed
    from rules.play.state import RuleOptions

    game = Game(GameSetup((VehicleSetup("a", "a", CAR, Pose.at(6, 8, 0), 60),
                           VehicleSetup("b", "b", CAR, Pose.at(15, 15, 180), 0)),
                          seed=11, map=yard, options=RuleOptions(fire_step="off"), max_turns=2))
    while game.outcome() is None and game.to_act():
        vid = game.to_act()[0]
        v = game.state.vehicle(vid)
        acts = game.legal_actions(vid)
        keep = [a for a in acts if (isinstance(a, SetSpeed) and a.mph == v.signed_speed)
                or (isinstance(a, Move) and a.maneuver.kind == "straight")]
        game.apply((keep or acts)[0])
    assert game.state.map_changes                                     # it rammed the wall
    loaded = load_game(save_game(game, tmp_path / "yard_save.toml"))
    assert loaded.state.map_changes == game.state.map_changes
    assert digest(loaded.state) == digest(game.state)
