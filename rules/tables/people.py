"""The tables of people on foot (rules/data/people.toml), typed and validated: a person, getting in
and out, jumping, boarding, firing a hand weapon, cover, the hand weapons, body armor and gear, the
grenade throw and grenade types. The rules that use them are in rules/people/."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from rules.core.dice import DiceExpr
from rules.core.geometry import Kind
from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml
from rules.tables.combat import Rule

VS_VEHICLES = ("half", "full", "tires_people", "none")
SIDES = ("right", "left", "")
ALONG = ("short", "long", "", "either")


@dataclass(frozen=True)
class HandWeapon:
    key: str            # the table key: the book's abbreviation, or the name's first word where it has none
    abbr: str           # as printed ("" for the rifle, bazooka, knife)
    name: str
    ge: float
    damage: str         # dice ("1d+1"), a flat number of hits ("3"), or "special"
    to_hit: int
    cost: int | None
    shots: int | None
    cost_per_shot: int | None
    loaded_cost: int | None
    weight: float
    vs_vehicles: str
    source: str
    damage_both: str = ""   # both barrels of a double-barreled shotgun

    @property
    def dice(self) -> DiceExpr | None:
        """The damage as dice (a flat number is 0 dice + that many); None for "special"."""
        return None if self.damage == "special" else DiceExpr.parse(self.damage)


@dataclass(frozen=True)
class Armor:
    key: str
    name: str
    cost: int
    dp: int
    weight: float
    stops_collisions: bool
    stops_fire: bool
    speed_loss_mph: float
    source: str


@dataclass(frozen=True)
class Gear:
    key: str
    name: str
    cost: int
    ge: float
    weight: float
    source: str
    ge_by_weapon: Mapping[str, float] = field(default_factory=dict)   # GE when it goes with that hand weapon

    def ge_with(self, weapon: str) -> float:
        """Its grenade-equivalents beside the man's hand weapon (an SMG's clip is 1 GE, 000:L1505)."""
        return self.ge_by_weapon.get(weapon, self.ge)


@dataclass(frozen=True)
class GrenadeType:
    key: str
    name: str
    cost: int
    people: DiceExpr | None
    person_radius: float
    vehicles: DiceExpr | None
    vehicle_radius: float
    source: str
    cloud: str = ""                    # the dropped-weapon counter it leaves where it goes off ("" none)
    cloud_inches: float = 0.0          # the cloud's side
    puts_out_within: float = 0.0       # foam: vehicle fires this near go out ...
    puts_out_on: int = 0               # ... on this or less on 1d (000:L1581); 0: none
    blind_radius: float = 0.0          # flash: at night, men this near who see it are blinded ...
    blind_turns: int = 0               # ... for this long, twice with the gear named (002:L91)
    blind_doubled_by: tuple[str, ...] = ()
    paints_within: float = 0.0         # foam: a vehicle this near has its sight blocked as by paint (000:L1581)


@dataclass(frozen=True)
class DistanceRow:
    missed_by: int      # from this margin up (0 = made the roll without a 12)
    squares: DiceExpr
    at_least: int


@dataclass(frozen=True)
class Throw:
    need: int
    exact_on: int
    max_range: float
    point_blank_max_squares: int
    moving_vehicle: Rule
    flight_turns: int
    fuse_seconds: tuple[int, int]
    bounce: DiceExpr
    from_vehicle_disaster_at_most: int
    direction: Mapping[int, tuple[str, str]]   # 1d -> (side, along)
    either_long_on_even: bool
    distance: tuple[DistanceRow, ...]
    source: str

    def distance_row(self, missed_by: int) -> DistanceRow:
        out = self.distance[0]
        for row in self.distance:
            if missed_by >= row.missed_by:
                out = row
        return out


@dataclass(frozen=True)
class Person:
    damage_points: int
    weight_lb: float
    speed_mph: float
    crawl_phases: tuple[int, ...]
    stand_up_turns: int
    fires_per_turn: int
    min_weapon_damage: int
    carry_ge: int
    hand_weapon_range: float
    counter: tuple[float, float]
    square: float
    wounded: int
    unconscious: int
    dead: int
    spike_roll_at_most: int
    spike_damage: DiceExpr
    oil_rolls: tuple[int, ...]
    stand_on_oil: int
    flaming_oil_damage: int
    spike_kinds: tuple[str, ...] = ()
    oil_kinds: tuple[str, ...] = ()
    burning_kinds: tuple[str, ...] = ()
    pack_ge: int = 0                   # GE of hand weapons a worn backpack holds beyond carry_ge (000:L1506)
    sprint_mph: float = 0.0            # Sprinting (000:L1441): the extra speed, the most seconds of it,
    sprint_turns: int = 0              # the seconds he may run on after it at base speed, and the rest
    run_on_turns: int = 0              # a sprinted second costs
    rest_per_sprint: float = 0.0
    running_mph: float = 0.0           # Running: each plus adds this to his speed (000:L1364) ...
    top_mph: float = 0.0               # ... up to this, sprinting too (0: no cap)


@dataclass(frozen=True)
class Jump:
    on_road_slower_mph: float
    off_road_slower_mph: float
    off_road_as: str            # "sideswipe" or "ram" (reading PD3)
    jumper_dm: Fraction
    source: str


@dataclass(frozen=True)
class VehicleTimes:
    dismount_turns: int
    open_door_turns: int
    mount_cycle_turns: int
    start_turns: int
    max_exit_mph: float
    source: str


@dataclass(frozen=True)
class Effects:
    """Vehicle weapons' area and burst effects on pedestrians (000:L943-L948)."""

    area_radius: float
    area_full_damage: tuple[str, ...]
    burst_people: DiceExpr
    burst_radius: float
    source: str


@dataclass(frozen=True)
class HandToHand:
    to_hit: int
    fist: DiceExpr
    heavy: DiceExpr
    vehicle: DiceExpr
    spiked_gear: str
    spiked_extra: int
    source: str


@dataclass(frozen=True)
class MartialArts:
    """What each Martial Arts level adds to hand-to-hand (000:L1332, garbled; reading PD44): per level from
    the base (index 0), its own to-hit, damage and extra blows; past the table, the levels from
    `cycle_from` repeat."""

    to_hit: tuple[int, ...]
    damage: tuple[int, ...]
    attacks: tuple[int, ...]
    cycle_from: int
    source: str

    def _sum(self, row: tuple[int, ...], level: int) -> int:
        if level < 0:
            return 0
        n, period = len(row), len(row) - self.cycle_from
        return sum(row[k if k < n else self.cycle_from + (k - n) % period] for k in range(level + 1))

    def hit_bonus(self, level: int) -> int:
        return self._sum(self.to_hit, level)

    def damage_bonus(self, level: int) -> int:
        return self._sum(self.damage, level)

    def extra_attacks(self, level: int) -> int:
        return self._sum(self.attacks, level)


@dataclass(frozen=True)
class GasResult:
    at_most: int
    effect: str              # "unconscious", "choking", "stinging"
    turns: int
    to_hit: int
    crawl_mph: float = 0.0   # choking: he crawls at this speed's row (0: not at all)


@dataclass(frozen=True)
class TearGas:
    results: tuple[GasResult, ...]   # by 1d, in order; a later row is a milder one
    immune_gear: tuple[str, ...]
    source: str

    def result(self, roll: int) -> GasResult:
        return next(r for r in self.results if roll <= r.at_most)


@dataclass(frozen=True)
class Reload:
    """Reloading a hand weapon from a spare clip: a turn doing nothing else (000:L1457, L1505)."""

    turns: int
    clip: str            # the [gear.*] key of a spare magazine
    source: str


@dataclass(frozen=True)
class Riding:
    """Climbing aboard a moving vehicle and riding on its top (000:L1474-L1503)."""

    tractor_extra_mph: float   # a tractor is boarded as if 5 mph faster (000:L1483); not added to the side's
    reach_top_turns: int       # a second to reach the top from the ground (000:L1496)
    stay_on_base: int          # the roll to stay on: 3 or better ... (000:L1502)
    stay_on_per_mph: float     # ... +1 for every 10 mph
    hazard_d: int              # thrown by a hazard of this D or more ...
    maneuver_d: int            # ... or a maneuver of this D or more (000:L1502)
    source: str


@dataclass(frozen=True)
class DroppingOn:
    """Dropping onto a vehicle passing beneath him, and jumping from one vehicle to another
    (000:L1485-L1495, reading PD42)."""

    by_kind: Mapping[str, int]      # 2d to land on a vehicle of this kind (bus, trailers, tractor ...); -1: no top
    by_body: Mapping[str, int]      # ... on a car of this body (pickup, van, luxury, compact ...)
    car: int                        # a car whose body is not listed
    tanker_bodies: tuple[str, ...]  # trailer bodies with a curved top
    tanker: int
    failure_times: Mapping[str, int]   # a miss's damage multiplied, by kind (a tractor doubles it)
    bad_weather: int                # added to the roll in rain or fog
    speed: tuple[tuple[float, int], ...]   # from this mph up, this is added to the roll
    beyond_mph: float               # past this speed ...
    per_10_mph_beyond: int          # ... this is added again for every 10 mph (or part)
    vehicle_to_vehicle: int         # added to the roll of a jump from one vehicle to another
    climb_reach_in: float           # counters this close: the climbing-aboard table at the relative speed
    drop_reach_in: float            # ... closer than this: the dropping-on table
    source: str

    def need(self, kind: str, body: str) -> int:
        """The 2d needed to land on its top, before the speed and weather (-1: it has no top)."""
        if body in self.tanker_bodies:
            return self.tanker
        if kind in self.by_kind:
            return self.by_kind[kind]
        return self.by_body.get(body, self.car)

    def speed_mod(self, mph: float) -> int:
        """What the vehicle's speed adds to the roll: -1 at 20 to 30 mph, -3 at 35 or 40, 2 more for every
        10 mph faster (000:L1492)."""
        mod = next((m for start, m in reversed(self.speed) if mph >= start), 0)
        faster = max(0, math.ceil((mph - self.beyond_mph) / 10 - 1e-9))
        return mod + self.per_10_mph_beyond * faster


@dataclass(frozen=True)
class PeopleTables:
    person: Person
    vehicles: VehicleTimes
    jump: Jump
    boarding: tuple[tuple[float, int], ...]
    boarding_side_extra_mph: float
    boarding_failure_slower_mph: float
    firer: Mapping[str, Rule]          # driver, gunner, passenger, pedestrian, braced, unskilled
    handgunner_source: str
    cover: Mapping[str, Rule]          # prone_open, partial, firing
    full_cover_source: str
    point_blank_vehicle: Rule
    hand_weapons: Mapping[str, HandWeapon]
    armor: Mapping[str, Armor]
    gear: Mapping[str, Gear]
    throw: Throw
    grenades: Mapping[str, GrenadeType]
    impact_fuse_cost: int
    loadout_weapon: str                # what a crewman leaving his vehicle carries (reading PD18)
    loadout_grenades: tuple[str, ...]
    effects: Effects | None = None     # None only for tables built by hand in tests
    tear_gas: TearGas | None = None    # people in tear gas (000:L1585-L1588); None: not played
    hand_to_hand: HandToHand | None = None   # (000:L1452-L1455); None: not played
    martial_arts: MartialArts | None = None  # (000:L1332, reading PD44); None: not played
    riding: Riding | None = None       # boarding a moving vehicle and riding on top (000:L1474-L1503); None: not played
    reload: Reload | None = None       # a spare clip into a hand weapon (000:L1457, L1505); None: not played
    dropping_on: DroppingOn | None = None   # onto a vehicle from above, vehicle to vehicle (000:L1485-L1495)

    def hand_weapon(self, name: str) -> HandWeapon:
        """A hand weapon by its abbreviation, table key or name (case-insensitive)."""
        want = name.strip().casefold()
        for w in self.hand_weapons.values():
            if want and want in (w.key.casefold(), w.abbr.casefold(), w.name.casefold()):
                return w
        known = ", ".join(w.abbr or w.key for w in self.hand_weapons.values())
        raise ValueError(f"unknown hand weapon {name!r}; known: {known}")

    def boarding_need(self, mph: float) -> int:
        """2d needed to climb aboard at this speed: 0 automatic, -1 impossible (000:L1474-L1482); a
        speed between two rows reads the faster one."""
        for upto, need in self.boarding:
            if mph <= upto:
                return need
        return self.boarding[-1][1]


def _rule(node: Node, key: str) -> Rule:
    r = node.table(key)
    out = Rule(r.integer("value"), r.text("source"))
    r.done()
    return out


def _dice_or_none(node: Node, key: str) -> DiceExpr | None:
    text = node.text(key)
    if text == "":
        return None
    try:
        return DiceExpr.parse(text)
    except ValueError as exc:
        raise node.error(key, str(exc)) from None


def _dice(node: Node, key: str) -> DiceExpr:
    got = _dice_or_none(node, key)
    if got is None:
        raise node.error(key, "expected a dice expression such as \"1d-3\"")
    return got


def _opt(n: int) -> int | None:
    return None if n < 0 else n


def _ge_by_weapon(g: Node, weapons: Mapping[str, HandWeapon]) -> Mapping[str, float]:
    """A gear item's `ge_by_weapon` table: hand weapon keys of the list to the GE it counts with them."""
    node = g.table("ge_by_weapon", {})
    out = {}
    for k in list(node.data):
        if k not in weapons:
            raise node.error(k, f"unknown hand weapon {k!r}; known: {', '.join(sorted(weapons))}")
        out[k] = node.number(k, lo=0)
    return MappingProxyType(out)


def _hand_weapon(key: str, w: Node) -> HandWeapon:
    damage = w.text("damage")
    if damage != "special":
        _dice(w, "damage")
    shots = w.integer("shots", lo=0)
    out = HandWeapon(
        key, w.text("abbr", key), w.text("name"), w.number("ge", lo=0), damage, w.integer("to_hit", lo=2, hi=12),
        _opt(w.integer("cost", lo=-1)), shots or None, _opt(w.integer("cost_per_shot", lo=-1)),
        _opt(w.integer("loaded_cost", lo=-1)), w.number("weight", lo=0), w.text("vs_vehicles", choices=VS_VEHICLES),
        w.text("source"), w.text("damage_both", ""))
    w.done()
    return out


def _person(n: Node) -> Person:
    p = n.table("person")
    wounds, hz = p.table("wounds"), p.table("hazards")
    counter = p.array("counter")
    if len(counter) != 2 or not all(isinstance(x, (int, float)) and x > 0 for x in counter):
        raise p.error("counter", "expected [length, width] in inches")
    out = Person(
        p.integer("damage_points", lo=1), p.number("weight_lb", lo=0), p.number("speed_mph", lo=0),
        tuple(int(x) for x in p.array("crawl_phases")), p.integer("stand_up_turns", lo=0),
        p.integer("fires_per_turn", lo=0), p.integer("min_weapon_damage", lo=0), p.integer("carry_ge", lo=0),
        p.number("hand_weapon_range", lo=0), (float(counter[0]), float(counter[1])), p.number("square", lo=0.01),
        wounds.integer("wounded", lo=1), wounds.integer("unconscious", lo=1), wounds.integer("dead", lo=1),
        hz.integer("spike_roll_at_most", lo=2, hi=12), _dice(hz, "spike_damage"),
        tuple(int(x) for x in hz.array("oil_rolls")), hz.integer("stand_on_oil", lo=2, hi=12),
        hz.integer("flaming_oil_damage", lo=0), tuple(hz.names("spike_kinds")), tuple(hz.names("oil_kinds")),
        tuple(hz.names("burning_kinds")), p.integer("pack_ge", 0, lo=0), p.number("sprint_mph", 0.0, lo=0),
        p.integer("sprint_turns", 0, lo=0), p.integer("run_on_turns", 0, lo=0), p.number("rest_per_sprint", 0.0, lo=0),
        p.number("running_mph", 0.0, lo=0), p.number("top_mph", 0.0, lo=0))
    wounds.done()
    hz.done()
    p.done()
    return out


def _throw(n: Node) -> Throw:
    t = n.table("throw")
    d = t.table("direction")
    direction: dict[int, tuple[str, str]] = {}
    for face in range(1, 7):
        row = d.table(str(face))
        direction[face] = (row.text("side", choices=SIDES), row.text("along", choices=ALONG))
        row.done()
    even = d.text("either_long_on", choices=("even", "odd")) == "even"
    d.done()
    rows = []
    for r in t.tables("distance"):
        rows.append(DistanceRow(r.integer("missed_by", lo=0), _dice(r, "squares"), r.integer("at_least", lo=0)))
        r.done()
    if not rows or rows[0].missed_by != 0 or [r.missed_by for r in rows] != sorted({r.missed_by for r in rows}):
        raise t.error("distance", "rows must start at missed_by = 0 and rise")
    fuse = t.array("fuse_seconds")
    out = Throw(t.integer("need", lo=2, hi=12), t.integer("exact_on", lo=2, hi=12), t.number("max_range", lo=0),
                t.integer("point_blank_max_squares", lo=0), _rule(t, "moving_vehicle"), t.integer("flight_turns", lo=0),
                (int(fuse[0]), int(fuse[1])), _dice(t, "bounce"), t.integer("from_vehicle_disaster_at_most", lo=0),
                MappingProxyType(direction), even, tuple(rows), t.text("source"))
    t.done()
    return out


def load_people(path: Path) -> PeopleTables:
    n = Node(load_toml(path), str(path))
    person = _person(n)
    v = n.table("vehicles")
    times = VehicleTimes(v.integer("dismount_turns", lo=0), v.integer("open_door_turns", lo=0),
                         v.integer("mount_cycle_turns", lo=0), v.integer("start_turns", lo=0),
                         v.number("max_exit_mph", lo=0), v.text("source"))
    v.done()
    j = n.table("jump")
    try:
        dm = Fraction(j.text("jumper_dm"))
    except (ValueError, ZeroDivisionError):
        raise j.error("jumper_dm", "expected a fraction such as \"1\" or \"1/5\"") from None
    jump = Jump(j.number("on_road_slower_mph", lo=0), j.number("off_road_slower_mph", lo=0),
                j.text("off_road_as", choices=("sideswipe", "ram")), dm, j.text("source"))
    j.flag("lands_adjacent")
    j.done()
    b = n.table("boarding")
    boarding = tuple((float(lo), need) for lo, need in b.pairs("rows"))
    side_extra, fail = b.number("side_extra_mph", lo=0), b.number("failure_slower_mph", lo=0)
    tractor_extra = b.number("tractor_extra_mph", lo=0)
    riding = None
    if b.has("stay_on_base"):
        riding = Riding(tractor_extra, b.integer("reach_top_turns", lo=0), b.integer("stay_on_base", lo=2, hi=12),
                        b.number("stay_on_per_mph", lo=1), b.integer("hazard_d", lo=1), b.integer("maneuver_d", lo=1),
                        b.text("source"))
    b.done()
    f = n.table("firer")
    firer = {k: _rule(f, k) for k in ("driver", "gunner", "passenger", "pedestrian", "braced", "unskilled")}
    handgunner = f.text("handgunner_source")
    f.done()
    c = n.table("cover")
    cover = {k: _rule(c, k) for k in ("prone_open", "partial", "firing")}
    full = c.text("full_source")
    c.done()
    pbv = n.table("point_blank_vehicle")
    point_blank = Rule(pbv.integer("damage", lo=0), pbv.text("source"))
    pbv.done()
    weapons = {key: _hand_weapon(key, w) for key, w in n.table("hand_weapon").items()}
    armor = {}
    for key, a in n.table("armor").items():
        armor[key] = Armor(key, a.text("name"), a.integer("cost", lo=0), a.integer("dp", lo=0), a.number("weight", lo=0),
                           a.flag("stops_collisions"), a.flag("stops_fire"), a.number("speed_loss_mph", lo=0),
                           a.text("source"))
        a.done()
    gear = {}
    for key, g in n.table("gear").items():
        gear[key] = Gear(key, g.text("name"), g.integer("cost", lo=0), g.number("ge", lo=0), g.number("weight", lo=0),
                         g.text("source"), _ge_by_weapon(g, weapons))
        g.integer("to_hit", 0)
        g.done()
    throw = _throw(n)
    grenades = {}
    for key, g in n.table("grenade").items():
        grenades[key] = GrenadeType(key, g.text("name"), g.integer("cost", lo=0), _dice_or_none(g, "people"),
                                    g.number("person_radius", lo=0), _dice_or_none(g, "vehicles"),
                                    g.number("vehicle_radius", lo=0), g.text("source"),
                                    g.text("cloud", "", choices=("", "smoke", "paint", "flaming_oil")), g.number("cloud_inches", 0.0, lo=0),
                                    g.number("puts_out_within", 0.0, lo=0), g.integer("puts_out_on", 0, lo=0, hi=6),
                                    g.number("blind_radius", 0.0, lo=0), g.integer("blind_turns", 0, lo=0),
                                    tuple(g.names("blind_doubled_by")) if g.has("blind_doubled_by") else (),
                                    g.number("paints_within", 0.0, lo=0))
        g.done()
    fuse = n.table("impact_fuse")
    fuse_cost = fuse.integer("cost", lo=0)
    fuse.done()
    kit = n.table("loadout")
    weapon = kit.text("weapon", choices=tuple(weapons))
    kit_grenades = tuple(kit.names("grenades"))
    for name in kit_grenades:
        if name not in grenades:
            raise kit.error("grenades", f"no grenade type {name!r}")
    kit.done(("source", "title", "note", "reconstructed"))
    e = n.table("effects")
    effects = Effects(e.number("area_radius", lo=0), tuple(e.names("area_full_damage")), _dice(e, "burst_people"),
                      e.number("burst_radius", lo=0), e.text("source"))
    e.done()
    gas = _tear_gas(n.table("tear_gas"), gear) if n.has("tear_gas") else None
    hth = None
    if n.has("hand_to_hand"):
        h = n.table("hand_to_hand")
        hth = HandToHand(h.integer("to_hit", lo=2, hi=12), _dice(h, "fist"), _dice(h, "heavy"), _dice(h, "vehicle"),
                         h.text("spiked_gear"), h.integer("spiked_extra", lo=0), h.text("source"))
        if hth.spiked_gear not in gear:
            raise h.error("spiked_gear", f"no gear {hth.spiked_gear!r}")
        h.done()
    martial = _martial_arts(n.table("martial_arts")) if n.has("martial_arts") else None
    reload = None
    if n.has("reload"):
        r = n.table("reload")
        reload = Reload(r.integer("turns", lo=1), r.text("clip"), r.text("source"))
        if reload.clip not in gear:
            raise r.error("clip", f"no gear {reload.clip!r}")
        r.done()
    dropping = _dropping_on(n.table("dropping_on")) if n.has("dropping_on") else None
    n.done()
    return PeopleTables(person, times, jump, boarding, side_extra, fail, MappingProxyType(firer), handgunner,
                        MappingProxyType(cover), full, point_blank, MappingProxyType(weapons), MappingProxyType(armor),
                        MappingProxyType(gear), throw, MappingProxyType(grenades), fuse_cost, weapon, kit_grenades,
                        effects, gas, hth, riding=riding, reload=reload, dropping_on=dropping, martial_arts=martial)


def _martial_arts(m: Node) -> MartialArts:
    rows = [tuple(m.array(k)) for k in ("to_hit", "damage", "attacks")]
    if len({len(r) for r in rows}) != 1 or not all(isinstance(x, int) and x >= 0 for r in rows for x in r):
        raise m.error(None, "to_hit, damage and attacks are lists of the same length of whole numbers 0 or more")
    out = MartialArts(rows[0], rows[1], rows[2], m.integer("cycle_from", lo=0, hi=len(rows[0]) - 1), m.text("source"))
    m.done()
    return out


def _needs(node: Node, key: str) -> Mapping[str, int]:
    """A table of name = 2d need (2-12, or -1 for impossible)."""
    out = node.int_map(key)
    for k, need in out.items():
        if need != -1 and not 2 <= need <= 12:
            raise node.error(f"{key}.{k}", f"expected a 2d need from 2 to 12 (or -1: impossible), found {need}")
    return MappingProxyType(out)


def _dropping_on(d: Node) -> DroppingOn:
    kinds = {k.value for k in Kind}
    by_kind = _needs(d, "by_kind")
    for k in by_kind:
        if k not in kinds:
            raise d.error(f"by_kind.{k}", f"unknown vehicle kind {k!r}; known: {', '.join(sorted(kinds))}")
    speed = tuple((float(start), mod) for start, mod in d.pairs("speed"))
    if not speed or any(b[0] <= a[0] for a, b in zip(speed, speed[1:], strict=False)):
        raise d.error("speed", "expected rows [from mph, added to the roll] in rising mph")
    out = DroppingOn(by_kind, _needs(d, "by_body"), d.integer("car", lo=2, hi=12), tuple(d.names("tanker_bodies")),
                     d.integer("tanker", lo=2, hi=12), MappingProxyType(d.int_map("failure_times")),
                     d.integer("bad_weather", hi=0), speed, d.number("beyond_mph", lo=0),
                     d.integer("per_10_mph_beyond", hi=0),
                     d.integer("vehicle_to_vehicle", hi=0), d.number("climb_reach_in", lo=0),
                     d.number("drop_reach_in", lo=0), d.text("source"))
    d.done()
    return out


def _tear_gas(g: Node, gear: Mapping[str, Gear]) -> TearGas:
    results = []
    for r in g.tables("results"):
        results.append(GasResult(r.integer("at_most", lo=1, hi=6), r.text("effect"), r.integer("turns", lo=0),
                                 r.integer("to_hit", hi=0), r.number("crawl_mph", 0.0, lo=0)))
        r.done()
    if not results or results[-1].at_most != 6 or [r.at_most for r in results] != sorted(r.at_most for r in results):
        raise g.error("results", "expected rows by 1d in order, the last at_most = 6")
    immune = tuple(g.names("immune_gear"))
    for name in immune:
        if name not in gear:
            raise g.error("immune_gear", f"no gear {name!r}")
    out = TearGas(tuple(results), immune, g.text("source"))
    g.done()
    return out


@lru_cache(maxsize=1)
def people_tables() -> PeopleTables:
    """The shipped tables of people on foot (loaded once)."""
    return load_people(DATA_DIR / "people.toml")
