"""The client's own settings, kept in saves/settings.toml between games: sound on or off, whether
every fire step stops (even when no shot can hit), whether the hand-off banner waits for a press.

A missing file gives the defaults; a file that does not read gives the defaults and a message naming
it, and the game goes on. Writes are atomic (rules.core.tomlio: a temporary file renamed over the old
one). Read through the rules' TOML reader, so Python 3.10 (tomli) reads it as 3.11 does.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path

from rules.core.errors import DataError
from rules.core.tomlio import atomic_write_text, load_toml

SETTINGS_FILE = "settings.toml"
FORMAT_VERSION = 1


@dataclass
class Settings:
    sound: bool = True
    fire_stops: bool = False     # stop at every fire step, even one in which no shot can hit
    banner_waits: bool = False   # the hand-off banner waits for Enter or a click
    path: Path | None = None     # where they are kept (None: not kept, as in tests and benchmarks)
    problem: str = ""            # why the file could not be read, if it could not


FLAGS = tuple(f.name for f in fields(Settings) if f.type in ("bool", bool))


def load_settings(directory: Path | None) -> Settings:
    if directory is None:
        return Settings()
    path = directory / SETTINGS_FILE
    if not path.is_file():
        return Settings(path=path)
    try:
        data = load_toml(path)
    except DataError as exc:
        return Settings(path=path, problem=f"{exc}; using the default settings")
    values: dict[str, bool] = {}
    for key in FLAGS:
        v = data.get(key, getattr(Settings, key))
        if not isinstance(v, bool):
            return Settings(path=path, problem=f"{path}: {key}: expected true or false, got {v!r}; "
                            "using the default settings")
        values[key] = v
    return Settings(sound=values["sound"], fire_stops=values["fire_stops"], banner_waits=values["banner_waits"],
                    path=path)


def save_settings(settings: Settings) -> str:
    """Write the settings where they came from; '' when done, else what went wrong."""
    if settings.path is None:
        return ""
    lines = ["# Car Wars table: client settings", f"format_version = {FORMAT_VERSION}"]
    lines += [f"{key} = {'true' if getattr(settings, key) else 'false'}" for key in FLAGS]
    try:
        atomic_write_text(settings.path, "\n".join(lines) + "\n")
    except OSError as exc:
        return f"{settings.path}: could not save the settings ({exc})"
    return ""
