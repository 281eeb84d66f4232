"""A bad data file in the client: its DataError message (`path: where: what`) is shown to the player
and the program goes on (no traceback, no silent stand-in)."""

from __future__ import annotations

from pathlib import Path

import pygame

import game.battle.scene as battle_mod
import game.scenes.new_game as new_game_mod
import game.session as session_mod
from game.scenes.battle import BattleScene
from game.scenes.new_game import NewGameScene
from game.scenes.title import TitleScene
from game.session import quick_setup, with_foes
from rules.core.errors import DataError
from tests.game.conftest import click, press, start_battle

BROKEN_MAP = "version = 1\nname = \"broken\"\nsize = [40, \"thirty\"]\n"


def _broken_map(directory: Path) -> Path:
    p = directory / "maps" / "broken.toml"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(BROKEN_MAP)
    return p


def test_new_game_on_an_unreadable_map_shows_its_error_and_stays(app, tmp_path):
    bad = _broken_map(tmp_path)
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    ng.maps = [bad]
    ng.map_field.index = 0
    ng.focus = len(ng.fields())  # Start
    press(app, pygame.K_RETURN)
    assert app.top is ng                       # no game on an empty grid in its place
    assert str(bad) in ng.message and ng.message.count(": ") >= 2, ng.message
    app.draw()


def test_quick_duel_with_a_broken_arena_says_so_on_the_title(app, tmp_path, monkeypatch):
    arena = _broken_map(tmp_path)
    arena.rename(tmp_path / "maps" / "arena.toml")
    monkeypatch.setattr(session_mod, "ROOT", tmp_path)
    title = TitleScene(app)
    app.push(title)
    app.draw()
    click(app, title.menu.rects[1].center)     # Quick duel
    assert app.top is title
    assert "arena.toml" in title.message and title.message.count(": ") >= 2, title.message
    app.draw()


def test_a_bad_profiles_file_leaves_no_foes_to_pick_and_says_why(app, monkeypatch):
    def broken() -> list[str]:
        raise DataError("rules/data/foe_profiles.toml", "profiles.novice.aggression", "must be at most 1")

    monkeypatch.setattr(new_game_mod, "foe_profiles", broken)
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    assert ng.message == "rules/data/foe_profiles.toml: profiles.novice.aggression: must be at most 1"
    assert not [d for d in ng.drivers if d.startswith("foe: ")]
    ng.focus = len(ng.fields())
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, BattleScene)   # a game of players still starts


def test_a_foe_that_cannot_load_its_profile_is_handed_to_a_player(app, monkeypatch):
    def broken(*_args: object) -> object:
        raise DataError("rules/data/foe_profiles.toml", "profiles", "unreadable")

    monkeypatch.setattr(battle_mod, "foe_decision", broken)
    battle = start_battle(app, with_foes(quick_setup(2), {"car2": "novice"}))
    for _ in range(8):
        if battle.session.hand_driven:
            break
        press(app, pygame.K_SPACE)
    assert battle.session.hand_driven == {"car2"}
    assert battle.session.seat("car2").foe == ""
    assert battle.message == "rules/data/foe_profiles.toml: profiles: unreadable"
    app.draw()


def test_any_string_is_drawn_clipped_never_a_crash(app):
    from game.ui import MAX_DRAWN, drawable, rendered, text, wrap

    surface = app.surface
    for s in ("x" * 10_000_000, "NUL\x00here", "\x1b[31mred\x1b[0m", "\u202eevil", "\ud800 lone", ""):
        img = rendered(s, 18, (255, 255, 255))
        assert img.get_width() < 10_000
        text(surface, s, (10, 10))
        assert wrap(s, 18, 400)
    assert len(drawable("x" * 10_000_000)) == MAX_DRAWN
    assert drawable("a\x00b\u202ec") == "a?b?c"


def test_the_new_game_path_refuses_an_illegal_design(app, tmp_path):
    """Session.start checks the set-up as saves and scenarios do: an overweight design does not play."""
    import pytest

    from rules.core.geometry import Pose
    from rules.engine.setup import GameSetup, VehicleSetup

    heavy = tmp_path / "heavy.toml"
    pod = (Path(__file__).resolve().parents[1] / "data" / "designs" / "pod_runner.toml").read_text()
    heavy.write_text(pod.replace("front = 20,", "front = 400,"))
    setup = GameSetup((VehicleSetup("car1", "Ann", str(heavy), Pose.at(8, 15, 90)),
                       VehicleSetup("car2", "Bob", "Killer Kart", Pose.at(32, 15, 270))), map="maps/arena.toml")
    with pytest.raises(DataError) as info:
        session_mod.Session.start(setup, "New game", tmp_path)
    assert info.value.where == "car1.design" and "not a legal design" in info.value.what


def test_each_game_autosaves_in_its_own_slot(app, tmp_path):
    from rules.engine.saves import autosave_slots, load_game

    for seed in (1, 2):
        session = session_mod.Session.start(quick_setup(2, seed=seed), "duel", tmp_path)
        vid = session.to_act()[0]
        session.apply(session.legal(vid)[0])   # a game autosaves as it starts its first turn
    slots = autosave_slots(tmp_path)
    assert [load_game(p).setup.seed for p in slots[:2]] == [2, 1]
