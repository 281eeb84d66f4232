"""Seeing at night (issue 17): what the light does to one vehicle's shots. The game's light and weather
(RuleOptions.visibility, the rain) give every shot its modifier (000:L923-L924); an infrared sighting
system sees as by day, taking no nighttime modifier, until the power plant is lost (000:L2631); a
starshell fired lights the whole table for everyone (000:L2432, reading AU16)."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.events import TableLit
from rules.driving.equipment import carries
from rules.play.context import Ctx
from rules.play.state import GameState, VehicleState, evolve


def sees_as_by_day(state: GameState, v: VehicleState) -> bool:
    """An IRSS on the sheet, still working: electronics go with the plant (000:L2631, L2547)."""
    t = state.rules.combat
    plant = next((c for c in v.sheet.components if c.kind == "plant"), None)
    return bool(t.night_sight) and carries(v.sheet, t.night_sight) and not (plant and plant.destroyed)


def table_lit(state: GameState) -> bool:
    """A starshell's flare still lights the play area this turn (000:L2432)."""
    return state.lit_until >= state.turn > 0


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
