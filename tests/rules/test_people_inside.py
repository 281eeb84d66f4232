"""Hand weapons fired from inside a vehicle (issue 18 item 3; 000:L1164, L1171; 002:L1-L5)."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.core.events import PersonHurt, ShotFired
from rules.core.geometry import Pose
from rules.engine.engine import legal_actions, new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.actions import Pass
from rules.play.context import Ctx
from rules.play.people_actions import GetOut, Shoot
from rules.play.state import FIRE, RuleOptions, evolve


def _state(speed: float, man_at: tuple[float, float] = (9.125, 10.125)):
    setup = GameSetup((VehicleSetup("car", "A", "Killer Kart", Pose.at(5, 10, 90), speed),
                       VehicleSetup("far", "B", "Killer Kart", Pose.at(40, 40, 270), 0.0)),
                      seed=1, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "B", Pose.at(*man_at, 0), weapon="SMG"),))
    return evolve(new_game(setup)[0], step=FIRE)


def _lines(th):
    return {m.name: m.value for m in th.modifiers}


def test_the_driver_of_a_moving_car_fires_his_smg_at_3_000_L1171():
    """000:L1171 / 002:L1: the driver of a moving vehicle subtracts 3 with a hand weapon."""
    s = _state(20.0)
    shot = Shoot("car.driver", "SMG", "man")
    assert shot in people.inside_fire_options(s, "car")
    th = people.inside_to_hit(s, shot)
    assert _lines(th)["hand weapon fired by the driver of a moving vehicle"] == -3


def test_from_a_stopped_car_he_fires_at_the_listed_value_000_L1171():
    """000:L1171: firing from a stopped vehicle counts as stationary: no firer penalty."""
    th = people.inside_to_hit(_state(0.0), Shoot("car.driver", "SMG", "man"))
    assert not any("moving vehicle" in name for name in _lines(th))


def test_the_shot_from_inside_is_offered_to_the_vehicle_and_spends_his_action_000_L1164():
    """000:L1164: a character may use a hand weapon in a turn he fires no vehicle weapon: the shot is
    among the vehicle's fire-step actions, spends the crewman's action and a shot of his SMG, and hits."""
    s = _state(0.0)
    assert Shoot("car.driver", "SMG", "man") in legal_actions(s, "car")
    ctx = Ctx(s, ScriptedDice([6, 6, 4] + [1] * 10))
    people.declare(ctx, Shoot("car.driver", "SMG", "man"))
    assert "driver" in ctx.v("car").fire_acted
    assert people.shots_left_aboard(ctx.state, "car.driver") == 9
    assert Shoot("car.driver", "SMG", "man") not in people.inside_fire_options(ctx.state, "car")
    people.resolve(ctx)
    fired = [e for e in ctx.log.events if isinstance(e, ShotFired)]
    assert fired and fired[0].vehicle == "car" and fired[0].weapon == "SMG" and fired[0].hit
    hurt = [e for e in ctx.log.events if isinstance(e, PersonHurt)]
    assert hurt and hurt[0].vehicle == "man" and hurt[0].points == 4
    # he keeps what is left in his SMG when he gets out (000:L1469)
    people.get_out(ctx, GetOut("car", "driver"))
    out = people.person(ctx.state, "car.driver")
    assert out is not None and out.shots == 9


def test_no_shot_out_of_reach_or_without_people_on_foot():
    """000:L1169: 20" at most; with nobody on foot nothing new is offered (games without people unchanged)."""
    assert people.inside_fire_options(_state(0.0, (30.125, 10.125)), "car") == []
    setup = GameSetup((VehicleSetup("car", "A", "Killer Kart", Pose.at(5, 10, 90), 0.0),
                       VehicleSetup("far", "B", "Killer Kart", Pose.at(9, 10, 270), 0.0)),
                      seed=1, options=RuleOptions(people="on"))
    s = evolve(new_game(setup)[0], step=FIRE)
    assert not [a for a in legal_actions(s, "car") if isinstance(a, Shoot)]
    assert Pass("car") in legal_actions(s, "car")
