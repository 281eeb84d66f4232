"""What a shot would need, asked of the rules before it is fired: the weapon, its mount and arc, the
line of fire, the 2d roll needed (rules.fire_step.preview_fire) with its modifier list, and the chance
in per cent. Every figure comes from rules/; a preview the rules cannot give shows as
unknown rather than a guess.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.session import optional
from rules.actions import Action, Drop, Fire, Pass
from rules.geometry import CounterSize, Pose, Vec
from rules.state import GameState


@dataclass(frozen=True)
class FirePreview:
    action: Action
    need: int | None = None                 # the 2d roll needed; None: unknown
    can_hit: bool = True
    modifiers: tuple[tuple[str, int, str], ...] = ()   # (name, value, rule)
    mount: str = ""
    origin: Vec | None = None
    point: Vec | None = None
    why: str = ""

    @property
    def chance(self) -> float:
        """Chance of rolling the need or more on 2d (plain dice arithmetic)."""
        if self.need is None or not self.can_hit:
            return 0.0
        return two_dice_at_least(self.need)

    @property
    def text(self) -> str:
        a = self.action
        if isinstance(a, Pass):
            return "hold fire for the rest of this phase"
        if isinstance(a, Drop):
            return f"drop {a.weapon}"
        if not isinstance(a, Fire):
            return str(a)
        aim = f" ({a.aim.replace('side:', '').replace('tire:', 'tire ')})" if a.aim else ""
        head = f"{a.weapon} at {a.target}{aim}"
        if self.need is None:
            return f"{head}: to-hit unknown{' - ' + self.why if self.why else ''}"
        if not self.can_hit:
            return f"{head}: cannot hit ({self.why or f'needs {self.need}'})"
        return f"{head}: needs {self.need}+ on 2d, {self.chance * 100:.0f}%"

    @property
    def modifier_text(self) -> str:
        return ", ".join(f"{n} {v:+d} [{r}]" for n, v, r in self.modifiers) or "no modifiers"


@lru_cache(maxsize=16)
def two_dice_at_least(need: int) -> float:
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need) / 36


def fire_preview(state: GameState, action: Action) -> FirePreview:
    if not isinstance(action, Fire):
        return FirePreview(action)
    step = optional("rules.fire_step")
    if step is None or not hasattr(step, "preview_fire"):
        return FirePreview(action, why="combat rules not loaded")
    try:
        p = step.preview_fire(state, action)
    except (KeyError, ValueError) as exc:  # the preview is advice; the engine still checks the shot
        return FirePreview(action, why=str(exc))
    mods = tuple((m.name, int(m.value), str(m.rule)) for m in p.modifiers)
    return FirePreview(action, int(p.need), bool(p.can_hit), mods, p.mount, p.origin, p.point, p.why)


def arc_outline(mount: str, pose: Pose, size: CounterSize, reach: float = 12.0) -> list[Vec]:
    """A fan of the points `reach` inches out that the mount can fire at (rules.arcs.in_arc), with the
    counter's centre: the shaded arc of fire."""
    arcs = optional("rules.arcs")
    if arcs is None or not mount or mount == "turret":
        return []
    c = pose.centre
    inside: dict[int, Vec] = {}
    for k in range(0, 360, 4):
        a = math.radians(k)
        p = Vec(c.x + math.sin(a) * reach, c.y - math.cos(a) * reach)
        try:
            if arcs.in_arc(mount, pose, size, p):
                inside[k] = p
        except ValueError:
            return []
    if not inside:
        return []
    # start the fan where the arc begins, so the outline runs round it in order across north
    start = next((k for k in inside if (k - 4) % 360 not in inside), 0)
    ordered = [inside[(start + 4 * i) % 360] for i in range(90) if (start + 4 * i) % 360 in inside]
    return [c, *ordered]


def options_of(actions: list[Action]) -> list[Action]:
    """Fire and drop choices first, then holding fire."""
    return [a for a in actions if not isinstance(a, Pass)] + [a for a in actions if isinstance(a, Pass)]


def describe_target(state: GameState, action: Action) -> str:
    return action.target if isinstance(action, Fire) else ""


__all__ = ["FirePreview", "arc_outline", "fire_preview", "options_of", "two_dice_at_least", "Any"]
