"""The properties panel's fields: what a selected feature (or, with nothing selected, the map) shows,
and how a typed or chosen value becomes an editor command. A value the map cannot take raises
ValueError with a message for the player."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.editor.commands import (
    Command,
    MoveFeatures,
    Ref,
    ReplaceFeature,
    ResizeFeature,
    SetMapInfo,
    SetProperties,
)
from rules.world.map_model import (
    OBSTACLE_KINDS,
    WALL_KINDS,
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
    feature_points,
    vocabulary,
)
from rules.world.shapes import Arc, Rect, bbox


@dataclass(frozen=True)
class Prop:
    key: str
    label: str
    kind: str = "text"            # text | int | float | choice | bool
    choices: tuple[str, ...] = ()
    optional: bool = False        # an empty entry clears it (None)


MARKING_STYLES = ("lane", "center", "stop", "edge")


def _size_props(f: Feature) -> list[Prop]:
    out = [Prop("w", "Width (in)", "float"), Prop("h", "Height (in)", "float")]
    if isinstance(getattr(f, "shape", None), Rect):
        out.append(Prop("rotation", "Rotation (deg)", "float"))
    return out


XY = [Prop("x", "X (in)", "float"), Prop("y", "Y (in)", "float")]


def props_for(f: Feature | None) -> list[Prop]:
    """The fields the panel shows for a feature, or for the map itself (None): a feature's X and Y
    first (a rectangle's top-left corner before turning, a start's centre, a section's origin)."""
    fields = _props_for(f)
    return fields if f is None else XY + fields


def _props_for(f: Feature | None) -> list[Prop]:
    v = vocabulary()
    kinds = tuple(sorted(v.kinds))
    if f is None:
        return [Prop("name", "Map name"), Prop("description", "Description"),
                Prop("width", "Map width (in)", "float"), Prop("height", "Map height (in)", "float"),
                Prop("ground", "Ground", "choice", kinds), Prop("ground_condition", "Ground condition", "choice",
                                                                 v.conditions),
                Prop("endless", "Endless highway", "bool")]
    if isinstance(f, Wall):
        return [Prop("kind", "Kind", "choice", WALL_KINDS), Prop("dp", "DP", "int"),
                Prop("height_ft", "Height (ft)", "float", optional=True), Prop("name", "Name"), *_size_props(f)]
    if isinstance(f, Building):
        return [Prop("dp", "DP", "int"), Prop("collapse", "Collapse after", "int", optional=True),
                Prop("storeys", "Storeys (10 ft each)", "int", optional=True), Prop("name", "Name"), *_size_props(f)]
    if isinstance(f, Area):
        return [Prop("kind", "Terrain", "choice", kinds), Prop("condition", "Road condition", "choice", v.conditions),
                Prop("depth_ft", "Depth (ft)", "float", optional=True),
                Prop("width_ft", "Width across (ft)", "float", optional=True),
                Prop("drop_ft", "Drop below surroundings (ft)", "float", optional=True), Prop("name", "Name"),
                *([Prop("bank", "Banked curve", "choice", ("", *sorted(v.banks)))] if isinstance(f.shape, Arc) else []),
                *_size_props(f)]
    if isinstance(f, Ramp):
        return [Prop("angle", "Angle (deg)", "float"), Prop("facing", "Facing (deg)", "float"), Prop("name", "Name"),
                *_size_props(f)]
    if isinstance(f, Obstacle):
        return [Prop("kind", "Kind", "choice", OBSTACLE_KINDS), Prop("movable", "Movable", "bool"),
                Prop("vertical", "Upright", "bool")]
    if isinstance(f, Start):
        return [Prop("name", "Name"), Prop("facing", "Facing (deg)", "float"), Prop("speed", "Speed (mph)", "float")]
    if isinstance(f, Curb):
        return [Prop("name", "Name"), Prop("w", "Width (in)", "float"), Prop("h", "Height (in)", "float")]
    if isinstance(f, Marking):
        return [Prop("style", "Style", "choice", MARKING_STYLES), Prop("w", "Width (in)", "float"),
                Prop("h", "Height (in)", "float")]
    if isinstance(f, Placement):
        from rules.world.maps import sections

        return [Prop("section", "Road section", "choice", tuple(sections())), Prop("rotation", "Rotation (deg)", "float")]
    return []


def _size(f: Feature) -> tuple[float, float]:
    shape = getattr(f, "shape", None)
    if isinstance(shape, Rect):
        return shape.w, shape.h
    x0, y0, x1, y1 = bbox(feature_points(f))
    return x1 - x0, y1 - y0


def origin(f: Feature) -> tuple[float, float]:
    """What the X and Y fields show: a rectangle's corner, a counter's or section's own x and y, a
    start's centre, else the top-left of the outline."""
    shape = getattr(f, "shape", None)
    if isinstance(shape, Rect):
        return shape.x, shape.y
    if isinstance(f, (Start, Placement, Obstacle)):
        return f.x, f.y
    x0, y0, _, _ = bbox(feature_points(f))
    return x0, y0


def value_of(m: Map, f: Feature | None, p: Prop) -> str:
    """The value a field shows."""
    if f is None:
        raw: Any = getattr(m, p.key)
    elif p.key in ("x", "y"):
        raw = round(origin(f)[0 if p.key == "x" else 1], 4)
    elif p.key in ("w", "h"):
        raw = _size(f)[0 if p.key == "w" else 1]
    elif p.key == "rotation" and not isinstance(f, Placement):
        raw = getattr(getattr(f, "shape", None), "rotation", 0.0)
    else:
        raw = getattr(f, p.key)
    if raw is None:
        return ""
    if isinstance(raw, bool):
        return "yes" if raw else "no"
    if isinstance(raw, float):
        return f"{raw:g}"
    return str(raw)


def parse(p: Prop, text: str) -> Any:
    """A typed value as the field's type; ValueError says what was wrong."""
    t = text.strip()
    if p.optional and not t:
        return None
    if p.kind == "int":
        try:
            return int(t)
        except ValueError:
            raise ValueError(f"{p.label}: a whole number, please") from None
    if p.kind == "float":
        try:
            v = float(t)
        except ValueError:
            raise ValueError(f"{p.label}: a number, please") from None
        if v != v or v in (float("inf"), float("-inf")):
            raise ValueError(f"{p.label}: a number, please")
        return v
    if p.kind == "bool":
        return t.lower() in ("yes", "true", "1", "on")
    if p.kind == "choice" and t not in p.choices:
        raise ValueError(f"{p.label}: one of {', '.join(p.choices)}")
    return t


def next_choice(p: Prop, current: str, step: int) -> str:
    if p.kind == "bool":
        return "no" if current == "yes" else "yes"
    if current in p.choices:
        return p.choices[(p.choices.index(current) + step) % len(p.choices)]
    return p.choices[0]


def command_for(m: Map, ref: Ref | None, f: Feature | None, p: Prop, value: Any) -> Command:
    """The command that gives the field its new value."""
    if f is None or ref is None:
        if p.key in ("width", "height") and value <= 0:
            raise ValueError("the map's size must be more than 0")
        return SetMapInfo(f"map {p.label.lower()}", ((p.key, value),))
    if p.key in ("x", "y"):
        ox, oy = origin(f)
        dx, dy = (value - ox, 0.0) if p.key == "x" else (0.0, value - oy)
        return MoveFeatures(f"set {p.key}", (ref,), dx, dy)
    if p.key in ("w", "h"):
        if value <= 0:
            raise ValueError("a size must be more than 0")
        w, h = _size(f)
        return ResizeFeature("resize", ref, value if p.key == "w" else w, value if p.key == "h" else h)
    if p.key == "rotation":
        step = vocabulary().rotation_step
        if value % step:
            raise ValueError(f"rotation comes in steps of {step} degrees")
        if isinstance(f, Placement):
            return ReplaceFeature("rotate", ref, replace(f, rotation=round(value) % 360))
        assert isinstance(f, (Area, Wall, Building, Ramp)) and isinstance(f.shape, Rect)
        return ReplaceFeature("rotate", ref, replace(f, shape=replace(f.shape, rotation=value % 360)))
    if p.key in ("facing",):
        value = value % 360
    if p.key == "dp" and value < 1 or p.key == "collapse" and value is not None and value < 1:
        raise ValueError(f"{p.label} must be at least 1")
    if p.key == "storeys" and value is not None and not 1 <= value <= vocabulary().elevation.max_storeys:
        raise ValueError(f"a building has 1 to {vocabulary().elevation.max_storeys} storeys")
    if p.key == "height_ft" and value is not None and value <= 0:
        raise ValueError("a wall's height is more than 0 ft")
    if p.key == "speed" and value < 0:
        raise ValueError("speed cannot be negative")
    return SetProperties(f"set {p.label.lower()}", ref, ((p.key, value),))
