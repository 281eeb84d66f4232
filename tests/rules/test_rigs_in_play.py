"""Rigs in play (issue 19): a tractor and its semi-trailer, a car and its car trailer, ten-wheelers and buses
fielded in a game; the trailer following its tower, what towing forbids, Crash Table 3, jackknifes, loose
trailers, steamrollering, the ten armor locations and the arcs of long vehicles."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.combat.arcs import in_arc
from rules.combat.damage import hit, interior_of
from rules.combat.to_hit import target_modifier, target_type_of
from rules.core.dice import ScriptedDice, die_from_seed
from rules.core.events import (
    CrashRolled,
    Event,
    Jackknifed,
    Steamrollered,
    TireDamaged,
    TrailerFollowed,
    TrailerLoose,
)
from rules.core.geometry import Kind, Pose, Vec
from rules.driving.articulated import coupling_point, fold, hitch_point
from rules.driving.maneuvers import Maneuver
from rules.engine import engine
from rules.engine.scenarios import game_setup, load_scenario
from rules.engine.setup import GameSetup, VehicleSetup, resolve_rig, resolve_spec
from rules.play.actions import Move, SetSpeed
from rules.play.context import Ctx
from rules.play.crashes import lose_control
from rules.play.effects import jackknife, released
from rules.play.rigs import coupling_of, trailer_of
from rules.play.state import MOVE, SPEED, GameState
from rules.vehicles.design import stock_names, trailer_names
from rules.vehicles.starting_sheet import big_counter

PARKED = "generic kind=car hc=1 accel=10 top=100 weight=3000 tire=4 armor=10"


def calm_seed(n: int) -> int:
    return next(s for s in range(1, 10_000) if all(die_from_seed(s, i) < 5 for i in range(n)))


def rig_game(mph: float = 40, tower: str = "Annihilator", trailer: str = "Brotherhood",
             others: tuple[VehicleSetup, ...] = ()) -> GameState:
    """The rig heading north at the origin; W, parked far off, is asked for its speed every phase."""
    vs = (VehicleSetup("rig", "a", tower, Pose.at(0, 0, 0), speed=mph, trailer=trailer),
          VehicleSetup("W", "w", PARKED, Pose.at(-60, 0, 0), speed=0)) + others
    return engine.new_game(GameSetup(vs, seed=calm_seed(4)))[0]


def to_move(state: GameState) -> GameState:
    """Keep every speed until the rig is to move."""
    while not (state.step == MOVE and engine.to_act(state) == ["rig"]):
        vid = engine.to_act(state)[0]
        state, _ = engine.apply(state, SetSpeed(vid, state.vehicle(vid).signed_speed))
    return state


def on_hitch(state: GameState, vid: str = "rig") -> float:
    """How far the trailer's coupling point is from the tower's hitch (0: on it)."""
    tower = state.vehicle(vid)
    tr = trailer_of(state, vid)
    assert tr is not None
    c = coupling_of(tower, tr)
    return (coupling_point(tr.pose, c) - hitch_point(tower.pose, c)).length()


def of(events: list[Event], kind: type[Event], vid: str = "") -> list[Any]:
    return [e for e in events if isinstance(e, kind) and (not vid or e.vehicle == vid)]


# --- fielding -----------------------------------------------------------------------------------------


def test_ten_wheelers_tractors_and_buses_are_fielded_trailers_go_behind_a_tower_000_L2747_L2772() -> None:
    names = set(stock_names())
    assert {"Flattop", "Maxim", "Annihilator", "Economy", "Magnum", "Liberator", "Metro", "Pusher"} <= names
    assert not {"Brotherhood", "Raven", "Bulldog"} & names
    assert {"Brotherhood", "Hellfire", "Raven", "Bulldog", "Scimitar"} <= set(trailer_names())


@pytest.mark.parametrize(("name", "kind", "length"), [
    ("Pusher", Kind.BUS, 2.75), ("Metro", Kind.BUS, 2.0), ("Liberator", Kind.BUS, 1.5),
    ("Flattop", Kind.TEN_WHEELER, 2.0), ("Annihilator", Kind.TRACTOR, 1.5),
])
def test_big_vehicles_play_on_counters_of_their_bodies_length_000_L541_L550_L587(name, kind, length) -> None:
    spec = resolve_spec(name)
    assert spec.kind is kind and spec.size is not None
    assert (spec.size.length, spec.size.width) == (length, 0.5)
    assert big_counter("car_trailer", "mini_van").length == 0.25   # the book's smallest car trailer (000:L541)


def test_a_rig_is_hc_1_and_pulls_its_trailers_weight_000_L2069_L2074() -> None:
    alone = resolve_spec("Annihilator")
    rig, trailer = resolve_rig("Annihilator", "Brotherhood")
    assert alone.hc == 0 and rig.hc == 1                      # a lone tractor HC 0, a rig HC 1 (000:L2069)
    assert rig.top_speed < alone.top_speed                   # the trailer's weight slows it (000:L2074)
    assert rig.acceleration_at(20) == 2.5 and rig.acceleration_at(30) == 5   # truck gears (000:L2030-L2031)
    assert trailer.kind is Kind.SEMI_TRAILER


def test_a_car_tows_what_its_hitch_pulls_and_a_trailer_alone_is_refused_000_L553_L1973_L1978() -> None:
    car, _ = resolve_rig("Morgan", "Raven")
    assert car.acceleration <= resolve_spec("Morgan").acceleration
    with pytest.raises(Exception, match="not a trailer"):
        resolve_rig("Morgan", "Killer Kart")
    with pytest.raises(Exception, match="hitch"):
        resolve_rig("Killer Kart", "Raven")


# --- the trailer follows --------------------------------------------------------------------------------


def test_the_semi_trailer_starts_on_the_fifth_wheel_overlapping_the_tractor_000_L588() -> None:
    state = rig_game()
    tr = state.vehicle("rig_trailer")
    assert tr.towed_by == "rig" and tr.speed == 40
    assert on_hitch(state) < 2e-3
    # it overlaps the tractor's back: its front edge is ahead of the tractor's back edge
    assert tr.pose.y - 2.75 / 2 < state.vehicle("rig").pose.y + 1.5 / 2


def test_a_trailer_makes_no_decision_of_its_own_000_L555() -> None:
    state = rig_game()
    assert state.step == SPEED and "rig_trailer" not in engine.to_act(state)
    state = to_move(state)
    assert "rig_trailer" not in state.movers


@pytest.mark.parametrize("m", [
    Maneuver("straight"), Maneuver("drift", "left", 0.25), Maneuver("steep_drift", "right", 0.5),
    Maneuver("bend", "left", degrees=15), Maneuver("bend", "right", degrees=30),
])
def test_after_every_maneuver_the_coupling_is_back_on_the_hitch_000_L561_L564(m: Maneuver) -> None:
    state = to_move(rig_game())
    state, events = engine.apply(state, Move("rig", m), ScriptedDice([], fallback_seed=7))
    (follow,) = of(events, TrailerFollowed, "rig_trailer")
    assert follow.tower == "rig"
    assert on_hitch(state) < 2e-3
    tr = state.vehicle("rig_trailer")
    assert follow.end == tr.pose and fold(state.vehicle("rig").pose, tr.pose) == pytest.approx(follow.fold, abs=1e-3)


def test_straight_on_the_trailer_moves_an_inch_along_its_axis_000_L562() -> None:
    state = to_move(rig_game())
    y0 = state.vehicle("rig_trailer").pose.y
    state, _ = engine.apply(state, Move("rig", Maneuver("straight")))
    assert state.vehicle("rig_trailer").pose.y == pytest.approx(y0 - 1, abs=1e-3)
    assert state.vehicle("rig_trailer").pose.facing == pytest.approx(0, abs=1e-3)


def test_figure_12_after_a_steep_drift_the_trailer_turns_toward_the_tractor_000_L566() -> None:
    """The tractor drifts right half an inch; the trailer first covers the tractor's old place, then pivots on a
    rear corner: it ends turned clockwise (its nose toward the drift), kingpin on the fifth wheel."""
    state = to_move(rig_game())
    state, _ = engine.apply(state, Move("rig", Maneuver("steep_drift", "right", 0.5)), ScriptedDice([], 3))
    tr = state.vehicle("rig_trailer")
    assert 0 < tr.pose.facing < 20
    assert on_hitch(state) < 2e-3


def test_a_rig_cannot_bootlegger_nor_back_over_20_mph_000_L559_L570_L590() -> None:
    state = to_move(rig_game(mph=30))
    kinds = {a.maneuver.kind for a in engine.legal_actions(state, "rig") if isinstance(a, Move)}
    assert "bootlegger" not in kinds and "bend" in kinds
    assert "bootlegger" in engine.check(state, Move("rig", Maneuver("bootlegger", "left")))
    alone = engine.new_game(GameSetup((VehicleSetup("T", "a", "Annihilator", Pose.at(0, 0, 0), speed=30),),
                                      seed=calm_seed(2)))[0]
    alone, _ = engine.apply(alone, SetSpeed("T", 30))
    assert "bootlegger" in {a.maneuver.kind for a in engine.legal_actions(alone, "T") if isinstance(a, Move)}


def test_the_trailer_keeps_its_towers_speed_000_L555() -> None:
    state = rig_game()
    state, _ = engine.apply(state, SetSpeed("rig", 35))
    assert state.vehicle("rig_trailer").speed == 35


# --- crashes ----------------------------------------------------------------------------------------------


def test_a_rig_losing_control_rolls_on_crash_table_3_000_L607_L337_L351() -> None:
    state = rig_game()
    ctx = Ctx(state, ScriptedDice([2, 2, 1]))       # 2d = 4 (+0 at 40 mph and D3): major fishtail; 1: left
    lose_control(ctx, "rig", 1, 3, 40, travel=0)
    (crash,) = of(ctx.log.events, CrashRolled, "rig")
    assert crash.table == 3 and crash.result == "major_trailer_fishtail"
    s = ctx.finish()
    assert s.vehicle("rig").pose == state.vehicle("rig").pose                  # the tractor does not move
    assert s.vehicle("rig_trailer").pose.facing > 0                             # the rear swung left, nose right
    assert on_hitch(s) < 2e-3                                                   # kingpin kept on the fifth wheel


def test_crash_table_3_result_11_sets_the_trailer_loose_and_a_d2_hazard_follows_000_L347() -> None:
    state = rig_game()
    ctx = Ctx(state, ScriptedDice([6, 5, 1, 1], fallback_seed=4))   # 11 -> loose; side; coupling 1d-2
    lose_control(ctx, "rig", 1, 3, 40, travel=0)
    s = ctx.finish()
    assert of(ctx.log.events, TrailerLoose, "rig_trailer")
    assert s.vehicle("rig_trailer").towed_by == "" and s.vehicle("rig_trailer").loose == 15
    assert s.vehicle("rig_trailer").driverless    # nobody steers it now (000:L601-L603)


def test_braking_more_than_30_mph_with_a_trailer_is_crash_table_3_and_2d_to_every_tire_000_L553() -> None:
    state = rig_game(mph=40, tower="Morgan", trailer="Bulldog")
    dice = ScriptedDice([], fallback_seed=11)
    state, events = engine.apply(state, SetSpeed("rig", 5), dice)
    assert of(events, CrashRolled, "rig")[0].table == 3
    hurt = {e.vehicle for e in of(events, TireDamaged)}
    assert hurt == {"rig", "rig_trailer"}


@pytest.mark.parametrize(("die", "broke"), [(1, True), (3, True), (4, False), (6, False)])
def test_a_jackknife_breaks_the_kingpin_on_1_to_3_000_L591(die: int, broke: bool) -> None:
    state = rig_game(mph=0)
    ctx = Ctx(state, ScriptedDice([die]))
    jackknife(ctx, "rig", "rig_trailer", 95.0)
    (j,) = of(ctx.log.events, Jackknifed)
    assert j.broke is broke
    assert (ctx.v("rig_trailer").towed_by == "") is broke


def test_a_released_semi_trailer_hits_the_road_front_first_and_slows_15_mph_a_turn_000_L601_L603() -> None:
    state = rig_game(mph=40)
    # the tractor's D2 hazard (safe at HC 1), 4d for the front underbody, then Crash Table 3's 2d and the side
    # die (000:L602, M-R16: tests/rules/test_loose_semi.py)
    ctx = Ctx(state, ScriptedDice([1, 1, 1, 1, 1, 1, 1]))
    released(ctx, "rig_trailer", "released", "000:L602")
    s = ctx.finish()
    tr = s.vehicle("rig_trailer")
    assert tr.towed_by == "" and tr.driverless and tr.loose == 15
    assert tr.sheet.armor["front_underbody"] == state.vehicle("rig_trailer").sheet.armor["front_underbody"] - 4


def test_a_loose_trailer_rolls_on_losing_15_mph_each_turn_000_L576() -> None:
    state = rig_game(mph=40, tower="Morgan", trailer="Bulldog")
    ctx = Ctx(state, ScriptedDice([6, 1, 1, 1, 1, 6], fallback_seed=3))
    released(ctx, "rig_trailer", "released", "000:L576")
    state = ctx.finish()
    for _ in range(40):
        if state.turn == 2:
            break
        vid = engine.to_act(state)[0]
        act = SetSpeed(vid, state.vehicle(vid).signed_speed) if state.step == SPEED else \
            engine.legal_actions(state, vid)[0]
        state, events = engine.apply(state, act, ScriptedDice([], fallback_seed=5))
    assert state.vehicle("rig_trailer").speed == 25


# --- collisions ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("die", "run_over"), [(5, True), (3, True), (2, False), (1, False)])
def test_a_rig_runs_right_over_a_cycle_on_3_to_6_000_L608_L611(die: int, run_over: bool) -> None:
    cycle = VehicleSetup("C", "c", "generic kind=cycle hc=2 accel=10 top=100 weight=500 tire=4 armor=5",
                         Pose.at(0, -1.1, 180), speed=0)
    state = to_move(rig_game(mph=40, others=(cycle,)))
    state, events = engine.apply(state, Move("rig", Maneuver("straight")), ScriptedDice([die], fallback_seed=2))
    runs = of(events, Steamrollered)
    assert bool(runs) is run_over
    if run_over:
        assert runs[0].victim == "C" and state.vehicle("C").speed == 0
        assert state.vehicle("rig").pose.y == pytest.approx(-1, abs=1e-3)   # it drove on over the counter
    else:
        assert any(type(e).__name__ == "Collided" for e in events)


# --- combat ------------------------------------------------------------------------------------------------


def test_a_shot_at_a_long_side_strikes_the_half_level_with_the_firer_000_L1985_L2100() -> None:
    from rules.combat.long_targets import location_struck
    pose = Pose.at(0, 0, 0)
    size = big_counter("semi_trailer", "van_40")
    assert location_struck(pose, size, Vec(-5, 1), ten=True) == "back_left"
    assert location_struck(pose, size, Vec(5, -1), ten=True) == "front_right"


def test_damage_to_a_half_side_takes_that_halfs_armor_000_L2100() -> None:
    spec = resolve_spec("Budget Box")      # 10 points in each of ten locations
    sheet, _inside, _rep = hit(spec.sheet, interior_of(spec.sheet, "semi_trailer"), "back_left", 4,
                               ScriptedDice([1, 1, 1, 1, 1, 1]))
    assert sheet.armor["back_left"] == 6 and sheet.armor["front_left"] == 10


def test_a_half_sides_weapon_fires_through_its_halfs_side_arc_000_L2140() -> None:
    pose = Pose.at(0, 0, 0)
    size = big_counter("semi_trailer", "van_40")
    assert in_arc("back_right", pose, size, Vec(3, 1))
    assert not in_arc("back_right", pose, size, Vec(1, -3))     # ahead of the back half: its front arc
    assert in_arc("front_right", pose, size, Vec(3, -1))


def test_a_trailer_is_plus_2_from_the_side_a_tractor_plus_1_000_L859_L862() -> None:
    assert target_type_of("semi_trailer", "van_40") == "trailer"
    side = target_modifier("trailer", "left")
    assert side is not None and side.value == 2
    tractor = target_modifier(target_type_of("tractor", "cabover"), "right")
    assert tractor is not None and tractor.value == 1
    assert target_modifier("trailer", "front") is None


# --- the convoy ---------------------------------------------------------------------------------------------


def test_the_convoy_scenario_plays_to_its_end_between_foes() -> None:
    from rules.ai.foe import decide
    sc = load_scenario("maps/scenarios/convoy_rig.toml")
    setup = game_setup(sc, seed=1)
    setup = replace(setup, max_turns=8)
    foes = {v.id: v.foe or "veteran" for v in setup.vehicles}
    state, _ = engine.new_game(setup)
    followed = 0
    for _ in range(3000):
        if engine.outcome(state) is not None:
            break
        vid = engine.to_act(state)[0]
        owner = vid if vid in foes else "rig"   # the trailer's gunners, hitched or loose, are the rig's side
        action, _why = decide(state, vid, engine.legal_actions(state, vid), foes[owner], 2.0)
        state, events = engine.apply(state, action)
        followed += len(of(events, TrailerFollowed))
        tr = state.vehicle("rig_trailer")
        if tr.towed_by:
            assert on_hitch(state) < 1e-3 or any(isinstance(e, TrailerLoose) for e in events) or \
                state.vehicle("rig").out
    assert engine.outcome(state) is not None
    assert followed > 10


def test_a_hazard_to_a_hitched_trailer_is_its_rigs_000_L607() -> None:
    from rules.core.events import HazardMet
    from rules.play.crashes import hazard
    state = rig_game()
    ctx = Ctx(state, ScriptedDice([], fallback_seed=1))
    hazard(ctx, "rig_trailer", 2, "a hit on the trailer", "000:L607")
    (met,) = of(ctx.log.events, HazardMet)
    assert met.vehicle == "rig"


def test_the_maneuver_query_still_refuses_a_trailer_alone() -> None:
    from rules.tools.query import answer
    got = answer({"op": "maneuver", "vehicle": "semi_trailer", "pose": {"x": 0, "y": 0, "facing": 0}, "speed": 20,
                  "maneuver": {"kind": "straight"}})
    assert got == {"error": "vehicle must be car, trike or cycle"}


@pytest.mark.parametrize("name", ["bus_run", "trailer_tow", "convoy_rig"])
def test_the_rig_scenarios_load_and_field_their_big_vehicles(name: str) -> None:
    sc = load_scenario(f"maps/scenarios/{name}.toml")
    state, _ = engine.new_game(game_setup(sc, seed=2))
    kinds = {v.spec.kind for v in state.vehicles}
    assert kinds & {Kind.BUS, Kind.TRACTOR, Kind.CAR_TRAILER}
    for v in state.vehicles:
        if v.towed_by:
            assert on_hitch(state, v.towed_by) < 2e-3


@pytest.mark.parametrize(("weapon", "d"), [("TG1", 2), ("TwL1", 0)])
def test_firing_a_tank_gun_from_a_rig_is_a_d2_hazard_000_L259_L260(weapon: str, d: int) -> None:
    from rules.core.events import HazardMet, ShotFired
    from rules.phases.fire_step import _big_guns
    state = rig_game()
    ctx = Ctx(state, ScriptedDice([], fallback_seed=1))
    _big_guns(ctx, [ShotFired("fires", "", "rig_trailer", weapon=weapon, target="W", need=7, roll=8, hit=True)])
    met = of(ctx.log.events, HazardMet)
    assert [m.difficulty for m in met] == ([d] if d else [])
    assert all(m.vehicle == "rig" for m in met)    # the trailer's hazard is its rig's (000:L607)


def test_a_fifth_wheel_may_be_aimed_at_at_minus_6_and_takes_the_damage_unarmored_000_L2067_L2138() -> None:
    from rules.combat.shooting import coupling_aims, coupling_part
    from rules.combat.to_hit import Shot, to_hit
    from rules.phases.fire_step import target_aims
    state = rig_game()
    tractor = state.vehicle("rig")
    assert coupling_aims(tractor.sheet) == ["coupling:fifth_wheel"]
    assert coupling_part("coupling:heavy_hitch") == "hitch"   # the table's row for a hitch
    shot = Shot(base=7, range=5, target="tractor", target_side="back", specific="coupling", part="fifth_wheel")
    assert any(m.value == -6 and "fifth wheel" in m.name for m in to_hit(shot).modifiers)
    tongue = Shot(base=7, range=5, target="trailer", target_side="front", specific="coupling", part="tongue")
    assert any(m.value == -7 for m in to_hit(tongue).modifiers)       # attached: as the hitch (000:L1970)
    from rules.combat.damage import hit_part, sheet_with
    sheet, inside, _rep = hit_part(tractor.sheet, interior_of(tractor.sheet, "tractor"), "fifth_wheel", 99,
                                   ScriptedDice([], fallback_seed=1))
    sheet = sheet_with(sheet, inside)
    wheel = next(c for c in sheet.components if c.id == "fifth_wheel")
    assert wheel.destroyed and sheet.armor == tractor.sheet.armor   # straight to the part, no armor in front
    from rules.combat.shooting import combatant_of
    c = combatant_of("rig", "tractor", "tractor", tractor.pose, big_counter("tractor", ""), 40, 0, tractor.sheet)
    assert "coupling:fifth_wheel" in target_aims(c)


def test_a_fifth_wheel_shot_off_sets_the_trailer_loose_at_the_phases_end_000_L601() -> None:
    from dataclasses import replace as rep

    from rules.phases.movement import end_phase
    state = rig_game(mph=0)
    tractor = state.vehicle("rig")
    comps = tuple(rep(c, dp=0) if c.id == "fifth_wheel" else c for c in tractor.sheet.components)
    state = state.with_vehicle(rep(tractor, sheet=rep(tractor.sheet, components=comps)))
    ctx = Ctx(state, ScriptedDice([], fallback_seed=1))
    end_phase(ctx)
    assert of(ctx.log.events, TrailerLoose, "rig_trailer")
    assert ctx.v("rig_trailer").towed_by == ""


def test_a_foe_with_a_trailer_leaves_out_the_maneuvers_that_would_jackknife_000_L591() -> None:
    from rules.ai.foe import _no_jackknife
    from rules.driving.articulated import hitched, jackknifed
    from rules.driving.maneuvers import perform
    state = to_move(rig_game())
    tower, tr = state.vehicle("rig"), state.vehicle("rig_trailer")
    c = coupling_of(tower, tr)
    state = state.with_vehicle(replace(tr, pose=hitched(tower.pose, c, 85.0)))   # folded 85 degrees already
    moves = [a for a in engine.legal_actions(state, "rig") if isinstance(a, Move)]
    kept = _no_jackknife(state, state.vehicle("rig"), moves)
    assert 0 < len(kept) < len(moves)
    size = tower.spec.counter({})
    from rules.play.rigs import trailer_after
    for a in kept:
        if a.maneuver.kind != "straight":
            end = perform(a.maneuver, tower.pose, size, travel=tower.travel).end
            after = trailer_after(tower.pose, end, state.vehicle("rig_trailer").pose, c, reverse=False,
                                  maneuver=a.maneuver)
            assert not jackknifed(end, after, c)


def test_solid_truck_tires_take_nothing_from_debris_or_spikes_but_obstacles_hurt_000_L2013() -> None:
    from rules.play.rigs import tire_immune
    state = rig_game()
    rig = state.vehicle("rig")
    assert {t.kind for t in rig.sheet.tires} == {"Solid"}
    assert tire_immune(rig, 0, "debris") and tire_immune(rig, 0, "spikes")
    assert not tire_immune(rig, 0, "obstacle")
    car = state.vehicle("W")
    assert not tire_immune(car, 0, "debris")


def test_an_obstacle_is_d1_to_an_oversized_vehicle_000_L255() -> None:
    from rules.play.rigs import obstacle_d
    state = rig_game()
    assert obstacle_d(state.vehicle("rig"), 3) == 1
    assert obstacle_d(state.vehicle("rig_trailer"), 3) == 1
    assert obstacle_d(state.vehicle("W"), 3) == 3                 # a car's D3 (000:L501)


def test_a_rig_slowed_in_a_collision_takes_the_jolt_in_its_hitch_and_tongue_000_L474_L475() -> None:
    from rules.play.effects import coupling_rammed
    state = rig_game(mph=0, tower="Morgan", trailer="Raven")
    ctx = Ctx(state, ScriptedDice([], fallback_seed=1))
    hitch = next(c for c in ctx.v("rig").sheet.components if c.id.endswith("_hitch"))
    tongue = next(c for c in ctx.v("rig_trailer").sheet.components if c.id == "tongue")
    coupling_rammed(ctx, "rig", "rig_trailer", hitch.dp + 2)
    s = ctx.finish()
    assert next(c for c in s.vehicle("rig").sheet.components if c.id == hitch.id).destroyed
    assert s.vehicle("rig").sheet.armor["back"] == state.vehicle("rig").sheet.armor["back"] - 2   # the excess
    left = next(c for c in s.vehicle("rig_trailer").sheet.components if c.id == "tongue").dp
    assert left == max(0, tongue.dp - hitch.dp - 2)


def test_an_explosive_kingpin_lets_the_trailer_go_from_the_cab_000_L2105_L2107(tmp_path) -> None:
    from pathlib import Path

    from rules.play.actions import Release, parse
    from rules.vehicles.design import STOCK_DIR
    text = (Path(STOCK_DIR) / "brotherhood.toml").read_text().replace('kingpin = "standard"', 'kingpin = "explosive"')
    design = tmp_path / "brotherhood_x.toml"
    design.write_text(text)
    state = to_move(rig_game(trailer=str(design)))
    assert Release("rig") not in engine.legal_actions(state, "rig")          # not while it moves
    state, _ = engine.apply(state, Move("rig", Maneuver("straight")))
    while "rig" not in engine.to_act(state):
        vid = engine.to_act(state)[0]
        state, _ = engine.apply(state, next(a for a in engine.legal_actions(state, vid) if str(a).endswith("pass")))
    assert Release("rig") in engine.legal_actions(state, "rig")
    assert parse("rig release") == Release("rig")
    state, events = engine.apply(state, Release("rig"), ScriptedDice([], fallback_seed=3))
    assert of(events, TrailerLoose, "rig_trailer")
    assert state.vehicle("rig_trailer").towed_by == ""
    assert Release("rig") not in engine.legal_actions(state, "rig")          # nothing left to let go


def test_a_standard_kingpin_is_released_only_from_outside_000_L2105() -> None:
    from rules.play.actions import Release
    state = rig_game()
    assert "quick-release" in (engine.check(state, Release("rig")) or "")


def test_a_rig_at_2_5_mph_moves_a_quarter_inch_and_may_pivot_000_L593_L599() -> None:
    state = to_move(rig_game(mph=2.5))
    pivots = [a for a in engine.legal_actions(state, "rig") if isinstance(a, Move) and a.maneuver.kind == "pivot"]
    assert pivots
    m = next(a for a in pivots if a.maneuver.side == "right" and a.maneuver.degrees == 15)
    state, events = engine.apply(state, m, ScriptedDice([], fallback_seed=1))
    assert state.vehicle("rig").pose.facing == pytest.approx(15, abs=1e-3)
    assert of(events, TrailerFollowed, "rig_trailer") and on_hitch(state) < 2e-3
    car = engine.new_game(GameSetup((VehicleSetup("C", "a", PARKED, Pose.at(0, 0, 0), speed=2.5),),
                                    seed=calm_seed(2)))[0]
    car, _ = engine.apply(car, SetSpeed("C", 2.5))
    assert not any(isinstance(a, Move) and a.maneuver.kind == "pivot" for a in engine.legal_actions(car, "C"))


def test_a_rig_at_2_5_mph_may_pivot_without_moving_forward_000_L599() -> None:
    """(c) of 000:L596-L599: the tractor pivots about its rear corner where it stands, the trailer follows;
    the engine agrees with the rig geometry's own three ultra-slow moves (rules.driving.articulated)."""
    from rules.driving.articulated import ultra_slow_moves
    from rules.play.actions import parse
    state = to_move(rig_game(mph=2.5))
    tower, tr = state.vehicle("rig"), state.vehicle("rig_trailer")
    in_place = [a for a in engine.legal_actions(state, "rig") if isinstance(a, Move) and a.maneuver.in_place]
    m = next(a for a in in_place if a.maneuver.side == "right" and a.maneuver.degrees == 15)
    want = ultra_slow_moves(tower.pose, tr.pose, coupling_of(tower, tr), side="right", degrees=15)["pivot"]
    state, events = engine.apply(state, m, ScriptedDice([], fallback_seed=1))
    assert state.vehicle("rig").pose.to_json() == want.tower.end.to_json()
    assert state.vehicle("rig_trailer").pose.to_json() == want.trailer.end.to_json()
    assert of(events, TrailerFollowed, "rig_trailer") and on_hitch(state) < 2e-3
    assert parse("rig move pivot right 15 in_place") == m                     # the text form names it
    assert Maneuver.from_json(m.maneuver.to_json()) == m.maneuver             # and the query's object
    from rules.engine.preview import maneuver_name
    assert maneuver_name(m.maneuver) == "pivot right 15° in place"             # the key's label
    fast = to_move(rig_game(mph=5))                                           # at 5 mph: the regular pivot only
    assert "2.5 mph" in (engine.check(fast, m) or "")


@pytest.mark.parametrize("m", [Maneuver("bend", "right", degrees=30), Maneuver("steep_drift", "left", 0.5)])
def test_the_engine_moves_the_trailer_as_the_maneuver_query_answers_000_L562(m: Maneuver) -> None:
    from rules.tools.query import answer
    state = to_move(rig_game())
    tower, tr = state.vehicle("rig"), state.vehicle("rig_trailer")
    got = answer({"op": "maneuver", "vehicle": "tractor", "speed": 40, "pose": tower.pose.to_json(),
                  "maneuver": m.to_json(), "trailer": {"body": "van_40", "pose": tr.pose.to_json()}})
    state, _ = engine.apply(state, Move("rig", m), ScriptedDice([], fallback_seed=7))
    assert state.vehicle("rig").pose.to_json() == got["pose"]
    assert state.vehicle("rig_trailer").pose.to_json() == got["trailer_pose"]


def test_an_oversized_vehicle_shrugs_off_fewer_than_13_hits_of_one_attack_000_L256_L257() -> None:
    """The car rules' enemy-fire hazard (000:L250-L252) gives way to the oversized bands: below 13 hits none."""
    from rules.combat.damage import Absorbed, HitReport
    from rules.core.events import HazardMet
    from rules.phases.fire_step import hit_hazards
    state = rig_game()
    for vid, points, d in (("rig_trailer", 5, None), ("rig_trailer", 15, 2), ("rig", 25, 3), ("W", 5, 1)):
        ctx = Ctx(state, ScriptedDice([], fallback_seed=1))
        hit_hazards(ctx, vid, HitReport("front", points, steps=(Absorbed("front armor", points, 0, False, ""),)))
        met = of(ctx.log.events, HazardMet)
        assert [m.difficulty for m in met] == ([d] if d else []), (vid, points)
