"""Collisions and shots involving trailers, rigs and big vehicles (000:L473-L475, L579, L609-L611,
L859-L862, L893-L896, L1970, L2067, L2100): each test names its line."""

from __future__ import annotations

import pytest

from rules.combat.long_targets import location_struck, part_modifier, size_modifier
from rules.core.geometry import Pose, Vec
from rules.driving.articulated import counter
from rules.driving.collisions import CollisionKind, ram_dice
from rules.driving.rig_collisions import (
    collision_weight,
    coupling_excess,
    coupling_ram,
    rear_ram_order,
    steamroller,
)


def test_collision_weight_000_L579() -> None:
    """Head-on and rear-end: tower and trailer together; from the side: the part hit."""
    assert collision_weight(CollisionKind.HEAD_ON, 4000, 3000, "tower") == 7000
    assert collision_weight(CollisionKind.REAR_END, 4000, 3000, "trailer") == 7000
    assert collision_weight(CollisionKind.T_BONE, 4000, 3000, "trailer") == 3000
    assert collision_weight(CollisionKind.SIDESWIPE_SAME, 4000, 3000, "tower") == 4000


def test_coupling_takes_ram_damage_at_the_lost_speed_000_L475() -> None:
    assert coupling_ram(60, 35).dice == ram_dice(25)
    assert coupling_ram(40, 45).dice is None


def test_coupling_excess_000_L475() -> None:
    """Hitch armor soaks first; excess hitch damage to the tower's back armor, excess tongue damage to the
    trailer's front armor."""
    assert coupling_excess(7, hitch_dp=2, tongue_dp=3, hitch_armor=4) == {
        "hitch_armor": 4, "hitch": 2, "tower_back": 1, "tongue": 3, "trailer_front": 4}


def test_fifth_wheel_in_a_rear_ram_000_L2067() -> None:
    assert rear_ram_order(True) == ("back_armor", "fifth_wheel", "back_weapons")


@pytest.mark.parametrize(("big", "victim", "kind", "die", "run_over", "hazard"), [
    ("ten_wheeler", "cycle", CollisionKind.HEAD_ON, 5, True, 1),
    ("ten_wheeler", "subcompact", CollisionKind.HEAD_ON, 5, False, 0),
    ("rig", "subcompact", CollisionKind.T_BONE, 6, True, 3),
    ("bus", "medium_trike", CollisionKind.REAR_END, 3, True, 3),
    ("bus", "cycle", CollisionKind.REAR_END, 2, False, 0),
    ("bus", "cycle", CollisionKind.SIDESWIPE_SAME, 6, False, 0),
])
def test_steamrollering_000_L609_L611(big: str, victim: str, kind: CollisionKind, die: int, run_over: bool,
                                      hazard: int) -> None:
    """Run over on the 1d roll (not in a sideswipe): the victim stops, the big vehicle has a D1 (cycle) or D3."""
    out = steamroller(big, victim, kind, die)
    assert (out.run_over, out.hazard) == (run_over, hazard)
    assert out.victim_speed == (0.0 if run_over else None)


def test_size_modifiers_000_L859_L862() -> None:
    assert size_modifier("bus", "left") == 2 and size_modifier("trailer", "right") == 2
    assert size_modifier("tractor", "right") == 1 and size_modifier("minibus", "front") == 0
    assert size_modifier("ten_wheeler_carrier", "front") == -2


def test_aimed_parts_000_L1970_L2067_L2102() -> None:
    assert (part_modifier("tongue", False), part_modifier("tongue", True)) == (-5, -7)
    assert (part_modifier("hitch", False), part_modifier("hitch", True)) == (-5, -7)
    assert part_modifier("fifth_wheel", True) == -6 and part_modifier("landing_legs", False) == -5


def test_ten_locations_struck_000_L1985_L2100() -> None:
    """A shot at a long side strikes the half the firer is level with; front and back as ever."""
    bus = Pose.at(0, 0, 0)
    size = counter("bus", "bus_40")
    assert location_struck(bus, size, Vec(5, -0.8), ten=True) == "front_right"
    assert location_struck(bus, size, Vec(-5, 1.0), ten=True) == "back_left"
    assert location_struck(bus, size, Vec(0, -9), ten=True) == "front"
    assert location_struck(bus, size, Vec(5, -0.8), ten=False) == "right"



def test_long_vehicle_arcs_overlap_on_the_sides_000_L2140() -> None:
    """'Note that the side arcs of fire overlap': abeam a bus both right halves bear; ahead only the front,
    far ahead to the side only the front half's side."""
    from rules.combat.long_targets import long_arcs

    bus = Pose.at(0, 0, 0)
    size = counter("bus", "bus_40")
    assert long_arcs(bus, size, Vec(3, 0)) == {"front_right", "back_right"}
    assert long_arcs(bus, size, Vec(0, -9)) == {"front"} and long_arcs(bus, size, Vec(0, 9)) == {"back"}
    assert long_arcs(bus, size, Vec(-3, -4)) == {"front_left"}
