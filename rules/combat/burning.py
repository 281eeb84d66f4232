"""Fire and explosion: the Vehicular Fire Table, burning each turn, extinguishers, explosions.

All checks happen at the end of the turn (000:L1016): first whether a fire breaks out, then the
extinguisher, then the fire's damage, then the explosion roll. Numbers: rules/data/combat.toml
[fire], [extinguisher], [fire_table].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.combat.damage import Absorbed, Interior, crew_state
from rules.core.dice import DiceSource
from rules.tables.combat import CombatTables, combat_tables
from rules.vehicles.record_sheet import RecordSheet, damage_armor, damage_tire


@dataclass(frozen=True)
class FireHit:
    """A hit by a fire-starting weapon, remembered for its burn duration (000:L1018)."""

    source: str        # key of [fire_table]: "FT", "L", "FOJ", "MG_incendiary", ...
    turn: int
    ht_ammo: bool = False


HT_AMMO = "ht"    # the weapons table's high-temperature load (000:L2504)
GAS_TANK = "tank"  # the record sheet's gas tank component
HT_MARK = ":ht"   # a remembered hit's source with high-temperature ammunition (000:L992, L2504)


def hit_key(hit: FireHit) -> str:
    """How a vehicle remembers a fire-table hit's source: the row, marked when the ammunition was HT."""
    return hit.source + (HT_MARK if hit.ht_ammo else "")


def hit_from(key: str, turn: int) -> FireHit:
    """The fire-table hit a remembered source stands for."""
    source, ht, _ = key.partition(HT_MARK)
    return FireHit(source, turn, ht_ammo=bool(ht))


@dataclass(frozen=True)
class FireCheck:
    total: int
    parts: tuple[tuple[str, int, str], ...]   # (what, added, rule)


def fire_value(hit: FireHit, t: CombatTables | None = None) -> tuple[int, int]:
    """(fire modifier, burn duration) of a hit; high-temperature ammo adds 1 and burns 1 turn (000:L992, L2504)."""
    t = t or combat_tables()
    if hit.source not in t.fire_table:
        raise ValueError(f"{hit.source!r} is not on the Vehicular Fire Table")
    e = t.fire_table[hit.source]
    if hit.ht_ammo:
        ht = t.fire_table["HT_ammo"]
        return e.modifier + ht.modifier, ht.duration
    return e.modifier, e.duration


def fire_modifiers(hits: Sequence[FireHit], turn: int, *, gas_engine_hit: bool = False,
                   gas_tank_breached: bool = False, t: CombatTables | None = None) -> FireCheck:
    """Sum of fire modifiers in force this turn: each hit counts in its own turn and the next
    <burn duration> turns; a gas engine hit adds 2 and a breached tank 3 (000:L1018-L1020)."""
    t = t or combat_tables()
    parts = []
    for h in hits:
        mod, dur = fire_value(h, t)
        if h.turn <= turn <= h.turn + dur and mod:
            when = "this turn" if h.turn == turn else f"burning since turn {h.turn}"
            parts.append((f"{h.source} ({when})", mod, t.fire_table[h.source].source))
    if gas_engine_hit:
        parts.append(("gas engine hit", int(t.fire["gas_engine_hit"]), "000:L1018"))
    if gas_tank_breached:
        parts.append(("gas tank breached", int(t.fire["gas_tank_breached"]), "000:L1018"))
    return FireCheck(sum(p[1] for p in parts), tuple(parts))


def roll_fire(check: FireCheck, dice: DiceSource) -> tuple[bool, int]:
    """Fire breaks out on 2d at or under the total (000:L1018)."""
    if check.total <= 0:
        return False, 0
    r = sum(dice.d6() for _ in range(int(combat_tables().fire["check_dice"])))
    return r <= check.total, r


def component_fire_chance(*, plant_destroyed: bool = False, flame_weapon_hit: bool = False,
                          by_fire_weapon: bool = False, t: CombatTables | None = None) -> int:
    """Chance in 6 of fire when the plant is destroyed or an FT/FOJ is hit; higher when the damage
    came from lasers, flame, incendiaries or flaming oil (000:L984, reading in RULES-DEVIATIONS)."""
    t = t or combat_tables()
    if not (plant_destroyed or flame_weapon_hit):
        return 0
    return int(t.fire["component_chance_hot" if by_fire_weapon else "component_chance"])


def extinguisher_chance(kind: str, gas_engine: bool, t: CombatTables | None = None) -> int:
    """Chance in 6 that an extinguisher puts the fire out (000:L1013, L2585, L2591)."""
    t = t or combat_tables()
    if kind not in t.extinguishers:
        raise ValueError(f"unknown extinguisher {kind!r}; known: {', '.join(sorted(t.extinguishers))}")
    chance, gas, _ = t.extinguishers[kind]
    return gas if gas_engine else chance


def extinguisher_of(inside: Interior) -> str | None:
    """The best working extinguisher aboard ("ife" before "fe" before "portable")."""
    t = combat_tables()
    have = {p.item.lower() for p in inside.parts if not p.destroyed}
    plant_gone = any(p.kind == "plant" and p.destroyed for p in inside.parts)
    for kind in ("ife", "fe", "portable"):
        if plant_gone and kind != "portable":
            continue  # fixed extinguishers die with the power plant (000:L2585, L2591)
        if kind in have or t.extinguisher_items[kind] in have:
            return kind
    return None


def has_gas_engine(inside: Interior) -> bool:
    return any(p.item == "gas_engine" for p in inside.parts)


def volatile(inside: Interior, t: CombatTables | None = None) -> bool:
    t = t or combat_tables()
    return any(p.item in t.volatile and p.item != "gas_engine" and not p.insulated for p in inside.parts)


def explosion_chance(inside: Interior, t: CombatTables | None = None) -> int:
    """Chance in 6 that a burning vehicle explodes this turn (000:L1014)."""
    t = t or combat_tables()
    gas, vol = has_gas_engine(inside), volatile(inside, t)
    if gas and vol:
        return int(t.fire["explode_on_gas_and_volatile"])
    if gas or vol:
        return int(t.fire["explode_on"])
    return 0


def burn(sheet: RecordSheet, inside: Interior,
         t: CombatTables | None = None) -> tuple[RecordSheet, Interior, tuple[Absorbed, ...]]:
    """A fire's damage for one turn: 1 hit to every occupant (body armor first), every component,
    every tire and the armor of every face (000:L1013)."""
    t = t or combat_tables()
    n = int(t.fire["burn_hits"])
    steps: list[Absorbed] = []
    parts = []
    for p in inside.parts:
        if p.destroyed or p.max_dp <= 0 or p.insulated:   # insulated parts take no harm (000:L2587)
            parts.append(p)
            continue
        if p.kind == "crew" and p.body_armor > 0:
            p = replace(p, body_armor=max(0, p.body_armor - n))
            steps.append(Absorbed(f"{p.id}'s body armor", n, p.body_armor, p.body_armor == 0, "000:L1013"))
        else:
            p = replace(p, dp=max(0, p.dp - n))
            steps.append(Absorbed(p.id, n, p.dp, p.dp == 0, "000:L1013", crew_state(p) if p.kind == "crew" else ""))
        parts.append(p)
    for i, tire in enumerate(sheet.tires):
        if not tire.destroyed:
            sheet, _ = damage_tire(sheet, i, n)
            steps.append(Absorbed(f"tire {tire.corner}", n, sheet.tires[i].dp, sheet.tires[i].destroyed, "000:L1013"))
    for face, have in sorted(sheet.armor.items()):
        if have > 0:
            sheet, _ = damage_armor(sheet, face, n)
            steps.append(Absorbed(f"{face} armor", min(n, have), sheet.armor[face], sheet.armor[face] == 0,
                                  "000:L1013"))
    return sheet, replace(inside, parts=tuple(parts)), tuple(steps)


def explode(sheet: RecordSheet, inside: Interior) -> tuple[RecordSheet, Interior]:
    """An explosion kills every occupant and destroys the vehicle (000:L1014)."""
    parts = tuple(replace(p, dp=0, body_armor=0) if p.kind == "crew" else p for p in inside.parts)
    return replace(sheet, destroyed=True, on_fire=False), replace(inside, parts=parts)


@dataclass(frozen=True)
class TurnFire:
    """What the end-of-turn fire sequence did, roll by roll."""

    rolls: tuple[tuple[str, int, str], ...]
    burned: tuple[Absorbed, ...]
    on_fire: bool
    exploded: bool


def end_of_turn(sheet: RecordSheet, inside: Interior, dice: DiceSource, *, check: FireCheck | None = None,
                component_chance: int = 0,
                chances: Sequence[tuple[str, int, str]] = ()) -> tuple[RecordSheet, Interior, TurnFire]:
    """The fire sequence at the end of a turn (000:L1016): outbreak, extinguisher, damage, explosion.

    Each trigger that applies is rolled once, the fire check first, then each chance in 6 (what, chance,
    rule); fire breaks out if any succeeds (reading CB14).
    """
    t = combat_tables()
    rolls: list[tuple[str, int, str]] = []
    burning = sheet.on_fire
    if not burning and check is not None and check.total > 0:
        burning, r = roll_fire(check, dice)
        rolls.append((f"fire check, need {check.total} or less: {'fire' if burning else 'no fire'}", r, "000:L1018"))
    triggers = ([("fire", component_chance, "000:L984")] if component_chance else []) + list(chances)
    for what, chance, rule in triggers:
        if burning:
            break
        if chance <= 0:
            continue
        r = dice.d6()
        burning = r <= chance
        rolls.append((f"{what} on {chance} in 6: {'fire' if burning else 'no fire'}", r, rule))
    if not burning:
        return sheet, inside, TurnFire(tuple(rolls), (), False, False)
    ext = extinguisher_of(inside)
    if ext:
        chance = extinguisher_chance(ext, has_gas_engine(inside), t)
        r = dice.d6()
        rolls.append((f"{ext} extinguisher on {chance} in 6", r, t.extinguishers[ext][2]))
        if r <= chance:
            return replace(sheet, on_fire=False), inside, TurnFire(tuple(rolls), (), False, False)
    sheet, inside, burned = burn(replace(sheet, on_fire=True), inside, t)
    chance = explosion_chance(inside, t)
    if chance:
        r = dice.d6()
        boom = r <= chance
        rolls.append((f"explosion on {chance} in 6: {'explodes' if boom else 'no'}", r, "000:L1014"))
        if boom:
            sheet, inside = explode(sheet, inside)
            return sheet, inside, TurnFire(tuple(rolls), burned, False, True)
    return sheet, inside, TurnFire(tuple(rolls), burned, True, False)
