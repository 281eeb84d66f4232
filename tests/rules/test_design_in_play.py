"""Design features that change play: the HD transmission's low gear (000:L2629), off-road suspension and
tires (000:L512-L519, L1833-L1835) and weapon options in combat (000:L2463)."""

from __future__ import annotations

from dataclasses import replace

from rules import engine
from rules.actions import SetSpeed
from rules.design import load_stock, spec
from rules.geometry import Pose
from rules.movement import speed_options
from rules.setup import GameSetup, VehicleSetup
from rules.state import GameState
from rules.tables import tables


def _game(design: str, mph: float) -> GameState:
    setup = GameSetup((VehicleSetup("a", "a", design, Pose.at(0, 0, 0), speed=mph),), seed=1)
    return engine.new_game(setup)[0]


# --- the HD transmission (000:L2629) -----------------------------------------------------------------


def test_buffalo_low_gear_from_rest_000_L2629() -> None:
    """The Buffalo has an HD transmission: 2.5 mph a turn below 25 mph, though its figure is 5."""
    s = spec(load_stock("Buffalo"))
    assert s.low_gear is not None and s.acceleration > s.low_gear[0]
    v = _game("Buffalo", 0).vehicle("a")
    assert max(speed_options(tables(), v)) == s.low_gear[0]
    stopped = speed_options(tables(), replace(v, full_stop=True))  # a full turn at rest: reverse allowed
    assert min(stopped) == -s.low_gear[0]  # reverse from rest is in low gear too (000:L237, L2629)


def test_buffalo_low_gear_refuses_its_full_figure_000_L2629() -> None:
    state = _game("Buffalo", 0)
    problem = engine.check(state, SetSpeed("a", 5.0))
    assert problem is not None and "2.5 mph a turn" in problem and "000:L2629" in problem
    assert engine.check(state, SetSpeed("a", 2.5)) is None


def test_buffalo_full_acceleration_from_25_mph_000_L2629() -> None:
    """Just under 25 mph it is still in low gear; at 25 mph it has its full figure."""
    s = spec(load_stock("Buffalo"))
    assert s.low_gear is not None
    below = s.low_gear[1] - tables().chart.step
    assert max(speed_options(tables(), _game("Buffalo", below).vehicle("a"))) == below + s.low_gear[0]
    at = s.low_gear[1]
    assert max(speed_options(tables(), _game("Buffalo", at).vehicle("a"))) == at + s.acceleration
    assert engine.check(_game("Buffalo", at), SetSpeed("a", at + s.acceleration)) is None
