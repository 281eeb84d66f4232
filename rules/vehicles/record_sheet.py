"""The record sheet of a vehicle in play: what damage has done to it.

The movement core needs armor by location and the tires by corner; construction (rules.vehicles.design)
fills in the components with DP (plant, crew, weapons, accessories, cargo), weapons with their
facing and ammunition, wheelguards and hubs on the tires, power units and the handling class in
force (reference/vehicles.md 7). Sheets are frozen: every change returns a new sheet plus notes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

LOCATIONS = ("front", "back", "left", "right", "top", "underbody")
SHORT = {"front": "F", "back": "B", "left": "L", "right": "R", "top": "T", "underbody": "U",
         # the halves of a long vehicle's long sides (000:L2100), as chapter 15 abbreviates them
         "front_right": "RF", "back_right": "RB", "front_left": "LF", "back_left": "LB", "front_top": "TF",
         "back_top": "TB", "front_underbody": "UF", "back_underbody": "UB"}
BOOK_ARMOR_ORDER = ("front", "right", "front_right", "back_right", "left", "front_left", "back_left", "back", "top",
                    "front_top", "back_top", "underbody", "front_underbody", "back_underbody")


@dataclass(frozen=True)
class Tire:
    """One tire (wheel) on a corner. Corners: FL, FR, BL, BR (cars), F, B (cycles), F, BL, BR (trikes)."""

    corner: str
    dp: int
    max_dp: int
    wheel_lost: bool = False  # the final point came from mines, grenades or gunfire (000:L160)
    kind: str = ""            # tire type and modifications, e.g. "PR radial"
    guard: int = 0            # wheelguard points left (000:L2599; cycle guards 000:L1908)
    max_guard: int = 0
    hub: int = 0              # armored hub points left (000:L2562)
    max_hub: int = 0

    @property
    def destroyed(self) -> bool:
        return self.dp <= 0


@dataclass(frozen=True)
class TireDamage:
    """What a tire hit did: the notes the hazard rules need (000:L160-L162, L262-L266)."""

    tire_destroyed: bool = False
    corner_lost: bool = False       # the last tire on that corner is gone: HS -> -6
    first_of_pair: bool = False     # D2 hazard
    further_of_pair: bool = False   # D3 hazard
    wheel_lost: bool = False


@dataclass(frozen=True)
class Component:
    """Anything inside (or on) the vehicle with damage points: plant, crew, weapon, accessory, cargo.

    `location` is where a hit finds it: a facing for weapons ("front", "turret", ...), "plant",
    "crew" or "cargo" for internal items (000:L951-L968). `armor` is component armor in front of
    its DP (000:L2566-L2569)."""

    id: str
    kind: str                 # plant | tank | crew | weapon | mount | accessory | cargo
    name: str
    location: str
    dp: int
    max_dp: int
    armor: int = 0
    max_armor: int = 0
    role: str = ""            # crew: driver / gunner / passenger / cyclist
    body_armor: int = 0       # crew: body-armor DP (000:L975)
    electronic: bool = False  # destroyed with the plant (000:L2547)
    lost: bool = False        # destroyed without losing DP: electronics once the plant is gone (000:L2547)

    @property
    def destroyed(self) -> bool:
        return self.lost or (self.max_dp > 0 and self.dp <= 0)


@dataclass(frozen=True)
class WeaponMount:
    """A weapon on the sheet: its facing, link group and ammunition (shots per magazine, in use order)."""

    id: str                   # unique: "MG1", "FT2", ...
    abbr: str
    location: str             # front/back/left/right/top/underbody/turret/FL/FR/BL/BR/sidecar-*
    dp: int
    max_dp: int
    shots: tuple[int, ...] = ()      # shots left: the weapon's own load, then each extra magazine
    max_shots: tuple[int, ...] = ()
    ammo: tuple[str, ...] = ()       # load in each magazine ("" = normal rounds)
    link: str = ""                   # linked group name ("" = fires alone)
    mount: str = ""                  # turret/platform id
    guided: bool = False             # laser-guided rockets
    armor: int = 0                   # component armor
    max_armor: int = 0
    options: tuple[str, ...] = ()    # weapon options (pulse, infrared, blue_green): DesignTables.weapon_with
    pod_side: str = ""               # weapons in an EWP: the pod's place, top/left/right (000:L2527)
    pod_fires: str = ""              # ... and the way it fires, front/back ("" = a top pod left all-round)
    cupola: bool = False             # in a cupola, beside its gunner (000:L2519)
    insulated: bool = False          # fire-retardant insulators (000:L2587-L2588)
    universal: bool = field(default=False, metadata={"record": False})  # in a universal turret: reaches
                                     # high targets from the street (000:L1215); not in digests (old games' stay)

    @property
    def destroyed(self) -> bool:
        return self.max_dp > 0 and self.dp <= 0

    @property
    def shots_left(self) -> int:
        return sum(self.shots)


@dataclass(frozen=True)
class Pod:
    """An external weapon pod: where it hangs, how many spaces it holds (its chance of being hit by a
    shot at that side, 000:L2529) and its own armor, one location of plastic (000:L2528)."""

    id: str                   # the design's mount id; its weapons carry it as WeaponMount.mount
    side: str                 # top / left / right
    spaces: int
    armor: int = 0
    max_armor: int = 0
    torn_off: bool = False    # lost in a roll onto its side (000:L2980)


@dataclass(frozen=True)
class RecordSheet:
    armor: dict[str, int] = field(default_factory=dict)
    tires: tuple[Tire, ...] = ()
    destroyed: bool = False
    on_fire: bool = False
    metal: dict[str, int] = field(default_factory=dict)   # metal layer of composite armor, by location
    armor_type: str = "plastic"       # the plastic type (armor.toml key)
    components: tuple[Component, ...] = ()
    weapons: tuple[WeaponMount, ...] = ()
    hc: int = 0                       # handling class in force
    power_units: float = 0.0          # electric plants and laser batteries
    max_power_units: float = 0.0
    cargo_weight: int = 0             # spare load, lb
    cargo_spaces: float = 0.0         # free spaces for cargo
    pods: tuple[Pod, ...] = ()        # external weapon pods (000:L2527-L2529)
    sidecar_spaces: int = 0           # a cycle's sidecar: its spaces (its chance of taking a hit, 000:L835); 0 = none
    sidecar_side: str = "right"       # ... the side of the cycle it rides on
    sidecar_armor_type: str = "plastic"
    gas_tank: str = ""                # a gas engine's tank type (construction tanks key), for its fire chance
    sloped: bool = False              # sloped armor: -1 to hit an intact side (000:L1711)

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.armor.items())), self.tires, self.destroyed, self.on_fire,
                     tuple(sorted(self.metal.items())), self.armor_type, self.components, self.weapons, self.hc,
                     self.power_units, self.pods, self.sloped))

    def pod(self, pid: str) -> Pod:
        for p in self.pods:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def pod_weapons(self, pid: str) -> tuple[WeaponMount, ...]:
        return tuple(w for w in self.weapons if w.pod_side and w.mount == pid)

    def component(self, cid: str) -> Component:
        for c in self.components:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def weapon(self, wid: str) -> WeaponMount:
        for w in self.weapons:
            if w.id == wid:
                return w
        raise KeyError(wid)

    def crew(self) -> tuple[Component, ...]:
        return tuple(c for c in self.components if c.kind == "crew")

    def corners(self) -> tuple[str, ...]:
        seen: list[str] = []
        for t in self.tires:
            if t.corner not in seen:
                seen.append(t.corner)
        return tuple(seen)

    def corner_intact(self, corner: str) -> bool:
        return any(t.corner == corner and not t.destroyed for t in self.tires)

    def corners_lost(self) -> int:
        return sum(1 for c in self.corners() if not self.corner_intact(c))

    def wheel_lost_on(self, corner: str) -> bool:
        return any(t.corner == corner and t.wheel_lost for t in self.tires)


def lone_side_pods(sheet: RecordSheet) -> int:
    """Side pods still hanging with no mate on the other side (000:L2983)."""
    left = sum(1 for p in sheet.pods if p.side == "left" and not p.torn_off)
    right = sum(1 for p in sheet.pods if p.side == "right" and not p.torn_off)
    return abs(left - right)


def damage_tire(sheet: RecordSheet, index: int, hits: int, *, from_weapon: bool = False) -> tuple[RecordSheet, TireDamage]:
    """Take `hits` off one tire; report blowouts (000:L160, L262-L266)."""
    tire = sheet.tires[index]
    if hits <= 0 or tire.destroyed:
        return sheet, TireDamage()
    new_dp = max(0, tire.dp - hits)
    destroyed = new_dp == 0
    new_tire = replace(tire, dp=new_dp, wheel_lost=destroyed and from_weapon)
    tires = sheet.tires[:index] + (new_tire,) + sheet.tires[index + 1:]
    new_sheet = replace(sheet, tires=tires)
    if not destroyed:
        return new_sheet, TireDamage()
    on_corner = [t for t in tires if t.corner == tire.corner]
    left = [t for t in on_corner if not t.destroyed]
    if not left:
        return new_sheet, TireDamage(True, corner_lost=True, wheel_lost=new_tire.wheel_lost)
    first = len(on_corner) - len(left) == 1
    return new_sheet, TireDamage(True, first_of_pair=first, further_of_pair=not first, wheel_lost=new_tire.wheel_lost)


def damage_armor(sheet: RecordSheet, location: str, points: int) -> tuple[RecordSheet, int]:
    """Armor absorbs what it can; returns the new sheet and the points that went through."""
    have = sheet.armor.get(location, 0)
    absorbed = min(have, max(0, points))
    armor = dict(sheet.armor)
    armor[location] = have - absorbed
    return replace(sheet, armor=armor), points - absorbed


def damage_component(sheet: RecordSheet, cid: str, hits: int) -> tuple[RecordSheet, int]:
    """Component armor first, then DP; returns the new sheet and the hits left over."""
    comps = list(sheet.components)
    for i, c in enumerate(comps):
        if c.id == cid:
            to_armor = min(c.armor, max(0, hits))
            left = hits - to_armor
            to_dp = min(c.dp, left)
            comps[i] = replace(c, armor=c.armor - to_armor, dp=c.dp - to_dp)
            return replace(sheet, components=tuple(comps)), left - to_dp
    raise KeyError(cid)


def damage_weapon(sheet: RecordSheet, wid: str, hits: int) -> tuple[RecordSheet, int]:
    """Component armor first, then the weapon's DP; returns the new sheet and the hits left over."""
    weapons = list(sheet.weapons)
    for i, w in enumerate(weapons):
        if w.id == wid:
            to_armor = min(w.armor, max(0, hits))
            left = hits - to_armor
            to_dp = min(w.dp, left)
            weapons[i] = replace(w, armor=w.armor - to_armor, dp=w.dp - to_dp)
            return replace(sheet, weapons=tuple(weapons)), left - to_dp
    raise KeyError(wid)


def use_shot(sheet: RecordSheet, wid: str, shots: int = 1) -> RecordSheet:
    """Spend shots from the first magazine that still has them (000:L2537-L2538)."""
    weapons = list(sheet.weapons)
    for i, w in enumerate(weapons):
        if w.id != wid:
            continue
        if w.shots_left < shots:
            raise ValueError(f"{wid} has {w.shots_left} shots left, not {shots}")
        left = list(w.shots)
        need = shots
        for j, n in enumerate(left):
            take = min(n, need)
            left[j] -= take
            need -= take
        weapons[i] = replace(w, shots=tuple(left))
        return replace(sheet, weapons=tuple(weapons))
    raise KeyError(wid)


def render(sheet: RecordSheet, title: str = "") -> str:
    """The sheet as text for the log and the command line."""
    lines = [title] if title else []
    marks = [m for m in ("" if sheet.armor_type == "plastic" else sheet.armor_type, "sloped" if sheet.sloped else "") if m]
    kind = f" ({', '.join(marks)})" if marks else ""
    order = ("front", "right", "left", "back", "top", "underbody")
    armor = ", ".join(_armor_cell(sheet, loc) for loc in BOOK_ARMOR_ORDER if loc in sheet.armor or loc in sheet.metal)
    lines.append(f"Armor{kind}: {armor or 'none'}")
    side = ", ".join(f"{SHORT[loc]}{sheet.armor[f'sidecar_{loc}']}" for loc in order if f"sidecar_{loc}" in sheet.armor)
    if side:
        lines.append(f"Sidecar armor: {side}")
    carrier = ", ".join(f"{SHORT[loc]}{sheet.armor[f'carrier_{loc}']}" for loc in order if f"carrier_{loc}" in sheet.armor)
    if carrier:
        lines.append(f"Carrier armor: {carrier}")
    for t in sheet.tires:
        extra = []
        if t.max_guard:
            extra.append(f"wheelguard {t.guard}/{t.max_guard}")
        if t.max_hub:
            extra.append(f"hub {t.hub}/{t.max_hub}")
        state = "destroyed" if t.destroyed else f"{t.dp}/{t.max_dp} DP"
        lines.append(f"Tire {t.corner}{' ' + t.kind if t.kind else ''}: {state}{'; ' + ', '.join(extra) if extra else ''}")
    for w in sheet.weapons:
        shots = "" if not w.max_shots else " shots " + " + ".join(f"{a}/{b}" for a, b in zip(w.shots, w.max_shots, strict=True))
        ammo = ", ".join(a for a in w.ammo if a)
        notes = "".join([f" [{ammo}]" if ammo else "", f" link {w.link}" if w.link else "",
                         " guided" if w.guided else "", f" CA {w.armor}/{w.max_armor}" if w.max_armor else "",
                         f" ({', '.join(w.options)})" if w.options else "",
                         f" {w.pod_side} pod firing {w.pod_fires}" if w.pod_fires else "",
                         " in cupola" if w.cupola else "", " insulated" if w.insulated else ""])
        lines.append(f"Weapon {w.id} {w.abbr} {w.location}: {w.dp}/{w.max_dp} DP{shots}{notes}")
    for p in sheet.pods:
        state = "torn off" if p.torn_off else f"armor {p.armor}/{p.max_armor}"
        lines.append(f"Pod {p.id} ({p.side}, {p.spaces} space{'s' if p.spaces != 1 else ''}): {state}")
    for c in sheet.components:
        gone = "destroyed with the plant" if c.electronic else "destroyed"
        dp = gone if c.lost else (f"{c.dp}/{c.max_dp} DP" if c.max_dp else "no DP")
        ca = f" CA {c.armor}/{c.max_armor}" if c.max_armor else ""
        lines.append(f"{c.kind.capitalize()} {c.name} ({c.location}): {dp}{ca}")
    if sheet.max_power_units:
        lines.append(f"Power units: {sheet.power_units:g}/{sheet.max_power_units:g}")
    lines.append(f"Handling class: {sheet.hc}")
    if sheet.on_fire:
        lines.append("ON FIRE")
    if sheet.destroyed:
        lines.append("DESTROYED")
    return "\n".join(lines)


def _armor_cell(sheet: RecordSheet, loc: str) -> str:
    metal = sheet.metal.get(loc, 0)
    plastic = sheet.armor.get(loc, 0)
    return f"{SHORT[loc]}{metal}/{plastic}" if metal else f"{SHORT[loc]}{plastic}"
