"""Active suspension and a lost wheel (000:L2601; reading CB85): a D6 hazard instead of handling status -6,
and HC -2 instead of -3. Its +1 HC is construction's (accessories.toml)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rules.core.dice import ScriptedDice
from rules.core.events import CornerLost, SteeringLost
from rules.core.geometry import Pose
from rules.driving.handling import lower_status
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.context import Ctx
from rules.play.effects import damage_one_tire
from rules.play.state import GameState
from rules.vehicles.design import AccessoryEntry, Design, dumps_design, load_stock
from rules.vehicles.figures import figures


def mauler(active: bool) -> Design:
    d = load_stock("Mauler")
    if active:
        d = replace(d, accessories=d.accessories + (AccessoryEntry("active_suspension"),))
    assert figures(d).errors == []
    return d


def _game(tmp_path: Path, active: bool, speed: float = 40.0) -> GameState:
    path = tmp_path / f"mauler_{active}.toml"
    path.write_text(dumps_design(mauler(active)))
    setup = GameSetup((VehicleSetup("Red", "red", str(path), Pose.at(0, 0, 90), speed),
                       VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(0, 20, 90), speed)), seed=5)
    return new_game(setup)[0]


def _shoot_off_wheel(state: GameState, corner: str, dice: list[int]) -> Ctx:
    """Gunfire takes the last tire on a corner: the whole wheel is lost (000:L160)."""
    ctx = Ctx(state, ScriptedDice(dice, fallback_seed=1))
    i = next(k for k, t in enumerate(state.vehicle("Red").sheet.tires) if t.corner == corner)
    damage_one_tire(ctx, "Red", i, 99, "machine-gun", "000:L160", from_weapon=True)
    return ctx


def test_without_it_a_lost_wheel_is_handling_status_minus_6_and_hc_minus_3_000_L265(tmp_path: Path) -> None:
    state = _game(tmp_path, False)
    ctx = _shoot_off_wheel(state, "FL", [6, 6])
    red = ctx.state.vehicle("Red")
    assert red.hs == -6 and red.hc_loss_next == 3
    assert any("handling status drops to -6; HC -3" in e.text for e in ctx.log.events)


def test_with_it_a_lost_wheel_is_a_d6_hazard_and_hc_minus_2_000_L2601(tmp_path: Path) -> None:
    state = _game(tmp_path, True)
    red = state.vehicle("Red")
    assert any(c.id == "active_suspension" for c in red.sheet.components)
    ctx = _shoot_off_wheel(state, "FL", [6, 6])   # the control roll: 12 keeps control
    after = ctx.state.vehicle("Red")
    assert after.hc_loss_next == 2
    assert red.hs > 0 and after.hs == lower_status(red.hs, 6) != -6   # down 6 boxes, not set to -6
    texts = [(e.kind, e.text, e.rule) for e in ctx.log.events]
    assert any(k == "tire" and "active suspension: a D6 hazard instead of handling status -6; HC -2" in t
               and "000:L2601" in r for k, t, r in texts)
    assert any(k == "hazard" and "corner FL lost (active suspension): D6" in t and r == "000:L2601"
               for k, t, r in texts)
    assert not any("handling status drops to -6" in t for _, t, _ in texts)


def test_a_lost_tire_only_is_hc_minus_2_either_way_000_L265_L2601(tmp_path: Path) -> None:
    """Tires lost to spikes, not gunfire: only the tire goes, HC -2 (not less) with active suspension too."""
    state = _game(tmp_path, True)
    ctx = Ctx(state, ScriptedDice([6, 6], fallback_seed=1))
    damage_one_tire(ctx, "Red", 0, 99, "spikes", "000:L1042")
    assert ctx.state.vehicle("Red").hc_loss_next == 2
    assert any(isinstance(e, CornerLost) and e.active_suspension and "D6 hazard" in e.text for e in ctx.log.events)


def test_two_corners_lost_still_go_to_crash_table_1_000_L266_L2601(tmp_path: Path) -> None:
    state = _game(tmp_path, True)
    ctx = _shoot_off_wheel(state, "FL", [6, 6])
    i = next(k for k, t in enumerate(ctx.v("Red").sheet.tires) if t.corner == "BR")
    damage_one_tire(ctx, "Red", i, 99, "machine-gun", "000:L160", from_weapon=True)
    red = ctx.state.vehicle("Red")
    assert red.steering_lost and red.hc_loss_next == 4
    assert any(isinstance(e, SteeringLost) for e in ctx.log.events)
