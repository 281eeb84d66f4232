"""A player with several vehicles: one input fires every suggested shot of a fire step (the top row of the
fire list, highlighted), one input holds the course of all of them (Shift+H), and a fire step whose only shots
are at the player's own vehicles passes by itself, saying so. Every single shot and Hold fire stays reachable;
nothing is fired that the player did not accept."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.battle.pilot import Orders, answer
from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Fire, Move, Pass
from rules.play.state import FIRE, SPEED
from tests.game.conftest import click, press, start_battle

KART = "Killer Kart"   # one front MG, a driver alone: one shot a turn


def _three(red1: Pose, red2: Pose, blue: Pose, mph: float = 0.0) -> GameSetup:
    """Ann drives red1 and red2, Bob drives blue; open ground, no map."""
    return GameSetup((VehicleSetup("red1", "Ann", KART, red1, mph, colour="red"),
                      VehicleSetup("red2", "Ann", KART, red2, mph, colour="red"),
                      VehicleSetup("blue", "Bob", KART, blue, 0.0, colour="blue")), seed=5, map="")


def _facing_blue() -> GameSetup:
    """Both of Ann's karts face Bob's, 8 inches off: each has one shot that can hit."""
    return _three(Pose.at(10, 10, 90), Pose.at(10, 14, 90), Pose.at(18, 12, 270))


def _to_fire(app, battle, vid: str, limit: int = 40) -> None:
    for _ in range(limit):
        if battle.state.step == FIRE and battle.human_actor() == vid:
            return
        press(app, pygame.K_SPACE)   # keep the speed / straight on / hold fire
    raise AssertionError(f"no fire step for {vid}")


def _fired(battle) -> list[Fire]:
    return [a for a in battle.session.game.actions if isinstance(a, Fire)]


def test_one_enter_fires_the_suggested_shot_of_each_of_the_players_vehicles(app):
    battle = start_battle(app, _facing_blue())
    _to_fire(app, battle, "red1")
    top = battle.fire.rows[0]
    assert battle.fire.index == 0 and top.plan, "the suggested row is on top and highlighted"
    assert top.label == "Fire all 2 suggested shots (red1, red2)"
    planned = battle.fire.plan.actions()
    assert [(a.vehicle, a.target) for a in planned] == [("red1", "blue"), ("red2", "blue")]
    assert battle.fire.commit_label() == "Fire all"
    press(app, pygame.K_RETURN)
    assert _fired(battle) == planned, "exactly the listed shots, nothing else"
    assert battle.human_actor() == "blue", "Ann is not asked again in this fire step"


def test_the_single_shots_and_hold_fire_stay_one_arrow_away(app):
    battle = start_battle(app, _facing_blue())
    _to_fire(app, battle, "red1")
    press(app, pygame.K_DOWN)   # off the suggested row: red1's own best shot
    chosen = battle.fire.chosen
    assert isinstance(chosen.action, Fire) and chosen.action.vehicle == "red1" and not chosen.plan
    assert any(isinstance(c.action, Pass) for c in battle.fire.rows)
    press(app, pygame.K_RETURN)
    assert [a.vehicle for a in _fired(battle)] == ["red1"], "only the row committed"
    assert battle.human_actor() == "red2" and battle.state.step == FIRE, "red2 is asked for its own shot"
    assert not battle.fire.rows[0].plan, "one decision left: no suggested row, the best shot is highlighted"
    press(app, pygame.K_SPACE)   # red2 holds fire
    assert [a.vehicle for a in _fired(battle)] == ["red1"]


def test_the_suggested_row_is_clicked_like_any_row(app):
    battle = start_battle(app, _facing_blue())
    _to_fire(app, battle, "red1")
    planned = battle.fire.plan.actions()
    click(app, battle.button("commit").rect.center)
    assert _fired(battle) == planned


def test_a_planned_shot_the_rules_no_longer_offer_hands_the_choice_back():
    setup = _facing_blue()
    state, _ = engine.new_game(setup)
    shot = Fire("red2", "MG1", "blue")
    orders = Orders()
    orders.accept_plan(state.turn, state.phase, [shot])
    legal = [Pass("red2")]   # the shot is gone (say its target left the arc)
    got = answer(_at_fire(state), "red2", legal, orders)
    assert got.action is None and "no longer possible" in got.note
    assert orders.planned("red2", state.turn, state.phase) is None, "the rest of the plan is dropped"
    assert answer(_at_fire(state), "red2", [shot, Pass("red2")], orders).action is None, "asked, not fired"


def _at_fire(state):
    from dataclasses import replace

    return replace(state, step=FIRE)


def test_a_fire_step_whose_only_shots_are_at_own_vehicles_passes_by_itself_and_says_so(app):
    """red1's front MG sees only red2 (Bob's kart is behind it): not asked, the top line says why; with the
    pause menu's "stop every fire step" it is asked, the shot at red2 listed and Hold fire highlighted."""
    setup = _three(Pose.at(10, 12, 90), Pose.at(16, 12, 90), Pose.at(2, 20, 90))
    battle = start_battle(app, setup)
    for _ in range(30):
        if any(isinstance(a, Pass) and a.vehicle == "red1" for a in battle.session.game.actions):
            break
        assert not (battle.state.step == FIRE and battle.human_actor() == "red1"), "red1 was asked"
        press(app, pygame.K_SPACE)
    assert "no shot at a foe can hit: red1" in battle.message
    assert not any(a.vehicle.startswith("red") for a in _fired(battle))

    asked = start_battle(app, setup)
    asked.orders.fire_stops = True
    _to_fire(app, asked, "red1")
    assert any(isinstance(c.action, Fire) and c.action.target == "red2" and not c.hopeless for c in asked.fire.rows)
    assert isinstance(asked.fire.chosen.action, Pass), "a shot at the own side is never the highlighted row"


def test_shift_h_holds_the_course_of_all_the_players_vehicles_with_one_input(app):
    setup = _three(Pose.at(5, 5, 90), Pose.at(5, 9, 90), Pose.at(60, 40, 270), mph=20.0)
    battle = start_battle(app, setup)
    assert battle.human_actor() == "red1" and battle.state.step == SPEED
    assert battle.button("hold_all").label == "Hold course: all 2 of yours (Shift+H)"
    press(app, pygame.K_h, pygame.KMOD_SHIFT)   # Ann's one input of the turn
    while battle.state.turn == 1:
        vid = battle.human_actor()
        assert vid == "blue", f"{vid} asked in turn 1 after Shift+H"
        press(app, pygame.K_h)   # Bob holds his course too
    moves = [a for a in battle.session.game.actions if isinstance(a, Move) and a.vehicle.startswith("red")]
    assert {a.vehicle for a in moves} == {"red1", "red2"} and all(a.maneuver.kind == "straight" for a in moves)


def test_the_hold_all_button_does_what_shift_h_does(app):
    setup = _three(Pose.at(5, 5, 90), Pose.at(5, 9, 90), Pose.at(60, 40, 270), mph=20.0)
    battle = start_battle(app, setup)
    click(app, battle.button("hold_all").rect.center)
    assert battle.orders.holding("red1", 1) and battle.orders.holding("red2", 1)
    assert battle.human_actor() == "blue"


def test_a_foe_driving_a_vehicle_of_the_same_owner_is_not_planned_for(app):
    """Downtown's shape: Ann drives red1 herself and a foe profile drives red2 for her; red1's list has no
    suggested row (red1's own shot is the one decision of hers), and nothing is fired for red2 from it."""
    setup = _facing_blue()
    setup = GameSetup((setup.vehicles[0], replace(setup.vehicles[1], foe="novice"), setup.vehicles[2]),
                      seed=setup.seed, map="")
    battle = start_battle(app, setup)
    _to_fire(app, battle, "red1")
    assert not battle.fire.rows[0].plan and battle.fire.plan is None
    assert isinstance(battle.fire.chosen.action, Fire) and battle.fire.chosen.action.vehicle == "red1"
