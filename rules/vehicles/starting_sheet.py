"""From a design to play: the record sheet at the start of a game and the VehicleSpec the engine plays with."""

from __future__ import annotations

import math

from rules.core.errors import DataError
from rules.core.geometry import CounterSize, Kind
from rules.core.paths import portable
from rules.tables.construction import (
    DesignTables,
)
from rules.tables.lights import lights_tables
from rules.tables.rigs import rig_tables
from rules.vehicles.design import CYCLE_FACINGS, PLAYED_KINDS, Design, design_wheels
from rules.vehicles.figures import Figures, _fr, booster_units, figures, magazine_rockets, tire_dp
from rules.vehicles.long_vehicles import BIG_KINDS, POWERED_KINDS, armor_locations
from rules.vehicles.record_sheet import LOCATIONS, Component, Pod, RecordSheet, Tire, WeaponMount
from rules.vehicles.spec import Booster, VehicleSpec


def record_sheet(d: Design, fig: Figures | None = None) -> RecordSheet:
    """The start-of-play record sheet (reference/vehicles.md 7)."""
    t = d.tables()
    fig = fig or figures(d)
    wheels = design_wheels(d)
    dp = tire_dp(d)
    tire_row = d.big().truck_tires[d.tire] if d.kind in POWERED_KINDS + ("semi_trailer",) else t.tires[d.tire]
    kind = " ".join([t.tire_mods[m].name for m in d.tire_mods] + [tire_row.name])
    tires = tuple(Tire(pos, dp, dp, kind=kind, guard=d.wheelguards.get(pos, 0), max_guard=d.wheelguards.get(pos, 0),
                       hub=d.hubs.get(pos, 0), max_hub=d.hubs.get(pos, 0)) for pos in wheels)
    if d.sidecar:
        tires += (Tire("S", dp, dp, kind=kind, guard=d.sidecar.wheelguard, max_guard=d.sidecar.wheelguard,
                       hub=d.sidecar.hub, max_hub=d.sidecar.hub),)
    locations = armor_locations(d.big(), d.body) if d.kind in BIG_KINDS else (
        CYCLE_FACINGS if d.kind == "cycle" else LOCATIONS)
    armor = {loc: d.armor.get(loc, 0) for loc in locations}
    if d.sidecar:
        armor.update({f"sidecar_{loc}": v for loc, v in d.sidecar.armor.items()})
    if d.carrier:
        armor.update({f"carrier_{loc}": d.carrier.armor.get(loc, 0) for loc in LOCATIONS})
    comps: list[Component] = []
    plant = t.plants[d.plant] if d.plant else None
    if plant is not None:
        plant_dp = plant.dp
        for key in d.plant_accessories:
            a = t.plant_accessories[key]
            plant_dp += math.ceil(plant.dp * _fr(a.dp_of_plant)) + a.plant_dp
        ca = d.component_armor.get("plant", 0)
        comps.append(Component("plant", "plant", f"{plant.name} {'engine' if plant.gas else 'plant'}", "plant",
                               plant_dp, plant_dp, ca, ca))
    comps += _coupling(d)
    if plant is not None and plant.gas and d.tank:
        tank = t.tanks[d.tank]
        comps.append(Component("tank", "tank", f"{d.gallons}-gal {tank.name.lower()} tank", "plant", tank.dp, tank.dp))
    crew_dp = t.const("crew.dp")
    seen: dict[str, int] = {}
    for role in d.crew:
        seen[role] = seen.get(role, 0) + 1
        cid = role if seen[role] == 1 else f"{role}{seen[role]}"
        ca = d.component_armor.get(role, 0) if seen[role] == 1 else 0
        comps.append(Component(cid, "crew", t.crew[role].name, "crew", crew_dp, crew_dp, ca, ca, role=role))
    if d.sidecar:
        for i, role in enumerate(d.sidecar.crew):
            comps.append(Component(f"sidecar_{role}{i + 1}", "crew", t.crew[role].name, "sidecar", crew_dp, crew_dp,
                                   role=role))
    for m in d.mounts:
        mt = t.mounts[m.type]
        comps.append(Component(m.id, "mount", mt.name, m.side, 0, 0))
    for e in d.accessories:
        acc = t.accessories[e.type]
        for i in range(e.count):
            cid = e.type if e.count == 1 else f"{e.type}{i + 1}"
            where = e.facing or ("cargo" if acc.cargo else "body")
            dp = acc.dp + booster_units(d, e)
            guard = d.hitch_armor if e.type.endswith("_hitch") else 0   # hitch armor: its component armor (000:L1982)
            comps.append(Component(cid, "accessory", acc.name, where, dp, dp, guard, guard, electronic=acc.electronic))
    weapons = _sheet_weapons(d, t)
    pu = 0.0
    if plant is not None and not plant.gas:
        pu = plant.dp * t.const("cycles.plant_rules.pu_per_dp") if plant.cycle else plant.spaces * t.const(
            "power_plants.pu_per_space")
        for key in d.plant_accessories:
            pu *= 1 + t.plant_accessories[key].pu_bonus
    pu += sum(t.accessories[e.type].power_units * e.count for e in d.accessories)
    pods = tuple(Pod(m.id, m.side, t.mounts[m.type].holds, m.armor, m.armor) for m in d.mounts
                 if t.mounts[m.type].external)
    spaces, outer, side_armor = 0, "right", "plastic"
    if d.sidecar:   # it rides on the side its outer armor faces (reading CB64)
        spaces, side_armor = int(t.bodies[d.sidecar.body].spaces), d.sidecar.armor_type
        outer = "left" if d.sidecar.armor.get("left", 0) > 0 and not d.sidecar.armor.get("right", 0) else "right"
    return RecordSheet(sidecar_spaces=spaces, sidecar_side=outer, sidecar_armor_type=side_armor,
                       gas_tank=d.tank if plant is not None and plant.gas and d.tank else "", armor=armor, tires=tires, metal=dict(d.metal), armor_type=d.armor_type,
                       components=tuple(comps), weapons=weapons, hc=fig.hc, power_units=pu, max_power_units=pu,
                       cargo_weight=fig.cargo_weight, cargo_spaces=fig.cargo_spaces, pods=pods, sloped=d.sloped)


def _coupling(d: Design) -> list[Component]:
    """What joins a rig or a car and its trailer: a tractor's fifth wheel (8 DP, its guard as component armor),
    a car trailer's tongue, a semi-trailer's landing legs (000:L1946, L2067, L2081, L2102)."""
    o = d.big()
    if d.kind == "tractor":
        dp, guard = int(o.const("fifth_wheel.dp")), d.fifth_wheel_guard
        return [Component("fifth_wheel", "coupling", "Fifth wheel", "back", dp, dp, guard, guard)]
    if d.kind == "car_trailer":
        body = o.bodies[d.body]
        dp = math.floor(body.tongue_dp * _fr(o.const(f"car_trailer_rules.tongue_dp_factor_{d.chassis}")))
        return [Component("tongue", "coupling", "Tongue", "front", dp, dp)]
    if d.kind == "semi_trailer":
        dp = int(o.const("semi_trailer_rules.leg_dp"))
        return [Component(f"leg{i}", "coupling", "Landing leg", "front", dp, dp) for i in (1, 2)]
    return []


def _sheet_weapons(d: Design, t: DesignTables) -> tuple[WeaponMount, ...]:
    out: list[WeaponMount] = []
    counter: dict[str, int] = {}
    entries = [(e, e.facing) for e in d.weapons]
    if d.carrier:
        entries += [(e, f"carrier-{e.facing}") for e in d.carrier.weapons]
    if d.sidecar:
        entries += [(e, f"sidecar-{e.facing}") for e in d.sidecar.weapons]
    for e, where in entries:
        w = t.weapons[e.type]
        for _ in range(e.count):
            counter[w.abbr] = counter.get(w.abbr, 0) + 1
            shots = (w.shots,) + tuple(w.shots for _ in e.magazines) if w.shots else ()
            loads = ((e.grenades or e.ammo),) + e.magazines if w.shots else ()
            if magazine_rockets(w, e):       # the rocket magazine: more rounds, no DP of its own (000:L2543)
                shots, loads = shots + (magazine_rockets(w, e),), loads + (e.ammo,)
            dp = w.dp + len(e.magazines) * d.tables().const("mount_options.extra_magazine_dp")
            out.append(WeaponMount(f"{w.abbr}{counter[w.abbr]}", w.abbr, "turret" if e.mount else where, dp, dp,
                                   shots, shots, loads, e.link, e.mount, e.guided, e.component_armor,
                                   e.component_armor, e.options, *_pod_facing(d, e.mount),
                                   cupola=_in_cupola(d, e.mount), insulated=e.insulated,
                                   universal=any(m.id == e.mount and m.universal for m in d.mounts)))
    return tuple(out)


def _in_cupola(d: Design, mount: str) -> bool:
    """Whether a weapon sits in a cupola, beside its gunner (000:L2519)."""
    m = next((m for m in d.mounts if m.id == mount), None)
    return m is not None and d.tables().mounts[m.type].gunner


def _mounted_in(d: Design, mount: str) -> str:
    """Where a mounted weapon sits, for the one-line summary: a turret, or which pod and its way."""
    side, fires = _pod_facing(d, mount)
    if not side:
        return "in turret"
    return f"in {'top' if side == 'top' else side} EWP" + (f" firing {fires}" if fires else "")


def _pod_facing(d: Design, mount: str) -> tuple[str, str]:
    """(side, firing direction) of the EWP a weapon sits in, ("", "") for any other mount (000:L2527)."""
    m = next((m for m in d.mounts if m.id == mount), None)
    if m is None or not d.tables().mounts[m.type].external:
        return "", ""
    return m.side, m.fires


def spec(d: Design, driver_skill: int = 0) -> VehicleSpec:
    """The VehicleSpec the engine plays with, with its start-of-play record sheet."""
    if d.kind not in PLAYED_KINDS + BIG_KINDS:
        raise DataError(d.path or d.name, "kind", f"a {d.kind.replace('_', ' ')} cannot be fielded in a game")
    fig = figures(d)
    t = d.tables()
    susp = (t.suspensions if d.kind in ("car",) + BIG_KINDS else t.cycle_suspensions)[d.suspension]
    mods = [t.tire_mods[k] for k in d.tire_mods]  # one tire type on every wheel: "on all its wheels" holds
    return VehicleSpec(name=d.name, kind=Kind(d.kind), weight=fig.weight, hc=fig.hc, acceleration=fig.acceleration,
                       top_speed=fig.top_speed, sheet=record_sheet(d, fig), driver_skill=driver_skill,
                       design_file=portable(d.path), body=d.body, reversed=d.reversed, low_gear=fig.low_gear,
                       off_road_suspension=susp.off_road, off_road_tire_hc=sum(m.hc_off_road for m in mods),
                       road_tire_hc=sum(m.hc_all_wheels for m in mods if m.hc_lost_off_road),
                       off_road_damage=not any(m.no_off_road_damage for m in mods), boosters=_boosters(d, fig),
                       nitrous_tanks=d.plant_accessories.count(lights_tables().nitrous),
                       size=big_counter(d.kind, d.body) if d.kind in BIG_KINDS else None, release=_release(d),
                       trucker=d.trucker)


def _release(d: Design) -> str:
    """What lets this vehicle's coupling go: a semi-trailer's kingpin, or a hitch's release option."""
    if d.kind == "semi_trailer":
        return "" if d.kingpin == "standard" else d.kingpin
    hitch = next((e for e in d.accessories if e.type.endswith("_hitch")), None)
    if hitch is None:
        return ""
    return next((o for o in hitch.options if o in rig_tables().release_inside), "")


def big_counter(kind: str, body: str) -> CounterSize:
    """The counter of an oversized vehicle or trailer: a car trailer's or bus's by its body, else its kind's
    (000:L541-L550; rigs and buses reconstructed, 000:L587)."""
    rt = rig_tables()
    return CounterSize(rt.lengths[body if body in rt.lengths else kind], rt.counter_width)


def _boosters(d: Design, fig: Figures) -> tuple[Booster, ...]:
    """Each rocket booster's burn as play needs it: boost = pounds a burn x 1,000 / weight (000:L2650),
    burns = pounds / burn, and the chance in 6 a burn bends the frame when it is over what the chassis
    withstands (000:L2652-L2656). Ids as on the record sheet."""
    t = d.tables()
    out = []
    for e in d.accessories:
        if not t.accessories[e.type].booster or not e.burn or not fig.weight:
            continue
        boost = e.burn * t.const("booster.boost_factor") / fig.weight
        over = boost - t.const(f"booster.chassis_limit.{d.chassis}")
        risk = 0 if over <= 0 else t.const(f"booster.frame_risk_{10 if over <= 10 else 20}.{d.chassis}")
        for i in range(e.count):
            cid = e.type if e.count == 1 else f"{e.type}{i + 1}"
            out.append(Booster(cid, e.facing or "back", boost, e.lb // e.burn, risk))
    return tuple(out)
