"""The scrollable log: every event in plain words; dice show their faces, the table used and the rule line."""

from __future__ import annotations

import pygame

from game import theme
from game.ui import panel, text, wrap
from rules.core.events import DiceRolled, Event

KIND_COLOUR = {"dice": (250, 220, 120), "control": (150, 210, 250), "crash": (255, 140, 90), "damage": (255, 110, 100),
               "turn": theme.ACCENT, "phase": (180, 180, 200), "moved": (170, 176, 186), "speed": (160, 230, 170),
               "collision": (255, 90, 80), "kill": (255, 255, 255), "hazard": (255, 180, 110), "tire": (240, 200, 120),
               "fire": (255, 230, 150), "hit": (255, 110, 100), "foe": (200, 170, 255)}
SIZE = 16
LINE = 16


def event_lines(e: Event, width: int) -> list[tuple[str, tuple[int, int, int]]]:
    who = f"{e.vehicle}: " if e.vehicle else ""
    body = e.text
    if isinstance(e, DiceRolled) and e.faces and "[" not in body:
        body += f"  dice {list(e.faces)}"
    rule = f"  [{e.rule}]" if e.rule else ""
    colour = KIND_COLOUR.get(e.kind, theme.TEXT)
    return [(ln, colour) for ln in wrap(who + body + rule, SIZE, width)]


def draw_log(surface: pygame.Surface, rect: pygame.Rect, events: list[Event], scroll: int) -> int:
    """Draw the newest lines at the bottom, `scroll` lines back from the end; returns the line count."""
    panel(surface, rect, "Log  (PgUp/PgDn, wheel)")
    inner = rect.inflate(-12, -30)
    inner.top = rect.top + 26
    lines: list[tuple[str, tuple[int, int, int]]] = []
    for e in events[-400:]:
        lines.extend(event_lines(e, inner.width))
    rows = max(1, inner.height // LINE)
    scroll = max(0, min(scroll, max(0, len(lines) - rows)))
    shown = lines[max(0, len(lines) - rows - scroll): len(lines) - scroll]
    clip = surface.get_clip()
    surface.set_clip(inner)
    for i, (ln, colour) in enumerate(shown):
        text(surface, ln, (inner.x, inner.y + i * LINE), SIZE, colour)
    surface.set_clip(clip)
    return len(lines)
