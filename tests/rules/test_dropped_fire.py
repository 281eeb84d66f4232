"""Dropped weapons and fire: the heavy flaming oil jet's name, burning oil setting cars alight, oil smoke
(reference/combat.md §8.1, §9.4)."""

from __future__ import annotations

from rules.combat import _weapon_table, combat_tables
from rules.damage import interior_of
from rules.engine import new_game
from rules.fire import explosion_chance, volatile
from rules.geometry import Pose
from rules.setup import GameSetup, VehicleSetup
from rules.state import GameState


def game_with(design: str) -> GameState:
    setup = GameSetup((VehicleSetup("A", "a", design, Pose.at(10, 0, 90), 20.0),
                       VehicleSetup("K", "b", "Killer Kart", Pose.at(40, 0, 90), 20.0)), seed=1)
    return new_game(setup)[0]


def test_a_burning_car_with_a_heavy_flaming_oil_jet_may_explode_000_L1014_L2484() -> None:
    """The Rommel carries an HFOJ (000:L2484): flaming oil jets are volatile (000:L1014)."""
    rommel = game_with("Rommel").vehicle("A")
    inside = interior_of(rommel.sheet, rommel.spec.kind.value)
    assert any(p.item == "HFOJ" for p in inside.parts)
    assert volatile(inside)
    assert explosion_chance(inside) >= 1


def test_every_flame_weapon_on_the_fire_table_is_a_weapon_000_L985_L1011() -> None:
    """Fire-table rows and volatile items named by a weapon abbreviation use the weapons table's key,
    so a hit by (or a fire aboard a car carrying) that weapon finds its row (000:L994 HFOJ)."""
    weapons = _weapon_table()
    t = combat_tables()
    for key in ("FT", "HDFT", "LFT", "FOJ", "HFOJ", "FCE", "HDFCE", "FCGS"):
        assert key in t.fire_table, key
        assert key in weapons, key
    assert "HDFOJ" not in t.fire_table and "HDFOJ" not in t.volatile
    assert {"FOJ", "HFOJ"} <= t.volatile
