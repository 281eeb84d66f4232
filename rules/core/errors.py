"""The two error types the engine raises on purpose.

DataError is the one error type for every bad file (tables, vehicles, maps, saves): it names the
file, the place in it and the problem, so the program can show it and go on.
IllegalAction is raised by the engine for an action the rules forbid, with the reason.
"""

from __future__ import annotations


class DataError(Exception):
    """A problem in a data file: `path: where: what`."""

    def __init__(self, path: str, where: str, what: str) -> None:
        self.path = str(path)
        self.where = where
        self.what = what
        super().__init__(f"{self.path}: {where}: {what}")


class IllegalAction(Exception):
    """An action the rules do not allow in this state; the message says why."""
