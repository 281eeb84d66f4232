"""What a shot would need, asked of the rules before it is fired: the weapon, its mount and arc, the
line of fire, the 2d roll needed (rules.engine.preview.shot_preview) with its modifier list, and the chance
in per cent. Every figure comes from rules/; a preview the rules cannot give shows as
unknown rather than a guess.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from rules.combat import arcs
from rules.combat.to_hit import modifier_text as modifier_label
from rules.core.dice import chance_at_least
from rules.core.geometry import CounterSize, Pose, Vec, forward, right
from rules.engine.preview import shot_preview
from rules.phases import fire_step
from rules.phases.use_step import searchlight_to_hit
from rules.play.actions import Action, Automatic, Drop, Fire, Pass, Use
from rules.play.lights import lamps
from rules.play.state import GameState
from rules.tables.movement import tables


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
    counters: tuple[Any, ...] = ()          # a Drop: the counters it would lay (rules.combat.dropped.Counter)
    where: tuple[str, ...] = ()             # a Drop: where each counter lands, in words

    @property
    def chance(self) -> float:
        """Chance of rolling the need or more on 2d (rules.core.dice.chance_at_least)."""
        if self.need is None or not self.can_hit:
            return 0.0
        return two_dice_at_least(self.need)

    @property
    def text(self) -> str:
        a = self.action
        if isinstance(a, Pass):
            return "hold fire for the rest of this phase"
        if isinstance(a, Automatic):
            if not a.on:
                return f"take {a.weapon} off automatic (free)"
            meets = f"; its line now meets {self.why}" if self.why else ""
            return f"put {a.weapon} on automatic{meets}"
        if isinstance(a, Drop):
            if not self.counters:
                return f"drop {a.weapon}{': ' + self.why if self.why else ''}"
            what = "; ".join(f"{c.kind.replace('_', ' ')} {_inch(c.length)} x {_inch(c.width)} {w}".rstrip()
                             for c, w in zip(self.counters, self.where, strict=False))
            return f"drop {a.weapon}: {what}"
        if not isinstance(a, Fire):
            return str(a)
        aim = f" ({a.aim.replace('side:', '').replace('tire:', 'tire ').replace('pod:', 'pod ').replace('coupling:', '').replace('_', ' ')})" if a.aim else ""
        head = f"{a.weapon} at {a.target}{aim}"
        if self.need is None:
            return f"{head}: to-hit unknown{' - ' + self.why if self.why else ''}"
        if not self.can_hit:
            return f"{head}: cannot hit ({self.why or f'needs {self.need}'})"
        return f"{head}: needs {self.need}+ on 2d, {self.chance * 100:.0f}%"

    @property
    def modifier_text(self) -> str:
        a = self.action
        if isinstance(a, Automatic):
            if not a.on:
                return "no firing action: it stops firing by itself (reading CB80)"
            if self.counters or self.mount == "dropper":
                return ("the crewman's firing action; lays a counter every phase it moves, "
                        "once a turn when stopped (000:L1024, L1041, L1051)")
            return ("the crewman's firing action; fires straight out at the end of every turn, "
                    "no computer or sustained fire (000:L1024-L1026)")
        if isinstance(self.action, Drop):
            return "no to-hit roll: the counter lands by the mount (000:L1028-L1038)"
        if isinstance(self.action, Use) and not self.modifiers:   # a flare, nitrous, an ejection seat
            return "no to-hit roll: the crewman's firing action for this turn"
        return ", ".join(f"{modifier_label(n, v)} [{r}]" for n, v, r in self.modifiers) or "no modifiers"


def two_dice_at_least(need: int) -> float:
    """The chance of `need` or more on 2d (rules.core.dice.chance_at_least, the one place it is worked out)."""
    return chance_at_least(need)


def _inch(x: float) -> str:
    return {0.25: "1/4\"", 0.5: "1/2\""}.get(x, f"{x:g}\"")


def where_laid(state: GameState, vid: str, counter: Any) -> str:
    """Where a dropped counter lands relative to the dropping vehicle: ahead, behind, under, to a side."""
    pose = state.vehicle(vid).pose
    c = counter.pose.centre
    d = Vec(c.x - pose.x, c.y - pose.y)
    along, across = d.dot(forward(pose.facing)), d.dot(right(pose.facing))
    size = state.vehicle(vid).spec.counter(tables().handling.counters)
    words = []
    if along > size.length / 2:
        words.append("ahead")
    elif along < -size.length / 2:
        words.append("behind")
    else:
        words.append("under the car" if abs(across) <= size.width / 2 else "alongside")
    if abs(across) > 0.05:
        words.append(f"{abs(across):g}\" {'right' if across > 0 else 'left'}")
    return "(" + ", ".join(words) + ")"


def drop_preview(state: GameState, action: Drop) -> FirePreview:
    try:
        laid = tuple(fire_step.preview_drop(state, action))
    except (KeyError, ValueError) as exc:
        return FirePreview(action, can_hit=False, why=str(exc))
    where = tuple(where_laid(state, action.vehicle, c) for c in laid)
    return FirePreview(action, counters=laid, where=where)


def automatic_preview(state: GameState, action: Automatic) -> FirePreview:
    """Setting automatic: an aimed weapon's line straight out and what it meets now; a dropper's mark."""
    if not action.on:
        return FirePreview(action)
    try:
        origin, end, meets, dropper = fire_step.preview_automatic(state, action)
    except (KeyError, ValueError) as exc:
        return FirePreview(action, can_hit=False, why=str(exc))
    if dropper:
        return FirePreview(action, mount="dropper")
    return FirePreview(action, origin=origin, point=end, why=meets)


def fire_preview(state: GameState, action: Action) -> FirePreview:
    if isinstance(action, Drop):
        return drop_preview(state, action)
    if isinstance(action, Automatic):
        return automatic_preview(state, action)
    if isinstance(action, Use) and action.item in lamps(state.vehicle(action.vehicle)):   # 000:L2661
        th = searchlight_to_hit(state, action)
        mods = tuple((m.name, int(m.value), str(m.rule)) for m in th.modifiers)
        a, b = state.vehicle(action.vehicle).pose, state.vehicle(action.target).pose
        return FirePreview(action, th.need, th.can_hit(), mods, origin=a.centre, point=b.centre)
    if isinstance(action, Use) and "," in action.target:   # a flare's centre (000:L2989)
        x, y = (float(p) for p in action.target.split(","))
        return FirePreview(action, origin=state.vehicle(action.vehicle).pose.centre, point=Vec(x, y),
                           mount="flare")
    if not isinstance(action, Fire):
        return FirePreview(action)
    p = shot_preview(state, action)   # the engine's preview; the engine still checks the shot
    if p.need is None:
        return FirePreview(action, why=p.why)
    mods = tuple((m.name, int(m.value), str(m.rule)) for m in p.modifiers)
    return FirePreview(action, p.need, p.can_hit, mods, p.mount, p.origin, p.point, p.why)


def arc_outline(mount: str, pose: Pose, size: CounterSize, reach: float = 12.0) -> list[Vec]:
    """A fan of the points `reach` inches out that the mount can fire at (rules.combat.arcs.in_arc), with the
    counter's centre: the shaded arc of fire."""
    if not mount or mount == "turret":
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
    """Fire choices first, then drops, then automatic on/off, then holding fire."""
    order = {Fire: 0, Drop: 1, Automatic: 2}
    return sorted(actions, key=lambda a: order.get(type(a), 3))


def describe_target(state: GameState, action: Action) -> str:
    return action.target if isinstance(action, Fire) else ""


__all__ = ["FirePreview", "arc_outline", "drop_preview", "where_laid", "fire_preview", "options_of", "two_dice_at_least", "Any"]
