"""The client's own settings (sound on or off), kept in saves/settings.toml between games.

A missing file gives the defaults; a file that does not read gives the defaults and a message naming
it, and the game goes on. Writes are atomic (a temporary file renamed over the old one).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import tomllib

SETTINGS_FILE = "settings.toml"
FORMAT_VERSION = 1


@dataclass
class Settings:
    sound: bool = True
    path: Path | None = None     # where they are kept (None: not kept, as in tests and benchmarks)
    problem: str = ""            # why the file could not be read, if it could not


def load_settings(directory: Path | None) -> Settings:
    if directory is None:
        return Settings()
    path = directory / SETTINGS_FILE
    if not path.is_file():
        return Settings(path=path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return Settings(path=path, problem=f"{path}: cannot be read ({exc}); using the default settings")
    sound = data.get("sound", True)
    if not isinstance(sound, bool):
        return Settings(path=path, problem=f"{path}: sound: expected true or false, got {sound!r}; sound stays on")
    return Settings(sound=sound, path=path)


def save_settings(settings: Settings) -> str:
    """Write the settings where they came from; '' when done, else what went wrong."""
    if settings.path is None:
        return ""
    text = f"# Car Wars table: client settings\nformat_version = {FORMAT_VERSION}\nsound = {'true' if settings.sound else 'false'}\n"
    tmp = settings.path.with_suffix(".tmp")
    try:
        settings.path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, settings.path)
    except OSError as exc:
        return f"{settings.path}: could not save the settings ({exc})"
    return ""
