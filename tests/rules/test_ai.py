"""Scripted foes (issue 8): they choose only among the engine's legal actions, plan around walls and
control risk (000:L182-L186), shoot when a shot is worth it (000:L820, L901) and explain themselves."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest

from rules.ai import decide as foe_decide
from rules.ai import describe, explain, profile, profiles, random_driver
from rules.ai.foe import maneuver_risk, p_lose, p_two_dice
from rules.core.geometry import Pose
from rules.driving.handling import control_need, lower_status
from rules.driving.maneuvers import Maneuver
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Drop, Fire, Move, Pass, SetSpeed
from rules.play.state import FIRE, MOVE, SPEED, GameState, RuleOptions
from rules.tables.movement import tables

TEST_BUDGET = 60.0  # seconds: the client's 1 s cap can be reached on a loaded machine (a test must not depend on it)


def decide(state, vid, legal, profile, budget=None):
    """The foes' decision as the client and simulate call it: the search size is the profile's node
    budget, and the wall-clock cap is only a safety net. Tests give it a minute, not the client's 1 s,
    so a loaded machine (the cap cut a search short there) cannot change what they see."""
    return foe_decide(state, vid, legal, profile, TEST_BUDGET if budget is None else budget)

ROOT = Path(__file__).resolve().parents[2]
ARENA = str(ROOT / "maps" / "arena.toml")
PRESETS = ("novice", "veteran", "ace", "berserker", "coward")

BOX = """format_version = 1
name = "Box"
starts = [
    { name = "a", x = 4, y = 6, facing = 90, speed = 30 },
    { name = "b", x = 20, y = 6, facing = 270, speed = 30 },
]
[size]
width = 24
height = 12
[ground]
kind = "road"
condition = "dry"
[[walls]]
rect = [0, 0, 24, 0.5]
dp = 40
name = "north"
[[walls]]
rect = [0, 11.5, 24, 0.5]
dp = 40
name = "south"
[[walls]]
rect = [0, 0.5, 0.5, 11]
dp = 40
name = "west"
[[walls]]
rect = [23.5, 0.5, 0.5, 11]
dp = 40
name = "east"
"""


def box_map(tmp_path: Path) -> str:
    p = tmp_path / "box.toml"
    p.write_text(BOX)
    return str(p)


def _game(cars: list[tuple[str, Pose, float]], *, map_path: str = "", seed: int = 1, turns: int = 0,
          design: str = "Killer Kart") -> GameState:
    setups = tuple(VehicleSetup(vid, vid, design, pose, speed) for vid, pose, speed in cars)
    state, _ = engine.new_game(GameSetup(setups, seed=seed, map=map_path, max_turns=turns,
                                         options=RuleOptions(fire_step="on")))
    return state


def _advance_to(state: GameState, vid: str, step: str, limit: int = 400) -> GameState:
    """Let everybody hold their course (straight, current speed, pass) until vid must choose at `step`."""
    for _ in range(limit):
        who = engine.to_act(state)
        if state.step == step and vid in who:
            return state
        w = who[0]
        legal = engine.legal_actions(state, w)
        hold = next((a for a in legal if isinstance(a, SetSpeed) and a.mph == state.vehicle(w).signed_speed), None)
        hold = hold or next((a for a in legal if isinstance(a, Move) and a.maneuver.kind == "straight"), None)
        hold = hold or next((a for a in legal if isinstance(a, Pass)), legal[0])
        state, _ = engine.apply(state, hold)
    raise AssertionError(f"{vid} never came to {step}")


# --- legality -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_every_choice_is_one_of_the_legal_actions_000_L135_L820(name: str) -> None:
    """A foe never exempts itself from a rule: whatever it picks is in engine.legal_actions."""
    state = _game([("A", Pose.at(5, 15, 90), 20), ("B", Pose.at(14, 14, 270), 20)], map_path=ARENA, seed=7, turns=4)
    steps = set()
    for _ in range(400):
        if engine.outcome(state) is not None:
            break
        vid = engine.to_act(state)[0]
        legal = engine.legal_actions(state, vid)
        action, why = decide(state, vid, legal, name)
        assert action in legal, (action, legal)
        assert why and isinstance(why, str)
        assert engine.check(state, action) is None
        steps.add(state.step)
        state, _ = engine.apply(state, action)
    assert steps == {SPEED, MOVE, FIRE}


def test_a_foe_is_deterministic_for_the_same_state() -> None:
    state = _game([("A", Pose.at(5, 15, 90), 40), ("B", Pose.at(14, 16, 270), 40)], map_path=ARENA)
    state = _advance_to(state, "A", MOVE)
    legal = engine.legal_actions(state, "A")
    first = decide(state, "A", legal, "ace")
    assert all(decide(state, "A", legal, "ace") == first for _ in range(3))


def test_out_of_time_it_still_returns_a_legal_action() -> None:
    """The budget is a safety net: with no time at all the best found so far (the first) is legal."""
    state = _game([("A", Pose.at(5, 15, 90), 40), ("B", Pose.at(14, 16, 270), 40)], map_path=ARENA)
    state = _advance_to(state, "A", MOVE)
    legal = engine.legal_actions(state, "A")
    action, _ = decide(state, "A", legal, "veteran", budget=0.0)
    assert action in legal


def test_no_legal_action_is_an_error_not_a_guess() -> None:
    state = _game([("A", Pose.at(5, 15, 90), 40), ("B", Pose.at(14, 16, 270), 40)])
    with pytest.raises(ValueError):
        decide(state, "A", [], "veteran")


def test_the_random_driver_picks_legal_actions_repeatably() -> None:
    state = _game([("A", Pose.at(5, 15, 90), 40), ("B", Pose.at(14, 16, 270), 40)], map_path=ARENA)
    legal = engine.legal_actions(state, engine.to_act(state)[0])
    a1, _ = random_driver.pick(state, "A", legal, seed=3, count=5)
    a2, _ = random_driver.pick(state, "A", legal, seed=3, count=5)
    assert a1 == a2 and a1 in legal


# --- driving --------------------------------------------------------------------------------------


def test_it_turns_away_from_a_wall_dead_ahead(tmp_path: Path) -> None:
    """At 40 mph 2" from the east wall of a box, going straight on means a crash: it turns."""
    box = box_map(tmp_path)
    state = _game([("A", Pose.at(20.5, 6, 90), 40), ("B", Pose.at(4, 9, 0), 0)], map_path=box)
    state = _advance_to(state, "A", MOVE)
    for name in PRESETS:
        action, why = decide(state, "A", engine.legal_actions(state, "A"), name)
        assert isinstance(action, Move)
        assert action.maneuver.kind not in ("straight", "drift"), (name, action, why)


def test_a_veteran_keeps_to_safe_maneuvers_when_there_are_some_000_L182_L186() -> None:
    """With its handling status already low, every maneuver it picks in open country is one the
    Control Table calls safe (or within its accepted risk) whenever such a maneuver is legal."""
    vet = profile("veteran")
    for facing, hs in ((90, -1), (0, 0), (45, -2)):
        state = _game([("A", Pose.at(50, 50, facing), 60), ("B", Pose.at(58, 47, 270), 30)])
        state = _advance_to(state, "A", MOVE)
        state = state.with_vehicle(replace(state.vehicle("A"), hs=hs))
        legal = engine.legal_actions(state, "A")
        moves = [a for a in legal if isinstance(a, Move)]
        assert any(_risk(state, a) <= vet.max_risk for a in moves)
        assert any(_risk(state, a) > vet.max_risk for a in moves)
        action, why = decide(state, "A", legal, vet)
        assert isinstance(action, Move)
        assert _risk(state, action) <= vet.max_risk, (action, why)


def _risk(state: GameState, a: Move) -> float:
    """The chance of losing control the Control Table gives for this move, checked by hand."""
    v = state.vehicle(a.vehicle)
    t = tables()
    d, need = maneuver_risk(state, a.vehicle, a.maneuver)
    assert need == (control_need(v.speed, lower_status(v.hs, d, t), t) if d else "safe")
    return p_lose(need)


def test_it_does_not_brake_hard_for_nothing_000_L146_L154() -> None:
    """Cruising in open country, a foe never slows by more than a safe deceleration."""
    safe = tables().decel.safe_mph
    for name in PRESETS:
        state = _game([("A", Pose.at(50, 50, 90), 50), ("B", Pose.at(50, 80, 90), 50)])
        legal = engine.legal_actions(state, "A")
        action, why = decide(state, "A", legal, name)
        assert isinstance(action, SetSpeed)
        assert 50 - action.mph <= safe, (name, action, why)


def test_a_stopped_car_gets_moving() -> None:
    state = _game([("A", Pose.at(50, 50, 90), 0), ("B", Pose.at(70, 50, 270), 0)])
    action, _ = decide(state, "A", engine.legal_actions(state, "A"), "veteran")
    assert isinstance(action, SetSpeed) and action.mph > 0


def test_it_brings_its_front_gun_to_bear() -> None:
    """An enemy 4" off to the right: a bend right puts it into the front arc of MG1 (000:L827)."""
    state = _game([("A", Pose.at(50, 50, 0), 30), ("B", Pose.at(54, 48, 0), 0)])
    state = _advance_to(state, "A", MOVE)
    action, why = decide(state, "A", engine.legal_actions(state, "A"), "veteran")
    assert isinstance(action, Move) and action.maneuver.side == "right", why
    assert "MG1" in why


def test_a_berserker_rams_and_a_coward_does_not() -> None:
    state = _game([("A", Pose.at(50, 50, 90), 40), ("B", Pose.at(51.6, 50, 0), 0)])
    state = _advance_to(state, "A", MOVE)
    legal = engine.legal_actions(state, "A")
    rams, why = decide(state, "A", legal, "berserker")
    assert "ram" in why
    runs, why2 = decide(state, "A", legal, "coward")
    assert "ram" not in why2 and runs != rams


# --- firing ---------------------------------------------------------------------------------------


def test_it_fires_at_a_close_target_in_arc_000_L820_L901() -> None:
    state = _game([("A", Pose.at(50, 50, 90), 0), ("B", Pose.at(53, 50, 0), 0)])
    state = _advance_to(state, "A", FIRE)
    legal = engine.legal_actions(state, "A")
    action, why = decide(state, "A", legal, "veteran")
    assert isinstance(action, Fire) and action.target == "B"
    assert why.startswith("fires MG1 at B") and "needs" in why


def test_it_holds_fire_for_a_poor_shot_early_in_the_turn() -> None:
    """A shot needing 11+ in phase 1 is not worth the weapon's one shot a turn for a veteran."""
    state = _game([("A", Pose.at(20, 50, 90), 0), ("B", Pose.at(50, 50, 0), 0)])
    state = _advance_to(state, "A", FIRE)
    assert state.phase == 1
    legal = engine.legal_actions(state, "A")
    action, why = decide(state, "A", legal, "veteran")
    assert isinstance(action, Pass), why
    assert "holds fire" in why


# --- explanations ---------------------------------------------------------------------------------


def test_explanations_read_like_a_log_line() -> None:
    line = explain.move_line(Maneuver.parse("bend right 30"), "3", "aim:MG1")
    assert line == "bends 30° right to bring MG1 to bear; needs 3+ to keep control"
    assert explain.move_line(Maneuver.parse("straight"), "safe", "") == "goes straight on; safe"
    assert explain.move_line(Maneuver.parse("straight"), "safe", "aim:MG1") == "goes straight on to keep MG1 on target; safe"
    assert explain.speed_line(40, 40, "") == "holds 40 mph"
    assert explain.speed_line(40, 25, "braking D1") == "slows to 25 mph (braking D1)"
    assert explain.fire_line(Fire("A", "MG1", "B", "tire:FL"), "needs 9+") == "fires MG1 at B's tire FL; needs 9+"
    assert describe(Pass("A"), "holds fire", "A", "ace") == "A (ace): holds fire"


def test_probabilities() -> None:
    assert p_two_dice(2) == 1.0 and p_two_dice(7) == pytest.approx(21 / 36) and p_two_dice(13) == 0.0
    assert p_lose("safe") == 0.0 and p_lose("XX") == 1.0 and p_lose("4") == pytest.approx(0.5)


def test_profiles_offer_the_presets() -> None:
    assert set(PRESETS) <= set(profiles())
    with pytest.raises(KeyError):
        profile("nobody")


def test_it_never_fires_at_its_own_side() -> None:
    """A teammate square in the front arc is never a target; the enemy behind it may be."""
    setups = (VehicleSetup("A", "red", "Killer Kart", Pose.at(50, 50, 90), 0),
              VehicleSetup("A2", "red", "Killer Kart", Pose.at(52, 50, 90), 0),
              VehicleSetup("B", "blue", "Killer Kart", Pose.at(50, 80, 0), 0))
    state, _ = engine.new_game(GameSetup(setups, seed=2, options=RuleOptions(fire_step="on")))
    state = _advance_to(state, "A", FIRE)
    legal = engine.legal_actions(state, "A")
    assert any(isinstance(a, Fire) and a.target == "A2" for a in legal)  # the rules would allow it
    for name in PRESETS:
        action, why = decide(state, "A", legal, name)
        assert not (isinstance(action, Fire) and action.target == "A2"), (name, why)


def test_it_drops_a_weapon_on_an_enemy_right_behind_000_L1028() -> None:
    """A foe lays a dropped weapon only with an enemy close behind that is coming on (the choice given to
    it by hand): not for one parked behind it, which would not drive over it, nor for one ahead."""
    behind = _game([("A", Pose.at(50, 50, 90), 0), ("B", Pose.at(47, 50, 90), 20)])
    parked = _game([("A", Pose.at(50, 50, 90), 0), ("B", Pose.at(47, 50, 90), 0)])
    ahead = _game([("A", Pose.at(50, 50, 90), 0), ("B", Pose.at(53, 50, 90), 20)])
    choice = [Drop("A", "MD1"), Pass("A")]
    for state, expect in ((behind, Drop), (parked, Pass), (ahead, Pass)):
        action, why = decide(replace(state, step=FIRE), "A", choice, "veteran")
        assert isinstance(action, expect), why


def test_it_steers_around_water_000_L529() -> None:
    """The arena's pit of water (x 23-27, y 7-10) lies 2" ahead: driving in is a hazard, so over the
    next two turns the foe keeps out of it (the other car holds its course)."""
    from rules.world.maps import load_map, terrain_at

    arena = load_map(ARENA)
    for name in ("veteran", "coward", "ace"):
        state = _game([("A", Pose.at(20.5, 8.5, 90), 30), ("B", Pose.at(5, 25, 45), 0)], map_path=ARENA)
        while state.turn <= 2 and engine.outcome(state) is None:
            vid = engine.to_act(state)[0]
            legal = engine.legal_actions(state, vid)
            action = decide(state, vid, legal, name)[0] if vid == "A" else legal[-1]
            state, _ = engine.apply(state, action)
            a = state.vehicle("A").pose
            assert terrain_at(arena, a.x, a.y).kind != "water", (name, state.turn, state.phase)


def test_it_drops_spikes_in_play_when_chased_000_L1028() -> None:
    """A Firecracker (spike dropper at the back) with a Killer Kart 4" behind: the engine offers the drop
    and the foe takes it; with the chaser 12" off to the side it holds on to it."""
    for chaser, expect in ((Pose.at(46, 50, 90), Drop), (Pose.at(50, 62, 90), Pass)):
        setups = (VehicleSetup("A", "a", "Firecracker", Pose.at(50, 50, 90), 30),
                  VehicleSetup("B", "b", "Killer Kart", chaser, 30))
        state, _ = engine.new_game(GameSetup(setups, seed=3, options=RuleOptions(fire_step="on")))
        state = _advance_to(state, "A", FIRE)
        legal = engine.legal_actions(state, "A")
        assert any(isinstance(a, Drop) for a in legal)
        action, why = decide(state, "A", legal, "veteran")
        assert isinstance(action, expect), why


# --- the world as play left it, and the map's edges -----------------------------------------------

HIGHWAY = str(ROOT / "maps" / "highway.toml")
HIGHWAY_AMBUSH = ROOT / "maps" / "scenarios" / "highway_ambush.toml"


def test_berserkers_on_the_highway_stay_on_the_map_000_L92() -> None:
    """Highway ambush with every car driven by a berserker: over three turns nobody steers its centre
    out of the map area (which is out of the game, rules/map_play.py); the foe plans against the edge
    as against a wall, and against the area as the endless road moves it."""
    from rules.engine.scenarios import game_setup, load_scenario
    from rules.play.map_edges import map_area

    state, _ = engine.new_game(game_setup(load_scenario(HIGHWAY_AMBUSH), seed=2))
    while state.turn <= 3 and engine.outcome(state) is None:
        vid = engine.to_act(state)[0]
        state, _ = engine.apply(state, decide(state, vid, engine.legal_actions(state, vid), "berserker")[0])
        box = map_area(state)
        assert box is not None
        for v in state.vehicles:
            assert not v.left_map, (v.id, state.turn, state.phase)
            if not v.out:
                assert box[0] <= v.pose.x <= box[2] and box[1] <= v.pose.y <= box[3], v.id


def test_a_foe_plans_against_the_map_as_play_changed_it_000_L479() -> None:
    """The highway's fixed obstacle lies 8.5" ahead of the car: driving straight on, the foe's sweep
    crosses it (a hazard, 000:L496-L502); once play has destroyed it (GameState.map_changes) the foe
    sees the road clear."""
    from rules.ai.sight import View
    from rules.core.geometry import forward
    from rules.driving.maneuvers import slide
    from rules.world.map_changes import MapChanges

    state = _game([("A", Pose.at(8.75, 30, 0), 30), ("B", Pose.at(3, 38, 0), 0)], map_path=HIGHWAY)
    gone = replace(state, map_changes=MapChanges(destroyed=("obstacles[1]",)))
    prof = profile("veteran")
    path = slide(Pose.at(8.75, 30, 0), 0.0, 12.0).path
    assert forward(0.0).y < 0  # facing 0 runs toward the obstacle at y 21.5
    before = View.of(state, "A", prof, math.inf)
    assert before.world.feature("obstacles[1]")
    assert [t.other for t in before.world.sweep("A", path).touched] == ["obstacles[1]"]
    after = View.of(gone, "A", prof, math.inf)
    assert not after.world.feature("obstacles[1]")
    swept = after.world.sweep("A", path)
    assert swept.contact is None and not swept.touched
    # one world per distinct set of changes: the unchanged map's world still holds the obstacle
    assert View.of(state, "A", prof, math.inf).world.feature("obstacles[1]")


def test_the_map_edge_is_a_wall_to_the_foe_s_rays() -> None:
    """Rays stop at the map area's edge, whatever its origin (an endless map's area moves)."""
    from rules.ai.sight import edge_distance
    from rules.core.geometry import Vec

    box = (-10.0, -50.0, 5.0, -10.0)
    assert edge_distance(Vec(0, -20), 90.0, box) == pytest.approx(5.0)
    assert edge_distance(Vec(0, -20), 270.0, box) == pytest.approx(10.0)
    assert edge_distance(Vec(0, -20), 0.0, box) == pytest.approx(30.0)
    assert edge_distance(Vec(0, -20), 180.0, box) == pytest.approx(10.0)


# --- planning the turn (issue 16) ------------------------------------------------------------------


def test_the_choice_does_not_depend_on_the_clock() -> None:
    """The search size is the profile's node budget: a decision with a 20 s cap and one with a minute
    choose the same (a seeded game replays the same on a loaded machine). The caps are far above a
    decision's time (tens of ms) so that load cannot cut either search short (a 1 s cap did)."""
    state = _game([("A", Pose.at(5, 15, 90), 40), ("B", Pose.at(14, 16, 270), 40)], map_path=ARENA)
    state = _advance_to(state, "A", MOVE)
    legal = engine.legal_actions(state, "A")
    for name in ("novice", "veteran", "ace"):
        assert foe_decide(state, "A", legal, name, 20.0) == foe_decide(state, "A", legal, name, 60.0)


def test_a_predicted_contact_is_never_called_safe(tmp_path: Path) -> None:
    """Nose 0.6" from the east wall at 30 mph: every legal move of this inch meets the wall (the
    engine's preview says so), and the line says what it expects to hit, never "safe" (issue 16 item 5)."""
    from rules.engine.preview import Previewer

    box = box_map(tmp_path)
    state = _game([("A", Pose.at(22.4, 6, 90), 30), ("B", Pose.at(4, 3, 0), 0)], map_path=box)
    state = _advance_to(state, "A", MOVE)
    legal = engine.legal_actions(state, "A")
    pvs = Previewer().maneuvers(state, "A", [a.maneuver for a in legal if isinstance(a, Move)])
    assert all(pv.blocked for pv in pvs)
    for name in ("novice", "veteran", "ace"):
        _action, why = decide(state, "A", legal, name)
        assert "safe" not in why and "expects to hit the east wall" in why, why


def test_it_plans_past_this_phase_around_a_wall(tmp_path: Path) -> None:
    """40 mph, 3.5" short of the east wall: this phase's straight run is clear, but every plan that
    keeps straight on meets the wall in the next phases, so the foe turns now, and says so."""
    box = box_map(tmp_path)
    state = _game([("A", Pose.at(19.5, 6, 90), 40), ("B", Pose.at(4, 9, 0), 0)], map_path=box)
    state = _advance_to(state, "A", MOVE)
    action, why = decide(state, "A", engine.legal_actions(state, "A"), "veteran")
    assert isinstance(action, Move) and action.maneuver.kind != "straight", why
    # the east wall stands on the map's edge: "to stay on the map" names the same danger
    assert "east wall" in why or "room" in why or "way out" in why or "on the map" in why, why


def test_the_profiles_differ_in_search_size() -> None:
    """novice < veteran < ace in how many plans and moves they weigh and how well they predict (the ace's
    wider search won 45% [34, 57] of 64 battery games against the veteran, 31% before); the ace
    plans no further ahead than the veteran (three phases played worse than two on the battery,
    docs/PERFORMANCE.md), the novice less far than either."""
    n, v, a = profile("novice"), profile("veteran"), profile("ace")
    assert n.depth < v.depth <= a.depth
    assert n.menu < v.menu < a.menu
    assert n.predict < v.predict < a.predict
    assert n.candidates < v.candidates <= a.candidates
    assert n.beam <= v.beam < a.beam and n.nodes < v.nodes < a.nodes   # the ace keeps more plans, tries more steps


def test_stuck_against_a_wall_it_backs_out_and_says_so_000_L237(tmp_path: Path) -> None:
    """Stopped with its nose 0.3" from the east wall: every forward plan meets the wall, so once it may
    change gear (a full turn at rest, 000:L237) it backs out, and the line names what it is stuck on."""
    box = box_map(tmp_path)
    state = _game([("A", Pose.at(22.7, 6, 90), 0), ("B", Pose.at(4, 3, 0), 0)], map_path=box)
    state = state.with_vehicle(replace(state.vehicle("A"), full_stop=True))
    legal = engine.legal_actions(state, "A")
    assert any(isinstance(a, SetSpeed) and a.mph < 0 for a in legal)
    action, why = decide(state, "A", legal, "veteran")
    assert isinstance(action, SetSpeed) and action.mph < 0, why
    assert "backs out: stuck against the east wall" in why, why


def _duel(design_a: str, design_b: str, a: Pose, b: Pose, speeds: tuple[float, float] = (40, 10)) -> GameState:
    setups = (VehicleSetup("A", "A", design_a, a, speeds[0]), VehicleSetup("B", "B", design_b, b, speeds[1]))
    state, _ = engine.new_game(GameSetup(setups, seed=1, options=RuleOptions(fire_step="on")))
    return state


def test_a_ramplate_makes_a_foe_ram_000_L2518() -> None:
    """The gunless Firecracker has a ramplate (it deals double, takes half, 000:L2518): a veteran at
    its wheel means to ram, and says so; a coward still keeps away."""
    state = _duel("Firecracker", "Killer Kart", Pose.at(50, 50, 90), Pose.at(53.5, 50.3, 0))
    _a, why = decide(state, "A", engine.legal_actions(state, "A"), "veteran")
    assert "rams: it has a ramplate" in why
    _a, why = decide(state, "A", engine.legal_actions(state, "A"), "coward")
    assert "keeps away: no weapon left to fire" in why


def test_badly_damaged_it_withdraws_and_against_a_wreck_it_presses() -> None:
    from rules.ai.sight import adapt, guns_of
    from rules.phases import fire_step

    state = _duel("Killer Kart", "Killer Kart", Pose.at(50, 50, 90), Pose.at(60, 50, 270))
    me, them = state.vehicle("A"), state.vehicle("B")
    guns = guns_of(fire_step.combatant(state, me))
    vet = profile("veteran")
    thin = replace(me.sheet, armor={k: 0 for k in me.sheet.armor})
    prof, mood = adapt(vet, replace(me, sheet=thin), guns, [them])
    assert mood.startswith("withdraws") and prof.preferred_range >= 10 and prof.aggression < vet.aggression
    prof, mood = adapt(vet, me, guns, [replace(them, sheet=replace(them.sheet, armor={k: 0 for k in them.sheet.armor}))])
    assert mood.startswith("presses") and prof.aggression > vet.aggression
    assert adapt(vet, me, guns, [them]) == (vet, "")


# --- the ladder's failure modes (issue 16: battery logs) ------------------------------------------

RIVER = str(ROOT / "maps" / "river_crossing.toml")


def test_at_a_crawl_by_the_map_edge_it_stops_rather_than_creep_off_000_L92() -> None:
    """Highway, 2.5 mph, nose to the east edge (centre 0.1" inside it): every forward speed ends its game
    (a centre off the map is out, rules.play.map_edges), at a crawl as at speed, so it stops."""
    state = _game([("A", Pose.at(14.9, 4.85, 30), 2.5), ("B", Pose.at(8, 30, 0), 0)], map_path=HIGHWAY)
    state = _advance_to(state, "A", SPEED)
    for name in ("veteran", "ace"):
        action, why = decide(state, "A", engine.legal_actions(state, "A"), name)
        assert isinstance(action, SetSpeed) and action.mph == 0, (name, why)


def test_it_keeps_out_of_deep_water_under_any_part_of_the_counter_000_L528() -> None:
    """The engine counts a counter that overlaps the river as in it (the plant drowns out, 000:L528),
    the bridge's road over it notwithstanding: the foe reckons the same, so a veteran driving north
    4" short of the bridge at 27.5 mph keeps its plant dry for two turns."""
    from rules.ai.sight import View, drowns_at

    state = _game([("A", Pose.at(12, 28, 0), 27.5), ("B", Pose.at(20, 34, 270), 0)], map_path=RIVER)
    view = View.of(state, "A", profile("veteran"), math.inf)
    assert drowns_at(view, Pose.at(20, 19, 0))          # mid-river
    assert not drowns_at(view, Pose.at(12, 30, 0))      # dry road south of it
    while state.turn <= 2 and engine.outcome(state) is None:
        vid = engine.to_act(state)[0]
        legal = engine.legal_actions(state, vid)
        action = decide(state, vid, legal, "veteran")[0] if vid == "A" else legal[0]
        state, _ = engine.apply(state, action)
        assert not state.vehicle("A").drowned, (state.turn, state.phase)


def test_a_novice_reckons_with_an_enemy_where_it_stands_and_a_veteran_leads_it() -> None:
    """Prediction quality is a skill (issue 16 item 4): the novice (predict 0) takes a moving enemy to be
    where it stands now, the veteran to be where its speed carries it by the end of the phase."""
    from rules.ai.sight import View, enemy_at_fire

    state = _game([("A", Pose.at(5, 15, 90), 40), ("B", Pose.at(20, 20, 270), 20)], map_path=ARENA)
    state = _advance_to(state, "A", MOVE)
    b = state.vehicle("B")
    novice = View.of(state, "A", profile("novice"), math.inf)
    veteran = View.of(state, "A", profile("veteran"), math.inf)
    assert profile("novice").predict == 0 < profile("veteran").predict
    assert enemy_at_fire(novice, b) == b.pose
    ahead_of_it = enemy_at_fire(veteran, b)
    assert ahead_of_it.x < b.pose.x and ahead_of_it.y == pytest.approx(b.pose.y)   # heading 270: west


def test_the_foe_reckons_with_heavy_duty_brakes_000_L2628() -> None:
    """Shedding 15 mph is a D1 hazard with standard brakes (000:L148) and safe with heavy-duty brakes (the
    table read 5 mph up, 000:L2628): the foe's speed choice reads the brakes on its own sheet."""
    from rules.ai.foe import _speed_score
    from rules.ai.sight import View

    for design, note in (("Killer Kart", "braking D1"), ("Police Cruiser", "")):
        state = _game([("A", Pose.at(5, 15, 90), 40), ("B", Pose.at(30, 25, 270), 0)], map_path=ARENA, design=design)
        view = View.of(state, "A", profile("veteran"), math.inf)
        assert _speed_score(view, 25.0, 40.0)[1] == note, design


def test_backing_out_of_a_dead_end_it_speeds_up_to_10_mph_000_L237(tmp_path: Path) -> None:
    """Backing away from the east wall at 5 mph, nose still 0.3" from it: it speeds up to 10 mph in
    reverse (an inch a turn) rather than creeping back at 5 for turns on end; a Stinger's acceleration
    is 5 mph, so 10 is as far as it may go this turn (000:L237, the reverse limit a third of top speed)."""
    box = box_map(tmp_path)
    state = _game([("A", Pose.at(22.7, 6, 90), -5), ("B", Pose.at(4, 3, 0), 0)], map_path=box, design="Stinger")
    legal = engine.legal_actions(state, "A")
    assert any(isinstance(a, SetSpeed) and a.mph == -10 for a in legal)
    action, why = decide(state, "A", legal, "veteran")
    assert isinstance(action, SetSpeed) and action.mph == -10, why


def test_predicted_enemy_turns_are_symmetric(tmp_path: Path) -> None:
    """predict 2 and 3 reckon with the enemy turning either way, alike (predict 2 once reckoned with
    left turns only): the two turned poses are mirror images about its straight-on line."""
    import time as _time

    from rules.ai.plan import enemy_poses
    from rules.ai.sight import View

    state = _game([("A", Pose.at(4, 6, 90), 30), ("B", Pose.at(20, 6, 270), 30)], map_path=box_map(tmp_path))
    state = _advance_to(state, "A", MOVE)
    for name in ("veteran", "ace"):
        view = View.of(state, "A", profile(name), _time.perf_counter() + 60)
        poses = enemy_poses(view, state.vehicle("B"), 2)
        assert len(poses) == 3 and abs(sum(w for _p, w in poses) - 1.0) < 1e-9, name
        (straight, _w0), (left, w1), (right_, w2) = poses
        assert w1 == w2, name
        assert abs((left.y - straight.y) + (right_.y - straight.y)) < 1e-6, name   # B drives west along y = 6
        assert abs(left.x - right_.x) < 1e-6 and left.y != right_.y, name
