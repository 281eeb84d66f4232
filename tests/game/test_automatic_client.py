"""Weapons on automatic in the battle scene: the fire controls offer setting and clearing automatic
(000:L1024), the commit button says so, and the record-sheet panel shows which weapons are on it."""

from __future__ import annotations

import pygame

from game.render.hud import draw_sheet
from rules.core.events import ShotFired
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Automatic
from rules.play.state import FIRE
from tests.game.conftest import press, start_battle


def _standoff() -> GameSetup:
    """Ann's Harmon faces Bob's kart across open ground, both stopped."""
    return GameSetup((VehicleSetup("red", "Ann", "Harmon", Pose.at(12, 8, 90), 0.0, colour="red"),
                      VehicleSetup("blue", "Bob", "Killer Kart", Pose.at(20, 8, 270), 0.0, colour="blue")),
                     seed=7, map="maps/arena.toml")


def _to_red_fire(app, battle):
    for _ in range(30):
        if battle.state.step == FIRE and battle.human_actor() == "red" and not battle.banner:
            return
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    raise AssertionError("the Harmon never came to its fire step")


def test_player_puts_a_rocket_on_automatic_and_it_fires_at_the_end_of_the_turn_000_L1024_L1026(app):
    battle = start_battle(app, _standoff())
    _to_red_fire(app, battle)
    assert Automatic("red", "RL1") in battle.fire.options
    battle.button("auto").action()          # jump to the automatic choices
    while battle.fire.chosen.action != Automatic("red", "RL1"):
        battle.button("next").action()
    info = battle.fire.chosen.preview
    assert info is not None and "on automatic" in info.text and "blue" in info.text   # its line meets blue
    assert info.origin is not None and info.point is not None
    assert "000:L1024-L1026" in info.modifier_text
    assert battle.button("commit").label == "Auto on"
    app.draw()
    battle.button("commit").action()
    battle.settle()
    assert battle.state.vehicle("red").automatic == ("RL1",)
    for _ in range(60):
        if battle.state.turn > 1:
            break
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    shots = [e for e in battle.session.log if isinstance(e, ShotFired) and e.automatic]
    assert shots and shots[0].target == "blue"
    app.draw()


def test_player_takes_a_weapon_off_automatic_for_free_reading_CB80(app):
    battle = start_battle(app, _standoff())
    _to_red_fire(app, battle)
    battle.session.apply(Automatic("red", "back"))
    battle.settle()
    for _ in range(60):   # the next turn: red is asked in its fire step, as it may take the link off
        if battle.state.turn > 1 and battle.state.step == FIRE and battle.human_actor() == "red" \
                and not battle.banner:
            break
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    off = Automatic("red", "back", False)
    assert off in battle.fire.options
    while battle.fire.chosen.action != off:
        battle.button("next").action()
    assert battle.button("commit").label == "Auto off" and "free" in (battle.fire.chosen.preview.text if battle.fire.chosen.preview else "")
    battle.button("commit").action()
    battle.settle()
    assert battle.state.vehicle("red").automatic == ()


def _pixels(v, owner: str) -> bytes:
    surf = pygame.Surface((340, 160))
    draw_sheet(surf, surf.get_rect(), v, owner)
    return pygame.image.tobytes(surf, "RGB")


def test_the_record_sheet_shows_weapons_on_automatic_000_L1024(app):
    battle = start_battle(app, _standoff())
    _to_red_fire(app, battle)
    before = battle.state.vehicle("red")
    battle.session.apply(Automatic("red", "back"))
    after = battle.session.state.vehicle("red")
    assert after.automatic
    plain, marked = _pixels(before, "Ann"), _pixels(after, "Ann")
    assert plain != marked
    # the accent colour appears only where weapons on automatic are named
    from game import theme

    accent = bytes(theme.ACCENT[:3])

    def count(raw: bytes) -> int:
        return sum(raw[i:i + 3] == accent for i in range(0, len(raw), 3))

    assert count(marked) > count(plain)
