"""Seeing at night (issue 17): night is -3 to every shot (000:L924) unless the firer has an infrared
sighting system, which sees as by day until the power plant is gone (000:L2631; reading AU13)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases import fire_step
from rules.play.state import GameState, RuleOptions
from rules.vehicles.design import AccessoryEntry, dumps_design, load_stock
from rules.vehicles.figures import figures


def _game(tmp_path: Path, **options: str) -> GameState:
    d = load_stock("Mauler")
    d = replace(d, accessories=d.accessories + (AccessoryEntry("irss"),))
    assert figures(d).errors == []
    path = tmp_path / "irss.toml"
    path.write_text(dumps_design(d))
    setup = GameSetup((VehicleSetup("Red", "red", str(path), Pose.at(0, 0, 0), 20),
                       VehicleSetup("Blue", "blue", "Mauler", Pose.at(0, -10, 180), 20)), seed=5,
                      options=RuleOptions(**options))
    return engine.new_game(setup)[0]


def test_an_irss_takes_away_the_night_not_the_rain_000_L924_L2631(tmp_path: Path) -> None:
    night = _game(tmp_path, visibility="night")
    assert fire_step.combatant(night, night.vehicle("Red")).visibility == "clear"
    assert fire_step.combatant(night, night.vehicle("Blue")).visibility == "night"
    wet = _game(tmp_path, visibility="night", road_condition="light_rain")
    assert fire_step.combatant(wet, wet.vehicle("Red")).visibility == "rain"      # -2 stays (000:L923)
    fog = _game(tmp_path, visibility="fog")
    assert fire_step.combatant(fog, fog.vehicle("Red")).visibility == "fog"        # infrared is for the dark


def test_an_irss_fails_with_the_power_plant_000_L2631(tmp_path: Path) -> None:
    state = _game(tmp_path, visibility="night")
    red = state.vehicle("Red")
    comps = tuple(replace(c, dp=0) if c.kind == "plant" else c for c in red.sheet.components)
    dead = replace(red, sheet=replace(red.sheet, components=comps))
    assert fire_step.combatant(state, dead).visibility == "night"
