"""The new-game screen built with pygame_gui: the design picker with its figures, names typed into a
text entry, the choices remembered between games in saves/new_game.toml."""

from __future__ import annotations

import pygame

from game.choices import settings_path
from game.scenes.battle import BattleScene
from game.scenes.new_game import NewGameScene
from game.scenes.title import TitleScene
from tests.game.conftest import click


def _open(app) -> NewGameScene:
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    app.update(0.05)
    app.draw()
    return ng


def _list_item(lst, text: str):
    """The button of a selection list's item, scrolled into view."""
    for k, item in enumerate(lst.item_list):
        if item["text"] == text:
            lst.scroll_bar.set_scroll_from_start_percentage(k / len(lst.item_list))
            lst.update(0.05)
            return next(i for i in lst.item_list if i["text"] == text)["button_element"]
    raise KeyError(text)


def test_pick_a_design_type_a_name_and_start_by_mouse(app):
    ng = _open(app)
    click(app, ng.widgets["stock1"].get_abs_rect().center)       # car2's design button: the picker edits car2
    assert ng.picking == 1
    picker = ng.widgets["picker"]
    button = _list_item(picker, "Mauler")
    click(app, button.rect.center)
    assert ng.rows[1][0].value == "Mauler"
    got = ng.figures("Mauler")
    assert not isinstance(got, str) and got[0].price > 0 and got[0].weight == got[1].weight
    app.draw()                                                   # the picker card: figures and outline
    entry = ng.widgets["name0"]
    click(app, entry.get_abs_rect().center)
    for ch in "Zoë":
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.update(0.05)
    assert entry.get_text() == "Zoë" and ng.names["Player 1"] == "Zoë"
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40))
    click(app, ng.widgets["start"].get_abs_rect().center)
    battle = app.top
    assert isinstance(battle, BattleScene), ng.message
    assert battle.state.vehicle("car2").spec.name == "Mauler"
    assert battle.session.seat("car1").owner == "Zoë"


def test_choices_are_remembered_between_games(app, tmp_path):
    ng = _open(app)
    weather = next(f for f in ng.options if f.name == "opt_road_condition")
    weather.index = weather.values.index("light_rain")
    ng.rows[0][2].index = ng.rows[0][2].values.index("green")
    ng.names["Player 1"] = "Ann"
    ng.start()
    assert isinstance(app.top, BattleScene), ng.message
    assert settings_path(tmp_path).exists()
    again = _open(app)
    assert next(f for f in again.options if f.name == "opt_road_condition").value == "light_rain"
    assert again.rows[0][2].value == "green" and again.names == {"Player 1": "Ann"}
    assert again.widgets["name0"].get_text() == "Ann"


def test_a_bad_settings_file_is_named_and_the_defaults_used(app, tmp_path):
    settings_path(tmp_path).write_text("version = [")
    ng = _open(app)
    assert str(settings_path(tmp_path)) in ng.message and "defaults" in ng.message
    assert ng.source.index == 0


def test_every_widget_draws_for_every_scenario_and_a_resize(app):
    ng = _open(app)
    for i in range(len(ng.source.values)):
        ng.source.index = i
        ng.changed(ng.source)
        app.update(0.05)
        app.draw()
        assert len(ng.rows) >= 2 and "picker" in ng.widgets and "start" in ng.widgets
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=720, size=(1100, 720)))
    app.draw()
    assert ng.widgets["start"].get_abs_rect().right <= 1100


def test_paste_a_name_into_the_entry(app, monkeypatch):
    """Ctrl+V in a player's name entry pastes (pygame_gui's own paste; the clipboard is stood in for, the
    dummy video driver having none)."""
    import pygame_gui.elements.ui_text_entry_line as entry_mod

    monkeypatch.setattr(entry_mod, "clipboard_paste", lambda: "Mad Max")
    ng = _open(app)
    entry = ng.widgets["name1"]
    click(app, entry.get_abs_rect().center)
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="\x16",
                                        scancode=25))
    app.update(0.05)
    assert entry.get_text() == "Mad Max" and ng.names["Player 2"] == "Mad Max"
    assert ng.build_setup()[0].vehicles[1].owner == "Mad Max"


def test_enter_starts_from_any_field_and_space_steps_the_field(app):
    """The hint says "Enter: Start": Enter with the first field focused starts the game rather than
    changing the game choice; Space steps the focused field on."""
    ng = _open(app)
    first = ng.fields()[0]
    before = first.value
    ng.focus = 0
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44))
    assert first.value != before
    while first.value != before:   # step back round to the default choice
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44))
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40))
    assert isinstance(app.top, BattleScene), ng.message


def test_a_people_scenario_without_pedestrians_starts_with_people_on_000_L1469(app):
    """"Duel to the last man" has `people = true` and nobody on foot at the start: chosen on this screen it
    must still let the crews get out (000:L1469), as `--scenario` does."""
    ng = _open(app)
    ng.source.index = 1 + next(i for i, p in enumerate(ng.scenarios) if p.name == "duel_on_foot.toml")
    ng._rebuild_rows()
    setup, _title = ng.build_setup()
    assert not setup.people and setup.options.people == "on"


def test_a_custom_game_may_turn_people_on_foot_on_for_an_ejection_seat_000_L2580(app):
    """People on foot is a choice of the custom game too: without it an ejection seat (000:L2580, reading
    AU21) or getting out is never offered."""
    ng = _open(app)
    people = next(f for f in ng.options if f.name == "opt_people")
    assert ng.build_setup()[0].options.people == "off"
    people.index = people.values.index("on")
    assert ng.build_setup()[0].options.people == "on"


def test_the_night_duel_shows_and_plays_its_night_and_its_own_design_000_L924(app):
    """Choosing "Night duel" shows Light: night (its [options]) and red's design as the shipped lamp car, not
    the first stock name; started, the game is at night with the searchlight aboard and blue's goggles on.
    Back to a custom game, the light is the player's own choice again."""
    from rules.play.lights import lamps

    ng = _open(app)
    light = next(f for f in ng.options if f.name == "opt_visibility")
    assert light.value == "clear"
    ng.source.index = 1 + next(i for i, p in enumerate(ng.scenarios) if p.name == "night_duel.toml")
    ng.changed(ng.source)
    assert light.value == "night"
    assert ng.rows[0][0].value == "Mauler with searchlight (scenario)"
    setup, _title = ng.build_setup()
    assert setup.options.visibility == "night"
    assert setup.vehicles[0].design == "maps/scenarios/designs/mauler_searchlight.toml"
    assert setup.vehicles[1].crew_gear == ("li_goggles",)
    assert ng.choices()["options"]["visibility"] == "clear"      # remembered as the player's, not the scenario's
    ng.start()
    assert isinstance(app.top, BattleScene), ng.message
    state = app.top.state
    assert state.options.visibility == "night" and lamps(state.vehicle("red"))
    ng.source.index = 0
    ng.changed(ng.source)
    assert light.value == "clear"


def test_a_scenarios_goal_follows_the_owners_chosen_here(app):
    """The convoy's victory belongs to the convoy's side whoever drives it: the owners this screen gives its
    vehicles (a player's name, "Foe <side>"), not the scenario file's (issue 19, rules.engine.goals)."""
    ng = _open(app)
    ng.source.index = 1 + next(i for i, p in enumerate(ng.scenarios) if p.name == "convoy_rig.toml")
    ng._rebuild_rows()
    ng.names["Player 1"] = "Mad Max"
    setup, _title = ng.build_setup()
    convoy = {v.owner for v in setup.vehicles if v.id in ("rig", "escort", "point")}
    raiders = {v.owner for v in setup.vehicles if v.id.startswith(("ramp_raider", "raider_"))}
    assert setup.goal is not None and setup.goal.kind == "escape"
    assert set(setup.goal.side) == convoy and "Mad Max" in convoy
    assert not raiders & set(setup.goal.side)


def test_foes_of_one_side_fight_for_it_not_each_other(app):
    """The raiders, all driven by foes, share one owner ("Foe Raiders"): the foes tell friend from foe by
    owner, and each had its own ("Foe raider_1", ...), so the raiders shot at each other. A convoy vehicle
    given to a foe fights for its side's player."""
    ng = _open(app)
    ng.source.index = 1 + next(i for i, p in enumerate(ng.scenarios) if p.name == "convoy_rig.toml")
    ng._rebuild_rows()
    ids = [v.id for v in ng.build_setup()[0].vehicles]
    escort = ids.index("escort")
    _stock, driver, _colour, _crew = ng.rows[escort]
    driver.index = next(i for i, d in enumerate(driver.values) if d.startswith("foe: "))
    setup, _title = ng.build_setup()
    owners = {v.id: v.owner for v in setup.vehicles}
    assert owners["ramp_raider"] == owners["raider_1"] == owners["raider_2"] == "Foe Raiders"
    assert owners["escort"] == owners["rig"] != "Foe Raiders"
    assert setup.goal is not None and set(setup.goal.side) == {owners["rig"]}
