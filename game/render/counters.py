"""Vehicle counters: the body's picture in the owner's colour (a plain box with a windscreen and an
arrow if the picture is missing), tire and armor damage, fire, wrecks burnt out. Poses come from the animator, so a counter can be drawn anywhere along a path."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game import theme
from game.assets import SHADOW, Assets, body_art, default_assets
from game.camera import Camera
from game.ui import text
from rules.core.geometry import CounterSize, Pose, corners, forward, right
from rules.play.state import VehicleState
from rules.tables.collisions import terrain_data
from rules.tables.movement import tables

_CORNER_AT = {"FL": (0.5, -1), "FR": (0.5, 1), "BL": (-0.5, -1), "BR": (-0.5, 1), "F": (0.5, 0), "B": (-0.5, 0)}


def counter_polygon(cam: Camera, pose: Pose, size: CounterSize) -> list[tuple[float, float]]:
    return [cam.to_screen(c.x, c.y) for c in corners(pose, size)]


def draw_counter(surface: pygame.Surface, cam: Camera, v: VehicleState, pose: Pose, size: CounterSize,
                 colour: tuple[int, int, int], *, active: bool = False, label: bool = True,
                 art: Assets | None = None, squash: float = 1.0) -> None:
    """The vehicle's top-down picture (assets/vehicles, painted in the owner's colour) turned to its
    pose, with what the record sheet says on top: damaged tires, armor left, fire, a wreck. Without
    the picture (a missing file) a plain coloured counter is drawn instead. `squash` narrows the
    picture while the counter rolls over (game.anim.Animator.tumble), in eighths so few sizes are kept."""
    pts = counter_polygon(cam, pose, size)
    wreck = v.out or v.sheet.destroyed
    f, r = forward(pose.facing), right(pose.facing)
    c = pose.centre
    hl, hw = size.length / 2, size.width / 2

    def at(a: float, b: float) -> tuple[float, float]:
        p = c + f * a + r * b
        return cam.to_screen(p.x, p.y)

    sx, sy = cam.to_screen(c.x, c.y)
    art = art or default_assets()
    name = body_art(str(v.spec.kind), v.spec.body, v.spec.reversed)
    wide = max(1, round(min(1.0, max(0.0, squash)) * 8)) / 8
    px = (max(2, round(size.width * cam.zoom * wide)), max(2, round(size.length * cam.zoom)))
    img = art.rotated(name, None if wreck else colour, px, pose.facing)
    if active:
        pygame.draw.polygon(surface, theme.ACCENT, pts, max(3, int(cam.zoom * 0.12)))
    if img is None:
        _plain_body(surface, cam, v, pts, colour, at, hl, hw)
    else:
        shadow = art.rotated(name, SHADOW, px, pose.facing)
        off = max(1, round(cam.zoom * (0.05 + _height_in(v) * AIR_SHADOW)))   # in the air: the shadow falls away
        if shadow is not None and not wreck:
            surface.blit(shadow, shadow.get_rect(center=(sx + off, sy + off)))
        surface.blit(img, img.get_rect(center=(sx, sy)))
    _tires(surface, cam, v, at, hl, hw, plain=img is None)
    _armor_bar(surface, cam, v, at, hl, hw)
    if v.sheet.on_fire and not v.sheet.destroyed:
        _flames(surface, cam, at, hl)
    if wreck:
        width = max(2, int(cam.zoom * 0.05))
        pygame.draw.line(surface, (30, 30, 30), pts[0], pts[2], width)
        pygame.draw.line(surface, (30, 30, 30), pts[1], pts[3], width)
    if label and cam.zoom >= 14:
        fs = max(14, min(22, int(cam.zoom * 0.45)))  # labels stop growing when zoomed in
        lift = cam.zoom * max(hl, hw) + 10
        text(surface, v.id, (sx + 1, sy - lift + 1), fs, (0, 0, 0), bold=True, anchor="center")
        text(surface, v.id, (sx, sy - lift), fs, (255, 255, 255), bold=True, anchor="center")
    if in_the_air(v) and not wreck:
        _air_tag(surface, cam, v, (sx, sy), cam.zoom * max(hl, hw))


AIR_SHADOW = 1.2   # screen inches of shadow offset per inch of height (a sun from the top left)


def _height_in(v: VehicleState) -> float:
    """How high the counter is drawn: a jump-jet jump's height, a ramp jump or a fall a quarter inch."""
    if v.jet_apex:
        return float(v.jet_apex)
    return 0.25 if (v.airborne or v.fall_lands) else 0.0


def in_the_air(v: VehicleState) -> bool:
    return bool(v.jet_apex or v.airborne or v.fall_lands)


def _air_tag(surface: pygame.Surface, cam: Camera, v: VehicleState, at: tuple[float, float], reach: float) -> None:
    """A tag under the counter: "IN THE AIR", the height of a jet's climb and when it comes down."""
    lands, per = v.fall_lands, tables().chart.phases_per_turn
    when = f", down T{lands // per + 1} P{lands % per + 1}" if lands else ""   # (rules.play.falling's count)
    height = f" {v.jet_apex * terrain_data().feet_per_inch:g} ft" if v.jet_apex else ""
    label = f"IN THE AIR{height}{when}"
    fs = max(12, min(18, int(cam.zoom * 0.36)))
    x, y = at[0], at[1] + reach + 14 + (fs if cam.zoom >= 14 else 0)   # below the name label
    text(surface, label, (x + 1, y + 1), fs, (0, 0, 0), bold=True, anchor="center")
    text(surface, label, (x, y), fs, (255, 214, 90), bold=True, anchor="center")


def _plain_body(surface: pygame.Surface, cam: Camera, v: VehicleState, pts: list[tuple[float, float]],
                colour: tuple[int, int, int], at: Callable[[float, float], tuple[float, float]],
                hl: float, hw: float) -> None:
    """The counter without its picture: a box in the owner's colour, a windscreen and an arrow."""
    body = (110, 110, 110) if v.out else colour
    pygame.draw.polygon(surface, body, pts)
    dark = tuple(max(0, c - 90) for c in body)
    pygame.draw.polygon(surface, dark, pts, max(1, int(cam.zoom * 0.04)))
    glass = (40, 50, 70) if not v.out else (70, 70, 70)
    pygame.draw.polygon(surface, glass, [at(hl * 0.55, -hw * 0.75), at(hl * 0.55, hw * 0.75),
                                         at(hl * 0.25, hw * 0.8), at(hl * 0.25, -hw * 0.8)])
    pygame.draw.polygon(surface, (250, 250, 250), [at(hl * 0.95, 0), at(hl * 0.62, -hw * 0.45),
                                                   at(hl * 0.62, hw * 0.45)])


def _tires(surface: pygame.Surface, cam: Camera, v: VehicleState, at: object, hl: float, hw: float,
           plain: bool = True) -> None:
    """Tires on the plain counter; on the picture (which shows them) only the damaged ones, marked."""
    for t in v.sheet.tires:
        if not plain and not t.destroyed and t.dp >= t.max_dp:
            continue
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
