"""Saves that survive (issue 9): a crash in the middle of a save keeps the previous file, an old
format still loads and replays, a save from a newer program is refused with a clear message, a save
still loads after the rules data gains a table, and saving after every action (the client's autosave)
reloads to the same game each time."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules.ai import random_driver
from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.core.tomlio import dumps_toml, load_toml
from rules.engine.game import Game
from rules.engine.saves import FORMAT_VERSION, game_from_dict, load_game, loads_game, save_dict, save_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import parse
from rules.play.state import digest
from rules.tables.movement import tables

REPO = Path(__file__).resolve().parents[2]
V1_FIXTURE = REPO / "tests" / "data" / "saves" / "v1_game.toml"
CAR = "generic kind=car hc=3 accel=10 top=100 weight=3000 tire=12 armor=10"


def duel(seed: int = 7) -> GameSetup:
    return GameSetup((VehicleSetup("alpha", "Ann", CAR, Pose.at(10, 20, 90), speed=20.0),
                      VehicleSetup("bravo", "Bob", CAR, Pose.at(10, 40, 90), speed=30.0)), seed=seed, max_turns=6)


def play(game: Game, actions: int, seed: int = 7) -> Game:
    """Random legal play (repeatable) for up to `actions` actions."""
    for n in range(actions):
        who = game.to_act()
        if not who or game.outcome() is not None:
            break
        game.apply(random_driver.pick(game.state, who[0], game.legal_actions(who[0]), seed, n)[0])
    return game


# --- a crash mid-save keeps the previous file -----------------------------------------------------


@pytest.fixture
def two_saves(tmp_path: Path) -> tuple[Path, Game, Game]:
    first, second = play(Game(duel()), 4), play(Game(duel()), 10)
    assert digest(first.state) != digest(second.state)
    path = save_game(first, tmp_path / "game.toml")
    return path, first, second


@pytest.mark.parametrize("fail", ["replace", "fsync", "write"])
def test_a_save_interrupted_by_an_error_keeps_the_previous_file(
        monkeypatch: pytest.MonkeyPatch, two_saves: tuple[Path, Game, Game], fail: str) -> None:
    path, first, second = two_saves
    before = path.read_bytes()

    def crash(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    if fail == "write":
        monkeypatch.setattr("rules.core.tomlio.os.fdopen", lambda *a, **k: _FailingFile())
    else:
        monkeypatch.setattr(f"rules.core.tomlio.os.{fail}", crash)
    with pytest.raises(OSError):
        save_game(second, path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert digest(load_game(path).state) == digest(first.state)
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.toml"], "the temporary file is cleaned up"


class _FailingFile:
    """A file whose write fails half-way (a full disk)."""

    def __enter__(self) -> _FailingFile:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


WRITER = """
import os, sys, time
from rules.core.tomlio import atomic_write_text
path, mode = sys.argv[1], sys.argv[2]
texts = [open(sys.argv[3]).read(), open(sys.argv[4]).read()]
if mode == "stall":  # hang inside fsync, after the new text is written but before the rename
    def stall(fd):
        print("in fsync", flush=True)
        time.sleep(120)
    os.fsync = stall
    atomic_write_text(path, texts[1])
else:  # write the two versions in turn until killed
    print("writing", flush=True)
    i = 0
    while True:
        atomic_write_text(path, texts[i % 2])
        i += 1
"""


def _writer(tmp_path: Path, path: Path, mode: str, a: str, b: str) -> subprocess.Popen[str]:
    (tmp_path / "a.txt").write_text(a)
    (tmp_path / "b.txt").write_text(b)
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path), mode, str(tmp_path / "a.txt"),
                             str(tmp_path / "b.txt")], cwd=REPO, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() in ("in fsync", "writing")
    return proc


def _kill(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.stdout is not None
    proc.stdout.close()


def test_a_save_killed_mid_write_keeps_the_previous_file(tmp_path: Path) -> None:
    first, second = play(Game(duel()), 4), play(Game(duel()), 10)
    saves = tmp_path / "saves"
    path = save_game(first, saves / "game.toml")
    before = path.read_text()
    proc = _writer(tmp_path, path, "stall", before, dumps_toml(save_dict(second)))
    _kill(proc)
    assert path.read_text() == before
    assert digest(load_game(path).state) == digest(first.state)
    leftovers = [p.name for p in saves.iterdir() if p.name != "game.toml"]
    assert all(n.startswith(".") and n.endswith(".tmp") for n in leftovers), "no half file under a save's name"
    assert sorted(p.name for p in saves.glob("*.toml")) == ["game.toml"]


def test_a_writer_killed_at_random_moments_never_leaves_a_torn_file(tmp_path: Path) -> None:
    a = dumps_toml(save_dict(play(Game(duel()), 4)))
    b = dumps_toml(save_dict(play(Game(duel()), 10)))
    a, b = a + "#" * 400_000 + "\n", b + "#" * 300_000 + "\n"  # big enough to be caught mid-write
    path = tmp_path / "saves" / "game.toml"
    path.parent.mkdir()
    path.write_text(a)
    for delay in (0.01, 0.05, 0.13, 0.21, 0.34):
        proc = _writer(tmp_path, path, "loop", a, b)
        time.sleep(delay)
        _kill(proc)
        assert path.read_text() in (a, b)
        loads_game(path.read_text(), str(path))


# --- old and new formats --------------------------------------------------------------------------


def test_a_version_1_save_loads_and_replays() -> None:
    """The committed v1 fixture (history, no turn) replays: both cars drove straight at 20 mph for turn 1
    and phase 1 of turn 2, so each is 2" + the phase-1 inches of the 20 mph chart row further on."""
    assert load_toml(V1_FIXTURE)["format_version"] == 1
    game = load_game(V1_FIXTURE)
    history = load_toml(V1_FIXTURE)["history"]
    assert [str(a) for a in game.actions] == history
    assert game.actions == [parse(t) for t in history]
    row = tables().chart.row(20)
    travelled = sum(row.phases) + row.phases[0]
    for vid, y in (("alpha", 20), ("bravo", 40)):
        v = next(v for v in game.state.vehicles if v.id == vid)
        assert v.pose == Pose.at(10 + travelled, y, 90)
        assert v.speed == 20
    assert game.state.turn == 2


def test_a_version_1_save_is_written_back_in_the_current_format(tmp_path: Path) -> None:
    game = load_game(V1_FIXTURE)
    path = save_game(game, tmp_path / "upgraded.toml")
    data = load_toml(path)
    assert data["format_version"] == FORMAT_VERSION
    assert data["actions"] == load_toml(V1_FIXTURE)["history"]
    assert "history" not in data
    assert digest(load_game(path).state) == digest(game.state)


def test_a_version_1_save_with_its_digest_passes_the_digest_check() -> None:
    """A v1 save made from a game played now (so its digest is current) upgrades and verifies."""
    game = play(Game(duel()), 12)
    data = save_dict(game)
    data["format_version"] = 1
    data["history"] = data.pop("actions")
    del data["turn"]
    assert digest(game_from_dict(data, "v1.toml").state) == digest(game.state)
    data["digest"] = "f" * 16
    with pytest.raises(DataError) as err:
        game_from_dict(data, "v1.toml")
    assert err.value.where == "digest"


@pytest.mark.parametrize("version", [FORMAT_VERSION + 1, 99])
def test_a_save_from_a_newer_program_is_refused_clearly(tmp_path: Path, version: int) -> None:
    data = save_dict(play(Game(duel()), 3))
    data["format_version"] = version
    data["some_future_field"] = {"x": 1}
    path = tmp_path / "future.toml"
    path.write_text(dumps_toml(data))
    with pytest.raises(DataError) as err:
        load_game(path)
    assert (err.value.path, err.value.where) == (str(path), "format_version")
    assert "newer version" in err.value.what and str(version) in err.value.what


@pytest.mark.parametrize("value", [0, -1, "2", 2.0, True])
def test_a_nonsense_format_version_is_refused(value: object) -> None:
    data = save_dict(play(Game(duel()), 3))
    data["format_version"] = value
    with pytest.raises(DataError) as err:
        game_from_dict(data, "odd.toml")
    assert err.value.where == "format_version"


@pytest.mark.parametrize(("key", "value"), [("concussion", "sometimes"), ("road_condition", "lava"),
                                            ("roll_motion", "per_phase")])
def test_a_rule_option_this_program_does_not_play_is_refused_by_name(tmp_path: Path, key: str, value: str) -> None:
    data = save_dict(play(Game(duel()), 3))
    data["setup"]["options"][key] = value
    path = tmp_path / "odd_option.toml"
    path.write_text(dumps_toml(data))
    with pytest.raises(DataError) as err:
        load_game(path)
    assert err.value.path == str(path) and key in err.value.where and value in err.value.what


def test_a_save_with_the_passengers_option_on_replays(tmp_path: Path) -> None:
    from dataclasses import replace

    from rules.play.state import RuleOptions

    game = play(Game(replace(duel(), options=RuleOptions(passengers_fire="on", road_condition="light_rain"))), 8)
    back = load_game(save_game(game, tmp_path / "g.toml"))
    assert digest(back.state) == digest(game.state) and back.state.options.passengers_fire == "on"


# --- the rules data gains a table -----------------------------------------------------------------


LOAD_IN_COPY = """
import sys
import rules
from rules.engine.saves import load_game
from rules.play.state import digest
assert rules.__file__.startswith(sys.argv[2]), rules.__file__
print(digest(load_game(sys.argv[1]).state))
"""


def _rules_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "copy"
    shutil.copytree(REPO / "rules", copy / "rules", ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def _load_in(copy: Path, save: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, "-c", LOAD_IN_COPY, str(save), str(copy)], cwd=copy, env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_save_still_loads_after_the_rules_data_gains_a_table(tmp_path: Path) -> None:
    """A copy of the rules package whose data has a new table file, a new stock vehicle and a new road
    section loads a save made before, to the same digest. (Generic vehicles: a stock vehicle's state
    holds its file's absolute path, see the next test.)"""
    game = play(Game(duel(seed=3)), 12)
    save = save_game(game, tmp_path / "game.toml")
    copy = _rules_copy(tmp_path)
    data = copy / "rules" / "data"
    (data / "weather.toml").write_text('title = "Weather"\nsource = "reconstructed: test"\n\n'
                                       '[rain]\nhazard = 1\n')
    text = (data / "vehicles" / "killer_kart.toml").read_text()
    (data / "vehicles" / "killer_kart_ii.toml").write_text(text.replace('"Killer Kart"', '"Killer Kart II"'))
    text = (data / "sections" / "straight.toml").read_text()
    (data / "sections" / "straight_copy.toml").write_text(text.replace('id = "straight"', 'id = "straight_copy"'))
    r = _load_in(copy, save)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == digest(game.state)


def test_a_save_with_stock_vehicles_loads_in_a_checkout_at_another_path(tmp_path: Path) -> None:
    game = play(Game(GameSetup((VehicleSetup("red", "Ann", "Killer Kart", Pose.at(10, 20, 90), speed=20.0),
                                VehicleSetup("blue", "Bob", "Hotshot", Pose.at(30, 20, 270), speed=20.0)),
                               seed=3, max_turns=4)), 10)
    save = save_game(game, tmp_path / "game.toml")
    r = _load_in(_rules_copy(tmp_path), save)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == digest(game.state)


# --- autosave every action ------------------------------------------------------------------------


def test_saving_after_every_action_reloads_to_the_same_game(tmp_path: Path) -> None:
    """What the client's autosave does: after each action the save file reloads to the same state, and
    the reloaded game goes on exactly like the original."""
    game = Game(duel(seed=9))
    path = tmp_path / "autosave.toml"
    for n in range(16):
        who = game.to_act()
        if not who:
            break
        action = random_driver.pick(game.state, who[0], game.legal_actions(who[0]), 9, n)[0]
        game.apply(action)
        save_game(game, path)
        loaded = load_game(path)
        assert digest(loaded.state) == digest(game.state)
        nxt = game.to_act()
        if nxt:
            follow = random_driver.pick(game.state, nxt[0], game.legal_actions(nxt[0]), 9, 1000 + n)[0]
            loaded.apply(follow)
            probe = Game(game.setup)
            for a in game.actions + [follow]:
                probe.apply(a)
            assert digest(loaded.state) == digest(probe.state)
