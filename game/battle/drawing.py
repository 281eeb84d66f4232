"""What the battle draws on the board besides the panels: the counters with labels of one size at
every zoom (and HOLD under a car holding its course), the flashes of hits, shots and explosions, and
the hand-off banner (never over the car it hands over). Drawing only: nothing here changes state."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import theme
from game.battle.banner import BANNER_SECONDS, Banner
from game.render import effects
from game.render.counters import draw_counter
from game.render.lights import draw_light_marks, draw_night, is_dark
from game.render.people import draw_people
from game.render.rig import draw_coupling
from game.ui import text, wrap
from rules.play.rigs import coupling_of
from rules.play.state import FIRE, MOVE, SPEED
from rules.tables.movement import tables

if TYPE_CHECKING:
    from game.battle.panel import DecisionPanel
    from game.battle.scene import BattleScene

LABEL_SIZE = 15        # counter labels keep one size at every zoom


def draw_counters(b: BattleScene, surface: pygame.Surface) -> None:
    sizes = tables().handling.counters
    actor = b.actor()
    turn = b.state.turn
    shown = b.shown_state()   # at night: the dark and the lights under the counters (issue 17)
    if is_dark(shown):   # the lights stop at walls and buildings: the previews' collision world knows them
        draw_night(surface, b.cam, shown, {v.id: b.anim.pose(v.id, v.pose) for v in shown.vehicles},
                   b.previewer.world(shown))
    # a trailer under its tower (a semi-trailer overlaps the tractor's back, 000:L588)
    for v in sorted(b.shown_state().vehicles, key=lambda v: (not v.out, not v.towed_by, v.id == actor)):
        pose = b.anim.pose(v.id, v.pose)
        seat = b.session.seat(v.id)
        colour = theme.owner_colour(seat.colour)
        draw_counter(surface, b.cam, v, pose, v.spec.counter(sizes), colour,
                     active=v.id == actor and not b.anim.busy, label=False, squash=b.anim.tumble(v.id))
        size = v.spec.counter(sizes)
        sx, sy = b.cam.to_screen(pose.x, pose.y)
        below = sy + b.cam.zoom * max(size.length, size.width) / 2 + 6
        tag = v.id + ("  HOLD" if b.orders.holding(v.id, turn) and not v.out else "")
        text(surface, tag, (sx + 1, below + 1), LABEL_SIZE, (0, 0, 0), bold=True, anchor="midtop")
        text(surface, tag, (sx, below), LABEL_SIZE, theme.TEXT if not v.out else theme.DIM, bold=True,
             anchor="midtop")
    for v in shown.vehicles:   # each hitch or fifth wheel with the trailer's coupling on it (issue 19)
        if v.towed_by:
            tower = shown.vehicle(v.towed_by)
            draw_coupling(surface, b.cam, b.anim.pose(tower.id, tower.pose), b.anim.pose(v.id, v.pose),
                          coupling_of(tower, v))


    shown = b.shown_state()
    if shown.people or shown.grenades:   # people on foot and grenades (issue 18)
        colours = {p.id: theme.owner_colour(b.session.seat(p.id).colour) for p in shown.people}
        draw_people(surface, b.cam, shown, colours, actor)
    draw_light_marks(surface, b.cam, shown, {v.id: b.anim.pose(v.id, v.pose) for v in shown.vehicles})  # issue 17


def draw_flashes(b: BattleScene, surface: pygame.Surface) -> None:
    """Hits, shots, explosions, damage numbers and crash results (game/render/effects.py)."""
    effects.draw_flashes(surface, b.cam, b.anim, b.state)


def draw_controls(b: BattleScene, surface: pygame.Surface, panel: DecisionPanel | None) -> None:
    rect = b.layout.controls
    if panel is not None:
        panel.draw_controls(surface, rect)
        return
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)
    a = b.actor()
    if a is None:
        return
    seat = b.session.seat(a)
    words = (f"{a} ({seat.owner}, foe: {seat.foe}) is thinking..." if seat.foe else
             f"{a} holds its course" if b.orders.holding(a, b.state.turn) else f"{a} ({seat.owner})")
    for i, ln in enumerate(wrap(words, 18, rect.width - 16)):
        text(surface, ln, (rect.x + 8, rect.y + 8 + i * 20), 18, theme.DIM)


def draw_topbar(b: BattleScene, surface: pygame.Surface) -> None:
    bar = b.layout.topbar
    pygame.draw.rect(surface, (30, 32, 38), bar)
    st = b.state
    a = b.actor()
    words = f"{b.session.title}  ·  turn {st.turn}, phase {st.phase}"
    if a:
        seat = b.session.seat(a)
        who = seat.owner + (f" (foe: {seat.foe})" if seat.foe else "")
        step = {MOVE: "moves", FIRE: "fires", SPEED: "speed change"}.get(st.step, st.step)
        words += f"  ·  {a} ({who}): {step}"
    room = pygame.Rect(0, 0, min((btn.rect.x for btn in b.top_buttons), default=bar.width) - 8, bar.height)
    clip = surface.get_clip()
    surface.set_clip(room)     # a narrow window cuts the line short rather than under the buttons
    text(surface, words, (10, 7), 19, theme.TEXT)
    surface.set_clip(clip)
    mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
    for btn in b.top_buttons:
        btn.draw(surface, btn.rect.collidepoint(mouse))
    if b.message:
        msg = b.message if len(b.message) < 90 else b.message[:87] + "..."
        r = pygame.Rect(b.layout.board.x + 10, b.layout.board.y + 6, b.layout.board.width - 20, 26)
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        bg.fill((10, 12, 16, 200))
        surface.blit(bg, r)
        text(surface, msg, (r.x + 8, r.y + 4), 18, theme.ACCENT)


def draw_banner(battle: BattleScene, surface: pygame.Surface, banner: Banner) -> None:
    board = battle.layout.board
    fade = 1.0 if battle.confirm_handoff else max(0.0, min(1.0, (BANNER_SECONDS - banner.age) / 0.5))
    r = pygame.Rect(0, 0, min(560, board.width - 40), 112)
    v = next((x for x in battle.state.vehicles if x.id == banner.vehicle), None)
    car_y = battle.cam.to_screen(v.pose.x, v.pose.y)[1] if v is not None else board.bottom
    if car_y < board.centery:   # never over the car it hands over
        r.midtop = (board.centerx, board.y + int(board.height * 0.58))
    else:
        r.midtop = (board.centerx, board.y + 40)
    layer = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*theme.PANEL, int(235 * fade)), layer.get_rect(), border_radius=10)
    pygame.draw.rect(layer, (*banner.colour, int(255 * fade)), layer.get_rect(), 4, border_radius=10)
    surface.blit(layer, r)
    if fade > 0.3:
        text(surface, f"{banner.owner}, your turn", (r.centerx, r.y + 36), 40, banner.colour, bold=True, anchor="center")
        how = "press Enter or click to take the controls" if battle.confirm_handoff else "the controls are yours"
        text(surface, f"{banner.vehicle} is to act: {how}", (r.centerx, r.y + 80), 20, theme.TEXT, anchor="center")
