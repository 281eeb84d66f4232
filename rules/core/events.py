"""Events: everything that happened, each with the rule it applied. The client animates and logs them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str            # moved, speed, dice, control, crash, hazard, tire, damage, phase, turn, collision, ...
    text: str            # one line for the log, in plain words
    rule: str = ""       # seed line(s), e.g. "000:L182"
    vehicle: str = ""    # vehicle id, if the event is about one
    data: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        who = f"[{self.vehicle}] " if self.vehicle else ""
        rule = f" ({self.rule})" if self.rule else ""
        return f"{who}{self.text}{rule}"


class EventLog:
    """Collects events while the engine works on one action."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, kind: str, text: str, rule: str = "", vehicle: str = "", **data: Any) -> Event:
        ev = Event(kind, text, rule, vehicle, data)
        self.events.append(ev)
        return ev
