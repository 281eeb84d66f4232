"""Seeing at night (issue 17): what the light does to one vehicle's shots. The game's light and weather
(RuleOptions.visibility, the rain) give every shot its modifier (000:L923-L924); an infrared sighting
system sees as by day, taking no nighttime modifier, until the power plant is lost (000:L2631)."""

from __future__ import annotations

from rules.driving.equipment import carries
from rules.play.state import GameState, VehicleState


def sees_as_by_day(state: GameState, v: VehicleState) -> bool:
    """An IRSS on the sheet, still working: electronics go with the plant (000:L2631, L2547)."""
    t = state.rules.combat
    plant = next((c for c in v.sheet.components if c.kind == "plant"), None)
    return bool(t.night_sight) and carries(v.sheet, t.night_sight) and not (plant and plant.destroyed)


def own_visibility(state: GameState, v: VehicleState, general: str) -> str:
    """The visibility this vehicle's shots take: the general one, or the rain alone when its IRSS takes
    the night away (reading AU13)."""
    t = state.rules.combat
    if general not in t.night_sight_clears or not sees_as_by_day(state, v):
        return general
    rain = state.rules.movement.hazards.road[state.options.road_condition].visibility
    return rain or "clear"
