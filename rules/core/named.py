"""Named values: str-valued enums that print and format as their value on Python 3.10 and 3.11+ alike
(as 3.11's StrEnum does), so log lines, text forms, saves and digests read as the plain strings did."""

from __future__ import annotations

from enum import Enum


class Named(str, Enum):
    def __str__(self) -> str:
        return str(self.value)
