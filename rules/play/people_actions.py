"""The actions of people (issue 18), with text forms that parse back like the vehicles' (actions.py):

    V1 get out driver          a crewman steps out of a stopped vehicle (000:L1469)
    V1 jump driver             ... or jumps from a moving one (000:L1470)
    V1.driver walk 1 -1        a pedestrian moves one square (dx, dy in squares; 0 0 stays) (000:L539)
    V1.driver prone            drops prone (no time); "V1.driver stand" gets up (a full second, 000:L1459-L1461)
    V1.driver shoot SMG at V2  fires his hand weapon at a vehicle or a person (000:L1449)
    V1.driver throw explosive at 10.25 4.5 fuse=1   throws a grenade at a point; fuse=0: impact fuse
    V1.driver get in V1        back into the seat he left, after a turn standing beside it (000:L1472)
    V1.driver strike V2        hand-to-hand at an adjacent man or vehicle (000:L1452-L1455)
    V1.driver sprint           sprints this second: 5 mph faster, no firing (000:L1441), then steps as usual
    V1.driver board V2         climbs onto a vehicle beside him, moving or not, on the roll its speed needs (000:L1474)
    V1.driver get off          swings down from the top of the vehicle he rides (000:L1501)
    V1.driver reload           a spare clip into his hand weapon: a turn doing nothing else (000:L1457)
    V1.driver climb up         a square up the stairway he stands on ("climb down": down), phase 1 (000:L1442)
    V1.driver pass             nothing more this step (the vehicles' Pass)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class GetOut:
    vehicle: str
    crew: str
    jump: bool = False

    def __str__(self) -> str:
        return f"{self.vehicle} {'jump' if self.jump else 'get out'} {self.crew}"


@dataclass(frozen=True, order=True)
class Walk:
    person: str
    dx: int
    dy: int

    @property
    def vehicle(self) -> str:   # who acts, as every action names it
        return self.person

    def __str__(self) -> str:
        return f"{self.person} walk {self.dx} {self.dy}"


@dataclass(frozen=True, order=True)
class Prone:
    person: str
    down: bool = True

    @property
    def vehicle(self) -> str:
        return self.person

    def __str__(self) -> str:
        return f"{self.person} {'prone' if self.down else 'stand'}"


@dataclass(frozen=True, order=True)
class Shoot:
    person: str
    weapon: str
    target: str

    @property
    def vehicle(self) -> str:
        return self.person

    def __str__(self) -> str:
        return f"{self.person} shoot {self.weapon} at {self.target}"


@dataclass(frozen=True, order=True)
class Throw:
    person: str
    grenade: str
    x: float
    y: float
    fuse: int = 1

    @property
    def vehicle(self) -> str:
        return self.person

    def __str__(self) -> str:
        return f"{self.person} throw {self.grenade} at {self.x:g} {self.y:g} fuse={self.fuse}"


@dataclass(frozen=True, order=True)
class GetIn:
    person: str
    into: str

    @property
    def vehicle(self) -> str:
        return self.person

    def __str__(self) -> str:
        return f"{self.person} get in {self.into}"


@dataclass(frozen=True, order=True)
class Sprint:
    person: str

    @property
    def vehicle(self) -> str:
        return self.person

    def __str__(self) -> str:
        return f"{self.person} sprint"


@dataclass(frozen=True, order=True)
class Strike:
    person: str
    target: str

    @property
    def vehicle(self) -> str:
        return self.person

    def __str__(self) -> str:
        return f"{self.person} strike {self.target}"


@dataclass(frozen=True, order=True)
class Board:
    person: str
    onto: str

    @property
    def vehicle(self) -> str:
        return self.person

    def __str__(self) -> str:
        return f"{self.person} board {self.onto}"


@dataclass(frozen=True, order=True)
class GetOff:
    person: str

    @property
    def vehicle(self) -> str:
        return self.person

    def __str__(self) -> str:
        return f"{self.person} get off"


@dataclass(frozen=True, order=True)
class Reload:
    person: str

    @property
    def vehicle(self) -> str:
        return self.person

    def __str__(self) -> str:
        return f"{self.person} reload"


@dataclass(frozen=True, order=True)
class Climb:
    person: str
    up: bool = True

    @property
    def vehicle(self) -> str:
        return self.person

    def __str__(self) -> str:
        return f"{self.person} climb {'up' if self.up else 'down'}"


PersonAction = GetOut | Walk | Prone | Shoot | Throw | GetIn | Sprint | Strike | Board | GetOff | Reload | Climb


def parse_person(words: list[str]) -> PersonAction | None:
    """The action these words name, or None when they are not a person's action."""
    who, verb, rest = words[0], words[1], words[2:]
    if verb == "get" and len(rest) == 2 and rest[0] == "out":
        return GetOut(who, rest[1])
    if verb == "get" and len(rest) == 2 and rest[0] == "in":
        return GetIn(who, rest[1])
    if verb == "get" and rest == ["off"]:
        return GetOff(who)
    if verb == "reload" and not rest:
        return Reload(who)
    if verb == "climb" and rest in (["up"], ["down"]):
        return Climb(who, rest == ["up"])
    if verb == "board" and len(rest) == 1:
        return Board(who, rest[0])
    if verb == "jump" and len(rest) == 1:
        return GetOut(who, rest[0], jump=True)
    if verb == "walk" and len(rest) == 2:
        return Walk(who, int(rest[0]), int(rest[1]))
    if verb == "strike" and len(rest) == 1:
        return Strike(who, rest[0])
    if verb == "sprint" and not rest:
        return Sprint(who)
    if verb in ("prone", "stand") and not rest:
        return Prone(who, verb == "prone")
    if verb == "shoot" and len(rest) == 3 and rest[1] == "at":
        return Shoot(who, rest[0], rest[2])
    if verb == "throw" and len(rest) == 5 and rest[1] == "at" and rest[4].startswith("fuse="):
        return Throw(who, rest[0], float(rest[2]), float(rest[3]), int(rest[4][5:]))
    return None
