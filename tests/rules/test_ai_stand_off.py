"""A foe's car with no enemy vehicle left and only men on foot to fight (issue 18, rules/ai/stand_off.py):
it no longer drives on aimlessly (off the map, or round and round under a rifleman it cannot hit) but
makes for what it can do. The map is Rooftops: the Offices' roof is 40 ft up, the Bank's 20 ft (000:L1215:
firing up costs -1 a ten feet, and a car's gun reaches a man 30 ft up only from farther off than that)."""

from __future__ import annotations

from dataclasses import replace

from rules.ai import stand_off
from rules.ai.on_foot import decide
from rules.core.paths import MAPS_DIR
from rules.engine.engine import apply, legal_actions, new_game, to_act
from rules.engine.scenarios import game_setup, load_scenario
from rules.play import people
from rules.play.actions import Fire


def _alone(car: str, man: str):
    """The rooftop_gunners start with one car and one enemy man left."""
    setup = game_setup(load_scenario(MAPS_DIR / "scenarios" / "rooftop_gunners.toml"), 3)
    setup = replace(setup, vehicles=tuple(v for v in setup.vehicles if v.id == car),
                    people=tuple(p for p in setup.people if p.id == man))
    return new_game(setup)[0]


def test_a_man_on_the_ground_is_driven_at():
    s = _alone("blue", "red_wall")
    g = stand_off.goal(s, "blue")
    assert g is not None and not g.stop and (g.at - people.person(s, "red_wall").pose.centre).length() < 1e-6


def test_a_man_on_a_20_ft_roof_is_shot_at_from_a_spot_on_the_street_000_L1215():
    """The Bank's gunner, 20 ft up: the Hotshot makes for the nearest street spot from which its gun needs
    10 or less with a clear line, and stops there with him at its nose."""
    s = _alone("blue", "red_roof")
    g = stand_off.goal(s, "blue")
    assert g is not None and g.stop and not g.dismount and g.face == people.person(s, "red_roof").pose.centre
    needs = {w.abbr: people.vehicle_shot_need(s, Fire("blue", w.id, "red_roof"), g.at)
             for w in s.vehicle("blue").sheet.weapons}
    assert min(needs.values()) <= stand_off.SHOT_NEED, needs
    assert people.level_of(s, "red_roof") == 20


def test_a_man_no_gun_can_reach_is_left_for_the_stairs_up_to_him_and_the_crew_go_on_foot_000_L1215_L1442():
    """The Offices' rifleman, 40 ft up: from close by the Hotshot's gun cannot reach him, from farther off
    it needs 13 or more. The car leaves him, stops by the stairway up to his roof within a few turns, and
    its driver gets out to go up after him (before, it drove on and off the map, or circled to turn 60)."""
    s = _alone("red", "blue_roof")
    assert stand_off.shot_spot(s, s.vehicle("red"), people.person(s, "blue_roof")) is None
    g = stand_off.goal(s, "red")
    assert g is not None and g.dismount and "cannot reach" in g.why
    foot = (12.125, 15.125)   # maps/rooftops.toml: the Offices' stairs
    for _ in range(2000):
        if people.person(s, "red.driver") is not None or s.turn > 10:
            break
        who = to_act(s)[0]
        a, _why = decide(s, who, legal_actions(s, who), "veteran", budget=60.0)
        s, _ = apply(s, a)
    driver = people.person(s, "red.driver")
    assert driver is not None, "the driver never got out"
    assert s.vehicle("red").speed == 0 and not s.vehicle("red").left_map
    assert ((driver.pose.x - foot[0]) ** 2 + (driver.pose.y - foot[1]) ** 2) ** 0.5 <= stand_off.DISMOUNT_REACH + 1


def test_no_goal_while_an_enemy_vehicle_fights_on():
    setup = game_setup(load_scenario(MAPS_DIR / "scenarios" / "rooftop_gunners.toml"), 3)
    s = new_game(setup)[0]
    assert stand_off.goal(s, "red") is None and stand_off.goal(s, "blue") is None


def test_a_foe_does_not_throw_at_a_man_against_a_wall_when_the_wall_would_set_it_off_near_him_000_L1195():
    """Seen in play: the Hotshot's driver threw an explosive grenade at the rifleman on the Offices' stairway
    from 4" off; it scattered past the wall, struck the building in flight and went off there, 1.4" from
    the thrower, killing him (000:L1195, PD34). A throw whose likely flight meets a wall that near his own
    side is not taken; the same throw across open street is."""
    from rules.ai.on_foot import _own_side_in_blast
    from rules.core.geometry import Pose
    from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
    from rules.play.people_actions import Throw
    from rules.play.state import RuleOptions

    def state(target_at):
        setup = GameSetup((VehicleSetup("red", "A", "Hotshot", Pose.at(26, 10, 90), 0.0),
                           VehicleSetup("blue", "B", "Hotshot", Pose.at(28, 17, 90), 0.0)),
                          seed=1, options=RuleOptions(people="on"), map="maps/rooftops.toml",
                          people=(PersonSetup("man", "A", Pose.at(10.875, 11.625, 90), weapon="SMG",
                                              grenades=("explosive",)),
                                  PersonSetup("foe", "B", Pose.at(*target_at, 0), weapon="Rifle")))
        return new_game(setup)[0]

    wall = state((12.125, 15.125))   # the Offices' stairway foot, against the building's east wall
    assert _own_side_in_blast(wall, "A", Throw("man", "explosive", 12.125, 15.125, 0))
    street = state((14.375, 11.625))  # 3.5" off along the street, nothing between
    assert not _own_side_in_blast(street, "A", Throw("man", "explosive", 14.375, 11.625, 0))


def test_a_prone_foe_at_the_stairs_foot_gets_up_to_climb_to_the_man_above_000_L1442_L1461():
    """Seen in play (rooftop_gunners seed 8): the driver, empty-handed and prone at the Offices' stairway foot
    under the rifleman at its hatch, waited there to turn 60: a prone man moves only in phases 2 and 4 and
    climbs no stairs, and the man 40 ft up was counted at arm's length. He now stands up to climb."""
    from rules.core.geometry import Pose
    from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
    from rules.play.people_actions import Prone
    from rules.play.state import MOVE, RuleOptions, evolve

    setup = GameSetup((VehicleSetup("red", "A", "Hotshot", Pose.at(26, 10, 90), 0.0),
                       VehicleSetup("blue", "B", "Hotshot", Pose.at(28, 17, 90), 0.0)),
                      seed=1, options=RuleOptions(people="on"), map="maps/rooftops.toml",
                      people=(PersonSetup("man", "A", Pose.at(12.125, 15.125, 0), prone=True),
                              PersonSetup("foe", "B", Pose.at(12.125, 14.875, 0), weapon="Rifle")))
    s = new_game(setup)[0]
    s = evolve(s, people=tuple(replace(p, stair_up=8, pose=Pose.at(12.125, 15.125, 0)) if p.id == "foe"
                               else p for p in s.people))
    s = evolve(s, step=MOVE, phase=2, walkers=("man",))   # a crawl phase: the prone man is asked (000:L1460)
    s.derived.clear()
    assert people.level_of(s, "foe") == 40 and to_act(s) == ["man"]
    a, why = decide(s, "man", legal_actions(s, "man"), "veteran", budget=60.0)
    assert a == Prone("man", False) and "climb" in why
