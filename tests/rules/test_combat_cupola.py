"""Cupolas (000:L2519): a turret with its gunner riding outside beside the weapon. Through the top armor
the gunner is hit before the weapon; hits into the crew compartment do not find him (reading CB66)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import hit, hit_turret, interior_of
from rules.core.dice import ScriptedDice
from rules.vehicles.design import Design, MountEntry, WeaponEntry, load_stock
from rules.vehicles.figures import figures
from rules.vehicles.record_sheet import RecordSheet
from rules.vehicles.starting_sheet import spec


def cupola_car() -> Design:
    """The stock Hotshot refitted: a driver's front MG and a gunner's MG in a 3-space cupola."""
    d = replace(load_stock("Hotshot"), crew=("driver", "gunner"), mounts=(MountEntry("c", "cupola_3"),),
                weapons=(WeaponEntry("MG", "front"), WeaponEntry("MG", "turret", mount="c")))
    assert figures(d).errors == []
    return d


def _sheet() -> RecordSheet:
    return spec(cupola_car()).sheet


def test_the_sheet_marks_the_cupola_weapon_and_its_gunner_rides_outside_000_L2519() -> None:
    sheet = _sheet()
    assert [(w.id, w.cupola) for w in sheet.weapons] == [("MG1", False), ("MG2", True)]
    inside = interior_of(sheet, "car")
    assert inside.cupola_gunner == "gunner" and inside.part("gunner").location == ""
    assert [p.id for p in inside.in_location("crew")] == ["driver"]


def test_through_the_top_the_cupola_gunner_is_hit_before_the_weapon_000_L2519() -> None:
    sheet = replace(_sheet(), armor={**_sheet().armor, "top": 2})
    inside = interior_of(sheet, "car")
    for hit_it in (lambda: hit_turret(sheet, inside, 6, ScriptedDice([])),
                   lambda: hit(sheet, inside, "top", 6, ScriptedDice([], fallback_seed=1))):
        _after, inner, rep = hit_it()
        assert inner.part("gunner").dp < inside.part("gunner").dp
        order = [s.what for s in rep.steps]
        assert order.index("gunner") < order.index("MG2") if "MG2" in order else "gunner" in order


def _in_play(tmp_path):  # type: ignore[no-untyped-def]

    from rules.core.geometry import Pose
    from rules.engine.engine import new_game
    from rules.engine.setup import GameSetup, VehicleSetup
    from rules.play.state import FIRE, RuleOptions
    from rules.vehicles.design import dumps_design
    from tests.rules.test_combat_engine import to_fire_step

    path = tmp_path / "cupola.toml"
    path.write_text(dumps_design(cupola_car()))
    setup = GameSetup((VehicleSetup("Red", "red", str(path), Pose.at(0, 0, 90)),
                       VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(6, 0, 270))),
                      seed=4, options=RuleOptions(fire_step="on"))
    state = to_fire_step(new_game(setup)[0])
    assert state.step == FIRE
    return state


def test_the_cupola_gunner_fires_its_weapon_at_plus_1_and_nothing_else_000_L2519(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from rules.engine.engine import apply, check
    from rules.phases.fire_step import preview_fire
    from rules.play.actions import Fire

    state = _in_play(tmp_path)
    cupola_shot = Fire("Red", "MG2", "Blue")
    assert ("cupola gunner", 1) in [(m.name, m.value) for m in preview_fire(state, cupola_shot).modifiers]
    hull = Fire("Red", "MG1", "Blue")
    assert not [m for m in preview_fire(state, hull).modifiers if m.name == "cupola gunner"]
    state, _ = apply(state, hull)          # the driver takes the hull gun: the gunner is kept for the cupola
    assert check(state, cupola_shot) is None
