"""Foe profiles are data (rules/data/foe_profiles.toml): a bad file is a DataError naming the place."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.tables.foe_profiles import PROFILES_FILE, load_profiles

GOOD = PROFILES_FILE.read_text(encoding="utf-8")


def _load(tmp_path: Path, text: str) -> None:
    p = tmp_path / "foes.toml"
    p.write_text(text, encoding="utf-8")
    load_profiles(p)


def test_the_shipped_file_loads() -> None:
    table = load_profiles()
    assert {"novice", "veteran", "ace", "berserker", "coward"} <= set(table)
    assert table["berserker"].ram > 0 > table["coward"].ram
    assert table["coward"].preferred_range > table["ace"].preferred_range


@pytest.mark.parametrize(("old", "new", "where"), [
    ("aggression = 0.6", "aggression = 1.6", "profile.veteran.aggression"),
    ("aggression = 0.6", "agression = 0.6", "profile.veteran"),
    ('target = "easiest"', 'target = "richest"', "profile.veteran.target"),
    ("fire_need = 8\nlookahead = 2\ncandidates = 4", "fire_need = \"8\"\nlookahead = 2\ncandidates = 4",
     "profile.veteran.fire_need"),
    ("[profile.coward]", "[profile.Coward]", "profile.Coward"),
])
def test_bad_values_give_a_data_error(tmp_path: Path, old: str, new: str, where: str) -> None:
    assert old in GOOD
    with pytest.raises(DataError) as info:
        _load(tmp_path, GOOD.replace(old, new, 1))
    assert info.value.where.startswith(where)


def test_a_missing_preset_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DataError) as info:
        _load(tmp_path, GOOD.replace("[profile.coward]", "[profile.chicken]"))
    assert "coward" in info.value.what


def test_a_syntax_error_names_the_line(tmp_path: Path) -> None:
    with pytest.raises(DataError) as info:
        _load(tmp_path, GOOD + "\n[profile.broken\n")
    assert info.value.where.startswith("line")


def test_a_missing_file_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError):
        load_profiles(tmp_path / "none.toml")
