"""Counters on the map (rules.combat.dropped.Counter, kept in GameState.counters): oil, flaming oil (a slick
until it lights, then flames), spikes, mines, smoke and paint clouds, ice, debris and obstacles.

Every counter is drawn for every player: the rules put mine and spike counters on the board so that
all can see roughly where they lie (000:L1042). Art is drawn in the counter's own frame (along its
facing, across it) so it turns with the vehicle that laid it; the scatter of shards and blots is
seeded by the counter's id, so a counter looks the same every frame.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Iterable
from typing import Any

import pygame

from game.camera import Camera
from rules.core.geometry import Vec, forward, right

Point = tuple[float, float]
Local = Callable[[float, float], Point]   # (along, across) in inches from the centre -> screen

STYLE: dict[str, tuple[tuple[int, int, int, int], tuple[int, int, int]]] = {
    "oil": ((20, 18, 24, 225), (95, 80, 130)), "flaming_oil": ((40, 28, 20, 225), (255, 150, 40)),
    "spikes": ((95, 95, 105, 170), (230, 230, 240)), "mines": ((70, 82, 48, 235), (230, 60, 40)),
    "smoke": ((165, 165, 170, 150), (220, 220, 225)), "paint": ((60, 160, 225, 150), (200, 240, 255)),
    "ice": ((205, 232, 250, 210), (255, 255, 255)), "debris": ((120, 100, 80, 255), (60, 50, 40)),
    "obstacle": ((70, 66, 60, 255), (250, 200, 40)),
    "ht_flaming_oil": ((40, 28, 20, 225), (255, 240, 160)), "flame_cloud": ((235, 120, 40, 150), (255, 225, 120)),
    "explosive_spikes": ((110, 80, 70, 170), (255, 190, 120)), "napalm_mines": ((82, 60, 40, 235), (255, 140, 30)),
    "spear_mines": ((60, 70, 90, 235), (230, 60, 40)), "tdx_mines": ((60, 70, 90, 235), (250, 220, 60)),
    "spear_napalm_mines": ((82, 60, 40, 235), (255, 140, 30)),
    "drop_spike_plate": ((120, 120, 130, 230), (240, 240, 250)),
    "fake_drop_spike_plate": ((120, 120, 130, 230), (240, 240, 250)),
    "chaff": ((185, 192, 205, 130), (250, 250, 255)), "cloud_bomb": ((165, 185, 80, 150), (235, 245, 150)),
}
NAMES = {"flaming_oil": "burning oil", "ht_flaming_oil": "HT burning oil", "mines": "mines", "obstacle": "obstacle",
         "tdx_mines": "TDX mines", "fake_drop_spike_plate": "drop-spike plate",  # the fake looks the same (000:L2492)
         "drop_spike_plate": "drop-spike plate"}
UNLIT = {"flaming_oil": "oil (lights next phase)", "ht_flaming_oil": "oil (lights next phase)",
         "flame_cloud": "flame cloud (lights next phase)"}
GHOST_EDGE = (250, 220, 90, 255)   # a drop not yet made: the accent colour of choices
LABEL_ZOOM = 40.0   # pixels per inch from which each counter carries its name


def state_counters(state: Any) -> tuple[Any, ...]:
    """Counters in the state (GameState.counters; older saves may lack it)."""
    return tuple(getattr(state, "counters", ()) or ())


def lit(counter: Any, now: tuple[int, int] | None) -> bool:
    """Whether flaming oil or a flame cloud is alight at (turn, phase), as the rules judge it
    (rules.combat.dropped.burning)."""
    if counter.kind not in UNLIT or now is None:
        return counter.kind in UNLIT and now is None
    from rules.combat.dropped import burning

    try:
        return burning(counter, now[0], now[1])
    except KeyError:
        return True


def label(counter: Any, now: tuple[int, int] | None) -> str:
    kind = str(counter.kind)
    if kind in UNLIT and not lit(counter, now):
        return UNLIT[kind]
    return NAMES.get(kind, kind.replace("_", " "))


def draw_dropped(surface: pygame.Surface, cam: Camera, counters: Iterable[Any],
                 now: tuple[int, int] | None = None, *, ghost: bool = False, t: float = 0.0) -> None:
    """Draw counters; `now` is (turn, phase) for flaming oil; `ghost` draws a drop not yet made
    (outline and a faint fill); `t` (seconds) makes flames flicker."""
    for c in counters:
        draw_one(surface, cam, c, now, ghost=ghost, t=t)


def draw_one(surface: pygame.Surface, cam: Camera, c: Any, now: tuple[int, int] | None = None, *,
             ghost: bool = False, t: float = 0.0) -> pygame.Rect | None:
    kind = str(c.kind)
    f, r = forward(c.pose.facing), right(c.pose.facing)
    centre = c.pose.centre
    hl, hw = c.length / 2, c.width / 2
    reach = (max(hl, hw) + 0.3) * cam.zoom
    sx, sy = cam.to_screen(centre.x, centre.y)
    box = pygame.Rect(int(sx - reach), int(sy - reach), int(2 * reach) + 2, int(2 * reach) + 2)
    if box.width < 2 or not box.colliderect(surface.get_clip() or surface.get_rect()):
        return None
    layer = pygame.Surface(box.size, pygame.SRCALPHA)

    def at(a: float, b: float) -> Point:
        p: Vec = centre + f * a + r * b
        x, y = cam.to_screen(p.x, p.y)
        return (x - box.x, y - box.y)

    rng = random.Random(zlib.crc32(f"{c.id}:{kind}:{c.pose}".encode()))
    rect = [at(hl, -hw), at(hl, hw), at(-hl, hw), at(-hl, -hw)]
    px = max(1, int(cam.zoom * 0.04))
    fill, edge = STYLE.get(kind, ((200, 200, 200, 160), (255, 255, 255)))
    if ghost:
        pygame.draw.polygon(layer, (*fill[:3], 110), rect)
        _dashed(layer, rect, GHOST_EDGE, px + 1, max(4.0, cam.zoom * 0.12))
    else:
        ART.get(kind, _plain)(layer, at, hl, hw, cam.zoom, rng, fill, edge, lit(c, now), t)
    surface.blit(layer, box)
    if cam.zoom >= LABEL_ZOOM and not ghost:
        from game.ui import text

        text(surface, label(c, now), (sx, sy + (hw + 0.15) * cam.zoom + 2), max(12, int(cam.zoom * 0.22)),
             (235, 235, 235), anchor="midtop")
    return box


# --- art per kind: (layer, at, half-length, half-width, zoom, rng, fill, edge, lit, t) -------------


def _plain(layer: pygame.Surface, at: Local, hl: float, hw: float, zoom: float, rng: random.Random,
           fill: tuple[int, int, int, int], edge: tuple[int, int, int], on: bool, t: float) -> None:
    rect = [at(hl, -hw), at(hl, hw), at(-hl, hw), at(-hl, -hw)]
    pygame.draw.polygon(layer, fill, rect)
    pygame.draw.polygon(layer, (*edge, 255), rect, 1)


def _blob(at: Local, hl: float, hw: float, rng: random.Random, n: int = 18, wobble: float = 0.12) -> list[Point]:
    """A puddle filling the counter's rectangle with a ragged edge (the slick is the whole counter)."""
    pts = []
    for k in range(n):
        a = 2 * math.pi * k / n
        ca, sa = math.cos(a), math.sin(a)
        # a superellipse: nearly the full rectangle, rounded corners
        m = (abs(ca) ** 4 + abs(sa) ** 4) ** -0.25
        s = m * (1 - wobble * rng.random())
        pts.append(at(hl * ca * s, hw * sa * s))
    return pts


def _oil(layer: pygame.Surface, at: Local, hl: float, hw: float, zoom: float, rng: random.Random,
         fill: tuple[int, int, int, int], edge: tuple[int, int, int], on: bool, t: float) -> None:
    pygame.draw.polygon(layer, fill, _blob(at, hl, hw, rng))
    pygame.draw.polygon(layer, (*edge, 200), _blob(at, hl, hw, random.Random(rng.random())), 1)
    for _ in range(3):  # rainbow sheen streaks
        a, b = rng.uniform(-0.6, 0.6) * hl, rng.uniform(-0.5, 0.5) * hw
        colour = rng.choice([(120, 90, 170), (70, 130, 160), (150, 120, 70)])
        pygame.draw.line(layer, (*colour, 200), at(a - hl * 0.25, b), at(a + hl * 0.25, b + hw * 0.1),
                         max(1, int(zoom * 0.05)))


def _flaming_oil(layer: pygame.Surface, at: Local, hl: float, hw: float, zoom: float, rng: random.Random,
                 fill: tuple[int, int, int, int], edge: tuple[int, int, int], on: bool, t: float) -> None:
    _oil(layer, at, hl, hw, zoom, rng, fill, (200, 110, 40) if not on else edge, on, t)
    if not on:
        return
    pygame.draw.polygon(layer, (255, 120, 20, 110), _blob(at, hl * 0.9, hw * 0.9, rng))
    for k in range(7):
        a = (k / 6 - 0.5) * 1.6 * hl
        b = rng.uniform(-0.5, 0.5) * hw
        h = (0.35 + 0.25 * math.sin(t * 9 + k * 1.7)) * min(hw * 2, 0.45)
        for colour, s in (((255, 90, 20, 230), 1.0), ((255, 220, 70, 240), 0.55)):
            w = 0.12 * s
            pygame.draw.polygon(layer, colour, [at(a - w, b + w), at(a + w, b + w), at(a + h * 0.3, b - h * s)])


def _spikes(layer: pygame.Surface, at: Local, hl: float, hw: float, zoom: float, rng: random.Random,
            fill: tuple[int, int, int, int], edge: tuple[int, int, int], on: bool, t: float) -> None:
    rect = [at(hl, -hw), at(hl, hw), at(-hl, hw), at(-hl, -hw)]
    pygame.draw.polygon(layer, fill, rect)
    px = max(1, int(zoom * 0.03))
    n = 3
    for i in range(n):
        for j in range(n):
            a = (-1 + (2 * i + 1) / n) * hl + rng.uniform(-0.05, 0.05)
            b = (-1 + (2 * j + 1) / n) * hw + rng.uniform(-0.05, 0.05)
            s = min(hl, hw) / n * 0.8
            turn = rng.uniform(0, math.pi / 2)
            for k in range(4):  # a caltrop: four points
                ang = turn + k * math.pi / 2
                pygame.draw.line(layer, edge, at(a, b), at(a + math.cos(ang) * s, b + math.sin(ang) * s), px + 1)
            pygame.draw.circle(layer, (40, 40, 45), at(a, b), max(1, zoom * 0.03))
    pygame.draw.polygon(layer, (*edge, 255), rect, 1)


def _mines(layer: pygame.Surface, at: Local, hl: float, hw: float, zoom: float, rng: random.Random,
           fill: tuple[int, int, int, int], edge: tuple[int, int, int], on: bool, t: float) -> None:
    rect = [at(hl, -hw), at(hl, hw), at(-hl, hw), at(-hl, -hw)]
    pygame.draw.polygon(layer, (*fill[:3], 120), rect)
    _dashed(layer, rect, (230, 200, 60, 255), max(1, int(zoom * 0.03)), max(3.0, zoom * 0.08))
    r = min(hl, hw) * 0.42 * zoom
    for a, b in ((0.45, -0.45), (0.45, 0.45), (-0.45, 0.45), (-0.45, -0.45)):
        p = at(a * hl, b * hw)
        pygame.draw.circle(layer, fill, p, r)
        pygame.draw.circle(layer, (30, 34, 24, 255), p, r, max(1, int(zoom * 0.02)))
        pygame.draw.circle(layer, (*edge, 255), p, max(1.5, r * 0.3))  # the pressure plate's red cap


def _cloud(layer: pygame.Surface, at: Local, hl: float, hw: float, zoom: float, rng: random.Random,
           fill: tuple[int, int, int, int], edge: tuple[int, int, int], on: bool, t: float) -> None:
    """Billowing puffs: a shaded underside, the body, lit tops toward the upper left; drawn opaque and
    then made see-through as a whole (pixels on a layer replace each other rather than blend)."""
    base = fill[:3]
    under = tuple(int(c * 0.78) for c in base)
    lit = tuple((2 * x + y) // 3 for x, y in zip(base, edge, strict=True))
    r = min(hl, hw) * zoom * 0.62
    n = max(2, round(hl / max(hw, 0.01)) * 3)
    puffs = []
    for k in range(n):
        a = (-1 + (2 * k + 1) / n) * hl * 0.78
        for b in (-0.38 * hw, 0.0, 0.38 * hw):
            puffs.append((a + rng.uniform(-0.06, 0.06) * hl, b + rng.uniform(-0.08, 0.08) * hw, rng.uniform(0.8, 1.08)))
    for colour, shift, scale in ((under, 0.06, 1.0), (base, 0.0, 0.92), (lit, -0.06, 0.55)):
        for a, b, s in puffs:
            x, y = at(a, b)
            pygame.draw.circle(layer, (*colour, 255), (x + shift * zoom, y + shift * zoom), r * s * scale)
    layer.fill((255, 255, 255, fill[3]), special_flags=pygame.BLEND_RGBA_MULT)


def _ice(layer: pygame.Surface, at: Local, hl: float, hw: float, zoom: float, rng: random.Random,
         fill: tuple[int, int, int, int], edge: tuple[int, int, int], on: bool, t: float) -> None:
    pygame.draw.polygon(layer, fill, _blob(at, hl, hw, rng, wobble=0.05))
    for _ in range(4):  # cracks
        a, b = rng.uniform(-0.7, 0.7) * hl, rng.uniform(-0.7, 0.7) * hw
        pts = [at(a, b)]
        for _k in range(3):
            a += rng.uniform(-0.3, 0.3) * hl
            b += rng.uniform(-0.3, 0.3) * hw
            pts.append(at(max(-hl, min(hl, a)), max(-hw, min(hw, b))))
        pygame.draw.lines(layer, (*edge, 255), False, pts, 1)


def _debris(layer: pygame.Surface, at: Local, hl: float, hw: float, zoom: float, rng: random.Random,
            fill: tuple[int, int, int, int], edge: tuple[int, int, int], on: bool, t: float) -> None:
    rect = [at(hl, -hw), at(hl, hw), at(-hl, hw), at(-hl, -hw)]
    pygame.draw.polygon(layer, (60, 55, 50, 90), rect)
    for _ in range(9):  # shards of metal, glass and rubber
        a, b = rng.uniform(-0.8, 0.8) * hl, rng.uniform(-0.8, 0.8) * hw
        s = rng.uniform(0.06, 0.14)
        colour = rng.choice([(150, 150, 155), (110, 90, 70), (40, 40, 40), (170, 200, 220)])
        pts = [at(a + s * math.cos(k * 2.1 + b), b + s * 0.7 * math.sin(k * 2.1 + a)) for k in range(3)]
        pygame.draw.polygon(layer, (*colour, 255), pts)
    pygame.draw.polygon(layer, (*edge, 160), rect, 1)


def _obstacle(layer: pygame.Surface, at: Local, hl: float, hw: float, zoom: float, rng: random.Random,
              fill: tuple[int, int, int, int], edge: tuple[int, int, int], on: bool, t: float) -> None:
    rect = [at(hl, -hw), at(hl, hw), at(-hl, hw), at(-hl, -hw)]
    pygame.draw.polygon(layer, fill, rect)
    for k in range(-3, 4):  # hazard stripes across the wreckage
        a = k * hl / 3
        pygame.draw.line(layer, (*edge, 255), at(max(-hl, a - hw), -hw), at(min(hl, a + hw), hw),
                         max(1, int(zoom * 0.04)))
    pygame.draw.polygon(layer, (20, 20, 20, 255), rect, max(1, int(zoom * 0.03)))


def _dashed(layer: pygame.Surface, pts: list[Point], colour: tuple[int, int, int, int], width: int,
            dash: float) -> None:
    for i, a in enumerate(pts):
        b = pts[(i + 1) % len(pts)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = max(1, int(math.hypot(dx, dy) / dash))
        for k in range(0, n, 2):
            pygame.draw.line(layer, colour, (a[0] + dx * k / n, a[1] + dy * k / n),
                             (a[0] + dx * min(n, k + 1) / n, a[1] + dy * min(n, k + 1) / n), width)


def _flame_cloud(layer: pygame.Surface, at: Local, hl: float, hw: float, zoom: float, rng: random.Random,
                 fill: tuple[int, int, int, int], edge: tuple[int, int, int], on: bool, t: float) -> None:
    """A paint-like cloud, orange; once alight, tongues of flame flicker in it."""
    _cloud(layer, at, hl, hw, zoom, rng, fill if on else (200, 150, 110, 140), edge, on, t)
    if not on:
        return
    n = max(3, round(hl / max(min(hw, hl), 0.01)) * 3)
    for k in range(n):
        a = (-1 + (2 * k + 1) / n) * hl * 0.85
        b = rng.uniform(-0.45, 0.45) * hw
        h = (0.5 + 0.3 * math.sin(t * 8 + k * 2.3)) * min(hw, hl) * 0.9
        for colour, s in (((255, 80, 20, 230), 1.0), ((255, 215, 80, 240), 0.55)):
            w = min(hw, hl) * 0.22 * s
            pygame.draw.polygon(layer, colour, [at(a - w, b + w), at(a + w, b + w), at(a + h * 0.3, b - h * s)])


def _plate(layer: pygame.Surface, at: Local, hl: float, hw: float, zoom: float, rng: random.Random,
           fill: tuple[int, int, int, int], edge: tuple[int, int, int], on: bool, t: float) -> None:
    """A steel plate studded with spikes in rows (the fake one looks the same, 000:L2492)."""
    rect = [at(hl, -hw), at(hl, hw), at(-hl, hw), at(-hl, -hw)]
    pygame.draw.polygon(layer, fill, rect)
    rows = max(2, round(hl / 0.125))
    cols = max(2, round(hw / 0.125))
    r = max(1.0, min(hl / rows, hw / cols) * zoom * 0.45)
    for i in range(rows):
        for j in range(cols):
            p = at((-1 + (2 * i + 1) / rows) * hl, (-1 + (2 * j + 1) / cols) * hw)
            pygame.draw.polygon(layer, (*edge, 255), [(p[0], p[1] - r), (p[0] + r, p[1] + r * 0.7),
                                                      (p[0] - r, p[1] + r * 0.7)])
    pygame.draw.polygon(layer, (30, 30, 35, 255), rect, max(1, int(zoom * 0.03)))


ART: dict[str, Callable[..., None]] = {
    "oil": _oil, "flaming_oil": _flaming_oil, "spikes": _spikes, "mines": _mines, "smoke": _cloud,
    "paint": _cloud, "ice": _ice, "debris": _debris, "obstacle": _obstacle,
    "ht_flaming_oil": _flaming_oil, "flame_cloud": _flame_cloud, "explosive_spikes": _spikes,
    "napalm_mines": _mines, "spear_mines": _mines, "tdx_mines": _mines, "spear_napalm_mines": _mines,
    "drop_spike_plate": _plate, "fake_drop_spike_plate": _plate, "chaff": _cloud, "cloud_bomb": _cloud,
}
