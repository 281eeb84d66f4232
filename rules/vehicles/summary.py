"""A design in one line, in the style of the rulebook's sample vehicles (000:L96-L101)."""

from __future__ import annotations

from rules.vehicles.design import BOOK_ORDER, CYCLE_FACINGS, Design, design_wheels
from rules.vehicles.figures import Figures, _options, figures
from rules.vehicles.long_vehicles import BIG_KINDS, HALF_OF, armor_locations
from rules.vehicles.record_sheet import BOOK_ARMOR_ORDER, SHORT
from rules.vehicles.starting_sheet import _mounted_in


def summary(d: Design, fig: Figures | None = None) -> str:
    """The design in the style of the rulebook's sample vehicles (000:L96-L101)."""
    t = d.tables()
    fig = fig or figures(d)
    body = t.bodies[d.body]
    parts = [("Reversed " + body.name.lower() if d.reversed else body.name) + (" w/CA frame" if d.carbon_aluminum else "")]
    big = d.kind in BIG_KINDS
    if d.van_mod:
        parts[0] += f" ({d.big().van_mods[d.van_mod].name.lower()})"
    if d.kind != "cycle":
        parts.append(f"{t.chassis[d.chassis].name.lower()} chassis")
    if not big:
        susp = (t.suspensions if d.kind == "car" else t.cycle_suspensions)[d.suspension]
        parts.append(f"{susp.name.lower()} suspension")
    if d.plant:
        plant = t.plants[d.plant]
        extra = [t.plant_accessories[a].name.lower() for a in d.plant_accessories]
        parts.append(f"{plant.name.lower()} {'engine' if plant.gas else 'power plant'}"
                     + (f" w/{' & '.join(extra)}" if extra else ""))
        if plant.gas and d.tank:
            parts.append(f"{d.gallons}-gallon {t.tanks[d.tank].name.lower()} tank")
    n = len(design_wheels(d))
    mods = " ".join(t.tire_mods[m].name.lower() for m in d.tire_mods)
    parts.append(f"{n} {t.tires[d.tire].name.lower()}{' ' + mods if mods else ''} tires")
    if d.kingpin:
        parts.append(d.big().kingpins[d.kingpin].name.lower())
    if big:     # "3 gunners, 16 passengers", as chapter 15 counts the crew of big vehicles
        roles = list(dict.fromkeys(d.crew))
        parts += [t.crew[r].name.lower() if d.crew.count(r) == 1 else f"{d.crew.count(r)} {t.crew[r].name.lower()}s"
                  for r in roles]
    else:
        parts += [t.crew[c].name.lower() for c in d.crew]
    for e in d.weapons:
        w = t.weapons[e.type]
        opts = "".join(f"{t.weapon_options[o].name.lower()} " for o in e.options)
        what = f"{e.count} linked {opts}{w.abbr}s" if e.count > 1 and e.link else (f"{e.count} {opts}{w.abbr}s" if e.count > 1 else opts + w.abbr)
        ammo = f" w/{t.ammo[e.ammo].name.lower()}" if e.ammo else ""
        where = _mounted_in(d, e.mount) if e.mount else (SHORT[e.facing] if e.facing in HALF_OF else e.facing)
        parts.append(f"{what}{ammo} {where}")
    for a in d.accessories:
        acc = t.accessories[a.type]
        chosen = _options(acc, a)
        name = " ".join(["fake"] * any(o.fake for o in chosen) + [acc.name.lower()])
        extras = [o.name for o in chosen if not o.fake]
        name += f" w/{' & '.join(extras)}" if extras else ""
        parts.append((f"{a.count} " if a.count > 1 else "") + name + (f" {a.facing}" if a.facing else ""))
    if d.sidecar:
        sc = d.sidecar
        guns = ", ".join(f"{t.weapons[e.type].abbr} {e.facing}" for e in sc.weapons)
        cells_sc = ", ".join(f"{loc[0].upper()}{sc.armor[loc]}" for loc in BOOK_ORDER if loc in sc.armor)
        parts.append(f"{t.bodies[sc.body].name.lower()} ({t.cycle_suspensions[sc.suspension].name.lower()} suspension"
                     f"{', ' + guns if guns else ''}; armor {cells_sc or 'none'})")
    if d.carrier:
        c = d.carrier
        guns = ", ".join(f"{t.weapons[e.type].abbr} {'in turret' if e.mount else e.facing}" for e in c.weapons)
        cells_c = ", ".join(f"{SHORT[loc]}{c.armor[loc]}" for loc in BOOK_ORDER if loc in c.armor)
        parts.append(f"{t.bodies[c.body].name.lower()} ({guns + '; ' if guns else ''}armor {cells_c or 'none'})")
    arm = t.armor[d.armor_type]
    order = [loc for loc in BOOK_ARMOR_ORDER if loc in armor_locations(d.big(), d.body)] if big else (
        CYCLE_FACINGS if d.kind == "cycle" else BOOK_ORDER)
    cells = ", ".join(f"{SHORT[loc]}{d.metal[loc]}/{d.armor.get(loc, 0)}" if loc in d.metal
                      else f"{SHORT[loc]}{d.armor.get(loc, 0)}" for loc in order)
    text = ", ".join(parts) + f". {arm.abbr + ' ' if arm.abbr else ''}Armor: {cells}."
    accel = f"{fig.acceleration:g}" if fig.acceleration else "none"
    if fig.low_gear and fig.acceleration:
        accel = f"{fig.low_gear[0]:g} to {fig.low_gear[1]:g}, {fig.acceleration:g} thereafter"
    if fig.gears and len(fig.gears) > 2:
        accel = ", ".join(f"{a:g} to {u:g}" for a, u in fig.gears[:-1]) + f", {fig.gears[-1][0]:g} thereafter"
    if d.kind in ("car_trailer", "semi_trailer"):
        text += f" Cargo capacity: {fig.cargo_weight:,} lbs., {fig.cargo_spaces:g} spaces; {fig.weight:,} lbs., ${fig.price:,}."
    else:
        text += (f" Accel. {accel}, top speed {fig.top_speed:g}, HC {fig.hc}; {fig.weight:,} lbs., ${fig.price:,}.")
    return f"{d.name} — {text}"
