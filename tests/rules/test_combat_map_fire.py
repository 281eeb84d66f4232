"""Weapon fire at walls and buildings (000:L1200-L1206), reference TC-20..TC-23: a hit of at least the
DP breaches, lesser hits do nothing and do not add up; a building falls at its collapse count and deals
1d per DP to everything inside; shots at the map are legal only in arc, with a clear line of fire, and
with a weapon whose best roll can breach (reading CB42)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.line_of_fire import blocker, map_world
from rules.combat.to_hit import Shot, to_hit
from rules.core.dice import ScriptedDice
from rules.core.events import (
    CounterLaid,
    FeatureBreached,
    FeatureCollapsed,
    FeatureUnharmed,
    HitFixedObject,
    OutOfFight,
    ShotFired,
)
from rules.core.geometry import Pose, Vec
from rules.driving.maneuvers import slide
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import fire_problem, map_fire_options, preview_fire, resolve
from rules.play.actions import Fire
from rules.play.collisions import move_with_collisions
from rules.play.context import Ctx
from rules.play.shots_at_map import MapHit, MapTarget, apply_map_hits, breach_outcome, map_targets
from rules.play.state import GameState

TOWN = "maps/town.toml"


def _building(dp: int, collapse: int | None) -> MapTarget:
    return MapTarget("buildings[9]", "building", "test building", dp, collapse, ())


def test_tc20_a_breach_needs_a_hit_of_the_full_dp_000_L1201() -> None:
    b = _building(10, 10)
    assert breach_outcome(b, 0, 10) == (True, False)
    assert breach_outcome(b, 0, 9) == (False, False)
    # two 9-point hits: each judged alone, nothing is kept between them (TC-20)
    assert breach_outcome(b, breach_outcome(b, 0, 9)[0], 9) == (False, False)


def test_tc21_a_building_falls_on_the_breach_that_reaches_its_dp_000_L1202() -> None:
    four, ten = _building(4, 4), _building(10, 10)
    assert [breach_outcome(four, n, 4)[1] for n in range(4)] == [False, False, False, True]
    assert [breach_outcome(ten, n, 10)[1] for n in range(10)] == [False] * 9 + [True]


def test_tc22_collapse_deals_a_die_per_dp_and_shuts_a_car_in_000_L1203_L1204() -> None:
    six = _building(6, 6)
    assert six.collapse_dice().n == 6 and six.collapse_dice().mod == 0
    assert six.trapped_turns() == 6


def test_tc23_a_barn_4_15_000_L1205() -> None:
    barn = _building(4, 15)
    assert breach_outcome(barn, 0, 4) == (True, False) and breach_outcome(barn, 0, 3) == (False, False)
    assert not breach_outcome(barn, 13, 4)[1] and breach_outcome(barn, 14, 4)[1]
    assert barn.collapse_dice().n == 4


def test_town_buildings_carry_the_maps_dp_and_collapse_000_L1205() -> None:
    targets = map_targets(TOWN, new_game(_setup(Pose.at(1.5, 9, 90)))[0].map_changes)
    b0, b1 = targets["buildings[0]"], targets["buildings[1]"]
    assert (b0.dp, b0.collapse) == (6, 6)    # no number in parentheses: collapses at its DP
    assert (b1.dp, b1.collapse) == (10, 4)


def test_a_building_is_plus_10_with_no_stillness_bonus_000_L1200() -> None:
    th = to_hit(Shot(base=7, range=2.0, target="building", building=True, firer_speed=30))
    assert [(m.name, m.value) for m in th.modifiers] == [("building or wall", 10)]


def _setup(red: Pose) -> GameSetup:
    return GameSetup((VehicleSetup("Red", "red", "Killer Kart", red),
                      VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(46, 34, 0))), seed=5, map=TOWN)


def _facing_building0() -> GameState:
    # town buildings[0] covers x 3-7.5, y 3-15 (DP 6); Red faces its west wall from x = 1.5
    return new_game(_setup(Pose.at(1.5, 9, 90)))[0]


def test_a_wall_in_arc_and_reach_is_a_legal_shot_000_L1200_L827() -> None:
    state = _facing_building0()
    shot = Fire("Red", "MG1", "buildings[0]")
    assert shot in map_fire_options(state, "Red")
    assert fire_problem(state, shot) is None
    p = preview_fire(state, shot)
    assert p.can_hit and any(m.name == "building or wall" and m.value == 10 for m in p.modifiers)
    assert abs(p.point.x - 3.0) < 1e-6   # aimed at the west wall's nearest point
    aimed = fire_problem(state, Fire("Red", "MG1", "buildings[0]", "tire:FL"))
    assert aimed is not None and "no aim" in aimed


def test_no_shot_at_a_building_behind_or_out_of_reach_000_L827_L1201() -> None:
    away = new_game(_setup(Pose.at(1.5, 9, 270)))[0]   # facing west, the building behind
    assert map_fire_options(away, "Red") == []
    why = fire_problem(away, Fire("Red", "MG1", "buildings[0]"))
    assert why is not None and "arc" in why
    # arena walls have 20-40 DP: a 1d machine gun can never breach them
    arena = new_game(GameSetup((VehicleSetup("Red", "red", "Killer Kart", Pose.at(35, 10, 90)),
                                VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(5, 25, 0))),
                               seed=5, map="maps/arena.toml"))[0]
    assert map_fire_options(arena, "Red") == []
    why = fire_problem(arena, Fire("Red", "MG1", "walls[3]"))
    assert why is not None and "000:L1201" in why
    assert fire_problem(arena, Fire("Red", "MG1", "nowhere[0]")) is not None


def _resolve(state: GameState, dice: list[int]) -> Ctx:
    ctx = Ctx(replace(state, fire_declared=(("Red", "MG1", "buildings[0]", ""),)), ScriptedDice(dice))
    resolve(ctx)
    return ctx


def test_a_full_dp_hit_breaches_the_building_000_L1200_L1201() -> None:
    state = _facing_building0()
    ctx = _resolve(state, [6, 6, 6])           # to hit: 12; MG 1d: 6 = the DP
    assert [b[0] for b in ctx.state.map_changes.breaches] == ["buildings[0]"]
    assert ctx.state.vehicle("Red").fired == ("MG1",)
    assert any(isinstance(e, FeatureBreached) for e in ctx.log.events)


def test_a_lesser_hit_leaves_nothing_behind_000_L1201() -> None:
    ctx = _resolve(_facing_building0(), [6, 6, 5])   # hits for 5 < DP 6
    assert not ctx.state.map_changes
    assert any(isinstance(e, FeatureUnharmed) and e.rule == "000:L1201" for e in ctx.log.events)


def test_the_last_breach_brings_it_down_on_a_car_inside_000_L1202_L1204() -> None:
    state = _facing_building0()
    blue = state.vehicle("Blue")
    inside = replace(blue, pose=Pose.at(5, 9, 0), sheet=replace(blue.sheet, armor={**blue.sheet.armor, "top": 10}))
    state = state.with_vehicle(inside)
    changes = state.map_changes
    for i in range(5):  # five breaches already: the sixth brings DP 6 down
        changes = changes.with_breach(f"b{i}", "buildings[0]", Vec(3, 4 + i), 0.25)
    ctx = Ctx(replace(state, map_changes=changes), ScriptedDice([1] * 6, fallback_seed=4))
    apply_map_hits(ctx, [MapHit("Red", "MG1", "buildings[0]", Vec(3, 9), 6)])
    assert "buildings[0]" in ctx.state.map_changes.rubble
    assert "buildings[0]" not in map_targets(TOWN, ctx.state.map_changes)
    assert ctx.state.vehicle("Blue").sheet.armor["top"] == 10 - 6             # 6d of ones on its top
    assert ctx.state.vehicle("Blue").sheet.crew() == inside.sheet.crew()       # the top held: crew unhurt
    assert any("shut in for 6 turns" in e.text and e.rule == "000:L1204" for e in ctx.log.events)
    assert ctx.state.vehicle("Red").sheet == state.vehicle("Red").sheet        # outside: untouched


def test_a_car_under_the_rubble_is_stuck_and_its_crew_shut_in_000_L1204_L1206() -> None:
    """Reading CB49: the rubble holds the car where it lies, so it is out of the fight; its crew wait
    1 turn per DP before they could climb out."""
    from rules.engine.engine import why_out

    state = _facing_building0()
    blue = state.vehicle("Blue")
    inside = replace(blue, pose=Pose.at(5, 9, 0), speed=20.0, increments=(1.0,),
                     sheet=replace(blue.sheet, armor={**blue.sheet.armor, "top": 2}))
    state = state.with_vehicle(inside)
    changes = state.map_changes
    for i in range(5):
        changes = changes.with_breach(f"b{i}", "buildings[0]", Vec(3, 4 + i), 0.25)
    ctx = Ctx(replace(state, map_changes=changes), ScriptedDice([1] * 6, fallback_seed=4))
    apply_map_hits(ctx, [MapHit("Red", "MG1", "buildings[0]", Vec(3, 9), 6)])
    buried = ctx.state.vehicle("Blue")
    assert buried.out and buried.speed == 0 and not buried.increments
    assert buried.trapped_until == state.turn + 6 and buried.buried_under
    assert buried.sheet.armor["top"] == 0                                       # 6 through 2 points of top armor
    assert "buried under" in why_out(buried) and "000:L1204" in why_out(buried)
    assert any(isinstance(e, OutOfFight) and e.vehicle == "Blue" and "L1206" in e.rule for e in ctx.log.events)
    assert any("its crew are shut in for 6 turns" in e.text for e in ctx.log.events)


def test_shots_at_buildings_are_offered_in_the_fire_step_and_play_through_000_L1200_L820() -> None:
    """The fire step lists the building among Red's choices (so a player or foe can take it), the
    engine accepts exactly that, and a foe given the choice still prefers vehicles or passing."""
    from rules.ai import decide
    from rules.engine.engine import apply, legal_actions, to_act
    from rules.phases.fire_step import fire_options, may_fire
    from rules.play.state import FIRE

    state = _facing_building0()
    while state.step != FIRE and not state.over:
        vid = to_act(state)[0]
        acts = legal_actions(state, vid)
        keep = [a for a in acts if str(a).endswith(" speed 0")]
        state, _ = apply(state, keep[0] if keep else acts[0])
    assert state.step == FIRE and "Red" in to_act(state) and may_fire(state, "Red")
    shot = Fire("Red", "MG1", "buildings[0]")
    assert shot in fire_options(state, "Red") and shot in legal_actions(state, "Red")
    action, _why = decide(state, "Red", legal_actions(state, "Red"), "veteran", 0.5)
    assert action in legal_actions(state, "Red")
    assert not (isinstance(action, Fire) and action.target.startswith("buildings"))
    after, events = apply(state, shot)
    assert any(isinstance(e, ShotFired) and e.target == "buildings[0]" for e in events)  # rolled and logged
    assert (after.phase, after.step) == (2, "speed")  # nobody else had a shot: the phase moved on


def _collapsed_building0() -> Ctx:
    state = _facing_building0()
    changes = state.map_changes
    for i in range(5):
        changes = changes.with_breach(f"b{i}", "buildings[0]", Vec(3, 4 + i), 0.25)
    ctx = Ctx(replace(state, map_changes=changes), ScriptedDice([1] * 6, fallback_seed=3))
    apply_map_hits(ctx, [MapHit("Red", "MG1", "buildings[0]", Vec(3, 9), 6)])
    return ctx


def test_a_fallen_building_leaves_rubble_that_blocks_fire_000_L1206_L1207() -> None:
    """Rubble fills the squares the building stood on and still blocks line of fire; its old
    breaches are buried and it is no longer a target."""
    ctx = _collapsed_building0()
    changes = ctx.state.map_changes
    assert changes.rubble == ("buildings[0]",) and changes.breaches == () and changes.destroyed == ()
    assert "buildings[0]" not in map_targets(TOWN, changes)
    assert blocker({}, TOWN, Vec(1, 9), Vec(9, 9), (), changes) == "buildings[0]"
    assert blocker({}, TOWN, Vec(1, 4), Vec(9, 4), (), changes) == "buildings[0]"   # across an old breach
    world = map_world(TOWN, changes)
    assert world is not None and {s.tag for s in world.feature("buildings[0]")} == {"rubble"}


def test_no_vehicle_may_enter_rubble_000_L1206() -> None:
    ctx = _collapsed_building0()
    made = move_with_collisions(ctx, "Red", slide(Pose.at(1.5, 9, 90), 90, 6))
    assert made.end.centre.x < 3.0                                       # stopped at its edge
    assert any(isinstance(e, HitFixedObject) and e.name == "rubble" for e in ctx.log.events)
    assert "buildings[0]" in ctx.state.map_changes.rubble               # a ram cannot breach rubble
    assert ctx.state.map_changes.breaches == ()


def test_a_ram_that_brings_a_building_down_leaves_rubble_and_debris_000_L1205_L1208() -> None:
    state = _facing_building0()
    changes = state.map_changes
    for i in range(5):
        changes = changes.with_breach(f"b{i}", "buildings[0]", Vec(3, 4 + i), 0.25)
    ctx = Ctx(replace(state, map_changes=changes), ScriptedDice([6] * 12, fallback_seed=3))
    ctx.update("Red", speed=60.0)
    ctx.update("Red", pose=Pose.at(1.5, 12, 90))
    move_with_collisions(ctx, "Red", slide(Pose.at(1.5, 12, 90), 90, 3))
    assert ctx.state.map_changes.rubble == ("buildings[0]",)
    assert any(isinstance(e, FeatureCollapsed) for e in ctx.log.events)
    assert blocker({}, TOWN, Vec(1, 9), Vec(9, 9), (), ctx.state.map_changes) == "buildings[0]"
    assert len([c for c in ctx.state.counters if c.kind == "debris"]) == 12     # 000:L1208


def test_a_fall_scatters_a_dozen_debris_counters_on_the_street_around_it_000_L1208() -> None:
    """buildings[0] covers x 3-7.5, y 3-15: each counter lands 1d x 60 degrees from its centre, 1d x 1/2"
    beyond its edge (reading CB45)."""
    state = _facing_building0()
    changes = state.map_changes
    for i in range(5):
        changes = changes.with_breach(f"b{i}", "buildings[0]", Vec(3, 4 + i), 0.25)
    faces = [f for way in range(1, 7) for f in (way, 1)] * 2          # every direction, 1/2" out
    ctx = Ctx(replace(state, map_changes=changes), ScriptedDice(faces))
    apply_map_hits(ctx, [MapHit("Red", "MG1", "buildings[0]", Vec(3, 9), 6)])
    debris = [c for c in ctx.state.counters if c.kind == "debris"]
    assert len(debris) == 12
    for c in debris:
        x, y = c.pose.centre.x, c.pose.centre.y
        assert not (3 < x < 7.5 and 3 < y < 15)                          # on the street, not on the rubble
        beyond = max(3 - x, x - 7.5, 3 - y, y - 15)
        assert 0 < beyond <= 0.5 + 0.125 + 1e-9
    assert {round(c.pose.facing) % 360 for c in debris} == {0, 60, 120, 180, 240, 300}
    assert any(e.rule == "000:L1208" and isinstance(e, CounterLaid) for e in ctx.log.events)
