"""Saved games: a game is its set-up, seed and action history (../shared/DESIGN.md).

Saved as TOML with a format version, written atomically; loading replays the actions and checks the
state digest, so a save that no longer replays the same way is reported, never silently changed.
A save also keeps the digest at the start of every turn (format 3): when a newer program's rules
replay a game differently, `load_game_recovering` loads it as far as it still replays the same and
says from which turn it differs, so a rules change costs a player the turns after it, not the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from rules.core.errors import DataError, IllegalAction
from rules.core.geometry import Pose
from rules.core.paths import SAVES_DIR, referenced
from rules.core.schema import Node
from rules.core.tomlio import (  # noqa: F401 (clean_stray_temp_files, STRAY_TEMP_AGE: saves' names)
    STRAY_TEMP_AGE,
    atomic_write_text,
    clean_stray_temp_files,
    dumps_toml,
    load_toml,
    parse_toml,
)
from rules.engine.game import Game
from rules.engine.goals import KINDS
from rules.engine.scenarios import read_kit
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup, crew_gear
from rules.engine.setup_check import check_setup
from rules.people.record import Kit
from rules.play import actions as action_text
from rules.play.state import Goal, RuleOptions, digest, option_choices
from rules.vehicles.spec import UNTRAINED
from rules.world.maps import load_map

FORMAT_VERSION = 3
MAX_SKILL = 10      # no character is better than +10 at a skill (a guard against nonsense, not a rule)
MAX_INCHES = 1_000_000.0  # far beyond any map; keeps poses representable
SAVE_DIR = SAVES_DIR


def _upgrade_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept the action history under `history`; version 2 calls it `actions` and adds `turn`."""
    data = dict(data)
    data["actions"] = data.pop("history", [])
    data.setdefault("turn", 0)
    data["format_version"] = 2
    return data


def _upgrade_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 adds `turn_digests` (the digest at the start of each turn); older saves have none."""
    data = dict(data)
    data["format_version"] = 3
    return data


UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _upgrade_1_to_2, 2: _upgrade_2_to_3}


def turn_digests(game: Game) -> list[str]:
    """The state's digest at the start of each turn played, turn 1 first (Game.turn_digests)."""
    return game.turn_digests()


def save_dict(game: Game) -> dict[str, Any]:
    s = game.setup
    out: dict[str, Any] = {
        "format_version": FORMAT_VERSION,
        "turn": game.state.turn,
        "digest": digest(game.state),
        "setup": {
            "seed": s.seed,
            "map": s.map,
            "max_turns": s.max_turns,
            "options": asdict(s.options),
            "vehicle": [
                {"id": v.id, "owner": v.owner, "design": v.design, "x": v.pose.x, "y": v.pose.y,
                 "facing": v.pose.facing, "speed": v.speed, "driver_skill": v.driver_skill, "foe": v.foe,
                 "colour": v.colour, "gunner_skill": v.gunner_skill,
                 **({"crew_gear": list(v.crew_gear)} if v.crew_gear else {}),   # only when worn: old saves unchanged
                 **({"trailer": v.trailer} if v.trailer else {}),
                 **({"trailer2": v.trailer2} if v.trailer2 else {}),   # a double's second (M-R32)
                 **({"trucker": False} if not v.trucker else {}),   # only a driver without Trucker (M-R21)
                 **({"kit": _kit_dict(v.kit)} if v.kit is not None else {})}   # only when set: other saves unchanged
                for v in s.vehicles
            ],
        },
        "actions": [str(a) for a in game.actions],
        "turn_digests": turn_digests(game),
    }
    if s.goal is not None:   # a scenario's victory; written only when it has one, so other saves read the same
        g = s.goal
        out["setup"]["goal"] = {"kind": g.kind, "side": list(g.side), "targets": list(g.targets), "turns": g.turns,
                                **({"exit": list(g.exit)} if g.exit is not None else {})}
    if s.people:   # written only when there are any, so older saves and games without people read the same
        out["setup"]["person"] = [
            {"id": p.id, "owner": p.owner, "x": p.pose.x, "y": p.pose.y, "facing": p.pose.facing,
             "weapon": p.weapon, "armor": p.armor, "grenades": list(p.grenades), "skill": p.skill,
             "foe": p.foe, "prone": p.prone, "name": p.name, **({"gear": list(p.gear)} if p.gear else {}),
             **({"martial_arts": p.martial_arts} if p.martial_arts >= 0 else {}),
             **({"running": p.running} if p.running else {})}
            for p in s.people
        ]
    return out


def _kit_dict(k: Kit) -> dict[str, Any]:
    return {"weapon": k.weapon, "armor": k.armor, "grenades": list(k.grenades), "gear": list(k.gear),
            **({"martial_arts": k.martial_arts} if k.martial_arts >= 0 else {})}   # only when set (PD44)


def save_game(game: Game, path: str | Path) -> Path:
    p = Path(path)
    atomic_write_text(p, dumps_toml(save_dict(game)))
    return p


def _setup(node: Node) -> GameSetup:
    opts = node.table("options", {})
    choices = option_choices()
    values = {}
    for key in list(opts.data):
        if key not in choices:
            raise opts.error(key, f"unknown rule option {key!r}")
        values[key] = opts.text(key, choices=choices[key])
    vehicles = []
    for v in node.tables("vehicle"):
        vehicles.append(VehicleSetup(
            id=v.text("id"), owner=v.text("owner"), design=v.text("design"),
            pose=Pose.at(v.number("x", lo=-MAX_INCHES, hi=MAX_INCHES), v.number("y", lo=-MAX_INCHES, hi=MAX_INCHES),
                         v.number("facing", lo=-360, hi=720)),
            speed=v.number("speed", 0.0, lo=-1000, hi=1000),
            driver_skill=v.integer("driver_skill", 0, lo=0, hi=MAX_SKILL), foe=v.text("foe", ""),
            colour=v.text("colour", ""), gunner_skill=v.integer("gunner_skill", 0, lo=UNTRAINED, hi=MAX_SKILL),
            crew_gear=crew_gear(v),
            trailer=v.text("trailer", ""),
            trailer2=v.text("trailer2", ""),
            kit=read_kit(v.table("kit")) if v.has("kit") else None,
            trucker=v.flag("trucker", True),
        ))
        v.done()
    if not vehicles:
        raise node.error("vehicle", "a game needs at least one vehicle")
    setup = GameSetup(tuple(vehicles), seed=node.integer("seed"), options=RuleOptions(**values),
                      map=node.text("map", ""), max_turns=node.integer("max_turns", 0, lo=0),
                      people=tuple(_person(p) for p in node.tables("person", [])),
                      goal=_goal(node.table("goal")) if node.has("goal") else None)
    node.done()
    return setup


def _goal(n: Node) -> Goal:
    """A scenario's victory as saved (rules.engine.goals)."""
    side, targets = n.names("side"), n.names("targets", [])
    exit_rect = None
    if n.has("exit"):
        box = n.array("exit")
        if len(box) != 4 or not all(isinstance(x, (int, float)) for x in box):
            raise n.error("exit", "expected [x, y, width, height] in inches")
        exit_rect = (float(box[0]), float(box[1]), float(box[2]), float(box[3]))
    g = Goal(n.text("kind", choices=KINDS), tuple(side), tuple(targets), n.integer("turns", 0, lo=0), exit_rect)
    n.done()
    if g.kind == "escape" and exit_rect is None:
        raise n.error("exit", "an escape goal needs its exit")
    return g


def _person(p: Node) -> PersonSetup:
    grenades = p.array("grenades", [])
    if not all(isinstance(g, str) for g in grenades):
        raise p.error("grenades", "expected a list of grenade kinds")
    out = PersonSetup(
        id=p.text("id"), owner=p.text("owner"),
        pose=Pose.at(p.number("x", lo=-MAX_INCHES, hi=MAX_INCHES), p.number("y", lo=-MAX_INCHES, hi=MAX_INCHES),
                     p.number("facing", 0.0, lo=-360, hi=720)),
        weapon=p.text("weapon", ""), armor=p.text("armor", ""), grenades=tuple(grenades),
        skill=p.integer("skill", 0, lo=UNTRAINED, hi=MAX_SKILL), foe=p.text("foe", ""),
        prone=p.flag("prone", False), name=p.text("name", ""), gear=_gear(p),
        martial_arts=p.integer("martial_arts", -1, lo=-1, hi=MAX_SKILL),
        running=p.integer("running", 0, lo=0, hi=MAX_SKILL))
    p.done()
    return out


def _gear(p: Node) -> tuple[str, ...]:
    gear = p.array("gear", [])
    if not all(isinstance(g, str) for g in gear):
        raise p.error("gear", "expected a list of gear keys")
    return tuple(gear)


def game_from_dict(data: dict[str, Any], path: str) -> Game:
    """The saved game, replayed and checked: DataError if anything does not replay exactly."""
    return _load(data, path, recover=False).game


@dataclass(frozen=True)
class Loaded:
    """A loaded save, and what a player should be told when it did not replay exactly ("" if it did)."""

    game: Game
    note: str = ""


def _upgraded(data: dict[str, Any], path: str) -> Node:
    root = Node(data, path)
    version = root.integer("format_version")
    if version > FORMAT_VERSION:
        raise root.error("format_version", f"saved by a newer version of the program (format {version}; "
                                           f"this one reads up to {FORMAT_VERSION})")
    if version < 1:
        raise root.error("format_version", f"unknown format {version}")
    while version < FORMAT_VERSION:
        data = UPGRADES[version](data)
        version = data["format_version"]
    root = Node(data, path)
    root.integer("format_version")
    return root


def _load(data: dict[str, Any], path: str, recover: bool) -> Loaded:
    root = _upgraded(data, path)
    setup = _setup(root.table("setup"))
    _check_references(setup, path)
    try:
        game = Game(setup)
    except IllegalAction as exc:
        raise root.error("setup", str(exc)) from None
    saved = root.array("turn_digests", [])
    if not all(isinstance(d, str) for d in saved):
        raise root.error("turn_digests", "expected a list of digests")
    broke = ""
    for i, text in enumerate(root.array("actions")):
        where = f"actions[{i}]"
        if not isinstance(text, str):
            raise DataError(path, where, "expected an action as text")
        try:
            game.apply(action_text.parse(text))
        except (ValueError, IllegalAction) as exc:
            if not recover or isinstance(exc, ValueError):
                raise DataError(path, where, f"{text!r} does not replay: {exc}") from None
            broke = f"action {i + 1} ({text}) is no longer legal: {exc}"
            break
    want = root.text("digest", "")
    if not broke and want and want != digest(game.state):
        if not recover:
            raise root.error("digest", "the replayed game differs from the saved one (rules or data changed?)")
        broke = "the replayed game ends differently"
    turn = root.integer("turn", 0, lo=0)
    if not broke and turn and turn != game.state.turn:
        raise root.error("turn", f"the save says turn {turn}, but its actions replay to turn {game.state.turn}")
    root.done()
    return Loaded(game, _recovered(game, saved, broke) if broke else "")


def _recovered(game: Game, saved: list[str], broke: str) -> str:
    """Cut the replay back to the start of the last turn that still replays as saved, and say so."""
    mine = turn_digests(game)
    same = 0
    while same < min(len(mine), len(saved)) and mine[same] == saved[same]:
        same += 1
    if not saved or same == 0:
        return (f"this save replays differently under this version's rules ({broke}); loaded as the rules "
                f"replay it, to turn {game.state.turn}")
    keep_turn = same   # turns 1..same start as saved; the first that differs is same + 1
    while game.history and game.state.turn > keep_turn:
        game.undo()
    while game.history and game.history[-1].before.turn == keep_turn:
        game.undo()   # back to the start of that turn, the last point known to match
    return (f"this save replays differently under this version's rules from turn {keep_turn} on ({broke}); "
            f"loaded at the start of turn {game.state.turn}, the last point that replays as saved")


def _check_references(setup: GameSetup, path: str) -> None:
    """The map and design files a save names lie where a save may point, and the set-up is one the
    rules allow (rules.engine.setup_check), before the engine opens or places anything."""

    game_map = load_map(referenced(setup.map, path, "setup.map")) if setup.map else None
    for i, v in enumerate(setup.vehicles):
        if v.design.endswith(".toml"):
            referenced(v.design, path, f"setup.vehicle[{i}].design")
    check_setup(setup, path, game_map, where="setup.vehicle[{i}]")


def load_game(path: str | Path) -> Game:
    return game_from_dict(load_toml(path), str(path))


def load_game_recovering(path: str | Path) -> Loaded:
    """As load_game, but a save that the present rules replay differently (a newer version of the
    program) loads as far as it replays the same, with a note saying so; other faults still raise."""
    return _load(load_toml(path), str(path), recover=True)


def loads_game(text: str, path: str = "<save>") -> Game:
    return game_from_dict(parse_toml(text, path), path)


def autosave_path(name: str = "autosave") -> Path:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name) or "autosave"
    return SAVE_DIR / f"{safe}.toml"


# --- the saves folder ----------------------------------------------------------------------------

AUTOSAVE_SLOTS = 3   # the latest autosave of this game and of the two games before it


def autosave_slots(directory: Path, name: str = "autosave") -> list[Path]:
    """The autosave files, newest game first: autosave.toml, autosave-1.toml, ..."""
    return [directory / (f"{name}.toml" if i == 0 else f"{name}-{i}.toml") for i in range(AUTOSAVE_SLOTS)]


def rotate_autosaves(directory: Path, name: str = "autosave") -> None:
    """Make room for a new game's autosave: each slot moves one down and the oldest is dropped, so
    the next game does not overwrite the last one's."""
    slots = autosave_slots(directory, name)
    for older, newer in zip(reversed(slots[1:]), reversed(slots[:-1]), strict=True):
        if newer.is_file():
            newer.replace(older)


@dataclass(frozen=True)
class SaveEntry:
    """One save in a folder's list: `broken` says why it will not load ("" when it loads)."""

    path: Path
    modified: float       # seconds since the epoch
    turn: int = 0
    vehicles: tuple[str, ...] = ()
    broken: str = ""
    note: str = ""        # it loads, but not exactly as saved (load_game_recovering)


def read_save(path: Path) -> tuple[SaveEntry, Game | None]:
    """One save as a list shows it, and the game it replays to (None when broken). Never raises for a
    bad file: the entry's `broken` keeps the message (`path: where: what`)."""
    try:
        mtime = path.stat().st_mtime
    except OSError as exc:
        return SaveEntry(path, 0.0, broken=f"{path}: file: cannot be read ({exc.strerror or exc})"), None
    try:
        loaded = load_game_recovering(path)
    except DataError as exc:
        return SaveEntry(path, mtime, broken=str(exc)), None
    except Exception as exc:  # noqa: BLE001 - a loader bug still leaves an entry that says so
        return SaveEntry(path, mtime, broken=f"{path}: file: cannot be loaded ({type(exc).__name__}: {exc})"), None
    game = loaded.game
    return SaveEntry(path, mtime, game.state.turn, tuple(v.id for v in game.state.vehicles), note=loaded.note), game


def list_saves(directory: Path, limit: int = 20) -> list[SaveEntry]:
    """The saves in `directory`, newest first, each loaded (and replayed) to say whether it is broken
    and why (`path: where: what`). Never raises for a bad file."""
    files = []
    for p in directory.glob("*.toml"):
        try:
            files.append((p.stat().st_mtime, p))
        except OSError:
            continue
    return [read_save(p)[0] for _, p in sorted(files, key=lambda f: (-f[0], f[1].name))[:limit]]
