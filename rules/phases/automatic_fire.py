"""Weapons on automatic (000:L1023-L1026, L1041, L1051).

Putting a weapon, or a link of hull weapons, on automatic is a crewman's firing action for the turn;
taking it off is free (reading CB80). From then on it acts with nobody's firing action:

- an aimed weapon fires once a turn, at the end of all movement (phase 5's fire step), straight out
  from the middle of its mounting side at the first thing whose counter crosses that line, with the
  vehicle's modifiers but no computer, specific target, sustained-fire bonus or crewman's own
  modifiers (000:L1025-L1026; reading CB81); it spends a shot each turn whether or not anything
  crosses the line ("a waste of ammo", 000:L1026);
- a dropped weapon lays its counter in every phase the vehicle moves (HD smoke and paint every other
  moving phase), or once a turn when the vehicle is stopped (000:L1041, L1051; reading CB82).

It goes off automatic when its ammunition is gone or it is destroyed. Turret weapons (and top mounts,
which fire as turrets) cannot be put on automatic (000:L1025).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from rules.combat.arcs import CARRIER, HALF_SIDES, lof_origin
from rules.combat.damage import damage_dice
from rules.combat.dropped import Counter, kind_for_weapon
from rules.combat.line_of_fire import first_on_line
from rules.combat.shooting import (
    LINE_REACH,
    AutoShot,
    Combatant,
    crew_problem,
    expand,
    firer_of,
    ready,
    roll_to_hit,
)
from rules.combat.to_hit import to_hit, weapon_info
from rules.core.dice import DiceSource, roll
from rules.core.events import AutomaticOff, DamageRolled, EventLog
from rules.core.geometry import Vec, forward, right
from rules.play.actions import Automatic
from rules.play.context import Ctx
from rules.play.shots_at_map import MapHit, map_shot, map_targets
from rules.play.state import GameState, VehicleState
from rules.tables.automatic import automatic_tables
from rules.world.map_changes import MapChanges

RULE = "000:L1023-L1026"








# --- setting and clearing -------------------------------------------------------------------------


def _weapons(c: Combatant, trigger: str) -> tuple[str, ...] | None:
    try:
        return expand(c, trigger)
    except (KeyError, ValueError):
        return None


def _lays(abbr: str, ammo: str) -> bool:
    try:
        kind_for_weapon(abbr, ammo=ammo)
    except ValueError:
        return False
    return True


def problem(state: GameState, c: Combatant, a: Automatic) -> str | None:
    """Why an Automatic action cannot be made now (None when it can). `c` is the vehicle with this
    phase's declarations counted (rules.phases.fire_step._pending)."""
    v = state.vehicle(a.vehicle)
    if a.vehicle in state.fire_passed:
        return f"{a.vehicle} has finished firing this phase"
    if v.out or v.sheet.destroyed:
        return f"{a.vehicle} is out of the fight"
    wids = _weapons(c, a.weapon)
    if wids is None:
        return f"{a.vehicle} has no weapon or link {a.weapon!r}"
    if not a.on:
        off = [w for w in wids if w not in v.automatic]
        return f"{', '.join(off)} {'is' if len(off) == 1 else 'are'} not on automatic" if off else None
    on = [w for w in wids if w in v.automatic]
    if on:
        return f"{', '.join(on)} {'is' if len(on) == 1 else 'are'} on automatic already"
    for wid in wids:
        w = c.weapon(wid)
        if side_of(w.mount) == "turret":
            return f"{wid} fires as a turret weapon: it cannot be put on automatic (000:L1025)"
        info = weapon_info(w.abbr)
        if info.to_hit <= 0 and not _lays(w.abbr, w.ammo):
            return f"{wid} ({w.abbr}) lays nothing this program plays: it cannot go on automatic"
        if info.to_hit > 0 and info.damage is None:
            return f"{wid} ({w.abbr}) does no damage this program plays: it cannot go on automatic"
        why = ready(c, wid)
        if why:
            return why
    if len({c.weapon(w).crew for w in wids}) != 1:
        return "a link must be set by one crewman"
    return crew_problem(c, firer_of(c, wids), "000:L820, L1024")


def options(state: GameState, c: Combatant) -> list[Automatic]:
    """Every legal Automatic action of a vehicle now: on for each hull weapon and link a free crewman
    could set, off for each one on automatic (sorted by text form)."""
    triggers = [w.id for w in c.weapons] + sorted(c.links)
    out = [Automatic(c.id, t, on) for t in triggers for on in (True, False)]
    return sorted((a for a in out if problem(state, c, a) is None), key=str)


def busy(v: VehicleState, wids: tuple[str, ...]) -> str | None:
    """Weapons on automatic are not fired or dropped by hand: take them off first."""
    on = [w for w in wids if w in v.automatic]
    if on:
        return f"{', '.join(on)} {'is' if len(on) == 1 else 'are'} on automatic: take it off first (000:L1024)"
    return None


def declare(state: GameState, c: Combatant, a: Automatic) -> tuple[GameState, str]:
    """Apply an Automatic action: (new state, the log line). Setting it takes the crewman's firing
    action and breaks the weapons' sustained fire (000:L1024-L1025); taking it off is free (CB80)."""
    v = state.vehicle(a.vehicle)
    wids = expand(c, a.weapon)
    if not a.on:
        w = replace(v, automatic=tuple(x for x in v.automatic if x not in wids),
                    automatic_idle=tuple(x for x in v.automatic_idle if x not in wids))
        return state.with_vehicle(w), f"{a.weapon} is taken off automatic (no firing action: reading CB80)"
    crew = firer_of(c, wids)
    w = replace(v, automatic=tuple(sorted({*v.automatic, *wids})),
                automatic_idle=tuple(x for x in v.automatic_idle if x not in wids),
                fire_acted=tuple(sorted({*v.fire_acted, crew})),
                sustained=tuple(s for s in v.sustained if s[0] not in wids))
    return state.with_vehicle(w), f"{crew} puts {a.weapon} on automatic: his firing action this turn"


# --- what acts this phase -------------------------------------------------------------------------


def ray(c: Combatant, wid: str) -> tuple[Vec, Vec]:
    """The line an aimed weapon on automatic fires along: from the middle of its side, straight out
    (000:L1026; reading CB81)."""
    w = c.weapon(wid)
    origin = lof_origin(c.pose, c.size, w.fires_from)
    out = {"front": forward(c.pose.facing), "back": forward(c.pose.facing) * -1.0,
           "right": right(c.pose.facing), "left": right(c.pose.facing) * -1.0}[side_of(w.mount)]
    return origin, origin + out * LINE_REACH


def side_of(mount: str) -> str:
    """The plain side a mount fires square out of: a long vehicle's half-side fires from its side (reading
    M-R13), a ten-wheeler's carrier mount as the part it stands for (reading M-R17); a top mount as a turret."""
    m = CARRIER.get(mount, mount)
    return m.split("_")[1] if m in HALF_SIDES else m


def due(state: GameState, cs: dict[str, Combatant]) -> list[AutoShot]:
    """The weapons on automatic that act at this phase's fire step, each with what its line meets."""
    t = state.rules.automatic
    last = state.rules.movement.chart.phases_per_turn   # the end of all movement of the turn (000:L1026)
    out: list[AutoShot] = []
    for v in state.vehicles:
        if not v.automatic or v.out or v.sheet.destroyed or v.id not in cs:
            continue
        c = cs[v.id]
        for wid in v.automatic:
            w = c.weapon(wid)
            part = next((p for p in c.interior.parts if p.id == wid), None)
            if part is None or part.destroyed or w.shots == 0:   # gone with a torn-off pod, or wrecked
                continue
            if weapon_info(w.abbr).to_hit <= 0:
                moving = v.moved_this_phase
                idle = wid in v.automatic_idle
                stopped = state.phase == last and v.speed == 0 and wid not in v.fired and t.stationary_per_turn
                if (moving and not idle) or stopped:
                    out.append(AutoShot(v.id, wid))
            elif state.phase == last and wid not in v.fired:
                a, b = ray(c, wid)
                met = first_on_line(cs, state.map_id, a, b, (v.id,), state.map_changes)
                out.append(AutoShot(v.id, wid, *(met or ("", b))))
    return out


def map_shots(cs: Mapping[str, Combatant], shots: Sequence[AutoShot], dice: DiceSource, log: EventLog,
              map_id: str, changes: MapChanges, clouds: Sequence[Counter] = ()) -> list[MapHit]:
    """Automatic shots whose line meets a wall or building first: a target like any other (000:L1026),
    at +10 for the building (000:L1200) and no crewman's modifiers (reading CB81); the hits are
    applied with the phase's other hits on the map (rules.play.shots_at_map.apply_map_hits)."""
    targets = map_targets(map_id, changes) if map_id else {}
    hits: list[MapHit] = []
    for a in shots:
        if a.target not in targets or a.firer not in cs:
            continue
        c, target = cs[a.firer], targets[a.target]
        w = c.weapon(a.weapon)
        info = weapon_info(w.abbr, w.options)
        origin = lof_origin(c.pose, c.size, w.fires_from)
        shot = replace(map_shot(c, w, origin, a.point, clouds, w.crew), automatic=True, computer="none",
                       cyberlink=False, gunner_skill=0, wounded_firer=False, maneuver_d=0, aimed_fire=0,
                       paint_on_windows=False)
        head = (f"{a.weapon} ({w.abbr}) on automatic fires straight out from the {w.mount}: its line meets "
                f"{target.name}, {shot.range:.2f}\"")
        rolled = roll_to_hit(to_hit(shot), shot.base, head, "", ", L1026, L1200", dice, log, c.id,
                             a.weapon, target.id, automatic=True)
        if rolled is None or not rolled[0] or info.damage is None:
            continue
        expr = damage_dice(info.damage, w.ammo)
        points, dfaces = roll(expr, dice)
        log.add(DamageRolled(f"{a.weapon} damage {expr}: rolls {points} ({'+'.join(map(str, dfaces))})",
                             "000:L941-L942", c.id, weapon=a.weapon, target=target.id, expr=str(expr),
                             faces=tuple(dfaces), points=points))
        hits.append(MapHit(c.id, a.weapon, target.id, a.point, points))
    return hits


def after_phase(ctx: Ctx, shots: list[AutoShot]) -> None:
    """Book-keeping after the phase's fire: HD droppers rest a moving phase after laying; a moving
    phase spent resting ends the rest; weapons empty or destroyed go off automatic (000:L1024)."""
    laid = {(s.firer, s.weapon) for s in shots}
    for v in ctx.state.vehicles:
        if not v.automatic:
            continue
        idle = set(v.automatic_idle)
        if v.moved_this_phase:  # laid: rest the next moving phase; rested: lay the next one
            idle = {w for w in v.automatic if (v.id, w) in laid and _every_other(v, w)}
        keep = []
        for wid in v.automatic:
            mount = v.sheet.weapon(wid)
            gone = mount.destroyed
            if (mount.max_shots and mount.shots_left <= 0) or gone:
                ctx.log.add(AutomaticOff(f"{wid} goes off automatic: it is {'destroyed' if gone else 'out of ammunition'}",
                                         "000:L1024", v.id, weapon=wid, destroyed=gone))
                continue
            keep.append(wid)
        idle &= set(keep)
        if tuple(keep) != v.automatic or tuple(sorted(idle)) != v.automatic_idle:
            ctx.put(replace(v, automatic=tuple(keep), automatic_idle=tuple(sorted(idle))))


def _every_other(v: VehicleState, wid: str) -> bool:
    return v.sheet.weapon(wid).abbr in automatic_tables().every_other
