"""A ten-wheeler's record sheet shows its carrier's own armor (issue 19; the carrier is armored apart from the
cab, 000:L2054): six boxes, points left over the starting points, and the carrier's losses in the summary."""

from __future__ import annotations

from dataclasses import replace

import pygame

import game.render.sheet as sheet_module
from game import theme
from game.render.sheet import carrier_locations, damage_summary, draw_record_sheet
from tests.game.test_sheets import _vehicle


def test_the_carrier_armor_is_drawn_on_a_ten_wheelers_sheet(app, monkeypatch) -> None:
    v = _vehicle("Maxim")
    hurt = replace(v, sheet=replace(v.sheet, armor={**v.sheet.armor, "carrier_back": 20}))
    drawn: list[tuple[str, int, int]] = []
    real = sheet_module.armor_box

    def spy(surface, rect, label, now, full, **kw):   # type: ignore[no-untyped-def]
        drawn.append((label, now, full))
        real(surface, rect, label, now, full, **kw)

    monkeypatch.setattr(sheet_module, "armor_box", spy)
    surf = pygame.Surface((1240, 680))
    draw_record_sheet(surf, surf.get_rect(), hurt, "Player 1", theme.owner_colour("red"))
    assert carrier_locations(hurt) == [f"carrier_{loc}" for loc in
                                       ("front", "back", "left", "right", "top", "underbody")]
    start = v.spec.sheet.armor
    carrier = drawn[-6:]
    assert carrier == [("FRONT", start["carrier_front"], start["carrier_front"]),
                       ("BACK", 20, start["carrier_back"]),
                       ("LEFT", start["carrier_left"], start["carrier_left"]),
                       ("RIGHT", start["carrier_right"], start["carrier_right"]),
                       ("TOP", start["carrier_top"], start["carrier_top"]),
                       ("UNDER", start["carrier_underbody"], start["carrier_underbody"])]
    assert any("carrier B" in line for line in damage_summary(hurt))


def test_a_car_has_no_carrier_box(app) -> None:
    assert carrier_locations(_vehicle("Killer Kart")) == []
