"""Property tests of the map format: round trips, mangled files, overlap geometry."""

from __future__ import annotations

import math
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rules.core.errors import DataError
from rules.world.maps import (
    Arc,
    ArcLine,
    Area,
    Building,
    Curb,
    Map,
    Marking,
    Obstacle,
    Placement,
    Polygon,
    Polyline,
    Ramp,
    Rect,
    Start,
    Wall,
    list_maps,
    load_map,
    save_map,
    sections,
    static_shapes,
    terrain_at,
    validate_map,
)
from rules.world.shapes import convex_pieces, overlap_area, polygon_area, polygons_overlap

coord = st.floats(-40, 40, allow_nan=False).map(lambda v: round(v, 3))
size = st.floats(0.25, 20).map(lambda v: round(v, 3))
angle = st.floats(0, 359.9).map(lambda v: round(v, 3))
# Any text a file may hold: printable (schema.check_text refuses control and direction-override characters).
names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Cf")), max_size=12)
point = st.tuples(coord, coord)

rects = st.builds(Rect, coord, coord, size, size, angle)
polygons = st.lists(point, min_size=3, max_size=6).map(lambda ps: Polygon(tuple(ps)))
arcs = st.builds(lambda cx, cy, r, w, s, span: Arc(cx, cy, r, r + w, s, s + span),
                 coord, coord, st.floats(0, 10).map(lambda v: round(v, 2)), size, angle,
                 st.floats(1, 360).map(lambda v: round(v, 2)))
shapes = st.one_of(rects, polygons, arcs)
lines = st.one_of(st.lists(point, min_size=2, max_size=5).map(lambda ps: Polyline(tuple(ps))),
                  st.builds(lambda cx, cy, r, s, span: ArcLine(cx, cy, r, s, s + span), coord, coord, size, angle,
                            st.floats(1, 360).map(lambda v: round(v, 2))))
conditions = st.sampled_from(["dry", "gravel", "oil", "ice", "light_rain"])
areas = st.one_of(
    st.builds(Area, st.sampled_from(["road", "shoulder", "sidewalk", "grass", "desert"]), shapes, conditions,
              name=names),
    st.builds(lambda s, d: Area("water", s, depth_ft=d), shapes, size),
    st.builds(lambda s, w: Area("ditch", s, width_ft=w), shapes, size),
)
maps = st.builds(
    Map, names, size, size, description=names,
    ground=st.sampled_from(["grass", "road", "field"]), ground_condition=conditions, endless=st.booleans(),
    areas=st.lists(areas, max_size=3).map(tuple),
    curbs=st.lists(st.builds(Curb, lines, names), max_size=2).map(tuple),
    markings=st.lists(st.builds(Marking, lines, st.sampled_from(["lane", "center"])), max_size=2).map(tuple),
    walls=st.lists(st.builds(Wall, shapes, st.integers(1, 60), st.sampled_from(["wall", "tree", "boulder"]), names),
                   max_size=3).map(tuple),
    buildings=st.lists(st.builds(Building, shapes, st.integers(1, 30), st.none() | st.integers(1, 30), names),
                       max_size=2).map(tuple),
    obstacles=st.lists(st.builds(Obstacle, coord.map(lambda v: round(v * 4) / 4), coord.map(lambda v: round(v * 4) / 4),
                                 st.sampled_from(["debris", "obstacle"]), st.booleans(), st.booleans()),
                       max_size=3).map(tuple),
    ramps=st.lists(st.builds(Ramp, shapes, angle, st.floats(5, 45).map(lambda v: round(v, 1)), names),
                   max_size=1).map(tuple),
    starts=st.lists(st.builds(Start, names, coord, coord, angle, st.sampled_from([0.0, 20.0, 52.5])),
                    max_size=3).map(tuple),
    sections=st.lists(st.builds(Placement, st.sampled_from(sorted(sections())), coord, coord,
                                st.integers(0, 23).map(lambda k: k * 15)), max_size=2).map(tuple),
)

TMP = Path(tempfile.mkdtemp(prefix="maps-props-"))


@given(maps)
@example(Map("full circle", 1, 1, ramps=(Ramp(Arc(0, 0, 0, 1, 152.382, 512.3820000000001), 0, 5),)))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_save_then_load_gives_the_same_map(m: Map) -> None:
    path = save_map(m, TMP / "round.toml", overwrite=True)
    assert load_map(path, strict=False) == m


@given(maps, st.floats(-45, 45), st.floats(-45, 45))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_checks_and_queries_never_fail_on_any_map(m: Map, x: float, y: float) -> None:
    for prob in validate_map(m):
        assert prob.where and prob.what
    terrain_at(m, x, y)
    for s in static_shapes(m):
        assert all(math.isfinite(c) for p in s.points for c in p)


SHIPPED = [p.read_text(encoding="utf-8") for p in list_maps()]


@st.composite
def mangled(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SHIPPED))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 40)))
        junk = draw(st.sampled_from(["", "0", "-1", "nan", "inf", "[]", "{}", '"x"', "true", "[[1]]", "\n[x]\n",
                                     "1e400", ",", "=", "#", "\n"]))
        text = text[:i] + junk + text[j:]
    return text


@given(mangled())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_mangled_map_files_give_data_error_only(text: str) -> None:
    path = TMP / "mangled.toml"
    path.write_text(text, encoding="utf-8")
    try:
        load_map(path)
    except DataError as e:
        assert e.path == str(path) and e.where and e.what


@given(st.binary(max_size=200))
@settings(max_examples=40, deadline=None)
def test_random_bytes_give_data_error_only(raw: bytes) -> None:
    path = TMP / "bytes.toml"
    path.write_bytes(raw)
    try:
        load_map(path)
    except DataError:
        pass


# --- overlap geometry --------------------------------------------------------------------------


@given(rects, rects)
@settings(max_examples=100, deadline=None)
def test_overlap_is_symmetric(a: Rect, b: Rect) -> None:
    assert polygons_overlap(a.points(), b.points()) == polygons_overlap(b.points(), a.points())
    assert math.isclose(overlap_area(a.points(), b.points()), overlap_area(b.points(), a.points()), abs_tol=1e-6)


@given(rects, st.floats(0, 1))
@settings(max_examples=100, deadline=None)
def test_a_rect_overlaps_itself_shifted_less_than_its_width_but_not_more(r: Rect, k: float) -> None:
    near = Rect(r.x + r.w * k * 0.99, r.y, r.w, r.h)
    far = Rect(r.x + r.w, r.y, r.w, r.h)
    flat = Rect(r.x, r.y, r.w, r.h)
    assert polygons_overlap(flat.points(), near.points())
    assert not polygons_overlap(flat.points(), far.points())  # sharing an edge is touching, not overlapping


@given(st.lists(st.floats(0.5, 5), min_size=3, max_size=12))
@settings(max_examples=100, deadline=None)
def test_convex_pieces_cover_a_star_polygon(radii: list[float]) -> None:
    n = len(radii)
    pts = [(r * math.sin(2 * math.pi * i / n), -r * math.cos(2 * math.pi * i / n)) for i, r in enumerate(radii)]
    pieces = convex_pieces(pts)
    assert math.isclose(sum(polygon_area(p) for p in pieces), polygon_area(pts), rel_tol=1e-6, abs_tol=1e-9)
