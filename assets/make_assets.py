"""Draws every picture and synthesises every sound in assets/ (original work; see assets/README.md).

    .venv/bin/python assets/make_assets.py

Pictures are drawn with pygame primitives at four times their size and smoothed down; sounds are
sums of sines and filtered noise written with the `wave` module. Everything is seeded, so a rerun
gives the same files. The client never needs this script: it loads the PNGs and WAVs it wrote, and
draws a plain shape instead of any file that is missing.

Vehicle art comes in two layers per body, front to the top: `<body>.paint.png`, the painted panels
in grey (white = the owner's colour at full strength), which the client multiplies by the owner's
colour, and `<body>.detail.png`, glass, tires, lights and outlines laid over it.
"""

from __future__ import annotations

import math
import os
import random
import struct
import sys
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

PPI = 128            # pixels per inch of the vehicle art
SS = 4               # supersampling factor
TILE = 64            # pixels per inch of a terrain tile (one tile = 1" square)
RATE = 22050         # sound sample rate

Colour = tuple[int, int, int]
Col4 = tuple[int, int, int, int]


# --- vehicles --------------------------------------------------------------------------------------

class Pen:
    """Drawing in counter units: x across (0..W, left to right), y along (0..L, front at the top),
    in inches; scaled to supersampled pixels."""

    def __init__(self, w: float, length: float) -> None:
        self.w, self.l = w, length
        size = (round(w * PPI * SS), round(length * PPI * SS))
        self.paint = pygame.Surface(size, pygame.SRCALPHA)
        self.detail = pygame.Surface(size, pygame.SRCALPHA)

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * PPI * SS, y * PPI * SS)

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(x * PPI * SS), round(y * PPI * SS), round(w * PPI * SS), round(h * PPI * SS))

    def px(self, inches: float) -> int:
        return max(1, round(inches * PPI * SS))

    def rect(self, layer: pygame.Surface, colour: Col4, x: float, y: float, w: float, h: float,
             radius: float = 0.0, width: float = 0.0) -> None:
        pygame.draw.rect(layer, colour, self.r(x, y, w, h), self.px(width) if width else 0,
                         border_radius=self.px(radius) if radius else 0)

    def poly(self, layer: pygame.Surface, colour: Col4, pts: list[tuple[float, float]], width: float = 0.0) -> None:
        pygame.draw.polygon(layer, colour, [self.p(*q) for q in pts], self.px(width) if width else 0)

    def circle(self, layer: pygame.Surface, colour: Col4, x: float, y: float, r: float, width: float = 0.0) -> None:
        pygame.draw.circle(layer, colour, self.p(x, y), r * PPI * SS, self.px(width) if width else 0)

    def line(self, layer: pygame.Surface, colour: Col4, a: tuple[float, float], b: tuple[float, float],
             width: float) -> None:
        pygame.draw.line(layer, colour, self.p(*a), self.p(*b), self.px(width))

    def save(self, name: str, out: Path) -> None:
        for layer, suffix in ((self.paint, "paint"), (self.detail, "detail")):
            small = pygame.transform.smoothscale(layer, (layer.get_width() // SS, layer.get_height() // SS))
            pygame.image.save(small, str(out / f"{name}.{suffix}.png"))


GLASS: Col4 = (38, 52, 72, 255)
GLASS_HI: Col4 = (120, 150, 180, 150)
TIRE: Col4 = (22, 22, 24, 255)
TREAD: Col4 = (60, 60, 64, 255)
LINE: Col4 = (20, 20, 22, 230)
HEAD: Col4 = (255, 250, 210, 255)
TAIL: Col4 = (200, 30, 30, 255)
SHINE: Col4 = (255, 255, 255, 60)


def grey(v: int, a: int = 255) -> Col4:
    return (v, v, v, a)


# (hood, cabin, roof length as shares of the body, tail kind) per car body. Tail kinds: "trunk",
# "hatch" (short, rounded), "wagon" (the roof runs to the back), "bed" (an open pickup bed),
# "shell" (a camper shell on a bed), "box" (a van: one long roof).
CAR_SHAPES: dict[str, tuple[float, float, str, float]] = {
    # hood, roof, tail, corner radius
    "subcompact": (0.22, 0.34, "hatch", 0.14),
    "compact": (0.25, 0.32, "trunk", 0.12),
    "mid_sized": (0.27, 0.30, "trunk", 0.10),
    "sedan": (0.27, 0.32, "trunk", 0.08),
    "luxury": (0.31, 0.30, "trunk", 0.07),
    "station_wagon": (0.26, 0.50, "wagon", 0.07),
    "pickup": (0.27, 0.20, "bed", 0.06),
    "camper": (0.25, 0.20, "shell", 0.06),
    "van": (0.14, 0.70, "box", 0.06),
}


def car(body: str) -> Pen:
    hood, roof, tail, rad = CAR_SHAPES[body]
    W, L = 0.5, 1.0
    pen = Pen(W, L)
    m = 0.025                      # margin inside the counter
    bx, bw = m + 0.03, W - 2 * m - 0.06
    # tires first, peeking out of the wheel arches
    for ty in (0.17, 0.78):
        for tx in (m, W - m - 0.075):
            pen.rect(pen.detail, TIRE, tx, ty, 0.075, 0.14, 0.02)
            for k in range(4):
                pen.line(pen.detail, TREAD, (tx + 0.01, ty + 0.02 + k * 0.033), (tx + 0.065, ty + 0.02 + k * 0.033), 0.008)
    body_top, body_bot = m, L - m
    pen.rect(pen.paint, grey(150), bx, body_top, bw, body_bot - body_top, rad)              # flanks in shade
    pen.rect(pen.paint, grey(215), bx + 0.03, body_top + 0.01, bw - 0.06, body_bot - body_top - 0.02, rad * 0.8)
    pen.rect(pen.paint, grey(255), bx + 0.07, body_top + 0.03, bw - 0.14, body_bot - body_top - 0.06, rad * 0.6)
    pen.rect(pen.detail, LINE, bx, body_top, bw, body_bot - body_top, rad, 0.012)
    y_ws = body_top + hood                       # windscreen starts
    y_roof = y_ws + 0.09
    y_rear = y_roof + roof
    # windscreen, roof, rear window
    pen.poly(pen.detail, GLASS, [(bx + 0.05, y_ws + 0.09), (bx + bw - 0.05, y_ws + 0.09),
                                  (bx + bw - 0.085, y_ws), (bx + 0.085, y_ws)])
    pen.line(pen.detail, GLASS_HI, (bx + 0.11, y_ws + 0.02), (bx + 0.2, y_ws + 0.02), 0.012)
    # side windows along the cabin
    pen.rect(pen.detail, GLASS, bx + 0.02, y_roof, 0.03, roof, 0.01)
    pen.rect(pen.detail, GLASS, bx + bw - 0.05, y_roof, 0.03, roof, 0.01)
    pen.rect(pen.paint, grey(235), bx + 0.06, y_roof, bw - 0.12, roof, 0.03)             # the roof
    pen.rect(pen.detail, SHINE, bx + 0.09, y_roof + 0.02, bw * 0.25, roof - 0.04, 0.02)
    if tail in ("trunk", "hatch"):
        depth = 0.07 if tail == "trunk" else 0.05
        pen.poly(pen.detail, GLASS, [(bx + 0.07, y_rear), (bx + bw - 0.07, y_rear),
                                      (bx + bw - 0.095, y_rear + depth), (bx + 0.095, y_rear + depth)])
        pen.line(pen.detail, (0, 0, 0, 90), (bx + 0.06, y_rear + depth + 0.03), (bx + bw - 0.06, y_rear + depth + 0.03), 0.006)
    elif tail == "wagon":
        pen.rect(pen.detail, GLASS, bx + 0.07, y_rear - 0.01, bw - 0.14, 0.04, 0.01)
        for k in (1, 2):
            pen.line(pen.detail, (40, 40, 40, 160), (bx + bw * k / 3, y_roof + 0.02), (bx + bw * k / 3, y_rear - 0.03), 0.008)
    elif tail in ("bed", "shell"):
        pen.rect(pen.detail, GLASS, bx + 0.07, y_rear - 0.02, bw - 0.14, 0.025, 0.005)
        pen.rect(pen.detail, LINE, bx + 0.045, y_rear + 0.03, bw - 0.09, body_bot - y_rear - 0.06, 0.02, 0.01)
        if tail == "bed":
            pen.rect(pen.paint, grey(120), bx + 0.055, y_rear + 0.04, bw - 0.11, body_bot - y_rear - 0.08, 0.015)
            for k in range(1, 5):
                yy = y_rear + 0.04 + k * (body_bot - y_rear - 0.08) / 5
                pen.line(pen.detail, (0, 0, 0, 70), (bx + 0.06, yy), (bx + bw - 0.06, yy), 0.006)
        else:
            pen.rect(pen.detail, (235, 232, 220, 255), bx + 0.055, y_rear + 0.04, bw - 0.11, body_bot - y_rear - 0.08, 0.03)
            pen.rect(pen.detail, GLASS, bx + 0.1, y_rear + 0.12, bw - 0.2, 0.05, 0.01)
            pen.line(pen.detail, (150, 150, 140, 255), (bx + 0.08, y_rear + 0.07), (bx + bw - 0.08, y_rear + 0.07), 0.008)
    elif tail == "box":
        for k in (0.38, 0.62):
            pen.line(pen.detail, (0, 0, 0, 60), (bx + 0.08, y_roof + roof * k), (bx + bw - 0.08, y_roof + roof * k), 0.008)
        pen.rect(pen.detail, (70, 70, 74, 255), bx + bw / 2 - 0.05, y_roof + 0.05, 0.1, 0.06, 0.01)  # roof vent
    # hood crease, lights, bumpers
    pen.line(pen.detail, (0, 0, 0, 50), (bx + bw / 2, body_top + 0.04), (bx + bw / 2, y_ws - 0.01), 0.008)
    for hx in (bx + 0.035, bx + bw - 0.085):
        pen.rect(pen.detail, HEAD, hx, body_top + 0.012, 0.05, 0.022, 0.01)
        pen.rect(pen.detail, TAIL, hx, body_bot - 0.03, 0.05, 0.018, 0.006)
    pen.rect(pen.detail, (40, 40, 44, 255), bx + 0.12, body_top - 0.005, bw - 0.24, 0.015, 0.006)
    pen.rect(pen.detail, (40, 40, 44, 255), bx + 0.1, body_bot - 0.01, bw - 0.2, 0.015, 0.006)
    if body == "luxury":  # chrome trim down the flanks
        for sx in (bx + 0.012, bx + bw - 0.02):
            pen.line(pen.detail, (220, 220, 230, 220), (sx + 0.004, body_top + 0.15), (sx + 0.004, body_bot - 0.15), 0.007)
    return pen


TRIKE_SIZES = {"light_trike": 0.8, "medium_trike": 0.9, "heavy_trike": 1.0, "x_heavy_trike": 1.08}


def trike(body: str, reversed_: bool) -> Pen:
    """A trike from above: one wheel in front and two behind (reversed: two in front)."""
    W, L = 0.5, 1.0
    pen = Pen(W, L)
    s = TRIKE_SIZES[body]
    cx = W / 2
    single_y, pair_y = (0.05, 0.68) if not reversed_ else (0.77, 0.1)
    pen.rect(pen.detail, TIRE, cx - 0.035, single_y, 0.07, 0.18, 0.025)
    for tx in (0.025, W - 0.025 - 0.085):
        pen.rect(pen.detail, TIRE, tx, pair_y, 0.085, 0.2, 0.03)
    nose, rear = (0.18, 0.94) if not reversed_ else (0.06, 0.82)
    half_front, half_back = (0.07 * s, 0.16 * s) if not reversed_ else (0.16 * s, 0.08 * s)
    outline = [(cx - half_front, nose), (cx + half_front, nose), (cx + half_back + 0.02, rear - 0.08),
               (cx + half_back, rear), (cx - half_back, rear), (cx - half_back - 0.02, rear - 0.08)]
    pen.poly(pen.paint, grey(160), outline)
    inner = [(x * 0.8 + cx * 0.2, y) for x, y in outline]
    pen.poly(pen.paint, grey(250), inner)
    pen.poly(pen.detail, LINE, outline, 0.012)
    # axle or fairing across the pair of wheels
    pen.rect(pen.paint, grey(190), 0.09, pair_y + 0.08, W - 0.18, 0.05, 0.02)
    # the rider: seat, shoulders, helmet (helmet takes the owner's colour)
    ry = 0.5 if not reversed_ else 0.45
    pen.rect(pen.detail, (30, 30, 32, 255), cx - 0.07, ry + 0.1, 0.14, 0.14, 0.04)
    pen.circle(pen.paint, grey(70), cx, ry + 0.03, 0.085)          # shoulders: a jacket in a dark shade
    pen.circle(pen.paint, grey(255), cx, ry - 0.02, 0.06)
    pen.circle(pen.detail, LINE, cx, ry - 0.02, 0.06, 0.01)
    pen.rect(pen.detail, GLASS, cx - 0.04, ry - 0.075, 0.08, 0.025, 0.01)
    # handlebars and a windscreen
    bar_y = ry - 0.14
    pen.line(pen.detail, (30, 30, 32, 255), (cx - 0.11 * s, bar_y), (cx + 0.11 * s, bar_y), 0.02)
    pen.poly(pen.detail, (140, 170, 200, 140), [(cx - 0.08, bar_y - 0.02), (cx + 0.08, bar_y - 0.02),
                                                 (cx + 0.05, bar_y - 0.08), (cx - 0.05, bar_y - 0.08)])
    pen.circle(pen.detail, HEAD, cx, nose + 0.025, 0.02)
    pen.rect(pen.detail, TAIL, cx - 0.05, rear - 0.025, 0.1, 0.015, 0.005)
    return pen


CYCLE_SIZES = {"light_cycle": 0.85, "medium_cycle": 0.95, "heavy_cycle": 1.05}


def cycle(body: str) -> Pen:
    """A motorcycle from above on its ½" square: wheels fore and aft, tank, rider."""
    W, L = 0.5, 0.5
    pen = Pen(W, L)
    s = CYCLE_SIZES[body]
    cx = W / 2
    tw = 0.05 * s
    pen.rect(pen.detail, TIRE, cx - tw / 2, 0.015, tw, 0.13, 0.02)
    pen.rect(pen.detail, TIRE, cx - tw * 0.6, 0.35, tw * 1.2, 0.135, 0.02)
    pen.poly(pen.paint, grey(170), [(cx - 0.035, 0.12), (cx + 0.035, 0.12), (cx + 0.06 * s, 0.28),
                                     (cx + 0.045, 0.38), (cx - 0.045, 0.38), (cx - 0.06 * s, 0.28)])
    pen.poly(pen.paint, grey(255), [(cx - 0.025, 0.14), (cx + 0.025, 0.14), (cx + 0.045 * s, 0.24),
                                     (cx - 0.045 * s, 0.24)])  # the tank
    pen.line(pen.detail, (30, 30, 32, 255), (cx - 0.12 * s, 0.13), (cx + 0.12 * s, 0.13), 0.018)  # bars
    pen.circle(pen.detail, (200, 200, 205, 255), cx - 0.12 * s, 0.13, 0.012)
    pen.circle(pen.detail, (200, 200, 205, 255), cx + 0.12 * s, 0.13, 0.012)
    # rider: arms to the bars, back, helmet in the owner's colour
    for sx in (-1, 1):
        pen.line(pen.detail, (45, 42, 40, 255), (cx + sx * 0.05, 0.27), (cx + sx * 0.1 * s, 0.15), 0.022)
    pen.rect(pen.paint, grey(70), cx - 0.065, 0.24, 0.13, 0.11, 0.04)
    pen.circle(pen.paint, grey(255), cx, 0.24, 0.048)
    pen.circle(pen.detail, LINE, cx, 0.24, 0.048, 0.008)
    pen.rect(pen.detail, GLASS, cx - 0.03, 0.195, 0.06, 0.018, 0.008)
    pen.circle(pen.detail, HEAD, cx, 0.02, 0.015)
    pen.rect(pen.detail, TAIL, cx - 0.025, 0.44, 0.05, 0.012, 0.004)
    return pen


def vehicle_art(out: Path) -> list[str]:
    out.mkdir(parents=True, exist_ok=True)
    from rules.design_tables import design_tables

    names = []
    for key, body in sorted(design_tables().bodies.items()):
        if body.kind == "car":
            pens = {key: car(key)}
        elif body.kind == "trike":
            pens = {key: trike(key, False), f"{key}-reversed": trike(key, True)}
        elif body.kind == "cycle":
            pens = {key: cycle(key)}
        else:
            continue  # sidecars ride beside their cycle; the counter is the cycle's
        for name, pen in pens.items():
            pen.save(name, out)
            names.append(name)
    return names


# --- terrain tiles -----------------------------------------------------------------------------------

def _noise(rng: random.Random, n: int, cells: int) -> list[list[float]]:
    """Tileable value noise: an n x n grid from a wrapped lattice of `cells` cells, smoothly blended."""
    lat = [[rng.random() for _ in range(cells)] for _ in range(cells)]
    out = []
    for y in range(n):
        gy = y * cells / n
        y0, fy = int(gy), gy - int(gy)
        fy = fy * fy * (3 - 2 * fy)
        row = []
        for x in range(n):
            gx = x * cells / n
            x0, fx = int(gx), gx - int(gx)
            fx = fx * fx * (3 - 2 * fx)
            a, b = lat[y0 % cells][x0 % cells], lat[y0 % cells][(x0 + 1) % cells]
            c, d = lat[(y0 + 1) % cells][x0 % cells], lat[(y0 + 1) % cells][(x0 + 1) % cells]
            row.append((a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy)
        out.append(row)
    return out


def _fbm(seed: int, n: int = TILE, octaves: tuple[tuple[int, float], ...] = ((4, 0.5), (8, 0.3), (16, 0.2))) -> list[list[float]]:
    rng = random.Random(seed)
    layers = [(_noise(rng, n, c), w) for c, w in octaves]
    return [[sum(layer[y][x] * w for layer, w in layers) for x in range(n)] for y in range(n)]


def _shade(base: Colour, k: float) -> Colour:
    return tuple(max(0, min(255, round(c * k))) for c in base)  # type: ignore[return-value]


def _tile(seed: int, base: Colour, spread: float, octaves: tuple[tuple[int, float], ...] | None = None,
          speckle: float = 0.0) -> pygame.Surface:
    surf = pygame.Surface((TILE, TILE))
    f = _fbm(seed, TILE, octaves) if octaves else _fbm(seed)
    rng = random.Random(seed * 7 + 1)
    for y in range(TILE):
        for x in range(TILE):
            k = 1 + (f[y][x] - 0.5) * spread
            if speckle and rng.random() < speckle:
                k *= rng.uniform(0.75, 1.3)
            surf.set_at((x, y), _shade(base, k))
    return surf


def _wrap_circle(surf: pygame.Surface, colour: Colour, x: float, y: float, r: float) -> None:
    """A circle drawn on every side it crosses, so the tile stays seamless."""
    for dx in (-TILE, 0, TILE):
        for dy in (-TILE, 0, TILE):
            pygame.draw.circle(surf, colour, (x + dx, y + dy), r)


def _wrap_line(surf: pygame.Surface, colour: Colour, a: tuple[float, float], b: tuple[float, float], w: int = 1) -> None:
    for dx in (-TILE, 0, TILE):
        for dy in (-TILE, 0, TILE):
            pygame.draw.line(surf, colour, (a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy), w)


def terrain_art(out: Path) -> list[str]:
    out.mkdir(parents=True, exist_ok=True)
    from game.theme import TERRAIN

    tiles: dict[str, pygame.Surface] = {}
    tiles["road"] = _tile(1, TERRAIN["road"], 0.25, speckle=0.25)
    tiles["shoulder"] = _tile(2, TERRAIN["shoulder"], 0.3, speckle=0.3)
    side = _tile(3, TERRAIN["sidewalk"], 0.12, speckle=0.1)
    for k in (0, TILE // 2):  # ½" paving slabs
        pygame.draw.line(side, _shade(TERRAIN["sidewalk"], 0.78), (k, 0), (k, TILE))
        pygame.draw.line(side, _shade(TERRAIN["sidewalk"], 0.78), (0, k), (TILE, k))
    tiles["sidewalk"] = side
    for name, seed in (("grass", 4), ("park", 5)):
        g = _tile(seed, TERRAIN[name], 0.35, ((4, 0.4), (16, 0.35), (32, 0.25)))
        rng = random.Random(seed)
        for _ in range(160):  # blades
            x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
            k = rng.uniform(0.75, 1.3)
            _wrap_line(g, _shade(TERRAIN[name], k), (x, y), (x + rng.uniform(-1.5, 1.5), y - rng.uniform(2, 4)))
        tiles[name] = g
    field = _tile(6, TERRAIN["field"], 0.3)
    for k in range(0, TILE, 8):  # furrows
        pygame.draw.line(field, _shade(TERRAIN["field"], 0.8), (0, k), (TILE, k), 2)
    tiles["field"] = field
    tiles["desert"] = _tile(7, TERRAIN["desert"], 0.18, ((2, 0.5), (8, 0.3), (32, 0.2)), speckle=0.15)
    for name, seed, stones in (("gravel", 8, 220), ("rough", 9, 60), ("gully", 10, 40), ("ditch", 11, 30)):
        t = _tile(seed, TERRAIN[name], 0.3, speckle=0.2)
        rng = random.Random(seed)
        for _ in range(stones):
            x, y, r = rng.uniform(0, TILE), rng.uniform(0, TILE), rng.uniform(0.8, 2.2 if name == "gravel" else 3.2)
            k = rng.uniform(0.7, 1.35)
            _wrap_circle(t, _shade(TERRAIN[name], k * 0.7), x + 0.6, y + 0.6, r)
            _wrap_circle(t, _shade(TERRAIN[name], k), x, y, r)
        tiles[name] = t
    mud = _tile(12, TERRAIN["mud"], 0.45, ((3, 0.6), (12, 0.4)))
    rng = random.Random(12)
    for _ in range(6):  # wet patches
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
        _wrap_circle(mud, _shade(TERRAIN["mud"], 0.72), x, y, rng.uniform(3, 7))
        _wrap_circle(mud, _shade(TERRAIN["mud"], 0.85), x - 1, y - 1, rng.uniform(1, 3))
    tiles["mud"] = mud
    water = _tile(13, TERRAIN["water"], 0.3, ((2, 0.6), (8, 0.4)))
    rng = random.Random(13)
    for _ in range(26):  # ripples
        x, y, w = rng.uniform(0, TILE), rng.uniform(0, TILE), rng.uniform(4, 10)
        _wrap_line(water, _shade(TERRAIN["water"], 1.35), (x, y), (x + w, y), 1)
    tiles["water"] = water
    cliff = _tile(14, TERRAIN["cliff"], 0.5, ((4, 0.5), (16, 0.5)), speckle=0.2)
    tiles["cliff"] = cliff
    for name, surf in tiles.items():
        pygame.image.save(surf, str(out / f"{name}.png"))
    return sorted(tiles)


# --- explosion -----------------------------------------------------------------------------------------

EXPLOSION_FRAMES = 10
EXPLOSION_SIZE = 160


def _blend_circle(big: pygame.Surface, colour: Col4, p: tuple[float, float], r: float, width: int = 0) -> None:
    """A circle blended onto `big` (pygame.draw on an alpha surface replaces pixels instead)."""
    size = int(2 * r + 4)
    tmp = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(tmp, colour, (size / 2, size / 2), r, width)
    big.blit(tmp, (p[0] - size / 2, p[1] - size / 2))


def explosion_art(out: Path) -> None:
    """A strip of frames: a white-hot flash with sparks and a shock ring, an orange fireball that
    shrinks as black smoke rolls out and thins."""
    out.mkdir(parents=True, exist_ok=True)
    n, s = EXPLOSION_FRAMES, EXPLOSION_SIZE
    strip = pygame.Surface((n * s, s), pygame.SRCALPHA)
    rng = random.Random(99)
    smoke = [(rng.uniform(0, 2 * math.pi), rng.uniform(0.2, 0.85), rng.uniform(0.18, 0.34), rng.randint(40, 85))
             for _ in range(34)]
    fire = [(rng.uniform(0, 2 * math.pi), rng.uniform(0.0, 0.75) ** 1.3, rng.uniform(0.14, 0.3)) for _ in range(46)]
    sparks = [(rng.uniform(0, 2 * math.pi), rng.uniform(0.7, 1.0)) for _ in range(18)]
    for f in range(n):
        k = f / (n - 1)
        big = pygame.Surface((s * SS, s * SS), pygame.SRCALPHA)
        c = s * SS / 2
        reach = c * 0.98
        grow = 0.45 + 0.55 * math.sqrt(k)
        for ang, d, rr, g in smoke:     # smoke rolls out behind the fire and thins away
            a = int(235 * min(1.0, k * 2.5) * (1 - k) ** 0.6)
            if a <= 0:
                continue
            p = (c + math.cos(ang) * d * reach * grow, c + math.sin(ang) * d * reach * grow)
            _blend_circle(big, (g, g - 4, g - 8, a), p, rr * reach * (0.7 + 0.5 * k))
        heat = max(0.0, 1 - k * 1.15)
        for ang, d, rr in fire:         # fire: white-yellow inside, orange, red at the edge
            if heat <= 0:
                break
            p = (c + math.cos(ang) * d * reach * (0.35 + 0.45 * grow) * heat ** 0.3,
                 c + math.sin(ang) * d * reach * (0.35 + 0.45 * grow) * heat ** 0.3)
            edge = min(1.0, d / 0.6)
            col = (255, int(235 - 150 * edge - 60 * (1 - heat)), int(max(0, 150 * (1 - edge) * heat - 20)),
                   int(255 * min(1.0, heat * 1.6)))
            _blend_circle(big, col, p, rr * reach * (0.5 + 0.5 * heat))
        if k < 0.35:                    # the flash at the heart
            _blend_circle(big, (255, 252, 230, int(255 * (1 - k / 0.35))), (c, c), reach * 0.32 * (1 - k / 0.35) + 4)
        if k < 0.45:                    # sparks flying out
            for ang, length in sparks:
                r0, r1 = reach * (0.3 + 1.3 * k) * length, reach * (0.45 + 1.3 * k) * length
                pygame.draw.line(big, (255, 230, 140, int(255 * (1 - k / 0.45))),
                                 (c + math.cos(ang) * r0, c + math.sin(ang) * r0),
                                 (c + math.cos(ang) * min(r1, reach), c + math.sin(ang) * min(r1, reach)), SS * 2)
        if k < 0.5:                     # the shock ring reaches the 2" blast at its widest
            _blend_circle(big, (255, 240, 210, int(190 * (1 - k / 0.5))), (c, c), reach * (0.5 + k), SS * 3)
        strip.blit(pygame.transform.smoothscale(big, (s, s)), (f * s, 0))
    pygame.image.save(strip, str(out / "explosion.png"))


# --- sounds ------------------------------------------------------------------------------------------

def _write(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(x) for x in samples))
    gain = 0.85 / peak
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1.0, min(1.0, x * gain)) * 32767)) for x in samples))


def _noise_seq(rng: random.Random, n: int, smooth: float) -> list[float]:
    """White noise through a one-pole low-pass (smooth near 1 = darker)."""
    out, y = [], 0.0
    for _ in range(n):
        y = smooth * y + (1 - smooth) * rng.uniform(-1, 1)
        out.append(y)
    return out


def _gun(rng: random.Random, shots: int, gap: float, body: float, decay: float, smooth: float) -> list[float]:
    n = int(RATE * (shots * gap + decay * 6))
    out = [0.0] * n
    for s in range(shots):
        start = int(RATE * s * gap * rng.uniform(0.92, 1.08))
        noise = _noise_seq(rng, int(RATE * decay * 6), smooth)
        for i, x in enumerate(noise):
            t = i / RATE
            env = math.exp(-t / decay)
            thump = math.sin(2 * math.pi * body * t) * math.exp(-t / (decay * 0.6))
            if start + i < n:
                out[start + i] += (x * 0.8 + thump * 0.6) * env
    return out


def _crash(rng: random.Random) -> list[float]:
    n = int(RATE * 1.1)
    noise = _noise_seq(rng, n, 0.6)
    rings = [(rng.uniform(300, 1900), rng.uniform(0.08, 0.3)) for _ in range(7)]
    out = []
    for i in range(n):
        t = i / RATE
        v = noise[i] * math.exp(-t / 0.18) + 0.9 * math.sin(2 * math.pi * 55 * t) * math.exp(-t / 0.12)
        v += sum(0.12 * math.sin(2 * math.pi * f * t) * math.exp(-t / d) for f, d in rings)
        if 0.12 < t < 0.5 and rng.random() < 0.002:  # glass and bits falling
            v += rng.uniform(-0.6, 0.6)
        out.append(v)
    return out


def _screech(rng: random.Random) -> list[float]:
    n = int(RATE * 0.9)
    noise = _noise_seq(rng, n, 0.2)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        f = 1150 + 180 * math.sin(2 * math.pi * 7 * t) + 90 * math.sin(2 * math.pi * 23 * t)
        phase += 2 * math.pi * f / RATE
        env = min(1.0, t / 0.05) * min(1.0, (0.9 - t) / 0.25)
        out.append(env * (0.55 * math.sin(phase) + 0.25 * math.sin(2 * phase + 0.5) + 0.35 * noise[i]))
    return out


def _boom(rng: random.Random, seconds: float, whoosh: float = 0.0) -> list[float]:
    n = int(RATE * seconds)
    low = _noise_seq(rng, n, 0.985)
    mid = _noise_seq(rng, n, 0.8)
    out = []
    for i in range(n):
        t = i / RATE
        v = low[i] * 14 * math.exp(-t / (seconds * 0.35)) + mid[i] * math.exp(-t / 0.08)
        if whoosh:
            v = mid[i] * min(1.0, t / whoosh) * 0.6 if t < whoosh else v
        out.append(v)
    return out


def _laser(rng: random.Random) -> list[float]:
    n = int(RATE * 0.35)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        f = 2400 * math.exp(-t * 9) + 300
        phase += 2 * math.pi * f / RATE
        out.append(math.sin(phase) * math.exp(-t / 0.12) + 0.3 * math.sin(phase * 1.5))
    return out


def _flame(rng: random.Random) -> list[float]:
    n = int(RATE * 0.7)
    noise = _noise_seq(rng, n, 0.92)
    return [x * min(1.0, i / (RATE * 0.05)) * math.exp(-(i / RATE) / 0.35) * (1 + 0.3 * math.sin(i / 90))
            for i, x in enumerate(noise)]


def _clank(rng: random.Random) -> list[float]:
    n = int(RATE * 0.4)
    out = []
    for i in range(n):
        t = i / RATE
        out.append(sum(math.sin(2 * math.pi * f * t) * math.exp(-t / d) for f, d in ((820, 0.06), (1330, 0.04),
                                                                                      (2210, 0.03), (190, 0.09))))
    return out


SOUNDS = {
    "gun": lambda r: _gun(r, 4, 0.075, 160, 0.018, 0.35),
    "cannon": lambda r: _gun(r, 1, 0.1, 70, 0.07, 0.7),
    "rocket": lambda r: _boom(r, 0.9, whoosh=0.22),
    "laser": _laser,
    "flame": _flame,
    "crash": _crash,
    "screech": _screech,
    "explosion": lambda r: _boom(r, 1.6),
    "drop": _clank,
}


def sound_art(out: Path) -> list[str]:
    out.mkdir(parents=True, exist_ok=True)
    for i, (name, make) in enumerate(sorted(SOUNDS.items())):
        _write(out / f"{name}.wav", make(random.Random(1000 + i)))
    return sorted(SOUNDS)


# --- a contact sheet for the README --------------------------------------------------------------------

def preview(out: Path, names: list[str], tiles: list[str]) -> None:
    from game.assets import Assets
    from game.theme import OWNER_COLOURS

    art = Assets(HERE)
    cols = list(OWNER_COLOURS.values())
    cell = 70
    w = max(len(names), len(tiles)) * cell + 20
    sheet = pygame.Surface((w, (len(cols) + 2) * cell + 20))
    sheet.fill((40, 42, 46))
    for i, name in enumerate(names):
        for j, colour in enumerate([*cols, None]):
            size = (int(cell * 0.45), int(cell * (0.45 if "cycle" in name else 0.9)))
            img = art.vehicle(name, colour, size)
            if img is not None:
                sheet.blit(img, img.get_rect(center=(10 + i * cell + cell // 2, 10 + j * cell + cell // 2)))
    for i, t in enumerate(tiles):
        img = art.tile(t, cell - 6)
        if img is not None:
            sheet.blit(img, (13 + i * cell, 13 + (len(cols) + 1) * cell))
    pygame.image.save(sheet, str(out))


def main() -> int:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    names = vehicle_art(HERE / "vehicles")
    tiles = terrain_art(HERE / "terrain")
    explosion_art(HERE / "effects")
    sounds = sound_art(HERE / "sounds")
    preview(HERE / "preview.png", names, tiles)
    print(f"{len(names)} vehicle bodies, {len(tiles)} terrain tiles, an explosion, {len(sounds)} sounds")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
