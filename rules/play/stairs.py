"""Stairs (000:L1442-L1443; reading PD43): a building's stairway runs from a foot square on the ground
beside its wall up to its roof hatch ("R"), two squares a storey. A man who steps onto the foot (from the
street) or onto the hatch (from the roof) stops for the turn; in phase 1 of each later turn he may climb
one square up or down, and stops again; from the hatch, stepping onto the roof beside it is his move for
that turn; at the foot he walks on as usual. He cannot sprint on a stairway. The Running skill's extra
squares are not played (the engine keeps no Running level).

Pure questions over the state: rules.play.people offers the Climb action and keeps the man's place."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.elevation import Stairway, roof_at, stairway_at
from rules.core.geometry import Vec
from rules.people.record import PersonState
from rules.play.state import GameState

FIRST_PHASE = 1


def stairway_of(state: GameState, p: PersonState) -> Stairway | None:
    """The stairway whose foot square he stands on (riding a vehicle he stands on none)."""
    return None if p.riding else stairway_at(state.map_id, state.map_changes, p.pose.centre)


def on_the_way_up(state: GameState, p: PersonState) -> bool:
    """Above the foot of a stairway: he moves only by its squares, in phase 1 (000:L1442)."""
    s = stairway_of(state, p)
    return s is not None and p.stair_up > 0


def climbs(state: GameState, p: PersonState) -> list[bool]:
    """The climbs open to him now: True up, False down; in phase 1, not yet moved on it this turn."""
    s = stairway_of(state, p)
    if s is None or state.phase != FIRST_PHASE or p.stair_turn == state.turn or p.prone:
        return []
    return [up for up, ok in ((True, p.stair_up < s.squares), (False, p.stair_up > 0)) if ok]


def level(state: GameState, p: PersonState) -> float | None:
    """His height on a stairway (ft), or None when he stands on none."""
    s = stairway_of(state, p)
    return s.level(p.stair_up) if s is not None else None


def step_problem(state: GameState, p: PersonState, b: Vec) -> str | None:
    """Whether a step from his square to `b` is a stairway's step: None allowed, "" not a stairway matter
    (the usual rules answer), or why not."""
    here, there = stairway_of(state, p), stairway_at(state.map_id, state.map_changes, b)
    roof_b = roof_at(state.map_id, state.map_changes, b)
    if here is not None and p.stair_up > 0:
        if p.stair_up < here.squares:
            return "on the stairs he climbs up or down a square a turn, in phase 1 (000:L1442)"
        if roof_b is not None and roof_b[0] == here.building:
            return None   # from the hatch onto the roof beside it (000:L1443)
        return "from the roof hatch he steps onto the roof (000:L1443)"
    roof_a = roof_at(state.map_id, state.map_changes, p.pose.centre)
    if there is not None and roof_a is not None and roof_a[0] == there.building:
        return None       # down through the hatch (onto the stairway's top square)
    return ""


def after_step(state: GameState, p: PersonState, end: Vec) -> PersonState:
    """His stairway place after a step to `end`: onto a foot from the street, or the hatch from the roof,
    he stops for the turn; off the hatch onto the roof, that step was his turn's move."""
    there = stairway_at(state.map_id, state.map_changes, end)
    if there is not None:
        from_roof = roof_at(state.map_id, state.map_changes, p.pose.centre) is not None
        return replace(p, stair_up=there.squares if from_roof else 0, stair_turn=state.turn)
    here = stairway_of(state, p)
    if here is not None and p.stair_up > 0:
        return replace(p, stair_up=0, stair_turn=state.turn)
    return replace(p, stair_up=0) if p.stair_up else p
