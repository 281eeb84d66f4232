"""One check of a game's set-up, whichever way the game starts: the client's new-game screen and
`Session.start`, a scenario, `simulate`, a save being loaded and `validate`.

A set-up from a file may say anything; before the engine places a single vehicle, every vehicle must
be a legal design (the printed-figures exemption is for the shipped stock vehicles only), with finite
positive figures, at a speed its design and the movement chart allow, standing on the map and on no
other vehicle, driven by a player or a foe profile that exists.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from pathlib import Path

from rules.core.errors import DataError
from rules.core.geometry import Pose, corners
from rules.core.paths import locate
from rules.engine.setup import GameSetup, VehicleSetup, resolve_rig, resolve_spec, trailer_id, with_design_kit
from rules.people.person import carried_ge, carry_limit
from rules.people.record import Kit
from rules.play.rigs import hitched_trailer
from rules.play.state import VehicleState
from rules.tables.foe_profiles import names
from rules.tables.movement import tables
from rules.tables.people import people_tables
from rules.vehicles.design import STOCK_DIR, load_design
from rules.vehicles.figures import figures
from rules.vehicles.spec import VehicleSpec
from rules.world.maps import Map, static_shapes
from rules.world.shapes import bbox, overlapping_boxes, point_in_polygon, polygons_overlap

Problem = tuple[str, str]  # (where, what)
Outline = tuple[tuple[float, float], ...]
SOLID_KINDS = ("wall", "fixed_object", "building")   # what no counter may stand on (rules/tools/validate.py's exit check)


def is_stock_file(path: str | Path) -> bool:
    """A file among the shipped stock vehicles (rules/data/vehicles), the only ones kept as printed."""

    try:
        return Path(path).resolve().is_relative_to(STOCK_DIR.resolve())
    except OSError:
        return False


def design_errors(design: str) -> list[str]:
    """Construction errors of a design as a set-up names it; none for a stock vehicle (kept as
    printed, docs/RULES-DEVIATIONS.md) or a generic test vehicle. DataError if the file is bad."""
    if design.startswith("generic") or not design.endswith(".toml"):
        return []

    p = locate(design)
    if is_stock_file(p):
        return []
    return list(figures(load_design(p)).errors)


def setup_problems(setup: GameSetup, game_map: Map | None = None, *, drivers: Collection[str] | None = None,
                   where: str = "vehicles[{i}]", keys: Mapping[str, str] | None = None) -> list[Problem]:
    """Every problem of a set-up; `where` names a vehicle's place ({i}: its index, {id}: its id) and
    `keys` the file's own names for a vehicle's fields where they differ (a scenario's "stock")."""
    key = {"foe": "foe", "design": "design", "speed": "speed", **(keys or {})}
    if drivers is None:

        drivers = names()
    probs: list[Problem] = []
    ids: set[str] = set()
    placed: list[tuple[str, tuple[tuple[float, float], ...]]] = []
    rigs: set[tuple[int, int]] = set()   # a tower's and its own trailer's places: a semi-trailer lies under the tractor
    for i, v in enumerate(setup.vehicles):
        w = where.format(i=i, id=v.id)
        if not v.id:
            probs.append((f"{w}.id", "a vehicle needs an id"))
        elif v.id in ids:
            probs.append((f"{w}.id", f"id {v.id!r} is used twice"))
        ids.add(v.id)
        if v.foe and v.foe not in drivers:
            probs.append((f"{w}.{key['foe']}", f"unknown foe profile {v.foe!r}; known: {', '.join(sorted(drivers))}"))
        try:
            spec = resolve_spec(v.design, v.driver_skill)
            errors = design_errors(v.design)
        except DataError as exc:
            probs.append((f"{w}.{key['design']}", f"{v.design}: {exc.where}: {exc.what}"))
            continue
        if errors:
            probs.append((f"{w}.{key['design']}", f"{v.design} is not a legal design: {'; '.join(errors)}"))
        probs += [(f"{w}.{k}", what) for k, what in _spec_problems(spec)]
        probs += [(f"{w}.{key['speed']}", what) for what in _speed_problems(v, spec)]
        outline = _outline(v, spec)
        if game_map is not None and not all(0 <= x <= game_map.width and 0 <= y <= game_map.height
                                            for x, y in outline):
            probs.append((w, f"{v.id} at ({v.pose.x:g}, {v.pose.y:g}) stands off the map "
                             f"({game_map.width:g} x {game_map.height:g} inches)"))
        placed.append((w, outline))
        if v.trailer:
            got = _trailer_outline(v, spec, game_map)
            if isinstance(got, tuple):
                rigs.add((len(placed) - 1, len(placed)))
                placed.append((f"{w}.trailer", got))
            probs += [(f"{w}.trailer", what) for what in ([got] if isinstance(got, str) else [])]
    for a, b in overlapping_boxes([bbox(o) for _, o in placed]):
        if (a, b) not in rigs and (b, a) not in rigs and polygons_overlap(placed[a][1], placed[b][1]):
            probs.append((placed[b][0], f"stands on the vehicle at {placed[a][0]}"))
    for i, v in enumerate(setup.vehicles):
        k = v.kit if v.kit is not None else _design_kit(v)
        if k is not None:   # the design's own [kit]: its keys are checked as it loads, its load here
            w = f"{where.format(i=i, id=v.id)}.kit" if v.kit is not None else f"{v.design}: kit"
            probs += kit_problems(w, k.weapon, k.armor, k.grenades, k.gear)
    return probs + _people_problems(setup, game_map, ids, drivers, [o for _, o in placed])


def check_setup(setup: GameSetup, path: str, game_map: Map | None = None, *,
                drivers: Collection[str] | None = None, where: str = "vehicles[{i}]",
                keys: Mapping[str, str] | None = None) -> None:
    """DataError(path, where, what) for the first problem of a set-up (setup_problems)."""
    probs = setup_problems(setup, game_map, drivers=drivers, where=where, keys=keys)
    if probs:
        raise DataError(path, probs[0][0], probs[0][1])


def _spec_problems(spec: VehicleSpec) -> list[Problem]:
    out = []
    for key, value, least in (("weight", spec.weight, 1), ("acceleration", spec.acceleration, 0),
                              ("top_speed", spec.top_speed, 0)):
        if not math.isfinite(value) or value < least:
            out.append((key, f"the design's {key.replace('_', ' ')} is {value:g}; it must be a finite number "
                             f"of at least {least}"))
    return out


def _speed_problems(v: VehicleSetup, spec: VehicleSpec) -> list[str]:
    chart = tables().chart
    mph = abs(v.speed)
    if not math.isfinite(v.speed):
        return [f"speed {v.speed} is not a number"]
    if mph > chart.max_mph:
        return [f"{v.speed:g} mph is beyond the movement chart (at most {chart.max_mph:g} mph)"]
    if abs(round(mph / chart.step) * chart.step - mph) > 1e-9:
        return [f"{v.speed:g} mph is not a multiple of {chart.step:g} mph"]
    top = spec.top_speed if v.speed >= 0 else _reverse_top(spec)
    if math.isfinite(top) and mph > top + 1e-9:
        way = "top speed" if v.speed >= 0 else "top speed in reverse"
        return [f"{v.speed:g} mph is above the design's {way} of {top:g} mph"]
    return []


def _reverse_top(spec: VehicleSpec) -> float:
    t = tables()
    step = t.chart.step
    return math.floor(spec.top_speed * t.maneuvers.reverse_fraction / step + 1e-9) * step


def _outline(v: VehicleSetup, spec: VehicleSpec) -> tuple[tuple[float, float], ...]:
    size = spec.counter(tables().handling.counters)
    pose = v.pose if math.isfinite(v.pose.facing) else Pose.at(v.pose.x, v.pose.y, 0)
    return tuple((c.x, c.y) for c in corners(pose, size))


def _trailer_outline(v: VehicleSetup, spec: VehicleSpec, game_map: Map | None) -> Outline | str:
    """Where a set-up's trailer stands, hitched straight behind its tower (as the engine sets it: rules.play.rigs),
    or what is wrong: a tow the rules refuse, a trailer off the map or over a wall, building or fixed object."""
    try:
        tower_spec, towed = resolve_rig(v.design, v.trailer, v.driver_skill)
    except DataError as exc:
        return f"{v.trailer}: {exc.what}"
    pose = v.pose if math.isfinite(v.pose.facing) else Pose.at(v.pose.x, v.pose.y, 0)
    tower = VehicleState(id=v.id, owner=v.owner, spec=tower_spec, pose=pose, travel=pose.facing, speed=0.0)
    tr = hitched_trailer(tower, trailer_id(v.id), towed)
    outline = tuple((c.x, c.y) for c in corners(tr.pose, towed.counter(tables().handling.counters)))
    if game_map is None:
        return outline
    at = f"{v.id}'s trailer {v.trailer} at ({tr.pose.x:g}, {tr.pose.y:g})"
    if not all(0 <= x <= game_map.width and 0 <= y <= game_map.height for x, y in outline):
        return f"{at} stands off the map ({game_map.width:g} x {game_map.height:g} inches): turn the tower or move it"
    for shape in static_shapes(game_map):
        if shape.kind in SOLID_KINDS and polygons_overlap(outline, tuple(shape.points)):
            name = shape.properties.get("name") or f"the {shape.kind.replace('_', ' ')} {shape.properties['id']}"
            return f"{at} stands on {name}: put the tower where the trailer behind it is clear"
    return outline


def _design_kit(v: VehicleSetup) -> Kit | None:
    try:
        return with_design_kit(v).kit
    except DataError:   # a design that does not load is reported where designs are checked
        return None


def kit_problems(w: str, weapon: str, armor: str, grenades: tuple[str, ...], gear: tuple[str, ...]) -> list[Problem]:
    """Unknown people.toml keys in what a person or a crew carries (issue 18, reading PD18)."""
    t = people_tables()
    probs: list[Problem] = []
    for key, value, table in (("weapon", weapon, t.hand_weapons), ("armor", armor, t.armor)):
        if value and value not in table:
            probs.append((f"{w}.{key}", f"unknown {key} {value!r}; known: {', '.join(sorted(table))}"))
    for key, items, known in (("grenades", grenades, t.grenades), ("gear", gear, t.gear)):
        for g in items:
            if g not in known:
                probs.append((f"{w}.{key}", f"unknown {key[:-1] if key == 'grenades' else key} {g!r}; "
                                            f"known: {', '.join(sorted(known))}"))
    if not probs:
        load, most = carried_ge(weapon, grenades, gear, t), carry_limit(weapon, gear, t)
        if load > most:
            probs.append((w, f"carries {load:g} grenade-equivalents; at most {most:g} may be carried (000:L1447, "
                             "L1506: a worn backpack holds 5 GE of hand weapons more)"))
    return probs


def _people_problems(setup: GameSetup, game_map: Map | None, ids: set[str], drivers: Collection[str],
                     outlines: list[tuple[tuple[float, float], ...]]) -> list[Problem]:
    """Pedestrians on foot from the start (issue 18): the rule option on, ids unique among vehicles and
    people, known weapon, armor and grenade keys, a known foe, standing on the map and on no vehicle."""
    probs: list[Problem] = []
    if setup.people and setup.options.people != "on":
        probs.append(("people", "people on foot need the rule option people = \"on\""))
    known = set(ids)
    for i, p in enumerate(setup.people):
        w = f"people[{i}]"
        if not p.id:
            probs.append((f"{w}.id", "a person needs an id"))
        elif p.id in known:
            probs.append((f"{w}.id", f"id {p.id!r} is used twice"))
        known.add(p.id)
        probs += kit_problems(w, p.weapon, p.armor, p.grenades, p.gear)
        if p.foe and p.foe not in drivers:
            probs.append((f"{w}.foe", f"unknown foe profile {p.foe!r}; known: {', '.join(sorted(drivers))}"))
        x, y = p.pose.x, p.pose.y
        if not (math.isfinite(x) and math.isfinite(y)):
            probs.append((w, "a person's position must be finite numbers"))
        elif game_map is not None and not (0 <= x <= game_map.width and 0 <= y <= game_map.height):
            probs.append((w, f"{p.id} at ({x:g}, {y:g}) stands off the map"))
        elif any(point_in_polygon(x, y, o) for o in outlines):
            probs.append((w, f"{p.id} at ({x:g}, {y:g}) stands on a vehicle"))
    return probs
