"""Save slots show map, turn, vehicles and a thumbnail; a broken save is marked broken with the reason."""

from __future__ import annotations

import pygame

from game.save_slots import read_slot
from game.scenes.save_load import SaveLoadScene
from game.session import quick_setup
from tests.game.conftest import press, start_battle


def test_slots_show_map_turn_vehicles_thumbnail_and_broken_saves(app, tmp_path):
    battle = start_battle(app, quick_setup(2))
    press(app, pygame.K_F5)
    saver = app.top
    assert isinstance(saver, SaveLoadScene)
    press(app, pygame.K_RETURN)                               # slot 1
    info = saver.info[tmp_path / "slot1.toml"]
    assert (info.map, info.turn, info.broken) == ("arena", battle.state.turn, "")
    assert info.vehicles[0].startswith("car1 ") and "(Player 1)" in info.vehicles[0]
    assert (tmp_path / "slot1.png").exists() and saver.thumbs[tmp_path / "slot1.toml"] is not None
    press(app, pygame.K_ESCAPE)
    (tmp_path / "slot2.toml").write_text('format_version = 2\nturn = 3\n[setup]\nseed = 1\n')
    press(app, pygame.K_F9)
    loader = app.top
    assert isinstance(loader, SaveLoadScene)
    loader.finish_reading()                                   # replayed on the worker thread
    broken = loader.info[tmp_path / "slot2.toml"]
    assert broken.broken.startswith(str(tmp_path / "slot2.toml")) and "vehicle" in broken.broken
    app.draw()
    loader.menu.index = [label for label, _ in loader.menu.items].index("slot2")
    press(app, pygame.K_RETURN)
    assert app.top is loader and loader.message.startswith("cannot load: ")   # the screen stays
    press(app, pygame.K_ESCAPE)
    assert app.top is battle


def test_an_empty_slot_and_an_unreadable_one(tmp_path):
    assert read_slot(tmp_path / "none.toml")[0].exists is False
    (tmp_path / "bad.toml").write_text("this is = = not toml")
    info, game = read_slot(tmp_path / "bad.toml")
    assert game is None and info.broken.startswith(str(tmp_path / "bad.toml"))


def test_a_save_newer_rules_replay_differently_loads_with_a_message(app, tmp_path):
    """The slot shows the turn it will load at and the note; loading it opens the battle there with
    a message saying so (rules.engine.saves.load_game_recovering)."""
    from game.scenes.battle import BattleScene
    from game.scenes.message import MessageScene
    from rules.core.tomlio import dumps_toml, load_toml
    from rules.engine.game import Game
    from rules.engine.saves import save_game
    from tests.rules.test_saves_robust import duel, play

    game = play(Game(duel()), 40)
    path = save_game(game, tmp_path / "slot3.toml")
    data = load_toml(path)
    data["turn_digests"] = data["turn_digests"][:2] + ["0" * 16] * (len(data["turn_digests"]) - 2)
    data["digest"] = "f" * 16
    path.write_text(dumps_toml(data))
    app.push(SaveLoadScene(app, save=False))
    loader = app.top
    loader.finish_reading()
    info = loader.info[path]
    assert info.broken == "" and info.turn == 2 and "from turn 2" in info.note
    app.draw()
    loader.menu.index = [label for label, _ in loader.menu.items].index("slot3")
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, MessageScene) and "start of turn 2" in app.top.message
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, BattleScene) and app.top.state.turn == 2


def test_the_load_list_leaves_out_the_clients_own_settings_files(app, tmp_path):
    """saves/new_game.toml (the remembered choices) and saves/settings.toml sit beside the saves but are
    not games: the load screen does not list them as broken saves."""
    (tmp_path / "new_game.toml").write_text('source = "custom"\n')
    (tmp_path / "settings.toml").write_text("sound = true\n")
    app.push(SaveLoadScene(app, save=False))
    names = [label for label, _ in app.top.menu.items]
    assert "new_game" not in names and "settings" not in names and names[-1] == "Back"
