"""To-hit: the 2d roll a shot needs and every modifier behind it, each with its rule line.

Pure functions over plain values: the engine (or the `to_hit` query op) describes the shot in a
`Shot`, and `to_hit` answers the number needed and the itemised modifiers. The numbers live in
rules/data/combat.toml (loaded here as `CombatTables`); the crash-table fire penalties come from
rules/data/crash_tables.toml.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from rules.core.dice import DiceExpr
from rules.core.errors import DataError
from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml
from rules.tables.construction import design_tables
from rules.tables.movement import tables

FACES = ("front", "back", "left", "right")
ARC_GROUPS = ("front", "back", "side")


# --- tables ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """A number from the rulebook with the line that states it."""

    value: int
    source: str


@dataclass(frozen=True)
class TargetType:
    front_back: int
    side: int
    source: str


@dataclass(frozen=True)
class FireEntry:
    modifier: int
    duration: int
    source: str


@dataclass(frozen=True)
class DroppedKind:
    name: str
    size: tuple[float, float]
    lasts: int
    source: str
    maneuver_d: int = 0
    hazard_d: int = 0
    drive_on_d: int = 0
    maneuver_hazard_d: int = 0
    ignites_after_phases: int = 0
    damage: DiceExpr | None = None
    becomes: str = ""
    trigger_on: int = 0
    trigger_adjacent_on: int = 0
    tire_damage: DiceExpr | None = None
    tire_reach: float = 0.0
    underbody_damage: DiceExpr | None = None
    enemy_fire: bool = False
    blocks_lasers: bool = False
    paints_windows: bool = False
    paint_turns: int = 0
    weapons: tuple[str, ...] = ()
    ammo: tuple[str, ...] = ()          # munitions ([ammo.*] keys) that make those weapons lay this kind instead
    sizes: tuple[tuple[str, tuple[float, float]], ...] = ()   # (weapon, size) where a weapon's counter differs
    per_drop: int = 1                   # counters laid by one shot (junk dropper: two debris)
    fire_source: str = ""               # [fire_table] row of a vehicle touching it while it burns
    exposed_damage: DiceExpr | None = None   # to every exposed location while it burns (flame clouds)
    cloud_while_burning: bool = False   # blocks fire like smoke while alight (burning oil)
    spares_owner: bool = False          # the dropping vehicle's own tires are safe (drop-spike plate)
    solid_tire_damage: DiceExpr | None = None   # in place of tire_damage for these tire types:
    solid_tires: tuple[str, ...] = ()   # construction/tires.toml [tire.*] keys (solid, plasticore)
    melted_by: tuple[str, ...] = ()     # burning kinds that melt it where they overlap (ice)
    spared_by: str = ""                 # an accessory that keeps it off (paint: the no-paint windshield)
    detonated_by: tuple[str, ...] = ()  # burning kinds, or "burning_vehicle", that set it off at a phase's end
    laid_on_hit: bool = False           # fired at a target and laid on it only on a hit (cloud bomb)
    detonates_after_phases: int = 0     # goes off by itself this many phases after it is laid, then is gone
    detonation_damage: DiceExpr | None = None   # to every exposed location in or touching it then
    lines: tuple[str, ...] = ()         # weapons whose counter is a line straight out from their side (streamers)


@dataclass(frozen=True)
class CombatTables:
    cannot_hit_at: int
    to_hit_source: str
    point_blank_below: float
    point_blank: int
    long_step: float
    long_per_step: int
    range_source: str
    speed_bands: tuple[tuple[float, Rule], ...]
    speed_source: str
    relative_speed: dict[str, dict[str, tuple[float, float]]]
    relative_source: str
    modifiers: dict[str, Rule]
    targets: dict[str, TargetType]
    ammo: dict[str, Rule]
    harmless_ammo: frozenset[str]   # munitions that do no damage (paint pellets, smoke rockets)
    metal_loss_face: int
    metal_loss_face_burst: int
    lr_divisor: int
    metal_collision_factor: int
    metal_collision_max_loss: float
    armor_source: str
    cycle_end: tuple[tuple[int, str], ...]
    cycle_side: tuple[tuple[int, str], ...]
    cycle_source: str
    trike_front_wheel_from: int
    trike_source: str
    tire_shields: dict[str, tuple[int, bool, str]]
    crew_dp: int
    crew_unconscious_at: int
    body_armor_dp: int
    crew_source: str
    safety_seat: str            # the accessory id of a safety seat on the record sheet
    safety_seat_divisor: int
    safety_seat_source: str
    fire: dict[str, float]
    component_fire_weapons: frozenset[str]          # weapons whose being hit may start a fire (000:L984)
    volatile: frozenset[str]
    explosion_damage: DiceExpr
    fire_source: str
    extinguishers: dict[str, tuple[int, int, str]]
    extinguisher_items: dict[str, str]
    computers: dict[str, tuple[str, bool, str]]   # accessory -> (bonus: targeting/hi_res/cyberlink, one weapon, rule)
    fire_table: dict[str, FireEntry]
    adjacent: float
    dropped_source: str
    dropped: dict[str, DroppedKind] = field(default_factory=dict)
    recheck_phases: int = 5                         # a damaging liquid rolls again after this many phases (000:L1047)
    recheck_source: str = "000:L1047"
    slick_factor: int = 2                           # racing slicks: damage from these counters multiplied (000:L1835)
    slick_mod: str = "racing_slick"                 # the tire modification (construction/tires.toml [mod.*])
    slick_kinds: frozenset[str] = frozenset()
    slick_source: str = "000:L1835"
    slick_surface_d: int = 4                        # racing slicks: maneuvers on oil or ice at +D4, not +D2 (000:L1835)
    slick_hit_d: int = 3                            # ... and just running onto oil or ice is a D3 hazard
    slick_surface_kinds: frozenset[str] = frozenset()
    debris_from_damage: int = 10
    obstacle_from_damage: int = 20
    debris_scatter: DiceExpr = field(default_factory=lambda: DiceExpr(1))
    debris_scatter_step: float = 0.5
    debris_source: str = "000:L499"
    uncontrolled_decel: int = 5
    cycle_crash_table: int = 1
    cycle_crash_modifier: int = 4
    uncontrolled_source: str = "000:L977-L978"
    substitute_roles: tuple[str, ...] = ()
    cycle_substitute_roles: tuple[str, ...] = ()
    sidecar_wheel: str = "S"
    sidecar_cycle_on: int = 4                       # 1d: a shot from the sidecar's side hits the cycle on 1-4 (000:L838)
    substitute_d: int = 2
    substitute_source: str = "000:L979-L982"
    front_seat_substitutes: int = 1
    seat_change_turns: int = 5
    collapse_dice_per_dp: int = 1                   # a falling building: 1d per DP to all inside (000:L1203)
    trapped_turns_per_dp: int = 1                   # a car's crew shut in under the rubble (000:L1204)
    map_breach_width: float = 0.25                  # the gap a weapon's breach cuts (reading CB42)
    map_fire_source: str = "000:L1200-L1206"
    collapse_debris: int = 12                       # debris counters a falling building scatters (000:L1208)
    collapse_redrops: int = 3                       # drops again for one that misses the street (reading CB45)
    roll_cage: str = "roll_cage"                     # the accessory id of a roll cage on the record sheet
    roll_cage_ram_divisor: int = 2                  # internal components' share of a ram (000:L2595)
    roll_cage_source: str = "000:L2595"
    pod_near_miss: int = 2                           # a shot at a pod missing by this much hits the car (000:L2979)
    pod_source: str = "000:L2529"
    pod_near_miss_source: str = "000:L2979"
    pod_torn_off_source: str = "000:L2980"
    pod_collision_source: str = "000:L2980"
    pod_lone_source: str = "000:L2983"
    metal_loss_by_ammo: dict[str, int] = field(default_factory=dict)   # HESH/HEAT against metal (000:L2502-L2503)
    metal_loss_ammo_source: str = ""
    fireproof_less: dict[str, Rule] = field(default_factory=dict)      # incendiary vs fireproof armor (000:L2506)
    tires_and_people_only: frozenset[str] = frozenset()                # flechette gun (000:L2415)
    tires_and_people_source: str = ""
    stealthkote: str = ""                                               # its accessory id on the sheet
    stealthkote_dp: int = 0                                             # DP it adds to its side (000:L2597)
    stealthkote_source: str = ""
    no_point_blank: frozenset[str] = frozenset()                        # weapons denied the point-blank bonus
    no_point_blank_source: str = ""
    pillion_cyclist_on: int = 6                                         # 1d: a cycle's "driver" hit is the cyclist's
    pillion_source: str = ""

    def mod(self, name: str) -> Rule:
        return self.modifiers[name]


def _dice(node: Node, key: str) -> DiceExpr | None:
    if not node.has(key):
        return None
    text = node.text(key)
    try:
        return DiceExpr.parse(text)
    except ValueError as exc:
        raise node.error(key, str(exc)) from None


def _bands(node: Node, key: str) -> tuple[tuple[float, Rule], ...]:
    out = []
    last = -1.0
    for row in node.tables(key):
        lo = row.number("from", lo=0)
        if lo <= last:
            raise row.error("from", "bands must go up in speed")
        out.append((lo, Rule(row.integer("value"), row.text("source"))))
        last = lo
        row.done()
    return tuple(out)


def _ranked(node: Node, key: str) -> tuple[tuple[int, str], ...]:
    out = []
    for i, row in enumerate(node.array(key)):
        if not (isinstance(row, list) and len(row) == 2 and isinstance(row[0], int) and isinstance(row[1], str)):
            raise node.error(key, f"row {i + 1}: expected [highest roll, result]")
        out.append((row[0], row[1]))
    return tuple(out)


def _harmless(node: Node) -> frozenset[str]:
    names = frozenset(str(x) for x in node.array("names"))
    node.text("source")
    node.done()
    return names


def _rules(node: Node, value_key: str) -> dict[str, Rule]:
    out = {}
    for name, sub in node.items():
        out[name] = Rule(sub.integer(value_key), sub.text("source"))
        sub.done()
    return out


def _relative(node: Node) -> dict[str, dict[str, tuple[float, float]]]:
    out: dict[str, dict[str, tuple[float, float]]] = {}
    for row in ARC_GROUPS:
        r = node.table(row)
        out[row] = {}
        for col in ARC_GROUPS:
            cell = r.array(col)
            if len(cell) != 2 or not all(isinstance(x, (int, float)) for x in cell):
                raise r.error(col, "expected [factor on target speed, factor on firer speed]")
            out[row][col] = (float(cell[0]), float(cell[1]))
        r.done()
    return out


BURNING_VEHICLE = "burning_vehicle"   # in a kind's detonated_by: a vehicle on fire above the counter


def _sizes(k: Node) -> tuple[tuple[str, tuple[float, float]], ...]:
    """Per-weapon counter sizes of a dropped kind: { ABBR = [length, width] }."""
    out = []
    for abbr, size in k.table("sizes", {}).data.items():
        if not (isinstance(size, list) and len(size) == 2 and all(isinstance(x, (int, float)) and x > 0 for x in size)):
            raise k.error("sizes", f"{abbr}: expected [length, width] in inches")
        out.append((str(abbr), (float(size[0]), float(size[1]))))
    return tuple(out)


def _dropped(node: Node) -> dict[str, DroppedKind]:
    out = {}
    for name, k in node.items():
        size = k.array("size")
        if len(size) != 2 or not all(isinstance(x, (int, float)) and x > 0 for x in size):
            raise k.error("size", "expected [length, width] in inches")
        out[name] = DroppedKind(
            name, (float(size[0]), float(size[1])), k.integer("lasts", lo=-1), k.text("source"),
            maneuver_d=k.integer("maneuver_d", 0), hazard_d=k.integer("hazard_d", 0),
            drive_on_d=k.integer("drive_on_d", 0), maneuver_hazard_d=k.integer("maneuver_hazard_d", 0),
            ignites_after_phases=k.integer("ignites_after_phases", 0), damage=_dice(k, "damage"),
            becomes=k.text("becomes", ""), trigger_on=k.integer("trigger_on", 0, lo=0, hi=6),
            trigger_adjacent_on=k.integer("trigger_adjacent_on", 0, lo=0, hi=6), tire_damage=_dice(k, "tire_damage"),
            tire_reach=k.number("tire_reach", 0.0), underbody_damage=_dice(k, "underbody_damage"),
            enemy_fire=k.flag("enemy_fire", False), blocks_lasers=k.flag("blocks_lasers", False),
            paints_windows=k.flag("paints_windows", False), paint_turns=k.integer("paint_turns", 0),
            weapons=tuple(str(w) for w in k.array("weapons", [])), ammo=tuple(str(a) for a in k.array("ammo", [])),
            sizes=_sizes(k), per_drop=k.integer("per_drop", 1, lo=1), fire_source=k.text("fire_source", ""),
            exposed_damage=_dice(k, "exposed_damage"), cloud_while_burning=k.flag("cloud_while_burning", False),
            spares_owner=k.flag("spares_owner", False), solid_tire_damage=_dice(k, "solid_tire_damage"),
            solid_tires=tuple(str(x) for x in k.array("solid_tires", [])),
            melted_by=tuple(str(m) for m in k.array("melted_by", [])), spared_by=k.text("spared_by", ""),
            detonated_by=tuple(str(m) for m in k.array("detonated_by", [])),
            laid_on_hit=k.flag("laid_on_hit", False),
            detonates_after_phases=k.integer("detonates_after_phases", 0, lo=0),
            detonation_damage=_dice(k, "detonation_damage"),
            lines=tuple(str(w) for w in k.array("lines", [])),
        )
        k.done()
    for name, kind in out.items():
        for key, names in (("melted_by", kind.melted_by), ("detonated_by", kind.detonated_by)):
            for m in names:
                if m not in out and not (key == "detonated_by" and m == BURNING_VEHICLE):
                    raise DataError(node.path, f"{node.where}.{name}.{key}", f"unknown counter kind {m!r}")
        if kind.becomes and kind.becomes not in out:
            raise DataError(node.path, f"{node.where}.{name}.becomes", f"unknown counter kind {kind.becomes!r}")
    return out


def load_combat(path: Path = DATA_DIR / "combat.toml") -> CombatTables:
    n = Node(load_toml(path), str(path))
    th, rg, sp, rs = n.table("to_hit"), n.table("range"), n.table("speed"), n.table("relative_speed")
    th.integer("roll_dice")
    targets = {}
    tt = n.table("target")
    for name, t in tt.items():
        targets[name] = TargetType(t.integer("front_back"), t.integer("side"), t.text("source"))
        t.done()
    ar, cl, tl, ts, cr = n.table("armor"), n.table("cycle_location"), n.table("trike_location"), \
        n.table("tire_shield"), n.table("crew")
    shields = {}
    for name, s in ts.items():
        shields[name] = (s.integer("takes_on", lo=0, hi=6), s.flag("side_only", False), s.text("source"))
        s.done()
    fi = n.table("fire")
    fire = {k: fi.number(k) for k in (
        "check_dice", "gas_engine_hit", "gas_tank_breached", "component_chance", "component_chance_hot",
        "burn_hits", "explode_on", "explode_on_gas_and_volatile", "explosion_radius", "explosion_debris",
        "engine_points", "engine_points_chance", "engine_half_chance", "engine_hot_bonus")}
    explosion = _dice(fi, "explosion_damage") or DiceExpr(0)
    ex = {}
    ex_items: dict[str, str] = {}
    for name, e in n.table("extinguisher").items():
        ex[name] = (e.integer("chance", lo=0, hi=6), e.integer("gas_chance", lo=0, hi=6), e.text("source"))
        ex_items[name] = e.text("accessory")
        e.done()
    computers = {}
    for name, e in n.table("computer").items():
        computers[name] = (e.text("bonus", choices=("targeting", "hi_res", "cyberlink")), e.flag("one_weapon"),
                           e.text("source"))
        e.done()
    ft = {}
    for name, e in n.table("fire_table").items():
        ft[name] = FireEntry(e.integer("modifier", lo=0), e.integer("duration", lo=0), e.text("source"))
        e.done()
    dr, db, un, mf = n.table("dropped"), n.table("debris"), n.table("uncontrolled"), n.table("map_fire")
    rc, pd = n.table("roll_cage"), n.table("pod")
    tp, sk = n.table("tires_and_people_only"), n.table("stealthkote")
    out = CombatTables(
        cannot_hit_at=th.integer("cannot_hit_at"), to_hit_source=th.text("source"),
        point_blank_below=rg.number("point_blank_below", lo=0), point_blank=rg.integer("point_blank"),
        long_step=rg.number("long_step", lo=0.25), long_per_step=rg.integer("long_per_step"),
        range_source=rg.text("source"),
        speed_bands=_bands(sp, "bands"), speed_source=sp.text("source"),
        relative_speed=_relative(rs), relative_source=rs.text("source"),
        modifiers=_rules(n.table("modifier"), "value"), targets=targets,
        ammo=_rules(n.table("ammo"), "per_die"), harmless_ammo=_harmless(n.table("harmless_ammo")),
        metal_loss_face=ar.integer("metal_loss_face", lo=1, hi=6),
        metal_loss_face_burst=ar.integer("metal_loss_face_burst", lo=1, hi=6),
        lr_divisor=ar.integer("laser_reflective_divisor", lo=1), armor_source=ar.text("source"),
        metal_collision_factor=ar.integer("metal_collision_factor", lo=1),
        metal_collision_max_loss=ar.number("metal_collision_max_loss", lo=0, hi=1),
        cycle_end=_ranked(cl, "end"), cycle_side=_ranked(cl, "side"), cycle_source=cl.text("source"),
        trike_front_wheel_from=tl.integer("front_wheel_from", lo=2, hi=13), trike_source=tl.text("source"),
        tire_shields=shields,
        crew_dp=cr.integer("dp", lo=1), crew_unconscious_at=cr.integer("unconscious_at"),
        body_armor_dp=cr.integer("body_armor_dp"), crew_source=cr.text("source"),
        safety_seat=cr.text("safety_seat_accessory"), safety_seat_divisor=cr.integer("safety_seat_divisor", lo=1),
        safety_seat_source=cr.text("safety_seat_source"),
        fire=fire, volatile=frozenset(str(v) for v in fi.array("volatile")), explosion_damage=explosion,
        component_fire_weapons=frozenset(str(v) for v in fi.array("component_weapons")),
        fire_source=fi.text("source"), extinguishers=ex, extinguisher_items=ex_items, fire_table=ft,
        computers=computers,
        adjacent=dr.number("adjacent", lo=0), dropped_source=dr.text("source"), dropped=_dropped(dr.table("kind")),
        recheck_phases=dr.integer("recheck_phases", lo=1), recheck_source=dr.text("recheck_source"),
        slick_factor=dr.integer("racing_slick_factor", lo=1), slick_mod=dr.text("racing_slick_mod"),
        slick_kinds=frozenset(str(k) for k in dr.array("racing_slick_kinds")),
        slick_source=dr.text("racing_slick_source"),
        slick_surface_d=dr.integer("racing_slick_surface_d", lo=0), slick_hit_d=dr.integer("racing_slick_hit_d", lo=0),
        slick_surface_kinds=frozenset(str(k) for k in dr.array("racing_slick_surface_kinds")),
        debris_from_damage=db.integer("from_damage", lo=1), obstacle_from_damage=db.integer("obstacle_from_damage", lo=1),
        debris_scatter=_dice(db, "scatter") or DiceExpr(1),
        debris_scatter_step=db.number("scatter_step", lo=0), debris_source=db.text("source"),
        uncontrolled_decel=un.integer("decel", lo=0), cycle_crash_table=un.integer("cycle_crash_table", lo=1, hi=2),
        cycle_crash_modifier=un.integer("cycle_crash_modifier"), uncontrolled_source=un.text("source"),
        substitute_roles=tuple(str(r) for r in un.array("substitute_roles")),
        cycle_substitute_roles=tuple(str(r) for r in un.array("cycle_substitute_roles")),
        sidecar_wheel=un.text("sidecar_wheel"), substitute_d=un.integer("substitute_d", lo=0),
        sidecar_cycle_on=un.integer("sidecar_cycle_on", lo=0, hi=6),
        substitute_source=un.text("substitute_source"),
        front_seat_substitutes=un.integer("front_seat_substitutes", lo=0),
        seat_change_turns=un.integer("seat_change_turns", lo=0),
        collapse_dice_per_dp=mf.integer("collapse_dice_per_dp", lo=0),
        trapped_turns_per_dp=mf.integer("trapped_turns_per_dp", lo=0),
        map_breach_width=mf.number("breach_width_in", lo=0.01), map_fire_source=mf.text("source"),
        collapse_debris=mf.integer("collapse_debris", lo=0), collapse_redrops=mf.integer("collapse_redrops", lo=0),
        roll_cage=rc.text("accessory"), roll_cage_ram_divisor=rc.integer("ram_divisor", lo=1),
        roll_cage_source=rc.text("source"),
        pod_near_miss=pd.integer("near_miss", lo=0), pod_source=pd.text("source"),
        pod_near_miss_source=pd.text("near_miss_source"), pod_torn_off_source=pd.text("torn_off_source"),
        pod_collision_source=pd.text("collision_source"), pod_lone_source=pd.text("lone_pod_source"),
        metal_loss_by_ammo=ar.int_map("metal_loss_face_by_ammo"),
        metal_loss_ammo_source=ar.text("metal_loss_ammo_source"),
        fireproof_less=_rules(n.table("fireproof_less"), "points"),
        tires_and_people_only=frozenset(str(w) for w in tp.array("weapons")), tires_and_people_source=tp.text("source"),
        stealthkote=sk.text("accessory"), stealthkote_dp=sk.integer("dp", lo=0), stealthkote_source=sk.text("source"),
        no_point_blank=frozenset(str(w) for w in rg.array("no_point_blank", [])),
        no_point_blank_source=rg.text("no_point_blank_source", ""),
        pillion_cyclist_on=cl.integer("pillion_cyclist_on", 6, lo=0, hi=6), pillion_source=cl.text("pillion_source", ""),
    )
    for sub in (th, rg, sp, rs, tt, ar, cl, tl, ts, cr, fi, dr, db, un, mf, rc, pd, tp, sk):
        sub.done()
    n.done()
    return out


@lru_cache(maxsize=1)
def combat_tables() -> CombatTables:
    """The combat tables, loaded once."""
    return load_combat()


# --- modifiers ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Modifier:
    """One line of a to-hit calculation: what, how much, and the rule."""

    name: str
    value: int
    rule: str

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "value": self.value, "rule": self.rule}


def range_modifier(inches: float, t: CombatTables | None = None, *, point_blank: bool = True) -> Modifier | None:
    """Point blank (< 1") +4; -1 for every full 4" (000:L909-L910). Without `point_blank` (a weapon
    denied the bonus, such as the cloud bomb: 000:L2472) a shot under 1" says so at +0."""
    t = t or combat_tables()
    if inches < t.point_blank_below:
        if not point_blank:
            return Modifier("no point-blank bonus for this weapon", 0, t.no_point_blank_source)
        return Modifier("point blank", t.point_blank, "000:L909")
    steps = math.floor(inches / t.long_step + 1e-9)
    if steps <= 0:
        return None
    return Modifier(f"long range ({inches:g}\")", steps * t.long_per_step, "000:L910")


def speed_band(mph: float, t: CombatTables | None = None) -> Rule:
    """The target-speed band for an (effective) speed (000:L915-L920); value 0 below the first band."""
    t = t or combat_tables()
    out = Rule(0, t.speed_source)
    for lo, rule in t.speed_bands:
        if abs(mph) >= lo:
            out = rule
    return out


def speed_modifier(mph: float, t: CombatTables | None = None) -> int:
    return speed_band(mph, t).value


def relative_speed(firer_in: str, target_in: str, target_mph: float, firer_mph: float,
                   approaching: bool = False, t: CombatTables | None = None) -> float:
    """The speed read against the bands, from the relative-speed table (000:L844-L849).

    `firer_in`: the arc group (front/back/side) of the target that the firer is in;
    `target_in`: the arc group of the firer that the target is in. A difference counts by its size
    (option relative_speed_abs). Two vehicles closing on each other in the side/side cell use the
    target speed (000:L849 footnote).
    """
    t = t or combat_tables()
    a, b = t.relative_speed[firer_in][target_in]
    if approaching and b != 0.0 and firer_in == "side":
        return abs(target_mph)
    return abs(a * target_mph + b * firer_mph)


def worst_relative_speed(firer_in: frozenset[str], target_in: frozenset[str], target_mph: float,
                         firer_mph: float, approaching: bool = False) -> float:
    """In two arcs at once, rule for the defender: keep the reading with the larger penalty (000:L849)."""
    return max(relative_speed(a, b, target_mph, firer_mph, approaching) for a in firer_in for b in target_in)


def arc_group(face: str) -> str:
    return "side" if face in ("left", "right") else face


def target_modifier(target: str, side: str, t: CombatTables | None = None) -> Modifier | None:
    """Vehicle-type modifier for the side the shot strikes (000:L851-L858)."""
    t = t or combat_tables()
    if target not in t.targets:
        raise ValueError(f"unknown target {target!r}; known: {', '.join(sorted(t.targets))}")
    tt = t.targets[target]
    if side == "top":
        side = "front"  # a trike's top is shot at from the front or a side; the size line still applies
    value = tt.side if side in ("left", "right") else tt.front_back
    if value == 0:
        return None
    return Modifier(f"{target.replace('_', ' ')} from the {'side' if side in ('left', 'right') else side}",
                    value, tt.source)


# --- the shot -------------------------------------------------------------------------------------

COMPUTERS = {"none": "", "targeting": "targeting_computer", "hi_res": "hi_res_computer"}
SPECIFIC = {"tire": "tire", "turret": "turret", "rider": "cycle_rider", "sidecar": "sidecar", "top": "trike_top",
            "pod": "pod"}
VISIBILITY = ("clear", "rain", "heavy_rain", "fog", "night")


@dataclass(frozen=True)
class Shot:
    """Everything the to-hit roll depends on. Speeds in mph, range in inches."""

    base: int                       # the weapon's to-hit number (weapons table)
    range: float
    target: str                     # a key of [target] in combat.toml
    target_side: str = "front"      # front/back/left/right (or top for a trike)
    target_speed: float = 0.0
    firer_speed: float = 0.0
    effective_speed: float | None = None  # from the relative-speed table; None = target speed
    specific: str = ""              # tire, turret, rider, sidecar, top ("" = the vehicle)
    gunner_skill: int | None = 0    # None = no Gunner skill at all
    computer: str = "none"          # none, targeting, hi_res
    cyberlink: bool = False
    maneuver_d: int = 0             # D of the driver's maneuvers and hazards this phase
    crash_result: str = ""          # crash-table result suffered this turn, or a controlled skid "skid:0.5"
    aimed_fire: int = 0             # the same as a number (the engine's VehicleState.aimed_fire); -99 = none
    not_in_side_arc: bool = False   # the firer is outside the arc of the side he shoots at
    visibility: str = "clear"
    smoke_inches: float = 0.0       # length of smoke or paint cloud along the line of fire
    sustained: int = 1              # consecutive turns this weapon has fired at this target (this one included)
    tracer: bool = False            # tracer rounds mixed in: the third turn's sustained bonus is +3 (000:L2996)
    bad_footing: bool = False       # firer on oil, gravel or bad road
    remote_controlled: bool = False
    paint_on_windows: bool = False
    searchlight_blinded: bool = False
    rubble_cover: bool = False
    sloped_armor: bool = False
    wounded_firer: bool = False
    automatic: bool = False         # on automatic: no computer, no specific targets (000:L1025)
    laser: bool = False
    building: bool = False          # a wall or building: +10, its stillness included (000:L1200)
    stray: bool = False             # a missed shot flying on into a vehicle it was not aimed at (000:L1217)
    cupola_gunner: bool = False     # the cupola's gunner firing its weapon: +1 (000:L2519)
    no_point_blank: bool = False    # a weapon denied the point-blank bonus (cloud bomb, 000:L2472)


@dataclass(frozen=True)
class ToHit:
    need: int
    modifiers: tuple[Modifier, ...]
    allowed: bool = True            # False: no aimed fire is possible (reason in `why`)
    why: str = ""

    @property
    def total(self) -> int:
        return sum(m.value for m in self.modifiers)

    def can_hit(self) -> bool:
        return self.allowed and self.need < combat_tables().cannot_hit_at

    def hits(self, roll: int) -> bool:
        """A natural 12 is no automatic hit (000:L904)."""
        return self.can_hit() and roll >= self.need


def _named(t: CombatTables, key: str, name: str, times: int = 1) -> Modifier:
    r = t.mod(key)
    return Modifier(name, r.value * times, r.source)


def _movement(s: Shot, t: CombatTables) -> list[Modifier]:
    out = []
    if s.target_speed == 0 and not s.building:  # a building's +10 counts its stillness (000:L1200)
        out.append(_named(t, "target_not_moving", "target not moving"))
    if s.firer_speed == 0:
        out.append(_named(t, "firer_not_moving", "firer not moving"))
    eff = abs(s.target_speed) if s.effective_speed is None else abs(s.effective_speed)
    band = speed_band(eff, t)
    if band.value:
        label = "target speed" if s.effective_speed is None else "relative speed"
        rule = band.source if s.effective_speed is None else f"{band.source} (table 000:L844-L849)"
        out.append(Modifier(f"{label} {eff:g} mph", band.value, rule))
    return out


def _visibility(s: Shot, t: CombatTables) -> list[Modifier]:
    out = []
    if s.visibility not in VISIBILITY:
        raise ValueError(f"visibility must be one of {', '.join(VISIBILITY)}")
    if s.visibility != "clear":
        out.append(_named(t, s.visibility, s.visibility.replace("_", " ")))
    halves = math.floor(s.smoke_inches / 0.5 + 1e-9)
    if halves:
        out.append(_named(t, "smoke_per_half_inch", f"smoke or paint ({s.smoke_inches:g}\")", halves))
    for flag, key, name in ((s.rubble_cover, "rubble_cover", "target under cover of rubble"),
                            (s.searchlight_blinded, "searchlight_blinded", "firer blinded by a searchlight"),
                            (s.paint_on_windows, "paint_on_windows", "paint on the windows")):
        if flag:
            out.append(_named(t, key, name))
    return out


def _firer(s: Shot, t: CombatTables) -> list[Modifier]:
    out = []
    if s.computer not in COMPUTERS:
        raise ValueError(f"computer must be one of {', '.join(COMPUTERS)}")
    if s.cyberlink and not s.automatic:
        out.append(_named(t, "cyberlink", "cyberlink"))  # does not stack with computers (000:L2548)
    elif COMPUTERS[s.computer] and not s.automatic:
        out.append(_named(t, COMPUTERS[s.computer], s.computer.replace("_", "-") + " computer"))
    if s.gunner_skill is None:
        out.append(_named(t, "unskilled_gunner", "no Gunner skill"))
    elif s.gunner_skill:
        out.append(Modifier(f"Gunner +{s.gunner_skill}" if s.gunner_skill > 0 else f"Gunner {s.gunner_skill}",
                            s.gunner_skill, "000:L931"))
    if s.cupola_gunner:
        out.append(_named(t, "cupola_gunner", "cupola gunner"))
    if s.wounded_firer:
        out.append(_named(t, "wounded_firer", "wounded firer"))
    if s.sustained >= 3 and not s.automatic:
        key = "sustained_third_tracer" if s.tracer else "sustained_third"
        out.append(_named(t, key, f"sustained fire (turn {s.sustained}{', tracer' if s.tracer else ''})"))
    elif s.sustained == 2 and not s.automatic:
        out.append(_named(t, "sustained_second", "sustained fire (2nd turn)"))
    if s.bad_footing:
        out.append(_named(t, "bad_footing", "firing from oil, gravel or bad road"))
    if s.remote_controlled:
        out.append(_named(t, "remote_controlled", "remote-controlled firer"))
    if s.maneuver_d:
        out.append(Modifier(f"maneuver/hazard D{s.maneuver_d} this phase", -abs(s.maneuver_d), "000:L905, L940"))
    return out


def crash_penalty(result: str) -> tuple[int | None, str]:
    """Aimed-fire penalty for the rest of the turn after a crash result or controlled skid.

    None means no aimed fire at all (000:L319-L321, L937-L938).
    """
    if not result:
        return 0, ""
    if result.startswith("skid:"):
        opt = tables().maneuvers.skids[float(result.split(":", 1)[1])]
        value, rule = opt.aimed_fire, "000:L214-L217"
    else:
        value, rule = tables().crash.by_name(result).aimed_fire, "000:L319-L321, L937-L938"
    return (None if value <= -99 else value), rule


def _target(s: Shot, t: CombatTables) -> list[Modifier]:
    out = [_named(t, "stray_shot", "not aimed at (a miss flying on)")] if s.stray else []
    tm = target_modifier(s.target, s.target_side, t)
    if tm:
        out.append(tm)
    if s.target == "pedestrian":
        out.append(_named(t, "pedestrian", "pedestrian"))
    if s.building:
        out.append(_named(t, "building", "building or wall"))
    if s.specific:
        if s.specific not in SPECIFIC:
            raise ValueError(f"specific target must be one of {', '.join(SPECIFIC)}")
        out.append(_named(t, SPECIFIC[s.specific], s.specific if s.specific != "top" else "trike top"))
    if s.not_in_side_arc:
        out.append(_named(t, "not_in_side_arc", f"not in the arc of the {s.target_side} side"))
    if s.sloped_armor and s.specific not in ("tire", "pod"):   # sloping guards tires and pods (000:L1711)
        out.append(_named(t, "sloped_armor", "sloped armor"))
    return out


def to_hit(s: Shot, t: CombatTables | None = None) -> ToHit:
    """The 2d roll a shot needs: base minus the sum of all modifiers (000:L901-L905)."""
    t = t or combat_tables()
    if s.automatic and s.specific:
        raise ValueError("a weapon on automatic cannot aim at a specific target (000:L1025)")
    if s.laser and s.smoke_inches > 0:
        return ToHit(t.cannot_hit_at, (), False, "lasers cannot fire through smoke or paint (000:L1050)")
    mods: list[Modifier] = []
    rm = range_modifier(s.range, t, point_blank=not s.no_point_blank)
    if rm:
        mods.append(rm)
    mods += _movement(s, t) + _visibility(s, t) + _firer(s, t) + _target(s, t)
    crash, rule = crash_penalty(s.crash_result)
    if s.aimed_fire and not s.crash_result:
        crash, rule = (None if s.aimed_fire <= -99 else s.aimed_fire), "000:L319-L321, L937-L938"
    if crash is None:
        what = s.crash_result.replace("_", " ") or "a crash result"
        return ToHit(t.cannot_hit_at, tuple(mods), False, f"no aimed fire this turn after {what} ({rule})")
    if crash:
        mods.append(Modifier(f"after {s.crash_result.replace('_', ' ') or 'a skid or fishtail'}", crash, rule))
    need = s.base - sum(m.value for m in mods)
    return ToHit(need, tuple(mods))


# --- weapons ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WeaponInfo:
    """What combat reads of a weapon from rules/data/weapons.toml (construction owns that file)."""

    abbr: str
    to_hit: int            # 0: no to-hit roll (dropped weapons, dischargers)
    damage: DiceExpr | None
    category: str
    effect: str
    source: str

    @property
    def laser(self) -> bool:
        return self.category == "laser"


def weapon_info(abbr: str, options: tuple[str, ...] = ()) -> WeaponInfo:
    """A weapon by its abbreviation in the weapons table (case-insensitive), as its options make it."""
    table = _weapon_table()
    if abbr in table:
        return _with_options(table[abbr], options)
    for key, info in table.items():
        if key.upper() == abbr.upper():
            return _with_options(info, options)
    raise ValueError(f"unknown weapon {abbr!r}; known: {', '.join(sorted(table))}")


def _with_options(info: WeaponInfo, options: tuple[str, ...]) -> WeaponInfo:
    """Damage and area effect as construction's options give them: a pulse laser adds 1 per die and has
    no area effect (000:L2463, DesignTables.weapon_with)."""
    if not options:
        return info

    w = design_tables().weapon_with(info.abbr, options)
    return replace(info, damage=DiceExpr.parse(w.damage) if w.damage else None, effect=w.effect)


def base_to_hit(abbr: str) -> int:
    """A weapon's base to-hit number (000:L901); dropped weapons have none (000:L1028)."""
    info = weapon_info(abbr)
    if info.to_hit <= 0:
        raise ValueError(f"{info.abbr} makes no to-hit roll (dropped weapons and dischargers, 000:L1028)")
    return info.to_hit


@lru_cache(maxsize=1)
def _weapon_table(path: Path = DATA_DIR / "weapons.toml") -> dict[str, WeaponInfo]:
    n = Node(load_toml(path), str(path))
    out = {}
    for abbr, w in n.table("weapon").items():
        dmg = w.text("damage", "")
        try:
            dice = DiceExpr.parse(dmg) if dmg else None
        except ValueError as exc:
            raise w.error("damage", str(exc)) from None
        out[abbr] = WeaponInfo(abbr, w.integer("to_hit"), dice, w.text("category"), w.text("effect", ""),
                               w.text("source", ""))
    return out


def target_type_of(kind: str, body: str) -> str:
    """The target line of 000:L851-L858 for a vehicle: its body when it has one (compact,
    subcompact, the trike sizes), a cycle, or a car (mid-sized and larger)."""
    if body in combat_tables().targets:
        return body
    return "cycle" if kind == "cycle" else "car"
