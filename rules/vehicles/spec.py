"""What the movement rules need to know about a vehicle design (produced by rules.vehicles.design)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.core.geometry import CounterSize, Kind
from rules.vehicles.record_sheet import RecordSheet


@dataclass(frozen=True)
class Booster:
    """A rocket booster as play needs it (000:L2649-L2659): its component on the sheet, which way it
    pushes, the mph a burn gives, how many burns it has, and the chance in 6 its frame bends a burn."""

    id: str
    facing: str          # back: speeds up; front: slows down
    mph: float
    turns: int
    frame_risk: int = 0  # 0: within what the chassis withstands


@dataclass(frozen=True)
class VehicleSpec:
    name: str
    kind: Kind
    weight: int               # lb, loaded, at the start of the trip (000:L390)
    hc: int                   # handling class from suspension, tires and accessories (000:L156)
    acceleration: float       # mph per turn
    top_speed: float          # mph
    sheet: RecordSheet = field(default_factory=RecordSheet)  # the record sheet at the start of play
    driver_skill: int = 0     # Driver (or Cyclist) skill bonus
    gunner_skill: int = 0     # Gunner skill bonus of everyone aboard who fires (000:L931, reading CB63)
    has_skill: bool = True    # False: the unskilled HC penalty applies (000:L1308-L1309)
    trucker: bool = True      # the driver has Trucker skill; False: -2 HC on an oversized vehicle, -4 without
                              # Driver either (000:L1385, reading M-R21)
    design_file: str = ""     # where the design came from, for saves
    body: str = ""            # body key of the construction tables ("subcompact", "medium_trike", ...)
    reversed: bool = False    # reversed trike (two wheels in front, 000:L1932)
    low_gear: tuple[float, float] | None = None  # HD transmission: (mph a turn, below this speed) (000:L2629)
    off_road_suspension: bool = False  # no off-road HC penalty (000:L510, L512-L516)
    off_road_tire_hc: int = 0          # HC its tires add while off-road: OR tires (000:L1834)
    road_tire_hc: int = 0              # HC its tires add on the road only, counted in hc: radials, slicks (000:L517)
    off_road_damage: bool = True       # False: OR tires spare it normal off-road damage (000:L1834)
    boosters: tuple[Booster, ...] = ()  # rocket boosters it may fire (000:L2649-L2659)
    nitrous_tanks: int = 0             # tanks of nitrous oxide on its gas engine (000:L1797)
    crew_gear: tuple[str, ...] = ()    # personal gear every crewman wears: people.toml [gear.*] keys (li_goggles,
                                       # tinted_goggles), set by the scenario or set-up (reading AU19)
    release: str = ""                 # a semi-trailer's kingpin or a tower's hitch that lets go from inside:
                                      # explosive, quick_release, explosive_release (000:L1979-L1981, L2105-L2107)
    size: CounterSize | None = None    # an oversized vehicle's or trailer's own counter (its body's length,
                                       # 000:L541-L550, L587); None: its kind's counter (000:L133)

    def counter(self, sizes: Mapping[Kind, CounterSize]) -> CounterSize:
        """The counter this vehicle is played on: its own, else its kind's."""
        return self.size or sizes[self.kind]

    def acceleration_at(self, speed: float) -> float:
        """The most this vehicle may speed up in a turn from `speed` (a truck-like gearbox is slow from rest)."""
        if self.low_gear and abs(speed) < self.low_gear[1]:
            return self.low_gear[0]
        return self.acceleration

    def __hash__(self) -> int:
        return hash((self.name, self.kind, self.weight, self.hc, self.acceleration, self.top_speed, self.sheet))


UNTRAINED = -1   # a gunner_skill meaning the crew has no Gunner skill at all: -3 (000:L1322)
