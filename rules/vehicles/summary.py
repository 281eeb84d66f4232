"""A design in one line, in the style of the rulebook's sample vehicles (000:L96-L101)."""

from __future__ import annotations

from rules.vehicles.design import BOOK_ORDER, CYCLE_FACINGS, Design, wheel_positions
from rules.vehicles.figures import Figures, _options, figures
from rules.vehicles.starting_sheet import _mounted_in


def summary(d: Design, fig: Figures | None = None) -> str:
    """The design in the style of the rulebook's sample vehicles (000:L96-L101)."""
    t = d.tables()
    fig = fig or figures(d)
    body = t.bodies[d.body]
    parts = [("Reversed " + body.name.lower() if d.reversed else body.name) + (" w/CA frame" if d.carbon_aluminum else "")]
    if d.kind != "cycle":
        parts.append(f"{t.chassis[d.chassis].name.lower()} chassis")
    susp = (t.suspensions if d.kind == "car" else t.cycle_suspensions)[d.suspension]
    parts.append(f"{susp.name.lower()} suspension")
    plant = t.plants[d.plant]
    extra = [t.plant_accessories[a].name.lower() for a in d.plant_accessories]
    parts.append(f"{plant.name.lower()} {'engine' if plant.gas else 'power plant'}"
                 + (f" w/{' & '.join(extra)}" if extra else ""))
    if plant.gas and d.tank:
        parts.append(f"{d.gallons}-gallon {t.tanks[d.tank].name.lower()} tank")
    n = len(wheel_positions(d.kind, d.reversed, d.six_wheels))
    mods = " ".join(t.tire_mods[m].name.lower() for m in d.tire_mods)
    parts.append(f"{n} {t.tires[d.tire].name.lower()}{' ' + mods if mods else ''} tires")
    parts += [t.crew[c].name.lower() for c in d.crew]
    for e in d.weapons:
        w = t.weapons[e.type]
        opts = "".join(f"{t.weapon_options[o].name.lower()} " for o in e.options)
        what = f"{e.count} linked {opts}{w.abbr}s" if e.count > 1 and e.link else (f"{e.count} {opts}{w.abbr}s" if e.count > 1 else opts + w.abbr)
        ammo = f" w/{t.ammo[e.ammo].name.lower()}" if e.ammo else ""
        where = _mounted_in(d, e.mount) if e.mount else e.facing
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
    arm = t.armor[d.armor_type]
    cells = ", ".join(f"{loc[0].upper()}{d.metal[loc]}/{d.armor.get(loc, 0)}" if loc in d.metal
                      else f"{loc[0].upper()}{d.armor.get(loc, 0)}"
                      for loc in (CYCLE_FACINGS if d.kind == "cycle" else BOOK_ORDER))
    text = ", ".join(parts) + f". {arm.abbr + ' ' if arm.abbr else ''}Armor: {cells}."
    accel = f"{fig.acceleration:g}" if fig.acceleration else "none"
    if fig.low_gear and fig.acceleration:
        accel = f"{fig.low_gear[0]:g} to {fig.low_gear[1]:g}, {fig.acceleration:g} thereafter"
    text += (f" Accel. {accel}, top speed {fig.top_speed:g}, HC {fig.hc}; {fig.weight:,} lbs., ${fig.price:,}.")
    return f"{d.name} — {text}"
