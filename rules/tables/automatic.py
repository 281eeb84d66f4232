"""The automatic-fire table (rules/data/automatic.toml): which weapons may be put on automatic and how
droppers lay while the vehicle moves. The rules are in rules/phases/automatic_fire.py."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml


@dataclass(frozen=True)
class AutomaticTables:
    every_other: tuple[str, ...]   # droppers that lay every other moving phase (HD smoke, HD paint)
    stationary_per_turn: int
    source: str


def load_automatic(path: str | Path = DATA_DIR / "automatic.toml") -> AutomaticTables:
    n = Node(load_toml(path), str(path))
    d = n.table("droppers")
    out = AutomaticTables(tuple(d.names("every_other_phase")),
                          d.integer("stationary_per_turn", lo=0, hi=1), d.text("source"))
    d.done()
    n.text("source")
    n.done()
    return out


@lru_cache(maxsize=1)
def automatic_tables() -> AutomaticTables:
    return load_automatic()
