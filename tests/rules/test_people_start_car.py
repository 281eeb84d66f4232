"""Starting a stopped vehicle after getting back in at the wheel (issue 18 item 5; 000:L1472)."""

from __future__ import annotations

from test_people_engine import duel, until

from rules.engine.engine import apply, legal_actions, to_act
from rules.play import people
from rules.play.actions import Pass, SetSpeed
from rules.play.people_actions import GetIn, GetOut, Walk
from rules.play.state import FIRE, SPEED


def _step(s):
    who = to_act(s)[0]
    if s.step == FIRE:
        return apply(s, Pass(who))[0]
    if people.is_person(s, who):
        return apply(s, Walk(who, 0, 0))[0]
    if s.step == SPEED:
        return apply(s, SetSpeed(who, s.vehicle(who).signed_speed))[0]
    return apply(s, next(a for a in legal_actions(s, who) if "straight" in str(a)))[0]


def test_the_car_takes_3_seconds_to_start_000_L1472():
    """000:L1472: a vehicle that is not moving takes 3 seconds to start: no speed above 0 for the three
    turns counted from the one he got in, free to accelerate in the fourth."""
    s = until(duel(), FIRE)
    s, _ = apply(s, GetOut("Red", "driver"))
    for _ in range(2000):
        if "Red.driver" in to_act(s) and GetIn("Red.driver", "Red") in legal_actions(s, "Red.driver"):
            break
        s = _step(s)
    got_in = s.turn
    s, _ = apply(s, GetIn("Red.driver", "Red"))
    assert s.vehicle("Red").starting == 3
    speeds_by_turn = {}
    for _ in range(4000):
        if s.turn > got_in + 3:
            break
        if s.step == SPEED and "Red" in to_act(s):
            speeds_by_turn.setdefault(s.turn, set()).update(
                a.mph for a in legal_actions(s, "Red") if isinstance(a, SetSpeed))
        s = _step(s)
    assert speeds_by_turn[got_in + 1] == {0.0} and speeds_by_turn[got_in + 2] == {0.0}
    assert max(speeds_by_turn[got_in + 3]) > 0


def test_a_man_on_foot_takes_the_empty_seat_of_another_car_of_his_side_000_L1472():
    """000:L1472 (reading PD29): a pedestrian who has stood beside a stopped vehicle a turn may enter it;
    into another car of his side he takes its empty driver's seat, and the car must then be started."""
    from rules.core.events import PersonGotIn
    from rules.core.geometry import Pose
    from rules.engine.engine import new_game
    from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
    from rules.play.state import RuleOptions

    setup = GameSetup((VehicleSetup("A1", "a", "Killer Kart", Pose.at(5, 5, 90), 0.0),
                       VehicleSetup("A2", "a", "Killer Kart", Pose.at(5, 10, 90), 0.0),
                       VehicleSetup("B", "b", "Killer Kart", Pose.at(40, 40, 270), 0.0)),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("walker", "a", Pose.at(5.125, 10.625, 0), weapon="SMG"),))
    s = until(new_game(setup)[0], FIRE)
    s, _ = apply(s, GetOut("A2", "driver"))
    assert any(c.id == "driver" and c.name.endswith("(got out)") for c in s.vehicle("A2").sheet.components)
    for _ in range(400):
        if "walker" in to_act(s) and GetIn("walker", "A2") in legal_actions(s, "walker"):
            break
        s = _step(s)
    else:
        raise AssertionError("never offered")
    assert GetIn("walker", "A1") not in legal_actions(s, "walker")   # A1 has no empty seat, and is not beside him
    s, ev = apply(s, GetIn("walker", "A2"))
    assert any(isinstance(e, PersonGotIn) and e.into == "A2" for e in ev)
    v = s.vehicle("A2")
    assert not v.driverless and v.starting == 3 and people.person(s, "walker") is None
    assert GetIn("A2.driver", "A2") not in people._get_in_options(s, people.person(s, "A2.driver"))  # seat taken


def test_a_crew_buried_under_a_fallen_building_climbs_out_only_when_free_000_L1204():
    """000:L1204: people in a car under a fallen building are trapped for as many turns as it had DP;
    after that they may climb out of the wreck like any crew (000:L1469)."""
    from dataclasses import replace

    from rules.play.state import evolve

    s = until(duel(), FIRE)
    v = replace(s.vehicle("Red"), buried_under="the garage", trapped_until=s.turn + 1, out=True)
    s = evolve(s, vehicles=tuple(v if x.id == "Red" else x for x in s.vehicles))
    assert not people.leave_options(s, "Red")
    later = evolve(s, turn=s.turn + 2)
    assert GetOut("Red", "driver") in people.leave_options(later, "Red")
