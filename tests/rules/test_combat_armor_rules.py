"""Armor and component rules in combat: laser-reflective metal (000:L1704), component armor
(000:L2566-L2569), sloped armor's -1 to hit (000:L1711), incendiary rounds against fireproof armor
(000:L2506), HESH and HEAT against metal (000:L2502-L2503), the flechette gun (000:L2415) and
electronics lost with the power plant (000:L2547).

Each test checks what a player sees: the armor and DP left on the record sheet and the log line with
its rule."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import (
    Interior,
    Part,
    collision_hit,
    hit,
    hit_tire,
    hit_turret,
    interior_of,
    sheet_with,
)
from rules.combat.shooting import Combatant, Declaration, combatant_of, resolve_fire, shot_for
from rules.combat.to_hit import to_hit
from rules.core.dice import ScriptedDice
from rules.core.events import ShotFired
from rules.core.geometry import CounterSize, Pose
from rules.vehicles.design import AccessoryEntry, load_stock
from rules.vehicles.record_sheet import RecordSheet, Tire, render
from rules.vehicles.starting_sheet import spec

CAR = CounterSize(1.0, 0.5)
CAR_TIRES = tuple(Tire(c, 4, 4) for c in ("FL", "FR", "BL", "BR"))


def stock(name: str, *extra: AccessoryEntry) -> RecordSheet:
    d = load_stock(name)
    return spec(replace(d, accessories=d.accessories + extra)).sheet


def plain(armor_type: str, **armor: int) -> RecordSheet:
    return RecordSheet(armor=dict(armor), tires=CAR_TIRES, armor_type=armor_type)


def with_plant(sheet: RecordSheet) -> Interior:
    """The sheet's armor types with a 20-DP plant inside, so what gets through shows as plant DP lost."""
    return replace(interior_of(sheet), order=("plant",), parts=(Part("plant", "plant", 20, 20, location="plant"),))


def lines(rep: object) -> list[str]:
    return [f"{text} [{rule}]" for text, rule in rep.lines]  # type: ignore[attr-defined]


def fire(firer: Combatant, target: Combatant, weapon: str, dice: list[int], **decl: str) -> Combatant:
    """Resolve one declared shot; returns the target after it (to-hit dice first, then damage)."""
    res = resolve_fire({firer.id: firer, target.id: target}, [Declaration(firer.id, weapon, target.id, **decl)],
                       ScriptedDice(dice, fallback_seed=1), turn=1)
    hit_event = next(e for e in res.events if isinstance(e, ShotFired))
    assert hit_event.hit is True
    return res.combatants[target.id]


def duel(a: RecordSheet, b: RecordSheet) -> tuple[Combatant, Combatant]:
    """A faces B's front from 4" (A heads +x, B heads -x)."""
    return (combatant_of("A", "car", "car", Pose.at(0, 0, 90), CAR, 0.0, 90, a),
            combatant_of("B", "car", "car", Pose.at(4, 0, 270), CAR, 0.0, 270, b))


# --- 1. laser-reflective metal (000:L1704, L1699) ------------------------------------------------


def test_lr_metal_is_metal_only_sixes_cost_a_point_000_L1704() -> None:
    sheet = plain("metal_lr", front=8, back=8)
    inside = interior_of(sheet)
    assert inside.armor_type["front"] == "metal_lr"
    s, _, rep = hit(sheet, inside, "front", 6, ScriptedDice([]), faces=(3, 3))
    assert s.armor["front"] == 8 and rep.taken == 0
    assert "front metal armor takes 0, 8 left [000:L1703-L1704]" in lines(rep)
    s, after, rep = hit(sheet, with_plant(sheet), "front", 10, ScriptedDice([]), faces=(5, 5), burst=True)
    assert s.armor["front"] == 6 and after.part("plant").dp == 18   # 2 through; burst: 5-6 cost a point


def test_lr_metal_halves_lasers_000_L1704_L1699() -> None:
    sheet = plain("metal_lr", front=4)
    s, inside, rep = hit(sheet, with_plant(sheet), "front", 10, ScriptedDice([]), faces=(6, 4), laser=True)
    # 10 halved to 5: 1 through the 4 points of metal; the 6 costs a point
    assert s.armor["front"] == 3 and inside.part("plant").dp == 19
    assert "laser halved by reflective front armor to 5 [000:L1699, L1704]" in lines(rep)


def test_plain_metal_still_takes_full_laser_damage_000_L1699() -> None:
    sheet = plain("metal", front=4)
    _, inside, _ = hit(sheet, with_plant(sheet), "front", 10, ScriptedDice([]), faces=(6, 4), laser=True)
    assert inside.part("plant").dp == 14


# --- 2. component armor (000:L2566-L2569) ----------------------------------------------------------


def test_police_cruiser_mg_component_armor_takes_the_hit_first_000_L2566() -> None:
    sheet = stock("Police Cruiser")
    sheet = replace(sheet, armor={**sheet.armor, "front": 0})
    inside = interior_of(sheet)
    assert inside.part("MG1").armor == 10 and inside.part("driver").armor == 10 and inside.part("plant").armor == 10
    # front weapon pick: 1d = 1 -> the first of the two front MGs
    s, inside, rep = hit(sheet, inside, "front", 12, ScriptedDice([1]), pod_roll=False)
    assert "MG1's component armor takes 10, 0 left (destroyed) [000:L2566-L2567]" in lines(rep)
    assert "MG1 takes 2, 1 left [000:L953]" in lines(rep)
    s = sheet_with(s, inside)
    assert s.weapon("MG1").armor == 0 and s.weapon("MG1").dp == 1
    assert s.weapon("MG2").armor == 10 and s.weapon("MG2").dp == 3
    assert "Weapon MG1 MG front: 1/3 DP shots 20/20 [ap] link front CA 0/10" in render(s)


def test_component_armor_protects_from_every_side_000_L2567() -> None:
    """The plant's 10 points stop a hit that reached it through the side."""
    sheet = stock("Police Cruiser")
    sheet = replace(sheet, armor={**sheet.armor, "left": 0})
    inside = interior_of(sheet)
    # side hit: the internal location roll 1d = 1 -> the first location (the plant)
    s, inside, rep = hit(sheet, inside, "left", 8, ScriptedDice([1]))
    assert inside.part("plant").dp == 12 and inside.part("plant").armor == 2
    assert sheet_with(s, inside).component("plant").armor == 2
    assert "plant's component armor takes 8, 2 left [000:L2566-L2567]" in lines(rep)


# --- 3. sloped armor (000:L1711) -------------------------------------------------------------------


def _sloped_mods(target_sheet: RecordSheet, aim: str = "", zero_struck: bool = False) -> list[tuple[str, int, str]]:
    firer = combatant_of("A", "car", "car", Pose.at(0, 0, 0), CAR, 0.0, 0, stock("Killer Kart"))
    target = combatant_of("T", "car", "car", Pose.at(0, -5, 180), CAR, 0.0, 180, target_sheet)
    decl = Declaration("A", "MG1", "T", aim=aim)
    shot, side, _, _ = shot_for(firer, firer.weapon("MG1"), target, decl, 1)
    if zero_struck:
        target = replace(target, sheet=replace(target.sheet, armor={**target.sheet.armor, side: 0}))
        shot = shot_for(firer, firer.weapon("MG1"), target, decl, 1)[0]
    return [(m.name, m.value, m.rule) for m in to_hit(shot).modifiers if "slop" in m.name]


def test_sloped_design_reaches_the_sheet_and_costs_1_to_hit_000_L1711() -> None:
    d = load_stock("Killer Kart")
    sheet = spec(replace(d, sloped=True)).sheet
    assert sheet.sloped and interior_of(sheet).sloped and not stock("Killer Kart").sloped
    assert "(sloped)" in render(sheet)
    mods = _sloped_mods(sheet)
    assert len(mods) == 1 and mods[0][1] == -1 and "L1711" in mods[0][2]
    assert _sloped_mods(stock("Killer Kart")) == []


def test_sloped_armor_no_penalty_on_a_breached_side_or_a_tire_000_L1711() -> None:
    sheet = spec(replace(load_stock("Killer Kart"), sloped=True)).sheet
    assert _sloped_mods(sheet, zero_struck=True) == []
    assert _sloped_mods(sheet, aim="tire:FL") == []


# --- 4. incendiary against fireproof (000:L2506) ---------------------------------------------------


def test_incendiary_does_one_less_to_fireproof_armor_000_L2506() -> None:
    sheet = plain("fireproof", front=10)
    s, _, rep = hit(sheet, interior_of(sheet), "front", 4, ScriptedDice([]), ammo="incendiary")
    assert s.armor["front"] == 7
    assert "incendiary round does 1 less to fireproof front armor: 3 [000:L2506]" in lines(rep)
    s, _, _ = hit(sheet, interior_of(sheet), "front", 4, ScriptedDice([]))
    assert s.armor["front"] == 6


def test_incendiary_full_damage_to_plain_and_metal_armor_000_L2506() -> None:
    for kind, faces in (("plastic", ()), ("laser_reflective", ()), ("metal", (4,))):
        sheet = plain(kind, front=2)
        _, inside, _ = hit(sheet, with_plant(sheet), "front", 4, ScriptedDice([]), faces=faces, ammo="incendiary")
        assert inside.part("plant").dp == 18, kind


def test_incendiary_lrfp_and_only_once_per_hit_000_L2506() -> None:
    sheet = plain("lrfp", front=2, back=10)
    s, _, rep = hit(sheet, interior_of(sheet), "front", 9, ScriptedDice([]), ammo="incendiary")
    # 9 - 1 = 8: 2 into the front, 6 through to the back armor, with no second point off
    assert s.armor["front"] == 0 and s.armor["back"] == 4
    assert sum("less to fireproof" in ln for ln in lines(rep)) == 1


def test_spitfire_incendiary_vmg_at_fireproof_police_cruiser_000_L2506() -> None:
    a, b = duel(stock("Spitfire"), stock("Police Cruiser"))
    assert a.weapon("VMG1").ammo == "incendiary"
    b = fire(a, b, "VMG1", [6, 6, 4, 4])
    assert b.sheet.armor["front"] == 25 - 7


# --- 5. HESH and HEAT against metal (000:L2502-L2503) ----------------------------------------------


def test_hesh_removes_metal_on_4_to_6_000_L2503() -> None:
    sheet = plain("metal", front=12)
    s, _, rep = hit(sheet, interior_of(sheet), "front", 9, ScriptedDice([]), faces=(4, 5), burst=True, ammo="hesh")
    assert s.armor["front"] == 10
    assert any("front metal armor takes 2, 10 left" in ln and "L2502-L2503" in ln for ln in lines(rep))
    s, _, _ = hit(sheet, interior_of(sheet), "front", 9, ScriptedDice([]), faces=(4, 5), burst=True)
    assert s.armor["front"] == 11   # a normal burst round: only the 5


def test_heat_has_no_burst_against_metal_000_L2502() -> None:
    sheet = plain("metal", front=12)
    s, _, _ = hit(sheet, interior_of(sheet), "front", 12, ScriptedDice([]), faces=(5, 5), burst=True, ammo="heat")
    assert s.armor["front"] == 12
    s, _, _ = hit(sheet, interior_of(sheet), "front", 12, ScriptedDice([]), faces=(5, 6), burst=True, ammo="heat")
    assert s.armor["front"] == 11


def test_police_cruiser_heat_rr_in_play_at_metal_turret_top_000_L2502() -> None:
    """The cruiser's turret RR fires HEAT: a targeted turret's top metal loses a point only per 6."""
    target = replace(stock("Killer Kart"), armor_type="metal")
    a, b = duel(stock("Police Cruiser"), target)
    assert a.weapon("RR1").ammo == "heat"
    before = b.sheet.armor["front"]
    b = fire(a, b, "RR1", [6, 6, 5, 5])   # 2d+2 = 12 from faces 5, 5: no 6, so no point lost
    assert b.sheet.armor["front"] == before


# --- 6. flechette gun (000:L2415) ------------------------------------------------------------------


def test_flechettes_do_nothing_to_a_car_000_L2415() -> None:
    sheet = stock("Killer Kart")
    s, inside, rep = hit(sheet, interior_of(sheet), "front", 7, ScriptedDice([]), weapon="FG")
    assert s.armor == sheet.armor and inside == interior_of(sheet)
    assert rep.taken == 0 and rep.hazards() == ()
    assert lines(rep) == ["the 7 points do nothing to vehicle armor or components [000:L2415]"]
    s, _, rep = hit_turret(sheet, interior_of(sheet), 7, ScriptedDice([]), weapon="FG")
    assert s.armor == sheet.armor and rep.taken == 0


def test_flechettes_hurt_a_targeted_tire_000_L2415() -> None:
    sheet = stock("Killer Kart")
    s, _, rep = hit_tire(sheet, interior_of(sheet), "FL", 3, ScriptedDice([]))
    assert s.tires[0].dp == sheet.tires[0].dp - 3


def _cycle() -> tuple[RecordSheet, Interior]:
    sheet = RecordSheet(armor={"front": 4, "back": 4}, tires=(Tire("F", 3, 3), Tire("B", 3, 3)))
    inside = Interior(kind="cycle", order=("plant", "crew"), parts=(
        Part("driver", "crew", 3, 3, location="crew", role="driver"), Part("plant", "plant", 5, 5, location="plant")))
    return sheet, inside


def test_flechettes_on_a_cycle_driver_result_000_L2415() -> None:
    sheet, inside = _cycle()
    _, inside, rep = hit(sheet, inside, "left", 2, ScriptedDice([2, 2]), weapon="FG")   # 2d = 4: driver
    assert inside.part("driver").dp == 1


def test_flechettes_on_a_cycle_plant_or_armor_result_do_nothing_000_L2415() -> None:
    sheet, inside = _cycle()
    _, after, rep = hit(sheet, inside, "left", 2, ScriptedDice([3, 3]), weapon="FG")   # 2d = 6: plant
    assert after == inside and rep.taken == 0
    s, after, rep = hit(sheet, inside, "front", 2, ScriptedDice([2, 2]), weapon="FG")  # end 2d = 4: armor
    assert s.armor["front"] == 4 and after == inside and rep.taken == 0


def test_manslaughter_flechette_gun_in_play_leaves_the_armor_000_L2415() -> None:
    firer = combatant_of("A", "car", "car", Pose.at(0, 0, 0), CAR, 0.0, 0, stock("Manslaughter"))
    target = combatant_of("B", "car", "car", Pose.at(4, 0, 0), CAR, 0.0, 0, stock("Killer Kart"))
    res = resolve_fire({"A": firer, "B": target}, [Declaration("A", "FG1", "B")], ScriptedDice([6, 6, 5], 1), turn=1)
    assert any(e.hit for e in res.events if isinstance(e, ShotFired))
    assert res.combatants["B"].sheet.armor == target.sheet.armor
    assert any("do nothing to vehicle armor" in e.text and "L2415" in e.rule for e in res.events)


# --- 7. electronics die with the plant (000:L2547) ------------------------------------------------


def test_computer_destroyed_with_the_power_plant_000_L2547() -> None:
    sheet = stock("Killer Kart", AccessoryEntry("targeting_computer"))
    sheet = replace(sheet, armor={**sheet.armor, "front": 0},
                    components=tuple(replace(c, dp=1) if c.kind == "plant" else c for c in sheet.components))
    s, inside, rep = hit(sheet, interior_of(sheet), "front", 5, ScriptedDice([]), pod_roll=False)
    assert inside.part("plant").destroyed
    assert "targeting_computer is destroyed with the power plant [000:L2547]" in lines(rep)
    s = sheet_with(s, inside)
    assert s.component("targeting_computer").destroyed
    assert "destroyed with the plant" in render(s)


def test_sheet_with_marks_electronics_when_the_plant_is_gone_000_L2547() -> None:
    sheet = stock("Spitfire")
    dead = replace(sheet, components=tuple(replace(c, dp=0) if c.kind == "plant" else c for c in sheet.components))
    assert not sheet_with(sheet, interior_of(sheet)).component("hi_res_computer").destroyed
    assert sheet_with(dead, interior_of(dead)).component("hi_res_computer").destroyed


# --- 8. StealthKote (000:L2597) -------------------------------------------------------------------


def _kote(*faces: str) -> RecordSheet:
    return stock("Killer Kart", *(AccessoryEntry("stealthkote", facing=f) for f in faces))


def test_stealthkote_adds_1_dp_and_goes_with_the_first_hit_000_L2597() -> None:
    sheet = _kote("front", "back")
    s, inside, rep = hit(sheet, interior_of(sheet), "front", 4, ScriptedDice([]), pod_roll=False)
    assert lines(rep) == ["front StealthKote shield takes 1, 0 left (destroyed) [000:L2597]",
                          "front armor takes 3, 2 left [000:L953-L954]"]
    s = sheet_with(s, inside)
    assert [c.destroyed for c in s.components if c.id == "stealthkote"] == [True, False]   # front gone, back kept
    assert "Accessory StealthKote shield (front): destroyed" in render(s)
    s2, _, rep = hit(s, interior_of(s), "front", 2, ScriptedDice([]), pod_roll=False)
    assert s2.armor["front"] == 0 and not any("StealthKote" in ln for ln in lines(rep))


def test_stealthkote_gives_no_laser_protection_000_L2597() -> None:
    """The shield takes its point of the laser in full; the reflective armor then halves the rest."""
    sheet = replace(_kote("front"), armor_type="laser_reflective")
    s, _, _ = hit(sheet, interior_of(sheet), "front", 9, ScriptedDice([]), laser=True, pod_roll=False)
    assert s.armor["front"] == 5 - 4     # 9 - 1 = 8, halved to 4


def test_stealthkote_takes_the_first_collision_point_000_L2597() -> None:
    sheet = _kote("front")
    s, _, rep = collision_hit(sheet, interior_of(sheet), "front", 3, ScriptedDice([]))
    assert s.armor["front"] == 3 and rep.steps[0].what == "front StealthKote shield"
