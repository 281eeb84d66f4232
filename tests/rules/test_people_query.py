"""The query ops of people on foot (issue 18 item 9): hand_weapon, jump_out, grenade, and to_hit with
hand weapons, firers and pedestrian targets; earlier to_hit answers stay as they were."""

from __future__ import annotations

import io
import json

import pytest

from rules.tools.query import answer, run
from rules.tools.query_combat import op_to_hit


def test_hand_weapon_smg():
    """000:L1542 (001:L301): SMG to hit 6, 1d, 10 shots, $250, loaded $370; 9 lb (000:L1668)."""
    got = answer({"op": "hand_weapon", "weapon": "SMG"})
    assert {k: got[k] for k in ("to_hit", "damage", "shots", "cost", "loaded_cost", "weight")} == {
        "to_hit": 6, "damage": "1d", "shots": 10, "cost": 250, "loaded_cost": 370, "weight": 9.0}


def test_hand_weapon_by_name_flat_hits():
    """000:L1543: the rifle does 3 hits, a flat number."""
    got = answer({"op": "hand_weapon", "weapon": "Rifle"})
    assert (got["damage"], got["to_hit"], got["weight"]) == ("3", 7, 10.0)
    assert answer({"op": "hand_weapon", "weapon": "Heavy AV Rifle"})["damage"] == "1d+3"


def test_hand_weapon_unknown():
    assert "unknown hand weapon" in answer({"op": "hand_weapon", "weapon": "XYZ"})["error"]


@pytest.mark.parametrize("speed, off_road, damage", [(40, False, "1d"), (10, False, "0"), (60, True, "1d-2"),
                                                     (25, True, "0"), (0, False, "0")])
def test_jump_out(speed, off_road, damage):
    """000:L1470 (10 mph slower, DM 1) and 000:L534 (off-road: a sideswipe 30 mph slower)."""
    assert answer({"op": "jump_out", "speed": speed, "off_road": off_road}) == {"damage": damage}


def test_jump_out_bad_input():
    assert "error" in answer({"op": "jump_out", "speed": -5, "off_road": False})
    assert "error" in answer({"op": "jump_out", "speed": 40, "off_road": "yes"})


def test_grenade_george():
    """000:L1193-L1194: roll 8 against 9, direction 5, long/short die 5 (odd: short), distance 2 and 3:
    one square (0.25") right, two (0.5") short."""
    got = answer({"op": "grenade", "roll": 8, "direction_roll": 5, "long_short_roll": 5, "distance_roll": [2, 3]})
    assert got == {"exact": False, "missed_by": 1, "offset": {"direction": "right and short", "inches": [0.25, 0.5]}}


def test_grenade_exact_and_single():
    """000:L1176: only a 12 is exact; 000:L1179: a 1 goes off to the right."""
    assert answer({"op": "grenade", "roll": 12}) == {"exact": True, "offset": None}
    got = answer({"op": "grenade", "roll": 6, "direction_roll": 1, "distance_roll": 4})
    assert got["offset"] == {"direction": "right", "inches": 0.5}   # missed by 3: 2d-2 on a 4 = 2 squares


def test_grenade_errors():
    assert "direction_roll" in answer({"op": "grenade", "roll": 8})["error"]
    assert "error" in answer({"op": "grenade", "roll": 13})


def test_to_hit_hand_weapon_at_a_prone_pedestrian():
    """000:L1542 SMG 6; 000:L912-L913 +1 +1 standing still; 000:L878 -3; 000:L1459 prone -1 -> 8."""
    got = answer({"op": "to_hit", "weapon": "SMG", "range": 3, "target": "pedestrian", "firer_speed": 0,
                  "target_speed": 0, "prone": True})
    assert got["need"] == 8
    assert [m["rule"] for m in got["modifiers"]][-1] == "000:L1459"


def test_to_hit_driver_firing_a_hand_weapon():
    """000:L1171: the driver of a moving vehicle -3 with a hand weapon."""
    got = answer({"op": "to_hit", "weapon": "AVR", "range": 6, "target": "car", "target_side": "left",
                  "target_speed": 40, "firer_speed": 40, "firer": "driver"})
    assert got["need"] == 8 + 1 + 2 + 3


def test_to_hit_full_cover_cannot_be_hit():
    got = answer({"op": "to_hit", "weapon": "SMG", "range": 3, "target": "pedestrian", "firer_speed": 0,
                  "cover": "full"})
    assert got["need"] >= 13 and "cover" in got["why"]


def test_to_hit_vehicle_weapon_at_pedestrian_in_cover():
    """000:L1459 applies to any shot at a pedestrian: an MG at one leaning out of cover, -2."""
    plain = {"op": "to_hit", "weapon": "MG", "range": 3, "target": "pedestrian", "target_side": "front",
             "target_speed": 0, "firer_speed": 30}
    assert answer({**plain, "cover": "firing"})["need"] == answer(plain)["need"] + 2


def test_to_hit_a_pedestrian_cannot_fire_vehicle_weapons():
    got = answer({"op": "to_hit", "weapon": "MG", "hand": False, "range": 3, "target": "car", "target_side": "front",
                  "target_speed": 0, "firer_speed": 0, "firer": "pedestrian"})
    assert "error" in got


@pytest.mark.parametrize("req", [
    {"weapon": "MG", "range": 3, "target": "car", "target_side": "front", "target_speed": 40, "firer_speed": 20},
    {"weapon": "RL", "range": 9, "target": "pedestrian", "target_side": "left", "target_speed": 0, "firer_speed": 0,
     "computer": "targeting", "gunner_skill": 1},
    {"weapon": "L", "range": 0.5, "target": "cycle", "target_side": "left", "target_speed": 60, "firer_speed": 60,
     "maneuver_d": 2},
])
def test_earlier_to_hit_answers_unchanged(req):
    """The contract: a request without people fields answers as the vehicle op always did."""
    assert answer({"op": "to_hit", **req}) == op_to_hit({"op": "to_hit", **req})


def test_the_ops_run_through_the_cli_loop():
    out = io.StringIO()
    run(io.StringIO('{"op": "jump_out", "speed": 40, "off_road": false}\n{"op": "hand_weapon"}\n'), out)
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert lines[0] == {"damage": "1d"} and "error" in lines[1]
