"""Pedestrians who start the game on foot (issue 18 item 8): the scenario's [[pedestrians]], their kit and
team, saves and replays that keep them, and the arena with gunners behind the pillars played to its end."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.ai.on_foot import decide
from rules.core.errors import DataError
from rules.core.events import PersonHurt, ShotFired
from rules.core.paths import MAPS_DIR
from rules.core.tomlio import dumps_toml
from rules.engine.engine import apply, legal_actions, new_game, outcome, to_act
from rules.engine.game import Game
from rules.engine.saves import loads_game, save_dict
from rules.engine.scenarios import game_setup, load_scenario
from rules.play import people
from rules.play.people_actions import Shoot, Walk

ARENA = MAPS_DIR / "scenarios" / "arena_gunners.toml"


def test_the_gunners_stand_where_the_scenario_puts_them_with_their_kit():
    """000:L1437: a pedestrian is a quarter-inch square; 000:L1508: body armor at its full DP; the rifle
    loaded (000:L1543's 20 shots)."""
    state, _ = new_game(game_setup(load_scenario(ARENA), 1))
    g = people.person(state, "red_north")
    assert g is not None and g.owner == "Player 1" and g.from_vehicle == ""
    assert (g.pose.x, g.pose.y) == (9.125, 7.625)
    assert g.weapon == "Rifle" and g.shots == 20 and g.grenades == ("explosive", "explosive")
    assert g.armor == "body_armor" and g.armor_left == state.rules.people.armor["body_armor"].dp
    assert g.skill == 1 and not g.down
    assert {p.id for p in people.standing(state)} == {"red_north", "red_south", "blue_north", "blue_south"}


def test_a_gunner_on_foot_walks_and_fires_from_the_first_turn():
    """000:L1439: pedestrians move in the movement step; 000:L1449: a hand weapon fires in the fire step.
    A gunner from the start is not busy getting out of anything."""
    game = Game(game_setup(load_scenario(ARENA), 1))
    seen_walk = seen_fire_step = False
    for _ in range(400):
        who = to_act(game.state)[0]
        legal = legal_actions(game.state, who)
        if who == "red_north":
            seen_walk |= any(isinstance(a, Walk) and (a.dx, a.dy) != (0, 0) for a in legal)
            seen_fire_step |= game.state.step == "fire"
        if seen_walk and seen_fire_step:
            break
        game.apply(decide(game.state, who, legal, "veteran", budget=30.0)[0])
    assert seen_walk and seen_fire_step


def test_a_save_keeps_the_pedestrians_and_replays_to_the_same_game():
    """The save holds the set-up's people ([[setup.person]]) and replays to the saved digest."""
    game = Game(game_setup(load_scenario(ARENA), 3))
    for _ in range(120):
        who = to_act(game.state)[0]
        game.apply(decide(game.state, who, legal_actions(game.state, who), "veteran", budget=30.0)[0])
    data = save_dict(game)
    assert [p["id"] for p in data["setup"]["person"]] == ["red_north", "red_south", "blue_north", "blue_south"]
    again = loads_game(dumps_toml(data))
    assert again.setup.people == game.setup.people
    assert again.state == game.state


def test_a_save_without_people_has_no_person_table():
    game = Game(game_setup(load_scenario(MAPS_DIR / "scenarios" / "arena_duel.toml"), 1))
    assert "person" not in save_dict(game)["setup"]


def _write(tmp_path: Path, extra: str, people_on: bool = True) -> Path:
    text = ARENA.read_text().replace('map = "../arena.toml"', f'map = "{(MAPS_DIR / "arena.toml").as_posix()}"')
    if not people_on:
        text = text.replace("people = true", "people = false")
    p = tmp_path / "s.toml"
    p.write_text(text + extra)
    return p


@pytest.mark.parametrize(("extra", "where", "what"), [
    ('[[pedestrians]]\nid = "x"\nowner = "P"\nteam = "red"\nx = 12\ny = 12\nweapon = "Phaser"\n',
     "people[4].weapon", "unknown weapon 'Phaser'"),
    ('[[pedestrians]]\nid = "x"\nowner = "P"\nteam = "red"\nx = 12\ny = 12\ngrenades = ["rock"]\n',
     "people[4].grenades", "unknown grenade 'rock'"),
    ('[[pedestrians]]\nid = "x"\nowner = "P"\nteam = "red"\nx = 99\ny = 12\n', "people[4]", "off the map"),
    ('[[pedestrians]]\nid = "red"\nowner = "P"\nteam = "red"\nx = 12\ny = 12\n', "pedestrians[4].id", "used twice"),
])
def test_a_bad_pedestrian_is_named_with_its_place(tmp_path, extra, where, what):
    with pytest.raises(DataError) as exc:
        load_scenario(_write(tmp_path, extra))
    assert exc.value.where == where and what in exc.value.what


def test_pedestrians_need_the_people_option(tmp_path):
    with pytest.raises(DataError) as exc:
        load_scenario(_write(tmp_path, "", people_on=False))
    assert "people = true" in exc.value.what


SEED = 5   # a seed whose game ends before the turn limit (seed 2 did until the crews' kits, bounces and shots
           # from inside changed the play; seeds 1, 2 and 6 now reach the limit with gunners still behind cover)


def test_the_gunners_behind_the_pillars_play_to_the_end():
    """The arena with pedestrian gunners behind cover played to its end between foes: the gunners fire
    their hand weapons (000:L1449), people are hurt (000:L1450), and the outcome names the people
    standing and fallen (a side is beaten only when its cars and its men are all out)."""
    state, _ = new_game(game_setup(load_scenario(ARENA), SEED))
    events = []
    for _ in range(20_000):
        if state.over or outcome(state) is not None:
            break
        who = to_act(state)[0]
        action, _why = decide(state, who, legal_actions(state, who), "veteran", budget=60.0)
        if isinstance(action, Shoot):   # never at his own side
            target = people.person(state, action.target)
            owner = target.owner if target else state.vehicle(action.target).owner
            assert owner != action_owner(state, who)
        state, ev = apply(state, action)
        events += ev
    got = outcome(state)
    assert got is not None
    gunners = {"red_north", "red_south", "blue_north", "blue_south"}
    assert any(isinstance(e, ShotFired) and e.vehicle in gunners for e in events)
    assert any(isinstance(e, PersonHurt) for e in events)
    for p in state.people:
        assert (p.id in got.survivors) == (not p.down)
        if p.down:
            assert (p.id, "killed" if p.state == "dead" else "knocked out") in got.fallen
    assert {p.owner for p in people.standing(state)} <= set(got.winners)
    assert len(got.winners) == 1 and "turn limit" not in got.reason   # SEED ends before the turn limit


def action_owner(state, who):
    p = people.person(state, who)
    return p.owner if p else state.vehicle(who).owner
