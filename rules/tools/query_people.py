"""Query ops of people on foot (issue 18): hand_weapon, jump_out, grenade, and the `to_hit` op's
hand weapons, firers and pedestrian targets (docs/ARCHITECTURE.md, the query contract).

`to_hit` requests without any people field (firer, hand, braced, prone, cover) and naming a vehicle
weapon go to the vehicle op unchanged, so every earlier answer stays as it was.
"""

from __future__ import annotations

from typing import Any

from rules.combat.to_hit import COMPUTERS, FACES, Shot, relative_speed, weapon_info
from rules.people.grenades import scatter
from rules.people.hand_fire import COVERS, FIRERS, PersonShot, person_to_hit
from rules.people.jumping import jump_damage
from rules.tables.combat import ARC_GROUPS, combat_tables, weapon_table
from rules.tables.people import HandWeapon, people_tables
from rules.tools.query_combat import _choice, _int, _num, op_to_hit
from rules.tools.query_types import Answer, QueryError, Request

PEOPLE_FIELDS = ("firer", "hand", "braced", "prone", "cover")


def _bool(req: Request, key: str) -> bool:
    v: Any = req.get(key, False)
    if not isinstance(v, bool):
        raise QueryError(f"{key} must be true or false")
    return v


def _hand(name: Any) -> HandWeapon:
    if not isinstance(name, str):
        raise QueryError("weapon must be a hand weapon's abbreviation or name, such as \"SMG\"")
    return people_tables().hand_weapon(name)


def op_hand_weapon(req: Request) -> Answer:
    w = _hand(req.get("weapon"))
    out: Answer = {"to_hit": w.to_hit, "damage": w.damage, "shots": w.shots, "cost": w.cost,
                   "loaded_cost": w.loaded_cost, "weight": w.weight,
                   "name": w.name, "abbreviation": w.abbr, "ge": w.ge, "vs_vehicles": w.vs_vehicles, "rule": w.source}
    if w.damage_both:
        out["damage_both_barrels"] = w.damage_both
    return out


def op_jump_out(req: Request) -> Answer:
    speed = _num(req, "speed")
    if speed < 0:
        raise QueryError("speed must not be negative")
    dice = jump_damage(speed, _bool(req, "off_road"))
    return {"damage": str(dice) if dice else "0"}


def _rolls(req: Request) -> tuple[int, ...]:
    v: Any = req.get("distance_roll")
    if v is None:
        return ()
    items = v if isinstance(v, list) else [v]
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in items):
        raise QueryError("distance_roll must be a dice total, or a list of two (sideways, then long/short)")
    return tuple(items)


def op_grenade(req: Request) -> Answer:
    roll = _int(req, "roll", 0)
    need = _int(req, "need", people_tables().throw.need)
    d: Any = req.get("direction_roll")
    ls: Any = req.get("long_short_roll")
    for key, v in (("direction_roll", d), ("long_short_roll", ls)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            raise QueryError(f"{key} must be a die (1-6)")
    pb = "range" in req and _num(req, "range") < combat_tables().point_blank_below
    s = scatter(roll, need, d, ls, _rolls(req), point_blank=pb)
    if s.exact:
        return {"exact": True, "offset": None}
    sq = people_tables().person.square
    inches: Any = [s.side_squares * sq, s.along_squares * sq] if s.side and s.along else (
        (s.side_squares if s.side else s.along_squares) * sq)
    return {"exact": False, "missed_by": s.missed_by, "offset": {"direction": s.direction, "inches": inches}}


def _is_hand(req: Request) -> bool:
    weapon = req.get("weapon")
    if req.get("hand") is True or req.get("firer") in ("pedestrian", "passenger"):
        return True
    if not isinstance(weapon, str) or any(k.upper() == weapon.upper() for k in weapon_table()):
        return False
    try:   # a name neither list knows goes to the vehicle op, whose error it always was
        people_tables().hand_weapon(weapon)
    except ValueError:
        return False
    return True


def op_to_hit_people(req: Request) -> Answer:
    """`to_hit` with hand weapons, a firer and a pedestrian lying prone or under cover."""
    if not any(k in req for k in PEOPLE_FIELDS) and not _is_hand(req):
        return op_to_hit(req)
    t = combat_tables()
    hand = _hand(req.get("weapon")) if _is_hand(req) else None
    base = hand.to_hit if hand else weapon_info(str(req.get("weapon"))).to_hit
    rng = _num(req, "range")
    if rng < 0:
        raise QueryError("range must not be negative")
    target = _choice(req, "target", tuple(sorted(t.targets)))
    side = _choice(req, "target_side", FACES + ("top",), "front" if target == "pedestrian" else None)
    tspeed, fspeed = _num(req, "target_speed", 0.0 if target == "pedestrian" else None), _num(req, "firer_speed")
    skill: Any = req.get("gunner_skill", 0)
    if skill is not None and (isinstance(skill, bool) or not isinstance(skill, int)):
        raise QueryError("gunner_skill must be an integer (or null: no Handgunner skill)")
    effective = None
    if "firer_in_target_arc" in req or "target_in_firer_arc" in req:
        effective = relative_speed(_choice(req, "firer_in_target_arc", ARC_GROUPS),
                                   _choice(req, "target_in_firer_arc", ARC_GROUPS), tspeed, fspeed,
                                   bool(req.get("approaching", False)))
    shot = Shot(base=base, range=rng, target=target, target_side=side, target_speed=tspeed, firer_speed=fspeed,
                effective_speed=effective, specific=str(req.get("specific", "") or ""), gunner_skill=skill,
                computer=_choice(req, "computer", tuple(COMPUTERS), "none"), maneuver_d=_int(req, "maneuver_d", 0),
                visibility=str(req.get("visibility", "clear")), sustained=_int(req, "sustained", 1),
                height_ft=_num(req, "height_ft", 0.0))
    firer = _choice(req, "firer", FIRERS, "pedestrian" if hand else "driver")
    person = PersonShot(firer, hand, _bool(req, "braced"), _bool(req, "prone"), _choice(req, "cover", COVERS, "none"))
    result = person_to_hit(person, shot)
    out: Answer = {"need": result.need if result.allowed else max(result.need, t.cannot_hit_at),
                   "modifiers": [m.to_json() for m in result.modifiers]}
    if not result.allowed:
        out["why"] = result.why
    return out
