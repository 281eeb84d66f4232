"""Gunners fire the vehicle's weapons (000:L820-L822): each crewman fires one weapon or linked set a
turn, a declared shot goes to the first free crewman able to fire, gunners before the driver, so the
driver's maneuver penalty (000:L905, L940) counts only on the shot he fires himself."""

from __future__ import annotations

from dataclasses import replace

from rules.core.events import Event, ShotFired
from rules.core.geometry import Pose
from rules.engine.engine import apply, check, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import fire_options, fire_problem, may_fire, preview_fire
from rules.play.actions import Fire, Pass
from rules.play.state import FIRE, GameState, RuleOptions
from tests.rules.test_combat_engine import to_fire_step

MANEUVER = "maneuver/hazard"


def _cruiser_at_fire(phase_d: int = 0, **options: str) -> GameState:
    """The stock Police Cruiser (driver, gunner and passengers; a turret RR and two linked front MGs)
    facing a Killer Kart in the fire step, its driver having maneuvered at D`phase_d` this phase."""
    setup = GameSetup((
        VehicleSetup("Red", "red", "Police Cruiser", Pose.at(0, 0, 90)),
        VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(6, 0, 270)),
    ), seed=11, options=RuleOptions(fire_step="on", **options))
    state = to_fire_step(new_game(setup)[0])
    assert state.step == FIRE
    return replace(state, vehicles=tuple(replace(v, phase_d=phase_d) if v.id == "Red" else v
                                         for v in state.vehicles))


def _finish(state: GameState) -> tuple[GameState, list[Event]]:
    """Everyone passes until the fire step resolves."""
    events: list[Event] = []
    while state.step == FIRE and not state.over:
        state, ev = apply(state, Pass(to_act(state)[0]))
        events += ev
    return state, events


def _rolled(events: list[Event], wid: str) -> Event:
    return next(e for e in events if isinstance(e, ShotFired) and e.weapon == wid)


def test_driver_and_gunner_each_fire_once_000_L820_L822() -> None:
    state = _cruiser_at_fire()
    for wid in ("MG1", "MG2"):
        shot = Fire("Red", wid, "Blue")
        assert check(state, shot) is None and shot in legal_actions(state, "Red")
        state, _ = apply(state, shot)
    # the turret RR is loaded and in arc, but both crewmen able to fire have fired: nothing more is offered
    assert "has already fired" in str(fire_problem(state, Fire("Red", "RR1", "Blue")))
    assert fire_options(state, "Red") == [] and not may_fire(state, "Red")
    state, events = _finish(state)
    assert _rolled(events, "MG1").roll and _rolled(events, "MG2").roll  # both were rolled
    red = state.vehicle("Red")
    assert set(red.fired) == {"MG1", "MG2"} and set(red.fire_acted) == {"driver", "gunner"}


def test_a_link_takes_one_crewman_000_L820_L1056() -> None:
    state = _cruiser_at_fire()
    state, _ = apply(state, Fire("Red", "front", "Blue"))   # the gunner fires both MGs
    assert check(state, Fire("Red", "RR1", "Blue")) is None  # the driver is still free
    state, _ = apply(state, Fire("Red", "RR1", "Blue"))
    state, events = _finish(state)
    assert {e.weapon for e in events if isinstance(e, ShotFired)} == {"MG1", "MG2", "RR1"}
    assert set(state.vehicle("Red").fire_acted) == {"driver", "gunner"}


def test_only_the_drivers_shot_takes_his_maneuver_penalty_000_L905() -> None:
    state = _cruiser_at_fire(phase_d=2)
    first = Fire("Red", "MG1", "Blue")
    assert not any(MANEUVER in m.name for m in preview_fire(state, first).modifiers)  # the gunner's
    state, _ = apply(state, first)
    second = Fire("Red", "MG2", "Blue")
    assert [m.value for m in preview_fire(state, second).modifiers if MANEUVER in m.name] == [-2]  # the driver's
    state, _ = apply(state, second)
    _state, events = _finish(state)
    mods = {w: [m.value for m in _rolled(events, w).modifiers if MANEUVER in m.name]
            for w in ("MG1", "MG2")}
    assert mods == {"MG1": [], "MG2": [-2]}   # resolution agrees with what the previews showed



def test_a_substitute_at_the_wheel_takes_the_maneuver_penalty_on_his_own_shot_000_L905_L980() -> None:
    """The penalty follows whoever steers: with the driver down, the gunner at the wheel fires the
    turret at -D for a hazard of this phase, while a passenger firing is not affected."""
    from rules.combat.damage import interior_of, sheet_with

    state = _cruiser_at_fire(phase_d=2)
    red = state.vehicle("Red")
    inside = interior_of(red.sheet, "car")
    down = tuple(replace(p, dp=1, body_armor=0) if p.role == "driver" else p for p in inside.parts)
    red = replace(red, sheet=sheet_with(red.sheet, replace(inside, parts=down)), substitute="gunner")
    state = state.with_vehicle(red)
    shot = Fire("Red", "RR1", "Blue")
    assert check(state, shot) is None
    assert [m.value for m in preview_fire(state, shot).modifiers if MANEUVER in m.name] == [-2]
    state, _ = apply(state, shot)
    _state, events = _finish(state)
    assert [m.value for m in _rolled(events, "RR1").modifiers if MANEUVER in m.name] == [-2]


def test_a_driver_who_handed_over_the_wheel_fires_without_the_penalty_000_L905() -> None:
    """The Combatant's `wheel` names who steers; the driver's own seat no longer counts."""
    from rules.phases.fire_step import combatant

    state = _cruiser_at_fire(phase_d=2)
    red = replace(state.vehicle("Red"), substitute="gunner")
    c = combatant(state, red)
    assert c.at_wheel("gunner") and not c.at_wheel("driver")
    assert combatant(state, state.vehicle("Red")).at_wheel("driver")


def test_passengers_fire_only_when_the_option_says_so_000_L822_CB47() -> None:
    """000:L822 names gunners as the extra occupants who fire; the passengers_fire option lets a
    passenger take a trigger too, after the gunner and before the driver (who then keeps his hands
    on the wheel)."""
    for option, fired in (("off", {"gunner", "driver"}), ("on", {"gunner", "passenger", "passenger2"})):
        state = _cruiser_at_fire(passengers_fire=option)
        shots = [Fire("Red", w, "Blue") for w in ("MG1", "MG2", "RR1")]
        for shot in shots:
            if check(state, shot) is None:
                state, _ = apply(state, shot)
        state, _events = _finish(state)
        assert set(state.vehicle("Red").fire_acted) == fired, option


def test_a_rule_option_with_a_value_not_played_is_refused() -> None:
    import pytest

    from rules.core.errors import IllegalAction

    with pytest.raises(IllegalAction, match="passengers_fire"):
        _cruiser_at_fire(passengers_fire="sometimes")
