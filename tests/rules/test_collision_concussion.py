"""Concussion from rams, the optional rule (000:L472): RuleOptions.concussion, off by default; crews
roll 2d against the speed change / 10; the stunned cannot fire or drive for the phases missed, at
least to the end of the turn; a stunned driver adds D2 to the collision hazard."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import ScriptedDice
from rules.core.events import CrewCameRound, DiceRolled, HazardMet
from rules.core.geometry import Pose
from rules.driving.maneuvers import slide
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.movement import forced, may_change_speed
from rules.play.collisions import move_with_collisions
from rules.play.concussion import refresh_stunned
from rules.play.context import Ctx
from rules.play.state import RuleOptions


def t_bone(concussion: str) -> Ctx:
    """A Killer Kart T-bones a parked one at 70 mph: TS 35, a 35-mph change: threshold 4 for both crews."""
    cars = (VehicleSetup("a", "p1", "Killer Kart", Pose.at(0, 0, 0), 70),
            VehicleSetup("b", "p2", "Killer Kart", Pose.at(0.3, -3, 90), 0))
    state, _ = new_game(GameSetup(cars, seed=3, options=RuleOptions(concussion=concussion)))
    ctx = Ctx(state, ScriptedDice([1] * 80))
    move_with_collisions(ctx, "a", slide(Pose.at(0, 0, 0), 0, 3))
    return ctx


def test_concussion_is_off_by_default_000_L472() -> None:
    assert RuleOptions().concussion == "off"
    ctx = t_bone("off")
    assert not [e for e in ctx.log.events if "concussion" in e.text]
    assert ctx.v("a").stunned == () and not ctx.v("a").driver_stunned


def test_a_70_mph_t_bone_stuns_both_drivers_and_adds_d2_000_L472() -> None:
    ctx = t_bone("on")
    rolls = [e for e in ctx.log.events if isinstance(e, DiceRolled) and "concussion" in e.text]
    assert len(rolls) == 2 and all("needs 4+" in e.text for e in rolls)       # 35 / 10 -> 4 for both (T-bone)
    for vid in ("a", "b"):
        v = ctx.v(vid)
        assert v.stunned == (("driver", 5),)          # missed by 2: two phases, but at least to the turn's end
        assert v.driver_stunned and "driver" in v.fire_acted
        assert forced(v) and not may_change_speed(v)
    hz = {e.vehicle: e.text for e in ctx.log.events if isinstance(e, HazardMet) and "stunned" in e.what}
    assert "D6" in hz["a"]                             # D4 for a 35-mph change, +D2 for the stunned driver
    assert "D3" in hz["b"]                             # parked: the minimum D1 (000:L428), +D2 stunned


def test_the_stunned_come_round_after_the_phases_missed_000_L472() -> None:
    ctx = t_bone("on")
    ctx.state = replace(ctx.state, phase=5)
    refresh_stunned(ctx)
    assert ctx.v("a").driver_stunned                   # still the turn of the ram
    ctx.state = replace(ctx.state, turn=2, phase=1,
                        vehicles=tuple(replace(v, fire_acted=()) for v in ctx.state.vehicles))
    refresh_stunned(ctx)
    a = ctx.v("a")
    assert a.stunned == () and not a.driver_stunned and "driver" not in a.fire_acted
    assert any(isinstance(e, CrewCameRound) for e in ctx.log.events)
