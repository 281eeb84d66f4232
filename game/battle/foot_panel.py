"""People on foot (issue 18): a pedestrian's move (the squares he can step into, drawn on the board, and
the eight directions as buttons and arrow keys), his fire step (each shot with the roll it needs and
each grenade throw), and a vehicle's choices that concern people (a crewman getting out, a shot at a
man on foot). Every figure comes from rules/ (legal actions, the rules' to-hit of people)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from game import theme
from game.battle import fire_choices, view
from game.battle.panel import DecisionPanel, card, grid_button
from game.camera import Camera
from game.firing import fire_preview
from game.input.bindings import Intent
from game.ui import Button, text
from rules.combat.to_hit import ToHit
from rules.people.grenades import scatter_reach
from rules.play import people
from rules.play.actions import Action, Automatic, Drop, Fire, Pass, Release, Use
from rules.play.people_actions import (
    Board,
    GetIn,
    GetOff,
    GetOut,
    Prone,
    Reload,
    Shoot,
    Sprint,
    Strike,
    Throw,
    Walk,
)
from rules.play.state import MOVE, GameState

ARROWS = {(-1, -1): "NW", (0, -1): "N", (1, -1): "NE", (-1, 0): "W", (0, 0): "stay", (1, 0): "E",
          (-1, 1): "SW", (0, 1): "S", (1, 1): "SE"}
FOOT_ZOOM = 64.0   # pixels per inch the camera comes to for a man's move (a square 16 px), until the player zooms
FOOT_ZOOM_OUT = 32.0   # ... or as far out as this (a square 8 px) to show the nearest enemy with him
ROWS = 5   # fire-step choices shown at once in the controls box, a row left for the fuse and 'more'
FUSES = (1, 2, 3, 4, 5, 0)   # a throw's timer in seconds (000:L1174), 0: an impact fuse (000:L1195, L1582)
KEYS = {Intent.UP: (0, -1), Intent.DOWN: (0, 1), Intent.LEFT: (-1, 0), Intent.RIGHT: (1, 0)}


def shot_to_hit(state: GameState, a: Shoot) -> ToHit:
    """A hand-weapon shot's to-hit: on foot, or by a crewman from inside his vehicle (PD27)."""
    return people.hand_to_hit(state, a) if people.is_person(state, a.person) else people.inside_to_hit(state, a)


def describe(state: GameState, a: Action) -> str:
    """An action in a player's words, with the roll a shot needs."""
    if isinstance(a, Shoot):
        th = shot_to_hit(state, a)
        who = "" if people.is_person(state, a.person) else f"{a.person.split('.', 1)[1]}'s "
        return (f"{who}{a.weapon} at {a.target}: needs {th.need}" if th.allowed
                else f"{who}{a.weapon} at {a.target}: no shot")
    if isinstance(a, Throw):
        p = people.person(state, a.person)
        need = f": needs {people.throw_need(state, p, a.x, a.y)}" if p is not None else ""
        # the option aims at a target's nearest point, rounded (rules.play.people._options): name the target
        at = next((tid for tid, q in people.target_points(state, p)
                   if abs(q.x - a.x) < 1e-3 and abs(q.y - a.y) < 1e-3), "") if p else ""
        return f"{a.grenade} grenade at {at or f'{a.x:g},{a.y:g}'}{need} ({fuse_words(a.fuse)})"
    if isinstance(a, GetOut):
        return f"{'jump' if a.jump else 'get out'}: {a.crew}"
    if isinstance(a, GetIn):
        return f"get back into {a.into}"
    if isinstance(a, Fire) and people.is_person(state, a.target):
        return f"{a.weapon} at {a.target}: needs {people.vehicle_shot_need(state, a)}"
    if isinstance(a, (Fire, Drop, Automatic, Use, Release)):   # the car's own fire-step rows, as the fire panel words them
        return fire_choices.label_of(state, a, fire_preview(state, a), {})
    if isinstance(a, Pass):
        return "pass"
    if isinstance(a, Prone):
        return "drop prone" if a.down else "stand up"
    if isinstance(a, Strike):
        if people.is_person(state, a.target):
            return f"strike {a.target} hand-to-hand: needs {people.strike_to_hit(state, a).need}"
        return f"strike {a.target} (1d-5, no roll)"
    if isinstance(a, Sprint):
        return "sprint this second (+5 mph, no firing; 000:L1441)"
    if isinstance(a, Board):
        return _board_words(state, a)
    if isinstance(a, Reload):
        rider, r = people.person(state, a.person), state.rules.people.reload
        clips = rider.gear.count(r.clip) if rider and r else 0
        return f"reload from a spare clip ({clips} left; a turn doing nothing else, 000:L1457)"
    if isinstance(a, GetOff):
        rider = people.person(state, a.person)
        off = people.tables_of(state).boarding_need(abs(state.vehicle(rider.riding).speed)) if rider and rider.riding else 0
        return "get off" + (f": needs {off}" if off > 0 else "")
    return str(a)


def _board_words(state: GameState, a: Board) -> str:
    """Climbing on (the roll by his side and the speed, 000:L1474-L1483), dropping on from a roof
    (000:L1485-L1492) or jumping across from the vehicle he rides (000:L1493)."""
    p = people.person(state, a.person)
    need = people.board_need(state, p, state.vehicle(a.onto)) if p is not None else 0
    how = people.board_how(state, p) if p is not None else "climbs"
    verb = {"climbs": "climb onto", "drops": "drop onto", "jumps": "jump across to"}[how]
    return f"{verb} {a.onto}" + (f": needs {need}" if need > 0 else "")


class FootPanel(DecisionPanel):
    step = "people"
    title = "On foot"

    def __init__(self, battle: object) -> None:
        super().__init__(battle)  # type: ignore[arg-type]
        self.legal: list[Action] = []
        self.index = 0
        self.fuse = FUSES[0]   # the player's fuse for his throws, kept from throw to throw

    def sync(self, vid: str) -> None:
        super().sync(vid)
        self.legal = self.b.session.legal(vid)
        self.title = "On foot: move" if self.b.state.step == MOVE else (
            "On foot: fire" if people.is_person(self.b.state, vid) else "Crew and people")
        self.index = 0
        if self.b.state.step == MOVE and not self.b.user_zoomed:
            self._frame_move()

    def _frame_move(self) -> None:
        """His squares are a quarter inch: come close, but keep the nearest enemy in view if it is not far."""
        state, cam = self.b.state, self.b.cam
        p = people.person(state, self.vid or "")
        if p is None:
            return
        foes = [v.pose.centre for v in state.vehicles if not v.out and v.owner != p.owner]
        foes += [o.pose.centre for o in people.standing(state) if o.owner != p.owner]
        at = p.pose.centre
        near = min(foes, key=lambda q: (q - at).length(), default=None)
        pad = (int(cam.view_w * 0.3), int(cam.view_h * 0.3))   # both well inside the middle, where follow leaves them
        pair = Camera(cx=cam.cx, cy=cam.cy, zoom=FOOT_ZOOM, view_x=cam.view_x, view_y=cam.view_y,
                      view_w=cam.view_w, view_h=cam.view_h)
        if near is not None:
            view.frame_pair(pair, (at.x, at.y), (near.x, near.y), pad)
        if near is None or pair.zoom < FOOT_ZOOM_OUT:   # nobody near enough to show with him: he alone, close
            if cam.zoom == FOOT_ZOOM and view.in_middle(cam, at.x, at.y, 0.7):
                return   # the board stays still from phase to phase
            cam.zoom, cam.cx, cam.cy = FOOT_ZOOM, at.x, at.y
        elif not (FOOT_ZOOM_OUT <= cam.zoom <= FOOT_ZOOM and view.in_middle(cam, at.x, at.y, 0.7)
                  and view.in_middle(cam, near.x, near.y, 0.7)):
            cam.zoom, cam.cx, cam.cy = pair.zoom, pair.cx, pair.cy
        self.b.clamp()

    # --- choices -------------------------------------------------------------------------------------

    def walks(self) -> dict[tuple[int, int], Walk]:
        return {(a.dx, a.dy): a for a in self.legal if isinstance(a, Walk)}

    def others(self) -> list[Action]:
        """The choices other than a step, getting out, on or off first (a playtest found the crew's "get out"
        on the second page behind the weapons' automatic switches), then in the engine's order."""
        rest = [replace(a, fuse=self.fuse) if isinstance(a, Throw) else a for a in self.legal if not isinstance(a, Walk)]
        return sorted(rest, key=lambda a: not isinstance(a, (GetOut, GetIn, Board, GetOff)))

    def window_start(self, n: int, at: int) -> int:
        """The first of the ROWS listed choices shown: the window keeps the chosen one (`at`) in it."""
        return max(0, min(at - ROWS // 2, n - ROWS)) if n > ROWS else 0

    def next_page(self) -> None:
        """The next ROWS listed choices: the choice moves to the middle of the next page (round at the end)."""
        listed = [i for i, a in enumerate(self.others()) if not isinstance(a, Pass)]
        if listed:
            at = next((k for k, i in enumerate(listed) if i == self.index), 0)
            page = self.window_start(len(listed), at) + ROWS
            self.index = listed[min(page + ROWS // 2, len(listed) - 1)] if page < len(listed) else listed[0]
        self.b._layout_buttons()

    def next_fuse(self) -> None:
        self.fuse = FUSES[(FUSES.index(self.fuse) + 1) % len(FUSES)]
        self.b._layout_buttons()

    def choose(self, a: Action) -> None:
        if isinstance(a, Pass) and self.vid and self.b.state.step != MOVE:
            # passed: climbing on or off, getting in or out and a reload do not stop him again this turn
            self.b.orders.decline_extras(self.vid, self.b.state.turn, self.legal)
        self.b.commit(a)

    def handle_intent(self, intent: Intent) -> bool:
        if self.b.state.step == MOVE:
            walk = self.walks().get(KEYS.get(intent, (9, 9)))
            if walk is not None:
                self.choose(walk)
                return True
            if intent in (Intent.CONFIRM, Intent.STRAIGHT) and (0, 0) in self.walks():
                self.choose(self.walks()[(0, 0)])
                return True
            return False
        options = self.others()
        if intent in (Intent.UP, Intent.PREV, Intent.LEFT) and options:
            self.index = (self.index - 1) % len(options)
            return True
        if intent in (Intent.DOWN, Intent.NEXT, Intent.RIGHT) and options:
            self.index = (self.index + 1) % len(options)
            return True
        if intent is Intent.CONFIRM and options:
            self.choose(options[self.index])
            return True
        if intent is Intent.SKID and any(isinstance(a, Throw) for a in options):
            self.next_fuse()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on a square he can step into walks him there."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or self.b.state.step != MOVE:
            return False
        p = people.person(self.b.state, self.vid or "")
        if p is None or not self.b.on_board(event.pos):
            return False
        x, y = self.b.cam.to_map(*event.pos)
        sq = self.b.state.rules.people.person.square
        step = (round((x - p.pose.x) / sq), round((y - p.pose.y) / sq))
        walk = self.walks().get(step)
        if walk is None:
            return False
        self.choose(walk)
        return True

    def hint(self) -> str:
        if self.b.state.step == MOVE:
            return "Arrows or a click: step a square (he turns that way); Enter: stay; H: walk on this turn"
        return "Up/Down: choose; Enter: do it; K: a throw's fuse"

    def layout_buttons(self, rect: pygame.Rect) -> list[Button]:
        bs: list[Button] = []
        if self.b.state.step == MOVE:
            walks = self.walks()
            for (dx, dy), label in ARROWS.items():
                w = walks.get((dx, dy))
                bs.append(grid_button(rect, dx + 1, dy + 1, label, (lambda w=w: self.choose(w)) if w else (lambda: None),
                                      f"walk {dx} {dy}", enabled=w is not None))
            others = self.others()
            for i, a in enumerate(others):
                bs.append(grid_button(rect, 0, 3 + i, describe(self.b.state, a), lambda a=a: self.choose(a),
                                      f"other {i}", span=3))
            holding = self.b.orders.holding(self.vid or "", self.b.state.turn)
            bs.append(grid_button(rect, 0, 3 + len(others), "stop walking on (H)" if holding else
                                  "walk on this turn, the way he faces (H)", self.b.hold_course, "walk on", span=3))
        else:
            others = self.others()
            listed = [(i, a) for i, a in enumerate(others) if not isinstance(a, Pass)]   # pass has its own button
            at = next((k for k, (i, _a) in enumerate(listed) if i == self.index), 0)
            start = self.window_start(len(listed), at)
            shown = listed[start:start + ROWS]
            for row, (i, a) in enumerate(shown):
                bs.append(grid_button(rect, 0, row, describe(self.b.state, a), lambda a=a: self.choose(a),
                                      f"option {i}", span=3, active=i == self.index))
            extras: list[tuple[str, Callable[[], None], str, bool]] = []
            if any(isinstance(a, Throw) for a in others):
                extras.append((f"fuse: {fuse_words(self.fuse, short=True)} (K)", self.next_fuse, "fuse", False))
            if len(listed) > ROWS:   # a mouse reaches the rest a page at a time (keys scroll with the choice)
                extras.append((f"more ({len(listed) - len(shown)})", self.next_page, "more", False))
            passing = next((i for i, a in enumerate(others) if isinstance(a, Pass)), None)
            if passing is not None:
                pass_action = others[passing]
                extras.append(("pass", lambda: self.choose(pass_action), "pass", passing == self.index))
            width = {1: 3, 2: 1, 3: 1}.get(len(extras), 1)
            for k, (label, fn, name, on) in enumerate(extras):
                span = 2 if len(extras) == 2 and k == 0 else width
                col = 0 if k == 0 else (2 if len(extras) == 2 else k)
                bs.append(grid_button(rect, col, len(shown), label, fn, name, span=span, active=on))
        self.buttons = bs
        return bs

    # --- drawing -------------------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface) -> None:
        state, cam = self.b.state, self.b.cam
        p = people.person(state, self.vid or "")
        if p is None:
            self._draw_from_inside(surface)
            return
        sq = state.rules.people.person.square
        if state.step == MOVE:
            for (dx, dy) in self.walks():
                x0, y0 = cam.to_screen(p.pose.x + (dx - 0.5) * sq, p.pose.y + (dy - 0.5) * sq)
                size = max(3, int(cam.zoom * sq))
                pygame.draw.rect(surface, theme.ACCENT if (dx, dy) != (0, 0) else theme.DIM,
                                 pygame.Rect(int(x0), int(y0), size, size), 2)
                if (dx, dy) != (0, 0):   # the way he will face there: the way he stepped (rules.play.people.walk)
                    c = cam.to_screen(p.pose.x + dx * sq, p.pose.y + dy * sq)
                    n = (dx * dx + dy * dy) ** 0.5
                    tip = (c[0] + dx / n * size * 0.4, c[1] + dy / n * size * 0.4)
                    pygame.draw.line(surface, theme.ACCENT, c, tip, 2)
            return
        origin = cam.to_screen(p.pose.x, p.pose.y)
        points = dict(people.target_points(state, p))
        for i, a in enumerate(self.others()):
            if isinstance(a, Shoot) and a.target in points:
                q = points[a.target]
                pygame.draw.line(surface, theme.ACCENT if i == self.index else theme.DIM, origin,
                                 cam.to_screen(q.x, q.y), 2)
            if isinstance(a, Throw) and i == self.index:
                aim = cam.to_screen(a.x, a.y)
                pygame.draw.circle(surface, (255, 190, 80), aim, max(4, int(cam.zoom * sq)), 2)
                near, worst = self.scatter_rings(a)   # where a miss may come down (000:L1178-L1191)
                pygame.draw.line(surface, (255, 190, 80), origin, aim, 1)
                pygame.draw.circle(surface, (255, 190, 80), aim, max(5, int(cam.zoom * near)), 1)
                pygame.draw.circle(surface, (200, 120, 60), aim, max(6, int(cam.zoom * worst)), 1)
        reach = state.rules.people.throw.max_range
        pygame.draw.circle(surface, theme.DIM, origin, int(cam.zoom * reach), 1)
        lines = self.chosen_lines()
        if lines:   # the chosen shot's modifiers or the throw's need and scatter, on a card at the board's foot
            board = self.b.layout.board
            person_card(surface, (board.x + 10, board.bottom - 14 - 20 * len(lines)), lines, width=460)

    def _draw_from_inside(self, surface: pygame.Surface) -> None:
        """A vehicle's crew deciding: each shot from inside as a line from its centre to the man on foot."""
        state, cam = self.b.state, self.b.cam
        if state.step == MOVE or not any(v.id == self.vid for v in state.vehicles):
            return
        origin = state.vehicle(self.vid or "").pose.centre
        where = {p.id: p.pose.centre for p in state.people} | {v.id: v.pose.centre for v in state.vehicles}
        for i, a in enumerate(self.others()):
            at = where.get(a.target) if isinstance(a, Shoot) else None
            if at is not None:
                pygame.draw.line(surface, theme.ACCENT if i == self.index else theme.DIM,
                                 cam.to_screen(origin.x, origin.y), cam.to_screen(at.x, at.y), 2)
        lines = self.chosen_lines()
        if lines:
            board = self.b.layout.board
            person_card(surface, (board.x + 10, board.bottom - 14 - 20 * len(lines)), lines, width=460)

    def chosen_lines(self) -> list[str]:
        """The chosen shot's modifiers (each with its rule), or the chosen throw's need and scatter."""
        p = people.person(self.b.state, self.vid or "")
        options = self.others()
        chosen = options[self.index] if self.b.state.step != MOVE and options else None
        lines: list[str] = []
        if isinstance(chosen, Shoot):
            th = shot_to_hit(self.b.state, chosen)
            lines = [f"{m.text()} ({m.rule})" for m in th.modifiers]
        elif isinstance(chosen, Fire) and people.is_person(self.b.state, chosen.target):
            th = people.vehicle_shot_to_hit(self.b.state, chosen)   # a car's gun at a man: height, cover
            lines = [f"{m.text()} ({m.rule})" for m in th.modifiers] + ([th.why] if th.why else [])
        elif isinstance(chosen, Strike) and people.is_person(self.b.state, chosen.target):
            th = people.strike_to_hit(self.b.state, chosen)
            lines = ["base 2, no point-blank bonus (000:L1453)"] + [f"{m.text()} ({m.rule})"
                                                                     for m in th.modifiers]
        elif isinstance(chosen, Throw) and p is not None:
            need = people.throw_need(self.b.state, p, chosen.x, chosen.y)
            near, worst = self.scatter_rings(chosen)
            lines = [f"needs {need}; only a 12 lands on the spot (000:L1176)",
                     f"a near miss lands within {near:.2g}\", the worst {worst:.2g}\" (rings)",
                     (f"a {chosen.fuse}-second timer: it goes off at the end of turn {self.b.state.turn + chosen.fuse} "
                      "(000:L1174); K: the fuse" if chosen.fuse else
                      "an impact fuse: it goes off where it lands or strikes (000:L1195); K: the fuse")]
        return ([describe(self.b.state, chosen)] if lines and chosen is not None else []) + lines[:7]

    def scatter_rings(self, a: Throw) -> tuple[float, float]:
        """How far from the aim a throw's near miss (the best roll short of 12) and its worst (a 2) can land."""
        state = self.b.state
        p = people.person(state, a.person)
        if p is None:
            return 0.0, 0.0
        need = people.throw_need(state, p, a.x, a.y)
        near = (((a.x - p.pose.x) ** 2 + (a.y - p.pose.y) ** 2) ** 0.5) < state.rules.combat.point_blank_below
        best = state.rules.people.throw.exact_on - 1
        return (scatter_reach(best, need, point_blank=near, t=state.rules.people),
                scatter_reach(2, need, point_blank=near, t=state.rules.people))

    def draw_controls(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        super().draw_controls(surface, rect)
        p = people.person(self.b.state, self.vid or "")
        if p is not None:
            armor = f", armor {p.armor_left}" if p.armor else ""
            line = f"{p.name}: {p.state}{armor}; {p.weapon} {p.shots} shots, {len(p.grenades)} grenades"
            text(surface, line, (rect.x + 8, rect.bottom - 22), 15, theme.DIM)


def fuse_words(fuse: int, *, short: bool = False) -> str:
    if fuse == 0:
        return "impact"
    return f"{fuse} s" if short else f"{fuse}-second timer"


def person_card(surface: pygame.Surface, at: tuple[int, int], lines: list[str], width: int = 260) -> None:
    card(surface, pygame.Rect(at[0], at[1], width, 8 + 20 * len(lines)),
         [(s, 16, theme.ACCENT if i == 0 else theme.TEXT, i == 0) for i, s in enumerate(lines)])
