"""Explosions hurt their neighbours and scatter debris; heavy damage leaves debris (000:L1014, L499)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import ScriptedDice
from rules.core.events import Damaged, HazardMet, RanOver
from rules.core.geometry import Pose
from rules.driving.maneuvers import slide
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import end_turn_fire
from rules.play.context import Ctx
from rules.play.counters import cross_counters
from rules.play.explosions import debris_from_damage, explosion, gap
from rules.play.state import GameState


def three(red: str = "Killer Kart") -> GameState:
    """Red between Blue (1" east, edge to edge 0.5") and Grey (5" west)."""
    setup = GameSetup((VehicleSetup("Red", "r", red, Pose.at(10, 10, 0)),
                       VehicleSetup("Blue", "b", "Killer Kart", Pose.at(11, 10, 0)),
                       VehicleSetup("Grey", "g", "Killer Kart", Pose.at(5, 10, 0))), seed=9)
    return new_game(setup)[0]


def test_gap_is_edge_to_edge() -> None:
    s = three()
    assert abs(gap(s.vehicle("Red"), s.vehicle("Blue")) - 0.5) < 1e-6  # cars are 1/2" wide, 1" apart
    assert abs(gap(s.vehicle("Red"), s.vehicle("Grey")) - 4.5) < 1e-6


def test_an_explosion_hits_neighbours_within_2_inches_on_the_face_toward_it_000_L1014() -> None:
    s = three()
    ctx = Ctx(s, ScriptedDice([2], fallback_seed=2))
    explosion(ctx, "Red")
    blue, grey = ctx.state.vehicle("Blue"), ctx.state.vehicle("Grey")
    # Blue's left side faces the blast (Red is to its west, both face north): 1d = 2 on its left armor
    assert blue.sheet.armor["left"] == s.vehicle("Blue").sheet.armor["left"] - 2
    assert grey.sheet == s.vehicle("Grey").sheet  # 4.5" away: untouched
    blast = [e for e in ctx.log.events if isinstance(e, Damaged) and e.vehicle == "Blue"]
    assert blast and blast[0].rule == "000:L1014"


def test_an_explosion_scatters_five_debris_counters_000_L499() -> None:
    ctx = Ctx(three(), ScriptedDice([], fallback_seed=3))
    explosion(ctx, "Red")
    debris = [c for c in ctx.state.counters if c.kind == "debris"]
    assert len(debris) == 5 and len({c.id for c in debris}) == 5
    site = ctx.state.vehicle("Red").pose.centre
    assert all((c.pose.centre - site).length() <= 3.0 + 1e-6 for c in debris)  # 1d x 1/2"


def test_ten_points_in_a_phase_leave_debris_beside_the_face_hit_000_L499() -> None:
    ctx = Ctx(three())
    debris_from_damage(ctx, {"Blue": (10, "front", False), "Grey": (9, "left", False)})
    assert [(c.kind, c.owner) for c in ctx.state.counters] == [("debris", "Blue")]
    c = ctx.state.counters[0]
    assert c.pose.centre.y < ctx.state.vehicle("Blue").pose.centre.y  # in front of a car facing north


def test_a_car_is_never_hurt_by_its_own_debris_but_others_are_000_L499_L496() -> None:
    ctx = Ctx(three(), ScriptedDice([], fallback_seed=4))
    debris_from_damage(ctx, {"Blue": (12, "front", False)})
    blue = ctx.state.vehicle("Blue")
    ctx.state = ctx.state.with_vehicle(replace(blue, touching=()))
    cross_counters(ctx, "Blue", slide(blue.pose, 0, 1.0))
    assert not any(isinstance(e, HazardMet) for e in ctx.log.events)
    grey = ctx.state.vehicle("Grey")
    ctx.state = ctx.state.with_vehicle(replace(grey, pose=Pose.at(11, 10.5, 0)))
    cross_counters(ctx, "Grey", slide(Pose.at(11, 10.5, 0), 0, 1.5))
    assert any(isinstance(e, HazardMet) and e.what == "debris" for e in ctx.log.events)


def test_a_burning_car_that_explodes_at_the_end_of_the_turn_hurts_its_neighbour_000_L1014() -> None:
    s = three("Harmon")  # rocket launchers aboard: it can explode (000:L1014)
    red = s.vehicle("Red")
    s = s.with_vehicle(replace(red, sheet=replace(red.sheet, on_fire=True)))
    ctx = Ctx(s, ScriptedDice([1], fallback_seed=5))  # the explosion roll: 1 explodes
    end_turn_fire(ctx)
    assert ctx.state.vehicle("Red").out and ctx.state.vehicle("Red").sheet.destroyed
    assert ctx.state.vehicle("Blue").sheet != s.vehicle("Blue").sheet
    assert sum(1 for c in ctx.state.counters if c.kind == "debris") == 5


def test_a_phase_of_hits_is_summed_per_vehicle_for_debris_000_L499() -> None:
    from rules.combat.damage import Absorbed, HitReport
    from rules.phases.fire_step import taken_this_phase

    def rep(face: str, points: int) -> HitReport:
        return HitReport(face, points, (Absorbed(f"{face} armor", points, 0, False, "000:L953"),))

    taken = taken_this_phase([("Blue", rep("front", 4)), ("Blue", rep("left", 7)), ("Grey", rep("back", 3))])
    assert taken == {"Blue": (11, "left", False), "Grey": (3, "back", False)}


def test_twenty_points_or_a_lost_wheel_leave_an_obstacle_too_000_L503() -> None:
    ctx = Ctx(three())
    debris_from_damage(ctx, {"Blue": (20, "left", False), "Grey": (3, "front", True)})
    kinds = sorted((c.owner, c.kind) for c in ctx.state.counters)
    assert kinds == [("Blue", "debris"), ("Blue", "obstacle"), ("Grey", "obstacle")]


def test_running_over_an_obstacle_is_a_D3_hazard_with_debris_tire_damage_000_L501() -> None:
    ctx = Ctx(three(), ScriptedDice([], fallback_seed=6))
    debris_from_damage(ctx, {"Blue": (3, "front", True)})
    grey = ctx.state.vehicle("Grey")
    ctx.state = ctx.state.with_vehicle(replace(grey, pose=Pose.at(11, 10.5, 0), speed=30.0))
    cross_counters(ctx, "Grey", slide(Pose.at(11, 10.5, 0), 0, 1.5))
    hz = [e for e in ctx.log.events if isinstance(e, HazardMet) and not e.stationary]
    assert hz and hz[0].difficulty == 3
    assert any(isinstance(e, RanOver) and e.obstacle == "obstacle" and e.rule == "000:L501" for e in ctx.log.events)


def _hurt_since_last_phase(state: GameState, vid: str, face: str, points: int) -> GameState:
    """The vehicle had `points` more armor on `face` at the end of the last phase (a collision since)."""
    from rules.phases.fire_step import damage_points

    v = state.vehicle(vid)
    before = replace(v.sheet, armor={**v.sheet.armor, face: v.sheet.armor[face] + points})
    v = replace(v, phase_dp=damage_points(before))
    return replace(state, vehicles=tuple(v if o.id == vid else o for o in state.vehicles))


def test_collision_damage_counts_toward_debris_000_L499() -> None:
    from rules.phases.fire_step import resolve

    state = _hurt_since_last_phase(three(), "Red", "front", 10)
    ctx = Ctx(state, ScriptedDice([], fallback_seed=1))
    resolve(ctx)  # nobody fired this phase: the 10 points came from a collision
    laid = [c for c in ctx.state.counters if c.kind == "debris"]
    assert len(laid) == 1 and laid[0].owner == "Red"
    red = ctx.state.vehicle("Red").pose
    assert laid[0].pose.centre.y < red.centre.y  # beside the face that lost the armor: ahead of a car facing north
    # the record moves on: the next phase with no damage lays nothing more
    ctx2 = Ctx(ctx.state, ScriptedDice([], fallback_seed=1))
    resolve(ctx2)
    assert len([c for c in ctx2.state.counters if c.kind == "debris"]) == 1


def test_nine_points_in_a_phase_leave_no_debris_000_L499() -> None:
    from rules.phases.fire_step import resolve

    ctx = Ctx(_hurt_since_last_phase(three(), "Red", "front", 9), ScriptedDice([], fallback_seed=1))
    resolve(ctx)
    assert not ctx.state.counters
