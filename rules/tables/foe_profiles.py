"""Foe profiles: named settings of the scripted drivers, stored in rules/data/foe_profiles.toml.

    profile("veteran")        -> Profile
    profiles()                -> {name: Profile}, in file order
    load_profiles(path)       -> the same from another file (DataError on a bad file)

A profile changes how a foe weighs its choices, never which rules apply to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rules.core.errors import DataError
from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml

PROFILES_FILE = DATA_DIR / "foe_profiles.toml"
TARGET_CHOICES = ("nearest", "weakest", "easiest", "dangerous")
REQUIRED = ("novice", "veteran", "ace", "berserker", "coward")


@dataclass(frozen=True)
class Profile:
    name: str
    description: str = ""
    aggression: float = 0.5
    caution: float = 0.5
    max_risk: float = 0.17
    preferred_range: float = 4.0
    ram: float = -0.5
    target: str = "nearest"
    cruise_mph: float = 40.0
    fire_need: int = 8
    lookahead: int = 2
    candidates: int = 8
    blunder: float = 0.0
    depth: int = 2          # phases planned past this one
    beam: int = 2           # plans kept at each phase of the search
    menu: int = 5           # continuation maneuvers tried at each phase (rules/ai/plan.py MENU)
    predict: int = 1        # enemy continuations predicted: 0 none (aims where it stands); 1 straight on; 2-3 also turning
    nodes: int = 200        # plan steps per candidate (a fixed budget: the same state gives the same plan)
    off: frozenset[str] = frozenset()   # tactics it does not use (rules.tables.foe_tactics.TACTIC_NAMES); set
                                        # by `python -m rules simulate --off` to measure a tactic, never in the file


def _read(name: str, n: Node) -> Profile:
    p = Profile(
        name=name,
        description=n.text("description", ""),
        aggression=n.number("aggression", lo=0, hi=1),
        caution=n.number("caution", lo=0, hi=1),
        max_risk=n.number("max_risk", lo=0, hi=1),
        preferred_range=n.number("preferred_range", lo=0, hi=60),
        ram=n.number("ram", lo=-1, hi=1),
        target=n.text("target", choices=TARGET_CHOICES),
        cruise_mph=n.number("cruise_mph", lo=5, hi=300),
        fire_need=n.integer("fire_need", lo=2, hi=12),
        lookahead=n.integer("lookahead", lo=1, hi=3),
        candidates=n.integer("candidates", lo=1, hi=40),
        blunder=n.number("blunder", lo=0, hi=1),
        depth=n.integer("depth", lo=0, hi=5),
        beam=n.integer("beam", lo=1, hi=12),
        menu=n.integer("menu", lo=1, hi=13),
        predict=n.integer("predict", lo=0, hi=3),
        nodes=n.integer("nodes", lo=1, hi=5000),
    )
    n.done(("description",))
    return p


def load_profiles(path: str | Path = PROFILES_FILE, *, required: tuple[str, ...] = REQUIRED) -> dict[str, Profile]:
    """Read and check a profiles file; any mistake raises DataError(path, where, what)."""
    p = str(path)
    root = Node(load_toml(path), p)
    table = root.table("profile")
    out: dict[str, Profile] = {}
    for name, node in table.items():
        if not name.isidentifier() or name != name.lower():
            raise DataError(p, f"profile.{name}", "a profile name is lower-case letters, digits and _")
        out[name] = _read(name, node)
    root.done()
    for name in required:
        if name not in out:
            raise DataError(p, "profile", f"the preset {name!r} is missing")
    return out


@lru_cache(maxsize=1)
def profiles() -> dict[str, Profile]:
    return load_profiles()


def profile(name: str) -> Profile:
    """A preset by name; KeyError names the known ones."""
    table = profiles()
    if name not in table:
        raise KeyError(f"unknown foe profile {name!r}; known: {', '.join(table)}")
    return table[name]


def names() -> list[str]:
    return list(profiles())
