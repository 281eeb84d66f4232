"""Actions are values with a short text form that parses back: `parse(str(a)) == a`.

    V1 speed 45          set speed (a negative number is a reverse speed)
    V1 move bend right 30 skid=0.5
    V1 move straight
    V1 fire MG1 at V2    (combat)
    V1 drop OD1          (combat)
    V1 auto MG1 on       (combat: put a weapon or link on automatic; "off" takes it off)
    V1 pass              (nothing more to do in this step)
    V1 boost rocket_booster   (at the start of a phase: fire a rocket booster, 000:L2649-L2657)
    V1 defer             (equal speeds: the driver with better reflexes lets the next one move first)
    V1 use searchlight at V2   (combat: a crewman turns a searchlight on V2, 000:L2661)
    V1 use RL1 at 12.5,-3      (combat: an RL flare round fired to light a point, 000:L2989)
    V1 use nitrous             (combat: open a tank of nitrous oxide, 000:L1797)
    V1 use eject:driver        (combat: the driver's ejection seat, 000:L2580)
    V1 release           (fire step: let the trailer go from the cab, an explosive or quick-release kingpin
                          or hitch, 000:L1979-L1981, L2105-L2107)
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.driving.maneuvers import Maneuver
from rules.play.people_actions import PersonAction, parse_person


@dataclass(frozen=True, order=True)
class SetSpeed:
    vehicle: str
    mph: float  # signed: negative = reverse

    def __str__(self) -> str:
        return f"{self.vehicle} speed {self.mph:g}"


# (Move and Fire write their fields into __dict__ themselves, as rules.core.geometry's records do: the
# engine lists dozens of them for every decision)
@dataclass(frozen=True, order=True, init=False)
class Move:
    vehicle: str
    maneuver: Maneuver

    def __init__(self, vehicle: str, maneuver: Maneuver) -> None:
        d = self.__dict__
        d["vehicle"] = vehicle
        d["maneuver"] = maneuver

    def __str__(self) -> str:
        return f"{self.vehicle} move {self.maneuver}"


@dataclass(frozen=True, order=True, init=False)
class Fire:
    vehicle: str
    weapon: str
    target: str
    aim: str = ""  # specific target: "", "tire", "driver", "weapon:<id>" ...

    def __init__(self, vehicle: str, weapon: str, target: str, aim: str = "") -> None:
        d = self.__dict__
        d["vehicle"] = vehicle
        d["weapon"] = weapon
        d["target"] = target
        d["aim"] = aim

    def __str__(self) -> str:
        aim = f" aim={self.aim}" if self.aim else ""
        return f"{self.vehicle} fire {self.weapon} at {self.target}{aim}"


@dataclass(frozen=True, order=True)
class Drop:
    vehicle: str
    weapon: str

    def __str__(self) -> str:
        return f"{self.vehicle} drop {self.weapon}"


@dataclass(frozen=True, order=True)
class Automatic:
    """Put a weapon (or a link of them) on automatic, or take it off (000:L1023-L1026)."""

    vehicle: str
    weapon: str
    on: bool = True

    def __str__(self) -> str:
        return f"{self.vehicle} auto {self.weapon} {'on' if self.on else 'off'}"


@dataclass(frozen=True, order=True)
class Pass:
    vehicle: str

    def __str__(self) -> str:
        return f"{self.vehicle} pass"


@dataclass(frozen=True, order=True)
class Defer:
    """At equal speed the driver with the better reflexes chooses when he moves (000:L140): he lets
    the next vehicle of his speed move before him."""

    vehicle: str

    def __str__(self) -> str:
        return f"{self.vehicle} defer"


@dataclass(frozen=True, order=True)
class Boost:
    """Fire a rocket booster at the start of a phase, with the speed changes (000:L2649-L2657)."""

    vehicle: str
    booster: str

    def __str__(self) -> str:
        return f"{self.vehicle} boost {self.booster}"


@dataclass(frozen=True, order=True)
class Use:
    """A crewman's firing action with a part that is no weapon shot at a vehicle (issue 17): a searchlight
    turned on a vehicle, an RL flare round fired to light a point ("x,y"), a nitrous tank opened, an
    ejection seat fired ("eject:<crew>")."""

    vehicle: str
    item: str
    target: str = ""

    def __str__(self) -> str:
        return f"{self.vehicle} use {self.item}" + (f" at {self.target}" if self.target else "")


NITROUS = "nitrous"
EJECT = "eject"


@dataclass(frozen=True, order=True)
class Release:
    """Let the trailer go from inside: an explosive or quick-release kingpin or hitch, a firing action
    (000:L1979-L1981, L2105-L2107)."""

    vehicle: str

    def __str__(self) -> str:
        return f"{self.vehicle} release"


Action = (SetSpeed | Move | Fire | Drop | Automatic | Pass | Defer | Boost | Use | Release
          | PersonAction)   # people's: rules/play/people_actions.py


def parse(text: str) -> Action:
    words = text.split()
    if len(words) < 2:
        raise ValueError(f"not an action: {text!r}")
    vid, verb, rest = words[0], words[1], words[2:]
    if verb == "speed" and len(rest) == 1:
        return SetSpeed(vid, float(rest[0]))
    if verb == "move":
        return Move(vid, Maneuver.parse(" ".join(rest) or "straight"))
    if verb == "fire" and len(rest) >= 3 and rest[1] == "at":
        aim = ""
        if len(rest) == 4 and rest[3].startswith("aim="):
            aim = rest[3][4:]
        elif len(rest) != 3:
            raise ValueError(f"not an action: {text!r}")
        return Fire(vid, rest[0], rest[2], aim)
    if verb == "drop" and len(rest) == 1:
        return Drop(vid, rest[0])
    if verb == "auto" and len(rest) == 2 and rest[1] in ("on", "off"):
        return Automatic(vid, rest[0], rest[1] == "on")
    if verb == "pass" and not rest:
        return Pass(vid)
    if verb == "defer" and not rest:
        return Defer(vid)
    if verb == "boost" and len(rest) == 1:
        return Boost(vid, rest[0])
    if verb == "use" and (len(rest) == 1 or (len(rest) == 3 and rest[1] == "at")):
        return Use(vid, rest[0], rest[2] if len(rest) == 3 else "")
    if verb == "release" and not rest:
        return Release(vid)
    person = parse_person(words)
    if person is not None:
        return person
    raise ValueError(f"not an action: {text!r}")
