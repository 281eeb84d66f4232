"""Passing effects drawn over the board: a shot's tracer from the firer to its target, and the
fireball of a vehicle that explodes. `k` is how far through its life the effect is (0 to 1)."""

from __future__ import annotations

import math

import pygame

Point = tuple[float, float]


def draw_tracer(surface: pygame.Surface, a: Point, b: Point, k: float) -> None:
    """A bright streak that runs from the firer to the target and fades."""
    k = max(0.0, min(1.0, k))
    head = min(1.0, k * 2.5)
    tail = max(0.0, head - 0.45)
    p = (a[0] + (b[0] - a[0]) * tail, a[1] + (b[1] - a[1]) * tail)
    q = (a[0] + (b[0] - a[0]) * head, a[1] + (b[1] - a[1]) * head)
    fade = int(255 * (1 - k))
    pygame.draw.line(surface, (255, 200, 90), p, q, 4)
    pygame.draw.line(surface, (255, 255, 220), p, q, 2)
    if head >= 1.0:  # the strike
        pygame.draw.circle(surface, (255, 220, 120), b, 4 + 10 * (1 - k), 2 if fade < 128 else 0)


def draw_explosion(surface: pygame.Surface, centre: Point, zoom: float, k: float) -> None:
    """An expanding fireball with a shock ring, out to the 2" blast radius of 000:L1014 at its widest."""
    k = max(0.0, min(1.0, k))
    reach = 2.0 * zoom
    r = reach * (0.25 + 0.75 * math.sqrt(k))
    size = int(r * 2.5 + 8)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    alpha = int(230 * (1 - k))
    heat = 1 - k
    for i in (10, 11, 12, 13, *range(10)):  # billowing puffs: dark smoke outside, white-hot inside
        ang = i * 2.4
        d = r * (0.6 if i >= 10 else 0.45 * ((i * 7) % 5) / 4)
        s = r * (0.45 - 0.02 * (i % 5))
        colour = (255, int(90 + 140 * heat * (i % 3) / 2), int(30 * heat)) if i < 10 else (90, 80, 75)
        pygame.draw.circle(layer, (*colour, alpha), (c[0] + math.cos(ang) * d, c[1] + math.sin(ang) * d), s)
    pygame.draw.circle(layer, (255, 250, 220, alpha), c, max(1.0, r * 0.25 * heat))
    pygame.draw.circle(layer, (255, 240, 200, alpha // 2), c, r, max(1, int(zoom * 0.05)))
    for i in range(12):  # flying sparks
        ang = i * 2 * math.pi / 12 + 0.3
        d = r * (1.0 + 0.15 * math.sin(i * 3.0))
        pygame.draw.circle(layer, (255, 230, 120, alpha), (c[0] + math.cos(ang) * d, c[1] + math.sin(ang) * d),
                           max(1.0, zoom * 0.05))
    surface.blit(layer, (centre[0] - size / 2, centre[1] - size / 2))
