"""Damage: dice per weapon and ammunition, where a hit goes, and what it does.

A hit walks a path of stops from the struck side inward (000:L951-L968): armor, a weapon on that
side, the internal locations, a weapon on the far side, the far armor; each stop absorbs what it
can and passes the rest on. Cycles roll a location instead (000:L835-L837); trikes are cars with a
front-wheel roll (000:L842); a targeted tire may be shielded by a wheelguard or hub (000:L2599,
L2562-L2563, L1908). Every hit is a hazard by the damage it did (000:L250-L253).

What a vehicle holds inside is described by `Interior` (parts with DP: crew, plant, cargo,
weapons, shields) next to the RecordSheet's armor and tires; every function returns new values and
a `HitReport` that the log can print line by line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeVar

from rules.core.dice import DiceExpr, DiceSource, roll
from rules.core.kept import kept
from rules.tables.combat import CombatTables, combat_tables
from rules.tables.construction import design_tables
from rules.tables.movement import tables
from rules.vehicles.record_sheet import Pod, RecordSheet, TireDamage, damage_armor, damage_tire

CAR_FACES = ("front", "back", "left", "right", "top", "underbody")
OPPOSITE = {"front": "back", "back": "front", "left": "right", "right": "left", "top": "underbody",
            "underbody": "top"}
# a long vehicle's halves (000:L2100): each armored apart, the same walk as the whole side (000:L1985)
HALVES = {f"{h}_{side}": (h, side) for h in ("front", "back") for side in ("left", "right", "top", "underbody")}
CORNER_FACES = {"FL": ("front", "left"), "FR": ("front", "right"), "BL": ("back", "left"), "BR": ("back", "right")}
ARMOR_TYPES = ("plastic", "fireproof", "laser_reflective", "lrfp", "metal", "metal_lr")
METAL_KINDS = ("metal", "metal_lr")                             # metal rules: 6s cost a point (000:L1703-L1704)
LASER_HALVED = ("laser_reflective", "lrfp", "metal_lr")         # lasers do half (000:L1699-L1700, L1704)
FIREPROOF_PLASTIC = ("fireproof", "lrfp")                       # incendiary rounds do less (000:L2506)
FIREPROOF_KINDS = (*FIREPROOF_PLASTIC, *METAL_KINDS)             # no fire check if only armor is hit (000:L1698, L1704)
DRIVER_ROLES = ("driver", "cyclist")   # crew roles at the controls (a cycle's rider is its driver)
ENEMY_FIRE_RULE = "000:L250-L252"   # the car rules' enemy-fire hazard (oversized vehicles: 000:L256-L257)
POD = "pod:"          # Part.mount of a weapon in an external pod: hits reach it only through the pod (000:L2529)
SIDECAR = "sidecar"   # Part.location of what rides in a cycle's sidecar; its weapons' mounts start "sidecar-"

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

_R = TypeVar("_R", bound="DataclassInstance")


# --- what is inside -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Part:
    """Anything with damage points that a hit can reach."""

    id: str                 # unique in the vehicle: "driver", "plant", "MG1", "FL wheelguard", ...
    kind: str               # crew | plant | cargo | empty | weapon | wheelguard | hub
    dp: int
    max_dp: int
    mount: str = ""         # weapons: front/back/left/right/turret/top/underbody; shields: the tire corner
    location: str = ""      # internal parts: crew / plant / cargo
    role: str = ""          # crew: driver / gunner / passenger
    body_armor: int = 0     # crew: body armor DP left (absorbs first, 000:L975)
    item: str = ""          # what it is: weapon abbreviation ("MG", "FT"), "gas_engine", "FE", "IFE", ...
    safety_seat: bool = False  # crew: sits in a safety seat (collisions and rolls halved, 000:L2596)
    insulated: bool = False    # fire-retardant insulators: no harm from vehicle fires, half from flame (000:L2587)
    armor: int = 0          # component armor left: absorbs before the DP, from any side (000:L2566-L2567)
    electronic: bool = False  # destroyed with the power plant (000:L2547)
    lost: bool = False      # destroyed without losing DP (electronics with the plant)

    @property
    def destroyed(self) -> bool:
        return self.lost or (self.max_dp > 0 and self.dp <= 0)


@dataclass(frozen=True)
class Interior:
    """The inside of a vehicle as combat sees it."""

    kind: str = "car"                                   # car | trike | cycle
    order: tuple[str, ...] = ("plant", "crew", "cargo")  # internal locations, front to back (000:L962)
    parts: tuple[Part, ...] = ()
    armor_type: dict[str, str] = field(default_factory=dict)  # by face; plastic when absent
    lone_wheel: str = "F"                               # trikes: corner of the single wheel
    lone_wheel_end: str = "front"                       # "back" for a reversed trike (000:L843)
    sloped: bool = False                                # sloped armor: -1 to hit it (000:L1711)
    roll_cage: bool = False                             # guards the interior in rolls and rams (000:L2595)
    cupola_gunner: str = ""                             # the crewman riding in a cupola (reading CB66)

    def __hash__(self) -> int:
        return hash((self.kind, self.order, self.parts, tuple(sorted(self.armor_type.items())), self.roll_cage))

    def part(self, pid: str) -> Part:
        for p in self.parts:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def with_part(self, new: Part) -> Interior:
        return replace(self, parts=tuple(new if p.id == new.id else p for p in self.parts))

    def weapons_on(self, *mounts: str) -> list[Part]:
        """Weapons on these mounts; a corner-mounted weapon is on both its faces (000:L965)."""
        return [p for p in self.parts if p.kind == "weapon"
                and (p.mount in mounts or any(f in mounts for f in CORNER_FACES.get(p.mount, ())))]

    def in_pod(self, pod: str) -> list[Part]:
        """The weapons in an external pod, in the sheet's order (000:L2529)."""
        return [p for p in self.parts if p.kind == "weapon" and p.mount == f"{POD}{pod}"]

    def in_sidecar(self) -> list[Part]:
        """What rides in a cycle's sidecar: its crew, weapons and other parts (000:L839)."""
        return [p for p in self.parts if p.location == SIDECAR or p.mount.startswith(f"{SIDECAR}-")]

    def in_location(self, loc: str) -> list[Part]:
        return [p for p in self.parts if p.location == loc]

    def driver(self) -> Part | None:
        """The one at the controls by the sheet: a car's driver, a cycle's cyclist."""
        for p in self.parts:
            if p.kind == "crew" and p.role in DRIVER_ROLES:
                return p
        return None


# --- the report -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Absorbed:
    """One stop of a hit: what took how many points, what is left, and the rule."""

    what: str
    points: int
    left: int
    destroyed: bool
    rule: str
    state: str = ""     # crew: wounded / unconscious / dead

    def text(self) -> str:
        end = f" ({self.state})" if self.state else (" (destroyed)" if self.destroyed else "")
        return f"{self.what} takes {self.points}, {self.left} left{end}"

    def __str__(self) -> str:
        return f"{self.text()} [{self.rule}]"


@dataclass(frozen=True)
class Hazard:
    name: str
    d: int
    rule: str


@dataclass(frozen=True)
class HitReport:
    face: str
    damage: int
    steps: tuple[Absorbed, ...] = ()
    rolls: tuple[tuple[str, int, str], ...] = ()      # (what the roll decided, the roll, rule)
    passed_out: int = 0                               # points leaving the vehicle with no effect
    tires: tuple[tuple[str, TireDamage], ...] = ()
    driver_hurt: bool = False                         # the driver's body (not his body armor) lost DP
    lines: tuple[tuple[str, str], ...] = ()           # (text, rule) of every roll and step, in order

    @property
    def taken(self) -> int:
        """All points this attack removed from the vehicle (000:L250-L252, reading in RULES-DEVIATIONS)."""
        return sum(s.points for s in self.steps)

    def hazards(self) -> tuple[Hazard, ...]:
        """Each attack that damages a vehicle is a hazard by its damage; a hurt driver is D2 (000:L245-L253)."""
        hz = tables().hazards
        out = []
        d = hz.enemy_fire(self.taken)
        if d:
            out.append(Hazard(f"enemy fire ({self.taken} hits)", d, ENEMY_FIRE_RULE))
        if self.driver_hurt:
            out.append(Hazard("driver wounded or killed", hz.difficulty["driver_hit"], "000:L253, L976"))
        for corner, td in self.tires:
            if td.first_of_pair:
                out.append(Hazard(f"tire lost at {corner}", hz.difficulty["first_tire_of_pair"], "000:L263"))
            elif td.further_of_pair:
                out.append(Hazard(f"tire lost at {corner}", hz.difficulty["further_tire_of_pair"], "000:L264"))
        return tuple(out)

    def corners_lost(self) -> tuple[str, ...]:
        """Corners whose last tire this hit destroyed: handling status to -6 (000:L265)."""
        return tuple(c for c, td in self.tires if td.corner_lost)


# --- dice -----------------------------------------------------------------------------------------


def damage_dice(weapon: DiceExpr, ammo: str = "normal", t: CombatTables | None = None) -> DiceExpr:
    """A weapon's damage with its ammunition: HD +1, HT +2, tracer -1 per die (000:L2501, L2504, L2996).

    Munitions combat.toml does not list take their damage from weapons.toml [ammo.*] (the same
    table the designer loads): `damage` replaces the weapon's dice (e.g. a rocket launcher's
    incendiary rocket), `damage_per_die` adds to each die (HEAT +1, 000:L2502); a munition with
    neither (HESH, mine kinds, ...) does the weapon's normal damage here, its other effects being its
    own rules'; paint pellets and smoke rockets do none (combat.toml [harmless_ammo])."""
    t = t or combat_tables()
    if ammo in t.ammo:
        return replace(weapon, mod=weapon.mod + t.ammo[ammo].value * weapon.n)
    if ammo in t.harmless_ammo:
        return DiceExpr(0, 0)

    known = design_tables().ammo
    if ammo not in known:
        raise ValueError(f"unknown ammunition {ammo!r}; known: {', '.join(sorted({*t.ammo, *known}))}")
    a = known[ammo]
    if a.damage:
        return DiceExpr.parse(a.damage)
    return replace(weapon, mod=weapon.mod + a.damage_per_die * weapon.n)


def pick(dice: DiceSource, n: int) -> int:
    """A uniform random index 0..n-1 from d6 rolls (see `pick_rolled`)."""
    return pick_rolled(dice, n)[0]


def pick_rolled(dice: DiceSource, n: int) -> tuple[int, tuple[int, ...]]:
    """A uniform random index 0..n-1 and the dice rolled for it: 1-3/4-6 for two, 1-2/3-4/5-6 for
    three, one face each up to six (rerolling faces that do not fit), two dice beyond six."""
    if n <= 1:
        return 0, ()
    faces: list[int] = []
    if n <= 6:
        limit = 6 - 6 % n
        while True:
            r = dice.d6()
            faces.append(r)
            if r <= limit:
                return (r - 1) * n // limit, tuple(faces)
    while True:
        a, b = dice.d6(), dice.d6()
        faces += [a, b]
        r = (a - 1) * 6 + b - 1
        if r < 36 - 36 % n:
            return r % n, tuple(faces)


def roll_2d(dice: DiceSource) -> int:
    return dice.d6() + dice.d6()


# --- the walk -------------------------------------------------------------------------------------


@dataclass
class _Walk:
    """Mutable scratch state of one hit; the public functions return frozen results."""

    sheet: RecordSheet
    inside: Interior
    dice: DiceSource
    face: str
    damage: int
    left: int
    faces: tuple[int, ...] = ()
    laser: bool = False
    burst: bool = False
    steps: list[Absorbed] = field(default_factory=list)
    rolls: list[tuple[str, int, str]] = field(default_factory=list)
    tires: list[tuple[str, TireDamage]] = field(default_factory=list)
    driver_hurt: bool = False
    lines: list[tuple[str, str]] = field(default_factory=list)
    cage: str = ""      # "roll" or "ram" when a roll cage guards the interior from this damage (000:L2595)
    ammo: str = "normal"  # the round: HESH/HEAT against metal, incendiary against fireproof (000:L2502-L2506)
    fp_less_done: bool = False  # an incendiary round's point off fireproof armor is taken once per hit
    flame: bool = False   # a flame weapon's hit: insulated parts take half (000:L2587)

    def report(self) -> HitReport:
        return HitReport(self.face, self.damage, tuple(self.steps), tuple(self.rolls), max(0, self.left),
                         tuple(self.tires), self.driver_hurt, tuple(self.lines))

    def step(self, a: Absorbed) -> None:
        self.steps.append(a)
        self.lines.append((a.text(), a.rule))

    def note(self, what: str, r: int, rule: str) -> None:
        self.rolls.append((what, r, rule))
        self.lines.append((f"{what} (rolled {r})" if r else what, rule))

    def picked(self, what: str, faces: tuple[int, ...], rule: str) -> None:
        self.rolls.append((what, faces[-1] if faces else 0, rule))
        self.lines.append((f"{what} (1d: {', '.join(map(str, faces))})" if faces else what, rule))

    def armor(self, loc: str, rule: str) -> None:
        if self.left <= 0:
            return
        self.shield(loc)
        t = combat_tables()
        kind = self.inside.armor_type.get(loc, "plastic")
        layer = self.sheet.metal.get(loc, 0)
        if layer > 0:  # composite: the metal layer first, each layer by its own rule (000:L1705)
            self._metal(loc, layer, t, composite=True)
        have = self.sheet.armor.get(loc, 0)
        if have <= 0 or self.left <= 0:
            return
        if self.laser and kind in LASER_HALVED:
            self.left //= t.lr_divisor
            self.note(f"laser halved by reflective {loc} armor to {self.left}", 0,
                      "000:L1699, L1704" if kind in METAL_KINDS else "000:L1699")
        if kind in FIREPROOF_PLASTIC and self.ammo in t.fireproof_less and not self.fp_less_done:
            less = t.fireproof_less[self.ammo]
            self.fp_less_done = True
            self.left = max(0, self.left - less.value)
            self.note(f"{self.ammo} round does {less.value} less to fireproof {loc} armor: {self.left}", 0,
                      less.source)
        if kind in METAL_KINDS:
            self._metal(loc, have, t)
            return
        self.sheet, through = damage_armor(self.sheet, loc, self.left)
        taken = self.left - through
        if taken:
            self.step(Absorbed(f"{loc} armor", taken, have - taken, have - taken == 0, rule))
        self.left = through

    def shield(self, loc: str) -> None:
        """A StealthKote shield over this side takes its DP of the first damage and is gone (000:L2597)."""
        t = combat_tables()
        if self.left <= 0 or not t.stealthkote:
            return
        comps = list(self.sheet.components)
        for i, c in enumerate(comps):
            if c.kind == "accessory" and c.id.rstrip("0123456789") == t.stealthkote and c.location == loc \
                    and not c.lost:
                took = min(t.stealthkote_dp, self.left)
                comps[i] = replace(c, lost=True)
                self.sheet = replace(self.sheet, components=tuple(comps))
                self.left -= took
                self.step(Absorbed(f"{loc} StealthKote shield", took, 0, True, t.stealthkote_source))
                return

    def _metal(self, loc: str, have: int, t: CombatTables, composite: bool = False) -> None:
        """Metal stops what it is worth; each die showing 6 (burst: 5-6) then costs it a point (000:L1703-L1704)."""
        through = max(0, self.left - have)
        face = t.metal_loss_face_burst if self.burst else t.metal_loss_face
        rule = "000:L1703-L1704"
        if self.ammo in t.metal_loss_by_ammo:   # HESH on 4-6, HEAT never burst (000:L2502-L2503)
            face, rule = t.metal_loss_by_ammo[self.ammo], f"{rule}; {self.ammo}: {t.metal_loss_ammo_source}"
        loss = min(have, sum(1 for f in self.faces if f >= face))
        layer = dict(self.sheet.metal if composite else self.sheet.armor)
        layer[loc] = have - loss
        self.sheet = replace(self.sheet, metal=layer) if composite else replace(self.sheet, armor=layer)
        self.step(Absorbed(f"{loc} metal armor", loss, have - loss, have - loss == 0, rule))
        self.left = through

    def part(self, p: Part, rule: str) -> None:
        """A part absorbs up to its DP; crew lose body armor first (000:L950, L975)."""
        if self.left <= 0:
            return
        p = self.inside.part(p.id)
        if p.armor > 0:  # component armor stands in front of the part from every side (000:L2566-L2567)
            took = min(p.armor, self.left)
            p = replace(p, armor=p.armor - took)
            self.left -= took
            self.step(Absorbed(f"{p.id}'s component armor", took, p.armor, p.armor == 0, "000:L2566-L2567"))
        if self.left > 0 and p.insulated and self.flame and p.dp > 0:   # insulators: half, the rest stopped
            took = min(p.dp, self.left // 2)
            p = replace(p, dp=p.dp - took)
            self.note(f"{p.id}'s insulators halve the flame's {self.left}", 0, "000:L2587")
            self.left = 0
            self.step(Absorbed(p.id, took, p.dp, p.dp == 0, "000:L2587"))
            self.inside = self.inside.with_part(p)
            return
        if self.left > 0 and p.kind == "crew" and p.body_armor > 0:
            took = min(p.body_armor, self.left)
            p = replace(p, body_armor=p.body_armor - took)
            self.left -= took
            self.step(Absorbed(f"{p.id}'s body armor", took, p.body_armor, p.body_armor == 0, "000:L975"))
        if self.left > 0 and p.dp > 0:
            took = min(p.dp, self.left)
            p = replace(p, dp=p.dp - took)
            self.left -= took
            self.step(Absorbed(p.id, took, p.dp, p.dp == 0, rule, crew_state(p) if p.kind == "crew" else ""))
            if p.kind == "crew" and p.role in DRIVER_ROLES:
                self.driver_hurt = True
        self.inside = self.inside.with_part(p)
        if p.kind == "plant" and p.destroyed:
            self._electronics_lost()

    def _electronics_lost(self) -> None:
        """Electronics (targeting computers, radar, ...) go with the power plant (000:L2547)."""
        self.inside, gone = electronics_lost(self.inside)
        for pid in gone:
            self.note(f"{pid} is destroyed with the power plant", 0, "000:L2547")

    def one_of(self, group: Sequence[Part], what: str, rule: str) -> None:
        """One member of a group, chosen at random among all (destroyed ones too), takes the hit (000:L963)."""
        if self.left <= 0 or not group:
            return
        i, faces = pick_rolled(self.dice, len(group))
        if len(group) > 1:
            self.picked(f"{what}: {group[i].id}", faces, rule)
        self.part(group[i], rule)

    def location(self, loc: str, rule: str) -> None:
        if self.left <= 0:
            return
        members = self.inside.in_location(loc)
        if not members:
            self.note(f"{loc} location is empty", 0, rule)
            return
        self.one_of(members, f"item hit in the {loc} location", rule)

    def tire(self, index: int, points: int | None = None) -> None:
        pts = self.left if points is None else points
        tire = self.sheet.tires[index]
        if pts <= 0 or tire.destroyed:
            return
        self.sheet, td = damage_tire(self.sheet, index, pts, from_weapon=True)
        took = min(tire.dp, pts)
        self.step(Absorbed(f"tire {tire.corner}", took, tire.dp - took, td.tire_destroyed, "000:L960"))
        self.tires.append((tire.corner, td))
        self.left = 0 if points is None else self.left


# --- cars and trikes ------------------------------------------------------------------------------


def long_face(sheet: RecordSheet, face: str) -> str:
    """The armor location a hit on `face` strikes: the face itself, or on a long vehicle's sheet (ten
    locations, 000:L2100) its front half when the caller did not say which (reading M-R18)."""
    if face in sheet.armor or f"front_{face}" not in sheet.armor:
        return face
    return f"front_{face}"


def _half_path(w: _Walk) -> None:
    """A hit on one half of a long side, top or underbody: that half's armor, the weapons on it, a random
    internal location, the weapons on the far half, the far half's armor (000:L955-L958 for each half)."""
    half, side = HALVES[w.face]
    far = f"{half}_{OPPOSITE[side]}"
    w.armor(w.face, "000:L955-L958, L2100")
    w.one_of(w.inside.weapons_on(w.face, side), f"{w.face.replace('_', ' ')} weapon hit", "000:L955, L2100")
    _random_location(w, "000:L955, L963")
    w.one_of(w.inside.weapons_on(far, OPPOSITE[side]), f"{far.replace('_', ' ')} weapon hit", "000:L955, L2100")
    w.armor(far, "000:L955-L958, L2100")


def _car_path(w: _Walk) -> None:
    f = w.face
    inside = w.inside
    if f in HALVES:
        _half_path(w)
        return
    if f in ("front", "back"):
        w.armor(f, "000:L953-L954")
        w.one_of(inside.weapons_on(f), f"{f} weapon hit", "000:L953")
        order = inside.order if f == "front" else tuple(reversed(inside.order))
        for loc in order:
            w.location(loc, "000:L953, L963")
        w.one_of(inside.weapons_on(OPPOSITE[f]), f"{OPPOSITE[f]} weapon hit", "000:L953")
        w.armor(OPPOSITE[f], "000:L953-L954")
    elif f in ("left", "right"):
        w.armor(f, "000:L955-L956")
        w.one_of(inside.weapons_on(f), f"{f} weapon hit", "000:L955")
        _random_location(w, "000:L955, L963")
        w.one_of(inside.weapons_on(OPPOSITE[f]), f"{OPPOSITE[f]} weapon hit", "000:L955")
        w.armor(OPPOSITE[f], "000:L955-L956")
    elif f in ("underbody", "top"):
        near = ("underbody",) if f == "underbody" else ("turret", "top")
        far = ("turret", "top") if f == "underbody" else ("underbody",)
        w.armor(f, "000:L957-L958")
        if f == "top":
            _cupola_gunner(w)
        w.one_of(inside.weapons_on(*near), f"{f} weapon hit", "000:L957-L958")
        _random_location(w, "000:L957, L967")
        w.one_of(inside.weapons_on(*far), "weapon hit beyond", "000:L957, L967")
        w.armor(OPPOSITE[f], "000:L957-L958")
    else:
        raise ValueError(f"face must be one of {', '.join(CAR_FACES)}")


def _random_location(w: _Walk, rule: str) -> None:
    if w.left <= 0 or not w.inside.order:
        return
    i, faces = pick_rolled(w.dice, len(w.inside.order))
    loc = w.inside.order[i]
    w.picked(f"internal location: {loc}", faces, rule)
    w.location(loc, rule)


def _tire_index(sheet: RecordSheet, corner: str) -> int:
    for i, tire in enumerate(sheet.tires):
        if tire.corner == corner and not tire.destroyed:
            return i
    for i, tire in enumerate(sheet.tires):
        if tire.corner == corner:
            return i
    raise ValueError(f"no tire at corner {corner!r}")


def hit(sheet: RecordSheet, inside: Interior, face: str, damage: int, dice: DiceSource, *,
        faces: tuple[int, ...] = (), laser: bool = False, burst: bool = False,
        location_roll: bool = True, pod_roll: bool = True, ammo: str = "normal",
        weapon: str = "", sidecar_side: bool = False) -> tuple[RecordSheet, Interior, HitReport]:
    """Apply one weapon hit on a face of a car, trike or cycle.

    `faces` are the damage dice as rolled (metal armor needs them); `location_roll=False` skips the
    trike front-wheel and cycle location rolls (mines, fire, collisions use their own rules), and with
    `pod_roll=False` the roll for a pod on that face (000:L2529). `ammo` is the round fired (HESH,
    HEAT and incendiary act on armor in their own way, 000:L2502-L2506) and `weapon` the weapon's
    abbreviation (a flechette gun harms only tires and people, 000:L2415). `sidecar_side`: the shot
    at a cycle came from its sidecar's side of the centre line (000:L838).
    """
    face = long_face(sheet, face)
    w = _Walk(sheet, inside, dice, face, damage, damage, faces, laser, burst, ammo=ammo,
              flame=weapon in combat_tables().component_fire_weapons)
    only_tires = tires_and_people_only(weapon)
    if location_roll and pod_roll and not only_tires and _pod_roll(w):
        return w.sheet, w.inside, w.report()
    if inside.kind == "cycle":
        _cycle(w, only_tires, sidecar_side and location_roll)
    elif inside.kind == "trike" and location_roll and face == inside.lone_wheel_end:
        t = combat_tables()
        r = roll_2d(dice)
        if r >= t.trike_front_wheel_from:
            w.note("trike wheel hit", r, t.trike_source)
            w.tire(_tire_index(w.sheet, inside.lone_wheel))
        else:
            w.note("trike location: normal", r, t.trike_source)
            _car_path(w) if not only_tires else _no_effect(w)
    elif only_tires:
        _no_effect(w)
    else:
        _car_path(w)
    return w.sheet, w.inside, w.report()


def tires_and_people_only(weapon: str) -> bool:
    """A weapon that harms only tires and people, not armor or components (flechette gun, 000:L2415)."""
    return weapon in combat_tables().tires_and_people_only


def _no_effect(w: _Walk) -> None:
    t = combat_tables()
    w.note(f"the {w.left} points do nothing to vehicle armor or components", 0, t.tires_and_people_source)
    w.left = 0


def hit_turret(sheet: RecordSheet, inside: Interior, damage: int, dice: DiceSource, *,
               faces: tuple[int, ...] = (), laser: bool = False, burst: bool = False, ammo: str = "normal",
               weapon: str = "") -> tuple[RecordSheet, Interior, HitReport]:
    """A targeted turret: top armor, then one turret weapon; the rest passes over the car (000:L959)."""
    w = _Walk(sheet, inside, dice, "turret", damage, damage, faces, laser, burst, ammo=ammo)
    if tires_and_people_only(weapon):
        _no_effect(w)
        return w.sheet, w.inside, w.report()
    w.armor("top", "000:L959")
    _cupola_gunner(w)
    w.one_of(inside.weapons_on("turret"), "turret weapon hit", "000:L959")
    return w.sheet, w.inside, w.report()


def _cupola_gunner(w: _Walk) -> None:
    """Through the top armor into a cupola, its gunner is hit before its weapon (000:L2519)."""
    if w.inside.cupola_gunner and w.left > 0:
        w.part(w.inside.part(w.inside.cupola_gunner), "000:L2519")


def hit_pod(sheet: RecordSheet, inside: Interior, pod: str, damage: int,
            dice: DiceSource, *, weapon: str = "") -> tuple[RecordSheet, Interior, HitReport]:
    """A shot aimed at an external pod that hit: its armor, then its weapons (000:L2529, L2979)."""
    w = _Walk(sheet, inside, dice, f"pod {pod}", damage, damage)
    if tires_and_people_only(weapon):
        _no_effect(w)
        return w.sheet, w.inside, w.report()
    _into_pod(w, sheet.pod(pod), combat_tables().pod_near_miss_source)
    return w.sheet, w.inside, w.report()


def hit_tire(sheet: RecordSheet, inside: Interior, corner: str, damage: int, dice: DiceSource, *,
             from_side: bool = False) -> tuple[RecordSheet, Interior, HitReport]:
    """A targeted tire: wheelguard on 1d <= 4 (cycles 5), then an armored hub (side attacks only),
    then the tire; leftover hits are lost (000:L960, L2599, L2562-L2563, L1908)."""
    t = combat_tables()
    w = _Walk(sheet, inside, dice, f"tire {corner}", damage, damage)
    guard_rule = "cycle_wheelguard" if inside.kind == "cycle" else "wheelguard"
    for kind, key in (("wheelguard", guard_rule), ("hub", "hub")):
        takes_on, side_only, rule = t.tire_shields[key]
        shield = [p for p in inside.parts if p.kind == kind and p.mount == corner and not p.destroyed]
        if not shield or w.left <= 0 or (side_only and not from_side):
            continue
        r = dice.d6()
        w.note(f"{kind} at {corner} {'takes the hit' if r <= takes_on else 'bypassed'}", r, rule)
        if r <= takes_on:
            w.part(shield[0], rule)
    w.tire(_tire_index(w.sheet, corner))
    return w.sheet, w.inside, w.report()


def hit_part(sheet: RecordSheet, inside: Interior, pid: str, damage: int,
             dice: DiceSource) -> tuple[RecordSheet, Interior, HitReport]:
    """Damage straight to one part aimed at: a tractor's exposed fifth wheel, a hitch or a tongue (no armor
    in front of it, 000:L1970-L1971, L2067, L2138)."""
    w = _Walk(sheet, inside, dice, pid, damage, damage)
    w.part(inside.part(pid), "000:L1970-L1971, L2067")
    return w.sheet, w.inside, w.report()


def hit_tire_direct(sheet: RecordSheet, inside: Interior, index: int, damage: int,
                    dice: DiceSource) -> tuple[RecordSheet, Interior, HitReport]:
    """Damage straight to one tire (mines, spikes, flaming oil): no wheelguard roll."""
    w = _Walk(sheet, inside, dice, f"tire {sheet.tires[index].corner}", damage, damage)
    w.tire(index)
    return w.sheet, w.inside, w.report()


# --- external weapon pods -------------------------------------------------------------------------


def pods_on(sheet: RecordSheet, face: str) -> list[Pod]:
    """The pods still hanging on one face of the vehicle."""
    return [p for p in sheet.pods if p.side == face and not p.torn_off]


def _with_pod(sheet: RecordSheet, pod: Pod) -> RecordSheet:
    return replace(sheet, pods=tuple(pod if p.id == pod.id else p for p in sheet.pods))


def _pod_roll(w: _Walk) -> bool:
    """A shot at a face with a pod on it hits the pod on 1d <= the pod's spaces (000:L2529)."""
    t = combat_tables()
    for pod in pods_on(w.sheet, w.face):
        r = w.dice.d6()
        if r <= pod.spaces:
            w.note(f"the {pod.spaces}-space pod {pod.id} is hit", r, t.pod_source)
            _into_pod(w, pod, t.pod_source)
            return True
        w.note(f"the shot misses the {pod.spaces}-space pod {pod.id}", r, t.pod_source)
    return False


def _pod_armor(w: _Walk, pod: Pod, rule: str) -> None:
    pod = w.sheet.pod(pod.id)
    if w.left <= 0 or pod.armor <= 0:
        return
    took = min(pod.armor, w.left)
    w.sheet = _with_pod(w.sheet, replace(pod, armor=pod.armor - took))
    w.left -= took
    w.step(Absorbed(f"pod {pod.id} armor", took, pod.armor - took, pod.armor == took, rule))


def _into_pod(w: _Walk, pod: Pod, rule: str) -> None:
    """Pod armor, then the pod's weapons one after another in the sheet's order (the owner's choice,
    reading CB48); what is left of the shot is spent on the pod, not the vehicle."""
    _pod_armor(w, pod, rule)
    for p in w.inside.in_pod(pod.id):
        w.part(p, rule)
    if w.left > 0:
        w.note(f"{w.left} more spent on the wrecked pod {pod.id}", 0, rule)


def _pods_in_collision(w: _Walk, crash: str) -> None:
    """A roll onto a pod's face tears it off with its weapons; any other collision there reaches the
    pod first, its armor then its weapons sharing the rest (000:L2980)."""
    t = combat_tables()
    for pod in pods_on(w.sheet, w.face):
        if crash == "roll":
            w.sheet = _with_pod(w.sheet, replace(pod, armor=0, torn_off=True))
            for p in w.inside.in_pod(pod.id):
                w.inside = w.inside.with_part(replace(w.inside.part(p.id), dp=0))
            lost = ", ".join(p.id for p in w.inside.in_pod(pod.id))
            w.note(f"pod {pod.id} is torn off{' with ' + lost if lost else ''}", 0, t.pod_torn_off_source)
        else:
            _pod_armor(w, pod, t.pod_collision_source)
            _share(w, w.inside.in_pod(pod.id), t.pod_collision_source)


# --- cycles ---------------------------------------------------------------------------------------


def _ranked(rows: tuple[tuple[int, str], ...], r: int) -> str:
    for hi, result in rows:
        if r <= hi:
            return result
    return rows[-1][1]


def _cycle(w: _Walk, only_tires: bool = False, sidecar_side: bool = False) -> None:
    """Cycles: only one component is hit; the rest passes out, or into a sidecar on the far side on 1d up to
    its spaces (000:L835-L837). A shot from the sidecar's side of the centre line finds the sidecar on
    5-6 (000:L838). A weapon that harms only tires and people does its damage on a driver or tire result
    only (000:L2415)."""
    t = combat_tables()
    if sidecar_side and w.sheet.sidecar_spaces and not only_tires:
        r = w.dice.d6()
        if r > t.sidecar_cycle_on:
            w.note("the sidecar is hit", r, "000:L838")
            _sidecar(w, w.face if w.face in ("front", "back", "underbody") else w.sheet.sidecar_side)
            return
        w.note("the cycle, not its sidecar, is hit", r, "000:L838")
    if w.face in ("front", "back"):
        r = roll_2d(w.dice)
        result = _ranked(t.cycle_end, r)
        w.note(f"cycle {w.face} hit: {result}", r, "000:L836")
        if result == "wheel":
            w.tire(_tire_index(w.sheet, "F" if w.face == "front" else "B"))
            return
        if only_tires:
            _no_effect(w)
            return
        w.armor(w.face, "000:L836")
        if w.left <= 0:
            return
    _cycle_side(w, t, only_tires)
    far = OPPOSITE.get(w.sheet.sidecar_side, "")
    if w.left > 0 and w.sheet.sidecar_spaces and w.face == far and not only_tires:
        r = w.dice.d6()
        if r <= w.sheet.sidecar_spaces:
            w.note(f"the rest goes on into the {w.sheet.sidecar_spaces}-space sidecar", r, "000:L835")
            _sidecar(w, far)
        else:
            w.note("the rest passes out, missing the sidecar", r, "000:L835")
    w.left = max(0, w.left)


def _sidecar(w: _Walk, face: str) -> None:
    """A sidecar is a tiny car: the armor of the face struck, then one of everything in it at random;
    the rest passes out (000:L839)."""
    w.armor(f"{SIDECAR}_{face}", "000:L839")
    w.one_of(w.inside.in_sidecar(), "sidecar component hit", "000:L839")
    w.left = max(0, w.left)


def hit_sidecar(sheet: RecordSheet, inside: Interior, face: str, damage: int, dice: DiceSource, *,
                faces: tuple[int, ...] = (), laser: bool = False) -> tuple[RecordSheet, Interior, HitReport]:
    """A shot aimed at a cycle's sidecar, struck on `face` (000:L838-L839)."""
    w = _Walk(sheet, inside, dice, f"sidecar {face}", damage, damage, faces, laser)
    _sidecar(w, face)
    return w.sheet, w.inside, w.report()


def _cycle_side(w: _Walk, t: CombatTables, only_tires: bool = False) -> None:
    while True:
        r = roll_2d(w.dice)
        result = _ranked(t.cycle_side, r)
        w.note(f"cycle location: {result}", r, "000:L837")
        if result == "weapon" and not w.inside.weapons_on("front", "back", "left", "right", "turret", "top"):
            continue  # no weapons: roll again (000:L837)
        break
    if only_tires and result not in ("driver", "tire"):
        _no_effect(w)
    elif result == "driver":
        _cycle_rider(w, t)
    elif result == "plant":
        w.location("plant", "000:L837")
    elif result == "weapon":
        w.one_of(w.inside.weapons_on("front", "back", "left", "right", "turret", "top"), "cycle weapon hit",
                 "000:L837")
    else:
        own = [i for i, tire in enumerate(w.sheet.tires) if tire.corner != combat_tables().sidecar_wheel]
        intact = [i for i in own if not w.sheet.tires[i].destroyed] or own   # the sidecar's wheel is not the cycle's
        i = intact[pick(w.dice, len(intact))]
        w.tire(i)


def _cycle_rider(w: _Walk, t: CombatTables) -> None:
    """The "driver" result (000:L837); with a pillion passenger (not the sidecar's rider) aboard, 1d picks
    which of the two it is (reading CB86)."""
    drv = w.inside.driver()
    pillion = next((p for p in w.inside.parts if p.kind == "crew" and p.role == "passenger"
                    and p.location != SIDECAR), None)
    if pillion is not None and drv is not None:
        r = w.dice.d6()
        on = t.pillion_cyclist_on
        who = drv if r <= on else pillion
        w.note(f"cyclist or pillion passenger (1-{on} the cyclist): the {who.id}", r, t.pillion_source)
        drv = who
    if drv:
        w.part(drv, "000:L837")


def hit_rider(sheet: RecordSheet, inside: Interior, damage: int,
              dice: DiceSource) -> tuple[RecordSheet, Interior, HitReport]:
    """A targeted motorcycle rider (from the side, -3 to hit): the hit goes to him (000:L884)."""
    w = _Walk(sheet, inside, dice, "rider", damage, damage)
    drv = inside.driver()
    if drv:
        w.part(drv, "000:L884")
    return w.sheet, w.inside, w.report()


def hit_lamp(sheet: RecordSheet, inside: Interior, lamp: str, damage: int,
             dice: DiceSource) -> tuple[RecordSheet, Interior, HitReport]:
    """A shot aimed at a searchlight (-3 to hit) that hit: the lamp takes it; what is left over is lost, as
    with a tire (000:L892, L2662; reading AU18)."""
    w = _Walk(sheet, inside, dice, "searchlight", damage, damage)
    w.part(inside.part(lamp), "000:L2662")
    return w.sheet, w.inside, w.report()


# --- people ---------------------------------------------------------------------------------------


def crew_state(p: Part, t: CombatTables | None = None) -> str:
    """unhurt / wounded / unconscious / dead by DP left (000:L975)."""
    t = t or combat_tables()
    if p.dp <= 0:
        return "dead"
    if p.dp <= t.crew_unconscious_at:
        return "unconscious"
    if p.dp < p.max_dp:
        return "wounded"
    return "unhurt"


def driver_can_drive(inside: Interior) -> bool:
    """An unconscious or dead driver leaves the vehicle uncontrolled (000:L976-L978)."""
    d = inside.driver()
    return d is not None and crew_state(d) in ("unhurt", "wounded")


def roll_damage(expr: DiceExpr, dice: DiceSource) -> tuple[int, tuple[int, ...]]:
    """Roll a weapon's damage: (hits, dice faces) (000:L941-L942)."""
    return roll(expr, dice)


# --- the record sheet -----------------------------------------------------------------------------

PLASTIC_KINDS = {"radarproof": "plastic", "fireproof_radarproof": "fireproof"}
INTERNAL = ("plant", "crew", "cargo")


def interior_of(sheet: RecordSheet, kind: str = "car", order: tuple[str, ...] = INTERNAL) -> Interior:
    """The combat view of a record sheet: components, weapons and tire shields as Parts.

    `order` is the front-to-back order of the internal locations (a design choice, 000:L962); a
    location with nothing in it is left out, except cargo when the vehicle has free space. Worked
    out once per sheet (rules.core.kept): a sheet is frozen, and so is its interior.
    """
    return kept(sheet, ("interior", kind, order), lambda: _interior_of(sheet, kind, order))


def _interior_of(sheet: RecordSheet, kind: str, order: tuple[str, ...]) -> Interior:
    outside = cupola_gunner(sheet)
    parts: list[Part] = []
    seats = _safety_seats(sheet)
    for c in sheet.components:
        if c.kind == "mount":
            continue
        # zero-space electronics and parts outside the three locations are never hit directly (000:L2547)
        where = c.location if c.location in (*INTERNAL, SIDECAR) and not c.electronic else ""
        if c.id == outside:   # the cupola's gunner rides outside the crew compartment (000:L2519)
            where = ""
        item = "gas_engine" if c.kind == "plant" and "engine" in c.name else c.id
        kind_ = c.kind if c.kind in ("crew", "plant") else ("cargo" if where == "cargo" else "accessory")
        parts.append(Part(c.id, kind_, c.dp, c.max_dp, location=where, role=c.role, body_armor=c.body_armor,
                          item=item, safety_seat=c.id in seats, armor=c.armor, electronic=c.electronic,
                          lost=c.lost))
    if sheet.cargo_spaces > 0:
        parts.append(Part("free cargo space", "empty", 0, 0, location="cargo"))
    for w in sheet.weapons:
        mount = f"{POD}{w.mount}" if w.pod_side else w.location
        parts.append(Part(w.id, "weapon", w.dp, w.max_dp, mount=mount, item=w.abbr, armor=w.armor,
                          insulated=w.insulated))
    for tire in sheet.tires:
        if tire.max_guard:
            parts.append(Part(f"{tire.corner} wheelguard", "wheelguard", tire.guard, tire.max_guard, mount=tire.corner))
        if tire.max_hub:
            parts.append(Part(f"{tire.corner} hub", "hub", tire.hub, tire.max_hub, mount=tire.corner))
    present = {p.location for p in parts}
    plastic = PLASTIC_KINDS.get(sheet.armor_type, sheet.armor_type)
    armor_type = {face: plastic for face in CAR_FACES}
    if sheet.sidecar_spaces:   # the sidecar's own armor type (000:L839)
        armor_type |= {f"{SIDECAR}_{face}": sheet.sidecar_armor_type for face in CAR_FACES}
    # a trike's lone wheel is at "F", or at "B" on a reversed trike (000:L843)
    lone = next((t.corner for t in sheet.tires if t.corner in ("F", "B")), "F") if kind == "trike" else "F"
    return Interior(kind=kind, order=tuple(loc for loc in order if loc in present), parts=tuple(parts),
                    armor_type=armor_type, lone_wheel=lone,
                    lone_wheel_end="back" if lone == "B" else "front", sloped=sheet.sloped,
                    roll_cage=_carries(sheet, combat_tables().roll_cage) > 0, cupola_gunner=cupola_gunner(sheet))


def cupola_gunner(sheet: RecordSheet) -> str:
    """Who rides in the cupola when there is one: the first gunner on the sheet (reading CB66)."""
    if not any(w.cupola for w in sheet.weapons):
        return ""
    return next((c.id for c in sheet.components if c.kind == "crew" and c.role == "gunner"), "")


def electronics_lost(inside: Interior) -> tuple[Interior, tuple[str, ...]]:
    """Once the power plant is destroyed its electronics are too (000:L2547): the new interior and the
    ids of the parts lost just now."""
    if not any(p.kind == "plant" and p.destroyed for p in inside.parts):
        return inside, ()
    gone = tuple(p.id for p in inside.parts if p.electronic and not p.lost)
    for pid in gone:
        inside = inside.with_part(replace(inside.part(pid), dp=0, lost=True))
    return inside, gone


def _safety_seats(sheet: RecordSheet) -> set[str]:
    """The crew members sitting in safety seats: the sheet does not say whose seat is whose, so each
    seat goes to the next crew member in the sheet's order, driver first (reading CB41)."""
    n = _carries(sheet, combat_tables().safety_seat)
    return set([c.id for c in sheet.components if c.kind == "crew" and c.location == "crew"][:n])


def _carries(sheet: RecordSheet, key: str) -> int:
    """How many of an accessory the record sheet lists (ids are the key, numbered when several)."""
    return sum(1 for c in sheet.components if c.kind == "accessory" and c.id.rstrip("0123456789") == key)


def sheet_with(sheet: RecordSheet, inside: Interior) -> RecordSheet:
    """Write the Parts' damage back onto the record sheet. A record whose values are already those
    is kept as it is (and the sheet itself when none changes): an equal record, made without
    replace(), and the work kept with it (its interior, its combatant) stays with it."""
    inside = electronics_lost(inside)[0]
    by_id = {p.id: p for p in inside.parts}
    comps = tuple(_with(c, dp=by_id[c.id].dp, body_armor=by_id[c.id].body_armor, armor=by_id[c.id].armor,
                        lost=c.lost or by_id[c.id].lost) if c.id in by_id else c
                  for c in sheet.components)
    weapons = tuple(_with(w, dp=by_id[w.id].dp, armor=by_id[w.id].armor) if w.id in by_id else w
                    for w in sheet.weapons)
    tires = []
    for tire in sheet.tires:
        g, h = by_id.get(f"{tire.corner} wheelguard"), by_id.get(f"{tire.corner} hub")
        tires.append(_with(tire, guard=g.dp if g else tire.guard, hub=h.dp if h else tire.hub))
    if _kept_all(comps, sheet.components) and _kept_all(weapons, sheet.weapons) and _kept_all(tires, sheet.tires):
        return sheet
    return replace(sheet, components=comps, weapons=weapons, tires=tuple(tires))


def _kept_all(new: Sequence[object], old: Sequence[object]) -> bool:
    return all(a is b for a, b in zip(new, old, strict=True))


def _with(record: _R, **values: Any) -> _R:
    """replace(record, **values), or the record itself when it holds those values already (of the
    same types: an int DP is not swapped for an equal float)."""
    for name, value in values.items():
        old = getattr(record, name)
        if old is not value and (type(old) is not type(value) or old != value):
            return replace(record, **values)
    return record


# --- collisions -----------------------------------------------------------------------------------


def _share(w: _Walk, members: Sequence[Part], rule: str) -> None:
    """Split w.left evenly among intact members, the odd points to randomly chosen ones; what a
    member cannot absorb is shared again among the survivors (000:L970, reading CB23)."""
    while w.left > 0:
        alive = [p for p in members if not w.inside.part(p.id).destroyed and w.inside.part(p.id).max_dp > 0]
        if not alive:
            return
        each, odd = divmod(w.left, len(alive))
        extra: set[int] = set()
        pool = list(range(len(alive)))
        for _ in range(odd):
            i, faces = pick_rolled(w.dice, len(pool))
            w.picked(f"odd point to {alive[pool[i]].id}", faces, rule)
            extra.add(pool.pop(i))
        total, w.left = w.left, 0
        spare = 0
        for i, p in enumerate(alive):
            w.left = _seated(w, p, each + (1 if i in extra else 0))
            w.part(p, rule)
            spare += w.left
        w.left = spare
        if spare == total:
            return


def _caged(w: _Walk) -> None:
    """A roll cage between the damage that got past the armor and the face's weapons and the interior
    (000:L2595): a roll's stops there; of a ram's the interior takes half, rounded up (reading CB44)."""
    if not w.cage or w.left <= 0:
        return
    t = combat_tables()
    taken = 0 if w.cage == "roll" else -(-w.left // t.roll_cage_ram_divisor)
    w.note(f"the roll cage keeps {w.left - taken} of the {w.left} from the interior ({w.cage})", 0, t.roll_cage_source)
    w.left = taken


def _seated(w: _Walk, p: Part, share: int) -> int:
    """A crew member's share of collision or roll damage after his safety seat (000:L2596): he takes
    half, rounded up (reading CB41); the seat absorbs the rest."""
    if not p.safety_seat or share <= 0:
        return share
    t = combat_tables()
    taken = -(-share // t.safety_seat_divisor)
    w.note(f"{p.id}'s safety seat absorbs {share - taken} of {share}", 0, t.safety_seat_source)
    return taken


def _collision_armor(w: _Walk, face: str) -> None:
    w.shield(face)
    have = w.sheet.armor.get(face, 0)
    kind = w.inside.armor_type.get(face, "plastic")
    if kind not in METAL_KINDS or have <= 0 or w.left <= 0:
        w.armor(face, "000:L969-L970")
        return
    t = combat_tables()
    absorbed = min(w.left, t.metal_collision_factor * have)
    loss = min(-(-absorbed // t.metal_collision_factor), math.ceil(have * t.metal_collision_max_loss))
    armor = dict(w.sheet.armor)
    armor[face] = have - loss
    w.sheet = replace(w.sheet, armor=armor)
    w.step(Absorbed(f"{face} metal armor", loss, have - loss, have == loss, "000:L971"))
    w.left -= absorbed


def collision_hit(sheet: RecordSheet, inside: Interior, face: str, damage: int,
                  dice: DiceSource, crash: str = "") -> tuple[RecordSheet, Interior, HitReport]:
    """Collision damage to one face (000:L969-L972): the armor, then the exposed components of that
    face share it evenly; only when all are gone does it reach the interior. Front/back: the first
    internal location's items share it, the excess goes to the next location; side: the locations
    share it, then their items; an empty or destroyed location passes its share to the far side.
    `crash` says whether the damage is a roll's or a ram's, for a roll cage (000:L2595)."""
    face = long_face(sheet, face)
    w = _Walk(sheet, inside, dice, face, damage, damage, cage=crash if inside.roll_cage else "")
    _pods_in_collision(w, crash)
    _collision_armor(w, face)
    if w.left <= 0:
        return w.sheet, w.inside, w.report()
    _share(w, inside.weapons_on(face), "000:L970")
    if w.left <= 0:
        return w.sheet, w.inside, w.report()
    _caged(w)
    if w.left <= 0:
        return w.sheet, w.inside, w.report()
    if face in ("front", "back"):
        order = inside.order if face == "front" else tuple(reversed(inside.order))
        for loc in order:
            _share(w, inside.in_location(loc), "000:L972")
    else:
        locs = list(inside.order)
        total, w.left = w.left, 0
        each, odd = divmod(total, max(1, len(locs)))
        through = 0
        for i, loc in enumerate(locs):
            w.left = each + (1 if i < odd else 0)
            _share(w, w.inside.in_location(loc), "000:L972")
            through += w.left
        w.left = through
    if w.left > 0 and face in OPPOSITE:
        _collision_armor(w, OPPOSITE[face])
    elif w.left > 0 and face in HALVES:
        _collision_armor(w, f"{HALVES[face][0]}_{OPPOSITE[HALVES[face][1]]}")
    return w.sheet, w.inside, w.report()
