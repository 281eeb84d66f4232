"""Drawing the turning key: ghost end positions for every shown maneuver, each labelled with D, the
handling status it would leave and the control roll; the chosen one bright with its path; red where
the swept path would hit something."""

from __future__ import annotations

import pygame

from game import theme
from game.camera import Camera
from game.render.counters import counter_polygon, heading_tick
from game.turning_key import Ghost
from game.ui import rendered
from rules.core.geometry import CounterSize, forward

NEED_COLOUR = {"safe": (120, 230, 130), "XX": (255, 70, 60)}


def need_colour(need: str) -> tuple[int, int, int]:
    if need in NEED_COLOUR:
        return NEED_COLOUR[need]
    n = int(need) if need.isdigit() else 4
    return (250, 220, 90) if n <= 3 else (250, 150, 60)


def draw_key(surface: pygame.Surface, cam: Camera, ghosts: list[Ghost], size: CounterSize, chosen: int | None,
             overlay: pygame.Surface | None = None) -> None:
    """Ghost counters at their end poses; labels for each; the chosen ghost's swept path."""
    layer = overlay if overlay is not None else pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    layer.fill((0, 0, 0, 0))
    small_size = max(12, min(16, int(cam.zoom * 0.36)))
    placed: list[pygame.Rect] = []
    order = [i for i in range(len(ghosts)) if i != chosen] + ([chosen] if chosen is not None else [])
    for i in order:
        g = ghosts[i]
        pts = counter_polygon(cam, g.end, size)
        is_chosen = i == chosen
        edge = theme.HIT if g.blocked else (theme.GHOST if is_chosen else (210, 215, 230))
        fill = (255, 255, 255, 70) if is_chosen else (255, 255, 255, 22)
        if g.blocked:
            fill = (255, 40, 40, 60 if is_chosen else 30)
        pygame.draw.polygon(layer, fill, pts)
        pygame.draw.polygon(layer, (*edge, 255 if is_chosen or g.blocked else 120), pts, 3 if is_chosen else 1)
        a, b = heading_tick(cam, g.end, size)
        pygame.draw.line(layer, (*edge, 200), a, b, 2 if is_chosen else 1)
        if is_chosen:
            path = [cam.to_screen(p.x, p.y) for p in g.path]
            if len(path) >= 2:
                pygame.draw.lines(layer, (*theme.ACCENT, 230), False, path, 2)
    surface.blit(layer, (0, 0))
    # labels last, fanned out along each ghost's heading (kinds staggered so drifts clear straight
    # ahead); a label that would sit on one already drawn is skipped, the chosen one always shows
    for i in ([chosen] if chosen is not None else []) + [i for i in range(len(ghosts)) if i != chosen]:
        g = ghosts[i]
        f = forward(g.end.facing)
        reach = size.length / 2 + 0.45 + STAGGER.get(g.maneuver.kind, 0.0)
        tip = cam.to_screen(g.end.x + f.x * size.length / 2, g.end.y + f.y * size.length / 2)
        sx, sy = cam.to_screen(g.end.x + f.x * reach, g.end.y + f.y * reach)
        img = rendered(g.label, small_size, need_colour(g.control) if not g.blocked else theme.HIT)
        r = img.get_rect(center=(sx, sy))
        box = r.inflate(6, 2)
        if i != chosen and any(box.colliderect(p) for p in placed):
            continue
        placed.append(box)
        pygame.draw.line(surface, (200, 200, 210), tip, (sx, sy), 1)
        surface.blit(_label_bg(box.size, 200 if i == chosen else 140), box)
        if i == chosen:
            pygame.draw.rect(surface, theme.ACCENT, box, 1)
        surface.blit(img, r)


_BG: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def _label_bg(size: tuple[int, int], alpha: int) -> pygame.Surface:
    bg = _BG.get((size, alpha))
    if bg is None:
        bg = pygame.Surface(size, pygame.SRCALPHA)
        bg.fill((0, 0, 0, alpha))
        _BG[(size, alpha)] = bg
    return bg


STAGGER = {"drift": 0.35, "steep_drift": 0.7, "swerve": 0.45, "t_stop": 0.2, "bootlegger": 0.5}
