"""The map editor: build a map from road sections and features, check it, save it, playtest it.

Left: the palette (click a piece, then click the board to place it; the tool is put down once the
piece is placed, Shift-click to place more), the layers (shown or hidden, locked) and the minimap.
Middle: the board. Click a feature to select it, Shift-click to add or remove one, drag on empty
ground for a box; drag a selection to move it (on the 1/4" grid and to other pieces' edges; a road
section snaps onto a free road end), drag a yellow handle to resize from that edge or corner. Click a
road's free end (the round connector) and pick road pieces in the palette to chain them on. Right:
the properties of the selection (or of the map) and the problems rules.world.maps.validate_map
finds, which are also marked red on the board; click one to go to it. Every change is a command
(game.editor.commands): Ctrl+Z undoes, Ctrl+Y redoes. F1 lists every key (EDITOR_HELP).
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game import theme
from game.camera import Camera
from game.editor import panels
from game.editor import props as P
from game.editor.commands import (
    AddFeatures,
    Command,
    DeleteFeatures,
    History,
    MoveFeatures,
    NewMap,
    Ref,
    ReplaceFeature,
    RotateFeatures,
    SetMapInfo,
    outline,
)
from game.editor.dialogs import ConfirmDialog, PickDialog, PromptDialog
from game.editor.keys import EDITOR_HELP
from game.editor.overview import Layers, Minimap, Trace
from game.editor.palette import Tool, tools
from game.editor.panels import STATUS_H
from game.editor.prefabs import stroke_areas
from game.render.board import BoardRenderer
from game.scenes.base import Scene
from game.ui import Button, click_buttons, draw_buttons, text
from rules.core.paths import MAPS_DIR
from rules.world.map_model import (
    LAYERS,
    End,
    Feature,
    Map,
    Placement,
    free_ends,
    join_to,
    layer,
    moved,
    placed_ends,
    resized_by_handle,
    snap,
    snap_to_ends,
)
from rules.world.maps import (
    Problem,
    load_map,
    map_path,
    safe_name,
    save_map,
    sections,
    validate_map,
)
from rules.world.shapes import Rect, bbox, point_in_polygon, rotate_point

TOOLBAR_H = 44
PALETTE_W = 190
SIDE_W = 330
PICK_ORDER = ("starts", "obstacles", "ramps", "walls", "buildings", "curbs", "markings", "areas", "sections")
RESIZABLE = ("areas", "walls", "buildings", "ramps", "curbs", "markings")
COLOURS = ("red", "blue", "green", "yellow", "orange", "purple", "cyan", "white")
PLAYTEST_CARS = 4          # one car per start position, up to this many
LAYERS_H = 6 * 20 + 4      # the layers panel under the palette
MINIMAP_H = 150
SNAP_PX = 8                # a dragged piece's edge jumps to another's within this many pixels
END_SNAP_IN = 1.5          # a dragged road section jumps onto a free end within this many inches
END_PICK_PX = 10           # how near a click must be to a free end's connector
BRUSH_SIZES = (0.25, 0.5, 1.0, 2.0, 4.0)


def blank_map() -> Map:
    """A new map: grass, with room for a four-section highway (42") running down it."""
    return Map("New map", 60.0, 48.0, ground="grass")


@dataclass
class Drag:
    mode: str                       # move | resize | box | pan | paint | minimap
    start: tuple[float, float]      # map point where it began
    now: tuple[float, float]
    moved: bool = False
    handle: tuple[int, int] | None = None   # resize: which edge or corner


class EditorScene(Scene):
    def __init__(self, app: Any, game_map: Map | None = None, path: Path | None = None,
                 maps_dir: Path | None = None) -> None:
        super().__init__(app)
        self.maps_dir = maps_dir or MAPS_DIR
        start = game_map or blank_map()
        self.history = History(start, saved=start)
        self.path = path                    # the file the map was loaded from or saved to
        self.written: Path | None = None    # a file this editor wrote itself: saving again needs no asking
        self.selection: tuple[Ref, ...] = ()
        self.tool: Tool | None = None
        self.tools = tools()
        self.clipboard: list[tuple[str, Feature]] = []
        self.snap_on = True
        self.drag: Drag | None = None
        self.preview: Map | None = None
        self.editing: tuple[P.Prop, str] | None = None
        self.message = ""
        self.mouse = (0, 0)
        self.cam = Camera()
        self.layers = Layers()
        self.minimap = Minimap()
        self.trace = Trace()
        self.chain_end: End | None = None   # a free road end that the next road piece picked is laid on
        self.brush_size = 1.0
        self.stroke: list[tuple[float, float]] = []   # a brush stroke's path, map points
        self.palette_scroll = 0
        self.palette_rows: list[tuple[pygame.Rect, Tool]] = []
        self.group_rows: list[tuple[pygame.Rect, str]] = []
        self.open_group = "Road sections"   # the palette shows one group's pieces at a time
        self.prop_rows: list[tuple[pygame.Rect, P.Prop]] = []
        self.problem_rows: list[tuple[pygame.Rect, Problem]] = []
        self.buttons: list[Button] = []
        self._board: tuple[Map | None, BoardRenderer | None] = (None, None)
        self._problems: tuple[Map | None, list[Problem]] = (None, [])
        self.resized(app.size)
        self.fit()

    # --- the map and commands ------------------------------------------------------------------

    @property
    def map(self) -> Map:
        return self.history.map

    def do(self, cmd: Command) -> bool:
        try:
            sel = self.history.do(cmd, self.selection)
        except (ValueError, IndexError) as exc:
            self.message = f"{cmd.label}: {exc}"
            return False
        if sel is not None:
            self.selection = sel
        return sel is not None

    def undo(self) -> None:
        e = self.history.undo()
        if e is None:
            self.message = "nothing to undo"
            return
        self.selection = e.selection_before
        self.message = f"undid: {e.command.label}"

    def redo(self) -> None:
        e = self.history.redo()
        if e is None:
            self.message = "nothing to redo"
            return
        self.selection = e.selection_after
        self.message = f"redid: {e.command.label}"

    def problems(self) -> list[Problem]:
        if self._problems[0] is not self.map:
            self._problems = (self.map, validate_map(self.map))
        return self._problems[1]

    def feature(self, ref: Ref, m: Map | None = None) -> Feature:
        item: Feature = layer(m or self.map, ref[0])[ref[1]]
        return item

    # --- layout --------------------------------------------------------------------------------

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = size
        self.cam.view_x, self.cam.view_y = PALETTE_W, TOOLBAR_H
        self.cam.view_w = max(200, w - PALETTE_W - SIDE_W)
        self.cam.view_h = max(200, h - TOOLBAR_H - STATUS_H)
        self.view_rect = pygame.Rect(self.cam.view_x, self.cam.view_y, self.cam.view_w, self.cam.view_h)
        self.palette_rect = pygame.Rect(0, TOOLBAR_H, PALETTE_W, h - TOOLBAR_H - STATUS_H - LAYERS_H - MINIMAP_H)
        self.layers_rect = pygame.Rect(0, self.palette_rect.bottom, PALETTE_W, LAYERS_H)
        self.minimap_rect = pygame.Rect(2, self.layers_rect.bottom, PALETTE_W - 4, MINIMAP_H - 2)
        self.side_rect = pygame.Rect(w - SIDE_W, TOOLBAR_H, SIDE_W, h - TOOLBAR_H - STATUS_H)
        self._layout_buttons()

    def _layout_buttons(self) -> None:
        spec = [("New", self.new_map, "new"), ("Open", self.open_map, "open"), ("Save", self.save, "save"),
                ("Undo", self.undo, "undo"), ("Redo", self.redo, "redo"),
                ("Rotate -15", lambda: self.rotate(-1), "rotl"), ("Rotate +15", lambda: self.rotate(1), "rotr"),
                ("Delete", self.delete, "delete"), ("Copy", self.copy, "copy"), ("Paste", self.paste, "paste"),
                ("Snap 1/4\"", self.toggle_snap, "snap"), ("Fit", self.fit, "fit"), ("Trace", self.ask_trace, "trace"),
                ("Playtest", self.playtest, "playtest"), ("Back", self.back, "back")]
        x = 6
        self.buttons = []
        for label, fn, name in spec:
            bw = theme.font(18).size(label)[0] + 18
            self.buttons.append(Button(pygame.Rect(x, 6, bw, TOOLBAR_H - 12), label, fn, name=name))
            x += bw + 5

    def button(self, name: str) -> Button:
        return next(b for b in self.buttons if b.name == name)

    def fit(self) -> None:
        self.cam.fit(self.map.width, self.map.height)

    # --- actions -------------------------------------------------------------------------------

    def pick_tool(self, tool: Tool | None) -> None:
        if tool is not None and tool.layer == "sections" and self.chain_end is not None:
            self.chain_on(tool)
            return
        self.chain_end = None
        self.tool = tool
        if tool is not None:
            if tool.group != self.open_group:
                self.open_group, self.palette_scroll = tool.group, 0
            self.selection = ()
            self.message = (f"{tool.label}: drag on the board to paint · , and . brush size ({self.brush_size:g}\") · Esc: done"
                            if tool.brush is not None else
                            f"{tool.label}: click the board to place (Shift+click: keep placing) · Esc or right click: done")

    def place(self, x: float, y: float, keep: bool = False) -> None:
        """Place the tool's piece (or prefab) at a map point; the tool is put down unless `keep`. A
        road section placed near a free road end is laid onto it."""
        tool = self.tool
        if tool is None or tool.brush is not None:
            return
        items = tool.items(x, y, self.map)
        if len(items) == 1 and isinstance(items[0][1], Placement):
            items = (("sections", snap_to_ends(items[0][1], self.map.sections, sections(), END_SNAP_IN)),)
        if self.do(AddFeatures(f"place {tool.label.lower()}", items)) and not keep:
            self.tool = None
            self.message = f"placed {tool.label.lower()}: Shift+click places more without picking again"

    def chain_on(self, tool: Tool) -> None:
        """Lay the picked road section on the chain's free end; the chain moves to its way out."""
        assert self.chain_end is not None
        made = tool.make(0, 0, self.map)
        assert isinstance(made, Placement)
        lib = sections()
        p = join_to(self.chain_end, made.section, lib)
        if self.do(AddFeatures(f"chain {tool.label.lower()}", (("sections", p),))):
            self.chain_end = placed_ends(p, lib)[1]
            self.tool = None
            self.message = f"laid {tool.label}; pick the next road piece to carry on · Esc: stop the chain"

    def free_end_at(self, pos: tuple[int, int]) -> End | None:
        if not self.layers.free("sections"):
            return None
        for _i, _k, e in free_ends(self.map.sections, sections()):
            sx, sy = self.cam.to_screen(e.x, e.y)
            if math.dist((sx, sy), pos) <= END_PICK_PX:
                return e
        return None

    def ask_trace(self) -> None:
        def load(path: str) -> None:
            self.message = self.trace.load(Path(path.strip()).expanduser())

        self.app.push(PromptDialog(self.app, "Tracing image (PNG or JPEG)", str(self.trace.path or ""), load,
                                   lambda v: "stretched over the whole map, under the pieces' outlines"))

    def paint_to(self, p: tuple[float, float]) -> None:
        """Carry the brush stroke on to map point p."""
        self.stroke.append(p)

    def brush_step(self, step: int) -> None:
        i = BRUSH_SIZES.index(self.brush_size) if self.brush_size in BRUSH_SIZES else 2
        self.brush_size = BRUSH_SIZES[max(0, min(len(BRUSH_SIZES) - 1, i + step))]
        self.message = f"brush {self.brush_size:g}\" square"

    def delete(self) -> None:
        if self.selection:
            self.do(DeleteFeatures(f"delete {len(self.selection)}", self.selection))

    def rotate(self, steps: int) -> None:
        if self.selection:
            self.do(RotateFeatures("rotate", self.selection, steps))

    def nudge(self, dx: float, dy: float) -> None:
        if self.selection:
            self.do(MoveFeatures("nudge", self.selection, dx, dy))

    def copy(self) -> None:
        self.clipboard = [(r[0], self.feature(r)) for r in self.selection]
        self.message = f"copied {len(self.clipboard)}" if self.clipboard else "select something to copy"

    def cut(self) -> None:
        self.copy()
        self.delete()

    def paste(self) -> None:
        if not self.clipboard:
            self.message = "nothing to paste"
            return
        pts = [p for lay, f in self.clipboard for p in _points(lay, f)]
        x0, y0, x1, y1 = bbox(pts)
        if self.view_rect.collidepoint(self.mouse):
            mx, my = self.cam.to_map(*self.mouse)
            dx, dy = snap(mx - (x0 + x1) / 2), snap(my - (y0 + y1) / 2)
        else:
            dx, dy = 1.0, 1.0
        items = tuple((lay, moved(f, dx, dy)) for lay, f in self.clipboard)
        self.do(AddFeatures(f"paste {len(items)}", items))

    def select_all(self) -> None:
        self.selection = tuple((lay, i) for lay in PICK_ORDER if self.layers.free(lay)
                               for i in range(len(layer(self.map, lay))))

    def cycle_selection(self, step: int) -> None:
        """Tab: select the next feature (keyboard play without the mouse)."""
        refs = [(lay, i) for lay in PICK_ORDER if self.layers.free(lay) for i in range(len(layer(self.map, lay)))]
        if not refs:
            return
        i = refs.index(self.selection[0]) + step if self.selection and self.selection[0] in refs else 0
        self.selection = (refs[i % len(refs)],)
        self.tool = None

    def toggle_snap(self) -> None:
        self.snap_on = not self.snap_on
        self.button("snap").active = self.snap_on
        self.message = "snap to the 1/4\" grid " + ("on" if self.snap_on else "off")

    def _snap(self, v: float) -> float:
        return snap(v) if self.snap_on else v

    # --- files ---------------------------------------------------------------------------------

    def _unless_dirty(self, what: str, then: Any) -> None:
        if self.history.dirty:
            self.app.push(ConfirmDialog(self.app, "Unsaved changes",
                                        f"{self.map.name} has changes that are not saved. {what} anyway?",
                                        "Discard", then))
        else:
            then()

    def new_map(self) -> None:
        def fresh() -> None:
            m = blank_map()
            self.do(NewMap("new map", m))
            self.history.saved = m
            self.path = self.written = None
            self.selection = ()
            self.fit()
            self.message = "a new map: pick a piece on the left and click the board"

        self._unless_dirty("Start a new map", fresh)

    def open_map(self) -> None:
        def pick() -> None:
            from rules.world.maps import list_maps

            items = [(p.stem, p) for p in list_maps(self.maps_dir)]
            self.app.push(PickDialog(self.app, "Open a map", items, self.load))

        self._unless_dirty("Open another map", pick)

    def load(self, path: Path) -> bool:
        try:
            m = load_map(path, strict=False)
        except Exception as exc:  # noqa: BLE001 - a bad file is reported (file: where: what), never a crash
            self.message = str(exc)
            return False
        self.do(NewMap(f"open {path.name}", m))
        self.history.saved = m
        self.path, self.written = path, None
        self.selection = ()
        self.fit()
        n = len(self.problems())
        self.message = f"opened {path.name}" + (f": {n} problem(s) listed on the right" if n else "")
        return True

    def save(self) -> None:
        def hint(name: str) -> str:
            return f"will be saved as maps/{safe_name(name)}.toml"

        self.app.push(PromptDialog(self.app, "Save map as", self.map.name, self.save_as, hint))

    def save_as(self, name: str) -> None:
        """Name the map and write it to maps/ (safe file name); an existing file is kept unless the
        player confirms."""
        name = name.strip()
        if not name:
            self.message = "a map needs a name"
            return
        target = map_path(name, self.maps_dir)
        if target.exists() and target.resolve() != (self.written.resolve() if self.written else None):
            self.app.push(ConfirmDialog(self.app, "Overwrite?", f"maps/{target.name} exists already. Replace it "
                                        "with this map?", "Overwrite", lambda: self._write(target, True, name)))
            return
        self._write(target, target.exists(), name)

    def _write(self, target: Path, overwrite: bool, name: str) -> None:
        if name != self.map.name:
            keep = self.selection
            self.do(SetMapInfo("rename", (("name", name),)))
            self.selection = keep
        try:
            written = save_map(self.map, target, overwrite=overwrite)
        except (OSError, ValueError) as exc:
            self.message = f"could not save: {exc}"
            return
        self.path = self.written = written
        self.history.saved = self.map
        n = len(self.problems())
        self.message = f"saved as maps/{written.name}" + (f" with {n} problem(s): other screens will refuse it" if n else "")

    def back(self) -> None:
        self._unless_dirty("Leave the editor", self._leave)

    def _leave(self) -> None:
        if self.app.top is self:
            clean_playtests(playtest_dir(self.app))
            self.app.pop()

    @property
    def help_entries(self) -> tuple[tuple[str, str], ...]:
        """What F1 lists over the editor."""
        return EDITOR_HELP

    # --- playtest --------------------------------------------------------------------------------

    def playtest(self) -> None:
        """Start a game at once on the map being edited, a car on each start (up to four)."""
        from game.session import Session

        if len(self.map.starts) < 2:
            self.message = "a playtest needs at least two start positions (palette: Start position)"
            return
        probs = self.problems()
        if probs:
            self.message = f"fix the {len(probs)} problem(s) on the right first"
            return
        try:
            setup, title = playtest_setup(self.map, playtest_dir(self.app))
            session = Session.start(setup, title, self.app.saves_dir)
        except Exception as exc:  # noqa: BLE001 - a set-up the rules refuse is reported here
            self.message = f"cannot playtest: {exc}"
            return
        self.app.flow.battle(session)

    # --- events --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos") and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if self.editing is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return self._edit_event(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._mouse_down(event)
        if event.type == pygame.MOUSEMOTION:
            return self._mouse_move(event)
        if event.type == pygame.MOUSEBUTTONUP:
            return self._mouse_up(event)
        if event.type == pygame.MOUSEWHEEL:
            if self.palette_rect.collidepoint(self.mouse):
                self.palette_scroll = max(0, self.palette_scroll - event.y * 3)
            elif self.view_rect.collidepoint(self.mouse):
                self.cam.zoom_at(1.15 ** event.y, *self.mouse)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        mods = getattr(event, "mod", 0)
        ctrl, shift = mods & pygame.KMOD_CTRL, mods & pygame.KMOD_SHIFT
        if ctrl:
            table: dict[int, Callable[[], object]] = {pygame.K_z: self.redo if shift else self.undo, pygame.K_y: self.redo, pygame.K_c: self.copy,
                     pygame.K_x: self.cut, pygame.K_v: self.paste, pygame.K_s: self.save, pygame.K_o: self.open_map,
                     pygame.K_l: self.open_map, pygame.K_n: self.new_map, pygame.K_a: self.select_all,
                     pygame.K_p: self.playtest, pygame.K_t: self.ask_trace}
            if k in table:
                table[k]()
                return True
            return False
        step = 1.0 if shift else vocabulary_grid()
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if k in arrows:
            dx, dy = arrows[k]
            if self.selection:
                self.nudge(dx * step, dy * step)
            else:
                self.cam.pan_pixels(-dx * 60, -dy * 60)
            return True
        pans = {pygame.K_a: (60, 0), pygame.K_d: (-60, 0), pygame.K_w: (0, 60), pygame.K_s: (0, -60)}
        if k in pans:
            self.cam.pan_pixels(*pans[k])
            return True
        simple: dict[int, Callable[[], object]] = {pygame.K_DELETE: self.delete, pygame.K_BACKSPACE: self.delete, pygame.K_g: self.toggle_snap,
                  pygame.K_f: self.fit, pygame.K_p: self.playtest, pygame.K_F5: self.playtest,
                  pygame.K_e: lambda: self.rotate(1), pygame.K_q: lambda: self.rotate(-1),
                  pygame.K_r: lambda: self.rotate(-1 if shift else 1),
                  pygame.K_EQUALS: lambda: self.cam.zoom_at(1.2, *self.view_rect.center),
                  pygame.K_PLUS: lambda: self.cam.zoom_at(1.2, *self.view_rect.center),
                  pygame.K_KP_PLUS: lambda: self.cam.zoom_at(1.2, *self.view_rect.center),
                  pygame.K_MINUS: lambda: self.cam.zoom_at(1 / 1.2, *self.view_rect.center),
                  pygame.K_KP_MINUS: lambda: self.cam.zoom_at(1 / 1.2, *self.view_rect.center)}
        if k in simple:
            simple[k]()
            return True
        if k in (pygame.K_COMMA, pygame.K_PERIOD):
            self.brush_step(1 if k == pygame.K_PERIOD else -1)
            return True
        if k == pygame.K_t:
            if shift:
                self.message = self.trace.cycle_alpha()
            else:
                self.trace.shown = not self.trace.shown
                self.message = "tracing image " + ("shown" if self.trace.shown else "hidden")
            return True
        if k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            self.chain_end = None   # stepping through the tools must not lay road on a chain
            i = self.tools.index(self.tool) if self.tool in self.tools else -1
            i = (i + (1 if k == pygame.K_RIGHTBRACKET else -1)) % len(self.tools)
            self.pick_tool(self.tools[i])
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.tool is not None:
            pos = self.mouse if self.view_rect.collidepoint(self.mouse) else self.view_rect.center
            self.place(*self.cam.to_map(*pos), keep=bool(shift))
            return True
        if k == pygame.K_TAB:
            self.cycle_selection(-1 if shift else 1)
            return True
        if k == pygame.K_ESCAPE:
            if self.drag is not None:
                self.drag, self.preview = None, None
                self.stroke = []
            elif self.chain_end is not None:
                self.chain_end = None
                self.message = "chain stopped"
            elif self.tool is not None:
                self.pick_tool(None)
                self.message = ""
            elif self.selection:
                self.selection = ()
            else:
                self.back()
            return True
        return False

    # --- the mouse -------------------------------------------------------------------------------

    def _mouse_down(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        if event.button in (4, 5):
            return False
        if event.button == 1 and click_buttons(self.buttons, event):
            return True
        if self.layers_rect.collidepoint(pos):
            msg = self.layers.click(pos)
            if msg:
                self.message = msg
                self.selection = tuple(r for r in self.selection if self.layers.free(r[0]))
            return True
        if self.minimap_rect.collidepoint(pos):
            self.cam.cx, self.cam.cy = self.minimap.to_map(pos)
            self.drag = Drag("minimap", (0.0, 0.0), (0.0, 0.0))
            return True
        if self.palette_rect.collidepoint(pos):
            for r, tool in self.palette_rows:
                if r.collidepoint(pos):
                    self.pick_tool(None if self.tool is tool else tool)
                    return True
            for r, group in self.group_rows:
                if r.collidepoint(pos):
                    self.open_group, self.palette_scroll = group, 0
                    return True
            return True
        if self.side_rect.collidepoint(pos):
            return self._side_click(pos, event.button)
        if not self.view_rect.collidepoint(pos):
            return False
        mx, my = self.cam.to_map(*pos)
        if event.button == 3 and self.tool is not None:
            self.pick_tool(None)
            self.message = ""
            return True
        if event.button in (2, 3):
            self.drag = Drag("pan", (mx, my), (mx, my))
            return True
        if event.button != 1:
            return False
        mods = getattr(event, "mod", None)
        shift = (pygame.key.get_mods() if mods is None else mods) & pygame.KMOD_SHIFT
        if self.tool is not None and self.tool.brush is not None:
            self.stroke = [(mx, my)]
            self.drag = Drag("paint", (mx, my), (mx, my), moved=True)
            self._preview_paint()
            return True
        if self.tool is not None:
            self.place(mx, my, keep=bool(shift))
            return True
        handle = self._handle_at(pos)
        if handle is not None:
            self.drag = Drag("resize", (mx, my), (mx, my), handle=handle)
            return True
        end = self.free_end_at(pos)
        if end is not None:
            self.chain_end = end
            self.selection = ()
            self.message = "chain: pick road pieces in the palette to lay them on this end · Esc: stop"
            return True
        hit = self.feature_at(mx, my)
        if hit is not None:
            if shift:
                self.selection = tuple(r for r in self.selection if r != hit) if hit in self.selection \
                    else self.selection + (hit,)
                return True
            if hit not in self.selection:
                self.selection = (hit,)
            self.drag = Drag("move", (mx, my), (mx, my))
            return True
        if not shift:
            self.selection = ()
        self.drag = Drag("box", (mx, my), (mx, my))
        return True

    def _mouse_move(self, event: pygame.event.Event) -> bool:
        d = self.drag
        if d is None:
            return False
        if d.mode == "pan":
            self.cam.pan_pixels(*event.rel)
            return True
        if d.mode == "minimap":
            if self.minimap_rect.collidepoint(event.pos):
                self.cam.cx, self.cam.cy = self.minimap.to_map(event.pos)
            return True
        if d.mode == "paint":
            now = self.cam.to_map(*event.pos)
            self.paint_to(now)
            d.now = now
            self._preview_paint()
            return True
        d.now = self.cam.to_map(*event.pos)
        d.moved = d.moved or math.dist(d.start, d.now) * self.cam.zoom > 3
        cmd = self._drag_command(d)
        try:
            self.preview = cmd.apply(self.map)[0] if cmd is not None else None
        except ValueError:
            self.preview = None
        return True

    def _mouse_up(self, event: pygame.event.Event) -> bool:
        d = self.drag
        if d is None or event.button not in (1, 2, 3):
            return False
        self.drag, self.preview = None, None
        if d.mode == "minimap":
            return True
        if d.mode == "paint":
            self._finish_paint()
            return True
        if d.mode == "box":
            self._box_select(d)
        elif d.moved:
            cmd = self._drag_command(d)
            if cmd is not None:
                self.do(cmd)
        return True

    def _preview_paint(self) -> None:
        tool = self.tool
        if tool is None or tool.brush is None:
            return
        self.preview = AddFeatures("paint", stroke_areas(self.stroke, self.brush_size, tool.brush, self.map)).apply(self.map)[0]

    def _finish_paint(self) -> None:
        tool = self.tool
        if tool is None or tool.brush is None or not self.stroke:
            return
        items = stroke_areas(self.stroke, self.brush_size, tool.brush, self.map)
        self.stroke = []
        if items:
            self.do(AddFeatures(f"paint {tool.label.split(': ')[-1]}", items))
            self.selection = ()
            self.message = f"painted {tool.label.split(': ')[-1]} ({len(items)} area(s))"

    def _drag_command(self, d: Drag) -> Command | None:
        if d.mode == "move" and self.selection:
            if len(self.selection) == 1 and self.selection[0][0] == "sections":
                return self._section_drag(d)
            x0, y0, x1, y1 = bbox([p for r in self.selection for p in outline(self.map, r)])
            dx = self._snap(x0 + d.now[0] - d.start[0]) - x0
            dy = self._snap(y0 + d.now[1] - d.start[1]) - y0
            if self.snap_on:
                dx, dy = self._edge_snap((x0, y0, x1, y1), dx, dy, d.now[0] - d.start[0], d.now[1] - d.start[1])
            return MoveFeatures("move", self.selection, dx, dy) if (dx or dy) else None
        if d.mode == "resize" and len(self.selection) == 1 and d.handle is not None:
            ref = self.selection[0]
            p = (self._snap(d.now[0]), self._snap(d.now[1]))
            g = resized_by_handle(self.feature(ref), d.handle[0], d.handle[1], p, vocabulary_grid())
            return ReplaceFeature("resize", ref, g)
        return None

    def _section_drag(self, d: Drag) -> Command | None:
        """A road section follows the mouse on the grid and jumps onto a free road end near it."""
        ref = self.selection[0]
        p = self.feature(ref)
        assert isinstance(p, Placement)
        moved_p = moved(p, self._snap(p.x + d.now[0] - d.start[0]) - p.x, self._snap(p.y + d.now[1] - d.start[1]) - p.y)
        assert isinstance(moved_p, Placement)
        snapped = snap_to_ends(moved_p, self.map.sections, sections(), END_SNAP_IN, skip=ref[1])
        return ReplaceFeature("move", ref, snapped) if snapped != p else None

    def _edge_snap(self, box: tuple[float, float, float, float], dx: float, dy: float, rdx: float,
                   rdy: float) -> tuple[float, float]:
        """Let the moved box's edges jump to other pieces' edges within SNAP_PX pixels (checked against
        the unsnapped move rdx, rdy); the grid move stands where no edge is near."""
        near = SNAP_PX / self.cam.zoom
        xs, ys = [], []
        for lay in PICK_ORDER:
            if not self.layers.shown(lay):
                continue
            for i in range(len(layer(self.map, lay))):
                if (lay, i) in self.selection:
                    continue
                fx0, fy0, fx1, fy1 = bbox(outline(self.map, (lay, i)))
                xs += [fx0, fx1]
                ys += [fy0, fy1]
        x0, y0, x1, y1 = box

        def best(edges: list[float], mine: tuple[float, float], raw: float, grid: float) -> float:
            options = [(abs(e - (m + raw)), e - m) for e in edges for m in mine if abs(e - (m + raw)) <= near]
            return min(options)[1] if options else grid

        return best(xs, (x0, x1), rdx, dx), best(ys, (y0, y1), rdy, dy)

    def _box_select(self, d: Drag) -> None:
        (ax, ay), (bx, by) = d.start, d.now
        x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        if (x1 - x0) * self.cam.zoom < 3 and (y1 - y0) * self.cam.zoom < 3:
            return
        found = []
        for lay in PICK_ORDER:
            if not self.layers.free(lay):
                continue
            for i in range(len(layer(self.map, lay))):
                fx0, fy0, fx1, fy1 = bbox(outline(self.map, (lay, i)))
                if x0 <= fx0 and fx1 <= x1 and y0 <= fy0 and fy1 <= y1 and (lay, i) not in self.selection:
                    found.append((lay, i))
        self.selection = self.selection + tuple(found)
        self.message = f"{len(self.selection)} selected"

    def feature_at(self, x: float, y: float) -> Ref | None:
        """The topmost feature under a map point (starts and counters over walls over terrain)."""
        near = max(0.15, 6 / self.cam.zoom)
        for lay in PICK_ORDER:
            if not self.layers.free(lay):
                continue
            items = layer(self.map, lay)
            for i in range(len(items) - 1, -1, -1):
                pts = outline(self.map, (lay, i))
                if lay in ("curbs", "markings"):
                    if any(_seg_dist((x, y), a, b) <= near for a, b in zip(pts, pts[1:], strict=False)):
                        return (lay, i)
                elif point_in_polygon(x, y, pts):
                    return (lay, i)
        return None

    def handles(self) -> list[tuple[int, int, tuple[float, float]]]:
        """The eight resize handles (hx, hy, screen point) of a lone resizable selection: corners and
        edge middles, in the shape's own turned frame for a rectangle."""
        if len(self.selection) != 1 or self.selection[0][0] not in RESIZABLE:
            return []
        ref = self.selection[0]
        m = self.preview or self.map
        if ref[1] >= len(layer(m, ref[0])):
            return []
        shape = getattr(self.feature(ref, m), "shape", None)
        out = []
        for hx in (-1, 0, 1):
            for hy in (-1, 0, 1):
                if hx == 0 and hy == 0:
                    continue
                if isinstance(shape, Rect):
                    local = (shape.x + (hx + 1) / 2 * shape.w, shape.y + (hy + 1) / 2 * shape.h)
                    p = rotate_point(local, shape.rotation, shape.centre)
                else:
                    x0, y0, x1, y1 = bbox(outline(m, ref))
                    p = (x0 + (hx + 1) / 2 * (x1 - x0), y0 + (hy + 1) / 2 * (y1 - y0))
                out.append((hx, hy, self.cam.to_screen(*p)))
        return out

    def handle_point(self, hx: int = 1, hy: int = 1) -> tuple[float, float] | None:
        """Screen point of one resize handle (default: the bottom-right corner)."""
        return next((p for x, y, p in self.handles() if (x, y) == (hx, hy)), None)

    def _handle_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for hx, hy, p in self.handles():
            if abs(pos[0] - p[0]) <= 7 and abs(pos[1] - p[1]) <= 7:
                return (hx, hy)
        return None

    # --- the properties panel ------------------------------------------------------------------

    def selected_feature(self) -> tuple[Ref | None, Feature | None]:
        if len(self.selection) == 1:
            return self.selection[0], self.feature(self.selection[0])
        return None, None

    def current_props(self) -> list[P.Prop]:
        if len(self.selection) > 1:
            return []
        return P.props_for(self.selected_feature()[1])

    def set_prop(self, prop: P.Prop, raw: str) -> bool:
        """Give a field a typed or chosen value, as a command."""
        ref, f = self.selected_feature()
        try:
            cmd = P.command_for(self.map, ref, f, prop, P.parse(prop, raw))
        except ValueError as exc:
            self.message = str(exc)
            return False
        self.do(cmd)
        return True

    def edit_prop(self, prop: P.Prop, step: int = 1) -> None:
        """Click on a field: choices and yes/no change at once, text and numbers open for typing."""
        ref, f = self.selected_feature()
        current = P.value_of(self.map, f, prop)
        if prop.kind in ("choice", "bool"):
            self.set_prop(prop, P.next_choice(prop, current, step))
            return
        self.editing = (prop, current)

    def _edit_event(self, event: pygame.event.Event) -> bool:
        assert self.editing is not None
        prop, buf = self.editing
        if event.type == pygame.TEXTINPUT:
            if event.text.isprintable() and len(buf) < 80:
                self.editing = (prop, buf + event.text)
            return True
        k = event.key
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
            self.editing = None
            if self.set_prop(prop, buf) and k == pygame.K_TAB:
                props = [p for p in self.current_props() if p.kind not in ("choice", "bool")]
                if prop in props:
                    nxt = props[(props.index(prop) + 1) % len(props)]
                    self.edit_prop(nxt)
        elif k == pygame.K_ESCAPE:
            self.editing = None
        elif k == pygame.K_BACKSPACE:
            self.editing = (prop, buf[:-1])
        return True

    def _side_click(self, pos: tuple[int, int], button: int) -> bool:
        if self.editing is not None:
            prop, buf = self.editing
            self.editing = None
            self.set_prop(prop, buf)
        for r, prop in self.prop_rows:
            if r.collidepoint(pos):
                self.edit_prop(prop, -1 if button == 3 else 1)
                return True
        for r, prob in self.problem_rows:
            if r.collidepoint(pos):
                self.go_to_problem(prob)
                return True
        return True

    def go_to_problem(self, prob: Problem) -> None:
        self.message = str(prob)
        if prob.layer and 0 <= prob.index < len(layer(self.map, prob.layer)):
            ref = (prob.layer, prob.index)
            self.selection = (ref,)
            x0, y0, x1, y1 = bbox(outline(self.map, ref))
            self.cam.cx, self.cam.cy = (x0 + x1) / 2, (y0 + y1) / 2

    # --- drawing -------------------------------------------------------------------------------

    def _renderer(self, m: Map) -> BoardRenderer:
        if self._board[0] is not m or self._board[1] is None:
            self._board = (m, BoardRenderer(m))
        r = self._board[1]
        assert r is not None
        return r

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        m = self.preview or self.map
        shown = self.layers.visible_map(m)
        self._renderer(shown).draw(surface, self.cam)
        self.trace.draw(surface, self.cam, m)
        clip = surface.get_clip()
        surface.set_clip(self.view_rect)
        self._draw_areas(surface, shown)
        self._draw_sections(surface, shown)
        self._draw_starts(surface, shown)
        self._draw_problems(surface)
        self._draw_selection(surface, m)
        self._draw_ghost(surface)
        if self.drag is not None and self.drag.mode == "box":
            a = self.cam.to_screen(*self.drag.start)
            b = self.cam.to_screen(*self.drag.now)
            r = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]), abs(a[1] - b[1]))
            pygame.draw.rect(surface, theme.ACCENT, r, 1)
        surface.set_clip(clip)
        self._draw_toolbar(surface)
        panels.draw_palette(self, surface)
        self.layers.draw(surface, self.layers_rect)
        self.minimap.draw(surface, self.minimap_rect, self.layers.visible_map(self.map), self.cam)
        panels.draw_side(self, surface)
        panels.draw_status(self, surface)

    def _poly(self, surface: pygame.Surface, pts: Any, colour: Any, width: int, closed: bool = True) -> None:
        sp = [self.cam.to_screen(*p) for p in pts]
        if len(sp) >= 2:
            pygame.draw.lines(surface, colour, closed and len(sp) > 2, sp, width)

    def _draw_sections(self, surface: pygame.Surface, m: Map) -> None:
        """Section outlines and, at each free road end, a round connector with an arrow out of the
        road (click it to chain pieces on); the chain's end is drawn bigger."""
        lib = sections()
        for i in range(len(m.sections)):
            self._poly(surface, outline(m, ("sections", i), lib), (150, 170, 200), 1)
        for _i, _k, e in free_ends(m.sections, lib):
            chained = self.chain_end is not None and math.dist((e.x, e.y), (self.chain_end.x, self.chain_end.y)) < 1e-3
            sx, sy = self.cam.to_screen(e.x, e.y)
            f = math.radians(e.heading)
            r = 9 if chained else 6
            tip = (sx + math.sin(f) * (r + 8), sy - math.cos(f) * (r + 8))
            colour = theme.ACCENT if chained else (120, 220, 140)
            pygame.draw.line(surface, colour, (sx, sy), tip, 3)
            pygame.draw.circle(surface, (20, 30, 24), (sx, sy), r + 2)
            pygame.draw.circle(surface, colour, (sx, sy), r)

    def _draw_starts(self, surface: pygame.Surface, m: Map) -> None:
        for i, s in enumerate(m.starts):
            colour = theme.owner_colour(COLOURS[i % len(COLOURS)])
            pts = [self.cam.to_screen(*p) for p in outline(m, ("starts", i))]
            pygame.draw.polygon(surface, colour, pts)
            pygame.draw.polygon(surface, (20, 20, 20), pts, 2)
            cx, cy = self.cam.to_screen(s.x, s.y)
            f = math.radians(s.facing)
            tip = (cx + math.sin(f) * self.cam.zoom * 0.45, cy - math.cos(f) * self.cam.zoom * 0.45)
            pygame.draw.line(surface, (250, 250, 250), (cx, cy), tip, max(2, int(self.cam.zoom * 0.08)))
            pygame.draw.circle(surface, (250, 250, 250), tip, max(2, self.cam.zoom * 0.08))
            text(surface, s.name or "(no name)", (cx, cy + self.cam.zoom * 0.7), 18, theme.TEXT, anchor="midtop")

    def _draw_areas(self, surface: pygame.Surface, m: Map) -> None:
        """Faint outlines of terrain areas, so a patch of oil on a road can be seen and picked."""
        for a in m.areas:
            self._poly(surface, a.shape.points(), (180, 186, 196), 1)

    def _draw_problems(self, surface: pygame.Surface) -> None:
        for prob in self.problems():
            for ref in problem_refs(prob):
                if ref[0] not in LAYERS or self.layers.shown(ref[0]):
                    self._mark(surface, ref)

    def _mark(self, surface: pygame.Surface, ref: Ref) -> None:
        """A red outline and a red dot with '!' on a feature a problem names."""
        if ref[0] not in LAYERS or not 0 <= ref[1] < len(layer(self.map, ref[0])):
            return
        pts = outline(self.map, ref)
        self._poly(surface, pts, theme.BAD, 3, ref[0] not in ("curbs", "markings"))
        _, y0, x1, _ = bbox(pts)
        sx, sy = self.cam.to_screen(x1, y0)
        pygame.draw.circle(surface, theme.BAD, (sx, sy), 9)
        text(surface, "!", (sx, sy), 20, (255, 255, 255), bold=True, anchor="center")

    def _draw_selection(self, surface: pygame.Surface, m: Map) -> None:
        for ref in self.selection:
            if ref[1] < len(layer(m, ref[0])):
                self._poly(surface, outline(m, ref), theme.ACCENT, 2, ref[0] not in ("curbs", "markings"))
        for hx, hy, hp in self.handles():
            size = 11 if hx and hy else 9
            r = pygame.Rect(0, 0, size, size)
            r.center = (round(hp[0]), round(hp[1]))
            pygame.draw.rect(surface, theme.ACCENT, r)
            pygame.draw.rect(surface, (20, 20, 20), r, 1)

    def _draw_ghost(self, surface: pygame.Surface) -> None:
        if self.tool is None or not self.view_rect.collidepoint(self.mouse):
            return
        mx, my = self.cam.to_map(*self.mouse)
        if self.tool.brush is not None:
            half = self.brush_size / 2
            self._poly(surface, Rect(mx - half, my - half, self.brush_size, self.brush_size).points(), theme.GHOST, 2)
            return
        items = self.tool.items(mx, my, self.map)
        if len(items) == 1 and isinstance(items[0][1], Placement):
            items = (("sections", snap_to_ends(items[0][1], self.map.sections, sections(), END_SNAP_IN)),)
        for lay, f in items:
            self._poly(surface, _points(lay, f), theme.GHOST, 2, lay not in ("curbs", "markings"))

    def _draw_toolbar(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, pygame.Rect(0, 0, surface.get_width(), TOOLBAR_H))
        self.button("undo").enabled = bool(self.history.done)
        self.button("redo").enabled = bool(self.history.undone)
        for name in ("rotl", "rotr", "delete", "copy"):
            self.button(name).enabled = bool(self.selection)
        self.button("paste").enabled = bool(self.clipboard)
        self.button("snap").active = self.snap_on
        self.button("trace").active = self.trace.image is not None and self.trace.shown
        draw_buttons(surface, self.buttons)
        title = self.map.name + (" *" if self.history.dirty else "")
        text(surface, title, (surface.get_width() - 10, TOOLBAR_H // 2), 22, theme.ACCENT, bold=True, anchor="midright")


# --- helpers -------------------------------------------------------------------------------------


_REF = re.compile(r"(?<!\] )\b(" + "|".join(LAYERS) + r")\[(\d+)\]")


def problem_refs(prob: Problem) -> list[Ref]:
    """The features a problem is about: its own, and one its text names ("overlaps buildings[2]";
    a feature inside a road section, "sections[0] walls[1]", is marked on the section)."""
    refs: list[Ref] = [(prob.layer, prob.index)] if prob.layer else []
    for lay, i in _REF.findall(prob.what):
        if (lay, int(i)) not in refs:
            refs.append((lay, int(i)))
    return refs


def vocabulary_grid() -> float:
    from rules.world.map_model import vocabulary

    return vocabulary().grid


def _points(lay: str, f: Feature) -> tuple[tuple[float, float], ...]:
    from rules.world.map_model import feature_points

    return feature_points(f, sections() if lay == "sections" else None)


def _seg_dist(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def playtest_dir(app: Any) -> Path:
    import tempfile

    base = getattr(app, "saves_dir", None)
    return (Path(base) if base else Path(tempfile.gettempdir())) / "playtest"


def playtest_setup(m: Map, directory: Path) -> tuple[Any, str]:
    """A game on the edited map: it is written to a file named after its contents (the rules load maps
    by file and keep them cached by name), and a stock car stands on each start, up to four."""
    from game.session import stock_names
    from rules.core.geometry import Pose
    from rules.core.tomlio import dumps_toml
    from rules.engine.setup import GameSetup, VehicleSetup
    from rules.world.maps import map_to_data

    digest = hashlib.sha1(dumps_toml(map_to_data(m)).encode()).hexdigest()[:10]
    directory.mkdir(parents=True, exist_ok=True)
    path = save_map(m, directory / f"{safe_name(m.name)}-{digest}.toml", overwrite=True)
    clean_playtests(directory, keep=path)
    stock = stock_names()
    designs = [d for d in ("Killer Kart", "Hotshot") if d in stock] or stock[:1]
    vehicles = []
    for i, s in enumerate(m.starts[:PLAYTEST_CARS]):
        vehicles.append(VehicleSetup(f"car{i + 1}", f"Player {i + 1}", designs[i % len(designs)],
                                     Pose.at(s.x, s.y, s.facing), s.speed, colour=COLOURS[i % len(COLOURS)]))
    return GameSetup(tuple(vehicles), seed=1, map=str(path.resolve())), f"Playtest: {m.name}"


def clean_playtests(directory: Path, keep: Path | None = None) -> None:
    """Remove the maps earlier playtests wrote (only this editor's own files: *.toml in the playtest
    folder), so they do not pile up; `keep` is the one in play."""
    if not directory.is_dir():
        return
    for f in directory.glob("*.toml"):
        if keep is None or f.resolve() != keep.resolve():
            try:
                f.unlink()
            except OSError:
                pass


def editor_in(app: Any) -> EditorScene | None:
    found = app.find(EditorScene)
    return found if isinstance(found, EditorScene) else None


def back_to_editor(app: Any) -> None:
    """Close a playtest and whatever lies over it, back to the editor it was started from."""
    while app.stack and not isinstance(app.top, EditorScene):
        app.pop()


__all__ = ["EditorScene", "back_to_editor", "editor_in", "playtest_setup"]
