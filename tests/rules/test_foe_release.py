"""Foes let a trailer go when that pays (issue 19; the release itself: 000:L1979-L1981, L2105-L2107, reading
M-R28): a burning or crippled trailer, or a foe's car close behind, which the loose trailer going straight on
and slowing (000:L576, L601-L603) would lie in the way of. Otherwise the rig keeps its trailer."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.ai.foe import decide, release_pays
from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Release
from rules.play.state import GameState, evolve
from tests.rules.test_rig_sides import at_fire
from tests.rules.test_rigs_in_play import PARKED


@pytest.fixture
def explosive(tmp_path: Path) -> str:
    src = Path("rules/data/vehicles/brotherhood.toml").read_text()
    src = src[:src.index("[printed]")].replace('kingpin = "standard"', 'kingpin = "explosive"', 1)
    path = tmp_path / "brotherhood_explosive.toml"
    path.write_text(src.replace('name = "Brotherhood"', 'name = "Brotherhood X"', 1))
    return str(path)


def rig_and(trailer: str, other: VehicleSetup) -> GameState:
    vs = (VehicleSetup("rig", "a", "Annihilator", Pose.at(0, 0, 0), speed=40, trailer=trailer), other)
    return at_fire(engine.new_game(GameSetup(vs, seed=4))[0])


def chaser(y: float, facing: float = 0, mph: float = 40) -> VehicleSetup:
    return VehicleSetup("W", "w", PARKED, Pose.at(0, y, facing), speed=mph)


def test_a_foe_releases_the_trailer_on_a_car_close_behind(explosive: str) -> None:
    state = rig_and(explosive, chaser(6.5))
    legal = engine.legal_actions(state, "rig")
    assert Release("rig") in legal
    action, why = decide(state, "rig", legal, "veteran", 0.5)
    assert action == Release("rig") and "W follows close behind" in why


@pytest.mark.parametrize("other", [chaser(30), chaser(6.5, facing=180), chaser(6.5, mph=0)],
                         ids=["far behind", "coming the other way", "parked"])
def test_no_release_without_a_pursuer_close_behind(explosive: str, other: VehicleSetup) -> None:
    state = rig_and(explosive, other)
    assert release_pays(state, state.vehicle("rig")) == ""
    action, _why = decide(state, "rig", engine.legal_actions(state, "rig"), "veteran", 0.5)
    assert action != Release("rig")


def test_a_burning_or_crippled_trailer_is_let_go(explosive: str) -> None:
    state = rig_and(explosive, chaser(30))
    tr = state.vehicle("rig_trailer")
    burning = evolve(state, vehicles=tuple(evolve(v, sheet=replace(v.sheet, on_fire=True)) if v is tr else v
                                           for v in state.vehicles))
    assert release_pays(burning, burning.vehicle("rig")) == "it is on fire"
    wrecked = replace(tr.sheet, armor={k: 0 for k in tr.sheet.armor},
                      weapons=tuple(replace(w, dp=0) for w in tr.sheet.weapons))
    crippled = evolve(state, vehicles=tuple(evolve(v, sheet=wrecked) if v is tr else v for v in state.vehicles))
    assert release_pays(crippled, crippled.vehicle("rig")) == "it is crippled"


def test_a_stock_rig_cannot_release_so_the_foe_never_does() -> None:
    state = rig_and("Brotherhood", chaser(6.5))
    legal = engine.legal_actions(state, "rig")
    assert Release("rig") not in legal   # the standard kingpin is let go only from outside (reading M-R28)
    assert release_pays(state, state.vehicle("rig")) != ""   # though it would pay
