"""To-hit: the 2d roll a shot needs and every modifier behind it, each with its rule line.

Pure functions over plain values: the engine (or the `to_hit` query op) describes the shot in a
`Shot`, and `to_hit` answers the number needed and the itemised modifiers. The numbers live in
rules/data/combat.toml (loaded here as `CombatTables`); the crash-table fire penalties come from
rules/data/crash_tables.toml.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from rules.core.dice import DiceExpr
from rules.tables.collisions import terrain_data
from rules.tables.combat import CombatTables, Rule, WeaponInfo, combat_tables, weapon_table
from rules.tables.construction import design_tables
from rules.tables.electronics import ElectronicsTables, electronics_tables
from rules.tables.movement import tables
from rules.tables.rigs import target_tables

FACES = ("front", "back", "left", "right")


# --- tables ---------------------------------------------------------------------------------------


































# --- modifiers ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Modifier:
    """One line of a to-hit calculation: what, how much, and the rule."""

    name: str
    value: int
    rule: str

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "value": self.value, "rule": self.rule}

    def text(self) -> str:
        """"long range (9.0") -2"; a name that already carries its value ("Gunner +2") is not followed by it again."""
        return modifier_text(self.name, self.value)


def modifier_text(name: str, value: int) -> str:
    """A modifier as a player reads it: its name and signed value, the value once."""
    signed = f"{value:+d}"
    return name if name.endswith(" " + signed) else f"{name} {signed}"


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
    return Modifier(f"long range ({inches:.1f}\")", steps * t.long_per_step, "000:L910")


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
        if target in target_tables().size:   # trailers and oversized vehicles (000:L859-L862)
            return _big_target(target, side)
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
            "pod": "pod", "searchlight": "searchlight"}
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
    firer_moved: bool = False       # at 0 mph now but moved this phase (a T-stop, a collision): moving (AU9)
    target_moved: bool = False
    effective_speed: float | None = None  # from the relative-speed table; None = target speed
    specific: str = ""              # tire, turret, rider, sidecar, top, coupling ("" = the vehicle)
    part: str = ""                  # coupling: fifth_wheel, hitch or tongue (000:L1970-L1971, L2067)
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
    night: int | None = None        # the night penalty when a light changes its -3 (rules.combat.shooting.night_of)
    night_why: str = ""
    night_rule: str = ""
    rain: str = ""                  # the weather's part of a night visibility: still counts when the night is lit
    rubble_cover: bool = False
    sloped_armor: bool = False
    wounded_firer: bool = False
    gassed_firer: int = 0           # the firer in tear gas: this much off his roll (000:L1587-L1588, reading PD45)
    automatic: bool = False         # on automatic: no computer, no specific targets (000:L1025)
    laser: bool = False
    building: bool = False          # a wall or building: +10, its stillness included (000:L1200)
    stray: bool = False             # a missed shot flying on into a vehicle it was not aimed at (000:L1217)
    cupola_gunner: bool = False     # the cupola's gunner firing its weapon: +1 (000:L2519)
    no_point_blank: bool = False    # a weapon denied the point-blank bonus (cloud bomb, 000:L2472)
    height_ft: float = 0.0          # how far the target stands above the firer (ft; below: negative) (000:L1215)
    from_street: bool = False       # a vehicle's weapon on the street, not in a universal turret (000:L1215)
    radar: bool = False             # the firer's radar registers the target: visibility penalties 1 less (000:L2646)
    radar_guided: bool = False      # a radar-guided missile's own range and visibility rules (000:L2442)
    no_lock: str = ""               # why a radar-guided weapon cannot lock on ("" = it can)
    chaff_inches: float = 0.0       # chaff on the line of fire: only radar-guided fire minds it (000:L2490)
    harm: str = ""                  # a HARM round: "homing" on a radar source, "off" at anything else (000:L2532)
    software: int = 0               # computer-gunner software's bonus (000:L2616)
    target_jamming: bool = False    # the target's jammer: a radar lock is rolled for first (000:L2644)


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
    if s.target_speed == 0 and not s.target_moved and not s.building:  # a building's +10 counts its stillness (000:L1200)
        out.append(_named(t, "target_not_moving", "target not moving"))
    if s.firer_speed == 0 and not s.firer_moved:
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
    if s.radar_guided:   # no visibility penalties; chaff spoils it instead (000:L2442, L2490)
        e = electronics_tables()
        out += _chaff(s, e)
        if s.target_jamming:   # shown, not counted: the lock's own 1d comes before the to-hit roll
            out.append(Modifier(f"target's jammer blocks the lock on 1-{e.jammer_blocks_up_to} (1d first)", 0,
                                e.jammer_source))
    else:
        out += _sight(s, t)
    for flag, key, name in ((s.rubble_cover, "rubble_cover", "target under cover of rubble"),
                            (s.searchlight_blinded, "searchlight_blinded", "firer blinded by a searchlight"),
                            (s.paint_on_windows, "paint_on_windows", "paint on the windows")):
        if flag:
            out.append(_named(t, key, name))
    return out


def _sight(s: Shot, t: CombatTables) -> list[Modifier]:
    """The weather and light, and smoke or paint on the line; radar takes 1 off them together, never
    making a bonus of them (000:L2646; reading RD1)."""
    out = []
    if s.visibility == "night" and s.night is not None:   # a light changed the night (000:L1521, L2661, L2989)
        worst = [Modifier(s.night_why, s.night, s.night_rule)] if s.night else []
        if s.rain and s.rain != "clear":   # the worse of rain and the night counts (CB61)
            worst.append(_named(t, s.rain, s.rain.replace("_", " ")))
        out += [min(worst, key=lambda m: m.value)] if worst else []
    elif s.visibility != "clear":
        out.append(_named(t, s.visibility, s.visibility.replace("_", " ")))
    halves = math.floor(s.smoke_inches / 0.5 + 1e-9)
    if halves:
        out.append(_named(t, "smoke_per_half_inch", f"smoke or paint ({s.smoke_inches:g}\")", halves))
    penalty = -sum(m.value for m in out)
    if s.radar and penalty > 0:
        e = electronics_tables()
        out.append(Modifier("radar", min(e.radar_less, penalty), e.radar_source))
    return out


def _chaff(s: Shot, e: ElectronicsTables) -> list[Modifier]:
    halves = math.floor(s.chaff_inches / 0.5 + 1e-9)
    if not halves:
        return []
    return [Modifier(f"chaff ({s.chaff_inches:g}\")", e.chaff_per_half_inch * halves, e.chaff_source)]
def _firer(s: Shot, t: CombatTables) -> list[Modifier]:
    out = []
    if s.computer not in COMPUTERS:
        raise ValueError(f"computer must be one of {', '.join(COMPUTERS)}")
    if s.radar_guided:   # the missile guides itself: no gunner or computer bonus (000:L2442)
        pass
    elif s.cyberlink and not s.automatic:
        out.append(_named(t, "cyberlink", "cyberlink"))  # does not stack with computers (000:L2548)
    elif COMPUTERS[s.computer] and not s.automatic:
        out.append(_named(t, COMPUTERS[s.computer], s.computer.replace("_", "-") + " computer"))
    if s.radar_guided:
        pass
    elif s.gunner_skill is None:
        out.append(_named(t, "unskilled_gunner", "no Gunner skill"))
    elif s.gunner_skill:
        out.append(Modifier(f"Gunner +{s.gunner_skill}" if s.gunner_skill > 0 else f"Gunner {s.gunner_skill}",
                            s.gunner_skill, "000:L931"))
    if s.software:
        e = electronics_tables()
        out.append(Modifier("computer-gunner software", s.software, e.computer_gunner_source))
    if s.cupola_gunner:
        out.append(_named(t, "cupola_gunner", "cupola gunner"))
    if s.wounded_firer:
        out.append(_named(t, "wounded_firer", "wounded firer"))
    if s.gassed_firer:
        out.append(Modifier("firer in tear gas", -s.gassed_firer, "000:L1587-L1588"))
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
    if s.harm == "off":
        e = electronics_tables()
        out.append(Modifier("HARM at no radar source", e.harm_off_source, e.harm_source))
    tm = target_modifier(s.target, s.target_side, t)
    if tm:
        out.append(tm)
    if s.target == "pedestrian":
        out.append(_named(t, "pedestrian", "pedestrian"))
    if s.building:
        out.append(_named(t, "building", "building or wall"))
    if s.specific == "coupling":   # attached: a car trailer's tongue and hitch -7, a fifth wheel -6
        value = target_tables().parts[s.part]["attached"]
        out.append(Modifier(f"aimed at the {s.part.replace('_', ' ')}", value, "000:L1970-L1971, L2067"))
    elif s.specific:
        if s.specific not in SPECIFIC:
            raise ValueError(f"specific target must be one of {', '.join(SPECIFIC)}")
        out.append(_named(t, SPECIFIC[s.specific], s.specific if s.specific != "top" else "trike top"))
    if s.not_in_side_arc:
        out.append(_named(t, "not_in_side_arc", f"not in the arc of the {s.target_side} side"))
    if s.sloped_armor and s.specific not in ("tire", "pod"):   # sloping guards tires and pods (000:L1711)
        out.append(_named(t, "sloped_armor", "sloped armor"))
    steps = math.floor(s.height_ft / t.elevation_step_ft + 1e-9) if s.height_ft > 0 else 0
    if steps:   # firing down is free (000:L1215)
        out.append(_named(t, "firing_up", f"firing up ({s.height_ft:g} ft higher)", steps))
    return out


def out_of_reach(s: Shot, t: CombatTables) -> str:
    """Why a vehicle's weapon on the street cannot reach a target this high (000:L1215), or ""."""
    if not s.from_street or s.height_ft < t.street_reach_ft - 1e-9:
        return ""
    if s.range * terrain_data().feet_per_inch > s.height_ft + 1e-9:
        return ""
    return (f"{s.height_ft:g} ft up is out of a street weapon's reach unless it is farther off than that "
            f"(only universal turrets and hand weapons reach it) ({t.elevation_source})")


def to_hit(s: Shot, t: CombatTables | None = None) -> ToHit:
    """The 2d roll a shot needs: base minus the sum of all modifiers (000:L901-L905)."""
    t = t or combat_tables()
    if s.automatic and s.specific:
        raise ValueError("a weapon on automatic cannot aim at a specific target (000:L1025)")
    if s.laser and s.smoke_inches > 0:
        return ToHit(t.cannot_hit_at, (), False, "lasers cannot fire through smoke or paint (000:L1050)")
    if s.radar_guided and (s.no_lock or s.range > electronics_tables().rgm_reach):
        return ToHit(t.cannot_hit_at, (), False, s.no_lock or _out_of_reach(s.range))
    mods: list[Modifier] = []
    rm = _range(s, t)
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
    too_high = out_of_reach(s, t)
    if too_high:
        return ToHit(t.cannot_hit_at, tuple(mods), False, too_high)
    need = s.base - sum(m.value for m in mods)
    return ToHit(need, tuple(mods))


def _range(s: Shot, t: CombatTables) -> Modifier | None:
    """The range modifier: the usual one, or a radar-guided missile's or a homing HARM's own (000:L2442, L2532)."""
    e = electronics_tables()
    if s.radar_guided:
        steps = math.floor((e.rgm_closer_than - s.range) / e.rgm_closer_step + 1e-9) if s.range < e.rgm_closer_than else 0
        if steps <= 0:
            return None
        return Modifier(f"radar-guided, {round(s.range, 2):g}\" (closer than {e.rgm_closer_than:g}\")",
                        steps * e.rgm_closer_per_step, e.rgm_source)
    if s.harm == "homing":
        steps = min(e.harm_most, max(0, math.floor(s.range / e.harm_step + 1e-9) - 1))
        return Modifier(f"HARM homing on radar ({round(s.range, 2):g}\")", steps * e.harm_per_step, e.harm_source)
    return range_modifier(s.range, t, point_blank=not s.no_point_blank)   # a HARM "off" too: its -2 is in _target


def _out_of_reach(inches: float) -> str:
    e = electronics_tables()
    return f"{inches:.2f}\" is beyond a radar-guided missile's {e.rgm_reach:g}\" of flight ({e.rgm_source}; reading RD4)"


# --- weapons ---------------------------------------------------------------------------------------




def weapon_info(abbr: str, options: tuple[str, ...] = ()) -> WeaponInfo:
    """A weapon by its abbreviation in the weapons table (case-insensitive), as its options make it."""
    table = weapon_table()
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




def _big_target(target: str, side: str) -> Modifier | None:
    """A big target's size modifier by the side struck: +2 from the side of a trailer or bus ... (000:L859-L862)."""
    row = target_tables().size[target]
    value = row["side"] if side in ("left", "right") else row.get(side, 0)
    if value == 0:
        return None
    where = "side" if side in ("left", "right") else side
    return Modifier(f"{target.replace('_', ' ')} from the {where}", value, "000:L859-L862")


BIG_TARGETS = {"ten_wheeler": "ten_wheeler", "tractor": "tractor", "bus": "bus", "semi_trailer": "trailer",
               "car_trailer": "trailer"}


def target_type_of(kind: str, body: str) -> str:
    """The target line of 000:L851-L858 for a vehicle: its body when it has one (compact,
    subcompact, the trike sizes), a cycle, or a car (mid-sized and larger); a trailer's, bus's or big
    truck's size line (000:L859-L862)."""
    if kind in BIG_TARGETS:
        return "minibus" if body == "minibus" else BIG_TARGETS[kind]
    if body in combat_tables().targets:
        return body
    return "cycle" if kind == "cycle" else "car"
