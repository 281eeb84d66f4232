"""Light at night on the battle map (issue 17): the board darkened, each running vehicle's headlights as
two short cones ahead of it (every body has them, 000:L1695), a working searchlight as a long narrow
beam (000:L2661). A starshell over the table (000:L2432) lifts the dark. Drawing only: the to-hit rules
are in rules/play/lights.py; a cone's length is a picture, not a range the rules use."""

from __future__ import annotations

import math
from collections.abc import Mapping

import pygame

from game.camera import Camera
from rules.core.geometry import Pose
from rules.driving.equipment import carries
from rules.play.lights import table_lit
from rules.play.state import GameState
from rules.tables.movement import tables

NIGHT = (8, 10, 28, 170)          # the dark laid over the board
HEADLIGHT = (255, 236, 170, 40)   # a cone: the dark mostly lifted, a warm tint left
SEARCHLIGHT = (255, 250, 220, 25)
HEADLIGHT_REACH = 4.0             # inches drawn ahead of the bumper
HEADLIGHT_SPREAD = 16.0           # degrees either side of straight ahead
SEARCHLIGHT_REACH = 16.0
SEARCHLIGHT_SPREAD = 6.0
SEARCHLIGHTS = ("searchlight", "armored_searchlight")


def is_dark(state: GameState) -> bool:
    """Night, and no starshell lighting the table."""
    return state.options.visibility == "night" and not table_lit(state)


def _cone(cam: Camera, x: float, y: float, facing: float, reach: float, spread: float) -> list[tuple[float, float]]:
    pts = [cam.to_screen(x, y)]
    for k in range(-2, 3):           # a rounded far edge
        a = math.radians(facing + spread * k / 2)
        pts.append(cam.to_screen(x + math.sin(a) * reach, y - math.cos(a) * reach))
    return pts


def light_polygons(cam: Camera, pose: Pose, length: float, width: float,
                   searchlight: bool) -> list[tuple[tuple[int, int, int, int], list[tuple[float, float]]]]:
    """The cones one vehicle throws: from its two front corners, and its searchlight from the middle."""
    f = math.radians(pose.facing)
    fx, fy = math.sin(f), -math.cos(f)
    rx, ry = -fy, fx
    out = []
    for side in (-1, 1):
        x = pose.x + fx * length / 2 + rx * side * width * 0.35
        y = pose.y + fy * length / 2 + ry * side * width * 0.35
        out.append((HEADLIGHT, _cone(cam, x, y, pose.facing, HEADLIGHT_REACH, HEADLIGHT_SPREAD)))
    if searchlight:
        out.append((SEARCHLIGHT, _cone(cam, pose.x, pose.y, pose.facing, SEARCHLIGHT_REACH, SEARCHLIGHT_SPREAD)))
    return out


def draw_night(surface: pygame.Surface, cam: Camera, state: GameState, poses: Mapping[str, Pose]) -> None:
    """Darken the board and cut each running vehicle's lights out of the dark (nothing by day)."""
    if not is_dark(state):
        return
    dark = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    dark.fill(NIGHT)
    sizes = tables().handling.counters
    for v in state.vehicles:
        if v.out:
            continue
        size = v.spec.counter(sizes)
        lamp = any(carries(v.sheet, k) for k in SEARCHLIGHTS)
        for colour, pts in light_polygons(cam, poses.get(v.id, v.pose), size.length, size.width, lamp):
            pygame.draw.polygon(dark, colour, pts)
    surface.blit(dark, (0, 0))
