"""The crew's Gunner skill on every shot (000:L931): set per vehicle in a set-up, a save or a scenario
(reading CB63: one Gunner level for everyone aboard who fires)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.core.tomlio import dumps_toml
from rules.engine.engine import new_game
from rules.engine.game import Game
from rules.engine.saves import load_game, save_dict, save_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import preview_fire
from rules.play.actions import Fire, Pass
from rules.play.state import FIRE, RuleOptions, digest
from tests.rules.test_combat_engine import to_fire_step


def _setup(gunner: int) -> GameSetup:
    return GameSetup((VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90), gunner_skill=gunner),
                      VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(6, 0, 270))),
                     seed=4, options=RuleOptions(fire_step="on"))


def test_a_gunner_plus_2_crew_adds_2_to_its_shots_000_L931() -> None:
    from rules.vehicles.spec import UNTRAINED

    for skill, expect in ((0, []), (2, [("Gunner +2", 2, "000:L931")]),
                          (UNTRAINED, [])):
        state = to_fire_step(new_game(_setup(skill))[0])
        assert state.step == FIRE
        mods = preview_fire(state, Fire("Red", "MG1", "Blue")).modifiers
        assert [(m.name, m.value, m.rule) for m in mods if m.name.startswith("Gunner")] == expect
        untrained = [(m.value, m.rule) for m in mods if m.name == "no Gunner skill"]
        assert untrained == ([(-3, "000:L1322")] if skill == UNTRAINED else [])
        blue = preview_fire(state, Fire("Blue", "MG1", "Red")).modifiers
        assert not [m for m in blue if m.name.startswith("Gunner")]     # the other crew is not helped


def test_the_crew_skill_survives_a_save_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    game = Game(_setup(3))
    back = load_game(save_game(game, tmp_path / "g.toml"))
    assert back.state.vehicle("Red").spec.gunner_skill == 3 and digest(back.state) == digest(game.state)
    data = save_dict(game)
    data["setup"]["vehicle"][0]["gunner_skill"] = -2
    bad = tmp_path / "bad.toml"
    bad.write_text(dumps_toml(data))
    with pytest.raises(DataError) as err:
        load_game(bad)
    assert "gunner_skill" in err.value.where


def test_a_scenario_gives_a_crew_its_skills() -> None:
    from rules.engine.scenarios import game_setup, load_scenario

    sc = load_scenario(Path(__file__).resolve().parents[2] / "maps" / "scenarios" / "highway_ambush.toml")
    escort = next(v for v in game_setup(sc).vehicles if v.id == "escort")
    assert (escort.driver_skill, escort.gunner_skill) == (1, 1)


def test_a_gunner_level_is_printed_once_on_the_fire_card_and_in_the_log_000_L931() -> None:
    """The modifier's name already carries the level ("Gunner +2"): the card and the log line must not
    read "Gunner +2 +2" (found in play: "Handgunner +1 +1")."""
    from game.firing import fire_preview
    from rules.engine.engine import apply

    state = to_fire_step(new_game(_setup(2))[0])
    card = fire_preview(state, Fire("Red", "MG1", "Blue")).modifier_text
    assert "Gunner +2 [000:L931]" in card and "+2 +2" not in card
    state, _ = apply(state, Fire("Red", "MG1", "Blue"))
    _, events = apply(state, Pass("Blue"))     # declarations resolve once both have declared
    rolled = [e.text for e in events if "Gunner" in e.text]
    assert rolled and all("Gunner +2 (000:L931)" in t and "+2 +2" not in t for t in rolled)
