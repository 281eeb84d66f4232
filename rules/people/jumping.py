"""Jumping from a moving vehicle or off a cycle, and falling off when boarding fails
(000:L534, L1470, L1495): the damage dice by the speed at which he hits the ground."""

from __future__ import annotations

from rules.core.dice import DiceExpr
from rules.driving.collisions import ram_dice, swipe_speed
from rules.tables.people import PeopleTables, people_tables


def jump_speed(speed: float, off_road: bool, t: PeopleTables | None = None) -> float:
    """The speed the ram dice are read at: 10 mph slower on a road (000:L1470); off-road, a sideswipe
    from a car 30 mph slower (000:L534), whose swipe-speed is that speed / 4 rounded up to 5 mph
    (000:L460; the "ram" reading of PD3 reads the dice at the slower speed itself)."""
    j = (t or people_tables()).jump
    if not off_road:
        return max(0.0, abs(speed) - j.on_road_slower_mph)
    slower = max(0.0, abs(speed) - j.off_road_slower_mph)
    return swipe_speed(slower) if j.off_road_as == "sideswipe" and slower > 0 else slower


def jump_damage(speed: float, off_road: bool, t: PeopleTables | None = None) -> DiceExpr | None:
    """The jumper's damage dice (DM 1, 000:L1470), or None when he lands unhurt."""
    at = jump_speed(speed, off_road, t)
    return ram_dice(at) if at > 0 else None


def boarding_failure_damage(speed: float, t: PeopleTables | None = None) -> DiceExpr | None:
    """A failed climb aboard: rammed at the vehicle's speed less 10 mph (000:L1495)."""
    at = max(0.0, abs(speed) - (t or people_tables()).boarding_failure_slower_mph)
    return ram_dice(at) if at > 0 else None
