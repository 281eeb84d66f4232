"""The record sheet as the book draws it: every vehicle kind the rules know, damage marked as it is taken."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game import theme
from game.render.hud import SHEET_HEIGHT, draw_sheet
from game.render.sheet import damage_summary, draw_record_sheet, outline_of, status_lines
from game.session import Session, quick_setup
from rules.play.state import VehicleState
from rules.vehicles.record_sheet import damage_armor, damage_component, damage_tire, damage_weapon

# one of each drawing the rules know: car, car with a turret, six wheels, cycle with a sidecar, trike,
# a car with external pods (a garage design)
KINDS = ("Killer Kart", "Joseph Special T", "Thumper", "Quasar with sidecar", "Sandcrab",
         "tests/data/designs/pod_runner.toml")


def _vehicle(design: str) -> VehicleState:
    setup = quick_setup(2)
    setup = replace(setup, vehicles=(replace(setup.vehicles[0], design=design), setup.vehicles[1]))
    return Session.start(setup, "t", None).state.vehicles[0]


def _damaged(v: VehicleState) -> VehicleState:
    sh = v.sheet
    sh, _ = damage_armor(sh, "front", 3)
    sh, _ = damage_tire(sh, len(sh.tires) - 1, 99)
    sh, _ = damage_weapon(sh, sh.weapons[0].id, 99)
    sh, _ = damage_component(sh, sh.crew()[0].id, 1)
    return replace(v, sheet=sh)


@pytest.mark.parametrize("design", KINDS)
def test_every_kind_draws_full_and_in_the_hud(app, design):
    v = _damaged(_vehicle(design))
    surf = pygame.Surface((1240, 680))
    draw_record_sheet(surf, surf.get_rect(), v, "Player 1", theme.owner_colour("red"))
    hud = pygame.Surface((340, SHEET_HEIGHT))
    draw_sheet(hud, hud.get_rect(), v, "Player 1")
    # the lost tire is drawn in the ink of lost things where the outline puts its corner
    last = v.sheet.tires[-1]
    if last.corner != "S":   # the sidecar's wheel sits on the sidecar
        o = outline_of(v, pygame.Rect(10, 76, 440, 594))
        x, y = o.tire_at[last.corner]   # a doubled corner's outer tire sits one tire further out
        region = [surf.get_at((x + dx, y + dy))[:3] for dx in range(-8, 25) for dy in range(-14, 15)]
        assert any(px[0] > 150 and px[1] < 90 for px in region), design


def test_damage_summary_names_what_was_lost_never_in_good_order():
    """The old sheet said "in good order" beside F0 and a destroyed MG (issue 14)."""
    v = _vehicle("Killer Kart")
    assert damage_summary(v) == [] and status_lines(v) == []
    hurt = _damaged(v)
    summary = damage_summary(hurt)
    assert summary[0] == "armor -3 of 18 (F 3)"
    assert "tire BR gone" in summary and "MG1 destroyed" in summary
    assert "driver wounded" in summary          # rules.combat.damage.crew_state: 2 of 3 DP left


def test_out_of_the_game_says_why():
    v = replace(_vehicle("Killer Kart"), out=True, mode="wreck")
    assert status_lines(v)[0][0] == "OUT: wrecked"
