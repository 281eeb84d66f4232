"""Fires started by what a hit destroyed, besides the fire table (reading CB14): the power plant destroyed
or a flamethrower / flaming oil jet hit is 2 in 6, 4 in 6 when a laser, flame or incendiary did it
(000:L984); a gas engine hit adds 2 to the fire check (000:L1018), and taking 5+ points in a turn is 1 in 6,
more than half its DP 2 in 6, +1 from an incendiary (000:L1012)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import Absorbed, HitReport, Interior, Part, interior_of
from rules.combat.shooting import _Pending, fire_triggers_of
from rules.core.dice import ScriptedDice
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import _trigger_chances, end_turn_fire
from rules.play.context import Ctx
from rules.play.state import GameState, RuleOptions


def _pending(fire_source: str = "") -> _Pending:
    return _Pending("A", "W1", "B", "front", "", 10, (5, 5), fire_source == "L", False, fire_source, False)


def _inside() -> Interior:
    return Interior(parts=(Part("plant", "plant", 10, 10, location="plant"), Part("FT1", "weapon", 2, 2, mount="front",
                                                                                   item="FT"),
                           Part("MG1", "weapon", 3, 3, mount="front", item="MG")))


def test_a_destroyed_plant_or_a_hit_flamethrower_may_start_a_fire_000_L984() -> None:
    plant_gone = HitReport("front", 10, (Absorbed("plant", 10, 0, True, "000:L953"),))
    assert fire_triggers_of(_inside(), _pending(), plant_gone) == ("component",)
    assert fire_triggers_of(_inside(), _pending("L"), plant_gone) == ("component:hot",)
    ft_hit = HitReport("front", 1, (Absorbed("FT1", 1, 1, False, "000:L953"),))
    assert fire_triggers_of(_inside(), _pending(), ft_hit) == ("component",)
    mg_hit = HitReport("front", 1, (Absorbed("MG1", 1, 2, False, "000:L953"),))
    assert fire_triggers_of(_inside(), _pending(), mg_hit) == ()
    assert _trigger_chances(("component",), _inside()) == [("plant destroyed or flame weapon hit: fire", 2, "000:L984")]
    assert _trigger_chances(("component", "component:hot"), _inside())[0][1] == 4


def test_a_gas_engine_taking_damage_in_a_turn_may_catch_fire_000_L1012() -> None:
    gas = Interior(parts=(Part("engine", "plant", 10, 10, location="plant", item="gas_engine"),))
    assert _trigger_chances(("gas_engine:4",), gas) == []
    assert [c for _w, c, _r in _trigger_chances(("gas_engine:5",), gas)] == [1]
    assert [c for _w, c, _r in _trigger_chances(("gas_engine:4", "gas_engine:2"), gas)] == [2]       # more than half
    assert [c for _w, c, _r in _trigger_chances(("gas_engine:3:hot", "gas_engine:3"), gas)] == [3]   # incendiary +1


def _duel() -> GameState:
    setup = GameSetup((VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90)),
                       VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(20, 0, 270))),
                      seed=4, options=RuleOptions(fire_step="on"))
    return new_game(setup)[0]


def test_the_end_of_turn_rolls_the_chance_and_logs_it_000_L984_L1016() -> None:
    for die, burns in ((2, True), (3, False)):
        state = _duel()
        blue = state.vehicle("Blue")
        state = state.with_vehicle(replace(blue, fire_triggers=("component",)))
        # the chance, then (if it burns) the extinguisher fails on 6 and no explosion on 6
        ctx = Ctx(state, ScriptedDice([die, 6, 6], fallback_seed=2))
        end_turn_fire(ctx)
        after = ctx.state.vehicle("Blue")
        assert after.sheet.on_fire is burns and after.fire_triggers == ()
        assert any(e.rule == "000:L984" and f"rolled {die}" in e.text for e in ctx.log.events)
    assert interior_of(state.vehicle("Red").sheet).part("plant").dp > 0


def test_a_breached_gas_tank_may_catch_fire_and_feeds_the_fire_check_000_L1012_L1018() -> None:
    from rules.combat.burning import fire_modifiers
    from rules.vehicles.design import load_stock
    from rules.vehicles.starting_sheet import spec

    sheet = spec(load_stock("Miglia")).sheet          # the one stock car with a gas engine and tank
    assert sheet.gas_tank == "racing"
    inside = interior_of(sheet, "car")
    tank_hit = HitReport("back", 2, (Absorbed("tank", 2, 2, False, "000:L953"),))
    assert fire_triggers_of(inside, _pending(), tank_hit) == ("gas_tank",)
    assert fire_triggers_of(inside, _pending("L"), tank_hit) == ("gas_tank:hot",)
    assert _trigger_chances(("gas_tank",), inside, "racing") == [("racing gas tank breached: fire", 2, "000:L1012")]
    assert _trigger_chances(("gas_tank:hot",), inside, "racing")[0][1] == 3
    assert _trigger_chances(("gas_tank",), inside, "economy")[0][1] == 3
    check = fire_modifiers([], 1, gas_tank_breached=True)
    assert check.total == 3 and check.parts[0][2] == "000:L1018"
