"""What a save slot shows: its map, turn, vehicles and a thumbnail of the board, or that it is broken
and why. The rules read the save (rules.engine.saves.read_save, as their list_saves does); thumbnails are
drawn by the board and counter renderers."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pygame

from game import theme
from game.camera import Camera
from game.render.board import BoardRenderer, map_size
from game.render.counters import draw_counter
from game.session import load_map
from rules.core.errors import DataError
from rules.engine import saves
from rules.engine.game import Game
from rules.tables.movement import tables

THUMB = (176, 120)


@dataclass(frozen=True)
class SlotInfo:
    path: Path
    exists: bool = False
    when: str = ""                       # the file's time
    map: str = ""                        # the map's file name, "" for the empty grid
    turn: int = 0
    vehicles: tuple[str, ...] = ()       # "car1 Killer Kart (Ann)"
    broken: str = ""                     # the rules' message when the save does not load
    note: str = ""                       # it loads, but not exactly as saved (newer rules)

    @property
    def thumb_path(self) -> Path:
        return self.path.with_suffix(".png")


def read_slot(path: Path) -> tuple[SlotInfo, Game | None]:
    """The save at `path` as the list shows it, and the game it replays to (None when empty or broken).
    The rules read it (rules.engine.saves.read_save); a broken save keeps its message."""
    if not path.exists():
        return SlotInfo(path), None
    entry, game = saves.read_save(path)
    when = time.strftime("%d %b %H:%M", time.localtime(entry.modified)) if entry.modified else ""
    if game is None:
        return SlotInfo(path, True, when, broken=entry.broken), None
    st = game.state
    vehicles = tuple(f"{v.id} {v.spec.name} ({v.owner})" + (" - out" if v.out else "") for v in st.vehicles)
    return SlotInfo(path, True, when, Path(game.setup.map).stem if game.setup.map else "", st.turn, vehicles,
                    note=entry.note), game


def thumbnail(game: Game, size: tuple[int, int] = THUMB) -> pygame.Surface:
    """The whole board with every vehicle's counter, small: what a save slot looks like."""
    game_map = load_map(game.setup.map)
    w, h = map_size(game_map)
    surf = pygame.Surface(size)
    cam = Camera(view_w=size[0], view_h=size[1])
    cam.zoom = min(size[0] / max(w, 1), size[1] / max(h, 1))   # below the play zoom's floor: a thumbnail
    cam.cx, cam.cy = w / 2, h / 2
    BoardRenderer(game_map).draw(surf, cam)
    sizes = tables().handling.counters
    colours = {v.id: v.colour for v in game.setup.vehicles}
    for i, v in enumerate(game.state.vehicles):
        colour = theme.owner_colour(colours.get(v.id, ""), i)
        draw_counter(surf, cam, v, v.pose, v.spec.counter(sizes), colour, label=False)
        at = cam.to_screen(v.pose.x, v.pose.y)   # a counter is a few pixels here: a ringed dot finds it
        pygame.draw.circle(surf, (110, 110, 110) if v.out else colour, at, 4)
        pygame.draw.circle(surf, (250, 250, 250), at, 5, 1)
    return surf


def write_thumbnail(info: SlotInfo, game: Game) -> str:
    """Draw and store the slot's thumbnail beside the save; returns "" or what went wrong."""
    try:
        pygame.image.save(thumbnail(game), str(info.thumb_path))
    except (pygame.error, OSError, DataError) as exc:
        return f"no thumbnail for {info.path.name}: {exc}"
    return ""


def load_thumbnail(info: SlotInfo) -> pygame.Surface | None:
    """The stored thumbnail, if it is at least as new as the save."""
    p = info.thumb_path
    if not p.exists() or p.stat().st_mtime < info.path.stat().st_mtime:
        return None
    try:
        return pygame.image.load(str(p))
    except (pygame.error, OSError):
        return None
