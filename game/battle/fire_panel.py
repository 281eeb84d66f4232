"""The fire step: the list of choices (game.battle.fire_choices), the highlighted one shown on the
board (its arc, the line of fire, its need, chance and modifiers), and commits that cannot trap:
Enter commits the highlighted row only, and a shot that cannot hit asks to be confirmed first."""

from __future__ import annotations

import pygame

from game import theme
from game.battle.fire_choices import Choice, build, default_index
from game.battle.fire_plan import FirePlan, suggest
from game.battle.panel import DecisionPanel, card, grid_button
from game.battle.pilot import shot_can_hit
from game.battle.view import frame_above, frame_pair
from game.firing import arc_outline
from game.input.bindings import Intent
from game.render.dropped import draw_dropped
from game.ui import Button, text, wrap
from rules.combat.arcs import inside
from rules.core.geometry import Vec, corners
from rules.play.actions import Action, Automatic, Drop, Fire, Pass, Use
from rules.play.state import FIRE
from rules.tables.lights import lights_tables
from rules.tables.movement import tables

ROW = 21
LIST_TOP = 26          # the list starts below the panel's title
LIST_BOTTOM = 94       # room kept under the list for the buttons


def flare_radius() -> float:
    """Inches a flare round lights round its centre (000:L2989)."""
    return lights_tables().flare_radius


class FirePanel(DecisionPanel):
    step = FIRE
    title = "Fire"

    def __init__(self, battle: object) -> None:
        super().__init__(battle)  # type: ignore[arg-type]
        self.legal: list[Action] = []
        self.rows: list[Choice] = []
        self.index = 0
        self.expanded = False
        self.confirming = False   # a shot that cannot hit was committed once: the next commit fires it
        self.no_shot = False      # no shot at a foe's vehicle can hit in this step (worked out once, not every frame)
        self.plan: FirePlan | None = None   # every own decision of this fire step, suggested (offered as one row)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def sync(self, vid: str) -> None:
        super().sync(vid)
        self.legal = self.b.session.legal(vid)
        self.no_shot = not shot_can_hit(self.b.state, self.legal, at_foes_only=True)
        self.expanded = False
        plan = suggest(self.b.state, vid, self.b.owners(), self._driven(vid), self._holding_fire())
        self.plan = plan if plan.worth_offering() else None
        self.rows = []
        self.rebuild()
        self.index = 0 if self.plan is not None else default_index(self.rows, self.b.state)
        self.confirming = False
        self.frame()

    def _driven(self, vid: str) -> frozenset[str]:
        """The vehicles (trailers too) of `vid`'s player that the player drives, not a foe profile."""
        seat = self.b.session.seat
        owner = seat(vid).owner
        return frozenset(v.id for v in self.b.state.vehicles if seat(v.id).owner == owner and not seat(v.id).foe)

    def _holding_fire(self) -> frozenset[str]:
        turn = self.b.state.turn
        return frozenset(v.id for v in self.b.state.vehicles if self.b.orders.holding_fire(v.id, turn))

    def rebuild(self) -> None:
        keep = self.chosen
        rows = build(self.b.state, self.legal, self.b.owners(), self.expanded)
        if self.plan is not None:   # on top, and highlighted first: one Enter fires the suggested shots
            rows.insert(0, Choice(None, self.plan.label, plan=self.plan.steps))
        self.rows = rows
        if keep is not None:
            self.index = next((i for i, c in enumerate(self.rows)
                               if c.action == keep.action and bool(c.plan) == bool(keep.plan)), self.index)
        self.index = max(0, min(self.index, len(self.rows) - 1))

    @property
    def chosen(self) -> Choice | None:
        return self.rows[self.index] if self.rows and 0 <= self.index < len(self.rows) else None

    @property
    def options(self) -> list[Action]:
        """The actions of the rows shown, in order (the expander row has none)."""
        return [c.action for c in self.rows if c.action is not None]

    def set_index(self, i: int) -> None:
        if not self.rows:
            return
        self.index = i % len(self.rows)
        self.confirming = False
        self.frame()

    def select(self, action: Action) -> bool:
        """Highlight the row of an action (unfolding the shots that cannot hit if it is one of them)."""
        if all(c.action != action for c in self.rows) and not self.expanded:
            self.expanded = True
            self.rebuild()
        for i, c in enumerate(self.rows):
            if c.action == action:
                self.set_index(i)
                return True
        return False

    def frame(self) -> None:
        """Put the firer and the chosen target both in view (the suggested row: every firer and target of it,
        above its card)."""
        c = self.chosen
        if c is not None and c.plan:
            pts = [(p.x, p.y) for s in c.plan if s.preview is not None
                   for p in (s.preview.origin, s.preview.point) if p is not None and isinstance(s.action, Fire)]
            frame_above(self.b.cam, pts, self._plan_card_height())
            self.b.clamp()
            return
        if c is None or not isinstance(c.action, Fire) or c.preview is None or c.preview.point is None:
            return
        p = self.b.state.vehicle(c.action.vehicle).pose
        q = c.preview.point
        frame_pair(self.b.cam, (p.x, p.y), (q.x, q.y))
        self.b.clamp()

    # --- answers -----------------------------------------------------------------------------------

    def commit(self) -> None:
        """Enter: the highlighted row, and only that row."""
        c = self.chosen
        if c is None:
            return
        if c.plan:
            self.fire_plan()
            return
        if c.action is None:            # the row that folds the shots that cannot hit
            self.expanded = not self.expanded
            self.rebuild()
            if self.expanded and self.index + 1 < len(self.rows):
                self.set_index(self.index + 1)   # onto the first of them, so the list shows them
            return
        if c.hopeless and not self.confirming:
            self.confirming = True
            return
        self.confirming = False
        if isinstance(c.action, Pass):
            self._decline_extras()
        self.b.commit(c.action)

    def fire_plan(self) -> None:
        """The suggested row: every decision of this fire step for the player's vehicles, answered as listed
        (this vehicle's first answer now, the rest by the pilot as each comes up)."""
        plan = self.plan
        if plan is None or self.vid is None:
            return
        actions = plan.actions()
        first = next((a for a in actions if a.vehicle == self.vid), None)
        if first is None or first not in self.legal:
            return
        actions.remove(first)
        self.b.orders.accept_plan(plan.turn, plan.phase, actions)
        n = len(plan.shots)
        self.b.commit(first)
        self.b.message = f"{n} suggested shot{'s' if n != 1 else ''} declared for turn {plan.turn}, phase {plan.phase}"

    def hold_fire(self) -> None:
        passing = next((a for a in self.legal if isinstance(a, Pass)), None)
        if passing is not None:
            self._decline_extras()
            self.b.commit(passing)

    def _decline_extras(self) -> None:
        """Passing when no shot can hit: the dropper, lamp or flare alone does not stop this car again this
        turn (every fire step asked again, five times a turn, for a dropper nobody wanted)."""
        if self.vid and self.no_shot:
            self.b.orders.decline_extras(self.vid, self.b.state.turn, self.legal)

    def hold_fire_for_turn(self) -> None:
        """Shift+Space: hold fire now and in every fire step left this turn."""
        if self.vid:
            self.b.orders.hold_fire[self.vid] = self.b.state.turn
            self.hold_fire()

    def cancel(self) -> bool:
        if self.confirming:
            self.confirming = False
            return True
        if self.expanded:
            self.expanded = False
            self.rebuild()
            return True
        return False

    def next_of(self, kind: type) -> None:
        n = len(self.rows)
        for k in range(1, n + 1):
            i = (self.index + k) % n
            if isinstance(self.rows[i].action, kind):
                self.set_index(i)
                return

    def handle_intent(self, intent: Intent) -> bool:
        step = self.list_step(intent)
        if step:
            self.set_index(self.index + step)
            return True
        if intent is Intent.CONFIRM:
            self.commit()
            return True
        if intent is Intent.STRAIGHT:
            self.hold_fire()
            return True
        if intent is Intent.HOLD_FIRE:
            self.hold_fire_for_turn()
            return True
        if intent is Intent.CANCEL:
            return self.cancel()
        return False

    def commit_label(self) -> str:
        c = self.chosen
        a = c.action if c else None
        if c is not None and c.plan:
            return "Fire all"
        if c is not None and a is None:
            return "Fold" if self.expanded else "Show"
        if self.confirming:
            return "Fire anyway"
        if isinstance(a, Drop):
            return "Drop"
        if isinstance(a, Automatic):
            return "Auto on" if a.on else "Auto off"
        if isinstance(a, Pass):
            return "Hold fire"
        if isinstance(a, Use):
            return "Use"
        return "Fire"

    def hint(self) -> str:
        if self.confirming:
            return "This shot cannot hit: Enter fires it anyway (it spends the shot) · Esc: back"
        if self.chosen is not None and self.chosen.plan:
            return ("Enter: fire the suggested shots listed above, the rest hold fire · Arrows: choose one shot "
                    "instead · Space: hold fire · Shift+Space: hold fire this turn")
        if self.chosen is not None and self.chosen.action is None:
            verb = "fold" if self.expanded else "show"
            return f"Arrows: choose · Enter: {verb} the shots that cannot hit · Space: hold fire · Shift+Space: hold fire this turn"
        if self.vid and self.no_shot:
            return (f"No shot at a foe can hit · Arrows: choose · Enter: {self.commit_label().lower()} the highlighted row · "
                    "Space: hold fire (not asked again this turn unless a shot opens)")
        return (f"Arrows: choose · Enter: {self.commit_label().lower()} the highlighted row · "
                "Space: hold fire · Shift+Space: hold fire this turn · click a target")

    # --- mouse -------------------------------------------------------------------------------------

    def _row_rects(self) -> list[tuple[int, pygame.Rect]]:
        r = self.rect
        shown = max(1, (r.height - LIST_TOP - LIST_BOTTOM) // ROW)
        top = max(0, self.index - shown + 1)   # the list scrolls just enough to show the highlight
        out = []
        for k, i in enumerate(range(top, min(len(self.rows), top + shown))):
            out.append((i, pygame.Rect(r.x + 6, r.y + LIST_TOP + k * ROW, r.width - 12, ROW - 1)))
        return out

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for i, rr in self._row_rects():
            if rr.collidepoint(event.pos):
                if i == self.index:
                    self.commit()
                else:
                    self.set_index(i)
                return True
        if self.b.on_board(event.pos):
            return self._click_target(event.pos)
        return False

    def _click_target(self, pos: tuple[int, int]) -> bool:
        """Clicking a vehicle highlights the next best shot at it."""
        mx, my = self.b.cam.to_map(*pos)
        sizes = tables().handling.counters
        for v in self.b.state.vehicles:
            if v.id != self.vid and inside(corners(v.pose, v.spec.counter(sizes)), Vec(mx, my)):
                n = len(self.rows)
                for k in range(1, n + 1):
                    i = (self.index + k) % n
                    a = self.rows[i].action
                    if isinstance(a, Fire) and a.target == v.id:
                        self.set_index(i)
                        return True
                if any(isinstance(a, Fire) and a.target == v.id for a in self.legal) and not self.expanded:
                    self.expanded = True
                    self.rebuild()
                    return self._click_target(pos)
                self.b.message = f"no shot at {v.id}"
                return True
        return False

    def layout_buttons(self, rect: pygame.Rect) -> list[Button]:
        self.rect = rect
        top = rect.height - 90
        drops = sum(isinstance(a, Drop) for a in self.legal)
        autos = sum(isinstance(a, Automatic) for a in self.legal)
        self.buttons = [
            grid_button(rect, 0, 0, "< prev", lambda: self.set_index(self.index - 1), "prev", top=top),
            grid_button(rect, 1, 0, self.commit_label(), self.commit, "commit", top=top,
                        active=self.confirming),
            grid_button(rect, 2, 0, "next >", lambda: self.set_index(self.index + 1), "next", top=top),
            grid_button(rect, 0, 1, "Hold fire", self.hold_fire, "pass", top=top),
            grid_button(rect, 0, 2, "Hold fire this turn", self.hold_fire_for_turn, "pass_turn", top=top, span=3),
        ]
        if drops:
            self.buttons.append(grid_button(rect, 1, 1, f"Drops ({drops})", lambda: self.next_of(Drop), "drop",
                                            top=top, active=isinstance(self.chosen and self.chosen.action, Drop)))
        if autos:
            self.buttons.append(grid_button(rect, 2, 1, f"Auto ({autos})", lambda: self.next_of(Automatic), "auto",
                                            top=top, active=isinstance(self.chosen and self.chosen.action, Automatic)))
        return self.buttons

    # --- drawing -----------------------------------------------------------------------------------

    def draw_controls(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        super().draw_controls(surface, rect)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-8, 0))   # a long row is cut at the box's edge, the card shows it whole
        for i, rr in self._row_rects():
            c = self.rows[i]
            sel = i == self.index
            if sel:
                pygame.draw.rect(surface, (80, 90, 120), rr, border_radius=3)
                pygame.draw.rect(surface, theme.ACCENT, rr, 1, border_radius=3)
            colour = theme.DIM if c.hopeless or (c.action is None and not c.plan) else theme.TEXT
            text(surface, c.label, (rr.x + 4, rr.y + 2), 16, colour, bold=sel)
        surface.set_clip(clip)

    def draw_board(self, surface: pygame.Surface) -> None:
        c = self.chosen
        if self.vid is None:
            return
        if c is not None and c.plan:
            self._draw_plan(surface, c.plan)
            return
        st, cam = self.b.state, self.b.cam
        v = st.vehicle(self.vid)
        info = c.preview if c else None
        if info is not None and info.mount:
            fan = arc_outline(info.mount, v.pose, v.spec.counter(tables().handling.counters))
            if len(fan) >= 3:
                shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                pygame.draw.polygon(shade, (250, 220, 90, 40), [cam.to_screen(p.x, p.y) for p in fan])
                surface.blit(shade, (0, 0))
        targets = {a.target for a in self.legal if isinstance(a, Fire)}
        hot = c.action.target if c and isinstance(c.action, Fire) else None
        for t in st.vehicles:
            if t.id in targets:
                p = self.b.anim.pose(t.id, t.pose)
                sx, sy = cam.to_screen(p.x, p.y)
                pygame.draw.circle(surface, theme.HIT if t.id == hot else theme.WARN, (sx, sy), cam.zoom * 0.8,
                                   3 if t.id == hot else 1)
        if info is not None and info.counters:  # a drop: where its counters will land
            draw_dropped(surface, cam, info.counters, (st.turn, st.phase), ghost=True)
        if info is not None and info.mount == "flare" and info.point is not None:   # the circle it would light
            pygame.draw.circle(surface, theme.WARN, cam.to_screen(info.point.x, info.point.y),
                               cam.zoom * flare_radius(), 2)
        if info is not None and info.origin is not None and info.point is not None:
            pygame.draw.line(surface, theme.ACCENT, cam.to_screen(info.origin.x, info.origin.y),
                             cam.to_screen(info.point.x, info.point.y), 2)
        head = c.label if c else "nothing to fire"
        detail = info.modifier_text if info is not None else ""
        if isinstance(c and c.action, Drop) and info is not None:
            head = info.text
        colour = theme.WARN if self.confirming else theme.DIM
        details = detail_lines(detail, cam.view_w - 36)
        r = pygame.Rect(cam.view_x + 10, cam.view_y + cam.view_h - 64 - 20 * len(details), cam.view_w - 20,
                        56 + 20 * len(details))
        card(surface, r, [(head[:120], 20, theme.TEXT, True), *((d, 16, theme.DIM, False) for d in details),
                          (self.hint(), 16, colour, self.confirming)], alpha=210)

    def _draw_plan(self, surface: pygame.Surface, steps: tuple[Choice, ...]) -> None:
        """The suggested row: every planned shot's line of fire and target, and one line a decision."""
        st, cam = self.b.state, self.b.cam
        ys: list[float] = []
        for c in steps:
            info = c.preview
            if not isinstance(c.action, Fire) or info is None or info.origin is None or info.point is None:
                continue
            a, b = cam.to_screen(info.origin.x, info.origin.y), cam.to_screen(info.point.x, info.point.y)
            pygame.draw.line(surface, theme.ACCENT, a, b, 2)
            ys += [a[1], b[1]]
            t = next((v for v in st.vehicles if v.id == c.action.target), None)
            if t is not None:
                p = self.b.anim.pose(t.id, t.pose)
                pygame.draw.circle(surface, theme.HIT, cam.to_screen(p.x, p.y), cam.zoom * 0.8, 3)
        plan = self.plan
        shown = self._plan_lines()
        height = self._plan_card_height()
        low = bool(ys) and sum(ys) / len(ys) > cam.view_y + cam.view_h / 2   # the shots low on the board: card on top
        top = cam.view_y + 8 + 30 if low else cam.view_y + cam.view_h - height - 8   # under the top line's message
        r = pygame.Rect(cam.view_x + 10, top, cam.view_w - 20, height)
        head = plan.label if plan is not None else ""
        card(surface, r, [(head[:120], 20, theme.TEXT, True), *((x[:140], 16, theme.DIM, False) for x in shown),
                          (self.hint(), 16, theme.DIM, False)], alpha=210)

    def _plan_lines(self) -> list[str]:
        lines = self.plan.lines() if self.plan is not None else []
        return lines[:PLAN_LINES] + ([f"... and {len(lines) - PLAN_LINES} more"] if len(lines) > PLAN_LINES else [])

    def _plan_card_height(self) -> int:
        return 56 + 20 * len(self._plan_lines())


PLAN_LINES = 7   # decisions listed on the suggested row's card (the list goes on under "... and n more")


def detail_lines(detail: str, width: int) -> list[str]:
    """A shot's modifiers for the card under the board, wrapped to at most two lines of the card's width, so that
    a long list (night, radar, a computer, the facing, ...) is read to its end, not cut at 140 characters."""
    lines = wrap(detail, 16, width) if detail else [""]
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
        lines[1] = next((lines[1][:n].rstrip() + " ..." for n in range(len(lines[1]), 0, -1)
                         if len(wrap(lines[1][:n] + " ...", 16, width)) == 1), lines[1])
    return lines

