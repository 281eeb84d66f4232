"""Small typed reader for TOML data: every mistake becomes a DataError naming file, place and problem.

Used by every loader (tables, vehicles, maps, saves) so that error messages look the same everywhere.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any, TypeVar

from rules.core.errors import DataError

T = TypeVar("T")

# Text from a file is shown on screen and in logs: no control characters (NUL, ANSI escapes), no
# invisible direction overrides (a name that reads backwards), and a length a screen can show.
MAX_TEXT = 2_000
MAX_NAME = 80
NAME_KEYS = frozenset({"name", "id", "owner", "team", "start", "driver", "foe", "colour", "stock", "section"})
_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
_UNSAFE_IN_NAME = re.compile("[\t\n]")
MAX_INT = 2**63 - 1  # integers beyond 64 bits mean nothing in a game and slow every sum they enter

_TYPE_NAMES = {int: "an integer", float: "a number", str: "text", bool: "true or false", list: "a list", dict: "a table"}


class Node:
    """A table in a data file, with its path for messages."""

    def __init__(self, data: Any, path: str, where: str = "") -> None:
        if not isinstance(data, dict):
            raise DataError(path, where or "top level", f"expected a table, found {_describe(data)}")
        self.data: dict[str, Any] = data
        self.path = path
        self.where = where
        self._used: set[str] = set()

    def _at(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.where}[{key}]"
        return f"{self.where}.{key}" if self.where else key

    def error(self, key: str | None, what: str) -> DataError:
        return DataError(self.path, self._at(key) if key is not None else (self.where or "top level"), what)

    def has(self, key: str) -> bool:
        return key in self.data

    def _get(self, key: str, kind: type, default: Any) -> Any:
        self._used.add(key)
        if key not in self.data:
            if default is _MISSING:
                raise self.error(key, "missing")
            return default
        value = self.data[key]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if kind is int and isinstance(value, bool):
            raise self.error(key, f"expected {_TYPE_NAMES[int]}, found {_describe(value)}")
        if not isinstance(value, kind):
            raise self.error(key, f"expected {_TYPE_NAMES.get(kind, kind.__name__)}, found {_describe(value)}")
        return value

    def integer(self, key: str, default: Any = None, *, lo: int | None = None, hi: int | None = None) -> int:
        v: int = self._get(key, int, _MISSING if default is None else default)
        _check_range(self, key, v, -MAX_INT if lo is None else lo, MAX_INT if hi is None else hi)
        return v

    def number(self, key: str, default: Any = None, *, lo: float | None = None, hi: float | None = None) -> float:
        v: float = self._get(key, float, _MISSING if default is None else default)
        if not math.isfinite(v):
            raise self.error(key, f"expected a finite number, found {v}")
        _check_range(self, key, v, lo, hi)
        return v

    def pairs(self, key: str, default: Any = None) -> list[tuple[int, int]]:
        """A list of [integer, integer] pairs, e.g. a banded table."""
        out = []
        for i, item in enumerate(self.array(key, default)):
            if (not isinstance(item, list) or len(item) != 2
                    or not all(isinstance(x, int) and not isinstance(x, bool) for x in item)):
                raise DataError(self.path, f"{self._at(key)}[{i}]", "expected a pair of integers [a, b]")
            out.append((item[0], item[1]))
        return out

    def names(self, key: str, default: Any = None) -> list[str]:
        """A list of text items (names of things)."""
        items = self.array(key, default)
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise DataError(self.path, f"{self._at(key)}[{i}]", f"expected a name as text, found {_describe(item)}")
            check_text(self, f"{key}[{i}]", item)
        return items

    def int_map(self, key: str, default: Any = None) -> dict[str, int]:
        """A table of name = integer."""
        node = self.table(key, default)
        return {k: node.integer(k) for k in list(node.data)}

    def text(self, key: str, default: Any = None, *, choices: Any = None) -> str:
        v: str = self._get(key, str, _MISSING if default is None else default)
        check_text(self, key, v)
        if choices is not None and v not in choices:
            raise self.error(key, f"{v!r} is not one of {', '.join(sorted(map(str, choices)))}")
        return v

    def flag(self, key: str, default: Any = None) -> bool:
        v: bool = self._get(key, bool, _MISSING if default is None else default)
        return v

    def array(self, key: str, default: Any = None) -> list[Any]:
        v: list[Any] = self._get(key, list, _MISSING if default is None else default)
        return v

    def table(self, key: str, default: Any = None) -> Node:
        raw = self._get(key, dict, _MISSING if default is None else default)
        return Node(raw, self.path, self._at(key))

    def tables(self, key: str, default: Any = None) -> Iterator[Node]:
        for i, item in enumerate(self.array(key, default)):
            yield Node(item, self.path, f"{self._at(key)}[{i}]")

    def items(self) -> Iterator[tuple[str, Node]]:
        """Every sub-table, marking each key used."""
        for key in list(self.data):
            yield key, self.table(key)

    def raw(self, key: str, default: Any = None) -> Any:
        self._used.add(key)
        if key not in self.data:
            if default is None:
                raise self.error(key, "missing")
            return default
        return self.data[key]

    def done(self, allowed_extra: tuple[str, ...] = ("source", "title", "note")) -> None:
        """Reject keys nobody read: a misspelled key must not be ignored silently."""
        for key in self.data:
            if key not in self._used and key not in allowed_extra:
                raise self.error(key, f"unknown key {key!r}")


def check_text(node: Node, key: str, v: str) -> None:
    """Refuse text a screen cannot show safely: control or direction-override characters, or too long."""
    is_name = key in NAME_KEYS
    limit = MAX_NAME if is_name else MAX_TEXT
    if len(v) > limit:
        raise node.error(key, f"{'a name' if is_name else 'text'} of {len(v):,} characters; at most {limit} allowed")
    bad = _UNSAFE.search(v) or (_UNSAFE_IN_NAME.search(v) if is_name else None)
    if bad:
        raise node.error(key, f"contains the control character U+{ord(bad.group()):04X} at character "
                              f"{bad.start() + 1}; names and text must be plain printable characters")


class _Missing:
    pass


_MISSING = _Missing()


def _check_range(node: Node, key: str, v: float, lo: float | None, hi: float | None) -> None:
    shown = f"{v}" if abs(v) <= MAX_INT else "a number beyond 64 bits"  # str() of a huge int may itself fail
    if lo is not None and v < lo:
        raise node.error(key, f"{shown} is below the minimum {lo}")
    if hi is not None and v > hi:
        raise node.error(key, f"{shown} is above the maximum {hi}")


def _describe(value: Any) -> str:
    for kind, name in _TYPE_NAMES.items():
        if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
            return f"{name} ({_short(value)})" if kind in (int, float, str, bool) else name
    return type(value).__name__


def _short(value: Any) -> str:
    """A value for a message: a huge integer or a long string is not copied into it whole."""
    if isinstance(value, int) and abs(value) > MAX_INT:
        return "beyond 64 bits"
    r = repr(value)
    return r if len(r) <= 60 else f"{r[:50]}... ({len(r):,} characters)"
