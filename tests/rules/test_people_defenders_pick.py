"""The defender's choice of an area sweep's victims (issue 18, PD26; 000:L945): the rolls say how many are
hit, the defender says who; men of more than one side are the attacker's pick."""

from __future__ import annotations

from dataclasses import replace

from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.state import RuleOptions


def _men(owners: tuple[str, str, str]):
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),),
                      seed=2, options=RuleOptions(people="on"),
                      people=tuple(PersonSetup(f"m{i}", o, Pose.at(10.125 + 0.25 * i, 10.125, 0))
                                   for i, o in enumerate(owners)))
    s = new_game(setup)[0]
    return s, list(s.people)


def test_the_defender_puts_the_hits_on_the_men_best_able_to_take_them_000_L945():
    s, men = _men(("B", "B", "B"))
    men[1] = replace(men[1], armor="body_armor", armor_left=3)
    men[0] = replace(men[0], damage=1)   # the aimed man, already wounded
    picked = people.defenders_pick(s, men, 2)
    assert [p.id for p in picked] == ["m1", "m2"]


def test_men_of_two_sides_are_the_attackers_pick_000_L945():
    s, men = _men(("B", "C", "B"))
    men[1] = replace(men[1], armor="body_armor", armor_left=3)
    assert [p.id for p in people.defenders_pick(s, men, 2)] == ["m0", "m1"]
