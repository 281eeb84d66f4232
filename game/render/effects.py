"""Passing effects drawn over the board: a shot's tracer from the firer to its target, the fireball
of a vehicle that explodes (the frames of assets/effects/explosion.png, drawn by hand-made circles
without them), damage numbers rising off a counter, a crash's result over it, rings, the tire marks
of skids, spins and rolls, and the caption of a replay. `k` is how far through its life an effect is
(0 to 1)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.assets import EXPLOSION_FRAMES, Assets, default_assets
from game.camera import Camera

Point = tuple[float, float]
BLAST_INCHES = 2.0     # the blast reaches 2" (000:L1014)


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


def draw_explosion(surface: pygame.Surface, centre: Point, zoom: float, k: float, art: Assets | None = None) -> None:
    """An expanding fireball with a shock ring, out to the 2" blast radius of 000:L1014 at its widest."""
    k = max(0.0, min(1.0, k))
    reach = BLAST_INCHES * zoom
    frame = (art or default_assets()).explosion(min(EXPLOSION_FRAMES - 1, int(k * EXPLOSION_FRAMES)), int(reach * 2))
    if frame is not None:
        surface.blit(frame, frame.get_rect(center=(round(centre[0]), round(centre[1]))))
        return
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


def _pose(anim: Any, state: Any, ident: str) -> Any:
    """Where a vehicle is shown, or a person on foot stands (issue 18); None for anything else."""
    try:
        v = state.vehicle(ident)
    except KeyError:
        return next((p.pose for p in getattr(state, "people", ()) if p.id == ident), None)
    return anim.pose(v.id, v.pose)


def draw_flashes(surface: pygame.Surface, cam: Camera, anim: Any, state: Any) -> None:
    """Every flash of the animator (game/anim.py) at the pose its vehicle is shown at, and the
    caption of a replay."""
    stacked: dict[str, int] = {}   # numbers already on a counter this frame: the next goes above them
    texts = ("number", "label")
    for f in [f for f in anim.flashes if f.kind not in texts] + [f for f in anim.flashes if f.kind in texts]:
        if f.age < 0:
            continue
        p = _pose(anim, state, f.vehicle)
        if p is None:
            continue
        sx, sy = cam.to_screen(p.x, p.y)
        k = f.age / f.life
        if f.kind == "explosion":
            draw_explosion(surface, (sx, sy), cam.zoom, k)
        elif f.kind == "shot":
            q = _pose(anim, state, f.target)
            if q is None:
                continue
            draw_tracer(surface, (sx, sy), cam.to_screen(q.x, q.y), k)
        elif f.kind == "number":   # beside the counter, clear of its name above it
            n = stacked[f.vehicle] = stacked.get(f.vehicle, -1) + 1
            draw_number(surface, (sx + cam.zoom * 0.5 + 20, sy - n * 24), f.text, k, f.colour, size=34)
        elif f.kind == "label":
            draw_number(surface, (sx, sy - cam.zoom * 0.9 - 16), f.text.upper(), k * 0.6, f.colour, size=20, rise=12)
        else:
            pygame.draw.circle(surface, f.colour, (sx, sy), cam.zoom * (0.6 + f.age * 1.2), 3)
    if anim.replay_label:
        draw_caption(surface, cam, f"{anim.replay_label}   (P stops it)")


def draw_number(surface: pygame.Surface, at: Point, text: str, k: float, colour: tuple[int, int, int],
                size: int = 24, rise: float = 34) -> None:
    """Text rising from `at` and fading out, with a dark outline so it reads on any ground."""
    k = max(0.0, min(1.0, k))
    y = at[1] - rise * k
    img = outlined(text, size, colour)
    img.set_alpha(255 if k < 0.6 else int(255 * (1 - k) / 0.4))
    surface.blit(img, img.get_rect(center=(round(at[0]), round(y))))


_OUTLINED: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}


def outlined(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """Bold text with a 2-pixel dark outline, made once per text, size and colour (one blit a frame)."""
    key = (text, size, colour)
    img = _OUTLINED.get(key)
    if img is None:
        from game.ui import rendered

        if len(_OUTLINED) > 500:
            _OUTLINED.clear()
        dark, face = rendered(text, size, (0, 0, 0), bold=True), rendered(text, size, colour, bold=True)
        img = pygame.Surface((face.get_width() + 4, face.get_height() + 4), pygame.SRCALPHA)
        for dx, dy in ((0, 2), (4, 2), (2, 0), (2, 4)):
            img.blit(dark, (dx, dy))
        img.blit(face, (2, 2))
        _OUTLINED[key] = img
    return img


def draw_caption(surface: pygame.Surface, cam: Camera, text: str) -> None:
    from game.ui import rendered

    img = rendered(text, 20, (255, 230, 150), bold=True)
    box = img.get_rect(midtop=(cam.view_x + cam.view_w // 2, cam.view_y + 10)).inflate(24, 12)
    pygame.draw.rect(surface, (20, 22, 26), box, border_radius=6)
    pygame.draw.rect(surface, (250, 200, 70), box, 2, border_radius=6)
    surface.blit(img, img.get_rect(center=box.center))


ROAD = (74, 76, 80)
MARK_COLOUR = {"skid": (18, 18, 18), "spin": (18, 18, 18), "roll": (60, 56, 50)}


def draw_marks(surface: pygame.Surface, cam: Camera, anim: Any) -> None:
    """Tire marks behind a skid or spin (two lines from the rear tires), a roll's scuffs (one broad
    band), fading as they age."""
    for m in anim.marks:
        fade = max(0.0, 1 - m.age / m.life)
        if len(m.poses) < 2 or fade <= 0:
            continue
        colour = MARK_COLOUR.get(m.style, (18, 18, 18))
        c = tuple(int(a * fade + b * (1 - fade)) for a, b in zip(colour, ROAD, strict=True))
        width = max(1, int(cam.zoom * (0.3 if m.style == "roll" else 0.06)))
        offsets = ((0.0, 0.0),) if m.style == "roll" else ((-0.4, -0.19), (-0.4, 0.19))
        z, ox, oy = cam.zoom, cam.view_x + cam.view_w / 2 - cam.cx * cam.zoom, cam.view_y + cam.view_h / 2 - cam.cy * cam.zoom
        for along, across in offsets:
            pts = []
            for p in m.poses:   # plain floats: this runs every frame (forward = (sin, -cos), right = (cos, sin))
                f = math.radians(p.facing)
                sn, cs = math.sin(f), math.cos(f)
                pts.append((ox + (p.x + sn * along + cs * across) * z, oy + (p.y - cs * along + sn * across) * z))
            pygame.draw.lines(surface, c, False, pts, width)
