"""The grenade throw (000:L1173-L1197; 002:L9-L63): the 9+ roll, only a 12 landing exactly, the
Direction and Distance tables for every other roll, and where the grenade comes down.

`scatter` reads the tables from the dice already rolled (the query op passes them in, the engine rolls
them); `landing` turns a scatter into a point on the map, never behind the thrower.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.tables.people import PeopleTables, Throw, people_tables

SHORT, LONG = "short", "long"


@dataclass(frozen=True)
class Scatter:
    exact: bool
    missed_by: int = 0        # how far short of the need the roll fell (0 = made it, below 12)
    side: str = ""            # "right", "left" or ""
    along: str = ""           # "short", "long" or ""
    side_squares: int = 0     # quarter-inch squares off to the side
    along_squares: int = 0    # quarter-inch squares short or long

    @property
    def direction(self) -> str:
        return " and ".join(d for d in (self.side, self.along) if d) or "on target"


def direction(roll: int, long_short_roll: int | None, t: Throw) -> tuple[str, str]:
    """The Direction Table (000:L1178-L1184): a 5 or 6 goes long or short by a further die, evens long
    (the worked example's choice, 000:L1193)."""
    if roll not in t.direction:
        raise ValueError(f"direction_roll must be 1-6, not {roll}")
    side, along = t.direction[roll]
    if along == "either":
        if long_short_roll is None or not 1 <= long_short_roll <= 6:
            raise ValueError("a direction roll of 5 or 6 needs long_short_roll (1-6) to pick long or short")
        even = long_short_roll % 2 == 0
        along = LONG if even == t.either_long_on_even else SHORT
    return side, along


def distance_squares(missed_by: int, dice_total: int, t: Throw, *, point_blank: bool = False) -> int:
    """The Distance Table (000:L1185-L1191): the row for the miss, read with the dice rolled for it;
    aimed under 1" away the grenade is never more than 2 squares off (002:L61)."""
    row = t.distance_row(missed_by)
    lo, hi = row.squares.n, row.squares.n * 6
    if row.squares.half or not lo <= dice_total <= hi:
        raise ValueError(f"distance roll {dice_total} is not a {row.squares.n}d total ({lo}-{hi})")
    squares = max(row.at_least, dice_total + row.squares.mod, 0)
    return min(squares, t.point_blank_max_squares) if point_blank else squares


def scatter(roll: int, need: int | None = None, direction_roll: int | None = None,
            long_short_roll: int | None = None, distance_rolls: tuple[int, ...] = (), *,
            point_blank: bool = False, t: PeopleTables | None = None) -> Scatter:
    """Where a throw of `roll` (the natural 2d) lands relative to the square aimed at. `need` is the
    roll the throw needed after its modifiers (9 by default, 000:L1176); `distance_rolls` holds one
    dice total per direction the Direction Table names, the sideways one first."""
    th = (t or people_tables()).throw
    if not 2 <= roll <= 12:
        raise ValueError(f"roll must be a 2d total (2-12), not {roll}")
    if roll == th.exact_on:
        return Scatter(True)
    missed_by = max(0, (th.need if need is None else need) - roll)
    if direction_roll is None:
        raise ValueError("a throw below 12 misses the square: direction_roll (1d) is needed")
    side, along = direction(direction_roll, long_short_roll, th)
    wanted = (1 if side else 0) + (1 if along else 0)
    if len(distance_rolls) != wanted:
        raise ValueError(f"direction {direction_roll} ({' and '.join(d for d in (side, along) if d)}) needs "
                         f"{wanted} distance roll{'s' if wanted > 1 else ''}, not {len(distance_rolls)}")
    squares = [distance_squares(missed_by, r, th, point_blank=point_blank) for r in distance_rolls]
    side_sq = squares[0] if side else 0
    along_sq = squares[-1] if along else 0
    return Scatter(False, missed_by, side, along, side_sq, along_sq)


def scatter_reach(roll: int, need: int | None = None, *, point_blank: bool = False,
                  t: PeopleTables | None = None) -> float:
    """The farthest (inches) a throw of natural `roll` below 12 can come down from the point aimed at:
    the most squares its Distance Table row gives (000:L1185-L1191), on both axes where the Direction
    Table sends it sideways and long or short at once (000:L1178-L1184). What the client draws as the
    scatter a throw risks."""
    tt = t or people_tables()
    th = tt.throw
    if roll >= th.exact_on:
        return 0.0
    missed_by = max(0, (th.need if need is None else need) - roll)
    row = th.distance_row(missed_by)
    most = max(row.at_least, row.squares.n * 6 + row.squares.mod, 0)
    if point_blank:
        most = min(most, th.point_blank_max_squares)
    diagonal = any(side and along for side, along in th.direction.values())
    return most * tt.person.square * (math.sqrt(2) if diagonal else 1.0)


def landing(thrower: tuple[float, float], aim: tuple[float, float], s: Scatter,
            t: PeopleTables | None = None) -> tuple[float, float]:
    """The point the grenade comes down at (inches, y down). Right is to the thrower's right looking
    at the aim point; a throw short by more than its length lands at his feet (002:L61)."""
    sq = (t or people_tables()).person.square
    dx, dy = aim[0] - thrower[0], aim[1] - thrower[1]
    length = math.hypot(dx, dy)
    if s.exact or length == 0:
        return aim if s.exact else thrower
    ux, uy = dx / length, dy / length
    along = (s.along_squares if s.along == LONG else -s.along_squares) * sq
    if length + along < 0:
        return thrower
    side = (s.side_squares if s.side == "right" else -s.side_squares) * sq
    rx, ry = -uy, ux   # the thrower's right with y down
    return (aim[0] + ux * along + rx * side, aim[1] + uy * along + ry * side)
