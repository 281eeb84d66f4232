"""Saved games (../shared/DESIGN.md, issue 2 item 7): a game is its set-up, seed and actions, saved
as TOML with a format version, written atomically; loading replays and checks the state digest."""

from __future__ import annotations

import os

import pytest

from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.core.tomlio import dumps_toml
from rules.driving.maneuvers import Maneuver
from rules.engine import saves
from rules.engine.game import Game
from rules.engine.saves import FORMAT_VERSION, load_game, loads_game, save_dict, save_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Move, SetSpeed, parse
from rules.play.state import RuleOptions, digest

CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 tire=4 armor=10"


def duel(**options: str) -> Game:
    return Game(GameSetup((
        VehicleSetup("red", "Ann", CAR, Pose.at(2, 10, 0), speed=30, driver_skill=1, colour="red"),
        VehicleSetup("blue", "Bob", CAR, Pose.at(8, 10, 0), speed=-10.0, foe="veteran"),
    ), seed=7, options=RuleOptions(**options), max_turns=20))


def played(game: Game, n: int = 12) -> Game:
    """Play n decisions: a speed change, a drift, then quiet choices."""
    for _ in range(n):
        vid = game.to_act()[0]
        v = game.state.vehicle(vid)
        if game.state.step == "speed":
            a = SetSpeed(vid, 40) if vid == "red" and v.speed == 30 else SetSpeed(vid, v.signed_speed)
        elif vid == "red" and game.state.phase == 1:
            a = Move(vid, Maneuver("drift", "left", 0.25))
        else:
            a = Move(vid, Maneuver("straight", reverse=v.reverse))
        game.apply(a)
    return game


def test_save_and_load_give_the_same_game(tmp_path):
    game = played(duel())
    path = save_game(game, tmp_path / "duel.toml")
    loaded = load_game(path)
    assert loaded.setup == game.setup
    assert loaded.actions == game.actions
    assert loaded.state == game.state and digest(loaded.state) == digest(game.state)
    text = path.read_text()
    assert text.startswith(f"format_version = {FORMAT_VERSION}\n")
    assert f'digest = "{digest(game.state)}"' in text


def test_a_save_holds_setup_seed_and_actions_as_text():
    game = played(duel(road_condition="light_rain"))
    data = save_dict(game)
    assert data["setup"]["seed"] == 7 and data["setup"]["options"]["road_condition"] == "light_rain"
    assert data["actions"] == [str(a) for a in game.actions]
    assert [parse(t) for t in data["actions"]] == game.actions
    assert data["turn"] == game.state.turn


def test_whole_number_speeds_replay_to_the_same_digest():
    """Speeds typed as whole numbers (set-up 30, "speed 40") come back from TOML as floats; the
    replayed state must not differ by int-vs-float."""
    game = duel()
    game.apply(SetSpeed("red", 40))
    assert loads_game(dumps_toml(save_dict(game))).state == game.state


def test_undone_actions_are_not_saved():
    game = played(duel())
    last = game.undo()
    assert last is not None
    loaded = loads_game(dumps_toml(save_dict(game)))
    assert loaded.actions == game.actions and loaded.state == game.state


def test_writing_is_atomic_no_temporary_files_are_left(tmp_path):
    path = tmp_path / "slot.toml"
    save_game(played(duel(), 4), path)
    save_game(played(duel(), 8), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot.toml"]
    assert len(load_game(path).actions) == 8


def test_a_failed_write_leaves_the_old_save_whole(tmp_path, monkeypatch):
    path = tmp_path / "slot.toml"
    save_game(played(duel(), 4), path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_game(played(duel(), 8), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot.toml"]


def test_format_1_saves_are_upgraded():
    game = played(duel())
    data = save_dict(game)
    v1 = {k: v for k, v in data.items() if k not in ("actions", "turn")}
    v1["format_version"] = 1
    v1["history"] = data["actions"]
    loaded = loads_game(dumps_toml(v1))
    assert loaded.actions == game.actions and loaded.state == game.state


def test_upgrades_cover_every_older_version():
    assert sorted(saves.UPGRADES) == list(range(1, FORMAT_VERSION))


# --- bad saves: DataError naming the place, never a traceback ----------------------------------------------


def bad(data: dict, where: str) -> DataError:
    with pytest.raises(DataError) as err:
        loads_game(dumps_toml(data), "slot.toml")
    assert err.value.path == "slot.toml"
    assert where in err.value.where, str(err.value)
    return err.value


def test_a_newer_format_is_refused():
    data = save_dict(duel())
    data["format_version"] = FORMAT_VERSION + 1
    assert "newer" in bad(data, "format_version").what


def test_format_0_is_refused():
    data = save_dict(duel())
    data["format_version"] = 0
    bad(data, "format_version")


def test_a_changed_game_is_reported_by_the_digest():
    data = save_dict(played(duel()))
    data["setup"]["seed"] = 8
    assert "differs" in bad(data, "digest").what


def test_an_action_that_does_not_replay_is_reported_with_its_index():
    data = save_dict(played(duel()))
    data["actions"][3] = "red speed 95"
    err = bad(data, "actions[3]")
    assert "red speed 95" in err.what


def test_an_action_that_does_not_parse_is_reported():
    data = save_dict(played(duel()))
    data["actions"][0] = "red jumps"
    bad(data, "actions[0]")


def test_a_non_text_action_is_reported():
    data = save_dict(played(duel()))
    data["actions"][1] = 5
    bad(data, "actions[1]")


def test_an_unknown_rule_option_is_reported():
    data = save_dict(duel())
    data["setup"]["options"]["gravity"] = "low"
    bad(data, "options")


def test_an_unknown_key_is_reported():
    data = save_dict(duel())
    data["setup"]["vehicle"][0]["turbo"] = True
    bad(data, "turbo")


def test_a_save_without_vehicles_is_reported():
    data = save_dict(duel())
    data["setup"]["vehicle"] = []
    bad(data, "vehicle")


def test_two_vehicles_with_one_id_are_reported():
    data = save_dict(duel())
    data["setup"]["vehicle"][1]["id"] = "red"
    bad(data, "setup")


def test_toml_syntax_errors_name_the_line():
    with pytest.raises(DataError) as err:
        loads_game("format_version = 2\nturn = = 3\n", "slot.toml")
    assert err.value.where == "line 2"


def test_a_missing_file_is_a_data_error(tmp_path):
    with pytest.raises(DataError) as err:
        load_game(tmp_path / "nothing.toml")
    assert err.value.where == "file"


def test_autosave_names_stay_inside_the_saves_folder():
    p = saves.autosave_path("../../etc/passwd")
    assert p.parent == saves.SAVE_DIR and p.suffix == ".toml" and "/" not in p.stem
