"""A cycle's pillion passenger (reference/combat.md §4.2, reading CB86): the side table's "driver" result
(000:L837) is shared, 1d 1-3 the cyclist, 4-6 the passenger. A cycle with no passenger rolls nothing more."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import hit, interior_of
from rules.core.dice import ScriptedDice
from rules.vehicles.design import Design, load_stock
from rules.vehicles.figures import figures
from rules.vehicles.record_sheet import RecordSheet
from rules.vehicles.starting_sheet import spec


def two_up() -> Design:
    """The stock Shogun 150 with a passenger riding behind the cyclist, as a player could build it."""
    d = replace(load_stock("Shogun 150"), crew=("cyclist", "passenger"))
    assert figures(d).errors == []
    return d


def _sheet(d: Design) -> RecordSheet:
    return spec(d).sheet


def _side_hit(d: Design, dice: list[int], points: int = 2):  # type: ignore[no-untyped-def]
    sheet = _sheet(d)
    inside = interior_of(sheet, "cycle")
    _after, inner, rep = hit(sheet, inside, "left", points, ScriptedDice(dice))
    return inside, inner, rep


def test_a_driver_result_on_4_to_6_hits_the_pillion_passenger_000_L837() -> None:
    # 2d = 2+2 = 4: "driver" on the side table; 1d = 5: the passenger
    before, after, rep = _side_hit(two_up(), [2, 2, 5])
    assert after.part("passenger").dp == before.part("passenger").dp - 2
    assert after.part("cyclist").dp == before.part("cyclist").dp
    assert any("the passenger" in text and "reading CB86" in rule for text, rule in rep.lines)
    assert not any(h.name.startswith("driver wounded") for h in rep.hazards())


def test_a_driver_result_on_1_to_3_hits_the_cyclist_000_L837() -> None:
    before, after, rep = _side_hit(two_up(), [2, 2, 3])
    assert after.part("cyclist").dp == before.part("cyclist").dp - 2
    assert after.part("passenger").dp == before.part("passenger").dp
    assert any(h.name.startswith("driver wounded") and h.d == 2 for h in rep.hazards())   # 000:L253


def test_a_cycle_without_a_passenger_rolls_no_more_000_L837() -> None:
    solo = load_stock("Shogun 150")
    before, after, rep = _side_hit(solo, [2, 2])   # a third die would run the script dry
    assert after.part("cyclist").dp == before.part("cyclist").dp - 2
    assert not any("pillion" in text for text, _ in rep.lines)
