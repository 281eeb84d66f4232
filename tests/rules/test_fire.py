"""Fire and explosion (000:L983-L1021) and the reference case TC-13."""

from __future__ import annotations

import pytest

from rules.combat.burning import (
    FireHit,
    burn,
    component_fire_chance,
    end_of_turn,
    explosion_chance,
    extinguisher_chance,
    extinguisher_of,
    fire_modifiers,
    fire_value,
    roll_fire,
)
from rules.combat.damage import Interior, Part
from rules.core.dice import ScriptedDice
from rules.vehicles.record_sheet import RecordSheet, Tire

TC13 = [FireHit("FT", 1), FireHit("L", 2), FireHit("L", 3), FireHit("FOJ", 3)]


def test_tc13_fire_modifier_bookkeeping_000_L1019_L1020() -> None:
    turn1 = fire_modifiers(TC13[:1], 1)
    assert turn1.total == 4
    assert roll_fire(turn1, ScriptedDice([5, 6])) == (False, 11)
    turn2 = fire_modifiers(TC13[:2], 2)
    assert turn2.total == 5
    assert roll_fire(turn2, ScriptedDice([3, 3])) == (False, 6)
    turn3 = fire_modifiers(TC13, 3)
    assert turn3.total == 8
    assert roll_fire(turn3, ScriptedDice([3, 4])) == (True, 7)
    # derived: the FT burns out after turn 4, the flaming oil after turn 5
    assert [fire_modifiers(TC13, turn).total for turn in (4, 5, 6)] == [7, 3, 0]


def test_high_temperature_ammo_000_L992_L2504() -> None:
    assert fire_value(FireHit("FT", 1, ht_ammo=True)) == (5, 1)
    assert fire_value(FireHit("FT", 1)) == (4, 3)
    with pytest.raises(ValueError):
        fire_value(FireHit("MG", 1))


def test_gas_engine_and_tank_add_to_the_fire_check_000_L1018() -> None:
    assert fire_modifiers([], 1, gas_engine_hit=True, gas_tank_breached=True).total == 5


def test_component_triggers_000_L984() -> None:
    assert component_fire_chance(plant_destroyed=True) == 2
    assert component_fire_chance(flame_weapon_hit=True, by_fire_weapon=True) == 4
    assert component_fire_chance() == 0


def test_extinguishers_000_L1013_L2591() -> None:
    assert extinguisher_chance("fe", gas_engine=False) == 3
    assert extinguisher_chance("fe", gas_engine=True) == 2
    assert extinguisher_chance("ife", gas_engine=False) == 4
    assert extinguisher_chance("ife", gas_engine=True) == 3
    assert extinguisher_chance("portable", gas_engine=True) == 1
    plant = Part("plant", "plant", 0, 8, location="plant")
    assert extinguisher_of(Interior(parts=(Part("FE", "cargo", 4, 4, item="FE"),))) == "fe"
    assert extinguisher_of(Interior(parts=(Part("FE", "cargo", 4, 4, item="FE"), plant))) is None  # 000:L2585


def burning_car() -> tuple[RecordSheet, Interior]:
    sheet = RecordSheet({"front": 5, "back": 0, "left": 1}, (Tire("FL", 4, 4), Tire("FR", 0, 4)), on_fire=True)
    inside = Interior(parts=(
        Part("driver", "crew", 3, 3, location="crew", role="driver", body_armor=3),
        Part("gunner", "crew", 3, 3, location="crew", role="gunner"),
        Part("MG", "weapon", 3, 3, mount="front", item="MG"),
        Part("plant", "plant", 8, 8, location="plant"),
    ))
    return sheet, inside


def test_fire_damage_each_turn_000_L1013() -> None:
    sheet, inside = burning_car()
    sheet, inside, steps = burn(sheet, inside)
    assert inside.part("driver").body_armor == 2 and inside.part("driver").dp == 3
    assert inside.part("gunner").dp == 2
    assert inside.part("MG").dp == 2 and inside.part("plant").dp == 7
    assert sheet.tires[0].dp == 3 and sheet.tires[1].dp == 0
    assert sheet.armor == {"front": 4, "back": 0, "left": 0}
    assert len(steps) == 4 + 1 + 2


def test_explosion_chance_000_L1014() -> None:
    plain = Interior(parts=(Part("MG", "weapon", 3, 3, item="MG"),))
    assert explosion_chance(plain) == 0
    assert explosion_chance(Interior(parts=(Part("RL", "weapon", 2, 2, item="RL"),))) == 1
    both = Interior(parts=(Part("FT", "weapon", 2, 2, item="FT"), Part("engine", "plant", 10, 10, item="gas_engine")))
    assert explosion_chance(both) == 2


def test_end_of_turn_sequence_000_L1016() -> None:
    sheet, inside = burning_car()
    inside = Interior(parts=inside.parts + (Part("IFE", "cargo", 4, 4, item="IFE"),))
    # the extinguisher works on 1-4: the fire is out and does no damage
    out, inside2, rep = end_of_turn(sheet, inside, ScriptedDice([4]))
    assert not out.on_fire and not rep.burned and inside2 == inside
    # it fails (5): the fire burns; no volatile items, so no explosion roll
    out, _, rep = end_of_turn(sheet, inside, ScriptedDice([5]))
    assert out.on_fire and rep.burned and not rep.exploded and len(rep.rolls) == 1


def test_new_fire_then_explosion_000_L1014_L1018() -> None:
    sheet, inside = burning_car()
    sheet = RecordSheet(sheet.armor, sheet.tires, on_fire=False)
    inside = Interior(parts=inside.parts + (Part("RL", "weapon", 2, 2, mount="front", item="RL"),))
    check = fire_modifiers([FireHit("FT", 1)], 1)
    out, inside, rep = end_of_turn(sheet, inside, ScriptedDice([1, 2, 1]), check=check)
    assert rep.exploded and out.destroyed
    assert all(p.dp == 0 for p in inside.parts if p.kind == "crew")
