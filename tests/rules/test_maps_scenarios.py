"""Scenario files: a map, vehicles with owners, teams, drivers and starts, and a victory condition."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.errors import DataError
from rules.engine.scenarios import SCENARIOS_DIR, load_scenario, validate_scenario
from rules.world.maps import MAPS_DIR

ARENA = (MAPS_DIR / "arena.toml").resolve()

GOOD = f"""
format_version = 1
name = "Test duel"
map = "{ARENA}"

[victory]
kind = "last_team_standing"

[[vehicles]]
id = "a"
stock = "Killer Kart"
owner = "P1"
team = "red"
start = "west"

[[vehicles]]
id = "b"
stock = "Killer Kart"
owner = "P2"
team = "blue"
start = "east"
driver = "veteran"
"""


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "s.toml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def test_good_scenario_loads_with_its_map(tmp_path: Path) -> None:
    sc = load_scenario(write(tmp_path, GOOD))
    assert sc.map.name == "Arena"
    assert [(v.id, v.driver, v.start) for v in sc.vehicles] == [("a", "human", "west"), ("b", "veteran", "east")]


@pytest.mark.parametrize("old, new, where, fragment", [
    ('start = "east"', 'start = "moon"', "vehicles[1].start", "no start position 'moon'"),
    ('start = "east"', 'start = "west"', "vehicles[1].start", "taken by 'a'"),
    ('id = "b"', 'id = "a"', "vehicles[1].id", "used twice"),
    ('team = "blue"', 'team = "red"', "vehicles", "at least two teams"),
    ('driver = "veteran"', 'driver = "Mr Robot!"', "vehicles[1].driver", "foe profile"),
    ('kind = "last_team_standing"', 'kind = "destroy"\nteam = "red"', "victory.targets", "needs targets"),
    ('kind = "last_team_standing"', 'kind = "destroy"\nteam = "red"\ntargets = ["zz"]', "victory.targets",
     "no vehicle has the id 'zz'"),
    ('kind = "last_team_standing"', 'kind = "win"', "victory.kind", "is not one of"),
    ('kind = "last_team_standing"', 'kind = "escape"\ntargets = ["a"]\nexit = [0, 0, 1]', "victory.exit",
     "expected 4 numbers"),
    ('owner = "P1"', 'owner = "P1"\nhat = 1', "vehicles[0].hat", "unknown key"),
    ('stock = "Killer Kart"', 'stock = "Killer Kart"\ndesign = "x.toml"', "vehicles[0].stock", "not both"),
    ('[victory]', '[options]\nvisibility = "dusk"\n\n[victory]', "options.visibility", "is not one of"),
    ('[victory]', '[options]\npeople = "on"\n\n[victory]', "options.people", "unknown key"),
])
def test_bad_scenarios_name_the_place(tmp_path: Path, old: str, new: str, where: str, fragment: str) -> None:
    with pytest.raises(DataError) as info:
        load_scenario(write(tmp_path, GOOD.replace(old, new, 1)))
    assert info.value.where == where
    assert fragment in info.value.what


def test_a_bad_map_is_reported_against_the_map_file(tmp_path: Path) -> None:
    (tmp_path / "broken.toml").write_text("format_version = 1\nname = 'x'\n")
    with pytest.raises(DataError) as info:
        load_scenario(write(tmp_path, GOOD.replace(str(ARENA), "broken.toml")))
    assert info.value.path.endswith("broken.toml") and info.value.where == "size"


def test_unknown_stock_names_are_refused_once_the_list_is_known(tmp_path: Path) -> None:
    sc = load_scenario(write(tmp_path, GOOD))
    probs = validate_scenario(sc, names=frozenset({"stinger"}))
    assert [p.where for p in probs] == ["vehicles[0].stock", "vehicles[1].stock"]
    assert validate_scenario(sc, names=frozenset({"killer kart"})) == []


def test_map_path_is_relative_to_the_scenario_file() -> None:
    sc = load_scenario(SCENARIOS_DIR / "arena_duel.toml")
    assert sc.map_file == "../arena.toml" and sc.map.path.endswith("arena.toml")


@given(st.integers(0, len(GOOD)), st.integers(0, 30), st.sampled_from(["", "1", "[", '"', "]]", "\n[[vehicles]]\n"]))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_mangled_scenarios_give_data_error_only(tmp_path: Path, i: int, n: int, junk: str) -> None:
    try:
        load_scenario(write(tmp_path, GOOD[:i] + junk + GOOD[i + n:]))
    except DataError:
        pass


def test_game_setup_puts_each_vehicle_on_its_start(tmp_path: Path) -> None:
    from rules.core.paths import locate, portable
    from rules.engine.scenarios import game_setup

    sc = load_scenario(write(tmp_path, GOOD.replace('driver = "veteran"', 'driver = "veteran"\nspeed = 20')))
    setup = game_setup(sc, seed=7)
    west = next(s for s in sc.map.starts if s.name == "west")
    a, b = setup.vehicles
    assert (a.id, a.owner, a.design, a.foe, a.speed) == ("a", "P1", "Killer Kart", "", west.speed)
    assert (a.pose.x, a.pose.y, a.pose.facing) == (west.x, west.y, west.facing)
    assert (b.foe, b.speed) == ("veteran", 20.0)
    assert setup.seed == 7 and setup.map == portable(sc.map.path)
    assert locate(setup.map).resolve() == Path(sc.map.path).resolve()


def test_options_set_the_table_and_a_design_file_stands_for_a_stock_car(tmp_path: Path) -> None:
    """[options] sets the light and the road for the whole game (night -3, 000:L924); `design` names a
    design file read relative to the scenario, kept as a project path as a save keeps it."""
    from rules.engine.scenarios import game_setup
    from rules.vehicles.design import dumps_design, load_stock

    (tmp_path / "kart.toml").write_text(dumps_design(load_stock("Killer Kart")))
    text = GOOD.replace("[victory]", '[options]\nvisibility = "night"\nroad_condition = "light_rain"\n\n[victory]')
    text = text.replace('stock = "Killer Kart"', 'design = "kart.toml"', 1)
    setup = game_setup(load_scenario(write(tmp_path, text)))
    assert (setup.options.visibility, setup.options.road_condition, setup.options.people) == ("night", "light_rain", "off")
    assert Path(setup.vehicles[0].design).resolve() == (tmp_path / "kart.toml").resolve()
    assert setup.vehicles[1].design == "Killer Kart"
    (tmp_path / "kart.toml").write_text("name = 'x'\n")   # not a vehicle: the error names that file
    with pytest.raises(DataError) as info:
        load_scenario(write(tmp_path, text))
    assert info.value.where == "vehicles[0].design" and "kart.toml: kind: missing" in info.value.what


def test_the_night_duel_is_played_at_night_with_a_searchlight_and_goggles_000_L924_L2661() -> None:
    from rules.engine.engine import new_game
    from rules.engine.scenarios import game_setup
    from rules.play.lights import lamps

    sc = load_scenario(SCENARIOS_DIR / "night_duel.toml")
    state = new_game(game_setup(sc))[0]
    assert state.options.visibility == "night"
    assert lamps(state.vehicle("red")) and not lamps(state.vehicle("blue"))
    assert state.vehicle("blue").spec.crew_gear == ("li_goggles",)
