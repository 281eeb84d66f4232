"""Game over: who won and why (the rules' outcome), each vehicle's damage and what knocked it out
(game.endings, from the history's events), and the ways on: a look at the final board, the whole log,
a new game, the title."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import theme
from game.endings import Knockout, knockouts, shooting
from game.input.bindings import Intent, intent_of
from game.render.sheet import damage_summary, draw_outline, status_lines
from game.scenes.base import Scene
from game.scenes.log_view import LogScene
from game.session import Session
from game.ui import Menu, text, wrap
from rules.engine import wording
from rules.play.state import VehicleState

CARD_H = 196
BUTTON_W = 196


class GameOverScene(Scene):
    def __init__(self, app: object, session: Session) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.session = session
        self.knocked: dict[str, Knockout] = knockouts(session.game)
        self.shots = shooting(session.log)
        items: list[tuple[str, Callable[[], None]]] = [
            ("Look at the board", self.board), ("Log", self.log), ("New game", self.new_game),
            ("Title", self.title), ("Quit", self.quit)]
        self.menu = Menu(items, width=BUTTON_W)
        if self.app.flow.in_playtest():  # a playtest: offer the way back to the map editor
            self.menu.items.insert(0, ("Back to editor", self.editor))

    # --- the ways on ------------------------------------------------------------------------------

    def board(self) -> None:
        """The final board under a banner; the game-over screen comes back on Esc or Enter."""
        i = self.app.stack.index(self) if self in self.app.stack else -1
        below = self.app.stack[i - 1] if i > 0 else None
        if below is None:
            return
        self.app.replace(BoardLookScene(self.app, below, self))

    def log(self) -> None:
        self.app.push(LogScene(self.app, self.session.log, "The game's log"))

    def new_game(self) -> None:
        self.app.flow.title()
        self.app.flow.new_game()

    def editor(self) -> None:
        self.app.flow.back_to_editor()

    def title(self) -> None:
        self.app.flow.title()

    def quit(self) -> None:
        self.app.running = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        intent = intent_of(event)
        n = len(self.menu.items)
        if intent is Intent.LEFT:
            self.menu.index = (self.menu.index - 1) % n
            return True
        if intent is Intent.RIGHT:
            self.menu.index = (self.menu.index + 1) % n
            return True
        if intent is Intent.CANCEL:
            self.board()
            return True
        return self.menu.handle_event(event)

    # --- drawing ---------------------------------------------------------------------------------

    def _layout_menu(self, w: int, h: int) -> None:
        n = len(self.menu.items)
        width = min(BUTTON_W, (w - 40) // n - 10)
        self.menu.width = width
        x0 = (w - n * (width + 10) + 10) // 2
        self.menu.rects = [pygame.Rect(x0 + i * (width + 10), h - 80, width, 46) for i in range(n)]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        out = self.session.outcome()
        st = self.session.state
        text(surface, "Game over", (w // 2, 14), 56, theme.ACCENT, bold=True, anchor="midtop")
        if out is not None:
            if len(out.winners) == 1:
                head = f"{out.winners[0]} {wording.verb(out.winners[0], 'wins', 'win')}"
            elif out.winners and out.one_side:   # a scenario's side of several owners (hold the bridge's raiders)
                head = ", ".join(out.winners[:-1]) + f" and {out.winners[-1]} win"
            elif out.winners:   # several owners still driving when the game stopped: nobody beat the others
                names = ", ".join(out.winners[:-1]) + f" and {out.winners[-1]}"
                head = f"A draw: {names} are still driving"
            else:
                head = "Nobody wins"
            text(surface, head, (w // 2, 64), 38, theme.TEXT, bold=True, anchor="midtop")
            for k, ln in enumerate(wrap(out.reason, 20, w - 200)[:2]):
                text(surface, ln, (w // 2, 102 + k * 20), 20, theme.DIM, anchor="midtop")
        turns = f"after {st.turn} turn{'s' if st.turn != 1 else ''} · {self.session.title}"
        text(surface, turns, (w // 2, 146), 18, theme.DIM, anchor="midtop")
        winners = set(out.winners) if out is not None and (len(out.winners) == 1 or out.one_side) else set()
        cols = 2 if len(st.vehicles) <= 4 else 4
        card_w = (w - 40 - (cols - 1) * 12) // cols
        rows = max(1, -(-len(st.vehicles) // cols))
        card_h = max(CARD_H, min(280, (h - 262) // rows - 10))
        for i, v in enumerate(st.vehicles):
            r = pygame.Rect(20 + (i % cols) * (card_w + 12), 172 + (i // cols) * (card_h + 10), card_w, card_h)
            if r.bottom > h - 90:
                text(surface, f"... and {len(st.vehicles) - i} more (see the record sheets)", (r.x, r.y), 18, theme.DIM)
                break
            self._card(surface, r, v, v.owner in winners and not v.out)
        self._layout_menu(w, h)
        self.menu.draw(surface)
        text(surface, "Left/Right and Enter, or click · Esc: look at the board", (w // 2, h - 8), 16, theme.DIM,
             anchor="midbottom")

    def _on_foot(self, v: VehicleState) -> list[str]:
        """How the men who left this vehicle ended (issue 18): each with his state and the shots he has left."""
        out = []
        for p in self.session.state.people:
            if p.from_vehicle == v.id:
                kit = f", {p.shots} shots left" if p.weapon else ""
                out.append(f"{p.name} on foot: {p.state}{kit}")
        return out

    def _card(self, surface: pygame.Surface, r: pygame.Rect, v: VehicleState, won: bool) -> None:
        seat = self.session.seat(v.id)
        colour = theme.owner_colour(seat.colour)
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if won else theme.PANEL_EDGE, r, 2 if won else 1, border_radius=6)
        draw_outline(surface, pygame.Rect(r.x + 4, r.y + 30, 120, r.height - 34), v, colour, compact=True)
        x = r.x + 132
        name = text(surface, f"{v.id} · {seat.owner}", (r.x + 10, r.y + 6), 22, theme.TEXT, bold=True)
        text(surface, v.spec.name, (name.right + 10, r.y + 9), 18, theme.DIM)
        y = r.y + 32
        if v.out:
            ko = self.knocked.get(v.id)
            when = f" in turn {ko.turn}, phase {ko.phase}" if ko else ""
            fate = status_lines(v)[0][0].removeprefix("OUT: ")
            text(surface, f"OUT{when}: {fate}", (x, y), 20, theme.BAD, bold=True)
            y += 22
            if ko and ko.cause:
                for ln in wrap(f"knocked out by: {ko.cause}", 18, r.right - x - 10)[:2]:
                    text(surface, ln, (x, y), 18, theme.WARN)
                    y += 19
        else:
            words = "WINNER, " if won else ""
            text(surface, f"{words}still driving at {v.signed_speed:g} mph", (x, y), 20,
                 theme.GOOD if won else theme.TEXT, bold=won)
            y += 22
        fired, hits = self.shots.get(v.id, (0, 0))
        if fired:
            text(surface, f"{fired} shot{'s' if fired != 1 else ''} rolled, {hits} hit{'s' if hits != 1 else ''}",
                 (x, y), 17, theme.ACCENT)
            y += 19
        y += 4
        lines = self._on_foot(v) + (damage_summary(v) or ["no damage"])
        for line in lines:
            for ln in wrap(line, 17, r.right - x - 10):
                if y > r.bottom - 18:
                    text(surface, "...", (x, y - 2), 17, theme.DIM)
                    return
                text(surface, ln, (x, y), 17, theme.DIM if line == "no damage" else theme.TEXT)
                y += 18


class BoardLookScene(Scene):
    """The final board, drawn by the battle scene under a banner: pan, zoom, the log and the record
    sheets work as in play, and no click reaches the battle's controls (the game is over); Esc or Enter
    goes back to the results."""

    opaque = False
    PASS = (Intent.PAN_LEFT, Intent.PAN_RIGHT, Intent.PAN_UP, Intent.PAN_DOWN, Intent.ZOOM_IN, Intent.ZOOM_OUT,
            Intent.LOG_UP, Intent.LOG_DOWN, Intent.SHEET, Intent.FOLLOW)

    def __init__(self, app: object, board: Scene, over: GameOverScene) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.board = board
        self.over = over
        self.back_rect = pygame.Rect(0, 0, 0, 0)

    def back(self) -> None:
        self.app.replace(self.over)

    def handle_event(self, event: pygame.event.Event) -> bool:
        intent = intent_of(event)
        if intent in (Intent.CANCEL, Intent.CONFIRM):
            self.back()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.back_rect.collidepoint(event.pos):
            self.back()
            return True
        if event.type == pygame.MOUSEMOTION and event.buttons[0]:   # drag: pan the battle's camera itself,
            cam = getattr(self.board, "cam", None)                    # so no click reaches its controls
            if cam is not None:
                cam.pan_pixels(*event.rel)
            return True
        if intent in self.PASS or event.type == pygame.MOUSEWHEEL:   # zoom, pan, log, sheets: nothing that plays
            return self.board.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        w, _h = surface.get_size()
        band = pygame.Rect(0, 0, w, 30)
        pygame.draw.rect(surface, (60, 50, 20), band)
        text(surface, "The final board · wheel/+/-: zoom · drag, WASD: pan · R: record sheets · PgUp/PgDn: log",
             (10, 7), 18, theme.TEXT)
        self.back_rect = pygame.Rect(w - 230, 2, 220, 26)
        pygame.draw.rect(surface, theme.PANEL, self.back_rect, border_radius=4)
        pygame.draw.rect(surface, theme.ACCENT, self.back_rect, 1, border_radius=4)
        text(surface, "Back to the results (Esc)", self.back_rect.center, 18, theme.ACCENT, anchor="center")
