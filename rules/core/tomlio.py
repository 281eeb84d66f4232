"""Reading TOML with errors that name the file and line; atomic writing."""

from __future__ import annotations

import os
import re
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    import tomli as tomllib

import tomli_w

from rules.core.errors import DataError

# Limits checked before any parsing: a file from anyone must not hang or exhaust the program. Far
# above what the editor or a long game writes (the biggest shipped map is ~20 KB, a 100-turn save ~60 KB);
# tomllib takes a few seconds of CPU for 2 MiB of numbers on a slow machine.
MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_KEY_PARTS = 32     # dotted parts in one key (tomllib's cost grows with the square of a key's depth)
MAX_NESTING = 32       # brackets and braces open at once (arrays of arrays, inline tables)

_OUTSIDE = re.compile(r"""'''|\"\"\"|["'#\n\[\]{}=]|(?<!\d)\.|\.(?!\d)""")  # not a number's dot
_STRING_END = {
    '"': re.compile(r'[^"\\\n]*(?:\\.[^"\\\n]*)*"'),
    "'": re.compile(r"[^'\n]*'"),
    '"""': re.compile(r'(?:[^"\\]|\\.|"(?!""))*"""', re.DOTALL),
    "'''": re.compile(r"(?:[^']|'(?!''))*'''", re.DOTALL),
}


def check_limits(text: str, path: str) -> None:
    """Refuse text nested deeper than MAX_NESTING or with a key of more than MAX_KEY_PARTS parts, in
    one linear scan that skips strings and comments (a dot between digits is a number's)."""
    depth = parts = pos = 0
    while True:
        m = _OUTSIDE.search(text, pos)
        if m is None:
            return
        tok, pos = m.group(), m.end()
        if tok in _STRING_END:
            end = _STRING_END[tok].match(text, pos)
            if end is None:
                return  # an unterminated string: tomllib names the line
            pos = end.end()
        elif tok == "#":
            nl = text.find("\n", pos)
            if nl < 0:
                return
            pos = nl
        elif tok in "[{":
            depth += 1
            if depth > MAX_NESTING:
                raise DataError(path, _line(text, m.start()), f"nested more than {MAX_NESTING} deep")
        elif tok in "]}":
            depth = max(0, depth - 1)
            parts = 0
        elif tok == ".":
            parts += 1
            if parts >= MAX_KEY_PARTS:
                raise DataError(path, _line(text, m.start()), f"a key of more than {MAX_KEY_PARTS} dotted parts")
        else:  # a new line or "=": the next dot belongs to another key
            parts = 0


def _line(text: str, index: int) -> str:
    return f"line {text.count(chr(10), 0, index) + 1}"


def parse_toml(text: str, path: str) -> dict[str, Any]:
    """Parse TOML text (within the limits above); a syntax error becomes a DataError naming the line."""
    check_limits(text, path)
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
    raw = read_limited(p)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(str(p), f"byte {exc.start}", "not UTF-8 text") from None
    return parse_toml(text, str(p))


def read_limited(p: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. Anything else (a folder, a device such as
    /dev/zero, a pipe, a huge file) is refused before a byte of it is read."""
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # opening a FIFO must not block
    except OSError as exc:
        raise DataError(str(p), "file", f"cannot read: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            what = "a folder" if stat.S_ISDIR(st.st_mode) else "a device, pipe or socket"
            raise DataError(str(p), "file", f"is {what}, not a regular file: not read")
        if st.st_size > limit:
            raise DataError(str(p), "file", f"is {st.st_size:,} bytes, more than the {limit:,} allowed: not read")
        with os.fdopen(fd, "rb") as fh:
            fd = -1  # closed by the with
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise DataError(str(p), "file", f"cannot read: {exc.strerror or exc}") from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(raw) > limit:  # it grew while being read
        raise DataError(str(p), "file", f"is more than the {limit:,} bytes allowed: not read")
    return raw


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


# killed atomic writes (the client cleans its folders at start-up: without the engine, which it loads later)
STRAY_TEMP_AGE = 60.0  # seconds: an older temporary file is a write that was killed, not one under way


def clean_stray_temp_files(directory: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files of atomic writes that were killed before their rename (`.NAME.*.tmp`,
    rules.core.tomlio.atomic_write_text) and are older than STRAY_TEMP_AGE; the files removed."""
    now = time.time() if now is None else now
    removed = []
    for p in directory.glob(".*.tmp"):
        try:
            if p.is_file() and not p.is_symlink() and now - p.stat().st_mtime > STRAY_TEMP_AGE:
                p.unlink()
                removed.append(p)
        except OSError:
            continue  # gone already, or not ours to remove
    return removed
