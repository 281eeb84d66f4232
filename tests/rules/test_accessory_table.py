"""docs/ACCESSORIES.md (issue 17): every chapter-14 accessory a car, cycle or trike can carry has a row
saying what it does in play and the test that shows it, or why it does not act; every test named
there exists."""

from __future__ import annotations

import re
from pathlib import Path

from rules.core.tomlio import load_toml

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "ACCESSORIES.md"


def _rows() -> dict[str, list[str]]:
    out = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| [^|]* \(`([a-z0-9_]+)`\) \|(.*)\|$", line)
        if m:
            out[m.group(1)] = [c.strip() for c in m.group(2).split("|")]
    return out


def test_every_accessory_has_a_row_with_a_test_or_a_reason_000_L2511_L2677() -> None:
    keys = set(load_toml(ROOT / "rules" / "data" / "accessories.toml")["accessory"])
    rows = _rows()
    assert keys == set(rows), (keys - set(rows), set(rows) - keys)
    for key, (_seed, what, how) in rows.items():
        assert what and how, key


def test_every_test_the_table_names_exists() -> None:
    named = [c for cells in _rows().values() for c in re.findall(r"`(tests/[^`]+)`", cells[2])]
    assert len(named) >= 25
    for ref in named:
        path, _, name = ref.partition("::")
        text = (ROOT / path).read_text(encoding="utf-8")
        assert f"def {name}(" in text, ref
