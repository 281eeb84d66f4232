"""The fire step's suggestion for all of a player's vehicles at once: each decision still to come in this
fire step (every own vehicle, every crewman) answered by the row the fire list would highlight for it (the
best shot at a foe that can hit, else Hold fire: game.battle.fire_choices.default_index), shown as one row
on top of the list so that one Enter accepts them all.

The suggestion is worked out on the rules' own states (each declaration applied in turn with
rules.engine.engine.apply, as the client would), before anything is committed; what the player accepts is
that list of actions and nothing else. The pilot (game.battle.pilot) answers the later decisions from it,
and hands the decision back the moment the rules no longer offer the planned action.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.battle.fire_choices import Choice, build, default_index
from rules.engine import engine
from rules.play import people
from rules.play.actions import Action, Fire, Pass
from rules.play.state import FIRE, GameState

MOST_DECISIONS = 24   # a guard on the look-ahead (8 vehicles of 3 crewmen each); not a rule


@dataclass(frozen=True)
class FirePlan:
    """The suggested answers, in the order the client would ask them, each with the row it comes from."""

    turn: int
    phase: int
    steps: tuple[Choice, ...]

    @property
    def shots(self) -> tuple[Choice, ...]:
        return tuple(c for c in self.steps if isinstance(c.action, Fire))

    @property
    def vehicles(self) -> tuple[str, ...]:
        """The vehicles that fire in it, in order."""
        out: list[str] = []
        for c in self.shots:
            if c.action is not None and c.action.vehicle not in out:
                out.append(c.action.vehicle)
        return tuple(out)

    def worth_offering(self) -> bool:
        """More than the one decision on screen, and at least one shot among them."""
        return len(self.steps) >= 2 and bool(self.shots)

    @property
    def label(self) -> str:
        n = len(self.shots)
        rest = ", the rest hold fire" if len(self.shots) < len(self.steps) else ""
        return f"Fire all {n} suggested shot{'s' if n != 1 else ''} ({', '.join(self.vehicles)}){rest}"

    def lines(self) -> list[str]:
        """One line a decision: which vehicle does what, with the chance its row shows."""
        out = []
        for c in self.steps:
            if c.action is None:
                continue
            what = c.label if isinstance(c.action, Fire) else "Hold fire"
            out.append(f"{c.action.vehicle}: {what}")
        return out

    def actions(self) -> list[Action]:
        return [c.action for c in self.steps if c.action is not None]


def _owner(state: GameState, vid: str) -> str:
    return next((v.owner for v in state.vehicles if v.id == vid), "")


def _asks_about_people(state: GameState, vid: str, legal: list[Action]) -> bool:
    """A decision the battle shows on the people panel (a crewman getting out, a shot at a man): not planned."""
    return people.is_person(state, vid) or any(people.concerns(state, a) and not isinstance(a, Pass) for a in legal)


def suggest(state: GameState, first: str, owners: dict[str, str], mine: frozenset[str] | None = None,
            holding_fire: frozenset[str] = frozenset()) -> FirePlan:
    """The suggested answer of every decision left in this fire step to the vehicles the player drives
    (`mine`; by default every vehicle of `first`'s owner), starting with `first`'s. A vehicle told to hold
    fire for the turn (`holding_fire`) holds fire in the plan too; a foe-driven vehicle of the same owner is
    not the player's to plan for."""
    owner = _owner(state, first)
    when = (state.turn, state.phase)
    steps: list[Choice] = []
    skipped: set[str] = set()
    s = state
    while len(steps) < MOST_DECISIONS and s.step == FIRE and (s.turn, s.phase) == when and not s.over:
        ids = engine.to_act(s)
        own = [v for v in ids if v not in skipped and (v in mine if mine is not None else _owner(s, v) == owner)]
        # asked in this order (the battle asks to_act's first)
        if not own:
            break
        vid = own[0]
        legal = engine.legal_actions(s, vid)
        if not legal or _asks_about_people(s, vid, legal):
            skipped.add(vid)
            continue
        rows = build(s, legal, owners, False)
        passing = next((c for c in rows if isinstance(c.action, Pass)), None)
        pick = passing if vid in holding_fire else (rows[default_index(rows, s)] if rows else None)
        if pick is None or pick.action is None:
            skipped.add(vid)
            continue
        steps.append(pick)
        s, _ = engine.apply(s, pick.action)
    return FirePlan(when[0], when[1], tuple(steps))
