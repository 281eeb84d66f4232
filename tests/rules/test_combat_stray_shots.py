"""Misses on a map fly on (000:L1217): in a straight line until they leave the map or meet something; a
vehicle met first is rolled for at -2 with its own range, and takes standard damage. Nothing flies on
after that second roll, and a game with no map keeps the old way (the shot is gone)."""

from __future__ import annotations

from rules.combat.line_of_fire import line_of_fire_check
from rules.combat.shooting import Declaration, Mounted, resolve_fire
from rules.core.dice import ScriptedDice
from rules.core.events import ShotFired
from tests.rules.test_combat_firing import car


def _line() -> dict:
    """A fires east at B; C sits further along the same line, facing back at them."""
    a = car("A", 0, 90, (Mounted("MG1", "MG", "front", 20),))
    b = car("B", 4, 270, (Mounted("MG1", "MG", "front", 20),))
    c = car("C", 10, 270, (Mounted("MG1", "MG", "front", 20),))
    return {"A": a, "B": b, "C": c}


def test_a_miss_flies_on_into_the_next_vehicle_on_its_line_000_L1217() -> None:
    cs = _line()
    res = resolve_fire(cs, [Declaration("A", "MG1", "B")], ScriptedDice([1, 1, 6, 6, 4]), turn=1,
                       lof=line_of_fire_check(cs, ""), strays=True)
    assert res.combatants["B"].sheet == cs["B"].sheet                      # B was missed
    assert res.combatants["C"].sheet.armor["front"] == cs["C"].sheet.armor["front"] - 4
    stray = [e for e in res.events if isinstance(e, ShotFired) and e.target == "C"]
    assert stray and any(m.name.startswith("not aimed at") and m.value == -2 and m.rule == "000:L1217"
                         for m in stray[0].modifiers)
    assert stray[0].stray_of == "B"


def test_a_stray_that_misses_goes_no_further_and_no_map_means_no_stray_000_L1217() -> None:
    cs = _line()
    res = resolve_fire(cs, [Declaration("A", "MG1", "B")], ScriptedDice([1, 1, 1, 1]), turn=1,
                       lof=line_of_fire_check(cs, ""), strays=True)
    assert [e.target for e in res.events if isinstance(e, ShotFired)] == ["B", "C"]
    res = resolve_fire(cs, [Declaration("A", "MG1", "B")], ScriptedDice([1, 1]), turn=1,
                       lof=line_of_fire_check(cs, ""))
    assert [e.target for e in res.events if isinstance(e, ShotFired)] == ["B"]


def test_an_automatic_weapons_miss_flies_on_too_000_L1217_L1026() -> None:
    from rules.combat.shooting import AutoShot
    from rules.core.geometry import Vec

    cs = _line()
    shot = AutoShot("A", "MG1", "B", Vec(3.5, 0.0))
    res = resolve_fire(cs, [], ScriptedDice([1, 1, 6, 6, 4]), turn=1, lof=line_of_fire_check(cs, ""),
                       strays=True, automatic=(shot,))
    assert res.combatants["B"].sheet == cs["B"].sheet
    assert res.combatants["C"].sheet.armor["front"] == cs["C"].sheet.armor["front"] - 4
    assert any(isinstance(e, ShotFired) and e.automatic and e.stray_of for e in res.events)
