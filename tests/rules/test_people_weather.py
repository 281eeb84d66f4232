"""A man on foot's shots take the weather and the light as every shot does (000:L923-L924): night -3,
heavy rain -3, the worse of them; a starshell over the table takes the night away (AU16). They had
taken none at all."""

from __future__ import annotations

from dataclasses import replace

from rules.engine import engine
from rules.engine.scenarios import SCENARIOS_DIR, game_setup, load_scenario
from rules.play import people
from rules.play.people_actions import Shoot
from rules.play.state import evolve


def _state(**options: str):
    setup = game_setup(load_scenario(SCENARIOS_DIR / "arena_gunners.toml"), seed=1)
    setup = replace(setup, options=replace(setup.options, **options))
    state, _ = engine.new_game(setup)
    return state


def _a_shot(state):
    men = state.people
    for p in men:
        for o in men:
            if o.owner != p.owner and p.weapon:
                return Shoot(p.id, p.weapon, o.id)
    raise AssertionError("two men of two sides")


def _lines(state, shot) -> dict[str, int]:
    return {m.name: m.value for m in people.hand_to_hit(state, shot).modifiers}


def test_a_man_on_foot_fires_at_night_at_minus_3_000_L924() -> None:
    day = _state()
    shot = _a_shot(day)
    night = _state(visibility="night")
    assert "night" not in _lines(day, shot) and _lines(night, shot)["night"] == -3
    assert sum(_lines(night, shot).values()) == sum(_lines(day, shot).values()) - 3


def test_heavy_rain_counts_for_a_man_too_000_L923() -> None:
    wet = _state(road_condition="heavy_rain")
    assert _lines(wet, _a_shot(wet))["heavy rain"] == -3


def test_a_starshell_takes_the_night_off_his_shots_AU16() -> None:
    night = _state(visibility="night")
    lit = evolve(night, lit_until=night.turn + 2)
    assert "night" not in _lines(lit, _a_shot(lit))
