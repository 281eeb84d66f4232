"""Crash Table 3's skids and fishtails swept (reading M-R15, issue 19): the tractor's skid and the trailer's
swing move the two counters at once, and either counter meeting something on the way is a collision there,
as Crash Table 1's skids are (000:L337-L351); the coupling stays on the hitch (M-R30)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import ScriptedDice
from rules.core.events import Collided, CrashRolled, Moved
from rules.core.geometry import Pose
from rules.engine.setup import VehicleSetup
from rules.play.collisions import MOTIONS, held_back, world_for
from rules.play.context import Ctx
from rules.play.crashes import lose_control
from rules.play.rigs import coupling_of
from tests.rules.test_rigs_in_play import PARKED, of, on_hitch, rig_game


def test_an_extreme_skid_of_crash_table_3_runs_the_tractor_into_a_car_ahead_000_L345() -> None:
    # the tractor's nose is 0.75" ahead of its centre; the parked car lies crosswise 0.8" ahead of it
    car = VehicleSetup("P", "p", PARKED, Pose.at(0, -1.8, 90), speed=0)
    state = rig_game(others=(car,))
    ctx = Ctx(state, ScriptedDice([4, 5, 1], fallback_seed=3), MOTIONS)   # 2d = 9 at 40 mph and D3: skid 1" and fishtail
    lose_control(ctx, "rig", 1, 3, 40, travel=0)
    (crash,) = of(ctx.log.events, CrashRolled, "rig")
    assert crash.table == 3 and crash.result == "extreme_skid_and_fishtail"
    hits = [e for e in of(ctx.log.events, Collided) if {e.v1, e.v2} == {"rig", "P"}]
    assert hits                                    # before: the skid went on through the car, no collision
    assert ctx.v("P").pose != state.vehicle("P").pose                     # the 10-ton rig pushed the car aside
    assert not world_for(ctx).overlaps("rig", ctx.v("rig").pose, ignore={"rig_trailer"})
    assert on_hitch(ctx.finish()) < 2e-3                                  # the trailer is still on the fifth wheel


def test_a_major_fishtail_of_crash_table_3_swings_the_trailer_into_a_car_beside_it_000_L341() -> None:
    # the trailer's rear is 3" behind the tractor's centre; a car parked just left of it
    car = VehicleSetup("P", "p", PARKED, Pose.at(-0.9, 2.6, 0), speed=0)
    state = rig_game(others=(car,))
    ctx = Ctx(state, ScriptedDice([2, 2, 1], fallback_seed=3), MOTIONS)   # 2d = 4: major fishtail, 1: its rear goes left
    lose_control(ctx, "rig", 1, 3, 40, travel=0)
    (crash,) = of(ctx.log.events, CrashRolled, "rig")
    assert crash.result == "major_trailer_fishtail"
    hits = [e for e in of(ctx.log.events, Collided) if {e.v1, e.v2} == {"rig_trailer", "P"}]
    assert hits                                    # before: the trailer swung through the car
    assert not world_for(ctx).overlaps("rig_trailer", ctx.v("rig_trailer").pose, ignore={"rig"})
    s = ctx.finish()
    assert s.vehicle("rig_trailer").pose.facing > 0     # it swung left (nose right) as far as the car let it
    assert on_hitch(s) < 2e-3


def test_a_held_back_tower_goes_back_only_as_far_as_it_is_free_reading_M_R30() -> None:
    # the trailer stopped 0.6" right of where the hitch is; a car stands right of the tractor: the set-back
    # onto the coupling would put the tractor into it, so it stops against it and the trailer is drawn on
    car = VehicleSetup("P", "p", PARKED, Pose.at(0.75, -0.6, 0), speed=0)
    state = rig_game(others=(car,))
    ctx = Ctx(state, ScriptedDice([], fallback_seed=1), MOTIONS)
    tr = ctx.v("rig_trailer")
    stopped_at = Pose.at(tr.pose.x + 0.6, tr.pose.y, tr.pose.facing)
    ctx.update("rig_trailer", pose=stopped_at)
    c = coupling_of(ctx.v("rig"), ctx.v("rig_trailer"))
    held_back(ctx, "rig", stopped_at, c)
    (back,) = of(ctx.log.events, Moved, "rig")
    assert "as far as P lets it" in back.text
    rig = ctx.v("rig")
    assert 0 < rig.pose.x < 0.6                  # set back toward the trailer, not all the way into the car
    assert not world_for(ctx).overlaps("rig", rig.pose, ignore={"rig_trailer"})
    assert on_hitch(ctx.finish()) < 2e-3         # the coupling is on the hitch


def test_a_trailer_stopped_short_then_over_debris_crashes_from_the_held_back_rig_000_L497_L337_L351() -> None:
    # the trailer's front swings into a parked car in a drift (the tractor clears it), the tractor is held back
    # onto the coupling (M-R30), then both counters cross debris: D1 each (000:L497), and a failed roll at
    # handling -4 is Crash Table 3, whose fishtail is played from the held-back poses: on the hitch at the end
    from rules.combat.dropped import Counter
    from rules.driving.maneuvers import Maneuver
    from rules.engine import engine
    from rules.play.actions import Move
    from rules.play.state import evolve
    from tests.rules.test_rigs_in_play import to_move
    car = VehicleSetup("P", "p", PARKED, Pose.at(0.6, 0.9, 0), speed=0)
    state = to_move(rig_game(others=(car,)))
    tr = state.vehicle("rig_trailer")
    debris = Counter("debris", Pose.at(tr.pose.x, tr.pose.y - 1.0, 0), 0.5, 0.5, 1, id="debris-1")
    state = replace(state, counters=(debris,))
    state = state.with_vehicle(evolve(state.vehicle("rig"), hs=-1))
    s, events = engine.apply(state, Move("rig", Maneuver.parse("drift right 0.25")),
                             ScriptedDice([1] * 6, fallback_seed=2))
    kinds = [(type(e).__name__, e.vehicle) for e in events]
    hit = kinds.index(("Collided", "rig_trailer"))
    back = next(i for i, e in enumerate(events) if isinstance(e, Moved) and e.what == "held back")
    crash = next(i for i, e in enumerate(events) if isinstance(e, CrashRolled) and e.table == 3)
    assert hit < back < crash                       # stopped, held back, then the debris crash
    assert ("RanOver", "rig_trailer") in kinds[back:crash]
    assert on_hitch(s) < 2e-3                       # the crash's fishtail kept the kingpin on the fifth wheel
