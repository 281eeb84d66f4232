"""People on foot and grenades on the board (issue 18): a pedestrian's counter (half an inch by a
quarter, the man in its front square, 000:L1437) in his owner's colour, lying flat when prone, greyed
when down; a grenade in flight as a ring at its aim point, on the ground as a dot with a line from where
it was aimed (its scatter)."""

from __future__ import annotations

import math

import pygame

from game.camera import Camera
from game.ui import text
from rules.people.person import carried_ge, carry_limit
from rules.people.record import PersonState
from rules.play.state import GameState

DOWN_COLOUR = (110, 110, 116)
GRENADE = (255, 190, 80)


def draw_people(surface: pygame.Surface, cam: Camera, state: GameState, colours: dict[str, tuple[int, int, int]],
                actor: str | None = None) -> None:
    sq = state.rules.people.person.square
    length, width = state.rules.people.person.counter
    for p in state.people:
        colour = DOWN_COLOUR if p.down else colours.get(p.id, (220, 220, 220))
        f = math.radians(p.pose.facing)
        fx, fy = math.sin(f), -math.cos(f)         # forward, y down
        rx, ry = -fy, fx
        # the counter reaches back from the man's square; prone: drawn at half its width
        half_w = width / 2 * (0.5 if p.prone else 1.0)
        back = length - sq / 2
        cx, cy = p.pose.x, p.pose.y
        corners = [(cx + fx * sq / 2 + rx * half_w, cy + fy * sq / 2 + ry * half_w),
                   (cx + fx * sq / 2 - rx * half_w, cy + fy * sq / 2 - ry * half_w),
                   (cx - fx * back - rx * half_w, cy - fy * back - ry * half_w),
                   (cx - fx * back + rx * half_w, cy - fy * back + ry * half_w)]
        pts = [cam.to_screen(x, y) for x, y in corners]
        pygame.draw.polygon(surface, tuple(c // 2 for c in colour), pts)
        pygame.draw.polygon(surface, (255, 255, 255) if p.id == actor else (20, 20, 20), pts, 2)
        head = cam.to_screen(cx, cy)
        pygame.draw.circle(surface, colour, head, max(3, int(cam.zoom * sq * 0.42)))
        pygame.draw.circle(surface, (15, 15, 15), head, max(3, int(cam.zoom * sq * 0.42)), 1)
        if p.down:
            a, b = cam.to_screen(cx - sq / 3, cy - sq / 3), cam.to_screen(cx + sq / 3, cy + sq / 3)
            pygame.draw.line(surface, (200, 40, 40), a, b, 2)
        tag = p.id.split(".")[-1] + (" (prone)" if p.prone and not p.down else f" ({p.state})" if p.down else "")
        text(surface, tag, (head[0], head[1] + cam.zoom * sq + 4), 13, (230, 230, 230), bold=True, anchor="midtop")
    for g in state.grenades:
        aim = cam.to_screen(*g.aim)
        if g.point is None:
            pygame.draw.circle(surface, GRENADE, aim, max(5, int(cam.zoom * sq)), 2)
            pygame.draw.line(surface, GRENADE, cam.to_screen(*g.origin), aim, 1)
            continue
        at = cam.to_screen(*g.point)
        pygame.draw.line(surface, GRENADE, aim, at, 2)
        pygame.draw.circle(surface, GRENADE, at, max(4, int(cam.zoom * sq * 0.6)))
        text(surface, g.id, (at[0] + 8, at[1] - 8), 13, GRENADE, bold=True)


def person_sheet_lines(state: GameState, pid: str, *, full: bool = False) -> list[str]:
    """His kit in words for the sheet: each hand weapon with its to-hit, damage and shots, his armor, his
    grenades and gear, and the grenade-equivalents he carries against the 6 he may (000:L1447)."""
    p = next((x for x in state.people if x.id == pid), None)
    if p is None:
        return []
    t = state.rules.people
    out = [f"riding on top of {p.riding} (000:L1496)"] if p.riding else []
    if p.weapon:
        w = t.hand_weapons[p.weapon]
        out.append(f"{w.name}{f' ({w.abbr})' if w.abbr else ''}: to hit {w.to_hit}, damage {w.damage}, "
                   f"{p.shots}/{w.shots or 0} shots, {w.weight:g} lb")
    else:
        out.append("no hand weapon")
    if p.armor:
        a = t.armor[p.armor]
        out.append(f"{a.name}: {p.armor_left}/{a.dp} DP" + ("" if a.stops_fire else ", not against fire")
                   + (", stops collisions (halved)" if a.stops_collisions else ""))
    if p.grenades:
        kinds = ", ".join(f"{p.grenades.count(g)} {t.grenades[g].name.lower()}" for g in sorted(set(p.grenades)))
        out.append(f"grenades: {kinds}")
    if p.gear:
        out.append("gear: " + ", ".join(t.gear[g].name.lower() if g in t.gear else g for g in p.gear))
    out.append(f"carried: {carried_ge(p.weapon, p.grenades, p.gear, t):g} of "
               f"{carry_limit(p.weapon, p.gear, t):g} grenade-equivalents (000:L1447)")
    if full:
        out += _details(state, p)
    return out


VS_VEHICLES = {"half": "half damage to vehicles", "full": "full damage to vehicles",
               "tires_people": "hurts only tires and people", "none": "hand-to-hand only"}


def _details(state: GameState, p: PersonState) -> list[str]:
    """The record sheet's fuller lines: his skill, the weapon's reach against vehicles, each grenade's work
    and each piece of gear's note (people.toml)."""
    t = state.rules.people
    skill = "no Handgunner skill (-2, 000:L1323)" if p.skill == -99 else f"Handgunner +{p.skill} (000:L1165)"
    out = [skill]
    if p.weapon:
        w = t.hand_weapons[p.weapon]
        out.append(f"{w.abbr or w.key}: {VS_VEHICLES.get(w.vs_vehicles, w.vs_vehicles)} (000:L1167)")
    for g in sorted(set(p.grenades)):
        kind = t.grenades[g]
        people_d = f"{kind.people} to people within {kind.person_radius:g}\"" if kind.people else ""
        cars = f"{kind.vehicles} to vehicles" if kind.vehicles else ""
        out.append(f"{kind.name}: " + ("; ".join(x for x in (people_d, cars) if x) or "no damage"))
    for g in p.gear:
        if g in t.gear:
            out.append(f"{t.gear[g].name}: {t.gear[g].ge:g} GE ({t.gear[g].source})")
    return out


def draw_person_sheet(surface: pygame.Surface, rect: pygame.Rect, state: GameState, pid: str, owner: str,
                      scale: float = 1.0) -> None:
    """A person's record sheet: his wounds (3 boxes, 000:L1450), his body armor's points, his hand weapon
    and its shots, his grenades and gear, and whether he is prone or busy getting out or up. `scale`: the
    record-sheet scene draws it larger, with the details of his kit (person_sheet_lines(full=True))."""
    from game import theme

    p = next((x for x in state.people if x.id == pid), None)
    pygame.draw.rect(surface, theme.PANEL, rect)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)
    if p is None:
        return
    t = state.rules.people
    x, y = rect.x + 10, rect.y + 8

    def z(n: int) -> int:
        return int(n * scale)

    text(surface, f"{p.name} of {p.from_vehicle} ({owner})" if p.from_vehicle else f"{p.name} ({owner})", (x, y), z(18),
         theme.ACCENT, bold=True)
    y += z(26)
    text(surface, f"on foot: {p.state}" + ("  prone" if p.prone else ""), (x, y), z(16), theme.TEXT)
    y += z(24)
    text(surface, "wounds", (x, y), z(15), theme.DIM)
    for i in range(t.person.damage_points):
        box = pygame.Rect(x + z(70) + i * z(22), y, z(18), z(18))
        pygame.draw.rect(surface, (200, 50, 50) if i < p.damage else (40, 44, 52), box)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1)
    y += z(26)
    if p.armor:
        armor = t.armor[p.armor]
        text(surface, armor.name.lower(), (x, y), z(15), theme.DIM)
        ax = x + 10 + theme.font(z(15)).size(armor.name.lower())[0]
        for i in range(armor.dp):
            box = pygame.Rect(ax + i * z(22), y, z(18), z(18))
            pygame.draw.rect(surface, (70, 110, 170) if i < p.armor_left else (40, 44, 52), box)
            pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1)
        y += z(26)
    for line in person_sheet_lines(state, pid, full=scale > 1):
        if y + z(20) > rect.bottom:
            break
        for part in _wrap(line, rect.width - 20, z(15)):
            text(surface, part, (x, y), z(15), theme.TEXT)
            y += z(20)
    per_turn = state.rules.movement.chart.phases_per_turn
    if p.busy_until > state.turn * per_turn + state.phase and y + z(20) <= rect.bottom:
        text(surface, "busy (getting out or up) until the next turn", (x, y), z(15), theme.DIM)


def _wrap(line: str, width: int, size: int) -> list[str]:
    from game.ui import wrap

    return wrap(line, size, width) or [line]
