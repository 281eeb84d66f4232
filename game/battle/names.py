"""Names a player knows things by: a vehicle by its counter's label and whose design it is, a wall or
building by its name on the map, never an internal id such as "walls[0]"."""

from __future__ import annotations

from rules.core.events import Collided, Event, HitFixedObject
from rules.play.shots_at_map import map_targets
from rules.play.state import GameState


def vehicle_name(state: GameState, vid: str, owners: dict[str, str]) -> str:
    """A vehicle as the board shows it: its counter's label, and whose design it is."""
    try:
        v = state.vehicle(vid)
    except KeyError:
        return vid
    owner = owners.get(vid, v.owner)
    return f"{vid} ({owner}'s {v.spec.name})" if owner else f"{vid} ({v.spec.name})"


def thing_name(state: GameState, ident: str, owners: dict[str, str]) -> str:
    """A vehicle, wall or building by the name a player knows it by."""
    if any(v.id == ident for v in state.vehicles):
        return vehicle_name(state, ident, owners)
    try:
        target = map_targets(state.map_id, state.map_changes).get(ident)
    except (KeyError, ValueError, OSError):
        target = None
    return target.name if target is not None and target.name else ident


def what_lies_ahead(state: GameState, e: Event, owners: dict[str, str]) -> str:
    """What the rules reported a move would meet, in a player's words (read from the event's fields
    where they name something; otherwise the rules' own sentence)."""
    if isinstance(e, (Collided, HitFixedObject)):
        return f"it would hit {thing_name(state, e.other, owners)}"
    return e.text
