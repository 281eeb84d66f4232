"""`python -m rules validate FILE...`: check any file the program reads and list every problem.

    python -m rules validate maps/arena.toml saves/autosave.toml my_car.toml
    python -m rules validate --as map odd_name.toml

The kind of each file (map, road section, scenario, vehicle design, save, foe profiles, rules table)
is told from its keys, or for a rules table from its name (the same name as a file in rules/data).
Each problem is one line `path: where: what`; the exit status is 1 when any file has a problem, 0
when all are fine. Nothing the file holds can make it print a traceback: an unexpected exception in
a loader is itself reported as a problem (it is a loader bug: loaders must raise DataError).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.core.errors import DataError
from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml
from rules.engine.saves import game_from_dict
from rules.engine.scenarios import load_scenario
from rules.engine.setup_check import is_stock_file
from rules.tables.collisions import load_collision_data, load_terrain_data
from rules.tables.combat import load_combat
from rules.tables.construction import load_design_tables
from rules.tables.foe_profiles import load_profiles
from rules.tables.movement import load_tables
from rules.tables.oversized import load_oversized_tables
from rules.tables.people import load_people
from rules.tables.rigs import load_rig_tables, load_target_tables
from rules.vehicles.design import design_from_node
from rules.vehicles.figures import figures
from rules.world.map_model import Map, load_vocabulary, vocabulary
from rules.world.maps import map_from_data, section_from_data, static_shapes, validate_map
from rules.world.shapes import Point, bbox, point_in_polygon

KINDS = ("map", "section", "scenario", "vehicle", "save", "profiles", "table")
USAGE = "usage: python -m rules validate [--as " + "|".join(KINDS) + "] FILE..."

Problem = tuple[str, str, str]  # (path, where, what)


# --- telling what a file is --------------------------------------------------------------------


def table_name(path: Path) -> str | None:
    """The rules/data name a rules table file stands for ("hazards.toml", "construction/tires.toml")."""
    rel = f"construction/{path.name}" if path.parent.name == "construction" else path.name
    return rel if (DATA_DIR / rel).is_file() else None


def kind_of(path: Path, data: dict[str, Any]) -> str | None:
    """What a parsed file is, from the keys each format requires (None: cannot tell)."""
    if "setup" in data and ("actions" in data or "history" in data or "format_version" in data):
        return "save"
    if "victory" in data or (isinstance(data.get("map"), str) and "vehicles" in data):
        return "scenario"
    if "ends" in data and "id" in data:
        return "section"
    if "size" in data and ("starts" in data or "format_version" in data):
        return "map"
    if "body" in data and ("kind" in data or "plant" in data):
        return "vehicle"
    if "profile" in data:
        return "profiles"
    if table_name(path) is not None:
        return "table"
    return None


# --- checking each kind --------------------------------------------------------------------------


def _check_map(path: Path, data: dict[str, Any]) -> list[Problem]:

    m = map_from_data(data, str(path))
    return [(str(path), p.where, p.what) for p in validate_map(m)]


def _check_section(path: Path, data: dict[str, Any]) -> list[Problem]:

    section_from_data(data, str(path))
    return []


def _check_scenario(path: Path, data: dict[str, Any]) -> list[Problem]:

    sc = load_scenario(path)  # its set-up is checked as every set-up is (rules.engine.setup_check)
    exit_rect = sc.victory.exit
    if exit_rect is not None and not exit_reachable(sc.map, exit_rect.points()):
        return [(str(path), "victory.exit", "the exit lies wholly inside walls or buildings: nobody can reach it")]
    return []


def exit_reachable(m: Map, exit_points: tuple[Point, ...]) -> bool:
    """Some ¼"-grid point of an escape exit on the map lies outside every wall and building."""
    solids = [s.points for s in static_shapes(m) if s.kind in ("wall", "fixed_object", "building")]
    x0, y0, x1, y1 = bbox(exit_points)
    step = vocabulary().grid
    for i in range(int((x1 - x0) / step) + 1):
        for j in range(int((y1 - y0) / step) + 1):
            x, y = min(x0 + (i + 0.5) * step, x1), min(y0 + (j + 0.5) * step, y1)
            if 0 <= x <= m.width and 0 <= y <= m.height and not any(point_in_polygon(x, y, pts) for pts in solids):
                return True
    return False


def _check_vehicle(path: Path, data: dict[str, Any]) -> list[Problem]:

    d = design_from_node(Node(data, str(path)))
    if "printed" in data and is_stock_file(path):
        # A book vehicle kept as printed, mistakes included (docs/RULES-DEVIATIONS.md): its construction
        # errors are shown, but the file itself is fine.
        for err in figures(d).errors:
            print(f"{path}: design: note (as printed): {err}")
        return []
    return [(str(path), "design", err) for err in figures(d).errors]


def _check_save(path: Path, data: dict[str, Any]) -> list[Problem]:

    game_from_dict(data, str(path))  # replays every action and checks the digest
    return []


def _check_profiles(path: Path, data: dict[str, Any]) -> list[Problem]:

    load_profiles(path)
    return []


def _check_table(path: Path, data: dict[str, Any]) -> list[Problem]:
    """Load every rules table from a copy of rules/data with this file in its place."""
    name = table_name(path)
    if name is None:
        return [(str(path), "file", "not the name of a rules table in rules/data")]
    with tempfile.TemporaryDirectory(prefix="validate-") as tmp:
        data_dir = Path(tmp) / "data"
        shutil.copytree(DATA_DIR, data_dir)
        shutil.copyfile(path, data_dir / name)
        try:
            load_all_tables(data_dir)
        except DataError as exc:
            if Path(exc.path).resolve() == (data_dir / name).resolve():
                return [(str(path), exc.where, exc.what)]
            # another table no longer agrees with this one
            return [(str(path), "file", f"breaks {Path(exc.path).relative_to(data_dir)}: {exc.where}: {exc.what}")]
    return []


def load_all_tables(data_dir: Path) -> None:
    """Every loader of rules/data that reads a whole folder or one named file, on `data_dir`."""

    load_tables(data_dir)
    load_design_tables(data_dir)
    load_oversized_tables(data_dir)
    load_rig_tables(data_dir)
    load_target_tables(data_dir)
    load_combat(data_dir / "combat.toml")
    load_collision_data(data_dir / "collisions.toml")
    load_terrain_data(data_dir / "terrain.toml")
    load_vocabulary(data_dir / "map_terrain.toml")
    load_profiles(data_dir / "foe_profiles.toml")
    load_people(data_dir / "people.toml")


CHECKS: dict[str, Callable[[Path, dict[str, Any]], list[Problem]]] = {
    "map": _check_map, "section": _check_section, "scenario": _check_scenario, "vehicle": _check_vehicle,
    "save": _check_save, "profiles": _check_profiles, "table": _check_table,
}


# --- one file ------------------------------------------------------------------------------------


def check_file(path: str | Path, kind: str | None = None) -> list[Problem]:
    """Every problem found in one file (an empty list: the file is fine)."""
    p = Path(path)
    if p.is_dir():
        return [(str(p), "file", "is a folder, not a file")]
    try:
        data = load_toml(p)
        kind = kind or kind_of(p, data)
        if kind is None:
            return [(str(p), "file", "cannot tell what this file is: expected a map, road section, scenario, "
                                     "vehicle design, save, foe profiles or rules table (use --as KIND)")]
        return CHECKS[kind](p, data)
    except DataError as exc:
        return [(exc.path, exc.where or "file", exc.what or "invalid")]
    except RecursionError:
        return [(str(p), "file", "nested too deeply")]
    except Exception as exc:  # noqa: BLE001 - a loader bug must still be one line, never a traceback
        return [(str(p), "file", f"the {kind or 'file'} loader failed unexpectedly "
                                 f"({type(exc).__name__}: {exc}); this is a bug in the program")]


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    kind = None
    if argv[0] == "--as":
        if len(argv) < 3 or argv[1] not in KINDS:
            print(USAGE, file=sys.stderr)
            return 2
        kind, argv = argv[1], argv[2:]
    bad = 0
    for arg in argv:
        problems = check_file(arg, kind)
        for path, where, what in problems:
            print(f"{path}: {where}: {what}")
        bad += bool(problems)
    return 1 if bad else 0
