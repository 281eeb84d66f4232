"""Weapons on automatic on a long vehicle's half-side and on a trailer (000:L1025-L1026; readings CB81, M-R13,
M-R17, M-R19): the line runs square out of the half's side from its middle, and a trailer (gunners, nobody at
a wheel) fires it. Both used to stop the game with a KeyError ('back_left', then 'driver')."""

from __future__ import annotations

import pytest

from rules.core.geometry import Pose
from rules.engine.engine import apply, new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.automatic_fire import side_of
from rules.play.actions import Automatic
from rules.play.state import GameState
from tests.rules.test_combat_automatic import auto_fire, play
from tests.rules.test_combat_engine import to_fire_step


def rig_and_kart(kart_y: float) -> GameState:
    """The rig stopped heading north; the Brotherhood's back half spans y 1.625-3.0 on its left side x -0.25."""
    vs = (VehicleSetup("rig", "a", "Annihilator", Pose.at(0, 0, 0), speed=0, trailer="Brotherhood"),
          VehicleSetup("Blue", "b", "Killer Kart", Pose.at(-5, kart_y, 90), speed=0))
    return new_game(GameSetup(vs, seed=11))[0]


def test_a_trailers_back_left_laser_on_automatic_fires_square_out_of_the_back_half_000_L1026() -> None:
    state = to_fire_step(rig_and_kart(2.3))
    assert next(w for w in state.vehicle("rig_trailer").sheet.weapons if w.id == "TwL3").location == "back_left"
    state, _ = apply(state, Automatic("rig_trailer", "TwL3"))
    state, events = play(state, 1)
    (shot,) = auto_fire(events, "rig_trailer")
    assert shot.target == "Blue"
    assert "4.25\"" in shot.text   # from the trailer's left side (x -0.25) to the kart's front edge (x -4.5)


def test_a_kart_beside_the_front_half_is_off_the_back_halfs_line_000_L1026() -> None:
    state = to_fire_step(rig_and_kart(0.9))
    state, _ = apply(state, Automatic("rig_trailer", "TwL3"))
    state, events = play(state, 1)
    assert all(s.target != "Blue" for s in auto_fire(events, "rig_trailer"))


@pytest.mark.parametrize(("mount", "side"), [
    ("front_left", "left"), ("back_right", "right"), ("carrier-left", "left"), ("carrier-back", "back"),
    ("carrier-top", "turret"), ("front", "front"), ("turret", "turret"),
])
def test_each_mount_fires_out_of_its_plain_side_readings_M_R13_M_R17(mount: str, side: str) -> None:
    assert side_of(mount) == side
