"""The crew's kit (issue 18, reading PD18): a scenario or a save sets what a vehicle's crew carry (a hand
weapon, body armor, grenades, gear) from people.toml's lists; without one they carry the [loadout]; the
load is at most 6 grenade-equivalents (000:L1447), a worn backpack holding 5 GE of weapon more (000:L1506)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.core.paths import DATA_DIR, MAPS_DIR
from rules.core.tomlio import dumps_toml
from rules.engine.engine import apply, new_game
from rules.engine.game import Game
from rules.engine.saves import loads_game, save_dict
from rules.engine.scenarios import game_setup, load_scenario
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.engine.setup_check import setup_problems
from rules.people.person import carried_ge, carry_limit
from rules.people.record import Kit
from rules.play import people
from rules.play.people_actions import GetOut, Shoot
from rules.play.state import FIRE, RuleOptions, digest, evolve
from rules.tables.people import load_people

ARENA = MAPS_DIR / "scenarios" / "arena_gunners.toml"
KIT = Kit(weapon="Rifle", armor="improved", grenades=("smoke",), gear=("gas_mask", "walkie_talkie"))


def _setup(kit: Kit | None, man: bool = True) -> GameSetup:
    return GameSetup((VehicleSetup("car", "A", "Killer Kart", Pose.at(5, 10, 90), 0.0, kit=kit),
                      VehicleSetup("far", "B", "Killer Kart", Pose.at(40, 40, 270), 0.0)),
                     seed=1, options=RuleOptions(people="on"),
                     people=(PersonSetup("man", "B", Pose.at(9.125, 10.125, 0), weapon="SMG"),) if man else ())


def test_the_crew_get_out_with_their_vehicles_kit_000_L1164():
    """000:L1164: a character's hand weapons are his own purchases; a vehicle's kit says what they are.
    He gets out with the rifle fully loaded, the improved body armor at its 6 DP (000:L1509), his smoke
    grenade, a gas mask and a walkie-talkie."""
    s = evolve(new_game(_setup(KIT))[0], step=FIRE)
    s, _ = apply(s, GetOut("car", "driver"))
    p = people.person(s, "car.driver")
    assert p is not None
    assert p.weapon == "Rifle" and p.shots == s.rules.people.hand_weapons["Rifle"].shots
    assert p.armor == "improved" and p.armor_left == 6
    assert p.grenades == ("smoke",) and p.gear == ("gas_mask", "walkie_talkie")


def test_kit_armor_is_worn_aboard_000_L975():
    """000:L975: body armor takes a crewman's damage first; a kit's armor is on him from the start."""
    s = new_game(_setup(KIT))[0]
    crew = [c for c in s.vehicle("car").sheet.components if c.kind == "crew"]
    assert crew and all(c.body_armor == 6 for c in crew)
    plain = new_game(_setup(None))[0]
    assert all(c.body_armor == 0 for c in plain.vehicle("car").sheet.components if c.kind == "crew")


def test_without_a_kit_the_loadout_and_shots_from_inside_use_the_kit_weapon():
    """Reading PD18 and PD27: no kit, the [loadout] SMG and two explosives; a kit's rifle is what a
    crewman fires from inside (000:L1164) and a kit with no weapon offers no shot from inside."""
    s = evolve(new_game(_setup(None))[0], step=FIRE)
    assert Shoot("car.driver", "SMG", "man") in people.inside_fire_options(s, "car")
    s2, _ = apply(s, GetOut("car", "driver"))
    p = people.person(s2, "car.driver")
    assert p is not None and p.weapon == "SMG" and p.grenades == ("explosive", "explosive") and p.gear == ()
    rifle = evolve(new_game(_setup(KIT))[0], step=FIRE)
    assert Shoot("car.driver", "Rifle", "man") in people.inside_fire_options(rifle, "car")
    bare = evolve(new_game(_setup(Kit(armor="body_armor")))[0], step=FIRE)
    assert people.inside_fire_options(bare, "car") == []


def test_six_grenade_equivalents_at_most_000_L1447_L1506():
    """000:L1447: six GE of equipment; 000:L1506: a worn backpack carries 5 GE of hand weapons besides."""
    t = new_game(_setup(None))[0].rules.people
    assert carried_ge("SMG", ("explosive", "explosive"), (), t) == t.hand_weapons["SMG"].ge + 2
    assert carry_limit("SMG", (), t) == 6
    heavy = Kit(weapon="SMG", grenades=("explosive",) * 5)   # 2 + 5 GE
    probs = setup_problems(_setup(heavy, man=False))
    assert any(w == "vehicles[0].kit" and "at most 6" in what for w, what in probs)
    packed = replace(heavy, gear=("backpack",))
    assert carry_limit("SMG", ("backpack",), t) == 6 + t.hand_weapons["SMG"].ge
    assert not setup_problems(_setup(packed, man=False))


def test_an_smg_or_gl_clip_is_one_ge_others_half_000_L1505():
    """000:L1505 (and 001:L237): an ammo clip is 1/2 GE for most weapons, 1 GE for SMGs and GLs; the clip
    fits the weapon he carries (PD41)."""
    t = new_game(_setup(None))[0].rules.people
    smg, rifle, gl = (t.hand_weapons[k].ge for k in ("SMG", "Rifle", "GL"))
    assert carried_ge("SMG", (), ("ammo_clip", "ammo_clip"), t) == smg + 2
    assert carried_ge("GL", (), ("ammo_clip",), t) == gl + 1
    assert carried_ge("Rifle", (), ("ammo_clip", "ammo_clip"), t) == rifle + 1
    assert carried_ge("", (), ("ammo_clip",), t) == 0.5
    # an SMG, two grenades and two clips is 2 + 2 + 2 = 6: allowed; a third clip is not
    assert not setup_problems(_setup(Kit(weapon="SMG", grenades=("smoke",) * 2, gear=("ammo_clip",) * 2), man=False))
    probs = setup_problems(_setup(Kit(weapon="SMG", grenades=("smoke",) * 2, gear=("ammo_clip",) * 3), man=False))
    assert any("carries 7 grenade-equivalents" in what for _, what in probs)


def test_a_clip_ge_for_an_unknown_weapon_is_a_data_error(tmp_path):
    text = (DATA_DIR / "people.toml").read_text().replace("ge_by_weapon = { SMG = 1.0", "ge_by_weapon = { Phaser = 1.0")
    bad = tmp_path / "people.toml"
    bad.write_text(text)
    with pytest.raises(DataError, match=r"gear\.ammo_clip\.ge_by_weapon\.Phaser.*unknown hand weapon"):
        load_people(bad)


def test_unknown_kit_keys_name_the_field():
    probs = setup_problems(_setup(Kit(weapon="Phaser", gear=("jetpack",)), man=False))
    assert ("vehicles[0].kit.weapon" in [w for w, _ in probs]) and any("jetpack" in what for _, what in probs)


def test_the_arena_scenario_sets_its_drivers_kit_and_a_gunners_gear():
    sc = load_scenario(ARENA)
    setup = game_setup(sc, 1)
    red = next(v for v in setup.vehicles if v.id == "red")
    assert red.kit == Kit("SMG", "blended", ("explosive", "smoke"), ("gas_mask", "ammo_clip"))
    state = new_game(setup)[0]
    assert people.person(state, "red_north").gear == ("walkie_talkie", "ammo_clip")


def test_a_save_keeps_the_kit_and_replays(tmp_path):
    game = Game(_setup(KIT))
    text = dumps_toml(save_dict(game))
    assert "kit" in text
    again = loads_game(text)
    assert again.setup.vehicles[0].kit == KIT and digest(again.state) == digest(game.state)
    # a game without a kit writes none: older saves read the same
    assert "kit" not in dumps_toml(save_dict(Game(_setup(None))))


def test_a_bad_kit_in_a_scenario_is_reported(tmp_path):
    text = ARENA.read_text().replace('armor = "blended"', 'armor = "tinfoil"', 1)
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('"../arena.toml"', repr(str(MAPS_DIR / "arena.toml")).replace("'", '"')))
    with pytest.raises(DataError) as err:
        load_scenario(bad)
    assert "kit.armor" in str(err.value) and "tinfoil" in str(err.value)
