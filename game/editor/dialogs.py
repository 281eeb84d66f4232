"""The editor's dialogs, drawn over it: type a name, confirm, pick a file. Each calls back and closes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import theme
from game.scenes.base import Scene
from game.ui import Button, click_buttons, draw_buttons, text

W, H = 560, 200


class Dialog(Scene):
    opaque = False

    def __init__(self, app: Any, title: str) -> None:
        super().__init__(app)
        self.title = title
        self.buttons: list[Button] = []
        self.box = pygame.Rect(0, 0, W, H)

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def button(self, name: str) -> Button:
        return next(b for b in self.buttons if b.name == name)

    def layout(self, size: tuple[int, int]) -> None:
        self.box.center = (size[0] // 2, size[1] // 2)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(self.box.right - (len(self.buttons) - i) * 140, self.box.bottom - 52, 128, 38)

    def draw(self, surface: pygame.Surface) -> None:
        self.layout(surface.get_size())
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.box, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, self.box, 2, border_radius=8)
        text(surface, self.title, (self.box.x + 20, self.box.y + 16), 26, theme.ACCENT, bold=True)
        self.draw_body(surface)
        draw_buttons(surface, self.buttons)

    def draw_body(self, surface: pygame.Surface) -> None:
        pass


class PromptDialog(Dialog):
    """A line of text: Enter or OK gives it to `on_ok`, Esc or Cancel closes."""

    def __init__(self, app: Any, title: str, initial: str, on_ok: Callable[[str], None],
                 hint: Callable[[str], str] | None = None) -> None:
        super().__init__(app, title)
        self.value = initial
        self.on_ok = on_ok
        self.hint = hint
        self.buttons = [Button(pygame.Rect(0, 0, 1, 1), "OK", self.ok, name="ok"),
                        Button(pygame.Rect(0, 0, 1, 1), "Cancel", self.close, name="cancel")]
        self.layout(app.size)

    def ok(self) -> None:
        self.close()
        self.on_ok(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            if event.text.isprintable() and len(self.value) < 60:
                self.value += event.text
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.ok()
            elif event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
            return True
        click_buttons(self.buttons, event)
        return True

    def draw_body(self, surface: pygame.Surface) -> None:
        field = pygame.Rect(self.box.x + 20, self.box.y + 60, self.box.width - 40, 36)
        pygame.draw.rect(surface, (24, 26, 32), field, border_radius=4)
        pygame.draw.rect(surface, theme.ACCENT, field, 1, border_radius=4)
        r = text(surface, self.value, (field.x + 8, field.y + 8), 24, theme.TEXT)
        pygame.draw.line(surface, theme.ACCENT, (r.right + 2, field.y + 6), (r.right + 2, field.bottom - 6), 2)
        if self.hint:
            text(surface, self.hint(self.value), (field.x, field.bottom + 8), 18, theme.DIM)


class ConfirmDialog(Dialog):
    """A yes-or-no question: Y or Enter says yes, N or Esc says no."""

    def __init__(self, app: Any, title: str, question: str, yes: str, on_yes: Callable[[], None],
                 on_no: Callable[[], None] | None = None) -> None:
        super().__init__(app, title)
        self.question = question
        self.on_yes = on_yes
        self.on_no = on_no
        self.buttons = [Button(pygame.Rect(0, 0, 1, 1), yes, self.yes, name="yes"),
                        Button(pygame.Rect(0, 0, 1, 1), "Cancel", self.no, name="no")]
        self.layout(app.size)

    def yes(self) -> None:
        self.close()
        self.on_yes()

    def no(self) -> None:
        self.close()
        if self.on_no:
            self.on_no()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self.yes()
            elif event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.no()
            return True
        click_buttons(self.buttons, event)
        return True

    def draw_body(self, surface: pygame.Surface) -> None:
        from game.ui import wrap

        for i, line in enumerate(wrap(self.question, 22, self.box.width - 40)[:3]):
            text(surface, line, (self.box.x + 20, self.box.y + 62 + i * 24), 22, theme.TEXT)


class PickDialog(Dialog):
    """A list to choose from (the maps to open): Up/Down and Enter, or click a row."""

    ROW = 30

    def __init__(self, app: Any, title: str, items: list[tuple[str, Any]], on_pick: Callable[[Any], object]) -> None:
        super().__init__(app, title)
        self.items = items
        self.on_pick = on_pick
        self.index = 0
        self.top = 0
        self.rows: list[pygame.Rect] = []
        self.buttons = [Button(pygame.Rect(0, 0, 1, 1), "Open", self.pick, name="open", enabled=bool(items)),
                        Button(pygame.Rect(0, 0, 1, 1), "Cancel", self.close, name="cancel")]
        self.box = pygame.Rect(0, 0, W, 120 + self.ROW * min(12, max(1, len(items))))
        self.layout(app.size)

    def pick(self, index: int | None = None) -> None:
        if not self.items:
            return
        i = self.index if index is None else index
        self.close()
        self.on_pick(self.items[i][1])

    def handle_event(self, event: pygame.event.Event) -> bool:
        n = len(self.items)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.pick()
            elif event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key == pygame.K_UP and n:
                self.index = (self.index - 1) % n
            elif event.key == pygame.K_DOWN and n:
                self.index = (self.index + 1) % n
            return True
        if event.type == pygame.MOUSEWHEEL and n:
            self.index = max(0, min(n - 1, self.index - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self.pick(self.top + i)
                    return True
        click_buttons(self.buttons, event)
        return True

    def draw_body(self, surface: pygame.Surface) -> None:
        per = 12
        self.top = max(0, min(self.index - per // 2, len(self.items) - per))
        self.rows = []
        if not self.items:
            text(surface, "(no maps yet)", (self.box.x + 20, self.box.y + 62), 22, theme.DIM)
        for k, (label, _) in enumerate(self.items[self.top:self.top + per]):
            r = pygame.Rect(self.box.x + 16, self.box.y + 56 + k * self.ROW, self.box.width - 32, self.ROW - 4)
            if self.top + k == self.index:
                pygame.draw.rect(surface, (70, 80, 104), r, border_radius=4)
            text(surface, label[:60], (r.x + 8, r.y + 4), 22, theme.TEXT)
            self.rows.append(r)
