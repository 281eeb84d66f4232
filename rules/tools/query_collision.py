"""The `collision` op of `python -m rules query` (../shared/DESIGN.md).

Request: kind (head_on, rear_end, t_bone, sideswipe_same, sideswipe_opposite), speeds [v1, v2] (mph),
weights [lb, lb], optional ram_roll (the rolled ram total). Answer: collision_speed (for a sideswipe,
the swipe-speed the dice are read at), ram (dice string, null at 0 mph), dm (two strings like "2/3"),
new_speeds [v1, v2], and with ram_roll: damage [to v1, to v2].
"""

from __future__ import annotations

from typing import Any

from rules.driving.collisions import CollisionKind, collide, damage_modifier, dm_text
from rules.tools.query_types import Answer, QueryError, Request


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def _pair(req: Request, key: str) -> tuple[float, float]:
    v: Any = req.get(key)
    if not isinstance(v, list) or len(v) != 2:
        raise QueryError(f"{key} must be a list of two numbers")
    out = []
    for x in v:
        if isinstance(x, bool) or not isinstance(x, (int, float)) or x < 0:
            raise QueryError(f"{key} must be two non-negative numbers")
        out.append(float(x))
    return out[0], out[1]


def op_collision(req: Request) -> Answer:
    try:
        kind = CollisionKind(req.get("kind"))
    except ValueError:
        raise QueryError("kind must be one of " + ", ".join(k.value for k in CollisionKind)) from None
    speeds = _pair(req, "speeds")
    weights = _pair(req, "weights")
    dms = (damage_modifier(weights[0]), damage_modifier(weights[1]))
    out = collide(kind, speeds, dms)
    answer: Answer = {
        "collision_speed": _num(out.collision_speed),
        "ram": str(out.ram) if out.ram else None,
        "dm": [dm_text(dms[0]), dm_text(dms[1])],
        "new_speeds": [_num(s) for s in out.new_speeds],
    }
    if "ram_roll" in req:
        roll = req["ram_roll"]
        if isinstance(roll, bool) or not isinstance(roll, int) or roll < 0:
            raise QueryError("ram_roll must be a non-negative integer (the rolled ram total)")
        # no ram dice at 0 mph: nothing to multiply
        answer["damage"] = list(out.damage(roll)) if out.ram else [0, 0]
    return answer
