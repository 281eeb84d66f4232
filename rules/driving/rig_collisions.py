"""Collisions of trailers, rigs and big vehicles (000:L473-L475, L579, L609-L611, L2067): which weight
counts, what the coupling takes, where the excess goes, and steamrollering."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.dice import DiceExpr
from rules.driving.collisions import (
    CollisionKind,
    can_steamroller,
    link_ram,
    steamroller_hazard,
    steamrollered,
)

STEAMROLLERS = ("ten_wheeler", "rig", "bus")


def collision_weight(kind: CollisionKind, tower_weight: int, trailer_weight: int, part_hit: str) -> int:
    """Head-on and rear-end: tower and trailer weigh together; hit from the side (a T-bone or a sideswipe),
    only the part that was hit (000:L579)."""
    if kind in (CollisionKind.HEAD_ON, CollisionKind.REAR_END):
        return tower_weight + trailer_weight
    return trailer_weight if part_hit == "trailer" else tower_weight


@dataclass(frozen=True)
class CouplingDamage:
    """Ram damage at the pair's lost speed, to the tongue and to the hitch alike (000:L475)."""

    dice: DiceExpr | None                 # None: the pair did not slow down, nothing to the coupling


def coupling_ram(speed_before: float, speed_after: float) -> CouplingDamage:
    """If the combination slowed in the collision, its tongue and hitch each take ram damage at the speed it
    lost (000:L475)."""
    return CouplingDamage(link_ram(speed_before, speed_after))


def coupling_excess(damage: int, hitch_dp: int, tongue_dp: int, hitch_armor: int) -> dict[str, int]:
    """Where one roll of coupling damage goes (000:L475): hitch armor first, then the hitch and on into the
    tower's back armor; the tongue and on into the trailer's front armor (hitch armor does not shield the
    tongue from this)."""
    to_armor = min(hitch_armor, damage)
    hitch_left = damage - to_armor
    hitch = min(hitch_dp, hitch_left)
    tongue = min(tongue_dp, damage)
    return {"hitch_armor": to_armor, "hitch": hitch, "tower_back": hitch_left - hitch,
            "tongue": tongue, "trailer_front": damage - tongue}


def rear_ram_order(has_fifth_wheel: bool) -> tuple[str, ...]:
    """What a rear hit on a tractor meets: the rear armor, then the fifth wheel, then rear-firing weapons
    (000:L2067)."""
    return ("back_armor", "fifth_wheel", "back_weapons") if has_fifth_wheel else ("back_armor", "back_weapons")


@dataclass(frozen=True)
class Steamroller:
    """The outcome of a big vehicle striking a smaller one (000:L609-L611)."""

    possible: bool
    run_over: bool
    hazard: int                # D for the big vehicle (0 if a normal collision)
    victim_speed: float | None  # its new speed when run over (0), else None: the collision rules decide


def steamroller(big: str, victim: str, kind: CollisionKind, die: int) -> Steamroller:
    """A ten-wheeler runs over cycles; rigs and buses cycles, subcompacts and light and medium trikes, in any
    collision but a sideswipe. On the 1d roll it is a normal collision or the victim is run over: its speed
    drops to 0, the damage spreads over its components, and the big vehicle has a D1 (cycle) or D3 hazard."""
    if kind.sideswipe or not can_steamroller(big, victim):
        return Steamroller(False, False, 0, None)
    if not steamrollered(die):
        return Steamroller(True, False, 0, None)
    return Steamroller(True, True, steamroller_hazard(victim), 0.0)
