"""Setting up a game: vehicles, owners, start poses and speeds, seed and rule options."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from rules.core.errors import DataError
from rules.core.geometry import Kind, Pose
from rules.core.paths import locate
from rules.core.schema import Node
from rules.people.record import Kit, PersonState
from rules.play.state import Goal, RuleOptions
from rules.tables.lights import lights_tables
from rules.tables.people import PeopleTables
from rules.tables.ruleset import Ruleset, standard
from rules.vehicles.design import Design, load_design, load_stock
from rules.vehicles.long_vehicles import TRAILER_KINDS
from rules.vehicles.record_sheet import RecordSheet, Tire
from rules.vehicles.spec import UNTRAINED, VehicleSpec
from rules.vehicles.starting_sheet import spec as spec_of
from rules.vehicles.towing import towing_figures


@dataclass(frozen=True)
class VehicleSetup:
    id: str
    owner: str
    design: str               # a stock vehicle's name, a design file path, or a "generic ..." test vehicle
    pose: Pose
    speed: float = 0.0        # signed: negative = reverse
    driver_skill: int = 0
    foe: str = ""             # scripted-foe profile; "" = a human player
    colour: str = ""
    gunner_skill: int = 0     # the crew's Gunner bonus, added to every shot they fire (000:L931); UNTRAINED: none
    crew_gear: tuple[str, ...] = ()  # personal gear the whole crew wears: li_goggles, tinted_goggles (reading AU19)
    trailer: str = ""         # a trailer on its hitch or fifth wheel, straight behind it (a stock name or a
                              # design file, as `design`); its id is this vehicle's with "_trailer" after it
    trailer2: str = ""        # a double's second trailer, hitched behind the first (000:L567, M-R32); its id
                              # is this vehicle's with "_trailer2" after it
    kit: Kit | None = None    # what the crew carry (reading PD18); None: people.toml's [loadout]
    trucker: bool = True      # the driver has Trucker skill (a bus, ten-wheeler or tractor: 000:L1385, M-R21)


@dataclass(frozen=True)
class PersonSetup:
    """A pedestrian who starts the game on foot (issue 18): where he stands, what he carries, who runs him.
    `weapon`, `armor` and `grenades` are keys of people.toml's [hand_weapon.*], [armor.*], [grenade.*]."""

    id: str
    owner: str
    pose: Pose
    weapon: str = ""
    armor: str = ""
    grenades: tuple[str, ...] = ()
    skill: int = 0            # Handgunner level (000:L1165); UNTRAINED: none
    foe: str = ""             # scripted-foe profile; "" = a human player
    prone: bool = False
    name: str = ""
    gear: tuple[str, ...] = ()   # [gear.*] keys
    martial_arts: int = -1       # Martial Arts level: -1 none, 0 base, 1 for +1 ... (000:L1332, PD44)
    running: int = 0             # Running skill above the base level (000:L1364)


@dataclass(frozen=True)
class GameSetup:
    vehicles: tuple[VehicleSetup, ...]
    seed: int = 1
    options: RuleOptions = field(default_factory=RuleOptions)
    map: str = ""
    max_turns: int = 0
    people: tuple[PersonSetup, ...] = ()   # pedestrians on foot from the start (people = "on" only)
    goal: Goal | None = None               # a scenario's victory (rules.engine.goals); None: the last side standing
    rules: Ruleset = field(default_factory=standard, compare=False, repr=False)  # the tables it is played by


def crew_gear(n: Node) -> tuple[str, ...]:
    """A vehicle's `crew_gear` list (reading AU19): gear the lights rules know, light-intensifier and tinted
    goggles together refused (000:L1533)."""
    lt = lights_tables()
    gear = tuple(n.names("crew_gear", []))
    for g in gear:
        if g not in (lt.goggles, lt.tinted_goggles):
            raise n.error("crew_gear", f"unknown crew gear {g!r}; known: {lt.goggles}, {lt.tinted_goggles}")
    if lt.goggles in gear and lt.tinted_goggles in gear:
        raise n.error("crew_gear", "tinted goggles cannot be worn with light-intensifier goggles (000:L1533)")
    return gear


def crew_wears(vs: VehicleSetup) -> tuple[str, ...]:
    """The goggles a vehicle's crew wear aboard: its `crew_gear`, and any goggles its crew's kit carries
    (reading AU19, PD18), so a kit's light-intensifier goggles work aboard as well as on foot. With both
    kinds, the set-up's own `crew_gear` decides (000:L1533: they are not worn together)."""
    lt = lights_tables()
    known = (lt.goggles, lt.tinted_goggles)
    carried = tuple(g for g in (vs.kit.gear if vs.kit is not None else ()) if g in known)
    if vs.crew_gear or not carried:
        return vs.crew_gear
    return carried[:1]


GENERIC_KEYS = {"kind", "hc", "accel", "top", "weight", "tire", "armor"}


def generic_spec(text: str, driver_skill: int = 0) -> VehicleSpec:
    """A plain test vehicle: "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=10".

    Used by tests and quick set-ups before a design is chosen; real games use rules.vehicles.design."""
    fields = dict(w.split("=", 1) for w in text.split()[1:] if "=" in w)
    bad = set(fields) - GENERIC_KEYS
    if bad:
        raise ValueError(f"unknown generic vehicle field(s): {', '.join(sorted(bad))}")
    for key in ("hc", "accel", "top", "weight", "tire", "armor"):
        if key in fields and not math.isfinite(float(fields[key])):  # float() itself refuses non-numbers
            raise ValueError(f"{key} must be a finite number, found {fields[key]!r}")
    kind = Kind(fields.get("kind", "car"))
    if kind not in (Kind.CAR, Kind.TRIKE, Kind.CYCLE):   # big vehicles come from their designs (issue 19)
        raise ValueError(f"a generic vehicle is a car, trike or cycle, not {kind.value}")
    tire = int(fields.get("tire", "4"))
    armor = int(fields.get("armor", "10"))
    corners = {Kind.CAR: ("FL", "FR", "BL", "BR"), Kind.TRIKE: ("F", "BL", "BR"), Kind.CYCLE: ("F", "B")}[kind]
    sheet = RecordSheet(armor={loc: armor for loc in ("front", "back", "left", "right", "top", "underbody")},
                        tires=tuple(Tire(c, tire, tire) for c in corners))
    return VehicleSpec(name=text, kind=kind, weight=int(fields.get("weight", "3000")), hc=int(fields.get("hc", "2")),
                       acceleration=float(fields.get("accel", "10")), top_speed=float(fields.get("top", "100")),
                       sheet=sheet, driver_skill=driver_skill)


def trailer_id(tower: str) -> str:
    return f"{tower}_trailer"


def _design(design: str) -> Design:
    return load_design(locate(design)) if design.endswith(".toml") else load_stock(design)


def resolve_rig(design: str, trailer: str, driver_skill: int = 0) -> tuple[VehicleSpec, VehicleSpec]:
    """The tower's spec with the trailer behind it (acceleration and top speed with the trailer's weight,
    a rig's HC 1: 000:L553, L2069) and the trailer's own; a tow the rules refuse is a DataError."""
    tower, towed = _design(design), _design(trailer)
    if towed.kind not in TRAILER_KINDS:
        raise DataError(trailer, "trailer", f"{towed.name} is a {towed.kind.replace('_', ' ')}, not a trailer")
    tspec = spec_of(towed)
    tf = towing_figures(tower, tspec.weight, towed.kind)
    if tf.errors:
        raise DataError(trailer, "trailer", f"{tower.name} cannot tow {towed.name}: {' '.join(tf.errors)}")
    own = spec_of(tower, driver_skill=driver_skill)
    low = (tf.gears[0] if len(tf.gears) > 1 else None) or own.low_gear
    return replace(own, acceleration=tf.acceleration, top_speed=tf.top_speed, hc=tf.hc, low_gear=low), tspec


def second_trailer_id(tower: str) -> str:
    return f"{tower}_trailer2"


def resolve_double(design: str, trailer: str, trailer2: str, driver_skill: int = 0
                   ) -> tuple[VehicleSpec, VehicleSpec, VehicleSpec]:
    """A tower pulling two trailers, the second hitched behind the first (000:L567, reading M-R32): the tower's
    spec with both trailers' weight (its acceleration, top speed and what it may pull, as for one trailer of
    that weight and the first's kind: 000:L553, L2065-L2074), and the two trailers' own."""
    tower, first, second = _design(design), _design(trailer), _design(trailer2)
    for name, d in ((trailer, first), (trailer2, second)):
        if d.kind not in TRAILER_KINDS:
            raise DataError(name, "trailer", f"{d.name} is a {d.kind.replace('_', ' ')}, not a trailer")
    s1, s2 = spec_of(first), spec_of(second)
    tf = towing_figures(tower, s1.weight + s2.weight, first.kind)
    if tf.errors:
        raise DataError(trailer2, "trailer2", f"{tower.name} cannot tow {first.name} and {second.name}: "
                                              f"{' '.join(tf.errors)}")
    own = spec_of(tower, driver_skill=driver_skill)
    low = (tf.gears[0] if len(tf.gears) > 1 else None) or own.low_gear
    return replace(own, acceleration=tf.acceleration, top_speed=tf.top_speed, hc=tf.hc, low_gear=low), s1, s2


def resolve_spec(design: str, driver_skill: int = 0) -> VehicleSpec:
    """The spec of a stock vehicle, a design file or a generic test vehicle."""
    if design.startswith("generic"):
        try:
            return generic_spec(design, driver_skill)
        except ValueError as exc:
            raise DataError(design, "design", str(exc)) from None
    return spec_of(_design(design), driver_skill=driver_skill)


def with_design_kit(vs: VehicleSetup) -> VehicleSetup:
    """The set-up's own kit for the crew, else the one its design file names (its [kit]), else none (the
    [loadout] then: reading PD18)."""
    if vs.kit is not None or vs.design.startswith("generic"):
        return vs
    k = _design(vs.design).kit
    return vs if k is None else replace(vs, kit=Kit(k.weapon, k.armor, k.grenades, k.gear))


def kit_armor(sheet: RecordSheet, kit: Kit | None, t: PeopleTables) -> RecordSheet:
    """A crew whose kit names body armor wear it aboard: every crewman's body-armor DP is the armor's
    (000:L975, reading PD18); without a kit, or a kit without armor, the sheet as designed."""
    if kit is None or not kit.armor or kit.armor not in t.armor:
        return sheet
    dp = t.armor[kit.armor].dp
    comps = tuple(replace(c, body_armor=dp) if c.kind == "crew" else c for c in sheet.components)
    return replace(sheet, components=comps)


def starting_people(setup: GameSetup, t: PeopleTables) -> tuple[PersonState, ...]:
    """The set-up's pedestrians as the state keeps them: a full weapon, armor at its full DP, unhurt;
    `from_vehicle` empty (he has no seat to go back to)."""
    out = []
    for ps in setup.people:
        w = t.hand_weapons.get(ps.weapon) if ps.weapon else None
        armor = t.armor.get(ps.armor) if ps.armor else None
        out.append(PersonState(ps.id, ps.owner, ps.name or ps.id, ps.pose, "", armor=ps.armor,
                               armor_left=armor.dp if armor else 0, weapon=ps.weapon,
                               shots=(w.shots or 0) if w else 0, grenades=ps.grenades, gear=ps.gear, prone=ps.prone,
                               skill=-99 if ps.skill == UNTRAINED else ps.skill, martial_arts=ps.martial_arts,
                               running=ps.running))
    return tuple(out)
