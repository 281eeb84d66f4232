"""Every scene, headless: it draws, answers the keyboard and the mouse, and leads where it should."""

from __future__ import annotations

import pygame

from game.input.bindings import Intent, intent_of, key_event
from game.scenes.battle import BattleScene
from game.scenes.game_over import BoardLookScene, GameOverScene
from game.scenes.help import HelpScene
from game.scenes.log_view import LogScene
from game.scenes.new_game import NewGameScene
from game.scenes.pause import PauseScene
from game.scenes.record_sheet import RecordSheetScene
from game.scenes.save_load import SaveLoadScene
from game.scenes.title import TitleScene
from game.session import quick_setup
from rules.play.state import digest
from tests.game.conftest import click, press, start_battle


def test_title_menu_keyboard_leads_to_new_game(app):
    app.push(TitleScene(app))
    app.draw()
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, NewGameScene)
    app.draw()


def test_title_menu_mouse_quick_duel(app):
    title = TitleScene(app)
    app.push(title)
    app.draw()  # lays the menu out
    click(app, title.menu.rects[1].center)
    assert isinstance(app.top, BattleScene)
    cars = app.top.state.vehicles   # two armed stock cars, not the tests' unarmed generic car
    assert [v.spec.name for v in cars] == ["Stinger", "Stinger"] and all(v.spec.sheet.weapons for v in cars)


def test_f1_opens_help_from_any_scene_and_esc_closes(app):
    app.push(TitleScene(app))
    press(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene)
    app.draw()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_new_game_custom_three_cars_one_foe_keyboard(app):
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    ng.focus = 2  # Vehicles
    press(app, pygame.K_RIGHT)  # 3 cars
    assert len(ng.rows) == 3
    driver = ng.rows[2][1]
    ng.focus = ng.fields().index(driver)
    for _ in range(8):          # past Player 1..8 to the first foe profile
        press(app, pygame.K_RIGHT)
    assert driver.value.startswith("foe: ")
    app.draw()
    ng.focus = len(ng.fields())  # Start
    press(app, pygame.K_RETURN)
    battle = app.top
    assert isinstance(battle, BattleScene), ng.message
    assert len(battle.state.vehicles) == 3
    assert battle.session.seat("car3").foe


def test_new_game_rule_options_reach_the_game(app):
    """Weather, the concussion rule and passengers at the guns are chosen on the new-game screen and
    played: the started game carries them (RULES-DEVIATIONS CB47, T30, T36)."""
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    weather = next(f for f in ng.fields() if f.name == "opt_road_condition")
    assert weather.value == "dry" and "oil" not in weather.values   # oil is a map area, not weather
    for name, want in (("opt_road_condition", "light_rain"), ("opt_concussion", "on"), ("opt_passengers_fire", "on"),
                       ("opt_visibility", "night"), ("opt_hand_weapon_arcs", "windows"),
                       ("crew0", "Driver +1, Gunner +2")):
        ng.focus = next(i for i, f in enumerate(ng.fields()) if f.name == name)
        while ng.fields()[ng.focus].value != want:
            press(app, pygame.K_RIGHT)
    app.draw()
    ng.focus = len(ng.fields())  # Start
    press(app, pygame.K_RETURN)
    battle = app.top
    assert isinstance(battle, BattleScene), ng.message
    car1 = battle.state.vehicle("car1").spec
    assert (car1.driver_skill, car1.gunner_skill) == (1, 2)
    opts = battle.state.options
    assert (opts.road_condition, opts.concussion, opts.passengers_fire, opts.fire_step, opts.visibility,
            opts.hand_weapon_arcs) == ("light_rain", "on", "on", "on", "night", "windows")   # PD46 too


def test_a_players_own_design_in_the_garage_can_be_driven(app, tmp_path, monkeypatch):
    """A design file in saves/garage is offered beside the stock cars; a broken one is listed by file
    name and says what is wrong when the game starts (the new-game screen stays)."""
    import shutil
    from pathlib import Path

    import game.session as session_mod

    garage = tmp_path / "saves" / "garage"
    garage.mkdir(parents=True)
    shutil.copy(Path(__file__).parents[1] / "data" / "designs" / "pod_runner.toml", garage)
    (garage / "wreck.toml").write_text('name = "Wreck"\nkind = "car"\nbody = "hovercraft"\n')
    monkeypatch.setattr(session_mod, "SAVES_DIR", tmp_path / "saves")
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    design = ng.rows[0][0]
    assert "Pod Runner (garage)" in design.values and "Wreck (garage)" in design.values
    for label, starts in (("Wreck (garage)", False), ("Pod Runner (garage)", True)):
        design.index = design.values.index(label)
        ng.focus = ng.fields().index(design)
        app.draw()                              # the design card copes with both
        ng.focus = len(ng.fields())
        press(app, pygame.K_RETURN)
        assert isinstance(app.top, BattleScene) is starts, ng.message
    assert "wreck.toml" in ng.message
    car = app.top.state.vehicle("car1")
    assert car.spec.name == "Pod Runner" and [p.id for p in car.sheet.pods] == ["l", "r"]


def test_new_game_scenario_by_mouse(app):
    """pygame_gui's drop-down, clicked open and clicked on the first scenario; Start clicked."""
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    app.draw()
    source = ng.widgets["source"]
    click(app, source.get_abs_rect().center)
    app.update(0.05)                                  # the list opens on the next frame
    item = source.menu_states["expanded"].options_selection_list.item_list[1]["button_element"]
    click(app, item.rect.center)
    assert ng.source.index == 1
    app.draw()
    click(app, ng.widgets["start"].get_abs_rect().center)
    assert isinstance(app.top, BattleScene), ng.message


def test_pause_menu_esc_and_resume(app):
    battle = start_battle(app, quick_setup(2))
    press(app, pygame.K_ESCAPE)  # nothing chosen: the pause menu
    assert isinstance(app.top, PauseScene)
    app.draw()
    press(app, pygame.K_ESCAPE)
    assert app.top is battle


def test_save_and_load_round_trip(app, tmp_path):
    battle = start_battle(app, quick_setup(2))
    press(app, pygame.K_SPACE)
    press(app, pygame.K_RETURN)
    before = digest(battle.state)
    press(app, pygame.K_F5)
    assert isinstance(app.top, SaveLoadScene)
    app.draw()
    press(app, pygame.K_RETURN)  # slot 1
    assert (tmp_path / "slot1.toml").exists(), app.top.message
    press(app, pygame.K_ESCAPE)
    assert app.top is battle
    press(app, pygame.K_F9)
    loader = app.top
    assert isinstance(loader, SaveLoadScene)
    labels = [label for label, _ in loader.menu.items]
    loader.menu.index = next(i for i, s in enumerate(labels) if s.startswith("slot1"))
    press(app, pygame.K_RETURN)
    loaded = app.top
    assert isinstance(loaded, BattleScene) and loaded is not battle
    assert digest(loaded.state) == before


def test_autosave_each_turn(app, tmp_path):
    battle = start_battle(app, quick_setup(2))
    for _ in range(60):
        if battle.state.turn >= 2:
            break
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    assert battle.state.turn >= 2
    assert (tmp_path / "autosave.toml").exists()


def test_record_sheet_scene_cycles_vehicles(app):
    battle = start_battle(app, quick_setup(3))
    press(app, pygame.K_r)
    sheet = app.top
    assert isinstance(sheet, RecordSheetScene)
    first = sheet.index
    press(app, pygame.K_RIGHT)
    assert sheet.index == (first + 1) % 3
    app.draw()
    press(app, pygame.K_ESCAPE)
    assert app.top is battle


def test_game_over_summary_and_back_to_title(app, monkeypatch):
    from dataclasses import replace

    import game.scenes.game_over as over_mod

    drawn: list[str] = []
    real = over_mod.text
    monkeypatch.setattr(over_mod, "text", lambda surface, s, *a, **k: (drawn.append(s), real(surface, s, *a, **k))[1])

    battle = start_battle(app, replace(quick_setup(2), max_turns=1))
    for _ in range(80):
        if isinstance(app.top, GameOverScene):
            break
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    over = app.top
    assert isinstance(over, GameOverScene)
    app.draw()
    # both still driving at the turn limit: a draw, not two winners; each card says how it ended
    assert "A draw: Player 1 and Player 2 are still driving" in drawn
    assert sum(1 for s in drawn if s.startswith("still driving at ")) == 2
    labels = [label for label, _ in over.menu.items]
    assert labels[:2] == ["Look at the board", "Log"]
    press(app, pygame.K_RETURN)                       # the final board, under a banner
    look = app.top
    assert isinstance(look, BoardLookScene) and app.stack[-2] is battle
    app.draw()
    zoom, cx = battle.cam.zoom, battle.cam.cx
    press(app, pygame.K_EQUALS)                       # zoom reaches the board
    assert battle.cam.zoom > zoom
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(40, 0), buttons=(1, 0, 0)))
    assert battle.cam.cx < cx                         # dragged: panned
    before = len(battle.session.game.history)
    panel = battle.panel()
    for b in battle.top_buttons + (panel.buttons if panel else []):  # no control takes a click after the end
        click(app, b.rect.center)
    assert len(battle.session.game.history) == before and app.top is look
    press(app, pygame.K_ESCAPE)
    assert app.top is over
    over.menu.index = labels.index("Log")
    press(app, pygame.K_RETURN)
    log = app.top
    assert isinstance(log, LogScene) and log.events is battle.session.log
    app.draw()
    press(app, pygame.K_PAGEUP)
    assert log.scroll == 0          # a one-turn game's log fits on the screen: nothing to scroll
    press(app, pygame.K_ESCAPE)
    assert app.top is over
    over.menu.index = labels.index("Title")
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1


def test_log_scene_scrolls_through_the_whole_game(app):
    from rules.core.events import Event

    app.push(TitleScene(app))
    events = [Event(f"move {i}", "000:L100", "car1") for i in range(300)]
    log = LogScene(app, events)
    app.push(log)
    app.draw()
    press(app, pygame.K_PAGEUP)
    assert log.scroll == log.rows() - 2
    press(app, pygame.K_HOME)
    assert log.scroll == 300 - log.rows()          # the first event at the top, no further
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert log.scroll == 300 - log.rows() - 3
    app.draw()
    click(app, log.back.rect.center)
    assert isinstance(app.top, TitleScene)


def test_resize_relays_out_the_battle(app):
    battle = start_battle(app, quick_setup(2))
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    assert battle.cam.view_w == 1000 - 340
    app.draw()


def test_bindings_map_keys_to_intents():
    assert intent_of(key_event(pygame.K_RETURN)) is Intent.CONFIRM
    assert intent_of(key_event(pygame.K_ESCAPE)) is Intent.CANCEL
    assert intent_of(key_event(pygame.K_SPACE)) is Intent.STRAIGHT
    assert intent_of(key_event(pygame.K_LEFT, pygame.KMOD_SHIFT)) is Intent.PAN_LEFT
    assert intent_of(key_event(pygame.K_z, pygame.KMOD_CTRL)) is Intent.UNDO
    assert intent_of(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0), buttons=(0, 0, 0))) is None


def test_new_game_player_names_are_typed(app):
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    driver = ng.rows[0][1]
    ng.focus = ng.fields().index(driver)
    for ch in "Anna":
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.handle_event(key_event(pygame.K_BACKSPACE))
    app.draw()
    setup, _ = ng.build_setup()
    assert setup.vehicles[0].owner == "Ann"
    assert setup.vehicles[1].owner == "Player 2"


def test_dropped_weapon_counters_are_drawn(app):
    from game.camera import Camera
    from game.render.dropped import draw_dropped
    from rules.combat.dropped import Counter
    from rules.core.geometry import Pose

    surf = pygame.Surface((200, 200))
    surf.fill((0, 0, 0))
    cam = Camera(zoom=40, cx=2, cy=2, view_w=200, view_h=200)
    draw_dropped(surf, cam, [Counter("oil", Pose.at(1, 1, 0), 1.0, 0.5, 1), Counter("smoke", Pose.at(3, 3, 0), 1.0, 1.0, 1)])
    assert surf.get_at((60, 60))[:3] != (0, 0, 0)       # the oil slick
    assert surf.get_at((140, 140))[:3] != (0, 0, 0)     # the smoke cloud
    assert surf.get_at((100, 100))[:3] == (0, 0, 0)     # nothing between them


def test_record_sheets_show_a_sidecars_armor_and_pods(app, monkeypatch):
    """The sheet draws the sidecar's own armor and each pod's armor (or 'off' once torn away)."""
    from dataclasses import replace
    from pathlib import Path

    import game.render.sheet as sheet
    from rules.core.geometry import Pose
    from rules.engine.setup import GameSetup, VehicleSetup

    drawn: list[str] = []
    real = sheet.text
    monkeypatch.setattr(sheet, "text", lambda surface, s, *a, **k: (drawn.append(s), real(surface, s, *a, **k))[1])
    pods = str(Path(__file__).parents[1] / "data" / "designs" / "pod_runner.toml")
    battle = start_battle(app, GameSetup((VehicleSetup("side", "Ann", "Quasar with Sidecar", Pose.at(10, 10, 90)),
                                          VehicleSetup("pods", "Bob", pods, Pose.at(20, 10, 270)))))
    v = battle.state.vehicle("pods")
    torn = replace(v.sheet, pods=(replace(v.sheet.pods[0], torn_off=True), v.sheet.pods[1]))
    battle.session.game.state = battle.state.with_vehicle(replace(v, sheet=torn))
    press(app, pygame.K_r)
    sheets = app.top
    assert isinstance(sheets, RecordSheetScene)
    sheets.index = 0
    app.draw()
    assert "sidecar" in drawn and "F6" in drawn                  # the Quasar's sidecar front armor
    drawn.clear()
    press(app, pygame.K_RIGHT)
    app.draw()
    assert drawn.count("pod") == 2 and "off" in drawn and "5" in drawn
