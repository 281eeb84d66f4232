"""A scenario's runner makes for its exit (issue 16, scenario roles; issue 19, the convoy): the foe that
drives an escape victory's target steers for the exit area instead of closing on the raiders, and says so."""

from __future__ import annotations

from dataclasses import replace

from rules.ai.foe import _exit_of, decide
from rules.ai.sight import View
from rules.core.geometry import Vec
from rules.engine import engine
from rules.engine.scenarios import game_setup, load_scenario
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
        assert _exit_of(view) == want, v.id


def _rig_after(turns: int, *, runner: bool) -> tuple[float, float]:
    """The convoy (seed 1) played by its foes for some turns: the rig's distance from the exit at the start
    and at the end; without `runner` the state has no goal, and the rig's foe fights like any other."""
    setup = game_setup(load_scenario(CONVOY), seed=1)
    foes = {v.id: v.foe or "veteran" for v in setup.vehicles}
    state, _ = engine.new_game(setup)
    exit_at, rig = _exit_centre(state), state.goal.targets[0]
    if not runner:
        state = replace(state, goal=None)
    start = (state.vehicle(rig).pose.centre - exit_at).length()
    while state.turn <= turns and engine.outcome(state) is None:
        who = engine.to_act(state)[0]
        prof = foes.get(who) or foes[state.vehicle(who).towed_by or who.removesuffix("_trailer")]
        action, _ = decide(state, who, engine.legal_actions(state, who), prof, budget=60.0)
        state, _ = engine.apply(state, action)
    return start, (state.vehicle(rig).pose.centre - exit_at).length()


def test_the_convoy_rig_driven_by_a_foe_makes_for_the_exit():
    start, runner = _rig_after(6, runner=True)
    _, fighter = _rig_after(6, runner=False)
    assert runner < start - 5.0          # it drives up the highway towards the exit
    assert runner < fighter              # nearer than the same foe with no exit to make for
