"""Typed construction tables: bodies, armor, chassis, suspensions, plants, tires, crew, weapons,
mounts, munitions and accessories, loaded from rules/data/construction/*.toml, weapons.toml and
accessories.toml (chapters 5, 6, 13 and 14 of the rulebook).

Where a printed value conflicts with the sample vehicles, the data file keeps both: `key` holds the
reading the samples need and `key_printed` the printed cell. `load_design_tables(printed=True)`
builds the tables from the printed cells instead (the `printed_tables` option of
docs/RULES-DEVIATIONS.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules.core.dice import DiceExpr
from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml

CONSTRUCTION_DIR = DATA_DIR / "construction"
_META = ("source", "title", "note", "status", "name")


def _node(path: Path) -> Node:
    return Node(load_toml(path), str(path))


def _num(n: Node, key: str, printed: bool, default: Any = None) -> float:
    """A number, or its printed cell when the printed tables are asked for."""
    alt = f"{key}_printed"
    value = n.number(key, default)
    if n.has(alt):
        printed_value = n.number(alt)
        if printed:
            return printed_value
    return value


def _int(n: Node, key: str, printed: bool, default: Any = None) -> int:
    v = _num(n, key, printed, default)
    if v != int(v):
        raise n.error(key, f"expected a whole number, found {v}")
    return int(v)


def spaces_value(n: Node, key: str, default: Any = 0) -> Fraction:
    """Spaces: a number or a fraction written as text ("1/2", "1/3")."""
    raw = n.raw(key, default if default is not None else 0)
    if isinstance(raw, bool):
        raise n.error(key, "expected a number of spaces")
    if isinstance(raw, (int, float)):
        value = Fraction(raw).limit_denominator(12)
    elif isinstance(raw, str):
        try:
            value = Fraction(raw)
        except ValueError:
            raise n.error(key, f"{raw!r} is not a number of spaces") from None
    else:
        raise n.error(key, "expected a number of spaces")
    if value < 0:
        raise n.error(key, "spaces cannot be negative")
    return value


# --- rows -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Body:
    key: str
    name: str
    kind: str                 # car | trike | cycle | sidecar
    price: int
    weight: int
    max_load: int
    spaces: int
    armor_cost: int
    armor_weight: int
    cargo_spaces: int = 0
    hc_column: str = "car"    # car | van | subcompact (car suspension column)
    turret_max: int = 0       # largest turret/EWP in spaces
    turret_spaces: int = 0    # cycle turret sidecars: a built-in turret
    van_class_over: int = 0   # pickups: van HC column above this weight
    six_wheels_with: str = ""  # chassis that forces six wheels
    can_pull_sidecar: bool = False
    source: str = ""


@dataclass(frozen=True)
class ArmorType:
    key: str
    name: str
    abbr: str
    cost: float
    weight: float
    plastic: bool
    fireproof: bool
    laser_half: bool
    source: str


@dataclass(frozen=True)
class Chassis:
    key: str
    name: str
    load: float
    price: float
    source: str


@dataclass(frozen=True)
class Suspension:
    key: str
    name: str
    price: float
    hc: dict[str, int]        # by HC column (cars) or {"cycle": n}
    source: str
    off_road: bool = False    # off-road suspension: no off-road HC penalty (000:L510, L512-L516)


@dataclass(frozen=True)
class Plant:
    key: str
    name: str
    cost: int
    weight: int
    spaces: int
    dp: int
    pf: int
    gas: bool = False
    mpg: int = 0
    cycle: bool = False       # cycle/trike plant: power units by DP
    no_hd_transmission: bool = False
    source: str = ""


@dataclass(frozen=True)
class PlantAccessory:
    key: str
    name: str
    cost: int = 0
    cost_of_plant: float = 0.0
    cost_per_added_pf: float = 0.0
    weight: int = 0
    weight_of_plant: float = 0.0
    spaces: int = 0
    spaces_of_plant: float = 0.0
    dp_of_plant: float = 0.0
    plant_dp: int = 0
    pf_bonus: float = 0.0
    pu_bonus: float = 0.0
    acceleration: float = 0.0
    min_engine_pf: int = 0
    gas: bool = False
    source: str = ""


@dataclass(frozen=True)
class Tank:
    key: str
    name: str
    dp: int
    weight_per_gallon: int
    cost_per_gallon: int
    source: str
    breach_fire: int = 0      # chance in 6 of fire when it is breached (000:L1012)


@dataclass(frozen=True)
class TireType:
    key: str
    name: str
    cost: int
    weight: int
    dp: int
    no_mods: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class TireMod:
    key: str
    name: str
    order: int
    cost_factor: float = 1.0
    weight_factor: float = 1.0
    weight_add: int = 0
    dp_factor: float = 1.0
    dp_add: int = 0
    hc_all_wheels: int = 0
    hc_one_axle: int = 0
    excludes: tuple[str, ...] = ()
    source: str = ""
    hc_off_road: int = 0            # HC added while off-road, on all wheels (off-road tires, 000:L1834)
    no_off_road_damage: bool = False  # spares the vehicle normal off-road damage (000:L1834)
    hc_lost_off_road: bool = False  # its HC bonus does not count off-road (radials, slicks: 000:L517)


@dataclass(frozen=True)
class CrewRole:
    key: str
    name: str
    spaces: int
    weight: int
    max: int
    may_use_cargo: bool
    source: str


@dataclass(frozen=True)
class Weapon:
    abbr: str
    name: str
    category: str
    to_hit: int
    damage: str
    dp: int
    cost: int
    weight: int
    spaces: Fraction
    shots: int
    cps: float
    wps: float
    loaded_cost: int | None
    loaded_weight: int | None
    magazine_cost: int | None
    magazine_weight: int | None
    effect: str
    burst_radius: float
    power_units: float
    max_range: float
    ammo: tuple[str, ...]
    dropped: bool
    mount: str
    uses_grenades: bool
    status: str
    source: str
    damage_note: str = ""

    @property
    def rocket(self) -> bool:
        return self.category == "rocket"

    @property
    def single_shot(self) -> bool:
        return self.shots == 1 and self.cps == 0 and self.wps == 0


@dataclass(frozen=True)
class WeaponOption:
    """A modification bought with a weapon: pulse, infrared or blue-green lasers (000:L2456-L2463)."""

    key: str
    name: str
    category: str
    cost_extra: float = 0.0        # fraction of the base cost
    damage_per_die: int = 0
    no_area: bool = False
    no_guidance: bool = False
    through_smoke: bool = False
    not_for: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    source: str = ""


@dataclass(frozen=True)
class Ammo:
    key: str
    name: str
    fits: tuple[str, ...]
    cps: float | None
    wps: float | None
    cps_mult: float
    wps_mult: float
    cost_mult: float          # single-shot weapons: multiplies the weapon's own cost
    weight_mult: float
    cost_add: float           # per round (HARM, proximity fuses)
    damage: str
    damage_per_die: int
    source: str


@dataclass(frozen=True)
class Mount:
    key: str
    name: str
    cost: int
    weight: int
    spaces: int
    holds: int
    rockets_only: bool
    external: bool
    source: str
    gunner: bool = False      # a cupola: its gunner rides outside with the weapon (000:L2519)


@dataclass(frozen=True)
class AccessoryOption:
    """An extra bought with an accessory: cargo-safe fittings, a fake carrier, explosive bolts."""

    key: str
    name: str
    cost: int = 0
    cost_factor: float = 1.0      # multiplies the accessory's own cost (fakes)
    weight_factor: float = 1.0
    fake: bool = False
    needs: str = ""               # another option it goes with
    source: str = ""


@dataclass(frozen=True)
class Accessory:
    key: str
    name: str
    cost: int = 0
    weight: int = 0
    spaces: Fraction = Fraction(0)
    dp: int = 0
    cost_armor_points: float = 0.0
    weight_armor_points: float = 0.0
    plain_plastic: bool = False
    cost_front_armor_factor: float = 0.0
    weight_front_armor_factor: float = 0.0
    cost_per_wheel: int = 0
    weight_per_wheel: int = 0
    cost_per_guided_rocket: int = 0
    cost_body_with_chassis: float = 0.0
    spaces_of_body: float = 0.0
    hc: int = 0
    top_speed_factor: float = 1.0
    kinds: tuple[str, ...] = ()
    facings: tuple[str, ...] = ()
    per_facing: bool = False
    needs_chassis: tuple[str, ...] = ()
    electronic: bool = False
    cargo: bool = False
    power_units: int = 0
    engaged_top_speed: float = 0.0     # overdrive: while engaged
    engaged_acceleration: float = 0.0
    hc_above_60: int = 0               # spoilers and airdams (000:L2668)
    low_gear_acceleration: float = 0.0   # HD transmission: truck acceleration below low_gear_until mph
    low_gear_until: float = 0.0
    high_gear_acceleration: float = 0.0
    load_pf_factor: float = 1.0          # power factors multiplied for the can-it-move check
    holds: Fraction = Fraction(0)        # spaces it carries (safes, car-top carriers)
    needs_any: tuple[str, ...] = ()      # the vehicle must carry one of these accessories
    needs_all: tuple[str, ...] = ()      # ... and all of these
    hc_engaged: int = 0                  # HC change while in use (autopilot)
    options: tuple[AccessoryOption, ...] = ()
    booster: bool = False                # rocket booster: bought by the pound (DesignTables.const("booster.*"))
    source: str = ""
    cost_per_armor_facing: int = 0           # roll cage: $ for each armor facing the vehicle has (000:L2595)
    metal_points_per_armor_facing: float = 0.0   # ... and weighs this many points of metal armor per facing

    def option(self, key: str) -> AccessoryOption | None:
        return next((o for o in self.options if o.key == key), None)


@dataclass(frozen=True)
class DesignTables:
    bodies: dict[str, Body]
    armor: dict[str, ArmorType]
    chassis: dict[str, Chassis]
    suspensions: dict[str, Suspension]          # cars
    cycle_suspensions: dict[str, Suspension]    # cycles, sidecars and trikes
    plants: dict[str, Plant]                    # electric and gas, cars and cycles
    plant_accessories: dict[str, PlantAccessory]
    tanks: dict[str, Tank]
    tires: dict[str, TireType]
    tire_mods: dict[str, TireMod]
    crew: dict[str, CrewRole]
    weapons: dict[str, Weapon]
    ammo: dict[str, Ammo]
    mounts: dict[str, Mount]
    accessories: dict[str, Accessory]
    grenades: dict[str, int]
    consts: dict[str, Any] = field(default_factory=dict)   # single numbers, by "file.table.key"
    weapon_options: dict[str, WeaponOption] = field(default_factory=dict)

    def const(self, key: str) -> Any:
        return self.consts[key]

    def weapon_with(self, abbr: str, options: tuple[str, ...] = ()) -> Weapon:
        """The weapon as its options make it: base cost, damage and area effect (000:L2456-L2463)."""
        w = self.weapons[abbr]
        if not options:
            return w
        opts = [self.weapon_options[o] for o in options]
        cost = w.cost * (1 + sum(Fraction(o.cost_extra).limit_denominator(100) for o in opts))
        dmg = DiceExpr.parse(w.damage) if w.damage else None
        per_die = sum(o.damage_per_die for o in opts)
        damage = str(DiceExpr(dmg.n, dmg.mod + per_die * dmg.n, dmg.half)) if dmg and per_die else w.damage
        effect = "" if any(o.no_area for o in opts) and w.effect == "area" else w.effect
        name = " ".join([o.name for o in opts] + [w.name.lower()])
        return replace(w, name=name, cost=int(math.ceil(cost)), damage=damage, effect=effect)


# --- loaders --------------------------------------------------------------------------------------


def _body(key: str, n: Node, kind: str, printed: bool) -> Body:
    b = Body(
        key, n.text("name"), kind, _int(n, "price", printed), _int(n, "weight", printed),
        _int(n, "max_load", printed), _int(n, "spaces", printed), n.integer("armor_cost", lo=0),
        n.integer("armor_weight", lo=0), n.integer("cargo_spaces", 0, lo=0),
        n.text("hc_column", "car", choices=("car", "van", "subcompact")), n.integer("turret_max", 0, lo=0),
        n.integer("turret_spaces", 0, lo=0), n.integer("van_class_over", 0, lo=0), n.text("six_wheels_with", ""),
        n.flag("can_pull_sidecar", False), n.text("source", ""),
    )
    n.done(_META)
    return b


def _bodies(path: Path, table: str, kind: str, printed: bool) -> dict[str, Body]:
    n = _node(path)
    out = {k: _body(k, v, kind, printed) for k, v in n.table(table).items()}
    return out


def _plant(key: str, n: Node, printed: bool, *, gas: bool = False, cycle: bool = False) -> Plant:
    p = Plant(
        key, n.text("name"), _int(n, "cost", printed), _int(n, "weight", printed), _int(n, "spaces", printed),
        _int(n, "dp", printed), _int(n, "pf", printed), gas, n.integer("mpg", 0), cycle,
        n.flag("no_hd_transmission", False), n.text("source", ""),
    )
    n.done(_META)
    return p


def _plant_accessory(key: str, n: Node, gas: bool) -> PlantAccessory:
    a = PlantAccessory(
        key, n.text("name"), n.integer("cost", 0), n.number("cost_of_plant", n.number("cost_of_engine", 0.0)),
        n.number("cost_per_added_pf", 0.0), n.integer("weight", 0),
        n.number("weight_of_plant", n.number("weight_of_engine", 0.0)), n.integer("spaces", 0),
        n.number("spaces_of_plant", 0.0), n.number("dp_of_plant", 0.0), n.integer("plant_dp", 0),
        n.number("pf_bonus", 0.0), n.number("pu_bonus", 0.0), n.number("acceleration", 0.0),
        n.integer("min_engine_pf", 0), gas, n.text("source", ""),
    )
    n.done(_META)
    return a


def _suspension(key: str, n: Node, printed: bool, cycle: bool) -> Suspension:
    name, price = n.text("name"), n.number("price", lo=0)
    if cycle:
        hc = {"cycle": _int(n, "hc", printed)}
    else:
        cols = n.table("hc")
        hc = {c: cols.integer(c) for c in ("car", "van", "subcompact")}
        cols.done()
        cells = n.array("hc_printed", [])
        if printed and cells:
            # the printed header order is car-van swapped: [van?, car?, sub] as printed cells
            hc = {"van": int(cells[0]), "car": int(cells[1]), "subcompact": int(cells[2])}
    s = Suspension(key, name, price, hc, n.text("source", ""), n.flag("off_road", False))
    n.done(_META)
    return s


def _weapon(abbr: str, n: Node, printed: bool) -> Weapon:
    def opt_int(key: str) -> int | None:
        return n.integer(key) if n.has(key) else None

    status = n.text("status", "printed", choices=("printed", "validated", "reconstructed", "missing"))
    dmg = n.text("damage", "")
    try:
        DiceExpr.parse(dmg)
    except ValueError as exc:
        raise n.error("damage", str(exc)) from None
    for extra in ("to_hit_printed_table", "damage_printed_table", "to_hit_air"):
        n.raw(extra, 0) if n.has(extra) else None
    w = Weapon(
        abbr, n.text("name"), n.text("category", choices=(
            "small_bore", "large_bore", "rocket", "torpedo", "laser", "flamethrower",
            "dropped_gas", "dropped_liquid", "dropped_solid", "discharger")),
        n.integer("to_hit", lo=0, hi=13), dmg, n.integer("dp", lo=0), _int(n, "cost", printed),
        n.integer("weight", lo=0), _spaces_printed(n, printed), _int(n, "shots", printed),
        _num(n, "cps", printed), n.number("wps", lo=0), opt_int("loaded_cost"), opt_int("loaded_weight"),
        opt_int("magazine_cost"), opt_int("magazine_weight"), n.text("effect", "", choices=("", "area", "burst")),
        n.number("burst_radius", 0.0), n.number("power_units", 0.0), n.number("max_range", 0.0),
        tuple(n.array("ammo", [])), n.flag("dropped", False),
        n.text("mount", "", choices=("", "top_only", "oversized_only", "aircraft_only", "underbody_only", "boat_only")),
        n.flag("uses_grenades", False), status, n.text("source", ""), n.text("damage_note", ""),
    )
    n.done(_META)
    return w


def _spaces_printed(n: Node, printed: bool) -> Fraction:
    value = spaces_value(n, "spaces")
    if n.has("spaces_printed"):
        printed_value = spaces_value(n, "spaces_printed")
        if printed:
            return printed_value
    return value


def _ammo(key: str, n: Node) -> Ammo:
    a = Ammo(
        key, n.text("name"), tuple(n.array("fits")),
        n.number("cps") if n.has("cps") else None, n.number("wps") if n.has("wps") else None,
        n.number("cps_mult", 1.0), n.number("wps_mult", 1.0), n.number("cost_mult", 1.0),
        n.number("weight_mult", 1.0), n.number("cost_add", n.number("cps_add", 0.0)), n.text("damage", ""),
        n.integer("damage_per_die", 0), n.text("source", ""),
    )
    n.done(_META)
    return a


def _mount(key: str, n: Node) -> Mount:
    m = Mount(key, n.text("name"), n.integer("cost"), n.integer("weight"), n.integer("spaces"), n.integer("holds"),
              n.flag("rockets_only", False), n.flag("external", False), n.text("source", ""), n.flag("gunner", False))
    n.done(_META)
    return m


def _accessory(key: str, n: Node) -> Accessory:
    a = Accessory(
        key, n.text("name"), n.integer("cost", 0), n.integer("weight", 0), spaces_value(n, "spaces", 0),
        n.integer("dp", 0), n.number("cost_armor_points", 0.0), n.number("weight_armor_points", 0.0),
        n.flag("plain_plastic", False), n.number("cost_front_armor_factor", 0.0),
        n.number("weight_front_armor_factor", 0.0), n.integer("cost_per_wheel", 0), n.integer("weight_per_wheel", 0),
        n.integer("cost_per_guided_rocket", 0), n.number("cost_body_with_chassis", 0.0),
        n.number("spaces_of_body", 0.0), n.integer("hc", 0), n.number("top_speed_factor", 1.0),
        tuple(n.array("kinds", [])), tuple(n.array("facings", [])), n.flag("per_facing", False),
        tuple(n.array("needs_chassis", [])), n.flag("electronic", False), n.flag("cargo", False),
        n.integer("power_units", 0), n.number("engaged_top_speed", 0.0), n.number("engaged_acceleration", 0.0),
        n.integer("hc_above_60", 0), n.number("low_gear_acceleration", 0.0, lo=0),
        n.number("low_gear_until", 0.0, lo=0), n.number("high_gear_acceleration", 0.0, lo=0),
        n.number("load_pf_factor", 1.0, lo=1), spaces_value(n, "holds_spaces", 0), tuple(n.names("needs_any", [])),
        tuple(n.names("needs_all", [])), n.integer("hc_engaged", 0), _accessory_options(n), n.flag("booster", False),
        n.text("source", ""),
        cost_per_armor_facing=n.integer("cost_per_armor_facing", 0, lo=0),
        metal_points_per_armor_facing=n.number("metal_points_per_armor_facing", 0.0, lo=0),
    )
    n.done(_META)
    return a


def _accessory_options(n: Node) -> tuple[AccessoryOption, ...]:
    if not n.has("option"):
        return ()
    out = []
    opts = n.table("option")
    for k, o in opts.items():
        out.append(AccessoryOption(k, o.text("name"), o.integer("cost", 0, lo=0), o.number("cost_factor", 1.0, lo=0),
                                   o.number("weight_factor", 1.0, lo=0), o.flag("fake", False), o.text("needs", ""),
                                   o.text("source", "")))
        o.done(_META)
    for opt in out:
        if opt.needs and opt.needs not in {x.key for x in out}:
            raise opts.error(opt.key, f"needs unknown option {opt.needs!r}")
    return tuple(out)


def _weapon_option(key: str, n: Node, weapons: dict[str, Weapon]) -> WeaponOption:
    o = WeaponOption(
        key, n.text("name"), n.text("category"), n.number("cost_extra", 0.0, lo=0), n.integer("damage_per_die", 0),
        n.flag("no_area", False), n.flag("no_guidance", False), n.flag("through_smoke", False),
        tuple(n.names("not_for", [])), tuple(n.names("excludes", [])), n.text("source", ""),
    )
    for abbr in o.not_for:
        if abbr not in weapons:
            raise n.error("not_for", f"unknown weapon {abbr!r}")
    n.done(_META)
    return o


def _consts(prefix: str, n: Node, out: dict[str, Any]) -> None:
    """Every plain value of a table, under `prefix.key` (sub-tables are read by their own loaders)."""
    for key, value in n.data.items():
        if not isinstance(value, dict):
            out[f"{prefix}.{key}"] = n.raw(key)


def load_design_tables(data_dir: Path = DATA_DIR, *, printed: bool = False) -> DesignTables:
    cdir = data_dir / "construction"
    consts: dict[str, Any] = {}
    bodies = _bodies(cdir / "bodies.toml", "body", "car", printed)
    bodies.update(_bodies(cdir / "trikes.toml", "body", "trike", printed))
    cyc = _node(cdir / "cycles.toml")
    bodies.update({k: _body(k, v, "cycle", printed) for k, v in cyc.table("frame").items()})
    bodies.update({k: _body(k, v, "sidecar", printed) for k, v in cyc.table("sidecar").items()})

    arm = _node(cdir / "armor.toml")
    armor = {}
    for k, v in arm.table("armor").items():
        armor[k] = ArmorType(k, v.text("name"), v.text("abbr"), v.number("cost", lo=0), v.number("weight", lo=0),
                             v.flag("plastic"), v.flag("fireproof", False), v.flag("laser_half", False),
                             v.text("source", ""))
        v.done(_META)

    ch = _node(cdir / "chassis.toml")
    chassis = {}
    for k, v in ch.table("chassis").items():
        chassis[k] = Chassis(k, v.text("name"), v.number("load"), v.number("price"), v.text("source", ""))
        v.done(_META)
    _consts("chassis.six_wheels", ch.table("six_wheels"), consts)

    sus = _node(cdir / "suspensions.toml")
    suspensions = {k: _suspension(k, v, printed, False) for k, v in sus.table("suspension").items()}
    cycle_susp = {k: _suspension(k, v, printed, True) for k, v in cyc.table("suspension").items()}

    pp = _node(cdir / "power_plants.toml")
    plants = {k: _plant(k, v, printed) for k, v in pp.table("plant").items()}
    plant_acc = {k: _plant_accessory(k, v, False) for k, v in pp.table("accessory").items()}
    consts["power_plants.pu_per_space"] = pp.integer("pu_per_space")
    plants.update({k: _plant(k, v, printed, cycle=True) for k, v in cyc.table("plant").items()})
    _consts("cycles.plant_rules", cyc.table("plant_rules"), consts)
    _consts("cycles.wheelguard", cyc.table("wheelguard"), consts)

    ge = _node(cdir / "gas_engines.toml")
    plants.update({k: _plant(k, v, printed, gas=True) for k, v in ge.table("engine").items()})
    plant_acc.update({k: _plant_accessory(k, v, True) for k, v in ge.table("accessory").items()})
    tanks = {}
    for k, v in ge.table("tank").items():
        tanks[k] = Tank(k, v.text("name"), v.integer("dp"), v.integer("weight_per_gallon"),
                        v.integer("cost_per_gallon"), v.text("source", ""), v.integer("breach_fire", 0, lo=0, hi=6))
        v.done(_META)
    _consts("gas", ge, consts)

    ti = _node(cdir / "tires.toml")
    tires = {}
    for k, v in ti.table("tire").items():
        tires[k] = TireType(k, v.text("name"), v.integer("cost"), v.integer("weight"), v.integer("dp"),
                            tuple(v.array("no_mods", [])), v.text("source", ""))
        v.raw("abbr", "") if v.has("abbr") else None
        v.done(_META)
    mods = {}
    for k, v in ti.table("mod").items():
        mods[k] = TireMod(k, v.text("name"), v.integer("order"), v.number("cost_factor", 1.0),
                          v.number("weight_factor", 1.0), v.integer("weight_add", 0), v.number("dp_factor", 1.0),
                          v.integer("dp_add", 0), v.integer("hc_all_wheels", 0), v.integer("hc_one_axle", 0),
                          tuple(v.array("excludes", [])), v.text("source", ""), v.integer("hc_off_road", 0),
                          v.flag("no_off_road_damage", False), v.flag("hc_lost_off_road", False))
        v.done(_META)
    consts["tires.cycle_weight_factor"] = ti.number("cycle_weight_factor")
    consts["tires.mismatch_hc"] = ti.table("mismatch").integer("hc")

    cr = _node(cdir / "crew.toml")
    crew = {}
    for k, v in cr.table("crew").items():
        crew[k] = CrewRole(k, v.text("name"), v.integer("spaces"), v.integer("weight"), v.integer("max", 0),
                           v.flag("may_use_cargo", False), v.text("source", ""))
        v.done(_META)
    consts["crew.dp"] = cr.table("crew_dp").integer("dp")

    tr = _node(cdir / "trikes.toml")
    _consts("trikes.reversed", tr.table("reversed"), consts)
    mods_node = _node(cdir / "body_mods.toml")
    for name in ("carbon_aluminum", "streamlining", "sloped_armor", "sloped_and_streamlined"):
        _consts(f"body_mods.{name}", mods_node.table(name), consts)
    perf = _node(cdir / "performance.toml")
    for name in ("acceleration", "top_speed", "placement", "rounding"):
        _consts(f"performance.{name}", perf.table(name), consts)

    wt = _node(data_dir / "weapons.toml")
    weapons = {k: _weapon(k, v, printed) for k, v in wt.table("weapon").items()}
    ammo = {k: _ammo(k, v) for k, v in wt.table("ammo").items()}
    mounts = {k: _mount(k, v) for k, v in wt.table("mount").items()}
    grenades = {k: int(v) for k, v in wt.table("grenade").data.items() if k not in ("source", "weight_in_launcher")}
    consts["grenade.weight_in_launcher"] = wt.table("grenade").integer("weight_in_launcher")
    _consts("mount_options", wt.table("mount_options"), consts)
    weapon_options = {k: _weapon_option(k, v, weapons) for k, v in wt.table("weapon_option").items()}
    for k, o in weapon_options.items():
        for other in o.excludes:
            if other not in weapon_options:
                raise wt.table("weapon_option").table(k).error("excludes", f"unknown weapon option {other!r}")

    ac = _node(data_dir / "accessories.toml")
    acc_node = ac.table("accessory")
    accessories = {k: _accessory(k, v) for k, v in acc_node.items()}
    for k, a in accessories.items():
        for other in a.needs_any + a.needs_all:
            if other not in accessories:
                raise acc_node.table(k).error("needs_any" if other in a.needs_any else "needs_all",
                                              f"unknown accessory {other!r}")
    _consts("per_point", ac.table("per_point"), consts)
    booster = ac.table("booster")
    _consts("booster", booster, consts)
    for part in ("chassis_limit", "ruin_over", "frame_risk_10", "frame_risk_20"):
        limits = booster.table(part)
        for key in chassis:
            consts[f"booster.{part}.{key}"] = limits.integer(key, lo=0)
        limits.done(_META)
    played = booster.table("play")
    consts["booster.play.hazard_mph_per_d"] = played.integer("hazard_mph_per_d", lo=1)
    played.done(_META)
    jet = booster.table("jet")   # jump jets in play (000:L2632)
    for key in ("climb_in", "mph_per_climb", "ground_loss_mph"):
        consts[f"booster.jet.{key}"] = jet.number(key, lo=0)
    consts["booster.jet.climb_turns"] = jet.integer("climb_turns", lo=1)
    jet.done(_META)
    return DesignTables(bodies, armor, chassis, suspensions, cycle_susp, plants, plant_acc, tanks, tires, mods,
                        crew, weapons, ammo, mounts, accessories, grenades, consts, weapon_options)


@lru_cache(maxsize=2)
def design_tables(printed: bool = False) -> DesignTables:
    """The construction tables, loaded once (printed=True: the printed cells where the data fixes them)."""
    return load_design_tables(printed=printed)
