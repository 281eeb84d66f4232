"""The new-game screen sets each vehicle's crew goggles (reading AU19, 000:L1521, L1533) and, for a bus,
ten-wheeler or tractor, its driver's Trucker skill (000:L1385, reading M-R21): two drop-downs on the
picked vehicle's card, reached by keyboard too, remembered between games."""

from __future__ import annotations

import pygame

from game.scenes.new_game import NewGameScene, _option_note
from tests.game.conftest import press
from tests.game.test_new_game import _open


def _choose(ng: NewGameScene, name: str, value: str) -> None:
    f = ng._field_named(name)
    assert f is not None, f"{name} is not offered"
    f.index = f.values.index(value)
    ng.changed(f)


def test_goggles_chosen_for_a_car_reach_its_crew(app):
    ng = _open(app)
    assert "gear0" in ng.widgets and "trucker0" not in ng.widgets   # a Killer Kart needs no Trucker
    _choose(ng, "gear1", "tinted_goggles")
    setup, _ = ng.build_setup()
    assert setup.vehicles[0].crew_gear == ()
    assert setup.vehicles[1].crew_gear == ("tinted_goggles",)


def test_a_scenarios_goggles_show_and_can_be_taken_off(app):
    ng = _open(app)
    ng.source.index = 1 + [p.stem for p in ng.scenarios].index("night_duel")
    ng.changed(ng.source)
    blue = [v.id for v in ng.build_setup()[0].vehicles].index("blue")
    assert ng.extras[blue][0].value == "li_goggles"          # night_duel.toml: crew_gear = ["li_goggles"]
    assert ng.build_setup()[0].vehicles[blue].crew_gear == ("li_goggles",)
    _choose(ng, f"gear{blue}", "none")
    assert ng.build_setup()[0].vehicles[blue].crew_gear == ()


def test_a_rig_asks_for_the_trucker_skill(app):
    ng = _open(app)
    rig = next(label for label in ng.stock if " + " in label)   # a tower and its trailer
    stock = ng.rows[0][0]
    stock.index = stock.values.index(rig)
    ng.changed(stock)
    assert "trucker0" in ng.widgets
    assert ng.build_setup()[0].vehicles[0].trucker is True     # by default the crew has it
    _choose(ng, "trucker0", "no")
    assert ng.build_setup()[0].vehicles[0].trucker is False
    assert "HC -2" in _option_note(ng._field_named("trucker0"))   # oversized_movement.toml [trucker]


def test_the_keyboard_reaches_the_second_cars_goggles(app):
    ng = _open(app)
    fields = ng.fields()
    ng.focus = fields.index(ng.rows[1][3])   # car2's crew
    press(app, pygame.K_DOWN)
    assert ng.fields()[ng.focus].name == "gear1"
    assert ng.picking == 1 and ng.focused_rect() is not None   # the card shows car2, ring on its goggles
    press(app, pygame.K_RIGHT)
    assert ng.build_setup()[0].vehicles[1].crew_gear == ("li_goggles",)


def test_goggles_are_remembered_for_the_next_game(app):
    ng = _open(app)
    _choose(ng, "gear0", "li_goggles")
    data = ng.choices()
    again = _open(app)
    again._remember(data)
    assert again.build_setup()[0].vehicles[0].crew_gear == ("li_goggles",)
