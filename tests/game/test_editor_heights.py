"""The editor sets a building's storeys and a wall's height (issue 17: elevation, 000:L1215), and the board
draws a building's storeys on its roof."""

from __future__ import annotations

import pytest

from game.editor import props as P
from game.editor.commands import History
from rules.world.maps import load_map


def test_a_buildings_storeys_and_a_walls_height_are_fields_of_the_properties_panel_000_L1215() -> None:
    h = History(load_map("maps/rooftops.toml"))
    f = h.map.buildings[4]   # the Shed: no storeys given
    fields = {p.key: p for p in P.props_for(f)}
    assert "storeys" in fields and fields["storeys"].optional
    assert P.value_of(h.map, f, fields["storeys"]) in ("", "-")
    h.do(P.command_for(h.map, ("buildings", 4), f, fields["storeys"], P.parse(fields["storeys"], "3")))
    assert h.map.buildings[4].storeys == 3
    with pytest.raises(ValueError, match="1 to 30 storeys"):
        P.command_for(h.map, ("buildings", 4), f, fields["storeys"], 0)
    w = h.map.walls[0]
    wf = {p.key: p for p in P.props_for(w)}
    assert P.value_of(h.map, w, wf["height_ft"]) == "3"
    h.do(P.command_for(h.map, ("walls", 0), w, wf["height_ft"], P.parse(wf["height_ft"], "2.5")))
    assert h.map.walls[0].height_ft == 2.5
    with pytest.raises(ValueError, match="more than 0"):
        P.command_for(h.map, ("walls", 0), w, wf["height_ft"], -1.0)
    h.undo()
    assert h.map.walls[0].height_ft == 3


def test_the_board_draws_a_storey_badge_only_where_the_map_gives_storeys() -> None:
    """The badge ("4F") is drawn on a building whose storeys the map gives; a map without heights is drawn
    as before (its buildings' shadows and roofs unchanged)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.render import board as B
    from rules.world.map_model import Building
    from rules.world.shapes import Rect

    pygame.init()
    plain, tall = Building(Rect(1, 1, 4, 3), 10), Building(Rect(1, 1, 4, 3), 10, storeys=4)
    assert B._shadow_in(plain) == 0.22 and B._shadow_in(tall) > B._shadow_in(plain)
    surf = pygame.Surface((200, 200))
    surf.fill((0, 0, 0))
    pts = [(20.0, 20.0), (180.0, 20.0), (180.0, 140.0), (20.0, 140.0)]
    B._storey_badge(surf, pts, 4, 40.0)
    gold = sum(1 for x in range(200) for y in range(200) if surf.get_at((x, y))[:3] == (200, 170, 90))
    assert gold > 20


def test_the_board_draws_a_buildings_stairway_foot_000_L1442() -> None:
    """A building with `stairs` shows its stairway's foot square (reading PD43) beside its wall, a quarter
    inch across at the board's zoom, so a player sees where a man climbs to the roof."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.render import board as B

    pygame.init()
    surf = pygame.Surface((100, 100))
    surf.fill((0, 0, 0))
    B._stairway(surf, (50.0, 50.0), 40.0)   # 40 px an inch: a 10 px square
    rim = [(x, y) for x in range(100) for y in range(100) if surf.get_at((x, y))[:3] == (230, 200, 120)]
    xs, ys = [p[0] for p in rim], [p[1] for p in rim]
    assert rim and max(xs) - min(xs) == 9 and max(ys) - min(ys) == 9
