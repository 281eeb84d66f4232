"""The Game facade: one game's set-up, its history of actions and undo (the python-chess shape)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.dice import DiceSource
from rules.core.events import Event
from rules.engine import engine
from rules.engine.engine import Outcome
from rules.engine.setup import GameSetup
from rules.play.actions import Action
from rules.play.state import GameState


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
        self.state = step.before
        return step.action

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
