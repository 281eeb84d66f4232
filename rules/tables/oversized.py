"""Typed tables of car trailers and oversized vehicles (chapters 7 and 8), loaded from
rules/data/construction/oversized.toml.

`oversized_tables()` gives them with `design`: the car construction tables with the new bodies, truck
plants, crew roles, big turrets and accessories laid over them, so the item-by-item pricing of
rules.vehicles.figures reads one set of tables whatever the kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules.core.errors import DataError
from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml
from rules.tables.construction import (
    AccessoryOption,
    Body,
    CrewRole,
    DesignTables,
    Mount,
    Plant,
    TireType,
    _accessory,
    _int,
    load_design_tables,
)

OVERSIZED_FILE = "construction/oversized.toml"
BODY_KINDS = ("car_trailer", "ten_wheeler", "tractor", "semi_trailer", "bus")
_META = ("source", "title", "note", "status", "name")


@dataclass(frozen=True)
class BigBody:
    """A body of chapter 7 or 8: a car trailer, ten-wheeler cab, carrier, tractor, semi-trailer or bus."""

    key: str
    kind: str                 # car_trailer | ten_wheeler | carrier | tractor | semi_trailer | bus
    name: str
    price: int
    weight: int
    max_load: int             # 0: none of its own (carriers, semi-trailers)
    spaces: int
    armor_cost: int
    armor_weight: int
    length: int = 0           # car trailers: feet
    tongue_dp: int = 0
    tire_pairs: int = 0
    turret_max: int = 99
    flatbed: bool = False
    cycle_tires: bool = False
    tanker: bool = False
    dumper: bool = False
    dual_level: bool = False
    ten_locations: bool = False
    source: str = ""


@dataclass(frozen=True)
class VanMod:
    key: str
    name: str
    cost_factor: float
    weight_factor: float
    space_loss: float
    min_armor: int = 0
    min_metal: int = 0
    weapon_fraction: float = 0.0
    source: str = ""


@dataclass(frozen=True)
class TruckPlant:
    key: str
    name: str
    max_load: int
    rig: bool                 # strong enough to pull a big rig (000:L2074)
    gas: bool
    source: str = ""


@dataclass(frozen=True)
class Kingpin:
    key: str
    name: str
    cost: int
    release: str              # outside | explosive | quick
    source: str = ""


@dataclass(frozen=True)
class OversizedTables:
    design: DesignTables                      # car tables with every row of this file laid over them
    bodies: dict[str, BigBody]                # every kind but carriers
    carriers: dict[str, BigBody]
    van_mods: dict[str, VanMod]
    truck_tires: dict[str, TireType]
    truck_tire_mods: tuple[str, ...]
    truck_plants: dict[str, TruckPlant]
    kingpins: dict[str, Kingpin]
    hitch_options: dict[str, AccessoryOption]
    consts: dict[str, Any] = field(default_factory=dict)     # "table.key" -> value

    def const(self, key: str) -> Any:
        return self.consts[key]


def _node(path: Path) -> Node:
    return Node(load_toml(path), str(path))


def _big_body(key: str, kind: str, n: Node, printed: bool, carrier_armor: tuple[int, int] = (0, 0)) -> BigBody:
    if kind == "carrier":
        cost, weight = carrier_armor
    else:
        cost, weight = n.integer("armor_cost", lo=0), n.integer("armor_weight", lo=0)
    ten = n.flag("ten_locations", kind == "semi_trailer")
    length = n.integer("length", 0, lo=0)
    b = BigBody(key, kind, n.text("name"), _int(n, "price", printed), _int(n, "weight", printed),
                _int(n, "max_load", printed, 0), n.integer("spaces", lo=0), cost, weight, length,
                n.integer("tongue_dp", 0, lo=0), n.integer("tire_pairs", 0, lo=0), n.integer("turret_max", 99, lo=0),
                n.flag("flatbed", False), n.flag("cycle_tires", False), n.flag("tanker", False),
                n.flag("dumper", False), n.flag("dual_level", False), ten, n.text("source", ""))
    n.done(_META)
    return b


def _consts(prefix: str, n: Node, out: dict[str, Any]) -> None:
    for key, value in n.data.items():
        if key not in ("source", "note", "status") and not isinstance(value, dict):
            out[f"{prefix}.{key}"] = n.raw(key)


def _as_body(b: BigBody) -> Body:
    """The body as a car-table row, for the shared pricing (weapons, accessories, armor points)."""
    return Body(b.key, b.name, b.kind, b.price, b.weight, b.max_load, b.spaces, b.armor_cost, b.armor_weight,
                turret_max=b.turret_max, source=b.source)


def load_oversized_tables(data_dir: Path = DATA_DIR, *, printed: bool = False) -> OversizedTables:
    base = load_design_tables(data_dir, printed=printed)
    n = _node(data_dir / OVERSIZED_FILE)
    consts: dict[str, Any] = {}
    for table in ("car_trailer_rules", "hitch_armor", "truck_performance", "handling", "carrier_rules",
                  "fifth_wheel", "semi_trailer_rules", "bus_rules", "oversized_rules", "hitch_load", "carried_vehicle"):
        _consts(table, n.table(table), consts)
    bodies: dict[str, BigBody] = {}
    for kind in BODY_KINDS:
        for key, v in n.table(kind).items():
            bodies[key] = _big_body(key, kind, v, printed)
    carrier_armor = (int(consts["carrier_rules.armor_cost"]), int(consts["carrier_rules.armor_weight"]))
    carriers = {k: _big_body(k, "carrier", v, printed, carrier_armor) for k, v in n.table("carrier").items()}
    van_mods = {}
    for k, v in n.table("van_mod").items():
        van_mods[k] = VanMod(k, v.text("name"), v.number("cost_factor", lo=0), v.number("weight_factor", lo=0),
                             v.number("space_loss", lo=0, hi=1), v.integer("min_armor", 0, lo=0),
                             v.integer("min_metal", 0, lo=0), v.number("weapon_fraction", 0.0, lo=0, hi=1),
                             v.text("source", ""))
        v.done(_META)
    tires = {}
    for k, v in n.table("truck_tire").items():
        tires[k] = TireType(k, v.text("name"), v.integer("cost", lo=0), v.integer("weight", lo=0), v.integer("dp", lo=1),
                            tuple(v.names("no_mods", [])), v.text("source", ""))
        v.done(_META)
    rules_node = n.table("truck_tire_rules")
    tire_mods = tuple(rules_node.names("mods"))
    for m in tire_mods:
        if m not in base.tire_mods:
            raise rules_node.error("mods", f"unknown tire modification {m!r}")
    plants: dict[str, TruckPlant] = {}
    plant_rows: dict[str, Plant] = {}
    for k, v in n.table("truck_plant").items():
        gas = v.flag("gas", False)
        plants[k] = TruckPlant(k, v.text("name"), _int(v, "max_load", printed), v.flag("rig", True), gas,
                               v.text("source", ""))
        plant_rows[k] = Plant(k, v.text("name"), _int(v, "cost", printed), _int(v, "weight", printed),
                              _int(v, "spaces", printed), _int(v, "dp", printed), 0, gas, v.integer("mpg", 0, lo=0),
                              source=v.text("source", ""))
        v.done(_META)
    kingpins = {}
    for k, v in n.table("kingpin").items():
        kingpins[k] = Kingpin(k, v.text("name"), v.integer("cost", lo=0),
                              v.text("release", choices=("outside", "explosive", "quick")), v.text("source", ""))
        v.done(_META)
    hitch_options = {}
    for k, v in n.table("hitch_option").items():
        hitch_options[k] = AccessoryOption(k, v.text("name"), v.integer("cost", lo=0), source=v.text("source", ""))
        v.done(_META)
    design = _overlay(base, n, bodies, carriers, plant_rows, hitch_options)
    return OversizedTables(design, bodies, carriers, van_mods, tires, tire_mods, plants, kingpins, hitch_options,
                           consts)


def _overlay(base: DesignTables, n: Node, bodies: dict[str, BigBody], carriers: dict[str, BigBody],
             plants: dict[str, Plant], hitch_options: dict[str, AccessoryOption]) -> DesignTables:
    """The car tables with this file's rows added; a key already used there is an error."""
    path = n.path

    def add(what: str, into: dict[str, Any], rows: dict[str, Any]) -> dict[str, Any]:
        out = dict(into)
        for k, row in rows.items():
            if k in out:
                raise DataError(path, f"{what}.{k}", f"{what} {k!r} is already a key of the car tables")
            out[k] = row
        return out

    crew = {}
    for k, v in n.table("crew").items():
        crew[k] = CrewRole(k, v.text("name"), v.integer("spaces", lo=0), v.integer("weight", lo=0), 0, False,
                           v.text("source", ""))
        v.done(_META)
    mounts = {}
    for k, v in n.table("mount").items():
        mounts[k] = Mount(k, v.text("name"), v.integer("cost"), v.integer("weight"), v.integer("spaces"),
                          v.integer("holds"), False, False, v.text("source", ""))
        v.done(_META)
    accessories = add("accessory", base.accessories, {k: _accessory(k, v) for k, v in n.table("accessory").items()})
    widen = n.table("accessory_kinds")
    for k in list(widen.data):
        if k == "source":
            continue
        if k not in accessories:
            raise widen.error(k, f"unknown accessory {k!r}")
        a = accessories[k]
        accessories[k] = replace(a, kinds=a.kinds + tuple(widen.names(k)))
    for k in ("light_hitch", "standard_hitch", "heavy_hitch", "extra_heavy_hitch"):
        accessories[k] = replace(accessories[k], options=accessories[k].options + tuple(hitch_options.values()))
    all_bodies = {**{k: _as_body(b) for k, b in bodies.items()}, **{k: _as_body(b) for k, b in carriers.items()}}
    return replace(base, bodies=add("body", base.bodies, all_bodies), plants=add("plant", base.plants, plants),
                   crew=add("crew", base.crew, crew), mounts=add("mount", base.mounts, mounts), accessories=accessories)


@lru_cache(maxsize=2)
def oversized_tables(printed: bool = False) -> OversizedTables:
    """The tables of chapters 7 and 8 over the car tables, loaded once."""
    return load_oversized_tables(printed=printed)
