"""Light at night on the battle map (issue 17): the board darkened, each running vehicle's headlights as
two short cones ahead of it (every body has them, 000:L1695), a working searchlight as a long narrow
beam ahead, or held on the vehicle it tracks (000:L2661), and the circle of 20" radius an RL flare round lights
(000:L2989). A starshell over the table (000:L2432) lifts the dark. Over the counters: the glare on a
blinded car, an ejection seat's countdown, and a crewman in the air under his seat's glider
(000:L2580-L2582). Drawing only: the rules are in rules/play/lights.py and ejection.py; a cone's length
is a picture, not a range the rules use."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import pygame

from game.camera import Camera
from game.ui import text
from rules.core.geometry import Pose, Vec
from rules.driving.equipment import carries
from rules.play.lights import active_beams, aloft_modifier, blinded, dark, now, table_lit
from rules.play.state import GameState
from rules.tables.movement import tables
from rules.world.collision import CollisionWorld

NIGHT = (8, 10, 28, 170)          # the dark laid over the board
HEADLIGHT = (255, 236, 170, 40)   # a cone: the dark mostly lifted, a warm tint left
SEARCHLIGHT = (255, 250, 220, 25)
HEADLIGHT_REACH = 4.0             # inches drawn ahead of the bumper
HEADLIGHT_SPREAD = 16.0           # degrees either side of straight ahead
SEARCHLIGHT_REACH = 16.0
SEARCHLIGHT_SPREAD = 6.0
SEARCHLIGHTS = ("searchlight", "armored_searchlight")
HELD_BEAM = (255, 255, 235, 0)    # a beam held on a target: the dark wholly lifted along it
FLARE = (24, 26, 44, 105)         # a flare's circle: dimmer than the night (-1, not day), darker than a headlight
GLARE = (255, 255, 200)
ALOFT = (120, 220, 255)


def is_dark(state: GameState) -> bool:
    """Night, and no starshell lighting the table."""
    return state.options.visibility == "night" and not table_lit(state)


Clip = Callable[[Vec, Vec], float]   # how far light gets from a towards b (a wall or building stops it)


def _cone(cam: Camera, x: float, y: float, facing: float, reach: float, spread: float,
          clip: Clip | None = None) -> list[tuple[float, float]]:
    pts = [cam.to_screen(x, y)]
    for k in range(-2, 3):           # a rounded far edge
        a = math.radians(facing + spread * k / 2)
        far = Vec(x + math.sin(a) * reach, y - math.cos(a) * reach)
        r = min(reach, clip(Vec(x, y), far)) if clip is not None else reach
        pts.append(cam.to_screen(x + math.sin(a) * r, y - math.cos(a) * r))
    return pts


def light_polygons(cam: Camera, pose: Pose, length: float, width: float, searchlight: bool,
                   clip: Clip | None = None) -> list[tuple[tuple[int, int, int, int], list[tuple[float, float]]]]:
    """The cones one vehicle throws: from its two front corners, and its searchlight from the middle; each ray
    ends where `clip` says the light is stopped."""
    f = math.radians(pose.facing)
    fx, fy = math.sin(f), -math.cos(f)
    rx, ry = -fy, fx
    out = []
    for side in (-1, 1):
        x = pose.x + fx * length / 2 + rx * side * width * 0.35
        y = pose.y + fy * length / 2 + ry * side * width * 0.35
        out.append((HEADLIGHT, _cone(cam, x, y, pose.facing, HEADLIGHT_REACH, HEADLIGHT_SPREAD, clip)))
    if searchlight:
        out.append((SEARCHLIGHT, _cone(cam, pose.x, pose.y, pose.facing, SEARCHLIGHT_REACH, SEARCHLIGHT_SPREAD,
                                       clip)))
    return out


def draw_night(surface: pygame.Surface, cam: Camera, state: GameState, poses: Mapping[str, Pose],
               world: CollisionWorld | None = None) -> None:
    """Darken the board and cut each running vehicle's lights out of the dark (nothing by day); with the map's
    collision world, a cone stops at the first wall, building or other vehicle in its way."""
    if not is_dark(state):
        return
    dark = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    dark.fill(NIGHT)
    for fx, fy, until in state.flares:   # a flare's circle (000:L2989)
        if until >= state.turn:
            pygame.draw.circle(dark, FLARE, cam.to_screen(fx, fy), cam.zoom * 20.0)
    sizes = tables().handling.counters
    held = {pair for v in state.vehicles for pair in _held(state, v.id)}
    for v in state.vehicles:
        if v.out:
            continue
        size = v.spec.counter(sizes)
        lamp = any(carries(v.sheet, k) for k in SEARCHLIGHTS) and v.id not in {h[0] for h in held}
        clip = _stopped_by(world, v.id) if world is not None else None
        for colour, pts in light_polygons(cam, poses.get(v.id, v.pose), size.length, size.width, lamp, clip):
            pygame.draw.polygon(dark, colour, pts)
    for vid, tid in held:   # a searchlight held on the vehicle it tracks (000:L2661)
        a, b = poses.get(vid, state.vehicle(vid).pose), poses.get(tid, state.vehicle(tid).pose)
        pygame.draw.polygon(dark, HELD_BEAM, _beam(cam, a, b, state.vehicle(tid).spec.counter(sizes).length))
    surface.blit(dark, (0, 0))


def _stopped_by(world: CollisionWorld, vid: str) -> Clip:
    def clip(a: Vec, b: Vec) -> float:
        hits = world.line_of_fire(a, b, ignore=(vid,)).hits
        return (hits[0].point - a).length() if hits else math.inf
    return clip


def _held(state: GameState, tid: str) -> list[tuple[str, str]]:
    return [(vid, tid) for vid, _lamp, _b in active_beams(state, tid)]


def _beam(cam: Camera, a: Pose, b: Pose, width: float) -> list[tuple[float, float]]:
    """A wedge from the lamp to a little past the target, as wide as the target at its far end."""
    dx, dy = b.x - a.x, b.y - a.y
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    px, py = -uy, ux
    far_x, far_y = b.x + ux * width / 2, b.y + uy * width / 2
    return [cam.to_screen(a.x + px * 0.1, a.y + py * 0.1), cam.to_screen(a.x - px * 0.1, a.y - py * 0.1),
            cam.to_screen(far_x - px * width / 2, far_y - py * width / 2),
            cam.to_screen(far_x + px * width / 2, far_y + py * width / 2)]


def light_marks(state: GameState) -> list[tuple[str, str]]:
    """The words drawn by the counters: (vehicle or person id, words): a blinded crew, an ejection seat
    counting down, a crewman in the air with the to-hit against him."""
    out = []
    if dark(state):
        out += [(v.id, "BLINDED -10") for v in state.vehicles if v.glare and not v.out and blinded(state, v)]
    t = now(state)
    for v in state.vehicles:
        out += [(v.id, f"EJECT in {due - t} phase{'s' if due - t != 1 else ''}")
                for _crew, due in v.eject if due > t]
    for pid, _fired, _heading in state.aloft:
        value, name, _rule = aloft_modifier(state, pid)
        out.append((pid, f"{name} {value:+d}"))
    return out


def draw_light_marks(surface: pygame.Surface, cam: Camera, state: GameState, poses: Mapping[str, Pose]) -> None:
    """Glare rays round a blinded car, the countdown of an ejection, and a glider over a man in the air."""
    if not (state.aloft or any(v.eject or v.glare for v in state.vehicles)):
        return
    people = {p.id: p.pose for p in state.people}
    for who, words in light_marks(state):
        pose = people.get(who) or poses.get(who) or state.vehicle(who).pose
        sx, sy = cam.to_screen(pose.x, pose.y)
        if words.startswith("BLINDED"):
            for k in range(8):
                a = math.radians(k * 45)
                r0, r1 = cam.zoom * RAYS[0], cam.zoom * RAYS[1]
                pygame.draw.line(surface, GLARE, (sx + math.sin(a) * r0, sy - math.cos(a) * r0),
                                 (sx + math.sin(a) * r1, sy - math.cos(a) * r1), 3)
        if who in people:   # the seat's hang glider: a wing over him (000:L2582)
            f = math.radians(pose.facing)
            fx, fy, rx, ry = math.sin(f), -math.cos(f), math.cos(f), math.sin(f)
            span = cam.zoom * 0.9
            nose = (sx + fx * span * 0.6, sy + fy * span * 0.6)
            back_x, back_y = sx - fx * span * 0.3, sy - fy * span * 0.3
            wing = [nose, (back_x + rx * span, back_y + ry * span), (back_x - rx * span, back_y - ry * span)]
            pygame.draw.polygon(surface, ALOFT, wing, 3)
        _label(surface, words, mark_at(cam.zoom, (sx, sy), words), ALOFT if who in people else GLARE)


RAYS = (0.8, 1.2)   # a blinded car's glare rays: from and to these many inches from its centre (a car is 1" long)


def mark_at(zoom: float, centre: tuple[float, float], words: str) -> tuple[float, float]:
    """Where a counter's mark goes: just over the counter (half a car's length and a little), over the glare
    rays for a blinded car, so that at the turning key's zoom it stays by its car, clear of the ghosts' labels."""
    lift = zoom * (RAYS[1] if words.startswith("BLINDED") else 0.6) + 14
    return centre[0], centre[1] - lift


def _label(surface: pygame.Surface, words: str, at: tuple[float, float], colour: tuple[int, int, int]) -> None:
    text(surface, words, (at[0] + 1, at[1] + 1), 15, (0, 0, 0), bold=True, anchor="midtop")
    text(surface, words, at, 15, colour, bold=True, anchor="midtop")
