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


def _sweep_state():
    """An MG car of side A facing three men of side B standing in a row, inside an inch of each other."""
    from rules.play.state import FIRE, evolve
    setup = GameSetup((VehicleSetup("car", "A", "Hotshot MG Option", Pose.at(5, 10, 90), 0.0),
                       VehicleSetup("far", "B", "Hotshot", Pose.at(40, 40, 270), 0.0)),
                      seed=1, options=RuleOptions(people="on"),
                      people=tuple(PersonSetup(f"b{i}", "B", Pose.at(10.125 + 0.25 * i, 10.125, 0)) for i in (1, 2, 3)))
    s = evolve(new_game(setup)[0], step=FIRE)
    s.derived.clear()
    return s


def test_the_defender_is_asked_the_order_of_an_area_shots_hits_and_it_is_kept_000_L945():
    """000:L945: the to-hit rolls say how many, the defender who: after the MG's sweep at b1 is declared,
    b1 answers for his side with an order of the three; the one hit (one roll of three made) is the first."""
    from rules.core.dice import ScriptedDice
    from rules.core.events import PersonHurt
    from rules.engine.engine import apply, legal_actions, to_act
    from rules.play.actions import Fire, Pass, parse
    from rules.play.people_actions import Pick
    s = _sweep_state()
    mg = next(w.id for w in s.vehicle("car").sheet.weapons if w.abbr == "MG" and w.location == "front")
    s, _ = apply(s, Fire("car", mg, "b1"))
    assert "b1" in to_act(s)
    picks = legal_actions(s, "b1")
    assert picks and all(isinstance(a, Pick) for a in picks) and len(picks) == 6   # every order of three
    assert Pass("b1") not in picks
    choice = Pick("b1", "car", mg, ("b3", "b1", "b2"))
    assert choice in picks and parse(str(choice)) == choice
    s, _ = apply(s, choice)
    assert "b1" not in to_act(s) or not any(isinstance(a, Pick) for a in legal_actions(s, "b1"))
    dice = ScriptedDice([6, 6, 1, 1, 1, 1, 6] + [1] * 40)   # b1's roll made, b2's and b3's missed; 1d damage 6
    while to_act(s) and s.step.value == "fire":
        who = to_act(s)[0]
        s, ev = apply(s, Pass(who), dice)
        hurt = [e for e in ev if isinstance(e, PersonHurt)]
        if hurt:
            assert [e.vehicle for e in hurt] == ["b3"]
            return
    raise AssertionError("the sweep never resolved")


def test_a_foe_defender_answers_with_the_men_best_able_to_take_the_hits_PD26():
    from rules.ai.on_foot import decide
    from rules.engine.engine import apply, legal_actions
    from rules.play.actions import Fire
    s = _sweep_state()
    mg = next(w.id for w in s.vehicle("car").sheet.weapons if w.abbr == "MG" and w.location == "front")
    s, _ = apply(s, Fire("car", mg, "b1"))
    action, why = decide(s, "b1", legal_actions(s, "b1"), "veteran")
    victims = [people.person(s, i) for i in ("b1", "b2", "b3")]
    assert action.order == tuple(p.id for p in people.defenders_pick(s, victims, 3)) and "best able" in why
