"""`python -m rules validate FILE...` (issue 9): every file kind is recognised, every problem is one
`path: where: what` line, the exit status says whether anything was wrong, and no input at all
(missing, a folder, binary, mangled) produces a traceback."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rules.ai import random_driver
from rules.core.tomlio import dumps_toml, load_toml
from rules.engine.game import Game
from rules.engine.saves import save_dict, save_game
from rules.engine.scenarios import game_setup, load_scenario
from rules.tools import validate

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "rules" / "data"
MAPS = sorted((REPO / "maps").glob("*.toml"))
SCENARIOS = sorted((REPO / "maps" / "scenarios").glob("*.toml"))
VEHICLES = sorted((DATA / "vehicles").glob("*.toml"))
SECTIONS = sorted((DATA / "sections").glob("*.toml"))
TABLES = sorted(DATA.glob("*.toml")) + sorted((DATA / "construction").glob("*.toml"))


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, list[str]]:
    code = validate.main([str(a) for a in args])
    out = capsys.readouterr().out
    return code, [line for line in out.splitlines() if ": note (as printed): " not in line]


def played_game(actions: int = 12, seed: int = 5) -> Game:
    game = Game(game_setup(load_scenario(REPO / "maps" / "scenarios" / "arena_duel.toml"), seed=seed))
    for n in range(actions):
        who = game.to_act()
        if not who or game.outcome() is not None:
            break
        action, _ = random_driver.pick(game.state, who[0], game.legal_actions(who[0]), seed, n)
        game.apply(action)
    return game


@pytest.fixture(scope="module")
def save_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_game(played_game(), tmp_path_factory.mktemp("saves") / "game.toml")


# --- what each file is -----------------------------------------------------------------------------


@pytest.mark.parametrize(("files", "kind"), [(MAPS, "map"), (SCENARIOS, "scenario"), (VEHICLES, "vehicle"),
                                             (SECTIONS, "section")])
def test_shipped_files_are_recognised(files: list[Path], kind: str) -> None:
    assert files
    for f in files:
        assert validate.kind_of(f, load_toml(f)) == kind, f


def test_rules_tables_and_profiles_are_recognised() -> None:
    kinds = {f.name: validate.kind_of(f, load_toml(f)) for f in TABLES}
    assert kinds.pop("foe_profiles.toml") == "profiles"
    assert set(kinds.values()) == {"table"}


def test_a_save_is_recognised(save_file: Path) -> None:
    assert validate.kind_of(save_file, load_toml(save_file)) == "save"


# --- good files ------------------------------------------------------------------------------------


def test_every_shipped_file_is_fine(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, *MAPS, *SCENARIOS, *VEHICLES, *SECTIONS, *TABLES)
    assert lines == []
    assert code == 0


def test_a_saved_game_is_fine(capsys: pytest.CaptureFixture[str], save_file: Path) -> None:
    assert run(capsys, save_file) == (0, [])


def test_a_design_of_ones_own_with_a_construction_error_is_a_problem(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = load_toml(DATA / "vehicles" / "killer_kart.toml")
    del data["printed"]
    data["armor"]["front"] = 400  # far past the subcompact's load
    f = tmp_path / "heavy.toml"
    f.write_text(dumps_toml(data))
    code, lines = run(capsys, f)
    assert code == 1
    assert lines and all(line.startswith(f"{f}: design: ") for line in lines)


# --- bad files: one line each, exit 1 --------------------------------------------------------------


def bad_copy(tmp_path: Path, source: Path, old: str, new: str, name: str | None = None) -> Path:
    text = source.read_text()
    assert old in text, old
    f = tmp_path / (name or source.name)
    f.write_text(text.replace(old, new, 1))
    return f


def test_toml_syntax_error_names_the_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "broken.toml"
    f.write_text('name = "x"\nkind = \n')
    code, lines = run(capsys, f)
    assert code == 1
    assert lines == [f"{f}: line 2: TOML syntax error: Invalid value"]


def test_unknown_key_in_a_map(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = bad_copy(tmp_path, MAPS[0], "size = {", "colour = \"red\"\nsize = {")
    code, lines = run(capsys, f)
    assert (code, lines) == (1, [f"{f}: colour: unknown key 'colour'"])


def test_map_problems_are_all_listed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = load_toml(REPO / "maps" / "arena.toml")
    starts = data["starts"]
    assert len(starts) >= 2
    for s in starts[:2]:  # two vehicles far off the map
        s["x"] = -500.0
    f = tmp_path / "arena.toml"
    f.write_text(dumps_toml(data))
    code, lines = run(capsys, f)
    assert code == 1
    assert [line.split(": ")[1] for line in lines[:2]] == ["starts[0]", "starts[1]"]


def test_wrong_type_in_a_vehicle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = bad_copy(tmp_path, DATA / "vehicles" / "killer_kart.toml", 'body = "subcompact"', "body = 3")
    assert run(capsys, f) == (1, [f"{f}: body: expected text, found an integer (3)"])


def test_unknown_weapon_in_a_vehicle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = bad_copy(tmp_path, DATA / "vehicles" / "killer_kart.toml", 'type = "MG"', 'type = "Phaser"')
    code, lines = run(capsys, f)
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith(f"{f}: weapon[0].type: unknown weapon 'Phaser'")


def test_scenario_naming_a_missing_map(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = bad_copy(tmp_path, SCENARIOS[0], 'map = "../', 'map = "no_such_')
    code, lines = run(capsys, f)
    assert code == 1  # the scenario is at fault, and named first (issue 15)
    assert lines == [f"{f}: map: refers to 'no_such_arena.toml', which is not an existing file"]


def test_scenario_naming_a_map_outside_is_refused_before_it_is_opened(capsys: pytest.CaptureFixture[str],
                                                                        tmp_path: Path) -> None:
    f = bad_copy(tmp_path, SCENARIOS[0], 'map = "../arena.toml"', 'map = "../../../../../../../../etc/passwd"')
    code, lines = run(capsys, f)
    assert code == 1
    assert lines == [f"{f}: map: refers to '../../../../../../../../etc/passwd', which lies outside the project, "
                     "this file's folder and the save folders: not opened"]


def test_scenario_naming_an_unknown_foe_profile(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = REPO / "maps" / "scenarios" / "arena_duel.toml"
    f = bad_copy(tmp_path, src, 'driver = "veteran"', 'driver = "terminator"')
    f.write_text(f.read_text().replace('map = "../arena.toml"', 'map = "arena.toml"'))  # beside it: allowed
    shutil.copy(REPO / "maps" / "arena.toml", tmp_path / "arena.toml")
    code, lines = run(capsys, f)
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith(f"{f}: vehicles[1].driver: unknown foe profile 'terminator'")


def test_rules_table_with_a_wrong_value_names_the_given_file(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (DATA / "maneuvers.toml").read_text()
    f = tmp_path / "maneuvers.toml"
    f.write_text(text + '\n[unexpected]\nx = 1\n')
    assert run(capsys, f) == (1, [f"{f}: unexpected: unknown key 'unexpected'"])


def test_foe_profiles_out_of_range(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = bad_copy(tmp_path, DATA / "foe_profiles.toml", "aggression = 0.4", "aggression = 4.0")
    assert run(capsys, f) == (1, [f"{f}: profile.novice.aggression: 4.0 is above the maximum 1"])


def test_save_from_a_newer_program(capsys: pytest.CaptureFixture[str], tmp_path: Path, save_file: Path) -> None:
    f = bad_copy(tmp_path, save_file, "format_version = 3", "format_version = 99")
    code, lines = run(capsys, f)
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith(f"{f}: format_version: saved by a newer version")


def test_save_whose_replay_differs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = save_dict(played_game())
    data["digest"] = "0" * 16
    f = tmp_path / "tampered.toml"
    f.write_text(dumps_toml(data))
    code, lines = run(capsys, f)
    assert code == 1
    assert lines == [f"{f}: digest: the replayed game differs from the saved one (rules or data changed?)"]


def test_save_with_an_action_that_does_not_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = save_dict(played_game())
    data["actions"][0] = "red fly to the moon"
    del data["digest"]
    f = tmp_path / "bad_action.toml"
    f.write_text(dumps_toml(data))
    code, lines = run(capsys, f)
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith(f"{f}: actions[0]: 'red fly to the moon' does not replay")


@pytest.mark.parametrize("content", [b"", b"\x00\x01\x02\xff\xfe binary", b"just = 'a value'\n",
                                     b"\x89PNG\r\n\x1a\n\x00\x00"])
def test_unrecognised_or_binary_files(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes) -> None:
    f = tmp_path / "mystery.toml"
    f.write_bytes(content)
    code, lines = run(capsys, f)
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith(f"{f}: ")


def test_missing_file_and_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nothing.toml"
    code, lines = run(capsys, missing, tmp_path)
    assert code == 1
    assert lines[0].startswith(f"{missing}: file: cannot read: ")
    assert lines[1] == f"{tmp_path}: file: is a folder, not a file"


def test_only_the_bad_file_is_reported(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("= nonsense")
    code, lines = run(capsys, MAPS[0], bad, VEHICLES[0])
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith(f"{bad}: line 1: TOML syntax error")


def test_forcing_the_kind(capsys: pytest.CaptureFixture[str]) -> None:
    """--as map on a vehicle file: read as a map, it lacks the map's keys."""
    code, lines = run(capsys, "--as", "map", VEHICLES[0])
    assert code == 1
    assert lines == [f"{VEHICLES[0]}: format_version: missing"]


def test_a_loader_bug_is_one_line_not_a_traceback(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(path: Path, data: object) -> list[validate.Problem]:
        raise KeyError("oops")

    monkeypatch.setitem(validate.CHECKS, "map", broken)
    code, lines = run(capsys, MAPS[0])
    assert code == 1
    assert lines == [f"{MAPS[0]}: file: the map loader failed unexpectedly (KeyError: 'oops'); "
                     "this is a bug in the program"]


def test_command_line_never_prints_a_traceback(tmp_path: Path) -> None:
    junk = tmp_path / "junk.toml"
    junk.write_bytes(bytes(range(256)) * 4)
    r = subprocess.run([sys.executable, "-m", "rules", "validate", str(junk), str(tmp_path), str(MAPS[0])],
                       capture_output=True, text=True, cwd=REPO, timeout=120)
    assert r.returncode == 1
    assert "Traceback" not in r.stdout + r.stderr
    assert r.stdout.splitlines()[0].startswith(f"{junk}: byte 128: not UTF-8 text")


def test_usage() -> None:
    assert validate.main([]) == 2
    assert validate.main(["--as", "nonsense", "x.toml"]) == 2


def test_an_escape_exit_inside_a_building_is_unreachable(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 20 item 5: an exit nobody can reach is refused by rules validate."""
    shutil.copy(REPO / "maps" / "town.toml", tmp_path / "town.toml")
    src = REPO / "maps" / "scenarios" / "town_chase.toml"
    ok = tmp_path / "chase.toml"
    ok.write_text(src.read_text().replace('map = "../town.toml"', 'map = "town.toml"'))
    assert run(capsys, ok) == (0, [])
    walled = tmp_path / "walled.toml"
    # the exit moved onto the first block's building (town.toml: a building at [3, 3, 4.5, 12])
    walled.write_text(ok.read_text().replace("exit = [14, 0, 4, 1]", "exit = [4, 4, 2, 2]"))
    code, lines = run(capsys, walled)
    assert (code, lines) == (1, [f"{walled}: victory.exit: the exit lies wholly inside walls or buildings: "
                                 "nobody can reach it"])
