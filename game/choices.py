"""The new-game screen's choices, remembered between games in saves/new_game.toml (written atomically).
A file that does not read is reported and left alone; the screen then starts from its defaults."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.core.errors import DataError
from rules.core.tomlio import atomic_write_text, dumps_toml, load_toml

FILE_NAME = "new_game.toml"   # apart from settings.toml (the client's sound setting), so neither overwrites the other
VERSION = 1


def settings_path(saves_dir: Path) -> Path:
    return saves_dir / FILE_NAME


def load_settings(saves_dir: Path) -> tuple[dict[str, Any], str]:
    """The remembered choices ({} if none) and a message ("" unless the file is bad)."""
    p = settings_path(saves_dir)
    if not p.exists():
        return {}, ""
    try:
        data = load_toml(p)
    except DataError as exc:
        return {}, f"{exc} (the new-game choices start from the defaults)"
    if data.get("version") != VERSION or not isinstance(data.get("new_game"), dict):
        return {}, f"{p}: version: not a settings file of version {VERSION} (ignored)"
    return dict(data["new_game"]), ""


def save_settings(saves_dir: Path, new_game: dict[str, Any]) -> str:
    """Remember the choices; returns "" or why it could not."""
    try:
        atomic_write_text(settings_path(saves_dir), dumps_toml({"version": VERSION, "new_game": new_game}))
    except (OSError, TypeError, ValueError) as exc:
        return f"could not remember the choices: {exc}"
    return ""
