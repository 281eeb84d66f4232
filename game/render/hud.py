"""The HUD: the movement chart with the phase marker and who moves next, each vehicle's speed and
handling track, and the record-sheet panel (armor by side, tires, crew, weapons, fire)."""

from __future__ import annotations

import pygame

from game import theme
from game.render.sheet import draw_compact_sheet
from game.ui import panel, text
from rules.play.state import MOVE, SPEED, GameState, VehicleState
from rules.tables.movement import tables

ROW = 19


def chart_height(n: int) -> int:
    return 50 + ROW * (n + 1)


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, state: GameState, colours: dict[str, tuple[int, int, int]],
               actor: str | None) -> None:
    panel(surface, rect, f"Turn {state.turn}   phase {state.phase}   {state.step}")
    chart = tables().chart
    hs_min = tables().handling.hs_min
    x0, y = rect.x + 8, rect.y + 26
    cols = [x0, x0 + 66, x0 + 112]
    phase_x = [rect.x + 168 + i * 30 for i in range(5)]
    text(surface, "car", (cols[0], y), 15, theme.DIM)
    text(surface, "mph", (cols[1], y), 15, theme.DIM)
    text(surface, "HS/HC", (cols[2], y), 15, theme.DIM)
    for i, px in enumerate(phase_x):
        cur = i + 1 == state.phase
        if cur:
            pygame.draw.rect(surface, (80, 70, 30), pygame.Rect(px - 4, y - 2, 28, ROW * (len(state.vehicles) + 1) + 2))
        text(surface, f"{i + 1}", (px + 8, y), 15, theme.ACCENT if cur else theme.DIM)
    y += ROW
    nxt = state.movers[0] if state.step == MOVE and state.movers else None
    for v in state.vehicles:
        colour = colours.get(v.id, theme.TEXT)
        mark = ">" if v.id == actor else ""
        pygame.draw.rect(surface, colour, pygame.Rect(cols[0], y + 3, 8, 11))
        name_c = theme.DIM if v.out else (theme.ACCENT if v.id == actor else theme.TEXT)
        text(surface, f"{v.id}{'*' if mark else ''}"[:9], (cols[0] + 12, y), 16, name_c, bold=v.id == actor)
        text(surface, f"{v.signed_speed:g}", (cols[1], y), 16, theme.TEXT)
        hs_c = theme.GOOD if v.hs >= 1 else theme.WARN if v.hs >= -2 else theme.BAD
        text(surface, f"{v.hs:+d}/{v.hc}", (cols[2], y), 16, hs_c)
        _track(surface, pygame.Rect(cols[2], y + 14, 50, 3), v.hs, v.hc, hs_min)
        try:
            phases = chart.row(v.speed).phases
        except Exception:  # noqa: BLE001 - off the chart: show nothing rather than fail
            phases = (0, 0, 0, 0, 0)
        for i, px in enumerate(phase_x):
            inches = phases[i]
            if inches:
                text(surface, f"{inches:g}", (px + 2, y), 16, theme.TEXT if i + 1 == state.phase else theme.DIM)
        y += ROW
    order = ", ".join(state.movers) if state.step == MOVE else ", ".join(
        v.id for v in state.vehicles if v.id not in state.declared and not v.out and not v.towed_by) \
        if state.step == SPEED else ""
    who = f"next: {nxt}" if nxt else ("speed changes: " + order if state.step == SPEED else "")
    text(surface, who[:48], (x0, y + 2), 15, theme.DIM)


def _track(surface: pygame.Surface, r: pygame.Rect, hs: int, hc: int, lo: int) -> None:
    """The handling track as a bar from the bottom box to HC, filled to the current status."""
    span = max(1, hc - lo)
    k = max(0.0, min(1.0, (hs - lo) / span))
    pygame.draw.rect(surface, (60, 60, 64), r)
    colour = theme.GOOD if hs >= 1 else theme.WARN if hs >= -2 else theme.BAD
    pygame.draw.rect(surface, colour, pygame.Rect(r.x, r.y, int(r.width * k), r.height))


SHEET_HEIGHT = 176


def draw_sheet(surface: pygame.Surface, rect: pygame.Rect, v: VehicleState | None, owner: str,
               colour: tuple[int, int, int] | None = None) -> None:
    """The record-sheet panel of one vehicle: its outline with armor and tires, crew, plant, weapons and
    what is wrong (game.render.sheet)."""
    if v is None:
        panel(surface, rect, "Record sheet")
        return
    panel(surface, rect, f"{v.id}  ·  {owner}")
    draw_compact_sheet(surface, rect, v, owner, colour)
