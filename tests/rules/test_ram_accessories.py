"""Bumper spikes and ramplates in a ram in play (issue 17; 000:L2518, L2540; reading AU14): the side
that struck carries them into the collision's damage (the construction rule was there; play did not
pass them)."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.core.events import Collided, DiceRolled, EquipmentActed
from rules.core.geometry import Pose
from rules.driving.maneuvers import Maneuver
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Move, SetSpeed
from rules.play.context import Ctx
from rules.play.crashes import ram_accessories
from rules.play.state import GameState


def _pair(design: str) -> GameState:
    vs = (VehicleSetup("A", "a", design, Pose.at(0, 0, 0), speed=20),
          VehicleSetup("B", "b", "Killer Kart", Pose.at(0, -1.6, 180), speed=0))
    return engine.new_game(GameSetup(vs, seed=3))[0]


def test_spikes_roll_their_die_on_the_side_that_struck_only_000_L2518() -> None:
    state = _pair("Manslaughter")          # spikes front and back
    ctx = Ctx(state, ScriptedDice([4, 5]))
    a, b = state.vehicle("A"), state.vehicle("B")
    assert ram_accessories(ctx, (a, b), ("front", "front")) == ((4, 0), (False, False))
    assert ram_accessories(ctx, (a, b), ("back", "left")) == ((5, 0), (False, False))
    assert ram_accessories(Ctx(state, ScriptedDice([])), (a, b), ("left", "front")) == ((0, 0), (False, False))


def test_a_ramplate_on_the_striking_side_counts_000_L2540() -> None:
    state = _pair("Firecracker")           # ramplate front
    a, b = state.vehicle("A"), state.vehicle("B")
    ctx = Ctx(state, ScriptedDice([]))
    assert ram_accessories(ctx, (a, b), ("front", "back")) == ((0, 0), (True, False))
    assert [e.accessory for e in ctx.log.events if isinstance(e, EquipmentActed)] == ["ramplate"]
    assert ram_accessories(Ctx(state, ScriptedDice([])), (a, b), ("back", "front")) == ((0, 0), (False, False))


def test_the_manslaughter_rams_with_its_front_spikes_in_play_000_L2518() -> None:
    state = _pair("Manslaughter")
    events: list = []
    for _ in range(12):
        if any(isinstance(e, Collided) for e in events):
            break
        vid = engine.to_act(state)[0]
        v = state.vehicle(vid)
        act = SetSpeed(vid, v.signed_speed) if state.step == "speed" else Move(vid, Maneuver("straight"))
        state, new = engine.apply(state, act, ScriptedDice([], fallback_seed=9))
        events += new
    assert any(isinstance(e, Collided) for e in events)
    assert [e for e in events if isinstance(e, DiceRolled) and e.what == "bumper spikes on the front"]


def test_hd_shocks_take_d1_off_every_hazard_and_d0_forces_no_roll_000_L2590() -> None:
    """Debris is D1 (000:L249): with heavy-duty shocks it is D0, and a D0 hazard forces no control
    roll; an obstacle's D3 (000:L248) is D2 (reading AU15)."""
    from dataclasses import replace

    from rules.core.events import ControlRolled, HazardMet
    from rules.play.crashes import hazard
    from rules.vehicles.record_sheet import Component
    state = _pair("Killer Kart")
    a = state.vehicle("A")
    shocked = state.with_vehicle(replace(a, sheet=replace(a.sheet, components=a.sheet.components + (
        Component("hd_shocks", "accessory", "Heavy-duty shock absorbers", "body", 0, 0),))))
    ctx = Ctx(shocked, ScriptedDice([]))
    assert hazard(ctx, "A", 1, "debris", "000:L249")
    (met,) = [e for e in ctx.log.events if isinstance(e, HazardMet)]
    assert met.difficulty == 0 and "heavy-duty shocks" in met.text
    assert not [e for e in ctx.log.events if isinstance(e, ControlRolled)]
    ctx = Ctx(shocked, ScriptedDice([6], fallback_seed=1))
    hazard(ctx, "A", 3, "obstacle", "000:L248")
    assert [e.difficulty for e in ctx.log.events if isinstance(e, ControlRolled)] == [2]
    plain = Ctx(state, ScriptedDice([6], fallback_seed=1))
    hazard(plain, "A", 1, "debris", "000:L249")
    assert [e.difficulty for e in plain.log.events if isinstance(e, ControlRolled)] == [1]
