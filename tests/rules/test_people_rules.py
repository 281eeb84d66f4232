"""People on foot, the data and the pure rules (issue 18): the hand weapon list, body armor, wounds,
jumping out, the grenade throw. Each test names the seed line it checks."""

from __future__ import annotations

import pytest

from rules.combat.to_hit import Shot
from rules.core.errors import DataError
from rules.core.paths import DATA_DIR
from rules.people.grenades import landing, scatter
from rules.people.hand_fire import (
    PersonShot,
    damage_to_person,
    damage_to_vehicle,
    person_to_hit,
    point_blank_on_stationary,
)
from rules.people.jumping import boarding_failure_damage, jump_damage, jump_speed
from rules.people.person import COLLISION, DEAD, UNCONSCIOUS, UNHURT, WEAPON, WOUNDED, condition, take
from rules.tables.people import load_people, people_tables
from rules.tables.ruleset import standard

T = people_tables()

# (abbreviation or key, to-hit, damage, shots, cost, loaded cost, weight) as the books print them
BOOK = [
    ("SMG", 6, "1d", 10, 250, 370, 9.0),        # 000:L1542, 001:L301, 000:L1668
    ("Rifle", 7, "3", 20, 120, 140, 10.0),      # 000:L1543, 000:L1666
    ("AVR", 8, "1d", 10, 600, 650, 25.0),       # 000:L1544, 000:L1647
    ("HAVR", 8, "1d+3", 10, 800, 900, 30.0),    # 000:L1545 (to-hit from 001:L313), 000:L1655
    ("AR", 7, "1d+1", 10, 400, 550, 12.0),      # 000:L1546, 000:L1646
    ("LR", 6, "1d", 2, 4500, 4500, 10.0),       # 000:L1547, 000:L1658
    ("GR", 6, "1d", 20, 1500, 1800, 9.0),       # 000:L1548, 000:L1652
    ("GS1", 8, "special", None, 1200, None, 14.0),   # 000:L1549
    ("GS2", 8, "special", None, 1500, None, 20.0),   # 000:L1550
    ("URGL", 7, "special", 1, 1200, None, 8.0),      # 000:L1551
    ("URGS", 6, "special", 1, 120, 130, 8.0),        # 000:L1552
    ("StG", 6, "2", 10, 120, 130, 8.0),         # 001:L335
    ("DStG", 6, "2", 10, 200, 210, 12.0),       # 001:L319-L325
    ("HP", 7, "2", 8, 100, 108, 3.0),           # 001:L323-L325
    ("LP", 8, "1", 8, 75, 83, 1.0),             # 001:L327-L329
    ("MP", 7, "1d-2", 6, 250, 322, 5.0),        # 001:L337
    ("GP", 6, "1d-2", 20, 500, 600, 2.0),       # 001:L337
    ("GL", 7, "special", 5, 300, None, 11.0),   # 001:L337
    ("LAW", 8, "2d", 1, 500, 500, 20.0),        # 001:L339
    ("VLAW", 8, "1d", 1, 200, 200, 10.0),       # 001:L339
    ("Bazooka", 8, "3d", 1, 1500, 1550, 20.0),  # 001:L345
    ("Bowie", 8, "1d-2", None, 50, None, 0.5),  # 001:L345
    ("G", 9, "special", 1, None, None, 1.0),    # 001:L345, 000:L1176
]


@pytest.mark.parametrize("row", BOOK, ids=lambda r: r[0])
def test_every_hand_weapon_of_the_list(row):
    """000:L1540-L1553 and 001:L283-L345: to-hit, damage, shots, cost, loaded cost; weight 000:L1612-L1679."""
    key, to_hit, damage, shots, cost, loaded, weight = row
    w = T.hand_weapon(key)
    assert (w.to_hit, w.damage, w.shots, w.cost, w.loaded_cost, w.weight) == (to_hit, damage, shots, cost, loaded,
                                                                              weight)


def test_the_list_is_complete_and_loaded_costs_add_up():
    """001:L283-L345: every weapon of the list is in the data; where both are printed, the loaded cost is
    the cost plus a full load (so 000:L1542's $20 a shot for the SMG is the misprint, 001:L301's 12 right)."""
    assert {w.abbr or w.key for w in T.hand_weapons.values()} == {r[0] for r in BOOK}
    for w in T.hand_weapons.values():
        if w.cost is not None and w.loaded_cost is not None and w.shots and w.cost_per_shot is not None:
            assert w.loaded_cost == w.cost + w.shots * w.cost_per_shot, w.key


def test_weapons_by_name_and_case():
    """The query names a weapon by abbreviation or name (issue 18 item 9)."""
    assert T.hand_weapon("submachine gun").key == "SMG"
    assert T.hand_weapon("smg").key == "SMG"
    assert T.hand_weapon("Light Pistol").key == "LP"
    with pytest.raises(ValueError, match="unknown hand weapon"):
        T.hand_weapon("phaser")


def test_the_ruleset_carries_the_people_tables():
    assert standard().people is T


def test_a_bad_people_file_names_file_place_and_problem(tmp_path):
    text = (DATA_DIR / "people.toml").read_text(encoding="utf-8")
    bad = tmp_path / "people.toml"
    bad.write_text(text.replace('to_hit = 6\ncost = 250', 'to_hit = 16\ncost = 250', 1))
    with pytest.raises(DataError) as e:
        load_people(bad)
    assert "hand_weapon.SMG.to_hit" in str(e.value) and "people.toml" in str(e.value)


# --- vehicles and people -------------------------------------------------------------------------

def test_smg_half_damage_to_vehicles_and_others_only_tires():
    """000:L1167: the SMG does half damage (rounded down) to anything but a man; other hand weapons
    touch only tires and people; AV weapons do full damage (note f)."""
    assert damage_to_vehicle(T.hand_weapon("SMG"), 5) == 2
    assert damage_to_vehicle(T.hand_weapon("Rifle"), 3) == 0
    assert damage_to_vehicle(T.hand_weapon("Rifle"), 3, tire=True) == 3
    assert damage_to_vehicle(T.hand_weapon("AVR"), 5) == 5


def test_point_blank_at_a_stationary_vehicle():
    """000:L1456: point blank at a stationary vehicle hits for 1 point, or the weapon's own more."""
    assert point_blank_on_stationary(T.hand_weapon("LP"), 1) == 1
    assert point_blank_on_stationary(T.hand_weapon("SMG"), 6) == 3


def test_a_man_hit_takes_at_least_one_point():
    """000:L1457: a pedestrian hit by a weapon always takes at least 1 point."""
    assert damage_to_person(0) == 1
    assert take(0, WEAPON, None, 0).body_taken == 1


def test_wounds_unconscious_dead():
    """000:L1450: 3 DP, the first hit wounds, the second knocks out, the third kills."""
    assert [condition(d) for d in range(4)] == [UNHURT, WOUNDED, UNCONSCIOUS, DEAD]


def test_body_armor_takes_hits_first_but_not_collisions():
    """000:L976, L1508: body armor (3 DP) takes damage first, but not from falls or collisions."""
    ba = T.armor["body_armor"]
    assert ba.dp == 3 and ba.cost == 250
    assert take(4, WEAPON, ba, 3).__dict__ == {"armor_taken": 3, "body_taken": 1}
    assert take(4, COLLISION, ba, 3).__dict__ == {"armor_taken": 0, "body_taken": 4}


def test_impact_armor_halves_collisions_first():
    """000:L1510: impact armor (6 DP) stops falls and collisions, halving them before its DP."""
    ia = T.armor["impact"]
    assert ia.dp == 6 and ia.cost == 2000
    assert take(9, COLLISION, ia, 6).__dict__ == {"armor_taken": 4, "body_taken": 0}
    assert take(16, COLLISION, ia, 6).__dict__ == {"armor_taken": 6, "body_taken": 2}


def test_improved_armor_slows_a_man():
    """000:L1509: improved body armor, 6 DP, $1,500; speed 5 mph slower."""
    iba = T.armor["improved"]
    assert (iba.dp, iba.cost, iba.speed_loss_mph) == (6, 1500, 5.0)


def test_fireproof_suit_and_gear():
    """000:L1514: fireproof suit $500, no space; 000:L1516 gas mask $30, 1 GE; 000:L1519 laser scope $500."""
    assert T.gear["fireproof_suit"].cost == 500 and T.gear["fireproof_suit"].ge == 0
    assert (T.gear["gas_mask"].cost, T.gear["gas_mask"].ge) == (30, 1)
    assert T.gear["laser_scope"].cost == 500


# --- jumping ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("speed, dice", [(10, None), (20, "1d-2"), (40, "1d"), (50, "3d"), (60, "5d")])
def test_jumping_out_on_the_road(speed, dice):
    """000:L1470: as if hit by a vehicle (DM 1) going 10 mph slower: the ram dice of the chart."""
    got = jump_damage(speed, False)
    assert (str(got) if got else None) == dice


@pytest.mark.parametrize("speed, at, dice", [(30, 0, None), (40, 5, "1d-4"), (60, 10, "1d-2"), (90, 15, "1d-1")])
def test_jumping_out_off_road(speed, at, dice):
    """000:L534: off-road, a sideswipe by a car 30 mph slower: its swipe-speed (/4, up to 5 mph, 000:L460)."""
    assert jump_speed(speed, True) == at
    got = jump_damage(speed, True)
    assert (str(got) if got else None) == dice


def test_failing_to_board_is_a_ram_at_ten_less():
    """000:L1495: missing the boarding roll, rammed at the vehicle's speed less 10 mph."""
    assert str(boarding_failure_damage(40)) == "1d"


@pytest.mark.parametrize("mph, need", [(5, 0), (10, 0), (15, 4), (20, 5), (25, 7), (30, 9), (35, 10), (40, 11),
                                       (45, -1), (60, -1), (12.5, 4)])
def test_boarding_table(mph, need):
    """000:L1474-L1482: 10 mph or less automatic ... 45 mph or more impossible."""
    assert T.boarding_need(mph) == need


# --- grenades -----------------------------------------------------------------------------------------

def test_george_worked_example():
    """000:L1193-L1194 (whole in 002:L51): needs 9, rolls 8 (missed by 1); direction 5 (right, long or
    short), evens long, rolls 5: short; 1d-1 each: 2 and 3 -> one square right, two short."""
    s = scatter(8, 9, 5, 5, (2, 3))
    assert (s.exact, s.missed_by, s.side, s.along, s.side_squares, s.along_squares) == (
        False, 1, "right", "short", 1, 2)
    x, y = landing((0.0, 0.0), (0.0, -3.0), s)
    assert (round(x, 6), round(y, 6)) == (0.25, -2.5)


def test_only_a_natural_twelve_lands_exactly():
    """000:L1176: 9 or better hits, but only a 12 lands in the square aimed at."""
    assert scatter(12).exact
    made = scatter(10, 9, 3, None, (6,))
    assert not made.exact and made.along == "short" and made.along_squares == 3   # made it: 1d-3


@pytest.mark.parametrize("missed, die, squares", [(0, 2, 0), (1, 1, 1), (2, 3, 4), (3, 2, 1), (3, 7, 5), (4, 2, 5),
                                                  (5, 12, 15), (6, 3, 8), (7, 18, 18)])
def test_distance_table(missed, die, squares):
    """000:L1185-L1191 (002:L37-L47): made 1d-3; by 1 1d-1 (0 is 1); by 2 1d+1; by 3 2d-2 (0 is 1);
    by 4-5 2d+3; by 6+ 3d, 8 squares at least."""
    s = scatter(9 - missed if missed else 9, 9, 1, None, (die,))
    assert s.side == "right" and s.side_squares == squares


def test_direction_table():
    """000:L1178-L1184: 1 right, 2 left, 3 short, 4 long, 5 right and long/short, 6 left and long/short."""
    got = [scatter(8, 9, d, 2, (2, 2) if d >= 5 else (2,)).direction for d in range(1, 7)]
    assert got == ["right", "left", "short", "long", "right and long", "left and long"]


def test_point_blank_never_more_than_two_squares_off():
    """002:L61: aimed under 1" away, never more than two squares off."""
    assert scatter(3, 9, 1, None, (18,), point_blank=True).side_squares == 2


def test_never_behind_the_thrower():
    """002:L61: a grenade short by more than the throw lands at the thrower's feet."""
    s = scatter(2, 9, 3, None, (17,))
    assert landing((1.0, 1.0), (1.0, 0.0), s) == (1.0, 1.0)


def test_bad_dice_are_refused():
    with pytest.raises(ValueError, match="direction_roll"):
        scatter(8)
    with pytest.raises(ValueError, match="distance roll"):
        scatter(8, 9, 1, None, (7,))
    with pytest.raises(ValueError, match="long_short_roll"):
        scatter(8, 9, 5, None, (1, 1))


def test_grenade_types():
    """000:L1576 explosive 1d to vehicles within 1/2", 1d to people within 2"; 000:L1578 flechette 1d to
    people only; 000:L1568 concussion $40, 1 point within 1"."""
    ex, fl, co = T.grenades["explosive"], T.grenades["flechette"], T.grenades["concussion"]
    assert (str(ex.vehicles), ex.vehicle_radius, str(ex.people), ex.person_radius) == ("1d", 0.5, "1d", 2.0)
    assert fl.vehicles is None and str(fl.people) == "1d"
    assert (co.cost, str(co.people), co.person_radius) == (40, "1", 1.0)


# --- to-hit -------------------------------------------------------------------------------------------

def _shot(**kw):
    base = dict(base=0, range=3.0, target="pedestrian", target_speed=0.0, firer_speed=0.0)
    base.update(kw)
    return Shot(**base)


def test_driver_of_a_moving_car_fires_a_hand_weapon_at_minus_three():
    """000:L1171 (002:L3): the driver of a moving vehicle -3, a gunner or passenger -1; stopped, as listed."""
    smg = T.hand_weapon("SMG")
    moving = person_to_hit(PersonShot("driver", smg), _shot(firer_speed=30))
    assert ("hand weapon fired by the driver of a moving vehicle", -3) in [(m.name, m.value) for m in moving.modifiers]
    gunner = person_to_hit(PersonShot("gunner", smg), _shot(firer_speed=30))
    assert gunner.need == moving.need - 2
    stopped = person_to_hit(PersonShot("driver", smg), _shot())
    assert all("moving vehicle" not in m.name for m in stopped.modifiers)


def test_prone_and_cover():
    """000:L1459: prone in the open -1 more; leaning out of cover -2; behind a wall no shot;
    001:L169: prone in rubble -5."""
    smg = T.hand_weapon("SMG")
    open_ = person_to_hit(PersonShot("pedestrian", smg), _shot()).need
    assert person_to_hit(PersonShot("pedestrian", smg, prone=True), _shot()).need == open_ + 1
    assert person_to_hit(PersonShot("pedestrian", smg, cover="firing"), _shot()).need == open_ + 2
    assert person_to_hit(PersonShot("pedestrian", smg, cover="partial"), _shot()).need == open_ + 5
    assert not person_to_hit(PersonShot("pedestrian", smg, cover="full"), _shot()).allowed


def test_hand_weapons_get_no_computer_and_use_handgunner():
    """000:L1165: no computer bonus for hand weapons; Handgunner instead of Gunner, -2 without (000:L1323)."""
    smg = T.hand_weapon("SMG")
    with pytest.raises(ValueError, match="computer"):
        person_to_hit(PersonShot("pedestrian", smg), _shot(computer="targeting"))
    names = [(m.name, m.value) for m in person_to_hit(PersonShot("pedestrian", smg), _shot(gunner_skill=None)).modifiers]
    assert ("no Handgunner skill", -2) in names
    names = [m.name for m in person_to_hit(PersonShot("pedestrian", smg), _shot(gunner_skill=2)).modifiers]
    assert "Handgunner +2" in names


def test_braced_and_range():
    """000:L914: a braced pedestrian +1; 000:L1169: hand weapons reach 20", grenades 5"."""
    smg, g = T.hand_weapon("SMG"), T.hand_weapon("G")
    assert (person_to_hit(PersonShot("pedestrian", smg, braced=True), _shot()).need
            == person_to_hit(PersonShot("pedestrian", smg), _shot()).need - 1)
    assert not person_to_hit(PersonShot("pedestrian", smg), _shot(range=20.5)).allowed
    assert person_to_hit(PersonShot("pedestrian", g), _shot(range=4.5)).allowed
    assert not person_to_hit(PersonShot("pedestrian", g), _shot(range=5.5)).allowed


def test_validate_checks_the_people_table(tmp_path):
    """`python -m rules validate` loads people.toml like every rules table: a bad copy names its place."""
    from rules.tools.validate import check_file

    bad = tmp_path / "people.toml"
    bad.write_text((DATA_DIR / "people.toml").read_text(encoding="utf-8").replace('damage = "1d+3"', 'damage = "lots"'))
    problems = check_file(bad, "table")
    assert problems and problems[0][1] == "hand_weapon.HAVR.damage"
    assert check_file(DATA_DIR / "people.toml", "table") == []
