"""The client shows a jump jet (issue 17, 000:L2632): the speed panel offers it by its climb, and a car in
the air is drawn with its shadow thrown off and an IN THE AIR tag with its height and landing time."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from game.render.counters import _height_in, in_the_air
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Boost
from rules.vehicles.design import AccessoryEntry, dumps_design, load_stock
from tests.game.conftest import start_battle

TAG = (255, 214, 90)


def _setup(tmp_path: Path) -> GameSetup:
    d = load_stock("Mauler")
    d = replace(d, accessories=d.accessories + (AccessoryEntry("rocket_booster", facing="underbody", lb=120, burn=120),))
    path = tmp_path / "jumper.toml"
    path.write_text(dumps_design(d))
    return GameSetup((VehicleSetup("Jumper", "Player 1", str(path), Pose.at(10, 15, 90), 40),
                      VehicleSetup("Blue", "Player 2", "Killer Kart", Pose.at(34, 10, 270), 0)), seed=5,
                     map="maps/arena.toml")


def _tag_pixels(surface: pygame.Surface) -> int:
    w, h = surface.get_size()
    return sum(1 for x in range(0, w, 2) for y in range(0, h, 2) if surface.get_at((x, y))[:3] == TAG)


def test_the_speed_panel_offers_the_jet_by_its_climb_and_the_car_is_drawn_in_the_air_000_L2632(app, tmp_path):
    battle = start_battle(app, _setup(tmp_path), "Jump jets")
    labels = [b.label for b in battle.speed.layout_buttons(pygame.Rect(930, 140, 340, 220))]
    assert any(lb == "Fire underbody jump jet: climb +0.25 in (B)" for lb in labels), labels
    app.draw()
    before = _tag_pixels(app.surface)
    battle.session.apply(Boost("Jumper", "rocket_booster"))
    battle.settle()
    v = battle.session.state.vehicle("Jumper")
    assert in_the_air(v) and _height_in(v) == 0.25
    battle.cam.zoom = 40.0
    battle.cam.cx, battle.cam.cy = v.pose.x, v.pose.y
    app.draw()
    assert _tag_pixels(app.surface) > before + 20
