"""What F1 lists over the map editor: every key and mouse gesture it answers."""

from __future__ import annotations

EDITOR_HELP: tuple[tuple[str, str], ...] = (
    ("Click palette, click board", "place a piece; the tool is put down after it (Shift+click: keep placing)"),
    ("Click a road's free end", "start a chain there (round connector): each road piece picked in the palette is laid on"),
    ("Drag a road section", "it snaps onto a free road end within 1.5\" (position and turn)"),
    ("Click / Shift+click / box", "select one / add or remove one / everything inside the box"),
    ("Drag a selection", "move it, on the 1/4\" grid and to other pieces' edges"),
    ("Drag a yellow handle", "resize from that edge or corner; the opposite edge stays"),
    ("Arrows / Shift+arrows", "nudge the selection 1/4\" / 1\" (nothing selected: pan)"),
    ("R, Shift+R, E, Q", "rotate the selection 15 degrees"),
    ("Del, Ctrl+C, Ctrl+X, Ctrl+V", "delete, copy, cut, paste (at the mouse)"),
    ("Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z", "undo, redo"),
    ("Ctrl+A, Tab, Shift+Tab", "select all, next feature, previous"),
    ("[ and ], Enter", "previous / next tool, place it (keyboard only)"),
    ("Brush tools: drag", "paint terrain; , and . make the brush smaller or bigger"),
    ("G", "snap to the 1/4\" grid and to edges on or off"),
    ("F, wheel, + and -, W A S D", "zoom to fit, zoom, pan"),
    ("Click the minimap", "move the view there"),
    ("Layers panel", "click a layer to show or hide it, 'lock' to keep it from being picked"),
    ("Ctrl+T, T, Shift+T", "load a tracing image (PNG/JPEG), show or hide it, change its opacity"),
    ("Ctrl+S, Ctrl+O, Ctrl+N", "save (asks the name), open, new map"),
    ("P, F5, Ctrl+P", "playtest: a car on each start"),
    ("Properties panel", "click a field to type (Enter, Tab: next) or to step a choice; right click steps back"),
    ("Esc", "drop the tool or chain, then the selection, then leave the editor"),
)
