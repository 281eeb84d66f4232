"""A game carries its ruleset (issue 13, item 2): the set-up, the state and the play context hold the
tables, so two rulesets can be in play at once in one process and nothing reads a table from a module
global while a game is played. The reflex table (000:L158) shows it: a ruleset whose table gives
every driver +3 plays beside the shipped one, and each game uses its own."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.core.paths import DATA_DIR
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.context import Ctx
from rules.play.state import digest, state_dict
from rules.tables.ruleset import Ruleset, load_ruleset, standard

CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=12 armor=10"


def two_cars(rules: Ruleset) -> GameSetup:
    return GameSetup((VehicleSetup("A", "p1", CAR, Pose.at(0, 0, 0), speed=20),
                      VehicleSetup("B", "p2", CAR, Pose.at(10, 0, 0), speed=20)), seed=5, rules=rules)


@pytest.fixture(scope="module")
def generous(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    """The shipped tables with every reflex roll worth +3 (a house rule, for the test)."""
    data = tmp_path_factory.mktemp("data") / "data"
    shutil.copytree(DATA_DIR, data)
    handling = data / "handling.toml"
    text = handling.read_text(encoding="utf-8")
    assert "reflex_bonus = [[5, 1], [6, 2]]" in text
    handling.write_text(text.replace("reflex_bonus = [[5, 1], [6, 2]]", "reflex_bonus = [[1, 3]]"), encoding="utf-8")
    return load_ruleset(data)


def test_the_shipped_ruleset_is_one_shared_value():
    assert standard() is standard()
    assert Ctx(engine.new_game(two_cars(standard()))[0]).rules is standard()


def test_two_rulesets_play_side_by_side_000_L158(generous):
    house, _ = engine.new_game(two_cars(generous))
    book, _ = engine.new_game(two_cars(standard()))
    assert house.rules is generous and book.rules is standard()
    assert all(v.reflex_bonus == 3 for v in house.vehicles)
    assert all(v.reflex_bonus in (0, 1, 2) for v in book.vehicles)   # 000:L158: +1 on a 5, +2 on a 6
    # the ruleset rides along with every state the engine makes
    after, _ = engine.apply(house, engine.legal_actions(house, engine.to_act(house)[0])[0])
    assert after.rules is generous


def test_the_ruleset_is_not_part_of_the_game_record(generous):
    house, _ = engine.new_game(two_cars(generous))
    again, _ = engine.new_game(two_cars(standard()))
    assert "rules" not in state_dict(house)
    # same seed, same dice: the reflex bonuses differ, and the record shows that, not the tables
    assert [v.reflex_bonus for v in house.vehicles] != [v.reflex_bonus for v in again.vehicles]
    assert digest(house) != digest(again)
    assert digest(replace(house, rules=standard())) == digest(house)


def test_a_broken_data_folder_names_its_file(tmp_path: Path):
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    (data / "combat.toml").write_text("not = [toml", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_ruleset(data)
    assert "combat.toml" in str(err.value)
