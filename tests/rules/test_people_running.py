"""The Running skill (000:L1364): each plus adds 2.5 mph to a man's speed, "with Running +3, you move at 20
mph and Sprint at 25 mph", and nobody moves faster than 25 mph, sprinting or not. A stairway is climbed a
square a turn whatever his speed (000:L1443)."""

from __future__ import annotations

from rules.core.geometry import Pose
from rules.core.tomlio import dumps_toml
from rules.engine.engine import new_game
from rules.engine.game import Game
from rules.engine.saves import loads_game, save_dict
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.state import RuleOptions
from tests.rules.test_people_sprint import _play_turn


def _game(running: int) -> GameSetup:
    return GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),
                      VehicleSetup("blue", "B", "Killer Kart", Pose.at(40, 40, 270), 0.0)),
                     seed=2, options=RuleOptions(people="on"),
                     people=(PersonSetup("man", "A", Pose.at(10.125, 10.125, 90), weapon="SMG", running=running),))


def _squares(running: int, sprint: bool) -> int:
    s = new_game(_game(running))[0]
    x0 = people.person(s, "man").pose.x
    after, _ = _play_turn(s, sprint=sprint)
    return round((people.person(after, "man").pose.x - x0) / 0.25)


def test_running_plus_3_moves_at_20_mph_and_sprints_at_25_000_L1364():
    """12.5 mph is 5 squares a turn; Running +3's 20 mph reads the chart's 80 mph row (8 squares), its 25 mph
    sprint the 100 mph row (10 squares)."""
    assert _squares(0, sprint=False) == 5
    s = new_game(_game(3))[0]
    assert people.foot_mph(s, people.person(s, "man")) == 20.0
    assert _squares(3, sprint=False) == 8
    assert _squares(3, sprint=True) == 10


def test_no_one_on_foot_moves_faster_than_25_mph_000_L1364():
    """Running +5 would be 25 mph, sprinting 30: both are held to 25 mph (10 squares a turn)."""
    s = new_game(_game(5))[0]
    assert people.foot_mph(s, people.person(s, "man")) == 25.0
    assert _squares(5, sprint=True) == 10


def test_a_save_keeps_a_mans_running_level():
    again = loads_game(dumps_toml(save_dict(Game(_game(2)))))
    assert again.setup.people[0].running == 2 and people.person(again.state, "man").running == 2
