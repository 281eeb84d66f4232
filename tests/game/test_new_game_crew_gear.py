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


def test_martial_arts_is_asked_with_people_on_and_reaches_the_crew_and_the_save_000_L1332_PD44(app, tmp_path):
    """With people on, each vehicle's card asks for its crew's Martial Arts level (PD44); the level goes on
    the crew's kit (the [loadout] weapon and grenades kept), out of the car with the man who gets out, into
    the save and back, and is remembered for the next game."""
    from rules.core.tomlio import dumps_toml
    from rules.engine.game import Game
    from rules.engine.saves import loads_game, save_dict
    from rules.play import people
    from rules.play.context import Ctx
    from rules.play.people_actions import GetOut
    from rules.play.state import FIRE, evolve

    ng = _open(app)
    assert "martial0" not in ng.widgets                         # people off: not asked
    _choose(ng, "opt_people", "on")
    assert "martial0" in ng.widgets and "Martial Arts" in ng.widgets["martial0_label"].text
    assert "+3 a blow more" in _option_note(ng._field_named("martial0"))
    _choose(ng, "martial0", "+3")
    setup, _ = ng.build_setup()
    kit = setup.vehicles[0].kit
    assert kit is not None and kit.martial_arts == 3 and kit.weapon == "SMG"   # people.toml [loadout]
    assert setup.vehicles[1].kit is None
    again = loads_game(dumps_toml(save_dict(Game(setup))))
    assert again.setup.vehicles[0].kit == kit
    s = evolve(again.state, step=FIRE)
    s = evolve(s, vehicles=tuple(evolve(v, speed=0.0) for v in s.vehicles))
    s.derived.clear()
    ctx = Ctx(s)
    people.get_out(ctx, GetOut("car1", "driver"))
    assert people.person(ctx.finish(), "car1.driver").martial_arts == 3
    data = ng.choices()
    later = _open(app)
    later._remember(data)
    assert later.build_setup()[0].vehicles[0].kit.martial_arts == 3
    _choose(later, "martial0", "none")
    assert later.build_setup()[0].vehicles[0].kit is None
