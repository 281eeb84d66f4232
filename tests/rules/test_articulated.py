"""Trailers following their towers, rigs, and oversized vehicles in motion (000:L254-L261, L337-L351,
L540-L611): each test names its line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.core.dice import DiceExpr
from rules.core.geometry import Pose, Vec
from rules.driving.articulated import (
    acceleration_at,
    car_trailer_coupling,
    counter,
    coupling_point,
    crash3,
    crash3_motion,
    decel_crash,
    fire_hazard,
    fold,
    hitch_point,
    hitched,
    jackknife_angle,
    jackknife_breaks,
    jackknifed,
    loose_trailer,
    rig_coupling,
    rig_maneuver,
    rig_maneuver_error,
    towing_crash_table,
    trailer_fishtail,
)
from rules.driving.maneuvers import Maneuver, perform
from rules.vehicles.design import load_stock
from rules.vehicles.figures import figures

REPO = Path(__file__).resolve().parents[2]
START = Pose.at(10, 10, 0)
MANEUVERS = [
    {"kind": "straight"}, {"kind": "drift", "side": "left", "inches": 0.25},
    {"kind": "steep_drift", "side": "right", "inches": 0.5}, {"kind": "bend", "side": "right", "degrees": 15},
    {"kind": "bend", "side": "left", "degrees": 45}, {"kind": "bend", "side": "right", "degrees": 90},
    {"kind": "swerve", "side": "left", "degrees": 30, "drift": 0.25}, {"kind": "pivot", "side": "right", "degrees": 45},
    {"kind": "straight", "reverse": True}, {"kind": "bend", "side": "left", "degrees": 30, "reverse": True},
    {"kind": "t_stop", "side": "right"},
]


def test_counter_lengths_000_L541_L550() -> None:
    """Car trailer counters: mini 1/4", 6' 1/2", 10' 3/4", 15' 1", 20' 1 1/2", 25' 1 3/4", 30' 2"; 1/2" wide."""
    lengths = [counter("car_trailer", b).length for b in ("mini_van", "van_6", "van_10", "van_15", "van_20",
                                                          "van_25", "van_30")]
    assert lengths == [0.25, 0.5, 0.75, 1.0, 1.5, 1.75, 2.0]
    assert counter("car_trailer", "flatbed_20").width == 0.5


@pytest.mark.parametrize("raw", MANEUVERS, ids=lambda r: json.dumps(r))
@pytest.mark.parametrize("rig", [True, False], ids=["rig", "car_trailer"])
def test_trailer_ends_on_the_hitch_after_every_maneuver_000_L560_L564(raw: dict[str, Any], rig: bool) -> None:
    """'At the end of each maneuver, the end of the trailer's tongue must be directly over the hitch-point'
    (000:L560; kingpin over fifth wheel, 000:L591); the tower moves exactly as it would alone."""
    c = rig_coupling() if rig else car_trailer_coupling(counter("car"), "van_15")
    m = Maneuver.from_json(raw)
    motion = rig_maneuver(m, START, hitched(START, c), c, travel=0.0)
    assert motion.tower.end == perform(m, START, c.tower, travel=0.0).end
    gap = (hitch_point(motion.tower.end, c) - coupling_point(motion.trailer.end, c)).length()
    assert gap < 0.002


def test_straight_moves_keep_the_trailer_in_line_000_L556() -> None:
    """The combined counter moves forward 1": a straight rig stays straight, one inch on."""
    c = rig_coupling()
    motion = rig_maneuver(Maneuver.from_json({"kind": "straight"}), START, hitched(START, c), c)
    assert motion.trailer.end == Pose.at(10, hitched(START, c).y - 1, 0)


def test_trailer_swings_toward_the_turn_and_straightens_000_L561_L564() -> None:
    """A car trailer follows a right bend (it turns right, by less), and straight moves bring it back in line."""
    c = car_trailer_coupling(counter("car"), "van_15")
    m = rig_maneuver(Maneuver.from_json({"kind": "bend", "side": "right", "degrees": 45}), START, hitched(START, c), c)
    assert 0 < (m.trailer.end.facing - START.facing) % 360 < 45
    tower, trailer = m.tower.end, m.trailer.end
    folds = []
    for _ in range(4):
        step = rig_maneuver(Maneuver.from_json({"kind": "straight"}), tower, trailer, c)
        tower, trailer = step.tower.end, step.trailer.end
        folds.append(fold(tower, trailer))
    assert folds == sorted(folds, reverse=True) and folds[-1] < 1


def test_backing_up_folds_the_trailer_000_L568_L570() -> None:
    """Backing pushes a trailer that is out of line further out of line: why backing can jackknife it."""
    c = car_trailer_coupling(counter("car"), "van_15")
    start = hitched(START, c, 10)
    m = rig_maneuver(Maneuver.from_json({"kind": "straight", "reverse": True}), START, start, c)
    assert fold(m.tower.end, m.trailer.end) > 10


def test_rig_jackknifes_past_90_degrees_000_L591() -> None:
    """'The tractor can never make less than a 90 degree angle with the trailer; if it does, the rig has
    jackknifed': right bends of 45 degrees fold it past 90 on the fourth."""
    c = rig_coupling()
    assert jackknife_angle(c) == 90
    tower, trailer = START, hitched(START, c)
    results = []
    for _ in range(4):
        m = rig_maneuver(Maneuver.from_json({"kind": "bend", "side": "right", "degrees": 45}), tower, trailer, c)
        tower, trailer = m.tower.end, m.trailer.end
        results.append(m.jackknifed)
    assert results == [False, False, False, True]
    assert not jackknifed(START, hitched(START, c, 90), c) and jackknifed(START, hitched(START, c, 91), c)


def test_car_trailer_jackknife_is_the_tongue_against_the_tower_000_L573() -> None:
    """The tongue triangle (1/2" base and height) lies flat against the tower's back edge at 90 - 26.6 degrees."""
    c = car_trailer_coupling(counter("car"), "van_10")
    assert jackknife_angle(c) == pytest.approx(63.435, abs=0.001)
    assert jackknifed(START, hitched(START, c, 64), c) and not jackknifed(START, hitched(START, c, 60), c)


def test_jackknife_breaks_on_1_to_3_000_L574() -> None:
    assert [jackknife_breaks(d) for d in range(1, 7)] == [True, True, True, False, False, False]


@pytest.mark.parametrize(("raw", "speed", "guarded", "towing", "why"), [
    ({"kind": "bootlegger", "side": "right"}, 30, False, True, "bootlegger"),
    ({"kind": "straight", "reverse": True}, 22.5, False, True, "20 mph"),
    ({"kind": "bend", "side": "right", "degrees": 60}, 30, True, False, "D3"),
])
def test_what_towing_and_guards_forbid_000_L559_L570_L1982_L2081(raw: dict[str, Any], speed: float, guarded: bool,
                                                                towing: bool, why: str) -> None:
    err = rig_maneuver_error(Maneuver.from_json(raw), speed, towing=towing, guarded=guarded)
    assert err is not None and why in err
    assert rig_maneuver_error(Maneuver.from_json({"kind": "straight", "reverse": True}), 20, towing=True) is None
    assert rig_maneuver_error(Maneuver.from_json({"kind": "bend", "side": "right", "degrees": 30}), 30,
                              towing=False, guarded=True) is None


def test_crash_tables_of_rigs_000_L578_L585_L607() -> None:
    """Towing: Crash Table 3 for any cause; a ten-wheeler braking: Crash Table 2; buses and lone tractors as cars."""
    assert towing_crash_table(towing=True, kind="car", braking=False) == 3
    assert towing_crash_table(towing=True, kind="tractor", braking=True) == 3
    assert towing_crash_table(towing=False, kind="ten_wheeler", braking=True) == 2
    assert towing_crash_table(towing=False, kind="bus", braking=True) is None


def test_towing_decel_over_30_000_L553() -> None:
    assert decel_crash(35) == (True, DiceExpr(2, 0)) and decel_crash(30)[0] is False


@pytest.mark.parametrize(("roll", "result"), [
    (-3, "trivial_skid"), (-1, "trivial_skid"), (0, "minor_trailer_fishtail"), (1, "minor_trailer_fishtail"),
    (2, "minor_trailer_skid"), (3, "minor_trailer_skid"), (4, "major_trailer_fishtail"),
    (5, "major_trailer_skid_and_fishtail"), (6, "major_trailer_skid_and_fishtail"), (7, "extreme_trailer_fishtail"),
    (8, "extreme_trailer_fishtail"), (9, "extreme_skid_and_fishtail"), (10, "extreme_skid_and_fishtail"),
    (11, "extreme_skid_and_fishtail_loose"), (12, "extreme_skid_and_fishtail_loose"), (13, "kingpin_breaks"),
    (14, "kingpin_breaks_trailer_spins"), (15, "kingpin_breaks_trailer_spins"), (16, "kingpin_breaks_tractor_rolls"),
    (17, "kingpin_breaks_both_roll"), (18, "kingpin_breaks_tractor_vaults"),
    (19, "kingpin_breaks_tractor_vaults_trailer_rolls"), (25, "kingpin_breaks_tractor_vaults_trailer_rolls"),
])
def test_crash_table_3_000_L337_L351(roll: int, result: str) -> None:
    assert crash3(roll).result == result


def test_crash_table_3_effects_000_L345_L348() -> None:
    """11-12: loose, the fifth wheel takes 1d-2, a further D2; 16: the tractor rolls, fire on 4-6."""
    loose = crash3(11)
    assert (loose.loose, loose.coupling, str(loose.coupling_damage), loose.further_hazard) == \
        (True, "fifth_wheel", "1d-2", 2)
    rolls = crash3(16)
    assert (rolls.rolls, rolls.fire_on, rolls.coupling) == (("tractor",), 4, "kingpin")


def test_crash_table_3_motion_000_L339_L344() -> None:
    """A minor fishtail swings the trailer's rear 1/4", the kingpin kept on the fifth wheel; an extreme skid and
    fishtail skids the rig 1" and swings the trailer 1"."""
    c = rig_coupling()
    trailer = hitched(START, c)
    tower, fished, _ = crash3_motion(crash3(0), START, trailer, c, 0.0, "right")
    assert tower == START
    assert (hitch_point(tower, c) - coupling_point(fished, c)).length() < 0.002
    def rear(p: Pose) -> Vec:
        k = coupling_point(p, c)
        return k + (p.centre - k) * (c.reach / c.coupling_ahead)
    rear_now, old_rear = rear(fished), rear(trailer)
    assert (rear_now - old_rear).length() == pytest.approx(0.25, abs=0.003) and rear_now.x > old_rear.x
    skid_tower, skid_trailer, _ = crash3_motion(crash3(9), START, trailer, c, 0.0, "left")
    assert skid_tower == Pose.at(10, 9, 0) and fold(skid_tower, skid_trailer) > 0


def test_trailer_fishtail_keeps_the_coupling() -> None:
    c = car_trailer_coupling(counter("car"), "van_20")
    t = trailer_fishtail(START, hitched(START, c), c, "left", 1.0)
    assert (hitch_point(START, c) - coupling_point(t, c)).length() < 0.002


def test_oversized_fire_hazards_000_L256_L257() -> None:
    assert [fire_hazard(h) for h in (5, 12, 13, 21, 22, 40)] == [0, 0, 2, 2, 3, 3]


def test_oversized_acceleration_000_L2030_L2031_L585() -> None:
    """2.5 mph a turn below 25 mph, 5 from there; with a truck turbo 2.5 below 10, 5 below 40, then 10."""
    gears = figures(load_stock("Pusher")).gears
    assert [acceleration_at(gears, v) for v in (0, 20, 22.5, 25, 60)] == [2.5, 2.5, 2.5, 5, 5]
    turbo = ((2.5, 10), (5, 40), (10, 0))
    assert [acceleration_at(turbo, v) for v in (5, 10, 37.5, 40)] == [2.5, 5, 5, 10]


def test_loose_trailers_000_L576_L601_L602() -> None:
    """A car trailer's tongue takes 1d per 10 mph, HC -1, Crash Table 2; a semi-trailer's front underbody the
    same, HC -1, Crash Table 3, 15 mph less a turn; a full trailer HC 1, Crash Table 2, 5 mph less a turn."""
    assert loose_trailer("car_trailer", 55) == (DiceExpr(5, 0), "tongue", -1, 2, 15)
    assert loose_trailer("semi_trailer", 60) == (DiceExpr(6, 0), "front_underbody", -1, 3, 15)
    assert loose_trailer("full_trailer", 60)[2:] == (1, 2, 5)


def _query(*lines: dict[str, Any]) -> list[dict[str, Any]]:
    out = subprocess.run([sys.executable, "-m", "rules", "query"], input="\n".join(json.dumps(x) for x in lines),
                         capture_output=True, text=True, cwd=REPO, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_query_crash_table_3_and_rig_maneuvers() -> None:
    """The `crash` op answers table 3; `maneuver` takes ten-wheelers, buses and tractors, and with a trailer gives
    the trailer's pose too."""
    pose = {"x": 0, "y": 0, "facing": 0}
    crash, bus, rig, bad = _query(
        {"op": "crash", "table": 3, "roll": 13},
        {"op": "maneuver", "vehicle": "bus", "pose": pose, "speed": 30, "maneuver": {"kind": "straight"}},
        {"op": "maneuver", "vehicle": "tractor", "pose": pose, "speed": 30, "maneuver": {"kind": "straight"},
         "trailer": {"body": "semi_trailer"}},
        {"op": "maneuver", "vehicle": "tractor", "pose": pose, "speed": 30,
         "maneuver": {"kind": "bootlegger", "side": "left"}, "trailer": {"body": "semi_trailer"}})
    assert crash == {"result": "kingpin_breaks"}
    assert bus == {"pose": {"x": 0.0, "y": -1.0, "facing": 0.0}, "difficulty": 0}
    assert rig["pose"] == {"x": 0.0, "y": -1.0, "facing": 0.0} and rig["jackknifed"] is False
    assert rig["trailer_pose"] == {"x": 0.0, "y": 0.625, "facing": 0.0}
    assert "bootlegger" in bad["error"]


def test_oversized_hazards_000_L255_L261() -> None:
    from rules.driving.articulated import oversized_hazard

    assert [oversized_hazard(e) for e in ("obstacle", "trailer_released", "atg_to_side", "tank_gun",
                                          "cycle_steamrollered")] == [1, 2, 1, 2, 1]


def test_unskilled_backing_swerves_000_L571() -> None:
    from rules.driving.articulated import reverse_swerve

    assert [reverse_swerve(d, straight=True, skilled=False) for d in (1, 2)] == [0.25, 0.0]
    assert [reverse_swerve(d, straight=False, skilled=False) for d in (3, 4)] == [0.25, 0.0]
    assert reverse_swerve(1, straight=False, skilled=True) == 0.0


def test_car_trailer_tires_lost_000_L578() -> None:
    from rules.driving.articulated import lost_tire_effects

    assert lost_tire_effects(True, False) == (2, None, 0)
    assert lost_tire_effects(False, True) == (0, 3, -3)


def test_overloaded_flatbeds_000_L2047_L2094() -> None:
    """25 spaces on a carrier flatbed: one chance in 6 on a D3; 2d spaces stay. A semi flatbed with 70: 2 in 6."""
    from rules.driving.articulated import load_falls

    assert load_falls("carrier", 25, 3, 1) == (True, DiceExpr(2, 0))
    assert load_falls("carrier", 25, 3, 2) == (False, None)
    assert load_falls("carrier", 25, 2, 1) == (False, None)      # an easier maneuver: no roll
    assert load_falls("semi_trailer", 70, 4, 2) == (True, DiceExpr(3, 0))
    assert load_falls("semi_trailer", 50, 6, 1) == (False, None)


def test_tanker_leaks_000_L1967() -> None:
    from rules.driving.articulated import tanker_leak

    assert tanker_leak({"front": 20, "back": 10, "left": 14}, {}) == 2 + 1
    assert tanker_leak({"front": 0}, {"front": 4}) == 1


def test_a_broken_rig_table_is_named_by_validate(tmp_path: Path) -> None:
    """`python -m rules validate` checks the new tables as it does every rules table: path, place, problem."""
    from rules.tools.validate import check_file

    good = (REPO / "rules" / "data" / "oversized_movement.toml").read_text(encoding="utf-8")
    bad = tmp_path / "oversized_movement.toml"
    bad.write_text(good.replace("width = 0.5\n", 'width = "wide"\n', 1), encoding="utf-8")
    assert check_file(bad) == [(str(bad), "counter.width", "expected a number, found text ('wide')")]
    assert check_file(REPO / "rules" / "data" / "oversized_combat.toml") == []


def test_trucker_skill_000_L1385() -> None:
    from rules.driving.articulated import trucker_hc

    assert (trucker_hc(True, False), trucker_hc(False, True), trucker_hc(False, False)) == (0, -2, -4)


def test_releasing_a_trailer_000_L258_L2105_L2107_L602() -> None:
    """Only explosive or quick-release fittings let go from inside; moving, a D2 to the tower; an explosive
    kingpin is spent; a semi-trailer released at speed crashes at once."""
    from rules.driving.articulated import release_trailer

    assert not release_trailer("semi_trailer", "standard", 50).allowed
    quick = release_trailer("semi_trailer", "quick_release", 50)
    assert (quick.allowed, quick.hazard, quick.spent, quick.crashes) == (True, 2, False, True)
    boom = release_trailer("car_trailer", "explosive_release", 40)
    assert (boom.hazard, boom.spent, boom.crashes) == (2, True, False)
    assert release_trailer("semi_trailer", "explosive", 0).hazard == 0


def test_truck_tire_immunity_000_L2013() -> None:
    from rules.driving.articulated import truck_tire_immune

    assert truck_tire_immune("solid", "spikes") and truck_tire_immune("plasticore", "debris")
    assert not truck_tire_immune("solid", "obstacle") and not truck_tire_immune("heavy_duty", "spikes")


def test_when_a_jackknife_rolls_000_L574() -> None:
    from rules.driving.articulated import jackknife_roll_due

    assert jackknife_roll_due("fishtail", 0)
    assert not jackknife_roll_due("maneuver", 1) and jackknife_roll_due("maneuver", 2)


def test_ultra_slow_movement_000_L593_L599() -> None:
    """At 2.5 mph a rig moves a quarter inch straight, a quarter inch and a pivot, or pivots standing; the
    trailer follows, its kingpin on the fifth wheel."""
    from rules.driving.articulated import ultra_slow_moves

    c = rig_coupling()
    moves = ultra_slow_moves(START, hitched(START, c), c, side="right", degrees=15)
    assert moves["straight"].tower.end == Pose.at(10, 9.75, 0)
    assert moves["forward_and_pivot"].tower.end.facing == 15
    pivot = moves["pivot"].tower.end
    assert pivot.facing == 15 and (pivot.centre - START.centre).length() < 0.25   # no quarter inch forward
    for m in moves.values():
        assert (hitch_point(m.tower.end, c) - coupling_point(m.trailer.end, c)).length() < 0.002
