"""Colours and fonts of the client (the art itself is in assets/, drawn by assets/make_assets.py)."""

from __future__ import annotations

import pygame

OWNER_COLOURS: dict[str, tuple[int, int, int]] = {
    "red": (214, 52, 52), "blue": (52, 104, 224), "green": (46, 170, 80), "yellow": (232, 196, 40),
    "orange": (236, 128, 32), "purple": (150, 70, 200), "cyan": (40, 190, 200), "white": (230, 230, 230),
}
COLOUR_NAMES = tuple(OWNER_COLOURS)

BG = (24, 26, 30)
PANEL = (36, 39, 46)
PANEL_EDGE = (70, 76, 88)
TEXT = (226, 228, 232)
DIM = (150, 156, 168)
ACCENT = (250, 200, 70)
GOOD = (90, 200, 110)
WARN = (240, 170, 60)
BAD = (230, 70, 60)
GHOST = (240, 240, 255)
HIT = (255, 40, 40)

TERRAIN: dict[str, tuple[int, int, int]] = {
    "road": (74, 76, 80), "shoulder": (96, 94, 88), "sidewalk": (140, 138, 132), "grass": (64, 110, 56),
    "field": (110, 120, 60), "desert": (196, 170, 116), "park": (70, 124, 64), "gully": (120, 96, 70),
    "water": (50, 90, 150), "ditch": (92, 74, 56), "rough": (110, 94, 70), "cliff": (60, 52, 48),
    "gravel": (130, 124, 112), "mud": (100, 80, 54),
}
CONDITION_TINT: dict[str, tuple[int, int, int]] = {
    "oil": (20, 20, 26), "ice": (190, 220, 240), "wet": (60, 70, 96), "snow": (230, 234, 240),
    "gravel": (128, 120, 104),
}


def owner_colour(name: str, index: int = 0) -> tuple[int, int, int]:
    if name in OWNER_COLOURS:
        return OWNER_COLOURS[name]
    return OWNER_COLOURS[COLOUR_NAMES[index % len(COLOUR_NAMES)]]


_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}
# pygame's built-in font is drawn at about 0.69 of the size asked; DejaVu Sans at this share of it
# sets the same widths, so layouts made for the built-in font still fit.
FONT_SCALE = 0.65


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font (DejaVu Sans from assets/fonts, a free licence: assets/README.md), cached by size;
    pygame's built-in font if the file is missing or unreadable."""
    key = (size, bold)
    f = _FONTS.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = _font_file(size, bold)
        if f is None:
            f = pygame.font.Font(None, size)
            f.set_bold(bold)
        _FONTS[key] = f
    return f


def _font_file(size: int, bold: bool) -> pygame.font.Font | None:
    from game.assets import default_assets

    path = default_assets().font_path(bold)
    if path is None:
        return None
    try:
        return pygame.font.Font(str(path), max(6, round(size * FONT_SCALE)))
    except (pygame.error, OSError):
        return None
