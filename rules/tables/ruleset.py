"""A ruleset: every table of the rulebook that play reads, loaded from one data folder.

A game carries its ruleset: the set-up and the state hold it and the play context reads it, so code
in play asks `ctx.rules` or `state.rules` for a table instead of a module global, and two rulesets
(the shipped tables and, say, a file being checked by `validate`) can be in use at once. The shipped
ruleset is built once from the tables' own loaders; it is an immutable value, safe to share between
the client's threads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from rules.core.paths import DATA_DIR
from rules.tables.automatic import AutomaticTables, automatic_tables, load_automatic
from rules.tables.collisions import (
    CollisionData,
    TerrainData,
    collision_data,
    load_collision_data,
    load_terrain_data,
    terrain_data,
)
from rules.tables.combat import (
    CombatTables,
    WeaponInfo,
    combat_tables,
    load_combat,
    load_weapon_table,
    weapon_table,
)
from rules.tables.construction import DesignTables, design_tables, load_design_tables
from rules.tables.movement import Tables, load_tables, tables
from rules.tables.people import PeopleTables, load_people, people_tables


@dataclass(frozen=True, eq=False)
class Ruleset:
    movement: Tables            # chart, control, deceleration, maneuvers, crash tables, hazards, handling
    construction: DesignTables  # bodies, chassis, plants, tires, weapons, accessories
    combat: CombatTables        # to-hit modifiers, target types, the fire table, dropped-weapon counters
    weapons: Mapping[str, WeaponInfo]
    collisions: CollisionData   # DMs, the Temporary Speed Table, collision hazards, fixed objects
    terrain: TerrainData        # off-road, ditches, water, jumps, falls
    automatic: AutomaticTables  # weapons on automatic
    people: PeopleTables = field(default_factory=people_tables)  # people on foot, hand weapons, grenades


def load_ruleset(data_dir: Path = DATA_DIR) -> Ruleset:
    """Every table from one data folder (a bad file raises DataError naming it)."""
    return Ruleset(load_tables(data_dir), load_design_tables(data_dir), load_combat(data_dir / "combat.toml"),
                   load_weapon_table(data_dir / "weapons.toml"), load_collision_data(data_dir / "collisions.toml"),
                   load_terrain_data(data_dir / "terrain.toml"), load_automatic(data_dir / "automatic.toml"),
                   people=load_people(data_dir / "people.toml"))


@lru_cache(maxsize=1)
def standard() -> Ruleset:
    """The shipped ruleset, from the same once-loaded tables the tools use."""
    return Ruleset(tables(), design_tables(), combat_tables(), weapon_table(), collision_data(), terrain_data(),
                   automatic_tables())
