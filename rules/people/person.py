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
