"""The editor's palette: road sections and features, each a tool that makes one at a map point.

The sizes and DP here are only what a freshly placed piece starts with (the designer sets the real
ones in the properties panel); they follow the shipped maps (maps/arena.toml, maps/town.toml).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.editor.prefabs import BRUSHES, PREFABS
from rules.world.map_model import (
    Area,
    Building,
    Curb,
    Feature,
    Map,
    Marking,
    Obstacle,
    Placement,
    Ramp,
    Start,
    Wall,
    snap,
    vocabulary,
)
from rules.world.shapes import Polyline, Rect


@dataclass(frozen=True)
class Tool:
    label: str
    group: str
    layer: str
    make: Callable[[float, float, Map], Feature]   # a new feature centred on a map point
    many: Callable[[float, float, Map], tuple[tuple[str, Feature], ...]] | None = None   # a prefab's pieces
    brush: Area | None = None                      # a terrain brush: the area each painted cell becomes

    def items(self, x: float, y: float, m: Map) -> tuple[tuple[str, Feature], ...]:
        """What placing this tool at (x, y) adds: (layer, feature) pairs."""
        if self.many is not None:
            return self.many(x, y, m)
        return ((self.layer, self.make(x, y, m)),)


def _rect(x: float, y: float, w: float, h: float) -> Rect:
    """A w x h rectangle centred near (x, y), its corner on the grid."""
    return Rect(snap(x - w / 2), snap(y - h / 2), w, h)


def _section_tool(sid: str, name: str, w: float, h: float) -> Tool:
    return Tool(name, "Road sections", "sections",
                lambda x, y, m: Placement(sid, snap(x - w / 2), snap(y - h / 2), 0))


def _area_tool(label: str, kind: str, size: float = 4.0, condition: str = "dry",
               depth_ft: float | None = None, width_ft: float | None = None) -> Tool:
    return Tool(label, "Terrain", "areas",
                lambda x, y, m: Area(kind, _rect(x, y, size, size), condition, depth_ft, width_ft))


def _counter_tool(label: str, kind: str, movable: bool = True) -> Tool:
    def make(x: float, y: float, m: Map) -> Feature:
        length, width = vocabulary().counters[kind]
        return Obstacle(snap(x - length / 2), snap(y - width / 2), kind, False, movable)

    return Tool(label, "Counters", "obstacles", make)


def tools() -> list[Tool]:
    from rules.world.maps import sections

    out = [Tool("Start position", "Starts", "starts", lambda x, y, m: Start("start1", snap(x), snap(y), 0.0))]
    out += [_section_tool(s.id, s.name, s.width, s.height) for s in sections().values()]
    out += [
        Tool("Wall", "Solid", "walls", lambda x, y, m: Wall(_rect(x, y, 4, 0.5), 20)),
        Tool("Barrier", "Solid", "walls", lambda x, y, m: Wall(_rect(x, y, 2, 0.5), 15, "barrier")),
        Tool("Tree", "Solid", "walls", lambda x, y, m: Wall(_rect(x, y, 0.75, 0.75), 8, "tree")),
        Tool("Boulder", "Solid", "walls", lambda x, y, m: Wall(_rect(x, y, 1, 1), 20, "boulder")),
        Tool("Building", "Solid", "buildings", lambda x, y, m: Building(_rect(x, y, 4, 3), 10)),
        Tool("Curb", "Lines", "curbs", lambda x, y, m: Curb(Polyline(((snap(x - 2), snap(y)), (snap(x + 2), snap(y)))))),
        Tool("Lane line", "Lines", "markings",
             lambda x, y, m: Marking(Polyline(((snap(x), snap(y - 2)), (snap(x), snap(y + 2)))), "lane")),
        Tool("Centre line", "Lines", "markings",
             lambda x, y, m: Marking(Polyline(((snap(x), snap(y - 2)), (snap(x), snap(y + 2)))), "center")),
        _area_tool("Road", "road"),
        _area_tool("Gravel shoulder", "shoulder", condition="gravel"),
        _area_tool("Sidewalk", "sidewalk"),
        _area_tool("Grass", "grass"),
        _area_tool("Field", "field"),
        _area_tool("Desert", "desert"),
        _area_tool("Park", "park"),
        _area_tool("Gully", "gully"),
        _area_tool("Water", "water", 3.0, depth_ft=1.0),
        _area_tool("Ditch", "ditch", 2.0, width_ft=3.0),
        _area_tool("Oil slick", "road", 1.5, condition="oil"),
        _area_tool("Ice patch", "road", 2.0, condition="ice"),
        _counter_tool("Debris", "debris"),
        _counter_tool("Obstacle", "obstacle"),
        _counter_tool("Pothole", "obstacle", movable=False),
        Tool("Ramp", "Counters", "ramps", lambda x, y, m: Ramp(_rect(x, y, 2, 2), 90.0, 30.0)),
    ]
    out += [_prefab_tool(label, fn) for label, fn in PREFABS]
    out += [_brush_tool(label, area) for label, area in BRUSHES]
    known = vocabulary().kinds
    return [t for t in out if t.layer != "areas" or _kind_of(t) in known]


def _brush_tool(label: str, area: Area) -> Tool:
    return Tool(label, "Terrain brush", "areas", lambda x, y, m: area, brush=area)


def _prefab_tool(label: str, fn: Callable[[float, float, Map], tuple[tuple[str, Feature], ...]]) -> Tool:
    return Tool(label, "Prefabs", "prefab", lambda x, y, m: fn(x, y, m)[0][1], many=fn)


def _kind_of(t: Tool) -> str:
    f = t.make(0.0, 0.0, Map("probe", 1, 1))
    return f.kind if isinstance(f, Area) else ""
