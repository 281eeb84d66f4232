"""Hitch armor and the fifth-wheel guard in play (issue 19): the armor sits on the hitch as its component armor;
a tower with it, or a tractor with a guard, may make nothing harder than D3 (000:L1982, L2081); a collision's
jolt is not stopped by it, but its excess goes into the hitch armor before other armor (000:L475); any
jackknife destroys the hitch armor (000:L1982); a shot at the trailer's tongue spends the hitch armor first
(000:L1982, reading M-R24)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.core.dice import ScriptedDice
from rules.core.geometry import Pose
from rules.driving.maneuvers import base_difficulty
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.context import Ctx
from rules.play.effects import coupling_rammed, jackknife
from rules.play.state import GameState
from tests.rules.test_rigs_in_play import PARKED, to_move


@pytest.fixture
def armored(tmp_path: Path) -> str:
    src = Path("rules/data/vehicles/morgan.toml").read_text()
    src = src[:src.index("[printed]")].replace('name = "Morgan"', 'name = "Armored Morgan"')
    path = tmp_path / "armored_morgan.toml"
    path.write_text(src.replace("six_wheels = true", "six_wheels = true\nhitch_armor = 5", 1))
    return str(path)


def game(tower: str, trailer: str = "Bulldog", mph: float = 40) -> GameState:
    vs = (VehicleSetup("rig", "a", tower, Pose.at(0, 0, 0), speed=mph, trailer=trailer),
          VehicleSetup("W", "w", PARKED, Pose.at(-60, 0, 0), speed=0))
    return engine.new_game(GameSetup(vs, seed=3))[0]


def hitch(state: GameState) -> tuple[int, int]:
    (c,) = [c for c in state.vehicle("rig").sheet.components if c.id.endswith("_hitch")]
    return c.dp, c.armor


def test_hitch_armor_is_the_hitchs_component_armor_000_L1982(armored: str) -> None:
    assert hitch(game(armored)) == (3, 5)
    assert hitch(game("Morgan")) == (3, 0)


def test_an_armored_hitch_allows_nothing_harder_than_d3_000_L1982(armored: str) -> None:
    def hardest(state: GameState) -> int:
        state = to_move(state)
        return max(base_difficulty(m, state.vehicle("rig").speed) for m in engine.legal_maneuvers(
            state, state.vehicle("rig")))
    assert hardest(game("Morgan")) > 3
    assert hardest(game(armored)) == 3


def test_a_fifth_wheel_guard_allows_nothing_harder_than_d3_000_L2081() -> None:
    vs = (VehicleSetup("rig", "a", "Magnum", Pose.at(0, 0, 0), speed=40),
          VehicleSetup("W", "w", PARKED, Pose.at(-60, 0, 0), speed=0))
    state = to_move(engine.new_game(GameSetup(vs, seed=3))[0])
    v = state.vehicle("rig")
    assert any(c.id == "fifth_wheel" and c.armor > 0 for c in v.sheet.components)
    assert max(base_difficulty(m, v.speed) for m in engine.legal_maneuvers(state, v)) == 3


def test_the_jolts_excess_goes_into_the_hitch_armor_before_other_armor_000_L475(armored: str) -> None:
    state = game(armored)
    ctx = Ctx(state, ScriptedDice([]))
    coupling_rammed(ctx, "rig", "rig_trailer", 10)
    s = ctx.finish()
    assert hitch(s) == (0, 0)                      # the hitch took 3, its armor 5 of the 7 left
    back = state.vehicle("rig").sheet.armor["back"]
    assert s.vehicle("rig").sheet.armor["back"] == back - 2
    front = state.vehicle("rig_trailer").sheet.armor["front"]
    tongue = [c for c in state.vehicle("rig_trailer").sheet.components if c.id == "tongue"][0].dp
    assert s.vehicle("rig_trailer").sheet.armor["front"] == max(0, front - (10 - tongue))   # the armor was spent
    plain = game("Morgan")
    ctx = Ctx(plain, ScriptedDice([]))
    coupling_rammed(ctx, "rig", "rig_trailer", 10)
    assert ctx.finish().vehicle("rig").sheet.armor["back"] == plain.vehicle("rig").sheet.armor["back"] - 7


def test_a_jackknife_destroys_the_hitch_armor_000_L1982(armored: str) -> None:
    state = game(armored)
    ctx = Ctx(state, ScriptedDice([6]))            # 6: the coupling holds
    jackknife(ctx, "rig", "rig_trailer", 70.0)
    s = ctx.finish()
    assert hitch(s) == (3, 0) and s.vehicle("rig_trailer").towed_by == "rig"


def _shot_at_tongue(state: GameState, points: int) -> tuple[GameState, list[str]]:
    """A hit of `points` on the trailer's tongue, through the fire step's combatants and the batch that applies hits."""
    from rules.combat.shooting import EventLog, _apply_all, _Pending, sheet_of
    from rules.phases.fire_step import _combatants
    cs = _combatants(state)
    p = _Pending("W", "MG", "rig_trailer", "front", "coupling:tongue", points, (), False, False, "", False)
    res = _apply_all(cs, [p], ScriptedDice([], fallback_seed=1), EventLog(), state.turn)
    for vid in ("rig", "rig_trailer"):
        v = state.vehicle(vid)
        state = state.with_vehicle(replace(v, sheet=sheet_of(res.combatants[vid], v.sheet)))
    return state, [e.text for e in res.events]


def tongue_dp(state: GameState) -> int:
    return next(c.dp for c in state.vehicle("rig_trailer").sheet.components if c.id == "tongue")


def test_a_shot_at_the_tongue_takes_the_hitch_armor_first_000_L1982(armored: str) -> None:
    state = game(armored)
    dp = tongue_dp(state)
    after, texts = _shot_at_tongue(state, 4)
    assert hitch(after) == (3, 1) and tongue_dp(after) == dp          # 4 of the hitch armor's 5, nothing through
    assert any("4 to rig's hitch armor (1 left)" in t for t in texts)
    after, _ = _shot_at_tongue(state, 5 + dp)
    assert hitch(after) == (3, 0) and tongue_dp(after) == 0          # the armor spent, the rest on the tongue
    plain = game("Morgan")
    after, _ = _shot_at_tongue(plain, 4)
    assert tongue_dp(after) == max(0, tongue_dp(plain) - 4) and hitch(after) == (3, 0)   # no armor: all on it
