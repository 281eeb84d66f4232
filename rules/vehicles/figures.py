"""A design's figures: every line item's price, weight and spaces, the totals, acceleration, top speed,
HC, and every construction error as a sentence (chapters 10-14 of the Compendium)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction

from rules.tables.construction import (
    Accessory,
    AccessoryOption,
    DesignTables,
    Weapon,
)
from rules.tables.oversized import BigBody
from rules.vehicles.design import (
    CORNERS,
    CYCLE_FACINGS,
    AccessoryEntry,
    Design,
    MountEntry,
    WeaponEntry,
    design_wheels,
    wheel_positions,
)
from rules.vehicles.long_vehicles import (
    BIG_KINDS,
    HALF_OF,
    TRAILER_KINDS,
    armor_locations,
    long_body,
    side_of,
)
from rules.vehicles.record_sheet import LOCATIONS


@dataclass(frozen=True)
class Item:
    """One priced line of the design: what it costs, weighs and where its spaces go."""

    name: str
    cost: Fraction
    weight: Fraction
    spaces: Fraction = Fraction(0)
    area: str = "body"        # body | cargo_ok (may use the cargo area) | none | sidecar
    facing: str = ""          # weapons: where they fire from (for the 1/3 rule)


@dataclass(frozen=True)
class Figures:
    weight: int
    price: int
    acceleration: float
    top_speed: float
    hc: int
    spaces: float
    spaces_used: float
    errors: list[str]
    pf: float = 0.0
    max_load: int = 0
    cargo_weight: int = 0          # spare load, lb
    cargo_spaces: float = 0.0      # free spaces for cargo (regular + cargo area)
    cargo_area: int = 0
    notes: list[str] = field(default_factory=list)
    items: tuple[Item, ...] = ()
    overdrive: tuple[float, float] | None = None   # (acceleration, top speed) with overdrive engaged
    hc_above_60: int = 0                            # HC with spoilers/airdams at 60 mph and more
    low_gear: tuple[float, float] | None = None     # HD transmission: (acceleration, up to mph); then `acceleration`
    hc_engaged: int | None = None                   # HC while an autopilot drives (000:L2976)
    gears: tuple[tuple[float, float], ...] = ()     # oversized: (mph a turn, up to mph; 0 = beyond) (000:L2030)


def _fr(x: float | int) -> Fraction:
    return Fraction(x).limit_denominator(1000)


def _round(x: Fraction, mode: str) -> int:
    if mode == "nearest":
        return int(math.floor(x + Fraction(1, 2)))
    return int(math.ceil(x))




def _single_wheel(d: Design, pos: str) -> bool:
    """A wheel that takes cycle wheelguards: cycles, and the lone wheel of a trike (000:L1930)."""
    if d.kind == "car_trailer":     # the mini-van rides on cycle tires (000:L1963)
        return d.big().bodies[d.body].cycle_tires
    return d.kind == "cycle" or (d.kind == "trike" and pos in ("F", "B"))


@dataclass
class _Build:
    """Scratch state while pricing a design."""

    d: Design
    t: DesignTables
    items: list[Item] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    body_price: Fraction = Fraction(0)
    max_load: Fraction = Fraction(0)
    pf: Fraction = Fraction(0)
    accel_bonus: float = 0.0
    top_factor: Fraction = Fraction(1)
    hc: int = 0
    plant_spaces: Fraction = Fraction(0)

    def add(self, name: str, cost: Fraction | float, weight: Fraction | float = 0, spaces: Fraction | float = 0,
            area: str = "body", facing: str = "") -> None:
        self.items.append(Item(name, _fr(cost) if not isinstance(cost, Fraction) else cost,
                               _fr(weight) if not isinstance(weight, Fraction) else weight,
                               spaces if isinstance(spaces, Fraction) else _fr(spaces), area, facing))

    def armor_point(self, type_key: str, body_key: str | None = None) -> tuple[Fraction, Fraction]:
        """Cost and weight of one point of this armor type on this body (000:L1697-L1703, L1710)."""
        body = self.t.bodies[body_key or self.d.body]
        a = self.t.armor[type_key]
        cost = body.armor_cost * _fr(a.cost)
        if self.d.sloped:
            cost *= _fr(self.t.const("body_mods.sloped_armor.armor_cost_factor"))
        return cost, body.armor_weight * _fr(a.weight)


def _body(b: _Build) -> None:
    d, t = b.d, b.t
    body = t.bodies[d.body]
    price, weight = Fraction(body.price), Fraction(body.weight)
    if d.reversed:
        if d.kind != "trike":
            b.errors.append("Only a trike can be reversed.")
        price *= _fr(t.const("trikes.reversed.price_factor"))
    if d.carbon_aluminum:
        price *= _fr(t.const("body_mods.carbon_aluminum.price_factor"))
        weight *= _fr(t.const("body_mods.carbon_aluminum.weight_factor"))
    b.body_price = price
    label = body.name + (" (reversed)" if d.reversed else "") + (", carbon-aluminum frame" if d.carbon_aluminum else "")
    b.add(label, price, weight, area="none")
    if d.streamlined:
        b.add("Streamlining", price * _fr(t.const("body_mods.streamlining.price_factor")), area="none")
        b.top_factor *= _fr(t.const("body_mods.streamlining.top_speed_factor"))
    chassis = t.chassis[d.chassis]
    if d.kind == "cycle":
        if d.chassis != "standard":
            b.errors.append(f"A cycle frame cannot take a {chassis.name.lower()} chassis.")
        b.max_load = Fraction(body.max_load)
    else:
        b.max_load = body.max_load * (1 + _fr(chassis.load))
        if chassis.price:
            b.add(f"{chassis.name} chassis", price * _fr(chassis.price), area="none")
    if d.six_wheels:
        if d.kind != "car" or body.spaces < t.const("chassis.six_wheels.min_body_spaces"):
            b.errors.append(f"Only a car larger than a compact can have six wheels; this is a {body.name.lower()}.")
        b.add("Six-wheeled chassis", t.const("chassis.six_wheels.cost"), area="none")
    elif body.six_wheels_with and d.chassis == body.six_wheels_with:
        b.errors.append(f"A {body.name.lower()} with a {chassis.name.lower()} chassis must have six wheels.")
    if d.kind == "car":
        s = t.suspensions[d.suspension]
    else:
        s = t.cycle_suspensions[d.suspension]
    if s.price:
        b.add(f"{s.name} suspension", price * _fr(s.price), area="none")


def _plant(b: _Build) -> None:
    d, t = b.d, b.t
    p = t.plants[d.plant]
    if d.kind == "car" and p.cycle:
        b.errors.append(f"The {p.name.lower()} plant is a cycle and trike plant; a car needs a car plant.")
    if d.kind not in BIG_KINDS and d.plant in d.big().truck_plants:
        b.errors.append(f"The {p.name.lower()} plant is for oversized vehicles only.")
    elif d.kind != "car" and d.kind not in BIG_KINDS and not p.cycle and not p.gas:
        b.errors.append(f"The {p.name.lower()} plant is a car plant; a {d.kind} uses cycle plants or gas engines.")
    cost, weight, spaces, dp = Fraction(p.cost), Fraction(p.weight), Fraction(p.spaces), p.dp
    bonus = Fraction(0)
    extras: list[tuple[str, Fraction, Fraction, Fraction]] = []
    for key in d.plant_accessories:
        a = t.plant_accessories[key]
        if a.gas != p.gas:
            b.errors.append(f"{a.name} fits {'gas engines' if a.gas else 'electric plants'} only.")
            continue
        if a.min_engine_pf and p.pf < a.min_engine_pf:
            b.errors.append(f"{a.name} needs an engine of 150 cid or more.")
        added = p.pf * _fr(a.pf_bonus)
        bonus += _fr(a.pf_bonus)
        a_cost = a.cost + p.cost * _fr(a.cost_of_plant) + added * _fr(a.cost_per_added_pf)
        a_weight = a.weight + p.weight * _fr(a.weight_of_plant)
        a_spaces = Fraction(a.spaces)
        if a.spaces_of_plant:
            a_spaces += math.ceil(p.spaces * _fr(a.spaces_of_plant))
        dp += math.ceil(p.dp * _fr(a.dp_of_plant)) + a.plant_dp
        b.accel_bonus += a.acceleration
        extras.append((a.name, a_cost, a_weight, a_spaces))
    b.pf = p.pf * (1 + bonus)
    b.plant_spaces = spaces + sum((e[3] for e in extras), Fraction(0))
    b.add(f"{p.name} {'engine' if p.gas else 'power plant'}", cost, weight, spaces)
    for name, c, w, s in extras:
        b.add(name, c, w, s)
    if p.gas:
        if not d.tank or d.gallons <= 0:
            b.errors.append("A gas engine needs a gas tank with at least one gallon.")
        else:
            tank = t.tanks[d.tank]
            free, per = t.const("gas.tank_free_gallons"), t.const("gas.tank_gallons_per_space")
            tank_spaces = 0 if d.gallons <= free else math.ceil((d.gallons - free) / per)
            fuel_w, fuel_c = t.const("gas.fuel_weight_per_gallon"), t.const("gas.fuel_cost_per_gallon")
            b.add(f"{d.gallons}-gallon {tank.name.lower()} tank, full", d.gallons * (tank.cost_per_gallon + fuel_c),
                  d.gallons * (tank.weight_per_gallon + fuel_w), tank_spaces)
    elif d.tank:
        b.errors.append("An electric plant takes no gas tank.")


def _tires(b: _Build) -> None:
    d, t = b.d, b.t
    tire = t.tires[d.tire]
    cost, weight, dp = Fraction(tire.cost), Fraction(tire.weight), Fraction(tire.dp)
    mods = sorted(d.tire_mods, key=lambda k: t.tire_mods[k].order)
    for k in mods:
        m = t.tire_mods[k]
        if k in tire.no_mods:
            b.errors.append(f"{tire.name} tires cannot be {m.name.lower()}.")
        for other in m.excludes:
            if other in mods and k < other:
                b.errors.append(f"{m.name} and {t.tire_mods[other].name.lower()} cannot be combined on one tire.")
        cost *= _fr(m.cost_factor)
        weight = weight * _fr(m.weight_factor) + m.weight_add
        dp = Fraction(math.floor(dp * _fr(m.dp_factor))) + m.dp_add
    if d.kind != "car":
        weight *= _fr(t.const("tires.cycle_weight_factor"))
    wheels = wheel_positions(d.kind, d.reversed, d.six_wheels)
    label = " ".join([t.tire_mods[k].name for k in mods] + [tire.name]) + " tires"
    b.add(f"{len(wheels)} {label}", cost * len(wheels), weight * len(wheels), area="none")
    b.hc += sum(t.tire_mods[k].hc_all_wheels for k in mods)
    _guards(b, wheels)


def tire_dp(d: Design) -> int:
    if d.kind in BIG_KINDS:
        return big_tire_dp(d)
    t = d.tables()
    dp = Fraction(t.tires[d.tire].dp)
    for k in sorted(d.tire_mods, key=lambda k: t.tire_mods[k].order):
        m = t.tire_mods[k]
        dp = Fraction(math.floor(dp * _fr(m.dp_factor))) + m.dp_add
    return int(dp)


def _guards(b: _Build, wheels: tuple[str, ...]) -> None:
    d, t = b.d, b.t
    a = t.armor[d.armor_type]
    sloped = _fr(t.const("body_mods.sloped_armor.armor_cost_factor")) if d.sloped else Fraction(1)
    for label, points in (("wheelguard", d.wheelguards), ("armored hub", d.hubs)):
        for pos, pts in points.items():
            if not pts:
                continue
            single = _single_wheel(d, pos)
            if single and label == "wheelguard":
                unit_c, unit_w = t.const("cycles.wheelguard.cost_per_point"), t.const("cycles.wheelguard.weight_per_point")
                max_w = t.const("cycles.wheelguard.max_weight")
            else:
                key = "wheelguard" if label == "wheelguard" else "hub"
                unit_c, unit_w = t.const(f"per_point.{key}_cost"), t.const(f"per_point.{key}_weight")
                max_w = t.const(f"per_point.{key}_max_weight")
            w = pts * unit_w * _fr(a.weight)
            if w > max_w:
                b.errors.append(f"The {pos} {label} weighs {_lb(w)} lb; the most allowed is {max_w} lb.")
            name = f"{pts}-pt {'cycle ' if single and label == 'wheelguard' else ''}{label} {pos}"
            b.add(name, pts * unit_c * _fr(a.cost) * sloped, w, area="none")
    guarded = {p for p, v in d.wheelguards.items() if v}
    all_wheels = set(wheels)
    if d.options.wheelguard_hc and guarded and guarded == all_wheels and d.kind == "car":
        b.hc += t.const("per_point.wheelguard_hc")
        b.notes.append("A full set of wheelguards costs 1 HC (reconstructed, see RULES-DEVIATIONS).")
    if d.kind == "trike" and d.reversed and guarded:
        b.hc += t.const("per_point.wheelguard_hc")


def _crew(b: _Build) -> None:
    d, t = b.d, b.t
    counts: dict[str, int] = {}
    for role in d.crew:
        r = t.crew[role]
        counts[role] = counts.get(role, 0) + 1
        area = "cargo_ok" if r.may_use_cargo else "body"
        b.add(r.name, 0, r.weight, r.spaces, area)
    for role, n in counts.items():
        r = t.crew[role]
        if r.max and n > r.max:
            b.errors.append(f"A vehicle has only one {r.name.lower()}; this one has {n}.")
    drivers = counts.get("driver", 0) + counts.get("cyclist", 0)
    if drivers != 1:
        b.errors.append("A vehicle needs exactly one driver (a cyclist on cycles and trikes).")
    if d.kind == "car" and counts.get("cyclist"):
        b.errors.append("A car is driven by a driver, not a cyclist.")


def _load_cost(w: Weapon, ammo_key: str, t: DesignTables) -> tuple[Fraction, Fraction]:
    """Cost and weight of one shot of this load."""
    cps, wps = _fr(w.cps), _fr(w.wps)
    if ammo_key in t.ammo:
        a = t.ammo[ammo_key]
        cps = _fr(a.cps) if a.cps is not None else cps * _fr(a.cps_mult)
        wps = _fr(a.wps) if a.wps is not None else wps * _fr(a.wps_mult)
        cps += _fr(a.cost_add)
    elif ammo_key in t.grenades:
        cps, wps = Fraction(t.grenades[ammo_key]), Fraction(t.const("grenade.weight_in_launcher"))
    return cps, wps


def _weapon_options(b: _Build, e: WeaponEntry) -> None:
    """Pulse, infrared and blue-green fit lasers only, not every laser, and not every pair (000:L2456-L2463)."""
    t = b.t
    w = t.weapons[e.type]
    for k in e.options:
        o = t.weapon_options[k]
        if w.category != o.category:
            b.errors.append(f"The {o.name.lower()} option is for {o.category}s; a {w.name.lower()} cannot have it.")
        elif e.type in o.not_for:
            b.errors.append(f"A {w.name.lower()} cannot have the {o.name.lower()} option.")
        for other in o.excludes:
            if other in e.options and k < other:
                b.errors.append(f"A laser cannot be both {o.name.lower()} and {t.weapon_options[other].name.lower()}.")
    if len(set(e.options)) != len(e.options):
        b.errors.append(f"The {w.abbr} lists an option twice.")


def _weapon(b: _Build, e: WeaponEntry, where: str, in_mount: bool) -> None:
    t = b.t
    _weapon_options(b, e)
    w = t.weapon_with(e.type, e.options)
    cost, weight = Fraction(w.cost), Fraction(w.weight)
    if e.ammo:
        a = t.ammo[e.ammo]
        if e.type not in a.fits:
            b.errors.append(f"{a.name} does not fit a {w.name.lower()} ({', '.join(a.fits)} only).")
        if w.single_shot:
            cost = cost * _fr(a.cost_mult) + _fr(a.cost_add)
            weight *= _fr(a.weight_mult)
    load = e.grenades or e.ammo
    cps, wps = _load_cost(w, load, t)
    if w.uses_grenades and not e.grenades:
        b.errors.append(f"The {w.name.lower()} needs a grenade load (grenades = ...).")
    cost += w.shots * cps if not w.single_shot else 0
    weight += w.shots * wps if not w.single_shot else 0
    mag_c, mag_w = Fraction(t.const("mount_options.extra_magazine_cost")), Fraction(t.const("mount_options.extra_magazine_weight"))
    mags = Fraction(0)
    for m in e.magazines:
        if w.shots <= 1 or w.shots == 0:
            b.errors.append(f"A {w.name.lower()} takes no extra magazines.")
            break
        mc, mw = _load_cost(w, m, t)
        cost += mag_c + w.shots * mc
        weight += mag_w + w.shots * mw
        mags += t.const("mount_options.extra_magazine_spaces")
    if e.guided and (not w.rocket or e.type in ("SAM", "RGM", "WGM")):
        b.errors.append(f"A {w.name.lower()} cannot be laser-guided.")
    if e.rocket_magazine:
        mc, mw, ms = _rocket_magazine(b, e, w, cost, weight, in_mount)
        cost, weight, mags = cost + mc, weight + mw, mags + ms
    spaces = Fraction(0) if in_mount else w.spaces * e.count
    label = f"{e.count} x {w.abbr}" if e.count > 1 else w.abbr
    extra = f" ({e.ammo})" if e.ammo else (f" ({e.grenades})" if e.grenades else "")
    b.add(f"{label}{extra} {where}", cost * e.count, weight * e.count, spaces + mags * e.count,
          "sidecar" if where.startswith("sidecar") else "body", e.facing if not in_mount else "turret")
    if e.component_armor:
        protected = max(Fraction(1), w.spaces * e.count + mags * e.count)
        _component_armor(b, f"{label} {where}", e.component_armor, protected)
    if e.insulated:
        _insulators(b, e, w, f"{label} {where}")


def _insulators(b: _Build, e: WeaponEntry, w: Weapon, what: str) -> None:
    """Fire-retardant insulators: $150 and 25 lb a space of the weapon, a part-space weapon counting as one
    (reading CB78); never with component armor (000:L2587-L2588)."""
    t = b.t
    if e.component_armor:
        b.errors.append(f"Fire-retardant insulators cannot be combined with component armor ({what}).")
    spaces = max(Fraction(1), w.spaces) * e.count
    b.add(f"Fire-retardant insulators on {what}", spaces * t.const("mount_options.insulator_cost"),
          spaces * t.const("mount_options.insulator_weight"), area="none")


def magazine_rockets(w: Weapon, e: WeaponEntry) -> int:
    """How many more of this rocket its rocket magazine holds: its capacity in spaces over the rocket's."""
    return math.floor(e.rocket_magazine / w.spaces) if e.rocket_magazine and w.spaces else 0


def _rocket_magazine(b: _Build, e: WeaponEntry, w: Weapon, rocket_cost: Fraction, rocket_weight: Fraction,
                     in_mount: bool) -> tuple[Fraction, Fraction, Fraction]:
    """A 1- to 3-space magazine of one rocket type chosen at installation: $50 and 15 lb a space plus
    the rockets; it cannot feed a rocket platform (000:L2543). Returns cost, weight and spaces."""
    t = b.t
    if not (w.rocket and w.single_shot):
        b.errors.append(f"A rocket magazine feeds single-shot rockets only, not a {w.name.lower()}.")
    cap = t.const("mount_options.rocket_magazine_max_spaces")
    if e.rocket_magazine > cap:
        b.errors.append(f"A rocket magazine holds at most {cap} spaces of rockets, not {e.rocket_magazine}.")
    if e.count != 1:
        b.errors.append(f"Give each {w.abbr} its own rocket magazine (count = 1 on that weapon line).")
    if in_mount and t.mounts[next(m.type for m in b.d.mounts if m.id == e.mount)].rockets_only:
        b.errors.append("A rocket magazine cannot feed a rocket platform.")
    rounds = magazine_rockets(w, e)
    if rounds == 0:
        b.errors.append(f"A {e.rocket_magazine}-space rocket magazine cannot hold a {w.name.lower()}.")
    cost = e.rocket_magazine * t.const("mount_options.rocket_magazine_cost_per_space") + rounds * rocket_cost
    weight = e.rocket_magazine * t.const("mount_options.rocket_magazine_weight_per_space") + rounds * rocket_weight
    return cost, weight, Fraction(e.rocket_magazine)


def _component_armor(b: _Build, what: str, points: int, spaces: Fraction) -> None:
    t = b.t
    spaces = max(Fraction(1), spaces)
    per_space_w = points * t.const("per_point.component_armor_weight")
    if per_space_w > t.const("per_point.component_armor_max_weight_per_space"):
        b.errors.append(f"Component armor on {what} weighs {per_space_w} lb per space; at most "
                        f"{t.const('per_point.component_armor_max_weight_per_space')} lb per space is allowed.")
    b.add(f"{points}-pt component armor on {what}", points * t.const("per_point.component_armor_cost") * spaces,
          per_space_w * spaces, area="none")


def _price_weapons(b: _Build) -> None:
    d, t = b.d, b.t
    mounted: dict[str, Fraction] = {}
    for m in d.mounts:
        mt = t.mounts[m.type]
        factor = _fr(t.const("mount_options.rocket_ewp_factor")) if m.rocket_pod else Fraction(1)
        cost = mt.cost * factor + (t.const("mount_options.universal_cost") if m.universal else 0)
        b.add(f"{'Universal ' if m.universal else ''}{'Rocket ' if m.rocket_pod else ''}{mt.name}"
              f"{'' if m.side == 'top' else ' ' + m.side}", cost, mt.weight * factor, mt.spaces)
        _pod_options(b, m)
        body = t.bodies[d.body]
        if mt.key.startswith(("turret", "popup_turret", "cupola", "popup_cupola", "ewp")) and mt.holds > body.turret_max:
            b.errors.append(f"A {body.name.lower()} can carry a turret of at most {body.turret_max} "
                            f"space{'s' if body.turret_max != 1 else ''}; the {mt.name} holds {mt.holds}.")
        mounted[m.id] = Fraction(0)
    for e in d.weapons:
        w = t.weapons[e.type]
        if e.mount:
            mounted[e.mount] += w.spaces * e.count
            mt = t.mounts[next(m.type for m in d.mounts if m.id == e.mount)]
            pod = next(m for m in d.mounts if m.id == e.mount)
            if (mt.rockets_only or pod.rocket_pod) and not (w.single_shot and w.rocket):
                b.errors.append(f"A {'rocket EWP' if pod.rocket_pod else mt.name.lower()} carries single-shot "
                                f"rockets only, not a {w.name.lower()}.")
        elif e.facing == "turret":
            b.errors.append(f"The {w.abbr} in the turret needs a [[mount]] (a turret) to sit in.")
        _weapon(b, e, e.facing, bool(e.mount))
        _weapon_rules(b, e, w)
    if any(t.mounts[m.type].external for m in d.mounts):
        b.top_factor *= _fr(t.const("mount_options.ewp_top_speed_factor"))   # once, however many pods
    _pod_pairs(b)
    for m in d.mounts:
        mt = t.mounts[m.type]
        if mounted[m.id] > mt.holds:
            b.errors.append(f"The {mt.name} holds {mt.holds} space{'s' if mt.holds != 1 else ''} of weapons; "
                            f"{_sp(mounted[m.id])} are in it.")
    groups = {e.link for e in d.weapons if e.link}
    if d.sidecar:
        groups |= {f"sidecar:{e.link}" for e in d.sidecar.weapons if e.link}
    links = len(groups) + d.links
    if links:
        b.add(f"{links} link{'s' if links != 1 else ''}", links * t.accessories["link"].cost, 0, area="none")


def _pod_options(b: _Build, m: MountEntry) -> None:
    """Side mounting, rocket pods, pod armor and ejection belong to EWPs only (000:L2527-L2528, L2541, L2982)."""
    t = b.t
    mt = t.mounts[m.type]
    if not mt.external:
        for flag, what in ((m.side != "top", f"mounted {m.side}"), (bool(m.fires), "set to fire one way"),
                           (m.armor > 0, "armored"), (m.ejection, "ejected"), (m.rocket_pod, "a rocket pod")):
            if flag:
                b.errors.append(f"Only an external weapon pod can be {what}; the {mt.name.lower()} cannot.")
        return
    if m.side != "top" and not m.fires:
        b.errors.append(f"The {m.side} {mt.name.lower()} must fire front or back (fires = ...).")
    if m.armor:
        if m.rocket_pod:
            b.errors.append("A rocket EWP carries no armor.")
        w = m.armor * t.const("mount_options.ewp_armor_weight")
        cap = t.const("mount_options.ewp_armor_max_weight")
        if w > cap:
            b.errors.append(f"Pod armor on the {mt.name.lower()} weighs {w} lb; the most allowed is {cap} lb.")
        b.add(f"{m.armor}-pt pod armor on {m.id}", m.armor * t.const("mount_options.ewp_armor_cost"), w, area="none")
    if m.ejection:
        b.add(f"Ejection system for {m.id}", t.const("mount_options.ewp_ejection_cost"), area="none")


def _pod_pairs(b: _Build) -> None:
    """Side pods come in matched pairs of one size firing one way; a lone side pod costs 3 HC (000:L2527, L2983)."""
    t = b.t
    side = [m for m in b.d.mounts if t.mounts[m.type].external and m.side != "top"]
    unmatched = list(side)
    for m in side:
        if m not in unmatched:
            continue
        mate = next((o for o in unmatched if o.side != m.side and (o.type, o.fires, o.rocket_pod)
                     == (m.type, m.fires, m.rocket_pod)), None)
        if mate:
            unmatched.remove(m)
            unmatched.remove(mate)
    for m in unmatched:
        other = "right" if m.side == "left" else "left"
        b.errors.append(f"The {m.side} {t.mounts[m.type].name.lower()} {m.id!r} needs a matching pod of the same "
                        f"size, firing the same way, on the {other} side.")
        b.hc += t.const("mount_options.ewp_lone_pod_hc")
    if unmatched:
        b.notes.append(f"A lone side pod costs {-t.const('mount_options.ewp_lone_pod_hc')} HC (000:L2983).")


def _weapon_rules(b: _Build, e: WeaponEntry, w: Weapon) -> None:
    d = b.d
    body = b.t.bodies[d.body]
    if w.mount == "oversized_only" and d.kind not in ("ten_wheeler", "tractor", "semi_trailer", "bus"):
        b.errors.append(f"A {w.name.lower()} can only be mounted on an oversized vehicle.")
    if w.mount == "aircraft_only":
        b.errors.append(f"A {w.name.lower()} can only be carried by an aircraft.")
    if w.mount == "boat_only":
        b.errors.append(f"A {w.name.lower()} is a boat weapon.")
    if w.mount == "top_only" and e.facing != "top":
        b.errors.append(f"A {w.name.lower()} must be mounted on top.")
    if w.mount == "underbody_only" and e.facing != "underbody":
        b.errors.append(f"A {w.name.lower()} must be mounted on the underbody.")
    if e.type in ("DSP", "FDSP") and (d.kind == "cycle" or d.body in ("subcompact", "light_trike") or d.reversed):
        b.errors.append(f"A drop-spike plate cannot be mounted on a {body.name.lower()}"
                        f"{' (reversed)' if d.reversed else ''}.")
    if e.facing in CORNERS:
        if d.kind != "car":
            b.errors.append(f"Corner mounts are for cars; a {d.kind} cannot mount the {w.abbr} on a corner.")
        elif not (w.dropped or e.type in ("GS", "FCGS")):
            b.errors.append(f"Only dropped weapons and gas streamers may be corner-mounted, not a {w.name.lower()}.")


def _guided_rockets(d: Design) -> int:
    """Rockets fitted for laser guidance: $200 each on the LGL (000:L2534)."""
    t = d.tables()
    entries = d.weapons + (d.sidecar.weapons if d.sidecar else ())
    return sum(e.count * max(1, t.weapons[e.type].shots) + magazine_rockets(t.weapons[e.type], e)
               for e in entries if e.guided)


def booster_units(d: Design, e: AccessoryEntry) -> int:
    """Spaces, and DP, of a rocket booster: one per 100 lb or part of it (000:L2649)."""
    return math.ceil(e.lb / d.tables().const("booster.lb_per_space")) if d.tables().accessories[e.type].booster else 0


def _accessory_cost(b: _Build, key: str, facing: str, e: AccessoryEntry | None = None) -> tuple[Fraction, Fraction, Fraction]:
    d, t = b.d, b.t
    a = t.accessories[key]
    cost, weight, spaces = Fraction(a.cost), Fraction(a.weight), a.spaces
    if a.booster and e is not None:
        cost += Fraction(e.lb, 10) * t.const("booster.cost_per_10_lb")
        weight += e.lb
        spaces += booster_units(d, e)
    if a.cost_armor_points or a.weight_armor_points:
        type_key = "plastic" if a.plain_plastic else d.armor_type
        pc, pw = b.armor_point(type_key)
        cost += _fr(a.cost_armor_points) * pc
        weight += _fr(a.weight_armor_points) * pw
    if a.cost_front_armor_factor:
        front = d.armor.get("front", 0)
        pc, pw = b.armor_point(d.armor_type)
        cost += _fr(a.cost_front_armor_factor) * front * pc
        weight += _fr(a.weight_front_armor_factor) * front * pw
    if a.cost_per_armor_facing or a.metal_points_per_armor_facing:
        facings = len(CYCLE_FACINGS if d.kind == "cycle" else LOCATIONS)
        cost += a.cost_per_armor_facing * facings
        weight += _fr(a.metal_points_per_armor_facing) * facings * b.armor_point("metal")[1]
    wheels = len(design_wheels(d))
    cost += a.cost_per_wheel * wheels
    weight += a.weight_per_wheel * wheels
    cost += a.cost_per_guided_rocket * _guided_rockets(d)
    if a.cost_body_with_chassis:
        chassis = t.chassis[d.chassis]
        cost += _fr(a.cost_body_with_chassis) * b.body_price * (1 + _fr(chassis.price))
    if a.spaces_of_body:
        spaces += math.ceil(t.bodies[d.body].spaces * _fr(a.spaces_of_body))
    return cost, weight, spaces


def _accessory_options(b: _Build, e: AccessoryEntry, cost: Fraction, weight: Fraction,
                       spaces: Fraction) -> tuple[Fraction, Fraction, Fraction]:
    """The item with its extras: fakes scale its cost and weight, fittings add their price (000:L2565, L2615)."""
    a = b.t.accessories[e.type]
    opts = _options(a, e)
    for k in e.options:
        if not a.option(k):
            b.errors.append(f"{a.name} has no option {k!r}.")
    for o in opts:
        cost, weight = cost * _fr(o.cost_factor), weight * _fr(o.weight_factor)
    for o in opts:
        cost += o.cost
        if o.needs and o.needs not in e.options:
            b.errors.append(f"The {o.name} of a {a.name.lower()} needs its {o.needs.replace('_', ' ')} option.")
    if len(set(e.options)) != len(e.options):
        b.errors.append(f"The {a.name.lower()} lists an option twice.")
    return cost, weight, spaces


def _options(a: Accessory, e: AccessoryEntry) -> list[AccessoryOption]:
    return [o for o in (a.option(k) for k in e.options) if o]


def _fake(b: _Build, e: AccessoryEntry) -> bool:
    return any(o.fake for o in _options(b.t.accessories[e.type], e))


def _accessory_needs(b: _Build, e: AccessoryEntry, keys: set[str]) -> None:
    """Accessories that work only with others: the autopilot needs a navigator and radar or IR (000:L2976)."""
    t = b.t
    a = t.accessories[e.type]
    for k in a.needs_all:
        if k not in keys:
            b.errors.append(f"{a.name} needs a {t.accessories[k].name.lower()}.")
    if a.needs_any and not keys & set(a.needs_any):
        names = [t.accessories[k].name.lower() for k in a.needs_any]
        b.errors.append(f"{a.name} needs {', '.join(names[:-1])} or {names[-1]}.")


def _boosters(b: _Build, weight: int) -> None:
    """Boost = pounds burned a turn x 1,000 / weight; at least 10 mph; a chassis withstands 10/20/30/40 mph,
    a little more at a risk, and beyond that the frame is ruined (000:L2649-L2659)."""
    d, t = b.d, b.t
    for e in d.accessories:
        a = t.accessories[e.type]
        if not a.booster:
            continue
        if not e.lb or not e.burn or e.burn > e.lb:
            b.errors.append(f"A rocket booster needs its pounds of rocket (lb = ...) and the pounds it burns a turn "
                            f"(burn = ..., at most lb); this one has lb {e.lb}, burn {e.burn}.")
            continue
        if not e.facing:
            b.errors.append("A rocket booster must face front or back, or top or underbody as jump jets "
                            "(facing = ...).")
        boost = e.burn * t.const("booster.boost_factor") / weight if weight else 0.0
        turns = e.lb // e.burn
        limit = t.const(f"booster.chassis_limit.{d.chassis}")
        ruin = limit + t.const(f"booster.ruin_over.{d.chassis}")
        chassis = t.chassis[d.chassis].name.lower()
        if boost < t.const("booster.min_boost"):
            b.errors.append(f"A {e.burn}-lb burn gives {boost:.3g} mph a turn at {weight:,} lb; a rocket booster "
                            f"gives at least {t.const('booster.min_boost')} mph.")
        elif boost > ruin:
            b.errors.append(f"A {boost:.3g} mph boost would surely ruin the {chassis} chassis (it withstands {limit} "
                            f"mph, {ruin} at a risk).")
        elif boost > limit:
            b.notes.append(f"The {boost:.3g} mph boost is over the {chassis} chassis' {limit} mph: the frame may "
                           f"bend (000:L2656).")
        if e.facing in JET_FACINGS:
            b.notes.append(f"Jump jet {e.facing}: {boost:.3g} mph a turn for {turns} turn{'s' if turns != 1 else ''} "
                           f"({_climb_note(d, boost, e.facing)}); a hazard when it fires; volatile (000:L2632, L2649-L2657).")
            continue
        b.notes.append(f"Rocket booster {e.facing or '?'}: {boost:.3g} mph a turn for {turns} turn"
                       f"{'s' if turns != 1 else ''}; a D1 hazard when it fires; volatile (000:L2649-L2657).")


JET_FACINGS = ("top", "underbody")   # rocket boosters mounted there are jump jets (000:L2632)


def _climb_note(d: Design, boost: float, facing: str) -> str:
    """What a jet's burn does to the rate of climb (000:L2632), as the design check reads it."""
    t = d.tables()
    step, per = t.const("booster.jet.climb_in"), t.const("booster.jet.mph_per_climb")
    if facing == "top":
        return f"{math.floor(boost / per + 1e-9) * step:g}\" off the rate of climb in the air; none on the ground"
    ground = math.floor((boost - t.const("booster.jet.ground_loss_mph")) / per + 1e-9) * step
    return (f"lifts {ground:g}\" from the ground" if ground > 0 else "too weak to lift off the ground") + \
        f", {math.floor(boost / per + 1e-9) * step:g}\" a burn in the air"


def _carrier_rules(b: _Build, e: AccessoryEntry) -> None:
    """A car-top carrier is at most a third of the car's spaces, never streamlined, and (unless fake,
    hiding one) never on a turreted car (000:L2614-L2615)."""
    d, t = b.d, b.t
    a = t.accessories[e.type]
    body = t.bodies[d.body]
    if a.holds * 3 > body.spaces:
        b.errors.append(f"A {a.name.lower()} is more than a third of the {body.name.lower()}'s {body.spaces} spaces.")
    if d.streamlined:
        b.errors.append("A car-top carrier cannot be streamlined.")
    if d.mounts and not _fake(b, e):
        b.errors.append("A car-top carrier cannot go on a turreted car (a fake one can hide the turret).")


def _price_accessories(b: _Build) -> None:
    d, t = b.d, b.t
    keys = {e.type for e in d.accessories}
    for e in d.accessories:
        a = t.accessories[e.type]
        if a.kinds and d.kind not in a.kinds:
            b.errors.append(f"{a.name} is not available for a {d.kind}.")
        if a.facings and e.facing and e.facing not in a.facings:
            b.errors.append(f"{a.name} must go {' or '.join(a.facings)}, not {e.facing}.")
        if a.needs_chassis and d.chassis not in a.needs_chassis:
            b.errors.append(f"{a.name} needs a {' or '.join(c.replace('_', '-') for c in a.needs_chassis)} chassis.")
        if e.type == "hd_transmission" and t.plants[d.plant].no_hd_transmission:
            b.errors.append(f"{a.name} cannot be combined with a {t.plants[d.plant].name} plant.")
        if e.type == "ramplate" and d.kind == "trike" and not d.reversed:
            b.errors.append("Only a reversed trike can carry a ramplate.")
        if e.type == "autopilot" and d.kind == "cycle" and not d.sidecar:
            b.errors.append("An autopilot cannot drive a cycle (a cycle with a sidecar can have one).")
        if e.type.startswith("car_top_carrier"):
            _carrier_rules(b, e)
        _accessory_needs(b, e, keys)
        cost, weight, spaces = _accessory_options(b, e, *_accessory_cost(b, e.type, e.facing, e))
        where = f" {e.facing}" if e.facing else ""
        label = f"{e.count} x {a.name}{where}" if e.count > 1 else f"{a.name}{where}"
        if e.options:
            label += f" ({', '.join(o.name for o in _options(a, e))})"
        b.add(label, cost * e.count, weight * e.count, spaces * e.count, "cargo_ok" if a.cargo else "body")
        b.hc += a.hc
        if a.top_speed_factor != 1.0:
            b.top_factor *= _fr(a.top_speed_factor)
    if "laser_guidance_link" not in keys and _guided_rockets(d):
        b.errors.append("Laser-guided rockets need a laser-guidance link.")
    if {"brushcutter", "bumper_spikes"} <= keys and any(e.type == "bumper_spikes" and e.facing == "front"
                                                         for e in d.accessories):
        b.errors.append("A brushcutter cannot be combined with front bumper spikes.")
    if "ramplate" in keys and any(e.type == "bumper_spikes" and e.facing == "front" for e in d.accessories):
        b.errors.append("A ramplate cannot be combined with front bumper spikes.")
    if "convertible_hardtop" in keys and d.armor.get("top", 0) > 20:
        b.errors.append(f"A convertible hardtop allows at most 20 points of top armor, not {d.armor['top']}.")


def _armor(b: _Build) -> None:
    d, t = b.d, b.t
    a = t.armor[d.armor_type]
    if not a.plastic:
        # all-metal vehicles list their points under [armor] with armor_type = "metal"
        pass
    pc, pw = b.armor_point(d.armor_type)
    pts = sum(d.armor.values())
    if pts:
        b.add(f"{pts} pts {a.name.lower()} armor", pts * pc, pts * pw, area="none")
    metal_pts = sum(d.metal.values())
    if metal_pts:
        if not a.plastic:
            b.errors.append("Composite armor is metal over plastic; the inner layer must be a plastic type.")
        mc, mw = b.armor_point("metal")
        b.add(f"{metal_pts} pts metal armor", metal_pts * mc, metal_pts * mw, area="none")
    for loc, ca_pts in d.component_armor.items():
        if loc == "plant":
            spaces = b.plant_spaces
        else:
            spaces = Fraction(t.crew[loc].spaces) if loc in t.crew else Fraction(1)
            if loc not in d.crew:
                b.errors.append(f"Component armor around the {loc}, but the vehicle carries no {loc}.")
        _component_armor(b, loc, ca_pts, spaces)


def _price_sidecar(b: _Build) -> Fraction:
    """Price the sidecar; returns its own weight (checked against its own max load, 000:L1883)."""
    d, t = b.d, b.t
    s = d.sidecar
    if s is None:
        return Fraction(0)
    frame = t.bodies[d.body]
    body = t.bodies[s.body]
    if not frame.can_pull_sidecar:
        b.errors.append(f"A {frame.name.lower()} cannot pull a sidecar; only medium and heavy cycles can.")
    start = len(b.items)
    b.add(f"{body.name}", body.price, body.weight, area="none")
    susp = t.cycle_suspensions[s.suspension]
    if susp.price:
        b.add(f"{susp.name} sidecar suspension", body.price * _fr(susp.price), area="none")
    b.hc += susp.hc["cycle"]
    tire = [i for i in b.items if i.name.endswith("tires")][0]
    wheels = len(wheel_positions(d.kind, d.reversed, d.six_wheels))
    b.add("Sidecar tire", tire.cost / wheels, tire.weight / wheels, area="none")
    for role in s.crew:
        r = t.crew[role]
        b.add(f"Sidecar {r.name.lower()}", 0, r.weight, r.spaces, "sidecar")
    in_turret = Fraction(0)
    for e in s.weapons:
        turret = e.facing == "turret"
        if turret:
            in_turret += t.weapons[e.type].spaces * e.count
        _weapon(b, e, f"sidecar {e.facing}", turret)
    if in_turret > body.turret_spaces:
        b.errors.append(f"The {body.name.lower()} has a turret for {body.turret_spaces} space"
                        f"{'s' if body.turret_spaces != 1 else ''} of weapons; {_sp(in_turret)} are in it."
                        if body.turret_spaces else f"A {body.name.lower()} has no turret.")
    a = t.armor[s.armor_type]
    pts = sum(s.armor.values())
    if pts:
        b.add(f"{pts} pts sidecar {a.name.lower()} armor", pts * body.armor_cost * _fr(a.cost),
              pts * body.armor_weight * _fr(a.weight), area="none")
    for acc in s.accessories:
        cost, weight, spaces = _accessory_options(b, acc, *_accessory_cost(b, acc.type, acc.facing, acc))
        b.add(f"Sidecar {t.accessories[acc.type].name}", cost * acc.count, weight * acc.count, spaces * acc.count,
              "sidecar")
    side_items = b.items[start:]
    for i, it in enumerate(side_items):
        if it.area == "body":
            b.items[start + i] = replace(it, area="sidecar")
    weight = sum((i.weight for i in b.items[start:]), Fraction(0))
    used = sum((i.spaces for i in b.items[start:]), Fraction(0))
    if used > body.spaces:
        b.errors.append(f"The sidecar's components take {_sp(used)} spaces; the {body.name.lower()} has {body.spaces}.")
    if weight > body.max_load:
        b.errors.append(f"The sidecar weighs {_lb(weight)} lb, over the {body.name.lower()}'s limit of "
                        f"{body.max_load:,} lb.")
    return weight


def _lb(x: Fraction | int | float) -> str:
    return f"{int(math.ceil(x)):,}"


def _sp(x: Fraction | float) -> str:
    f = Fraction(x).limit_denominator(12)
    return str(f.numerator) if f.denominator == 1 else f"{float(f):g}"


def _spaces(b: _Build) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Regular spaces, cargo area, and what the components use of each (000:L1709-L1712, L1845)."""
    d, t = b.d, b.t
    body = t.bodies[d.body]
    regular = Fraction(body.spaces) + (t.const("trikes.reversed.spaces") if d.reversed else 0)
    cargo = Fraction(body.cargo_spaces)
    loss = Fraction(0)
    if d.streamlined and d.sloped:
        loss = _fr(t.const("body_mods.sloped_and_streamlined.space_loss"))
    elif d.streamlined:
        loss = _fr(t.const("body_mods.streamlining.space_loss"))
    elif d.sloped:
        loss = _fr(t.const("body_mods.sloped_armor.space_loss"))
    regular -= math.ceil(regular * loss)
    cargo -= math.ceil(cargo * loss)
    fixed = sum((i.spaces for i in b.items if i.area == "body"), Fraction(0))
    movable = sum((i.spaces for i in b.items if i.area == "cargo_ok"), Fraction(0)) + d.cargo_spaces
    in_regular = fixed + min(movable, max(Fraction(0), regular - fixed))
    in_cargo = movable - (in_regular - fixed)
    return regular, cargo, in_regular, in_cargo


def _side_limits(b: _Build, regular: Fraction) -> None:
    """At most a third of the spaces may fire from one side, rounded down (000:L1859); cycles exempt."""
    d, t = b.d, b.t
    if d.kind == "cycle":
        return
    limit = math.floor(regular * _fr(t.const("performance.placement.side_fraction")))
    by_side: dict[str, Fraction] = {}
    corner: dict[str, Fraction] = {}
    for e in d.weapons:
        w = t.weapons[e.type]
        if e.mount or e.facing == "turret":
            continue
        if e.facing in CORNERS:
            corner[e.facing] = corner.get(e.facing, Fraction(0)) + w.spaces * e.count
            continue
        by_side[e.facing] = by_side.get(e.facing, Fraction(0)) + w.spaces * e.count
    boosted = set()
    for e2 in d.accessories:
        if t.accessories[e2.type].booster and e2.facing:      # boosters follow the same rule (000:L2658)
            by_side[e2.facing] = by_side.get(e2.facing, Fraction(0)) + booster_units(d, e2) * e2.count
            boosted.add(e2.facing)
    for side in LOCATIONS:
        used = by_side.get(side, Fraction(0))
        if used > limit:
            what = "Weapons and rocket boosters" if side in boosted else "Weapons"
            b.errors.append(f"{what} firing {_side_word(side)} take {_sp(used)} spaces; at most {limit} "
                            f"(a third of {_sp(regular)} spaces) may fire from one side.")
    cap = t.const("performance.placement.corner_spaces")
    for c, used in corner.items():
        if used > cap:
            b.errors.append(f"Dropped weapons on the {c} corner take {_sp(used)} spaces; a corner holds {cap}.")


def _side_word(side: str) -> str:
    return {"top": "from the top", "underbody": "from the underbody"}.get(side, f"to the {side}"
                                                                          if side in ("left", "right") else side)


def _acceleration(pf: Fraction, weight: int, t: DesignTables) -> float:
    accel = 0.0
    for frac, value in t.const("performance.acceleration.bands"):
        if pf >= weight * _fr(frac).limit_denominator(100):
            accel = float(value)
    return accel


def _top_speed(pf: Fraction, weight: int, gas: bool, factor: Fraction, t: DesignTables) -> float:
    k = _fr(t.const("performance.top_speed.gas" if gas else "performance.top_speed.electric"))
    step = _fr(t.const("performance.top_speed.step"))
    if pf <= 0:
        return 0.0
    top = math.floor(k * pf / (pf + weight) / step) * step
    if factor != 1:
        top = math.floor(top * factor / step) * step
    return float(top)


def _hc(b: _Build, weight: int) -> int:
    d, t = b.d, b.t
    body = t.bodies[d.body]
    if d.kind == "car":
        column = body.hc_column
        if body.van_class_over and weight > body.van_class_over:
            column = "van"
        base = t.suspensions[d.suspension].hc[column]
    else:
        base = t.cycle_suspensions[d.suspension].hc["cycle"]
    hc = base + b.hc
    if d.reversed:
        hc = min(hc + t.const("trikes.reversed.hc"), t.const("trikes.reversed.hc_max"))
    return int(hc)


def _build(d: Design) -> tuple[_Build, Fraction]:
    b = _Build(d, d.tables())
    _body(b)
    _plant(b)
    _tires(b)
    _crew(b)
    _price_weapons(b)
    _armor(b)
    _price_accessories(b)
    _hitch_armor(b)
    side_weight = _price_sidecar(b)
    _kind_rules(b)
    return b, side_weight


def _kind_rules(b: _Build) -> None:
    d = b.d
    if d.kind == "cycle":
        for e in d.weapons:
            if e.facing not in CYCLE_FACINGS:
                b.errors.append(f"A cycle mounts weapons front or back only, not {e.facing}.")
        if d.mounts:
            b.errors.append("A cycle cannot carry a turret (a cycle turret sidecar can).")
    if d.kind == "trike":
        if d.body == "light_trike" and d.mounts:
            b.errors.append("A light trike cannot carry a turret.")
        if d.sidecar:
            b.errors.append("A trike cannot pull a sidecar.")
    if d.kind == "car" and d.sidecar:
        b.errors.append("Only a cycle can pull a sidecar.")


def figures(d: Design) -> Figures:
    """Weight, price, performance, spaces and every construction error of a design."""
    if d.kind in BIG_KINDS:
        return big_figures(d)
    b, side_weight = _build(d)
    t = b.t
    mode = d.options.rounding
    total_w = sum((i.weight for i in b.items), Fraction(0)) + d.cargo_weight
    total_c = sum((i.cost for i in b.items), Fraction(0))
    weight, price = _round(total_w, mode), _round(total_c, mode)
    regular, cargo_area, used, in_cargo = _spaces(b)
    body = t.bodies[d.body]
    own_weight = total_w - side_weight
    chassis = t.chassis[d.chassis].name.lower()
    if own_weight > b.max_load:
        limit = f"{body.name.lower()}'s {'frame' if d.kind == 'cycle' else chassis + ' chassis'}"
        b.errors.append(f"Weight {_lb(own_weight)} lb is over the {limit} limit of {_lb(b.max_load)} lb.")
    fixed = sum((i.spaces for i in b.items if i.area == "body"), Fraction(0))
    if fixed > regular:
        b.errors.append(f"Components take {_sp(fixed)} spaces; the {body.name.lower()} has only {_sp(regular)}.")
    elif in_cargo > cargo_area:
        b.errors.append(f"Components, crew and cargo take {_sp(used + in_cargo)} spaces; the "
                        f"{body.name.lower()} has {_sp(regular)} plus {_sp(cargo_area)} of cargo space.")
    _side_limits(b, regular)
    plant = t.plants[d.plant]
    gearbox = next((t.accessories[e.type] for e in d.accessories if t.accessories[e.type].low_gear_until), None)
    load_pf = b.pf * _fr(gearbox.load_pf_factor) if gearbox else b.pf
    accel = _acceleration(load_pf, weight, t)
    low_gear = None
    if accel == 0:
        b.errors.append(f"The {plant.name.lower()} {'engine' if plant.gas else 'plant'}'s {_lb(b.pf)} power "
                        f"factors are less than a third of the weight ({weight:,} lb): the vehicle cannot move.")
    elif gearbox:
        # a truck's acceleration in place of the table's, whatever the plant (000:L2629)
        accel = gearbox.high_gear_acceleration
        low_gear = (gearbox.low_gear_acceleration, gearbox.low_gear_until)
    else:
        accel += b.accel_bonus
    top = _top_speed(b.pf, weight, plant.gas, b.top_factor, t)
    _boosters(b, weight)
    hc = _hc(b, weight)
    overdrive = None
    fast_hc = 0
    for e in d.accessories:
        a = t.accessories[e.type]
        if a.engaged_top_speed or a.engaged_acceleration:
            step = float(t.const("performance.top_speed.step"))
            overdrive = (max(step, accel + a.engaged_acceleration) if accel else 0.0, top + a.engaged_top_speed)
            b.notes.append(f"With {a.name.lower()} engaged: accel. {overdrive[0]:g}, top speed {overdrive[1]:g} "
                           f"({a.source}).")
        fast_hc = max(fast_hc, a.hc_above_60)
    if fast_hc:
        b.notes.append(f"HC {hc + fast_hc} at 60 mph and more (spoiler or airdam, 000:L2668).")
    engaged = [t.accessories[e.type] for e in d.accessories if t.accessories[e.type].hc_engaged]
    hc_engaged = hc + sum(a.hc_engaged for a in engaged) if engaged else None
    for a in engaged:
        b.notes.append(f"HC {hc_engaged} while the {a.name.lower()} drives ({a.source.split(' ')[0]}).")
    spare_w = max(0, int(math.floor(b.max_load - own_weight)))
    spare_s = max(Fraction(0), regular - used) + max(Fraction(0), cargo_area - in_cargo)
    # safes and real car-top carriers carry cargo of their own (000:L2565, L2593, L2614)
    spare_s += sum((t.accessories[e.type].holds * e.count for e in d.accessories if not _fake(b, e)), Fraction(0))
    return Figures(weight, price, accel, top, hc, float(regular), float(used), b.errors, float(b.pf),
                   int(math.floor(b.max_load)), spare_w, float(spare_s), int(cargo_area), b.notes, tuple(b.items),
                   overdrive, hc + fast_hc, low_gear, hc_engaged)


# --- car trailers and oversized vehicles (chapters 7 and 8, 000:L1939-L2155) -------------------------


def _big_body(b: _Build, body: BigBody) -> None:
    """Body, van modification, chassis and (included) suspension (000:L1946, L1966-L1968, L2001, L2069-L2073)."""
    d, o = b.d, b.d.big()
    price, weight = Fraction(body.price), Fraction(body.weight)
    label = body.name
    if d.van_mod:
        mod = o.van_mods[d.van_mod]
        if d.kind != "car_trailer" or body.flatbed:
            b.errors.append(f"Only a car van trailer can be made a {mod.name.lower()}.")
        price = Fraction(math.ceil(price * _fr(mod.cost_factor)))
        weight = Fraction(math.ceil(weight * _fr(mod.weight_factor)))
        label = f"{body.name} ({mod.name.lower()})"
    b.body_price = price
    b.add(label, price, weight, area="none")
    chassis = b.t.chassis[d.chassis]
    if d.kind == "semi_trailer":
        if d.chassis != "standard":
            b.errors.append("A semi-trailer takes no chassis: what a rig may pull is its tractor's plant's (000:L2093).")
    elif d.kind in ("ten_wheeler", "tractor", "bus") and d.chassis == "light":
        b.errors.append(f"A {body.name.lower()} cannot take a light chassis; only heavier ones are sold (000:L2000, L2073).")
    b.max_load = body.max_load * (1 + _fr(chassis.load))
    if chassis.price and d.kind != "semi_trailer":
        b.add(f"{chassis.name} chassis", price * _fr(chassis.price), area="none")
    if d.suspension != "heavy" and d.kind != "car_trailer":
        b.errors.append("Oversized vehicles have heavy suspension, included in the body; no other is sold "
                        "(000:L2001, L2069).")


def _big_plant(b: _Build) -> Fraction:
    """A truck plant, rated by the weight it pulls (000:L2014-L2031); returns that maximum load."""
    d, o = b.d, b.d.big()
    if d.kind in TRAILER_KINDS:
        if d.plant:
            b.errors.append("A trailer has no power plant: its tower pulls it.")
        return Fraction(0)
    if not d.plant or d.plant not in o.truck_plants:
        b.errors.append(f"A {d.kind.replace('_', '-')} needs a truck power plant or truck gas engine (000:L2014-L2028).")
        if d.plant:
            _plant(b)
        return Fraction(0)
    truck = o.truck_plants[d.plant]
    if d.kind == "tractor" and not truck.rig:
        b.errors.append(f"The {truck.name.lower()} plant is not powerful enough to pull a big rig (000:L2074).")
    allowed = ("carburetor", "multibarrel_carburetor", "blueprinting", "tubular_headers")
    for key in d.plant_accessories:
        if key not in allowed:
            b.errors.append(f"{b.t.plant_accessories[key].name} does not fit a truck engine; carburetors, blueprinting "
                            f"and tubular headers do (000:L2029).")
    _plant(b)
    bonus = sum((_fr(b.t.plant_accessories[k].pf_bonus) for k in d.plant_accessories if k in allowed), Fraction(0))
    b.pf = Fraction(0)
    return truck.max_load * (1 + bonus)


def _big_tires(b: _Build, body: BigBody) -> None:
    """Truck tires on trucks, buses and semi-trailers, car (or cycle) tires on car trailers, one type on every
    wheel (000:L1963-L1964, L2005-L2013, L2102, L2130)."""
    d, o, t = b.d, b.d.big(), b.t
    wheels = design_wheels(d)
    if d.kind == "car_trailer":
        tire = t.tires[d.tire]
        allowed_mods = tuple(t.tire_mods)
        if d.tire_pairs and d.tire_pairs < body.tire_pairs:
            b.errors.append(f"A {body.name.lower()} needs at least {body.tire_pairs} pair"
                            f"{'s' if body.tire_pairs != 1 else ''} of tires (000:L1964).")
    else:
        tire = o.truck_tires[d.tire]
        allowed_mods = o.truck_tire_mods
    cost, weight, dp = Fraction(tire.cost), Fraction(tire.weight), Fraction(tire.dp)
    for k in sorted(d.tire_mods, key=lambda k: t.tire_mods[k].order):
        m = t.tire_mods[k]
        if k not in allowed_mods or k in tire.no_mods:
            b.errors.append(f"{tire.name} {'truck ' if d.kind != 'car_trailer' else ''}tires cannot be "
                            f"{m.name.lower()} (000:L2005).")
        cost *= _fr(m.cost_factor)
        weight = weight * _fr(m.weight_factor) + m.weight_add
        dp = Fraction(math.floor(dp * _fr(m.dp_factor))) + m.dp_add
    if body.cycle_tires:
        weight *= _fr(t.const("tires.cycle_weight_factor"))
    label = " ".join([t.tire_mods[k].name for k in d.tire_mods] + [tire.name])
    kind = "cycle " if body.cycle_tires else "truck " if d.kind != "car_trailer" else ""
    b.add(f"{len(wheels)} {label} {kind}tires", cost * len(wheels), weight * len(wheels), area="none")
    _guards(b, wheels)
    if d.kind == "bus":
        per_side = o.const("bus_rules.wheelguards_per_side")
        for side in ("L", "R"):
            n = sum(1 for p, v in d.wheelguards.items() if v and p.endswith(side))
            if n > per_side:
                b.errors.append(f"A bus takes at most {per_side} wheelguards a side (000:L2130).")


def big_tire_dp(d: Design) -> int:
    o, t = d.big(), d.tables()
    tire = t.tires[d.tire] if d.kind == "car_trailer" else o.truck_tires[d.tire]
    dp = Fraction(tire.dp)
    for k in sorted(d.tire_mods, key=lambda k: t.tire_mods[k].order):
        m = t.tire_mods[k]
        dp = Fraction(math.floor(dp * _fr(m.dp_factor))) + m.dp_add
    return int(dp)


def crew_role_key(kind: str, role: str) -> str:
    """The crew row a role takes aboard: trailer gunners and passengers take two spaces (000:L2113), bus
    passengers two spaces and 200 lb with their luggage (000:L2133)."""
    if kind in ("car_trailer", "semi_trailer") and role in ("gunner", "passenger"):
        return f"trailer_{role}"
    if kind == "bus" and role == "passenger":
        return "bus_passenger"
    return role


def _big_crew(b: _Build, crew: tuple[str, ...], area: str = "body") -> None:
    d, t = b.d, b.t
    for role in crew:
        r = t.crew[crew_role_key(d.kind, role)]
        b.add(r.name, 0, r.weight, r.spaces, area)
    drivers = sum(1 for r in crew if r in ("driver", "cyclist"))
    if area != "body":
        if drivers:
            b.errors.append("A carrier has no driver's seat; the driver rides in the cab.")
        return
    if d.kind in TRAILER_KINDS:
        if drivers:
            b.errors.append("Trailers don't have drivers; they carry gunners and passengers only (000:L2113).")
    elif drivers != 1 or "cyclist" in crew:
        b.errors.append("A vehicle needs exactly one driver.")


def _big_armor_extras(b: _Build, body: BigBody, locations: tuple[str, ...]) -> None:
    """Flatbeds' armored boxes, the fifth-wheel guard, hitch armor, kingpins and armor rules by body."""
    d, o = b.d, b.d.big()
    if body.flatbed:
        bare = [loc for loc in locations if "underbody" not in loc and d.armor.get(loc, 0)]
        if bare:
            b.errors.append(f"A flatbed is armored underneath only (and in its armored box), not {', '.join(bare)} "
                            f"(000:L1942, L2095).")
    if d.box_spaces or d.box_armor:
        _armor_box(b, body, d.box_spaces, d.box_armor, "")
    if body.dumper or d.van_mod == "dumper":
        if any(d.armor.get(loc, 0) for loc in locations if "top" in loc):
            b.errors.append("A dumper has no top armor (000:L1968).")
    if body.tanker and d.kind == "semi_trailer":
        _tanker_armor(b, locations, int(o.const("semi_trailer_rules.tanker_min_armor")), "000:L2098")
    if d.van_mod == "tanker":
        mod = o.van_mods["tanker"]
        low = [loc for loc in locations if d.armor.get(loc, 0) < mod.min_armor and d.metal.get(loc, 0) < mod.min_metal]
        if low:
            b.notes.append(f"The tanker leaks: under {mod.min_armor} points (or {mod.min_metal} of metal) in "
                           f"{', '.join(low)} (000:L1967).")
    if d.fifth_wheel_guard:
        if d.kind != "tractor":
            b.errors.append("Only a tractor has a fifth wheel to guard.")
        w = d.fifth_wheel_guard * o.const("fifth_wheel.guard_weight_per_point")
        if w > o.const("fifth_wheel.guard_max_weight"):
            b.errors.append(f"The fifth-wheel guard weighs {w} lb; at most {o.const('fifth_wheel.guard_max_weight')} "
                            f"lb (000:L2081).")
        b.add(f"{d.fifth_wheel_guard}-pt fifth-wheel guard", d.fifth_wheel_guard * o.const("fifth_wheel.guard_cost_per_point"),
              w, area="none")
    _hitch_armor(b)
    if d.kind == "semi_trailer":
        if not d.kingpin:
            b.errors.append("Each trailer must have one kingpin (kingpin = standard, explosive or quick_release; "
                            "000:L2104).")
        else:
            k = o.kingpins[d.kingpin]
            b.add(k.name, k.cost, 0, area="none")
    elif d.kingpin:
        b.errors.append("Only a semi-trailer has a kingpin.")


def _hitch_armor(b: _Build) -> None:
    """Armor on the towing vehicle's hitch: $15 and 4 lb a point of its own armor type, at most 40 lb (000:L1982)."""
    d = b.d
    if not d.hitch_armor:
        return
    o, a = d.big(), b.t.armor[d.armor_type]
    if not any(e.type.endswith("_hitch") for e in d.accessories):
        b.errors.append("Hitch armor needs a hitch.")
    w = d.hitch_armor * o.const("hitch_armor.weight_per_point") * _fr(a.weight)
    if w > o.const("hitch_armor.max_weight"):
        b.errors.append(f"The hitch armor weighs {_lb(w)} lb; at most {o.const('hitch_armor.max_weight')} lb "
                        f"(000:L1982).")
    b.add(f"{d.hitch_armor}-pt hitch armor", d.hitch_armor * o.const("hitch_armor.cost_per_point") * _fr(a.cost),
          w, area="none")


def _tanker_armor(b: _Build, locations: tuple[str, ...], least: int, rule: str) -> None:
    low = [loc for loc in locations if b.d.armor.get(loc, 0) + b.d.metal.get(loc, 0) < least]
    if low:
        b.errors.append(f"A tanker must have at least {least} points of armor in every location; "
                        f"{', '.join(low)} {'has' if len(low) == 1 else 'have'} less ({rule}).")


def _armor_box(b: _Build, body: BigBody, spaces: int, armor: dict[str, int], who: str) -> None:
    """A flatbed's small armored box for defensive weapons, armored in six locations (000:L1942, L2053, L2095)."""
    d, o = b.d, b.d.big()
    if not body.flatbed:
        b.errors.append(f"Only a flatbed carries an armored box{who}.")
        return
    table = "car_trailer_rules" if body.kind == "car_trailer" else "semi_trailer_rules" \
        if body.kind == "semi_trailer" else "carrier_rules"
    most = o.const(f"{table}.armor_box_spaces")
    if spaces > most:
        b.errors.append(f"The armored box{who} holds at most {most} spaces, not {spaces}.")
    a = b.t.armor[d.armor_type]
    pts = sum(armor.values())
    if pts:
        b.add(f"{pts} pts armored box{who}", pts * o.const(f"{table}.armor_box_cost") * _fr(a.cost),
              pts * o.const(f"{table}.armor_box_weight") * _fr(a.weight), area="none")


def _is_turret(t: DesignTables, m: MountEntry) -> bool:
    mt = t.mounts[m.type]
    return not mt.external and not mt.rockets_only


def _big_placement(b: _Build, body: BigBody, long: bool, weapons: tuple[WeaponEntry, ...],
                   mounts: tuple[MountEntry, ...], where: str = "") -> None:
    """Where the weapons of long vehicles, cabs, carriers, trailers and buses may go (000:L1984-L1986, L2034,
    L2054, L2115-L2120, L2135)."""
    d, t = b.d, b.t
    for e in weapons:
        if e.mount:
            continue
        w, f = t.weapons[e.type], e.facing
        if long and f in ("left", "right", "top", "underbody"):
            b.errors.append(f"On a long vehicle a weapon goes on a half: front_{f} or back_{f}, not {f} "
                            f"(the {w.abbr}; 000:L1984).")
        if not long and f in HALF_OF:
            b.errors.append(f"Only a long vehicle (20 feet or more) has a {f.replace('_', ' ')} position (the {w.abbr}).")
        if where == "cab" and f == "back" and d.carrier and not d.big().carriers[d.carrier.body].flatbed:
            b.errors.append(f"A cab with a carrier behind it cannot fire to the rear (the {w.abbr}; 000:L2034).")
        if where == "carrier" and f == "front":
            b.errors.append(f"A carrier's weapons go left, right or back, not to the front (the {w.abbr}; 000:L2054).")
        if d.kind == "semi_trailer" and f == "front":
            b.errors.append(f"No trailer can have a front-firing weapon outside a turret (the {w.abbr}; 000:L2120).")
        if d.kind in ("semi_trailer", "bus") and w.dropped and f.startswith("front"):
            b.errors.append(f"No dropped weapon may go on the front half (the {w.abbr}; 000:L2119, L2135).")
    turrets = [m for m in mounts if _is_turret(t, m)]
    if turrets and body.flatbed:
        b.errors.append("Flatbeds cannot have turrets (000:L2054, L2117).")
    if turrets and (body.dumper or d.van_mod == "dumper"):
        b.errors.append("A dumper cannot mount a turret (000:L1968).")
    most = int(d.big().const("oversized_rules.max_turrets_long")) if long else 1
    if len(turrets) > most:
        b.errors.append(f"A {body.name.lower()} mounts at most {most} turret{'s' if most != 1 else ''}"
                        f"{' (front top and back top)' if long else ''}, not {len(turrets)} (000:L1984-L1986, L2135).")
    elif len(turrets) == 2:
        if {m.position for m in turrets} != {"front", "back"}:
            b.errors.append("Of two turrets one goes on the front top and one on the back top (position = front, back).")
        if sum(m.higher for m in turrets) != 1:
            b.errors.append("Of two turrets one must be named the higher (higher = true): it fires over the other "
                            "(000:L1984, L2115).")
    if body.dual_level and sum(e.count for e in weapons) > d.big().const("semi_trailer_rules.dual_level_max_weapons"):
        b.errors.append("A dual-level flatbed mounts at most two weapons (000:L2096).")


def _big_carrier(b: _Build) -> tuple[Fraction, Fraction]:
    """Price the ten-wheeler's carrier as a body of its own; returns the spaces it has and its components use."""
    d, o = b.d, b.d.big()
    c = d.carrier
    if c is None:
        return Fraction(0), Fraction(0)
    body = o.carriers[c.body]
    cd = replace(d, body=c.body, armor=dict(c.armor), metal=dict(c.metal), weapons=c.weapons, mounts=c.mounts,
                 accessories=c.accessories, crew=c.crew, carrier=None, box_spaces=c.box_spaces,
                 box_armor=dict(c.box_armor), component_armor={}, links=0, hitch_armor=0, fifth_wheel_guard=0,
                 wheelguards={}, hubs={}, cargo_spaces=0, cargo_weight=0, van_mod="")
    cb = _Build(cd, b.t)
    cb.add(body.name, body.price, body.weight, area="none")
    _big_crew(cb, c.crew, "carrier")
    _price_weapons(cb)
    _armor(cb)
    if c.box_spaces or c.box_armor:
        _armor_box(cb, body, c.box_spaces, c.box_armor, " on the carrier")
    if body.flatbed and any(v for k, v in c.armor.items() if k != "underbody"):
        cb.errors.append("A flatbed carrier is armored underneath only (000:L2053).")
    if body.tanker:
        _tanker_armor(cb, LOCATIONS, int(o.const("carrier_rules.tanker_min_armor")), "000:L2050")
    _price_accessories(cb)
    _big_placement(cb, body, False, c.weapons, c.mounts, "carrier")
    used = sum((i.spaces for i in cb.items if i.area in ("body", "cargo_ok")), Fraction(0))
    if body.dumper:
        cap = math.floor(body.spaces * _fr(o.const("carrier_rules.dumper_weapon_fraction")))
        guns = sum((t_w.spaces * e.count for e in c.weapons if not e.mount for t_w in (b.t.weapons[e.type],)),
                   Fraction(0))
        if guns > cap:
            cb.errors.append(f"A dumper devotes at most {cap} spaces to weapons, not {_sp(guns)} (000:L1968).")
    b.items += [replace(i, name=f"Carrier: {i.name}", area="carrier" if i.area in ("body", "cargo_ok") else i.area)
                for i in cb.items]
    b.errors += [f"Carrier: {e}" for e in cb.errors]
    b.notes += [f"Carrier: {n}" for n in cb.notes]
    if used > body.spaces:
        b.errors.append(f"The carrier's components take {_sp(used)} spaces; the {body.name.lower()} has {body.spaces}.")
    return Fraction(body.spaces), used


def _acceleration_bands(b: _Build) -> tuple[tuple[float, float], ...]:
    """(mph a turn, up to mph) bands; 0 as the last limit: thereafter (000:L2030-L2031)."""
    d, o = b.d, b.d.big()
    turbo = any(e.type == "truck_turbo" for e in d.accessories)
    gas = bool(d.plant) and b.t.plants[d.plant].gas
    if turbo and not gas:
        b.errors.append("The truck turbo fits gas engines only (000:L2031).")
    key = "truck_performance.turbo_acceleration" if turbo and gas else "truck_performance.acceleration"
    return tuple((float(a), float(u)) for a, u in o.const(key))


def _big_spaces(b: _Build, body: BigBody) -> tuple[Fraction, Fraction]:
    """The body's spaces (less a reefer's or tanker's share) and what its own components use."""
    d, o = b.d, b.d.big()
    regular = Fraction(body.spaces)
    if d.van_mod:
        regular -= math.ceil(regular * _fr(o.van_mods[d.van_mod].space_loss))
    used = sum((i.spaces for i in b.items if i.area in ("body", "cargo_ok")), Fraction(0)) + d.cargo_spaces
    return regular, used


def big_figures(d: Design) -> Figures:
    """The figures of a car trailer, ten-wheeler, tractor, semi-trailer or bus."""
    o = d.big()
    b = _Build(d, o.design)
    body = o.bodies[d.body]
    locations = armor_locations(o, d.body)
    long = long_body(o, d.body)
    _big_body(b, body)
    max_pull = _big_plant(b)
    _big_tires(b, body)
    _big_crew(b, d.crew)
    _price_weapons(b)
    _armor(b)
    _big_armor_extras(b, body, locations)
    _price_accessories(b)
    _big_placement(b, body, long, d.weapons, d.mounts, "cab" if d.kind == "ten_wheeler" else "")
    keys = {e.type for e in d.accessories}
    if "windjammer" in keys and "spoiler" in keys:
        b.errors.append("A tractor cannot carry both a windjammer and a spoiler (000:L2155).")
    carrier_spaces, carrier_used = _big_carrier(b)
    mode = d.options.rounding
    total_w = sum((i.weight for i in b.items), Fraction(0)) + d.cargo_weight
    weight, price = _round(total_w, mode), _round(sum((i.cost for i in b.items), Fraction(0)), mode)
    regular, used = _big_spaces(b, body)
    if used > regular:
        b.errors.append(f"Components take {_sp(used)} spaces; the {body.name.lower()} has only {_sp(regular)}.")
    if body.flatbed:
        guns = sum((b.t.weapons[e.type].spaces * e.count for e in d.weapons if not e.mount), Fraction(0))
        if guns > d.box_spaces:
            b.errors.append(f"A flatbed's weapons sit in its armored box: {_sp(guns)} spaces of weapons, a box of "
                            f"{d.box_spaces} (000:L1942, L2095).")
    if body.dumper or d.van_mod == "dumper":
        cap = math.floor(regular * _fr(o.van_mods["dumper"].weapon_fraction))
        guns = sum((b.t.weapons[e.type].spaces * e.count for e in d.weapons if not e.mount), Fraction(0))
        if guns > cap:
            b.errors.append(f"A dumper devotes at most {cap} spaces to weapons, not {_sp(guns)} (000:L1968).")
    _big_side_limits(b, regular)
    if b.max_load and total_w > b.max_load:
        chassis = b.t.chassis[d.chassis].name.lower()
        b.errors.append(f"Weight {_lb(total_w)} lb is over the {body.name.lower()}'s {chassis} chassis limit of "
                        f"{_lb(b.max_load)} lb.")
    accel, top, hc = 0.0, 0.0, 0
    gears: tuple[tuple[float, float], ...] = ()
    if d.kind in TRAILER_KINDS:
        b.notes.append("A trailer has no plant of its own: its tower's figures, with the trailer's weight, "
                       "count (000:L2069).")
        if d.kind == "car_trailer":
            tongue = math.floor(body.tongue_dp * _fr(o.const(f"car_trailer_rules.tongue_dp_factor_{d.chassis}")))
            b.notes.append(f"Tongue: {tongue} DP (000:L1946).")
    elif max_pull:
        gears = _acceleration_bands(b)
        accel = gears[-1][0]
        step = _fr(o.const("truck_performance.top_speed_step"))
        top = float(math.floor(_fr(o.const("truck_performance.top_speed_factor")) * max_pull / (max_pull + weight)
                               / step) * step)
        if weight > max_pull:
            b.errors.append(f"Weight {weight:,} lb is over the {b.t.plants[d.plant].name.lower()} plant's "
                            f"{_lb(max_pull)} lb: it cannot move.")
        hc = int(o.const(f"handling.{d.kind}")) + b.hc
        if d.kind == "tractor":
            b.notes.append(f"HC {int(o.const('handling.rig')) + b.hc} with a trailer hitched (000:L2069); it can "
                           f"pull {_lb(max_pull)} lb in all.")
    spare_w = max(0, int(math.floor(b.max_load - total_w))) if b.max_load else 0
    spare_s = max(Fraction(0), regular - used) + max(Fraction(0), carrier_spaces - carrier_used)
    low_gear = gears[0] if len(gears) > 1 else None
    return Figures(weight, price, accel, top, hc, float(regular + carrier_spaces), float(used + carrier_used),
                   b.errors, 0.0, int(math.floor(b.max_load)), spare_w, float(spare_s), 0, b.notes, tuple(b.items),
                   low_gear=low_gear, hc_above_60=hc, gears=gears)


def _big_side_limits(b: _Build, regular: Fraction) -> None:
    """At most a third of the spaces may fire from one side (000:L1859); both halves of a long side count."""
    d, t = b.d, b.t
    limit = math.floor(regular * _fr(t.const("performance.placement.side_fraction")))
    by_side: dict[str, Fraction] = {}
    for e in d.weapons:
        if not e.mount:
            side = side_of(e.facing)
            by_side[side] = by_side.get(side, Fraction(0)) + t.weapons[e.type].spaces * e.count
    for side, used in by_side.items():
        if used > limit:
            b.errors.append(f"Weapons firing {_side_word(side)} take {_sp(used)} spaces; at most {limit} (a third of "
                            f"{_sp(regular)} spaces) may fire from one side.")
