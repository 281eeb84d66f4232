"""Every munition a weapon can load is known to the damage code (the soak test once met
`unknown ammunition 'heat'`): combat.toml's own list first, then weapons.toml's [ammo.*] damage."""

from __future__ import annotations

import pytest

from rules.combat.damage import damage_dice
from rules.core.dice import DiceExpr
from rules.tables.construction import design_tables

THREE = DiceExpr(3, 0)


def test_every_munition_a_weapon_can_load_has_damage_dice() -> None:
    for w in design_tables().weapons.values():
        for ammo in w.ammo:
            assert isinstance(damage_dice(THREE, ammo), DiceExpr), (w.abbr, ammo)


def test_heat_adds_one_per_die_000_L2502() -> None:
    assert damage_dice(THREE, "heat") == DiceExpr(3, 3)


def test_hd_and_tracer_from_the_combat_table_000_L2501_L2996() -> None:
    assert damage_dice(DiceExpr(1, 0), "hd") == DiceExpr(1, 1)
    assert damage_dice(DiceExpr(2, 0), "tracer") == DiceExpr(2, -2)


def test_a_munition_with_its_own_dice_replaces_the_weapons_000_L2990() -> None:
    assert damage_dice(THREE, "rl_incendiary") == DiceExpr.parse("2d+2")


def test_paint_pellets_and_smoke_rockets_do_no_damage_000_L2639_L2992() -> None:
    assert damage_dice(THREE, "paint_pellet") == DiceExpr(0, 0)
    assert damage_dice(THREE, "smoke_rocket") == DiceExpr(0, 0)


def test_an_unknown_munition_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown ammunition 'nonsense'"):
        damage_dice(THREE, "nonsense")
