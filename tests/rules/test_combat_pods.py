"""Weapons in external weapon pods fire from the pod (000:L2527, L826-L827): a side pod set to fire front
has the front arc and its line of fire starts at the middle of its side; a top pod left all-round is a
turret."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import collision_hit, hit, interior_of
from rules.combat.shooting import Combatant, Declaration, combatant_of, problem, resolve_fire, shot_for
from rules.combat.to_hit import to_hit
from rules.core.dice import ScriptedDice
from rules.core.events import PodNearMiss
from rules.core.geometry import CounterSize, Pose, Vec
from rules.vehicles.design import MountEntry, WeaponEntry, load_stock
from rules.vehicles.figures import figures
from rules.vehicles.record_sheet import Pod, RecordSheet, lone_side_pods, render
from rules.vehicles.starting_sheet import spec

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


# --- hits on pods (000:L2528-L2529, L2979-L2983) ----------------------------------------------------


def _pod_car(armor: int = 5) -> RecordSheet:
    """The stock Hotshot refitted with a matched pair of 2-space pods, two MGs in each, firing front."""
    d = replace(load_stock("Hotshot"),
                mounts=(MountEntry("l", "ewp_2", side="left", fires="front", armor=armor),
                        MountEntry("r", "ewp_2", side="right", fires="front", armor=armor)),
                weapons=(WeaponEntry("MG", "turret", mount="l"), WeaponEntry("MG", "turret", mount="l"),
                         WeaponEntry("MG", "turret", mount="r"), WeaponEntry("MG", "turret", mount="r")))
    assert figures(d).errors == []
    return spec(d).sheet


def test_the_sheet_lists_each_pod_its_size_and_its_own_armor_000_L2528() -> None:
    sheet = _pod_car()
    assert sheet.pods == (Pod("l", "left", 2, 5, 5), Pod("r", "right", 2, 5, 5))
    assert [w.id for w in sheet.pod_weapons("l")] == ["MG1", "MG2"]
    assert "Pod l (left, 2 spaces): armor 5/5" in render(sheet)


def test_a_shot_at_the_pods_side_hits_the_pod_on_1d_up_to_its_spaces_000_L2529() -> None:
    sheet = _pod_car()
    inside = interior_of(sheet, "car")
    after, inner, rep = hit(sheet, inside, "left", 9, ScriptedDice([2]))
    assert after.pod("l").armor == 0 and inner.part("MG1").dp == 0 and inner.part("MG2").dp == 2
    assert after.armor["left"] == sheet.armor["left"]            # the car's own side is untouched
    assert ("the 2-space pod l is hit (rolled 2)", "000:L2529") in rep.lines
    assert rep.taken == 9                                         # a hazard by its damage like any hit


def test_a_roll_over_the_pods_spaces_misses_it_and_hits_the_car_000_L2529() -> None:
    sheet = _pod_car()
    inside = interior_of(sheet, "car")
    after, inner, rep = hit(sheet, inside, "left", 4, ScriptedDice([3]))
    assert after.pod("l").armor == 5 and after.armor["left"] == sheet.armor["left"] - 4
    assert all(inner.part(w).dp == 3 for w in ("MG1", "MG2"))
    assert ("the shot misses the 2-space pod l (rolled 3)", "000:L2529") in rep.lines


def test_pod_weapons_are_not_hit_through_the_top_or_the_far_side_000_L2529() -> None:
    """Only the pod roll reaches them: a top hit or a side hit passing through the car leaves them whole."""
    sheet = replace(_pod_car(), armor={k: 0 for k in _pod_car().armor})
    inside = interior_of(sheet, "car")
    for face in ("top", "front"):
        _after, inner, _rep = hit(sheet, inside, face, 40, ScriptedDice([], fallback_seed=3))
        assert all(inner.part(w).dp == 3 for w in ("MG1", "MG2", "MG3", "MG4")), face


def test_a_roll_onto_the_pods_side_tears_it_off_with_its_weapons_000_L2980() -> None:
    sheet = _pod_car()
    inside = interior_of(sheet, "car")
    after, inner, rep = collision_hit(sheet, inside, "left", 4, ScriptedDice([], fallback_seed=1), "roll")
    assert after.pod("l").torn_off and inner.part("MG1").destroyed and inner.part("MG2").destroyed
    assert after.armor["left"] == sheet.armor["left"] - 4        # the roll's 1d still strikes the side
    assert any(r == "000:L2980" and "torn off" in t for t, r in rep.lines)
    assert not after.pod("r").torn_off and lone_side_pods(after) == 1


def test_a_ram_on_the_pods_side_reaches_the_pod_first_000_L2980() -> None:
    sheet = _pod_car(armor=2)
    inside = interior_of(sheet, "car")
    after, inner, _rep = collision_hit(sheet, inside, "left", 10, ScriptedDice([1] * 10), "ram")
    assert after.pod("l").armor == 0                               # 2 to the pod's armor
    assert inner.part("MG1").destroyed and inner.part("MG2").destroyed  # 6 shared by its weapons
    assert after.armor["left"] == sheet.armor["left"] - 2          # the rest to the car's side


def test_a_car_left_with_one_side_pod_loses_3_hc_000_L2983() -> None:
    from rules.engine.engine import new_game
    from rules.engine.setup import GameSetup, VehicleSetup
    from rules.phases.movement import forced_increment
    from rules.play.context import Ctx

    state, _ = new_game(GameSetup((VehicleSetup("Red", "red", "Hotshot", Pose.at(10, 10, 0), speed=30),), seed=2))
    v = state.vehicle("Red")
    sheet = _pod_car()
    v = replace(v, spec=replace(v.spec, sheet=sheet), sheet=sheet)
    hc = v.hc
    rolling = replace(v, mode="roll", mode_side="left", mode_count=0, mode_travel=0.0, increments=(1.0,))
    ctx = Ctx(state.with_vehicle(rolling), ScriptedDice([], fallback_seed=1))
    forced_increment(ctx, "Red")                                   # rolls onto its left side
    red = ctx.v("Red")
    assert red.sheet.pod("l").torn_off and red.hc == hc - 3
    both = replace(red, sheet=replace(red.sheet, pods=tuple(replace(p, torn_off=True) for p in red.sheet.pods)))
    assert both.hc == hc                                           # no pod left: no lone pod either


def _pod_duel() -> dict[str, Combatant]:
    """A front-firing MG car south of the pod car, which faces east: its right side faces the shooter."""
    a = _at("A", 0, 0, 0, _podded("front"))
    b = _at("B", 0, -5, 90, _pod_car())
    return {"A": a, "B": b}


def test_a_shot_aimed_at_a_pod_is_at_minus_2_and_hits_the_pod_000_L2979() -> None:
    cs = _pod_duel()
    d = Declaration("A", "MG1", "B", aim="pod:r")
    assert problem(cs, d) is None
    shot, side, _o, _p = shot_for(cs["A"], cs["A"].weapon("MG1"), cs["B"], d, 1)
    assert side == "right"
    assert [(m.name, m.value) for m in to_hit(shot).modifiers if m.name == "pod"] == [("pod", -2)]
    res = resolve_fire(cs, [d], ScriptedDice([6, 6, 4]), turn=1)
    b = res.combatants["B"]
    assert b.sheet.pod("r").armor == 1 and b.sheet.armor["right"] == cs["B"].sheet.armor["right"]


def test_a_near_miss_at_a_pod_still_hits_the_vehicle_000_L2979() -> None:
    cs = _pod_duel()
    d = Declaration("A", "MG1", "B", aim="pod:r")
    need = to_hit(shot_for(cs["A"], cs["A"].weapon("MG1"), cs["B"], d, 1)[0]).need
    assert 4 <= need - 2 <= 12, need
    near = (need - 2 - 1, 1) if need - 3 <= 6 else (6, need - 8)
    res = resolve_fire(cs, [d], ScriptedDice([*near, 4]), turn=1)
    b = res.combatants["B"]
    assert b.sheet.armor["right"] == cs["B"].sheet.armor["right"] - 4 and b.sheet.pod("r").armor == 5
    assert any(isinstance(e, PodNearMiss) and e.rule == "000:L2979" for e in res.events)
    far = (need - 3 - 1, 1) if need - 4 <= 6 else (6, need - 9)
    res = resolve_fire(cs, [d], ScriptedDice([*far]), turn=1)
    assert res.combatants["B"].sheet == cs["B"].sheet                # missed by 3: nothing


def test_a_side_pod_can_be_aimed_at_only_from_its_side() -> None:
    """Reading CB48: the far pod hides behind the car."""
    cs = _pod_duel()
    assert "does not face" in str(problem(cs, Declaration("A", "MG1", "B", aim="pod:l")))


def test_the_fire_step_offers_each_pod_still_there_000_L2979_L2980() -> None:
    from rules.phases.fire_step import target_aims

    b = _pod_duel()["B"]
    assert {"pod:l", "pod:r"} <= set(target_aims(b))
    torn = replace(b, sheet=replace(b.sheet, pods=(replace(b.sheet.pod("l"), torn_off=True), b.sheet.pod("r"))))
    assert "pod:l" not in target_aims(torn) and "pod:r" in target_aims(torn)
