"""The electronics of chapter 14 that act in a fight: what a vehicle's radar sees, what locks a
radar-guided weapon, jammers, the bollix, StealthKote against radar, HARM homing (issue 17).

Every item works while it is on the record sheet, not destroyed, and the power plant works (radar
000:L2646, jammer 000:L2645, detector 000:L2643). What "seen by radar" means here (readings RD1-RD3,
docs/RULES-DEVIATIONS.md): a firer's radar registers a target when the radar works, no bollix is on the
table, the firer's own jammer is off, the target's jammer does not block it and the target is not hidden
by StealthKote on every side facing the firer and on its top (000:L2598). Pure functions of record sheets
and poses; the numbers are rules/data/electronics.toml.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rules.combat.arcs import facing_sides
from rules.combat.dropped import Counter, segment_inside
from rules.combat.to_hit import weapon_info
from rules.core.geometry import CounterSize, Pose, Vec
from rules.core.kept import kept
from rules.tables.combat import combat_tables
from rules.tables.electronics import ElectronicsTables, electronics_tables
from rules.vehicles.record_sheet import RecordSheet


def _key(cid: str) -> str:
    return cid.rstrip("0123456789")


def plant_works(sheet: RecordSheet) -> bool:
    """No power plant destroyed (a design without one, such as a trailer, has none to lose)."""
    return not any(c.kind == "plant" and c.destroyed for c in sheet.components)


def working(sheet: RecordSheet, accessories: tuple[str, ...]) -> bool:
    """One of these accessories is on the sheet, not destroyed, with the plant working (kept with the sheet)."""
    return kept(sheet, ("electronics", accessories), lambda: plant_works(sheet) and any(
        c.kind == "accessory" and _key(c.id) in accessories and not c.destroyed for c in sheet.components))


class Kit(NamedTuple):
    """What radar gear of a record sheet works (asked for every shot: one lookup, kept with the sheet)."""

    radar: bool
    jammer: bool
    bollix: bool


def kit(sheet: RecordSheet) -> Kit:
    got: Kit | None = sheet.__dict__.get("_electronics_kit")
    if got is None:
        t = electronics_tables()
        got = sheet.__dict__.setdefault("_electronics_kit", Kit(
            working(sheet, t.radars), working(sheet, (t.jammer,)), working(sheet, (t.bollix,))))
    return got


def has_radar(sheet: RecordSheet) -> bool:
    """Radar or long-range radar that works (000:L2646, L2635)."""
    return kit(sheet).radar


def jamming(sheet: RecordSheet) -> bool:
    """A radar jammer that works: on for the whole game (reading RD2, 000:L2645)."""
    return kit(sheet).jammer


def has_detector(sheet: RecordSheet, t: ElectronicsTables | None = None) -> bool:
    return working(sheet, ((t or electronics_tables()).detector,))


def has_bollix(sheet: RecordSheet) -> bool:
    """A bollix that works blocks every radar set and radar ATAD on the table (000:L2978)."""
    return kit(sheet).bollix


def has_iff(sheet: RecordSheet, t: ElectronicsTables | None = None) -> bool:
    return working(sheet, ((t or electronics_tables()).iff,))


def radar_source(sheet: RecordSheet, bollixed: bool) -> bool:
    """Does this vehicle send out radar a HARM can home on (000:L2532)? A jammer that works, or a radar that
    works while no bollix blocks it and its own jammer is off."""
    return jamming(sheet) or (has_radar(sheet) and not bollixed)


def stealthed(sheet: RecordSheet, pose: Pose, size: CounterSize, origin: Vec) -> bool:
    """Radar does not register a vehicle whose every side facing `origin`, and its top, has a StealthKote
    shield not yet destroyed (000:L2598; reading RD3)."""
    key = combat_tables().stealthkote
    if not key:
        return False
    covered = {c.location for c in sheet.components
               if c.kind == "accessory" and _key(c.id) == key and not c.destroyed}
    if "top" not in covered:
        return False
    sides = facing_sides(pose, size, origin)
    return bool(sides) and sides <= covered


def radar_sees(firer: RecordSheet, target: RecordSheet, pose: Pose, size: CounterSize, origin: Vec,
               bollixed: bool) -> bool:
    """The firer's radar registers the target: it takes 1 off the shot's visibility penalties (000:L2646).
    Against a target whose jammer works, radar gives no help (reading RD2: the jammer's 1-4 is rolled for
    radar-guided weapons, which it stops)."""
    return (has_radar(firer) and not bollixed and not jamming(firer) and not jamming(target)
            and not stealthed(target, pose, size, origin))


def is_radar_guided(abbr: str) -> bool:
    return abbr in electronics_tables().rgm_weapons


def lock_problem(firer: RecordSheet, target: RecordSheet, pose: Pose, size: CounterSize, origin: Vec,
                 bollixed: bool) -> str:
    """Why a radar-guided missile cannot lock on ("" when it can, before the target's jammer is rolled)."""
    t = electronics_tables()
    if bollixed:
        return f"a bollix on the table blocks radar guidance ({t.bollix_source})"
    if jamming(firer):
        return f"its own radar jammer is on: it can use no radar-guided weapon ({t.jammer_source})"
    if stealthed(target, pose, size, origin):
        return "StealthKote on every side it can see: radar-guided weapons do not lock on (000:L2598)"
    return ""


def harm_mode(ammo: str, firer: RecordSheet, target: RecordSheet, bollixed: bool) -> str:
    """How a HARM round is fired (000:L2532): "homing" at a radar source with a radar detector on the firer,
    "off" at anything else or with no detector; "" for any other round."""
    t = electronics_tables()
    if ammo != t.harm_ammo:
        return ""
    return "homing" if has_detector(firer) and radar_source(target, bollixed) else "off"


def controlled(sheet: RecordSheet) -> tuple[str, ...]:
    """The weapons an ATAD or a computer gunner serves: the first aimed weapon on the sheet and every aimed
    weapon linked with it (reading RD6, as a single-weapon computer serves the first weapon, CB60)."""
    aimed = [w for w in sheet.weapons if weapon_info(w.abbr).to_hit > 0]
    if not aimed:
        return ()
    first = aimed[0]
    return tuple(w.id for w in aimed if w.id == first.id or (first.link and w.link == first.link))


def chaff_inches(counters: Sequence[Counter], a: Vec, b: Vec) -> float:
    """Inches of chaff cloud on a line of fire (000:L2490, L2493): only radar-directed fire minds it."""
    kinds = electronics_tables().chaff_kinds
    return sum(segment_inside(c.polygon(), a, b) for c in counters if c.kind in kinds)


def status(sheet: RecordSheet, scrambled: bool = False) -> tuple[tuple[str, bool], ...]:
    """What the record sheet says of the vehicle's electronics in play: (line, working) for each radar,
    jammer, detector, ATAD, computer gunner, bumper trigger and web it carries (kept with the sheet)."""
    return kept(sheet, ("electronics_status", scrambled), lambda: tuple(_status(sheet, scrambled)))


def _status(sheet: RecordSheet, scrambled: bool) -> list[tuple[str, bool]]:
    t = electronics_tables()
    keys = {_key(c.id): c for c in sheet.components if c.kind == "accessory"}
    power = plant_works(sheet)
    out: list[tuple[str, bool]] = []

    def line(key: str, on: str, off: str = "out: the power plant is gone") -> None:
        c = keys.get(key)
        if c is not None:
            ok = power and not c.destroyed
            out.append((f"{c.name.lower()}: {on if ok else off}", ok))

    for key in t.radars:
        line(key, "1 off visibility penalties" if not jamming(sheet) else "off while the jammer is on")
    line(t.jammer, "on, radar locks on this car fail on 1-4")
    line(t.detector, "HARMs home on radar")
    served = "+".join(controlled(sheet)) or "no weapon"
    line(t.atad, f"fires {served} at anything within {t.atad_range:g}\"")
    line(t.computer_gunner, f"fires {served} at its last target each turn")
    line(t.software, f"{t.scrambled_bonus:+d}, scrambled" if scrambled else f"{t.software_bonus:+d} to the computer gunner")
    for c in sheet.components:
        if c.kind == "accessory" and _key(c.id) in (t.bumper_trigger, t.laser_web):
            side = c.location if c.location in ("front", "back", "left", "right") else "front"
            armed = not c.destroyed and sheet.armor.get(side, 0) > 0
            out.append((f"{c.name.lower()} ({side}): {'armed' if armed else 'gone with the armor'}", armed))
    return out
