"""Typed tables of trailers, rigs and oversized vehicles in motion (000:L254-L261, L337-L351, L540-L611),
loaded from rules/data/oversized_movement.toml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rules.core.dice import DiceExpr
from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml

RIG_FILE = "oversized_movement.toml"
_META = ("source", "title", "note", "status", "name")


@dataclass(frozen=True)
class Table3Row:
    """A row of Crash Table 3 (000:L337-L351)."""

    max: int
    result: str
    aimed_fire: int
    tractor_skid: float = 0.0
    trailer_fishtail: float = 0.0
    trailer_skid: float = 0.0
    loose: bool = False
    coupling: str = ""               # fifth_wheel | kingpin: what takes coupling_damage
    coupling_damage: DiceExpr | None = None
    further_hazard: int = 0
    trailer_spins: bool = False
    rolls: tuple[str, ...] = ()      # tractor, trailer
    vaults: bool = False
    fire_on: int = 0
    source: str = ""


@dataclass(frozen=True)
class RigTables:
    counter_width: float
    tongue_length: float
    tongue_base: float
    lengths: dict[str, float]        # by car trailer body key, or semi_trailer, bus_30, tractor, ...
    hitch_inset: float
    fifth_wheel_inset: float
    kingpin_inset: float
    towing: dict[str, object]
    loose: dict[str, object]
    hazards: dict[str, object]
    table3: tuple[Table3Row, ...]
    crash_table: dict[str, int]
    overload: dict[str, tuple[int, int, DiceExpr]]     # carrier / semi_trailer: safe spaces, per, what remains
    overload_min_difficulty: int = 3
    leak: tuple[int, int, int] = (20, 5, 5)            # min armor, armor points a space, min metal
    trucker: tuple[int, int] = (-2, -4)                # HC without Trucker; without Driver either
    release_inside: tuple[str, ...] = ()
    release_spent: tuple[str, ...] = ()
    immune_tires: tuple[str, ...] = ()
    immune_to: tuple[str, ...] = ()

    def lookup3(self, roll: int) -> Table3Row:
        """The Crash Table 3 row of a modified roll (below the first row: the first; above: the last)."""
        for r in self.table3:
            if roll <= r.max:
                return r
        return self.table3[-1]

    def num(self, table: str, key: str) -> float:
        value = {"towing": self.towing, "loose": self.loose, "hazards": self.hazards}[table][key]
        assert isinstance(value, (int, float))
        return float(value)


def _plain(n: Node) -> dict[str, object]:
    return {k: n.raw(k) for k in n.data if k not in _META and not isinstance(n.data[k], dict)}


def load_rig_tables(data_dir: Path = DATA_DIR) -> RigTables:
    n = Node(load_toml(data_dir / RIG_FILE), str(data_dir / RIG_FILE))
    c = n.table("counter")
    lengths_node = c.table("length")
    lengths = {k: lengths_node.number(k, lo=0.25) for k in list(lengths_node.data)}
    cp = n.table("coupling")
    rows = []
    for r in n.table("table3").tables("row"):
        dmg = r.text("coupling_damage", "")
        rows.append(Table3Row(
            r.integer("max"), r.text("result"), r.integer("aimed_fire"), r.number("tractor_skid", 0.0, lo=0),
            r.number("trailer_fishtail", 0.0, lo=0), r.number("trailer_skid", 0.0, lo=0), r.flag("loose", False),
            r.text("coupling", "", choices=("", "fifth_wheel", "kingpin")), DiceExpr.parse(dmg) if dmg else None,
            r.integer("further_hazard", 0, lo=0), r.flag("trailer_spins", False),
            tuple(r.names("rolls", [])), r.flag("vaults", False), r.integer("fire_on", 0, lo=0, hi=6),
            r.text("source", "")))
        r.done(_META)
    maxes = [r.max for r in rows]
    if maxes != sorted(maxes) or len(set(maxes)) != len(maxes):
        raise n.table("table3").error("row", "rows must rise in `max`")
    ct = n.table("crash_table")
    ov = n.table("flatbed_overload")
    overload = {}
    for k in ("carrier", "semi_trailer"):
        v = ov.table(k)
        overload[k] = (v.integer("safe", lo=0), v.integer("per", lo=1), DiceExpr.parse(v.text("remain")))
        v.done(_META)
    lk = n.table("tanker_leak")
    tk, rl, tt = n.table("trucker"), n.table("release"), n.table("truck_tires")
    return RigTables(c.number("width", lo=0.25), c.number("tongue_length", lo=0), c.number("tongue_base", lo=0),
                     lengths, cp.number("hitch_inset", lo=0), cp.number("fifth_wheel_inset", lo=0),
                     cp.number("kingpin_inset", lo=0), _plain(n.table("towing")), _plain(n.table("loose")),
                     _plain(n.table("hazards")), tuple(rows),
                     {k: ct.integer(k, lo=1, hi=4) for k in ct.data if k not in _META}, overload,
                     ov.integer("min_difficulty", lo=0),
                     (lk.integer("min_armor", lo=0), lk.integer("armor_per_space", lo=1), lk.integer("min_metal", lo=0)),
                     (tk.integer("no_trucker_hc", hi=0), tk.integer("no_driver_either_hc", hi=0)),
                     tuple(rl.names("from_inside")), tuple(rl.names("spent")), tuple(tt.names("immune")),
                     tuple(tt.names("immune_to")))


@lru_cache(maxsize=1)
def rig_tables() -> RigTables:
    """The shipped tables, loaded once."""
    return load_rig_tables()


TARGET_FILE = "oversized_combat.toml"


@dataclass(frozen=True)
class TargetTables:
    """To-hit modifiers of big targets: size by side struck, and parts aimed at (000:L859-L862, L893-L896)."""

    size: dict[str, dict[str, int]]      # kind -> {front, back, side}
    parts: dict[str, dict[str, int]]     # part -> {detached, attached}


def load_target_tables(data_dir: Path = DATA_DIR) -> TargetTables:
    n = Node(load_toml(data_dir / TARGET_FILE), str(data_dir / TARGET_FILE))
    size = {}
    for k, v in n.table("size").items():
        size[k] = {s: v.integer(s, lo=-10, hi=10) for s in ("front", "back", "side")}
        v.done(_META)
    parts = {}
    for k, v in n.table("part").items():
        parts[k] = {s: v.integer(s, lo=-10, hi=0) for s in ("detached", "attached")}
        v.done(_META)
    return TargetTables(size, parts)


@lru_cache(maxsize=1)
def target_tables() -> TargetTables:
    return load_target_tables()
