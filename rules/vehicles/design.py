"""A vehicle design (chapters 5 and 6: cars, cycles with sidecars, and trikes) as read from and written
to its file, and the stock vehicles.

A design file (docs/VEHICLE-FORMAT.md) names a body, chassis, suspension, plant, tires, crew,
weapons, armor and accessories. The rest of construction is by job: rules.vehicles.figures prices and
weighs it item by item (spaces, acceleration, top speed, handling class, 000:L1849-L1856) and lists
every broken construction rule as a sentence; rules.vehicles.starting_sheet turns it into the
start-of-play record sheet and the VehicleSpec the engine plays with; rules.vehicles.summary writes
its one-line summary.

The construction algorithm follows reference/vehicles.md 2; readings the text does not settle are
named in DesignOptions and docs/RULES-DEVIATIONS.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from rules.core.errors import DataError
from rules.core.paths import DATA_DIR, SAVES_DIR
from rules.core.schema import Node
from rules.core.tomlio import dumps_toml, load_toml
from rules.tables.construction import (
    DesignTables,
)
from rules.tables.oversized import OversizedTables, oversized_tables
from rules.tables.people import people_tables
from rules.vehicles.long_vehicles import (
    BIG_KINDS,
    CARRIER_FACINGS,
    TEN_LOCATIONS,
    TRAILER_KINDS,
    armor_locations,
    big_wheel_positions,
    tire_count,
)
from rules.vehicles.record_sheet import LOCATIONS

STOCK_DIR = DATA_DIR / "vehicles"
GARAGE_DIR = SAVES_DIR / "garage"   # players' own designs
FACINGS = LOCATIONS + ("turret",)
CORNERS = ("FL", "FR", "BL", "BR")
KINDS = ("car", "cycle", "trike") + BIG_KINDS
CYCLE_FACINGS = ("front", "back")
# Guards against nonsense, not rules: no design fits more of one item, and counts build lists and loops.
MAX_COUNT = 100
BOOK_ORDER = ("front", "right", "left", "back", "top", "underbody")   # as the sample lines print armor


# --- the design, as read from its file -------------------------------------------------------------


@dataclass(frozen=True)
class DesignOptions:
    """Construction readings a player may switch (docs/RULES-DEVIATIONS.md, "Construction")."""

    printed_tables: bool = False      # use the printed table cells instead of the sample-vehicle fixes
    rounding: str = "up"              # "up" (000:L1706) or "nearest" (000:L1872)
    wheelguard_hc: bool = True        # a full set of car wheelguards costs 1 HC (reconstructed)


@dataclass(frozen=True)
class WeaponEntry:
    type: str
    facing: str
    count: int = 1
    link: str = ""
    ammo: str = ""
    magazines: tuple[str, ...] = ()   # one entry per extra magazine: its load ("" = the normal rounds)
    mount: str = ""
    guided: bool = False
    component_armor: int = 0
    grenades: str = ""                # grenade launcher load
    options: tuple[str, ...] = ()     # weapon options: pulse, infrared, blue_green (lasers)
    rocket_magazine: int = 0          # spaces of a rocket magazine holding more of this rocket (000:L2543)
    insulated: bool = False           # fire-retardant insulators (000:L2587-L2588)


@dataclass(frozen=True)
class MountEntry:
    id: str
    type: str
    universal: bool = False
    rocket_pod: bool = False
    side: str = "top"                 # EWPs: top (in place of a turret), left or right (000:L2527)
    fires: str = ""                   # EWPs: front or back (000:L2527)
    armor: int = 0                    # EWP pod armor, plastic points (000:L2528)
    ejection: bool = False            # EWP ejection system (000:L2982)
    position: str = ""                # long vehicles: the turret's half, front or back (000:L1984, L2115)
    higher: bool = False              # of two turrets, the one that fires over the other (000:L1984)


@dataclass(frozen=True)
class AccessoryEntry:
    type: str
    count: int = 1
    facing: str = ""
    options: tuple[str, ...] = ()     # extras of accessories.toml [accessory.<type>.option.*]
    lb: int = 0                       # rocket boosters: pounds of rocket
    burn: int = 0                     # rocket boosters: pounds burned a turn (000:L2657)


@dataclass(frozen=True)
class Printed:
    weight: int | None = None
    price: int | None = None
    acceleration: float | None = None
    top_speed: float | None = None
    hc: int | None = None
    match: str = "none"               # exact | fixed | differs | none (reference/vehicles.md 5)
    differs: tuple[str, ...] = ()     # printed figures that do not match, even after the fix
    note: str = ""


@dataclass(frozen=True)
class Sidecar:
    body: str
    suspension: str = "light"
    armor_type: str = "plastic"
    armor: dict[str, int] = field(default_factory=dict)
    weapons: tuple[WeaponEntry, ...] = ()
    accessories: tuple[AccessoryEntry, ...] = ()
    crew: tuple[str, ...] = ()
    wheelguard: int = 0
    hub: int = 0


@dataclass(frozen=True)
class Carrier:
    """A ten-wheeler's carrier: its cargo body, with armor, weapons and crew of its own (000:L2037-L2054)."""

    body: str
    armor: dict[str, int] = field(default_factory=dict)
    metal: dict[str, int] = field(default_factory=dict)
    weapons: tuple[WeaponEntry, ...] = ()
    mounts: tuple[MountEntry, ...] = ()
    accessories: tuple[AccessoryEntry, ...] = ()
    crew: tuple[str, ...] = ()
    box_spaces: int = 0               # a flatbed's armored box for defensive weapons (000:L2053)
    box_armor: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class CrewKit:
    """What a design's crew carry (keys of people.toml's [hand_weapon.*], [armor.*], [grenade.*], [gear.*]);
    a scenario's or save's own kit for the vehicle comes first (reading PD18). Not counted in the design's
    weight or price: the crew's own things, as the crew's own weight is (reading PD40)."""

    weapon: str = ""
    armor: str = ""
    grenades: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()


@dataclass(frozen=True)
class Design:
    name: str
    kind: str
    body: str
    plant: str
    chassis: str = "standard"
    suspension: str = "light"
    plant_accessories: tuple[str, ...] = ()
    tank: str = ""
    gallons: int = 0
    reversed: bool = False
    carbon_aluminum: bool = False
    streamlined: bool = False
    sloped: bool = False
    tire: str = "standard"
    tire_mods: tuple[str, ...] = ()
    six_wheels: bool = False
    crew: tuple[str, ...] = ("driver",)
    armor_type: str = "plastic"
    armor: dict[str, int] = field(default_factory=dict)
    metal: dict[str, int] = field(default_factory=dict)
    weapons: tuple[WeaponEntry, ...] = ()
    mounts: tuple[MountEntry, ...] = ()
    accessories: tuple[AccessoryEntry, ...] = ()
    wheelguards: dict[str, int] = field(default_factory=dict)
    hubs: dict[str, int] = field(default_factory=dict)
    component_armor: dict[str, int] = field(default_factory=dict)
    links: int = 0                    # links beyond one per named link group
    cargo_weight: int = 0             # cargo carried, lb
    cargo_spaces: int = 0
    sidecar: Sidecar | None = None
    # car trailers and oversized vehicles (chapters 7 and 8)
    carrier: Carrier | None = None    # ten-wheelers
    van_mod: str = ""                 # car van trailers: reefer | tanker | dumper (000:L1966-L1968)
    tire_pairs: int = 0               # car trailers: pairs of tires (0: the fewest the body needs)
    front_tires: int = 0              # semi-trailers: 0, or 2 or 4 in front for a "full" trailer (000:L2083)
    kingpin: str = ""                 # semi-trailers: standard | explosive | quick_release (000:L2104-L2107)
    fifth_wheel_guard: int = 0        # tractors: points of plastic guarding the fifth wheel (000:L2081)
    hitch_armor: int = 0              # towing vehicles: points of armor on the hitch (000:L1982)
    box_spaces: int = 0               # flatbeds: spaces of the armored box (000:L1942, L2095)
    box_armor: dict[str, int] = field(default_factory=dict)
    printed: Printed = field(default_factory=Printed)
    options: DesignOptions = field(default_factory=DesignOptions)
    source: str = ""
    path: str = ""
    kit: CrewKit | None = None        # [kit]: what the crew carry when they leave it (reading PD18)
    trucker: bool = True              # the crew's driver has Trucker skill (000:L1385, reading M-R21)

    def tables(self) -> DesignTables:
        # the car tables with chapters 7 and 8 laid over them (hitch extras are bought by cars too)
        return oversized_tables(self.options.printed_tables).design

    def big(self) -> OversizedTables:
        """The tables of car trailers and oversized vehicles (chapters 7 and 8)."""
        return oversized_tables(self.options.printed_tables)


def _known(what: str, key: str, table: dict[str, object], n: Node, field_name: str) -> str:
    if key not in table:
        raise n.error(field_name, f"unknown {what} {key!r}; known: {', '.join(sorted(table))}")
    return key


def _armor_table(n: Node, key: str, allowed: tuple[str, ...]) -> dict[str, int]:
    if not n.has(key):
        return {}
    t = n.table(key)
    out = {}
    for loc in list(t.data):
        if loc not in allowed:
            raise t.error(loc, f"unknown armor location {loc!r}; use {', '.join(allowed)}")
        out[loc] = t.integer(loc)
        if out[loc] < 0:
            raise t.error(loc, f"armor cannot be negative ({out[loc]})")
    t.done(())
    return out


def _points(n: Node, key: str, allowed: tuple[str, ...]) -> dict[str, int]:
    if not n.has(key):
        return {}
    t = n.table(key)
    out = {}
    for k in list(t.data):
        if k not in allowed:
            raise t.error(k, f"unknown position {k!r}; use {', '.join(allowed)}")
        out[k] = t.integer(k, lo=0)
    t.done(())
    return out


def _weapons(n: Node, key: str, tables: DesignTables, facings: tuple[str, ...]) -> tuple[WeaponEntry, ...]:
    out = []
    for w in n.tables(key, []):
        wtype = w.text("type")
        if wtype not in tables.weapons:
            raise w.error("type", f"unknown weapon {wtype!r}; known: {', '.join(sorted(tables.weapons))}")
        facing = w.text("facing", choices=facings)
        ammo = w.text("ammo", "")
        if ammo and ammo not in tables.ammo:
            raise w.error("ammo", f"unknown ammunition {ammo!r}; known: {', '.join(sorted(tables.ammo))}")
        grenades = w.text("grenades", "")
        if grenades and grenades not in tables.grenades:
            raise w.error("grenades", f"unknown grenade {grenades!r}; known: {', '.join(sorted(tables.grenades))}")
        raw_mags = w.raw("magazines", 0)
        if isinstance(raw_mags, bool) or not isinstance(raw_mags, (int, list)):
            raise w.error("magazines", "expected a count or a list of loads")
        if (raw_mags if isinstance(raw_mags, int) else len(raw_mags)) > MAX_COUNT:  # before a list is built
            raise w.error("magazines", f"more than {MAX_COUNT} extra magazines")
        mags = tuple([ammo or grenades] * raw_mags) if isinstance(raw_mags, int) else tuple(str(m) for m in raw_mags)
        if isinstance(raw_mags, int) and raw_mags < 0:
            raise w.error("magazines", "cannot be negative")
        for m in mags:
            if m and m not in tables.ammo and m not in tables.grenades:
                raise w.error("magazines", f"unknown load {m!r}")
        options = tuple(w.names("options", []))
        for o in options:
            if o not in tables.weapon_options:
                raise w.error("options", f"unknown weapon option {o!r}; known: {', '.join(sorted(tables.weapon_options))}")
        out.append(WeaponEntry(wtype, facing, w.integer("count", 1, lo=1, hi=MAX_COUNT), w.text("link", ""), ammo, mags,
                               w.text("mount", ""), w.flag("guided", False), w.integer("component_armor", 0, lo=0),
                               grenades, options, w.integer("rocket_magazine", 0, lo=0),
                               w.flag("insulated", False)))
        w.done(())
    return tuple(out)


def _accessories(n: Node, key: str, tables: DesignTables) -> tuple[AccessoryEntry, ...]:
    out = []
    for a in n.tables(key, []):
        atype = a.text("type")
        if atype not in tables.accessories:
            raise a.error("type", f"unknown accessory {atype!r}; known: {', '.join(sorted(tables.accessories))}")
        options = tuple(a.names("options", []))
        known = [o.key for o in tables.accessories[atype].options]
        for o in options:
            if o not in known:
                raise a.error("options", f"{tables.accessories[atype].name} has no option {o!r}"
                                         + (f"; known: {', '.join(known)}" if known else ""))
        out.append(AccessoryEntry(atype, a.integer("count", 1, lo=1, hi=MAX_COUNT), a.text("facing", "", choices=("",) + LOCATIONS),
                                  options, a.integer("lb", 0, lo=0), a.integer("burn", 0, lo=0)))
        a.done(())
    return tuple(out)


def _printed(n: Node) -> Printed:
    if not n.has("printed"):
        return Printed()
    p = n.table("printed")

    def opt(key: str) -> float | None:
        return p.number(key) if p.has(key) else None

    w, pr, hc = opt("weight"), opt("price"), opt("hc")
    out = Printed(None if w is None else int(w), None if pr is None else int(pr), opt("acceleration"),
                  opt("top_speed"), None if hc is None else int(hc),
                  p.text("match", "none", choices=("exact", "fixed", "differs", "none")),
                  tuple(p.array("differs", [])), p.text("note", ""))
    for d in out.differs:
        if d not in ("weight", "price", "acceleration", "top_speed", "hc"):
            raise p.error("differs", f"unknown figure {d!r}")
    p.done(())
    return out


def design_from_node(n: Node, options: DesignOptions | None = None) -> Design:
    """Read a design from a parsed file; every mistake is a DataError naming the key."""
    opts = options or DesignOptions()
    t = oversized_tables(opts.printed_tables).design
    name = n.text("name")
    kind = n.text("kind", choices=KINDS)
    body = _known("body", n.text("body"), dict(t.bodies), n, "body")
    if t.bodies[body].kind != kind:
        raise n.error("body", f"{t.bodies[body].name} is a {t.bodies[body].kind} body, not a {kind}")
    big = kind in BIG_KINDS
    plant = n.text("plant", "" if kind in TRAILER_KINDS else None)
    if plant:
        _known("power plant", plant, dict(t.plants), n, "plant")
    suspension = n.text("suspension", "heavy" if big else "light")
    _known("suspension", suspension, dict(t.suspensions if kind == "car" else t.cycle_suspensions), n, "suspension")
    chassis = _known("chassis", n.text("chassis", "standard"), dict(t.chassis), n, "chassis")
    plant_acc = tuple(n.names("plant_accessories", []))
    for a in plant_acc:
        if a not in t.plant_accessories:
            raise n.error("plant_accessories", f"unknown plant accessory {a!r}; known: {', '.join(sorted(t.plant_accessories))}")
    tank = n.text("tank", "")
    if tank:
        _known("gas tank", tank, dict(t.tanks), n, "tank")
    tire = _known("tire", n.text("tire", "standard"), dict(t.tires), n, "tire")
    tire_mods = tuple(n.names("tire_mods", []))
    for mod in tire_mods:
        if mod not in t.tire_mods:
            raise n.error("tire_mods", f"unknown tire modification {mod!r}; known: {', '.join(sorted(t.tire_mods))}")
    crew = _crew_roles(n, t, [] if kind in TRAILER_KINDS else ["cyclist"] if kind == "cycle" else ["driver"])
    armor_type = _known("armor type", n.text("armor_type", "plastic"), dict(t.armor), n, "armor_type")
    o = oversized_tables(opts.printed_tables)
    locs = CYCLE_FACINGS if kind == "cycle" else armor_locations(o, body) if big else LOCATIONS
    facings = FACINGS + CORNERS + TEN_LOCATIONS[2:]
    mounts = []
    for m in n.tables("mount", []):
        mt = m.text("type")
        if mt not in t.mounts:
            raise m.error("type", f"unknown mount {mt!r}; known: {', '.join(sorted(t.mounts))}")
        mounts.append(_mount_entry(m, mt))
    weapons = _weapons(n, "weapon", t, facings)
    _check_mounts(n, mounts, weapons)
    tire_pairs = n.integer("tire_pairs", 0, lo=0, hi=8)
    front_tires = n.integer("front_tires", 0, lo=0)
    if front_tires and (kind != "semi_trailer" or front_tires not in o.const("semi_trailer_rules.front_tires")):
        raise n.error("front_tires", f"only a semi-trailer takes front tires, 2 or 4 of them, not {front_tires}")
    if big:
        wheels = big_wheel_positions(kind, tire_count(o, kind, body, tire_pairs, front_tires))
    else:
        wheels = wheel_positions(kind, n.flag("reversed", False), n.flag("six_wheels", False))
    sidecar = _sidecar(n.table("sidecar"), t) if n.has("sidecar") else None
    carrier = _carrier(n.table("carrier"), t, o) if n.has("carrier") else None
    if carrier and kind != "ten_wheeler":
        raise n.error("carrier", "only a ten-wheeler has a carrier")
    van_mod = n.text("van_mod", "", choices=("",) + tuple(o.van_mods))
    kingpin = n.text("kingpin", "", choices=("",) + tuple(o.kingpins))
    d = Design(
        name=name, kind=kind, body=body, plant=plant, chassis=chassis, suspension=suspension,
        plant_accessories=plant_acc, tank=tank, gallons=n.integer("gallons", 0, lo=0),
        reversed=n.flag("reversed", False), carbon_aluminum=n.flag("carbon_aluminum", False),
        streamlined=n.flag("streamlined", False), sloped=n.flag("sloped", False), tire=tire, tire_mods=tire_mods,
        six_wheels=n.flag("six_wheels", False), crew=crew, armor_type=armor_type,
        armor=_armor_table(n, "armor", locs), metal=_armor_table(n, "metal", locs), weapons=weapons,
        mounts=tuple(mounts), accessories=_accessories(n, "accessory", t),
        wheelguards=_points(n, "wheelguards", tuple(dict.fromkeys(wheels))),
        hubs=_points(n, "hubs", tuple(dict.fromkeys(wheels))),
        component_armor=_points(n, "component_armor", ("driver", "cyclist", "gunner", "passenger", "plant")),
        links=n.integer("links", 0, lo=0), cargo_weight=n.integer("cargo_weight", 0, lo=0),
        cargo_spaces=n.integer("cargo_spaces", 0, lo=0), sidecar=sidecar, carrier=carrier, van_mod=van_mod,
        tire_pairs=tire_pairs, front_tires=front_tires, kingpin=kingpin,
        fifth_wheel_guard=n.integer("fifth_wheel_guard", 0, lo=0), hitch_armor=n.integer("hitch_armor", 0, lo=0),
        box_spaces=n.integer("box_spaces", 0, lo=0), box_armor=_armor_table(n, "box_armor", LOCATIONS),
        printed=_printed(n), options=opts,
        source=n.text("source", ""), path=n.path, kit=_kit(n.table("kit")) if n.has("kit") else None,
        trucker=n.flag("trucker", True),
    )
    n.done(("note", "title"))
    return d


def _kit(n: Node) -> CrewKit:
    """A [kit] table: every key must be one people.toml knows, else a DataError naming it."""
    t = people_tables()
    weapon, armor = n.text("weapon", ""), n.text("armor", "")
    if weapon and weapon not in t.hand_weapons:
        raise n.error("weapon", f"unknown hand weapon {weapon!r}; known: {', '.join(sorted(t.hand_weapons))}")
    if armor and armor not in t.armor:
        raise n.error("armor", f"unknown body armor {armor!r}; known: {', '.join(sorted(t.armor))}")
    grenades, gear = tuple(n.names("grenades", [])), tuple(n.names("gear", []))
    for g in grenades:
        if g not in t.grenades:
            raise n.error("grenades", f"unknown grenade {g!r}; known: {', '.join(sorted(t.grenades))}")
    for g in gear:
        if g not in t.gear:
            raise n.error("gear", f"unknown gear {g!r}; known: {', '.join(sorted(t.gear))}")
    n.done(())
    return CrewKit(weapon, armor, grenades, gear)


def _mount_entry(m: Node, mt: str) -> MountEntry:
    e = MountEntry(m.text("id"), mt, m.flag("universal", False), m.flag("rocket_pod", False),
                   m.text("side", "top", choices=("top", "left", "right")),
                   m.text("fires", "", choices=("", "front", "back")), m.integer("armor", 0, lo=0),
                   m.flag("ejection", False), m.text("position", "", choices=("", "front", "back")),
                   m.flag("higher", False))
    m.done(())
    return e


def _check_mounts(n: Node, mounts: list[MountEntry], weapons: tuple[WeaponEntry, ...]) -> None:
    ids = {m.id for m in mounts}
    for i, w in enumerate(weapons):
        if w.mount and w.mount not in ids:
            raise n.error("weapon", f"[{i}] mount {w.mount!r} is not declared in a [[mount]] table")


def _carrier(n: Node, t: DesignTables, o: OversizedTables) -> Carrier:
    body = _known("carrier", n.text("body"), dict(o.carriers), n, "body")
    mounts = []
    for m in n.tables("mount", []):
        mt = m.text("type")
        if mt not in t.mounts:
            raise m.error("type", f"unknown mount {mt!r}; known: {', '.join(sorted(t.mounts))}")
        mounts.append(_mount_entry(m, mt))
    weapons = _weapons(n, "weapon", t, CARRIER_FACINGS + ("front",))
    _check_mounts(n, mounts, weapons)
    c = Carrier(body, _armor_table(n, "armor", LOCATIONS), _armor_table(n, "metal", LOCATIONS), weapons,
                tuple(mounts), _accessories(n, "accessory", t), _crew_roles(n, t, []),
                n.integer("box_spaces", 0, lo=0), _armor_table(n, "box_armor", LOCATIONS))
    n.done(())
    return c


def _crew_roles(n: Node, t: DesignTables, default: list[str]) -> tuple[str, ...]:
    crew = tuple(n.names("crew", default))
    if len(crew) > MAX_COUNT:
        raise n.error("crew", f"more than {MAX_COUNT} crew")
    for c in crew:
        if c not in t.crew:
            raise n.error("crew", f"unknown crew role {c!r}; known: {', '.join(sorted(t.crew))}")
    return crew


def _sidecar(n: Node, t: DesignTables) -> Sidecar:
    body = _known("sidecar", n.text("body"), {k: b for k, b in t.bodies.items() if b.kind == "sidecar"}, n, "body")
    s = Sidecar(
        body, _known("suspension", n.text("suspension", "light"), dict(t.cycle_suspensions), n, "suspension"),
        _known("armor type", n.text("armor_type", "plastic"), dict(t.armor), n, "armor_type"),
        _armor_table(n, "armor", LOCATIONS), _weapons(n, "weapon", t, ("front", "left", "right", "turret")),
        _accessories(n, "accessory", t), _crew_roles(n, t, []), n.integer("wheelguard", 0, lo=0),
        n.integer("hub", 0, lo=0),
    )
    n.done(())
    return s


def load_design(path: str | Path, options: DesignOptions | None = None) -> Design:
    """Load one vehicle file; a bad file raises DataError (path: where: what)."""
    p = Path(path)
    return design_from_node(Node(load_toml(p), str(p)), options)


@lru_cache(maxsize=1)
def _stock_index() -> dict[str, Path]:
    index: dict[str, Path] = {}
    for p in sorted(STOCK_DIR.glob("*.toml")):
        name = load_toml(p).get("name")
        if isinstance(name, str):
            index[name.casefold()] = p
    return index


PLAYED_KINDS = ("car", "cycle", "trike")   # the kinds the car rules play
DRIVEN_KINDS = PLAYED_KINDS + ("ten_wheeler", "tractor", "bus")   # a game fields them on their own (issue 19)


def stock_names() -> list[str]:
    """Every stock vehicle's printed name that a game can field on its own: cars, cycles, trikes,
    ten-wheelers, tractors and buses (trailers go behind one: trailer_names)."""
    return sorted(str(data["name"]) for data in (load_toml(p) for p in _stock_index().values())
                  if data.get("kind") in DRIVEN_KINDS)


def trailer_names() -> list[str]:
    """Every stock car trailer's and semi-trailer's printed name."""
    return sorted(str(data["name"]) for data in (load_toml(p) for p in _stock_index().values())
                  if data.get("kind") in ("car_trailer", "semi_trailer"))


def all_stock_names() -> list[str]:
    """Every stock vehicle's printed name, rigs, buses and trailers too."""
    return sorted(str(load_toml(p)["name"]) for p in _stock_index().values())


def load_stock(name: str, options: DesignOptions | None = None) -> Design:
    """A stock vehicle by its printed name, case-insensitive."""
    p = _stock_index().get(name.strip().casefold())
    if p is None:
        raise DataError(name, "stock", f"no stock vehicle named {name!r}; known: {', '.join(stock_names())}")
    return load_design(p, options)


def load_named(name: str, garage: Path = GARAGE_DIR, options: DesignOptions | None = None) -> Design:
    """A stock vehicle by name, else a player's design in the garage by its `name` (case-insensitive)."""
    try:
        return load_stock(name, options)
    except DataError:
        for p in sorted(garage.glob("*.toml")):
            if str(load_toml(p).get("name", "")).casefold() == name.strip().casefold():
                return load_design(p, options)
        raise


def design_to_dict(d: Design) -> dict[str, object]:
    """The design as file data (docs/VEHICLE-FORMAT.md); load_design reads it back unchanged."""
    out: dict[str, object] = {"name": d.name}
    if d.source:
        out["source"] = d.source
    out.update(kind=d.kind, body=d.body, chassis=d.chassis, suspension=d.suspension)
    if d.plant:
        out["plant"] = d.plant
    plain = Design(d.name, d.kind, d.body, d.plant)
    for key in ("plant_accessories", "tank", "gallons", "reversed", "carbon_aluminum", "streamlined", "sloped",
                "tire", "tire_mods", "six_wheels", "crew", "armor_type", "armor", "metal", "wheelguards", "hubs",
                "component_armor", "links", "cargo_weight", "cargo_spaces", "van_mod", "tire_pairs", "front_tires",
                "kingpin", "fifth_wheel_guard", "hitch_armor", "box_spaces", "box_armor", "trucker"):
        value = getattr(d, key)
        if key in ("tire", "crew", "armor_type", "armor") or value != getattr(plain, key):
            out[key] = list(value) if isinstance(value, tuple) else value
    if d.mounts:
        out["mount"] = [_entry(m, MountEntry(m.id, m.type)) for m in d.mounts]
    if d.weapons:
        out["weapon"] = [_entry(w, WeaponEntry(w.type, w.facing)) for w in d.weapons]
    if d.accessories:
        out["accessory"] = [_entry(a, AccessoryEntry(a.type)) for a in d.accessories]
    if d.sidecar:
        s = d.sidecar
        side = _entry(s, Sidecar(s.body), skip=("weapons", "accessories"), always=("body",))
        if s.weapons:
            side["weapon"] = [_entry(w, WeaponEntry(w.type, w.facing)) for w in s.weapons]
        if s.accessories:
            side["accessory"] = [_entry(a, AccessoryEntry(a.type)) for a in s.accessories]
        out["sidecar"] = side
    if d.carrier:
        c = d.carrier
        car = _entry(c, Carrier(c.body), skip=("weapons", "mounts", "accessories"), always=("body",))
        if c.mounts:
            car["mount"] = [_entry(m, MountEntry(m.id, m.type)) for m in c.mounts]
        if c.weapons:
            car["weapon"] = [_entry(w, WeaponEntry(w.type, w.facing)) for w in c.weapons]
        if c.accessories:
            car["accessory"] = [_entry(a, AccessoryEntry(a.type)) for a in c.accessories]
        out["carrier"] = car
    if d.printed != Printed():
        out["printed"] = _entry(d.printed, Printed(match=""), always=("match",))
    if d.kit is not None:
        out["kit"] = _entry(d.kit, CrewKit())
    return out


def _entry(item: object, default: object, skip: tuple[str, ...] = (), always: tuple[str, ...] = ()) -> dict[str, object]:
    out: dict[str, object] = {}
    for key in item.__dataclass_fields__:  # type: ignore[attr-defined]
        value, base = getattr(item, key), getattr(default, key)
        if key in skip or value is None or (value == base and key not in always and key not in ("type", "facing", "id")):
            continue
        out[key] = list(value) if isinstance(value, tuple) else value
    return out


def dumps_design(d: Design) -> str:
    return dumps_toml(design_to_dict(d))


# --- the line items --------------------------------------------------------------------------------
































































































# --- the record sheet at the start of play ---------------------------------------------------------














# --- the rulebook's one-line summary ------------------------------------------------------------------


def wheel_positions(kind: str, reversed_trike: bool, six_wheels: bool) -> tuple[str, ...]:
    if kind == "cycle":
        return ("F", "B")
    if kind == "trike":
        return ("FL", "FR", "B") if reversed_trike else ("F", "BL", "BR")
    return ("FL", "FR", "BL", "BL", "BR", "BR") if six_wheels else CORNERS


def design_wheels(d: Design) -> tuple[str, ...]:
    """A position per tire of the design, whatever its kind (paired tires share a position)."""
    if d.kind in BIG_KINDS:
        return big_wheel_positions(d.kind, tire_count(d.big(), d.kind, d.body, d.tire_pairs, d.front_tires))
    return wheel_positions(d.kind, d.reversed, d.six_wheels)
