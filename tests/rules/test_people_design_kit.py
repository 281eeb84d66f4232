"""A vehicle design file names its crew's kit (issue 18 item 5, reading PD18): a [kit] table of people.toml
keys that the crew carry aboard and take along when they get out; a set-up's own kit comes first."""

from __future__ import annotations

import pytest

from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.core.tomlio import dumps_toml
from rules.engine.engine import apply, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.engine.setup_check import setup_problems
from rules.people.record import Kit
from rules.play import people
from rules.play.actions import Pass, SetSpeed
from rules.play.people_actions import GetOut
from rules.play.state import FIRE, SPEED, RuleOptions
from rules.vehicles.design import CrewKit, design_to_dict, load_design, load_stock

KIT = """
[kit]
weapon = "Rifle"
armor = "body_armor"
grenades = ["explosive", "smoke"]
gear = ["gas_mask"]
"""


def _design_file(tmp_path, kit: str = KIT):
    text = dumps_toml(design_to_dict(load_stock("Killer Kart"))) + kit
    path = tmp_path / "kart_with_kit.toml"
    path.write_text(text)
    return path


def _setup(design: str, kit: Kit | None = None) -> GameSetup:
    return GameSetup((VehicleSetup("car", "A", design, Pose.at(5, 10, 90), 0.0, kit=kit),
                      VehicleSetup("far", "B", "Killer Kart", Pose.at(40, 40, 270), 0.0)),
                     seed=1, options=RuleOptions(people="on"))


def _out(state):
    for _ in range(50):
        if state.step == FIRE and GetOut("car", "driver") in legal_actions(state, "car"):
            return apply(state, GetOut("car", "driver"))[0]
        who = to_act(state)[0]
        state, _ = apply(state, SetSpeed(who, 0) if state.step == SPEED else Pass(who))
    raise AssertionError("never offered")


def test_a_design_files_kit_is_read_and_written_back(tmp_path):
    d = load_design(_design_file(tmp_path))
    assert d.kit == CrewKit("Rifle", "body_armor", ("explosive", "smoke"), ("gas_mask",))
    assert load_design(_design_file(tmp_path, "")).kit is None
    again = tmp_path / "again.toml"
    again.write_text(dumps_toml(design_to_dict(d)))
    assert load_design(again).kit == d.kit


def test_the_crew_of_a_design_with_a_kit_carry_it_aboard_and_out_000_L1164(tmp_path):
    """Body armor worn aboard (000:L975: the crewman's armor DP), the rifle and grenades taken along."""
    state, _ = new_game(_setup(str(_design_file(tmp_path))))
    assert dict(state.kits)["car"] == Kit("Rifle", "body_armor", ("explosive", "smoke"), ("gas_mask",))
    driver = next(c for c in state.vehicle("car").sheet.components if c.id == "driver")
    assert driver.body_armor == people.tables_of(state).armor["body_armor"].dp
    state = _out(state)
    man = people.person(state, "car.driver")
    assert man.weapon == "Rifle" and man.grenades == ("explosive", "smoke") and man.gear == ("gas_mask",)


def test_a_set_ups_own_kit_comes_before_the_designs(tmp_path):
    own = Kit(weapon="SMG")
    state, _ = new_game(_setup(str(_design_file(tmp_path)), kit=own))
    assert dict(state.kits)["car"] == own


def test_a_bad_kit_key_in_a_design_names_the_file_and_key(tmp_path):
    with pytest.raises(DataError) as err:
        load_design(_design_file(tmp_path, KIT.replace('"Rifle"', '"Ray gun"')))
    assert "kart_with_kit.toml" in str(err.value) and "weapon" in str(err.value) and "Ray gun" in str(err.value)


def test_too_heavy_a_design_kit_is_a_set_up_problem_000_L1447(tmp_path):
    heavy = KIT.replace('["explosive", "smoke"]', '["explosive", "explosive", "explosive", "explosive", "explosive"]')
    probs = setup_problems(_setup(str(_design_file(tmp_path, heavy))))
    assert any("kit" in w and "grenade-equivalents" in what for w, what in probs)
