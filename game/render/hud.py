"""The HUD: the movement chart with the phase marker and who moves next, each vehicle's speed and
handling track, and the record-sheet panel (armor by side, tires, crew, weapons, fire)."""

from __future__ import annotations

import pygame

from game import theme
from game.ui import panel, text
from rules.play.state import MOVE, SPEED, GameState, VehicleState
from rules.tables.movement import tables

ROW = 19


def chart_height(n: int) -> int:
    return 50 + ROW * (n + 1)


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, state: GameState, colours: dict[str, tuple[int, int, int]],
               actor: str | None) -> None:
    panel(surface, rect, f"Turn {state.turn}   phase {state.phase}   {state.step}")
    chart = tables().chart
    hs_min = tables().handling.hs_min
    x0, y = rect.x + 8, rect.y + 26
    cols = [x0, x0 + 66, x0 + 112]
    phase_x = [rect.x + 168 + i * 30 for i in range(5)]
    text(surface, "car", (cols[0], y), 15, theme.DIM)
    text(surface, "mph", (cols[1], y), 15, theme.DIM)
    text(surface, "HS/HC", (cols[2], y), 15, theme.DIM)
    for i, px in enumerate(phase_x):
        cur = i + 1 == state.phase
        if cur:
            pygame.draw.rect(surface, (80, 70, 30), pygame.Rect(px - 4, y - 2, 28, ROW * (len(state.vehicles) + 1) + 2))
        text(surface, f"{i + 1}", (px + 8, y), 15, theme.ACCENT if cur else theme.DIM)
    y += ROW
    nxt = state.movers[0] if state.step == MOVE and state.movers else None
    for v in state.vehicles:
        colour = colours.get(v.id, theme.TEXT)
        mark = ">" if v.id == actor else ""
        pygame.draw.rect(surface, colour, pygame.Rect(cols[0], y + 3, 8, 11))
        name_c = theme.DIM if v.out else (theme.ACCENT if v.id == actor else theme.TEXT)
        text(surface, f"{v.id}{'*' if mark else ''}"[:9], (cols[0] + 12, y), 16, name_c, bold=v.id == actor)
        text(surface, f"{v.signed_speed:g}", (cols[1], y), 16, theme.TEXT)
        hs_c = theme.GOOD if v.hs >= 1 else theme.WARN if v.hs >= -2 else theme.BAD
        text(surface, f"{v.hs:+d}/{v.hc}", (cols[2], y), 16, hs_c)
        _track(surface, pygame.Rect(cols[2], y + 14, 50, 3), v.hs, v.hc, hs_min)
        try:
            phases = chart.row(v.speed).phases
        except Exception:  # noqa: BLE001 - off the chart: show nothing rather than fail
            phases = (0, 0, 0, 0, 0)
        for i, px in enumerate(phase_x):
            inches = phases[i]
            if inches:
                text(surface, f"{inches:g}", (px + 2, y), 16, theme.TEXT if i + 1 == state.phase else theme.DIM)
        y += ROW
    order = ", ".join(state.movers) if state.step == MOVE else ", ".join(
        v.id for v in state.vehicles if v.id not in state.declared and not v.out) if state.step == SPEED else ""
    who = f"next: {nxt}" if nxt else ("speed changes: " + order if state.step == SPEED else "")
    text(surface, who[:48], (x0, y + 2), 15, theme.DIM)


def _track(surface: pygame.Surface, r: pygame.Rect, hs: int, hc: int, lo: int) -> None:
    """The handling track as a bar from the bottom box to HC, filled to the current status."""
    span = max(1, hc - lo)
    k = max(0.0, min(1.0, (hs - lo) / span))
    pygame.draw.rect(surface, (60, 60, 64), r)
    colour = theme.GOOD if hs >= 1 else theme.WARN if hs >= -2 else theme.BAD
    pygame.draw.rect(surface, colour, pygame.Rect(r.x, r.y, int(r.width * k), r.height))


SHEET_HEIGHT = 150


def draw_sheet(surface: pygame.Surface, rect: pygame.Rect, v: VehicleState | None, owner: str) -> None:
    """The record-sheet panel of one vehicle."""
    if v is None:
        panel(surface, rect, "Record sheet")
        return
    panel(surface, rect, f"{v.id}  ·  {owner}")
    x, y = rect.x + 8, rect.y + 26
    spec = v.spec
    text(surface, f"{spec.name[:34]}", (x, y), 15, theme.DIM)
    y += 16
    text(surface, f"{spec.kind.value}, {spec.weight} lb, HC {spec.hc}, accel {spec.acceleration:g}, top {spec.top_speed:g}",
         (x, y), 15, theme.DIM)
    y += 18
    armor = v.sheet.armor
    start = spec.sheet.armor
    parts = []
    for loc, short in (("front", "F"), ("back", "B"), ("left", "L"), ("right", "R"), ("top", "T"), ("underbody", "U")):
        if loc in armor or loc in start:
            parts.append((short, armor.get(loc, 0), start.get(loc, 0)))
    cx = x
    text(surface, "Armor", (cx, y), 16, theme.TEXT)
    cx += 48
    for short, now, full in parts:
        c = theme.TEXT if now == full else theme.WARN if now > 0 else theme.BAD
        r = text(surface, f"{short}{now}", (cx, y), 16, c)
        cx = r.right + 8
    side = [(short, armor.get(f"sidecar_{loc}", 0), start.get(f"sidecar_{loc}", 0)) for loc, short in
            (("front", "F"), ("back", "B"), ("left", "L"), ("right", "R"), ("top", "T"), ("underbody", "U"))
            if f"sidecar_{loc}" in start]
    if side:   # a cycle's sidecar: its own armor
        cx = text(surface, "sidecar", (cx, y), 16, theme.DIM).right + 6
        for short, now, full in side:
            c = theme.TEXT if now == full else theme.WARN if now > 0 else theme.BAD
            cx = text(surface, f"{short}{now}", (cx, y), 16, c).right + 6
    for pod in v.sheet.pods:   # external pods: their own armor, or gone in a roll
        c = theme.BAD if pod.torn_off else theme.TEXT if pod.armor == pod.max_armor else theme.WARN
        r = text(surface, f"pod {pod.id}:{'off' if pod.torn_off else pod.armor}", (cx, y), 16, c)
        cx = r.right + 8
    y += 18
    cx = x
    text(surface, "Tires", (cx, y), 16, theme.TEXT)
    cx += 48
    for t in v.sheet.tires:
        c = theme.BAD if t.destroyed else theme.WARN if t.dp < t.max_dp else theme.TEXT
        r = text(surface, f"{t.corner}{t.dp}", (cx, y), 16, c)
        cx = r.right + 8
    y += 18
    crew = getattr(v.sheet, "crew", None)
    crew = crew() if callable(crew) else crew
    text(surface, f"Crew: {_summary(crew) if crew else 'driver'}", (x, y), 16, theme.TEXT)
    y += 18
    _weapons_line(surface, v, (x, y), rect.right - 8)
    y += 18
    status = []
    if v.sheet.on_fire:
        status.append("ON FIRE")
    if v.out:
        status.append("out of the game")
    if v.mode != "normal":
        status.append(v.mode)
    if v.pending:
        status.append("pending: " + ", ".join(p.kind.replace("_", " ") for p in v.pending))
    if v.steering_lost:
        status.append("no steering")
    if v.automatic:   # weapons firing or laying by themselves each turn (000:L1024)
        x = text(surface, f"auto: {' '.join(v.automatic)}", (x, y), 16, theme.ACCENT).right + 8
    text(surface, ("; ".join(status) or "in good order")[:46], (x, y), 16, theme.BAD if status else theme.GOOD)


def _weapons_line(surface: pygame.Surface, v: VehicleState, at: tuple[int, int], right: int) -> None:
    """Each weapon with its shots; one on automatic (000:L1024) in the accent colour."""
    x, y = at
    weapons = v.sheet.weapons
    if not weapons:
        text(surface, "Weapons: none", (x, y), 16, theme.TEXT)
        return
    x = text(surface, "Weapons:", (x, y), 16, theme.TEXT).right + 6
    for i, w in enumerate(weapons):
        auto = w.id in v.automatic
        label = _summary((w,)) + ("," if i < len(weapons) - 1 else "")
        if x + 7 * len(label) > right:   # no room for the rest
            text(surface, "...", (x, y), 16, theme.DIM)
            return
        x = text(surface, label, (x, y), 16, theme.ACCENT if auto else theme.TEXT).right + 5


def _summary(items: object) -> str:
    """Names of crew or weapons, with what is left of each (shots for weapons, DP for crew)."""
    out = []
    for i in items:  # type: ignore[attr-defined]
        name = getattr(i, "role", "") or getattr(i, "id", "") or getattr(i, "name", str(i))
        if hasattr(i, "shots_left"):
            shots = i.shots_left
            name += f"({shots() if callable(shots) else shots})"
        elif hasattr(i, "dp") and hasattr(i, "max_dp") and i.dp < i.max_dp:
            name += f"({i.dp}/{i.max_dp})"
        if getattr(i, "destroyed", False) is True:
            name += "x"
        out.append(name)
    return ", ".join(out)
