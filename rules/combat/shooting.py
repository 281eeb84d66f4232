"""The fire step of a phase: declarations, their checks, to-hit rolls and simultaneous damage.

Combat happens after each phase's movement (000:L818). Every declared shot is checked (weapon
working and unfired this turn, ammunition, a crewman able to fire who has not fired, arc, line of
fire), rolled against the positions at the end of the movement, and its damage is applied with
every other hit of the phase at once (000:L819, L824). The result lists events for the log, the
hazards each vehicle suffered, and the fire-table hits for the end-of-turn fire check.

The engine describes each vehicle as a `Combatant` (pose, speed, record sheet, interior,
mounted weapons, crew skills, handling penalties) so this module needs nothing from the state.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

from rules.combat import electronics
from rules.combat.arcs import (
    arc_groups,
    arcs_of,
    closing,
    facing_sides,
    first_in_arc,
    footprint,
    lof_origin,
    nearest_point,
    on_half,
    struck_side,
    tire_sides,
)
from rules.combat.burning import GAS_TANK, HT_AMMO, FireHit
from rules.combat.damage import (
    FIREPROOF_KINDS,
    LASER_HALVED,
    SIDECAR,
    Hazard,
    HitReport,
    Interior,
    crew_state,
    damage_dice,
    hit,
    hit_lamp,
    hit_part,
    hit_pod,
    hit_rider,
    hit_sidecar,
    hit_tire,
    hit_turret,
    interior_of,
    sheet_with,
)
from rules.combat.dropped import Counter, cloud_inches, kind_for_weapon, place, size_for, split
from rules.combat.long_targets import location_struck
from rules.combat.to_hit import Shot, ToHit, to_hit, weapon_info, worst_relative_speed
from rules.core.dice import DiceSource, roll
from rules.core.events import (
    AutomaticWasted,
    CloudDispersed,
    CloudFormed,
    CornerLost,
    CounterDropped,
    DamageRolled,
    EquipmentActed,
    Event,
    EventLog,
    FireRefused,
    HitDamage,
    LinkFired,
    ModifierNote,
    NothingDropped,
    PassedThrough,
    PodNearMiss,
    RadarJammed,
    ShotBlocked,
    ShotFired,
    ShotNotAllowed,
)
from rules.core.geometry import CounterSize, Pose, Vec, forward, heading_of, right
from rules.core.kept import carry, kept, renewed
from rules.driving.equipment import on_side
from rules.tables.combat import DroppedKind, combat_tables
from rules.tables.electronics import electronics_tables
from rules.tables.lights import lights_tables
from rules.vehicles.record_sheet import Pod, RecordSheet, WeaponMount, use_shot

# A line-of-fire oracle: (from, to, ids to ignore) -> id of what blocks it, or None.
LineOfFireCheck = Callable[[Vec, Vec, tuple[str, ...]], "str | None"]


@dataclass(frozen=True)
class Mounted:
    """A weapon on a vehicle: the Interior part that carries its DP, and how it is fired."""

    id: str                   # the weapon's Part id in the Interior
    abbr: str                 # key in the weapons table
    mount: str                # front / back / left / right / turret
    shots: int = -1           # shots left; -1: no ammunition needed (lasers)
    ammo: str = "normal"
    crew: str = "driver"      # the crewman at the wheel (Part id); gunners take it first (firer_of)
    options: tuple[str, ...] = ()  # weapon options (pulse ...): damage and effect by combat.weapon_info
    origin: str = ""          # where its line of fire starts when not at its mount: an EWP's side (000:L2527)
    cupola: bool = False      # in a cupola, fired by the gunner riding there (000:L2519)

    @property
    def fires_from(self) -> str:
        return self.origin or self.mount


@dataclass(frozen=True)
class Combatant:
    id: str
    kind: str                 # car / trike / cycle
    target_type: str          # a [target] key of combat.toml: car, compact, cycle, light_trike, ...
    pose: Pose
    size: CounterSize
    speed: float
    travel: float             # heading of motion
    sheet: RecordSheet
    interior: Interior
    weapons: tuple[Mounted, ...] = ()
    links: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # link name -> weapons or links
    skills: Mapping[str, int | None] = field(default_factory=dict)    # Gunner bonus by crew id; None = none
    computer: str = "none"    # a bonus every shot gets (tests, the query op); the sheet's own are in `computers`
    computers: tuple[tuple[str, str, str], ...] = ()  # (bonus, crewman served, "ABBR@mount" or "" for any weapon)
    maneuver_d: int = 0       # D of the driver's maneuvers and hazards this phase
    aimed_fire: int = 0       # crash-result penalty for the rest of the turn (-99: no aimed fire)
    bad_footing: bool = False
    paint_on_windows: bool = False
    reverse: bool = False
    fired: frozenset[str] = frozenset()          # weapons fired this turn (000:L820)
    acted: frozenset[str] = frozenset()          # crew who used their firing action this turn
    sustained: tuple[tuple[str, str, int, int], ...] = ()  # (weapon, target, consecutive turns, last turn)
    wheel: str = ""           # the crewman at the wheel when it is not the driver (a substitute, 000:L980)
    visibility: str = "clear"  # rain, heavy_rain, fog or night: the weather and light (000:L923-L924)
    firing_roles: tuple[str, ...] = ("gunner",)  # who else may fire the vehicle's weapons (RuleOptions.passengers_fire)
    moved: bool = False       # it moved this phase, though at 0 mph now (000:L912-L913, reading AU9)
    # the light at night (rules.play.lights.Lighting, readings AU18-AU20): neutral by day
    rain: str = ""            # the weather's part of `visibility`, left when a light lifts the night
    night_sight: int | None = None  # the night penalty on its crew's shots with light-intensifier goggles
    polarized: bool = False   # tinted windows or goggles darkened by a searchlight: night 1 worse (000:L2674)
    blinded: bool = False     # its crew blinded by a searchlight: -10 to their fire (000:L926, L2662)
    lit: int | None = None    # as a target: the night penalty on shots at it (0 tracked by a searchlight,
                              # -1 inside a flare's circle, 000:L2661, L2989)
    bollixed: bool = False    # a bollix works somewhere on the table: no radar set works (000:L2978)
    scrambled: bool = False   # its computer-gunner software is scrambled: -2 instead of +1 (000:L2616)
    gassed: tuple[tuple[str, int], ...] = ()   # crewmen in tear gas aboard and their minus to hit (000:L1587, PD45)
    hitch_guard: str = ""     # a car trailer on a hitch: its tower, whose hitch armor stands before the tongue (000:L1982)

    def __hash__(self) -> int:
        return hash((self.id, self.pose, self.sheet, self.interior, self.weapons, self.fired, self.acted))

    def at_wheel(self, crew: str) -> bool:
        """Is this crewman the one steering? His shots take the maneuver's D (000:L905)."""
        if self.wheel:
            return crew == self.wheel
        driver = self.interior.driver()
        return driver is not None and crew == driver.id

    def weapon(self, wid: str) -> Mounted:
        for w in self.weapons:
            if w.id == wid:
                return w
        raise KeyError(wid)


@dataclass(frozen=True)
class Declaration:
    firer: str
    weapon: str               # a weapon id or a link name
    target: str
    side: str = ""            # front/back/left/right/top; "" = the side whose arc the firer is in
    aim: str = ""             # "", "tire:<corner>", "turret", "rider", "top"
    crew: str = ""            # the crewman who fires it; "" = the next free one (firer_of)


@dataclass(frozen=True)
class AutoShot:
    """A weapon on automatic acting this phase (rules.phases.automatic_fire): a dropper lays its counter; an
    aimed weapon fires along its line at `target` (a vehicle id, a map feature's id, or "" when nothing
    crosses it), struck at `point` (000:L1024-L1026)."""

    firer: str
    weapon: str
    target: str = ""
    point: Vec = Vec(0.0, 0.0)
    by: str = ""              # what fires it when not on automatic: "ATAD", "computer gunner", "HARM homing system"
                              # (aimed: BY_RULE), "bumper trigger", "laser-reactive web" (straight out)


@dataclass(frozen=True)
class FireResult:
    combatants: dict[str, Combatant]
    events: tuple[Event, ...]
    hazards: dict[str, tuple[Hazard, ...]]
    fire_hits: tuple[tuple[str, FireHit], ...]   # (target id, hit) for the end-of-turn fire check
    reports: tuple[tuple[str, HitReport], ...]
    drops: tuple[Counter, ...] = ()
    fire_triggers: tuple[tuple[str, str], ...] = ()   # (target id, trigger) for the end-of-turn fire rolls


# --- declarations ---------------------------------------------------------------------------------


def expand(c: Combatant, name: str, seen: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The weapons a trigger fires: one weapon, or every weapon on a link, links of links included (000:L1055-L1061)."""
    if name in seen:
        raise ValueError(f"link {name!r} contains itself")
    if name in c.links:
        out: list[str] = []
        for part in c.links[name]:
            out += [w for w in expand(c, part, seen | {name}) if w not in out]
        return tuple(out)
    c.weapon(name)
    return (name,)


def problem(cs: Mapping[str, Combatant], d: Declaration) -> str | None:
    """Why a declaration cannot be carried out (None when it can)."""
    if d.firer not in cs:
        return f"there is no vehicle {d.firer!r}"
    if d.target not in cs or d.target == d.firer:
        return f"{d.target!r} is not a target for {d.firer}"
    c, t = cs[d.firer], cs[d.target]
    why, wids, crew = trigger(c, d.weapon, d.crew)
    return why or _weapon_problems(c, t, wids, crew, d)


def firer_of(c: Combatant, wids: tuple[str, ...]) -> str:
    """Who pulls this trigger: the first crewman able to fire who has not yet fired this turn, gunners
    (then passengers, when the passengers_fire option is on) before the one at the wheel (each crewman fires once a turn, gunners fire the vehicle's weapons:
    000:L820-L822), so the driver's maneuver penalty counts only when he fires. When nobody is free,
    the weapon's own crewman (the driver), whose check then says why he cannot."""
    wheel = c.weapon(wids[0]).crew
    cupola = c.interior.cupola_gunner
    others = [pid for pid in _crew_by_role(c.interior, c.firing_roles) if pid not in (wheel, cupola)]
    if cupola and all(c.weapon(w).cupola for w in wids):   # the cupola's own gunner first (000:L2519)
        others = [cupola, *others]
    for crew in [*others, wheel]:
        if crew in c.acted or not any(p.id == crew for p in c.interior.parts):
            continue
        if crew_state(c.interior.part(crew)) not in ("unconscious", "dead"):
            return crew
    return wheel


def _crew_by_role(inside: Interior, roles: tuple[str, ...]) -> tuple[str, ...]:
    """The crew of these roles, role by role in the interior's order (kept with the interior)."""
    return kept(inside, ("crew_by_role", roles), lambda: tuple(
        p.id for role in roles for p in inside.parts if p.kind == "crew" and p.role == role))


def trigger(c: Combatant, weapon: str, crew: str = "") -> tuple[str | None, tuple[str, ...], str]:
    """The firer's side of every shot, whatever the target: the vehicle can fire, the weapon or link
    exists, aimed fire is allowed (000:L321) and one crewman fires it (`crew`, or else firer_of).
    (reason or None, weapons, crewman)."""
    if c.sheet.destroyed:
        return f"{c.id} is destroyed", (), ""
    try:
        wids = expand(c, weapon)
    except KeyError:
        return f"{c.id} has no weapon or link {weapon!r}", (), ""
    except ValueError as exc:
        return str(exc), (), ""
    if c.aimed_fire <= -99:
        return f"{c.id} can make no aimed fire for the rest of this turn (000:L321)", wids, ""
    crews = {c.weapon(w).crew for w in wids}
    if len(crews) > 1:
        return "a link must be fired by one crewman", wids, ""
    return None, wids, crew or firer_of(c, wids)


def crew_problem(c: Combatant, crew: str, rule: str = "000:L820") -> str | None:
    """Why this crewman cannot use his firing action now: not aboard, out of action (000:L975), or he has
    used it this turn (`rule`)."""
    if not any(p.id == crew for p in c.interior.parts):
        return f"{c.id} has no crewman {crew!r}"
    state = crew_state(c.interior.part(crew))
    if state in ("unconscious", "dead"):
        return f"{crew} of {c.id} is {state} and cannot fire (000:L975)"
    if crew in c.acted:
        return f"{crew} of {c.id} has already fired this turn ({rule})"
    return None


def _weapon_problems(c: Combatant, t: Combatant, wids: tuple[str, ...], crew: str, d: Declaration) -> str | None:
    return trigger_problems(c, t, wids, crew, d.weapon) or aim_problem(c, t, wids, d)


def trigger_problems(c: Combatant, t: Combatant, wids: tuple[str, ...], crew: str, weapon: str) -> str | None:
    """The checks of a shot that hang on the firer, the target, the trigger and the crewman, whatever it aims at."""
    why = crew_problem(c, crew)
    if why:
        return why
    if crew == c.interior.cupola_gunner and not all(c.weapon(w).cupola for w in wids):
        return f"{crew} of {c.id} rides in the cupola and can fire only its weapon (000:L2519)"
    aimed = [wid for wid in wids if weapon_info(c.weapon(wid).abbr).to_hit > 0]
    if not aimed:
        return f"{weapon} is a dropped weapon: drop it, it takes no aim (000:L1028)"
    if len(aimed) > 1 and len({c.weapon(wid).mount for wid in aimed}) > 1 and not electronics.working(c.sheet, SMART_LINK):
        return (f"{weapon} joins aimed weapons of more than one location: only a smart link aims them "
                f"together (000:L1060, L2546)")
    for wid in wids:
        w = c.weapon(wid)
        why = ready(c, wid)
        if why:
            return why
        if wid in aimed and not _aim_point(c, w, t):
            return f"{t.id} is outside the {w.mount} arc of {wid} (000:L827)"
    return None


def aim_problem(c: Combatant, t: Combatant, wids: tuple[str, ...], d: Declaration) -> str | None:
    """The checks of a shot that hang on what it aims at: a side, a trike's top, a sidecar, a rider or a pod
    (none for a plain shot). problem() makes them after the trigger's own (firer, crewman, weapons, arc)."""
    if d.side and d.side not in ("top",):
        origin = lof_origin(c.pose, c.size, c.weapon(wids[0]).fires_from)
        if d.side not in facing_sides(t.pose, t.size, origin):
            return f"the {d.side} side of {t.id} does not face {c.id}'s {wids[0]} (000:L830)"
    if d.side == "top" and t.kind != "trike":
        return "only a trike's top can be fired at from the ground (000:L833, L841)"
    origin = lof_origin(c.pose, c.size, c.weapon(wids[0]).fires_from)
    if d.side == "top" and not facing_sides(t.pose, t.size, origin) & {"front", "left", "right"}:
        return f"the top of {t.id} cannot be hit from behind (000:L841, L843)"
    if _specific(d.aim) == "tire" and not tire_sides(d.aim.split(":", 1)[1]) & facing_sides(t.pose, t.size, origin):
        return f"the {d.aim.split(':', 1)[1]} tire of {t.id} does not face {c.id}'s {wids[0]} (000:L830, L832)"
    if _specific(d.aim) == "sidecar":
        if not t.sheet.sidecar_spaces:
            return f"{t.id} has no sidecar (000:L838)"
        if not on_half(t.pose, origin, t.sheet.sidecar_side):
            return f"{t.id}'s sidecar can be fired at only from its own side of the cycle (000:L838)"
    if _specific(d.aim) == "rider":
        if t.kind != "cycle":
            return f"{t.id} is not a cycle: it has no rider to aim at (000:L884)"
        if struck_side(t.pose, t.size, origin) not in ("left", "right"):
            return f"{t.id}'s rider can be fired at only from the side (000:L884)"
    pod = pod_aimed_at(t, d.aim)
    if pod is not None and pod.side != "top":
        if pod.side not in facing_sides(t.pose, t.size, origin):
            return f"the {pod.side} pod of {t.id} does not face {c.id}'s {wids[0]} (reading CB48)"
    return None


def lamp_of(sheet: RecordSheet) -> str:
    """The searchlight a shot aimed at "searchlight" strikes: the first working one on the sheet."""
    kinds = lights_tables().searchlights
    return next((c.id for c in sheet.components
                 if c.kind == "accessory" and c.id.rstrip("0123456789") in kinds and not c.destroyed), "")


def pod_aimed_at(t: Combatant, aim: str) -> Pod | None:
    """The external pod a shot names ("pod:<id>"), if the target has it."""
    if _specific(aim) != "pod":
        return None
    try:
        return t.sheet.pod(aim.split(":", 1)[1])
    except KeyError:
        return None


def ready(c: Combatant, wid: str) -> str | None:
    """Why a weapon cannot fire now: destroyed, already fired this turn, or empty."""
    if c.interior.part(wid).destroyed:
        return f"{wid} is destroyed (000:L950)"
    if wid in c.fired:
        return f"{wid} has already fired this turn (000:L820)"
    if c.weapon(wid).shots == 0:
        return f"{wid} is out of ammunition"
    return None


def _aim_point(c: Combatant, w: Mounted, t: Combatant) -> Vec | None:
    """The nearest point of the target inside the weapon's arc (its nearest point, else centre or a corner).
    Kept with the target's pose, by everything else it depends on (asked for every aim of every shot)."""
    key = (c.pose, c.size.length, c.size.width, w.mount, w.fires_from, c.kind == "trike", t.size.length,
           t.size.width)
    store: dict[tuple[object, ...], Vec | None] | None = t.pose.__dict__.get("_aim_points")
    if store is None:
        store = t.pose.__dict__.setdefault("_aim_points", {})
    if key in store:
        return store[key]
    return store.setdefault(key, _nearest_in_arc(c, w, t))


def aim_point_of(c: Combatant, w: Mounted, t: Combatant) -> Vec | None:
    """Where a weapon's line of fire meets the target (the point shot_for aims at), None outside its arc."""
    return _aim_point(c, w, t)


def _nearest_in_arc(c: Combatant, w: Mounted, t: Combatant) -> Vec | None:
    origin = lof_origin(c.pose, c.size, w.fires_from)
    outline = footprint(t.pose, t.size)
    candidates = [nearest_point(outline, origin), t.pose.centre, *outline]
    ox, oy = origin.x, origin.y   # by (p - origin).length(), in plain floats (the same values)
    candidates.sort(key=lambda p: math.hypot(p.x - ox, p.y - oy))
    return first_in_arc(w.mount, c.pose, c.size, candidates, trike=c.kind == "trike")   # in_arc of each in turn


# --- one shot -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Pending:
    firer: str
    weapon: str
    target: str
    face: str
    aim: str
    points: int
    faces: tuple[int, ...]
    laser: bool
    burst: bool
    fire_source: str
    from_side: bool
    ammo: str = "normal"      # the round fired: some act on armor in their own way (000:L2502-L2506)
    abbr: str = ""            # the weapon's abbreviation (a flechette gun harms only tires and people, 000:L2415)
    sidecar_side: bool = False  # fired from a cycle's sidecar side of its centre line (000:L838)
    counter: Counter | None = None  # a hit that lays a counter on the target and does no damage (cloud bomb)


SMART_LINK = ("smart_link",)   # the accessory that aims weapons of two locations together (000:L2546)
LINE_REACH = 1000.0       # inches a line of fire runs out: past the edge of any map (misses, automatic fire)
NEAR_MISS = "near_miss"   # a shot at a pod that missed it by little and struck the vehicle (000:L2979)


def _specific(aim: str) -> str:
    return aim.split(":", 1)[0] if aim else ""


def coupling_part(aim: str) -> str:
    """The part an aim "coupling:<component>" names, as the aiming table reads it: fifth_wheel, hitch, tongue."""
    if _specific(aim) != "coupling":
        return ""
    cid = aim.split(":", 1)[1]
    return "hitch" if cid.endswith("_hitch") else cid


def coupling_aims(sheet: RecordSheet) -> list[str]:
    """A tractor's fifth wheel and a car trailer's tongue still there may be aimed at (000:L1970, L2067, L2138);
    a car's hitch is not offered (reading M-R23: cars' games keep the choices they had)."""
    return [f"coupling:{c.id}" for c in sheet.components if not c.destroyed and c.id in ("fifth_wheel", "tongue")]


def shot_for(c: Combatant, w: Mounted, t: Combatant, d: Declaration, turn: int,
             clouds: Sequence[Counter] = (), *, use_relative_speed: bool = True) -> tuple[Shot, str, Vec, Vec]:
    """The to-hit description of one weapon's shot: (shot, side struck, origin, aim point)."""
    info = weapon_info(w.abbr)
    origin = lof_origin(c.pose, c.size, w.fires_from)
    point = _aim_point(c, w, t) or t.pose.centre
    pod = pod_aimed_at(t, d.aim)
    top = d.side == "top"   # a trike's top: struck from where the firer is, at its own -2 (000:L841, L854)
    side = ("" if top else d.side) or (pod.side if pod and pod.side != "top" else struck_side(t.pose, t.size, origin))
    in_side_arc = side in arcs_of(t.pose, t.size, origin) or side == "top"
    effective = None
    if use_relative_speed:
        effective = worst_relative_speed(arc_groups(arcs_of(t.pose, t.size, origin)),
                                         arc_groups(arcs_of(c.pose, c.size, point)), t.speed, c.speed,
                                         closing(c.travel, t.travel))
    crew = d.crew or firer_of(c, (w.id,))
    person = c.interior.part(crew)
    count = 1
    for wid, tid, n, last in c.sustained:
        if wid == w.id and tid == t.id and last == turn - 1:
            count = n + 1
    armor_gone = t.sheet.armor.get(side, 0) <= 0
    bonus = computer_for(c, crew, w)
    shot = Shot(
        base=info.to_hit, range=(point - origin).length(), target=t.target_type, target_side=side,
        target_speed=t.speed, firer_speed=c.speed, effective_speed=effective, firer_moved=c.moved, target_moved=t.moved,
        specific="top" if top else _specific(d.aim), part=coupling_part(d.aim),
        gunner_skill=c.skills.get(crew, 0), computer=shot_computer(bonus), cyberlink=bonus == "cyberlink",
        maneuver_d=c.maneuver_d if c.at_wheel(crew) else 0, aimed_fire=c.aimed_fire,
        not_in_side_arc=not in_side_arc and not d.aim, smoke_inches=cloud_inches(clouds, origin, point),
        sustained=count, tracer=w.ammo == "tracer", cupola_gunner=w.cupola and crew == c.interior.cupola_gunner,
        bad_footing=c.bad_footing, paint_on_windows=c.paint_on_windows,
        visibility=c.visibility, searchlight_blinded=c.blinded,
        sloped_armor=t.interior.sloped and not armor_gone and not d.aim,
        wounded_firer=crew_state(person) == "wounded", laser=info.laser, gassed_firer=dict(c.gassed).get(crew, 0),
        no_point_blank=w.abbr in combat_tables().no_point_blank,
    )
    if c.visibility == "night":   # a light may change the night's -3 (000:L1521, L2661, L2989)
        lit = night_of(c, t)
        if lit:
            shot = replace(shot, **lit)
    return with_electronics(shot, c, w, t, origin, point, clouds), side, origin, point


def with_electronics(shot: Shot, c: Combatant, w: Mounted, t: Combatant, origin: Vec, point: Vec,
                     clouds: Sequence[Counter]) -> Shot:
    """What radar, jammers, StealthKote, chaff and HARMs do to this shot (rules.combat.electronics); the
    shot unchanged for a firer with no radar and a weapon neither radar-guided nor loaded with HARMs."""
    e = electronics_tables()
    guided, harm_ammo = w.abbr in e.rgm_weapons, w.ammo == e.harm_ammo
    if not guided and not harm_ammo and not electronics.kit(c.sheet).radar:
        return shot   # the usual case: nothing electronic about this shot
    if electronics.radar_sees(c.sheet, t.sheet, t.pose, t.size, origin, c.bollixed):
        shot = replace(shot, radar=True)
    if guided:
        shot = replace(shot, radar_guided=True, chaff_inches=electronics.chaff_inches(clouds, origin, point),
                       target_jamming=electronics.jamming(t.sheet),
                       no_lock=electronics.lock_problem(c.sheet, t.sheet, t.pose, t.size, origin, c.bollixed))
    harm = electronics.harm_mode(w.ammo, c.sheet, t.sheet, c.bollixed)
    return replace(shot, harm=harm) if harm else shot


def radar_jam(c: Combatant, wid: str, t: Combatant, dice: DiceSource, log: EventLog, by: str = "") -> bool:
    """A radar lock on a vehicle whose jammer works: 1d, and 1-4 blocks it (000:L2644). True when blocked;
    no roll against a target with no jammer."""
    if not electronics.jamming(t.sheet):
        return False
    e = electronics_tables()
    r = dice.d6()
    blocked = r <= e.jammer_blocks_up_to
    who = f"{wid} of {c.id}" + (f" (its {by})" if by else "")
    log.add(RadarJammed(f"{who} tries a radar lock on {t.id}: its jammer rolls {r} "
                        f"({'blocked: no lock, the shot is lost' if blocked else 'the lock holds'})", e.jammer_source, c.id,
                        weapon=wid, target=t.id, roll=r, blocked=blocked))
    return blocked


def night_of(c: Combatant, t: Combatant) -> dict[str, Any]:
    """The Shot's night fields when a light changes the night's -3 on this shot: the firer's goggles
    (000:L1521), the target tracked by a searchlight or inside a flare's circle (000:L2661, L2989), the
    better of them, and tinted glass darkened 1 worse (000:L2674). Nothing when the -3 stands as it is."""
    if c.visibility != "night" or (c.night_sight is None and t.lit is None and not c.polarized):
        return {}
    lt = lights_tables()
    night = combat_tables().mod("night").value
    value, why, rule = night, "night", "000:L924"
    if c.night_sight is not None and c.night_sight > value:
        value, why, rule = c.night_sight, "night, light-intensifier goggles", lt.goggles_source
    if t.lit is not None and t.lit > value:
        what = "tracked by a searchlight" if t.lit == lt.lit_night else "in a flare's light"
        value, why, rule = t.lit, f"night, target {what}", lt.searchlight_source if t.lit == lt.lit_night \
            else lt.flare_source
    if c.polarized:
        value, why, rule = value + lt.polarized_night, why + ", polarized glass", f"{rule}; {lt.tinted_source}"
    return {"night": value, "night_why": why, "night_rule": rule, "rain": c.rain}


_COMPUTER_RANK = ("none", "targeting", "hi_res", "cyberlink")


def computer_for(c: Combatant, crew: str, w: Mounted) -> str:
    """The best computer bonus this crewman has with this weapon: none, targeting, hi_res or cyberlink.
    They never add up (000:L2548)."""
    best = c.computer
    for bonus, served, weapon in c.computers:
        if served == crew and weapon in ("", f"{w.abbr}@{w.mount}") and \
                _COMPUTER_RANK.index(bonus) > _COMPUTER_RANK.index(best):
            best = bonus
    return best


def shot_computer(bonus: str) -> str:
    """The Shot's computer field: a cyberlink is its own flag."""
    return "none" if bonus == "cyberlink" else bonus


def _sheet_computers(sheet: RecordSheet, interior: Interior,
                     weapons: tuple[Mounted, ...]) -> tuple[tuple[str, str, str], ...]:
    """The computers on the sheet, each serving one crewman (the first gunner, else the driver) and a
    single-weapon one the first weapon listed (its type in its position); none once the power plant
    is destroyed (000:L2547-L2548, L2525; reading CB60)."""
    table = combat_tables().computers
    if any(c.kind == "plant" and c.destroyed for c in sheet.components):
        return ()
    crew = [p for p in interior.parts if p.kind == "crew"]
    driver = interior.driver()
    served = next((p.id for p in crew if p.role == "gunner"), driver.id if driver else "")
    first = f"{weapons[0].abbr}@{weapons[0].mount}" if weapons else ""
    out = []
    for comp in sheet.components:
        key = comp.id.rstrip("0123456789")
        if comp.kind == "accessory" and key in table and not comp.destroyed:
            bonus, one_weapon, _rule = table[key]
            out.append((bonus, served, first if one_weapon else ""))
    return tuple(out)


def _stray(cs: dict[str, Combatant], d: Declaration, wid: str, origin: Vec, point: Vec, turn: int,
           dice: DiceSource, log: EventLog, clouds: Sequence[Counter], lof: LineOfFireCheck | None,
           use_relative_speed: bool) -> _Pending | None:
    """A miss goes on in a straight line until it leaves the map or meets something; a vehicle it meets
    first is shot at, at -2 and its own range (000:L1217). It goes no further after that."""
    met = _next_on_line(cs, origin, point, (d.firer, d.target), lof)
    if met is None:
        return None
    on = Declaration(d.firer, d.weapon, met, crew=d.crew)
    return _one_shot(cs, on, wid, turn, dice, log, clouds, lof, use_relative_speed, stray_of=d.target)


def _next_on_line(cs: Mapping[str, Combatant], origin: Vec, point: Vec, ignore: tuple[str, ...],
                  lof: LineOfFireCheck | None) -> str | None:
    """The vehicle a miss meets first as it flies on from `origin` through `point` to the map's edge;
    None when it meets a wall, a building, a wreck or nothing (000:L1217)."""
    if lof is None or (point - origin).length() <= 0:
        return None
    met = lof(origin, origin + (point - origin) * (LINE_REACH / (point - origin).length()), ignore)
    return met if met is not None and met in cs and not cs[met].sheet.destroyed else None


def roll_to_hit(th: ToHit, base: int, head: str, why_fired: str, rule: str, dice: DiceSource, log: EventLog,
                firer: str, weapon: str, target: str, *, automatic: bool = False,
                stray_of: str = "") -> tuple[bool, int] | None:
    """The 2d to-hit roll of a shot, logged with every modifier; None (logged) when it cannot hit at all
    (000:L901-L905, L904). `rule` adds the shot's own lines to the log's."""
    if not th.can_hit():
        log.add(ShotFired(f"{head}: needs {th.need}, which cannot hit{why_fired} [{_describe(th)}]",
                          f"000:L904{rule}", firer, weapon=weapon, target=target, need=th.need, roll=None,
                          hit=False, automatic=automatic, stray_of=stray_of))
        return None
    faces = (dice.d6(), dice.d6())
    r = sum(faces)
    made = th.hits(r)
    log.add(ShotFired(f"{head}: needs {th.need} (base {base}; {_describe(th)}); rolls {r} "
                      f"({faces[0]}+{faces[1]}): {'hit' if made else 'miss'}", f"000:L901-L905{rule}", firer,
                      weapon=weapon, target=target, need=th.need, roll=r, hit=made,
                      modifiers=tuple(ModifierNote(m.name, m.value, m.rule) for m in th.modifiers),
                      automatic=automatic, stray_of=stray_of))
    return made, r


def _describe(th: ToHit) -> str:
    if not th.modifiers:
        return "no modifiers"
    return ", ".join(f"{m.text()} ({m.rule})" for m in th.modifiers)


def _fire_source(abbr: str, ammo: str) -> str:
    table = combat_tables().fire_table
    if ammo == "incendiary" and f"{abbr}_incendiary" in table:
        return f"{abbr}_incendiary"
    return abbr if abbr in table else ""


def _one_shot(cs: dict[str, Combatant], d: Declaration, wid: str, turn: int, dice: DiceSource,
              log: EventLog, clouds: Sequence[Counter], lof: LineOfFireCheck | None,
              use_relative_speed: bool, strays: bool = False, stray_of: str = "") -> _Pending | None:
    """One weapon's shot: line of fire, to-hit roll, damage roll. With `strays`, a miss flies on and may
    strike the next vehicle on its line (000:L1217); `stray_of` names the target such a shot missed."""
    c, t = cs[d.firer], cs[d.target]
    w = c.weapon(wid)
    info = weapon_info(w.abbr, w.options)   # a pulse laser's damage (000:L2463)
    shot, side, origin, point = shot_for(c, w, t, d, turn, clouds, use_relative_speed=use_relative_speed)
    if stray_of:
        shot = replace(shot, stray=True, not_in_side_arc=False)
    if lof is not None and not stray_of:
        blocker = lof(origin, point, (c.id, t.id))
        if blocker:
            log.add(ShotBlocked(f"{wid} at {t.id}: the line of fire is blocked by {blocker}", "000:L826", c.id,
                                weapon=wid, target=t.id, blocked_by=blocker))
            return None
    th = to_hit(shot)
    if shot.radar_guided and th.allowed and radar_jam(c, wid, t, dice, log):
        return None
    aim = f" ({d.aim})" if d.aim else ""
    head = (f"{wid}'s miss flies on into {t.id}'s {side} side, {shot.range:.2f}\"" if stray_of else
            f"{wid} ({w.abbr}) fires at {t.id}'s {side} side{aim}, {shot.range:.2f}\"")
    if not th.allowed:
        log.add(ShotNotAllowed(f"{head}: {th.why}", "000:L321", c.id, weapon=wid, target=t.id, why=th.why))
        return None
    rolled = roll_to_hit(th, shot.base, f"{head}", "; fired for sustained fire", "", dice, log, c.id, wid, t.id,
                         stray_of=stray_of)
    if rolled is None:
        return None
    hit_, r = rolled
    aim = d.aim or ("top" if d.side == "top" else "")
    if not hit_ and pod_aimed_at(t, d.aim) and th.need - r <= combat_tables().pod_near_miss:
        aim = NEAR_MISS  # missed the pod, not the vehicle
        log.add(PodNearMiss(f"{wid} misses the pod by {th.need - r}: the shot still strikes {t.id}'s {side} side",
                            combat_tables().pod_near_miss_source, c.id, weapon=wid, target=t.id))
    elif not hit_:
        cloud = cloud_kind(w)
        if cloud is not None:   # no cloud and no stray: the chemicals disperse (000:L2472)
            log.add(CloudDispersed(f"{wid} misses: its chemicals disperse and no cloud forms", cloud.source, c.id,
                                   weapon=wid, target=t.id))
            return None
        return _stray(cs, d, wid, origin, point, turn, dice, log, clouds, lof, use_relative_speed) if strays else None
    if cloud_kind(w) is not None:
        return _cloud_on(c, wid, t, origin, turn)
    if info.damage is None:
        return None
    return _damage_roll(c, wid, t, side, aim, origin, dice, log)


def _damage_roll(c: Combatant, wid: str, t: Combatant, side: str, aim: str, origin: Vec, dice: DiceSource,
                 log: EventLog) -> _Pending:
    """A hit's damage, rolled and logged, waiting to be applied with the phase's others (000:L941-L942)."""
    w = c.weapon(wid)
    info = weapon_info(w.abbr, w.options)   # a pulse laser's damage (000:L2463)
    assert info.damage is not None
    expr = damage_dice(info.damage, w.ammo)
    points, dfaces = roll(expr, dice)
    log.add(DamageRolled(f"{wid} damage {expr}: rolls {points} ({'+'.join(map(str, dfaces))})", "000:L941-L942",
                         c.id, weapon=wid, target=t.id, expr=str(expr), faces=tuple(dfaces), points=points))
    sidecar_side = bool(t.sheet.sidecar_spaces) and on_half(t.pose, origin, t.sheet.sidecar_side)
    face = side
    if side in ("left", "right") and "front_left" in t.sheet.armor:   # a long vehicle's half (000:L1985, L2100)
        face = location_struck(t.pose, t.size, origin, ten=True)
    return _Pending(c.id, wid, t.id, face, aim, points, dfaces, info.laser, info.effect == "burst",
                    _fire_source(w.abbr, w.ammo), side in ("left", "right"), w.ammo, w.abbr, sidecar_side)


def cloud_kind(w: Mounted) -> DroppedKind | None:
    """The counter an aimed weapon lays on its target when it hits, in place of damage (cloud bomb, 000:L2472)."""
    try:
        kind = combat_tables().dropped[kind_for_weapon(w.abbr, ammo=w.ammo)]
    except ValueError:
        return None
    return kind if kind.laid_on_hit else None


def _cloud_on(c: Combatant, wid: str, t: Combatant, origin: Vec, turn: int) -> _Pending:
    """A hit that lays its cloud centred on the target, its length along the line of fire (reading CB84);
    the phase is set when the counter is laid (resolve_fire)."""
    w = c.weapon(wid)
    kind = kind_for_weapon(w.abbr, ammo=w.ammo)
    length, width = size_for(kind, w.abbr)
    facing = heading_of(t.pose.centre - origin)
    counter = Counter(kind, Pose.of(t.pose.centre, facing), length, width, turn, owner=c.id, weapon=w.abbr)
    return _Pending(c.id, wid, t.id, "", "", 0, (), False, False, "", False, w.ammo, w.abbr, counter=counter)


# --- the phase ------------------------------------------------------------------------------------


def _apply(t: Combatant, p: _Pending, dice: DiceSource) -> tuple[RecordSheet, Interior, HitReport]:
    spec = _specific(p.aim)
    if spec == "tire":
        return hit_tire(t.sheet, t.interior, p.aim.split(":", 1)[1], p.points, dice, from_side=p.from_side)
    if spec == "turret":
        return hit_turret(t.sheet, t.interior, p.points, dice, faces=p.faces, laser=p.laser, burst=p.burst,
                          ammo=p.ammo, weapon=p.abbr)
    if spec == "rider":
        return hit_rider(t.sheet, t.interior, p.points, dice)
    if spec == "sidecar":   # struck on its end facing the firer, else its outer side (000:L839)
        face = p.face if p.face in ("front", "back") else t.sheet.sidecar_side
        return hit_sidecar(t.sheet, t.interior, face, p.points, dice, faces=p.faces, laser=p.laser)
    if spec == "searchlight":
        return hit_lamp(t.sheet, t.interior, lamp_of(t.sheet), p.points, dice)
    if spec == "pod":
        return hit_pod(t.sheet, t.interior, p.aim.split(":", 1)[1], p.points, dice, weapon=p.abbr)
    if spec == "coupling":   # a fifth wheel, hitch or tongue aimed at (000:L1970-L1971, L2067)
        return hit_part(t.sheet, t.interior, p.aim.split(":", 1)[1], p.points, dice)
    face = "top" if spec == "top" else p.face
    return hit(t.sheet, t.interior, face, p.points, dice, faces=p.faces, laser=p.laser, burst=p.burst,
               pod_roll=p.aim != NEAR_MISS, ammo=p.ammo, weapon=p.abbr, sidecar_side=p.sidecar_side)


def _after_firing(c: Combatant, d: Declaration, wids: tuple[str, ...], turn: int) -> Combatant:
    weapons = tuple(replace(w, shots=w.shots - 1) if w.id in wids and w.shots > 0 else w for w in c.weapons)
    crew = d.crew or firer_of(c, wids)
    kept = tuple(s for s in c.sustained if s[0] not in wids)
    new = []
    for wid in wids:
        n = 1
        for sw, tid, count, last in c.sustained:
            if sw == wid and tid == d.target and last == turn - 1:
                n = count + 1
        new.append((wid, d.target, n, turn))
    return renewed(c, weapons=weapons, fired=c.fired | set(wids), acted=c.acted | {crew},
                   sustained=kept + tuple(new))


def resolve_fire(combatants: Mapping[str, Combatant], declarations: Sequence[Declaration], dice: DiceSource,
                 turn: int, phase: int = 1, *, clouds: Sequence[Counter] = (), lof: LineOfFireCheck | None = None,
                 use_relative_speed: bool = True, strays: bool = False,
                 automatic: Sequence[AutoShot] = ()) -> FireResult:
    """Resolve one phase's fire: every shot against the positions now, then all damage at once (000:L819, L824).
    With `strays` (a game on a map), misses fly on into whatever vehicle is next on their line (000:L1217).
    `automatic`: weapons on automatic acting now, with no firing action (000:L1024), their damage in
    the same batch."""
    cs = dict(combatants)
    log = EventLog()
    pending: list[_Pending] = []
    drops: list[Counter] = []
    screens: dict[str, tuple[Counter, ...]] = {}   # chaff a detector laid at once this phase, by target
    for d in declarations:
        why = problem(cs, d)
        if why:
            log.add(FireRefused(f"{d.firer} cannot fire {d.weapon} at {d.target}: {why}", "", d.firer,
                                weapon=d.weapon, target=d.target, why=why))
            continue
        wids = expand(cs[d.firer], d.weapon)
        if len(wids) > 1:
            log.add(LinkFired(f"link {d.weapon} fires {', '.join(wids)}: a to-hit roll for each (000:L1056)",
                              "000:L1055-L1057", d.firer, link=d.weapon, weapons=tuple(wids)))
        for wid in wids:
            if weapon_info(cs[d.firer].weapon(wid).abbr).to_hit <= 0:
                drops.extend(_lay(cs[d.firer], wid, turn, phase, log))
                continue
            seen = clouds
            if electronics.is_radar_guided(cs[d.firer].weapon(wid).abbr):
                seen = (*clouds, *_screen(cs, d.target, turn, phase, log, screens, drops))
            p = _one_shot(cs, d, wid, turn, dice, log, seen, lof, use_relative_speed, strays)
            if p and p.counter is not None:
                drops.append(_laid_on_target(p.counter, p, phase, log))
            elif p:
                pending.append(p)
        cs[d.firer] = _after_firing(cs[d.firer], d, wids, turn)
    for a in automatic:
        c = cs[a.firer]
        if weapon_info(c.weapon(a.weapon).abbr).to_hit <= 0:
            drops.extend(_lay(c, a.weapon, turn, phase, log, automatic=True))
        else:
            p = _automatic_shot(cs, a, turn, dice, log, clouds, use_relative_speed, lof, strays)
            if p and p.counter is not None:
                drops.append(_laid_on_target(p.counter, p, phase, log))
            elif p:
                pending.append(p)
        cs[a.firer] = _after_automatic(cs[a.firer], a.weapon, a.target if a.by == "computer gunner" else "", turn)
    before = dict(cs)
    res = _apply_all(cs, pending, dice, log, turn)
    returns = _web_returns(before, cs, pending, lof)
    if returns:   # a laser-reactive web's return fire, after the laser's damage (000:L2592)
        res = _return_fire(res, cs, returns, turn, phase, dice, log, clouds, use_relative_speed, lof, drops)
    return replace(res, drops=tuple(drops))


def _screen(cs: dict[str, Combatant], tid: str, turn: int, phase: int, log: EventLog,
            screens: dict[str, tuple[Counter, ...]], drops: list[Counter]) -> tuple[Counter, ...]:
    """A radar-guided missile locking on a vehicle whose radar detector works: the detector fires its chaff
    dispenser at once, before the missile's roll (000:L2643, L2490; reading RD11), the first one not fired
    this turn; the cloud counts against every radar-guided shot at it this phase and lands with the phase's
    other counters."""
    if tid in screens:
        return screens[tid]
    t = cs[tid]
    kinds = electronics_tables().chaff_kinds
    laid: tuple[Counter, ...] = ()
    if electronics.has_detector(t.sheet):
        for w in t.weapons:
            if weapon_info(w.abbr).to_hit <= 0 and not ready(t, w.id) and _lays_kind(w) in kinds:
                log.add(EquipmentActed(f"{tid}'s radar detector senses the missile's lock and fires {w.id} ({w.abbr}) "
                                       f"at once", "000:L2643", tid, accessory=electronics_tables().detector))
                laid = _lay(t, w.id, turn, phase, log, automatic=True)
                drops.extend(laid)
                cs[tid] = _after_automatic(t, w.id)
                break
    screens[tid] = laid
    return laid


def _lays_kind(w: Mounted) -> str:
    try:
        return kind_for_weapon(w.abbr, ammo=w.ammo)
    except ValueError:
        return ""


WEB_BY = "laser-reactive web"


def _web_returns(before: Mapping[str, Combatant], after: Mapping[str, Combatant], pending: Sequence[_Pending],
                 lof: LineOfFireCheck | None) -> list[AutoShot]:
    """The weapons a laser-reactive web fires when a laser scores a direct hit on its side (000:L2592;
    reading RD9): every weapon of that side not yet fired this turn, straight out (they cannot be aimed),
    at the first vehicle on that line; none once the side's armor was gone before the hit."""
    key = electronics_tables().laser_web
    out: list[AutoShot] = []
    seen: set[tuple[str, str]] = set()
    for p in pending:
        if not p.laser or p.aim not in ("", NEAR_MISS) or (p.target, p.face) in seen:
            continue
        t = before[p.target]
        if t.sheet.armor.get(p.face, 0) <= 0 or not on_side(t.sheet, key, p.face):
            continue
        seen.add((p.target, p.face))
        c = after[p.target]
        if c.sheet.destroyed:
            continue
        for w in c.weapons:
            if w.mount == p.face and not ready(c, w.id):
                out.append(_straight_out(after, c, w, lof))
    return out


def straight_out(c: Combatant, wid: str) -> tuple[Vec, Vec]:
    """The line of a weapon that cannot be aimed: from the middle of its side, straight out (000:L1026)."""
    w = c.weapon(wid)
    origin = lof_origin(c.pose, c.size, w.fires_from)
    f, r = forward(c.pose.facing), right(c.pose.facing)
    out = {"front": f, "back": f * -1.0, "right": r, "left": r * -1.0}[w.mount]
    return origin, origin + out * LINE_REACH


def _straight_out(cs: Mapping[str, Combatant], c: Combatant, w: Mounted, lof: LineOfFireCheck | None) -> AutoShot:
    if weapon_info(w.abbr).to_hit <= 0:
        return AutoShot(c.id, w.id, by=WEB_BY)
    a, b = straight_out(c, w.id)
    met = lof(a, b, (c.id,)) if lof is not None else None
    if met is None or met not in cs:
        return AutoShot(c.id, w.id, met or "", b, by=WEB_BY)
    return AutoShot(c.id, w.id, met, nearest_point(footprint(cs[met].pose, cs[met].size), a), by=WEB_BY)


def _return_fire(res: FireResult, cs: dict[str, Combatant], returns: Sequence[AutoShot], turn: int, phase: int,
                 dice: DiceSource, log: EventLog, clouds: Sequence[Counter], use_relative_speed: bool,
                 lof: LineOfFireCheck | None, drops: list[Counter]) -> FireResult:
    """The web's shots resolved after the phase's other damage, and their own damage applied on top."""
    pending: list[_Pending] = []
    for a in returns:
        c = cs[a.firer]
        if weapon_info(c.weapon(a.weapon).abbr).to_hit <= 0:
            drops.extend(_lay(c, a.weapon, turn, phase, log, automatic=True))
        else:   # nothing on its line, or a wall: the round is spent
            p = _automatic_shot(cs, a, turn, dice, log, clouds, use_relative_speed, lof, bool(lof))
            if p and p.counter is not None:
                drops.append(_laid_on_target(p.counter, p, phase, log))
            elif p:
                pending.append(p)
        cs[a.firer] = _after_automatic(cs[a.firer], a.weapon)
    more = _apply_all(cs, pending, dice, log, turn)
    hazards = {k: res.hazards.get(k, ()) + more.hazards.get(k, ()) for k in dict.fromkeys([*res.hazards, *more.hazards])}
    return FireResult(more.combatants, more.events, hazards, res.fire_hits + more.fire_hits,
                      res.reports + more.reports, fire_triggers=res.fire_triggers + more.fire_triggers)


def _laid_on_target(counter: Counter, p: _Pending, phase: int, log: EventLog) -> Counter:
    laid = replace(counter, laid_phase=phase)
    spec = laid.spec()
    log.add(CloudFormed(f"{p.weapon} ({p.abbr}) hits {p.target}: a {laid.kind.replace('_', ' ')} cloud "
                        f"({laid.length:g}\" x {laid.width:g}\") forms on it at {laid.pose}; it goes off "
                        f"{spec.detonates_after_phases} phases from now", spec.source, p.firer, weapon=p.weapon,
                        target=p.target, counter_kind=laid.kind))
    return laid


def _after_automatic(c: Combatant, wid: str, aimed_at: str = "", turn: int = 0) -> Combatant:
    """A shot or counter from a weapon on automatic: a round spent, the weapon fired this turn, no
    crewman's action, no sustained fire (000:L1024-L1025). A computer gunner's shot (`aimed_at`) keeps
    its sustained fire at that target going (000:L935)."""
    weapons = tuple(replace(w, shots=w.shots - 1) if w.id == wid and w.shots > 0 else w for w in c.weapons)
    kept_ = tuple(s for s in c.sustained if s[0] != wid)
    if aimed_at:
        kept_ += ((wid, aimed_at, _sustained_count(c, wid, aimed_at, turn), turn),)
    return renewed(c, weapons=weapons, fired=c.fired | {wid}, sustained=kept_)


def _nominal_crew(c: Combatant, w: Mounted) -> str:
    """Whose name an automatic shot goes under (nobody aims it, so none of his modifiers count): the weapon's
    own crewman, else the first aboard (a trailer has gunners but nobody at a wheel, reading M-R19)."""
    ids = [p.id for p in c.interior.parts]
    return w.crew if w.crew in ids else next(iter(_crew_by_role(c.interior, c.firing_roles)), w.crew)


def automatic_shot(c: Combatant, w: Mounted, t: Combatant, point: Vec, origin: Vec, turn: int,
                   clouds: Sequence[Counter] = (), *, use_relative_speed: bool = True) -> tuple[Shot, str]:
    """The to-hit of an aimed weapon on automatic at what crosses its line, struck at `point`: the
    standard modifiers of the vehicles, range and weather, but nobody aims it, so no computer, no
    specific target, no sustained fire (000:L1025-L1026) and none of a crewman's own (skill, wounds,
    the driver's maneuvers, paint on his windows: reading CB81). (shot, side struck)."""
    shot, _side, _o, _p = shot_for(c, w, t, Declaration(c.id, w.id, t.id, crew=_nominal_crew(c, w)), turn, clouds,
                                   use_relative_speed=use_relative_speed)
    side = struck_side(t.pose, t.size, origin)
    shot = replace(shot, automatic=True, range=(point - origin).length(), target_side=side,
                   smoke_inches=cloud_inches(clouds, origin, point), specific="", computer="none", cyberlink=False,
                   sustained=1, gunner_skill=0, wounded_firer=False, maneuver_d=0, aimed_fire=0,
                   paint_on_windows=False, not_in_side_arc=False,
                   sloped_armor=t.interior.sloped and t.sheet.armor.get(side, 0) > 0)
    return shot, side


def _automatic_shot(cs: dict[str, Combatant], a: AutoShot, turn: int, dice: DiceSource, log: EventLog,
                    clouds: Sequence[Counter], use_relative_speed: bool, lof: LineOfFireCheck | None = None,
                    strays: bool = False, stray_of: str = "") -> _Pending | None:
    """An automatic weapon's shot along its line (000:L1024-L1026); on a map its miss flies on into the next
    vehicle on that line at -2 (000:L1217), `stray_of` naming the target it missed."""
    c = cs[a.firer]
    w = c.weapon(a.weapon)
    info = weapon_info(w.abbr, w.options)
    origin = lof_origin(c.pose, c.size, w.fires_from)
    if a.by in BY_RULE:
        return _electronic_shot(cs, a, turn, dice, log, clouds, use_relative_speed, lof, strays, stray_of)
    head = (f"{a.weapon} ({w.abbr}) fired by its {a.by} straight out from the {w.mount}" if a.by else
            f"{a.weapon} ({w.abbr}) on automatic fires straight out from the {w.mount}")
    if a.target and a.target not in cs:
        return None   # a wall or building: rolled with the shots at the map (rules.phases.automatic_fire.map_shots)
    if a.target not in cs or cs[a.target].sheet.destroyed:
        what = f": its line runs into the wreck of {a.target}" if a.target else ": nothing crosses its line"
        log.add(AutomaticWasted(f"{head}{what}; a round spent", "000:L1024-L1026", c.id, weapon=a.weapon,
                                wreck=a.target))
        return None
    t = cs[a.target]
    shot, side = automatic_shot(c, w, t, a.point, origin, turn, clouds, use_relative_speed=use_relative_speed)
    if stray_of:
        shot = replace(shot, stray=True)
    th = to_hit(shot)
    head = (f"{a.weapon}'s automatic miss flies on into {t.id}'s {side} side, {shot.range:.2f}\"" if stray_of else
            f"{head}: {t.id} crosses its line, {side} side, {shot.range:.2f}\"")
    rolled = roll_to_hit(th, shot.base, head, "", ", L1026", dice, log, c.id, a.weapon, t.id, automatic=True,
                         stray_of=stray_of)
    return _after_auto_roll(rolled, cs, a, c, w, t, side, origin, turn, dice, log, clouds, use_relative_speed, lof,
                            strays and not stray_of, info.damage is not None)


def _after_auto_roll(rolled: tuple[bool, int] | None, cs: dict[str, Combatant], a: AutoShot, c: Combatant, w: Mounted,
                     t: Combatant, side: str, origin: Vec, turn: int, dice: DiceSource, log: EventLog,
                     clouds: Sequence[Counter], use_relative_speed: bool, lof: LineOfFireCheck | None,
                     may_stray: bool, does_damage: bool) -> _Pending | None:
    """What a rolled automatic or electronic shot leads to: a miss flies on to the next vehicle on its line
    (000:L1217), a hit lays its cloud or rolls its damage."""
    if rolled is not None and not rolled[0] and may_stray:
        return _automatic_stray(cs, a, origin, turn, dice, log, clouds, use_relative_speed, lof)
    if rolled is None or not rolled[0] or not does_damage:
        return None
    if cloud_kind(w) is not None:
        return _cloud_on(c, a.weapon, t, origin, turn)
    return _damage_roll(c, a.weapon, t, side, "", origin, dice, log)


BY_RULE = {"ATAD": "000:L2975", "computer gunner": "000:L2617-L2618", "HARM homing system": "000:L2532"}


def _electronic_shot(cs: dict[str, Combatant], a: AutoShot, turn: int, dice: DiceSource, log: EventLog,
                     clouds: Sequence[Counter], use_relative_speed: bool, lof: LineOfFireCheck | None,
                     strays: bool, stray_of: str) -> _Pending | None:
    """A shot an ATAD, a computer gunner or a HARM's homing system fires at `a.target`
    (rules.phases.electronic_fire): aimed by the device, with no crewman's modifiers or computer (000:L2975,
    L2617, L2532); a computer gunner's software adds its +1 and its sustained fire counts (000:L2616). A radar
    ATAD's lock on a jamming target is rolled."""
    c, t = cs[a.firer], cs[a.target]
    if t.sheet.destroyed or (a.weapon in c.fired and not stray_of):   # a crewman fired it this phase (000:L2975)
        return None
    w = c.weapon(a.weapon)
    info = weapon_info(w.abbr, w.options)
    origin = lof_origin(c.pose, c.size, w.fires_from)
    if a.by == "ATAD" and not stray_of and radar_jam(c, a.weapon, t, dice, log, a.by):
        return None
    shot, side = automatic_shot(c, w, t, a.point, origin, turn, clouds, use_relative_speed=use_relative_speed)
    if a.by == "computer gunner":
        e = electronics_tables()
        soft = 0 if not electronics.working(c.sheet, (e.software,)) else \
            e.scrambled_bonus if c.scrambled else e.software_bonus
        shot = replace(shot, automatic=False, software=soft, sustained=_sustained_count(c, w.id, t.id, turn))
    if stray_of:
        shot = replace(shot, stray=True)
    head = (f"{a.weapon}'s miss flies on into {t.id}'s {side} side, {shot.range:.2f}\"" if stray_of else
            f"{a.weapon} ({w.abbr}) fired by its {a.by} at {t.id}'s {side} side, {shot.range:.2f}\"")
    rolled = roll_to_hit(to_hit(shot), shot.base, head, "", f", {BY_RULE.get(a.by, '')}", dice, log, c.id,
                         a.weapon, t.id, automatic=a.by != "computer gunner", stray_of=stray_of)
    return _after_auto_roll(rolled, cs, a, c, w, t, side, origin, turn, dice, log, clouds, use_relative_speed, lof,
                            strays and not stray_of, info.damage is not None)


def _sustained_count(c: Combatant, wid: str, tid: str, turn: int) -> int:
    for sw, st, n, last in c.sustained:
        if sw == wid and st == tid and last == turn - 1:
            return n + 1
    return 1


def _automatic_stray(cs: dict[str, Combatant], a: AutoShot, origin: Vec, turn: int, dice: DiceSource,
                     log: EventLog, clouds: Sequence[Counter], use_relative_speed: bool,
                     lof: LineOfFireCheck | None) -> _Pending | None:
    """The next vehicle on an automatic weapon's line past the one it missed (000:L1217)."""
    met = _next_on_line(cs, origin, a.point, (a.firer, a.target), lof)
    if met is None:
        return None
    point = nearest_point(footprint(cs[met].pose, cs[met].size), origin)
    return _automatic_shot(cs, replace(a, target=met, point=point), turn, dice, log, clouds, use_relative_speed,
                           stray_of=a.target)


def _lay(c: Combatant, wid: str, turn: int, phase: int, log: EventLog,
         automatic: bool = False) -> tuple[Counter, ...]:
    """The counters a dropped weapon lays, by its load (000:L1143, L2504, L2508) and mount; none, said in
    the log, for one whose counter is not played. A turret lays as any mount and a top mount as the
    underbody (000:L1032, L1038): both lay from the centre."""
    w = c.weapon(wid)
    if w.abbr == combat_tables().starshell_weapon:
        return ()   # its flare goes up and lights the table (rules.play.lights, 000:L2432)
    try:
        kind = kind_for_weapon(w.abbr, ammo=w.ammo)
    except ValueError:
        log.add(NothingDropped(f"{wid} ({w.abbr}) is triggered but lays nothing: its counter is not played yet",
                               "000:L1028", c.id, weapon=wid))
        return ()
    mount = "top" if w.mount == "turret" else w.mount
    laid = split(place(kind, c.pose, c.size, mount, turn, phase, reverse=c.reverse, stationary=c.speed == 0,
                       owner=c.id, weapon=w.abbr))
    auto, rule = (" on automatic", ", L1041, L1051") if automatic else ("", "")
    for counter in laid:
        log.add(CounterDropped(f"{wid} ({w.abbr}){auto} lays {counter.kind.replace('_', ' ')} "
                               f"({counter.length:g}\" x {counter.width:g}\") at {counter.pose}: no to-hit roll",
                               f"000:L1028-L1038{rule}, {counter.spec().source}", c.id, weapon=wid,
                               counter_kind=counter.kind, automatic=automatic))
    return laid


def drop(combatants: Mapping[str, Combatant], firer: str, weapon: str, turn: int,
         phase: int, crew: str = "") -> tuple[dict[str, Combatant], tuple[Counter, ...], tuple[Event, ...]]:
    """A Drop action: the crewman's firing action lays the counter(s) of a dropped weapon or link (000:L1028);
    `crew` fires it, or else firer_of."""
    cs = dict(combatants)
    c = cs[firer]
    wids = expand(c, weapon)
    crew = crew or firer_of(c, wids)
    if crew in c.acted:
        raise ValueError(f"{crew} of {firer} has already fired this turn (000:L820)")
    for wid in wids:
        why = ready(c, wid)
        if why:
            raise ValueError(why)
        if weapon_info(c.weapon(wid).abbr).to_hit > 0:
            raise ValueError(f"{wid} is aimed, not dropped: fire it at a target")
    log = EventLog()
    counters = tuple(k for wid in wids for k in _lay(c, wid, turn, phase, log))
    cs[firer] = _after_firing(c, Declaration(firer, weapon, "", crew=crew), wids, turn)
    return cs, counters, tuple(log.events)


def _apply_all(cs: dict[str, Combatant], pending: list[_Pending], dice: DiceSource, log: EventLog,
               turn: int) -> FireResult:
    hazards: dict[str, list[Hazard]] = {}
    fire_hits: list[tuple[str, FireHit]] = []
    reports: list[tuple[str, HitReport]] = []
    triggers: list[tuple[str, str]] = []
    for p in pending:
        p = _hitch_armor_first(cs, p, log)
        t = cs[p.target]
        sheet, inside, rep = _apply(t, p, dice)
        triggers += [(p.target, trig) for trig in fire_triggers_of(t.interior, p, rep)]
        cs[p.target] = replace(t, sheet=sheet, interior=inside)
        reports.append((p.target, rep))
        for text, rule in rep.lines:
            log.add(HitDamage(f"{p.weapon} of {p.firer} hits {p.target}: {text}", rule, p.target, weapon=p.weapon,
                              firer=p.firer))
        if rep.passed_out:
            log.add(PassedThrough(f"{rep.passed_out} points pass out of {p.target} with no effect", "000:L952",
                                  p.target, points=rep.passed_out))
        for hz in rep.hazards():
            hazards.setdefault(p.target, []).append(hz)   # logged once, when met after the shots (HazardMet)
        for corner in rep.corners_lost():
            log.add(CornerLost(f"last tire at {corner} lost: handling status to -6", "000:L265", p.target,
                               corner=corner))
        if p.fire_source and rep.taken and _fire_counts(t.interior, p, rep):
            fire_hits.append((p.target, FireHit(p.fire_source, turn, ht_ammo=p.ammo == HT_AMMO)))
    return FireResult(cs, tuple(log.events), {k: tuple(v) for k, v in hazards.items()}, tuple(fire_hits),
                      tuple(reports), fire_triggers=tuple(triggers))


def _hitch_armor_first(cs: dict[str, Combatant], p: _Pending, log: EventLog) -> _Pending:
    """A shot at a car trailer's tongue spends its tower's hitch armor first (000:L1982: the armor covers
    the hitch and the tongue on it; reading M-R24); what is left goes on to the tongue itself."""
    t = cs[p.target]
    if coupling_part(p.aim) != "tongue" or t.hitch_guard not in cs or p.points <= 0:
        return p
    tower = cs[t.hitch_guard]
    guard = next((q for q in tower.interior.parts if q.id.endswith("_hitch") and q.armor > 0), None)
    if guard is None:
        return p
    took = min(guard.armor, p.points)
    cs[tower.id] = replace(tower, interior=tower.interior.with_part(replace(guard, armor=guard.armor - took)))
    log.add(HitDamage(f"{p.weapon} of {p.firer} hits {p.target}'s tongue: {took} to {tower.id}'s hitch armor "
                      f"({guard.armor - took} left)", "000:L1982", tower.id, weapon=p.weapon, firer=p.firer))
    return replace(p, points=p.points - took)


def fire_triggers_of(before: Interior, p: _Pending, rep: HitReport) -> tuple[str, ...]:
    """What a hit did that may start a fire at the end of the turn, besides the fire table: the plant
    destroyed, a flamethrower or flaming oil jet hit (000:L984), points on a gas engine or its tank, which
    breaches it (000:L1012, L1018; reading CB14); "hot" when the weapon is itself on the fire table (a laser, flame, incendiary, flaming oil)."""
    flame = combat_tables().component_fire_weapons
    hot = ":hot" if p.fire_source else ""
    parts = {q.id: q for q in before.parts}
    out: list[str] = []
    for s in rep.steps:
        q = parts.get(s.what)
        if q is None or s.points <= 0:
            continue
        if (q.kind == "plant" and s.destroyed) or (q.kind == "weapon" and q.item in flame and not q.insulated):
            out.append("component" + hot)
        if q.item == "gas_engine":
            out.append(f"gas_engine:{s.points}{hot}")
        if q.item == GAS_TANK:
            out.append("gas_tank" + hot)
    return tuple(out)


def _fire_counts(inside: Interior, p: _Pending, rep: HitReport) -> bool:
    """Fireproof armor that stopped everything, or reflective armor against a laser, takes no fire modifier
    (000:L1698-L1699, L1021)."""
    kind = inside.armor_type.get(p.face, "plastic")
    only_armor = all(s.what.endswith("armor") for s in rep.steps)
    if p.laser and kind in LASER_HALVED:
        return False
    return not (kind in FIREPROOF_KINDS and only_armor)


def out_of_action(c: Combatant) -> str:
    """Why a vehicle is out of the fight ("" if it is not): destroyed, or it can neither move nor fire
    (a kill, 000:L1262)."""
    if c.sheet.destroyed:
        return "destroyed"
    inside = c.interior
    if not any(p.kind == "crew" for p in inside.parts):
        return ""  # a design with no crew on its sheet (movement only): only destruction takes it out
    crew_ok = [p for p in inside.parts if p.kind == "crew" and crew_state(p) in ("unhurt", "wounded")]
    plant = [p for p in inside.parts if p.kind == "plant"]
    roles = combat_tables().cycle_substitute_roles if c.kind == "cycle" else combat_tables().substitute_roles
    at_wheel = (inside.driver() is not None and inside.driver() in crew_ok) or any(
        p.role in roles for p in crew_ok)  # a substitute can take the wheel (000:L979-L980)
    can_move = at_wheel and any(not p.destroyed for p in plant)
    can_fire = bool(crew_ok) and any(not inside.part(w.id).destroyed and w.shots != 0 for w in c.weapons)
    if not can_move and not can_fire:
        return "can neither move nor fire"
    return ""


# --- the record sheet -----------------------------------------------------------------------------


def combatant_of(vid: str, kind: str, target_type: str, pose: Pose, size: CounterSize, speed: float,
                 travel: float, sheet: RecordSheet, *, order: tuple[str, ...] = ("plant", "crew", "cargo"),
                 **extra: object) -> Combatant:
    """A Combatant from a record sheet: weapons and links from the sheet, each fired by the first free
    gunner, else the driver (firer_of), unless `extra` says otherwise (any Combatant field may be passed)."""
    inside, weapons, links, computers = kept(sheet, ("combatant", kind, order),
                                             lambda: _sheet_part(sheet, kind, order))
    # made without the frozen __init__ (it sets each of its 27 fields through object.__setattr__; a
    # combatant is made for every vehicle that moved, every phase): the same fields, the defaults of
    # the rest, a fresh `skills` dict as its default_factory gives
    for name in extra:
        if name not in _COMBATANT_EXTRA:
            raise TypeError(f"combatant_of() takes no field {name} by name")
    c: Combatant = object.__new__(Combatant)
    d = c.__dict__
    d.update(_COMBATANT_DEFAULTS)
    d.update(id=vid, kind=kind, target_type=target_type, pose=pose, size=size, speed=speed, travel=travel,
             sheet=sheet, interior=inside, weapons=weapons, links=links, skills={}, computers=computers)
    d.update(extra)
    return c


_COMBATANT_EXTRA = frozenset(f.name for f in fields(Combatant)) - {
    "id", "kind", "target_type", "pose", "size", "speed", "travel", "sheet", "interior", "weapons", "links"}
# the defaults of the fields combatant_of does not always pass (read-only: every combatant starts from them)
_COMBATANT_DEFAULTS = MappingProxyType({f.name: f.default for f in fields(Combatant) if f.default is not MISSING})


def _sheet_part(sheet: RecordSheet, kind: str, order: tuple[str, ...]) -> tuple[
        Interior, tuple[Mounted, ...], dict[str, tuple[str, ...]], tuple[tuple[str, str, str], ...]]:
    """What a combatant takes from its record sheet alone (kept with the sheet: never change it)."""
    inside = interior_of(sheet, kind, order)
    driver = inside.driver()   # a car's driver or a cycle's rider holds the triggers no gunner takes
    weapons = tuple(Mounted(w.id, w.abbr, w.pod_fires or _mount(w.location), w.shots_left if w.max_shots else -1,
                            (w.ammo[0] if w.ammo and w.ammo[0] else "normal"),
                            crew=driver.id if driver else Mounted.crew, options=w.options,
                            origin=_pod_origin(w) or _sidecar_origin(w, sheet), cupola=w.cupola)
                    for w in sheet.weapons)
    links: dict[str, tuple[str, ...]] = {}
    for w in sheet.weapons:
        if w.link:
            links[w.link] = links.get(w.link, ()) + (w.id,)
    return inside, weapons, links, _sheet_computers(sheet, inside, weapons)


def _pod_origin(w: WeaponMount) -> str:
    """A pod set to fire front or back has that arc, but fires from where the pod hangs: the middle of its
    side, or the centre for a top pod (000:L2527, L826)."""
    if not w.pod_fires:
        return ""
    return "turret" if w.pod_side == "top" else w.pod_side


def _sidecar_origin(w: WeaponMount, sheet: RecordSheet) -> str:
    """A sidecar's weapon has its facing's arc but fires from the sidecar's side of the counter (reading CB64)."""
    if not w.location.startswith(f"{SIDECAR}-"):
        return ""
    return "turret" if _mount(w.location) == "turret" else sheet.sidecar_side


def _mount(location: str) -> str:
    """Weapons on the top fire like a turret's (360°); corner-mounted droppers lay from that corner; a
    sidecar's weapons by their own facing."""
    location = location.removeprefix(f"{SIDECAR}-")
    corner = {"FL": "front_left", "FR": "front_right", "BL": "back_left", "BR": "back_right"}
    return "turret" if location == "top" else corner.get(location, location)


def sheet_of(c: Combatant, before: RecordSheet | None = None) -> RecordSheet:
    """The record sheet after combat: damage from the interior, shots spent since `before`."""
    sheet = sheet_with(c.sheet, c.interior)
    for w in c.weapons:
        if w.shots < 0:
            continue
        spent = sheet.weapon(w.id).shots_left - w.shots
        if spent > 0:
            after = use_shot(sheet, w.id, spent)
            carry(sheet, after, "interior")   # shots left are no part of the interior (damage.interior_of)
            sheet = after
    return sheet
