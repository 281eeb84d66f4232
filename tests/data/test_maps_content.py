"""The shipped maps, road sections and scenarios: every file loads, validates and round-trips."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from rules.engine.scenarios import list_scenarios, load_scenario, validate_scenario
from rules.world.maps import (
    MAPS_DIR,
    bbox,
    chain,
    ends_meet,
    free_ends,
    list_maps,
    load_map,
    load_sections,
    placed_ends,
    resolved,
    save_map,
    sections,
    static_shapes,
    terrain_at,
    validate_map,
)

MAP_FILES = list_maps()
SCENARIO_FILES = list_scenarios()


def test_maps_folder_holds_the_promised_maps() -> None:
    names = {load_map(p).name for p in MAP_FILES}
    assert {"Highway", "Arena", "Town", "Parking Lot"} <= names
    assert MAP_FILES and all(p.parent == MAPS_DIR for p in MAP_FILES)


def test_the_maps_built_with_the_editor_issue_20() -> None:
    """At least eight maps and eight scenarios; the new ones as issue 20 item 7 asks: a town with
    crossings, sidewalks and curbs; a highway with on-ramps; a race track with banked curves (000:L277);
    a river crossing with a bridge. Each has a scenario."""
    assert len(MAP_FILES) >= 8 and len(SCENARIO_FILES) >= 8
    by_name = {load_map(p).name: load_map(p) for p in MAP_FILES}
    lib = sections()
    town = by_name["Downtown"]
    assert sum(p.section == "street_cross" for p in town.sections) == 4
    assert {a.kind for a in resolved(town).areas} >= {"sidewalk", "road"} and resolved(town).curbs
    convoy = by_name["Convoy Highway"]
    assert {"on_ramp", "off_ramp", "ramp_lane"} <= {p.section for p in convoy.sections}
    track = resolved(by_name["Speedway"])
    assert {a.bank for a in track.areas if a.bank} == {"banked", "steep"}
    assert free_ends(by_name["Speedway"].sections, lib) == []        # a closed circuit
    river = by_name["River Crossing"]
    bridge = next(a for a in river.areas if a.name == "bridge")
    x0, y0, x1, y1 = bbox(bridge.shape.points())
    assert terrain_at(river, (x0 + x1) / 2, (y0 + y1) / 2).kind == "road"   # the deck over the water
    assert terrain_at(river, x0 - 3, (y0 + y1) / 2).kind == "water"
    maps_with_scenarios = {load_scenario(p).map.name for p in SCENARIO_FILES}
    assert {"Downtown", "Convoy Highway", "Speedway", "River Crossing"} <= maps_with_scenarios


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.name)
def test_every_scenario_is_played(path: Path) -> None:
    """Each scenario played for four turns by the random legal driver, the fire step on: every action
    it picks applies, and the game moves on."""
    from rules.ai import random_driver
    from rules.engine import engine
    from rules.engine.scenarios import game_setup

    state, _ = engine.new_game(game_setup(load_scenario(path), seed=11))
    n = 0
    while not state.over and state.turn <= 4 and n < 1000:
        who = engine.to_act(state)
        assert who
        action, _ = random_driver.pick(state, who[0], engine.legal_actions(state, who[0]), 11, n)
        state, _ = engine.apply(state, action)
        n += 1
    assert state.turn > 4 or state.over, (state.turn, n)


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: p.name)
def test_every_map_loads_and_validates(path: Path) -> None:
    m = load_map(path)
    assert validate_map(m) == []
    assert m.starts, "every shipped map has start positions"
    assert static_shapes(m) or m.endless


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: p.name)
def test_every_map_round_trips(path: Path, tmp_path: Path) -> None:
    m = load_map(path)
    assert load_map(save_map(m, tmp_path / path.name)) == m


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: p.name)
def test_every_start_is_on_driveable_ground(path: Path) -> None:
    m = load_map(path)
    for s in m.starts:
        t = terrain_at(m, s.x, s.y)
        assert t.kind in ("road", "shoulder") and t.on_map, (s.name, t)


def test_section_library_loads_with_ids_matching_file_names() -> None:
    lib = load_sections()
    assert {"straight", "curve90_right", "curve90_left", "crossroads", "t_junction", "on_ramp"} <= set(lib)
    assert lib == sections()


def test_highway_is_endless_and_laid_end_to_end_000_L92() -> None:
    """000:L92: highway play lays road sections end to end and recycles the rearmost one."""
    m = load_map(MAPS_DIR / "highway.toml")
    lib = sections()
    assert m.endless and len(m.sections) >= 2
    for a, b in pairwise(m.sections):
        assert ends_meet(placed_ends(a, lib)[1], placed_ends(b, lib)[0])
    assert m.sections == chain([p.section for p in m.sections[1:]], m.sections[0], lib)


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.name)
def test_every_scenario_loads(path: Path) -> None:
    sc = load_scenario(path)
    assert sc.vehicles and validate_scenario(sc, names=frozenset(v.stock.lower() for v in sc.vehicles)) == []


def test_the_four_promised_scenarios_exist() -> None:
    by_name = {load_scenario(p).name: load_scenario(p) for p in SCENARIO_FILES}
    duel = by_name["Arena duel"]
    assert duel.map.name == "Arena" and len({v.team for v in duel.vehicles}) == 2
    ambush = by_name["Highway ambush"]
    assert ambush.map.endless and ambush.victory.kind == "destroy"
    chase = by_name["Town chase"]
    assert chase.map.name == "Town" and chase.victory.kind == "escape"
    ffa = by_name["Four-player free-for-all"]
    assert len(ffa.vehicles) == 4 and len({v.team for v in ffa.vehicles}) == 4
    assert len({v.owner for v in ffa.vehicles if v.driver == "human"}) == 4


def test_scenario_vehicles_are_stock_vehicles_or_legal_shipped_designs() -> None:
    """Every vehicle of a shipped scenario is a stock one, or a design file shipped beside the scenarios that
    the construction rules accept (no errors)."""
    design = pytest.importorskip("rules.vehicles.design")
    from rules.vehicles.figures import figures

    names = {n.lower() for n in design.stock_names()}
    for path in SCENARIO_FILES:
        for v in load_scenario(path).vehicles:
            if v.design:
                assert v.design.startswith("maps/scenarios/designs/"), (path.name, v.design)
                assert figures(design.load_design(v.design)).errors == [], (path.name, v.design)
            else:
                assert v.stock.lower() in names, (path.name, v.stock)


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.name)
def test_every_scenario_starts_a_game(path: Path) -> None:
    """The scenario's set-up is accepted by the engine: stock designs resolve, vehicles are placed."""
    from rules.engine.game import Game
    from rules.engine.scenarios import game_setup

    game = Game(game_setup(load_scenario(path), seed=3))
    assert game.to_act()


def test_terrain_vocabulary_is_cited_and_complete() -> None:
    """Every terrain kind in rules/data/map_terrain.toml carries its source; water and ditches need
    their size (000:L526-L529); the road conditions are those of hazards.toml (000:L267-L275)."""
    from rules.core.tomlio import load_toml
    from rules.world.map_model import DATA_DIR, vocabulary

    raw = load_toml(DATA_DIR / "map_terrain.toml")
    assert all("source" in k for k in raw["kind"].values())
    v = vocabulary()
    assert v.kinds["water"].needs == ("depth_ft",) and v.kinds["ditch"].needs == ("width_ft",)
    assert {"dry", "gravel", "oil", "ice"} <= set(v.conditions) and "off_road" not in v.conditions
    assert v.grid == 0.25 and v.rotation_step == 15


def test_a_broken_vocabulary_file_is_a_data_error(tmp_path: Path) -> None:
    from rules.core.errors import DataError
    from rules.world.map_model import DATA_DIR, load_vocabulary

    bad = tmp_path / "t.toml"
    bad.write_text((DATA_DIR / "map_terrain.toml").read_text().replace('needs = ["width_ft"]', 'needs = ["yards"]'))
    with pytest.raises(DataError, match="kind.ditch.needs"):
        load_vocabulary(bad)
