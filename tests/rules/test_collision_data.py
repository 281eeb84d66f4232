"""The collision and terrain tables load, carry their provenance, and bad files are refused with
`path: where: what` (000:L395-L405, L482-L491; terrain 000:L278-L305, L505-L536)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.tables.collisions import load_collision_data, load_terrain_data
from rules.tables.movement import DATA_DIR

COLLISIONS = DATA_DIR / "collisions.toml"
TERRAIN = DATA_DIR / "terrain.toml"


def _edit(tmp_path: Path, src: Path, old: str, new: str) -> Path:
    text = src.read_text(encoding="utf-8")
    assert old in text
    out = tmp_path / src.name
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


def test_shipped_tables_load() -> None:
    c = load_collision_data(COLLISIONS)
    assert len(c.tst_columns) == 22 and len(c.tst_rows) == 22
    assert len(load_terrain_data(TERRAIN).falling) == 16


def test_every_tst_row_names_its_source_or_reconstruction_000_L482_L491() -> None:
    text = COLLISIONS.read_text(encoding="utf-8")
    rows = text.split("[[temporary_speed.row]]")[1:]
    assert len(rows) == 22
    for row in rows:
        assert re.search(r'^(source|reconstructed) = "', row, re.M), row
    assert sum('source = "000:L48' in r or 'source = "000:L49' in r for r in rows) == 6


def test_every_fall_row_names_its_source_or_reconstruction_000_L285_L299() -> None:
    rows = TERRAIN.read_text(encoding="utf-8").split("[[falling.row]]")[1:]
    assert all(re.search(r'^(source|reconstructed) = "', r, re.M) for r in rows)


@pytest.mark.parametrize("old, new, where", [
    ('factors = ["1/2", "1/4"', 'factors = ["1/3", "1/4"', "temporary_speed.row[0].factors"),
    ('factors = ["1/2", "1/4"', 'factors = ["1/4"', "temporary_speed.row[0].factors"),
    ('step_lb = 4000', 'step_lbs = 4000', "damage_modifier"),
    ('pedestrian = "1/5"', 'pedestrian = "a fifth"', "damage_modifier.pedestrian"),
    ('tire_damage = "1d-3"', 'tire_damage = "1q"', "debris.tire_damage"),
])
def test_bad_collision_tables_are_refused(tmp_path: Path, old: str, new: str, where: str) -> None:
    path = _edit(tmp_path, COLLISIONS, old, new)
    with pytest.raises(DataError) as err:
        load_collision_data(path)
    assert err.value.where.startswith(where)
    assert str(err.value).startswith(str(path))


@pytest.mark.parametrize("old, new, where", [
    ("crash_modifier = -3", "crash_modifier = \"-3\"", "off_road.crash_modifier"),
    ("height_in = 0.5\n", "height_in = 0.1\n", "falling.row"),
    ("hazard_d = 2", "hazard_dd = 2", "water"),
    ("decel_mph_per_turn = 5", "decel_mph_per_turn = -5", "plant_out"),
    ('nose_over_side = "front"', 'nose_over_side = "nose"', "falling.nose_over_side"),
])
def test_bad_terrain_tables_are_refused(tmp_path: Path, old: str, new: str, where: str) -> None:
    with pytest.raises(DataError) as err:
        load_terrain_data(_edit(tmp_path, TERRAIN, old, new))
    assert err.value.where.startswith(where)
