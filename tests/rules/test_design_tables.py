"""The construction tables checked against the seed's own lines and against their internal arithmetic.

Where the data replaces a printed cell (a `*_printed` key), the printed value is what the seed says
and the replacement is listed in docs/RULES-DEVIATIONS.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.tables.construction import DesignTables, design_tables, load_design_tables

SEED = "seeds/000_90e2cfc0633f8ca1.txt"


@pytest.fixture(scope="module")
def printed() -> DesignTables:
    return load_design_tables(printed=True)


@pytest.fixture
def seed(shared_file: Callable[[str], Path]) -> list[str]:
    return shared_file(SEED).read_text(encoding="utf-8").splitlines()


def _row(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _n(cell: str) -> int:
    return int(re.sub(r"[^\d]", "", cell.split("(")[0]))


@pytest.mark.parametrize(("line", "key"), [
    (1686, "subcompact"), (1687, "compact"), (1688, "mid_sized"), (1689, "sedan"), (1690, "luxury"),
    (1691, "station_wagon"), (1692, "pickup"), (1693, "camper"), (1694, "van"),
    (1924, "light_trike"), (1925, "medium_trike"), (1926, "heavy_trike"), (1927, "x_heavy_trike"),
    (1878, "light_cycle"), (1879, "medium_cycle"), (1880, "heavy_cycle"), (1881, "light_sidecar"),
    (1882, "heavy_sidecar"),
])
def test_body_rows_match_the_seed_000_L1686_L1927(seed: list[str], printed: DesignTables, line: int, key: str) -> None:
    cells = _row(seed[line - 1])
    b = printed.bodies[key]
    spaces = re.match(r"(\d+)(?:\(\+(\d+)\))?", cells[4].replace(" ", ""))
    assert spaces is not None
    cost, weight = (int(x) for x in cells[5].split("/"))
    assert (_n(cells[1]), _n(cells[2]), _n(cells[3]), int(spaces.group(1)), int(spaces.group(2) or 0), cost, weight) == (
        b.price, b.weight, b.max_load, b.spaces, b.cargo_spaces, b.armor_cost, b.armor_weight)


@pytest.mark.parametrize(("line", "key"), [
    (1736, "small"), (1737, "medium"), (1738, "large"), (1739, "super"), (1740, "sport"), (1741, "thundercat"),
    (1897, "small_cycle"), (1898, "medium_cycle"), (1899, "large_cycle"), (1900, "super_cycle"),
    (1901, "super_trike"), (1758, "cid10"), (1764, "cid250"), (1767, "cid400"), (1770, "cid700"),
])
def test_plant_rows_match_the_seed_000_L1736_L1901(seed: list[str], printed: DesignTables, line: int, key: str) -> None:
    cells = _row(seed[line - 1])
    p = printed.plants[key]
    assert [_n(c) for c in cells[1:6]] == [p.cost, p.weight, p.spaces, p.dp, p.pf]


@pytest.mark.parametrize(("line", "key"), [
    (1824, "standard"), (1825, "heavy_duty"), (1826, "puncture_resistant"), (1827, "solid"), (1828, "plasticore"),
])
def test_tire_rows_match_the_seed_000_L1824_L1828(seed: list[str], line: int, key: str) -> None:
    cells = _row(seed[line - 1])
    t = design_tables().tires[key]
    assert [_n(c) for c in cells[1:4]] == [t.cost, t.weight, t.dp]


_WEAPON = re.compile(r"\((\w+)\) — (?:To hit (\d+)[^,]*, )?.*?(\d+) DP[^$]*\$([\d,]+)[^,]*, ([\d,]+) lbs\.[,;] "
                     r"(?:([\d½⅓]+|no) spaces?)?")


def test_weapon_lines_match_the_seed_000_L2414_L2498(seed: list[str], printed: DesignTables) -> None:
    """To hit, DP, price, weight and spaces of every chapter-13 line that prints them in one clause."""
    checked = 0
    for line in seed[2413:2498]:
        m = _WEAPON.search(line)
        if not m or m.group(1) not in printed.weapons:
            continue
        abbr, hit, dp, cost, weight, spaces = m.groups()
        w = printed.weapons[abbr]
        if hit is not None and abbr != "SAM":     # the SAM's first number is against aircraft
            assert int(hit) == w.to_hit, abbr
        assert (int(dp), int(cost.replace(",", "")), int(weight.replace(",", ""))) == (w.dp, w.cost, w.weight), abbr
        if spaces and spaces != "no":
            value = {"½": 0.5, "⅓": 1 / 3}.get(spaces) or float(spaces)
            assert abs(float(w.spaces) - value) < 1e-9, abbr
        checked += 1
    assert checked >= 40


# Weapons whose printed loaded figures are not base + shots x per-shot (each a listed deviation).
LOADED_EXCEPTIONS = {"RR", "VFRP", "PS", "HDFT", "LFT", "HFOJ", "SL", "GL"}


def test_loaded_cost_and_weight_are_base_plus_shots_000_L2414_L2498() -> None:
    """With the fixes, every printed loaded cost/weight is the base plus a full load."""
    for abbr, w in design_tables().weapons.items():
        if w.loaded_cost is not None and abbr not in {"GL"}:
            assert w.cost + w.shots * w.cps == w.loaded_cost, abbr
        if w.loaded_weight is not None and abbr not in {"LFT", "HFOJ", "GL"}:
            assert w.weight + w.shots * w.wps == w.loaded_weight, abbr


def test_the_printed_cells_do_not_add_up_where_the_data_fixes_them(printed: DesignTables) -> None:
    """RR, VFRP, PS and HDFT as printed contradict their own loaded cost (reference 6.8)."""
    for abbr in ("RR", "VFRP", "PS", "HDFT"):
        w = printed.weapons[abbr]
        assert w.cost + w.shots * w.cps != w.loaded_cost, abbr


def test_magazines_are_50_dollars_plus_a_load_000_L2988() -> None:
    t = design_tables()
    for abbr, w in t.weapons.items():
        if w.magazine_cost is not None and abbr not in {"GL", "LFT", "SL"}:
            assert 50 + w.shots * w.cps == w.magazine_cost, abbr


def test_every_weapon_abbreviation_used_by_combat_exists() -> None:
    t = design_tables()
    for abbr in ("MG", "VMG", "AC", "RR", "RL", "L", "LL", "TwL", "FT", "HR", "MD", "SD", "OJ", "SS", "PS"):
        assert abbr in t.weapons


def test_every_munition_fits_known_weapons() -> None:
    t = design_tables()
    for key, a in t.ammo.items():
        for abbr in a.fits:
            assert abbr in t.weapons, (key, abbr)
    for abbr, w in t.weapons.items():
        for key in w.ammo:
            assert key in t.ammo and abbr in t.ammo[key].fits, (abbr, key)


def test_suspension_columns_as_the_samples_read_them_000_L1725_L1730(printed: DesignTables) -> None:
    fixed = design_tables().suspensions["heavy"].hc
    assert fixed == {"car": 3, "van": 2, "subcompact": 4}
    assert printed.suspensions["heavy"].hc != fixed


def test_every_row_carries_its_provenance() -> None:
    """Every table row names its seed line or says why it is reconstructed (developers' guide)."""
    from rules.core.tomlio import load_toml
    from rules.tables.construction import CONSTRUCTION_DIR, DATA_DIR

    files = sorted(CONSTRUCTION_DIR.glob("*.toml")) + [DATA_DIR / "weapons.toml", DATA_DIR / "accessories.toml"]
    for path in files:
        data = load_toml(path)
        assert "source" in data, path.name
        for table, rows in data.items():
            if not isinstance(rows, dict):
                continue
            subs = [v for v in rows.values() if isinstance(v, dict)]
            for row in subs or [rows]:
                if table != "grenade":
                    assert "source" in row and (row["source"].startswith("000:L") or "reconstructed" in row["source"]), (
                        path.name, table, row.get("name"))
