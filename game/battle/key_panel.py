"""The turning key for one move: a ghost per legal maneuver (game.turning_key, from the rules), a
choice, and the ways to commit it: click a ghost twice, drag the counter onto it and release, or the
keys. Dragging back to the start or a right-click cancels, with nothing committed."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame

from game import theme
from game.battle.panel import DecisionPanel, card, grid_button
from game.input.bindings import Intent
from game.render.rig import draw_trailer_ghost
from game.render.turning_key import draw_card, draw_key, ghost_at
from game.turning_key import SKIDS, Ghost, KeyPreview, grab_offset, mirrored, nearest
from game.ui import Button
from rules.combat.arcs import inside
from rules.core.geometry import CounterSize, Vec, corners
from rules.driving.articulated import jackknifed
from rules.driving.maneuvers import Maneuver
from rules.engine.engine import legal_actions
from rules.play.actions import Defer, Move
from rules.play.rigs import coupling_of, trailer_after, trailer_of
from rules.play.state import MOVE
from rules.tables.movement import tables

KEY_ZOOM = 120.0     # pixels per inch the camera comes to when a turning key opens (until the player zooms)


class KeyPanel(DecisionPanel):
    step = MOVE
    title = "Turning key"

    def __init__(self, battle: object) -> None:
        super().__init__(battle)  # type: ignore[arg-type]
        self.preview: KeyPreview | None = None
        self.ghosts: list[Ghost] = []
        self.choice: int | None = None
        self.history: list[Maneuver] = []
        self.skid = 0.0
        self.even = False
        self.swept_all = False
        self.version = 0
        self.dragging = False
        self.drag_start = (0, 0)
        self.drag_moved = False
        self.drag_cancelled = False             # dragged back onto the start: release commits nothing
        self.grab = Vec(0.0, 0.0)               # where the counter was picked up, in its own frame
        self.hover: Ghost | None = None         # the ghost (legal or greyed) under the pointer: its card shows
        self.hover_pos = (0, 0)
        self._cache: tuple[tuple[object, ...], pygame.Surface, pygame.Rect] | None = None

    # --- the ghosts --------------------------------------------------------------------------------

    def sync(self, vid: str) -> None:
        super().sync(vid)
        self.preview = KeyPreview(self.b.state, vid, self.b.previewer)
        self.history.clear()
        self.dragging = False
        self.hover = None
        self.refresh(None)
        self._hover_at(pygame.mouse.get_pos() if pygame.display.get_init() else (0, 0))
        if not self.b.user_zoomed and len(self.ghosts) > 1:
            self.b.cam.zoom = max(self.b.cam.zoom, KEY_ZOOM)

    def refresh(self, keep: Maneuver | None) -> None:
        if self.preview is None:
            self.ghosts, self.choice = [], None
            return
        self.ghosts = self.preview.ghosts(self.skid, self.even)
        self.swept_all = False
        self.version += 1
        idx = None
        if keep is not None:
            idx = next((i for i, g in enumerate(self.ghosts) if g.maneuver == keep), None)
            if idx is None:  # the same maneuver under the new skid / evening-out setting
                idx = next((i for i, g in enumerate(self.ghosts) if (g.maneuver.kind, g.maneuver.side,
                            g.maneuver.degrees) == (keep.kind, keep.side, keep.degrees)), None)
        self.choice = idx if idx is not None else self.straight_index()

    def straight_index(self) -> int | None:
        return next((i for i, g in enumerate(self.ghosts) if g.maneuver.kind == "straight"), 0 if self.ghosts else None)

    @property
    def chosen(self) -> Ghost | None:
        if self.choice is None or not self.ghosts:
            return None
        return self.ghosts[self.choice]

    def update(self, dt: float) -> None:
        if self.preview is not None and self.ghosts and not self.swept_all:
            self.swept_all = self.preview.sweep_some(self.ghosts)
            self.ghosts = self.preview.ghosts(self.skid, self.even)
            self.version += 1

    # --- choosing ----------------------------------------------------------------------------------

    def choose(self, idx: int | None) -> None:
        if idx is None or not self.ghosts:
            return
        cur = self.chosen
        if cur is not None and idx != self.choice:
            self.history.append(cur.maneuver)
        self.choice = idx

    def step_choice(self, delta: int) -> None:
        if self.choice is not None and self.ghosts:
            self.choose(max(0, min(len(self.ghosts) - 1, self.choice + delta)))

    def cycle_skid(self) -> None:
        keep = self.chosen.maneuver if self.chosen else None
        self.skid = SKIDS[(SKIDS.index(self.skid) + 1) % len(SKIDS)] if self.skid in SKIDS else 0.0
        self.refresh(keep)

    def pivots_in_place(self) -> bool:
        """A truck at 2.5 mph may pivot where it stands (000:L599): the even-out switch, idle for pivots, picks them."""
        return self.preview is not None and any(m.in_place for m in self.preview.legal)

    def toggle_even(self) -> None:
        keep = self.chosen.maneuver if self.chosen else None
        self.even = not self.even
        self.refresh(keep)

    def mirror(self) -> None:
        g = self.chosen
        if g is not None:
            want = mirrored(g.maneuver)
            self.choose(next((i for i, x in enumerate(self.ghosts) if x.maneuver == want), None))

    def cancel(self) -> bool:
        """Back to straight ahead, nothing committed; False if there was nothing to cancel."""
        self.dragging = False
        if self.chosen is not None and self.chosen.maneuver.kind != "straight":
            self.choose(self.straight_index())
            return True
        return False

    def undo(self) -> None:
        if self.history:
            want = self.history.pop()
            idx = next((i for i, g in enumerate(self.ghosts) if g.maneuver == want), None)
            if idx is not None:
                self.choice = idx
                return
        self.cancel()

    def commit(self) -> None:
        if self.vid and self.chosen is not None:
            self.b.commit(Move(self.vid, self.chosen.maneuver))

    def straight(self) -> None:
        idx = self.straight_index()
        if self.vid and idx is not None and self.ghosts and self.ghosts[idx].maneuver.kind == "straight":
            self.b.commit(Move(self.vid, self.ghosts[idx].maneuver))

    def deferrable(self) -> Defer | None:
        """The rules' offer to let the next car of the same speed move first (000:L140), if any."""
        if not self.vid:
            return None
        offer = Defer(self.vid)
        return offer if offer in legal_actions(self.b.state, self.vid) else None

    def defer(self) -> None:
        offer = self.deferrable()
        if offer is not None:
            self.b.commit(offer)

    def handle_intent(self, intent: Intent) -> bool:
        actions = {
            Intent.LEFT: lambda: self.step_choice(-1), Intent.RIGHT: lambda: self.step_choice(1),
            Intent.PREV: lambda: self.step_choice(-1), Intent.NEXT: lambda: self.step_choice(1),
            Intent.CONFIRM: self.commit, Intent.STRAIGHT: self.straight, Intent.SKID: self.cycle_skid,
            Intent.MIRROR: self.mirror, Intent.EVEN: self.toggle_even, Intent.UNDO: self.undo,
        }
        if intent is Intent.CANCEL:
            return self.cancel()
        fn = actions.get(intent)
        if fn is None:
            return False
        fn()
        return True

    def hint(self) -> str:
        text = ("Left/Right: choose · Enter or release: commit · Esc/right-click: cancel · Space: straight · "
                "H: hold course · K skid · M mirror · " + ("V pivot in place" if self.pivots_in_place() else "V even"))
        return text + (" · L: let the other move first" if self.deferrable() else "")

    # --- mouse -------------------------------------------------------------------------------------

    def _on_counter(self, x: float, y: float) -> bool:
        v = self.b.state.vehicle(self.vid or "")
        return bool(inside(corners(v.pose, v.spec.counter(tables().handling.counters)), Vec(x, y)))

    def _size(self) -> CounterSize:
        return self.b.state.vehicle(self.vid or "").spec.counter(tables().handling.counters)

    def _greyed(self) -> list[Ghost]:
        return self.preview.greyed(self.skid, self.even) if self.preview is not None else []

    def _hover_at(self, pos: tuple[int, int]) -> None:
        """The ghost (legal or greyed) under the pointer, whose card the key shows."""
        if not self.vid or self.preview is None or not self.b.on_board(pos):
            self.hover = None
            return
        shown = self.ghosts + self._greyed()
        i = ghost_at(self.b.cam, shown, self._size(), pos)
        self.hover = shown[i] if i is not None else None
        self.hover_pos = pos

    def handle_event(self, event: pygame.event.Event) -> bool:
        cam = self.b.cam
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_l and not event.mod & pygame.KMOD_CTRL
                and self.deferrable()):
            self.defer()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.b.on_board(event.pos):
            self.cancel()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.b.on_board(event.pos) and self.vid:
            mx, my = cam.to_map(*event.pos)
            if self._on_counter(mx, my):
                self.dragging, self.drag_start, self.drag_moved = True, event.pos, False
                self.grab = grab_offset(self.b.state.vehicle(self.vid).pose, mx, my)
                self.drag_cancelled = False
                return True
            hit = ghost_at(cam, self.ghosts, self._size(), event.pos)   # as hovering
            if hit is not None:
                if hit == self.choice:
                    self.commit()
                else:
                    self.choose(hit)
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self._hover_at(event.pos)
            if not self.dragging:
                return False
            if math.dist(event.pos, self.drag_start) > 3:
                self.drag_moved = True
            mx, my = cam.to_map(*event.pos)
            v = self.b.state.vehicle(self.vid or "")
            # the point picked up, on each ghost's pose: position and facing both count; -1 = back at the start
            idx = nearest(self.ghosts, mx, my, self.grab, self.choice, v.pose, self._size())
            self.drag_cancelled = idx == -1
            if self.drag_cancelled:
                self.choose(self.straight_index())
            elif idx is not None and idx != self.choice:
                self.choose(idx)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            if not self.drag_moved or self.drag_cancelled:
                # dropped back where it was picked up: nothing is committed
                self.choose(self.straight_index())
                self.b.message = "cancelled: dropped back at the start"
                return True
            self.commit()  # release commits
            return True
        return False

    def layout_buttons(self, rect: pygame.Rect) -> list[Button]:
        b = self.b
        self.buttons = [
            grid_button(rect, 0, 0, "< left", lambda: self.step_choice(-1), "prev"),
            grid_button(rect, 1, 0, "Straight", self.straight, "straight"),
            grid_button(rect, 2, 0, "right >", lambda: self.step_choice(1), "next"),
            grid_button(rect, 0, 1, f"Skid {self.skid:g}\"", self.cycle_skid, "skid", active=self.skid > 0),
            grid_button(rect, 1, 1, "Mirror", self.mirror, "mirror"),
            grid_button(rect, 2, 1, "In place" if self.pivots_in_place() else "Even out", self.toggle_even, "even",
                        active=self.even),
            grid_button(rect, 0, 2, "Undo", self.undo, "undo"),
            grid_button(rect, 1, 2, "Commit", self.commit, "commit", span=2),
            grid_button(rect, 0, 3, "Hold course this turn (H)", b.hold_course, "hold", span=3,
                        active=bool(self.vid) and b.orders.holding(self.vid or "", b.state.turn)),
        ]
        if self.deferrable():   # equal speeds: the better reflexes choose when to move (000:L140)
            nxt = b.state.movers[1]
            self.buttons.append(grid_button(rect, 0, 4, f"Let {nxt} move first (L)", self.defer, "defer", span=3))
        return self.buttons

    # --- drawing -----------------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface) -> None:
        if not self.ghosts or not self.vid:
            return
        self._draw_key_cached(surface)
        self._draw_card(surface)

    def _draw_key_cached(self, surface: pygame.Surface) -> None:
        """The key is redrawn only when the ghosts, the choice or the camera change."""
        cam = self.b.cam
        key = (self.version, self.choice, cam.zoom, cam.cx, cam.cy, cam.view_w, cam.view_h, id(self.ghosts))
        if self._cache is None or self._cache[0] != key:
            size = self.b.state.vehicle(self.vid or "").spec.counter(tables().handling.counters)
            greyed = self._greyed()
            pts = [cam.to_screen(g.end.x, g.end.y) for g in self.ghosts + greyed]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            pad = cam.zoom * 2.2 + 90
            area = pygame.Rect(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
            area = area.clip(pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h))
            layer = pygame.Surface(area.size, pygame.SRCALPHA)
            local = replace(cam, view_x=cam.view_x - area.x, view_y=cam.view_y - area.y)
            v = self.b.state.vehicle(self.vid or "")
            draw_key(layer, local, self.ghosts, size, self.choice, start=v.pose, greyed=greyed, skid=self.skid,
                     travel=v.travel)
            self._cache = (key, layer, area)
        _, layer, area = self._cache
        surface.blit(layer, area)
        self._draw_trailer(surface)
        if self.hover is not None and not self.dragging:
            view = pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h)
            draw_card(surface, self.hover, self.hover_pos, view, cam, self._size())

    def _draw_trailer(self, surface: pygame.Surface) -> None:
        """A towing vehicle's key also shows where its trailer would end for the chosen maneuver, and the
        path it sweeps getting there (issue 19; the rules' own follow, rules.play.rigs.trailer_after), and a
        double's second trailer behind it."""
        g = self.chosen
        if g is None or not self.vid:
            return
        state = self.b.state
        tr = trailer_of(state, self.vid)
        if tr is None:
            return
        v = state.vehicle(self.vid)
        c = coupling_of(v, tr)
        end = trailer_after(v.pose, g.end, tr.pose, c, reverse=v.reverse, maneuver=g.maneuver)
        draw_trailer_ghost(surface, self.b.cam, tr.pose, end, c, jackknifed=jackknifed(g.end, end, c))
        second = trailer_of(state, tr.id)
        if second is not None:   # a double: the second follows the first as if it were the tower (000:L567)
            c2 = coupling_of(tr, second)
            end2 = trailer_after(tr.pose, end, second.pose, c2, reverse=v.reverse)
            draw_trailer_ghost(surface, self.b.cam, second.pose, end2, c2, jackknifed=jackknifed(end, end2, c2))

    def _draw_card(self, surface: pygame.Surface) -> None:
        g = self.chosen
        if g is None or not self.vid:
            return
        d = g.details
        lines = [(d[0], 20, theme.TEXT, True), ("   ".join(d[1:3]), 19, theme.TEXT, False)]
        lines += [(x, 17, theme.HIT if g.blocked else theme.WARN, False) for x in d[3:4]]
        lines.append((self.hint(), 15, theme.DIM, False))
        cam = self.b.cam
        h = sum(s + 4 for _, s, _, _ in lines) + 8
        r = pygame.Rect(cam.view_x + 10, cam.view_y + cam.view_h - h - 8, min(720, cam.view_w - 20), h)
        card(surface, r, lines)
