"""The sidebar's read-only parts: the movement chart with the record sheet of the vehicle in focus,
and the log (the wheel over it scrolls it; PgUp/PgDn too). Both are drawn onto one cached surface,
redrawn only when what they show changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import theme
from game.battle.panel import Panel
from game.render.hud import draw_chart, draw_sheet
from game.render.log import draw_log
from game.render.people import draw_person_sheet

if TYPE_CHECKING:
    from game.battle.scene import BattleScene

LOG_STEP = 3      # lines per wheel notch
PAGE = 8          # lines per PgUp / PgDn


class SheetPanel(Panel):
    """The chart (every vehicle's speed and handling, who moves next) and the focus vehicle's sheet."""

    def draw_into(self, side: pygame.Surface, shift: tuple[int, int]) -> None:
        b, lay = self.b, self.b.layout
        colours = {v.id: theme.owner_colour(b.session.seat(v.id).colour) for v in b.state.vehicles}
        draw_chart(side, lay.chart.move(shift), b.state, colours, b.actor())
        if lay.sheet.height:
            focus = b.actor() or (b.state.vehicles[0].id if b.state.vehicles else None)
            if focus and any(p.id == focus for p in b.state.people):   # a person on foot: his own sheet
                draw_person_sheet(side, lay.sheet.move(shift), b.state, focus, b.session.seat(focus).owner)
                return
            draw_sheet(side, lay.sheet.move(shift), b.state.vehicle(focus) if focus else None,
                       b.session.seat(focus).owner if focus else "")


class LogPanel(Panel):
    def __init__(self, battle: BattleScene) -> None:
        super().__init__(battle)
        self.scroll = 0

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, self.scroll + lines)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.b.layout.log.collidepoint(self.b.mouse_pos(event)):
            self.scroll_by(LOG_STEP * event.y)   # wheel up: back in time
            return True
        return False

    def draw_into(self, side: pygame.Surface, shift: tuple[int, int]) -> None:
        draw_log(side, self.b.layout.log.move(shift), self.b.session.log, self.scroll)


class Sidebar:
    """The chart, sheet and log on one surface, cached by what they show."""

    def __init__(self, sheet: SheetPanel, log: LogPanel) -> None:
        self.sheet, self.log = sheet, log
        self._cache: tuple[tuple[object, ...], pygame.Surface] | None = None

    def draw(self, surface: pygame.Surface, battle: BattleScene) -> None:
        lay = battle.layout
        x = lay.sidebar_x
        key = (id(battle.state), len(battle.session.log), self.log.scroll, lay.size, battle.actor())
        if self._cache is None or self._cache[0] != key:
            side = pygame.Surface((lay.chart.width, lay.size[1]))
            side.fill(theme.BG)
            shift = (-x, 0)
            self.sheet.draw_into(side, shift)
            self.log.draw_into(side, shift)
            self._cache = (key, side)
        top = lay.chart.y
        surface.blit(self._cache[1], (x, top), pygame.Rect(0, top, lay.chart.width, lay.size[1] - top))
