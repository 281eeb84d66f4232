"""Searchlights, flare rounds, goggles, tinted glass, nitrous oxide and ejection seats in play (issue 17;
readings AU18-AU22). Each is a crewman's firing action in the fire step: `V1 use <part> [at <target>]`."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.core.dice import ScriptedDice
from rules.core.events import (
    Ejected,
    EjecteeLanded,
    EjectionDeclared,
    EngineCritical,
    FlareLit,
    NitrousOpened,
    SearchlightAimed,
)
from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases import fire_step
from rules.phases.movement import speed_options
from rules.phases.use_step import use_options
from rules.play.actions import Fire, Pass, SetSpeed, Use, parse
from rules.play.lights import aloft_modifier, blinded, polarized, tracked
from rules.play.people import vehicle_shot_need
from rules.play.state import FIRE, SPEED, GameState, RuleOptions, evolve
from rules.vehicles.design import AccessoryEntry, WeaponEntry, dumps_design, load_stock
from rules.vehicles.figures import figures
from tests.rules.test_combat_engine import to_fire_step


def _design(tmp_path: Path, name: str, stock: str = "Mauler", accessories: tuple[str, ...] = (),
            weapons: tuple[WeaponEntry, ...] | None = None, **changes: object) -> str:
    """A stock design with parts added (weapons: in place of the stock ones)."""
    d = load_stock(stock)
    d = replace(d, accessories=d.accessories + tuple(AccessoryEntry(a) for a in accessories),
                weapons=d.weapons if weapons is None else weapons, **changes)  # type: ignore[arg-type]
    assert figures(d).errors == [], figures(d).errors   # a design a player could build
    path = tmp_path / f"{name}.toml"
    path.write_text(dumps_design(d))
    return str(path)


def _game(tmp_path: Path, red: str, blue: str = "Mauler", *, gap: float = 10, blue_gear: tuple[str, ...] = (),
          red_gear: tuple[str, ...] = (), **options: str) -> GameState:
    setup = GameSetup((VehicleSetup("Red", "red", red, Pose.at(0, 0, 0), 0, crew_gear=red_gear),
                       VehicleSetup("Blue", "blue", blue, Pose.at(0, -gap, 180), 0, crew_gear=blue_gear)), seed=5,
                      options=RuleOptions(**options))
    return to_fire_step(engine.new_game(setup)[0])


def _lit(tmp_path: Path, faces: list[int], **kw: object) -> tuple[GameState, SearchlightAimed]:
    state = _game(tmp_path, _design(tmp_path, "lamp", accessories=("searchlight",)), visibility="night", **kw)  # type: ignore[arg-type]
    state, events = engine.apply(state, Use("Red", "searchlight", "Blue"), ScriptedDice(faces))
    return state, next(e for e in events if isinstance(e, SearchlightAimed))


def test_the_use_action_reads_back_its_text() -> None:
    for text in ("V1 use searchlight at V2", "V1 use nitrous", "V1 use RL1 at 12.5,-3", "V1 use eject:driver"):
        assert str(parse(text)) == text


def test_a_searchlight_tracks_on_3_and_then_the_night_is_gone_for_shots_at_it_000_L2661(tmp_path: Path) -> None:
    """3+ with range, speeds and size but no darkness: 9.5" is -2, both standing +1 +1, a car from the front
    -1: needs 4. Tracked, the Blue car is fired at with no night modifier by anyone."""
    state = _game(tmp_path, _design(tmp_path, "lamp", accessories=("searchlight",)), visibility="night")
    assert Use("Red", "searchlight", "Blue") in engine.legal_actions(state, "Red")
    before = fire_step.combatant(state, state.vehicle("Red"))
    lit, ev = _lit(tmp_path, [2, 2])
    assert (ev.need, ev.roll, ev.tracked, ev.blinded) == (4, 4, True, False)
    assert tracked(lit, "Blue") and not blinded(lit, lit.vehicle("Blue"))
    assert "driver" in lit.vehicle("Red").fire_acted           # the crewman's firing action (000:L2661)
    from rules.engine.preview import shot_preview
    dark_names = [m.name for m in shot_preview(state, Fire("Blue", "AC1", "Red")).modifiers]
    assert "night" in dark_names                                # the lamp car itself is not lit
    at_blue = [m.name for m in shot_preview(lit, Fire("Red", "AC1", "Blue")).modifiers]
    assert not any(n.startswith("night") for n in at_blue)
    assert before.visibility == "night"


def test_a_searchlight_miss_lights_nothing_000_L2661(tmp_path: Path) -> None:
    lit, ev = _lit(tmp_path, [1, 2])
    assert not ev.tracked and not tracked(lit, "Blue")


def test_searchlights_do_nothing_by_day_000_L2662(tmp_path: Path) -> None:
    state = _game(tmp_path, _design(tmp_path, "lamp", accessories=("searchlight",)))
    assert not [a for a in engine.legal_actions(state, "Red") if isinstance(a, Use)]
    assert engine.check(state, Use("Red", "searchlight", "Blue")) is not None


def test_6_or_better_blinds_the_target_crew_minus_10_and_plus_d3_000_L2662_L926(tmp_path: Path) -> None:
    lit, ev = _lit(tmp_path, [3, 4])
    assert ev.blinded and blinded(lit, lit.vehicle("Blue"))
    from rules.engine.preview import shot_preview
    mods = {m.name: m.value for m in shot_preview(lit, Fire("Blue", "AC1", "Red")).modifiers}
    assert mods["firer blinded by a searchlight"] == -10
    from rules.phases.movement import maneuver_d_added
    from rules.play.context import Ctx
    assert maneuver_d_added(Ctx(lit), lit.vehicle("Blue")) == 3


def test_the_beam_holds_for_a_second_then_must_be_aimed_again_reading_AU18(tmp_path: Path) -> None:
    lit, _ev = _lit(tmp_path, [3, 4])
    later = evolve(lit, turn=lit.turn + 1)                        # the same phase next turn: gone
    assert not tracked(later, "Blue") and not blinded(later, later.vehicle("Blue"))


def test_tinted_windows_end_the_glare_after_a_turn_and_darken_the_night_000_L2674(tmp_path: Path) -> None:
    tinted = _design(tmp_path, "tinted", accessories=("tinted_windows",))
    state = _game(tmp_path, _design(tmp_path, "lamp", accessories=("searchlight",)), tinted, visibility="night")
    lit, _ = engine.apply(state, Use("Red", "searchlight", "Blue"), ScriptedDice([3, 4]))
    assert blinded(lit, lit.vehicle("Blue"))                       # the first second is felt
    v = lit.vehicle("Blue")
    since = v.glare[0]
    on = evolve(lit, vehicles=tuple(replace(w, beams=tuple((b[0], b[1], since + 9, b[3]) for b in w.beams))
                                    for w in lit.vehicles))
    a_turn_on = evolve(on, turn=on.turn + 1)
    blue = replace(a_turn_on.vehicle("Blue"), glare=(since, since + 9))
    a_turn_on = a_turn_on.with_vehicle(blue)
    assert not blinded(a_turn_on, blue) and polarized(a_turn_on, blue)
    c = fire_step.combatant(a_turn_on, blue)
    assert c.polarized


def test_tinted_goggles_work_like_tinted_windows_and_refuse_light_intensifiers_000_L1533(tmp_path: Path) -> None:
    from rules.core.errors import DataError
    from rules.core.schema import Node
    from rules.engine.setup import crew_gear
    assert crew_gear(Node({"crew_gear": ["tinted_goggles"]}, "x")) == ("tinted_goggles",)
    with pytest.raises(DataError, match="L1533"):
        crew_gear(Node({"crew_gear": ["tinted_goggles", "li_goggles"]}, "x"))
    with pytest.raises(DataError, match="unknown crew gear"):
        crew_gear(Node({"crew_gear": ["x_ray_specs"]}, "x"))


def test_light_intensifier_goggles_cut_the_night_to_minus_1_000_L1521(tmp_path: Path) -> None:
    from rules.engine.preview import shot_preview
    state = _game(tmp_path, "Mauler", red_gear=("li_goggles",), visibility="night")
    mods = {m.name: m.value for m in shot_preview(state, Fire("Red", "AC1", "Blue")).modifiers}
    assert mods["night, light-intensifier goggles"] == -1 and "night" not in mods
    theirs = {m.name: m.value for m in shot_preview(state, Fire("Blue", "AC1", "Red")).modifiers}
    assert theirs["night"] == -3
    wet = _game(tmp_path, "Mauler", red_gear=("li_goggles",), visibility="night", road_condition="light_rain")
    mods = {m.name: m.value for m in shot_preview(wet, Fire("Red", "AC1", "Blue")).modifiers}
    assert mods.get("rain") == -2 and "night, light-intensifier goggles" not in mods   # the worse counts (CB61)


def test_paint_on_the_windows_takes_the_goggles_bonus_away_000_L1521_L1053(tmp_path: Path) -> None:
    """000:L1521: paint adds its -2 and negates the goggles at night: the crew fire at the full -3 again."""
    from rules.engine.preview import shot_preview
    state = _game(tmp_path, "Mauler", red_gear=("li_goggles",), visibility="night")
    painted = state.with_vehicle(replace(state.vehicle("Red"), paint_until=state.turn))
    mods = {m.name: m.value for m in shot_preview(painted, Fire("Red", "AC1", "Blue")).modifiers}
    assert mods["night"] == -3 and "night, light-intensifier goggles" not in mods
    clean = {m.name: m.value for m in shot_preview(state, Fire("Red", "AC1", "Blue")).modifiers}
    assert shot_preview(painted, Fire("Red", "AC1", "Blue")).need == shot_preview(
        state, Fire("Red", "AC1", "Blue")).need + 2 + 2 and clean["night, light-intensifier goggles"] == -1


def test_firing_at_a_searchlight_is_minus_3_and_hits_the_lamp_000_L892_L2662(tmp_path: Path) -> None:
    from rules.engine.preview import shot_preview
    state = _game(tmp_path, "Mauler", _design(tmp_path, "lamp", accessories=("searchlight",)), visibility="night")
    shot = Fire("Red", "AC1", "Blue", "searchlight")
    assert shot in engine.legal_actions(state, "Red")
    mods = {m.name: m.value for m in shot_preview(state, shot).modifiers}
    assert mods["searchlight"] == -3


def _rl(tmp_path: Path) -> str:
    return _design(tmp_path, "flare", weapons=(WeaponEntry("RL", "front", ammo="rl_flare"),))   # in the AC's place


def test_a_flare_round_lights_a_20_inch_circle_for_five_turns_night_minus_1_000_L2989(tmp_path: Path) -> None:
    from rules.engine.preview import shot_preview
    state = _game(tmp_path, _rl(tmp_path), visibility="night")
    flares = [a for a in engine.legal_actions(state, "Red") if isinstance(a, Use)]
    assert Use("Red", "RL1", "0,-10") in flares                    # over the Blue car
    assert engine.check(state, Use("Red", "RL1", "0,-16")) is not None   # beyond 15" of the firer
    lit, events = engine.apply(state, Use("Red", "RL1", "0,-10"))
    ev = next(e for e in events if isinstance(e, FlareLit))
    assert ev.until == state.turn + 4 and lit.flares == ((0.0, -10.0, state.turn + 4),)
    mods = {m.name: m.value for m in shot_preview(lit, Fire("Blue", "AC1", "Red")).modifiers}
    assert mods["night, target in a flare's light"] == -1          # Red is 10" from the centre: inside
    from rules.play.lights import in_flare
    assert in_flare(lit, 0, 9.9) and not in_flare(lit, 0, 10.1)    # 20" is the radius (000:L2989), not the width
    assert '20" radius' in ev.text
    gone = evolve(lit, turn=lit.turn + 5)
    mods = {m.name: m.value for m in shot_preview(gone, Fire("Blue", "AC1", "Red")).modifiers}
    assert mods["night"] == -3
    assert lit.vehicle("Red").sheet.weapons[-1].shots_left == state.vehicle("Red").sheet.weapons[-1].shots_left - 1


def test_nitrous_is_a_firing_action_plus_10_accel_and_half_again_top_speed_000_L1797(tmp_path: Path) -> None:
    d = load_stock("Miglia")
    path = _design(tmp_path, "nos", stock="Miglia", plant_accessories=d.plant_accessories + ("nitrous_oxide",),
                   crew=("driver",))   # the passenger's seat makes room for the tank
    state = _game(tmp_path, path)
    assert Use("Red", "nitrous") in engine.legal_actions(state, "Red")
    # the critical roll at -3: 2d = 7 -> 4: no effect in a game
    opened, events = engine.apply(state, Use("Red", "nitrous"), ScriptedDice([3, 4]))
    ev = next(e for e in events if isinstance(e, NitrousOpened))
    crit = next(e for e in events if isinstance(e, EngineCritical))
    assert crit.roll == 4 and ev.until == state.turn + 4
    v = opened.vehicle("Red")
    assert Use("Red", "nitrous") not in use_options(opened, "Red")   # one tank, and its firing action spent
    fast = replace(v, speed=v.spec.top_speed, speed_changed=False)
    t = opened.rules.movement
    assert max(speed_options(t, fast, opened)) == v.spec.top_speed + v.spec.acceleration + 10   # 122.5 + 15 + 10
    assert max(speed_options(t, fast)) == v.spec.top_speed            # without the state: no nitrous known
    at_top = replace(v, speed=v.spec.top_speed * 1.5 - 5, speed_changed=False)
    assert v.spec.top_speed == 122.5
    assert max(speed_options(t, at_top, opened)) == 182.5        # 183.75 on the chart's 2.5-mph steps


def test_a_spent_nitrous_tank_slows_10_mph_a_turn_to_the_top_speed_000_L1798(tmp_path: Path) -> None:
    from rules.play.context import Ctx
    from rules.play.nitrous import nitrous_turn
    d = load_stock("Miglia")
    path = _design(tmp_path, "nos", stock="Miglia", plant_accessories=d.plant_accessories + ("nitrous_oxide",),
                   crew=("driver",))   # the passenger's seat makes room for the tank
    state = _game(tmp_path, path)
    v = state.vehicle("Red")
    spent = state.with_vehicle(replace(v, nitrous=(state.turn - 5,), speed=v.spec.top_speed + 15))
    ctx = Ctx(spent)
    nitrous_turn(ctx)
    assert ctx.state.vehicle("Red").speed == v.spec.top_speed + 5
    slowed = ctx.log.events[-1]                                  # the log cites the slowing's own line
    assert "L1798" in slowed.rule and "L1799" not in slowed.rule   # (L1799 is about power factors)
    nitrous_turn(ctx)
    assert ctx.state.vehicle("Red").speed == v.spec.top_speed


def _seat_game(tmp_path: Path, **options: str) -> GameState:
    return _game(tmp_path, _design(tmp_path, "seat", accessories=("ejection_seat",)), **options)


def test_ejection_seats_need_people_on_foot_reading_AU21(tmp_path: Path) -> None:
    state = _seat_game(tmp_path)
    assert not [a for a in engine.legal_actions(state, "Red") if isinstance(a, Use)]


def _play_phases(state: GameState, n: int) -> tuple[GameState, list[object]]:
    """Play on with everyone standing and holding fire until `n` more phases have started."""
    events: list[object] = []
    start = state.turn * 5 + state.phase
    while state.turn * 5 + state.phase < start + n and not state.over:
        actor = engine.to_act(state)[0]
        if state.step == SPEED:
            a: object = (SetSpeed(actor, state.vehicle(actor).signed_speed) if actor in ("Red", "Blue")
                         else engine.legal_actions(state, actor)[0])
        elif state.step == FIRE:
            a = Pass(actor)
        else:
            a = engine.legal_actions(state, actor)[0]
        state, ev = engine.apply(state, a)  # type: ignore[arg-type]
        events += ev
    return state, events


def test_an_ejection_fires_3_phases_on_climbs_at_minus_6_glides_at_minus_2_and_lands_000_L2580_L2582(
        tmp_path: Path) -> None:
    state = _seat_game(tmp_path, people="on")
    assert Use("Red", "eject:driver") in engine.legal_actions(state, "Red")
    state, events = engine.apply(state, Use("Red", "eject:driver"))
    assert any(isinstance(e, EjectionDeclared) for e in events)
    state, events = _play_phases(state, 3)
    fired = next(e for e in events if isinstance(e, Ejected))
    pid = fired.person
    assert aloft_modifier(state, pid) == (-6, "ejection seat climbing", "000:L898, L2582")
    assert "L898-L899" in fired.rule and "L894" not in fired.rule   # the table's lines, not the trailer tongue's
    assert next(p for p in state.people if p.id == pid)
    shot = Fire("Blue", "AC1", pid)            # Blue's cannon at the man in the air, as the fire step rolls it
    grounded = evolve(state, aloft=())
    assert vehicle_shot_need(state, shot) == vehicle_shot_need(grounded, shot) + 6    # 000:L898
    state, events = _play_phases(state, 10)
    assert aloft_modifier(state, pid) == (-2, "ejection seat coming down", "000:L899, L2582")
    assert vehicle_shot_need(state, shot) == vehicle_shot_need(evolve(state, aloft=()), shot) + 2   # 000:L899
    start = next(p for p in state.people if p.id == pid).pose
    state, events = _play_phases(state, 11)
    landed = next(e for e in events if isinstance(e, EjecteeLanded))
    assert landed.person == pid and 0 <= landed.damage <= 2         # 1d-4 (000:L2582)
    assert aloft_modifier(state, pid)[0] == 0
    assert next(p for p in state.people if p.id == pid).pose.y < start.y   # glided on the car's heading (north)


def test_the_man_in_the_air_is_not_run_over_by_his_own_car_000_L2582(tmp_path: Path) -> None:
    """The seat goes up out of a car doing 20 mph; the driverless car rolls on under him and does not
    hit him: he is in the air (the people's run-over rule is for a man on the ground, 000:L1451)."""
    seat = _design(tmp_path, "seat", accessories=("ejection_seat",))
    setup = GameSetup((VehicleSetup("Red", "red", seat, Pose.at(0, 0, 0), 20),
                       VehicleSetup("Blue", "blue", "Mauler", Pose.at(30, -10, 180), 0)), seed=5,
                      options=RuleOptions(people="on"))
    state = engine.new_game(setup)[0]
    while state.step != FIRE:
        actor = engine.to_act(state)[0]
        state, _ = engine.apply(state, SetSpeed(actor, state.vehicle(actor).signed_speed) if state.step == SPEED
                                else engine.legal_actions(state, actor)[0])
    state, _ = engine.apply(state, Use("Red", "eject:driver"))
    state, events = _play_phases(state, 8)
    pid = next(e for e in events if isinstance(e, Ejected)).person
    assert next(p for p in state.people if p.id == pid).damage == 0
    assert not [e for e in events if getattr(e, "vehicle", "") == "Red" and "runs into" in e.text]


def test_an_armored_searchlight_works_the_same_with_5_dp_000_L2663(tmp_path: Path) -> None:
    state = _game(tmp_path, _design(tmp_path, "armored", accessories=("armored_searchlight",)), visibility="night")
    lamp = next(c for c in state.vehicle("Red").sheet.components if c.id == "armored_searchlight")
    assert lamp.max_dp == 5
    assert Use("Red", "armored_searchlight", "Blue") in engine.legal_actions(state, "Red")
    lit, _ = engine.apply(state, Use("Red", "armored_searchlight", "Blue"), ScriptedDice([3, 3]))
    assert tracked(lit, "Blue")


def test_a_scenario_vehicle_may_list_its_crews_goggles_000_L1521(tmp_path: Path) -> None:
    """The crew's gear goes with the set-up (reading AU19): written to a save only when worn, read back."""
    from rules.core.tomlio import dumps_toml
    from rules.engine.game import Game
    from rules.engine.saves import loads_game, save_dict
    setup = GameSetup((VehicleSetup("Red", "red", "Mauler", Pose.at(0, 0, 0), 0, crew_gear=("li_goggles",)),
                       VehicleSetup("Blue", "blue", "Mauler", Pose.at(0, -10, 180), 0)), seed=5)
    data = save_dict(Game(setup))
    assert [v.get("crew_gear") for v in data["setup"]["vehicle"]] == [["li_goggles"], None]
    back = loads_game(dumps_toml(data))
    assert back.state.vehicle("Red").spec.crew_gear == ("li_goggles",)


def test_a_seat_whose_man_got_out_meanwhile_goes_up_empty_000_L2580(tmp_path: Path) -> None:
    from rules.play.context import Ctx
    from rules.play.ejection import ejection_phase
    from rules.play.people import GOT_OUT
    state = _seat_game(tmp_path, people="on")
    state, _ = engine.apply(state, Use("Red", "eject:driver"))
    v = state.vehicle("Red")
    gone = tuple(replace(c, name=c.name + GOT_OUT, dp=0) if c.id == "driver" else c for c in v.sheet.components)
    due = v.eject[0][1]
    state = state.with_vehicle(replace(v, sheet=replace(v.sheet, components=gone)))
    ctx = Ctx(evolve(state, turn=due // 5, phase=due % 5))
    ejection_phase(ctx)
    assert ctx.state.people == () and ctx.state.vehicle("Red").eject == ()


def test_goggles_in_the_crews_kit_are_worn_aboard_too_000_L1521(tmp_path: Path) -> None:
    """A scenario's kit (PD18) that carries light-intensifier goggles needs no separate crew_gear: the
    crew wear them aboard (rules.engine.setup.crew_wears); crew_gear, when set, decides."""
    from rules.engine.preview import shot_preview
    from rules.people.record import Kit

    kit = Kit(weapon="SMG", armor="", grenades=(), gear=("li_goggles",))
    setup = GameSetup((VehicleSetup("Red", "red", "Mauler", Pose.at(0, 0, 0), 0, kit=kit),
                       VehicleSetup("Blue", "blue", "Mauler", Pose.at(0, -10, 180), 0)), seed=5,
                      options=RuleOptions(visibility="night"))
    state = to_fire_step(engine.new_game(setup)[0])
    assert state.vehicle("Red").spec.crew_gear == ("li_goggles",)
    mods = {m.name: m.value for m in shot_preview(state, Fire("Red", "AC1", "Blue")).modifiers}
    assert mods["night, light-intensifier goggles"] == -1
