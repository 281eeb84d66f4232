"""Hand weapons fired from inside and the sunroof (issue 18; 000:L1164, L1171, L2672; readings PD27, PD46):
with the option hand_weapon_arcs = "windows" a crewman fires out of the side windows only, and a gunner or
passenger (not the driver) standing in a sunroof all round; "all" (the default) is PD27's all-round fire."""

from __future__ import annotations

from rules.core.geometry import Pose
from rules.core.paths import MAPS_DIR
from rules.core.tomlio import dumps_toml
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.people_actions import Shoot
from rules.play.state import FIRE, RuleOptions, evolve
from rules.vehicles.design import design_to_dict, load_stock

AHEAD, BESIDE = (10.125, 10.125), (5.125, 14.125)   # the car at (5, 10) faces east: ahead, and off its right side


def _sunroof_design(tmp_path) -> str:
    d = design_to_dict(load_stock("Hotshot"))
    d["crew"] = ["driver", "gunner"]
    d.setdefault("accessory", []).append({"type": "sunroof"})
    d["name"] = "Hotshot with a sunroof"
    path = tmp_path / "sunroof.toml"
    path.write_text(dumps_toml(d))
    return str(path)


def _state(arcs: str, design: str = "Hotshot", at: tuple[float, float] = AHEAD):
    setup = GameSetup((VehicleSetup("car", "A", design, Pose.at(5, 10, 90), 0.0),
                       VehicleSetup("far", "B", "Killer Kart", Pose.at(40, 40, 270), 0.0)),
                      seed=1, options=RuleOptions(people="on", hand_weapon_arcs=arcs),
                      people=(PersonSetup("man", "B", Pose.at(*at, 0)),))
    s = evolve(new_game(setup)[0], step=FIRE)
    s.derived.clear()
    return s


def test_all_round_by_default_as_PD27():
    assert Shoot("car.driver", "SMG", "man") in people.inside_fire_options(_state("all"), "car")


def test_out_of_the_side_windows_only_with_the_windows_reading_PD46():
    assert Shoot("car.driver", "SMG", "man") not in people.inside_fire_options(_state("windows"), "car")
    assert Shoot("car.driver", "SMG", "man") in people.inside_fire_options(_state("windows", at=BESIDE), "car")


def test_a_gunner_in_a_sunroof_fires_all_round_but_not_the_driver_000_L2672(tmp_path):
    s = _state("windows", _sunroof_design(tmp_path))
    shots = people.inside_fire_options(s, "car")
    assert Shoot("car.gunner", "SMG", "man") in shots and Shoot("car.driver", "SMG", "man") not in shots


def test_a_scenario_and_a_save_carry_the_reading_PD46(tmp_path):
    from rules.engine.game import Game
    from rules.engine.saves import loads_game, save_dict
    from rules.engine.scenarios import load_scenario
    path = tmp_path / "s.toml"
    src = open("maps/scenarios/night_duel.toml").read()
    arena = str(MAPS_DIR / "arena.toml")
    path.write_text(src.replace("[options]", '[options]\nhand_weapon_arcs = "windows"', 1)
                    .replace('map = "../arena.toml"', f"map = {arena!r}").replace('design = "', 'stock = "Hotshot"\n# "'))
    assert load_scenario(path).options.hand_weapon_arcs == "windows"
    setup = GameSetup((VehicleSetup("car", "A", "Hotshot", Pose.at(5, 10, 90), 0.0),),
                      options=RuleOptions(hand_weapon_arcs="windows"))
    assert loads_game(dumps_toml(save_dict(Game(setup)))).setup.options.hand_weapon_arcs == "windows"
