"""The board: ground, terrain areas, road markings, curbs, walls, buildings, obstacles, ramps and the
¼" grid with 1" lines. Drawn once per zoom into a cached surface (or per view for huge maps), so a
frame is one blit."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game import theme
from game.camera import Camera
from game.ui import drawable

MAX_CACHE_PIXELS = 4096 * 4096
EMPTY_W, EMPTY_H = 40.0, 30.0


def map_size(game_map: Any | None) -> tuple[float, float]:
    if game_map is None:
        return EMPTY_W, EMPTY_H
    return float(game_map.width), float(game_map.height)


class BoardRenderer:
    def __init__(self, game_map: Any | None) -> None:
        self.map = game_map
        self.resolved = _resolved(game_map)
        self._cache: pygame.Surface | None = None
        self._key: tuple[float, ...] = ()

    def draw(self, surface: pygame.Surface, cam: Camera) -> None:
        w, h = map_size(self.map)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h))
        surface.fill((16, 18, 20), pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h))
        if w * h * cam.zoom * cam.zoom <= MAX_CACHE_PIXELS:
            if self._key != (cam.zoom,) or self._cache is None:
                self._cache = self._render(cam.zoom, 0.0, 0.0, int(w * cam.zoom) + 1, int(h * cam.zoom) + 1)
                self._key = (cam.zoom,)
            ox, oy = cam.to_screen(0, 0)
            surface.blit(self._cache, (round(ox), round(oy)))
        else:
            x0, y0, _, _ = cam.visible()
            key = (cam.zoom, x0, y0, cam.view_w, cam.view_h)
            if self._key != key or self._cache is None:
                self._cache = self._render(cam.zoom, x0, y0, cam.view_w, cam.view_h)
                self._key = key
            surface.blit(self._cache, (cam.view_x, cam.view_y))
        surface.set_clip(clip)

    # --- rendering into a surface whose top-left is map point (x0, y0) ---------------------------

    def _render(self, zoom: float, x0: float, y0: float, pw: int, ph: int) -> pygame.Surface:
        surf = pygame.Surface((max(1, pw), max(1, ph)))
        w, h = map_size(self.map)

        def pt(p: tuple[float, float]) -> tuple[float, float]:
            return ((p[0] - x0) * zoom, (p[1] - y0) * zoom)

        m = self.resolved
        ground = theme.TERRAIN.get(getattr(m, "ground", "road"), (70, 110, 60)) if m else (62, 66, 70)
        surf.fill((16, 18, 20))
        pygame.draw.rect(surf, ground, pygame.Rect(pt((0, 0)), (w * zoom, h * zoom)))
        if m is not None:
            for a in m.areas:
                self._area(surf, a, pt, zoom)
            for mk in m.markings:
                self._marking(surf, mk, pt, zoom)
            for c in m.curbs:
                pts = [pt(p) for p in c.line.points()]
                if len(pts) >= 2:
                    pygame.draw.lines(surf, (196, 196, 188), False, pts, max(2, int(zoom * 0.08)))
            for rp in m.ramps:
                self._ramp(surf, rp, pt, zoom)
            for b in m.buildings:
                self._building(surf, b, pt, zoom)
            for wl in m.walls:
                self._wall(surf, wl, pt, zoom)
            for o in m.obstacles:
                self._obstacle(surf, o, pt, zoom)
        self._grid(surf, zoom, x0, y0, w, h)
        return surf

    def _area(self, surf: pygame.Surface, a: Any, pt: Any, zoom: float) -> None:
        pts = [pt(p) for p in a.shape.points()]
        if len(pts) < 3:
            return
        colour: tuple[int, ...] = theme.TERRAIN.get(a.kind, (90, 100, 80))
        tint = theme.CONDITION_TINT.get(getattr(a, "condition", "dry"))
        if tint:
            colour = tuple((c + t * 2) // 3 for c, t in zip(colour, tint, strict=True))
        pygame.draw.polygon(surf, colour, pts)
        if a.kind == "water":
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            step = max(6, int(zoom * 0.5))
            for yy in range(int(min(ys)) + step // 2, int(max(ys)), step):
                pygame.draw.line(surf, (90, 140, 200), (min(xs) + 4, yy), (max(xs) - 4, yy), 1)
        if getattr(a, "drop_ft", None):
            _edge_hatch(surf, pts, zoom)
        if getattr(a, "condition", "dry") == "oil":
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            pygame.draw.circle(surf, (60, 40, 80), (cx, cy), max(3, zoom * 0.4), 1)

    def _marking(self, surf: pygame.Surface, mk: Any, pt: Any, zoom: float) -> None:
        pts = [pt(p) for p in mk.line.points()]
        colour = (230, 200, 60) if mk.style == "center" else (225, 225, 225)
        width = max(1, int(zoom * 0.05))
        dash = zoom * 0.5
        for a, b in zip(pts, pts[1:], strict=False):
            length = math.dist(a, b)
            if length == 0:
                continue
            if mk.style == "center":
                pygame.draw.line(surf, colour, a, b, width)
                continue
            n = max(1, int(length / dash))
            for i in range(0, n, 2):
                k0, k1 = i / n, min(1.0, (i + 1) / n)
                pygame.draw.line(surf, colour, (a[0] + (b[0] - a[0]) * k0, a[1] + (b[1] - a[1]) * k0),
                                 (a[0] + (b[0] - a[0]) * k1, a[1] + (b[1] - a[1]) * k1), width)

    def _wall(self, surf: pygame.Surface, wl: Any, pt: Any, zoom: float) -> None:
        pts = [pt(p) for p in wl.shape.points()]
        if len(pts) < 3:
            return
        if wl.kind == "tree":
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            r = max(3.0, max(math.dist((cx, cy), p) for p in pts) * 0.8)
            pygame.draw.circle(surf, (34, 86, 40), (cx, cy), r)
            pygame.draw.circle(surf, (20, 60, 26), (cx, cy), r, max(1, int(zoom * 0.05)))
            pygame.draw.circle(surf, (90, 64, 40), (cx, cy), max(1.5, r * 0.25))
            return
        colour = {"barrier": (170, 160, 90), "boulder": (120, 116, 108)}.get(wl.kind, (104, 100, 96))
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, (40, 38, 36), pts, max(1, int(zoom * 0.04)))

    def _building(self, surf: pygame.Surface, b: Any, pt: Any, zoom: float) -> None:
        pts = [pt(p) for p in b.shape.points()]
        if len(pts) < 3:
            return
        pygame.draw.polygon(surf, (120, 84, 66), pts)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        inner = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).inflate(-zoom * 0.4, -zoom * 0.4)
        if inner.width > 4 and inner.height > 4 and len(pts) == 4:
            pygame.draw.rect(surf, (138, 98, 76), inner)
        pygame.draw.polygon(surf, (50, 34, 28), pts, max(2, int(zoom * 0.08)))
        if b.name and zoom >= 14:
            label = theme.font(max(12, int(zoom * 0.5))).render(drawable(b.name), True, (236, 220, 200))
            cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
            surf.blit(label, label.get_rect(center=(cx, cy)))

    def _obstacle(self, surf: pygame.Surface, o: Any, pt: Any, zoom: float) -> None:
        pts = [pt(p) for p in o.points()]
        colour = (150, 110, 60) if o.kind == "debris" else (90, 80, 70)
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, (30, 26, 20), pts, 1)
        cx = sum(p[0] for p in pts) / 4
        cy = sum(p[1] for p in pts) / 4
        r = max(1, int(zoom * 0.04))
        for dx, dy in ((-0.12, -0.05), (0.1, 0.04), (0.02, -0.02), (-0.05, 0.06)):
            pygame.draw.circle(surf, (40, 34, 28), (cx + dx * zoom, cy + dy * zoom), r)

    def _ramp(self, surf: pygame.Surface, rp: Any, pt: Any, zoom: float) -> None:
        pts = [pt(p) for p in rp.shape.points()]
        if len(pts) < 3:
            return
        pygame.draw.polygon(surf, (150, 140, 110), pts)
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        f = math.radians(rp.facing)
        dx, dy = math.sin(f) * zoom * 0.6, -math.cos(f) * zoom * 0.6
        pygame.draw.line(surf, (60, 50, 40), (cx - dx, cy - dy), (cx + dx, cy + dy), max(2, int(zoom * 0.08)))
        pygame.draw.circle(surf, (60, 50, 40), (cx + dx, cy + dy), max(2, zoom * 0.12))

    def _grid(self, surf: pygame.Surface, zoom: float, x0: float, y0: float, w: float, h: float) -> None:
        """¼" squares (when there is room to see them) and 1" lines."""
        sw, sh = surf.get_size()
        fine = zoom * 0.25 >= 5
        step = 0.25 if fine else 1.0
        k0 = math.ceil(max(0.0, x0) / step)
        k1 = math.floor(min(w, x0 + sw / zoom) / step)
        quarter = (0, 0, 0, 36)
        inch = (0, 0, 0, 90)
        overlay = pygame.Surface((sw, sh), pygame.SRCALPHA)
        top, bottom = max(0.0, (0 - y0) * zoom), min(sh, (h - y0) * zoom)
        left, right = max(0.0, (0 - x0) * zoom), min(sw, (w - x0) * zoom)
        for k in range(k0, k1 + 1):
            x = (k * step - x0) * zoom
            major = abs(k * step - round(k * step)) < 1e-9
            pygame.draw.line(overlay, inch if major else quarter, (x, top), (x, bottom), 1)
        k0 = math.ceil(max(0.0, y0) / step)
        k1 = math.floor(min(h, y0 + sh / zoom) / step)
        for k in range(k0, k1 + 1):
            y = (k * step - y0) * zoom
            major = abs(k * step - round(k * step)) < 1e-9
            pygame.draw.line(overlay, inch if major else quarter, (left, y), (right, y), 1)
        surf.blit(overlay, (0, 0))


def _resolved(game_map: Any | None) -> Any | None:
    if game_map is None:
        return None
    try:
        from rules.world.maps import resolved

        return resolved(game_map)
    except Exception:  # noqa: BLE001 - drawing what we can beats not starting
        return game_map


def _edge_hatch(surf: pygame.Surface, pts: list[tuple[float, float]], zoom: float) -> None:
    """A cliff or ledge edge (an area lying lower than its surroundings): a dark line with hatching."""
    dark = (30, 26, 22)
    pygame.draw.polygon(surf, dark, pts, max(2, int(zoom * 0.08)))
    step = max(5.0, zoom * 0.25)
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 1e-6:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        tick = step * 0.8
        d = step / 2
        while d < length:
            bx, by = x0 + ux * d, y0 + uy * d
            pygame.draw.line(surf, dark, (bx, by), (bx - uy * tick + ux * tick * 0.5, by + ux * tick + uy * tick * 0.5), 1)
            d += step
