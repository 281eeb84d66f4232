"""The board: textured ground and terrain (tiles from assets/terrain, flat colours without them), road
markings, the ¼" grid with 1" lines, curbs, walls, buildings with roofs, obstacles and ramps. Drawn once per zoom into a cached surface (in square pieces, drawn as the
view first needs them, for a map too big for one), so a frame is a few blits."""

from __future__ import annotations

import math
import zlib
from typing import Any

import pygame

from game import theme
from game.assets import Assets, default_assets
from game.camera import Camera

Point = tuple[float, float]
Colour = tuple[int, int, int]
# Roof colours: (lit face, face in shade, ridge and eaves)
ROOFS: tuple[tuple[Colour, Colour, Colour], ...] = (
    ((176, 92, 70), (128, 62, 48), (92, 44, 34)),      # terracotta
    ((112, 118, 128), (78, 84, 94), (52, 56, 64)),     # slate
    ((128, 100, 76), (92, 70, 54), (62, 46, 36)),      # brown shingle
    ((104, 124, 104), (72, 90, 74), (48, 62, 50)),     # weathered copper
)
CONDITION_ALPHA = {"oil": 170, "ice": 140, "wet": 110, "snow": 175, "gravel": 120}
LIGHT = (-0.6, -0.8)   # the way light falls from (top left), for roof faces

MAX_CACHE_PIXELS = 4096 * 4096
CHUNK = 512          # pixels a side of a piece of a big map's board
MAX_CHUNKS = 40      # pieces kept (40 MB at most)
EMPTY_W, EMPTY_H = 40.0, 30.0


def map_size(game_map: Any | None) -> tuple[float, float]:
    if game_map is None:
        return EMPTY_W, EMPTY_H
    return float(game_map.width), float(game_map.height)


class BoardRenderer:
    def __init__(self, game_map: Any | None, art: Assets | None = None) -> None:
        self.map = game_map
        self.art = art or default_assets()
        self.resolved = _resolved(game_map)
        self._cache: pygame.Surface | None = None
        self._key: tuple[float, ...] = ()
        self._chunks: dict[tuple[float, int, int], pygame.Surface] = {}

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
            self._draw_chunks(surface, cam)
        surface.set_clip(clip)

    def _draw_chunks(self, surface: pygame.Surface, cam: Camera) -> None:
        """A map too big to keep whole at this zoom: square pieces of it, drawn as the view first
        needs them and kept (the newest MAX_CHUNKS), so panning and following cost blits, not redraws."""
        z = cam.zoom
        base_x = round(cam.view_x + cam.view_w / 2 - cam.cx * z)   # screen position of map (0, 0)
        base_y = round(cam.view_y + cam.view_h / 2 - cam.cy * z)
        w, h = map_size(self.map)
        i0, i1 = max(0, (cam.view_x - base_x) // CHUNK), min(int(w * z) // CHUNK, (cam.view_x + cam.view_w - base_x) // CHUNK)
        j0, j1 = max(0, (cam.view_y - base_y) // CHUNK), min(int(h * z) // CHUNK, (cam.view_y + cam.view_h - base_y) // CHUNK)
        if any(k[0] != z for k in self._chunks):
            self._chunks = {k: v for k, v in self._chunks.items() if k[0] == z}
        for i in range(int(i0), int(i1) + 1):
            for j in range(int(j0), int(j1) + 1):
                key = (z, i, j)
                piece = self._chunks.pop(key, None)
                if piece is None:
                    piece = self._render(z, i * CHUNK / z, j * CHUNK / z, CHUNK, CHUNK)
                self._chunks[key] = piece           # newest last
                surface.blit(piece, (base_x + i * CHUNK, base_y + j * CHUNK))
        while len(self._chunks) > MAX_CHUNKS:
            del self._chunks[next(iter(self._chunks))]

    # --- rendering into a surface whose top-left is map point (x0, y0) ---------------------------

    def _render(self, zoom: float, x0: float, y0: float, pw: int, ph: int) -> pygame.Surface:
        surf = pygame.Surface((max(1, pw), max(1, ph)))
        w, h = map_size(self.map)

        def pt(p: tuple[float, float]) -> tuple[float, float]:
            return ((p[0] - x0) * zoom, (p[1] - y0) * zoom)

        m = self.resolved
        kind = getattr(m, "ground", "road") if m else "road"
        ground = theme.TERRAIN.get(kind, (70, 110, 60)) if m else (62, 66, 70)
        surf.fill((16, 18, 20))
        corners = [pt((0, 0)), pt((w, 0)), pt((w, h)), pt((0, h))]
        paint = _Painter(surf, zoom, x0, y0, self.art)
        paint.textured(corners, kind, ground)
        if m is not None:
            for a in m.areas:
                self._area(paint, a, pt, zoom)
            for mk in m.markings:
                self._marking(surf, mk, pt, zoom)
        self._grid(surf, zoom, x0, y0, w, h)   # the grid lies on the ground, under what stands on it
        if m is not None:
            for c in m.curbs:
                pts = [pt(p) for p in c.line.points()]
                if len(pts) >= 2:
                    pygame.draw.lines(surf, (88, 86, 80), False, pts, max(3, int(zoom * 0.12)))
                    pygame.draw.lines(surf, (206, 204, 194), False, pts, max(2, int(zoom * 0.07)))
            for rp in m.ramps:
                self._ramp(paint, rp, pt, zoom)
            for b in m.buildings:
                paint.shadow([pt(p) for p in b.shape.points()], _shadow_in(b))
            for b in m.buildings:
                self._building(paint, b, pt, zoom)
            for wl in m.walls:
                self._wall(paint, wl, pt, zoom)
            for o in m.obstacles:
                self._obstacle(surf, o, pt, zoom)
        return surf

    def _area(self, paint: _Painter, a: Any, pt: Any, zoom: float) -> None:
        pts = [pt(p) for p in a.shape.points()]
        if len(pts) < 3:
            return
        colour: tuple[int, ...] = theme.TERRAIN.get(a.kind, (90, 100, 80))
        condition = getattr(a, "condition", "dry")
        if not paint.textured(pts, a.kind, colour) and a.kind == "water":
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            step = max(6, int(zoom * 0.5))
            for yy in range(int(min(ys)) + step // 2, int(max(ys)), step):
                pygame.draw.line(paint.surf, (90, 140, 200), (min(xs) + 4, yy), (max(xs) - 4, yy), 1)
        if a.kind == "water":
            pygame.draw.polygon(paint.surf, (40, 70, 110), pts, max(1, int(zoom * 0.05)))
        tint = theme.CONDITION_TINT.get(condition)
        if tint:
            paint.veil(pts, (*tint, CONDITION_ALPHA.get(condition, 120)))
        if getattr(a, "drop_ft", None):
            _edge_hatch(paint.surf, pts, zoom)
        if getattr(a, "bank", "") and a.kind == "road":
            _bank_kerb(paint.surf, a.shape, pt, zoom, steep=a.bank == "steep")
        if condition == "oil":
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            pygame.draw.circle(paint.surf, (60, 40, 80), (cx, cy), max(3, zoom * 0.4), 1)

    def _marking(self, surf: pygame.Surface, mk: Any, pt: Any, zoom: float) -> None:
        """A centre line is a double solid yellow; a lane line dashed white (½" dashes)."""
        pts = [pt(p) for p in mk.line.points()]
        colour = (236, 196, 52) if mk.style == "center" else (232, 232, 226)
        width = max(1, int(zoom * 0.05))
        dash = zoom * 0.5
        for a, b in zip(pts, pts[1:], strict=False):
            length = math.dist(a, b)
            if length == 0:
                continue
            if mk.style == "center":
                nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
                gap = max(1.5, zoom * 0.05)
                for s in (-1, 1):
                    pygame.draw.line(surf, colour, (a[0] + nx * gap * s, a[1] + ny * gap * s),
                                     (b[0] + nx * gap * s, b[1] + ny * gap * s), width)
                continue
            n = max(1, int(length / dash))
            for i in range(0, n, 2):
                k0, k1 = i / n, min(1.0, (i + 1) / n)
                pygame.draw.line(surf, colour, (a[0] + (b[0] - a[0]) * k0, a[1] + (b[1] - a[1]) * k0),
                                 (a[0] + (b[0] - a[0]) * k1, a[1] + (b[1] - a[1]) * k1), width)

    def _wall(self, paint: _Painter, wl: Any, pt: Any, zoom: float) -> None:
        surf = paint.surf
        pts = [pt(p) for p in wl.shape.points()]
        if len(pts) < 3:
            return
        if wl.kind == "tree":
            _tree(paint, pts, zoom)
            return
        paint.shadow(pts, 0.1)
        if wl.kind == "boulder":
            cx, cy = _centroid(pts)
            pygame.draw.polygon(surf, (112, 108, 100), pts)
            pygame.draw.polygon(surf, (140, 136, 128), [(cx + (x - cx) * 0.6 - zoom * 0.03, cy + (y - cy) * 0.6 - zoom * 0.03)
                                                        for x, y in pts])
            pygame.draw.polygon(surf, (50, 48, 44), pts, max(1, int(zoom * 0.03)))
            return
        top, edge = ((222, 200, 70), (60, 54, 30)) if wl.kind == "barrier" else ((150, 146, 138), (52, 50, 48))
        pygame.draw.polygon(surf, edge, pts)
        inner = _inset(pts, max(1.0, zoom * 0.035))
        if inner:
            pygame.draw.polygon(surf, top, inner)
            if wl.kind == "barrier":
                _stripes(surf, inner, zoom, (30, 28, 24))
        pygame.draw.polygon(surf, edge, pts, max(1, int(zoom * 0.03)))

    def _building(self, paint: _Painter, b: Any, pt: Any, zoom: float) -> None:
        """A roof seen from above, turned with the building: a hip roof on a rectangle (four faces
        meeting at a ridge along its long side, lit from the top left), a flat roof with a parapet and
        a plant box on any other outline."""
        surf = paint.surf
        pts = [pt(p) for p in b.shape.points()]
        if len(pts) < 3:
            return
        palette = ROOFS[zlib.crc32(f"{b.name}:{pts[0]}".encode()) % len(ROOFS)]
        if len(pts) == 4:
            _hip_roof(surf, pts, palette, zoom)
        else:
            _flat_roof(surf, pts, palette, zoom)
        pygame.draw.polygon(surf, (36, 28, 24), pts, max(2, int(zoom * 0.06)))
        if getattr(b, "storeys", None) is not None and zoom >= 8:
            _storey_badge(surf, pts, int(b.storeys), zoom)
        if getattr(b, "stairs", None) is not None:
            _stairway(surf, pt(b.stairs), zoom)
        if b.name and zoom >= 14:
            from game.ui import rendered

            cx, cy = _centroid(pts)
            size = max(14, min(22, int(zoom * 0.5)))
            shade = rendered(b.name, size, (20, 16, 14))
            label = rendered(b.name, size, (246, 236, 222))
            surf.blit(shade, shade.get_rect(center=(cx + 1, cy + 1)))
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

    def _ramp(self, paint: _Painter, rp: Any, pt: Any, zoom: float) -> None:
        surf = paint.surf
        pts = [pt(p) for p in rp.shape.points()]
        if len(pts) < 3:
            return
        paint.shadow(pts, 0.12)
        pygame.draw.polygon(surf, (150, 140, 110), pts)
        _stripes(surf, pts, zoom, (120, 110, 84))
        pygame.draw.polygon(surf, (70, 60, 44), pts, max(1, int(zoom * 0.04)))
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
        quarter = (0, 0, 0, 26)
        inch = (0, 0, 0, 70)
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


def _bank_kerb(surf: pygame.Surface, arc: Any, pt: Any, zoom: float, steep: bool) -> None:
    """A banked curve (000:L277): red and white kerb blocks along its outside edge, the high side,
    and chevrons pointing down the slope toward the inside; a very steep curve gets a double kerb."""
    if not hasattr(arc, "r_outer"):
        return
    span = arc.end - arc.start
    n = max(4, int(span / 6))
    rows = (0.0, 0.18) if steep else (0.0,)
    for k in range(n):
        b0, b1 = arc.start + span * k / n, arc.start + span * (k + 1) / n
        colour = (200, 40, 40) if k % 2 else (236, 236, 230)
        for off in rows:
            r0, r1 = arc.r_outer - 0.18 - off, arc.r_outer - off
            quad = [_bp(arc, r0, b0), _bp(arc, r1, b0), _bp(arc, r1, b1), _bp(arc, r0, b1)]
            pygame.draw.polygon(surf, colour, [pt(p) for p in quad])
    mid_r = (arc.r_inner + arc.r_outer) / 2
    for k in range(0, n, 3):
        b = arc.start + span * (k + 0.5) / n
        tip = pt(_bp(arc, mid_r - 0.5, b))
        for side in (-1.5, 1.5):
            base = pt(_bp(arc, mid_r + 0.2, b + side))
            pygame.draw.line(surf, (236, 236, 230), base, tip, max(1, int(zoom * 0.05)))


def _bp(arc: Any, r: float, bearing: float) -> Point:
    t = math.radians(bearing)
    return (arc.cx + r * math.sin(t), arc.cy - r * math.cos(t))


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


class _Painter:
    """Fills on the board cache: polygons textured with a terrain tile laid in map coordinates (so
    tiles meet across areas), see-through veils and drop shadows."""

    def __init__(self, surf: pygame.Surface, zoom: float, x0: float, y0: float, art: Assets) -> None:
        self.surf, self.zoom, self.x0, self.y0, self.art = surf, zoom, x0, y0, art

    def _box(self, pts: list[Point], pad: float = 0.0) -> pygame.Rect:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = pygame.Rect(math.floor(min(xs) - pad), math.floor(min(ys) - pad),
                          math.ceil(max(xs) - min(xs) + 2 * pad) + 2, math.ceil(max(ys) - min(ys) + 2 * pad) + 2)
        return box.clip(self.surf.get_rect())

    def textured(self, pts: list[Point], kind: str, colour: tuple[int, ...]) -> bool:
        """Fill with the tile of `kind`; a flat `colour` when there is no tile (returns False)."""
        px = max(1, round(self.zoom))
        block = self.art.tile_block(kind, px)
        box = self._box(pts)
        if block is None or box.width < 1 or box.height < 1:
            pygame.draw.polygon(self.surf, colour, pts)
            return False
        step = block.get_width()
        ox = -((box.x + self.x0 * self.zoom) % px)
        oy = -((box.y + self.y0 * self.zoom) % px)
        xs = sorted({round(p[0]) for p in pts})
        ys = sorted({round(p[1]) for p in pts})
        if len(pts) == 4 and len(xs) == 2 and len(ys) == 2:   # an upright rectangle: tile straight in
            clip = self.surf.get_clip()
            self.surf.set_clip(box)
            self.surf.fblits([(block, (box.x + x, box.y + y)) for y in range(int(oy), box.height, step)
                              for x in range(int(ox), box.width, step)])
            self.surf.set_clip(clip)
            return True
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        layer.fblits([(block, (x, y)) for y in range(int(oy), box.height, step) for x in range(int(ox), box.width, step)])
        mask = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(layer, box)
        return True

    def veil(self, pts: list[Point], rgba: tuple[int, int, int, int]) -> None:
        box = self._box(pts)
        if box.width < 1 or box.height < 1:
            return
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(layer, rgba, [(x - box.x, y - box.y) for x, y in pts])
        self.surf.blit(layer, box)

    def shadow(self, pts: list[Point], inches: float) -> None:
        """A soft shadow cast down and right, `inches` long."""
        d = inches * self.zoom
        if d < 1 or len(pts) < 3:
            return
        box = self._box(pts, d + 2)
        if box.width < 1 or box.height < 1:
            return
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        for k, alpha in ((1.0, 40), (0.6, 45), (0.3, 50)):
            pygame.draw.polygon(layer, (0, 0, 0, alpha), [(x - box.x + d * k, y - box.y + d * k) for x, y in pts])
        self.surf.blit(layer, box)


def _shadow_in(b: Any) -> float:
    """A building's shadow: a taller one casts a longer one (a map that gives no storeys keeps the
    one-storey look it always had)."""
    storeys = getattr(b, "storeys", None)
    return 0.22 if storeys is None else min(1.2, 0.22 + 0.12 * (int(storeys) - 1))


def _stairway(surf: pygame.Surface, at: Point, zoom: float) -> None:
    """A stairway's foot square (000:L1442, PD43): a quarter-inch square of treads beside the wall."""
    half = max(3, zoom * 0.125)
    box = pygame.Rect(round(at[0] - half), round(at[1] - half), round(2 * half), round(2 * half))
    pygame.draw.rect(surf, (120, 104, 84), box)
    for k in range(1, 4):   # the treads
        y = box.top + box.height * k // 4
        pygame.draw.line(surf, (60, 50, 40), (box.left, y), (box.right - 1, y), 1)
    pygame.draw.rect(surf, (230, 200, 120), box, 1)


def _storey_badge(surf: pygame.Surface, pts: list[Point], storeys: int, zoom: float) -> None:
    """The building's height where a player reads it: "3F" (three storeys, 30 ft) in a dark tag near
    its top-left corner, so a roof's height is never a guess."""
    from game.ui import rendered

    x, y = min(pts, key=lambda p: p[0] + p[1])
    cx, cy = _centroid(pts)
    size = max(12, min(20, int(zoom * 0.45)))
    label = rendered(f"{storeys}F", size, (250, 240, 200))
    box = label.get_rect()
    box.inflate_ip(6, 2)
    box.center = (round(x + (cx - x) * 0.35), round(y + (cy - y) * 0.35))
    pygame.draw.rect(surf, (28, 24, 22), box, border_radius=3)
    pygame.draw.rect(surf, (200, 170, 90), box, 1, border_radius=3)
    surf.blit(label, label.get_rect(center=box.center))


def _centroid(pts: list[Point]) -> Point:
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def _inset(pts: list[Point], d: float) -> list[Point]:
    """The outline pulled `d` pixels toward its centre (good enough for the convex shapes of maps)."""
    cx, cy = _centroid(pts)
    out = []
    for x, y in pts:
        dist = math.hypot(x - cx, y - cy)
        if dist <= d:
            return []
        k = (dist - d) / dist
        out.append((cx + (x - cx) * k, cy + (y - cy) * k))
    return out


def _shade(c: Colour, k: float) -> Colour:
    return (max(0, min(255, round(c[0] * k))), max(0, min(255, round(c[1] * k))), max(0, min(255, round(c[2] * k))))


def _lit(a: Point, b: Point, centre: Point, palette: tuple[Colour, Colour, Colour]) -> Colour:
    """The colour of a roof face over the eave a-b: brighter the more it faces the light."""
    mx, my = (a[0] + b[0]) / 2 - centre[0], (a[1] + b[1]) / 2 - centre[1]
    n = math.hypot(mx, my) or 1.0
    facing = -(mx * LIGHT[0] + my * LIGHT[1]) / n      # 1: faces the light, -1: away
    lit, dark, _ = palette
    k = (1 - facing) / 2
    return (round(lit[0] * (1 - k) + dark[0] * k), round(lit[1] * (1 - k) + dark[1] * k), round(lit[2] * (1 - k) + dark[2] * k))


def _hip_roof(surf: pygame.Surface, pts: list[Point], palette: tuple[Colour, Colour, Colour], zoom: float) -> None:
    """Four faces: two trapezoids along the long sides meet at the ridge, two triangles at the ends.
    Everything comes from the corner points, so a turned building has a turned roof."""
    centre = _centroid(pts)
    e0 = math.dist(pts[0], pts[1])
    e1 = math.dist(pts[1], pts[2])
    # the ridge runs along the long sides, inset half the short side from each end
    if e0 >= e1:
        a_mid = ((pts[0][0] + pts[3][0]) / 2, (pts[0][1] + pts[3][1]) / 2)
        b_mid = ((pts[1][0] + pts[2][0]) / 2, (pts[1][1] + pts[2][1]) / 2)
        long_, short = e0, e1
    else:
        a_mid = ((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2)
        b_mid = ((pts[3][0] + pts[2][0]) / 2, (pts[3][1] + pts[2][1]) / 2)
        long_, short = e1, e0
    k = min(0.5, (short / 2) / max(long_, 1e-6))
    r1 = (a_mid[0] + (b_mid[0] - a_mid[0]) * k, a_mid[1] + (b_mid[1] - a_mid[1]) * k)
    r2 = (a_mid[0] + (b_mid[0] - a_mid[0]) * (1 - k), a_mid[1] + (b_mid[1] - a_mid[1]) * (1 - k))
    ridge = (r1, r2)
    for i in range(4):
        a, b = pts[i], pts[(i + 1) % 4]
        near = sorted(ridge, key=lambda r: math.dist(r, a) + math.dist(r, b))
        rn = sorted(ridge, key=lambda r: math.dist(r, b))
        face = [a, b, rn[0], rn[1]] if math.dist(near[0], near[1]) > 1e-6 and _long_edge(a, b, ridge) else [a, b, near[0]]
        colour = _lit(a, b, centre, palette)
        pygame.draw.polygon(surf, colour, face)
        _courses(surf, a, b, face, colour, zoom)
    ridge_c = palette[2]
    w = max(1, int(zoom * 0.05))
    for p in pts:
        end = r1 if math.dist(r1, p) <= math.dist(r2, p) else r2
        pygame.draw.line(surf, ridge_c, p, end, w)
    pygame.draw.line(surf, ridge_c, r1, r2, max(2, int(zoom * 0.07)))


def _long_edge(a: Point, b: Point, ridge: tuple[Point, Point]) -> bool:
    """Whether the eave a-b runs along the ridge (a trapezoid face) rather than across it."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    rx, ry = ridge[1][0] - ridge[0][0], ridge[1][1] - ridge[0][1]
    le, lr = math.hypot(ex, ey), math.hypot(rx, ry)
    if le < 1e-6 or lr < 1e-6:
        return False
    return abs(ex * rx + ey * ry) / (le * lr) > 0.7


def _courses(surf: pygame.Surface, a: Point, b: Point, face: list[Point], colour: Colour, zoom: float) -> None:
    """Rows of tiles: lines parallel to the eave, drawn inside the face."""
    if zoom < 12:
        return
    apex = _centroid(face[2:])
    line = _shade(colour, 0.86)
    n = max(2, int(math.dist(_centroid([a, b]), apex) / max(4.0, zoom * 0.16)))
    for i in range(1, n):
        t = i / n
        p = (a[0] + (apex[0] - a[0]) * t, a[1] + (apex[1] - a[1]) * t)
        q = (b[0] + (apex[0] - b[0]) * t, b[1] + (apex[1] - b[1]) * t)
        if len(face) == 4:  # keep the trapezoid's ends slanted with the hips
            p = (a[0] + (face[3][0] - a[0]) * t, a[1] + (face[3][1] - a[1]) * t)
            q = (b[0] + (face[2][0] - b[0]) * t, b[1] + (face[2][1] - b[1]) * t)
        pygame.draw.line(surf, line, p, q, 1)


def _flat_roof(surf: pygame.Surface, pts: list[Point], palette: tuple[Colour, Colour, Colour], zoom: float) -> None:
    """A gravel roof inside a parapet, with a plant box in the middle."""
    pygame.draw.polygon(surf, _shade(palette[1], 1.1), pts)
    inner = _inset(pts, max(2.0, zoom * 0.15))
    if inner:
        pygame.draw.polygon(surf, (118, 114, 106), inner)
        pygame.draw.polygon(surf, palette[2], inner, 1)
    cx, cy = _centroid(pts)
    s = zoom * 0.3
    pygame.draw.rect(surf, (150, 150, 154), pygame.Rect(cx - s, cy - s * 0.6, 2 * s, 1.2 * s))
    pygame.draw.rect(surf, (70, 70, 74), pygame.Rect(cx - s, cy - s * 0.6, 2 * s, 1.2 * s), 1)


def _stripes(surf: pygame.Surface, pts: list[Point], zoom: float, colour: Colour) -> None:
    """Diagonal hazard stripes clipped to the shape's bounding box (for barriers and ramps)."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    if box.width < 4 or box.height < 4:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    step = max(4, int(zoom * 0.25))
    for k in range(-box.height, box.width, step * 2):
        pygame.draw.polygon(layer, (*colour, 255), [(k, 0), (k + step, 0), (k + step + box.height, box.height),
                                                    (k + box.height, box.height)])
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(layer, box)


def _tree(paint: _Painter, pts: list[Point], zoom: float) -> None:
    """A tree from above: its shadow, a canopy of overlapping leaf clumps lit from the top left."""
    surf = paint.surf
    cx, cy = _centroid(pts)
    r = max(3.0, max(math.dist((cx, cy), p) for p in pts) * 0.85)
    paint.shadow([(cx + r * math.cos(a * math.pi / 6), cy + r * math.sin(a * math.pi / 6)) for a in range(12)], 0.15)
    pygame.draw.circle(surf, (26, 66, 32), (cx, cy), r)
    for i in range(7):
        ang = i * 2 * math.pi / 7 + 0.4
        pygame.draw.circle(surf, (38, 92, 44), (cx + math.cos(ang) * r * 0.45, cy + math.sin(ang) * r * 0.45), r * 0.5)
    pygame.draw.circle(surf, (58, 118, 58), (cx - r * 0.25, cy - r * 0.25), r * 0.45)
    pygame.draw.circle(surf, (80, 140, 70), (cx - r * 0.35, cy - r * 0.35), r * 0.2)
    pygame.draw.circle(surf, (18, 48, 24), (cx, cy), r, max(1, int(zoom * 0.04)))
