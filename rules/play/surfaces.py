"""What lies under a vehicle: the ground and its road condition, off-road penalties, and oil or ice
counters (with racing slicks). Crashes, hazards, movement and combat all ask this; it changes nothing."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.dropped import (
    Surface,
    surface,
)
from rules.core.geometry import CounterSize
from rules.core.kept import kept
from rules.driving.handling import CrashModifier
from rules.play.context import Ctx
from rules.play.state import GameState, VehicleState
from rules.tables.combat import combat_tables
from rules.tables.construction import design_tables
from rules.tables.movement import tables
from rules.vehicles.record_sheet import Tire
from rules.world.map_changes import map_of
from rules.world.maps import Terrain, terrain_at


def ground_of(state: GameState, vid: str) -> Terrain | None:
    """The terrain under a vehicle's centre on the map as it lies now (an endless highway's sections
    move); None when the game has no map."""
    return ground_under(state, state.vehicle(vid)) if state.map_id else None


def ground_under(state: GameState, v: VehicleState) -> Terrain | None:
    """ground_of for the vehicle's record at hand (no lookup by id)."""
    if not state.map_id:
        return None
    p = v.pose
    # kept with the (frozen) pose: the map as it lies now hangs on its id and the highway's sections
    return kept(p, ("ground", state.map_id, state.map_changes.sections),
                lambda: terrain_at(map_of(state.map_id, state.map_changes), p.x, p.y))


def terrain_under(ctx: Ctx, vid: str) -> Terrain | None:
    return ground_of(ctx.state, vid)


def road_condition(state: GameState, vid: str) -> str:
    """The road condition under a vehicle (000:L267-L275): the map's own where an area (or the ground)
    gives one other than dry, else the game's RuleOptions.road_condition (the weather)."""
    return road_condition_under(state, state.vehicle(vid)) if state.map_id else state.options.road_condition


def road_condition_under(state: GameState, v: VehicleState) -> str:
    """road_condition for the vehicle's record at hand (no lookup by id)."""
    under = ground_under(state, v)
    if under is not None and under.condition != "dry":
        return under.condition
    return state.options.road_condition


def off_road_maneuver_d(state: GameState, vid: str) -> int:
    """+D1 to every maneuver (not hazards) off-road (000:L268, L507)."""
    if not state.vehicle(vid).off_road:
        return 0

    row = state.rules.movement.hazards.road.get("off_road")
    return row.add if row else 0


def off_road_crash_modifier(state: GameState, vid: str) -> CrashModifier | None:
    """-3 on every Crash Table roll off-road (000:L507)."""
    if not state.vehicle(vid).off_road:
        return None
    return CrashModifier("off-road", state.rules.terrain.off_road_crash_modifier, "000:L507")


def counter_size(v: VehicleState) -> CounterSize:
    return v.spec.counter(tables().handling.counters)


def slicks(v: VehicleState) -> bool:
    """Racing slicks on the vehicle (any tire: reading CB75)."""
    return any(racing_slick(t) for t in v.sheet.tires)


def racing_slick(tire: Tire) -> bool:
    """A tire with the racing-slick modification (its name is in the tire's description on the sheet)."""

    mods = design_tables().tire_mods
    key = combat_tables().slick_mod
    return key in mods and mods[key].name.lower() in tire.kind.lower()


def surface_of(state: GameState, vid: str) -> Surface:
    """Oil, burning oil or ice under the vehicle now: +D to maneuvers and hazards, bad footing for fire."""
    if not state.counters:
        return Surface()
    return surface_under(state, state.vehicle(vid))


def surface_under(state: GameState, v: VehicleState) -> Surface:
    """surface_of for the vehicle's record at hand (no lookup by id)."""
    if not state.counters:
        return Surface()
    out = surface(state.counters, v.pose, counter_size(v), state.turn, state.phase)
    if not (out.maneuver_d or out.maneuver_hazard_d) or not slicks(v):
        return out
    t = state.rules.combat
    slick = surface([c for c in state.counters if c.kind in t.slick_surface_kinds], v.pose, counter_size(v), state.turn,
                    state.phase)
    # racing slicks: maneuvers on oil or ice at +D4 instead of +D2 (000:L1835)
    return replace(out, maneuver_d=max(out.maneuver_d, t.slick_surface_d if slick.maneuver_d else 0),
                   maneuver_hazard_d=max(out.maneuver_hazard_d, t.slick_surface_d if slick.maneuver_hazard_d else 0))


def what_adds(state: GameState, vid: str, *, maneuver: bool) -> tuple[tuple[str, int], ...]:
    """What the place adds to a D, named as a player sees it (the log shows it beside the control
    roll): the road condition (000:L267-L275; off-road's +D1 and "maneuvers only" conditions for
    maneuvers alone, 000:L268, L507) and oil or ice counters under the vehicle (000:L1045)."""
    out: list[tuple[str, int]] = []
    cond = road_condition(state, vid)
    road = state.rules.movement.hazards.road.get(cond)
    if road and road.add and (maneuver or not road.maneuvers_only):
        out.append((cond.replace("_", " "), road.add))
    if maneuver:
        off = off_road_maneuver_d(state, vid)
        if off:
            out.append(("off-road", off))
    here = surface_of(state, vid)
    oil = here.maneuver_d if maneuver else here.hazard_d
    if oil:
        out.append(("oil under it", oil))
    return tuple(out)


def said(added: tuple[tuple[str, int], ...]) -> str:
    """" (gravel +1, off-road +1)" for a log line, "" when nothing was added."""
    return f" ({', '.join(f'{name} +{d}' for name, d in added)})" if added else ""
