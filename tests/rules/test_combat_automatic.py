"""Weapons on automatic (000:L1023-L1026 aimed, 000:L1041 and L1051 dropped; readings CB80-CB83).

Setting a weapon on automatic is the crewman's firing action; afterwards it fires every turn at the
end of all movement, straight out from the middle of its side, at whatever crosses that line, with no
computer, specific target or sustained fire, a round each turn until empty. A dropper on automatic
lays a counter every phase its vehicle moves (HD smoke and paint every other one)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.core.events import (
    AutomaticOff,
    AutomaticSet,
    AutomaticWasted,
    CounterDropped,
    Event,
    PhaseBegan,
    ShotFired,
    TurnBegan,
)
from rules.core.geometry import Pose
from rules.engine.engine import apply, check, legal_actions, new_game, to_act
from rules.engine.game import Game
from rules.engine.saves import game_from_dict, save_dict
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Action, Automatic, Fire, Pass, SetSpeed, parse
from rules.play.state import FIRE, GameState, digest
from rules.tables.automatic import load_automatic
from rules.vehicles.record_sheet import use_shot
from tests.rules.test_combat_engine import to_fire_step


def to_fire(state: GameState) -> GameState:
    """On to the next fire step, every vehicle keeping its speed."""
    while state.step != FIRE and not state.over:
        vid = to_act(state)[0]
        a = SetSpeed(vid, state.vehicle(vid).signed_speed) if state.step == "speed" else legal_actions(state, vid)[0]
        state, _ = apply(state, a)
    return state


def game(*cars: tuple[str, str, Pose], speed: float = 0.0, seed: int = 11) -> GameState:
    setup = GameSetup(tuple(VehicleSetup(vid, vid, design, pose, speed=speed if vid == cars[0][0] else 0)
                            for vid, design, pose in cars), seed=seed)
    return new_game(setup)[0]


def kart_duel(seed: int = 11) -> GameState:
    """Red's front MG faces Blue 5" away, both stopped."""
    return game(("Red", "Killer Kart", Pose.at(0, 0, 90)), ("Blue", "Killer Kart", Pose.at(5, 0, 270)), seed=seed)


def play(state: GameState, turns: int, speed: dict[str, float] | None = None,
         choose: dict[str, Action] | None = None) -> tuple[GameState, list[Event]]:
    """Play on to the start of the turn `turns` later: the given speeds, everyone else passing fire."""
    end = state.turn + turns
    events: list[Event] = []
    for _ in range(5000):
        if state.turn >= end or state.over:
            break
        vid = to_act(state)[0]
        if state.step == "speed":
            a: Action = SetSpeed(vid, (speed or {}).get(vid, state.vehicle(vid).signed_speed))
            if a not in legal_actions(state, vid):
                a = SetSpeed(vid, state.vehicle(vid).signed_speed)
        elif state.step == FIRE:
            a = (choose or {}).pop(vid, Pass(vid))
        else:
            a = legal_actions(state, vid)[0]
        state, ev = apply(state, a)
        events += ev
    return state, events


def auto_fire(events: list[Event], vid: str = "Red") -> list[Event]:
    return [e for e in events if e.vehicle == vid and isinstance(e, ShotFired) and e.automatic]


def test_automatic_action_text_round_trips() -> None:
    for a in (Automatic("V1", "MG1", True), Automatic("V1", "back", False)):
        assert parse(str(a)) == a
    assert str(Automatic("V1", "MG1")) == "V1 auto MG1 on"
    with pytest.raises(ValueError):
        parse("V1 auto MG1 maybe")


def test_setting_automatic_is_the_crewmans_firing_action_000_L1024() -> None:
    state = to_fire_step(kart_duel())
    on = Automatic("Red", "MG1")
    assert on in legal_actions(state, "Red") and check(state, on) is None
    state, events = apply(state, on)
    assert any(isinstance(e, AutomaticSet) and e.weapon == "MG1" and e.on and e.rule == "000:L1024" for e in events)
    assert state.vehicle("Red").automatic == ("MG1",)
    assert "driver" in state.vehicle("Red").fire_acted
    # the driver's action is spent: he fires nothing else this turn
    assert not any(isinstance(a, Fire) for a in legal_actions(state, "Red"))
    assert check(state, Fire("Red", "MG1", "Blue")) is not None


def test_later_turns_fire_with_no_firing_action_000_L1024_L1026() -> None:
    state = to_fire_step(kart_duel())
    state, _ = apply(state, Automatic("Red", "MG1"))
    state, events = play(state, 3)
    shots = auto_fire(events)
    # one shot at the end of each turn (phase 5), the first in the turn it was set
    assert [e.target for e in shots] == ["Blue"] * 3
    assert state.vehicle("Red").sheet.weapon("MG1").shots_left == 20 - 3
    # nobody's firing action was used in the later turns: the driver was free (not asked to fire,
    # as he has nothing else, but the MG went off anyway)
    phases = [e for e in events if isinstance(e, PhaseBegan) or isinstance(e, TurnBegan) or e in shots]
    assert all(phases[phases.index(s) - 1].text.startswith("phase 5") for s in shots)


def test_the_driver_may_fire_another_weapon_in_later_turns_000_L1024() -> None:
    """Harmon: two front rockets linked, back HDSS+MD link; the back link on automatic, the driver
    still fires the rockets next turn."""
    state = to_fire_step(game(("Red", "Harmon", Pose.at(0, 0, 90)), ("Blue", "Killer Kart", Pose.at(6, 0, 270))))
    state, _ = apply(state, Automatic("Red", "back"))
    assert set(state.vehicle("Red").automatic) == set(expand_link(state, "Red", "back"))
    state, _ = play(state, 1)
    state = to_fire_step(state)
    assert any(isinstance(a, Fire) and a.weapon == "front" for a in legal_actions(state, "Red"))


def expand_link(state: GameState, vid: str, link: str) -> tuple[str, ...]:
    return tuple(w.id for w in state.vehicle(vid).sheet.weapons if w.link == link)


def test_the_line_picks_the_vehicle_that_crosses_it_000_L1026() -> None:
    """Green is nearer and in Red's front arc but off the line straight ahead; Blue is on it."""
    state = game(("Red", "Killer Kart", Pose.at(0, 0, 90)), ("Blue", "Killer Kart", Pose.at(8, 0, 270)),
                 ("Green", "Killer Kart", Pose.at(3, 1.5, 270)))
    state = to_fire_step(state)
    assert Fire("Red", "MG1", "Green") in legal_actions(state, "Red")   # aimed fire could take Green
    state, _ = apply(state, Automatic("Red", "MG1"))
    state, events = play(state, 1)
    shots = auto_fire(events)
    assert len(shots) == 1 and shots[0].target == "Blue"
    assert "7.00\"" in shots[0].text   # from the middle of Red's front (x 0.5) to Blue's front edge (x 7.5)


def test_nothing_on_the_line_spends_a_round_000_L1026() -> None:
    """Blue sits in the front arc but off the line straight ahead: the MG fires into nothing."""
    state = to_fire_step(game(("Red", "Killer Kart", Pose.at(0, 0, 90)),
                              ("Blue", "Killer Kart", Pose.at(5, 2, 270))))
    state, _ = apply(state, Automatic("Red", "MG1"))
    state, events = play(state, 2)
    assert not auto_fire(events)
    assert sum(isinstance(e, AutomaticWasted) and not e.wreck for e in events) == 2
    assert state.vehicle("Red").sheet.weapon("MG1").shots_left == 18


def test_no_computer_no_sustained_fire_000_L1025() -> None:
    """Capricorn: a targeting computer and a front rocket launcher. Aimed, its shot gets the computer;
    on automatic the same shot gets neither the computer nor, in the second turn, sustained fire."""
    cars = (("Red", "Capricorn", Pose.at(0, 0, 90)), ("Blue", "Killer Kart", Pose.at(5, 0, 270)))
    aimed = to_fire_step(game(*cars))
    _, events = play(aimed, 2, choose={"Red": Fire("Red", "RL1", "Blue")})
    rolled = [e for e in events if e.vehicle == "Red" and isinstance(e, ShotFired)]
    assert any(m.name == "targeting computer" for m in rolled[0].modifiers)
    state = to_fire_step(game(*cars))
    state, _ = apply(state, Automatic("Red", "RL1"))
    state, events = play(state, 2)
    shots = auto_fire(events)
    assert len(shots) == 2
    for e in shots:
        names = [m.name for m in e.modifiers]
        assert not any("computer" in n or "sustained" in n for n in names), names
    assert shots[0].need == shots[1].need


def test_setting_automatic_breaks_sustained_fire_000_L1025() -> None:
    state = to_fire_step(kart_duel())
    state, _ = play(state, 1, choose={"Red": Fire("Red", "MG1", "Blue")})
    assert state.vehicle("Red").sustained
    state = to_fire_step(state)
    state, _ = apply(state, Automatic("Red", "MG1"))
    assert not state.vehicle("Red").sustained


def test_ammunition_runs_out_and_it_stops_000_L1024() -> None:
    state = to_fire_step(kart_duel())
    red = state.vehicle("Red")
    state = state.with_vehicle(replace(red, sheet=use_shot(red.sheet, "MG1", 18)))   # 2 rounds left
    state, _ = apply(state, Automatic("Red", "MG1"))
    state, events = play(state, 3)
    assert len(auto_fire(events)) == 2
    assert any(isinstance(e, AutomaticOff) and not e.destroyed for e in events)
    assert state.vehicle("Red").automatic == ()
    assert state.vehicle("Red").sheet.weapon("MG1").shots_left == 0


def test_turret_weapons_cannot_go_on_automatic_000_L1025() -> None:
    state = to_fire_step(game(("Red", "Duelbuggy", Pose.at(0, 0, 90)), ("Blue", "Killer Kart", Pose.at(5, 0, 270))))
    turret = [w.id for w in state.vehicle("Red").sheet.weapons if w.location == "turret"]
    assert turret
    a = Automatic("Red", turret[0])
    assert a not in legal_actions(state, "Red")
    assert "turret" in (check(state, a) or "")
    front = [w.id for w in state.vehicle("Red").sheet.weapons if w.location == "front"]
    assert Automatic("Red", front[0]) in legal_actions(state, "Red")


def test_a_dropper_lays_every_phase_the_vehicle_moves_000_L1041() -> None:
    """Capricorn at 50 mph (it moves in every phase) puts its smokescreen on automatic."""
    state = game(("Red", "Capricorn", Pose.at(0, 0, 90)), ("Blue", "Killer Kart", Pose.at(5, 40, 270)), speed=50)
    state = to_fire(state)
    assert state.phase == 1
    before = state.vehicle("Red").sheet.weapon("SS1").shots_left
    state, _ = apply(state, Automatic("Red", "SS1"))
    state, events = play(state, 1)
    laid = [e for e in events if isinstance(e, CounterDropped) and e.automatic]
    assert len(laid) == 5   # every phase of the turn: the vehicle moved in each
    assert all(e.rule.startswith("000:L1028-L1038, L1041") for e in laid)
    assert len({e.counter_kind for e in laid}) == 1 and laid[0].counter_kind == "smoke"
    assert state.vehicle("Red").sheet.weapon("SS1").shots_left == before - 5
    assert sum(c.kind == "smoke" for c in state.counters) >= 1


def test_hd_smoke_lays_every_other_moving_phase_000_L1051() -> None:
    """Harmon's back link (HDSS + MD) on automatic at 50 mph: the minedropper lays each phase, the HD
    smokescreen every other phase."""
    state = game(("Red", "Harmon", Pose.at(0, 0, 90)), ("Blue", "Killer Kart", Pose.at(5, 40, 270)), speed=50)
    state = to_fire(state)
    state, _ = apply(state, Automatic("Red", "back"))
    state, events = play(state, 2)
    laid = [e for e in events if isinstance(e, CounterDropped) and e.automatic]
    order = [e.weapon for e in laid]
    hd = next(w for w in order if w.startswith("HDSS"))
    md = next(w for w in order if w.startswith("MD"))
    assert order.count(md) == 10   # it moves in all five phases of both turns
    assert order.count(hd) == 5    # phases 1, 3, 5, 2, 4: every other moving phase, across the turn


def test_a_stopped_vehicle_lays_once_a_turn_000_L1051() -> None:
    state = to_fire_step(game(("Red", "Capricorn", Pose.at(0, 0, 90)), ("Blue", "Killer Kart", Pose.at(5, 0, 270))))
    state, _ = apply(state, Automatic("Red", "SS1"))
    state, events = play(state, 2)
    laid = [e for e in events if isinstance(e, CounterDropped) and e.automatic]
    assert len(laid) == 2


def test_taking_it_off_is_free_and_it_stops_reading_CB80() -> None:
    state = to_fire_step(kart_duel())
    state, _ = apply(state, Automatic("Red", "MG1"))
    state, _ = play(state, 1)
    state = to_fire_step(state)
    assert "Red" in to_act(state)   # asked, as it may take the weapon off
    off = Automatic("Red", "MG1", False)
    assert off in legal_actions(state, "Red")
    state, _ = apply(state, off)
    assert state.vehicle("Red").automatic == ()
    assert "driver" not in state.vehicle("Red").fire_acted   # free: he may still fire it aimed
    assert Fire("Red", "MG1", "Blue") in legal_actions(state, "Red")
    state, events = play(state, 2)
    assert not auto_fire(events)


def test_legal_actions_and_check_agree_on_automatic() -> None:
    state = to_fire_step(game(("Red", "Harmon", Pose.at(0, 0, 90)), ("Blue", "Duelbuggy", Pose.at(5, 0, 270))))
    for _ in range(3):
        for vid in to_act(state):
            legal = legal_actions(state, vid)
            triggers = [w.id for w in state.vehicle(vid).sheet.weapons] + ["front", "back", "nope"]
            for trig in triggers:
                for on in (True, False):
                    a = Automatic(vid, trig, on)
                    assert (check(state, a) is None) == (a in legal), (str(a), check(state, a))
        vid = to_act(state)[0]
        autos = [a for a in legal_actions(state, vid) if isinstance(a, Automatic)]
        state, _ = apply(state, autos[0] if autos else Pass(vid))
        if state.step != FIRE:
            state = to_fire_step(state)


def test_save_load_continue_with_a_weapon_on_automatic() -> None:
    g = Game(GameSetup((VehicleSetup("Red", "Ann", "Killer Kart", Pose.at(0, 0, 90)),
                        VehicleSetup("Blue", "Bob", "Killer Kart", Pose.at(5, 0, 270))), seed=5))
    while g.state.step != FIRE:
        vid = g.to_act()[0]
        g.apply(SetSpeed(vid, 0))
    g.apply(Automatic("Red", "MG1"))
    for _ in range(12):
        vid = g.to_act()[0]
        g.apply(SetSpeed(vid, 0) if g.state.step == "speed" else Pass(vid))
    data = save_dict(g)
    assert "Red auto MG1 on" in data["actions"]
    loaded = game_from_dict(data, "<test>")
    assert digest(loaded.state) == digest(g.state)
    for _ in range(20):
        vid = g.to_act()[0]
        a: Action = SetSpeed(vid, 0) if g.state.step == "speed" else Pass(vid)
        g.apply(a)
        loaded.apply(a)
    assert digest(loaded.state) == digest(g.state)
    assert loaded.state.vehicle("Red").sheet.weapon("MG1").shots_left < 20


def test_old_games_keep_their_digest_when_nothing_is_on_automatic() -> None:
    """The new fields stay at their defaults, so they are left out of the digest (rules/state.py)."""
    state = kart_duel()
    assert digest(state) == digest(replace(state, vehicles=tuple(
        replace(v, automatic=(), automatic_idle=()) for v in state.vehicles)))
    red = state.vehicle("Red")
    assert digest(state) != digest(state.with_vehicle(replace(red, automatic=("MG1",))))


def test_automatic_data_errors_name_the_place(tmp_path: Path) -> None:
    bad = tmp_path / "automatic.toml"
    bad.write_text('source = "x"\n[droppers]\nsource = "x"\nevery_other_phase = ["HDSS"]\n'
                   'stationary_per_turn = 3\n')
    with pytest.raises(DataError) as err:
        load_automatic(bad)
    assert "stationary_per_turn" in str(err.value)
    assert load_automatic().every_other == ("HDSS", "HDPS")


def test_random_driver_plays_on_with_automatic_on_offer() -> None:
    """The random driver picks among legal actions, automatic ones included; every pick is accepted."""
    from rules.ai.random_driver import pick

    state = game(("Red", "Harmon", Pose.at(0, 0, 90)), ("Blue", "Capricorn", Pose.at(6, 3, 270)), speed=20)
    picked: list[Action] = []
    for n in range(400):
        if state.over or state.turn > 4:
            break
        vid = to_act(state)[0]
        a, _why = pick(state, vid, legal_actions(state, vid), seed=3, count=n)
        assert check(state, a) is None, str(a)
        state, _ = apply(state, a)
        picked.append(a)
    assert any(isinstance(a, Automatic) for a in picked)
    assert state.turn > 4 or state.over


def test_a_building_on_the_line_is_shot_at_000_L1026_L1200() -> None:
    """The arena's centre block (x 18-22, y 13-17) stands straight ahead of the Harmon's front rockets."""
    setup = GameSetup((VehicleSetup("Red", "Red", "Harmon", Pose.at(12, 15, 90)),
                       VehicleSetup("Blue", "Blue", "Killer Kart", Pose.at(6, 30, 0))), seed=4, map="maps/arena.toml")
    state = to_fire_step(new_game(setup)[0])
    state, _ = apply(state, Automatic("Red", "RL1"))
    state, events = play(state, 1)
    shots = [e for e in auto_fire(events) if e.target == "walls[4]"]
    assert len(shots) == 1 and "5.50\"" in shots[0].text   # from Red's front middle (x 12.5) to the wall (x 18)
    names = [m.name for m in shots[0].modifiers]
    assert "building or wall" in names and not any("computer" in n for n in names)
    assert state.vehicle("Red").sheet.weapon("RL1").shots_left == 9
