"""The record sheet drawn as the book's: the vehicle's outline seen from above with its armor on every
side (now / at the start), its tires at their corners, weapons at their faces and in turrets, pods, a
cycle's sidecar; then boxes for weapons with their ammunition, crew with their wounds, plant and other
components with their damage points, crossed off as they are lost.

Everything shown is read from the rules' record sheet (rules.vehicles.record_sheet.RecordSheet, the start
sheet in VehicleSpec.sheet) and the rules' own judgements (rules.combat.damage.crew_state for wounds,
rules.engine.why_out for a vehicle out of the game); nothing here works out a rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from game import theme
from game.ui import text
from rules.combat.damage import crew_state, interior_of
from rules.combat.electronics import status as electronics_status
from rules.core.geometry import Kind
from rules.engine.engine import why_out
from rules.play.boosters import booster_name, burn_mph, is_jet, jet_aloft, jet_climb
from rules.play.ejection import seats
from rules.play.lights import lamps
from rules.play.people import GOT_OUT
from rules.play.state import VehicleState
from rules.tables.movement import tables
from rules.vehicles.record_sheet import LOCATIONS, SHORT, Component, WeaponMount

PAPER = (44, 47, 55)          # a box on the sheet
INK = (200, 204, 212)         # its ruling
LOST = theme.BAD
FACES = ("front", "back", "left", "right")
NAMES = {"front": "FRONT", "back": "BACK", "left": "LEFT", "right": "RIGHT", "top": "TOP", "underbody": "UNDER",
         "front_left": "FRONT L", "back_left": "BACK L", "front_right": "FRONT R", "back_right": "BACK R",
         "front_top": "TOP FRONT", "back_top": "TOP BACK", "front_underbody": "UNDER FRONT",
         "back_underbody": "UNDER BACK"}
HALF_LOCATIONS = ("front_left", "back_left", "front_right", "back_right", "front_top", "back_top",
                  "front_underbody", "back_underbody")
PIP_MAX = 16                  # more DP than this are shown as a number with a bar


def level_colour(now: float, full: float) -> tuple[int, int, int]:
    """Untouched, damaged, gone: the three inks of a marked-up sheet."""
    if full <= 0 or now >= full:
        return theme.TEXT
    return theme.WARN if now > 0 else LOST


# --- the outline ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outline:
    """Where the parts of the drawing sit for one vehicle in one area (pixels)."""

    body: pygame.Rect
    points: tuple[tuple[int, int], ...]     # the body's polygon (a trike tapers to its single wheel)
    tire_at: dict[str, tuple[int, int]]     # corner -> centre of its (first) tire


def outline_of(v: VehicleState, area: pygame.Rect, compact: bool = False) -> Outline:
    """The body polygon and the tire positions for the vehicle's kind: car, trike (either way round),
    cycle (its sidecar drawn beside it by draw_outline)."""
    kind = v.spec.kind
    corners = v.sheet.corners() or v.spec.sheet.corners()
    cx, cy = area.center
    length = int(area.height * 0.55) if compact else min(int(area.height * 0.56), 330)
    width = int(length * (0.24 if kind is Kind.CYCLE else 0.42 if compact else 0.44))
    body = pygame.Rect(0, 0, width, length)
    body.center = (cx, cy)
    lf, r, t, b = body.left, body.right, body.top, body.bottom
    inset = length // 7
    stick = length // 22
    tire_at = {"FL": (lf, t + inset), "FR": (r, t + inset), "BL": (lf, b - inset), "BR": (r, b - inset),
               "F": (cx, t - stick), "B": (cx, b + stick),
               # the dual axles of trucks, buses and semi-trailers: the middle pair ahead of the back one
               "ML": (lf, b - inset * 2 - inset // 3), "MR": (r, b - inset * 2 - inset // 3),
               "L": (lf, b - inset), "R": (r, b - inset)}
    pts: tuple[tuple[int, int], ...]
    if kind is Kind.TRIKE:
        narrow = width // 4
        if "F" in corners:   # one wheel in front
            pts = ((cx - narrow, t), (cx + narrow, t), (r, b - inset * 2), (r, b), (lf, b), (lf, b - inset * 2))
        else:                # reversed: two in front, one behind (000:L1932)
            pts = ((lf, t), (r, t), (r, t + inset * 2), (cx + narrow, b), (cx - narrow, b), (lf, t + inset * 2))
    else:
        pts = ((lf, t), (r, t), (r, b), (lf, b))
    return Outline(body, pts, tire_at)


def draw_outline(surface: pygame.Surface, area: pygame.Rect, v: VehicleState, colour: tuple[int, int, int],
                 *, compact: bool = False) -> None:
    """The vehicle from above, front up, with every armored side, tire, weapon, pod and sidecar marked."""
    o = outline_of(v, area, compact)
    body_colour = (70, 70, 74) if v.out else tuple((c * 2 + p * 5) // 7 for c, p in zip(colour, PAPER, strict=True))
    pygame.draw.polygon(surface, body_colour, o.points)
    pygame.draw.polygon(surface, (120, 120, 120) if v.out else colour, o.points, 2)
    glass = pygame.Rect(0, 0, int(o.body.width * 0.7), max(4, o.body.height // 12))
    glass.midtop = (o.body.centerx, o.body.top + o.body.height // 7)
    if v.spec.kind is not Kind.CYCLE:
        pygame.draw.rect(surface, (40, 50, 70), glass, border_radius=3)
    _tires(surface, o, v, compact)
    _armor_boxes(surface, o, v, area, compact)
    if not compact:
        _inside(surface, o, v)
    _weapon_marks(surface, o, v, compact)
    _pods(surface, o, v, compact)
    if v.sheet.sidecar_spaces or any(k.startswith("sidecar_") for k in v.spec.sheet.armor):
        _sidecar(surface, o, v, area, compact)
    if v.sheet.on_fire and not v.sheet.destroyed:
        for i, (dx, dy) in enumerate(((0, 0), (-8, 10), (9, 6))):
            p = (o.body.centerx + dx, o.body.centery + dy)
            pygame.draw.circle(surface, (250, 120, 20), p, 9 - i * 2)
            pygame.draw.circle(surface, (255, 220, 60), p, 4 - i)
    if v.out or v.sheet.destroyed:
        pygame.draw.line(surface, LOST, o.body.topleft, o.body.bottomright, 3)
        pygame.draw.line(surface, LOST, o.body.topright, o.body.bottomleft, 3)


def _inside(surface: pygame.Surface, o: Outline, v: VehicleState) -> None:
    """The crew's seats behind the windscreen (their state's colour) and the power plant at the back."""
    b = o.body
    states = crew_states(v)
    crew = v.sheet.crew()
    per_row = 1 if v.spec.kind is Kind.CYCLE else 2
    for i, c in enumerate(crew[:6]):
        state = states.get(c.id, "")
        ink = theme.GOOD if state.startswith("unhurt") else theme.WARN if state.startswith("wounded") else LOST
        col, row = i % per_row, i // per_row
        x = b.centerx if per_row == 1 else int(b.left + b.width * (0.3 + 0.4 * col))
        y = int(b.top + b.height * 0.3) + row * 30
        pygame.draw.circle(surface, PAPER, (x, y), 12)
        pygame.draw.circle(surface, ink, (x, y), 12, 2)
        text(surface, (c.role or c.name)[:1].upper(), (x, y), 17, ink, bold=True, anchor="center")
    for c in v.sheet.components:
        if c.kind != "plant":
            continue
        box = pygame.Rect(0, 0, int(b.width * 0.7), 34)
        box.center = (b.centerx, int(b.top + b.height * 0.8))
        ink = level_colour(c.dp, c.max_dp) if not c.destroyed else LOST
        pygame.draw.rect(surface, PAPER, box, border_radius=3)
        pygame.draw.rect(surface, ink, box, 1, border_radius=3)
        text(surface, "plant", (box.centerx, box.y + 2), 13, theme.DIM, anchor="midtop")
        text(surface, f"{c.dp}/{c.max_dp}", (box.centerx, box.bottom - 2), 17, ink, anchor="midbottom")
        break


def _tires(surface: pygame.Surface, o: Outline, v: VehicleState, compact: bool) -> None:
    tw, th = (7, 16) if compact else (14, 30)
    seen: dict[str, int] = {}
    count = {c: sum(1 for t in v.sheet.tires if t.corner == c) for c in v.sheet.corners()}
    for tire in v.sheet.tires:
        n = seen.get(tire.corner, 0)
        seen[tire.corner] = n + 1
        x, y = o.tire_at.get(tire.corner, o.tire_at["F"])
        if tire.corner == "S":
            continue   # the sidecar's wheel is drawn with the sidecar
        if tire.corner in ("FL", "BL", "ML", "L"):
            x -= n * (tw + 2)
        elif tire.corner in ("FR", "BR", "MR", "R"):
            x += n * (tw + 2)
        else:
            y += (-1 if tire.corner == "F" else 1) * n * (th + 2)
        rect = pygame.Rect(0, 0, tw, th)
        rect.center = (x, y)
        _tire_box(surface, rect, tire.dp, tire.max_dp)
        first = pygame.Rect(rect)
        first.center = o.tire_at.get(tire.corner, o.tire_at["F"])
        drop = n * (12 if compact else 17) if tire.corner not in ("F", "B") else 0
        outer = (count.get(tire.corner, 1) - 1) * (tw + 2)
        if tire.corner in ("FL", "BL", "ML", "L"):
            label_at, anchor = (first.left - outer - 4, first.centery + drop), "midright"
        else:
            label_at, anchor = (first.right + outer + 4, first.centery + drop), "midleft"
        words = f"{tire.dp}" if compact else f"{tire.corner} {tire.dp}/{tire.max_dp}"
        if not compact and tire.max_guard:
            words += f" g{tire.guard}"
        if not compact and tire.max_hub:
            words += f" h{tire.hub}"
        text(surface, words, label_at, 13 if compact else 17, level_colour(tire.dp, tire.max_dp), anchor=anchor)


def _tire_box(surface: pygame.Surface, rect: pygame.Rect, dp: int, max_dp: int) -> None:
    fill = (20, 20, 22) if dp >= max_dp else (120, 80, 20) if dp > 0 else (120, 30, 26)
    pygame.draw.rect(surface, fill, rect, border_radius=3)
    pygame.draw.rect(surface, level_colour(dp, max_dp), rect, 1, border_radius=3)
    if dp <= 0:
        pygame.draw.line(surface, LOST, rect.topleft, rect.bottomright, 2)


def _armor_boxes(surface: pygame.Surface, o: Outline, v: VehicleState, area: pygame.Rect, compact: bool) -> None:
    now, start = v.sheet.armor, v.spec.sheet.armor
    b = o.body
    bw, bh = (30, 20) if compact else (92, 46)
    single = any(t.corner in ("F", "B") for t in v.sheet.tires)   # a wheel on the centre line sticks out
    gap = (8 if single else 4) if compact else (34 if single else 22)
    side = 8 if compact else 22
    places = {"front": (b.centerx, b.top - gap - bh // 2), "back": (b.centerx, b.bottom + gap + bh // 2),
              "left": (b.left - side - bw // 2, b.centery), "right": (b.right + side + bw // 2, b.centery)}
    places["top"] = (area.left + bw // 2 + 4, area.bottom - bh // 2 - 2)
    places["underbody"] = (area.right - bw // 2 - 4, area.bottom - bh // 2 - 2)
    # a long vehicle's halves (000:L2100): each side's two boxes level with their halves, the top's and
    # underbody's two stacked in the corners
    q = b.height // 4
    back = b.centery + bh // 2 + 6     # the back half's boxes above its tires' labels
    places.update({"front_left": (places["left"][0], b.top + q), "back_left": (places["left"][0], back),
                   "front_right": (places["right"][0], b.top + q), "back_right": (places["right"][0], back),
                   "front_top": (places["top"][0], places["top"][1] - bh - 4), "back_top": places["top"],
                   "front_underbody": (places["underbody"][0], places["underbody"][1] - bh - 4),
                   "back_underbody": places["underbody"]})
    for loc in LOCATIONS + HALF_LOCATIONS:
        if loc not in start:   # a cycle has no side armor: its sides are open (000:L835)
            continue
        rect = pygame.Rect(0, 0, bw, bh)
        rect.center = places[loc]
        metal = v.sheet.metal.get(loc, 0), v.spec.sheet.metal.get(loc, 0)
        armor_box(surface, rect, NAMES[loc] if not compact else SHORT[loc], now.get(loc, 0), start.get(loc, 0),
                  compact=compact, metal=metal)


def armor_box(surface: pygame.Surface, rect: pygame.Rect, label: str, now: int, full: int, *,
              compact: bool = False, metal: tuple[int, int] = (0, 0)) -> None:
    """One armor location as the sheet keeps it: points left large, the starting points small, a bar."""
    c = level_colour(now, full)
    pygame.draw.rect(surface, PAPER, rect, border_radius=4)
    pygame.draw.rect(surface, c if now < full else INK, rect, 1, border_radius=4)
    if compact:
        text(surface, f"{label}{now}", rect.center, 14, c, anchor="center")
        return
    text(surface, label, (rect.x + 5, rect.y + 3), 14, theme.DIM)
    r = text(surface, f"{now}", (rect.x + 6, rect.bottom - 4), 28, c, bold=True, anchor="bottomleft")
    text(surface, f"/{full}", (r.right + 2, rect.bottom - 7), 17, theme.DIM, anchor="bottomleft")
    if metal[1]:
        text(surface, f"metal {metal[0]}", (rect.right - 4, rect.y + 3), 13, level_colour(*metal), anchor="topright")
    if full:
        bar = pygame.Rect(rect.x + 4, rect.bottom - 4, rect.width - 8, 2)
        pygame.draw.rect(surface, (70, 70, 76), bar)
        pygame.draw.rect(surface, c, pygame.Rect(bar.x, bar.y, int(bar.width * max(0, now) / full), 2))


def _weapon_marks(surface: pygame.Surface, o: Outline, v: VehicleState, compact: bool) -> None:
    """Each weapon as a notch on the face it fires from; turret weapons in a ring on the roof."""
    b = o.body
    by_face: dict[str, list[WeaponMount]] = {}
    for w in v.sheet.weapons:
        if w.pod_side:
            continue
        face = "turret" if w.location == "turret" or w.mount.startswith("turret") else w.location
        by_face.setdefault(face, []).append(w)
    size = 11 if compact else 15
    for face, ws in by_face.items():
        for i, w in enumerate(ws):
            k = (i + 1) / (len(ws) + 1)
            if face == "front":
                p, d = (int(b.left + b.width * k), b.top + 4), (0, -1)
            elif face == "back":
                p, d = (int(b.left + b.width * k), b.bottom - 4), (0, 1)
            elif face == "left":
                p, d = (b.left + 4, int(b.top + b.height * (0.3 + 0.4 * k))), (-1, 0)
            elif face == "right":
                p, d = (b.right - 4, int(b.top + b.height * (0.3 + 0.4 * k))), (1, 0)
            elif face in HALF_LOCATIONS[:4]:   # a half-side of a long vehicle: along that half (000:L2140)
                half, side = face.split("_")
                y = int(b.top + b.height * ((0.05 if half == "front" else 0.55) + 0.4 * k))
                p, d = ((b.left + 4, y), (-1, 0)) if side == "left" else ((b.right - 4, y), (1, 0))
            else:
                continue
            _notch(surface, p, d, size, w, compact)
    turret = by_face.get("turret", [])
    if turret:
        r = max(10, b.width // (5 if compact else 4))
        centre = (b.centerx, b.centery + (0 if compact else b.height // 20))
        pygame.draw.circle(surface, PAPER, centre, r)
        pygame.draw.circle(surface, INK, centre, r, 2)
        if not compact:
            text(surface, "turret", (centre[0], centre[1] - r - 2), 13, theme.DIM, anchor="midbottom")
            for i, w in enumerate(turret):
                text(surface, w.id, (centre[0], centre[1] - 8 * (len(turret) - 1) + 16 * i), 15,
                     _weapon_colour(w), anchor="center")


def _notch(surface: pygame.Surface, p: tuple[int, int], d: tuple[int, int], size: int, w: WeaponMount,
           compact: bool) -> None:
    c = _weapon_colour(w)
    x, y = p
    dx, dy = d
    tip = (x + dx * size // 2, y + dy * size // 2)
    side = (-dy * size // 3, dx * size // 3)
    pts = [tip, (x - dx * size // 3 + side[0], y - dy * size // 3 + side[1]),
           (x - dx * size // 3 - side[0], y - dy * size // 3 - side[1])]
    pygame.draw.polygon(surface, c, pts)
    if not compact:
        inside = (x - dx * (size + 4), y - dy * (size + 4))
        anchor = {(0, -1): "midtop", (0, 1): "midbottom", (-1, 0): "midleft", (1, 0): "midright"}[d]
        text(surface, w.id, inside, 14, c, anchor=anchor)


def _weapon_colour(w: WeaponMount) -> tuple[int, int, int]:
    if w.destroyed:
        return LOST
    if w.max_shots and w.shots_left == 0:
        return theme.DIM
    return theme.ACCENT


def _pods(surface: pygame.Surface, o: Outline, v: VehicleState, compact: bool) -> None:
    b = o.body
    for n, pod in enumerate(v.sheet.pods):
        w, h = (10, 14) if compact else (26, 40)
        rect = pygame.Rect(0, 0, w, h)
        y = int(b.top + b.height * 0.62) + n * (h + 4)   # below the side's armor box, above the back tire
        if pod.side == "left":
            rect.midright = (b.left - 3, y)
        elif pod.side == "right":
            rect.midleft = (b.right + 3, y)
        else:
            rect.center = (b.centerx, b.bottom - b.height // 4)
        c = LOST if pod.torn_off else level_colour(pod.armor, pod.max_armor)
        pygame.draw.rect(surface, PAPER, rect, border_radius=3)
        pygame.draw.rect(surface, c, rect, 1, border_radius=3)
        if pod.torn_off:
            pygame.draw.line(surface, LOST, rect.topleft, rect.bottomright, 2)
        if not compact:
            text(surface, "pod", (rect.centerx, rect.y + 3), 12, theme.DIM, anchor="midtop")
            text(surface, "off" if pod.torn_off else f"{pod.armor}", (rect.centerx, rect.bottom - 3), 15, c,
                 anchor="midbottom")


def _sidecar(surface: pygame.Surface, o: Outline, v: VehicleState, area: pygame.Rect, compact: bool) -> None:
    """A cycle's sidecar rides beside it with its own armor, wheel and weapons (000:L835)."""
    b = o.body
    sw, sh = int(b.width * 1.5), int(b.height * 0.45)
    rect = pygame.Rect(0, 0, sw, sh)
    shift = (b.width // 2 + sw // 2 + (6 if compact else 14)) * (1 if v.sheet.sidecar_side != "left" else -1)
    rect.center = (b.centerx + shift, b.centery + sh // 5)
    pygame.draw.rect(surface, PAPER, rect, border_radius=sw // 3)
    pygame.draw.rect(surface, INK, rect, 2, border_radius=sw // 3)
    pygame.draw.line(surface, INK, (b.centerx, rect.centery), rect.midleft if shift > 0 else rect.midright, 2)
    for tire in v.sheet.tires:
        if tire.corner == "S":
            tr = pygame.Rect(0, 0, 7 if compact else 12, 14 if compact else 26)
            tr.center = rect.midright if shift > 0 else rect.midleft
            _tire_box(surface, tr, tire.dp, tire.max_dp)
            if not compact:
                text(surface, f"S {tire.dp}/{tire.max_dp}", (tr.centerx, tr.bottom + 2), 15,
                     level_colour(tire.dp, tire.max_dp), anchor="midtop")
    now, start = v.sheet.armor, v.spec.sheet.armor
    cells = [(SHORT[loc], now.get(f"sidecar_{loc}", 0), start[f"sidecar_{loc}"]) for loc in LOCATIONS
             if f"sidecar_{loc}" in start]
    size = 12 if compact else 15
    if compact:   # no room for six numbers: the sidecar's outline takes the colour of its armor left
        left, full = sum(n for _, n, _ in cells), sum(f for _, _, f in cells)
        pygame.draw.rect(surface, level_colour(left, full), rect, 2, border_radius=sw // 3)
        text(surface, f"{left}", rect.center, size, level_colour(left, full), anchor="center")
        return
    text(surface, "sidecar", (rect.centerx, rect.y + 3), size, theme.DIM, anchor="midtop")
    per_row = 3
    for i, (short, n, full) in enumerate(cells):
        x = rect.x + 6 + (i % per_row) * ((rect.width - 12) // per_row)
        y = rect.y + 22 + (i // per_row) * (size + 2)
        text(surface, f"{short}{n}", (x, y), size, level_colour(n, full))
    guns = [w for w in v.sheet.weapons if w.location.startswith("sidecar")]
    for i, w in enumerate(guns):
        text(surface, w.id, (rect.centerx, rect.bottom - 6 - i * (size + 1)), size, _weapon_colour(w), anchor="midbottom")


# --- the boxes beside the outline -----------------------------------------------------------------


def pips(surface: pygame.Surface, at: tuple[int, int], now: int, full: int, size: int = 11) -> int:
    """Damage points as the sheet's boxes: one per point, crossed out when lost. Returns the right edge."""
    x, y = at
    if full > PIP_MAX:
        r = text(surface, f"{now}/{full}", (x, y - 2), size + 6, level_colour(now, full))
        return r.right
    for i in range(full):
        box = pygame.Rect(x + i * (size + 2), y, size, size)
        pygame.draw.rect(surface, PAPER, box)
        pygame.draw.rect(surface, INK, box, 1)
        if i >= now:
            pygame.draw.line(surface, LOST, box.topleft, box.bottomright, 2)
            pygame.draw.line(surface, LOST, box.topright, box.bottomleft, 2)
    return x + full * (size + 2)


def section(surface: pygame.Surface, rect: pygame.Rect, title: str) -> int:
    """A ruled box with its heading, as on the paper sheet; returns the y of its first line."""
    pygame.draw.rect(surface, (32, 34, 40), rect, border_radius=4)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=4)
    text(surface, title, (rect.x + 8, rect.y + 5), 16, theme.ACCENT, bold=True)
    return rect.y + 26


def crew_states(v: VehicleState) -> dict[str, str]:
    """unhurt / wounded / unconscious / dead for each crewman, as the combat rules judge it, with the
    concussion's stun (rules.play.concussion) added; "on foot" for a seat whose man got out."""
    inside = interior_of(v.sheet, v.spec.kind.value)
    stunned = {cid for cid, _ in v.stunned}
    out = {}
    for c in v.sheet.crew():
        if c.name.endswith(GOT_OUT):   # his seat is empty: he is on foot, not dead (rules.play.people)
            out[c.id] = "on foot"
            continue
        try:
            state = crew_state(inside.part(c.id))
        except KeyError:
            state = "dead" if c.destroyed else "unhurt"
        out[c.id] = state + (", stunned" if c.id in stunned else "")
    return out


def weapon_rows(v: VehicleState) -> list[tuple[str, str, str, WeaponMount]]:
    """(name, where, shots, mount) for each weapon, in sheet order."""
    rows = []
    for w in v.sheet.weapons:
        where = f"{w.pod_side} pod" if w.pod_side else w.location.replace("-", " ")
        shots = " + ".join(f"{a}/{b}" for a, b in zip(w.shots, w.max_shots, strict=True)) if w.max_shots else "-"
        rows.append((f"{w.id} {w.abbr}", where, shots, w))
    return rows


def weapon_notes(v: VehicleState, w: WeaponMount) -> str:
    ammo = [a for a in w.ammo if a]
    notes = [*(["auto"] if w.id in v.automatic else []), *(["fired"] if w.id in v.fired else []),
             *([f"link {w.link}"] if w.link else []), *(["guided"] if w.guided else []), *ammo,
             *(["cupola"] if w.cupola else []), *(["insulated"] if w.insulated else []), *w.options]
    if w.max_armor:
        notes.append(f"CA {w.armor}/{w.max_armor}")
    return ", ".join(notes)


def status_lines(v: VehicleState) -> list[tuple[str, tuple[int, int, int]]]:
    """What the driver would say about the car: out and why, fire, pending crash effects, automatic fire."""
    out: list[tuple[str, tuple[int, int, int]]] = []
    if v.out:
        out.append((f"OUT: {why_out(v)}", LOST))
    if v.sheet.on_fire:
        out.append(("ON FIRE", LOST))
    if v.plant_out and not v.out:
        out.append(("power plant out", LOST))
    if v.mode != "normal" and not v.out:
        out.append((v.mode.replace("_", " "), theme.WARN))
    for p in v.pending:
        out.append((f"pending: {p.kind.replace('_', ' ')}", theme.WARN))
    if v.steering_lost:
        out.append(("no steering, brakes or acceleration", LOST))
    if v.driverless:
        out.append(("nobody at the controls", LOST))
    if v.automatic:
        out.append((f"on automatic: {', '.join(v.automatic)}", theme.ACCENT))
    out += booster_lines(v) + parts_lines(v)
    if v.frame_bent:
        out.append(("frame bent by a booster: undrivable", LOST))
    if v.engine_trouble and not v.plant_out:   # a gas-engine critical still working (issue 17)
        out.append((ENGINE_TROUBLE.get(v.engine_trouble[0], "engine damaged"), LOST))
    return out


def electronics_lines(v: VehicleState) -> list[tuple[str, tuple[int, int, int]]]:
    """Radar, jammer, ATAD, computer gunner, bumper trigger ... as the rules say they stand (issue 17)."""
    return [(words, theme.ACCENT if ok else LOST) for words, ok in electronics_status(v.sheet, v.scrambled)]


ENGINE_TROUBLE = {"cracked": "engine: cracked block, dying", "radiator": "engine: radiator holed",
                  "oil": "engine: oil system hit", "fuel": "engine: fuel system hit, will stop"}


def parts_lines(v: VehicleState) -> list[tuple[str, tuple[int, int, int]]]:
    """Nitrous tanks, searchlights held on a car, ejection seats counting down, the crew's goggles (issue 17)."""
    out: list[tuple[str, tuple[int, int, int]]] = []
    if v.spec.nitrous_tanks:
        left = v.spec.nitrous_tanks - len(v.nitrous)
        last = f", last opened turn {v.nitrous[-1]}" if v.nitrous else ""
        tanks = f"{v.spec.nitrous_tanks} tank{'s' if v.spec.nitrous_tanks != 1 else ''}"
        out.append((f"nitrous: {left} of {tanks} left{last}", theme.ACCENT if left else theme.DIM))
    for lamp, target, _until, blinds in v.beams:
        out.append((f"{lamp} on {target}{' (blinding)' if blinds else ''}", theme.ACCENT))
    # a part not yet used is on the sheet too, so a player knows he has it before he looks for its fire row
    out += [(f"{lamp}: ready (night only)", theme.DIM) for lamp in lamps(v) if lamp not in {b[0] for b in v.beams}]
    for crew, _due in v.eject:
        out.append((f"ejection seat: the {crew} is going", theme.WARN))
    unused = [crew for crew in seats(v) if crew not in {c for c, _due in v.eject}]
    if unused:
        out.append((f"ejection seat: {', '.join(unused)} (with people on foot)", theme.DIM))
    if v.spec.crew_gear:
        out.append(("crew wear " + ", ".join(g.replace("li_", "light-intensifier ").replace("_", " ")
                                              for g in v.spec.crew_gear), theme.DIM))
    return out


def booster_lines(v: VehicleState) -> list[tuple[str, tuple[int, int, int]]]:
    """Each rocket booster as the sheet reads: ready, burning in phase N with burns left, or spent."""
    fired = {bid: (phase, burns) for bid, phase, _turn, burns in v.boosts}
    out: list[tuple[str, tuple[int, int, int]]] = []
    for b in v.spec.boosters:
        name = booster_name(b)
        if b.id not in fired and is_jet(b):   # a jet lifts, the speed stays (000:L2632): say the climb
            climb = jet_climb(b, jet_aloft(v))
            times = f" x {b.turns}" if b.turns > 1 else ""
            out.append((f"{name}: ready, {climb:+g}\" up{times}" if climb else f"{name}: ready, no lift now",
                        theme.ACCENT))
            continue
        if b.id not in fired:
            out.append((f"{name}: ready ({burn_mph(tables().chart.step, b):+g} mph x {b.turns})", theme.ACCENT))
            continue
        phase, burns = fired[b.id]
        left = b.turns - burns
        out.append((f"{name}: burning in phase {phase}, {left} more" if left else f"{name}: spent",
                    theme.WARN if left else theme.DIM))
    return out


def damage_summary(v: VehicleState) -> list[str]:
    """What the vehicle has lost since the start, as a player reads it off the sheet: armor by side,
    tires, weapons, components, crew."""
    now, start = v.sheet, v.spec.sheet
    out = []
    lost = [(loc, start.armor[loc] - now.armor.get(loc, 0)) for loc in start.armor
            if now.armor.get(loc, 0) < start.armor[loc]]
    if lost:
        total = sum(n for _, n in lost)
        sides = ", ".join(f"{_side_name(loc)} {n}" for loc, n in lost)
        out.append(f"armor -{total} of {sum(start.armor.values())} ({sides})")
    for t in now.tires:
        if t.destroyed:
            out.append(f"tire {t.corner} gone" + (" (wheel lost)" if t.wheel_lost else ""))
        elif t.dp < t.max_dp:
            out.append(f"tire {t.corner} {t.dp}/{t.max_dp}")
    for w in now.weapons:
        if w.destroyed:
            out.append(f"{w.id} destroyed")
        elif w.dp < w.max_dp:
            out.append(f"{w.id} {w.dp}/{w.max_dp} DP")
    for c in now.components:
        if c.kind == "crew":
            continue
        if c.destroyed:
            out.append(f"{c.name.lower()} destroyed" + (" with the plant" if c.lost else ""))
        elif c.dp < c.max_dp:
            out.append(f"{c.name.lower()} {c.dp}/{c.max_dp} DP")
    states = crew_states(v)
    for c in now.crew():
        state = states.get(c.id, "unhurt")
        if state != "unhurt":
            out.append(f"{c.name.removesuffix(GOT_OUT).lower()} {state}")
    out += [f"pod {p.id} torn off" for p in now.pods if p.torn_off]
    return out


def _side_name(loc: str) -> str:
    if loc.startswith("sidecar_"):
        return f"sidecar {SHORT[loc[8:]]}"
    if loc.startswith("carrier_"):
        return f"carrier {SHORT[loc[8:]]}"
    return SHORT.get(loc, loc)


# --- the whole sheet -----------------------------------------------------------------------------


def draw_record_sheet(surface: pygame.Surface, rect: pygame.Rect, v: VehicleState, owner: str,
                      colour: tuple[int, int, int]) -> None:
    """The full record sheet of one vehicle, for the record-sheet scene."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=6)
    pygame.draw.rect(surface, colour, rect, 2, border_radius=6)
    spec = v.spec
    pygame.draw.rect(surface, colour, pygame.Rect(rect.x + 12, rect.y + 14, 16, 24), border_radius=3)
    r = text(surface, spec.name, (rect.x + 36, rect.y + 10), 34, theme.TEXT, bold=True)
    text(surface, f"{v.id} · {owner}", (r.right + 14, rect.y + 18), 22, theme.DIM)
    body = spec.body.replace("_", " ") if spec.body else spec.kind.value
    hc = f"HC {v.hc}" + (f" (built {spec.hc})" if v.hc != spec.hc else "")
    armor_kind = "" if v.sheet.armor_type == "plastic" else f", {v.sheet.armor_type.replace('_', ' ')} armor"
    text(surface, f"{spec.kind.value}, {body}{' (reversed)' if spec.reversed else ''} · {spec.weight:,} lb · "
         f"accel {spec.acceleration:g} · top {spec.top_speed:g} mph · {hc}{armor_kind}"
         f"{' · sloped' if v.sheet.sloped else ''}", (rect.x + 36, rect.y + 46), 20, theme.DIM)
    left = pygame.Rect(rect.x + 10, rect.y + 76, min(440, rect.width // 2 - 40), rect.height - 86)
    draw_outline(surface, left, v, colour)
    x0 = left.right + 14
    width = rect.right - 12 - x0
    y = rect.y + 76
    y = _weapons_box(surface, pygame.Rect(x0, y, width, 0), v) + 8
    half = (width - 8) // 2
    crew_bottom = _crew_box(surface, pygame.Rect(x0, y, half, 0), v)
    comp_bottom = _components_box(surface, pygame.Rect(x0 + half + 8, y, half, 0), v)
    y = max(crew_bottom, comp_bottom) + 8
    tires_bottom = _tires_box(surface, pygame.Rect(x0, y, half, 0), v)
    y = _carrier_box(surface, pygame.Rect(x0 + half + 8, y, half, 0), v) + 8   # a ten-wheeler's, over the status
    _status_box(surface, pygame.Rect(x0 + half + 8, y, half, max(tires_bottom - y, rect.bottom - 10 - y)), v)


def carrier_locations(v: VehicleState) -> list[str]:
    """A ten-wheeler's carrier armor locations (000:L2054), in the sheet's order; none for other vehicles."""
    start = v.spec.sheet.armor
    return [f"carrier_{loc}" for loc in LOCATIONS if f"carrier_{loc}" in start]


def _carrier_box(surface: pygame.Surface, r: pygame.Rect, v: VehicleState) -> int:
    """A ten-wheeler's carrier, armored apart from the cab (000:L2054): its six locations as the sheet keeps
    them, points left over the starting points. Returns the box's bottom (r.top when there is no carrier)."""
    locs = carrier_locations(v)
    if not locs:
        return r.top - 8
    cols = 3
    bw = (r.width - 16 - (cols - 1) * 6) // cols
    r.height = 32 + ((len(locs) + cols - 1) // cols) * 52
    y = section(surface, r, "CARRIER ARMOR")
    now, start = v.sheet.armor, v.spec.sheet.armor
    for i, loc in enumerate(locs):
        box = pygame.Rect(r.x + 8 + (i % cols) * (bw + 6), y + (i // cols) * 52, bw, 46)
        armor_box(surface, box, NAMES[loc[len("carrier_"):]], now.get(loc, 0), start.get(loc, 0))
    return r.bottom


def _tires_box(surface: pygame.Surface, r: pygame.Rect, v: VehicleState) -> int:
    r.height = 30 + 24 * max(1, len(v.sheet.tires))
    y = section(surface, r, "TIRES")
    for t in v.sheet.tires:
        c = level_colour(t.dp, t.max_dp)
        text(surface, t.corner, (r.x + 10, y), 19, c, bold=True)
        end = pips(surface, (r.x + 46, y + 3), t.dp, t.max_dp, 8)
        extra = [t.kind or "tire"] + ([f"guard {t.guard}/{t.max_guard}"] if t.max_guard else []) + \
                ([f"hub {t.hub}/{t.max_hub}"] if t.max_hub else []) + (["wheel lost"] if t.wheel_lost else [])
        words = ", ".join(extra)
        while len(words) > 6 and theme.font(15).size(words)[0] > r.right - end - 14:
            words = words[:-2]
        text(surface, words, (end + 8, y + 1), 15, theme.DIM)
        y += 24
    return r.bottom


def _weapons_box(surface: pygame.Surface, r: pygame.Rect, v: VehicleState) -> int:
    rows = weapon_rows(v)
    r.height = 46 + 24 * max(1, len(rows)) + 4
    y = section(surface, r, "WEAPONS") + 16
    narrow = r.width < 700        # a narrow window: the id alone (it holds the abbreviation), closer columns
    cols = tuple(r.x + c for c in ((10, 84, 170, 250, 350) if narrow else (10, 110, 215, 300, 420)))
    for head, x in zip(("weapon", "where", "DP", "shots", "notes"), cols, strict=True):
        text(surface, head, (x, r.y + 26), 14, theme.DIM)
    if not rows:
        text(surface, "none", (cols[0], y), 18, theme.DIM)
    for name, where, shots, w in rows:
        name = w.id if narrow else name
        c = LOST if w.destroyed else theme.TEXT
        nr = text(surface, name, (cols[0], y), 19, c)
        if w.destroyed:
            pygame.draw.line(surface, LOST, (nr.x, nr.centery), (nr.right, nr.centery), 2)
        text(surface, where, (cols[1], y), 18, theme.DIM)
        pips(surface, (cols[2], y + 2), w.dp, w.max_dp)
        empty = bool(w.max_shots) and w.shots_left == 0
        text(surface, shots, (cols[3], y), 18, LOST if empty else theme.TEXT)
        notes = weapon_notes(v, w)
        while len(notes) > 4 and theme.font(16).size(notes)[0] > r.right - cols[4] - 8:
            notes = notes[:-5] + "..."
        if notes:
            text(surface, notes, (cols[4], y + 1), 16, theme.ACCENT if w.id in v.automatic else theme.DIM)
        y += 24
    return r.bottom


def _crew_box(surface: pygame.Surface, r: pygame.Rect, v: VehicleState) -> int:
    crew = v.sheet.crew()
    states = crew_states(v)
    r.height = 30 + 40 * max(1, len(crew))
    y = section(surface, r, "CREW")
    for c in crew:
        state = states.get(c.id, "")
        c_state = theme.GOOD if state.startswith("unhurt") else theme.WARN if state.startswith("wounded") else LOST
        name = c.name + (" (at the wheel)" if v.substitute == c.id else "")
        text(surface, name, (r.x + 10, y), 19, theme.TEXT)
        text(surface, state, (r.right - 10, y), 17, c_state, anchor="topright")
        x = pips(surface, (r.x + 12, y + 20), c.dp, c.max_dp, 12)
        extra = []
        if c.body_armor:
            extra.append(f"body armor {c.body_armor}")
        if c.max_armor:
            extra.append(f"CA {c.armor}/{c.max_armor}")
        if extra:
            text(surface, ", ".join(extra), (x + 8, y + 19), 15, theme.DIM)
        y += 40
    return r.bottom


def _components_box(surface: pygame.Surface, r: pygame.Rect, v: VehicleState) -> int:
    comps = [c for c in v.sheet.components if c.kind not in ("crew",) and (c.max_dp or c.kind in ("plant", "tank"))]
    others = [c for c in v.sheet.components if c.kind not in ("crew",) and c not in comps]
    lines = len(comps) + (1 if v.sheet.max_power_units else 0)
    r.height = 30 + 26 * max(1, lines) + (20 * min(3, _others_lines(others, r.width)) if others else 0)
    y = section(surface, r, "PLANT & COMPONENTS")
    for c in comps:
        _component_line(surface, r, y, c)
        y += 26
    if v.sheet.max_power_units:
        pu, full = v.sheet.power_units, v.sheet.max_power_units
        text(surface, "power units", (r.x + 10, y), 18, theme.TEXT)
        text(surface, f"{pu:g}/{full:g}", (r.right - 10, y), 18, level_colour(pu, full), anchor="topright")
        y += 26
    if others:
        from game.ui import wrap

        names = ", ".join(("x " if c.destroyed else "") + c.name for c in others)
        for ln in wrap(names, 15, r.width - 20)[:3]:
            text(surface, ln, (r.x + 10, y), 15, theme.DIM)
            y += 20
    return r.bottom


def _others_lines(others: Iterable[Component], width: int) -> int:
    from game.ui import wrap

    return len(wrap(", ".join(c.name for c in others), 15, width - 20))


def _component_line(surface: pygame.Surface, r: pygame.Rect, y: int, c: Component) -> None:
    colour = LOST if c.destroyed else theme.TEXT
    nr = text(surface, c.name[:24], (r.x + 10, y), 18, colour)
    if c.destroyed:
        pygame.draw.line(surface, LOST, (nr.x, nr.centery), (nr.right, nr.centery), 2)
    if c.lost:
        text(surface, "lost with the plant", (r.right - 10, y), 15, LOST, anchor="topright")
        return
    if c.max_dp:
        dp_x = max(nr.right + (70 if c.max_armor else 8), r.right - 10 - (c.max_dp * 13 if c.max_dp <= PIP_MAX else 60))
        if dp_x + c.max_dp * 13 > r.right - 6:   # no room for the boxes: the number
            text(surface, f"{c.dp}/{c.max_dp}", (r.right - 10, y), 18, level_colour(c.dp, c.max_dp), anchor="topright")
        else:
            pips(surface, (dp_x, y + 2), c.dp, c.max_dp)
    if c.max_armor:
        text(surface, f"CA {c.armor}/{c.max_armor}", (nr.right + 8, y + 2), 15, level_colour(c.armor, c.max_armor))


def _status_box(surface: pygame.Surface, r: pygame.Rect, v: VehicleState) -> None:
    from game.ui import wrap

    y = section(surface, r, "IN PLAY")
    speed = f"{v.signed_speed:g} mph{' in reverse' if v.reverse else ''}"
    r2 = text(surface, f"speed {speed}", (r.x + 10, y), 20, theme.TEXT)
    hs_c = theme.GOOD if v.hs >= 1 else theme.WARN if v.hs >= -2 else LOST
    r3 = text(surface, f"HS {v.hs:+d} / HC {v.hc}", (r2.right + 20, y), 20, hs_c)
    reflex = f"reflex {v.reflex_roll}"
    if r3.right + 20 + theme.font(18).size(reflex)[0] < r.right - 10:
        text(surface, reflex, (r.right - 10, y), 18, theme.DIM, anchor="topright")
    y += 26
    lines = status_lines(v) + [(d, theme.WARN) for d in damage_summary(v)] + electronics_lines(v)
    for words, c in lines or [("in good order, no damage", theme.GOOD)]:
        for ln in wrap(words, 18, r.width - 30):
            if y > r.bottom - 20:
                return
            text(surface, ln, (r.x + 10, y), 18, c)
            y += 20


def draw_compact_sheet(surface: pygame.Surface, rect: pygame.Rect, v: VehicleState, owner: str,
                       colour: tuple[int, int, int] | None = None) -> None:
    """The battle HUD's record sheet: a small outline with armor and tires, and lines for crew, weapons,
    plant and what is wrong."""
    colour = colour or theme.DIM
    drawing = pygame.Rect(rect.x + 2, rect.y + 22, 124, rect.height - 24)
    draw_outline(surface, drawing, v, colour, compact=True)
    x, y = drawing.right + 4, rect.y + 24
    right = rect.right - 6
    text(surface, v.spec.name[:26], (x, y), 15, theme.DIM)
    y += 16
    states = crew_states(v)
    for c in v.sheet.crew()[:3]:
        state = states.get(c.id, "")
        if state == "on foot":   # an empty seat: no wound boxes, his own sheet has them
            text(surface, f"{c.name.removesuffix(GOT_OUT)} on foot"[:22], (x, y), 15, theme.DIM)
            y += 15
            continue
        cc = theme.GOOD if state.startswith("unhurt") else theme.WARN if state.startswith("wounded") else LOST
        end = pips(surface, (x, y + 2), c.dp, c.max_dp, 9)
        text(surface, f"{c.name} {'' if state == 'unhurt' else state}"[:22], (end + 4, y), 15, cc)
        y += 15
    for c in v.sheet.components:
        if c.kind == "plant":
            end = pips(surface, (x, y + 2), c.dp, c.max_dp, 9) if c.max_dp <= 12 else x
            text(surface, "plant" if c.max_dp <= 12 else f"plant {c.dp}/{c.max_dp}", (end + 4, y), 15,
                 level_colour(c.dp, c.max_dp))
            y += 15
    wx = x
    for _name, _where, _shots, w in weapon_rows(v):
        words = f"{w.id}" + (f" {w.shots_left}" if w.max_shots else "") + ("x" if w.destroyed else "")
        width = theme.font(15).size(words)[0]
        if wx + width > right:
            wx, y = x, y + 15
        if y > rect.bottom - 30:
            break
        wx = text(surface, words, (wx, y), 15, _weapon_colour(w) if w.id not in v.automatic else theme.GOOD).right + 6
    y += 17
    lines = status_lines(v) + [(d, theme.WARN) for d in damage_summary(v)]
    from game.ui import wrap

    for words, ink in lines or [("in good order", theme.GOOD)]:
        for ln in wrap(words, 15, right - x):
            if y > rect.bottom - 14:
                return
            text(surface, ln, (x, y), 15, ink)
            y += 15
