"""Banked curves (000:L276-L277): on a banked arc of the map, turning toward the inside edge is
easier and toward the outside harder; drifting outward is easier and inward harder. A very steep
curve doubles each. The numbers are the map vocabulary's [bank] table (rules/data/map_terrain.toml)."""

from __future__ import annotations

import math

from rules.driving.maneuvers import Maneuver, ManeuverKind, Side
from rules.play.state import GameState, VehicleState
from rules.play.surfaces import ground_of
from rules.world.map_model import vocabulary

TURNS = (ManeuverKind.BEND, ManeuverKind.SWERVE)
DRIFTS = (ManeuverKind.DRIFT, ManeuverKind.STEEP_DRIFT)


def inside_side(v: VehicleState, centre: tuple[float, float], reverse: bool = False) -> Side:
    """Which side of the vehicle's way of travel the curve's inside edge (its centre) lies on."""
    heading = math.radians(v.pose.facing + (180 if reverse else 0))
    fx, fy = math.sin(heading), -math.cos(heading)
    dx, dy = centre[0] - v.pose.x, centre[1] - v.pose.y
    return Side.RIGHT if fx * dy - fy * dx > 0 else Side.LEFT   # y runs down the map


def banked_d(state: GameState, v: VehicleState, m: Maneuver) -> int:
    """What the banking under the vehicle adds to the D of maneuver `m` (0 off a banked curve)."""
    if m.kind not in TURNS and m.kind not in DRIFTS:
        return 0
    under = ground_of(state, v.id)
    if under is None or not under.bank or under.bank_centre is None:
        return 0
    row = vocabulary().banks.get(under.bank)
    if row is None:
        return 0
    inward = m.side == inside_side(v, under.bank_centre, m.reverse)
    if m.kind in TURNS:
        return row.bend_inward if inward else row.bend_outward
    return row.drift_inward if inward else row.drift_outward
