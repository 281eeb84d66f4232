"""What every part of the battle screen answers: events, time and drawing (draw never changes state).

A decision panel (speed, turning key, fire) is shown while a player of that step has to choose; it
draws on the board and in the controls box, and says in one hint line what its keys do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import theme
from game.input.bindings import Intent
from game.ui import Button, text

if TYPE_CHECKING:
    from game.battle.scene import BattleScene


class Panel:
    def __init__(self, battle: BattleScene) -> None:
        self.b = battle

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class DecisionPanel(Panel):
    step = ""
    title = ""

    def __init__(self, battle: BattleScene) -> None:
        super().__init__(battle)
        self.vid: str | None = None
        self.buttons: list[Button] = []

    def sync(self, vid: str) -> None:
        """A new decision for `vid` (the state changed or another vehicle is to act)."""
        self.vid = vid

    def handle_intent(self, intent: Intent) -> bool:
        return False

    @staticmethod
    def list_step(intent: Intent, *, rising: bool = False) -> int:
        """How far an arrow, Tab or Shift+Tab moves through the panel's list: +1, -1 or 0. Left/Right and
        Tab always step forward/back; Up/Down follow the list as drawn, or its values where they `rise`
        (Up is faster on the speed list)."""
        if intent in (Intent.RIGHT, Intent.NEXT):
            return 1
        if intent in (Intent.LEFT, Intent.PREV):
            return -1
        if intent in (Intent.UP, Intent.DOWN):
            return 1 if (intent is Intent.UP) == rising else -1
        return 0

    def hint(self) -> str:
        return ""

    def layout_buttons(self, rect: pygame.Rect) -> list[Button]:
        return []

    def draw_board(self, surface: pygame.Surface) -> None:
        pass

    def draw_controls(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, theme.PANEL, rect)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)
        text(surface, self.title, (rect.x + 8, rect.y + 5), 18, theme.ACCENT, bold=True)
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        for btn in self.buttons:
            btn.draw(surface, btn.rect.collidepoint(mouse))


def grid_button(rect: pygame.Rect, col: int, row: int, label: str, fn: object, name: str, *, active: bool = False,
                span: int = 1, top: int = 28, enabled: bool = True) -> Button:
    """A button in a three-column grid inside the controls box."""
    w3 = (rect.width - 24) // 3
    r = pygame.Rect(rect.x + 8 + col * (w3 + 4), rect.y + top + row * 30, w3 * span + 4 * (span - 1), 26)
    return Button(r, label, fn, active=active, name=name, enabled=enabled)  # type: ignore[arg-type]


def card(surface: pygame.Surface, rect: pygame.Rect, lines: list[tuple[str, int, tuple[int, int, int], bool]],
         alpha: int = 205) -> None:
    """A dark translucent card on the board with lines of (text, size, colour, bold)."""
    bg = pygame.Surface(rect.size, pygame.SRCALPHA)
    bg.fill((10, 12, 16, alpha))
    surface.blit(bg, rect)
    y = rect.y + 5
    for s, size, colour, bold in lines:
        text(surface, s, (rect.x + 8, y), size, colour, bold=bold)
        y += size + 4
