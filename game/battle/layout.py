"""Where each part of the battle screen goes, for any window size: the board on the left, a sidebar
(chart, controls, record sheet, log) on the right, a bar along the top."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render.hud import SHEET_HEIGHT, chart_height

TOPBAR = 30
SIDEBAR_MIN, SIDEBAR_MAX = 340, 440    # the chart's columns need 340 px
CONTROLS_HEIGHT = 230
LOG_MIN = 90


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    board: pygame.Rect
    chart: pygame.Rect
    controls: pygame.Rect
    sheet: pygame.Rect          # zero height when the window is too short for it (R shows the sheets)
    log: pygame.Rect
    topbar: pygame.Rect

    @property
    def sidebar_x(self) -> int:
        return self.chart.x


def layout(size: tuple[int, int], vehicles: int) -> Layout:
    w, h = size
    side = max(SIDEBAR_MIN, min(SIDEBAR_MAX, int(w * 0.28)))
    x = w - side
    board = pygame.Rect(0, TOPBAR, max(200, x), max(200, h - TOPBAR))
    chart = pygame.Rect(x, TOPBAR, side, chart_height(vehicles))
    controls = pygame.Rect(x, chart.bottom, side, CONTROLS_HEIGHT)
    room = h - controls.bottom
    sheet_h = SHEET_HEIGHT if room >= SHEET_HEIGHT + LOG_MIN else 0
    sheet = pygame.Rect(x, controls.bottom, side, sheet_h)
    log = pygame.Rect(x, sheet.bottom, side, max(LOG_MIN, h - sheet.bottom))
    return Layout((w, h), board, chart, controls, sheet, log, pygame.Rect(0, 0, w, TOPBAR))
