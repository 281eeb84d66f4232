"""High-temperature ammunition on the fire table (000:L992, L2504): a hit from an HT-loaded flamethrower,
or touching burning HT oil, is the weapon's fire modifier +1 and burns 1 turn only; a vehicle remembers
the mark until the hit burns out."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.burning import FireHit, fire_modifiers, fire_value, hit_from, hit_key
from rules.core.dice import ScriptedDice
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import end_turn_fire
from rules.play.context import Ctx
from rules.play.state import RuleOptions


def test_an_ht_hit_is_remembered_with_its_mark_000_L992() -> None:
    ht = FireHit("FT", 3, ht_ammo=True)
    assert hit_key(ht) == "FT:ht" and hit_from("FT:ht", 3) == ht and hit_from("FT", 3) == FireHit("FT", 3)
    plain, hot = fire_value(FireHit("FT", 3)), fire_value(ht)
    assert hot == (plain[0] + 1, 1)


def test_an_ht_hit_burns_one_turn_only_at_the_end_of_turn_000_L992() -> None:
    setup = GameSetup((VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90)),
                       VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(20, 0, 270))),
                      seed=4, options=RuleOptions(fire_step="on"))
    state = new_game(setup)[0]
    blue = state.vehicle("Blue")
    state = state.with_vehicle(replace(blue, fire_hits=(("FT:ht", state.turn),)))
    check = fire_modifiers([hit_from("FT:ht", state.turn)], state.turn)
    assert check.total == fire_value(FireHit("FT", 1))[0] + 1
    ctx = Ctx(state, ScriptedDice([6, 6], fallback_seed=1))        # 12: no fire
    end_turn_fire(ctx)
    assert ctx.state.vehicle("Blue").fire_hits == (("FT:ht", state.turn),)   # still in force next turn
    ctx = Ctx(replace(ctx.state, turn=state.turn + 1), ScriptedDice([6, 6], fallback_seed=1))
    end_turn_fire(ctx)
    assert ctx.state.vehicle("Blue").fire_hits == ()                # burned out after 1 turn
