"""Every loader, fed mangled files, fails only with DataError naming the place and the problem (issue 9).

Two kinds of damage, drawn by hypothesis from a shipped file:
- text: truncated, bytes flipped, junk inserted, a line dropped or doubled (what a bad disk, a bad
  copy or a careless edit does);
- data: keys renamed, dropped or added, values swapped for another type, huge numbers, NaN and
  infinities, empty lists and tables (what a hand edit or another program's writer does).
A loader may accept a harmless change; it must never raise anything but DataError, and the error must
say where and what. The examples are derandomized, so a run is repeatable and CI cannot flake.
"""

from __future__ import annotations

import copy
import math
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from rules.core.errors import DataError
from rules.core.tomlio import dumps_toml, load_toml
from rules.engine.saves import load_game, save_game
from rules.engine.scenarios import game_setup, load_scenario
from rules.tables import movement as rules_tables
from rules.tables.collisions import load_collision_data, load_terrain_data
from rules.tables.combat import load_combat, load_weapon_table
from rules.tables.construction import load_design_tables
from rules.tables.foe_profiles import load_profiles
from rules.tables.foe_tactics import load_tactics
from rules.vehicles.design import load_design
from rules.world.map_model import load_vocabulary
from rules.world.maps import load_map, load_sections

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "rules" / "data"
# FUZZ_EXAMPLES=500 for a deeper search; derandomize=False (FUZZ_RANDOM=1) to look somewhere new.
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "50")), deadline=None, derandomize=not os.environ.get("FUZZ_RANDOM"), database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
                phases=[Phase.explicit, Phase.reuse, Phase.generate])  # no shrinking: a mangle is small already

Loader = Callable[[Path], object]

# --- damage ----------------------------------------------------------------------------------------

ODD_VALUES: list[Any] = [
    "", "x" * 300, "nonsense", 0, -1, 1, 10**30, -(10**30), 2**63, 1e308, -1e308, 0.5, math.nan, math.inf,
    -math.inf, True, False, [], [1, 2, 3], ["a"], [[0, 0]], {}, {"x": 1}, [[[[[[1]]]]]],
]


def _odd(draw: st.DrawFn) -> Any:
    return copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))  # a fresh copy: mangles must not share lists


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in parsed TOML: table keys and list indices."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


def _parent(root: Any, path: tuple[Any, ...]) -> Any:
    for step in path[:-1]:
        root = root[step]
    return root


def _mangle_data(data: dict[str, Any], draw: st.DrawFn) -> dict[str, Any]:
    places = list(_paths(data))
    for _ in range(draw(st.integers(1, 3))):
        if not places:
            break
        path = draw(st.sampled_from(places))
        parent, last = _parent(data, path), path[-1]
        how = draw(st.sampled_from(["value", "value", "value", "drop", "rename", "add"]))
        if how == "value":
            parent[last] = _odd(draw)
        elif how == "drop":
            del parent[last]
        elif how == "rename" and isinstance(parent, dict):
            parent[f"{last}_x"] = parent.pop(last)
        elif isinstance(parent, dict):
            parent["surprise"] = _odd(draw)
        else:
            parent.append(_odd(draw))
        places = list(_paths(data))
    return data


def _mangle_text(raw: bytes, draw: st.DrawFn) -> bytes:
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, max(0, len(raw) - 1)))
        how = draw(st.sampled_from(["truncate", "flip", "insert", "drop_line", "double_line"]))
        if how == "truncate":
            raw = raw[:at]
        elif how == "flip" and raw:
            raw = raw[:at] + bytes([raw[at] ^ draw(st.integers(1, 255))]) + raw[at + 1:]
        elif how == "insert":
            raw = raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]
        else:
            lines = raw.split(b"\n")
            i = min(len(lines) - 1, at % max(1, len(lines)))
            lines[i:i + 1] = [] if how == "drop_line" else [lines[i], lines[i]]
            raw = b"\n".join(lines)
    return raw


@st.composite
def mangled(draw: st.DrawFn, source: Path) -> bytes:
    raw = source.read_bytes()
    if draw(st.booleans()):
        return _mangle_text(raw, draw)
    try:
        text = dumps_toml(_mangle_data(load_toml(source), draw))
    except (TypeError, ValueError):  # a mangle TOML cannot express (e.g. a mixed list): keep the file
        text = raw.decode()
    return text.encode()


def only_data_error(load: Loader, target: Path, content: bytes, original: bytes | None = None) -> None:
    """Write `content` to `target` and load it: either it loads or it raises DataError with a place."""
    target.write_bytes(content)
    try:
        load(target)
    except DataError as exc:
        assert exc.path and exc.where and exc.what, repr(exc)
    finally:
        if original is not None:
            target.write_bytes(original)


# --- the loaders ------------------------------------------------------------------------------------

SINGLE_FILE: dict[str, Loader] = {
    "movement_chart.toml": rules_tables.load_movement_chart,
    "control_table.toml": rules_tables.load_control_table,
    "deceleration.toml": rules_tables.load_deceleration,
    "maneuvers.toml": rules_tables.load_maneuvers,
    "crash_tables.toml": rules_tables.load_crash_tables,
    "hazards.toml": rules_tables.load_hazards,
    "handling.toml": rules_tables.load_handling,
    "combat.toml": load_combat,
    "collisions.toml": load_collision_data,
    "terrain.toml": load_terrain_data,
    "map_terrain.toml": load_vocabulary,
    "foe_profiles.toml": load_profiles,
    "foe_tactics.toml": load_tactics,
    "weapons.toml": load_weapon_table,  # combat's reading of the weapons table
}

# Files read by the construction tables, which load a whole folder at once.
CONSTRUCTION = ["weapons.toml", "accessories.toml"] + [
    f"construction/{p.name}" for p in sorted((DATA / "construction").glob("*.toml"))]


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.parametrize("name", sorted(SINGLE_FILE))
@FUZZ
@given(data=st.data())
def test_rules_table_loader(work: Path, name: str, data: st.DataObject) -> None:
    only_data_error(SINGLE_FILE[name], work / name, data.draw(mangled(DATA / name)))


@pytest.fixture(scope="module")
def data_copy(work: Path) -> Path:
    out = work / "data"
    if not out.exists():
        shutil.copytree(DATA, out)
    return out


@FUZZ
@given(data=st.data())
def test_construction_tables_loader(data_copy: Path, data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(CONSTRUCTION))
    target = data_copy / name
    only_data_error(lambda _p: load_design_tables(data_copy), target, data.draw(mangled(DATA / name)),
                    original=(DATA / name).read_bytes())


@FUZZ
@given(data=st.data())
def test_map_loader(work: Path, data: st.DataObject) -> None:
    source = data.draw(st.sampled_from(sorted((REPO / "maps").glob("*.toml"))))
    only_data_error(load_map, work / "map.toml", data.draw(mangled(source)))


@FUZZ
@given(data=st.data())
def test_road_section_loader(work: Path, data: st.DataObject) -> None:
    folder = work / "sections"
    if not folder.exists():
        shutil.copytree(DATA / "sections", folder)
    source = data.draw(st.sampled_from(sorted((DATA / "sections").glob("*.toml"))))
    only_data_error(lambda _p: load_sections(folder), folder / source.name, data.draw(mangled(source)),
                    original=source.read_bytes())


@FUZZ
@given(data=st.data())
def test_scenario_loader(work: Path, data: st.DataObject) -> None:
    folder = work / "scenario_maps"
    if not folder.exists():
        folder.mkdir()
        for m in (REPO / "maps").glob("*.toml"):
            shutil.copy(m, folder)
        (folder / "scenarios").mkdir()
    source = data.draw(st.sampled_from(sorted((REPO / "maps" / "scenarios").glob("*.toml"))))
    only_data_error(load_scenario, folder / "scenarios" / "scenario.toml", data.draw(mangled(source)))


@FUZZ
@given(data=st.data())
def test_vehicle_design_loader(work: Path, data: st.DataObject) -> None:
    source = data.draw(st.sampled_from(sorted((DATA / "vehicles").glob("*.toml"))))
    only_data_error(load_design, work / "vehicle.toml", data.draw(mangled(source)))


@pytest.fixture(scope="module")
def short_save(work: Path) -> Path:
    """A save of a few turns of the arena duel, driven by the random legal driver."""
    from rules.ai import random_driver
    from rules.engine.game import Game

    game = Game(game_setup(load_scenario(REPO / "maps" / "scenarios" / "arena_duel.toml"), seed=11))
    for n in range(10):
        who = game.to_act()
        if not who:
            break
        game.apply(random_driver.pick(game.state, who[0], game.legal_actions(who[0]), 11, n)[0])
    return save_game(game, work / "good_save.toml")


@FUZZ
@given(data=st.data())
def test_save_loader(work: Path, short_save: Path, data: st.DataObject) -> None:
    only_data_error(load_game, work / "save.toml", data.draw(mangled(short_save)))


def test_the_damage_really_breaks_files(work: Path) -> None:
    """The mangling is not a no-op: most mangled maps are refused (so the tests above test something)."""
    refused = 0

    @settings(max_examples=40, deadline=None, derandomize=True, database=None)
    @given(data=st.data())
    def count(data: st.DataObject) -> None:
        nonlocal refused
        target = work / "count.toml"
        target.write_bytes(data.draw(mangled(REPO / "maps" / "arena.toml")))
        try:
            load_map(target)
        except DataError:
            refused += 1

    count()
    assert refused >= 20


# --- mangles the fuzzing once found that a loader did not turn into DataError (kept as regressions) ---
# Found by FUZZ_EXAMPLES=150 FUZZ_RANDOM=1.


def _edited(work: Path, source: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    data = load_toml(source)
    edit(data)
    target = work / f"gap_{source.name}"
    target.write_text(dumps_toml(data))
    return target


def _set(*path: Any, to: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        _parent(data, path)[path[-1]] = to
    return edit


LOADER_GAPS = [
    pytest.param(rules_tables.load_movement_chart, DATA / "movement_chart.toml", _set("step_mph", to=0),
                 id="movement_chart-step-zero"),
    pytest.param(rules_tables.load_control_table, DATA / "control_table.toml", _set("row", 0, "mph", to=[5]),
                 id="control_table-mph-one-number"),
    pytest.param(rules_tables.load_hazards, DATA / "hazards.toml", _set("enemy_fire", "bands", to=[1, 2]),
                 id="hazards-bands-not-pairs"),
    pytest.param(rules_tables.load_handling, DATA / "handling.toml", _set("unskilled_penalty", to="x"),
                 id="handling-unskilled_penalty-text"),
    pytest.param(rules_tables.load_handling, DATA / "handling.toml", _set("reflex_bonus", to=[[1]]),
                 id="handling-reflex_bonus-short-pair"),
    pytest.param(load_design, DATA / "vehicles" / "killer_kart.toml", _set("crew", to=[["driver"]]),
                 id="design-crew-list-in-list"),
    pytest.param(load_design, DATA / "vehicles" / "killer_kart.toml", _set("printed", "weight", to=math.inf),
                 id="design-printed-weight-infinite"),
    pytest.param(load_game, None, _set("setup", "vehicle", 1, "x", to=1e308), id="save-vehicle-x-huge"),
    pytest.param(load_game, None, _set("setup", "vehicle", 0, "facing", to=math.nan), id="save-vehicle-facing-nan"),
]


@pytest.mark.parametrize(("load", "source", "edit"), LOADER_GAPS)
def test_loader_gap_found_by_fuzzing_is_a_data_error(work: Path, short_save: Path, load: Loader, source: Path | None,
                          edit: Callable[[dict[str, Any]], None]) -> None:
    target = _edited(work, source or short_save, edit)
    with pytest.raises(DataError) as err:
        load(target)
    assert err.value.where and err.value.what
