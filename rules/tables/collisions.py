"""The collision and terrain tables (rules/data/collisions.toml, terrain.toml), typed and validated:
damage modifiers, the Temporary Speed Table, collision hazards and concussion, fixed objects, debris,
off-road, ditches, water, jumps and falls. The rules that use them are in rules/driving/collisions.py."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from rules.core.dice import DiceExpr
from rules.core.geometry import CounterSize
from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml

_EXTRA_KEYS = ("source", "title", "note", "reconstructed")
_FACTORS = {Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1)}
_DITCH_KEYS = ("small_max_ft", "small_slow_max_mph", "small_slow_d", "small_fast_d", "medium_max_ft",
               "impassable_max_mph", "medium_fast_mph", "medium_slow_d", "medium_fast_d")
_WATER_KEYS = ("max_depth_ft", "max_depth_or_ft", "hazard_over_ft", "hazard_d", "drag_mph_per_step", "drag_step_ft",
               "or_drag_over_ft", "or_drag_mph", "max_maneuver_d", "tires_untargetable_over_ft",
               "tire_to_hit_over_ft", "tire_to_hit", "dropped_weapon_fail_on")
_JUMP_KEYS = ("poor_factor", "min_mph", "feet_per_10mph", "landing_d", "landing_ft_per_d", "downslope", "upslope",
              "tire_check_fail_on", "tire_damage")
_FACES = ("front", "back", "left", "right", "top", "underbody")


@dataclass(frozen=True)
class CollisionData:
    dm_bands: tuple[tuple[int, Fraction], ...]
    dm_step_lb: int
    pedestrian_dm: Fraction
    swipe_divisor: int
    swipe_round_mph: int
    sideswipe_max_deg: float
    rear_end_max_deg: float
    concussion_mph_per_point: int
    stunned_driver_hazard: int
    concussion_devices: dict[str, int]
    object_dm: Fraction
    breach_width_in: float
    sections_to_pass: int
    debris_tire_damage: DiceExpr
    obstacle_tire_damage: DiceExpr
    debris_counter: CounterSize
    debris_at_damage: int
    obstacle_at_damage: int
    explosion_counters: int
    tst_round_mph: int
    tst_columns: tuple[Fraction, ...]
    tst_rows: dict[Fraction, tuple[Fraction, ...]]
    spike_dice: DiceExpr
    spike_pedestrian_factor: int
    ramplate_deals_factor: int
    ramplate_takes_divisor: int
    steamroller_normal_max: int
    steamroller_victims: dict[str, tuple[str, ...]]
    steamroller_hazard: dict[str, int]
    spike_accessory: str = ""       # the accessories on the sheet that act in a ram (000:L2518, L2540)
    ramplate_accessory: str = ""


def _fraction(node: Node, key: str, text: object) -> Fraction:
    try:
        value = Fraction(str(text))
    except (ValueError, ZeroDivisionError):
        raise node.error(key, f"{text!r} is not a number or fraction like \"2/3\"") from None
    if value < 0:
        raise node.error(key, f"{text!r} is negative")
    return value


def _dice(node: Node, key: str) -> DiceExpr:
    try:
        return DiceExpr.parse(node.text(key))
    except ValueError as exc:
        raise node.error(key, str(exc)) from None


def _name_lists(node: Node, key: str) -> dict[str, tuple[str, ...]]:
    out = {}
    for name, value in node.raw(key).items():
        if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise node.error(key, f"{name}: expected a list of names")
        out[str(name)] = tuple(value)
    return out


def _name_ints(node: Node, key: str) -> dict[str, int]:
    out = {}
    for name, value in node.raw(key).items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise node.error(key, f"{name}: expected an integer")
        out[str(name)] = value
    return out


def load_collision_data(path: Path) -> CollisionData:
    n = Node(load_toml(path), str(path))
    dm, cs, cl, cc = n.table("damage_modifier"), n.table("collision_speed"), n.table("classifier"), n.table("concussion")
    fo, de, ob, ts = n.table("fixed_object"), n.table("debris"), n.table("obstacle"), n.table("temporary_speed")
    ac, sr = n.table("accessories"), n.table("steamroller")
    bands = []
    for i, band in enumerate(dm.array("bands")):
        if not (isinstance(band, list) and len(band) == 2 and isinstance(band[0], int)):
            raise dm.error("bands", f"band {i + 1}: expected [heaviest lb, \"DM\"]")
        bands.append((band[0], _fraction(dm, "bands", band[1])))
    if [b[0] for b in bands] != sorted(b[0] for b in bands):
        raise dm.error("bands", "weights must rise")
    devices = _name_ints(cc, "device_bonus")
    counter = de.array("counter")
    if len(counter) != 2 or not all(isinstance(x, (int, float)) and x > 0 for x in counter):
        raise de.error("counter", "expected [length, width] in inches")
    columns = tuple(_fraction(ts, "columns", c) for c in ts.array("columns"))
    rows: dict[Fraction, tuple[Fraction, ...]] = {}
    for r in ts.tables("row"):
        key = _fraction(r, "dm", r.text("dm"))
        factors = tuple(_fraction(r, "factors", f) for f in r.array("factors"))
        if len(factors) != len(columns):
            raise r.error("factors", f"expected {len(columns)} factors, found {len(factors)}")
        for f in factors:
            if f not in _FACTORS:
                raise r.error("factors", f"{f} is not one of 0, 1/4, 1/2, 3/4, 1")
        if key in rows:
            raise r.error("dm", f"DM {key} appears twice")
        rows[key] = factors
        r.done(_EXTRA_KEYS)
    if set(rows) != set(columns):
        raise ts.error("row", "the rows must be the same DMs as the columns")
    out = CollisionData(
        tuple(bands), dm.integer("step_lb", lo=1), _fraction(dm, "pedestrian", dm.text("pedestrian")),
        cs.integer("swipe_divisor", lo=1), cs.integer("swipe_round_mph", lo=1),
        cl.number("sideswipe_max_deg", lo=0, hi=45), cl.number("rear_end_max_deg", lo=0, hi=180),
        cc.integer("mph_per_point", lo=1), cc.integer("stunned_driver_hazard", lo=0), devices,
        _fraction(fo, "object_dm", fo.text("object_dm")), fo.number("breach_width_in", lo=0),
        fo.integer("sections_to_pass", lo=1),
        _dice(de, "tire_damage"), _dice(ob, "tire_damage"), CounterSize(float(counter[0]), float(counter[1])),
        de.integer("produced_at_damage", lo=1), ob.integer("produced_at_damage", lo=1),
        de.integer("explosion_counters", lo=0),
        ts.integer("round_mph", lo=1), columns, rows,
        _dice(ac, "bumper_spike_dice"), ac.integer("bumper_spike_pedestrian_factor", lo=1),
        ac.integer("ramplate_deals_factor", lo=1), ac.integer("ramplate_takes_divisor", lo=1),
        sr.integer("normal_max_roll", lo=0, hi=6), _name_lists(sr, "victims"), _name_ints(sr, "hazard"),
        spike_accessory=ac.text("bumper_spike_accessory"), ramplate_accessory=ac.text("ramplate_accessory"),
    )
    fo.done((*_EXTRA_KEYS, "object_dm_note"))
    for sub in (dm, cs, cl, cc, de, ob, ts, ac, sr):
        sub.done(_EXTRA_KEYS)
    n.done(_EXTRA_KEYS)
    return out


@lru_cache(maxsize=1)
def collision_data() -> CollisionData:
    return load_collision_data(DATA_DIR / "collisions.toml")


@dataclass(frozen=True)
class FallRow:
    height_in: float
    phases: int
    damage: DiceExpr


@dataclass(frozen=True)
class TerrainData:
    feet_per_inch: float
    off_road_crash_modifier: int
    off_road_hc_penalty: dict[str, int]
    damage_min_mph: float
    damage_second_roll_mph: float
    damage_extra_roll_mph: float
    underbody_rolls: tuple[int, ...]
    tire_rolls: tuple[int, ...]
    damage_points: int
    racing_slick_factor: int
    no_underbody: tuple[str, ...]
    ditch: dict[str, float]
    water: dict[str, float]
    dropped_weapon_damage: DiceExpr
    jump_out_mph_less: float
    rolling_off_road_damage: DiceExpr
    jump_good_angle: tuple[float, float]
    jump_poor_angles: tuple[tuple[float, float], ...]
    jump: dict[str, float]
    tire_check_exempt: tuple[str, ...]
    falling: tuple[FallRow, ...]
    edge_roll_fire_on: int = 4
    nose_over_damage: DiceExpr = DiceExpr(1)
    nose_over_side: str = "front"
    plant_out_decel: float = 5.0


def _numbers(node: Node, keys: Sequence[str]) -> dict[str, float]:
    return {k: node.number(k) for k in keys}


def _ints(node: Node, key: str) -> tuple[int, ...]:
    v = node.array(key)
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        raise node.error(key, "expected a list of integers")
    return tuple(v)


def _texts(node: Node, key: str) -> tuple[str, ...]:
    v = node.array(key)
    if not all(isinstance(x, str) for x in v):
        raise node.error(key, "expected a list of names")
    return tuple(v)


def _pair(node: Node, key: str, v: object) -> tuple[float, float]:
    if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, (int, float)) for x in v)):
        raise node.error(key, "expected [low, high]")
    return float(v[0]), float(v[1])


def load_terrain_data(path: Path) -> TerrainData:
    n = Node(load_toml(path), str(path))
    orr, dt, wa = n.table("off_road"), n.table("ditch"), n.table("water")
    jo, ro, ju, fa = n.table("jump_out"), n.table("rolling"), n.table("jump"), n.table("falling")
    po = n.table("plant_out")
    hc, dmg = orr.table("hc_penalty"), orr.table("damage")
    penalty = {}
    for k in list(hc.data):
        penalty[k] = hc.integer(k, lo=0)
    rows = []
    for r in fa.tables("row"):
        rows.append(FallRow(r.number("height_in", lo=0), r.integer("phases", lo=1), _dice(r, "damage")))
        r.done(_EXTRA_KEYS)
    if [x.height_in for x in rows] != sorted(x.height_in for x in rows) or not rows:
        raise fa.error("row", "heights must rise")
    out = TerrainData(
        n.number("feet_per_inch", lo=0), orr.integer("crash_modifier"), penalty,
        dmg.number("min_mph"), dmg.number("second_roll_mph"), dmg.number("extra_roll_mph", lo=1),
        _ints(dmg, "underbody_rolls"), _ints(dmg, "tire_rolls"), dmg.integer("points"),
        dmg.integer("racing_slick_factor"), _texts(dmg, "no_underbody"),
        _numbers(dt, _DITCH_KEYS), _numbers(wa, _WATER_KEYS), _dice(wa, "dropped_weapon_damage"),
        jo.number("off_road_mph_less"), _dice(ro, "off_road_damage"),
        _pair(ju, "good_angle", ju.array("good_angle")),
        tuple(_pair(ju, "poor_angles", p) for p in ju.array("poor_angles")),
        _numbers(ju, _JUMP_KEYS), _texts(ju, "tire_check_exempt"), tuple(rows),
        fa.integer("edge_roll_fire_on", lo=1, hi=7), _dice(fa, "nose_over_damage"),
        fa.text("nose_over_side", choices=_FACES), po.number("decel_mph_per_turn", lo=0),
    )
    for sub in (hc, dmg, orr, dt, wa, jo, ro, ju, fa, po):
        sub.done(_EXTRA_KEYS)
    n.done(_EXTRA_KEYS)
    return out


@lru_cache(maxsize=1)
def terrain_data() -> TerrainData:
    return load_terrain_data(DATA_DIR / "terrain.toml")












