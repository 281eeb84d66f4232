"""What knocked each vehicle out: read from the game's history (the step in which the rules marked it
out) and that step's events, by their kinds and fields, never by their words."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.events import (
    Collided,
    CrashRolled,
    Damaged,
    Event,
    Exploded,
    HitFixedObject,
    LeftMap,
    ShotFired,
)
from rules.engine.game import Game
from rules.play.state import GameState


@dataclass(frozen=True)
class Knockout:
    vehicle: str
    turn: int
    phase: int
    cause: str          # what did it, in a player's words ("" when no event names a cause)
    by: str = ""        # the other vehicle that did it, if any


def knockouts(game: Game) -> dict[str, Knockout]:
    """For every vehicle out of the game: when it went out and the last event of that step that hit it."""
    out: dict[str, Knockout] = {}
    states = [s.before for s in game.history] + [game.state]
    for i, step in enumerate(game.history):
        before, after = states[i], states[i + 1]
        for v in after.vehicles:
            if v.out and v.id not in out and not _was_out(before, v.id):
                cause, by = _cause(step.events, v.id)
                if not cause:   # marked out later than the blow (no move and no gun left): the last blow
                    cause, by = _earlier_blow(game, states, i, v.id)
                out[v.id] = Knockout(v.id, before.turn, before.phase, cause, by)
    return out


def _earlier_blow(game: Game, states: list[GameState], upto: int, vid: str) -> tuple[str, str]:
    """The last hit or collision by another vehicle before step `upto`, with when it came."""
    for j in range(upto - 1, -1, -1):
        cause, by = _cause(game.history[j].events, vid, blows_only=True)
        if cause:
            return f"{cause} in turn {states[j].turn}, phase {states[j].phase}", by
    return "", ""


def _was_out(state: GameState, vid: str) -> bool:
    try:
        return state.vehicle(vid).out
    except KeyError:
        return False


def _cause(events: tuple[Event, ...], vid: str, *, blows_only: bool = False) -> tuple[str, str]:
    """What did it in the step that put `vid` out: the last hit or collision by another vehicle (a
    crash that followed a hit is the hit's doing), else the last explosion, exit off the map, crash
    result or damage it took."""
    for e in reversed(events):
        if isinstance(e, ShotFired) and e.hit and e.target == vid:
            return f"{e.vehicle}'s {e.weapon or 'weapon'} (a hit)", e.vehicle
        if isinstance(e, Collided) and vid in (e.vehicle, e.other):
            other = e.other if e.vehicle == vid else e.vehicle
            return f"a {e.how.replace('_', '-')} with {other} at {e.speed} mph", other
    if blows_only:
        return "", ""
    for e in reversed(events):
        if e.vehicle != vid:
            continue
        if isinstance(e, Exploded):
            return "its own explosion", ""
        if isinstance(e, LeftMap):
            return "driving off the map", ""
        if isinstance(e, HitFixedObject):
            return f"running into {e.name or e.other} at {e.speed} mph", ""
        if isinstance(e, CrashRolled):
            return f"a crash: {e.result.replace('_', ' ')}", ""
        if isinstance(e, Damaged):
            return f"{e.points} damage to its {e.location}", ""
    return "", ""


def shooting(events: list[Event]) -> dict[str, tuple[int, int]]:
    """(shots rolled, hits) for each firer: the to-hit rolls in the log, by their fields."""
    out: dict[str, tuple[int, int]] = {}
    for e in events:
        if isinstance(e, ShotFired) and e.roll is not None and e.vehicle:
            fired, hits = out.get(e.vehicle, (0, 0))
            out[e.vehicle] = (fired + 1, hits + (1 if e.hit else 0))
    return out
