"""Paths stored in games and saves are kept relative to the project, so a save made in one
checkout loads in another (and in CI's fresh clone)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]     # the project: rules/core/paths.py -> rules -> root
DATA_DIR = ROOT / "rules" / "data"             # the rulebook's tables and the stock vehicles
MAPS_DIR = ROOT / "maps"
SAVES_DIR = ROOT / "saves"


def portable(path: str | Path) -> str:
    """The path relative to the project root when it lies inside it, else as given."""
    if not str(path):
        return ""
    try:
        return Path(path).resolve().relative_to(ROOT).as_posix()
    except (ValueError, OSError):
        return str(path)


def locate(path: str | Path) -> Path:
    """A stored path as a file to open: as given if it exists or is absolute, else under the root."""
    p = Path(path)
    if p.is_absolute() or p.exists():
        return p
    under_root = ROOT / p
    return under_root if under_root.exists() else p
