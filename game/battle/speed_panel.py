"""The speed change: a strip of the legal speeds on the board, what the highlighted one would cost
(game.speed.preview_speed, from the rules), and the two one-input answers: keep this speed for the
turn (Space) and hold course for the turn (H)."""

from __future__ import annotations

import pygame

from game import theme
from game.battle.panel import DecisionPanel, card, grid_button
from game.input.bindings import Intent
from game.speed import SpeedPreview, preview_speed
from game.ui import Button, text
from rules.play.actions import Boost, SetSpeed
from rules.play.boosters import burn_mph, is_jet, jet_aloft, jet_climb
from rules.play.state import SPEED


class SpeedPanel(DecisionPanel):
    step = SPEED
    title = "Speed change"

    def __init__(self, battle: object) -> None:
        super().__init__(battle)  # type: ignore[arg-type]
        self.options: list[float] = []
        self.index = 0
        self.info: SpeedPreview | None = None

    def sync(self, vid: str) -> None:
        super().sync(vid)
        st = self.b.state
        self.options = [a.mph for a in self.b.session.legal(vid) if isinstance(a, SetSpeed)]
        cur = st.vehicle(vid).signed_speed
        self.index = self.options.index(cur) if cur in self.options else 0
        self._preview()

    def _preview(self) -> None:
        self.info = preview_speed(self.b.state, self.vid, self.options[self.index]) if self.options and self.vid else None

    @property
    def current(self) -> float:
        return self.b.state.vehicle(self.vid).signed_speed if self.vid else 0.0

    def set_index(self, i: int) -> None:
        if self.options:
            self.index = max(0, min(len(self.options) - 1, i))
            self._preview()

    # --- answers -----------------------------------------------------------------------------------

    def commit(self) -> None:
        """Enter: the highlighted speed, for this phase (the engine asks again next phase if unchanged)."""
        if self.vid and self.options:
            if self.boosts():   # declined: a ready booster alone does not bring the question back this turn
                self.b.orders.decline_boost(self.vid, self.b.state.turn)
            self.b.commit(SetSpeed(self.vid, self.options[self.index]))

    def keep_for_turn(self) -> None:
        """Space: keep the speed; no speed question again this turn."""
        if self.vid and self.current in self.options:
            self.b.orders.set_keep(self.vid, self.b.state.turn)
            self.b.commit(SetSpeed(self.vid, self.current))

    def cancel(self) -> bool:
        if self.options and self.current in self.options and self.options[self.index] != self.current:
            self.set_index(self.options.index(self.current))
            return True
        return False

    def boosts(self) -> list[Boost]:
        """The rocket boosters the rules let this vehicle fire now (000:L2649-L2657)."""
        return [a for a in self.b.session.legal(self.vid) if isinstance(a, Boost)] if self.vid else []

    def boost(self) -> None:
        """B: fire the first booster offered; the speed question stays open for the new speed."""
        offered = self.boosts()
        if offered:
            self.b.commit(offered[0])

    def handle_intent(self, intent: Intent) -> bool:
        step = self.list_step(intent, rising=True)
        if step:
            self.set_index(self.index + step)
            return True
        if intent is Intent.CONFIRM:
            self.commit()
            return True
        if intent is Intent.STRAIGHT:
            self.keep_for_turn()
            return True
        if intent in (Intent.CANCEL, Intent.UNDO):
            return self.cancel()
        return False

    def hint(self) -> str:
        return (f"Up/Down: choose · Enter: commit {self._chosen_text()} · Space: keep {self.current:g} mph "
                "this turn · H: hold course this turn"
                + (" · Shift+H: all your vehicles" if self.vid and len(self.b.own_vehicles(self.vid)) > 1 else "")
                + (" · B: fire a rocket booster or jump jet (passed by, not asked again this turn)" if self.boosts() else ""))

    def _chosen_text(self) -> str:
        return f"{self.options[self.index]:g} mph" if self.options else "the speed"

    # --- mouse -------------------------------------------------------------------------------------

    def strip(self) -> list[pygame.Rect]:
        """The speed buttons, in a strip along the bottom of the board."""
        n = len(self.options)
        if not n:
            return []
        cam = self.b.cam
        w = min(64, max(40, (cam.view_w - 20) // n))
        x0 = cam.view_x + (cam.view_w - w * n) // 2
        y = cam.view_y + cam.view_h - 84
        return [pygame.Rect(x0 + i * w, y, w - 4, 30) for i in range(n)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_b and not event.mod & pygame.KMOD_CTRL and self.boosts():
            self.boost()
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for i, r in enumerate(self.strip()):
            if r.collidepoint(event.pos):
                if i == self.index:
                    self.commit()
                else:
                    self.set_index(i)
                return True
        return False

    def layout_buttons(self, rect: pygame.Rect) -> list[Button]:
        b = self.b
        self.buttons = [
            grid_button(rect, 0, 0, "slower -", lambda: self.set_index(self.index - 1), "slower"),
            grid_button(rect, 1, 0, "Commit", self.commit, "commit"),
            grid_button(rect, 2, 0, "faster +", lambda: self.set_index(self.index + 1), "faster"),
            grid_button(rect, 0, 1, f"Keep {self.current:g} mph this turn", self.keep_for_turn, "keep", span=3),
            grid_button(rect, 0, 2, "Hold course this turn (H)", b.hold_course, "hold", span=3,
                        active=bool(self.vid) and b.orders.holding(self.vid or "", b.state.turn)),
        ]
        mine = b.own_vehicles(self.vid) if self.vid else []
        row = 3
        if len(mine) > 1:   # several vehicles of one player: one input holds them all
            self.buttons.append(grid_button(rect, 0, row, f"Hold course: all {len(mine)} of yours (Shift+H)",
                                            b.hold_course_all, "hold_all", span=3))
            row += 1
        v = b.state.vehicle(self.vid) if self.vid else None
        for i, a in enumerate(self.boosts()):
            spec = next((x for x in v.spec.boosters if x.id == a.booster), None) if v else None
            step = b.state.rules.movement.chart.step
            label = f"Fire {spec.facing} booster: {burn_mph(step, spec):+g} mph (B)" if spec else f"Fire {a.booster} (B)"
            if spec and is_jet(spec):   # a jump jet lifts (or pushes down), the speed stays (000:L2632)
                climb = jet_climb(spec, jet_aloft(v)) if v else 0.0
                label = f"Fire {spec.facing} jump jet: {f'climb {climb:+g} in' if climb else 'no lift'} (B)"
            self.buttons.append(grid_button(rect, 0, row + i, label, lambda a=a: self.b.commit(a), "boost", span=3))
        return self.buttons

    # --- drawing -----------------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface) -> None:
        rects = self.strip()
        for i, (mph, r) in enumerate(zip(self.options, rects, strict=False)):
            sel, cur = i == self.index, mph == self.current
            pygame.draw.rect(surface, (80, 90, 120) if sel else (40, 44, 54), r, border_radius=4)
            pygame.draw.rect(surface, theme.ACCENT if sel else (theme.GOOD if cur else theme.PANEL_EDGE), r, 2,
                             border_radius=4)
            text(surface, f"{mph:g}", r.center, 18, theme.TEXT, anchor="center")
        v = self.b.state.vehicle(self.vid) if self.vid else None
        if v is None:
            return
        info = self.info.text if self.info else ""
        warn = bool(self.info and self.info.difficulty)
        y = rects[0].bottom + 4 if rects else self.b.cam.view_y + self.b.cam.view_h - 50
        r = pygame.Rect(self.b.cam.view_x + 10, y, self.b.cam.view_w - 20, 48)
        card(surface, r, [(f"{self.vid}: now {v.signed_speed:g} mph (acceleration {v.spec.acceleration:g})  ·  {info}",
                           18, theme.WARN if warn else theme.TEXT, False),
                          (self.hint(), 15, theme.DIM, False)])
