"""'Show last phase': the events of the phase just played (and of the one under way) fed again to
the animator, from the poses the vehicles had when that phase began.

The start of a phase is the engine's `phase` or `turn` event; a motion's start is the first point of
its `moved` path. Vehicles that did not move stay where they are; the counters on the map and the
wrecks are shown as they were when the phase began (phase_start). Nothing in the game changes.
"""

from __future__ import annotations

from game.anim import REPLAY_RATE, Animator
from rules.core.events import Event, Moved, PhaseBegan, TrailerFollowed, TurnBegan
from rules.core.geometry import Pose
from rules.engine.game import Step
from rules.play.state import GameState

BOUNDARIES = ("phase", "turn")
SHOWN = ("moved", "fire", "collision", "crash", "damage", "dice")   # what a replay has to show


def last_phase_events(log: list[Event]) -> list[Event]:
    """The events from the start of the last phase in which something moved, fired or struck, to
    now (the whole log if no such phase has ended yet)."""
    starts = [i for i, e in enumerate(log) if e.kind in BOUNDARIES]
    for first in reversed(starts[:-1]):
        if any(e.kind in SHOWN for e in log[first:]):
            return log[first:]
    return log[:]


def start_poses(events: list[Event]) -> dict[str, Pose]:
    """Each moving vehicle's pose before its first motion among `events`."""
    out: dict[str, Pose] = {}
    for e in events:
        if isinstance(e, (Moved, TrailerFollowed)) and e.vehicle and e.vehicle not in out and e.path:
            out[e.vehicle] = e.path[0]
    return out


def replay_last_phase(anim: Animator, log: list[Event], state: GameState) -> str:
    """Start the replay (or stop one that is running); the message to show."""
    if anim.replay_label:
        anim.finish(state)
        return "replay stopped"
    if anim.busy:
        return "wait for the moves to finish"
    events = last_phase_events(log)
    label = _label(state, events)
    moved = start_poses(events)
    if not any(e.kind in SHOWN for e in events):
        return "nothing to replay yet"
    anim.finish(state)
    anim.shown.update(moved)
    anim.rate = REPLAY_RATE
    anim.replay_label = label
    anim.feed([e for e in events if e.kind not in BOUNDARIES])
    if not anim.busy:        # shots only: nothing moves, so the replay lasts as long as its flashes
        anim.replay_label = ""
    return label


def phase_start(history: list[Step], log: list[Event]) -> GameState | None:
    """The game as it stood when the replayed phase began (its counters on the map, its wrecks), from
    the game's own history; None when the log does not say which phase that was."""
    events = last_phase_events(log)
    first = events[0] if events else None
    if not isinstance(first, (PhaseBegan, TurnBegan)):
        return None
    turn, phase = first.turn, first.phase if isinstance(first, PhaseBegan) else 1
    return next((s.before for s in history if (s.before.turn, s.before.phase) == (turn, phase)), None)


def _label(state: GameState, events: list[Event]) -> str:
    """'Replay: turn T, phase P', counted back from the state's clock by the phases the replay spans."""
    from rules.tables.movement import tables

    per_turn = tables().chart.phases_per_turn
    back = sum(e.kind in BOUNDARIES for e in events) - 1
    if back < 0 or events[0].kind not in BOUNDARIES:
        return "Replay from the start"
    index = (state.turn - 1) * per_turn + state.phase - 1 - back
    if index < 0:
        return "Replay from the start"
    return f"Replay: turn {index // per_turn + 1}, phase {index % per_turn + 1}"
