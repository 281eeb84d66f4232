"""Roll cages (000:L2595): bought per armor facing at $150, weighing a point of metal armor per
facing, one space; a roll's damage that gets past the armor and the face's weapons never reaches
the interior, and the interior takes half (round up) of a ram's (reading CB44)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import collision_hit, interior_of
from rules.core.dice import ScriptedDice
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.movement import forced_increment
from rules.play.context import Ctx
from rules.vehicles.design import AccessoryEntry, Design, load_stock
from rules.vehicles.figures import figures
from rules.vehicles.record_sheet import Component, RecordSheet
from rules.vehicles.starting_sheet import spec


def _caged(d: Design) -> Design:
    return replace(d, accessories=d.accessories + (AccessoryEntry("roll_cage"),))


def _metal_point_lb(d: Design) -> float:
    from rules.tables.construction import design_tables

    t = design_tables()
    return float(t.bodies[d.body].armor_weight * t.armor["metal"].weight)


def test_a_mid_sized_cars_roll_cage_is_900_and_six_points_of_metal_000_L2595() -> None:
    cobra = load_stock("Cobra")
    assert cobra.body == "mid_sized"
    plain, caged = figures(cobra), figures(_caged(cobra))
    assert caged.price - plain.price == 900
    assert caged.weight - plain.weight == round(6 * _metal_point_lb(cobra))
    assert caged.spaces_used - plain.spaces_used == 1


def test_a_cycles_roll_cage_is_300_and_two_points_of_metal_000_L2595() -> None:
    cycle = load_stock("Shogun 100")
    assert cycle.kind == "cycle"
    plain, caged = figures(cycle), figures(_caged(cycle))
    assert caged.price - plain.price == 300
    assert caged.weight - plain.weight == round(2 * _metal_point_lb(cycle))


def _sheet(cage: bool) -> RecordSheet:
    d = replace(load_stock("Cobra"), crew=("driver",))
    return spec(_caged(d) if cage else d).sheet


def test_a_roll_cage_keeps_a_rolls_damage_from_the_interior_000_L2595() -> None:
    for cage in (False, True):
        sheet = _sheet(cage)
        inside = interior_of(sheet, "car")
        assert inside.roll_cage is cage
        after, inner, rep = collision_hit(sheet, inside, "left", sheet.armor["left"] + 10, ScriptedDice([1] * 20),
                                          "roll")
        assert after.armor["left"] == 0
        hurt = [p.id for p in inner.parts if p.location and p.dp < inside.part(p.id).dp]
        assert (hurt == []) is cage                      # uncaged: plant and driver take the 10
        assert cage == any(r == "000:L2595" for _t, r in rep.lines)


def test_a_roll_cage_halves_a_rams_damage_to_the_interior_round_up_000_L2595() -> None:
    sheet = _sheet(True)
    inside = interior_of(sheet, "car")
    _after, inner, _rep = collision_hit(sheet, inside, "front", sheet.armor["front"] + 7, ScriptedDice([1] * 20),
                                        "ram")
    lost = sum(inside.part(p.id).dp - p.dp for p in inner.parts if p.location)
    assert lost == 4                                    # 7 halved, rounded up
    plain = collision_hit(sheet, replace(inside, roll_cage=False), "front", sheet.armor["front"] + 7,
                          ScriptedDice([1] * 20), "ram")[1]
    assert sum(inside.part(p.id).dp - p.dp for p in plain.parts if p.location) == 7


def test_a_rolling_car_with_a_cage_keeps_its_crew_unhurt_in_play_000_L328_L2595() -> None:
    """A roll onto a side with no armor left: the cage stops the 1d; without it the interior takes it."""
    state, _ = new_game(GameSetup((VehicleSetup("Red", "red", "Cobra", Pose.at(10, 10, 0), speed=30),), seed=2))
    for cage in (False, True):
        v = state.vehicle("Red")
        comps = v.sheet.components + ((Component("roll_cage", "accessory", "Roll cage", "body", 0, 0),) if cage else ())
        sheet = replace(v.sheet, armor={k: 0 for k in v.sheet.armor}, components=comps)
        rolling = replace(v, sheet=sheet, mode="roll", mode_side="left", mode_count=0, mode_travel=0.0,
                          increments=(1.0,))
        ctx = Ctx(state.with_vehicle(rolling), ScriptedDice([6] * 10, fallback_seed=1))
        forced_increment(ctx, "Red")
        after = ctx.v("Red").sheet
        before = {c.id: c.dp for c in sheet.components}
        inside_lost = sum(before[c.id] - c.dp for c in after.components if c.location in ("plant", "crew"))
        assert (inside_lost == 0) is cage, [e.text for e in ctx.log.events]
