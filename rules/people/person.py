"""A person's wounds and what his armor stops (000:L975-L976, L1450, L1457, L1508-L1512).

Pure functions over numbers: the engine keeps the damage a person has taken and the points his armor
has left, and asks here how a new hit divides between them and what state he is in after it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.tables.people import Armor, PeopleTables, people_tables

UNHURT, WOUNDED, UNCONSCIOUS, DEAD = "unhurt", "wounded", "unconscious", "dead"
WEAPON, COLLISION, FIRE, HAZARD = "weapon", "collision", "fire", "hazard"   # kinds of damage armor treats
# differently: a weapon hit does at least 1 point; a hazard underfoot (spikes) as rolled


def carried_ge(weapon: str, grenades: tuple[str, ...], gear: tuple[str, ...], t: PeopleTables | None = None) -> float:
    """Grenade-equivalents of a hand weapon, grenades (each the list's Grenade row) and gear (000:L1447);
    a clip counts as the weapon it fits (000:L1505)."""
    t = t or people_tables()
    ge = max(0.0, t.hand_weapons[weapon].ge) if weapon in t.hand_weapons else 0.0
    ge += max(0.0, t.hand_weapons["G"].ge if "G" in t.hand_weapons else 1.0) * len(grenades)
    return ge + sum(max(0.0, t.gear[g].ge_with(weapon)) for g in gear if g in t.gear)


def carry_limit(weapon: str, gear: tuple[str, ...], t: PeopleTables | None = None) -> float:
    """The most he may carry: 6 GE (000:L1447); a worn backpack holds up to 5 GE of his hand weapon
    besides (000:L1506)."""
    t = t or people_tables()
    pack = "backpack" in gear and weapon in t.hand_weapons
    extra = min(float(t.person.pack_ge), max(0.0, t.hand_weapons[weapon].ge)) if pack else 0.0
    return t.person.carry_ge + extra


def condition(damage: int, t: PeopleTables | None = None) -> str:
    """Wounded at the first point, unconscious at the second, dead at the third (000:L1450)."""
    w = (t or people_tables()).person
    if damage >= w.dead:
        return DEAD
    if damage >= w.unconscious:
        return UNCONSCIOUS
    if damage >= w.wounded:
        return WOUNDED
    return UNHURT


@dataclass(frozen=True)
class Hit:
    armor_taken: int    # points the armor absorbed
    body_taken: int     # points that reached the man


def take(points: int, kind: str, armor: Armor | None, armor_left: int, t: PeopleTables | None = None) -> Hit:
    """How `points` of damage of `kind` divide between armor and body. A weapon hit does at least 1
    point (000:L1457); armor takes damage first (000:L976), but only impact armor stops falls and
    collisions, halving them first (000:L1508, L1510); armor that does not stop fire lets it through."""
    t = t or people_tables()
    if kind == WEAPON:
        points = max(points, t.person.min_weapon_damage)
    if armor is None or armor_left <= 0 or points <= 0:
        return Hit(0, max(points, 0))
    if kind == COLLISION and not armor.stops_collisions:
        return Hit(0, points)
    if kind == FIRE and not armor.stops_fire:
        return Hit(0, points)
    if kind == COLLISION:
        points = points // 2   # impact armor halves falls and collisions before its DP (000:L1510)
    absorbed = min(points, armor_left)
    return Hit(absorbed, points - absorbed)
