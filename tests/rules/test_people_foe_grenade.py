"""A foe on foot does not throw a grenade at his own feet (issue 18 item 7; the explosive's 2", 000:L1576)."""

from __future__ import annotations

from rules.ai.on_foot import decide
from rules.core.geometry import Pose
from rules.engine.engine import legal_actions, new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play.people_actions import Shoot, Throw
from rules.play.state import FIRE, RuleOptions, evolve


def _state(enemy_x: float):
    setup = GameSetup((VehicleSetup("red", "red", "Killer Kart", Pose.at(2, 30, 90), 0.0),
                       VehicleSetup("blue", "blue", "Killer Kart", Pose.at(40, 40, 270), 0.0)),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("a", "blue", Pose.at(10.125, 10.125, 90), weapon="SMG",
                                          grenades=("explosive",), foe="veteran"),
                              PersonSetup("b", "red", Pose.at(enemy_x, 10.125, 270), weapon="SMG")))
    s = evolve(new_game(setup)[0], step=FIRE)
    s.derived.clear()
    return s


def test_an_enemy_at_arms_length_is_shot_not_grenaded_000_L1576():
    s = _state(10.625)
    legal = legal_actions(s, "a")
    assert any(isinstance(x, Throw) for x in legal)   # he could throw ...
    action, _why = decide(s, "a", legal, "veteran")
    assert action == Shoot("a", "SMG", "b")          # ... but not into his own blast


def test_an_enemy_3_inches_off_still_gets_the_grenade():
    s = _state(13.125)
    action, _why = decide(s, "a", legal_actions(s, "a"), "veteran")
    assert isinstance(action, Throw) and action.grenade == "explosive"
