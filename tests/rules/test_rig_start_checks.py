"""A set-up's trailer is checked where it will stand, hitched straight behind its tower (issue 19): a trailer
over a wall, a building, another vehicle or off the map is refused with the place and the problem; a
semi-trailer under its own tractor's back (000:L588) is not a vehicle standing on another."""

from __future__ import annotations

import pytest

from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup
from rules.engine.setup_check import check_setup, setup_problems
from rules.world.maps import load_map

ARENA = load_map("maps/arena.toml")   # 40" x 30", walls 1" thick all round and a centre block at (18-22, 13-17)
PARKED = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=10"


def rig(x: float, y: float, facing: float, trailer: str = "Brotherhood") -> VehicleSetup:
    return VehicleSetup("rig", "a", "Annihilator", Pose.at(x, y, facing), speed=20, trailer=trailer)


def problems(*vs: VehicleSetup) -> list[tuple[str, str]]:
    return setup_problems(GameSetup((*vs, VehicleSetup("W", "w", PARKED, Pose.at(5, 25, 0), speed=0))), ARENA)


def test_a_rig_clear_of_everything_has_no_problem() -> None:
    assert problems(rig(10, 10, 90)) == []      # the semi-trailer lies under the tractor's back: not a problem


def test_a_trailer_over_a_wall_is_refused() -> None:
    got = problems(rig(3.5, 8, 90))               # heading east: the trailer behind reaches into the west wall
    assert got and got[0][0] == "vehicles[0].trailer"
    assert "stands on west wall" in got[0][1] and "rig's trailer Brotherhood" in got[0][1]


def test_a_trailer_over_the_centre_block_is_refused() -> None:
    got = problems(rig(24.5, 15, 90))
    assert got and "stands on centre block" in got[0][1]


def test_a_trailer_over_another_car_is_refused() -> None:
    got = setup_problems(GameSetup((rig(10, 10, 0), VehicleSetup("W", "w", PARKED, Pose.at(10, 12.5, 0), speed=0))),
                         ARENA)
    assert ("vehicles[1]", "stands on the vehicle at vehicles[0].trailer") in got


def test_a_tow_the_rules_refuse_is_named_on_the_trailer_key() -> None:
    got = problems(rig(10, 10, 90, trailer="Bulldog"))   # a car trailer on a tractor's fifth wheel
    assert got and got[0][0] == "vehicles[0].trailer" and got[0][1].startswith("Bulldog: ")


def test_check_setup_names_the_file_place_and_problem() -> None:
    with pytest.raises(DataError) as err:
        check_setup(GameSetup((rig(3.5, 8, 90),)), "saves/x.toml", ARENA)
    assert err.value.where == "vehicles[0].trailer" and "west wall" in err.value.what
    assert str(err.value).startswith("saves/x.toml")
