"""Records the engine makes by the thousand are built without their frozen dataclass __init__ for speed
(issue 13, docs/PERFORMANCE.md): a combatant from its record sheet (rules.combat.shooting.combatant_of)
and a changed copy of one (rules.core.kept.renewed). They must be the very records the dataclass would
make: the same fields, equal and hashing alike, and none of the old record's kept work carried over."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from rules.combat.shooting import Combatant, combatant_of
from rules.core.geometry import CounterSize, Pose
from rules.core.kept import kept, renewed
from rules.vehicles.design import load_stock
from rules.vehicles.record_sheet import RecordSheet
from rules.vehicles.starting_sheet import spec

CAR = CounterSize(1.0, 0.5)


def _sheet() -> RecordSheet:
    return spec(load_stock("Killer Kart")).sheet


def _by_init(c: Combatant) -> Combatant:
    """The same combatant made through the dataclass's own __init__."""
    return Combatant(**{f.name: getattr(c, f.name) for f in fields(Combatant)})


def test_a_combatant_from_its_sheet_is_the_one_the_dataclass_makes() -> None:
    sheet = _sheet()
    c = combatant_of("A", "car", "car", Pose.at(3, 4, 90), CAR, 20.0, 90.0, sheet, aimed_fire=-2, moved=True,
                     fired=frozenset({"MG1"}))
    made = _by_init(c)
    assert c == made and hash(c) == hash(made)
    assert all(getattr(c, f.name) == getattr(made, f.name) for f in fields(Combatant))
    assert c.aimed_fire == -2 and c.moved and c.fired == frozenset({"MG1"})
    assert c.skills == {} and c.visibility == "clear" and c.firing_roles == ("gunner",)   # the defaults
    assert c.weapons and c.interior.parts            # the sheet's part
    other = combatant_of("B", "car", "car", Pose.at(3, 4, 90), CAR, 20.0, 90.0, sheet)
    assert other.skills is not c.skills              # a fresh dict each, as the default_factory gives


def test_a_combatant_takes_no_field_it_does_not_have() -> None:
    with pytest.raises(TypeError):
        combatant_of("A", "car", "car", Pose.at(0, 0, 0), CAR, 0.0, 0.0, _sheet(), no_such_field=1)
    with pytest.raises(TypeError):   # given already in order, as the dataclass would refuse it twice
        combatant_of("A", "car", "car", Pose.at(0, 0, 0), CAR, 0.0, 0.0, _sheet(), speed=3.0)


def test_renewed_is_replace_without_the_kept_work() -> None:
    c = combatant_of("A", "car", "car", Pose.at(0, 0, 0), CAR, 0.0, 0.0, _sheet())
    assert kept(c, "probe", lambda: 1) == 1
    new = renewed(c, fired=frozenset({"MG1"}), acted=frozenset({"driver"}))
    assert new == replace(c, fired=frozenset({"MG1"}), acted=frozenset({"driver"}))
    assert hash(new) == hash(replace(c, fired=frozenset({"MG1"}), acted=frozenset({"driver"})))
    assert c.fired == frozenset()                    # the old record as it was
    assert kept(new, "probe", lambda: 2) == 2        # nothing kept with the old one came along
    with pytest.raises(TypeError):
        renewed(c, no_such_field=1)
