"""Vehicle counters: owner colour, a clear front (windscreen and arrow), tire and armor damage, fire,
wrecks greyed out. Poses come from the animator, so a counter can be drawn anywhere along a path."""

from __future__ import annotations

import math

import pygame

from game import theme
from game.camera import Camera
from game.ui import drawable
from rules.core.geometry import CounterSize, Pose, corners, forward, right
from rules.play.state import VehicleState

_CORNER_AT = {"FL": (0.5, -1), "FR": (0.5, 1), "BL": (-0.5, -1), "BR": (-0.5, 1), "F": (0.5, 0), "B": (-0.5, 0)}


def counter_polygon(cam: Camera, pose: Pose, size: CounterSize) -> list[tuple[float, float]]:
    return [cam.to_screen(c.x, c.y) for c in corners(pose, size)]


def draw_counter(surface: pygame.Surface, cam: Camera, v: VehicleState, pose: Pose, size: CounterSize,
                 colour: tuple[int, int, int], *, active: bool = False, label: bool = True) -> None:
    pts = counter_polygon(cam, pose, size)
    body = (110, 110, 110) if v.out else colour
    if active:
        pygame.draw.polygon(surface, theme.ACCENT, pts, max(3, int(cam.zoom * 0.12)))
    pygame.draw.polygon(surface, body, pts)
    dark = tuple(max(0, c - 90) for c in body)
    pygame.draw.polygon(surface, dark, pts, max(1, int(cam.zoom * 0.04)))
    f, r = forward(pose.facing), right(pose.facing)
    c = pose.centre
    hl, hw = size.length / 2, size.width / 2

    def at(a: float, b: float) -> tuple[float, float]:
        p = c + f * a + r * b
        return cam.to_screen(p.x, p.y)

    # windscreen band near the front and an arrow: the front is never in doubt
    glass = (40, 50, 70) if not v.out else (70, 70, 70)
    pygame.draw.polygon(surface, glass, [at(hl * 0.55, -hw * 0.75), at(hl * 0.55, hw * 0.75),
                                         at(hl * 0.25, hw * 0.8), at(hl * 0.25, -hw * 0.8)])
    pygame.draw.polygon(surface, (250, 250, 250), [at(hl * 0.95, 0), at(hl * 0.62, -hw * 0.45),
                                                   at(hl * 0.62, hw * 0.45)])
    _tires(surface, cam, v, at, hl, hw)
    _armor_bar(surface, cam, v, at, hl, hw)
    if v.sheet.on_fire and not v.sheet.destroyed:
        _flames(surface, cam, at, hl)
    if v.out or v.sheet.destroyed:
        pygame.draw.line(surface, (30, 30, 30), pts[0], pts[2], max(2, int(cam.zoom * 0.06)))
        pygame.draw.line(surface, (30, 30, 30), pts[1], pts[3], max(2, int(cam.zoom * 0.06)))
    if label and cam.zoom >= 14:
        text = theme.font(max(14, int(cam.zoom * 0.45)), True).render(drawable(v.id), True, (255, 255, 255))
        sx, sy = cam.to_screen(c.x, c.y)
        off = cam.zoom * max(hl, hw) + 10
        shadow = theme.font(max(14, int(cam.zoom * 0.45)), True).render(drawable(v.id), True, (0, 0, 0))
        surface.blit(shadow, shadow.get_rect(center=(sx + 1, sy - off + 1)))
        surface.blit(text, text.get_rect(center=(sx, sy - off)))


def _tires(surface: pygame.Surface, cam: Camera, v: VehicleState, at: object, hl: float, hw: float) -> None:
    for t in v.sheet.tires:
        a, b = _CORNER_AT.get(t.corner, (0, 0))
        if t.destroyed:
            colour = (230, 40, 30)
        elif t.dp < t.max_dp:
            colour = (240, 170, 40)
        else:
            colour = (20, 20, 20)
        p = at(a * 2 * hl * 0.72, b * hw * 0.92)  # type: ignore[operator]
        pygame.draw.circle(surface, colour, p, max(2, cam.zoom * 0.07))


def _armor_bar(surface: pygame.Surface, cam: Camera, v: VehicleState, at: object, hl: float, hw: float) -> None:
    """A thin bar at the back: the share of armor left."""
    start = v.spec.sheet.armor
    total = sum(start.values())
    if total <= 0 or cam.zoom < 16:
        return
    left = sum(v.sheet.armor.get(k, 0) for k in start) / total
    a, b = at(-hl * 0.85, -hw * 0.7), at(-hl * 0.85, hw * 0.7)  # type: ignore[operator]
    pygame.draw.line(surface, (40, 40, 40), a, b, max(2, int(cam.zoom * 0.08)))
    mid = (a[0] + (b[0] - a[0]) * left, a[1] + (b[1] - a[1]) * left)
    colour = theme.GOOD if left > 0.6 else theme.WARN if left > 0.25 else theme.BAD
    if left > 0:
        pygame.draw.line(surface, colour, a, mid, max(2, int(cam.zoom * 0.08)))


def _flames(surface: pygame.Surface, cam: Camera, at: object, hl: float) -> None:
    for i, (a, b) in enumerate(((0.0, -0.1), (-0.2, 0.12), (0.2, 0.05))):
        p = at(a * hl * 2, b)  # type: ignore[operator]
        r = cam.zoom * (0.14 + 0.04 * i)
        pygame.draw.circle(surface, (250, 120, 20), p, r)
        pygame.draw.circle(surface, (255, 220, 60), p, r * 0.5)


def ghost_polygon(cam: Camera, pose: Pose, size: CounterSize) -> list[tuple[float, float]]:
    return counter_polygon(cam, pose, size)


def heading_tick(cam: Camera, pose: Pose, size: CounterSize) -> tuple[tuple[float, float], tuple[float, float]]:
    c = pose.centre
    f = forward(pose.facing)
    a = c + f * (size.length / 2 - 0.1)
    b = c + f * (size.length / 2 + 0.25)
    return cam.to_screen(a.x, a.y), cam.to_screen(b.x, b.y)


def facing_between(a: float, b: float, k: float) -> float:
    d = math.fmod(b - a, 360.0)
    if d > 180:
        d -= 360
    elif d <= -180:
        d += 360
    return a + d * k
