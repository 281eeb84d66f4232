"""Banked curves (000:L276-L277) in play: the D of bends, swerves and drifts on a banked arc."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.dice import ScriptedDice
from rules.core.geometry import Pose
from rules.driving.maneuvers import Maneuver
from rules.engine.engine import new_game
from rules.engine.preview import Previewer
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.movement import difficulty_of
from rules.play.context import Ctx
from rules.world.maps import Map, Placement, save_map

CAR = "generic kind=car hc=3 accel=10 top=100 weight=3000 tire=4 armor=20"
# On the curve's centre line (radius 10 about (12.5, 12.5)) at bearing 315, travelling round it
# clockwise: heading 45, the inside edge on the car's right.
ON_CURVE = Pose.at(5.4289, 5.4289, 45)
BEND_IN, BEND_OUT = Maneuver("bend", "right", degrees=30), Maneuver("bend", "left", degrees=30)
SWERVE_IN = Maneuver("swerve", "right", degrees=15, drift=0.25)
DRIFT_IN, DRIFT_OUT = Maneuver("drift", "right", inches=0.25), Maneuver("drift", "left", inches=0.25)
STEEP_OUT = Maneuver("steep_drift", "left", inches=0.5)


def ctx_on(section: str, tmp_path: Path, pose: Pose = ON_CURVE) -> Ctx:
    path = save_map(Map(f"track {section}", 20, 20, sections=(Placement(section, 0, 0),)), tmp_path / f"{section}.toml")
    setup = GameSetup((VehicleSetup("a", "p1", CAR, pose, 40),), seed=5, map=str(path))
    state, _ = new_game(setup)
    return Ctx(state, ScriptedDice([1] * 10))


def d(ctx: Ctx, m: Maneuver) -> int:
    return difficulty_of(ctx, ctx.v("a"), m)


def test_a_banked_curve_eases_turns_inward_and_outward_drifts_000_L277(tmp_path: Path) -> None:
    """000:L277: a bend or swerve toward the inside edge -D1, toward the outside +D1; a drift outward
    -D1, inward +D1."""
    flat, banked = ctx_on("curve90_right", tmp_path), ctx_on("banked_curve_right", tmp_path)
    assert d(banked, BEND_IN) == d(flat, BEND_IN) - 1
    assert d(banked, BEND_OUT) == d(flat, BEND_OUT) + 1
    assert d(banked, SWERVE_IN) == d(flat, SWERVE_IN) - 1
    assert d(banked, DRIFT_OUT) == d(flat, DRIFT_OUT) - 1
    assert d(banked, DRIFT_IN) == d(flat, DRIFT_IN) + 1
    assert d(banked, Maneuver("straight")) == d(flat, Maneuver("straight"))


def test_a_very_steep_curve_gives_d2_000_L277(tmp_path: Path) -> None:
    """000:L277: very steep curves -D2 inward, +D2 outward (drifts doubled as well: reading MP6)."""
    flat, steep = ctx_on("curve90_right", tmp_path), ctx_on("steep_curve_right", tmp_path)
    assert d(steep, BEND_IN) == max(0, d(flat, BEND_IN) - 2)
    assert d(steep, BEND_OUT) == d(flat, BEND_OUT) + 2
    assert d(steep, STEEP_OUT) == max(0, d(flat, STEEP_OUT) - 2)


def test_the_inside_is_the_curves_centre_whichever_way_the_car_goes_000_L277(tmp_path: Path) -> None:
    """Going round the other way (heading 225), the inside edge is on the car's left."""
    back = ctx_on("banked_curve_right", tmp_path, Pose.at(5.4289, 5.4289, 225))
    flat = ctx_on("curve90_right", tmp_path, Pose.at(5.4289, 5.4289, 225))
    assert d(back, Maneuver("bend", "left", degrees=30)) == d(flat, Maneuver("bend", "left", degrees=30)) - 1


def test_off_the_banked_road_nothing_changes_000_L277(tmp_path: Path) -> None:
    off = ctx_on("banked_curve_right", tmp_path, Pose.at(16, 16, 0))   # inside the curve, on the grass
    flat = ctx_on("curve90_right", tmp_path, Pose.at(16, 16, 0))
    assert d(off, BEND_IN) == d(flat, BEND_IN)


@pytest.mark.parametrize("m", [BEND_IN, BEND_OUT, DRIFT_OUT])
def test_the_turning_key_preview_shows_the_banked_d_000_L277(tmp_path: Path, m: Maneuver) -> None:
    ctx = ctx_on("banked_curve_right", tmp_path)
    [p] = Previewer().maneuvers(ctx.state, "a", [m], sweep=False)
    assert p.difficulty == d(ctx, m)
