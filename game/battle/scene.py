"""The battle: the board with its counters, and the screen handed to a player only for a real decision.

The rules say who is to act (rules.engine.to_act). A scripted foe acts on its own after a short
visible pause (game.battle.foe). For a player's vehicle the pilot (game.battle.pilot) first answers
what nobody has to decide: a standing order (hold course, keep this speed for the turn) or a fire
step in which no shot can hit. Only what is left is shown: the speed panel, the turning key or the
fire panel, each with its own keys and buttons. A hand-off banner shows when the screen passes to
another player; the camera brings the acting vehicle into view.
"""

from __future__ import annotations

import pygame

from game import theme
from game.anim import Animator
from game.battle import drawing, holding, pilot, view
from game.battle.banner import BANNER_LOCK, BANNER_SECONDS, Banner
from game.battle.fire_panel import FirePanel
from game.battle.foe import FoeRunner
from game.battle.foot_panel import FootPanel
from game.battle.key_panel import KeyPanel
from game.battle.layout import TOPBAR, Layout, layout
from game.battle.panel import DecisionPanel
from game.battle.side_panels import PAGE, LogPanel, SheetPanel, Sidebar
from game.battle.speed_panel import SpeedPanel
from game.camera import Camera
from game.input.bindings import Intent, intent_of
from game.render.board import BoardRenderer, map_size
from game.render.dropped import draw_dropped, state_counters
from game.render.effects import draw_marks
from game.replay import phase_start, replay_last_phase
from game.scenes.base import Scene
from game.session import Session, foe_decision
from game.sound import SoundBoard
from game.ui import Button
from rules.core.errors import DataError
from rules.core.events import FoeChose
from rules.core.geometry import Pose
from rules.engine.preview import Previewer
from rules.play import people
from rules.play.actions import Action, Fire, Pass
from rules.play.state import FIRE, MOVE, SPEED, GameState

AUTO_PAUSE = {MOVE: 0.25, SPEED: 0.0, FIRE: 0.0}   # seconds before an automatic answer, so moves are seen
PAN_STEP = 60          # pixels per pan key press


class BattleScene(Scene):
    def __init__(self, app: object, session: Session) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.session = session
        self.board = BoardRenderer(session.map)
        self.cam = Camera()
        board = SoundBoard.for_app(app)
        self.settings = board.settings   # the client's settings (sound, fire stops, banner), kept between games
        self.anim = Animator(session.state, sound=board)
        self._replay_from: GameState | None = None   # the game as a replayed phase began
        self.previewer = Previewer()   # the engine's previews, with a collision world of their own
        self.orders = pilot.Orders()
        self.orders.fire_stops = self.settings.fire_stops
        self.foes = FoeRunner(lambda *a: foe_decision(*a))
        self.speed, self.key, self.fire = SpeedPanel(self), KeyPanel(self), FirePanel(self)
        self.foot = FootPanel(self)   # people on foot (issue 18)
        self.sheet, self.log = SheetPanel(self), LogPanel(self)
        self.sidebar = Sidebar(self.sheet, self.log)
        self.confirm_handoff = self.settings.banner_waits    # setting: the banner waits for Enter or a click
        self.handoffs: list[str] = []   # owners the screen was handed to, in order (tests, the log)
        self._banner: Banner | None = None
        self._last_owner: str | None = None
        self._asked: tuple[int, str] | None = None   # the decision last looked at: (id(state), vehicle)
        self._auto: Action | None = None              # the pilot's answer to it, if it has one
        self._auto_note = ""                          # what the pilot says of it ("escort holds fire: ...")
        self._passed: tuple[tuple[int, int], list[str]] = ((0, 0), [])   # fire step, vehicles passed by the pilot
        self._wait = 0.0
        self._panning = False
        self.message = ""
        self.clock = 0.0
        self.user_zoomed = False
        self.over_pushed = False
        self.top_buttons: list[Button] = []
        self.overview_zoom = self.cam.zoom
        self.resized(self.app.size)

    # --- layout and camera -------------------------------------------------------------------------

    def resized(self, size: tuple[int, int]) -> None:
        self.layout: Layout = layout(size, len(self.session.state.vehicles))
        b = self.layout.board
        self.cam.view_x, self.cam.view_y, self.cam.view_w, self.cam.view_h = b.x, b.y, b.width, b.height
        if not self.user_zoomed:
            self.show_all()   # the first view, or a new window size: every car in it
        self._layout_buttons()

    def _layout_buttons(self) -> None:
        w = self.layout.size[0]
        x = w - self.layout.chart.width
        bs = []
        for i, (label, fn, name) in enumerate((("Menu", self.open_menu, "menu"), ("Sheets (R)", self.open_sheets, "sheets"),
                                               ("Centre (C)", self.centre_now, "centre"),
                                               ("Replay (P)", self.replay, "replay"))):
            bs.append(Button(pygame.Rect(x - 10 - (i + 1) * 104, 3, 100, TOPBAR - 6), label, fn, name=name))
        self.top_buttons = bs
        panel = self.panel()
        if panel is not None:
            panel.layout_buttons(self.layout.controls)

    def show_all(self) -> None:
        """The first view: every vehicle on the board, with room around them."""
        pts = [(v.pose.x, v.pose.y) for v in self.state.vehicles if not v.out]
        view.fit_points(self.cam, pts)
        self.overview_zoom = self.cam.zoom   # the zoom speed changes and fire steps come back to
        self.clamp()

    def clamp(self) -> None:
        view.clamp(self.cam, *map_size(self.session.map))

    def centre_on(self, vid: str) -> None:
        p = self.anim.pose(vid, self.pose_of(vid))
        self.cam.cx, self.cam.cy = p.x, p.y
        self.clamp()

    def centre_now(self) -> None:
        a = self.actor()
        if a:
            self.centre_on(a)

    def on_board(self, pos: tuple[int, int]) -> bool:
        return self.layout.board.collidepoint(pos)

    @staticmethod
    def mouse_pos(event: pygame.event.Event) -> tuple[int, int]:
        pos = getattr(event, "pos", None)
        return (int(pos[0]), int(pos[1])) if pos is not None else pygame.mouse.get_pos()

    # --- who acts ----------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.session.state

    def actor(self) -> str | None:
        ids = self.session.to_act()
        return ids[0] if ids else None

    def owners(self) -> dict[str, str]:
        return {v.id: v.owner for v in self.session.setup.vehicles}

    def _presented(self) -> str | None:
        """The vehicle whose decision is on screen now, if a player has one."""
        a = self.actor()
        if a is None or self.anim.busy or self.session.seat(a).foe:
            return None
        if self._asked != (id(self.state), a) or self._auto is not None:
            return None
        return a

    def human_actor(self) -> str | None:
        """The player's vehicle to choose for now (None while a foe or the pilot acts, or during motion)."""
        return self._presented()

    def panel(self) -> DecisionPanel | None:
        a = self.actor()
        if a is not None and self._people_choice(a):
            return self.foot
        return {SPEED: self.speed, MOVE: self.key, FIRE: self.fire}.get(self.state.step)

    def _people_choice(self, actor: str) -> bool:
        """A person's decision, or a vehicle's that concerns people (a crewman out, a shot at a man)."""
        if people.is_person(self.state, actor):
            return True
        return self.state.step == FIRE and any(people.concerns(self.state, x) and not isinstance(x, Pass)
                                               for x in self.session.legal(actor))

    def pose_of(self, actor: str) -> Pose:
        p = people.person(self.state, actor)
        return p.pose if p is not None else self.state.vehicle(actor).pose

    @property
    def banner(self) -> Banner | None:
        """The hand-off banner while it holds the controls back (a shown banner that does not block is
        `shown_banner`)."""
        b = self._banner
        if b is not None and (self.confirm_handoff or b.age < BANNER_LOCK):
            return b
        return None

    @property
    def shown_banner(self) -> Banner | None:
        return self._banner

    def dismiss_banner(self) -> None:
        self._banner = None

    def _human_owners(self) -> set[str]:
        return {v.owner for v in self.session.setup.vehicles if not v.foe}

    def _present(self, vid: str) -> None:
        """A player has a decision: hand the screen over if it changes hands, bring the car into view."""
        seat = self.session.seat(vid)
        if self._last_owner is not None and seat.owner != self._last_owner and len(self._human_owners()) > 1:
            self._banner = Banner(seat.owner, vid, theme.owner_colour(seat.colour))
            self.handoffs.append(seat.owner)
        self._last_owner = seat.owner
        if self.state.step == SPEED and not self.user_zoomed:
            self.show_all()   # a speed change is chosen seeing the whole field (the actor is in it)
        elif self.state.step == FIRE and not self.user_zoomed:
            self.cam.zoom = self.overview_zoom   # the key zoomed in for the move; the fire panel frames the shot
        panel = self.panel()
        if panel is not None:
            panel.sync(vid)
        p = self.pose_of(vid)
        chosen = self.fire.chosen
        framed = self.state.step == FIRE and chosen is not None and (isinstance(chosen.action, Fire) or bool(chosen.plan))
        if not framed and view.follow(self.cam, p.x, p.y):   # a shot is framed with its target instead
            self.clamp()
        self._layout_buttons()

    # --- acting ------------------------------------------------------------------------------------

    def commit(self, action: Action) -> None:
        events = self.session.apply(action)
        self.anim.feed(events)
        self.log.scroll = 0
        self.message = ""
        self._asked = None
        self._auto = None

    def hold_course(self) -> None:
        """H: the player's own vehicle holds its course for the rest of this turn (again: takes the wheel)."""
        holding.hold_course(self)

    def hold_course_all(self) -> None:
        """Shift+H: every vehicle of the player's holds its course for the rest of this turn."""
        holding.hold_course_all(self)

    def own_vehicles(self, vid: str) -> list[str]:
        return holding.own_vehicles(self, vid)

    def open_sheets(self) -> None:
        self.app.flow.sheets(self.session, self.actor())

    def open_menu(self) -> None:
        self.app.flow.pause(self)

    def button(self, name: str) -> Button:
        """A button by name, in the controls box or the top bar (tests)."""
        self._layout_buttons()
        panel = self.panel()
        shown = (panel.buttons if panel is not None and self.human_actor() else []) + self.top_buttons
        return next(b for b in shown if b.name == name)

    # --- events ------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        intent = intent_of(event)
        pressed = intent is not None or event.type in (pygame.MOUSEBUTTONDOWN,)
        if self.banner is not None:
            if intent in (Intent.CONFIRM, Intent.STRAIGHT, Intent.CANCEL) or (
                    event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
                self.dismiss_banner()
            return True
        if pressed and self._banner is not None:
            self.dismiss_banner()   # the new player's first input: the banner has done its job
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.top_buttons:
                if b.click(event.pos):
                    return True
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return True  # the old-style wheel buttons come with every MOUSEWHEEL: handled there
        panel = self.panel() if self.human_actor() else None
        if panel is not None:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                for b in panel.buttons:
                    if b.click(event.pos):
                        self._layout_buttons()
                        return True
            if panel.handle_event(event):
                self._layout_buttons()
                return True
            if intent is not None and panel.handle_intent(intent):
                self._layout_buttons()
                return True
        if intent is not None:
            return self._global_intent(intent, decision=panel is not None)
        return self._board_mouse(event)

    def _wheel(self, event: pygame.event.Event) -> bool:
        if self.log.handle_event(event):
            return True
        pos = self.mouse_pos(event)
        if self.on_board(pos):
            self.cam.zoom_at(1.15 ** event.y, *pos)
            self.user_zoomed = True
            self.clamp()
        return True

    def _global_intent(self, intent: Intent, *, decision: bool) -> bool:
        pans = {Intent.PAN_LEFT: (PAN_STEP, 0), Intent.PAN_RIGHT: (-PAN_STEP, 0), Intent.PAN_UP: (0, PAN_STEP),
                Intent.PAN_DOWN: (0, -PAN_STEP)}
        if not decision:  # nothing to choose: the arrows pan
            pans.update({Intent.LEFT: (PAN_STEP, 0), Intent.RIGHT: (-PAN_STEP, 0), Intent.UP: (0, PAN_STEP),
                         Intent.DOWN: (0, -PAN_STEP)})
        if intent in pans:
            self.cam.pan_pixels(*pans[intent])
            self.clamp()
            return True
        actions = {
            Intent.HOLD: self.hold_course, Intent.HOLD_ALL: self.hold_course_all, Intent.SHEET: self.open_sheets, Intent.FOLLOW: self.centre_now,
            Intent.ZOOM_IN: lambda: self._zoom(1.25), Intent.ZOOM_OUT: lambda: self._zoom(0.8),
            Intent.LOG_UP: lambda: self.log.scroll_by(PAGE), Intent.LOG_DOWN: lambda: self.log.scroll_by(-PAGE),
            Intent.SAVE: lambda: self.app.flow.save(self),
            Intent.LOAD: lambda: self.app.flow.load(self),
            Intent.CANCEL: self.open_menu, Intent.FIRE: self._fire_key,
            Intent.REPLAY: self.replay, Intent.SOUND: self.toggle_sound,
        }
        fn = actions.get(intent)
        if fn is None:
            return False
        fn()
        return True

    def toggle_sound(self) -> None:
        self.message = self.anim.toggle_sound()

    def shown_state(self) -> GameState:
        """What the board shows: the game now, or during a replay the game as the replayed phase began."""
        if self.anim.replay_label and self._replay_from is not None:
            return self._replay_from
        return self.state

    def replay(self) -> None:
        """Show the last phase again on the board (game/replay.py); the game itself is not touched."""
        self.message = replay_last_phase(self.anim, self.session.log, self.state)
        self._replay_from = phase_start(self.session.game.history, self.session.log) if self.anim.replay_label else None

    def _fire_key(self) -> None:
        if self.state.step != FIRE:
            self.message = "weapons fire in the fire step after each phase's movement"

    def _zoom(self, factor: float) -> None:
        self.cam.zoom_at(factor, self.cam.view_x + self.cam.view_w / 2, self.cam.view_y + self.cam.view_h / 2)
        self.user_zoomed = True
        self.clamp()

    def _board_mouse(self, event: pygame.event.Event) -> bool:
        """Dragging the board pans it."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.on_board(event.pos):
            self._panning = True
            return True
        if event.type == pygame.MOUSEMOTION and self._panning:
            self.cam.pan_pixels(*event.rel)
            self.clamp()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._panning:
            self._panning = False
            return True
        return False

    # --- time --------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        self.anim.update(dt, self.state)
        if self._banner is not None:
            self._banner.age += dt
            if not self.confirm_handoff and self._banner.age >= BANNER_SECONDS:
                self._banner = None
        if self.anim.busy:
            if self.anim.current is not None:
                vid = self.anim.current[0]
                p = self.anim.pose(vid, self.state.vehicle(vid).pose)
                if view.follow(self.cam, p.x, p.y):
                    self.clamp()
            return
        if self.session.outcome() is not None:
            if not self.over_pushed:
                self.over_pushed = True
                self.app.flow.game_over(self.session)
            return
        a = self.actor()
        if a is None:
            return
        seat = self.session.seat(a)
        if seat.foe:
            self._foe_turn(a, seat.foe, dt)
            return
        if self._asked != (id(self.state), a):
            self._asked = (id(self.state), a)
            answer = pilot.answer(self.state, a, self.session.legal(a), self.orders, self.owners())
            self._auto = answer.action
            self._auto_note = answer.note if answer.action is not None else ""
            self._wait = 0.0
            if answer.note and answer.action is None:
                self.message = answer.note
            if answer.action is None:
                self._present(a)
        if self._auto is not None:
            self._wait += dt
            if self._wait >= AUTO_PAUSE.get(self.state.step, 0.0):
                passed = self.state.step == FIRE and isinstance(self._auto, Pass) and bool(self._auto_note)
                step = (self.state.turn, self.state.phase)
                self.commit(self._auto)
                if passed:
                    self._say_passed(step, a)
            return
        panel = self.panel()
        if panel is not None:
            panel.update(dt)

    def _say_passed(self, step: tuple[int, int], vid: str) -> None:
        """The top line names the player's vehicles the pilot held fire for in this fire step (a step the
        player was not asked, so it is seen why)."""
        when, names = self._passed
        if when != step:
            names = []
        names.append(vid)
        self._passed = (step, names)
        self.message = f"Hold fire, no shot at a foe can hit: {', '.join(names)} (turn {step[0]}, phase {step[1]})"

    def _foe_turn(self, vid: str, profile: str, dt: float) -> None:
        try:
            got = self.foes.update(dt, self.state, vid, self.session.legal(vid), profile)
        except Exception as exc:  # noqa: BLE001 - a bad profiles file or a foe that fails: its owner drives
            self.session.hand_driven.add(vid)
            self.message = str(exc) if isinstance(exc, DataError) else f"the foe driving {vid} failed: {exc}"
            return
        if got is not None:
            action, why = got
            self.session.log.append(FoeChose(why, "", vid))
            self.commit(action)

    def settle(self, max_steps: int = 4000) -> None:
        """Run updates until a player must choose (tests, screenshots, scripted play)."""
        for _ in range(max_steps):
            self.foes.wait()
            self.update(0.1)
            if self.anim.busy:
                continue
            if self.over_pushed or self.actor() is None:
                return
            # a player's decision is up, past the banner's first moments (or at a banner that waits)
            if self.human_actor() is not None and (self.banner is None or self.confirm_handoff):
                return

    # --- drawing -----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.board.draw(surface, self.cam)
        clip = surface.get_clip()
        surface.set_clip(self.layout.board)
        shown = self.shown_state()
        draw_dropped(surface, self.cam, state_counters(shown), (shown.turn, shown.phase), t=self.clock)
        draw_marks(surface, self.cam, self.anim)   # skid marks lie under the counters
        drawing.draw_counters(self, surface)
        panel = self.panel()
        deciding = self.human_actor() is not None and self.banner is None
        if deciding and panel is not None:
            panel.draw_board(surface)
        drawing.draw_flashes(self, surface)
        surface.set_clip(clip)
        self.sidebar.draw(surface, self)
        drawing.draw_controls(self, surface, panel if deciding else None)
        drawing.draw_topbar(self, surface)
        if self._banner is not None:
            drawing.draw_banner(self, surface, self._banner)
