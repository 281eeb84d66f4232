"""Small widgets shared by the scenes: buttons and keyboard-and-mouse menus."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game import theme
from game.input.bindings import Intent, intent_of


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    enabled: bool = True
    active: bool = False    # shown pressed (a toggle that is on, the chosen value)
    name: str = ""          # for tests: find a button by name

    def draw(self, surface: pygame.Surface, hover: bool = False) -> None:
        bg: tuple[int, ...] = (70, 80, 100) if self.active else (52, 57, 68)
        if hover and self.enabled:
            bg = tuple(min(255, c + 25) for c in bg)
        pygame.draw.rect(surface, bg, self.rect, border_radius=4)
        pygame.draw.rect(surface, theme.ACCENT if self.active else theme.PANEL_EDGE, self.rect, 1, border_radius=4)
        colour = theme.TEXT if self.enabled else (100, 104, 112)
        text = rendered(self.label, 18, colour)
        surface.blit(text, text.get_rect(center=self.rect.center))

    def click(self, pos: tuple[int, int]) -> bool:
        if self.enabled and self.rect.collidepoint(pos):
            self.action()
            return True
        return False


def click_buttons(buttons: list[Button], event: pygame.event.Event) -> bool:
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        for b in buttons:
            if b.click(event.pos):
                return True
    return False


def draw_buttons(surface: pygame.Surface, buttons: list[Button]) -> None:
    mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
    for b in buttons:
        b.draw(surface, b.rect.collidepoint(mouse))


@dataclass
class Menu:
    """A vertical menu: Up/Down and Enter, or hover and click."""

    items: list[tuple[str, Callable[[], None]]]
    index: int = 0
    rects: list[pygame.Rect] = field(default_factory=list)
    width: int = 360
    row: int = 44

    def layout(self, centre_x: int, top: int) -> None:
        self.rects = [pygame.Rect(centre_x - self.width // 2, top + i * (self.row + 8), self.width, self.row)
                      for i in range(len(self.items))]

    def handle_event(self, event: pygame.event.Event) -> bool:
        intent = intent_of(event)
        if intent in (Intent.UP, Intent.PREV):
            self.index = (self.index - 1) % len(self.items)
            return True
        if intent in (Intent.DOWN, Intent.NEXT):
            self.index = (self.index + 1) % len(self.items)
            return True
        if intent in (Intent.CONFIRM, Intent.STRAIGHT):
            self.items[self.index][1]()
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.index = i
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rects):
                if r.collidepoint(event.pos):
                    self.index = i
                    self.items[i][1]()
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for i, ((label, _), r) in enumerate(zip(self.items, self.rects, strict=False)):
            sel = i == self.index
            pygame.draw.rect(surface, (70, 80, 104) if sel else theme.PANEL, r, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT if sel else theme.PANEL_EDGE, r, 2, border_radius=6)
            text = rendered(label, 28, theme.TEXT)
            surface.blit(text, text.get_rect(center=r.center))


_TEXT_CACHE: dict[tuple[str, int, tuple[int, int, int], bool], pygame.Surface] = {}
TEXT_CACHE_MAX = 3000


MAX_DRAWN = 300  # characters of one line: wider than any screen, small enough for the font renderer
_UNDRAWABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]")


def drawable(s: object, limit: int = MAX_DRAWN) -> str:
    """Any value as one line the font renderer takes: control, direction-override and lone surrogate
    characters shown as "?", and clipped to `limit` characters (a 10 MB name must not reach SDL)."""
    t = s if isinstance(s, str) else str(s)
    if len(t) > limit:
        t = t[:limit - 1] + "…"
    return _UNDRAWABLE.sub("?", t)


def rendered(s: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """A rendered line of text, memoised (font rendering is most of a HUD's cost). Any string is drawn
    (clipped and cleaned by `drawable`); one the renderer still refuses is drawn as "?"."""
    s = drawable(s)
    key = (s, size, tuple(colour), bold)
    img = _TEXT_CACHE.get(key)  # type: ignore[arg-type]
    if img is None:
        if len(_TEXT_CACHE) >= TEXT_CACHE_MAX:
            _TEXT_CACHE.clear()
        try:
            img = theme.font(size, bold).render(s, True, colour)
        except (pygame.error, ValueError, UnicodeError):
            img = theme.font(size, bold).render("?", True, colour)
        _TEXT_CACHE[key] = img  # type: ignore[index]
    return img


def text(surface: pygame.Surface, s: str, pos: tuple[float, float], size: int = 18,
         colour: tuple[int, int, int] = theme.TEXT, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    img = rendered(s, size, colour, bold)
    r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, r)
    return r


def panel(surface: pygame.Surface, rect: pygame.Rect, title: str = "") -> None:
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)
    if title:
        text(surface, title, (rect.x + 8, rect.y + 5), 18, theme.ACCENT, bold=True)


_WRAP_CACHE: dict[tuple[str, int, int], list[str]] = {}


def wrap(s: str, size: int, width: int) -> list[str]:
    key = (s, size, width)
    got = _WRAP_CACHE.get(key)
    if got is None:
        if len(_WRAP_CACHE) > TEXT_CACHE_MAX:
            _WRAP_CACHE.clear()
        got = _WRAP_CACHE[key] = _wrap(s, size, width)
    return got


def _wrap(s: str, size: int, width: int) -> list[str]:
    f = theme.font(size)
    words, lines, cur = drawable(s, MAX_DRAWN * 20).split(), [], ""
    for w in words:
        trial = f"{cur} {w}".strip()
        if f.size(trial)[0] <= width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines or [""]
