"""Firing in the battle scene (when the rule option fire_step is on): the weapon's arc, targets, the
to-hit number with its chance and modifiers before the shot, then the engine's resolution in the log."""

from __future__ import annotations

import pygame
import pytest

from game.firing import fire_preview, two_dice_at_least
from rules.core.events import ShotFired
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Fire, Pass
from rules.play.state import FIRE, RuleOptions
from tests.game.conftest import click, press, start_battle


def _duel() -> GameSetup:
    if "fire_step" not in RuleOptions.__dataclass_fields__:
        pytest.skip("the engine has no fire step option yet")
    return GameSetup((VehicleSetup("red", "Ann", "Killer Kart", Pose.at(14, 12, 90), 10.0, colour="red"),
                      VehicleSetup("blue", "Bob", "Killer Kart", Pose.at(22, 12.5, 270), 10.0, colour="blue")),
                     seed=5, map="maps/arena.toml", options=RuleOptions(fire_step="on"))


def _to_fire(app, battle):
    for _ in range(30):
        if battle.state.step == FIRE and battle.human_actor() and not battle.banner:
            return
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    raise AssertionError("never reached the fire step")


def test_two_dice_chances():
    assert two_dice_at_least(2) == 1 and two_dice_at_least(7) == pytest.approx(21 / 36)
    assert two_dice_at_least(13) == 0


def test_shot_preview_matches_the_resolution(app):
    battle = start_battle(app, _duel())
    _to_fire(app, battle)
    shot = battle.fire.chosen.action
    assert isinstance(shot, Fire) and shot.target == "blue"
    info = fire_preview(battle.state, shot)
    assert info.need is not None and info.modifiers and info.mount == "front"
    app.draw()
    press(app, pygame.K_RETURN)      # fire
    for _ in range(6):               # the other side holds fire; then every declaration resolves at once
        if battle.state.step != FIRE:
            break
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    resolved = [e for e in battle.session.log if isinstance(e, ShotFired) and e.vehicle == "red"]
    assert resolved and f"needs {info.need}" in resolved[-1].text


def test_mouse_picks_a_target_and_holds_fire(app):
    battle = start_battle(app, _duel())
    _to_fire(app, battle)
    blue = battle.state.vehicle("blue")
    sx, sy = battle.cam.to_screen(blue.pose.x, blue.pose.y)
    click(app, (round(sx), round(sy)))
    chosen = battle.fire.chosen.action
    assert isinstance(chosen, Fire) and chosen.target == "blue"
    assert any(isinstance(a, Pass) for a in battle.fire.options)
    before = len(battle.session.game.actions)
    click(app, battle.button("pass").rect.center)
    assert isinstance(battle.session.game.actions[before], Pass)
