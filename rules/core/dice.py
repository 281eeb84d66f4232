"""Dice: expressions like "1d-4", "3d", "2d+1", "½d" and deterministic rolling.

Every die is derived from (seed, roll number) with SHA-256, never from `random`, so a game replays
identically on any Python version. Dice results below 0 count as 0 (000:L394).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

_EXPR = re.compile(r"^\s*(?:(\d+)|(½|1/2))\s*d\s*(?:([+-])\s*(\d+))?\s*$")


@dataclass(frozen=True)
class DiceExpr:
    """N six-sided dice plus a modifier; `half` means ½d (1d halved, rounded up, 000:L83)."""

    n: int
    mod: int = 0
    half: bool = False

    @staticmethod
    def parse(text: str) -> DiceExpr:
        plain = text.strip().replace("−", "-")
        if plain == "":
            return DiceExpr(0, 0)
        if re.fullmatch(r"-?\d+", plain):
            return DiceExpr(0, int(plain))
        m = _EXPR.match(text.replace("−", "-"))
        if not m:
            raise ValueError(f"not a dice expression: {text!r}")
        count, half, sign, num = m.groups()
        mod = int(num) * (-1 if sign == "-" else 1) if num else 0
        if half:
            return DiceExpr(1, mod, True)
        return DiceExpr(int(count), mod)

    def __str__(self) -> str:
        if self.n == 0:
            return "0" if self.mod == 0 else str(self.mod)
        head = "½d" if self.half else f"{self.n}d"
        if self.mod > 0:
            return f"{head}+{self.mod}"
        if self.mod < 0:
            return f"{head}{self.mod}"
        return head

    def total(self, dice: Sequence[int]) -> int:
        """The result for the given dice faces, floored at 0."""
        base = sum(dice)
        if self.half:
            base = (base + 1) // 2
        return max(0, base + self.mod)

    def minimum(self) -> int:
        return self.total([1] * self.n)

    def maximum(self) -> int:
        return self.total([6] * self.n)


def die_from_seed(seed: int, index: int) -> int:
    """The index-th d6 of a game with this seed (1..6)."""
    digest = hashlib.sha256(f"carwars:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 6 + 1


class DiceSource(Protocol):
    """Where dice come from. The engine asks for one d6 at a time."""

    def d6(self) -> int: ...

    @property
    def count(self) -> int: ...


@dataclass
class SeededDice:
    """Dice of a seeded game; `count` is how many have been rolled (stored in the state)."""

    seed: int
    count: int = 0

    def d6(self) -> int:
        value = die_from_seed(self.seed, self.count)
        self.count += 1
        return value


@dataclass
class ScriptedDice:
    """Dice for tests: returns the given faces in order, then fails loudly."""

    faces: list[int]
    count: int = 0
    fallback: SeededDice | None = field(default=None)

    def __init__(self, faces: Iterable[int], fallback_seed: int | None = None) -> None:
        self.faces = list(faces)
        self.count = 0
        self.fallback = SeededDice(fallback_seed) if fallback_seed is not None else None
        for f in self.faces:
            if not 1 <= f <= 6:
                raise ValueError(f"a die face must be 1..6, got {f}")

    def d6(self) -> int:
        if self.count < len(self.faces):
            value = self.faces[self.count]
        elif self.fallback is not None:
            value = self.fallback.d6()
        else:
            raise AssertionError(f"scripted dice ran out after {self.count} rolls")
        self.count += 1
        return value

    @property
    def remaining(self) -> int:
        return max(0, len(self.faces) - self.count)


def roll(expr: DiceExpr, dice: DiceSource) -> tuple[int, tuple[int, ...]]:
    """Roll an expression: (total, faces)."""
    faces = tuple(dice.d6() for _ in range(expr.n))
    return expr.total(faces), faces


def _at_least_table(n: int) -> tuple[float, ...]:
    """chances[k] of n dice totalling k or more, for k = 0 .. 6n + 1 (counted over every face)."""
    ways = [1]
    for _ in range(n):
        nxt = [0] * (len(ways) + 6)
        for total, w in enumerate(ways):
            for face in range(1, 7):
                nxt[total + face] += w
        ways = nxt
    outcomes = 6 ** n
    return tuple(sum(ways[k:]) / outcomes for k in range(len(ways))) + (0.0,)


_AT_LEAST = {n: _at_least_table(n) for n in (1, 2)}   # built once: a constant, never changed


def chance_at_least(need: int, n: int = 2) -> float:
    """The chance that n d6 (1 or 2) total `need` or more: 1 below the least roll, 0 above the most.
    The one place the program works out a roll's chance (to-hit on 2d, control rolls on 1d)."""
    table = _AT_LEAST[n]
    return table[max(0, min(need, len(table) - 1))]
