"""Handling class, handling track, hazards and road conditions (000:L155-L170, L243-L275)."""

from __future__ import annotations

import pytest

from rules.driving.handling import effective_hc, lower_status, recover, reflex_bonus
from rules.driving.maneuvers import Maneuver, base_difficulty
from rules.tables.movement import tables


@pytest.mark.parametrize(("die", "skill", "bonus"), [(5, 0, 1), (6, 0, 2), (4, 2, 2), (3, 1, 0), (4, 0, 0), (1, 0, 0)])
def test_reflex_roll_5_gives_plus_1_and_6_or_more_plus_2_000_L158_L159(die, skill, bonus):
    assert reflex_bonus(die, skill) == bonus


def test_reflex_roll_above_6_still_gives_plus_2_000_L158():
    assert reflex_bonus(6, 3) == 2


def test_effective_hc_adds_reflexes_and_subtracts_penalties_000_L156_L161_L1309():
    assert effective_hc(2, 1) == 3
    assert effective_hc(2, 2, unskilled_penalty=2) == 2
    hazards = tables().hazards
    assert effective_hc(3, 0, tire_penalty=hazards.hc_loss_tire) == 1
    assert effective_hc(3, 0, tire_penalty=hazards.hc_loss_wheel) == 0


def test_unskilled_penalties_driver_2_cyclist_3_000_L1308_L1309():
    assert tables().handling.unskilled_penalty == {"car": 2, "trike": 2, "cycle": 3}


@pytest.mark.parametrize(
    ("hs", "hc", "skill", "after"),
    [(-4, 2, 1, -1), (1, 2, 1, 2), (-6, 0, 0, -5), (2, 2, 1, 2), (-6, -2, 0, -5), (-6, 3, 2, -1)],
)
def test_end_of_turn_recovery_000_L169_L170(hs, hc, skill, after):
    """HC 2 + Driver +1 regains 3; never above HC; always at least 1 (000:L170)."""
    assert recover(hs, hc, skill) == after


def test_each_maneuver_or_hazard_lowers_the_track_by_its_D_000_L165():
    assert lower_status(2, 1) == 1
    assert lower_status(1, 3) == -2
    assert lower_status(-2, 0) == -2


def test_pivot_leaves_hs_unchanged_000_L231():
    assert lower_status(3, base_difficulty(Maneuver("pivot", "left", degrees=30), 5)) == 3


# --- hazards (000:L247-L266) -----------------------------------------------------------------------


@pytest.mark.parametrize(("hits", "difficulty"), [(0, 0), (1, 1), (4, 1), (5, 1), (6, 2), (7, 2), (9, 2), (10, 3),
                                                  (12, 3), (40, 3)])
def test_enemy_fire_hazard_by_damage_000_L250_L252(hits, difficulty):
    """Reference §6.1 item 23 (car part): 4 -> D1, 7 -> D2, 12 -> D3."""
    assert tables().hazards.enemy_fire(hits) == difficulty


@pytest.mark.parametrize(
    ("name", "difficulty", "line"),
    [("curb", 3, 248), ("obstacle", 3, 248), ("pedestrian", 3, 248), ("debris", 1, 249), ("driver_hit", 2, 253),
     ("first_tire_of_pair", 2, 263), ("further_tire_of_pair", 3, 264)],
)
def test_hazard_difficulties_000_L247_L264(name, difficulty, line):
    assert tables().hazards.difficulty[name] == difficulty, f"000:L{line}"


def test_losing_the_last_tire_on_a_corner_000_L265():
    h = tables().hazards
    assert h.hs_on_last_tire == -6
    assert (h.hc_loss_tire, h.hc_loss_wheel) == (2, 3)


def test_wheels_lost_on_two_corners_lose_30_mph_a_turn_000_L266():
    assert tables().hazards.two_corners_speed_loss == 30


@pytest.mark.parametrize(("change", "difficulty"), [(0, 1), (5, 1), (10, 1), (15, 2), (20, 2), (35, 4)])
def test_collision_hazard_1_per_10_mph_minimum_D1_000_L428(change, difficulty):
    assert tables().hazards.collision(change) == difficulty


# --- road conditions (000:L267-L275) -------------------------------------------------------------


def with_road(difficulty: int, condition: str, *, maneuver: bool) -> int:
    """D of a maneuver or hazard under a road condition (reference §3.7: off-road adds to maneuvers only)."""
    rc = tables().hazards.road[condition]
    return difficulty + (rc.add if maneuver or not rc.maneuvers_only else 0)


def test_D2_bend_on_oil_is_D4_000_L272():
    assert with_road(base_difficulty(Maneuver("bend", "left", degrees=30)), "oil", maneuver=True) == 4


def test_D2_bend_on_ice_is_D6_000_L275():
    assert with_road(base_difficulty(Maneuver("bend", "left", degrees=30)), "ice", maneuver=True) == 6


def test_off_road_drift_is_D2_000_L268():
    assert with_road(base_difficulty(Maneuver("drift", "right", inches=0.25)), "off_road", maneuver=True) == 2


def test_off_road_debris_hazard_stays_D1_000_L268():
    assert with_road(tables().hazards.difficulty["debris"], "off_road", maneuver=False) == 1


@pytest.mark.parametrize(
    ("condition", "add"),
    [("light_rain", 1), ("heavy_rain", 2), ("gravel", 1), ("oil", 2), ("light_snow", 2), ("heavy_snow", 3),
     ("ice", 4)],
)
def test_road_conditions_add_to_hazards_and_maneuvers_000_L269_L275(condition, add):
    assert with_road(1, condition, maneuver=True) == 1 + add
    assert with_road(1, condition, maneuver=False) == 1 + add
