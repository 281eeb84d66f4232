"""Stairs (issue 18; 000:L1442-L1443; reading PD43): a building's stairway from a foot square beside its
wall to the roof hatch, two squares a storey; a stop on arriving, a square a turn in phase 1, a turn from
the hatch onto the roof."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.engine.engine import apply, check, legal_actions, new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people, stairs
from rules.play.people_actions import Climb, Sprint, Walk
from rules.play.state import MOVE, GameState, RuleOptions, evolve
from rules.world.maps import load_map, validate_map

ROOFTOPS = "maps/rooftops.toml"
BANK_FOOT = (16.125, 4.125)      # the Bank's stairway foot, beside its east wall (2 storeys: 4 squares)
BANK_ROOF = (15.875, 4.125)      # the roof square beside the hatch


def _state(at: tuple[float, float], **kw: object) -> GameState:
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(3, 10.75, 90), 0.0),
                       VehicleSetup("blue", "B", "Killer Kart", Pose.at(27, 9.25, 270), 0.0)),
                      seed=4, map=ROOFTOPS, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "A", Pose.at(*at, 90), weapon="SMG"),))
    s = evolve(new_game(setup)[0], step=MOVE, phase=1, walkers=("man",))
    man = replace(people.person(s, "man"), **kw)
    s = evolve(s, people=tuple(man if p.id == "man" else p for p in s.people))
    s.derived.clear()
    return s


def _at(s: GameState, **kw: object) -> GameState:
    man = replace(people.person(s, "man"), **kw)
    out = evolve(s, people=tuple(man if p.id == "man" else p for p in s.people))
    out.derived.clear()
    return out


def test_the_stairway_is_two_squares_a_storey_and_rises_with_him_000_L1442():
    s = _state(BANK_FOOT)
    way = stairs.stairway_of(s, people.person(s, "man"))
    assert way is not None and way.squares == 4 and way.height_ft == 20.0
    assert people.level_of(s, "man") == 0.0
    assert people.level_of(_at(s, stair_up=2), "man") == 10.0
    assert people.level_of(_at(s, stair_up=4), "man") == 20.0


def test_stepping_onto_the_foot_stops_him_for_the_turn_000_L1442():
    s = _state((16.375, 4.125))                    # a square east of the foot
    s, _ = apply(s, Walk("man", -1, 0))
    man = people.person(s, "man")
    assert man.pose.centre.x == pytest.approx(16.125) and man.stair_turn == s.turn and man.stair_up == 0
    assert not people.may_walk(s, man)


def test_a_square_a_turn_in_phase_1_up_to_the_hatch_000_L1442():
    s = _state(BANK_FOOT)
    assert Climb("man", True) in legal_actions(s, "man") and Climb("man", False) not in legal_actions(s, "man")
    assert Sprint("man") not in legal_actions(s, "man")          # no sprinting up stairs (000:L1441)
    s, _ = apply(s, Climb("man", True))
    man = people.person(s, "man")
    assert man.stair_up == 1 and not people.may_walk(s, man)     # one square, then he stops
    later = evolve(_at(s), turn=s.turn + 1, phase=2, step=MOVE, walkers=("man",))
    assert not people.may_walk(later, people.person(later, "man"))   # only in phase 1 while on the stairs
    nxt = evolve(_at(s), turn=s.turn + 1, phase=1, step=MOVE, walkers=("man",))
    assert set(legal_actions(nxt, "man")) == {Climb("man", True), Climb("man", False), Walk("man", 0, 0)}
    assert check(nxt, Walk("man", 1, 0)) is not None             # no walking off the middle of the stairs


def test_from_the_hatch_onto_the_roof_takes_the_turn_and_down_through_it_stops_him_000_L1443():
    s = _state(BANK_FOOT, stair_up=4)
    assert Walk("man", -1, 0) in legal_actions(s, "man")         # onto the Bank's roof
    assert Walk("man", 1, 0) not in legal_actions(s, "man")      # not off the hatch into the air
    s, _ = apply(s, Walk("man", -1, 0))
    man = people.person(s, "man")
    assert people.level_of(s, "man") == 20.0 and man.stair_up == 0 and not people.may_walk(s, man)
    down = _state(BANK_ROOF)                                      # the other way: roof to hatch
    assert Walk("man", 1, 0) in legal_actions(down, "man")
    down, _ = apply(down, Walk("man", 1, 0))
    man = people.person(down, "man")
    assert man.stair_up == 4 and people.level_of(down, "man") == 20.0 and not people.may_walk(down, man)


def test_the_roofs_edge_is_still_closed_where_there_is_no_stairway_EL5():
    s = _state((15.875, 3.125))
    assert Walk("man", 1, 0) not in legal_actions(s, "man")


def test_a_stairway_inside_its_building_or_away_from_it_is_a_map_problem(tmp_path):
    text = open(ROOFTOPS).read()
    for bad, what in (("stairs = [15.875, 4.125]", "inside the building"), ("stairs = [16.625, 4.125]", "must touch")):
        path = tmp_path / "m.toml"
        path.write_text(text.replace("stairs = [16.125, 4.125]", bad))
        try:
            probs = validate_map(load_map(path, strict=False))
        except DataError as exc:
            probs = [exc]
        assert any(what in str(p) for p in probs), probs


def _foe_state(man: tuple[float, float], enemy: tuple[float, float], weapon: str = "SMG", **kw: object) -> GameState:
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(1, 19, 90), 0.0),
                       VehicleSetup("blue", "B", "Killer Kart", Pose.at(29, 19, 270), 0.0)),
                      seed=4, map=ROOFTOPS, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "A", Pose.at(*man, 90), weapon=weapon),
                              PersonSetup("foe", "B", Pose.at(*enemy, 90), weapon="SMG")))
    s = evolve(new_game(setup)[0], step=MOVE, phase=1, walkers=("man",))
    return _at(s, **kw)


def test_a_foe_on_a_roof_with_no_shot_heads_for_the_hatch_and_climbs_down_000_L1442():
    from rules.ai.on_foot import decide
    behind = _foe_state((13.125, 2.375), (2, 19.5))        # the Bank's far corner; his enemy round the Offices
    who = decide(behind, "man", legal_actions(behind, "man"), "veteran")
    assert isinstance(who[0], Walk) and "stairs" in who[1]
    mid = _foe_state(BANK_FOOT, (2, 19.5), stair_up=2)      # half way down: on down
    assert decide(mid, "man", legal_actions(mid, "man"), "veteran")[0] == Climb("man", False)
    up = _foe_state(BANK_FOOT, (11.125, 3.125), weapon="")  # at the foot, unarmed, the enemy on the Bank's roof
    assert decide(up, "man", legal_actions(up, "man"), "veteran")[0] == Climb("man", True)
