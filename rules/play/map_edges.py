"""The edges of the map in play: leaving it, and the endless highway (000:L92).

    map_area(state)          # (x0, y0, x1, y1): where a counter may be and still be in the game
    check_left_map(ctx, vid) # after every motion: a centre outside the map area is out of the game
    advance_highway(ctx)     # after every phase on an endless map: lay the road on ahead of the cars

On a walled arena the walls keep everyone in. On an open map a vehicle whose centre leaves the map
area has left the fight (reading T27). An endless highway has no ends: the rearmost section is picked
up and laid in front of the vehicles as they near an end (rules.world.map_model.recycle_highway); when a
vehicle is still on the rearmost section, a copy of the front section is laid on instead, so nobody
runs off the road's front end (the rear end only recycles). The sections as they lie now are kept in the state (GameState.map_changes.sections).
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

from rules.core.events import LeftMap, RoadLaid
from rules.play.context import Ctx
from rules.play.state import GameState, evolve
from rules.world.map_changes import current_map, map_of
from rules.world.map_model import Map, Placement, join_to, placed_ends, placement_outline, recycle_highway
from rules.world.maps import sections as section_library

Box = tuple[float, float, float, float]


def _bbox(points: list[tuple[float, float]]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _sections_box(ps: tuple[Placement, ...]) -> Box:
    lib = section_library()
    return _bbox([pt for p in ps for pt in placement_outline(p, lib)])


@lru_cache(maxsize=8)
def _margins(map_id: str) -> Box:
    """How far the map's own rectangle reaches beyond its road sections as drawn (left, top, right, bottom)."""
    m = current_map(map_id)
    x0, y0, x1, y1 = _sections_box(m.sections)
    return max(0.0, x0), max(0.0, y0), max(0.0, m.width - x1), max(0.0, m.height - y1)


def map_area(state: GameState) -> Box | None:
    """The rectangle a vehicle's centre must stay in; an endless map's moves with its sections."""
    if not state.map_id:
        return None
    m = map_of(state.map_id, state.map_changes)
    if not (m.endless and m.sections):
        return 0.0, 0.0, m.width, m.height
    left, top, right, bottom = _margins(state.map_id)
    x0, y0, x1, y1 = _sections_box(m.sections)
    return x0 - left, y0 - top, x1 + right, y1 + bottom


def check_left_map(ctx: Ctx, vid: str) -> None:
    """A vehicle whose centre is off the map has left the game (reading T27)."""
    v = ctx.v(vid)
    box = map_area(ctx.state)
    if box is None or v.left_map:
        return
    x0, y0, x1, y1 = box
    if x0 <= v.pose.x <= x1 and y0 <= v.pose.y <= y1:
        return
    # whether anyone drove it off stays on its record: a driverless target has not escaped (reading M-R31)
    ctx.update(vid, out=True, left_map=True, increments=(), speed=0.0)
    ctx.log.add(LeftMap(f"{vid} drives off the map and leaves the game", "000:L92", vid))


def _lead(ctx: Ctx) -> float:
    """How near an end a vehicle may come before the road is laid on: the fastest one's inches a turn."""
    inches = [sum(ctx.t.chart.row(v.speed).phases) for v in ctx.state.vehicles if not v.out and v.speed > 0]
    return max([1.0, *inches])


def _extended(ps: tuple[Placement, ...], points: list[tuple[float, float]], lead: float) -> tuple[Placement, ...]:
    """A copy of the front section laid on when a vehicle nears the front end and recycling could not
    serve it (a vehicle on the rearmost section)."""
    lib = section_library()
    front = placed_ends(ps[-1], lib)[1]
    fx, fy = math.sin(math.radians(front.heading)), -math.cos(math.radians(front.heading))
    if any((px - front.x) * fx + (py - front.y) * fy >= -lead for px, py in points):
        return ps + (join_to(front, ps[-1].section, lib),)
    return ps


def advance_highway(ctx: Ctx) -> None:
    """Recycle an endless highway's sections ahead of the vehicles (000:L92)."""
    s = ctx.state
    if not s.map_id:
        return
    m: Map = map_of(s.map_id, s.map_changes)
    if not (m.endless and len(m.sections) >= 2):
        return
    points = [(v.pose.x, v.pose.y) for v in s.vehicles if not v.out]
    if not points:
        return
    lead = _lead(ctx)
    lib = section_library()
    ps = recycle_highway(m.sections, points, lead, lib)
    if ps == m.sections:
        ps = _extended(ps, points, lead)
    if ps == m.sections:
        return
    moved = sum(1 for p in ps if p not in m.sections)
    ctx.state = evolve(s, map_changes=replace(s.map_changes, sections=ps))
    ctx.log.add(RoadLaid(f"the road runs on: {moved} section(s) laid ahead", "000:L92", sections=moved))
