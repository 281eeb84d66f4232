"""Hand weapons fired from inside a vehicle at vehicles (issue 18, PD21/PD27; 000:L1164-L1171; 002:L1-L5):
the driver of a moving vehicle -3, a gunner or passenger -1; an SMG does half damage to a vehicle."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.core.events import DamageRolled
from rules.core.geometry import Pose
from rules.engine.engine import legal_actions, new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.context import Ctx
from rules.play.people_actions import Shoot
from rules.play.state import FIRE, RuleOptions, evolve


def _state(speed: float):
    setup = GameSetup((VehicleSetup("car", "A", "Killer Kart", Pose.at(5, 10, 90), speed),
                       VehicleSetup("far", "B", "Killer Kart", Pose.at(12, 10, 270), 0.0)),
                      seed=1, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "B", Pose.at(30.125, 30.125, 0), weapon="SMG"),))
    s = evolve(new_game(setup)[0], step=FIRE)
    s.derived.clear()
    return s


def test_the_driver_of_a_moving_car_fires_his_smg_at_a_car_at_3_000_L1171():
    s = _state(20.0)
    shot = Shoot("car.driver", "SMG", "far")
    assert shot in people.inside_fire_options(s, "car") and shot in legal_actions(s, "car")
    lines = {m.name: m.value for m in people.inside_to_hit(s, shot).modifiers}
    assert lines["hand weapon fired by the driver of a moving vehicle"] == -3
    still = people.inside_to_hit(_state(0.0), shot)
    assert not any("moving vehicle" in m.name for m in still.modifiers)


def test_an_smg_from_inside_does_half_damage_to_a_car_000_L1167():
    """000:L1167: a submachine gun does full damage only to people; half (rounded down) to anything else:
    a 5 takes 2 points off the target car's front armor."""
    s = _state(0.0)
    before = s.vehicle("far").sheet.armor["front"]
    ctx = Ctx(s, ScriptedDice([6, 6, 5]))
    people.declare(ctx, Shoot("car.driver", "SMG", "far"))
    people.resolve(ctx)
    after = ctx.state.vehicle("far").sheet.armor["front"]
    assert before - after == 2
    assert any(isinstance(e, DamageRolled) and e.points == 5 and e.target == "far" for e in ctx.log.events)


def test_no_shot_from_inside_at_a_vehicle_without_people_on_foot():
    """Reading PD27: offered only while someone is on foot, so games without people ask nothing new."""
    setup = GameSetup((VehicleSetup("car", "A", "Killer Kart", Pose.at(5, 10, 90), 0.0),
                       VehicleSetup("far", "B", "Killer Kart", Pose.at(12, 10, 270), 0.0)),
                      seed=1, options=RuleOptions(people="on"))
    s = evolve(new_game(setup)[0], step=FIRE)
    assert people.inside_fire_options(s, "car") == []
