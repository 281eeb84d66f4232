"""The battle: the board, the counters, the turning key, speed changes, the HUD and hot-seat hand-offs.

Flow: the rules say who is to act (rules.engine.engine.to_act). A scripted foe acts on its own after a
short visible pause; a vehicle told to hold its course keeps its speed and drives straight with no
input; a human chooses with the turning key (moves) or the speed panel (speed changes). Every
committed action goes to the rules; the events that come back are animated and logged.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace

import pygame

from game import theme
from game.anim import Animator
from game.camera import Camera
from game.firing import FirePreview, arc_outline, fire_preview, options_of
from game.input.bindings import Intent, intent_of
from game.render.board import BoardRenderer, map_size
from game.render.counters import draw_counter
from game.render.dropped import draw_dropped, state_counters
from game.render.effects import draw_explosion, draw_tracer
from game.render.hud import SHEET_HEIGHT, chart_height, draw_chart, draw_sheet
from game.render.log import draw_log
from game.render.turning_key import draw_card, draw_key, ghost_at
from game.scenes.base import Scene
from game.session import Session, foe_decision
from game.speed import SpeedPreview, preview_speed
from game.turning_key import SKIDS, Ghost, KeyPreview, grab_offset, mirrored, nearest
from game.ui import Button, click_buttons, draw_buttons, panel, text, wrap
from rules.core.errors import DataError
from rules.core.events import Event
from rules.core.geometry import Vec
from rules.driving.maneuvers import Maneuver
from rules.engine.preview import Previewer
from rules.play.actions import Action, Automatic, Drop, Fire, Move, Pass, SetSpeed
from rules.play.state import FIRE, MOVE, SPEED
from rules.tables.movement import tables

SIDEBAR = 340
TOPBAR = 30
FOE_PAUSE = 0.6      # seconds a scripted foe "thinks" on screen
HOLD_PAUSE = 0.35    # seconds before a vehicle holding its course moves on
PAN_STEP = 60        # pixels per arrow key press
CONTROLS_HEIGHT = 150
_FOE_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="foe")
KEY_ZOOM = 120.0     # pixels per inch the camera comes to when a turning key opens (until the player zooms)


@dataclass
class Banner:
    owner: str
    vehicle: str
    colour: tuple[int, int, int]


class BattleScene(Scene):
    def __init__(self, app: object, session: Session, *, follow: bool = True) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.session = session
        self.board = BoardRenderer(session.map)
        self.cam = Camera()
        self.anim = Animator(session.state)
        self.preview: KeyPreview | None = None
        self.previewer = Previewer()            # the engine's previews, with a collision world of their own
        self.hover: Ghost | None = None         # the ghost under the pointer: its card shows
        self.hover_pos = (0, 0)
        self.grab = Vec(0.0, 0.0)               # where the counter was picked up, in its own frame
        self.drag_cancelled = False             # dragged back onto the start: release commits nothing
        self.preview_key: tuple[int, str] | None = None
        self.ghosts: list[Ghost] = []
        self.choice: int | None = None          # index into self.ghosts
        self.choice_history: list[Maneuver] = []
        self.skid = 0.0
        self.even = False
        self.hold: set[str] = set()
        self.speed_vid: str | None = None
        self.speed_options: list[float] = []
        self.speed_index = 0
        self.speed_info: SpeedPreview | None = None
        self.fire_options: list[Action] = []
        self.fire_index = 0
        self.fire_info: FirePreview | None = None
        self.fire_vid: str | None = None
        self.clock = 0.0                        # seconds shown, for flickering flames
        self.banner: Banner | None = None
        self.last_owner: str | None = None
        self.wait = 0.0
        self.follow = follow
        self.user_zoomed = False
        self.log_scroll = 0
        self.dragging: str | None = None      # "counter" or "pan"
        self.drag_moved = False
        self.drag_start = (0, 0)
        self.message = ""
        self.buttons: list[Button] = []
        self.over_pushed = False
        self._thinking: tuple[object, Future[tuple[Action, str]]] | None = None
        self._overlay: pygame.Surface | None = None
        self._swept_all = False
        self._key_version = 0
        self._key_cache: tuple[tuple[object, ...], pygame.Surface, pygame.Rect] | None = None
        self._side_cache: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.resized(self.app.size)
        w, h = map_size(session.map)
        self.cam.fit(w, h)
        self.cam.zoom = max(self.cam.zoom, 30.0)
        self._sync_actor()

    # --- layout ------------------------------------------------------------------------------

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = size
        self.cam.view_x, self.cam.view_y = 0, TOPBAR
        self.cam.view_w, self.cam.view_h = max(200, w - SIDEBAR), max(200, h - TOPBAR)
        x = w - SIDEBAR
        n = len(self.session.state.vehicles)
        self.chart_rect = pygame.Rect(x, TOPBAR, SIDEBAR, chart_height(n))
        self.controls_rect = pygame.Rect(x, self.chart_rect.bottom, SIDEBAR, CONTROLS_HEIGHT)
        self.sheet_rect = pygame.Rect(x, self.controls_rect.bottom, SIDEBAR, SHEET_HEIGHT)
        self.log_rect = pygame.Rect(x, self.sheet_rect.bottom, SIDEBAR, max(60, h - self.sheet_rect.bottom))
        self._overlay = None
        self._layout_buttons()

    # --- who acts --------------------------------------------------------------------------------

    @property
    def state(self):  # type: ignore[no-untyped-def]
        return self.session.state

    def actor(self) -> str | None:
        ids = self.session.to_act()
        return ids[0] if ids else None

    def human_actor(self) -> str | None:
        a = self.actor()
        if a is None or self.session.seat(a).foe or self.anim.busy:
            return None
        return a

    def _human_owners(self) -> set[str]:
        return {v.owner for v in self.session.setup.vehicles if not v.foe}

    def _sync_actor(self) -> None:
        """Bring the turning key / speed panel up to date with the state (called from update)."""
        a = self.actor()
        st = self.state
        if a is None or self.anim.busy:
            return
        seat = self.session.seat(a)
        if seat.foe:
            return
        if self.last_owner is not None and seat.owner != self.last_owner and len(self._human_owners()) > 1:
            if self.banner is None and not self._automatic(a):
                self.banner = Banner(seat.owner, a, theme.owner_colour(seat.colour))
        if self.banner is None and not self._automatic(a):
            self.last_owner = seat.owner
        if st.step == MOVE:
            key = (id(st), a)
            if self.preview_key != key:
                self.preview = KeyPreview(st, a, self.previewer)
                self.preview_key = key
                self.choice_history.clear()
                self._refresh_ghosts(keep=None)
                if self.follow:
                    if not self.user_zoomed and len(self.ghosts) > 1:
                        self.cam.zoom = max(self.cam.zoom, KEY_ZOOM)
                    self.centre_on(a)
        elif st.step == FIRE:
            self.preview = None
            self.preview_key = None
            self.ghosts = []
            if self.fire_vid != a or not self.fire_options:
                self.fire_vid = a
                self.fire_options = options_of(self.session.legal(a))
                self.fire_index = 0
                self.fire_info = fire_preview(st, self.fire_options[0]) if self.fire_options else None
                self._frame_shot()
        else:
            self.preview = None
            self.preview_key = None
            self.ghosts = []
            if st.step == SPEED and self.speed_vid != a or (st.step == SPEED and not self.speed_options):
                self.speed_vid = a
                self.speed_options = [x.mph for x in self.session.legal(a) if isinstance(x, SetSpeed)]
                cur = st.vehicle(a).signed_speed
                self.speed_index = self.speed_options.index(cur) if cur in self.speed_options else 0
                self.speed_info = preview_speed(st, a, self.speed_options[self.speed_index]) if self.speed_options else None
                if self.follow:
                    self.centre_on(a)
        self._layout_buttons()

    def _automatic(self, vid: str) -> bool:
        """A vehicle holding its course, with only straight ahead or its own speed to choose."""
        return vid in self.hold and self._trivial_action(vid) is not None

    def _trivial_action(self, vid: str) -> Action | None:
        st = self.state
        v = st.vehicle(vid)
        for a in self.session.legal(vid):
            if st.step == SPEED and isinstance(a, SetSpeed) and a.mph == v.signed_speed:
                return a
            if st.step == MOVE and isinstance(a, Move) and a.maneuver == Maneuver("straight", reverse=v.reverse):
                return a
        return None

    def _refresh_ghosts(self, keep: Maneuver | None) -> None:
        if self.preview is None:
            self.ghosts = []
            self.choice = None
            return
        self.ghosts = self.preview.ghosts(self.skid, self.even)
        self._swept_all = False
        self._key_version += 1
        want = keep
        idx = None
        if want is not None:
            idx = next((i for i, g in enumerate(self.ghosts) if g.maneuver == want), None)
            if idx is None:  # same maneuver under the new skid / evening-out setting
                idx = next((i for i, g in enumerate(self.ghosts) if (g.maneuver.kind, g.maneuver.side,
                            g.maneuver.degrees) == (want.kind, want.side, want.degrees)), None)
        if idx is None:
            idx = self._straight_index()
        self.choice = idx

    def _straight_index(self) -> int | None:
        for i, g in enumerate(self.ghosts):
            if g.maneuver.kind == "straight":
                return i
        return 0 if self.ghosts else None

    @property
    def chosen(self) -> Ghost | None:
        if self.choice is None or not self.ghosts:
            return None
        return self.ghosts[self.choice]

    # --- acting ------------------------------------------------------------------------------------

    def commit(self, action: Action) -> None:
        events = self.session.apply(action)
        self.anim.feed(events)
        self.log_scroll = 0
        self.message = ""
        self.preview_key = None
        self.speed_vid = None
        self.speed_options = []
        self.fire_vid = None
        self.fire_options = []
        self.choice_history.clear()

    def next_drop(self) -> None:
        """Jump to the next Drop choice (dropped weapons sit after the shots in the list)."""
        self._next_of(Drop)

    def next_automatic(self) -> None:
        """Jump to the next choice that puts a weapon on automatic or takes one off (000:L1024)."""
        self._next_of(Automatic)

    def _next_of(self, kind: type) -> None:
        n = len(self.fire_options)
        for k in range(1, n + 1):
            i = (self.fire_index + k) % n
            if isinstance(self.fire_options[i], kind):
                self.set_fire_index(i)
                return

    def commit_choice(self) -> None:
        a = self.human_actor()
        if a is None or self.banner:
            return
        if self.state.step == MOVE and self.chosen is not None:
            self.commit(Move(a, self.chosen.maneuver))
        elif self.state.step == SPEED and self.speed_options:
            self.commit(SetSpeed(a, self.speed_options[self.speed_index]))
        elif self.state.step == FIRE and self.fire_options:
            self.commit(self.fire_options[self.fire_index])

    def straight(self) -> None:
        """Space: drive straight on / keep the speed."""
        a = self.human_actor()
        if a is None or self.banner:
            return
        if self.state.step == FIRE:
            passing = next((x for x in self.fire_options if isinstance(x, Pass)), None)
            if passing is not None:
                self.commit(passing)
            return
        triv = self._trivial_action(a)
        if triv is not None:
            self.commit(triv)

    def choose(self, idx: int | None) -> None:
        if idx is None or not self.ghosts:
            return
        cur = self.chosen
        if cur is not None and idx != self.choice:
            self.choice_history.append(cur.maneuver)
        self.choice = idx

    def step_choice(self, delta: int) -> None:
        if self.state.step == SPEED:
            self.set_speed_index(self.speed_index + delta)
            return
        if self.state.step == FIRE:
            self.set_fire_index(self.fire_index + delta)
            return
        if self.choice is None or not self.ghosts:
            return
        self.choose(max(0, min(len(self.ghosts) - 1, self.choice + delta)))

    def set_speed_index(self, i: int) -> None:
        if not self.speed_options or self.human_actor() is None:
            return
        self.speed_index = max(0, min(len(self.speed_options) - 1, i))
        self.speed_info = preview_speed(self.state, self.speed_vid or "", self.speed_options[self.speed_index])

    def set_fire_index(self, i: int) -> None:
        if not self.fire_options or self.human_actor() is None:
            return
        self.fire_index = i % len(self.fire_options)
        self.fire_info = fire_preview(self.state, self.fire_options[self.fire_index])
        self._frame_shot()
        self._layout_buttons()   # the commit button names the chosen action (Fire, Drop, Auto on/off)

    def _frame_shot(self) -> None:
        """Follow mode: put the firer and the chosen target both in view."""
        a = self.fire_options[self.fire_index] if self.fire_options else None
        if not self.follow or not isinstance(a, Fire):
            return
        from rules.phases.fire_step import preview_fire

        p = self.state.vehicle(a.vehicle).pose
        q = preview_fire(self.state, a).point  # a vehicle or a wall/building: where the shot goes
        self.cam.cx, self.cam.cy = (p.x + q.x) / 2, (p.y + q.y) / 2
        span = max(abs(p.x - q.x) / max(1, self.cam.view_w - 120), abs(p.y - q.y) / max(1, self.cam.view_h - 200))
        if span > 0 and self.cam.zoom > 1 / span:
            self.cam.zoom = max(8.0, 1 / span)
        self._clamp()

    def cycle_skid(self) -> None:
        keep = self.chosen.maneuver if self.chosen else None
        self.skid = SKIDS[(SKIDS.index(self.skid) + 1) % len(SKIDS)] if self.skid in SKIDS else 0.0
        self._refresh_ghosts(keep)

    def toggle_even(self) -> None:
        keep = self.chosen.maneuver if self.chosen else None
        self.even = not self.even
        self._refresh_ghosts(keep)

    def mirror(self) -> None:
        g = self.chosen
        if g is None:
            return
        want = mirrored(g.maneuver)
        idx = next((i for i, x in enumerate(self.ghosts) if x.maneuver == want), None)
        self.choose(idx)

    def cancel_choice(self) -> bool:
        """Esc: drop an uncommitted choice (back to straight ahead / the current speed)."""
        if self.state.step == MOVE and self.chosen is not None and self.chosen.maneuver.kind != "straight":
            self.choose(self._straight_index())
            return True
        if self.state.step == SPEED and self.speed_vid:
            cur = self.state.vehicle(self.speed_vid).signed_speed
            if cur in self.speed_options and self.speed_options[self.speed_index] != cur:
                self.set_speed_index(self.speed_options.index(cur))
                return True
        return False

    def undo_choice(self) -> None:
        if self.choice_history:
            want = self.choice_history.pop()
            idx = next((i for i, g in enumerate(self.ghosts) if g.maneuver == want), None)
            if idx is not None:
                self.choice = idx
                return
        self.cancel_choice()

    def toggle_hold(self, vid: str | None = None) -> None:
        vid = vid or self.actor()
        if vid is None:
            return
        if vid in self.hold:
            self.hold.discard(vid)
            self.message = f"{vid} takes the wheel"
        else:
            self.hold.add(vid)
            self.message = f"{vid} holds its course"
        self.wait = 0.0

    def dismiss_banner(self) -> None:
        if self.banner:
            self.last_owner = self.banner.owner
            self.banner = None

    def centre_on(self, vid: str) -> None:
        v = self.state.vehicle(vid)
        p = self.anim.pose(vid, v.pose)
        self.cam.cx, self.cam.cy = p.x, p.y
        self._clamp()

    def _clamp(self) -> None:
        """Keep the map on screen: no more than an inch of margin beyond its edges."""
        w, h = map_size(self.session.map)
        half_w, half_h = self.cam.view_w / 2 / self.cam.zoom, self.cam.view_h / 2 / self.cam.zoom
        for attr, size, half in (("cx", w, half_w), ("cy", h, half_h)):
            lo, hi = half - 1, size - half + 1
            value = getattr(self.cam, attr)
            setattr(self.cam, attr, size / 2 if lo > hi else max(lo, min(hi, value)))

    # --- buttons -----------------------------------------------------------------------------------

    def _layout_buttons(self) -> None:
        r = self.controls_rect
        bs: list[Button] = []
        x, y = r.x + 8, r.y + 28
        w3 = (r.width - 24) // 3

        def add(col: int, row: int, label: str, fn: object, name: str, active: bool = False, span: int = 1) -> None:
            rect = pygame.Rect(x + col * (w3 + 4), y + row * 30, w3 * span + 4 * (span - 1), 26)
            bs.append(Button(rect, label, fn, active=active, name=name))  # type: ignore[arg-type]

        st = self.state
        if st.step == MOVE:
            add(0, 0, "< left", lambda: self.step_choice(-1), "prev")
            add(1, 0, "Straight", self.straight, "straight")
            add(2, 0, "right >", lambda: self.step_choice(1), "next")
            add(0, 1, f"Skid {self.skid:g}\"", self.cycle_skid, "skid", self.skid > 0)
            add(1, 1, "Mirror", self.mirror, "mirror")
            add(2, 1, "Even out", self.toggle_even, "even", self.even)
            add(0, 2, "Hold course", self.toggle_hold, "hold", (self.actor() or "") in self.hold)
            add(1, 2, "Undo", self.undo_choice, "undo")
            add(2, 2, "Commit", self.commit_choice, "commit")
            add(1, 3, "Sheets", self._sheets, "sheets")
            add(2, 3, "Menu", self._pause, "menu")
        elif st.step == FIRE:
            add(0, 0, "< prev", lambda: self.step_choice(-1), "prev")
            chosen = self.fire_options[self.fire_index] if self.fire_options else None
            add(1, 0, _commit_label(chosen), self.commit_choice, "commit")
            add(2, 0, "next >", lambda: self.step_choice(1), "next")
            add(0, 1, "Hold fire", self.straight, "pass")
            drops = sum(isinstance(x, Drop) for x in self.fire_options)
            if drops:
                add(1, 1, f"Drops ({drops})", self.next_drop, "drop", isinstance(chosen, Drop))
            autos = sum(isinstance(x, Automatic) for x in self.fire_options)
            if autos:
                add(2, 1, f"Auto ({autos})", self.next_automatic, "auto", isinstance(chosen, Automatic))
            add(1, 3, "Sheets", self._sheets, "sheets")
            add(2, 3, "Menu", self._pause, "menu")
        else:
            add(0, 0, "slower -", lambda: self.step_choice(-1), "slower")
            add(1, 0, "Keep speed", self.straight, "keep")
            add(2, 0, "faster +", lambda: self.step_choice(1), "faster")
            add(0, 1, "Hold course", self.toggle_hold, "hold", (self.actor() or "") in self.hold)
            add(1, 1, "Undo", self.undo_choice, "undo")
            add(2, 1, "Commit", self.commit_choice, "commit")
            add(1, 3, "Sheets", self._sheets, "sheets")
            add(2, 3, "Menu", self._pause, "menu")
        if self.banner:
            bw, bh = 260, 40
            cx, cy = self.cam.view_x + self.cam.view_w // 2, self.cam.view_y + self.cam.view_h // 2
            bs.insert(0, Button(pygame.Rect(cx - bw // 2, cy + 40, bw, bh), "Take the wheel", self.dismiss_banner,
                                name="banner"))
        self.buttons = bs

    def button(self, name: str) -> Button:
        self._layout_buttons()
        return next(b for b in self.buttons if b.name == name)

    def _fire(self) -> None:
        """F: firing happens in the fire step after each phase's movement (when the rule option
        fire_step is on); outside it, say so."""
        if self.state.step != FIRE:
            self.message = "weapons fire after the phase's movement"

    def _sheets(self) -> None:
        from game.scenes.record_sheet import RecordSheetScene

        self.app.push(RecordSheetScene(self.app, self.session, self.actor()))

    def _pause(self) -> None:
        from game.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    # --- events ------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        intent = intent_of(event)
        if intent is not None:
            return self.handle_intent(intent)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._mouse_down(event)
        if event.type == pygame.MOUSEMOTION:
            return self._mouse_move(event)
        if event.type == pygame.MOUSEBUTTONUP:
            return self._mouse_up(event)
        if event.type == pygame.MOUSEWHEEL:
            mx, my = pygame.mouse.get_pos() if not hasattr(event, "pos") else event.pos
            if self.log_rect.collidepoint((mx, my)):
                self.log_scroll = max(0, self.log_scroll + 3 * event.y)
            else:
                self.cam.zoom_at(1.15 ** event.y, mx, my)
                self.user_zoomed = True
            return True
        return False

    def handle_intent(self, intent: Intent) -> bool:
        if self.banner is not None:
            if intent in (Intent.CONFIRM, Intent.STRAIGHT, Intent.CANCEL):
                self.dismiss_banner()
                return True
        key_up = self.state.step == MOVE and bool(self.ghosts)
        pans = {Intent.PAN_LEFT: (PAN_STEP, 0), Intent.PAN_RIGHT: (-PAN_STEP, 0), Intent.PAN_UP: (0, PAN_STEP),
                Intent.PAN_DOWN: (0, -PAN_STEP)}
        if not key_up:
            pans.update({Intent.LEFT: (PAN_STEP, 0), Intent.RIGHT: (-PAN_STEP, 0)})
        if self.state.step == MOVE:
            pans.update({Intent.UP: (0, PAN_STEP), Intent.DOWN: (0, -PAN_STEP)})
        if intent in pans:
            self.cam.pan_pixels(*pans[intent])
            self.follow = False
            return True
        actions: dict[Intent, Callable[[], object]] = {
            Intent.LEFT: lambda: self.step_choice(-1), Intent.RIGHT: lambda: self.step_choice(1),
            Intent.PREV: lambda: self.step_choice(-1), Intent.NEXT: lambda: self.step_choice(1),
            Intent.UP: lambda: self.step_choice(1), Intent.DOWN: lambda: self.step_choice(-1),
            Intent.CONFIRM: self.commit_choice, Intent.STRAIGHT: self.straight, Intent.SKID: self.cycle_skid,
            Intent.MIRROR: self.mirror, Intent.EVEN: self.toggle_even, Intent.HOLD: self.toggle_hold,
            Intent.UNDO: self.undo_choice, Intent.SHEET: self._sheets, Intent.FIRE: self._fire,
            Intent.ZOOM_IN: lambda: self._zoom(1.25), Intent.ZOOM_OUT: lambda: self._zoom(0.8),
            Intent.FOLLOW: self._follow_now,
            Intent.LOG_UP: lambda: self._scroll_log(8), Intent.LOG_DOWN: lambda: self._scroll_log(-8),
            Intent.SAVE: lambda: self._save_load(True), Intent.LOAD: lambda: self._save_load(False),
        }
        if intent is Intent.CANCEL:
            if not self.cancel_choice():
                self._pause()
            return True
        fn = actions.get(intent)
        if fn is None:
            return False
        fn()
        return True

    def _zoom(self, factor: float) -> None:
        self.cam.zoom_at(factor, *self._view_centre())
        self.user_zoomed = True

    def _view_centre(self) -> tuple[float, float]:
        return self.cam.view_x + self.cam.view_w / 2, self.cam.view_y + self.cam.view_h / 2

    def _follow_now(self) -> None:
        self.follow = True
        a = self.actor()
        if a:
            self.centre_on(a)

    def _scroll_log(self, n: int) -> None:
        self.log_scroll = max(0, self.log_scroll + n)

    def _save_load(self, save: bool) -> None:
        from game.scenes.save_load import SaveLoadScene

        self.app.push(SaveLoadScene(self.app, save=save, battle=self))

    def _on_board(self, pos: tuple[int, int]) -> bool:
        return pygame.Rect(self.cam.view_x, self.cam.view_y, self.cam.view_w, self.cam.view_h).collidepoint(pos)

    def _mouse_down(self, event: pygame.event.Event) -> bool:
        if event.button == 1 and click_buttons(self.buttons, event):
            self._layout_buttons()
            return True
        if self.banner is not None:
            if event.button == 1:
                self.dismiss_banner()
            return True
        if event.button == 3 and self.state.step == MOVE:   # right-click: cancel, nothing committed
            self.dragging = None
            self.cancel_choice()
            return True
        if event.button in (4, 5):  # old-style wheel
            self.cam.zoom_at(1.15 if event.button == 4 else 1 / 1.15, *event.pos)
            self.user_zoomed = True
            return True
        if self.state.step == SPEED and event.button == 1 and self._speed_click(event.pos):
            return True
        if self.state.step == FIRE and event.button == 1 and self._on_board(event.pos) and self._fire_click(event.pos):
            return True
        if not self._on_board(event.pos):
            return False
        self.drag_start = event.pos
        self.drag_moved = False
        a = self.human_actor()
        if event.button == 1 and a and self.state.step == MOVE and self.ghosts:
            mx, my = self.cam.to_map(*event.pos)
            if self._inside_counter(a, mx, my):
                self.dragging = "counter"
                self.grab = grab_offset(self.state.vehicle(a).pose, mx, my)
                self.drag_cancelled = False
                return True
            size = tables().handling.counters[self.state.vehicle(a).spec.kind]
            hit = ghost_at(self.cam, self.ghosts, size, event.pos)   # the notch or counter pointed at, as hovering
            if hit is not None:
                if hit == self.choice:
                    self.commit_choice()
                else:
                    self.choose(hit)
                return True
        self.dragging = "pan"
        return True

    def _fire_click(self, pos: tuple[int, int]) -> bool:
        """Clicking a target picks the next shot at it; clicking the card fires."""
        if self.human_actor() is None or not self.fire_options:
            return False
        mx, my = self.cam.to_map(*pos)
        for v in self.state.vehicles:
            if v.id != self.fire_vid and self._inside_counter(v.id, mx, my):
                n = len(self.fire_options)
                for k in range(1, n + 1):
                    i = (self.fire_index + k) % n
                    a = self.fire_options[i]
                    if isinstance(a, Fire) and a.target == v.id:
                        self.set_fire_index(i)
                        return True
                self.message = f"no shot at {v.id}"
                return True
        return False

    def _mouse_move(self, event: pygame.event.Event) -> bool:
        self._hover_at(event.pos)
        if self.dragging is None:
            return False
        if math.dist(event.pos, self.drag_start) > 3:
            self.drag_moved = True
        if self.dragging == "pan":
            self.cam.pan_pixels(*event.rel)
            self.follow = False
        elif self.dragging == "counter":
            mx, my = self.cam.to_map(*event.pos)
            a = self.human_actor()
            v = self.state.vehicle(a) if a else None
            size = tables().handling.counters[v.spec.kind] if v else None
            idx = nearest(self.ghosts, mx, my, self.grab, self.choice, v.pose if v else None, size)
            self.drag_cancelled = idx == -1
            if self.drag_cancelled:
                self.choose(self._straight_index())
            elif idx is not None and idx != self.choice:
                self.choose(idx)
        return True

    def _hover_at(self, pos: tuple[int, int]) -> None:
        """The ghost (legal or greyed) under the pointer, whose card the key shows."""
        a = self.human_actor()
        if a is None or self.state.step != MOVE or self.preview is None or not self._on_board(pos):
            self.hover = None
            return
        size = tables().handling.counters[self.state.vehicle(a).spec.kind]
        shown = self.ghosts + self.preview.greyed(self.skid, self.even)
        i = ghost_at(self.cam, shown, size, pos)
        self.hover = shown[i] if i is not None else None
        self.hover_pos = pos

    def _mouse_up(self, event: pygame.event.Event) -> bool:
        was, moved = self.dragging, self.drag_moved
        self.dragging = None
        if was == "counter" and moved and not self.drag_cancelled:
            self.commit_choice()  # release commits
            return True
        return was is not None

    def _inside_counter(self, vid: str, x: float, y: float) -> bool:
        from rules.combat.arcs import inside
        from rules.core.geometry import corners

        v = self.state.vehicle(vid)
        size = tables().handling.counters[v.spec.kind]
        return bool(inside(corners(v.pose, size), Vec(x, y)))

    def _speed_rects(self) -> list[pygame.Rect]:
        """The speed buttons sit in a strip along the bottom of the board."""
        n = len(self.speed_options)
        if not n:
            return []
        w = min(64, max(40, (self.cam.view_w - 20) // n))
        total = w * n
        x0 = self.cam.view_x + (self.cam.view_w - total) // 2
        y = self.cam.view_y + self.cam.view_h - 78
        return [pygame.Rect(x0 + i * w, y, w - 4, 30) for i in range(n)]

    def _speed_click(self, pos: tuple[int, int]) -> bool:
        if self.human_actor() is None:
            return False
        for i, r in enumerate(self._speed_rects()):
            if r.collidepoint(pos):
                if i == self.speed_index:
                    self.commit_choice()
                else:
                    self.set_speed_index(i)
                return True
        return False

    # --- update ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        self.anim.update(dt, self.state)
        if self.anim.busy:
            if self.follow and self.anim.current is not None:
                self.centre_on(self.anim.current[0])
            return
        if self.session.outcome() is not None:
            if not self.over_pushed:
                from game.scenes.game_over import GameOverScene

                self.over_pushed = True
                self.app.push(GameOverScene(self.app, self.session))
            return
        self._sync_actor()
        if self.banner is not None:
            return
        a = self.actor()
        if a is None:
            return
        if self.preview is not None and self.ghosts and not self._swept_all:
            self._swept_all = self.preview.sweep_some(self.ghosts)
            self.ghosts = self.preview.ghosts(self.skid, self.even)
            self._key_version += 1
        seat = self.session.seat(a)
        if seat.foe:
            self._foe_turn(a, seat.foe, dt)
            return
        if self._automatic(a):
            self.wait += dt
            if self.wait >= HOLD_PAUSE:
                self.wait = 0.0
                triv = self._trivial_action(a)
                if triv is not None:
                    self.commit(triv)
            return
        self.wait = 0.0

    def _foe_turn(self, vid: str, profile: str, dt: float) -> None:
        """A foe thinks on a worker thread (the window stays live) and acts after a short visible pause."""
        st = self.state
        if self._thinking is None or self._thinking[0] is not st:
            actions = self.session.legal(vid)
            self._thinking = (st, _FOE_POOL.submit(foe_decision, st, vid, actions, profile))
            self.wait = 0.0
        self.wait += dt
        fut = self._thinking[1]
        if self.wait >= FOE_PAUSE and fut.done():
            try:
                action, why = fut.result()
            except DataError as exc:  # a bad foe profiles file: say so, and the vehicle's owner drives it
                self._thinking = None
                self.session.hand_driven.add(vid)
                self.message = str(exc)
                return
            self._thinking = None
            self.wait = 0.0
            self.session.log.append(Event("foe", why, "", vid))
            self.commit(action)

    def settle(self, max_steps: int = 2000) -> None:
        """Run updates until a human must choose (tests, screenshots)."""
        for _ in range(max_steps):
            if self._thinking is not None and not self._thinking[1].done():
                self._thinking[1].result(timeout=5)
            self.update(0.1)
            if not self.anim.busy and (self.banner or self.human_actor() or self.over_pushed or self.actor() is None):
                if not (self.actor() and self._automatic(self.actor() or "")):
                    return

    # --- draw --------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.board.draw(surface, self.cam)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(self.cam.view_x, self.cam.view_y, self.cam.view_w, self.cam.view_h))
        draw_dropped(surface, self.cam, state_counters(self.state), (self.state.turn, self.state.phase), t=self.clock)
        self._draw_counters(surface)
        a = self.human_actor()
        if a and self.state.step == MOVE and self.ghosts and self.banner is None:
            self._draw_key_cached(surface, a)
            self._draw_choice_card(surface)
        if a and self.state.step == SPEED and self.banner is None:
            self._draw_speed_strip(surface)
        if a and self.state.step == FIRE and self.banner is None:
            self._draw_fire(surface, a)
        self._draw_flashes(surface)
        surface.set_clip(clip)
        self._draw_side_cached(surface)
        self._draw_topbar(surface)
        if self.banner is not None:
            self._draw_banner(surface)

    def _draw_key_cached(self, surface: pygame.Surface, vid: str) -> None:
        """The turning key is redrawn only when the ghosts, the choice or the camera change."""
        cam = self.cam
        key = (self._key_version, self.choice, cam.zoom, cam.cx, cam.cy, cam.view_w, cam.view_h, id(self.ghosts))
        size = tables().handling.counters[self.state.vehicle(vid).spec.kind]
        if self._key_cache is None or self._key_cache[0] != key:
            xs, ys = [], []
            for g in self.ghosts + (self.preview.greyed(self.skid, self.even) if self.preview else []):
                sx, sy = cam.to_screen(g.end.x, g.end.y)
                xs.append(sx)
                ys.append(sy)
            pad = cam.zoom * 2.2 + 90
            area = pygame.Rect(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
            area = area.clip(pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h))
            layer = pygame.Surface(area.size, pygame.SRCALPHA)
            local = replace(cam, view_x=cam.view_x - area.x, view_y=cam.view_y - area.y)
            v = self.state.vehicle(vid)
            greyed = self.preview.greyed(self.skid, self.even) if self.preview is not None else []
            draw_key(layer, local, self.ghosts, size, self.choice, start=v.pose, greyed=greyed, skid=self.skid,
                     travel=v.travel)
            self._key_cache = (key, layer, area)
        _, layer, area = self._key_cache
        surface.blit(layer, area)
        if self.hover is not None and not self.dragging:
            view = pygame.Rect(cam.view_x, cam.view_y, cam.view_w, cam.view_h)
            draw_card(surface, self.hover, self.hover_pos, view, cam, size)

    def _draw_counters(self, surface: pygame.Surface) -> None:
        sizes = tables().handling.counters
        actor = self.actor()
        for v in sorted(self.state.vehicles, key=lambda v: (not v.out, v.id == actor)):
            pose = self.anim.pose(v.id, v.pose)
            seat = self.session.seat(v.id)
            keyed = v.id == actor and bool(self.ghosts) and not self.anim.busy
            draw_counter(surface, self.cam, v, pose, sizes[v.spec.kind], theme.owner_colour(seat.colour),
                         active=v.id == actor and not self.anim.busy, label=not keyed)
            if v.id in self.hold and not v.out:
                sx, sy = self.cam.to_screen(pose.x, pose.y)
                text(surface, "HOLD", (sx, sy + self.cam.zoom * 0.7 + 8), 15, theme.ACCENT, anchor="center")

    def _draw_flashes(self, surface: pygame.Surface) -> None:
        for f in self.anim.flashes:
            try:
                v = self.state.vehicle(f.vehicle)
            except KeyError:
                continue
            p = self.anim.pose(v.id, v.pose)
            sx, sy = self.cam.to_screen(p.x, p.y)
            if f.kind == "explosion":
                draw_explosion(surface, (sx, sy), self.cam.zoom, f.age / f.life)
                continue
            if f.kind == "shot":
                try:
                    t = self.state.vehicle(f.target)
                except KeyError:
                    continue
                q = self.anim.pose(t.id, t.pose)
                draw_tracer(surface, (sx, sy), self.cam.to_screen(q.x, q.y), f.age / f.life)
                continue
            r = self.cam.zoom * (0.6 + f.age * 1.2)
            pygame.draw.circle(surface, f.colour, (sx, sy), r, 3)

    def _draw_topbar(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        pygame.draw.rect(surface, (30, 32, 38), pygame.Rect(0, 0, w, TOPBAR))
        st = self.state
        a = self.actor()
        words = f"{self.session.title}  ·  turn {st.turn}, phase {st.phase}"
        if a:
            seat = self.session.seat(a)
            v = st.vehicle(a)
            who = f"{seat.owner}" + (f" (foe: {seat.foe})" if seat.foe else "")
            if st.step == MOVE:
                left = len(v.increments)
                words += f"  ·  {a} ({who}) moves: {left} move{'s' if left != 1 else ''} left this phase"
            elif st.step == FIRE:
                words += f"  ·  {a} ({who}): fire"
            else:
                words += f"  ·  {a} ({who}): speed change"
            if a in self.hold:
                words += "  ·  holding course (H takes the wheel)"
        text(surface, words, (10, 7), 20, theme.TEXT)
        if self.message:
            text(surface, self.message, (w - SIDEBAR - 10, 7), 18, theme.ACCENT, anchor="topright")

    def _draw_side_cached(self, surface: pygame.Surface) -> None:
        """The sidebar (chart, controls, record sheet, log) is redrawn only when what it shows changes."""
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        hover = next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(mouse)), -1)
        buttons = tuple((b.label, b.active, b.enabled) for b in self.buttons)
        key = (id(self.state), len(self.session.log), self.log_scroll, buttons, hover, self.size, self.actor())
        x = self.chart_rect.x
        if self._side_cache is None or self._side_cache[0] != key:
            side = pygame.Surface((SIDEBAR, self.size[1]))
            side.fill(theme.BG)
            shift = (-x, 0)
            colours = {v.id: theme.owner_colour(self.session.seat(v.id).colour) for v in self.state.vehicles}
            draw_chart(side, self.chart_rect.move(shift), self.state, colours, self.actor())
            self._draw_controls(side, shift)
            focus = self.actor() or (self.state.vehicles[0].id if self.state.vehicles else None)
            draw_sheet(side, self.sheet_rect.move(shift), self.state.vehicle(focus) if focus else None,
                       self.session.seat(focus).owner if focus else "")
            draw_log(side, self.log_rect.move(shift), self.session.log, self.log_scroll)
            self._side_cache = (key, side)
        surface.blit(self._side_cache[1], (x, TOPBAR), pygame.Rect(0, TOPBAR, SIDEBAR, self.size[1] - TOPBAR))

    def _draw_controls(self, surface: pygame.Surface, shift: tuple[int, int] = (0, 0)) -> None:
        title = {MOVE: "Turning key", SPEED: "Speed change", FIRE: "Fire"}.get(self.state.step, "")
        panel(surface, self.controls_rect.move(shift), title)
        shown = [replace(b, rect=b.rect.move(shift)) for b in self.buttons if b.name != "banner"]
        mouse = pygame.mouse.get_pos()
        for b, orig in zip(shown, [b for b in self.buttons if b.name != "banner"], strict=True):
            b.draw(surface, orig.rect.collidepoint(mouse))

    def _draw_choice_card(self, surface: pygame.Surface) -> None:
        g = self.chosen
        a = self.human_actor()
        if g is None or a is None:
            return
        d = g.details
        lines = [d[0], "   ".join(d[1:3]), *d[3:4]]
        lines.append("Enter/release: commit · Esc: cancel · Space: straight · K skid · M mirror · V even")
        r = pygame.Rect(self.cam.view_x + 10, self.cam.view_y + self.cam.view_h - 22 * len(lines) - 16,
                        min(620, self.cam.view_w - 20), 22 * len(lines) + 8)
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        bg.fill((10, 12, 16, 200))
        surface.blit(bg, r)
        for i, ln in enumerate(lines):
            colour = theme.HIT if (i == 2 and g.blocked) else theme.DIM if i == len(lines) - 1 else theme.TEXT
            text(surface, ln, (r.x + 8, r.y + 5 + i * 22), 20 if i < 2 else 17, colour, bold=i == 0)

    def _draw_speed_strip(self, surface: pygame.Surface) -> None:
        a = self.human_actor()
        if a is None:
            return
        v = self.state.vehicle(a)
        rects = self._speed_rects()
        for i, (mph, r) in enumerate(zip(self.speed_options, rects, strict=False)):
            sel = i == self.speed_index
            cur = mph == v.signed_speed
            pygame.draw.rect(surface, (80, 90, 120) if sel else (40, 44, 54), r, border_radius=4)
            pygame.draw.rect(surface, theme.ACCENT if sel else (theme.GOOD if cur else theme.PANEL_EDGE), r, 2,
                             border_radius=4)
            text(surface, f"{mph:g}", r.center, 18, theme.TEXT, anchor="center")
        info = self.speed_info.text if self.speed_info else ""
        y = rects[0].bottom + 6 if rects else self.cam.view_y + self.cam.view_h - 40
        line = f"{a}: now {v.signed_speed:g} mph (accel {v.spec.acceleration:g})  ·  {info}  ·  H: hold course"
        r = pygame.Rect(self.cam.view_x + 10, y, self.cam.view_w - 20, 26)
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        bg.fill((10, 12, 16, 200))
        surface.blit(bg, r)
        colour = theme.TEXT if not self.speed_info or not self.speed_info.difficulty else theme.WARN
        text(surface, line + "   ·  Enter: commit, Space: keep", (r.x + 8, r.y + 4), 19, colour)

    def _draw_fire(self, surface: pygame.Surface, vid: str) -> None:
        """The chosen shot: the weapon's arc shaded, targets marked, the line of fire, the to-hit
        number, the chance in per cent and the modifier list."""
        info = self.fire_info
        v = self.state.vehicle(vid)
        size = tables().handling.counters[v.spec.kind]
        if info is not None and info.mount:
            fan = arc_outline(info.mount, v.pose, size)
            if len(fan) >= 3:
                pts = [self.cam.to_screen(p.x, p.y) for p in fan]
                shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                pygame.draw.polygon(shade, (250, 220, 90, 40), pts)
                surface.blit(shade, (0, 0))
        targets = {x.target for x in self.fire_options if isinstance(x, Fire)}
        chosen = self.fire_options[self.fire_index] if self.fire_options else None
        for t in self.state.vehicles:
            if t.id in targets:
                p = self.anim.pose(t.id, t.pose)
                sx, sy = self.cam.to_screen(p.x, p.y)
                hot = isinstance(chosen, Fire) and chosen.target == t.id
                pygame.draw.circle(surface, theme.HIT if hot else theme.WARN, (sx, sy), self.cam.zoom * 0.8, 3 if hot else 1)
        if info is not None and info.counters:  # a drop: where its counters will land
            draw_dropped(surface, self.cam, info.counters, (self.state.turn, self.state.phase), ghost=True)
        if info is not None and info.origin is not None and info.point is not None:
            a = self.cam.to_screen(info.origin.x, info.origin.y)
            b = self.cam.to_screen(info.point.x, info.point.y)
            pygame.draw.line(surface, theme.ACCENT, a, b, 2)
        lines = [info.text if info else "nothing to fire", info.modifier_text if info else "",
                 f"choice {self.fire_index + 1} of {len(self.fire_options)}  ·  Left/Right: choose, click a target · "
                 f"Enter: {_commit_label(chosen).lower()} · Space: hold fire"]
        r = pygame.Rect(self.cam.view_x + 10, self.cam.view_y + self.cam.view_h - 84, self.cam.view_w - 20, 76)
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        bg.fill((10, 12, 16, 210))
        surface.blit(bg, r)
        for i, ln in enumerate(lines):
            for j, part in enumerate(wrap(ln, 18, r.width - 16)[:1]):
                text(surface, part, (r.x + 8, r.y + 6 + i * 23 + j * 18), 20 if i == 0 else 17,
                     theme.TEXT if i == 0 else theme.DIM, bold=i == 0)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        b = self.banner
        if b is None:
            return
        shade = pygame.Surface((self.cam.view_w, self.cam.view_h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (self.cam.view_x, self.cam.view_y))
        cx, cy = self.cam.view_x + self.cam.view_w // 2, self.cam.view_y + self.cam.view_h // 2
        r = pygame.Rect(0, 0, 520, 180)
        r.center = (cx, cy)
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=10)
        pygame.draw.rect(surface, b.colour, r, 4, border_radius=10)
        text(surface, f"{b.owner}, your turn", (cx, r.y + 34), 40, b.colour, bold=True, anchor="center")
        for i, ln in enumerate(wrap(f"{b.vehicle} is to act. Hand over the controls, then press Enter "
                                    "or click.", 20, 480)):
            text(surface, ln, (cx, r.y + 64 + i * 20), 20, theme.TEXT, anchor="center")
        draw_buttons(surface, [x for x in self.buttons if x.name == "banner"])


def _commit_label(chosen: Action | None) -> str:
    """What the commit button does with the chosen fire-step action."""
    if isinstance(chosen, Drop):
        return "Drop"
    if isinstance(chosen, Automatic):
        return "Auto on" if chosen.on else "Auto off"
    return "Fire"
