"""Lights at night on the battle map (issue 17): the board darkens, headlights and a searchlight cut
cones out of the dark ahead of each car; by day, or under a starshell (000:L2432), nothing is drawn."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.camera import Camera
from game.render.lights import draw_night
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.state import GameState, RuleOptions


def _state(visibility: str) -> GameState:
    setup = GameSetup((VehicleSetup("A", "a", "Mauler", Pose.at(20, 15, 90), 0),), seed=1,
                      options=RuleOptions(visibility=visibility))
    return new_game(setup)[0]


def _drawn(state: GameState) -> pygame.Surface:
    surface = pygame.Surface((960, 760))
    surface.fill((200, 200, 200))
    draw_night(surface, Camera(), state, {})
    return surface


def test_night_darkens_the_board_and_headlights_light_ahead_000_L924_L1695() -> None:
    """000:L924 night; every body has headlights (000:L1695): lit ahead of the car, dark behind it."""
    cam = Camera()
    surface = _drawn(_state("night"))
    ahead = surface.get_at(tuple(int(c) for c in cam.to_screen(23.5, 15)))     # 3" ahead of a car facing right
    behind = surface.get_at(tuple(int(c) for c in cam.to_screen(16.0, 15)))
    assert sum(ahead[:3]) > sum(behind[:3]) + 150
    assert sum(behind[:3]) < 300                                               # the grey board, darkened


def test_no_dark_by_day_or_under_a_starshell_000_L2432() -> None:
    for state in (_state("clear"), replace(_state("night"), lit_until=1)):
        assert _drawn(state).get_at((5, 5))[:3] == (200, 200, 200)


def test_the_fire_panel_calls_a_starshell_a_shot_that_lights_the_table_000_L2432(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.battle.fire_choices import label_of
    from rules.play.actions import Drop
    from rules.vehicles.design import WeaponEntry, dumps_design, load_stock
    d = load_stock("Mauler")
    path = tmp_path / "sl.toml"
    path.write_text(dumps_design(replace(d, weapons=d.weapons + (WeaponEntry("SL", "top"),))))
    state = new_game(GameSetup((VehicleSetup("A", "a", str(path), Pose.at(20, 15, 90), 0),), seed=1))[0]
    sl = next(w.id for w in state.vehicle("A").sheet.weapons if w.abbr == "SL")
    assert label_of(state, Drop("A", sl), None, {}) == f"Fire {sl} (top): a starshell lights the whole table"
    assert label_of(state, Drop("A", "MD1"), None, {}).startswith("Drop ")   # any other dropped weapon
