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


def _starshell_game(tmp_path: Path, **options: str) -> GameState:
    from rules.vehicles.design import WeaponEntry
    d = load_stock("Mauler")
    d = replace(d, weapons=d.weapons + (WeaponEntry("SL", "top"),))
    path = tmp_path / "starshell.toml"
    path.write_text(dumps_design(d))
    setup = GameSetup((VehicleSetup("Red", "red", str(path), Pose.at(0, 0, 0), 0),
                       VehicleSetup("Blue", "blue", "Mauler", Pose.at(0, -10, 180), 0)), seed=5,
                      options=RuleOptions(fire_step="on", **options))
    return engine.new_game(setup)[0]


def _fire_starshell(state: GameState) -> tuple[GameState, list[object]]:
    from rules.core.events import TableLit
    from rules.play.actions import Drop, Pass
    from rules.play.state import FIRE
    from tests.rules.test_combat_engine import to_fire_step
    state = to_fire_step(state)
    sl = next(w.id for w in state.vehicle("Red").sheet.weapons if w.abbr == "SL")
    state, events = engine.apply(state, Drop("Red", sl))
    while state.step == FIRE and not state.over:
        state, ev = engine.apply(state, Pass(engine.to_act(state)[0]))
        events += ev
    assert any(isinstance(e, TableLit) and "L2432" in e.rule for e in events)
    return state, list(events)


def test_a_starshell_lights_the_whole_table_for_everyone_000_L2432(tmp_path: Path) -> None:
    """000:L2432: the flare lights the entire play area, negating the night penalty: for the firer and for
    his enemy alike, whatever they carry; the weather's rain is no darkness and stays."""
    state = _starshell_game(tmp_path, visibility="night")
    assert fire_step.combatant(state, state.vehicle("Blue")).visibility == "night"
    lit, _ = _fire_starshell(state)
    assert lit.lit_until == lit.turn + 4
    assert fire_step.combatant(lit, lit.vehicle("Blue")).visibility == "clear"
    assert fire_step.combatant(lit, lit.vehicle("Red")).visibility == "clear"
    wet, _ = _fire_starshell(_starshell_game(tmp_path, visibility="night", road_condition="light_rain"))
    assert fire_step.combatant(wet, wet.vehicle("Blue")).visibility == "rain"


def test_a_starshell_burns_out_after_five_turns_000_L2432_L2989(tmp_path: Path) -> None:
    """Reading AU16: no duration is printed, so the RL flare round's five seconds (000:L2989): the turn it
    is fired and the next four; on the sixth the night is back."""
    lit, _ = _fire_starshell(_starshell_game(tmp_path, visibility="night"))
    last = replace(lit, turn=lit.turn + 4)
    assert fire_step.combatant(last, last.vehicle("Blue")).visibility == "clear"
    dark = replace(lit, turn=lit.turn + 5)
    assert fire_step.combatant(dark, dark.vehicle("Blue")).visibility == "night"
