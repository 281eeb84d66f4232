"""Foe tactics: when a scripted foe lays a dropped weapon, whom a team of foes shares as a target, when
a ram pays and when a rear gun is kept on a pursuer,
stored in rules/data/foe_tactics.toml.

    tactics()                 -> Tactics
    load_tactics(path)        -> the same from another file (DataError on a bad file)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml

TACTICS_FILE = DATA_DIR / "foe_tactics.toml"
# The tactics a profile can be told not to use (Profile.off, `python -m rules simulate --off`): the tables of
# foe_tactics.toml, and the withdrawing and pressing of rules.ai.sight.adapt.
TACTIC_NAMES = ("drop", "team", "ram", "rear_gun", "withdraw", "press")


@dataclass(frozen=True)
class DropTactic:
    reach: float      # inches: the farthest a pursuer may be behind
    cone: float       # degrees off straight behind
    lateral: float    # inches off the pursuer's line of travel the dropped counter may lie
    turns: float      # how far ahead (in turns of its travel) the pursuer's path is predicted


@dataclass(frozen=True)
class RamTactic:
    trade: float          # damage dealt for each point taken at or above which a foe seeks a ram
    nominal_total: int    # the ram total the trade is worked out on


@dataclass(frozen=True)
class RearGunTactic:
    reach: float      # inches: the farthest behind a pursuer is kept on the rear gun
    follow: float     # degrees: the most its travel may differ from the foe's for it to count as following


@dataclass(frozen=True)
class Tactics:
    drop: DropTactic
    team_reach: float  # inches: enemies this near a foe with friends are shared as targets
    ram: RamTactic
    rear_gun: RearGunTactic


def load_tactics(path: str | Path = TACTICS_FILE) -> Tactics:
    """Read and check a tactics file; any mistake raises DataError(path, where, what)."""
    root = Node(load_toml(path), str(path))
    d = root.table("drop")
    drop = DropTactic(d.number("reach", lo=0, hi=60), d.number("cone", lo=0, hi=180),
                      d.number("lateral", lo=0, hi=10), d.number("turns", lo=0, hi=5))
    d.done()
    t = root.table("team")
    team_reach = t.number("reach", lo=0, hi=200)
    t.done()
    r = root.table("ram")
    ram = RamTactic(r.number("trade", lo=0, hi=100), r.integer("nominal_total", lo=1, hi=200))
    r.done()
    g = root.table("rear_gun")
    rear_gun = RearGunTactic(g.number("reach", lo=0, hi=60), g.number("follow", lo=0, hi=180))
    g.done()
    root.done()
    return Tactics(drop, team_reach, ram, rear_gun)


@lru_cache(maxsize=1)
def tactics() -> Tactics:
    return load_tactics()
