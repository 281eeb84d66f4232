"""The Game facade: one game's set-up, its history of actions and undo (the python-chess shape)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.dice import DiceSource
from rules.core.events import Event
from rules.engine import engine
from rules.engine.engine import Outcome
from rules.engine.setup import GameSetup
from rules.play.actions import Action
from rules.play.state import GameState, digest


@dataclass(frozen=True)
class Step:
    action: Action
    before: GameState
    events: tuple[Event, ...]


class Game:
    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self.state, events = engine.new_game(setup)
        self.opening_events: tuple[Event, ...] = tuple(events)
        self.history: list[Step] = []
        self._digests: dict[int, str] = {}   # digest of the state before history[i] (turn starts), kept for saves

    def to_act(self) -> list[str]:
        return engine.to_act(self.state)

    def legal_actions(self, vid: str) -> list[Action]:
        return engine.legal_actions(self.state, vid)

    def check(self, action: Action) -> str | None:
        return engine.check(self.state, action)

    def apply(self, action: Action, dice: DiceSource | None = None) -> list[Event]:
        new, events = engine.apply(self.state, action, dice)
        self.history.append(Step(action, self.state, tuple(events)))
        self.state = new
        return events

    def undo(self) -> Action | None:
        """Take back the last action (the dice state goes back with it)."""
        if not self.history:
            return None
        step = self.history.pop()
        self._digests.pop(len(self.history), None)
        self.state = step.before
        return step.action

    def turn_digests(self) -> list[str]:
        """The state's digest at the start of each turn played, turn 1 first (saves keep them, so a
        replay that differs can be cut back to the last turn that matches). Each is worked out once."""
        h = self.history
        out = []
        for i, st in enumerate(h):
            if i == 0 or st.before.turn != h[i - 1].before.turn:
                if i not in self._digests:
                    self._digests[i] = digest(st.before)
                out.append(self._digests[i])
        if not h or self.state.turn != h[-1].before.turn:
            out.append(digest(self.state))
        return out

    def outcome(self) -> Outcome | None:
        return engine.outcome(self.state)

    @property
    def actions(self) -> list[Action]:
        return [s.action for s in self.history]

    def events(self) -> list[Event]:
        out = list(self.opening_events)
        for s in self.history:
            out.extend(s.events)
        return out
