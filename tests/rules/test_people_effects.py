"""Vehicle weapons' area and burst effects on people (issue 18 item 3; 000:L943-L948)."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.core.events import PersonHurt, ShotFired
from rules.core.geometry import Pose, Vec
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.actions import Fire
from rules.play.context import Ctx
from rules.play.state import FIRE, RuleOptions, evolve
from rules.tables.people import people_tables


def _state(men: list[tuple[str, str, float, float]]):
    setup = GameSetup((VehicleSetup("car", "A", "Hotshot MG Option", Pose.at(5, 10, 90), 0.0),
                       VehicleSetup("far", "B", "Hotshot", Pose.at(40, 40, 270), 0.0)),
                      seed=1, options=RuleOptions(people="on"),
                      people=tuple(PersonSetup(i, o, Pose.at(x, y, 0)) for i, o, x, y in men))
    return evolve(new_game(setup)[0], step=FIRE)


def test_the_sweep_takes_half_the_roll_rounded_up_000_L946():
    """000:L946: those hit by a sweep take half the damage rolled, rounded up; the flamethrower and the
    heavy-duty FT do full damage to all. The book's example (000:L947): 13 rolled, 7 to each victim."""
    t = people_tables()
    assert people.area_share(t, "L", 13, 4) == 7
    assert people.area_share(t, "MG", 5, 2) == 3
    assert people.area_share(t, "FT", 13, 3) == 13 and people.area_share(t, "HDFT", 9, 2) == 9
    assert people.area_share(t, "MG", 5, 1) == 5   # one man alone: an ordinary hit


def test_an_area_weapon_sweeps_the_men_within_an_inch_000_L945():
    """000:L945: a sweep over pedestrians within 1" of one another, one to-hit roll per intended victim;
    not his own side, not a man farther off."""
    s = _state([("b1", "B", 10.125, 10.125), ("b2", "B", 10.625, 10.125), ("b3", "B", 10.125, 10.875),
                ("far", "B", 12.125, 10.125), ("mine", "A", 10.375, 10.375)])
    aimed = people.person(s, "b1")
    assert aimed is not None
    assert [p.id for p in people.swept_with(s, "A", aimed)] == ["b2", "b3"]


def test_an_mg_sweep_in_play_rolls_for_each_and_halves_000_L945_L946():
    """The front MG fires at b1 with b2 beside him: two to-hit rolls (both 12: hits), one damage roll of 5,
    3 to each (half rounded up, 000:L946)."""
    s = _state([("b1", "B", 10.125, 10.125), ("b2", "B", 10.625, 10.125)])
    mg = next(w.id for w in s.vehicle("car").sheet.weapons if w.abbr == "MG" and w.location == "front")
    ctx = Ctx(s, ScriptedDice([6, 6, 6, 6, 5] + [1] * 20))
    people._vehicle_shot(ctx, Fire("car", mg, "b1"))
    shots = [e for e in ctx.log.events if isinstance(e, ShotFired)]
    assert [e.target for e in shots] == ["b1", "b2"] and all(e.hit for e in shots)
    hurt = {e.vehicle: e.points for e in ctx.log.events if isinstance(e, PersonHurt)}
    assert hurt == {"b1": 3, "b2": 3}


def test_a_burst_does_1d_to_men_within_2_inches_in_the_open_000_L944():
    """000:L944 (reading PD26): a burst-effect hit does 1d to every pedestrian within 2" of it not under
    cover; a man with a vehicle between him and the burst is spared, and one 3" off is out of reach."""
    s = _state([("near", "B", 12.125, 20.125), ("far", "B", 12.125, 23.125), ("hidden", "B", 5.125, 10.625)])
    ctx = Ctx(s, ScriptedDice([4] * 10))
    people.burst(ctx, "x", "RR", Vec(12.125, 18.625))
    people.burst(ctx, "x", "RR", Vec(5.125, 8.75))   # the car at (5, 10) stands between this and "hidden"
    hurt = {e.vehicle: e.points for e in ctx.log.events if isinstance(e, PersonHurt)}
    assert hurt == {"near": 4}
