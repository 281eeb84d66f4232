"""A scenario's victory decided in play (the state's `Goal`, from the scenario's [victory]).

    verdict(state)      # Verdict(winners, reason) once the goal is met, else None
    turns_done(state)   # the goal's turns are played out (the engine ends the game at that turn's end)

The engine asks `verdict` after every step and ends the game as soon as there is one: a rig that
reaches its exit wins at once, it does not drive on (issue 19). Readings (docs/MAP-FORMAT.md, victory):

- killed: out of the game without leaving the map (destroyed, wrecked, unable to move or fire: 000:L1262);
- escaped: a target whose centre is in the exit area, or that left the map with its centre past the
  exit (the nearest point of the map to its centre lies in the exit area). One target escaping is enough;
  it must be driven there (reading M-R31): a driver or substitute able at the controls (not `driverless`)
  and not spinning or rolling. A driverless rig sliding into the exit has not got away; once it leaves
  the map it is out like any other;
- a target of a destroy victory that leaves the map has got away: the hunters have failed;
- a goal's turns are over at the end of its last turn (or when the game stops in that turn).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.play import people
from rules.play.map_edges import map_area
from rules.play.state import GameState, Goal, Mode, VehicleState

KINDS = ("destroy", "survive", "escape")
UNCONTROLLED = (Mode.SPIN, Mode.ROLL, Mode.WRECK)   # crash results nobody drives out of (000:L327-L330)


@dataclass(frozen=True)
class Verdict:
    winners: tuple[str, ...]   # owners
    reason: str


def killed(v: VehicleState) -> bool:
    return v.out and not v.left_map


def escaped(state: GameState, v: VehicleState, goal: Goal) -> bool:
    """The target's centre is in the exit area, or it left the map across the exit, driven there: someone
    able at the controls, not in a spin or roll (reading M-R31)."""
    if goal.exit is None or (v.out and not v.left_map) or v.driverless or v.mode in UNCONTROLLED:
        return False
    x, y = v.pose.x, v.pose.y
    box = map_area(state)
    if v.left_map and box is not None:   # where it crossed the edge: the map's nearest point to its centre
        x, y = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
    ex, ey, w, h = goal.exit
    return ex <= x <= ex + w and ey <= y <= ey + h


def turns_done(state: GameState) -> bool:
    g = state.goal
    if g is None or not g.turns:
        return False
    return state.turn > g.turns or (state.over and state.turn >= g.turns)


def _others(state: GameState, goal: Goal) -> tuple[str, ...]:
    owners = {v.owner for v in state.vehicles} | {p.owner for p in state.people}
    return tuple(sorted(owners - set(goal.side)))


def _names(ids: list[str]) -> str:
    return ", ".join(ids)


def _destroy(state: GameState, g: Goal) -> Verdict | None:
    targets = [state.vehicle(t) for t in g.targets]
    if all(killed(v) for v in targets):
        return Verdict(g.side, f"{_names(list(g.targets))} destroyed")
    away = [v.id for v in targets if v.left_map]
    if away and all(v.out for v in targets):
        return Verdict(_others(state, g), f"{_names(away)} got away")
    if turns_done(state):
        alive = [v.id for v in targets if not v.out]
        return Verdict(_others(state, g), f"{_names(alive)} lasted {g.turns} turns")
    return None


def _survive(state: GameState, g: Goal) -> Verdict | None:
    side = set(g.side)
    alive = [v.id for v in state.vehicles if v.owner in side and not v.out]
    if not alive and not (people.standing_owners(state) & side):
        return Verdict(_others(state, g), f"none of {_names(list(g.side))}'s vehicles is left")
    if turns_done(state):
        return Verdict(g.side, f"{_names(alive)} lasted {g.turns} turns")
    return None


def _escape(state: GameState, g: Goal) -> Verdict | None:
    targets = [state.vehicle(t) for t in g.targets]
    away = [v.id for v in targets if escaped(state, v, g)]
    if away:
        return Verdict(g.side, f"{_names(away)} got away by the exit")
    if all(v.out for v in targets):
        return Verdict(_others(state, g), f"{_names(list(g.targets))} stopped before the exit")
    return None


def verdict(state: GameState) -> Verdict | None:
    """Who has won by the scenario's goal, and why; None while it is open (or the game has no goal)."""
    g = state.goal
    if g is None:
        return None
    if g.kind == "destroy":
        return _destroy(state, g)
    if g.kind == "survive":
        return _survive(state, g)
    return _escape(state, g)
