"""The editor's panels drawn around the board: the palette (its group tabs and the open group's
pieces), the properties and problems on the right, and the status line. Each draws from the scene's
state and records the rows it drew, for the scene's clicks."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import theme
from game.editor import props as P
from game.ui import text
from rules.world.map_model import snap
from rules.world.maps import sections

if TYPE_CHECKING:
    from game.scenes.editor import EditorScene

STATUS_H = 28
PAL_ROW = 19
PROP_ROW = 27
TAB_NAMES = {"Road sections": "Roads", "Terrain brush": "Brushes"}
NAMES = {"areas": "Terrain", "curbs": "Curb", "markings": "Marking", "walls": "Wall", "buildings": "Building",
         "obstacles": "Counter", "ramps": "Ramp", "starts": "Start position", "sections": "Road section"}

def draw_palette(ed: EditorScene, surface: pygame.Surface) -> None:
    r = ed.palette_rect
    pygame.draw.rect(surface, theme.PANEL, r)
    pygame.draw.line(surface, theme.PANEL_EDGE, r.topright, r.bottomright)
    ed.palette_rows = []
    clip = surface.get_clip()
    surface.set_clip(r)
    # the groups as tabs, two to a row, always in sight; the open group's pieces below them
    ed.group_rows = []
    groups = list(dict.fromkeys(t.group for t in ed.tools))
    tab_w = (r.width - 12) // 2
    for k, group in enumerate(groups):
        tab = pygame.Rect(r.x + 4 + (k % 2) * (tab_w + 4), r.y + 4 + (k // 2) * PAL_ROW, tab_w, PAL_ROW - 2)
        is_open = group == ed.open_group
        pygame.draw.rect(surface, (70, 80, 104) if is_open else (52, 57, 68) if tab.collidepoint(ed.mouse)
                         else (40, 44, 52), tab, border_radius=3)
        text(surface, TAB_NAMES.get(group, group), tab.center, 17, theme.ACCENT if is_open else theme.TEXT,
             bold=is_open, anchor="center")
        ed.group_rows.append((tab, group))
    top = r.y + 8 + ((len(groups) + 1) // 2) * PAL_ROW
    pygame.draw.line(surface, theme.PANEL_EDGE, (r.x + 4, top - 3), (r.right - 4, top - 3))
    surface.set_clip(pygame.Rect(r.x, top, r.width, r.bottom - top))
    y = top - ed.palette_scroll * PAL_ROW
    for tool in ed.tools:
        if tool.group != ed.open_group:
            continue
        row = pygame.Rect(r.x + 4, y, r.width - 8, PAL_ROW - 2)
        if tool is ed.tool:
            pygame.draw.rect(surface, (70, 80, 104), row, border_radius=3)
            pygame.draw.rect(surface, theme.ACCENT, row, 1, border_radius=3)
        elif row.collidepoint(ed.mouse):
            pygame.draw.rect(surface, (52, 57, 68), row, border_radius=3)
        text(surface, tool.label, (row.x + 14, row.y + 2), 18, theme.TEXT)
        if top <= row.y and row.bottom <= r.bottom:
            ed.palette_rows.append((row, tool))
        y += PAL_ROW
    surface.set_clip(clip)


def draw_side(ed: EditorScene, surface: pygame.Surface) -> None:
    r = ed.side_rect
    pygame.draw.rect(surface, theme.PANEL, r)
    pygame.draw.line(surface, theme.PANEL_EDGE, r.topleft, r.bottomleft)
    x, y = r.x + 10, r.y + 8
    ref, f = ed.selected_feature()
    if len(ed.selection) > 1:
        title = f"{len(ed.selection)} selected"
    elif ref is not None:
        title = f"{NAMES.get(ref[0], ref[0])}  ({ref[0]}[{ref[1]}])"
        if ref[0] == "sections":
            sec = sections().get(getattr(f, "section", ""))
            title = f"{NAMES['sections']}: {sec.name if sec else '?'}"
    else:
        title = "Map"
    text(surface, title, (x, y), 22, theme.ACCENT, bold=True)
    y += 30
    ed.prop_rows = []
    for prop in ed.current_props():
        row = pygame.Rect(x, y, r.width - 20, PROP_ROW - 3)
        editing = ed.editing is not None and ed.editing[0] == prop
        pygame.draw.rect(surface, (58, 64, 80) if editing else (44, 48, 57), row, border_radius=3)
        text(surface, prop.label, (row.x + 6, row.y + 4), 18, theme.DIM)
        if editing:
            assert ed.editing is not None
            val_r = text(surface, ed.editing[1], (row.x + 150, row.y + 4), 18, theme.TEXT)
            pygame.draw.line(surface, theme.ACCENT, (val_r.right + 2, row.y + 3), (val_r.right + 2, row.bottom - 3), 2)
            pygame.draw.rect(surface, theme.ACCENT, row, 1, border_radius=3)
        else:
            value = P.value_of(ed.map, f, prop)
            shown = ("< " + value + " >") if prop.kind in ("choice", "bool") else (value or "-")
            text(surface, shown[:24], (row.x + 150, row.y + 4), 18, theme.TEXT)
        ed.prop_rows.append((row, prop))
        y += PROP_ROW
    if len(ed.selection) > 1:
        text(surface, "drag to move · R/Shift+R rotate · Del delete · Ctrl+C copy", (x, y), 16, theme.DIM)
        y += 22
    y += 10
    probs = ed.problems()
    colour = theme.BAD if probs else theme.GOOD
    text(surface, f"Problems: {len(probs)}" if probs else "No problems: ready to play", (x, y), 20, colour, bold=True)
    y += 26
    ed.problem_rows = []
    for prob in probs:
        if y > r.bottom - 22:
            text(surface, f"... and {len(probs) - len(ed.problem_rows)} more", (x, y), 16, theme.DIM)
            break
        row = pygame.Rect(x, y, r.width - 20, 20)
        if row.collidepoint(ed.mouse):
            pygame.draw.rect(surface, (60, 44, 44), row)
        label = str(prob)
        while len(label) > 8 and theme.font(16).size(label)[0] > row.width - 8:
            label = label[:-2]
        text(surface, label, (row.x + 4, row.y + 3), 16, (240, 150, 140))
        ed.problem_rows.append((row, prob))
        y += 21


def draw_status(ed: EditorScene, surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    bar = pygame.Rect(0, h - STATUS_H, w, STATUS_H)
    pygame.draw.rect(surface, theme.PANEL, bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
    if ed.view_rect.collidepoint(ed.mouse):
        mx, my = ed.cam.to_map(*ed.mouse)
        text(surface, f'x {snap(mx):g}"  y {snap(my):g}"', (w - 10, bar.y + 6), 18, theme.DIM, anchor="topright")
    if ed.message:
        text(surface, ed.message[:150], (10, bar.y + 6), 18, theme.WARN)
    else:
        text(surface, "F1: every key · click: select · drag: move (snaps) · handles: resize · click a green road end, "
             "then road pieces: chain · R: rotate · Del · Ctrl+Z/Y · Ctrl+S: save · P: playtest",
             (10, bar.y + 6), 16, theme.DIM)
