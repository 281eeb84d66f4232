"""What a vehicle carries that changes a driving rule: accessories read off its record sheet by their
key in accessories.toml (a component's id is the key, numbered when there are several)."""

from __future__ import annotations

from rules.tables.movement import Tables
from rules.vehicles.record_sheet import Component, RecordSheet


def _key(c: Component) -> str:
    return c.id.rstrip("0123456789")


def carries(sheet: RecordSheet, key: str) -> bool:
    """The sheet lists a working accessory of this key (destroyed ones, or electronics gone with the
    plant, do nothing)."""
    return bool(key) and any(c.kind == "accessory" and _key(c) == key and not c.destroyed for c in sheet.components)


def count(sheet: RecordSheet, key: str) -> int:
    """How many working accessories of this key the sheet lists."""
    return sum(1 for c in sheet.components if c.kind == "accessory" and _key(c) == key and not c.destroyed)


def brakes(t: Tables, sheet: RecordSheet) -> str:
    """"heavy_duty" with heavy-duty brakes on the sheet (000:L2628), else "standard"."""
    hd = t.decel.heavy_duty
    return "heavy_duty" if hd is not None and carries(sheet, hd.accessory) else "standard"


def antilock(t: Tables, sheet: RecordSheet) -> bool:
    """An antilock braking system on the sheet (000:L2974)."""
    ab = t.decel.antilock
    return ab is not None and carries(sheet, ab.accessory)


def most_deceleration(t: Tables, sheet: RecordSheet) -> int:
    """The most this vehicle may slow in a turn: 45 mph, 50 with heavy-duty brakes (000:L154, L2628)."""
    return t.decel.most(brakes(t, sheet))


def on_side(sheet: RecordSheet, key: str, side: str) -> bool:
    """A working accessory of this key mounted on that side (its component's location)."""
    return bool(key) and any(c.kind == "accessory" and _key(c) == key and c.location == side and not c.destroyed
                             for c in sheet.components)
