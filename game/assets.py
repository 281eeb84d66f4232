"""The client's pictures, tiles, font files and sounds from assets/ (drawn by assets/make_assets.py),
each read from disk once and kept; scaled and tinted copies are kept per size.

Every getter returns None when its file is missing or unreadable, and the caller draws a plain shape
instead: a missing asset never stops the game. `default_assets()` is the one shared instance.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
FONT_FILES = {False: "fonts/DejaVuSans.ttf", True: "fonts/DejaVuSans-Bold.ttf"}
EXPLOSION_FRAMES = 10            # frames in assets/effects/explosion.png (as make_assets.py draws them)
WRECK_TINT = (78, 74, 70)        # a burnt-out shell instead of the owner's colour
SHADOW = (0, 0, 0)               # the colour that asks for the body's silhouette (its shadow)
SHADOW_ALPHA = 90
MAX_SCALED = 600                 # scaled copies kept before the oldest are dropped
# Bodies a vehicle without a body of the construction tables (a generic test car) is drawn as.
KIND_BODY = {"car": "mid_sized", "trike": "medium_trike", "cycle": "medium_cycle"}

Colour = tuple[int, int, int]


class Assets:
    def __init__(self, root: Path = ASSETS_DIR) -> None:
        self.root = root
        self._images: dict[str, pygame.Surface | None] = {}
        self._scaled: dict[tuple[object, ...], pygame.Surface | None] = {}

    # --- files -------------------------------------------------------------------------------------

    def image(self, rel: str) -> pygame.Surface | None:
        """The picture at assets/`rel`, loaded once (None, remembered, when it is missing or broken)."""
        if rel not in self._images:
            path = self.root / rel
            img: pygame.Surface | None = None
            if path.is_file():
                try:
                    img = pygame.image.load(str(path))
                    if pygame.display.get_init() and pygame.display.get_surface() is not None:
                        img = img.convert_alpha()
                except (pygame.error, OSError):
                    img = None
            self._images[rel] = img
        return self._images[rel]

    def path(self, rel: str) -> Path | None:
        p = self.root / rel
        return p if p.is_file() else None

    def font_path(self, bold: bool = False) -> Path | None:
        return self.path(FONT_FILES[bold])

    def sound_path(self, name: str) -> Path | None:
        return self.path(f"sounds/{name}.wav")

    # --- derived pictures, kept per size -------------------------------------------------------------

    def _keep(self, key: tuple[object, ...], img: pygame.Surface | None) -> pygame.Surface | None:
        if len(self._scaled) >= MAX_SCALED:
            for k in list(self._scaled)[: MAX_SCALED // 4]:
                del self._scaled[k]
        self._scaled[key] = img
        return img

    def vehicle(self, body: str, colour: Colour | None, size: tuple[int, int]) -> pygame.Surface | None:
        """The counter art of a body (front to the top) painted in `colour` (None: a wreck; SHADOW:
        a black silhouette), `size` (width, length) in pixels."""
        key = ("vehicle", body, colour, size)
        if key in self._scaled:
            return self._scaled[key]
        paint, detail = self.image(f"vehicles/{body}.paint.png"), self.image(f"vehicles/{body}.detail.png")
        if paint is None or detail is None or size[0] < 2 or size[1] < 2:
            return self._keep(key, None)
        img = paint.copy()
        img.fill((*(colour or WRECK_TINT), 255), special_flags=pygame.BLEND_RGBA_MULT)
        top = detail
        if colour is None:
            top = detail.copy()
            top.fill((120, 115, 110, 255), special_flags=pygame.BLEND_RGBA_MULT)
        img.blit(top, (0, 0))
        if colour == SHADOW:   # black, and see-through once here rather than per blit
            img.fill((0, 0, 0, SHADOW_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
        return self._keep(key, pygame.transform.smoothscale(img, size))

    def rotated(self, body: str, colour: Colour | None, size: tuple[int, int], facing: float) -> pygame.Surface | None:
        """The same, turned to `facing` (degrees clockwise from map-up), to the nearest half degree."""
        step = round(facing * 2) % 720
        key = ("rotated", body, colour, size, step)
        if key in self._scaled:
            return self._scaled[key]
        img = self.vehicle(body, colour, size)
        return self._keep(key, None if img is None else pygame.transform.rotate(img, -step / 2))

    def tile(self, kind: str, px: int) -> pygame.Surface | None:
        """The 1-inch terrain tile of `kind`, `px` pixels square."""
        key = ("tile", kind, px)
        if key in self._scaled:
            return self._scaled[key]
        img = self.image(f"terrain/{kind}.png")
        if img is None or px < 1:
            return self._keep(key, None)
        return self._keep(key, pygame.transform.smoothscale(img, (px, px)))

    def tile_block(self, kind: str, px: int, n: int = 8) -> pygame.Surface | None:
        """n x n tiles of `kind` in one surface (fewer blits to cover a big area)."""
        key = ("block", kind, px, n)
        if key in self._scaled:
            return self._scaled[key]
        tile = self.tile(kind, px)
        if tile is None:
            return self._keep(key, None)
        block = pygame.Surface((px * n, px * n))
        block.fblits([(tile, (x * px, y * px)) for y in range(n) for x in range(n)])
        return self._keep(key, block)

    def explosion(self, frame: int, px: int) -> pygame.Surface | None:
        """Frame `frame` (0 to EXPLOSION_FRAMES - 1) of the explosion, `px` pixels square."""
        key = ("explosion", frame, px)
        if key in self._scaled:
            return self._scaled[key]
        strip = self.image("effects/explosion.png")
        if strip is None or px < 2:
            return self._keep(key, None)
        s = strip.get_height()
        if strip.get_width() < s * EXPLOSION_FRAMES:
            return self._keep(key, None)
        f = max(0, min(EXPLOSION_FRAMES - 1, frame))
        return self._keep(key, pygame.transform.smoothscale(strip.subsurface((f * s, 0, s, s)), (px, px)))


def body_art(kind: str, body: str, reversed_trike: bool = False) -> str:
    """The art name of a vehicle: its body key (a reversed trike has its own), or its kind's stand-in."""
    name = body or KIND_BODY.get(kind, "mid_sized")
    return f"{name}-reversed" if kind == "trike" and reversed_trike else name


@lru_cache(maxsize=1)
def default_assets() -> Assets:
    """The shared assets of the client (one instance: every file is read once)."""
    return Assets()
