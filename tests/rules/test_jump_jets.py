"""Jump jets in play (000:L2632; readings JJ1-JJ4): rocket boosters on the top or the underbody change the
rate of climb; the jump, its time in the air by the falling table (000:L283-L300), the landing's damage and
hazard (000:L280), and what construction allows."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rules.core.dice import ScriptedDice
from rules.core.events import BoosterBurned, ControlRolled, FallLanded, JumpJetBurned
from rules.core.geometry import Pose
from rules.driving.maneuvers import Maneuver
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Boost, Move, SetSpeed
from rules.play.boosters import booster_name, jet_climb
from rules.play.state import SPEED, GameState
from rules.vehicles.design import AccessoryEntry, dumps_design, load_design, load_stock
from rules.vehicles.figures import figures
from rules.vehicles.spec import Booster
from rules.vehicles.starting_sheet import spec


def _jumper(facing: str = "underbody", lb: int = 120, burn: int = 120) -> object:
    """The Mauler with 120 lb of rocket under it, burnt at once: a 21 mph boost."""
    d = load_stock("Mauler")
    return replace(d, accessories=d.accessories + (AccessoryEntry("rocket_booster", facing=facing, lb=lb, burn=burn),))


def _game(tmp_path: Path, mph: float = 40, facing: str = "underbody") -> GameState:
    path = tmp_path / "jumper.toml"
    path.write_text(dumps_design(_jumper(facing)))   # type: ignore[arg-type]
    setup = GameSetup((VehicleSetup("Red", "red", str(path), Pose.at(0, 0, 0), mph),
                       VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(-60, 0, 0), 0)), seed=5)
    return engine.new_game(setup)[0]


def _on(state: GameState, turn: int, phase: int) -> tuple[GameState, list[object]]:
    """Everyone keeps his speed and goes straight (a vehicle in the air is not asked) until that phase."""
    events: list[object] = []
    for _ in range(200):
        if (state.turn, state.phase) >= (turn, phase) or state.over:
            break
        vid = engine.to_act(state)[0]
        v = state.vehicle(vid)
        a = SetSpeed(vid, v.signed_speed) if state.step == SPEED else Move(vid, Maneuver("straight"))
        if a not in engine.legal_actions(state, vid):
            a = engine.legal_actions(state, vid)[0]
        state, ev = engine.apply(state, a, ScriptedDice([], fallback_seed=2))
        events += ev
    return state, events


def test_construction_allows_boosters_on_the_top_and_underbody_as_jump_jets_000_L2632() -> None:
    """000:L2632: jump jets are top or bottom mounted rocket boosters; the design check says what a burn
    does to the climb. A facing that is no side is still refused."""
    f = figures(_jumper())   # type: ignore[arg-type]
    assert f.errors == []
    assert any(n.startswith("Jump jet underbody: 21.") and "lifts 0.25\"" in n for n in f.notes)
    assert figures(_jumper("top")).errors == []   # type: ignore[arg-type]
    (b,) = spec(_jumper()).boosters   # type: ignore[arg-type]
    assert b.facing == "underbody" and booster_name(b) == "underbody jump jet"
    bad = replace(load_stock("Mauler"), accessories=(AccessoryEntry("rocket_booster", facing="left", lb=100, burn=100),))
    assert any("must go front or back or top or underbody" in e for e in figures(bad).errors)


def test_the_design_file_keeps_the_jet_facing(tmp_path: Path) -> None:
    path = tmp_path / "j.toml"
    path.write_text(dumps_design(_jumper()))   # type: ignore[arg-type]
    d = load_design(path)
    assert any(e.type == "rocket_booster" and e.facing == "underbody" for e in d.accessories)


def test_a_jet_adds_a_quarter_inch_of_climb_per_10_mph_the_first_10_lost_on_the_ground_000_L2632() -> None:
    """Reading JJ1: from the ground the first 10 mph counters gravity; in the air every 10 mph counts; a
    top jet takes climb off in the air and does nothing on the ground."""
    under = Booster("j", "underbody", 21.1, 1)
    assert jet_climb(under, aloft=False) == 0.25
    assert jet_climb(under, aloft=True) == 0.5
    assert jet_climb(Booster("j", "underbody", 17.4, 1), aloft=False) == 0.0
    assert jet_climb(Booster("j", "underbody", 40, 1), aloft=False) == 0.75
    assert jet_climb(Booster("t", "top", 21.1, 1), aloft=True) == -0.5
    assert jet_climb(Booster("t", "top", 21.1, 1), aloft=False) == 0.0


def test_firing_a_jet_lifts_the_car_it_flies_straight_on_and_lands_by_the_falling_table_000_L2632_L283_L280(
        tmp_path: Path) -> None:
    """A 21 mph underbody burn at 40 mph lifts the Mauler 1/4" (3.75 ft): it climbs the rest of the turn and
    falls 1/4" in 2 phases (000:L285): down at the start of turn 2 phase 3. Meanwhile it keeps its speed
    and goes straight on. It lands on its underbody for 1d-2 and takes a jump's landing hazard: in the 7
    phases it was up the chart moves it 6" at 40 mph (90 ft flown), D1 +3 (000:L280)."""
    state = _game(tmp_path)
    act = Boost("Red", "rocket_booster")
    assert act in engine.legal_actions(state, "Red")
    state, events = engine.apply(state, act, ScriptedDice([6], fallback_seed=1))
    (burn,) = [e for e in events if isinstance(e, JumpJetBurned)]
    assert (burn.climb_in, burn.height_in, burn.lands) == (0.25, 0.25, 7)
    assert "down at the start of turn 2 phase 3" in burn.text and burn.rule == "000:L2632"
    assert not [e for e in events if isinstance(e, BoosterBurned)]
    (roll,) = [e for e in events if isinstance(e, ControlRolled) and e.vehicle == "Red"]
    assert roll.difficulty == 3            # the burn's hazard, D1 per 10 mph rounded up (000:L2659)
    red = state.vehicle("Red")
    assert red.speed == 40 and red.jet_apex == 0.25 and red.fall_lands == 7
    assert engine.legal_actions(state, "Red") == []   # in the air: no speed change (000:L283)
    y0 = state.vehicle("Red").pose.y
    state, events = _on(state, 2, 4)
    assert state.vehicle("Red").pose.y < y0 and state.vehicle("Red").speed == 40   # straight on (facing 0: -y)
    (landed,) = [e for e in events if isinstance(e, FallLanded) and e.vehicle == "Red"]
    assert landed.side == "underbody"
    hazards = [e for e in events if isinstance(e, ControlRolled) and e.vehicle == "Red" and "landing" in e.text]
    assert [h.difficulty for h in hazards] == [4] and "90 ft" in hazards[0].text
    red = state.vehicle("Red")
    assert red.jet_apex == 0 and red.fall_lands == 0


def test_a_jet_too_weak_only_counters_gravity_000_L2632(tmp_path: Path) -> None:
    state = _game(tmp_path)
    red = state.vehicle("Red")
    weak = replace(red.spec, boosters=(Booster("rocket_booster", "underbody", 17.4, 1),))
    state = replace(state, vehicles=tuple(replace(v, spec=weak) if v.id == "Red" else v for v in state.vehicles))
    state, events = engine.apply(state, Boost("Red", "rocket_booster"), ScriptedDice([6], fallback_seed=1))
    (burn,) = [e for e in events if isinstance(e, JumpJetBurned)]
    assert burn.lands == 0 and "only counters gravity" in burn.text
    assert state.vehicle("Red").fall_lands == 0


def test_a_second_burn_in_the_air_climbs_again_000_L2632(tmp_path: Path) -> None:
    """Reading JJ2: each later burn climbs for another turn from the height reached (no gravity loss)."""
    state = _game(tmp_path)
    red = state.vehicle("Red")
    two = replace(red.spec, boosters=(Booster("rocket_booster", "underbody", 21.1, 2),))
    state = replace(state, vehicles=tuple(replace(v, spec=two) if v.id == "Red" else v for v in state.vehicles))
    state, _ = engine.apply(state, Boost("Red", "rocket_booster"), ScriptedDice([6], fallback_seed=1))
    assert state.vehicle("Red").jet_apex == 0.25
    state, events = _on(state, 2, 2)
    # it burns again at the start of turn 2 phase 1 (count 6): +1/2" (21 mph, nothing lost in the air)
    burns = [e for e in events if isinstance(e, JumpJetBurned)]
    assert [b.climb_in for b in burns] == [0.5] and burns[0].height_in == 0.75
    red = state.vehicle("Red")
    assert red.jet_apex == 0.75 and red.fall_lands == 6 + 4 + 4   # 3/4" falls in 4 phases (000:L287)


def test_a_top_jet_in_the_air_brings_the_car_straight_down_and_on_the_ground_does_nothing_000_L2632(
        tmp_path: Path) -> None:
    state = _game(tmp_path, facing="top")
    state, events = engine.apply(state, Boost("Red", "rocket_booster"), ScriptedDice([6], fallback_seed=1))
    (burn,) = [e for e in events if isinstance(e, JumpJetBurned)]
    assert burn.lands == 0 and "nothing happens" in burn.text and state.vehicle("Red").fall_lands == 0
    aloft = _game(tmp_path, facing="top")
    aloft = replace(aloft, vehicles=tuple(replace(v, jet_apex=0.75, jet_from=1, fall_lands=14, fall_damage="1d-1",
                                                  fall_side="underbody") if v.id == "Red" else v
                                          for v in aloft.vehicles))
    aloft, events = engine.apply(aloft, Boost("Red", "rocket_booster"), ScriptedDice([6], fallback_seed=1))
    (burn,) = [e for e in events if isinstance(e, JumpJetBurned)]
    assert burn.climb_in == -0.5 and "cancels the climb" in burn.text
    assert aloft.vehicle("Red").fall_lands == 1 + 4   # falls the 3/4" from now: 4 phases


def test_a_flat_game_without_jets_is_unchanged(tmp_path: Path) -> None:
    """A booster behind still speeds the car up, with the same event as before (AU12)."""
    d = replace(load_stock("Mauler"), accessories=load_stock("Mauler").accessories + (
        AccessoryEntry("rocket_booster", facing="back", lb=200, burn=100),))
    path = tmp_path / "back.toml"
    path.write_text(dumps_design(d))
    setup = GameSetup((VehicleSetup("Red", "red", str(path), Pose.at(0, 0, 0), 40),
                       VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(-60, 0, 0), 0)), seed=5)
    state = engine.new_game(setup)[0]
    state, events = engine.apply(state, Boost("Red", "rocket_booster"), ScriptedDice([6], fallback_seed=1))
    assert [e.speed for e in events if isinstance(e, BoosterBurned)] == [55]
    assert not [e for e in events if isinstance(e, JumpJetBurned)]
