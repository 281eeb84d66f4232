"""Weapons in external weapon pods fire from the pod (000:L2527, L826-L827): a side pod set to fire front
has the front arc and its line of fire starts at the middle of its side; a top pod left all-round is a
turret."""

from __future__ import annotations

from dataclasses import replace

from rules.design import MountEntry, WeaponEntry, load_stock, spec
from rules.firing import Combatant, Declaration, combatant_of, problem, shot_for
from rules.geometry import CounterSize, Pose, Vec
from rules.record_sheet import RecordSheet, render

CAR = CounterSize(1.0, 0.5)


def _podded(fires: str) -> RecordSheet:
    d = replace(load_stock("Cobra"), mounts=(MountEntry("l", "ewp_1", side="left", fires=fires),
                                              MountEntry("r", "ewp_1", side="right", fires=fires)),
                weapons=(WeaponEntry("MG", "turret", mount="l"), WeaponEntry("MG", "turret", mount="r")))
    return spec(d).sheet


def _at(vid: str, x: float, y: float, facing: float, sheet: RecordSheet) -> Combatant:
    return combatant_of(vid, "car", "car", Pose.at(x, y, facing), CAR, 0.0, facing, sheet)


def test_the_sheet_records_each_pods_side_and_direction_000_L2527() -> None:
    sheet = _podded("front")
    assert {(w.id, w.pod_side, w.pod_fires) for w in sheet.weapons} == {("MG1", "left", "front"),
                                                                       ("MG2", "right", "front")}
    assert "left pod firing front" in render(sheet)


def test_a_front_firing_side_pod_has_the_front_arc_not_a_turrets_000_L2527() -> None:
    """000:L2527: front-firing pods share the front weapons' arc; abeam or behind is out of arc."""
    a = _at("A", 0, 0, 0, _podded("front"))     # facing map-up (-y)
    ahead = _at("B", 0, -5, 180, _podded("front"))
    abeam = _at("C", -5, 0, 90, _podded("front"))
    behind = _at("D", 0, 5, 0, _podded("front"))
    cs = {c.id: c for c in (a, ahead, abeam, behind)}
    assert problem(cs, Declaration("A", "MG1", "B")) is None
    assert "outside the front arc" in str(problem(cs, Declaration("A", "MG1", "C")))
    assert "outside the front arc" in str(problem(cs, Declaration("A", "MG1", "D")))


def test_a_back_firing_pair_fires_behind_000_L2527() -> None:
    a = _at("A", 0, 0, 0, _podded("back"))
    cs = {"A": a, "B": _at("B", 0, -5, 180, _podded("back")), "D": _at("D", 0, 5, 0, _podded("back"))}
    assert problem(cs, Declaration("A", "MG2", "D")) is None
    assert "outside the back arc" in str(problem(cs, Declaration("A", "MG2", "B")))


def test_each_pod_fires_from_its_own_side_000_L826_L2527() -> None:
    """The line of fire starts at the middle of the pod's side, so the two pods' shots start apart."""
    a = _at("A", 0, 0, 0, _podded("front"))
    b = _at("B", 0, -5, 180, _podded("front"))
    _s, _side, left, _p = shot_for(a, a.weapon("MG1"), b, Declaration("A", "MG1", "B"), 1)
    _s, _side, right, _p = shot_for(a, a.weapon("MG2"), b, Declaration("A", "MG2", "B"), 1)
    assert (left - Vec(-CAR.width / 2, 0)).length() < 1e-9
    assert (right - Vec(CAR.width / 2, 0)).length() < 1e-9


def test_a_top_pod_left_all_round_is_a_turret_000_L2527() -> None:
    d = replace(load_stock("Cobra"), mounts=(MountEntry("p", "ewp_1"),),
                weapons=(WeaponEntry("MG", "turret", mount="p"),))
    a = _at("A", 0, 0, 0, spec(d).sheet)
    assert (a.weapon("MG1").mount, a.weapon("MG1").fires_from) == ("turret", "turret")
