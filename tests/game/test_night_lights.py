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


def _lamp_game(tmp_path, **options: str) -> GameState:  # type: ignore[no-untyped-def]
    from rules.vehicles.design import AccessoryEntry, dumps_design, load_stock
    from tests.rules.test_combat_engine import to_fire_step
    d = load_stock("Mauler")
    path = tmp_path / "lamp.toml"
    path.write_text(dumps_design(replace(d, accessories=d.accessories + (AccessoryEntry("searchlight"),
                                                                          AccessoryEntry("ejection_seat")))))
    setup = GameSetup((VehicleSetup("A", "a", str(path), Pose.at(20, 20, 0), 0),
                       VehicleSetup("B", "b", "Mauler", Pose.at(30, 12, 180), 0)), seed=1,
                      options=RuleOptions(visibility="night", **options))
    return to_fire_step(new_game(setup)[0])


def test_a_searchlight_held_on_a_car_lights_the_way_to_it_and_its_glare_shows_000_L2661_L2662(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.render.lights import light_marks
    from rules.core.dice import ScriptedDice
    from rules.engine.engine import apply
    from rules.play.actions import Use
    state = _lamp_game(tmp_path)
    lit, _ = apply(state, Use("A", "searchlight", "B"), ScriptedDice([6, 6]))
    cam = Camera()
    mid = tuple(int(c) for c in cam.to_screen(25, 16))       # half way from A to B, off any headlight
    assert sum(_drawn(lit).get_at(mid)[:3]) > sum(_drawn(state).get_at(mid)[:3]) + 150
    assert ("B", "BLINDED -10") in light_marks(lit)


def test_the_fire_panel_names_the_parts_a_crewman_may_use_000_L2661_L2580(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.battle.fire_choices import build
    from rules.engine.engine import legal_actions
    state = _lamp_game(tmp_path, people="on")
    rows = [c.label for c in build(state, legal_actions(state, "A"), {}, False)]
    assert any("searchlight on B: track" in r and "blind" in r and "%" in r for r in rows)
    assert "Eject the driver: the seat fires in 3 phases" in rows


def test_the_board_flashes_a_boosters_burn_and_the_other_parts_000_L2657_L1797_L2580() -> None:
    """Issue 17's client check: a booster's burn shows on the board (the sheet says which phase it burns in,
    tests/game/test_equipment_client.py), as do a nitrous tank opened and an ejection."""
    from game.anim import _part_label
    from rules.core.events import BoosterBurned, Ejected, NitrousOpened
    assert _part_label(BoosterBurned("", vehicle="A", booster="rocket_booster", mph=20.0, speed=40.0,
                                     burns_left=1)) == "boost +20 mph"
    assert _part_label(NitrousOpened("", vehicle="A", until=5)) == "nitrous!"
    assert _part_label(Ejected("", vehicle="A", crew="driver", person="A.driver")) == "ejected"


def test_a_fire_step_with_a_part_to_use_is_not_passed_for_the_player_000_L2661(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The client passes a fire step in which no shot can hit; a searchlight to turn on (or a seat to fire)
    is a choice too, so the player is asked."""
    from game.battle.pilot import Answer, Orders, answer
    from rules.engine.engine import legal_actions
    from rules.play.actions import Use
    state = _lamp_game(tmp_path)
    legal = legal_actions(state, "A")
    assert any(isinstance(a, Use) for a in legal)
    assert answer(state, "A", legal, Orders()) == Answer()
    from rules.play.actions import Pass
    without = [a for a in legal if not isinstance(a, Use)]     # the same step without the lamp: passed
    assert answer(state, "A", without, Orders()).action == Pass("A")


def test_light_stops_at_a_wall_it_does_not_shine_through_it_000_L1695() -> None:
    """A car parked 2 1/2 in west of the arena's centre block, facing it: the headlights light the ground before
    the block's face (x = 18) and not the block beyond it (found in play: the beams were drawn through it)."""
    from rules.engine.preview import Previewer

    setup = GameSetup((VehicleSetup("A", "a", "Mauler", Pose.at(15.5, 15, 90), 0),), seed=1, map="maps/arena.toml",
                      options=RuleOptions(visibility="night"))
    state = new_game(setup)[0]
    cam = Camera()

    def brightness(surface: pygame.Surface, x: float) -> int:
        return sum(surface.get_at(tuple(int(c) for c in cam.to_screen(x, 15.0)))[:3])

    clipped = pygame.Surface((960, 760))
    clipped.fill((200, 200, 200))
    draw_night(clipped, cam, state, {}, Previewer().world(state))
    assert brightness(clipped, 17.6) > brightness(clipped, 18.8) + 150     # lit up to the face, dark past it
    assert brightness(_drawn(state), 18.8) > brightness(clipped, 18.8) + 150   # without the map: drawn through
