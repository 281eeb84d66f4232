"""A scenario's runner makes for its exit (issue 16, scenario roles; issue 19, the convoy): the foe that
drives an escape victory's target steers for the exit area instead of closing on the raiders, and says so."""

from __future__ import annotations

from dataclasses import replace

from rules.ai import runner
from rules.ai.foe import decide
from rules.ai.runner import exit_centre
from rules.ai.sight import View
from rules.core.geometry import Pose, Vec
from rules.engine import engine
from rules.engine.scenarios import game_setup, load_scenario
from rules.play.actions import Fire
from rules.play.state import evolve
from rules.tables.foe_profiles import profile as preset

CONVOY = "maps/scenarios/convoy_rig.toml"


def _exit_centre(state) -> Vec:
    x, y, w, h = state.goal.exit
    return Vec(x + w / 2, y + h / 2)


def test_only_the_escape_target_has_an_exit_to_make_for():
    state, _ = engine.new_game(game_setup(load_scenario(CONVOY), seed=1))
    assert state.goal is not None and state.goal.kind == "escape"
    for v in state.vehicles:
        view = View.of(state, v.id, preset("veteran"), deadline=float("inf"))
        want = _exit_centre(state) if v.id in state.goal.targets else None
        assert exit_centre(view) == want, v.id


def _rig_after(turns: int, *, runner: bool) -> tuple[float, float, list[tuple[float, float]]]:
    """The convoy (seed 1) played by its foes for some turns: the rig's distance from the exit at the start
    and at the end, and its (x, speed) at the start of each turn; without `runner` the state has no goal, and
    the rig's foe fights like any other."""
    setup = game_setup(load_scenario(CONVOY), seed=1)
    foes = {v.id: v.foe or "veteran" for v in setup.vehicles}
    state, _ = engine.new_game(setup)
    exit_at, rig = _exit_centre(state), state.goal.targets[0]
    if not runner:
        state = replace(state, goal=None)
    start = (state.vehicle(rig).pose.centre - exit_at).length()
    seen: list[tuple[float, float]] = []
    while state.turn <= turns and engine.outcome(state) is None:
        if len(seen) < state.turn:
            seen.append((state.vehicle(rig).pose.centre.x, state.vehicle(rig).speed))
        who = engine.to_act(state)[0]
        prof = foes.get(who) or foes[state.vehicle(who).towed_by or who.removesuffix("_trailer")]
        action, _ = decide(state, who, engine.legal_actions(state, who), prof, budget=60.0)
        state, _ = engine.apply(state, action)
    return start, (state.vehicle(rig).pose.centre - exit_at).length(), seen


def test_the_convoy_rig_driven_by_a_foe_makes_for_the_exit():
    start, ran, seen = _rig_after(6, runner=True)
    _, fighter, _ = _rig_after(6, runner=False)
    assert ran < start - 18.0            # 6 turns up the highway at 30 mph or more (it starts at 40)
    assert ran < fighter                 # nearer than the same foe with no exit to make for
    # it keeps to the highway's four lanes (x 5.5-9.5 on the convoy map, the exit's centre at 7.5) and
    # holds a road speed: before, it slowed to 15-25 mph to fight and drifted onto the shoulder and off
    assert all(abs(x - 7.5) <= 2.0 for x, _ in seen), seen
    assert all(mph >= 30 for _, mph in seen), seen


def _convoy_view(vid: str = "rig", **changes: object) -> View:
    state, _ = engine.new_game(game_setup(load_scenario(CONVOY), seed=1))
    if changes:
        state = state.with_vehicle(evolve(state.vehicle("rig"), **changes))
    return View.of(state, vid, preset("veteran"), deadline=float("inf"))


def test_a_runner_keeps_the_lane_out_through_the_exit():
    view = _convoy_view()
    assert runner.out_heading(view) == 0.0     # the exit lies on the map's north edge
    on_line = runner.lane_terms(view, Pose.of(Vec(7.5, 30.0), 0.0))
    assert on_line[:2] == (0.0, 0.0)           # in its lane, nose up the road: nothing to pay
    nearer = runner.lane_terms(view, Pose.of(Vec(7.5, 20.0), 0.0))
    assert nearer[2] > on_line[2]              # 10" nearer the exit is worth more
    shoulder = runner.lane_terms(view, Pose.of(Vec(9.75, 30.0), 0.0))
    assert shoulder[0] < 0                     # on the gravel shoulder: off its lane
    back_in = runner.lane_terms(view, Pose.of(Vec(9.75, 30.0), 345.0))
    away = runner.lane_terms(view, Pose.of(Vec(9.75, 30.0), 15.0))
    assert back_in[1] > away[1]                # steering back into the lane beats steering away
    assert runner.cruise(view, 25.0) == runner.CRUISE_MPH   # a fighting foe's 25 mph is not a runner's
    other = _convoy_view("raider_1")
    assert runner.lane_terms(other, Pose.of(Vec(20.0, 30.0), 90.0)) == (0.0, 0.0, 0.0)
    assert runner.cruise(other, 25.0) == 25.0


def _tank_gun_fire(view: View) -> Fire:
    tg = next(w for w in view.state.vehicle("rig_trailer").sheet.weapons if w.abbr == "TG")
    return Fire("rig_trailer", tg.id, "raider_1")


def test_a_runner_fires_its_tank_guns_only_while_the_hazard_is_a_risk_it_takes():
    # a tank gun fired is D2 to an oversized vehicle's driver (000:L259-L260); the convoy's tractor has HC 1
    steady = _convoy_view("rig_trailer", hs=1)
    assert runner.fire_ok(steady, _tank_gun_fire(steady))       # 1 -> -1 at 40 mph: safe
    shaken = _convoy_view("rig_trailer", hs=-3)
    assert not runner.fire_ok(shaken, _tank_gun_fire(shaken))   # -3 -> -5 at 40 mph: a roll the veteran won't risk
    escort = _convoy_view("escort")
    gun = escort.me.sheet.weapons[0].id
    assert runner.fire_ok(escort, Fire("escort", gun, "raider_1"))   # any other foe: as before
