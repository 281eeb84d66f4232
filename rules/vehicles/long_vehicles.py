"""What sets car trailers and oversized vehicles apart in construction: their kinds, the ten armor
locations of long bodies, where their wheels are, and where their weapons may go (chapters 7 and 8,
000:L1939-L2155)."""

from __future__ import annotations

from rules.tables.oversized import BigBody, OversizedTables

BIG_KINDS = ("car_trailer", "ten_wheeler", "tractor", "semi_trailer", "bus")
TRAILER_KINDS = ("car_trailer", "semi_trailer")          # no plant and no driver (000:L2113)
POWERED_KINDS = ("ten_wheeler", "tractor", "bus")         # truck plants and truck tires (000:L2014-L2031)
# The four long sides split into a front and a back half (000:L1944, L2100).
TEN_LOCATIONS = ("front", "back", "front_left", "back_left", "front_right", "back_right", "front_top", "back_top",
                 "front_underbody", "back_underbody")
SIX_LOCATIONS = ("front", "back", "left", "right", "top", "underbody")
CARRIER_FACINGS = ("left", "right", "back", "top", "underbody", "turret")   # not to the front (000:L2054)
HALF_OF = {"front_left": "left", "back_left": "left", "front_right": "right", "back_right": "right",
           "front_top": "top", "back_top": "top", "front_underbody": "underbody", "back_underbody": "underbody"}


def big_body(t: OversizedTables, key: str) -> BigBody:
    return t.bodies[key] if key in t.bodies else t.carriers[key]


def long_body(t: OversizedTables, key: str) -> bool:
    """Armored in ten locations: semi-trailers, 30' and 40' buses, car trailers of 20' or more (000:L1944, L2131)."""
    b = big_body(t, key)
    return b.ten_locations or (b.kind == "car_trailer" and b.length >= t.const("car_trailer_rules.ten_locations_from_length"))


def armor_locations(t: OversizedTables, key: str) -> tuple[str, ...]:
    return TEN_LOCATIONS if long_body(t, key) else SIX_LOCATIONS


def side_of(facing: str) -> str:
    """The whole side a half-side facing belongs to (front_left -> left), for the third-per-side rule."""
    return HALF_OF.get(facing, facing)


def tire_count(t: OversizedTables, kind: str, body_key: str, tire_pairs: int, front_tires: int) -> int:
    """Tires of the vehicle: ten on trucks and buses, eight (and 2 or 4 in front) on a semi-trailer, pairs on a
    car trailer (000:L1964, L2005, L2102, L2130)."""
    if kind == "car_trailer":
        return 2 * max(tire_pairs, big_body(t, body_key).tire_pairs)
    if kind == "semi_trailer":
        return int(t.const("semi_trailer_rules.rear_tires")) + front_tires
    return int(t.const("bus_rules.tires"))


def big_wheel_positions(kind: str, tires: int) -> tuple[str, ...]:
    """A position per tire; paired tires share a position (and its wheelguard): trucks and buses have a front
    pair and two dual axles behind (three guards a side, 000:L2130), semi-trailers two dual axles behind and
    maybe a front axle, car trailers one pair per axle."""
    if kind in POWERED_KINDS:
        return ("FL", "FR", "ML", "ML", "MR", "MR", "BL", "BL", "BR", "BR")
    if kind == "semi_trailer":
        front = {0: (), 2: ("FL", "FR"), 4: ("FL", "FL", "FR", "FR")}.get(tires - 8, ())
        return front + ("ML", "ML", "MR", "MR", "BL", "BL", "BR", "BR")
    pairs = tires // 2
    if pairs <= 1:
        return ("L", "R")
    if pairs == 2:
        return ("FL", "FR", "BL", "BR")
    per = (pairs + 1) // 2
    return ("FL",) * per + ("FR",) * per + ("BL",) * (pairs - per) + ("BR",) * (pairs - per)
