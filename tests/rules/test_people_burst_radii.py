"""Per-weapon burst radii on people (issue 18, PD26; 000:L944, the quick-reference column 000:L1089-L1090):
a burst does its 1d to people within the weapon's own radius, 2" where the list gives none."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.core.events import PersonHurt
from rules.core.geometry import Pose, Vec
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.context import Ctx
from rules.play.state import RuleOptions


def _state():
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),
                       VehicleSetup("blue", "B", "Killer Kart", Pose.at(40, 40, 270), 0.0)),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "B", Pose.at(11.625, 10.125, 0)),))
    return new_game(setup)[0]


def _caught(abbr: str) -> bool:
    ctx = Ctx(_state(), ScriptedDice([4] * 5))
    people.burst(ctx, "red", "w1", Vec(10.125, 10.125), abbr=abbr)   # he stands 1.5" from the burst
    return any(isinstance(e, PersonHurt) for e in ctx.log.events)


def test_the_radius_is_the_weapons_own_000_L1089_L1090():
    s = _state()
    assert people.burst_radius(s, "MNR") == 0.5 and people.burst_radius(s, "LtR") == 1.0
    assert people.burst_radius(s, "MR") == 2.0 and people.burst_radius(s, "CB") == 3.0
    assert not _caught("MNR") and not _caught("LtR")
    assert _caught("MR") and _caught("CB")


def test_a_burst_weapon_without_a_radius_reads_2_inches_000_L944():
    s = _state()
    assert people.burst_radius(s, "no-such-weapon") == 2.0
    assert _caught("")
