"""The articulated counter and the rig's turning key, drawn headless from the rules' poses."""

from __future__ import annotations

import os

import pygame

from game.camera import Camera
from game.render.rig import draw_rig, draw_rig_key, trailer_outline
from rules.core.geometry import Pose
from rules.driving.articulated import car_trailer_coupling, counter, hitched, rig_coupling, rig_ghosts

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def _surface() -> tuple[pygame.Surface, Camera]:
    pygame.init()
    return pygame.Surface((400, 400)), Camera(zoom=60, cx=0, cy=0, view_w=400, view_h=400)


def test_rig_is_drawn_as_two_joined_counters() -> None:
    surf, cam = _surface()
    surf.fill((0, 0, 0))
    c = rig_coupling()
    tower = Pose.at(0, -1, 0)
    trailer = hitched(tower, c, 20)
    draw_rig(surf, cam, tower, trailer, c, (200, 40, 40))
    tx, ty = cam.to_screen(tower.x, tower.y)
    assert surf.get_at((int(tx), int(ty)))[:3] == (200, 40, 40)          # the tractor on top
    px, py = cam.to_screen(trailer.x, trailer.y)
    assert surf.get_at((int(px), int(py)))[:3] == (140, 28, 28)          # the trailer, shaded


def test_car_trailer_outline_has_its_tongue() -> None:
    c = car_trailer_coupling(counter("car"), "van_10")
    pts = trailer_outline(hitched(Pose.at(0, 0, 0), c), c)
    assert len(pts) == 5 and pts[1] == (0.0, 0.5)        # the tongue tip on the hitch, the car's back edge


def test_rig_key_draws_every_allowed_ghost() -> None:
    surf, cam = _surface()
    surf.fill((0, 0, 0))
    c = rig_coupling()
    tower = Pose.at(0, 0, 0)
    ghosts = rig_ghosts(tower, hitched(tower, c), c, 30)
    draw_rig_key(surf, cam, ghosts, c.tower, c, hovered=0)
    lit = sum(1 for x in range(0, 400, 2) for y in range(0, 400, 2) if surf.get_at((x, y))[:3] != (0, 0, 0))
    assert lit > 100 and all(g.motion is not None for g in ghosts)
