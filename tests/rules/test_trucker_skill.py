"""Trucker skill (000:L1385, reading M-R21 in docs/RULES-DEVIATIONS.md): a driver without it takes -2 from the
HC of a bus, ten-wheeler or tractor, -4 without Driver skill either; a car is driven by Driver skill alone. A
set-up, a scenario and a save say when a crew lacks it (`trucker = false`); with it (the default) nothing changes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.game import Game
from rules.engine.saves import load_game, save_game
from rules.engine.scenarios import game_setup, load_scenario
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.state import GameState, evolve

PARKED = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=10"


def fielded(design: str, trucker: bool, trailer: str = "") -> GameState:
    vs = (VehicleSetup("big", "a", design, Pose.at(0, 0, 0), speed=20, trailer=trailer, trucker=trucker),
          VehicleSetup("W", "w", PARKED, Pose.at(-60, 0, 0), speed=0))
    return engine.new_game(GameSetup(vs, seed=5))[0]


@pytest.mark.parametrize(("design", "trailer"), [("Annihilator", "Brotherhood"), ("Pusher", ""), ("Maxim", "")])
def test_a_driver_without_trucker_takes_2_from_the_hc_of_an_oversized_vehicle_000_L1385(design: str,
                                                                                         trailer: str) -> None:
    skilled, not_skilled = fielded(design, True, trailer), fielded(design, False, trailer)
    assert not_skilled.vehicle("big").hc == skilled.vehicle("big").hc - 2
    assert not_skilled.vehicle("big").hs == skilled.vehicle("big").hs - 2   # the track starts at the HC in force


def test_without_driver_skill_either_it_is_minus_4_000_L1385() -> None:
    state = fielded("Pusher", False)
    v = state.vehicle("big")
    neither = evolve(v, spec=replace(v.spec, has_skill=False))
    skilled = evolve(v, spec=replace(v.spec, trucker=True))
    assert neither.hc == skilled.hc - 4


def test_a_car_needs_no_trucker_skill_000_L1385() -> None:
    assert fielded(PARKED, False).vehicle("big").hc == fielded(PARKED, True).vehicle("big").hc


def test_a_scenario_and_a_save_keep_a_crew_without_trucker(tmp_path: Path) -> None:
    src = Path("maps/scenarios/bus_run.toml").read_text()
    text = src.replace('stock = "Pusher"', 'stock = "Pusher"\ntrucker = false', 1)
    assert text != src
    (tmp_path / "bus.toml").write_text(text.replace('map = "../', 'map = "' + str(Path("maps").resolve()) + "/", 1))
    sc = load_scenario(tmp_path / "bus.toml")
    setup = game_setup(sc, seed=2)
    assert [v.trucker for v in setup.vehicles if v.id == "bus"] == [False]
    game = Game(setup)
    back = load_game(save_game(game, tmp_path / "save.toml"))
    assert [v.trucker for v in back.setup.vehicles if v.id == "bus"] == [False]
    usual = engine.new_game(game_setup(load_scenario("maps/scenarios/bus_run.toml"), seed=2))[0]
    assert back.state.vehicle("bus").hc == usual.vehicle("bus").hc - 2


def test_a_design_file_may_say_its_crew_lacks_trucker_000_L1385(tmp_path: Path) -> None:
    from rules.vehicles.design import dumps_design, load_design
    src = Path("rules/data/vehicles/pusher.toml").read_text()
    src = src[:src.index("[printed]")].replace('name = "Pusher"', 'name = "Green Pusher"\ntrucker = false', 1)
    path = tmp_path / "green_pusher.toml"
    path.write_text(src)
    d = load_design(path)
    assert d.trucker is False and "trucker = false" in dumps_design(d)   # the garage writes it back
    assert fielded(str(path), True).vehicle("big").hc == fielded("Pusher", True).vehicle("big").hc - 2
    assert "trucker" not in dumps_design(load_design("rules/data/vehicles/pusher.toml"))
