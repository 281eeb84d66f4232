"""What a speed change would cost, asked of the rules: the engine applies the change to a copy of the
state with dice that always show 6 (so no real roll is revealed) and the client reads the hazard and
the control roll from the events it reports."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.errors import IllegalAction
from rules.core.events import ControlRolled, TireDamaged
from rules.engine import engine
from rules.play.actions import SetSpeed
from rules.play.state import GameState


class Sixes:
    """Dice that always show 6: a look-ahead reveals no real roll and spends none of the game's."""

    def __init__(self) -> None:
        self._n = 0

    def d6(self) -> int:
        self._n += 1
        return 6

    @property
    def count(self) -> int:
        return self._n


@dataclass(frozen=True)
class SpeedPreview:
    mph: float
    difficulty: int = 0        # braking hazard D (0: no hazard)
    need: str = "safe"         # control roll it asks for: "safe", "XX" or the 1d roll needed
    hs_after: int = 0
    tire_damage: bool = False
    rule: str = ""

    @property
    def text(self) -> str:
        if self.difficulty == 0:
            return f"{self.mph:g} mph: no hazard"
        need = {"safe": "safe", "XX": "control lost (XX)"}.get(self.need, f"roll {self.need}+")
        tires = ", tire damage" if self.tire_damage else ""
        return f"{self.mph:g} mph: braking hazard D{self.difficulty}, HS -> {self.hs_after:+d}, {need}{tires}"


def preview_speed(state: GameState, vid: str, mph: float) -> SpeedPreview:
    try:
        _, events = engine.apply(state, SetSpeed(vid, mph), Sixes())
    except IllegalAction:
        return SpeedPreview(mph)
    for e in events:
        if isinstance(e, ControlRolled) and e.vehicle == vid:
            tires = any(isinstance(x, TireDamaged) for x in events)
            return SpeedPreview(mph, e.difficulty, e.need, e.hs, tires, e.rule)
    return SpeedPreview(mph)
