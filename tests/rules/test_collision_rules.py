"""Collision rules: damage modifiers, collision speeds, ram damage, temporary speeds, hazards,
concussion, fixed objects and debris (000:L386-L504; reference/movement.md §3.9-§3.12, §6 items 33-42, 70)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.dice import DiceExpr
from rules.driving.collisions import (
    CollisionKind,
    can_steamroller,
    collide,
    collision_speed,
    concussion_threshold,
    damage_modifier,
    debris_tire_damage,
    fixed_object_collision,
    link_ram,
    ram_damages,
    ram_dice,
    steamroller_hazard,
    steamrollered,
    stunned_phases,
    swipe_speed,
    temporary_speed,
    tst_factor,
    who_moves_on,
)
from rules.tables.collisions import collision_data
from rules.tables.movement import tables

F = Fraction
ONE = F(1)
HEAD_ON, REAR_END, T_BONE = CollisionKind.HEAD_ON, CollisionKind.REAR_END, CollisionKind.T_BONE
SS_SAME, SS_OPP = CollisionKind.SIDESWIPE_SAME, CollisionKind.SIDESWIPE_OPPOSITE


# --- damage modifiers (000:L390, L395-L405) -----------------------------------------------------------


@pytest.mark.parametrize("weight, dm", [
    (800, F(1, 3)),       # Shogun 100
    (2300, F(2, 3)),      # Killer Kart
    (5995, ONE),          # Piranha
    (62000, F(15)),       # tractor-trailer rig
])
def test_worked_example_damage_modifiers_000_L390(weight: int, dm: Fraction) -> None:
    assert damage_modifier(weight) == dm


def test_pedestrian_damage_modifier_is_a_fifth_000_L390() -> None:
    assert damage_modifier(180, pedestrian=True) == F(1, 5)


@pytest.mark.parametrize("weight, dm", [
    (0, F(1, 3)), (2000, F(1, 3)), (2001, F(2, 3)), (4000, F(2, 3)), (4001, ONE), (8000, ONE),
    (8001, F(2)), (12000, F(2)), (12001, F(3)), (16001, F(4)), (20001, F(5)), (24000, F(5)),
    (24001, F(6)), (28000, F(6)), (28001, F(7)),
])
def test_damage_modifier_band_edges_000_L395_L405(weight: int, dm: Fraction) -> None:
    assert damage_modifier(weight) == dm


# --- ram damage (000:L391-L394) ---------------------------------------------------------------------


def test_worked_example_kart_and_piranha_corrected_dm_000_L393() -> None:
    """TC-49: the text prints DM 1/3 for the Kart but its own arithmetic (14 -> 9) needs the 2/3 of 000:L390."""
    kart, piranha = damage_modifier(2300), damage_modifier(5995)
    out = collide(T_BONE, (40, 0), (kart, piranha))
    assert out.collision_speed == 40
    assert out.ram == DiceExpr(3)
    to_kart, to_piranha = out.damage(14)
    assert to_piranha == 9      # 14 x 2/3 = 9.33, rounded down
    assert to_kart == 14


def test_worked_example_shogun_and_rig_corrected_dm_000_L394() -> None:
    """TC-50: net 10 mph -> 1d-2 (0..4); a 3: the Shogun (DM 1/3, not the printed 1/5) deals 1, the rig 45."""
    shogun, rig = damage_modifier(800), damage_modifier(62000)
    out = collide(REAR_END, (10, 0), (shogun, rig))
    assert out.ram == DiceExpr(1, -2)
    assert (out.ram.minimum(), out.ram.maximum()) == (0, 4)
    to_shogun, to_rig = out.damage(3)
    assert (to_shogun, to_rig) == (45, 1)


# --- collision speeds (000:L418, L433, L447, L458-L460) ---------------------------------------------


@pytest.mark.parametrize("kind, v1, v2, speed", [
    (HEAD_ON, 60, 40, 100), (REAR_END, 60, 40, 20), (REAR_END, 40, 60, 20), (T_BONE, 50, 30, 50),
])
def test_collision_speed_by_type_000_L418_L433_L447(kind: CollisionKind, v1: float, v2: float, speed: float) -> None:
    assert collision_speed(kind, v1, v2) == speed


def test_worked_example_sideswipes_000_L460() -> None:
    same = collide(SS_SAME, (60, 40), (ONE, ONE))
    assert same.collision_speed == 5                   # net 20 / 4 = 5
    assert same.ram == DiceExpr(1, -4)
    assert same.hazards == (1, 1)
    assert same.new_speeds == (60, 40)                 # a sideswipe changes no speed (000:L470)
    opposite = collide(SS_OPP, (60, 50), (ONE, ONE))
    assert opposite.collision_speed == 30              # 110 / 4 = 27.5 -> 30
    assert opposite.ram == DiceExpr(1)
    assert opposite.hazards == (3, 3)


def test_swipe_speed_rounds_up_to_five_000_L460() -> None:
    assert [swipe_speed(n) for n in (0, 4, 20, 21, 40, 41)] == [0, 5, 5, 10, 10, 15]


def test_ram_dice_read_from_the_movement_chart_000_L391() -> None:
    assert ram_dice(0) is None
    assert ram_dice(40) == tables().chart.ram(40)
    assert str(ram_dice(80)) == "11d"          # 000:L479


# --- Temporary Speed Table (000:L482-L491) ------------------------------------------------------------


def test_worked_example_temporary_speed_rounds_up_000_L483() -> None:
    """DM 1 against DM 1 at 45 mph: factor 1/2 -> 22.5 -> 25 mph."""
    assert tst_factor(ONE, ONE) == F(1, 2)
    assert temporary_speed(45, ONE, ONE) == 25


def test_seed_rows_of_the_temporary_speed_table_000_L486_L491() -> None:
    assert [tst_factor(F(1, 3), F(c)) for c in (F(1, 3), F(2, 3), 1, 2, 3, 4)] == [F(1, 2), F(1, 4), F(1, 4), F(1, 4), 0, 0]
    assert [tst_factor(ONE, F(c)) for c in (7, 8)] == [F(1, 4), 0]           # 000:L488
    assert [tst_factor(F(2), F(c)) for c in (11, 12, 13)] == [F(1, 4), 0, 0]  # 000:L489
    assert tst_factor(F(3), F(20)) == F(1, 4)                                # 000:L490
    assert [tst_factor(F(4), c) for c in (F(1, 3), F(2, 3), ONE)] == [1, F(3, 4), F(3, 4)]  # 000:L491


def test_reconstructed_rows_keep_the_seed_row_2_against_dm_12_000_L489() -> None:
    assert tst_factor(F(12), F(2)) == 1 and tst_factor(F(13), F(2)) == 1


def test_out_of_table_dms_use_the_edge_rows_reconstructed() -> None:
    assert tst_factor(F(1, 5), ONE) == tst_factor(F(1, 3), ONE)     # pedestrian reads the 1/3 row
    assert tst_factor(F(25), F(3)) == tst_factor(F(20), F(3))


dms = st.sampled_from(collision_data().tst_columns)


@given(dms, dms)
def test_temporary_speed_factors_complement_000_L482_item_70(a: Fraction, b: Fraction) -> None:
    """If you keep 3/4 of your speed against them, they keep 1/4 against you (reference §3.11)."""
    assert tst_factor(a, b) + tst_factor(b, a) == 1


@given(dms, dms, dms)
def test_heavier_never_keeps_less_speed_000_L482(a: Fraction, b: Fraction, other: Fraction) -> None:
    if a <= b:
        assert tst_factor(a, other) <= tst_factor(b, other)
        assert tst_factor(other, a) >= tst_factor(other, b)


# --- head-on, rear-end, T-bone (000:L414-L454), item 70 -----------------------------------------------


def test_head_on_60_against_40_equal_dms_item_70_000_L421_L428() -> None:
    out = collide(HEAD_ON, (60, 40), (ONE, ONE))
    assert out.collision_speed == 100
    assert out.new_speeds == (10, 0)            # TS 30 and 20: the faster goes on at 10, the slower stops
    assert out.hazards == (5, 4)                # 1 per 10 mph of speed change
    assert who_moves_on(out, mover_is_v1=True).mover_finishes
    assert who_moves_on(out, mover_is_v1=True).conformer == 2
    assert not who_moves_on(out, mover_is_v1=False).mover_finishes   # the mover is the one stopped


def test_rear_end_60_into_40_equal_dms_item_70_000_L433_L436() -> None:
    out = collide(REAR_END, (60, 40), (ONE, ONE))
    assert out.collision_speed == 20
    assert out.ram == DiceExpr(1)
    assert out.new_speeds == (50, 50)           # TS 30 + 20
    assert out.hazards == (1, 1)                # changes of 10 mph each; minimum D1 anyway


def test_rear_end_mover_finishes_only_if_heavier_000_L438() -> None:
    light, heavy = F(2, 3), F(2)
    assert who_moves_on(collide(REAR_END, (60, 40), (heavy, light)), mover_is_v1=True).mover_finishes
    assert not who_moves_on(collide(REAR_END, (60, 40), (ONE, ONE)), mover_is_v1=True).mover_finishes
    assert not who_moves_on(collide(REAR_END, (60, 40), (light, heavy)), mover_is_v1=True).mover_finishes


def test_t_bone_changes_only_the_rammers_speed_000_L449_L450() -> None:
    out = collide(T_BONE, (50, 30), (ONE, ONE))
    assert out.new_speeds == (25, 30)
    assert out.hazards == (3, 1)                # V2 gets the D1 minimum
    on = who_moves_on(out, mover_is_v1=True)
    assert on.mover_finishes and on.conformer == 2
    stopped = collide(T_BONE, (50, 30), (F(1, 3), F(5)))   # factor 0: the rammer stops
    assert stopped.new_speeds[0] == 0
    assert not who_moves_on(stopped, mover_is_v1=True).mover_finishes


def test_t_bone_struck_mover_finishes_only_if_heavier_000_L450() -> None:
    assert who_moves_on(collide(T_BONE, (40, 30), (ONE, F(2))), mover_is_v1=False).mover_finishes
    assert not who_moves_on(collide(T_BONE, (40, 30), (ONE, ONE)), mover_is_v1=False).mover_finishes


def test_sideswipe_lighter_mover_slides_along_000_L464() -> None:
    out = collide(SS_SAME, (60, 40), (F(2, 3), ONE))
    assert who_moves_on(out, mover_is_v1=True).slides
    heavier = who_moves_on(out, mover_is_v1=False)
    assert heavier.mover_finishes and not heavier.slides and heavier.conformer == 1


# --- concussion (000:L471-L472) -----------------------------------------------------------------------


def test_worked_example_concussion_t_bone_000_L472() -> None:
    """70-mph T-bone where the rammer loses 35 mph: threshold 4 for both crews."""
    out = collide(T_BONE, (70, 30), (ONE, ONE))
    assert out.new_speeds[0] == 35
    assert out.concussion == (4, 4)
    assert stunned_phases(4, 2) == 2
    assert stunned_phases(4, 2, ["safety_seat"]) == 1
    assert stunned_phases(4, 4) == 0


def test_concussion_threshold_rounds_halves_up_000_L472() -> None:
    assert [concussion_threshold(c) for c in (0, 4, 5, 34, 35, 36)] == [0, 0, 1, 3, 4, 4]


def test_stunned_driver_adds_d2_000_L472() -> None:
    assert collision_data().stunned_driver_hazard == 2


# --- fixed objects (000:L476-L481) --------------------------------------------------------------------


def test_worked_example_tree_at_40_survives_000_L478() -> None:
    """TC-48: a luxury car into a 20-DP tree at 40 mph, 3d = 12: both take 12."""
    assert str(ram_dice(40)) == "3d"
    out = fixed_object_collision(HEAD_ON, 40, ONE, 12, dp=20)
    assert (out.dealt, out.taken) == (12, 12)
    assert not out.through and out.stops and out.new_speed == 0
    assert 20 - out.dealt == 8                  # DP the tree has left
    assert out.hazard == 4                      # 40 mph lost


def test_worked_example_tree_at_80_destroyed_000_L479() -> None:
    assert str(ram_dice(80)) == "11d"
    out = fixed_object_collision(HEAD_ON, 80, ONE, 41, dp=20)
    assert out.through and out.taken == 20
    assert not out.stops
    assert out.new_speed == temporary_speed(80, ONE, collision_data().object_dm) == 60


def test_worked_example_double_breach_of_a_6_dp_wall_000_L481() -> None:
    d = collision_data()
    assert (d.breach_width_in, d.sections_to_pass) == (0.25, 2)
    through = fixed_object_collision(HEAD_ON, 60, ONE, 12, dp=6, sections=d.sections_to_pass)
    assert through.through and through.breached == 2 and through.taken == 12
    short = fixed_object_collision(HEAD_ON, 60, ONE, 11, dp=6, sections=d.sections_to_pass)
    assert not short.through and short.breached == 1 and short.taken == 11 and short.stops
    big = fixed_object_collision(HEAD_ON, 60, ONE, 30, dp=6, sections=d.sections_to_pass)
    assert big.taken == 12                      # each 1/4" section returns up to its 6 DP


def test_sideswiped_fixed_object_that_survives_is_slid_along_000_L480() -> None:
    out = fixed_object_collision(SS_SAME, 60, ONE, 5, dp=20)
    assert out.collision_speed == 15 and out.slides and out.new_speed == 60
    assert out.hazard == 2


def test_indestructible_wall_returns_all_damage_000_L477() -> None:
    out = fixed_object_collision(HEAD_ON, 50, F(2), 10, dp=None)
    assert (out.dealt, out.taken, out.through, out.new_speed) == (20, 20, False, 0)


# --- debris and obstacles (000:L492-L504) -------------------------------------------------------------


def test_worked_example_debris_tire_damage_000_L497() -> None:
    assert debris_tire_damage([1, 2, 3, 4, 5, 6]) == (0, 0, 0, 1, 2, 3)
    assert tables().hazards.difficulty["debris"] == 1


def test_obstacle_does_debris_damage_and_is_d3_000_L501() -> None:
    assert debris_tire_damage([4, 6], obstacle=True) == (1, 3)
    assert tables().hazards.difficulty["obstacle"] == 3


def test_debris_production_thresholds_000_L499_L503() -> None:
    d = collision_data()
    assert (d.debris_at_damage, d.obstacle_at_damage, d.explosion_counters) == (10, 20, 5)


# --- ram accessories, steamrollering, trailer links ---------------------------------------------------


def test_bumper_spikes_add_a_die_times_dm_000_L2518() -> None:
    out = collide(T_BONE, (40, 0), (F(2, 3), ONE))
    assert out.damage(12, spikes=(4, 0)) == (12, 10)          # (12 + 4) x 2/3 = 10.67 -> 10
    assert out.damage(12, spikes=(0, 4)) == (16, 8)


def test_bumper_spikes_double_against_pedestrians_000_L2518() -> None:
    car, walker = ONE, damage_modifier(0, pedestrian=True)
    assert ram_damages(6, (car, walker), spikes=(3, 0), pedestrians=(False, True)) == (1, 12)


def test_ramplate_doubles_dealt_and_halves_taken_000_L2540() -> None:
    out = collide(HEAD_ON, (40, 40), (ONE, ONE))
    assert out.damage(9) == (9, 9)
    assert out.damage(9, ramplates=(True, False)) == (4, 18)


def test_ramplate_against_a_fixed_object_000_L2540() -> None:
    out = fixed_object_collision(HEAD_ON, 40, ONE, 12, dp=20, ramplate=True)
    assert (out.dealt, out.taken, out.through) == (24, 6, True)


def test_steamrollering_000_L609_L611() -> None:
    assert can_steamroller("ten_wheeler", "cycle") and not can_steamroller("ten_wheeler", "subcompact")
    assert can_steamroller("rig", "subcompact") and can_steamroller("bus", "light_trike")
    assert [steamrollered(d) for d in range(1, 7)] == [False, False, True, True, True, True]
    assert steamroller_hazard("cycle") == 1 and steamroller_hazard("subcompact") == 3


def test_trailer_link_takes_ram_damage_at_the_speed_lost_000_L474() -> None:
    assert link_ram(60, 30) == ram_dice(30)
    assert link_ram(30, 40) is None
