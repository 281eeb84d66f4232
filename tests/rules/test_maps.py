"""The map format: loading, checks, terrain, static shapes and saving (docs/MAP-FORMAT.md)."""

from __future__ import annotations

import math
import textwrap
from pathlib import Path

import pytest

from rules.core.errors import DataError
from rules.world.maps import (
    Area,
    Building,
    Map,
    Obstacle,
    Placement,
    Polygon,
    Rect,
    Start,
    Wall,
    load_map,
    safe_name,
    save_map,
    sections,
    static_shapes,
    terrain_at,
    validate_map,
)

HEAD = """
format_version = 1
name = "Test"
size = { width = 20, height = 10 }
"""


def write(tmp_path: Path, body: str, name: str = "m.toml") -> Path:
    p = tmp_path / name
    p.write_text(HEAD + textwrap.dedent(body), encoding="utf-8")
    return p


def error_of(tmp_path: Path, body: str) -> DataError:
    with pytest.raises(DataError) as info:
        load_map(write(tmp_path, body))
    return info.value


# --- loading and its error messages --------------------------------------------------------------


def test_minimal_map_loads_with_grass_ground(tmp_path: Path) -> None:
    m = load_map(write(tmp_path, ""))
    assert (m.name, m.width, m.height, m.ground, m.ground_condition) == ("Test", 20.0, 10.0, "grass", "dry")


def test_polygon_with_two_points_names_the_place(tmp_path: Path) -> None:
    e = error_of(tmp_path, """
        [[walls]]
        rect = [0, 0, 1, 1]
        dp = 5
        [[walls]]
        points = [[5, 5], [6, 6]]
        dp = 5
        """)
    assert e.where == "walls[1].points"
    assert e.what == "a polygon needs at least 3 points"
    assert str(e).endswith("m.toml: walls[1].points: a polygon needs at least 3 points")


@pytest.mark.parametrize("body, where, fragment", [
    ('[[areas]]\nkind = "lava"\nrect = [0, 0, 1, 1]', "areas[0].kind", "unknown terrain kind 'lava'"),
    ('[[areas]]\nkind = "road"\ncondition = "mud"\nrect = [0, 0, 1, 1]', "areas[0].condition", "unknown road condition"),
    ('[[areas]]\nkind = "water"\nrect = [0, 0, 1, 1]', "areas[0].depth_ft", "needs a positive depth_ft"),
    ('[[areas]]\nkind = "ditch"\nrect = [0, 0, 1, 1]', "areas[0].width_ft", "needs a positive width_ft"),
    ('[[sections]]\nsection = "spiral"\nx = 0\ny = 0', "sections[0].section", "unknown road section 'spiral'"),
    ('[[sections]]\nsection = "straight"\nx = 0\ny = 0\nrotation = 20', "sections[0].rotation", "multiple of 15"),
    ('[[walls]]\nrect = [0, 0, 4, 1]\ndp = 5\n[[walls]]\nrect = [3, 0, 4, 1]\ndp = 5', "walls[0]", "overlaps walls[1]"),
    ('[[starts]]\nname = "a"\nx = 19.9\ny = 5\nfacing = 0', "starts[0]", "off the map"),
    ('[[walls]]\nrect = [4, 4, 2, 2]\ndp = 5\n[[starts]]\nname = "a"\nx = 5\ny = 5\nfacing = 90', "starts[0]",
     "inside walls[0]"),
    ('[[obstacles]]\nx = 1.1\ny = 2', "obstacles[0]", "grid"),
    ('[[walls]]\nrect = [0, 0, 1, 1]\ndp = 0', "walls[0].dp", "below the minimum"),
    ('[[walls]]\nrect = [0, 0, 1, 1]\ndp = 3\ncolour = "red"', "walls[0].colour", "unknown key"),
    ('[[walls]]\nrect = [0, 0, nan, 1]\ndp = 3', "walls[0].rect", "finite"),
    ('[[walls]]\nrect = [0, 0, 1, 1]\npoints = [[0, 0], [1, 0], [1, 1]]\ndp = 3', "walls[0]", "exactly one of"),
    ('[[curbs]]\narc = { cx = 0, cy = 0, r = 2, start = 90, end = 90 }', "curbs[0].arc.end", "end must exceed"),
    ('[[starts]]\nname = "a"\nx = 5\ny = 5\nfacing = 0\n[[starts]]\nname = "a"\nx = 10\ny = 5\nfacing = 0',
     "starts[1].name", "used by starts[0]"),
])
def test_bad_maps_give_file_where_what(tmp_path: Path, body: str, where: str, fragment: str) -> None:
    e = error_of(tmp_path, body)
    assert e.where == where
    assert fragment in e.what


def test_wrong_format_version(tmp_path: Path) -> None:
    p = tmp_path / "v.toml"
    p.write_text('format_version = 2\nname = "x"\nsize = { width = 1, height = 1 }\n')
    with pytest.raises(DataError, match="format_version: this program reads format 1"):
        load_map(p)


def test_missing_file_and_bad_toml_are_data_errors(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        load_map(tmp_path / "nope.toml")
    p = tmp_path / "bad.toml"
    p.write_text("name = \n")
    with pytest.raises(DataError, match="line 1"):
        load_map(p)


def test_non_strict_load_keeps_the_map_and_lists_every_problem(tmp_path: Path) -> None:
    p = write(tmp_path, """
        [[walls]]
        rect = [0, 0, 4, 1]
        dp = 5
        [[walls]]
        rect = [2, 0, 4, 1]
        dp = 5
        [[starts]]
        name = "s"
        x = 30
        y = 5
        facing = 0
        """)
    m = load_map(p, strict=False)
    probs = validate_map(m)
    assert [(pr.layer, pr.index) for pr in probs] == [("walls", 0), ("starts", 0)]
    assert str(probs[0]) == "walls[0]: overlaps walls[1]"


def test_touching_walls_do_not_overlap() -> None:
    m = Map("t", 10, 10, walls=(Wall(Rect(0, 0, 10, 1), 5), Wall(Rect(0, 1, 1, 9), 5), Wall(Rect(9, 1, 1, 9), 5)))
    assert validate_map(m) == []


def test_identical_walls_overlap() -> None:
    m = Map("t", 10, 10, walls=(Wall(Rect(2, 2, 1, 1), 5), Wall(Rect(2, 2, 1, 1), 5)))
    assert [p.what for p in validate_map(m)] == ["overlaps walls[1]"]


def test_two_starts_whose_counters_overlap_are_reported() -> None:
    m = Map("t", 10, 10, starts=(Start("a", 5, 5, 0), Start("b", 5, 5.75, 0)))
    assert [p.where for p in validate_map(m)] == ["starts[1]"]


# --- terrain --------------------------------------------------------------------------------------


def test_terrain_layers_later_areas_on_top() -> None:
    m = Map("t", 20, 10, ground="grass", areas=(
        Area("road", Rect(0, 3, 20, 4)),
        Area("road", Polygon(((5, 4), (7, 4), (7, 6), (5, 6))), "oil", name="slick"),
    ))
    assert terrain_at(m, 1, 1).kind == "grass"
    assert terrain_at(m, 1, 5).kind == "road" and terrain_at(m, 1, 5).condition == "dry"
    slick = terrain_at(m, 6, 5)
    assert (slick.kind, slick.condition, slick.name) == ("road", "oil", "slick")
    assert terrain_at(m, 25, 5).on_map is False


def test_off_road_kinds_000_L521_L522() -> None:
    """The shoulder is not off-road (000:L521); grass and fields are the standard off-road (000:L522)."""
    m = Map("t", 30, 10, ground="grass", areas=(Area("shoulder", Rect(0, 0, 10, 10)), Area("field", Rect(10, 0, 10, 10))))
    assert terrain_at(m, 5, 5).off_road is False
    assert terrain_at(m, 15, 5).off_road is True
    assert terrain_at(m, 25, 5).off_road is True


def test_water_and_ditch_carry_their_size_000_L526_L527() -> None:
    """Ditch hazards depend on width in feet (000:L526), water on depth (000:L527-L529)."""
    m = Map("t", 20, 10, areas=(Area("water", Rect(0, 0, 5, 5), depth_ft=2.0),
                               Area("ditch", Rect(10, 0, 1, 10), width_ft=3.0)))
    w, d = terrain_at(m, 2, 2), terrain_at(m, 10.5, 5)
    assert (w.kind, w.depth_ft, w.off_road) == ("water", 2.0, True)
    assert (d.kind, d.width_ft) == ("ditch", 3.0)


def test_placed_section_lays_road_under_the_map() -> None:
    m = Map("t", 20, 20, sections=(Placement("straight", 5, 0, 90),))
    # turned 90 degrees clockwise about its origin: the road runs left-right over y 0.5..4.5, x -5..5
    assert terrain_at(m, 0, 2).kind == "road"
    assert terrain_at(m, 0, 0.25).kind == "shoulder"
    assert terrain_at(m, 0, 0.25).condition == "gravel"
    assert terrain_at(m, 0, 6).kind == "grass"


# --- static shapes --------------------------------------------------------------------------------


def test_static_shapes_kinds_and_properties() -> None:
    m = Map("t", 20, 20, walls=(Wall(Rect(0, 0, 20, 1), 30), Wall(Rect(5, 5, 0.5, 0.5), 12, "tree")),
            buildings=(Building(Rect(10, 10, 4, 4), 10, 4),),
            obstacles=(Obstacle(2, 3, "debris"), Obstacle(4, 3, "obstacle", vertical=True, movable=False)))
    shapes = {s.properties["id"]: s for s in static_shapes(m)}
    assert shapes["walls[0]"].kind == "wall" and shapes["walls[0]"].properties["dp"] == 30
    assert shapes["walls[1]"].kind == "fixed_object" and shapes["walls[1]"].properties["object"] == "tree"
    assert shapes["buildings[0]"].properties["collapse"] == 4
    assert shapes["obstacles[1]"].properties["movable"] is False


def test_building_collapses_after_dp_breaches_unless_told_000_L1205() -> None:
    """A building with one DP number collapses after that many breaches (000:L1202, L1205)."""
    m = Map("t", 20, 20, buildings=(Building(Rect(1, 1, 4, 4), 6),))
    (b,) = static_shapes(m)
    assert (b.properties["dp"], b.properties["collapse"]) == (6, 6)


def test_debris_counter_is_half_by_quarter_inch_000_L494() -> None:
    """A debris counter covers two 1/4-inch squares on the grid (000:L494)."""
    flat, upright = Obstacle(2, 3), Obstacle(2, 3, vertical=True)
    xs = [p[0] for p in flat.points()]
    ys = [p[1] for p in flat.points()]
    assert (max(xs) - min(xs), max(ys) - min(ys)) == (0.5, 0.25)
    xs = [p[0] for p in upright.points()]
    assert max(xs) - min(xs) == 0.25


# --- saving ---------------------------------------------------------------------------------------


def test_save_then_load_gives_the_same_map(tmp_path: Path) -> None:
    m = Map("Round trip", 20, 20, description="d", ground="desert", ground_condition="light_rain",
            areas=(Area("water", Rect(1, 1, 3, 2, 30), depth_ft=1.5, name="pond"),),
            walls=(Wall(Polygon(((10, 10), (12, 10.5), (11, 13))), 7, "boulder"),),
            buildings=(Building(Rect(14, 2, 4, 4), 8, 20, "barn"),),
            obstacles=(Obstacle(6.25, 6.5, "obstacle", True, False),),
            starts=(Start("s", 5, 15, 37.5, 20),), sections=(Placement("crossroads", 5, 5, 45),))
    path = save_map(m, tmp_path / "round_trip.toml")
    assert load_map(path, strict=False) == m


def test_save_makes_the_name_safe_and_will_not_overwrite(tmp_path: Path) -> None:
    m = Map("x", 5, 5)
    path = save_map(m, tmp_path / "../My Map!.toml")
    assert path == (tmp_path.parent / "my_map.toml").resolve()
    path.unlink()
    first = save_map(m, tmp_path / "a b.toml")
    assert first.name == "a_b.toml"
    with pytest.raises(FileExistsError):
        save_map(m, tmp_path / "a b.toml")
    save_map(replace_name(m, "y"), tmp_path / "a b.toml", overwrite=True)
    assert load_map(first).name == "y"
    assert [p.name for p in tmp_path.iterdir()] == ["a_b.toml"]  # no temporary file left behind


def replace_name(m: Map, name: str) -> Map:
    from dataclasses import replace
    return replace(m, name=name)


@pytest.mark.parametrize("text, expected", [("Arena", "arena"), ("../etc/passwd", "etc_passwd"), ("", "map"),
                                            ("  Town Grid #2 ", "town_grid_2"), (".hidden", "hidden")])
def test_safe_name(text: str, expected: str) -> None:
    assert safe_name(text) == expected


def test_section_library_ends_lie_on_the_piece_edge() -> None:
    for sec in sections().values():
        for e in sec.ends:
            on_edge = min(abs(e.x), abs(e.x - sec.width), abs(e.y), abs(e.y - sec.height)) < 1e-9
            inside = -1e-9 <= e.x <= sec.width + 1e-9 and -1e-9 <= e.y <= sec.height + 1e-9
            # a road leaving on a slant (a 45-degree curve) ends inside its box: the band's corner sticks out
            assert on_edge or (inside and e.heading % 90), (sec.id, e.name)
            assert e.heading % 15 == 0 and math.isfinite(e.x)
