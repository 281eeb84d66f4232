"""Whole games played the way players play them: a duel of two stock cars and a four-player
free-for-all, start to finish, once with the keyboard alone and once with the mouse alone."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.render.counters import counter_polygon
from game.scenes.battle import BattleScene
from game.scenes.game_over import GameOverScene
from game.session import setup_from_scenario
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Move, SetSpeed
from rules.play.state import FIRE, MOVE, SPEED
from rules.tables.movement import tables
from tests.game.conftest import click, drag, press, start_battle

MAX_INPUTS = 400


def duel_setup(turns: int = 2) -> GameSetup:
    """Two Killer Karts heading past each other down the arena at 20 mph."""
    return GameSetup((
        VehicleSetup("red", "Ann", "Killer Kart", Pose.at(6, 10, 90), 20.0, colour="red"),
        VehicleSetup("blue", "Bob", "Killer Kart", Pose.at(34, 20, 270), 20.0, colour="blue"),
    ), seed=7, map="maps/arena.toml", max_turns=turns)


def play_keyboard(app, battle: BattleScene) -> int:
    """Drive a game to its end with key presses only; returns how many inputs it took."""
    n = 0
    while not isinstance(app.top, GameOverScene) and n < MAX_INPUTS:
        n += 1
        if battle.banner is not None:
            press(app, pygame.K_RETURN)
        elif battle.state.step == SPEED:
            if n % 3 == 0:
                press(app, pygame.K_UP)      # a little faster
            press(app, pygame.K_RETURN)
        elif battle.state.step == MOVE and len(battle.key.ghosts) > 1 and n % 4 == 0:
            press(app, pygame.K_RIGHT)       # a gentle maneuver: one step right of straight
            press(app, pygame.K_RETURN)
        else:
            press(app, pygame.K_SPACE)
    return n


def test_duel_keyboard_only(app):
    battle = start_battle(app, duel_setup())
    n = play_keyboard(app, battle)
    assert isinstance(app.top, GameOverScene), f"game not over after {n} inputs"
    actions = battle.session.game.actions
    moves = [a for a in actions if isinstance(a, Move)]
    assert any(m.maneuver.kind != "straight" for m in moves), "the keyboard chose a maneuver"
    assert any(isinstance(a, SetSpeed) and a.mph > 20 for a in actions), "the keyboard changed speed"
    assert battle.state.turn == 2 and battle.session.outcome() is not None
    app.draw()  # the game-over scene draws


def test_free_for_all_keyboard_only(app, tmp_path):
    setup, title = setup_from_scenario("maps/scenarios/free_for_all.toml")
    setup = replace(setup, max_turns=1, vehicles=tuple(replace(v, speed=10.0) for v in setup.vehicles))
    battle = start_battle(app, setup, title)
    n = 0
    while not isinstance(app.top, GameOverScene) and n < MAX_INPUTS:
        n += 1
        press(app, pygame.K_SPACE)
    owners = set(battle.handoffs)
    assert isinstance(app.top, GameOverScene)
    assert len(owners) >= 3, "control passed between the players with a hand-off banner each time"


def _counter_centre(battle: BattleScene, vid: str) -> tuple[int, int]:
    v = battle.state.vehicle(vid)
    pts = counter_polygon(battle.cam, v.pose, tables().handling.counters[v.spec.kind])
    return (round(sum(p[0] for p in pts) / 4), round(sum(p[1] for p in pts) / 4))


def play_mouse(app, battle: BattleScene) -> int:
    n = 0
    while not isinstance(app.top, GameOverScene) and n < MAX_INPUTS:
        n += 1
        if battle.state.step == SPEED:
            rects = battle.speed.strip()
            i = min(len(rects) - 1, battle.speed.index + (1 if n % 3 == 0 else 0))
            if i != battle.speed.index:
                click(app, rects[i].center)             # choose
            click(app, rects[i].center)                 # click the chosen one: commit
        elif battle.state.step == MOVE and len(battle.key.ghosts) > 1:
            vid = battle.human_actor()
            target = next((g for g in battle.key.ghosts if g.maneuver.kind == "drift"), battle.key.ghosts[0])
            if n % 2:
                end = battle.cam.to_screen(target.end.x, target.end.y)
                drag(app, _counter_centre(battle, vid), (round(end[0]), round(end[1])))  # drag and release
            else:
                click(app, battle.button("straight").rect.center)
        else:  # "Straight" while moving; in the fire step (on by default) the same button holds fire
            click(app, battle.button("pass" if battle.state.step == FIRE else "straight").rect.center)
    return n


def test_duel_mouse_only(app):
    battle = start_battle(app, duel_setup())
    n = play_mouse(app, battle)
    assert isinstance(app.top, GameOverScene), f"game not over after {n} clicks"
    moves = [a for a in battle.session.game.actions if isinstance(a, Move)]
    assert any(m.maneuver.kind == "drift" for m in moves), "a drag onto a drift ghost committed the drift"
    assert any(isinstance(a, SetSpeed) and a.mph > 20 for a in battle.session.game.actions)


def test_solo_against_a_scripted_foe(app):
    """The foe acts on its own (after a short visible pause) and says why in the log."""
    setup = duel_setup()
    setup = replace(setup, vehicles=(setup.vehicles[0], replace(setup.vehicles[1], owner="Foe", foe="veteran")))
    battle = start_battle(app, setup)
    n = play_keyboard(app, battle)
    assert isinstance(app.top, GameOverScene), f"game not over after {n} inputs"
    assert battle.banner is None
    foe_moves = [a for a in battle.session.game.actions if a.vehicle == "blue"]
    assert foe_moves, "the foe acted"
    assert any(e.kind == "foe" and e.vehicle == "blue" for e in battle.session.log)
