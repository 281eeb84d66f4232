"""A vehicle and what it tows: the figures of a car with its car trailer, or of a tractor-trailer rig
(000:L553, L1973-L1978, L2067-L2074, L2583)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from rules.vehicles.design import Design
from rules.vehicles.figures import Figures, _acceleration, _build, _fr, _top_speed, figures
from rules.vehicles.long_vehicles import BIG_KINDS


@dataclass(frozen=True)
class TowFigures:
    """The tower's performance with the trailer behind it: what a player checks before hitching up."""

    weight: int                  # tower and trailer together
    acceleration: float
    top_speed: float
    hc: int
    errors: list[str] = field(default_factory=list)
    overdrive: tuple[float, float] | None = None
    gears: tuple[tuple[float, float], ...] = ()


def _hitch(d: Design) -> str:
    return next((e.type for e in d.accessories if e.type.endswith("_hitch")), "")


def towing_figures(tower: Design, trailer_weight: int, trailer_kind: str = "car_trailer") -> TowFigures:
    """Acceleration and top speed count the trailer's weight, the tower's chassis does not (000:L553); a
    car's hitch pulls at most its load (000:L1973-L1978); a tractor pulls what its plant is rated for and
    makes a rig of HC 1 (000:L2065, L2069)."""
    fig: Figures = figures(tower)
    t, o = tower.tables(), tower.big()
    weight = fig.weight + trailer_weight
    errors: list[str] = []
    if tower.kind == "tractor":
        if trailer_kind != "semi_trailer":
            errors.append("A tractor pulls a semi-trailer by its fifth wheel.")
        pull = o.truck_plants[tower.plant].max_load
        step = _fr(o.const("truck_performance.top_speed_step"))
        top = float(math.floor(_fr(o.const("truck_performance.top_speed_factor")) * pull / (pull + weight) / step) * step)
        if weight > pull:
            errors.append(f"The rig's {weight:,} lb is over the {pull:,} lb its plant can pull (000:L2074).")
        return TowFigures(weight, fig.acceleration, top, int(o.const("handling.rig")) + fig.hc, errors, None, fig.gears)
    if tower.kind in BIG_KINDS:
        return TowFigures(weight, 0.0, 0.0, fig.hc, [f"A {tower.kind.replace('_', ' ')} does not tow a trailer here."])
    if trailer_kind != "car_trailer":
        errors.append("A car, cycle or trike tows car trailers only; a semi-trailer needs a tractor.")
    hitch = _hitch(tower)
    if not hitch:
        errors.append("Towing needs a hitch (light_hitch ... extra_heavy_hitch).")
    elif trailer_weight > o.const(f"hitch_load.{hitch}"):
        errors.append(f"The {t.accessories[hitch].name.lower()} pulls at most {o.const(f'hitch_load.{hitch}'):,} lb, "
                      f"not {trailer_weight:,} (000:L1973-L1978).")
    plant = t.plants[tower.plant]
    pf = Fraction(fig.pf).limit_denominator(1000)
    gearbox = next((t.accessories[e.type] for e in tower.accessories if t.accessories[e.type].low_gear_until), None)
    load_pf = pf * _fr(gearbox.load_pf_factor) if gearbox else pf
    accel = _acceleration(load_pf, weight, t)
    if accel == 0:
        errors.append(f"{fig.pf:g} power factors are less than a third of {weight:,} lb: it cannot move the trailer.")
    gears: tuple[tuple[float, float], ...] = ()
    if accel and gearbox:       # a truck-like gearbox: slow from rest (000:L2629)
        accel = gearbox.high_gear_acceleration
        gears = ((gearbox.low_gear_acceleration, gearbox.low_gear_until), (accel, 0.0))
    top = _top_speed(pf, weight, plant.gas, _build(tower)[0].top_factor, t)   # streamlining, pods, carriers
    overdrive = None
    if fig.overdrive:
        extra = fig.overdrive[1] - fig.top_speed
        overdrive = (max(2.5, accel + fig.overdrive[0] - fig.acceleration) if accel else 0.0, top + extra)
    return TowFigures(weight, accel, top, fig.hc, errors, overdrive, gears)


def carried_spaces(d: Design) -> int:
    """The cargo spaces a vehicle takes aboard a trailer or carrier: its internal spaces, cargo area included,
    and 10 more for a car or trike, 4 for a cycle (2 for its sidecar) (000:L2111-L2112)."""
    t, o = d.tables(), d.big()
    body = t.bodies[d.body]
    spaces = body.spaces + body.cargo_spaces + int(o.const(f"carried_vehicle.{d.kind}"))
    if d.sidecar:
        spaces += t.bodies[d.sidecar.body].spaces + int(o.const("carried_vehicle.sidecar"))
    return spaces
