"""The combat tables (rules/data/combat.toml) and the weapons table (weapons.toml), typed and
validated: to-hit modifiers, target types, the fire table, dropped-weapon counter kinds. The rules
that use them are in rules/combat/."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from rules.core.dice import DiceExpr
from rules.core.errors import DataError
from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml

ARC_GROUPS = ("front", "back", "side")
BURNING_VEHICLE = "burning_vehicle"   # in a kind's detonated_by: a vehicle on fire above the counter


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
    night_sight: str = ""                           # accessory that sees as by day: IRSS (000:L2631)
    night_sight_clears: tuple[str, ...] = ()        # the visibility modifiers it takes away
    night_sight_source: str = ""
    starshell_weapon: str = ""                      # the weapon whose flare lights the table (000:L2432)
    starshell_turns: int = 0                        # how many turns it lights, the firing turn included (AU16)
    starshell_source: str = ""
    engine_critical: tuple[tuple[int, str], ...] = ()  # gas-engine critical table: [highest 2d roll, result]
    engine_critical_above: str = "fire"
    engine_critical_per: int = 5                    # +1 to the roll per full 5 points of the hit (000:L1803)
    engine_critical_ints: Mapping[str, int] = field(default_factory=dict)  # rerolls, turns, speeds (AU17)
    engine_fuel_turns: str = "1d+3"
    engine_critical_source: str = ""
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
    elevation_step_ft: float = 10.0                                     # -1 to hit per this much higher (000:L1215)
    street_reach_ft: float = 30.0                                       # too high for street fire from here up
    elevation_source: str = "000:L1214-L1216"
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
    ns = n.table("night_sight")
    ss = n.table("starshell")
    ec = n.table("gas_engine_critical")
    el = n.table("elevation")
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
        night_sight=ns.text("accessory"), night_sight_clears=tuple(str(c) for c in ns.array("clears")),
        night_sight_source=ns.text("source"),
        starshell_weapon=ss.text("weapon"), starshell_turns=ss.integer("turns", lo=1),
        starshell_source=ss.text("source"),
        engine_critical=_ranked(ec, "results"), engine_critical_above=ec.text("above"),
        engine_critical_per=ec.integer("points_per_plus", lo=1),
        engine_critical_ints={k: ec.integer(k) for k in ("dice", "grinding_reroll", "cracked_slowing", "cracked_floor",
                                                         "cracked_turns", "radiator_turns", "oil_turns", "seize_on")},
        engine_fuel_turns=ec.text("fuel_turns"), engine_critical_source=ec.text("source"),
        no_point_blank=frozenset(str(w) for w in rg.array("no_point_blank", [])),
        no_point_blank_source=rg.text("no_point_blank_source", ""),
        pillion_cyclist_on=cl.integer("pillion_cyclist_on", 6, lo=0, hi=6), pillion_source=cl.text("pillion_source", ""),
        elevation_step_ft=el.number("step_ft", lo=1), street_reach_ft=el.number("street_reach_ft", lo=0),
        elevation_source=el.text("source"),
    )
    for sub in (th, rg, sp, rs, tt, ar, cl, tl, ts, cr, fi, dr, db, un, mf, rc, pd, tp, sk, ns, ss, ec, el):
        sub.done()
    n.done()
    return out


@lru_cache(maxsize=1)
def combat_tables() -> CombatTables:
    """The combat tables, loaded once."""
    return load_combat()


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


@lru_cache(maxsize=1)
def weapon_table() -> Mapping[str, WeaponInfo]:
    """The shipped weapons table, loaded once (an immutable view)."""
    return load_weapon_table()


def load_weapon_table(path: Path = DATA_DIR / "weapons.toml") -> Mapping[str, WeaponInfo]:
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
    return MappingProxyType(out)
