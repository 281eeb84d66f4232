"""The editor's overview: layers (shown or hidden, locked or free), the minimap and the tracing
image laid under the map. Each draws into its own rectangle and answers its own clicks."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame

from game import theme
from game.camera import Camera
from game.render.board import BoardRenderer
from game.ui import text
from rules.world.map_model import Map

# The editor's layers, bottom to top, and the map lists each holds.
LAYER_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Ground", ("areas",)),
    ("Roads", ("sections", "curbs", "markings")),
    ("Features", ("walls", "buildings", "ramps")),
    ("Counters", ("obstacles",)),
    ("Starts", ("starts",)),
)
ROW = 20
TRACE_ALPHAS = (64, 128, 192)


def group_of(layer_name: str) -> str:
    return next(g for g, names in LAYER_GROUPS if layer_name in names)


@dataclass
class Layers:
    hidden: set[str] = field(default_factory=set)   # group names
    locked: set[str] = field(default_factory=set)
    rows: list[tuple[pygame.Rect, pygame.Rect, str]] = field(default_factory=list)  # (eye, lock, group)
    _shown: tuple[tuple[frozenset[str], int], Map, Map] | None = None

    def shown(self, layer_name: str) -> bool:
        return group_of(layer_name) not in self.hidden

    def free(self, layer_name: str) -> bool:
        """Shown and not locked: it can be picked, moved and changed."""
        g = group_of(layer_name)
        return g not in self.hidden and g not in self.locked

    def visible_map(self, m: Map) -> Map:
        """The map with the hidden layers left out, for drawing; the same object while neither the map
        nor the hidden layers change, so the board's cached picture is kept."""
        key = (frozenset(self.hidden), id(m))
        if self._shown is not None and self._shown[0] == key and self._shown[1] is m:
            return self._shown[2]
        gone: dict[str, Any] = {n: () for g, names in LAYER_GROUPS if g in self.hidden for n in names}
        out: Map = replace(m, **gone) if gone else m
        self._shown = (key, m, out)
        return out

    def toggle(self, which: str, group: str) -> str:
        target = self.hidden if which == "eye" else self.locked
        target.symmetric_difference_update({group})
        state = ("hidden" if group in self.hidden else "shown") if which == "eye" else \
            ("locked" if group in self.locked else "unlocked")
        return f"layer {group}: {state}"

    def draw(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        pygame.draw.rect(surface, theme.PANEL, r)
        text(surface, "Layers", (r.x + 8, r.y + 2), 18, theme.ACCENT, bold=True)
        self.rows = []
        y = r.y + ROW
        for g, _ in reversed(LAYER_GROUPS):
            eye = pygame.Rect(r.x + 6, y, r.width - 56, ROW - 2)
            lock = pygame.Rect(eye.right + 4, y, 40, ROW - 2)
            hidden, locked = g in self.hidden, g in self.locked
            pygame.draw.rect(surface, (44, 48, 57), eye, border_radius=3)
            pygame.draw.rect(surface, (90, 60, 50) if locked else (44, 48, 57), lock, border_radius=3)
            text(surface, ("  " if hidden else "● ") + g, (eye.x + 6, eye.y + 1), 17, theme.DIM if hidden else theme.TEXT)
            text(surface, "lock" if locked else "free", (lock.centerx, lock.centery), 15,
                 theme.WARN if locked else theme.DIM, anchor="center")
            self.rows.append((eye, lock, g))
            y += ROW

    def click(self, pos: tuple[int, int]) -> str | None:
        for eye, lock, g in self.rows:
            if eye.collidepoint(pos):
                return self.toggle("eye", g)
            if lock.collidepoint(pos):
                return self.toggle("lock", g)
        return None


class Minimap:
    """The whole map small, the main view's rectangle on it; a click or drag there moves the view."""

    def __init__(self) -> None:
        self.cam = Camera()
        self._board: tuple[Map | None, BoardRenderer | None] = (None, None)

    def draw(self, surface: pygame.Surface, r: pygame.Rect, m: Map, main: Camera) -> None:
        pygame.draw.rect(surface, (16, 18, 20), r)
        self.cam.view_x, self.cam.view_y, self.cam.view_w, self.cam.view_h = r.x + 2, r.y + 2, r.width - 4, r.height - 4
        self.cam.fit(m.width, m.height)
        self.cam.zoom = min(self.cam.view_w / max(m.width, 1), self.cam.view_h / max(m.height, 1))
        if self._board[0] is not m or self._board[1] is None:
            self._board = (m, BoardRenderer(m))
        board = self._board[1]
        assert board is not None
        board.draw(surface, self.cam)
        x0, y0, x1, y1 = main.visible()
        a, b = self.cam.to_screen(x0, y0), self.cam.to_screen(x1, y1)
        view = pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1])).clip(r)
        pygame.draw.rect(surface, theme.ACCENT, view, 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1)

    def to_map(self, pos: tuple[int, int]) -> tuple[float, float]:
        return self.cam.to_map(*pos)


class Trace:
    """An image (PNG or JPEG) stretched over the map under everything, to draw a map over a photo
    or a scanned paper map."""

    def __init__(self) -> None:
        self.image: pygame.Surface | None = None
        self.path: Path | None = None
        self.alpha = TRACE_ALPHAS[1]
        self.shown = True
        self._scaled: tuple[tuple[int, int, int], pygame.Surface] | None = None

    def load(self, path: Path) -> str:
        try:
            img = pygame.image.load(str(path))
        except (pygame.error, FileNotFoundError, OSError) as exc:
            return f"cannot load {path}: {exc}"
        self.image, self.path, self._scaled, self.shown = img, path, None, True
        return f"tracing {path.name} ({img.get_width()}x{img.get_height()} px) under the map; T: show/hide, Shift+T: opacity"

    def cycle_alpha(self) -> str:
        self.alpha = TRACE_ALPHAS[(TRACE_ALPHAS.index(self.alpha) + 1) % len(TRACE_ALPHAS)] \
            if self.alpha in TRACE_ALPHAS else TRACE_ALPHAS[0]
        self._scaled = None
        return f"tracing image at {round(self.alpha / 255 * 100)}% opacity"

    def draw(self, surface: pygame.Surface, cam: Camera, m: Map) -> None:
        if self.image is None or not self.shown:
            return
        size = (max(1, round(m.width * cam.zoom)), max(1, round(m.height * cam.zoom)))
        if size[0] * size[1] > 6000 * 6000:
            return
        key = (size[0], size[1], self.alpha)
        if self._scaled is None or self._scaled[0] != key:
            scaled = pygame.transform.smoothscale(self.image.convert_alpha() if pygame.display.get_surface() else self.image, size)
            scaled.set_alpha(self.alpha)
            self._scaled = (key, scaled)
        ox, oy = cam.to_screen(0, 0)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h))
        surface.blit(self._scaled[1], (round(ox), round(oy)))
        surface.set_clip(clip)
