"""What a speed change would cost, as the engine previews it (rules.engine.preview.speed_preview): the
braking hazard's D, the handling status it leaves, the control roll and its chance, the tire damage."""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine import preview as engine_preview
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
    """The speed panel's view of the engine's preview."""

    preview: engine_preview.SpeedPreview

    @property
    def mph(self) -> float:
        return self.preview.mph

    @property
    def difficulty(self) -> int:
        return self.preview.difficulty

    @property
    def need(self) -> str:
        return self.preview.need

    @property
    def hs_after(self) -> int:
        return self.preview.hs_after

    @property
    def tire_damage(self) -> bool:
        return bool(self.preview.tire_damage)

    @property
    def rule(self) -> str:
        return self.preview.rule

    @property
    def text(self) -> str:
        p = self.preview
        if p.problem:
            return f"{p.mph:g} mph: {p.problem}"
        if p.difficulty == 0:
            return f"{p.mph:g} mph: no hazard"
        need = {"safe": "safe", "XX": "control lost (XX)"}.get(p.need, f"roll {p.need}+ ({p.chance * 100:.0f}%)")
        tires = f", {p.tire_damage} to each tire" if p.tire_damage else ""
        return f"{p.mph:g} mph: braking hazard D{p.difficulty}, HS -> {p.hs_after:+d}, {need}{tires}"


def preview_speed(state: GameState, vid: str, mph: float) -> SpeedPreview:
    p = engine_preview.preview(state, SetSpeed(vid, mph))
    assert isinstance(p, engine_preview.SpeedPreview)
    return SpeedPreview(p)
