"""Counters laid on the map by dropped weapons (rules.dropped.Counter): oil, flaming oil, spikes,
mines, smoke and paint clouds, ice. Drawn from whatever the state carries; nothing before combat lands."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from game.camera import Camera
from rules.geometry import CounterSize, corners

STYLE: dict[str, tuple[tuple[int, int, int, int], tuple[int, int, int]]] = {
    "oil": ((20, 18, 24, 220), (90, 70, 120)), "flaming_oil": ((230, 110, 20, 220), (255, 220, 60)),
    "spikes": ((120, 120, 130, 220), (230, 230, 240)), "mines": ((70, 80, 50, 230), (220, 60, 40)),
    "smoke": ((150, 150, 150, 140), (210, 210, 210)), "paint": ((60, 160, 220, 140), (200, 240, 255)),
    "ice": ((200, 230, 250, 200), (255, 255, 255)),
}


def state_counters(state: Any) -> tuple[Any, ...]:
    """Dropped-weapon counters in the state, under whichever name the engine keeps them."""
    for name in ("dropped", "counters", "map_counters"):
        got = getattr(state, name, None)
        if got:
            return tuple(got)
    return ()


def draw_dropped(surface: pygame.Surface, cam: Camera, counters: Iterable[Any]) -> None:
    for c in counters:
        fill, edge = STYLE.get(str(c.kind), ((200, 200, 200, 160), (255, 255, 255)))
        pts = [cam.to_screen(p.x, p.y) for p in corners(c.pose, CounterSize(c.length, c.width))]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        if box.width < 1 or box.height < 1:
            continue
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        local = [(x - box.x, y - box.y) for x, y in pts]
        if c.kind in ("smoke", "paint"):
            r = max(2, min(box.width, box.height) // 3)
            for x, y in local:
                pygame.draw.circle(layer, fill, ((x + box.width / 2) / 2, (y + box.height / 2) / 2), r)
            pygame.draw.circle(layer, fill, (box.width / 2, box.height / 2), r + 2)
        else:
            pygame.draw.polygon(layer, fill, local)
            pygame.draw.polygon(layer, (*edge, 255), local, 1)
            if c.kind in ("spikes", "mines"):
                for x, y in local:
                    pygame.draw.circle(layer, edge, ((x * 2 + box.width / 2) / 3, (y * 2 + box.height / 2) / 3), 2)
        surface.blit(layer, box)
