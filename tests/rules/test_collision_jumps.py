"""Jumps off the map's ramps (000:L278-L280): flight by speed and ramp angle, straight on through
the air with nothing on the ground touched, no speed changes in flight, the landing hazard and the
tire checks on landing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rules.core.dice import ScriptedDice
from rules.core.events import HazardMet
from rules.core.geometry import Pose
from rules.driving.maneuvers import slide
from rules.engine.engine import apply, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.movement import forced, forced_increment, move_along
from rules.play.actions import SetSpeed
from rules.play.context import Ctx
from rules.play.state import RuleOptions

ARENA = str(Path(__file__).resolve().parents[2] / "maps" / "arena.toml")
CAR = "generic kind=car hc=3 accel=10 top=100 weight=3000 tire=4 armor=20"


def on_ramp(speed: float, x: float = 14, facing: float = 90) -> Ctx:
    """A car on the arena's west ramp (x 13-15, y 14-16, up toward 90 degrees, 30-degree angle)."""
    setup = GameSetup((VehicleSetup("a", "p1", CAR, Pose.at(x, 15, facing), speed),), seed=2, map=ARENA,
                      options=RuleOptions(fire_step="off"))
    state, _ = new_game(setup)
    return Ctx(state, ScriptedDice([6] * 12 + [1, 4, 2, 5], fallback_seed=1))


def test_driving_off_the_ramp_at_40_mph_flies_2_inches_000_L279() -> None:
    ctx = on_ramp(40)
    move_along(ctx, "a", slide(Pose.at(14, 15, 90), 90, 1), "straight")
    a = ctx.v("a")
    assert a.airborne == 2.0 and a.flight_ft == 30                 # (40 - 20) / 10 x 15 ft = 30 ft = 2"
    assert forced(a)                                               # straight on, nobody steers in the air


def test_too_slow_or_going_down_the_ramp_is_no_jump_000_L279() -> None:
    slow = on_ramp(20)
    move_along(slow, "a", slide(Pose.at(14, 15, 90), 90, 1), "straight")
    assert slow.v("a").airborne == 0                               # no flight at 20 mph
    down = on_ramp(40, x=14, facing=270)
    move_along(down, "a", slide(Pose.at(14, 15, 270), 270, 1.5), "straight")
    assert down.v("a").airborne == 0                               # off the low end: no jump


def test_landing_is_a_d2_hazard_after_30_ft_and_costs_tires_on_1_to_3_000_L280() -> None:
    ctx = on_ramp(40)
    move_along(ctx, "a", slide(Pose.at(14, 15, 90), 90, 1), "straight")
    hs = ctx.v("a").hs
    ctx.update("a", increments=(1.0, 1.0))
    ctx.dice = ScriptedDice([1, 4, 2, 5], fallback_seed=1)   # 40 mph at the lowered status: safe, no roll
    forced_increment(ctx, "a")
    assert ctx.v("a").airborne == 1.0                              # one inch flown, one to go
    forced_increment(ctx, "a")
    a = ctx.v("a")
    assert a.airborne == 0 and a.pose.x == 17
    assert [e.difficulty for e in ctx.log.events if isinstance(e, HazardMet)] == [2]
    assert a.hs == hs - 2
    assert [t.dp for t in a.sheet.tires] == [3, 4, 3, 4]            # 1 and 2 cost a point, 4 and 5 do not


def test_no_speed_change_in_flight_000_L283() -> None:
    ctx = on_ramp(40)
    move_along(ctx, "a", slide(Pose.at(14, 15, 90), 90, 1), "straight")
    state = replace(ctx.state, step="speed", declared=())
    assert "a" not in to_act(state)
    assert legal_actions(state, "a") == []
    state = replace(state, vehicles=(replace(state.vehicle("a"), airborne=0.0),))
    assert SetSpeed("a", 45) in legal_actions(state, "a")
    apply(state, SetSpeed("a", 45))
