"""A corpus of files from anyone (issue 15): maps, scenarios, designs, saves and foe profiles that are
valid TOML (mostly) but wrong in meaning, each with the verdict every path must give it.

The files are built into a folder from the shipped ones by small edits, so the corpus stays readable
here and the big ones (a 100,000-point polygon, 3,000 walls, 3 MB of comment) are not committed.
`expect` is "" for a file that must be accepted, else a fragment of the refusal's `path: where: what`.
Run `python -m tests.corpus.cases DIR` to write the corpus out and look at it.
"""

from __future__ import annotations

import copy
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules.core.tomlio import dumps_toml

REPO = Path(__file__).resolve().parents[2]
ARENA = REPO / "maps" / "arena.toml"
DUEL = REPO / "maps" / "scenarios" / "arena_duel.toml"
PROFILES = REPO / "rules" / "data" / "foe_profiles.toml"
POD_RUNNER = REPO / "tests" / "data" / "designs" / "pod_runner.toml"
BODYGUARD = REPO / "rules" / "data" / "vehicles" / "bodyguard.toml"   # printed with 20 spaces in 19


@dataclass(frozen=True)
class Case:
    name: str        # file name in the corpus folder
    expect: str      # "" = accepted; else a fragment of the refusal
    build: Callable[[Path], str | bytes | None]  # the file's text (None: build() wrote it itself)
    client: str = ""  # the client opens it all the same, saying this (a save newer rules replay differently)


def _text(p: Path) -> str:
    return p.read_text(encoding="utf-8")


def _edit(source: Path, old: str, new: str) -> Callable[[Path], str]:
    def build(_: Path) -> str:
        text = _text(source)
        assert old in text, (source, old)
        return text.replace(old, new, 1)
    return build


def _append(source: Path, extra: str) -> Callable[[Path], str]:
    return lambda _: _text(source) + "\n" + extra


def _scenario(old: str = "", new: str = "") -> Callable[[Path], str]:
    """The arena duel, its map beside it (a copy of maps/arena.toml written by the corpus)."""
    def build(_: Path) -> str:
        text = _text(DUEL).replace('map = "../arena.toml"', 'map = "arena.toml"')
        if old:
            assert old in text, old
            text = text.replace(old, new, 1)
        return text
    return build


def _map_with(extra: str) -> Callable[[Path], str]:
    return _append(ARENA, extra)


def _small_map(body: str) -> Callable[[Path], str]:
    return lambda _: f'format_version = 1\nname = "yard"\n[size]\nwidth = 200\nheight = 200\n{body}\n'


# --- saves: a real game, saved, then edited as data -------------------------------------------------


@lru_cache(maxsize=1)
def _game_dict() -> dict[str, Any]:
    from rules.core.geometry import Pose
    from rules.engine.game import Game
    from rules.engine.saves import save_dict
    from rules.engine.setup import GameSetup, VehicleSetup

    setup = GameSetup((VehicleSetup("red", "Ann", "Killer Kart", Pose.at(4, 15, 90), 20.0),
                       VehicleSetup("blue", "Bob", "Killer Kart", Pose.at(36, 15, 270), 20.0, foe="veteran")),
                      seed=7, map="maps/arena.toml")
    game = Game(setup)
    for _ in range(6):
        vid = game.to_act()[0]
        game.apply(game.legal_actions(vid)[0])
    return save_dict(game)


def _save(edit: Callable[[dict[str, Any]], None] | None = None, raw: str = "") -> Callable[[Path], str]:
    def build(_: Path) -> str:
        data = copy.deepcopy(_game_dict())
        data.pop("digest")  # an edited set-up replays differently; the digest check has its own case
        if edit is not None:
            edit(data)
        return dumps_toml(data) + raw
    return build


def _vehicle(i: int, **fields: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["setup"]["vehicle"][i].update(fields)
    return edit


def _set(path: tuple[str, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return edit


def _save_naming_design(design_name: str) -> Callable[[Path], str]:
    """A save whose red car is a design file beside it."""
    def build(folder: Path) -> str:
        return _save(_vehicle(0, design=str(folder / design_name)))(folder)
    return build


def _symlink_scenario(folder: Path) -> None:
    link = folder / "passwd_link.toml"
    if not link.is_symlink():
        os.symlink("/etc/passwd", link)
    (folder / "scenario_map_symlink_outside.toml").write_text(
        _scenario('map = "arena.toml"', 'map = "passwd_link.toml"')(folder), encoding="utf-8")
    return None


def _dense_polygon(_: Path) -> str:
    pts = ", ".join(f"[{10 + (i % 400) * 0.01:.2f}, {10 + (i // 400) * 0.01:.2f}]" for i in range(100_000))
    return f'format_version = 1\nname = "lake"\n[size]\nwidth = 40\nheight = 30\n[[areas]]\nkind = "water"\ndepth_ft = 3\npoints = [{pts}]\n'


def _walls(n: int) -> str:
    return "".join(f"[[walls]]\nrect = [{(i % 60) * 3}, {(i // 60) * 3}, 1, 1]\ndp = 5\n" for i in range(n))


def _nested_keys(_: Path) -> str:
    return "format_version = 2\n" + "setup." + ".".join(["x"] * 8_000) + " = 1\n"


def _deep_arrays(_: Path) -> str:
    return 'format_version = 1\nname = "deep"\nstarts = ' + "[" * 5_000 + "]" * 5_000 + "\n"


SELF_CROSSING = '[[buildings]]\npoints = [[10, 10], [14, 10], [14, 14], [12, 9.5], [10, 14]]\ndp = 5\n'

CASES: list[Case] = [
    # --- maps ---------------------------------------------------------------------------------
    Case("map_ok.toml", "", lambda _: _text(ARENA)),
    Case("map_3000_walls.toml", "", _small_map(_walls(3_000) + '[[starts]]\nname = "a"\nx = 190\ny = 190\nfacing = 0\n')),
    Case("map_self_crossing_building.toml", "crosses itself", _map_with(SELF_CROSSING)),
    Case("map_dense_water.toml", "a polygon of 100,000 points; at most 64 allowed", _dense_polygon),
    Case("map_3_mb.toml", "allowed: not read", lambda _: _text(ARENA) + "#" + "x" * 3_000_000 + "\n"),
    Case("map_wall_dp_beyond_64_bits.toml", "beyond 64 bits", _small_map(f"[[walls]]\nrect = [1, 1, 2, 2]\ndp = {2**70}\n")),
    Case("map_name_nul.toml", "U+0000", _edit(ARENA, 'name = "Arena"', 'name = "Are\\u0000na"')),
    Case("map_name_ansi.toml", "U+001B", _edit(ARENA, 'name = "Arena"', 'name = "\\u001b[31mArena"')),
    Case("map_name_right_to_left.toml", "U+202E", _edit(ARENA, 'name = "Arena"', 'name = "\\u202eanerA"')),
    Case("map_name_100000_chars.toml", "at most 80 allowed", _edit(ARENA, 'name = "Arena"', f'name = "{"A" * 100_000}"')),
    Case("map_description_ansi.toml", "U+001B", _edit(ARENA, 'description = "', 'description = "\\u001b[2J')),
    Case("map_deep_arrays.toml", "nested more than 32 deep", _deep_arrays),
    Case("map_dotted_keys.toml", "dotted parts", lambda _: _text(ARENA) + "\nx" + ".x" * 5_000 + " = 1\n"),
    Case("map_negative_width.toml", "must be more than 0", _edit(ARENA, "width = 40", "width = -40")),
    Case("map_nan_height.toml", "finite number", _edit(ARENA, "height = 30", "height = nan")),
    Case("map_infinite_start.toml", "finite number", _edit(ARENA, '{ name = "west", x = 4,', '{ name = "west", x = inf,')),
    Case("map_start_off_map.toml", "off the map", _edit(ARENA, '{ name = "west", x = 4,', '{ name = "west", x = 900,')),
    Case("map_starts_overlap.toml", "overlap the one at starts", _edit(ARENA, '{ name = "east", x = 36, y = 15', '{ name = "east", x = 4.2, y = 15')),
    Case("map_start_in_a_wall.toml", "would stand inside", _small_map('[[walls]]\nrect = [10, 10, 5, 5]\ndp = 5\n[[starts]]\nname = "a"\nx = 12\ny = 12\nfacing = 0\n')),
    Case("map_unknown_terrain.toml", "unknown terrain kind", _edit(ARENA, 'ground = { kind = "road"', 'ground = { kind = "lava"')),
    Case("map_huge_coordinate.toml", "out of range", _small_map("[[walls]]\nrect = [1e12, 1, 2, 2]\ndp = 5\n")),
    Case("map_zero_width_rect.toml", "more than 0", _small_map("[[walls]]\nrect = [1, 1, 0, 2]\ndp = 5\n")),
    Case("map_too_many_features.toml", "features; at most", _small_map("".join(
        f'[[obstacles]]\nx = {i % 100}\ny = {i // 100}\n' for i in range(6_000)))),
    Case("map_ramp_at_90_degrees.toml", "between 0 and 90", _small_map('[[ramps]]\nrect = [5, 5, 2, 2]\nfacing = 0\nangle = 90\n')),
    Case("map_wall_dp_zero.toml", "below the minimum 1", _small_map("[[walls]]\nrect = [1, 1, 2, 2]\ndp = 0\n")),
    Case("map_overlapping_walls.toml", "overlaps walls", _small_map("[[walls]]\nrect = [1, 1, 4, 4]\ndp = 5\n[[walls]]\nrect = [3, 3, 4, 4]\ndp = 5\n")),
    Case("map_not_utf8.toml", "not UTF-8", lambda _: b'format_version = 1\nname = "\xff\xfe"\n'),
    Case("map_newer_format.toml", "this program reads format 1", _edit(ARENA, "format_version = 1", "format_version = 99")),
    Case("map_point_not_a_pair.toml", "is not a pair", _small_map("[[buildings]]\npoints = [[1, 1], [5], [5, 5]]\ndp = 5\n")),
    # --- scenarios ----------------------------------------------------------------------------
    Case("scenario_ok.toml", "", _scenario()),
    Case("scenario_map_etc_passwd.toml", "lies outside the project", _scenario('map = "arena.toml"', 'map = "../../../../../../../../etc/passwd"')),
    Case("scenario_map_dev_zero.toml", "lies outside the project", _scenario('map = "arena.toml"', 'map = "/dev/zero"')),
    Case("scenario_map_missing.toml", "which is not an existing file", _scenario('map = "arena.toml"', 'map = "no_such_map.toml"')),
    Case("scenario_map_is_a_folder.toml", "which is not an existing file", _scenario('map = "arena.toml"', 'map = "."')),
    Case("scenario_map_symlink_outside.toml", "lies outside the project", _symlink_scenario),
    Case("scenario_speed_1000000_mph.toml", "beyond the movement chart", _scenario('driver = "human"', 'driver = "human"\nspeed = 1000000')),
    Case("scenario_speed_over_top_speed.toml", "above the design's top speed", _scenario('driver = "human"', 'driver = "human"\nspeed = 200')),
    Case("scenario_speed_off_the_chart_step.toml", "not a multiple of 2.5", _scenario('driver = "human"', 'driver = "human"\nspeed = 31')),
    Case("scenario_unknown_foe_profile.toml", "unknown foe profile 'terminator'", _scenario('driver = "veteran"', 'driver = "terminator"')),
    Case("scenario_unknown_stock_vehicle.toml", "unknown stock vehicle", _scenario('stock = "Killer Kart"', 'stock = "Batmobile"')),
    Case("scenario_team_destroys_itself.toml", "would have to destroy its own", _scenario(
        'kind = "last_team_standing"', 'kind = "destroy"\nteam = "red"\ntargets = ["red"]\nturns = 5')),
    Case("scenario_escape_exit_negative.toml", "must be more than 0", _scenario(
        'kind = "last_team_standing"', 'kind = "escape"\ntargets = ["red"]\nexit = [30, 10, -5, -5]')),
    Case("scenario_escape_exit_off_map.toml", "off the map", _scenario(
        'kind = "last_team_standing"', 'kind = "escape"\ntargets = ["red"]\nexit = [500, 500, 5, 5]')),
    Case("scenario_escape_ok.toml", "", _scenario(
        'kind = "last_team_standing"', 'kind = "escape"\ntargets = ["red"]\nexit = [38, 10, 2, 10]')),
    Case("scenario_one_team.toml", "at least two teams", _scenario('team = "blue"', 'team = "red"')),
    Case("scenario_same_start.toml", "is taken by", _scenario('start = "east"', 'start = "west"')),
    Case("scenario_owner_nul.toml", "U+0000", _scenario('owner = "Player 1"', 'owner = "Player\\u00001"')),
    Case("scenario_owner_100000_chars.toml", "at most 80 allowed", _scenario('owner = "Player 1"', f'owner = "{"P" * 100_000}"')),
    Case("scenario_team_right_to_left.toml", "U+202E", _scenario('team = "blue"', 'team = "\\u202eeulb"')),
    Case("scenario_name_newline.toml", "U+000A", _scenario('name = "Arena duel"', 'name = "Arena\\nduel"')),
    Case("scenario_driver_skill_huge.toml", "above the maximum", _scenario('driver = "human"', 'driver = "human"\ndriver_skill = 99999999999999999')),
    Case("scenario_unknown_victory.toml", "is not one of", _scenario('kind = "last_team_standing"', 'kind = "most_style"')),
    Case("scenario_unknown_target.toml", "no vehicle has the id", _scenario(
        'kind = "last_team_standing"', 'kind = "destroy"\nteam = "blue"\ntargets = ["green"]\nturns = 5')),
    # --- vehicle designs ----------------------------------------------------------------------
    Case("design_ok.toml", "", lambda _: _text(POD_RUNNER)),
    Case("design_printed_table_added.toml", "Components take 20 spaces", lambda _: _text(BODYGUARD)),
    Case("design_magazines_1e9.toml", "more than 100 extra magazines", _edit(POD_RUNNER, "count = 2", "count = 2\nmagazines = 1000000000")),
    Case("design_weapon_count_huge.toml", "above the maximum 100", _edit(POD_RUNNER, "count = 2", "count = 1000000000")),
    Case("design_sidecar_crew_integers.toml", "expected a name as text", lambda _: (
        'name = "Side"\nkind = "cycle"\nbody = "medium_cycle"\nplant = "medium_cycle"\ntire = "standard"\n'
        '[sidecar]\nbody = "light_sidecar"\ncrew = [1, 2]\n')),
    Case("design_overweight.toml", "over the", _edit(POD_RUNNER, "front = 20,", "front = 400,")),
    Case("design_unknown_weapon.toml", "unknown weapon", _edit(POD_RUNNER, 'type = "MG"', 'type = "Phaser"')),
    Case("design_name_ansi.toml", "U+001B", _edit(POD_RUNNER, 'name = "Pod Runner"', 'name = "\\u001b]0;pwned\\u0007"')),
    Case("design_armor_beyond_64_bits.toml", "beyond 64 bits", _edit(POD_RUNNER, "front = 20,", f"front = {2**80},")),
    Case("design_negative_armor.toml", "armor cannot be negative", _edit(POD_RUNNER, "front = 20,", "front = -20,")),
    Case("design_crew_100000_chars.toml", "at most 2000 allowed", _edit(POD_RUNNER, 'crew = ["driver"]', f'crew = ["{"d" * 100_000}"]')),
    # --- saves ----------------------------------------------------------------------------------
    Case("save_ok.toml", "", _save()),
    Case("save_zero_lb_vehicle.toml", "weight is 0", _save(_vehicle(0, design="generic kind=car weight=0"))),
    Case("save_nan_acceleration.toml", "finite number", _save(_vehicle(0, design="generic kind=car accel=nan"))),
    Case("save_two_on_one_spot.toml", "stands on the vehicle", _save(_vehicle(1, x=4.0, y=15.0))),
    Case("save_900000_inches_off_the_map.toml", "stands off the map", _save(_vehicle(0, x=900_000.0))),
    Case("save_kart_at_1000_mph.toml", "beyond the movement chart", _save(_vehicle(0, speed=1000.0))),
    Case("save_kart_over_top_speed.toml", "above the design's top speed", _save(_vehicle(0, speed=200.0))),
    Case("save_unknown_foe_profile.toml", "unknown foe profile", _save(_vehicle(1, foe="terminator"))),
    Case("save_illegal_design.toml", "not a legal design", _save_naming_design("design_overweight.toml")),
    Case("save_printed_design_beside_it.toml", "not a legal design", _save_naming_design("design_printed_table_added.toml")),
    Case("save_design_outside.toml", "lies outside the project", _save(_vehicle(0, design="/etc/car.toml"))),
    Case("save_turn_the_replay_contradicts.toml", "replay to turn", _save(_set(("turn",), 40))),
    Case("save_map_dev_zero.toml", "lies outside the project", _save(_set(("setup", "map"), "/dev/zero"))),
    Case("save_map_etc_passwd.toml", "lies outside the project", _save(_set(("setup", "map"), "../../../../../../etc/passwd"))),
    Case("save_nested_keys.toml", "dotted parts", _nested_keys),
    Case("save_seed_beyond_64_bits.toml", "beyond 64 bits", _save(_set(("setup", "seed"), 2**70))),
    Case("save_owner_nul.toml", "U+0000", _save(_vehicle(0, owner="Ann\x00"))),
    Case("save_owner_ansi.toml", "U+001B", _save(_vehicle(0, owner="\x1b[5mAnn"))),
    Case("save_action_nonsense.toml", "does not replay", _save(lambda d: d["actions"].append("fly red to the moon"))),
    Case("save_newer_format.toml", "newer version", _save(_set(("format_version",), 9))),
    Case("save_digest_differs.toml", "the replayed game differs", lambda f: _save(_set(("digest",), "0" * 16))(f),
         client="replays differently under this version's rules"),
    Case("save_no_vehicles.toml", "at least one vehicle", _save(_set(("setup", "vehicle"), []))),
    Case("save_skill_huge.toml", "above the maximum", _save(_vehicle(0, driver_skill=10**6))),
    # --- foe profiles ---------------------------------------------------------------------------
    Case("profiles_ok.toml", "", lambda _: _text(PROFILES)),
    Case("profiles_aggression_nan.toml", "finite number", _edit(PROFILES, "aggression = 0.4", "aggression = nan")),
    Case("profiles_description_ansi.toml", "U+001B", _edit(PROFILES, 'description = "Drives', 'description = "\\u001b[31mDrives')),
    Case("profiles_preset_missing.toml", "is missing", _edit(PROFILES, "[profile.novice]", "[profile.learner]")),
    Case("profiles_lookahead_huge.toml", "above the maximum", _edit(PROFILES, "lookahead = 1", "lookahead = 1000000000")),
]


def build_corpus(folder: Path) -> list[tuple[Case, Path]]:
    """Write every case (and the arena map the scenarios name) into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "arena.toml").write_text(_text(ARENA), encoding="utf-8")
    out = []
    for case in CASES:
        path = folder / case.name
        body = case.build(folder)
        if isinstance(body, bytes):
            path.write_bytes(body)
        elif body is not None:
            path.write_text(body, encoding="utf-8")
        out.append((case, path))
    return out


if __name__ == "__main__":
    for case, path in build_corpus(Path(sys.argv[1])):
        print(f"{path}: {case.expect or 'accepted'}")
