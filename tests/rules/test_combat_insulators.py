"""Fire-retardant insulators (000:L2587-L2588): $150 and 25 lb a space of the weapon insulated (a weapon
under a space counts as one, reading CB78), never with component armor; an insulated weapon takes no harm
from the vehicle's own fire and half from a flame weapon, and an insulated volatile weapon can neither set
the vehicle alight nor make it explode."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.burning import burn, explosion_chance, volatile
from rules.combat.damage import Absorbed, HitReport, hit, interior_of
from rules.combat.shooting import _Pending, fire_triggers_of
from rules.core.dice import ScriptedDice
from rules.vehicles.design import Design, load_stock
from rules.vehicles.figures import figures
from rules.vehicles.starting_sheet import spec


def _hotshot(insulated: bool, **extra: object) -> Design:
    """The stock Hotshot (two linked front MGs, four flamethrowers) with 10 points less front and back armor, so
    that the insulators' weight fits its chassis."""
    d = load_stock("Hotshot")
    d = replace(d, armor={**d.armor, "front": d.armor["front"] - 10, "back": d.armor["back"] - 10})
    return replace(d, weapons=tuple(replace(e, insulated=insulated, **extra) if e.type == "FT" else e  # type: ignore[arg-type]
                                    for e in d.weapons))


def test_insulators_cost_150_and_25_lb_a_space_and_refuse_component_armor_000_L2587() -> None:
    plain, insulated = figures(_hotshot(False)), figures(_hotshot(True))
    assert insulated.errors == []
    from rules.tables.construction import design_tables

    spaces = 4 * design_tables().weapons["FT"].spaces   # four flamethrowers of 2 spaces each
    assert spaces == 8
    assert insulated.price - plain.price == spaces * 150
    assert insulated.weight - plain.weight == spaces * 25
    both = figures(_hotshot(True, component_armor=2))
    assert any("cannot be combined with component armor" in e for e in both.errors)


def test_insulated_flamethrowers_cannot_make_the_car_explode_000_L2588() -> None:
    plain = interior_of(spec(_hotshot(False)).sheet, "car")
    safe = interior_of(spec(_hotshot(True)).sheet, "car")
    assert volatile(plain) and explosion_chance(plain) > 0
    assert not volatile(safe) and explosion_chance(safe) == 0


def test_the_cars_own_fire_spares_insulated_weapons_000_L2587() -> None:
    sheet = spec(_hotshot(True)).sheet
    inside = interior_of(sheet, "car")
    _sheet, after, steps = burn(sheet, inside)
    assert all(after.part(w.id).dp == w.max_dp for w in sheet.weapons if w.abbr == "FT")
    assert any(s.what == "MG1" for s in steps)                 # the uninsulated guns still burn


def test_a_hit_on_an_insulated_flamethrower_starts_no_fire_000_L984_L2588() -> None:
    sheet = spec(_hotshot(True)).sheet
    inside = interior_of(sheet, "car")
    ft = next(w.id for w in sheet.weapons if w.abbr == "FT")
    rep = HitReport("back", 1, (Absorbed(ft, 1, 1, False, "000:L953"),))
    shot = _Pending("A", "MG1", "B", "back", "", 1, (1,), False, False, "", False)
    assert fire_triggers_of(inside, shot, rep) == ()


def test_a_flame_weapon_does_half_to_an_insulated_weapon_000_L2587() -> None:
    sheet = spec(_hotshot(True)).sheet
    sheet = replace(sheet, armor={**sheet.armor, "right": 0})
    inside = interior_of(sheet, "car")
    right_ft = next(w.id for w in sheet.weapons if w.abbr == "FT" and w.location == "right")
    _after, inner, rep = hit(sheet, inside, "right", 5, ScriptedDice([], fallback_seed=1), weapon="FT")
    assert inside.part(right_ft).dp - inner.part(right_ft).dp == min(inside.part(right_ft).dp, 5 // 2)
    assert any(rule == "000:L2587" for _t, rule in rep.lines)


def test_the_record_sheet_says_which_weapons_are_insulated_000_L2587() -> None:
    from rules.vehicles.record_sheet import render

    lines = [ln for ln in render(spec(_hotshot(True)).sheet).splitlines() if ln.startswith("Weapon FT")]
    assert lines and all(ln.endswith(" insulated") for ln in lines)
