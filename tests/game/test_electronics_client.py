"""The electronics as a player sees them (issue 17): the record sheet's IN PLAY lines say what each radar,
jammer, ATAD, computer gunner or bumper trigger does and when it is out; the fire panel's modifiers carry
radar's +1 and a radar-guided missile's own range rule."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.render.sheet import electronics_lines
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.state import GameState, RuleOptions
from rules.vehicles.design import AccessoryEntry, WeaponEntry, dumps_design, load_stock


def _game(tmp_path: Path, *extra: str, weapons: tuple[WeaponEntry, ...] = (), night: bool = False) -> GameState:
    d = load_stock("Cobra GT")
    d = replace(d, accessories=d.accessories + tuple(AccessoryEntry(a) for a in extra), weapons=d.weapons + weapons,
                armor={k: max(0, v - 15) for k, v in d.armor.items()})
    path = tmp_path / "car.toml"
    path.write_text(dumps_design(d))
    setup = GameSetup((VehicleSetup("A", "a", str(path), Pose.at(10, 10, 90)),
                       VehicleSetup("B", "b", "Killer Kart", Pose.at(24, 10, 270))), seed=1,
                      options=RuleOptions(visibility="night" if night else "clear"))
    return new_game(setup)[0]


def test_the_sheet_says_what_radar_and_the_atad_do_and_when_they_are_out_000_L2646_L2975(tmp_path: Path) -> None:
    state = _game(tmp_path, "atad")
    v = state.vehicle("A")
    words = [w for w, _c in electronics_lines(v)]
    assert "radar: 1 off visibility penalties" in words
    assert "automatic target acquisition device: fires L1 at anything within 10\"" in words
    dead = replace(v, sheet=replace(v.sheet, components=tuple(
        replace(c, dp=0) if c.kind == "plant" else c for c in v.sheet.components)))
    assert "radar: out: the power plant is gone" in [w for w, _c in electronics_lines(dead)]


def test_the_fire_panel_shows_radar_and_the_missile_rule_000_L2646_L2442(tmp_path: Path) -> None:
    from game.firing import fire_preview
    from rules.play.actions import Fire
    from tests.rules.test_combat_engine import to_fire_step
    state = to_fire_step(_game(tmp_path, weapons=(WeaponEntry("RGM", "front"),), night=True))
    laser = {name: value for name, value, _r in fire_preview(state, Fire("A", "L1", "B")).modifiers}
    assert laser["night"] == -3 and laser["radar"] == 1
    rgm = {name: value for name, value, _r in fire_preview(state, Fire("A", "RGM1", "B")).modifiers}
    assert "night" not in rgm and any(n.startswith("radar-guided") for n in rgm)
