"""The rules tables loader: the shipped data loads, and every kind of damage to a file is reported as
DataError(path, where, what) naming the file, the place and the problem (never a traceback)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.tables.movement import DATA_DIR, Tables, load_tables

FILES = ["movement_chart.toml", "control_table.toml", "deceleration.toml", "maneuvers.toml", "crash_tables.toml",
         "hazards.toml", "handling.toml"]


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A private copy of rules/data to damage."""
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def mangle(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}: the test needs updating"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def load_error(data_dir: Path) -> DataError:
    with pytest.raises(DataError) as info:
        load_tables(data_dir)
    err = info.value
    assert str(err) == f"{err.path}: {err.where}: {err.what}"
    return err


def test_shipped_tables_load(data):
    assert isinstance(load_tables(data), Tables)
    assert isinstance(load_tables(), Tables)


def test_every_table_file_names_its_source():
    for name in FILES:
        text = (DATA_DIR / name).read_text(encoding="utf-8")
        assert re.search(r'^source = "000:L\d+', text, re.M), name


def test_toml_syntax_error_names_the_file_and_line(data):
    mangle(data / "movement_chart.toml", 'ram = "4d"', 'ram = "4d')
    err = load_error(data)
    assert Path(err.path).name == "movement_chart.toml"
    assert re.fullmatch(r"line \d+", err.where)
    assert "syntax" in err.what


def test_unknown_key_is_refused(data):
    mangle(data / "control_table.toml", "crash_modifier = 1\n", "crash_modifier = 1\ncolour = \"red\"\n")
    err = load_error(data)
    assert Path(err.path).name == "control_table.toml"
    assert err.where == "row[4].colour"
    assert "unknown key" in err.what


def test_unknown_key_in_a_sub_table_is_refused(data):
    mangle(data / "maneuvers.toml", "[drift]\n", "[drift]\nmax_inchs = 0.3\n")
    err = load_error(data)
    assert (Path(err.path).name, err.where) == ("maneuvers.toml", "drift.max_inchs")
    assert "unknown key" in err.what


def test_wrong_type_is_refused(data):
    mangle(data / "maneuvers.toml", "difficulty = 7 ", 'difficulty = "seven" ')
    err = load_error(data)
    assert (Path(err.path).name, err.where) == ("maneuvers.toml", "bootlegger.difficulty")
    assert "expected an integer" in err.what and "seven" in err.what


def test_boolean_is_not_an_integer(data):
    mangle(data / "deceleration.toml", "safe_mph = 10", "safe_mph = true")
    err = load_error(data)
    assert (Path(err.path).name, err.where) == ("deceleration.toml", "safe_mph")
    assert "expected an integer" in err.what


def test_missing_key_is_refused(data):
    mangle(data / "crash_tables.toml", "difficulty_offset = 3", "")
    err = load_error(data)
    assert (Path(err.path).name, err.where, err.what) == ("crash_tables.toml", "difficulty_offset", "missing")


def test_missing_chart_row_is_refused(data):
    mangle(data / "movement_chart.toml",
           '[[row]]\nmph = 45.0\nphases = [1.0, 1.0, 1.0, 0.5, 1.0]\nram = "4d"\nsource = "000:L121', '#')
    err = load_error(data)
    assert (Path(err.path).name, err.where) == ("movement_chart.toml", "row")
    assert "45 mph" in err.what


def test_missing_control_row_is_refused(data):
    mangle(data / "control_table.toml", "[[row]]\nmph = [45, 50]\n", "[[row]]\nmph = [50, 55]\n")
    err = load_error(data)
    assert (Path(err.path).name, err.where) == ("control_table.toml", "row[4].mph")
    assert "45" in err.what


def test_chart_row_that_does_not_add_up_is_refused(data):
    mangle(data / "movement_chart.toml", "phases = [1.0, 1.0, 1.0, 0.5, 1.0]", "phases = [1.0, 1.0, 1.0, 1.0, 1.0]")
    err = load_error(data)
    assert err.where.endswith(".phases") and err.where.startswith("row[")
    assert "45" in err.what


def test_control_cell_that_is_not_safe_xx_or_a_die_is_refused(data):
    mangle(data / "control_table.toml", '"2", "3", "4", "5"]', '"2", "3", "4", "7"]')
    err = load_error(data)
    assert (Path(err.path).name, err.where) == ("control_table.toml", "row[4].cells")
    assert "'7'" in err.what


def test_control_row_with_a_missing_cell_is_refused(data):
    mangle(data / "control_table.toml", '"2", "3", "4", "5"]', '"2", "3", "4"]')
    err = load_error(data)
    assert (Path(err.path).name, err.where) == ("control_table.toml", "row[4].cells")
    assert "14" in err.what


@pytest.mark.parametrize(
    ("name", "old", "new", "where"),
    [
        ("movement_chart.toml", 'ram = "4d"\nsource = "000:L121', 'ram = "4q"\nsource = "000:L121', "row[18].ram"),
        ("deceleration.toml", 'tire_damage = "1d+3"', 'tire_damage = "1d+"', "row[6].tire_damage"),
        ("crash_tables.toml", 'flight = "1d"', 'flight = "d6"', "table1.row[7].flight"),
    ],
)
def test_bad_dice_expression_is_refused(data, name, old, new, where):
    mangle(data / name, old, new)
    err = load_error(data)
    assert (Path(err.path).name, err.where) == (name, where)
    assert "dice" in err.what


def test_missing_file_is_a_data_error(data):
    (data / "hazards.toml").unlink()
    err = load_error(data)
    assert (Path(err.path).name, err.where) == ("hazards.toml", "file")
    assert "cannot read" in err.what


def test_file_that_is_not_utf8_is_a_data_error(data):
    (data / "handling.toml").write_bytes(b"title = \"\xff\xfe\"\n")
    err = load_error(data)
    assert Path(err.path).name == "handling.toml"
    assert "UTF-8" in err.what


def test_missing_counter_kind_is_refused(data):
    mangle(data / "handling.toml", 'cycle = { length = 0.5, width = 0.5, source = "000:L133, L194" }\n', "")
    err = load_error(data)
    assert (Path(err.path).name, err.where, err.what) == ("handling.toml", "counter.cycle", "missing")
