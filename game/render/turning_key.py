"""Drawing the turning key as the paper template is laid against the counter: a plate whose arcs run
round from the counter's nose, notched every 15 degrees; the drift and steep-drift lanes either side of
straight ahead; a mark for the skid each bend would end in and for the bootlegger. A ghost counter
sits at the end of every maneuver the engine would allow (coloured by the control roll it asks, red
where its path runs into something); the ones it would refuse are greyed. Every shape is taken from
the engine's preview (the ghosts' poses and paths): nothing here works out a maneuver.
"""

from __future__ import annotations

import pygame

from game import theme
from game.camera import Camera
from game.render.counters import counter_polygon, heading_tick
from game.turning_key import Ghost
from game.ui import rendered
from rules.core.geometry import CounterSize, Pose, Vec, corners, forward

NEED_COLOUR = {"safe": (120, 230, 130), "XX": (255, 70, 60)}
PLATE = (236, 200, 96)        # the key's amber plastic
PLATE_EDGE = (250, 226, 150)
GREY = (120, 124, 134)

Point = tuple[float, float]


def need_colour(need: str) -> tuple[int, int, int]:
    if need in NEED_COLOUR:
        return NEED_COLOUR[need]
    n = int(need) if need.isdigit() else 4
    return (250, 220, 90) if n <= 3 else (250, 150, 60)


def _front(pose: Pose, size: CounterSize) -> tuple[Vec, Vec]:
    fl, fr, _rr, _rl = corners(pose, size)
    return fl, fr


def _nose(pose: Pose, size: CounterSize, out: float = 0.0) -> Vec:
    f = forward(pose.facing)
    k = size.length / 2 + out
    return Vec(pose.x + f.x * k, pose.y + f.y * k)


def _screen(cam: Camera, p: Vec) -> Point:
    return cam.to_screen(p.x, p.y)


def draw_template(layer: pygame.Surface, cam: Camera, start: Pose, size: CounterSize, ghosts: list[Ghost],
                  skid: float = 0.0, travel: float | None = None) -> None:
    """The key's plate, its notches, lanes and marks, under the ghosts."""
    # the plate: for each side, the band the counter's front edge sweeps on the biggest bend that way
    for side in ("left", "right"):
        bends = [g for g in ghosts if g.maneuver.kind == "bend" and g.maneuver.side == side]
        if not bends:
            continue
        big = max(bends, key=lambda g: g.maneuver.degrees)
        outer = [_front(p, size)[0 if side == "right" else 1] for p in big.path]
        inner = [_front(p, size)[1 if side == "right" else 0] for p in big.path]
        band = [_screen(cam, p) for p in outer + inner[::-1]]
        if len(band) >= 3:
            pygame.draw.polygon(layer, (*PLATE, 70), band)
            pygame.draw.lines(layer, (*PLATE_EDGE, 210), False, [_screen(cam, p) for p in outer], 2)
            pygame.draw.lines(layer, (*PLATE_EDGE, 120), False, [_screen(cam, p) for p in inner], 1)
        # the notches: the front edge at each bend's end, with its degrees on the outside
        for g in bends:
            a, b = _front(g.end, size)
            edge = (*PLATE_EDGE, 220) if g.legal else (*GREY, 160)
            pygame.draw.line(layer, edge, _screen(cam, a), _screen(cam, b), 2)
            if not g.legal:   # a legal bend's label carries its degrees
                tip = _outward(g, size, 0.22)
                img = rendered(f"{g.maneuver.degrees:g}°", max(10, min(14, int(cam.zoom * 0.13))), GREY)
                layer.blit(img, img.get_rect(center=_screen(cam, tip)))
    # the lanes: straight ahead, the drifts and steep drifts, as strips ahead of the counter's nose
    for g in ghosts:
        if g.maneuver.kind not in ("straight", "drift", "steep_drift"):
            continue
        a, b = _front(g.end, size)
        back = forward(g.end.facing)
        reach = 1.0
        a0 = Vec(a.x - back.x * reach, a.y - back.y * reach)
        b0 = Vec(b.x - back.x * reach, b.y - back.y * reach)
        colour = (*PLATE_EDGE, 120 if g.maneuver.kind == "straight" else 90)
        for p, q in ((a0, a), (b0, b)):
            _dashed(layer, colour, _screen(cam, p), _screen(cam, q), 1 if g.maneuver.kind != "straight" else 2)
        pygame.draw.line(layer, (*PLATE_EDGE, 200 if g.legal else 90), _screen(cam, a), _screen(cam, b), 2)
    # the marks: where a controlled skid slides on to, and the bootlegger's turn
    for g in ghosts:
        m = g.maneuver
        if m.skid and travel is not None:
            f = forward(travel)
            c0 = g.end.centre
            c1 = Vec(c0.x + f.x * m.skid, c0.y + f.y * m.skid)
            _arrow(layer, (*theme.WARN, 200), _screen(cam, c0), _screen(cam, c1))
        if m.kind == "bootlegger":
            _u_turn(layer, cam, g.end, size, (*PLATE_EDGE, 220) if g.legal else (*GREY, 160))
        if m.kind == "t_stop":
            tip = _nose(g.end, size, 0.18)
            img = rendered("T", max(11, min(15, int(cam.zoom * 0.3))), PLATE_EDGE if g.legal else GREY, bold=True)
            layer.blit(img, img.get_rect(center=_screen(cam, tip)))


def _outward(g: Ghost, size: CounterSize, k: float) -> Vec:
    """A point `k` inches out from a bend's outer front corner, away from the key's pivot."""
    a, b = _front(g.end, size)
    outer, inner = (a, b) if g.maneuver.side == "right" else (b, a)
    d = Vec(outer.x - inner.x, outer.y - inner.y)
    n = max(1e-9, d.length())
    return Vec(outer.x + d.x / n * k, outer.y + d.y / n * k)


def _dashed(surface: pygame.Surface, colour: tuple[int, ...], a: Point, b: Point, width: int = 1, dash: float = 6.0) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = max(1, int((dx * dx + dy * dy) ** 0.5 / dash))
    for i in range(0, n, 2):
        p = (a[0] + dx * i / n, a[1] + dy * i / n)
        q = (a[0] + dx * min(n, i + 1) / n, a[1] + dy * min(n, i + 1) / n)
        pygame.draw.line(surface, colour, p, q, width)


def _arrow(surface: pygame.Surface, colour: tuple[int, ...], a: Point, b: Point) -> None:
    _dashed(surface, colour, a, b, 2, 4.0)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    head = [b, (b[0] - ux * 8 - uy * 5, b[1] - uy * 8 + ux * 5), (b[0] - ux * 8 + uy * 5, b[1] - uy * 8 - ux * 5)]
    pygame.draw.polygon(surface, colour, head)


def _u_turn(surface: pygame.Surface, cam: Camera, pose: Pose, size: CounterSize, colour: tuple[int, ...]) -> None:
    """The bootlegger's mark: a hooked arrow beside the ghost's nose."""
    c = _screen(cam, _nose(pose, size, 0.2))
    r = max(5, int(cam.zoom * 0.14))
    rect = pygame.Rect(0, 0, 2 * r, 2 * r)
    rect.center = (int(c[0]), int(c[1]))
    pygame.draw.arc(surface, colour, rect, 0.0, 3.4, 2)
    pygame.draw.polygon(surface, colour, [(rect.right, rect.centery), (rect.right - 4, rect.centery - 6),
                                          (rect.right + 4, rect.centery - 6)])


def draw_key(surface: pygame.Surface, cam: Camera, ghosts: list[Ghost], size: CounterSize, chosen: int | None,
             overlay: pygame.Surface | None = None, *, start: Pose | None = None, greyed: list[Ghost] | None = None,
             skid: float = 0.0, travel: float | None = None) -> list[pygame.Rect]:
    """The template, the ghosts and their short labels; the chosen ghost bright with its path.
    Returns the label boxes drawn (none overlaps another)."""
    layer = overlay if overlay is not None else pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    layer.fill((0, 0, 0, 0))
    others = list(greyed or [])
    if start is not None:
        draw_template(layer, cam, start, size, ghosts + others, skid, travel)
    for g in others:   # refused: a grey notch
        a, b = _front(g.end, size)
        _dashed(layer, (*GREY, 170), _screen(cam, a), _screen(cam, b), 1, 3.0)
        pygame.draw.circle(layer, (*GREY, 200), _screen(cam, _nose(g.end, size)), max(2, int(cam.zoom * 0.03)))
    order = [i for i in range(len(ghosts)) if i != chosen] + ([chosen] if chosen is not None else [])
    for i in order:
        g = ghosts[i]
        pts = counter_polygon(cam, g.end, size)
        is_chosen = i == chosen
        tone = theme.HIT if g.blocked else need_colour(g.control)
        edge = theme.HIT if g.blocked else (theme.GHOST if is_chosen else tone)
        if is_chosen or g.blocked:   # the others show as their notch: the nose's place and the front edge
            pygame.draw.polygon(layer, (*tone, 90 if is_chosen else 40), pts)
            pygame.draw.polygon(layer, (*edge, 255 if is_chosen else 170), pts, 3 if is_chosen else 1)
            ta, tb = heading_tick(cam, g.end, size)
            pygame.draw.line(layer, (*edge, 220), ta, tb, 2 if is_chosen else 1)
        fl, fr = _front(g.end, size)
        pygame.draw.line(layer, (*tone, 200), _screen(cam, fl), _screen(cam, fr), 2)
        # the notch the counter's nose comes to, in the colour of its control roll
        nose = _screen(cam, _nose(g.end, size))
        pygame.draw.circle(layer, (*tone, 240), nose, max(3, int(cam.zoom * 0.05)))
        if is_chosen:
            path = [cam.to_screen(p.x, p.y) for p in g.path]
            if len(path) >= 2:
                pygame.draw.lines(layer, (*theme.ACCENT, 230), False, path, 2)
    surface.blit(layer, (0, 0))
    return _labels(surface, cam, ghosts, size, chosen, start)


def _outline_dashed(surface: pygame.Surface, colour: tuple[int, ...], pts: list[Point]) -> None:
    for k in range(len(pts)):
        _dashed(surface, colour, pts[k], pts[(k + 1) % len(pts)], 1, 4.0)


LABEL_REACH = (0.22, 0.45, 0.7)   # inches beyond a ghost's nose where its label may sit
LABEL_SIDE = (0.0, 0.3, -0.3)     # and across its facing


def _labels(surface: pygame.Surface, cam: Camera, ghosts: list[Ghost], size: CounterSize,
            chosen: int | None, start: Pose | None = None) -> list[pygame.Rect]:
    """Short labels where the paper key prints them: a bend's degrees with its D and roll outside its
    notch, straight on and the drifts ahead of their lanes, T-stops and bootleggers at the nose; swerves
    (beside their bends) only when chosen. The chosen one first, then from straight ahead outwards; a
    label with no free place is left off (the hover card names every ghost)."""
    small = max(11, min(16, int(cam.zoom * 0.14)))
    placed: list[pygame.Rect] = []
    bounds = surface.get_rect()
    blocked: list[pygame.Rect] = []
    rest = sorted((i for i in range(len(ghosts)) if i != chosen and ghosts[i].maneuver.kind != "swerve"),
                  key=lambda i: abs(ghosts[i].turn))
    for i in ([chosen] if chosen is not None else []) + rest:
        g = ghosts[i]
        m = g.maneuver
        words = f"{m.degrees:g}° {g.short}" if m.kind in ("bend", "swerve") else g.short
        img = rendered(words, small, need_colour(g.control) if not g.blocked else theme.HIT, bold=i == chosen)
        spot = _free_spot(cam, g, size, img.get_size(), placed, blocked, bounds, start)
        if spot is None:
            continue
        box, _anchor = spot
        placed.append(box)
        surface.blit(_label_bg(box.size, 210 if i == chosen else 160), box)
        if i == chosen:
            pygame.draw.rect(surface, theme.ACCENT, box, 1)
        surface.blit(img, img.get_rect(center=box.center))
    return placed


def _poly_box(pts: list[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _free_spot(cam: Camera, g: Ghost, size: CounterSize, wh: tuple[int, int], placed: list[pygame.Rect],
               blocked: list[pygame.Rect], bounds: pygame.Rect,
               start: Pose | None = None) -> tuple[pygame.Rect, Point] | None:
    f = forward(g.end.facing)
    r = Vec(-f.y, f.x)
    if g.maneuver.kind in ("bend", "swerve") and start is not None:
        # out from the key's middle (half an inch ahead of the counter's nose), round the arc
        c = _nose(start, size, 0.5)
        n = _nose(g.end, size)
        u = Vec(n.x - c.x, n.y - c.y)
        u = u * (1 / max(1e-9, u.length()))
        t = Vec(-u.y, u.x)
        spots = [Vec(n.x + u.x * k + t.x * j, n.y + u.y * k + t.y * j)
                 for k in (0.3, 0.55, 0.8) for j in (0.0, 0.15, -0.15)]
    else:
        spots = [Vec(_nose(g.end, size, reach).x + r.x * side, _nose(g.end, size, reach).y + r.y * side)
                 for reach in LABEL_REACH for side in LABEL_SIDE]
    for p in spots:
        sx, sy = _screen(cam, p)
        box = pygame.Rect(0, 0, wh[0] + 6, wh[1] + 2)
        box.center = (int(sx), int(sy))
        if not bounds.contains(box):
            continue
        if any(box.colliderect(q) for q in placed) or any(box.colliderect(q) for q in blocked):
            continue
        return box, (sx, sy)
    return None


def ghost_at(cam: Camera, ghosts: list[Ghost], size: CounterSize, pos: tuple[int, int]) -> int | None:
    """The ghost pointed at: the nearest notch (the nose's place) within reach, else the counter drawn
    under the point (the nearest centre when several overlap)."""
    reach = max(10.0, cam.zoom * 0.14)
    near = [(d, i) for i, g in enumerate(ghosts)
            if (d := _dist(_screen(cam, _nose(g.end, size)), pos)) <= reach]
    if near:
        return min(near)[1]
    hits = [i for i, g in enumerate(ghosts) if _inside(counter_polygon(cam, g.end, size), pos)]
    if not hits:
        return None
    return min(hits, key=lambda i: (cam.to_screen(ghosts[i].end.x, ghosts[i].end.y)[0] - pos[0]) ** 2
               + (cam.to_screen(ghosts[i].end.x, ghosts[i].end.y)[1] - pos[1]) ** 2)


def _dist(a: Point, b: tuple[int, int]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def _inside(poly: list[Point], p: tuple[int, int]) -> bool:
    x, y = p
    inside = False
    for k in range(len(poly)):
        (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % len(poly)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def draw_card(surface: pygame.Surface, g: Ghost, at: tuple[int, int], bounds: pygame.Rect,
              cam: Camera | None = None, size: CounterSize | None = None) -> pygame.Rect:
    """The hover card of a ghost: its name, D, handling after, the control roll and its chance, what its
    path meets, or why it is not allowed; with the camera, the ghost's counter and path too. Kept
    inside `bounds`."""
    if cam is not None and size is not None:
        pts = counter_polygon(cam, g.end, size)
        colour = theme.HIT if g.blocked else (theme.GHOST if g.legal else GREY)
        pygame.draw.polygon(surface, colour, pts, 2)
        a, b = heading_tick(cam, g.end, size)
        pygame.draw.line(surface, colour, a, b, 2)
        if g.legal and len(g.path) >= 2:
            pygame.draw.lines(surface, theme.ACCENT, False, [cam.to_screen(p.x, p.y) for p in g.path], 1)
    lines = g.details
    imgs = [rendered(ln, 17 if k else 19, (theme.TEXT if g.legal else theme.DIM) if k else theme.ACCENT, bold=k == 0)
            for k, ln in enumerate(lines)]
    w = max(i.get_width() for i in imgs) + 16
    h = sum(i.get_height() + 2 for i in imgs) + 10
    r = pygame.Rect(at[0] + 18, at[1] + 12, w, h)
    r.clamp_ip(bounds)
    bg = pygame.Surface(r.size, pygame.SRCALPHA)
    bg.fill((12, 14, 20, 228))
    surface.blit(bg, r)
    pygame.draw.rect(surface, theme.HIT if g.blocked else (theme.ACCENT if g.legal else GREY), r, 1)
    y = r.y + 5
    for img in imgs:
        surface.blit(img, (r.x + 8, y))
        y += img.get_height() + 2
    return r


_BG: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def _label_bg(size: tuple[int, int], alpha: int) -> pygame.Surface:
    bg = _BG.get((size, alpha))
    if bg is None:
        bg = pygame.Surface(size, pygame.SRCALPHA)
        bg.fill((0, 0, 0, alpha))
        _BG[(size, alpha)] = bg
    return bg
