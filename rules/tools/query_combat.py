"""Query op of the combat rules: to_hit (../shared/DESIGN.md).

Request: weapon, range, target, target_side, target_speed, firer_speed; optional gunner_skill
(int, or null for no Gunner skill), computer (none|targeting|hi_res), maneuver_d. Extra optional
fields (additions, not in the contract table): specific (tire|turret|rider|sidecar|top),
visibility (clear|rain|heavy_rain|fog|night), sustained (consecutive turns, this one included),
firer_in_target_arc and target_in_firer_arc (front|back|side: read the speed through the
relative-speed table instead of using the target speed), approaching (bool), height_ft (how far the
target stands above the firer, ft: -1 per full 10 ft; below costs nothing) and from_street (bool: the
firer is a vehicle's weapon on the street, not in a universal turret: 30 ft up and more it reaches only
from farther off than the height, 000:L1215).
Answer: need (2d; >= 13 cannot hit) and modifiers [{name, value, rule}].
"""

from __future__ import annotations

from typing import Any

from rules.combat.to_hit import COMPUTERS, FACES, Shot, base_to_hit, relative_speed, to_hit, weapon_info
from rules.tables.combat import ARC_GROUPS, combat_tables
from rules.tools.query_types import Answer, QueryError, Request


def _num(req: Request, key: str, default: float | None = None) -> float:
    if key not in req or req[key] is None:
        if default is None:
            raise QueryError(f"missing field {key!r}")
        return default
    v = req[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise QueryError(f"{key} must be a number")
    return float(v)


def _int(req: Request, key: str, default: int) -> int:
    v: Any = req.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int):
        raise QueryError(f"{key} must be an integer")
    return v


def _choice(req: Request, key: str, choices: tuple[str, ...], default: str | None = None) -> str:
    v = req.get(key, default)
    if v is None:
        raise QueryError(f"missing field {key!r}")
    if v not in choices:
        raise QueryError(f"{key} must be one of {', '.join(choices)}")
    return str(v)


def _flag(req: Request, key: str) -> bool:
    v: Any = req.get(key, False)
    if not isinstance(v, bool):
        raise QueryError(f"{key} must be true or false")
    return v


def op_to_hit(req: Request) -> Answer:
    t = combat_tables()
    weapon = req.get("weapon")
    if not isinstance(weapon, str):
        raise QueryError("weapon must be a weapon abbreviation such as \"MG\"")
    base = base_to_hit(weapon)
    rng = _num(req, "range")
    if rng < 0:
        raise QueryError("range must not be negative")
    target = _choice(req, "target", tuple(sorted(t.targets)))
    side = _choice(req, "target_side", FACES + ("top",))
    tspeed, fspeed = _num(req, "target_speed"), _num(req, "firer_speed")
    skill: Any = req.get("gunner_skill", 0)
    if skill is not None and (isinstance(skill, bool) or not isinstance(skill, int)):
        raise QueryError("gunner_skill must be an integer (or null: no Gunner skill)")
    effective = None
    if "firer_in_target_arc" in req or "target_in_firer_arc" in req:
        effective = relative_speed(_choice(req, "firer_in_target_arc", ARC_GROUPS),
                                   _choice(req, "target_in_firer_arc", ARC_GROUPS), tspeed, fspeed,
                                   bool(req.get("approaching", False)))
    shot = Shot(
        base=base, range=rng, target=target, target_side=side, target_speed=tspeed, firer_speed=fspeed,
        effective_speed=effective, specific=str(req.get("specific", "") or ""), gunner_skill=skill,
        computer=_choice(req, "computer", tuple(COMPUTERS), "none"), maneuver_d=_int(req, "maneuver_d", 0),
        visibility=str(req.get("visibility", "clear")), sustained=_int(req, "sustained", 1),
        no_point_blank=weapon_info(weapon).abbr in t.no_point_blank,   # the cloud bomb (000:L2472)
        height_ft=_num(req, "height_ft", 0.0), from_street=_flag(req, "from_street"),
    )
    result = to_hit(shot)
    answer: Answer = {"need": result.need, "modifiers": [m.to_json() for m in result.modifiers]}
    if not result.allowed and shot.from_street:   # only a new request can be out of reach: old answers stay
        answer["why"] = result.why
    return answer
