"""Falling off a map's cliffs and ledges and corners over an edge (000:L281-L305, reference/movement.md
§3.14): areas with drop_ft lie below the ground around them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.core.dice import ScriptedDice
from rules.core.errors import DataError
from rules.core.events import ControlRolled, CrashRolled, Damaged, FireStarted
from rules.core.geometry import Pose
from rules.driving.maneuvers import slide
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.movement import (
    forced,
    forced_increment,
    increments_for,
    may_change_speed,
    move_along,
    start_phase,
)
from rules.play.context import Ctx
from rules.play.state import RuleOptions
from rules.world.maps import load_map, map_from_data, map_to_data, terrain_at, validate_map

CAR = "generic kind=car hc=3 accel=10 top=100 weight=3000 tire=4 armor=20"
CLIFF_MAP = """format_version = 1
name = "Cliff"
size = {{ width = 40, height = 30 }}
ground = {{ kind = "road" }}

[[areas]]
kind = "road"
rect = [20, 0, 20, 30]
drop_ft = {drop}
name = "below the cliff"
"""


def cliff_map(tmp_path: Path, drop: str = "15") -> Path:
    p = tmp_path / "cliff.toml"
    p.write_text(CLIFF_MAP.format(drop=drop))
    return p


def game(tmp_path: Path, pose: Pose, speed: float, dice: list[int], phase: int = 3) -> Ctx:
    setup = GameSetup((VehicleSetup("a", "p1", CAR, pose, speed),), seed=2, map=str(cliff_map(tmp_path)),
                      options=RuleOptions(fire_step="off"))
    state, _ = new_game(setup)
    return Ctx(replace(state, phase=phase), ScriptedDice(dice, fallback_seed=1))


def play_phase(ctx: Ctx, turn: int, phase: int) -> None:
    """One phase for the lone car: the phase starts, then it makes its moves by the chart."""
    ctx.state = replace(ctx.state, turn=turn, phase=phase)
    start_phase(ctx)
    ctx.update("a", increments=increments_for(ctx.t, ctx.v("a").speed, phase))
    while ctx.v("a").increments:
        forced_increment(ctx, "a")


def test_a_drop_is_loaded_saved_and_found_under_a_point(tmp_path: Path) -> None:
    m = load_map(cliff_map(tmp_path))
    assert m.areas[0].drop_ft == 15
    assert map_from_data(map_to_data(m), "x") == m
    assert terrain_at(m, 25, 5).drop_ft == 15 and terrain_at(m, 15, 5).drop_ft == 0


@pytest.mark.parametrize("drop", ["0", "-5", "61", "\"high\""])
def test_a_bad_drop_is_refused_naming_it(tmp_path: Path, drop: str) -> None:
    with pytest.raises(DataError) as e:
        load_map(cliff_map(tmp_path, drop))
    assert "areas[0].drop_ft" in str(e.value)


def test_drops_beyond_the_falling_table_are_problems_000_L299(tmp_path: Path) -> None:
    m = load_map(cliff_map(tmp_path))
    high = replace(m, areas=(replace(m.areas[0], drop_ft=75.0),))
    assert [p.where for p in validate_map(high)] == ["areas[0].drop_ft"]
    assert validate_map(replace(m, areas=(replace(m.areas[0], drop_ft=60.0),))) == []


def test_the_L301_example_1_inch_cliff_at_20_mph_000_L301(tmp_path: Path) -> None:
    """Off a 1" cliff in phase 3 of turn 1 at 20 mph: it lands at the start of phase 4 of turn 2, 2"
    further on, and takes 1d then."""
    ctx = game(tmp_path, Pose.at(19.5, 15, 90), 20, [6] * 10)
    move_along(ctx, "a", slide(Pose.at(19.5, 15, 90), 90, 1), "straight")   # centre over the edge
    a = ctx.v("a")
    assert a.fall_lands and forced(a) and not may_change_speed(a)
    x_off = a.pose.x
    for turn, phase in ((1, 4), (1, 5), (2, 1), (2, 2), (2, 3)):
        play_phase(ctx, turn, phase)
        assert ctx.v("a").fall_lands, (turn, phase)                          # still in the air
    assert ctx.v("a").pose.x == pytest.approx(x_off + 2)                    # one turn at 20 mph: 2"
    assert not [e for e in ctx.log.events if isinstance(e, Damaged)]
    ctx.state = replace(ctx.state, turn=2, phase=4)
    ctx.dice = ScriptedDice([4], fallback_seed=1)
    start_phase(ctx)
    a = ctx.v("a")
    assert not a.fall_lands and may_change_speed(replace(a, speed_changed=False))
    hits = [e for e in ctx.log.events if isinstance(e, Damaged) and e.points]
    assert [(e.location, e.points) for e in hits] == [("underbody", 4)]   # 1d rolled 4


def test_a_fall_flies_over_what_lies_below_and_keeps_its_speed_000_L283(tmp_path: Path) -> None:
    ctx = game(tmp_path, Pose.at(19.5, 15, 90), 40, [6] * 10)
    move_along(ctx, "a", slide(Pose.at(19.5, 15, 90), 90, 1), "straight")
    play_phase(ctx, 1, 4)
    a = ctx.v("a")
    assert a.speed == 40 and a.pose.facing == 90 and a.pose.y == 15


def test_one_corner_over_the_edge_is_a_lost_tire_until_it_is_back_000_L302(tmp_path: Path) -> None:
    ctx = game(tmp_path, Pose.at(19.5, 15.06, 60), 10, [6] * 10)
    hc = ctx.v("a").hc
    move_along(ctx, "a", slide(Pose.at(19.5, 15.06, 60), 60, 0.1), "straight")   # the FR corner goes over
    a = ctx.v("a")
    assert a.edge_corners == ("FR",) and not a.fall_lands
    assert a.hs == ctx.t.hazards.hs_on_last_tire
    assert a.hc == hc - ctx.t.hazards.hc_loss_tire
    move_along(ctx, "a", slide(a.pose, 240, 0.5), "back")                        # back on the ground
    a = ctx.v("a")
    assert a.edge_corners == () and a.hc == hc


def test_both_right_corners_over_roll_it_over_the_edge_000_L304(tmp_path: Path) -> None:
    ctx = game(tmp_path, Pose.at(19.8, 16, 0), 20, [6] * 10)
    move_along(ctx, "a", slide(Pose.at(19.8, 16, 0), 0, 1), "straight")         # right side hangs over
    a = ctx.v("a")
    assert a.fall_lands and a.fall_side == "right" and a.edge_corners == ()
    for turn, phase in ((1, 4), (1, 5), (2, 1), (2, 2), (2, 3)):
        play_phase(ctx, turn, phase)
    ctx.state = replace(ctx.state, turn=2, phase=4)
    ctx.dice = ScriptedDice([3, 6, 6], fallback_seed=1)                          # 1d damage, then control
    start_phase(ctx)
    a = ctx.v("a")
    hits = [e for e in ctx.log.events if isinstance(e, Damaged) and e.points]
    assert [(e.location, e.points) for e in hits] == [("right", 3)]
    assert not a.fall_lands and a.speed == 0                                      # control kept: it stops
    assert a.hs <= ctx.t.hazards.hs_on_last_tire


def test_both_front_corners_over_take_it_over_end_first_000_L305(tmp_path: Path) -> None:
    ctx = game(tmp_path, Pose.at(19.5, 15, 90), 20, [6] * 10)
    move_along(ctx, "a", slide(Pose.at(19.5, 15, 90), 90, 0.1), "straight")     # front corners at 20.1
    a = ctx.v("a")
    assert a.fall_lands and a.fall_side == "front"                               # 1 turn in the air: one face


def test_the_towns_sunken_garden_is_a_half_inch_drop_000_L286() -> None:
    town = load_map(Path(__file__).resolve().parents[2] / "maps" / "town.toml")
    assert terrain_at(town, 25, 31).drop_ft == 7.5 and terrain_at(town, 25, 33.5).drop_ft == 0


def _roll_over_and_land(tmp_path: Path, landing_dice: list[int]) -> Ctx:
    ctx = game(tmp_path, Pose.at(19.8, 16, 0), 20, [6] * 10)
    move_along(ctx, "a", slide(Pose.at(19.8, 16, 0), 0, 1), "straight")
    for turn, phase in ((1, 4), (1, 5), (2, 1), (2, 2), (2, 3)):
        play_phase(ctx, turn, phase)
    ctx.state = replace(ctx.state, turn=2, phase=4)
    ctx.dice = ScriptedDice(landing_dice, fallback_seed=1)
    start_phase(ctx)
    return ctx


def test_rolled_over_an_edge_and_still_out_of_control_it_burns_on_4_to_6_000_L304(tmp_path: Path) -> None:
    # 1d damage 3, control roll 1 (lost at -6), crash dice 1+1, then the fire die 4: it burns
    ctx = _roll_over_and_land(tmp_path, [3, 1, 1, 1, 4])
    assert ctx.v("a").sheet.on_fire
    assert any(isinstance(e, FireStarted) and e.rule == "000:L304" for e in ctx.log.events)


def test_rolled_over_an_edge_out_of_control_does_not_burn_on_1_to_3_000_L304(tmp_path: Path) -> None:
    ctx = _roll_over_and_land(tmp_path, [3, 1, 1, 1, 3])
    assert not ctx.v("a").sheet.on_fire


def test_rolled_over_an_edge_and_back_in_control_rolls_no_fire_die_000_L304(tmp_path: Path) -> None:
    ctx = _roll_over_and_land(tmp_path, [3, 6])
    assert not ctx.v("a").sheet.on_fire
    assert not [e for e in ctx.log.events if "catch fire" in e.text]


def test_landed_on_its_front_it_falls_forward_the_next_phase_000_L305(tmp_path: Path) -> None:
    """Over the edge nose first, it lands on its front; the very next phase it falls forward for 1d to
    its front (reading T44); that second landing does not start a third."""
    ctx = game(tmp_path, Pose.at(19.5, 15, 90), 20, [6] * 10)
    move_along(ctx, "a", slide(Pose.at(19.5, 15, 90), 90, 0.1), "straight")
    assert ctx.v("a").fall_side == "front"
    for turn, phase in ((1, 4), (1, 5), (2, 1), (2, 2), (2, 3)):
        play_phase(ctx, turn, phase)
    ctx.state = replace(ctx.state, turn=2, phase=4)
    ctx.dice = ScriptedDice([2], fallback_seed=1)
    start_phase(ctx)                                                    # lands on its front: 1d = 2
    a = ctx.v("a")
    assert a.fall_lands and a.nose_over and forced(a)                   # on its nose, still falling
    ctx.update("a", increments=())
    ctx.state = replace(ctx.state, turn=2, phase=5)
    ctx.dice = ScriptedDice([5], fallback_seed=1)
    start_phase(ctx)                                                    # tips forward: 1d = 5
    a = ctx.v("a")
    hits = [e for e in ctx.log.events if isinstance(e, Damaged) and e.points]
    assert [(e.location, e.points) for e in hits] == [("front", 2), ("front", 5)]
    assert [e.rule for e in hits] == ["000:L300", "000:L305"]
    assert not a.fall_lands and not a.nose_over
    assert a.sheet.armor["front"] == 20 - 7


CYCLE = "generic kind=cycle hc=3 accel=10 top=100 weight=600 tire=4 armor=5"


def test_a_cycles_wheel_over_the_edge_is_a_lost_wheel_crash_table_1_000_L162_L302(tmp_path: Path) -> None:
    """A cycle's front wheel (the middle of its front edge) over the edge: as if the wheel were lost,
    no steering and Crash Table 1 at once (reading T46); back on the ground, it steers again."""
    setup = GameSetup((VehicleSetup("a", "p1", CYCLE, Pose.at(19.7, 15, 90), 20),), seed=2,
                      map=str(cliff_map(tmp_path)), options=RuleOptions(fire_step="off"))
    state, _ = new_game(setup)
    ctx = Ctx(replace(state, phase=3), ScriptedDice([1, 1], fallback_seed=1))
    move_along(ctx, "a", slide(Pose.at(19.7, 15, 90), 90, 0.1), "straight")   # front wheel at 20.05
    a = ctx.v("a")
    assert a.edge_corners == ("F",) and not a.fall_lands
    assert a.steering_lost and forced(a) and not may_change_speed(a)
    assert a.hs == ctx.t.hazards.hs_on_last_tire
    crash = [e for e in ctx.log.events if isinstance(e, CrashRolled)]
    assert crash and "Crash Table 1" in crash[0].text
    assert not any(isinstance(e, ControlRolled) for e in ctx.log.events)          # no control roll: straight to the table
    move_along(ctx, "a", slide(a.pose, 270, 0.3), "back")
    a = ctx.v("a")
    assert a.edge_corners == () and not a.steering_lost


def test_a_car_keeps_its_control_roll_for_a_corner_over_000_L302(tmp_path: Path) -> None:
    ctx = game(tmp_path, Pose.at(19.5, 15.06, 60), 10, [6] * 10)
    move_along(ctx, "a", slide(Pose.at(19.5, 15.06, 60), 60, 0.1), "straight")
    assert ctx.v("a").edge_corners == ("FR",) and not ctx.v("a").steering_lost
