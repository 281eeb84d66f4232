"""Damage location and recording (000:L941-L976) and the reference cases TC-07..TC-10, TC-47, TC-56, TC-57."""

from __future__ import annotations

import pytest

from rules.combat.damage import (
    Interior,
    Part,
    crew_state,
    damage_dice,
    driver_can_drive,
    hit,
    hit_rider,
    hit_tire,
    hit_turret,
    pick,
)
from rules.core.dice import DiceExpr, ScriptedDice
from rules.vehicles.record_sheet import RecordSheet, Tire

CAR_TIRES = tuple(Tire(c, 4, 4) for c in ("FL", "FR", "BL", "BR"))


def driver(dp: int = 3, body_armor: int = 0) -> Part:
    return Part("driver", "crew", dp, 3, location="crew", role="driver", body_armor=body_armor)


def sheet(**armor: int) -> RecordSheet:
    return RecordSheet(armor=dict(armor), tires=CAR_TIRES)


def test_tc07_plastic_armor_is_ablative_000_L950() -> None:
    s, _, rep = hit(sheet(front=12), Interior(), "front", 7, ScriptedDice([]))
    assert s.armor["front"] == 5
    assert rep.passed_out == 0 and [st.what for st in rep.steps] == ["front armor"]


def test_tc08_component_works_until_its_last_dp_000_L950() -> None:
    mg = Part("MG", "weapon", 3, 3, mount="front")
    inside = Interior(order=(), parts=(mg,))
    _, inside, _ = hit(sheet(front=0), inside, "front", 2, ScriptedDice([]))
    assert not inside.part("MG").destroyed and inside.part("MG").dp == 1
    _, inside, rep = hit(sheet(front=0), inside, "front", 1, ScriptedDice([]))
    assert inside.part("MG").destroyed
    assert rep.steps[-1].destroyed


def tc09_interior(with_turret: bool = True) -> Interior:
    parts = [driver(), Part("plant", "plant", 8, 8, location="plant")]
    if with_turret:
        parts.append(Part("turret MG", "weapon", 3, 3, mount="turret"))
    return Interior(order=("plant", "crew", "cargo"), parts=tuple(parts))


def test_tc09_mine_through_the_underbody_000_L957_L967() -> None:
    s = sheet(underbody=2, top=5)
    # location roll: 1d = 3 -> the second of three locations, the crew compartment
    s, inside, rep = hit(s, tc09_interior(), "underbody", 9, ScriptedDice([3]), location_roll=False)
    assert s.armor["underbody"] == 0
    assert inside.part("driver").dp == 0 and crew_state(inside.part("driver")) == "dead"
    assert inside.part("turret MG").destroyed
    assert s.armor["top"] == 4
    assert rep.driver_hurt
    # second mine, 6 damage, crew again: the dead driver and the wrecked MG absorb nothing
    s, inside, rep = hit(s, inside, "underbody", 6, ScriptedDice([4]), location_roll=False)
    assert s.armor["top"] == 0
    assert rep.passed_out == 2
    assert [st.what for st in rep.steps] == ["top armor"]
    # no turret at all: the excess goes straight to the top armor
    s2, _, _ = hit(sheet(underbody=2, top=5), tc09_interior(False), "underbody", 9, ScriptedDice([3]))
    assert s2.armor["top"] == 1


def test_tc10_one_random_weapon_per_side_then_inward_000_L968() -> None:
    mgs = (Part("MG1", "weapon", 3, 3, mount="front"), Part("MG2", "weapon", 3, 3, mount="front"))
    inside = Interior(order=("plant", "crew"), parts=mgs + (Part("plant", "plant", 8, 8, location="plant"), driver()))
    _, inside, rep = hit(sheet(front=0), inside, "front", 5, ScriptedDice([5]))  # 4-6: the second MG
    assert inside.part("MG2").destroyed
    assert inside.part("MG1").dp == 3
    assert inside.part("plant").dp == 6


def tc56_interior() -> Interior:
    return Interior(order=("crew", "plant", "cargo"), parts=(
        Part("MG", "weapon", 3, 3, mount="right"), driver(body_armor=3),
        Part("plant", "plant", 8, 8, location="plant"),
    ))


def test_tc56_side_hit_takes_one_internal_location_000_L955_L963() -> None:
    s, inside, rep = hit(sheet(right=4, left=5), tc56_interior(), "right", 10, ScriptedDice([3]))  # plant
    assert s.armor["right"] == 0
    assert inside.part("MG").destroyed
    assert inside.part("plant").dp == 5
    assert s.armor["left"] == 5
    assert rep.taken == 10
    assert [h.d for h in rep.hazards()] == [3]
    # the same attack with the crew location: the body armor takes the last 3
    s, inside, rep = hit(sheet(right=4, left=5), tc56_interior(), "right", 10, ScriptedDice([1]))
    assert inside.part("driver").body_armor == 0 and inside.part("driver").dp == 3
    assert not rep.driver_hurt  # hits on body armor are no hazard (000:L976)
    assert s.armor["left"] == 5


def test_tc57_wheelguard_then_tire_000_L2599() -> None:
    guard = Part("FL wheelguard", "wheelguard", 4, 4, mount="FL")
    inside = Interior(parts=(guard,))
    s, inside2, rep = hit_tire(sheet(), inside, "FL", 6, ScriptedDice([3]))
    assert inside2.part("FL wheelguard").destroyed
    assert s.tires[0].dp == 2
    s, inside2, rep = hit_tire(sheet(), inside, "FL", 6, ScriptedDice([5]))
    assert inside2.part("FL wheelguard").dp == 4
    assert s.tires[0].destroyed and s.tires[0].wheel_lost
    assert rep.corners_lost() == ("FL",)


def test_armored_hub_only_against_side_attacks_000_L2562_L2563() -> None:
    hub = Part("FL hub", "hub", 5, 5, mount="FL")
    inside = Interior(parts=(hub,))
    _, after, _ = hit_tire(sheet(), inside, "FL", 3, ScriptedDice([1]), from_side=True)
    assert after.part("FL hub").dp == 2
    s, after, _ = hit_tire(sheet(), inside, "FL", 3, ScriptedDice([]), from_side=False)
    assert after.part("FL hub").dp == 5 and s.tires[0].dp == 1


@pytest.mark.parametrize("taken,d", [(5, 1), (6, 2), (9, 2), (10, 3), (25, 3)])
def test_tc47_enemy_fire_hazard_by_damage_000_L250_L252(taken: int, d: int) -> None:
    _, _, rep = hit(sheet(front=30), Interior(), "front", taken, ScriptedDice([]))
    assert [h.d for h in rep.hazards()] == [d]


def test_wounded_driver_is_a_d2_hazard_000_L253_L976() -> None:
    inside = Interior(order=("crew",), parts=(driver(),))
    _, inside, rep = hit(sheet(left=0), inside, "left", 1, ScriptedDice([1]))
    assert crew_state(inside.part("driver")) == "wounded"
    assert [(h.name, h.d) for h in rep.hazards()] == [("enemy fire (1 hits)", 1), ("driver wounded or killed", 2)]
    _, inside, _ = hit(sheet(left=0), inside, "left", 1, ScriptedDice([1]))
    assert crew_state(inside.part("driver")) == "unconscious"
    assert not driver_can_drive(inside)


def test_turret_targeted_passes_over_000_L959() -> None:
    inside = Interior(parts=(Part("T", "weapon", 3, 3, mount="turret"), driver()))
    s, inside, rep = hit_turret(sheet(top=2, underbody=4), inside, 8, ScriptedDice([]))
    assert s.armor["top"] == 0 and inside.part("T").destroyed and rep.passed_out == 3
    assert inside.part("driver").dp == 3


def test_metal_armor_stops_its_value_and_loses_a_point_per_six_000_L1704() -> None:
    inside = Interior(armor_type={"front": "metal"}, parts=(Part("plant", "plant", 8, 8, location="plant"),),
                      order=("plant",))
    s, inside, rep = hit(sheet(front=5), inside, "front", 12, ScriptedDice([]), faces=(6, 6, 1))
    assert s.armor["front"] == 3  # two sixes
    assert inside.part("plant").dp == 1  # 12 - 5 penetrate
    s, _, _ = hit(sheet(front=5), inside, "front", 12, ScriptedDice([]), faces=(5, 6, 1), burst=True)
    assert s.armor["front"] == 3


def test_laser_reflective_armor_halves_laser_damage_000_L1699() -> None:
    inside = Interior(armor_type={"front": "laser_reflective"}, order=())
    s, _, rep = hit(sheet(front=10), inside, "front", 9, ScriptedDice([]), laser=True)
    assert s.armor["front"] == 6
    s, _, _ = hit(sheet(front=10), inside, "front", 9, ScriptedDice([]))
    assert s.armor["front"] == 1


def test_ammunition_changes_damage_per_die_000_L2501_L2504_L2996() -> None:
    assert str(damage_dice(DiceExpr.parse("1d"), "hd")) == "1d+1"
    assert str(damage_dice(DiceExpr.parse("2d"), "hd")) == "2d+2"
    assert str(damage_dice(DiceExpr.parse("1d"), "ht")) == "1d+2"
    assert str(damage_dice(DiceExpr.parse("2d"), "tracer")) == "2d-2"
    with pytest.raises(ValueError):
        damage_dice(DiceExpr.parse("1d"), "silver")


def test_trike_front_hit_strikes_the_wheel_on_11_or_12_000_L842() -> None:
    tires = (Tire("F", 4, 4), Tire("BL", 4, 4), Tire("BR", 4, 4))
    trike = Interior(kind="trike", order=("plant",), parts=(Part("plant", "plant", 8, 8, location="plant"),))
    s, _, rep = hit(RecordSheet({"front": 6}, tires), trike, "front", 5, ScriptedDice([6, 5]))
    assert s.tires[0].destroyed and s.armor["front"] == 6
    s, _, _ = hit(RecordSheet({"front": 6}, tires), trike, "front", 5, ScriptedDice([5, 5]))
    assert s.armor["front"] == 1 and s.tires[0].dp == 4


CYCLE_TIRES = (Tire("F", 4, 4), Tire("B", 4, 4))


def cycle_inside() -> Interior:
    return Interior(kind="cycle", order=("plant", "crew"), parts=(
        driver(), Part("plant", "plant", 5, 5, location="plant"), Part("MG", "weapon", 3, 3, mount="front")))


def test_cycle_front_hit_armor_then_side_table_000_L836_L837() -> None:
    # 2d = 7: armor; the 3 points left over go by the side table, 2d = 6: the power plant
    s, inside, rep = hit(RecordSheet({"front": 2, "back": 2}, CYCLE_TIRES), cycle_inside(), "front", 5,
                         ScriptedDice([3, 4, 3, 3]))
    assert s.armor["front"] == 0 and inside.part("plant").dp == 2
    # 2d = 11: the front wheel
    s, _, _ = hit(RecordSheet({"front": 2}, CYCLE_TIRES), cycle_inside(), "front", 5, ScriptedDice([5, 6]))
    assert s.tires[0].destroyed and s.armor["front"] == 2


def test_cycle_side_hit_one_component_only_000_L835_L837() -> None:
    # 2d = 4: the driver takes 3 and the rest passes out the far side
    _, inside, rep = hit(RecordSheet({}, CYCLE_TIRES), cycle_inside(), "left", 8, ScriptedDice([2, 2]))
    assert inside.part("driver").dp == 0 and rep.passed_out == 5
    # 2d = 9 with no weapons: roll again; 2d = 7: plant
    bare = Interior(kind="cycle", order=("plant",), parts=(driver(), Part("plant", "plant", 5, 5, location="plant")))
    _, inside, rep = hit(RecordSheet({}, CYCLE_TIRES), bare, "right", 2, ScriptedDice([4, 5, 3, 4]))
    assert inside.part("plant").dp == 3 and len(rep.rolls) == 2


def test_cycle_rider_targeted_000_L884() -> None:
    _, inside, rep = hit_rider(RecordSheet({}, CYCLE_TIRES), cycle_inside(), 2, ScriptedDice([]))
    assert inside.part("driver").dp == 1 and rep.driver_hurt


def test_pick_is_uniform_over_the_faces() -> None:
    assert [pick(ScriptedDice([f]), 2) for f in range(1, 7)] == [0, 0, 0, 1, 1, 1]
    assert [pick(ScriptedDice([f]), 3) for f in range(1, 7)] == [0, 0, 1, 1, 2, 2]
    assert pick(ScriptedDice([5, 6, 2]), 4) == 1  # 5 and 6 are rolled again


def two_front_mgs() -> Interior:
    return Interior(order=("plant",), parts=(Part("MG1", "weapon", 3, 3, mount="front"),
                                             Part("MG2", "weapon", 3, 3, mount="front"),
                                             Part("plant", "plant", 8, 8, location="plant")))


def test_tc11_weapon_fire_hits_one_mg_but_a_collision_is_shared_000_L970() -> None:
    from rules.combat.damage import collision_hit

    _, inside, _ = hit(sheet(front=0), two_front_mgs(), "front", 3, ScriptedDice([2]))
    assert sorted(inside.part(m).dp for m in ("MG1", "MG2")) == [0, 3]
    # collision: 3 points split 2 + 1 (the odd point to a random MG), nothing reaches the plant
    _, inside, rep = collision_hit(sheet(front=0), two_front_mgs(), "front", 3, ScriptedDice([5]))
    assert (inside.part("MG1").dp, inside.part("MG2").dp) == (2, 1)
    assert inside.part("plant").dp == 8 and rep.passed_out == 0


def test_tc12_metal_armor_against_a_collision_000_L971_L972() -> None:
    from rules.combat.damage import collision_hit

    inside = Interior(order=("plant",), parts=(Part("plant", "plant", 20, 20, location="plant"),),
                      armor_type={"front": "metal"})
    s, inside, _ = collision_hit(sheet(front=8, back=5), inside, "front", 29, ScriptedDice([]))
    assert s.armor["front"] == 4
    assert inside.part("plant").dp == 20 - 5


def test_side_collision_shares_among_locations_000_L972() -> None:
    from rules.combat.damage import collision_hit

    inside = Interior(order=("plant", "crew", "cargo"), parts=(Part("plant", "plant", 8, 8, location="plant"),
                                                                driver()))
    s, inside, rep = collision_hit(sheet(left=0, right=4), inside, "left", 9, ScriptedDice([]))
    assert inside.part("plant").dp == 5 and inside.part("driver").dp == 0
    assert s.armor["right"] == 1  # the empty cargo location passes its share to the far side
