"""A save that newer rules replay differently loads as far as it replays the same (format 3 keeps the
digest at the start of every turn), and says from which turn it differs: a rules change costs a
player the turns after it, not the game. The strict loader still refuses such a save."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.core.tomlio import dumps_toml, load_toml
from rules.engine.game import Game
from rules.engine.saves import (
    FORMAT_VERSION,
    load_game,
    load_game_recovering,
    read_save,
    save_game,
    turn_digests,
)
from rules.play.state import digest
from tests.rules.test_saves_robust import duel, play


def _saved(tmp_path: Path, actions: int = 40) -> tuple[Path, Game]:
    game = play(Game(duel()), actions)
    assert game.state.turn >= 4, "the test needs a few turns"
    return save_game(game, tmp_path / "game.toml"), game


def _edit(path: Path, **changes: object) -> None:
    data = load_toml(path)
    data.update(changes)
    path.write_text(dumps_toml(data))


def test_a_save_keeps_the_digest_at_the_start_of_every_turn(tmp_path: Path) -> None:
    path, game = _saved(tmp_path)
    data = load_toml(path)
    assert data["format_version"] == FORMAT_VERSION == 3
    assert len(data["turn_digests"]) == game.state.turn
    assert data["turn_digests"][0] == digest(Game(duel()).state)
    assert load_game_recovering(path).note == ""       # an exact replay says nothing


def test_a_game_replayed_differently_from_turn_3_loads_at_the_start_of_turn_3(tmp_path: Path) -> None:
    """As the loader sees a rules change in turn 3: the turn-start digests match up to turn 3, the
    fourth and the end differ."""
    path, game = _saved(tmp_path)
    saved = turn_digests(game)
    _edit(path, turn_digests=saved[:3] + ["0" * 16] * (len(saved) - 3), digest="f" * 16)
    with pytest.raises(DataError) as err:
        load_game(path)                              # the strict loader refuses, as before
    assert err.value.where == "digest"
    loaded = load_game_recovering(path)
    assert loaded.game.state.turn == 3 and loaded.game.state.phase == 1
    assert digest(loaded.game.state) == saved[2]     # exactly the saved start of turn 3
    assert "from turn 3" in loaded.note and "start of turn 3" in loaded.note
    loaded.game.apply(loaded.game.legal_actions(loaded.game.to_act()[0])[0])   # and play goes on


def test_an_action_no_longer_legal_stops_the_replay_at_the_last_matching_turn(tmp_path: Path) -> None:
    path, game = _saved(tmp_path)
    data = load_toml(path)
    turn4 = next(i for i, st in enumerate(game.history) if st.before.turn == 4)
    actions = list(data["actions"])
    actions[turn4] = actions[turn4].split()[0] + " speed 300"   # parses, but no car may choose it
    _edit(path, actions=actions)
    loaded = load_game_recovering(path)
    assert "no longer legal" in loaded.note
    assert loaded.game.state.turn == 4 and digest(loaded.game.state) == turn_digests(game)[3]


def test_an_old_save_without_turn_digests_loads_as_the_rules_replay_it_and_says_so(tmp_path: Path) -> None:
    path, game = _saved(tmp_path)
    data = load_toml(path)
    del data["turn_digests"]
    data.update(format_version=2, digest="f" * 16)
    path.write_text(dumps_toml(data))
    loaded = load_game_recovering(path)
    assert digest(loaded.game.state) == digest(game.state) and "replays differently" in loaded.note


def test_the_save_list_marks_such_a_save_loadable_with_its_note(tmp_path: Path) -> None:
    path, game = _saved(tmp_path)
    saved = turn_digests(game)
    _edit(path, turn_digests=saved[:2] + ["0" * 16] * (len(saved) - 2), digest="f" * 16)
    entry, got = read_save(path)
    assert entry.broken == "" and got is not None and entry.turn == 2 and "from turn 2" in entry.note


def test_a_broken_file_still_raises_when_recovering(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    _edit(path, actions=["drive alpha nowhere"])
    with pytest.raises(DataError) as err:
        load_game_recovering(path)
    assert err.value.where == "actions[0]"
