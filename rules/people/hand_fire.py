"""Shots by and at people: a hand weapon's to-hit (000:L1164-L1171; 002:L3), a pedestrian target
prone or behind cover (000:L1459; 001:L169), and what a hand weapon's hit does to a vehicle
(000:L1167, L1456) or a man (000:L1457).

The vehicle rules' `to_hit` (rules/combat/to_hit.py) does the common work; this module adds the
lines that belong to people and takes away the ones that do not (no computer for a hand weapon).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.combat.to_hit import Modifier, Shot, ToHit, to_hit
from rules.tables.combat import CombatTables, combat_tables
from rules.tables.people import HandWeapon, PeopleTables, people_tables

FIRERS = ("pedestrian", "driver", "gunner", "passenger")
COVERS = ("none", "partial", "full", "firing")   # firing: safe behind cover but leaning out to shoot


@dataclass(frozen=True)
class PersonShot:
    """What people add to a shot: who fires, and how the pedestrian target lies."""

    firer: str = ""            # "" = a vehicle's weapon fired the ordinary way; else one of FIRERS
    hand: HandWeapon | None = None
    braced: bool = False       # a firing pedestrian braced against something solid (000:L914)
    prone: bool = False        # the pedestrian target lies prone
    cover: str = "none"        # the pedestrian target's cover (COVERS)
    aloft: tuple[int, str, str] = (0, "", "")  # an ejected crewman in the air: (modifier, name, rule) (000:L898-L899)


def _firer_lines(p: PersonShot, shot: Shot, t: PeopleTables) -> list[Modifier]:
    out = []
    moving = shot.firer_speed != 0
    if p.hand is not None and p.firer in ("driver", "gunner", "passenger") and moving:   # a stopped vehicle fires as listed (002:L3)
        r = t.firer[p.firer]
        out.append(Modifier(f"hand weapon fired by the {p.firer} of a moving vehicle", r.value, r.source))
    if p.braced and p.firer == "pedestrian":
        out.append(Modifier("braced against something solid", t.firer["braced"].value, t.firer["braced"].source))
    return out


def _cover_lines(p: PersonShot, t: PeopleTables) -> list[Modifier]:
    if p.cover == "partial":
        return [Modifier("pedestrian under cover", t.cover["partial"].value, t.cover["partial"].source)]
    if p.cover == "firing":
        return [Modifier("pedestrian leaning out of cover", t.cover["firing"].value, t.cover["firing"].source)]
    if p.prone:
        return [Modifier("pedestrian prone in the open", t.cover["prone_open"].value, t.cover["prone_open"].source)]
    return []


def _as_handgunner(m: Modifier, t: PeopleTables) -> Modifier:
    """The Gunner lines read as Handgunner for a hand weapon (000:L1165, L1323)."""
    if m.name == "no Gunner skill":
        r = t.firer["unskilled"]
        return Modifier("no Handgunner skill", r.value, r.source)
    if m.name.startswith("Gunner "):
        return Modifier("Hand" + m.name[0].lower() + m.name[1:], m.value, t.handgunner_source)
    return m


def check(p: PersonShot, shot: Shot, t: PeopleTables | None = None) -> str | None:
    """Why this combination cannot be fired at all, or None."""
    t = t or people_tables()
    if p.firer and p.firer not in FIRERS:
        return f"firer must be one of {', '.join(FIRERS)}"
    if p.cover not in COVERS:
        return f"cover must be one of {', '.join(COVERS)}"
    if p.hand is None and p.firer in ("pedestrian", "passenger"):
        return f"a {p.firer} fires hand weapons only (000:L1449, L1845)"
    if p.hand is not None and shot.computer != "none":
        return "hand weapons get no bonus for computer aiming (000:L1165)"
    if (p.prone or p.cover != "none") and shot.target != "pedestrian":
        return "prone and cover are for a pedestrian target"
    return None


def person_to_hit(p: PersonShot, shot: Shot, t: PeopleTables | None = None,
                  c: CombatTables | None = None) -> ToHit:
    """The roll needed, with every line: the vehicle rules' own (000:L901-L940) and people's."""
    t, c = t or people_tables(), c or combat_tables()
    problem = check(p, shot, t)
    if problem:
        raise ValueError(problem)
    if p.hand is not None:
        shot = replace(shot, base=p.hand.to_hit)
    base = to_hit(shot, c)
    mods = [_as_handgunner(m, t) for m in base.modifiers] if p.hand is not None else list(base.modifiers)
    mods += _firer_lines(p, shot, t)
    if shot.target == "pedestrian":
        mods += _cover_lines(p, t)
    if p.aloft[0]:
        mods.append(Modifier(p.aloft[1], p.aloft[0], p.aloft[2]))
    if not base.allowed:
        return ToHit(base.need, tuple(mods), False, base.why)
    if shot.target == "pedestrian" and p.cover == "full":
        return ToHit(c.cannot_hit_at, tuple(mods), False,
                     f"the pedestrian is safe behind full cover ({t.full_cover_source})")
    reach = hand_range(p.hand, t) if p.hand is not None else None
    if reach is not None and shot.range > reach:
        return ToHit(c.cannot_hit_at, tuple(mods), False,
                     f"{p.hand.name if p.hand else ''} reaches {reach:g}\" at most (000:L1169)")
    return ToHit(shot.base - sum(m.value for m in mods), tuple(mods))


def hand_range(w: HandWeapon | None, t: PeopleTables | None = None) -> float:
    """A thrown grenade goes 5" at most, any other hand weapon 20" (000:L1169)."""
    t = t or people_tables()
    if w is not None and w.key == "G":
        return t.throw.max_range
    return t.person.hand_weapon_range


def damage_to_vehicle(w: HandWeapon, rolled: int, *, tire: bool = False) -> int:
    """What a hand weapon's hit does to a vehicle: full, half (rounded down) or - for most - nothing but
    to tires (000:L1167, notes a and f); a knife nothing at all."""
    if w.vs_vehicles == "full":
        return rolled
    if w.vs_vehicles == "half":
        return rolled // 2
    if w.vs_vehicles == "tires_people":
        return rolled if tire else 0
    return 0


def point_blank_on_stationary(w: HandWeapon, rolled: int, t: PeopleTables | None = None) -> int:
    """A hand weapon fired point-blank at a stationary vehicle hits by itself: 1 point, or what it would
    do to a vehicle when that is more (000:L1456)."""
    t = t or people_tables()
    return max(t.point_blank_vehicle.value, damage_to_vehicle(w, rolled))


def damage_to_person(rolled: int, t: PeopleTables | None = None) -> int:
    """A man hit by a weapon takes at least 1 point (000:L1457)."""
    return max(rolled, (t or people_tables()).person.min_weapon_damage)
