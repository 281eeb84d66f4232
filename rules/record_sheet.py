"""The record sheet of a vehicle in play: what damage has done to it.

The movement core needs armor by location and the tires by corner; construction (issue 3) and
combat (issue 5) extend the sheet with components, crew, weapons and ammunition. Sheets are frozen:
every change returns a new sheet plus a list of notes for the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

LOCATIONS = ("front", "back", "left", "right", "top", "underbody")


@dataclass(frozen=True)
class Tire:
    """One tire (wheel) on a corner. Corners: FL, FR, BL, BR (cars), F, B (cycles), F, BL, BR (trikes)."""

    corner: str
    dp: int
    max_dp: int
    wheel_lost: bool = False  # the final point came from mines, grenades or gunfire (000:L160)

    @property
    def destroyed(self) -> bool:
        return self.dp <= 0


@dataclass(frozen=True)
class TireDamage:
    """What a tire hit did: the notes the hazard rules need (000:L160-L162, L262-L266)."""

    tire_destroyed: bool = False
    corner_lost: bool = False       # the last tire on that corner is gone: HS -> -6
    first_of_pair: bool = False     # D2 hazard
    further_of_pair: bool = False   # D3 hazard
    wheel_lost: bool = False


@dataclass(frozen=True)
class RecordSheet:
    armor: dict[str, int] = field(default_factory=dict)
    tires: tuple[Tire, ...] = ()
    destroyed: bool = False
    on_fire: bool = False

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.armor.items())), self.tires, self.destroyed, self.on_fire))

    def corners(self) -> tuple[str, ...]:
        seen: list[str] = []
        for t in self.tires:
            if t.corner not in seen:
                seen.append(t.corner)
        return tuple(seen)

    def corner_intact(self, corner: str) -> bool:
        return any(t.corner == corner and not t.destroyed for t in self.tires)

    def corners_lost(self) -> int:
        return sum(1 for c in self.corners() if not self.corner_intact(c))

    def wheel_lost_on(self, corner: str) -> bool:
        return any(t.corner == corner and t.wheel_lost for t in self.tires)


def damage_tire(sheet: RecordSheet, index: int, hits: int, *, from_weapon: bool = False) -> tuple[RecordSheet, TireDamage]:
    """Take `hits` off one tire; report blowouts (000:L160, L262-L266)."""
    tire = sheet.tires[index]
    if hits <= 0 or tire.destroyed:
        return sheet, TireDamage()
    new_dp = max(0, tire.dp - hits)
    destroyed = new_dp == 0
    new_tire = replace(tire, dp=new_dp, wheel_lost=destroyed and from_weapon)
    tires = sheet.tires[:index] + (new_tire,) + sheet.tires[index + 1:]
    new_sheet = replace(sheet, tires=tires)
    if not destroyed:
        return new_sheet, TireDamage()
    on_corner = [t for t in tires if t.corner == tire.corner]
    left = [t for t in on_corner if not t.destroyed]
    if not left:
        return new_sheet, TireDamage(True, corner_lost=True, wheel_lost=new_tire.wheel_lost)
    first = len(on_corner) - len(left) == 1
    return new_sheet, TireDamage(True, first_of_pair=first, further_of_pair=not first, wheel_lost=new_tire.wheel_lost)


def damage_armor(sheet: RecordSheet, location: str, points: int) -> tuple[RecordSheet, int]:
    """Armor absorbs what it can; returns the new sheet and the points that went through."""
    have = sheet.armor.get(location, 0)
    absorbed = min(have, max(0, points))
    armor = dict(sheet.armor)
    armor[location] = have - absorbed
    return replace(sheet, armor=armor), points - absorbed
