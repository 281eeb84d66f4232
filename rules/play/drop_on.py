"""Dropping onto a vehicle from above and jumping from one vehicle to another (000:L1485-L1495, reading
PD42): the rolls, from the two counters, the speeds, the weather and what the vehicle is. rules.play.people
offers and resolves them as its climbing aboard (a Board action)."""

from __future__ import annotations

from rules.combat.arcs import footprint, inside, nearest_point
from rules.core.geometry import Vec, forward
from rules.play.state import GameState, VehicleState
from rules.tables.people import DroppingOn

IMPOSSIBLE = -1
AUTOMATIC = 0
BEST_ROLL = 12   # 2d


def _outline(state: GameState, v: VehicleState) -> tuple[Vec, Vec, Vec, Vec]:
    return footprint(v.pose, v.spec.counter(state.rules.movement.handling.counters))


def counters_gap(state: GameState, a: VehicleState, b: VehicleState) -> float:
    """Inches between two vehicles' counters (0 when they touch or overlap): for convex outlines, the
    nearest pair of points has a corner of one of them."""
    pa, pb = _outline(state, a), _outline(state, b)
    if any(inside(pb, c) for c in pa) or any(inside(pa, c) for c in pb):
        return 0.0
    return min(min((nearest_point(pb, c) - c).length() for c in pa),
               min((nearest_point(pa, c) - c).length() for c in pb))


def relative_speed(a: VehicleState, b: VehicleState) -> float:
    """mph of one vehicle as seen from the other (000:L1493: 'the relative speeds of the two vehicles')."""
    return (forward(a.pose.facing) * a.signed_speed - forward(b.pose.facing) * b.signed_speed).length()


def bad_weather(state: GameState) -> bool:
    """Rain on the road or fog (000:L1492: 'if the weather is bad'); night is not weather."""
    rain = state.rules.movement.hazards.road[state.options.road_condition].visibility
    return rain not in ("", "clear") or state.options.visibility == "fog"


def drop_need(state: GameState, d: DroppingOn, v: VehicleState, mph: float, extra: int = 0) -> int:
    """2d to land on its top at `mph` (000:L1485-L1492), `extra` added to the roll: 0 automatic (a 2 is
    enough), -1 impossible (no top, or more than 12 needed)."""
    base = d.need(v.spec.kind.value, v.spec.body)
    if base < 0:
        return IMPOSSIBLE
    need = base - d.speed_mod(mph) - (d.bad_weather if bad_weather(state) else 0) - extra
    if need > BEST_ROLL:
        return IMPOSSIBLE
    return AUTOMATIC if need <= 2 else need


def jump_need(state: GameState, d: DroppingOn, mount: VehicleState, v: VehicleState) -> int:
    """2d for a rider to get from his mount onto another vehicle (000:L1493): counters within 1/4", the
    climbing-aboard table at their relative speed; within 3/4", the dropping-on table; -2 either way (an
    automatic climb is read as needing 2 before it: reading PD42). -1: out of reach or impossible."""
    gap, mph = counters_gap(state, mount, v), relative_speed(mount, v)
    if gap >= d.drop_reach_in:
        return IMPOSSIBLE
    if gap > d.climb_reach_in + 1e-9:
        return drop_need(state, d, v, mph, d.vehicle_to_vehicle)
    base = state.rules.people.boarding_need(mph)
    if base < 0:
        return IMPOSSIBLE
    need = max(base, 2) - d.vehicle_to_vehicle
    return IMPOSSIBLE if need > BEST_ROLL else need


def failure_times(d: DroppingOn | None, v: VehicleState) -> int:
    """A missed drop onto a tractor does double damage (000:L1487)."""
    return d.failure_times.get(v.spec.kind.value, 1) if d is not None else 1
