"""Reading TOML with errors that name the file and line; atomic writing."""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    import tomli as tomllib

import tomli_w

from rules.core.errors import DataError


def parse_toml(text: str, path: str) -> dict[str, Any]:
    """Parse TOML text; a syntax error becomes a DataError naming the line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        where = f"line {m.group(1)}" if m else "syntax"
        what = re.sub(r"\s*\(at line \d+, column \d+\)", "", msg) or "invalid TOML"
        raise DataError(path, where, f"TOML syntax error: {what}") from None


def load_toml(path: str | Path) -> dict[str, Any]:
    """Read and parse a TOML file; unreadable or invalid files raise DataError."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise DataError(str(p), "file", f"cannot read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(str(p), f"byte {exc.start}", "not UTF-8 text") from None
    return parse_toml(text, str(p))


def dumps_toml(data: dict[str, Any]) -> str:
    return tomli_w.dumps(data)


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write to a temporary file beside `path`, fsync, then rename over it.

    A crash at any moment leaves either the old file or the new one, never a torn one.
    """
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=str(p.parent))
    try:
        os.chmod(tmp, _mode_for(p))  # mkstemp makes 0600 files; keep the usual (or the old file's) mode
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _mode_for(p: Path) -> int:
    try:
        return p.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
