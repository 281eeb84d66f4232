"""Weapons that electronics fire with nobody's firing action (issue 17; readings RD6-RD7):

- an ATAD (000:L2975) fires its weapon at once at anything that comes within its critical range in the
  weapon's arc and line of fire: at each fire step, its weapon not yet fired this turn fires at the
  nearest vehicle within that range (rules/data/electronics.toml [atad]). It is radar-based: a bollix on the
  table stops it (000:L2978), StealthKote hides from it (000:L2598) and a jammer blocks its lock on 1-4
  (000:L2644, rolled with the shot). With an IFF on both vehicles and the same owner (the right password)
  the target is a friend and is not fired on (000:L2630); with no IFF it fires at friends too.
- a computer gunner (000:L2617-L2618) is told its target by a crewman firing its weapon at it; at the start
  of each later turn (the first phase's fire step) it fires that weapon at that target itself, until the
  target leaves its arc or line of fire or is destroyed. It fires as a gunner of skill 0 with no
  targeting computer; its software adds +1 (000:L2616); sustained fire counts.

- HARMs linked to a working radar detector (000:L2532; reading RD5) fire by themselves, once a turn each,
  at the nearest radar source of another owner in their arc and line of fire, homing.
- a bumper trigger (000:L2609; reading RD8) set off by a collision this phase (VehicleState.bumped) fires
  the weapons of its side on automatic, straight out.

The ATAD and the computer gunner control the first aimed weapon on the record sheet and every weapon
linked with it (reading RD6, as a single-weapon computer serves the first weapon, CB60). Every shot here is
resolved with the phase's other fire (rules.combat.shooting.resolve_fire, AutoShot.by).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.combat.arcs import lof_origin
from rules.combat.electronics import controlled, has_bollix, has_iff, radar_source, stealthed, working
from rules.combat.line_of_fire import blocker, first_on_line
from rules.combat.shooting import AutoShot, Combatant, aim_point_of, ready
from rules.combat.to_hit import weapon_info
from rules.core.kept import kept
from rules.phases import automatic_fire
from rules.play.state import GameState, VehicleState
from rules.tables.electronics import electronics_tables
from rules.vehicles.record_sheet import RecordSheet

ATAD = "ATAD"
COMPUTER_GUNNER = "computer gunner"
BUMPER_TRIGGER = "bumper trigger"
HARM = "HARM homing system"


def fires_itself(sheet: RecordSheet) -> bool:
    """An ATAD or a computer gunner that works is on the sheet, or HARMs with a radar detector (kept with it)."""
    return kept(sheet, "fires_itself", lambda: _fires_itself(sheet))


def _fires_itself(sheet: RecordSheet) -> bool:
    e = electronics_tables()
    return working(sheet, (e.atad, e.computer_gunner)) or (working(sheet, (e.detector,)) and bool(harms(sheet)))


def harms(sheet: RecordSheet) -> tuple[str, ...]:
    """The weapons loaded with HARMs (their first magazine, as the combatant fires it)."""
    ammo = electronics_tables().harm_ammo
    return kept(sheet, "harms", lambda: tuple(w.id for w in sheet.weapons if w.ammo and w.ammo[0] == ammo))


def friend(state: GameState, v: VehicleState, c: Combatant, t: Combatant) -> bool:
    """An IFF on both and the same owner: the right password, not fired on (000:L2630)."""
    return has_iff(c.sheet) and has_iff(t.sheet) and state.vehicle(t.id).owner == v.owner


def due(state: GameState, cs: Mapping[str, Combatant]) -> list[AutoShot]:
    """The shots ATADs, computer gunners and bumper triggers fire at this phase's fire step."""
    e = electronics_tables()
    out: list[AutoShot] = []
    bollixed: bool | None = None
    for v in state.vehicles:
        if v.out or v.sheet.destroyed or v.id not in cs:
            continue
        if v.bumped:
            out += bumper_shots(state, v, cs[v.id], cs)
        if harms(v.sheet) and working(v.sheet, (e.detector,)):
            if bollixed is None:
                bollixed = any(has_bollix(x.sheet) for x in state.vehicles if not x.sheet.destroyed)
            out += _harms(state, v, cs[v.id], cs, bollixed, out)
        atad, gunner = working(v.sheet, (e.atad,)), working(v.sheet, (e.computer_gunner,))
        if not atad and not gunner:
            continue
        c = cs[v.id]
        wids = tuple(w for w in controlled(v.sheet) if not ready(c, w) and w not in v.automatic
                     and all(s.weapon != w for s in out))
        if not wids:
            continue
        if atad:
            if bollixed is None:
                bollixed = any(has_bollix(x.sheet) for x in state.vehicles if not x.sheet.destroyed)
            if not bollixed:
                shots = _atad(state, v, c, cs, wids, e.atad_range)
                if shots:
                    out += shots
                    continue
        if gunner and state.phase == 1:
            out += _gunner(state, v, c, cs, wids)
    return out


def bumper_shots(state: GameState, v: VehicleState, c: Combatant, cs: Mapping[str, Combatant]) -> list[AutoShot]:
    """The weapons of each side whose bumper trigger went off this phase, not yet fired this turn: aimed ones
    straight out at what their line meets, droppers laying (000:L2609; reading RD8)."""
    out = []
    for w in c.weapons:
        if w.mount not in v.bumped or ready(c, w.id) or w.id in v.automatic:
            continue
        if weapon_info(w.abbr).to_hit <= 0:
            out.append(AutoShot(v.id, w.id, by=BUMPER_TRIGGER))
            continue
        a, b = automatic_fire.ray(c, w.id)
        met = first_on_line(cs, state.map_id, a, b, (v.id,), state.map_changes)
        out.append(AutoShot(v.id, w.id, *(met or ("", b)), by=BUMPER_TRIGGER))
    return out


def _sighted(state: GameState, c: Combatant, t: Combatant, wid: str, cs: Mapping[str, Combatant],
             reach: float | None) -> AutoShot | None:
    """The shot of one weapon at a target in its arc and line of fire (within `reach`, when given)."""
    w = c.weapon(wid)
    point = aim_point_of(c, w, t)
    if point is None:
        return None
    origin = lof_origin(c.pose, c.size, w.fires_from)
    if reach is not None and (point - origin).length() > reach:
        return None
    if blocker(cs, state.map_id, origin, point, (c.id, t.id), state.map_changes):
        return None
    return AutoShot(c.id, wid, t.id, point)


def _atad(state: GameState, v: VehicleState, c: Combatant, cs: Mapping[str, Combatant], wids: tuple[str, ...],
          reach: float) -> list[AutoShot]:
    """The ATAD's weapons at the nearest vehicle within its critical range (000:L2975)."""
    others = sorted((t for t in cs.values() if t.id != c.id and not t.sheet.destroyed
                     and not state.vehicle(t.id).out),
                    key=lambda t: ((t.pose.centre - c.pose.centre).length(), t.id))
    for t in others:
        if friend(state, v, c, t) or stealthed(t.sheet, t.pose, t.size, c.pose.centre):
            continue
        shots = [s for s in (_sighted(state, c, t, wid, cs, reach) for wid in wids) if s]
        if shots:
            return [AutoShot(s.firer, s.weapon, s.target, s.point, by=ATAD) for s in shots]
    return []


def _harms(state: GameState, v: VehicleState, c: Combatant, cs: Mapping[str, Combatant], bollixed: bool,
           already: list[AutoShot]) -> list[AutoShot]:
    """HARMs linked to a working radar detector fire by themselves at the nearest radar source of another
    owner in their arc and line of fire, once a turn each (000:L2532; reading RD5)."""
    out = []
    sources = sorted((t for t in cs.values() if t.id != c.id and not t.sheet.destroyed
                      and not state.vehicle(t.id).out and state.vehicle(t.id).owner != v.owner
                      and radar_source(t.sheet, bollixed)),
                     key=lambda t: ((t.pose.centre - c.pose.centre).length(), t.id))
    for wid in harms(v.sheet):
        if ready(c, wid) or wid in v.automatic or any(s.weapon == wid for s in already):
            continue
        for t in sources:
            s = _sighted(state, c, t, wid, cs, None)
            if s:
                out.append(AutoShot(s.firer, s.weapon, s.target, s.point, by=HARM))
                break
    return out


def _gunner(state: GameState, v: VehicleState, c: Combatant, cs: Mapping[str, Combatant],
            wids: tuple[str, ...]) -> list[AutoShot]:
    """The computer gunner's weapons at the target they were fired at last turn (000:L2618)."""
    out = []
    for wid in wids:
        told = [tid for sw, tid, _n, last in v.sustained if sw == wid and last == state.turn - 1]
        if not told or told[0] not in cs or cs[told[0]].sheet.destroyed or state.vehicle(told[0]).out:
            continue
        t = cs[told[0]]
        if friend(state, v, c, t):
            continue
        s = _sighted(state, c, t, wid, cs, None)
        if s:
            out.append(AutoShot(s.firer, s.weapon, s.target, s.point, by=COMPUTER_GUNNER))
    return out
