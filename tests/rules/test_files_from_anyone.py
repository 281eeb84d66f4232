"""Files from anyone (issue 15): limits before work, one set-up check, paths that stay inside, the
saves folder. The corpus in tests/corpus runs whole files; these pin the pieces."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.core.paths import ROOT, referenced
from rules.core.schema import Node
from rules.core.tomlio import MAX_FILE_BYTES, load_toml, parse_toml
from rules.engine.saves import autosave_slots, clean_stray_temp_files, list_saves, rotate_autosaves, save_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.engine.setup_check import setup_problems
from rules.world.shapes import crossing_edges, overlapping_boxes


def test_only_regular_files_under_the_cap_are_read(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    for path, what in (("/dev/zero", "not a regular file"), (str(tmp_path), "is a folder"), (str(big), "allowed")):
        with pytest.raises(DataError) as info:
            load_toml(path)
        assert info.value.path == path and what in info.value.what


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(DataError, match="pipe"):
        load_toml(fifo)


def test_nesting_is_refused_before_parsing_in_linear_time() -> None:
    start = time.process_time()
    with pytest.raises(DataError, match="dotted parts"):
        parse_toml("a" + ".a" * 200_000 + " = 1\n", "deep.toml")
    with pytest.raises(DataError, match="nested more than"):
        parse_toml("x = " + "[" * 200_000, "deep.toml")
    assert time.process_time() - start < 2
    # dots in strings, comments and numbers are not keys
    assert parse_toml('x = "' + "a." * 100 + '"\n# ' + "." * 100 + "\ny = 1.5\n", "ok.toml")["y"] == 1.5


@pytest.mark.parametrize("text,where", [("A\x00B", "U+0000"), ("\x1b[31mred", "U+001B"), ("\u202eevil", "U+202E"),
                                        ("two\nlines", "U+000A")])
def test_names_refuse_control_characters(text: str, where: str) -> None:
    with pytest.raises(DataError, match=where.replace("+", r"\+")):
        Node({"name": text}, "f.toml").text("name")


def test_names_and_text_are_capped_and_integers_kept_within_64_bits() -> None:
    with pytest.raises(DataError, match="at most 80"):
        Node({"owner": "x" * 81}, "f.toml").text("owner")
    assert Node({"description": "long\ntext " * 100}, "f.toml").text("description")
    with pytest.raises(DataError, match="beyond 64 bits"):
        Node({"dp": 2**64}, "f.toml").integer("dp", lo=1)


def test_self_crossing_outlines_are_found_and_simple_ones_pass() -> None:
    assert crossing_edges([(0, 0), (4, 0), (4, 4), (0, 4)]) is None
    assert crossing_edges([(0, 0), (4, 0), (4, 4), (2, -1), (0, 4)]) is not None
    assert crossing_edges([(0, 0), (4, 0), (2, 0), (2, 3)]) is not None   # an edge folding back


def test_overlapping_boxes_finds_exactly_the_overlapping_pairs() -> None:
    boxes = [(0, 0, 2, 2), (1, 1, 3, 3), (5, 5, 6, 6), (2, 0, 4, 1), (3.5, 0.5, 5, 0.8)]  # 3 touches 0 and 1 only
    assert overlapping_boxes(boxes) == [(0, 1), (3, 4)]
    many = [(i * 2.0, 0.0, i * 2.0 + 1, 1.0) for i in range(3000)]
    start = time.process_time()
    assert overlapping_boxes(many) == []
    assert time.process_time() - start < 1


def test_references_stay_inside(tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text("")
    (tmp_path / "m.toml").write_text("")
    assert referenced("m.toml", scenario, "map", relative_to=tmp_path) == (tmp_path / "m.toml").resolve()
    assert referenced("maps/arena.toml", scenario, "map") == ROOT / "maps" / "arena.toml"
    for ref in ("../../../../../../etc/passwd", "/dev/zero", "/etc/hostname"):
        with pytest.raises(DataError) as info:
            referenced(ref, scenario, "map", relative_to=tmp_path)
        assert info.value.path == str(scenario) and "outside the project" in info.value.what


def _setup(*vehicles: VehicleSetup) -> GameSetup:
    return GameSetup(vehicles, map="maps/arena.toml")


def test_one_set_up_check_refuses_what_the_rules_do_not_allow() -> None:
    from rules.world.maps import load_map

    arena = load_map(ROOT / "maps" / "arena.toml")
    kart = "Killer Kart"
    cases = {
        "speed": (VehicleSetup("a", "p", kart, Pose.at(4, 15, 90), 1000.0), "beyond the movement chart"),
        "top": (VehicleSetup("a", "p", kart, Pose.at(4, 15, 90), 140.0), "above the design's top speed of 135"),
        "weight": (VehicleSetup("a", "p", "generic weight=0", Pose.at(4, 15, 90)), "weight is 0"),
        "foe": (VehicleSetup("a", "p", kart, Pose.at(4, 15, 90), foe="terminator"), "unknown foe profile"),
        "off": (VehicleSetup("a", "p", kart, Pose.at(900_000, 15, 90)), "stands off the map"),
        "bad design": (VehicleSetup("a", "p", str(ROOT / "maps" / "arena.toml"), Pose.at(4, 15, 90)), "arena.toml: kind: missing"),
    }
    for name, (v, fragment) in cases.items():
        probs = setup_problems(_setup(v), arena)
        assert probs and fragment in probs[0][1], (name, probs)
    two = _setup(VehicleSetup("a", "p", kart, Pose.at(4, 15, 90)), VehicleSetup("b", "q", kart, Pose.at(4.3, 15, 90)))
    assert setup_problems(two, arena) == [("vehicles[1]", "stands on the vehicle at vehicles[0]")]
    fine = _setup(VehicleSetup("a", "p", kart, Pose.at(4, 15, 90), 30.0), VehicleSetup("b", "q", kart, Pose.at(36, 15, 270)))
    assert setup_problems(fine, arena) == []


def test_the_printed_exemption_is_for_shipped_stock_files_only(tmp_path: Path) -> None:
    stock = ROOT / "rules" / "data" / "vehicles" / "bodyguard.toml"   # printed with 20 spaces of 19
    copy = tmp_path / "bodyguard.toml"
    copy.write_text(stock.read_text())
    assert setup_problems(_setup(VehicleSetup("a", "p", str(stock), Pose.at(4, 15, 90)))) == []
    probs = setup_problems(_setup(VehicleSetup("a", "p", str(copy), Pose.at(4, 15, 90))))
    assert probs and "not a legal design" in probs[0][1] and "20 spaces" in probs[0][1]


def _game(seed: int = 1):  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from rules.engine.game import Game

    return Game(replace(_setup(VehicleSetup("a", "p", "Killer Kart", Pose.at(4, 15, 90)),
                               VehicleSetup("b", "q", "Killer Kart", Pose.at(36, 15, 270))), seed=seed))


def test_autosaves_rotate_so_the_next_game_keeps_the_last(tmp_path: Path) -> None:
    slots = autosave_slots(tmp_path)
    for seed in (1, 2, 3, 4):
        rotate_autosaves(tmp_path)
        save_game(_game(seed), slots[0])
    from rules.engine.saves import load_game

    assert [load_game(p).setup.seed for p in slots] == [4, 3, 2]


def test_stray_temp_files_of_killed_saves_are_cleaned(tmp_path: Path) -> None:
    old, fresh, other = tmp_path / ".slot1.toml.abc.tmp", tmp_path / ".slot2.toml.def.tmp", tmp_path / "slot1.toml"
    for p in (old, fresh, other):
        p.write_text("x")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    assert clean_stray_temp_files(tmp_path) == [old]
    assert not old.exists() and fresh.exists() and other.exists()   # a write under way is left alone


def test_the_save_list_says_which_saves_are_broken_and_why(tmp_path: Path) -> None:
    save_game(_game(), tmp_path / "good.toml")
    (tmp_path / "bad.toml").write_text("format_version = 2\nturn = 1\n")
    entries = {e.path.name: e for e in list_saves(tmp_path)}
    assert entries["good.toml"].broken == "" and entries["good.toml"].vehicles == ("a", "b")
    assert entries["bad.toml"].broken == f"{tmp_path / 'bad.toml'}: setup: missing"
