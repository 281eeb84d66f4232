"""Seeing at night (issue 17): what the light does to one vehicle's shots. The game's light and weather
(RuleOptions.visibility, the rain) give every shot its modifier (000:L923-L924); an infrared sighting
system sees as by day, taking no nighttime modifier, until the power plant is lost (000:L2631); a
starshell fired lights the whole table for everyone (000:L2432, reading AU16)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rules.combat.to_hit import VISIBILITY
from rules.core.events import TableLit
from rules.core.kept import kept
from rules.driving.equipment import carries
from rules.play.context import Ctx
from rules.play.state import GameState, VehicleState, evolve
from rules.tables.lights import lights_tables


def sees_as_by_day(state: GameState, v: VehicleState) -> bool:
    """An IRSS on the sheet, still working: electronics go with the plant (000:L2631, L2547)."""
    t = state.rules.combat
    plant = next((c for c in v.sheet.components if c.kind == "plant"), None)
    return bool(t.night_sight) and carries(v.sheet, t.night_sight) and not (plant and plant.destroyed)


def table_lit(state: GameState) -> bool:
    """A starshell's flare still lights the play area this turn (000:L2432)."""
    return state.lit_until >= state.turn > 0


def general_visibility(state: GameState) -> str:
    """What the weather and the light do to every shot: rain -2, heavy rain, fog or night -3; the worst
    counts (000:L923-L924)."""
    road, light = state.options.road_condition, state.options.visibility
    return kept(state.rules, ("visibility", road, light), lambda: _worst(state, road, light))


def _worst(state: GameState, road: str, light: str) -> str:
    rain = state.rules.movement.hazards.road[road].visibility
    both = [v for v in VISIBILITY if v in (rain, light)]   # in a fixed order: ties agree
    return max(both, key=lambda v: 0 if v == "clear" else -state.rules.combat.mod(v).value)


def person_visibility(state: GameState) -> str:
    """The visibility a man on foot's shots take: the same weather and light as a car's (000:L923-L924),
    the rain alone under a starshell (AU16)."""
    general = general_visibility(state)
    if general not in state.rules.combat.night_sight_clears or not table_lit(state):
        return general
    return state.rules.movement.hazards.road[state.options.road_condition].visibility or "clear"


def own_visibility(state: GameState, v: VehicleState, general: str) -> str:
    """The visibility this vehicle's shots take: the general one, or the rain alone when its IRSS or a
    starshell over the table takes the night away (readings AU13, AU16)."""
    t = state.rules.combat
    if general not in t.night_sight_clears or not (table_lit(state) or sees_as_by_day(state, v)):
        return general
    rain = state.rules.movement.hazards.road[state.options.road_condition].visibility
    return rain or "clear"


def light_up(ctx: Ctx, fired: Iterable[tuple[str, str]]) -> None:
    """After a phase's fire: a starshell launcher that fired, (vehicle, weapon), lights the table for
    its turns, the firing turn counted (000:L2432; AU16). Any target will do: the flare goes up."""
    t, s = ctx.rules.combat, ctx.state
    for vid, wid in fired:
        mount = next((m for m in s.vehicle(vid).sheet.weapons if m.id == wid), None)
        if mount is None or not t.starshell_weapon or mount.abbr != t.starshell_weapon:
            continue
        until = max(ctx.state.lit_until, s.turn + t.starshell_turns - 1)
        ctx.state = evolve(ctx.state, lit_until=until)
        ctx.log.add(TableLit(f"{wid} fires a starshell: the whole table is lit to the end of turn {until}",
                             t.starshell_source, vid, weapon=wid, until=until))


# --- searchlights, flares, goggles, tinted windows (readings AU18-AU20) ---------------------------


def now(state: GameState) -> int:
    """Phases counted from the start of the game (the people's clock, rules.people.record.clock)."""
    return state.turn * state.rules.movement.chart.phases_per_turn + state.phase


def dark(state: GameState) -> bool:
    """Night with no starshell over the table: searchlights and flares have something to do (000:L2662)."""
    return state.options.visibility == "night" and not table_lit(state)


def lamps(v: VehicleState) -> list[str]:
    """The ids of its working searchlights (000:L2661, L2663)."""
    kinds = lights_tables().searchlights
    return [c.id for c in v.sheet.components
            if c.kind == "accessory" and c.id.rstrip("0123456789") in kinds and not c.destroyed]


def active_beams(state: GameState, tid: str) -> list[tuple[str, str, bool]]:
    """The searchlights held on a vehicle now: (vehicle, lamp, blinds). A beam holds while its vehicle is
    in the fight and its lamp works, up to its last phase (reading AU18)."""
    if not dark(state):
        return []
    t = now(state)
    out = []
    for v in state.vehicles:
        if not v.beams or v.out:
            continue
        working = lamps(v)
        out += [(v.id, lamp, bool(blinds)) for lamp, target, until, blinds in v.beams
                if target == tid and until >= t and lamp in working]
    return out


def tracked(state: GameState, tid: str) -> bool:
    """A searchlight tracks it: shots at it take no darkness penalty (000:L2661)."""
    return bool(active_beams(state, tid))


def _protected(v: VehicleState) -> bool:
    lt = lights_tables()
    return carries(v.sheet, lt.tinted_windows) or lt.tinted_goggles in v.spec.crew_gear


def blinded(state: GameState, v: VehicleState) -> bool:
    """Its driver and crew are blinded by a searchlight: -10 to their fire, +D3 to maneuvers (000:L2662);
    tinted windows or goggles end it after the first turn of glare (000:L2674, L1533)."""
    if not any(b for _vid, _lamp, b in active_beams(state, v.id)):
        return False
    if _protected(v) and v.glare:
        return now(state) < v.glare[0] + lights_tables().glare_phases
    return True


def polarized(state: GameState, v: VehicleState) -> bool:
    """Tinted windows or goggles darkened by a searchlight: from the end of the first turn of glare to five
    seconds after the beam leaves, the night penalty 1 worse (000:L2674)."""
    if not (v.glare and _protected(v) and dark(state)):
        return False
    lt, t = lights_tables(), now(state)
    return v.glare[0] + lt.glare_phases <= t <= v.glare[1] + lt.polarized_phases


def in_flare(state: GameState, x: float, y: float) -> bool:
    """Inside the circle an RL flare round lights this turn (000:L2989)."""
    r = lights_tables().flare_radius
    return dark(state) and any(until >= state.turn and (x - fx) ** 2 + (y - fy) ** 2 <= r * r
                               for fx, fy, until in state.flares)


def blinded_d(state: GameState, v: VehicleState) -> int:
    """What a searchlight's glare adds to the blinded driver's maneuvers (000:L2662)."""
    return lights_tables().blinded_maneuver_d if v.glare and blinded(state, v) else 0


class Lighting(NamedTuple):
    """What the light does to one vehicle's shots and to shots at it (the fire step's combatant fields)."""

    rain: str = ""                 # the weather's part of the visibility, left when the night is lifted
    night_sight: int | None = None  # the night penalty on its crew's shots with their goggles (000:L1521)
    polarized: bool = False        # its tinted windows or goggles darkened: night 1 worse (000:L2674)
    blinded: bool = False          # blinded by a searchlight: -10 (000:L2662, L926)
    lit: int | None = None         # the night penalty on shots at it: 0 tracked by a searchlight, -1 in a flare


NO_LIGHTING = Lighting()


def lighting(state: GameState, v: VehicleState) -> Lighting:
    """The lights on this vehicle and its crew's eyes, at night (nothing by day or under a starshell)."""
    if not dark(state):
        return NO_LIGHTING
    lt = lights_tables()
    rain = state.rules.movement.hazards.road[state.options.road_condition].visibility or ""
    lit = lt.lit_night if tracked(state, v.id) else (
        lt.flare_night if state.flares and in_flare(state, v.pose.x, v.pose.y) else None)
    # paint on the windows takes the goggles' bonus away as well as its own -2 (000:L1521, L1053)
    goggles = lt.goggles in v.spec.crew_gear and state.turn > v.paint_until
    return Lighting(rain, lt.goggles_night if goggles else None, polarized(state, v), blinded(state, v), lit)


def aloft_modifier(state: GameState, pid: str) -> tuple[int, str, str]:
    """The to-hit line for shots at an ejected crewman still in the air (000:L898-L899, L2582; reading
    AU21): -6 while his seat climbs, -2 while he comes down; (0, "", "") on the ground."""
    lt = lights_tables()
    for p, fired, _heading in state.aloft:
        if p == pid:
            if now(state) < fired + lt.eject_climb:
                return lt.eject_launch_mod, "ejection seat climbing", "000:L898, L2582"
            return lt.eject_chute_mod, "ejection seat coming down", "000:L899, L2582"
    return 0, "", ""


def drop_spent_beams(ctx: Ctx) -> None:
    """At the start of a phase: beams whose second is over are taken off the lamp's record (reading AU18)."""
    t = now(ctx.state)
    for v in ctx.state.vehicles:
        if v.beams and any(until < t for _l, _t, until, _b in v.beams):
            ctx.put(evolve(v, beams=tuple(b for b in v.beams if b[2] >= t)))
