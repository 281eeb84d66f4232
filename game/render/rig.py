"""An articulated counter: a tower and its trailer drawn as two joined counters (a car trailer's box and
tongue triangle on the hitch, a semi-trailer under the tractor's back with the kingpin dot on the fifth
wheel), and a rig's turning key: each maneuver's ghosts of both counters, from the rules
(rules.driving.articulated.rig_ghosts), a jackknife in red, a refused maneuver left out."""

from __future__ import annotations

import pygame

from game import theme
from game.camera import Camera
from rules.core.geometry import CounterSize, Pose, corners, forward, right
from rules.driving.articulated import Coupling, RigGhost, coupling_point, hitch_point, trailer_path

DOT = (20, 20, 20)
TRAILER_GHOST = (120, 210, 255)     # where the trailer would end: apart from the tower's ghosts' colours


def _screen(cam: Camera, pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [cam.to_screen(x, y) for x, y in pts]


def trailer_outline(trailer: Pose, c: Coupling) -> list[tuple[float, float]]:
    """The trailer's box, and for a car trailer its tongue triangle, in map inches."""
    box = [(p.x, p.y) for p in corners(trailer, c.trailer)]
    if c.rig:
        return box
    f, r = forward(trailer.facing), right(trailer.facing)
    front = trailer.centre + f * (c.trailer.length / 2)
    tip = coupling_point(trailer, c)
    half = c.trailer.width / 2
    left, rgt = front - r * half, front + r * half
    # FL, tongue tip, FR, then the back corners: one polygon
    return [(left.x, left.y), (tip.x, tip.y), (rgt.x, rgt.y), box[2], box[3]]


def draw_rig(surface: pygame.Surface, cam: Camera, tower: Pose, trailer: Pose, c: Coupling,
             colour: tuple[int, int, int], *, jackknifed: bool = False) -> None:
    """Trailer first (a semi-trailer lies under the tractor's back), then the tower, then the joining dot."""
    shade = tuple(max(0, int(v * 0.7)) for v in colour)
    pts = _screen(cam, trailer_outline(trailer, c))
    pygame.draw.polygon(surface, shade, pts)
    pygame.draw.polygon(surface, theme.BAD if jackknifed else theme.PANEL_EDGE, pts, 2)
    body = _screen(cam, [(p.x, p.y) for p in corners(tower, c.tower)])
    pygame.draw.polygon(surface, colour, body)
    pygame.draw.polygon(surface, theme.PANEL_EDGE, body, 2)
    nose = tower.centre + forward(tower.facing) * (c.tower.length / 2 - 0.15)
    pygame.draw.circle(surface, theme.TEXT, cam.to_screen(nose.x, nose.y), max(2.0, cam.zoom * 0.06))
    h = hitch_point(tower, c)
    pygame.draw.circle(surface, DOT, cam.to_screen(h.x, h.y), max(2.0, cam.zoom * 0.05))


def draw_coupling(surface: pygame.Surface, cam: Camera, tower: Pose, trailer: Pose, c: Coupling) -> None:
    """Where a trailer hangs on its tower, over both counters: a car trailer's tongue triangle up to the hitch,
    the kingpin dot over the fifth wheel (000:L541, L588); while a move plays the two are apart a moment."""
    if not c.rig:
        f, r = forward(trailer.facing), right(trailer.facing)
        front = trailer.centre + f * (c.trailer.length / 2)
        tip = coupling_point(trailer, c)
        half = c.trailer.width / 2
        tri = [front - r * half, tip, front + r * half]
        pygame.draw.polygon(surface, theme.PANEL_EDGE, _screen(cam, [(p.x, p.y) for p in tri]), 2)
    k = coupling_point(trailer, c)
    h = hitch_point(tower, c)
    pygame.draw.circle(surface, DOT, cam.to_screen(h.x, h.y), max(2.0, cam.zoom * 0.06))
    pygame.draw.circle(surface, theme.TEXT, cam.to_screen(k.x, k.y), max(1.5, cam.zoom * 0.035))


def draw_trailer_ghost(surface: pygame.Surface, cam: Camera, start: Pose, end: Pose, c: Coupling, *,
                       jackknifed: bool = False) -> None:
    """The trailer's swept path from `start` to `end` (thin outlines) and its end outline, red if it would
    jackknife."""
    col = theme.BAD if jackknifed else TRAILER_GHOST
    for p in trailer_path(start, end)[1:-1]:
        pygame.draw.polygon(surface, theme.GHOST, _screen(cam, trailer_outline(p, c)), 1)
    pts = _screen(cam, trailer_outline(end, c))
    xs, ys = [int(x) for x, _ in pts], [int(y) for _, y in pts]
    box = pygame.Rect(min(xs) - 2, min(ys) - 2, max(xs) - min(xs) + 4, max(ys) - min(ys) + 4)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(layer, (*col, 70), [(x - box.x, y - box.y) for x, y in pts])
    surface.blit(layer, box)
    pygame.draw.polygon(surface, col, pts, 2)


def draw_rig_key(surface: pygame.Surface, cam: Camera, ghosts: tuple[RigGhost, ...], size: CounterSize,
                 c: Coupling, *, hovered: int | None = None) -> None:
    """Each allowed maneuver's end poses as outlines: the tower's and the trailer's swept end, a jackknife
    in red; the hovered one brighter."""
    for i, g in enumerate(ghosts):
        if g.motion is None:
            continue
        bright = i == hovered
        col = theme.BAD if g.motion.jackknifed else (theme.ACCENT if bright else theme.GHOST)
        width = 2 if bright else 1
        pygame.draw.polygon(surface, col, _screen(cam, trailer_outline(g.motion.trailer.end, c)), width)
        pygame.draw.polygon(surface, col, _screen(cam, [(p.x, p.y) for p in corners(g.motion.tower.end, size)]),
                            width)
