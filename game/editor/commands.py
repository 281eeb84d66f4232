"""Editor commands and their history.

Maps are frozen values (rules.world.map_model), so a command is a pure step from one map to the next and
the history keeps both sides: undo puts the map from before back, redo the one from after. Each
command also says what should be selected once it is done, so a pasted group stays selected.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from rules.world.map_model import (
    Feature,
    Map,
    Start,
    add_feature,
    delete_feature,
    feature_points,
    layer,
    move_feature,
    resize_feature,
    rotate_feature,
    set_feature,
    set_properties,
)
from rules.world.shapes import Point, bbox

Ref = tuple[str, int]          # (layer, index): a feature of the map
HISTORY_LIMIT = 500


@dataclass(frozen=True)
class Command:
    label: str

    def apply(self, m: Map) -> tuple[Map, tuple[Ref, ...]]:
        raise NotImplementedError


@dataclass(frozen=True)
class AddFeatures(Command):
    items: tuple[tuple[str, Feature], ...] = ()

    def apply(self, m: Map) -> tuple[Map, tuple[Ref, ...]]:
        refs = []
        for layer_name, f in self.items:
            if isinstance(f, Start):
                f = replace(f, name=unique_start_name(m, f.name))
            m = add_feature(m, layer_name, f)
            refs.append((layer_name, len(layer(m, layer_name)) - 1))
        return m, tuple(refs)


@dataclass(frozen=True)
class DeleteFeatures(Command):
    refs: tuple[Ref, ...] = ()

    def apply(self, m: Map) -> tuple[Map, tuple[Ref, ...]]:
        for layer_name, i in sorted(set(self.refs), key=lambda r: (r[0], -r[1])):
            m = delete_feature(m, layer_name, i)
        return m, ()


@dataclass(frozen=True)
class MoveFeatures(Command):
    refs: tuple[Ref, ...] = ()
    dx: float = 0.0
    dy: float = 0.0

    def apply(self, m: Map) -> tuple[Map, tuple[Ref, ...]]:
        for layer_name, i in self.refs:
            m = move_feature(m, layer_name, i, self.dx, self.dy)
        return m, self.refs


@dataclass(frozen=True)
class RotateFeatures(Command):
    """Turn features by 15-degree steps about the middle of what is turned (one feature's own middle,
    a road section's too rather than its corner). Debris and obstacle counters lie on the grid, so
    they make a quarter turn on their own spot."""

    refs: tuple[Ref, ...] = ()
    steps: int = 1

    def apply(self, m: Map) -> tuple[Map, tuple[Ref, ...]]:
        about = group_centre(m, self.refs) if self.refs else None
        for layer_name, i in self.refs:
            if layer_name == "obstacles":
                m = rotate_feature(m, layer_name, i, 6 if self.steps > 0 else -6)
            else:
                m = rotate_feature(m, layer_name, i, self.steps, about)
        return m, self.refs


@dataclass(frozen=True)
class ResizeFeature(Command):
    ref: Ref = ("walls", 0)
    w: float = 1.0
    h: float = 1.0

    def apply(self, m: Map) -> tuple[Map, tuple[Ref, ...]]:
        return resize_feature(m, self.ref[0], self.ref[1], self.w, self.h), (self.ref,)


@dataclass(frozen=True)
class SetProperties(Command):
    ref: Ref = ("walls", 0)
    changes: tuple[tuple[str, Any], ...] = ()

    def apply(self, m: Map) -> tuple[Map, tuple[Ref, ...]]:
        return set_properties(m, self.ref[0], self.ref[1], **dict(self.changes)), (self.ref,)


@dataclass(frozen=True)
class ReplaceFeature(Command):
    ref: Ref = ("walls", 0)
    feature: Feature | None = None

    def apply(self, m: Map) -> tuple[Map, tuple[Ref, ...]]:
        assert self.feature is not None
        return set_feature(m, self.ref[0], self.ref[1], self.feature), (self.ref,)


@dataclass(frozen=True)
class SetMapInfo(Command):
    """Name, description, size, ground: the map's own fields."""

    changes: tuple[tuple[str, Any], ...] = ()

    def apply(self, m: Map) -> tuple[Map, tuple[Ref, ...]]:
        out: Map = replace(m, **dict(self.changes))
        return out, ()


@dataclass(frozen=True)
class NewMap(Command):
    """Start again (or open a file): undo brings the previous map back."""

    new: Map | None = None

    def apply(self, m: Map) -> tuple[Map, tuple[Ref, ...]]:
        assert self.new is not None
        return self.new, ()


@dataclass
class Entry:
    command: Command
    before: Map
    after: Map
    selection_before: tuple[Ref, ...]
    selection_after: tuple[Ref, ...]


@dataclass
class History:
    """The map being edited, with the commands done (undo) and undone (redo)."""

    map: Map
    done: list[Entry] = field(default_factory=list)
    undone: list[Entry] = field(default_factory=list)
    saved: Map | None = None   # the map as last saved or loaded: unsaved changes differ from it

    def do(self, cmd: Command, selection: tuple[Ref, ...] = ()) -> tuple[Ref, ...] | None:
        """Do a command; returns the selection it leaves, or None when it changed nothing.
        A command the map refuses raises ValueError and leaves everything as it was."""
        new, sel = cmd.apply(self.map)
        if new == self.map and type(cmd) is not NewMap:
            return None
        self.done.append(Entry(cmd, self.map, new, selection, sel))
        del self.done[:-HISTORY_LIMIT]
        self.undone.clear()
        self.map = new
        return sel

    def undo(self) -> Entry | None:
        if not self.done:
            return None
        e = self.done.pop()
        self.undone.append(e)
        self.map = e.before
        return e

    def redo(self) -> Entry | None:
        if not self.undone:
            return None
        e = self.undone.pop()
        self.done.append(e)
        self.map = e.after
        return e

    @property
    def dirty(self) -> bool:
        return self.map != self.saved


# --- helpers ---------------------------------------------------------------------------------


def unique_start_name(m: Map, wanted: str) -> str:
    """A start name no other start on the map uses: the wanted one, or it with a number."""
    taken = {s.name for s in m.starts}
    if wanted and wanted not in taken:
        return wanted
    base = wanted.rstrip("0123456789") or "start"
    n = 1
    while f"{base}{n}" in taken:
        n += 1
    return f"{base}{n}"


def outline(m: Map, ref: Ref, library: Any = None) -> tuple[Point, ...]:
    """A feature's outline in inches (a placed road section's from the section library)."""
    if library is None:
        from rules.world.maps import sections

        library = sections()
    return feature_points(layer(m, ref[0])[ref[1]], library)


def group_centre(m: Map, refs: Iterable[Ref], library: Any = None) -> Point:
    pts = [p for r in refs for p in outline(m, r, library)]
    x0, y0, x1, y1 = bbox(pts)
    return ((x0 + x1) / 2, (y0 + y1) / 2)
