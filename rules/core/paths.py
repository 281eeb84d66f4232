"""Paths stored in games and saves are kept relative to the project, so a save made in one
checkout loads in another (and in CI's fresh clone)."""

from __future__ import annotations

from pathlib import Path

from rules.core.errors import DataError

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


SAVE_DIRS = (ROOT / "saves",)  # the player's save folders (saves/garage among them)


def referenced(ref: str, referrer: str | Path, where: str, *, relative_to: Path | None = None,
               roots: tuple[Path, ...] = ()) -> Path:
    """The file another file names (a scenario's map, a save's map or design), refused before it is
    opened unless it lies inside the project, the referring file's own folder or the save folders.

    `relative_to` is the folder a relative reference is read from (default: the project, as saves store
    paths); messages name the referring file first, then the reference: `scenario.toml: map: ...`."""

    referrer_path = Path(referrer)
    p = Path(ref)
    if not p.is_absolute():
        p = (relative_to if relative_to is not None else ROOT) / p
    allowed = [ROOT, *SAVE_DIRS, *roots]
    if referrer_path.is_file():
        allowed.append(referrer_path.parent)
    try:
        real = p.resolve()
        inside = any(real.is_relative_to(r.resolve()) for r in allowed)
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL in the name
        inside = False
    if not inside:
        raise DataError(str(referrer), where, f"refers to {ref!r}, which lies outside the project, this file's "
                                              "folder and the save folders: not opened")
    if not real.is_file():
        raise DataError(str(referrer), where, f"refers to {ref!r}, which is not an existing file")
    return real
