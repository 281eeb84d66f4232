"""Safety seats (000:L2596, reference TC-52): collision and roll damage reaching a seated crew member is
halved, the seat absorbing the rest; weapon fire is not reduced. Seats go to the crew in the sheet's
order (reading CB41)."""

from __future__ import annotations

from rules.combat.damage import Interior, Part, collision_hit, hit, interior_of
from rules.core.dice import ScriptedDice
from rules.vehicles.record_sheet import Component, RecordSheet, Tire

CAR_TIRES = tuple(Tire(c, 4, 4) for c in ("FL", "FR", "BL", "BR"))


def _crew_compartment(seat: bool) -> Interior:
    """TC-52's car after a head-on ram has taken the front armor and the plant: a driver (with or
    without a safety seat) and a gunner in a normal seat wearing body armor, so he can absorb 6."""
    return Interior(order=("plant", "crew"), parts=(
        Part("plant", "plant", 0, 8, location="plant"),
        Part("driver", "crew", 3, 3, location="crew", role="driver", safety_seat=seat),
        Part("gunner", "crew", 3, 3, location="crew", role="gunner", body_armor=3),
    ))


def test_tc52_safety_seat_halves_the_drivers_share_000_L2596() -> None:
    """12 points reach the crew compartment: 6 each; the seated driver takes 3, the gunner his full 6."""
    sheet = RecordSheet(armor={"front": 0, "back": 5}, tires=CAR_TIRES)
    s, inside, rep = collision_hit(sheet, _crew_compartment(seat=True), "front", 12, ScriptedDice([]))
    driver, gunner = inside.part("driver"), inside.part("gunner")
    assert 3 - driver.dp == 3                                        # the driver takes 3
    assert (3 - gunner.body_armor) + (3 - gunner.dp) == 6           # the gunner takes 6
    assert s.armor["back"] == 5 and rep.passed_out == 0              # the other 3 went into the seat
    assert any("safety seat absorbs 3 of 6" in text and rule == "000:L2596" for text, rule in rep.lines)


def test_without_the_seat_the_drivers_share_goes_on_000_L972() -> None:
    """The same ram with a normal seat: the driver can take only 3 of his 6; the rest goes on to the
    back armor (the contrast that shows the seat did the work in TC-52)."""
    sheet = RecordSheet(armor={"front": 0, "back": 5}, tires=CAR_TIRES)
    s, inside, _ = collision_hit(sheet, _crew_compartment(seat=False), "front", 12, ScriptedDice([]))
    assert inside.part("driver").dp == 0
    assert s.armor["back"] == 5 - 3


def test_safety_seat_gives_no_protection_from_fire_000_L2596() -> None:
    inside = Interior(order=("crew",), parts=(
        Part("driver", "crew", 3, 3, location="crew", role="driver", safety_seat=True),))
    _, inside, _ = hit(RecordSheet(armor={"front": 0}, tires=CAR_TIRES), inside, "front", 2, ScriptedDice([]))
    assert inside.part("driver").dp == 1


def _sheet(crew: tuple[str, ...], seats: int) -> RecordSheet:
    comps = [Component(role, "crew", role.title(), "crew", 3, 3, role=role) for role in crew]
    ids = ["safety_seat"] if seats == 1 else [f"safety_seat{i + 1}" for i in range(seats)]
    comps += [Component(cid, "accessory", "Safety seat", "body", 0, 0) for cid in ids]
    return RecordSheet(armor={"front": 0}, tires=CAR_TIRES, components=tuple(comps))


def test_seats_on_the_record_sheet_go_to_the_crew_in_order_000_L2596() -> None:
    one = interior_of(_sheet(("driver", "gunner"), 1))
    assert one.part("driver").safety_seat and not one.part("gunner").safety_seat
    two = interior_of(_sheet(("driver", "gunner"), 2))
    assert two.part("driver").safety_seat and two.part("gunner").safety_seat
    none = interior_of(_sheet(("driver", "gunner"), 0))
    assert not none.part("driver").safety_seat
