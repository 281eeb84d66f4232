"""Weather and light on every shot (000:L923-L924) and bad footing (000:L934): rain -2; heavy rain, fog
or night -3, the worst one only; firing from gravel (the weather's, or a map's gravel) is -1."""

from __future__ import annotations

from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import preview_fire
from rules.play.actions import Fire
from rules.play.state import FIRE, GameState, RuleOptions
from tests.rules.test_combat_engine import to_fire_step


def _duel(**options: str) -> GameState:
    setup = GameSetup((VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90)),
                       VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(6, 0, 270))),
                      seed=4, options=RuleOptions(fire_step="on", **options))
    state = to_fire_step(new_game(setup)[0])
    assert state.step == FIRE
    return state


def _mods(state: GameState) -> dict[str, tuple[int, str]]:
    return {m.name: (m.value, m.rule) for m in preview_fire(state, Fire("Red", "MG1", "Blue")).modifiers}


def test_clear_dry_weather_adds_nothing() -> None:
    mods = _mods(_duel())
    assert not {"rain", "heavy rain", "fog", "night", "firing from oil, gravel or bad road"} & set(mods)


def test_rain_is_minus_2_to_every_shot_000_L923() -> None:
    assert _mods(_duel(road_condition="light_rain"))["rain"] == (-2, "000:L923")


def test_heavy_rain_fog_or_night_is_minus_3_once_000_L924() -> None:
    assert _mods(_duel(road_condition="heavy_rain"))["heavy rain"] == (-3, "000:L924")
    assert _mods(_duel(visibility="fog"))["fog"] == (-3, "000:L924")
    both = _mods(_duel(road_condition="heavy_rain", visibility="night"))
    assert sum(v for name, (v, _r) in both.items() if name in ("heavy rain", "night")) == -3
    rain_at_night = _mods(_duel(road_condition="light_rain", visibility="night"))
    assert "night" in rain_at_night and "rain" not in rain_at_night     # the worse of the two


def test_firing_from_gravel_is_bad_footing_000_L934() -> None:
    assert _mods(_duel(road_condition="gravel"))["firing from oil, gravel or bad road"] == (-1, "000:L934")
