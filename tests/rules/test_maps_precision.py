"""Issue 20: the checks that catch what play would trip on, files people can read, resizing by a
handle and road sections whose ends join."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules.world.maps import (
    Area,
    Building,
    End,
    Map,
    Placement,
    Rect,
    Start,
    Wall,
    free_ends,
    join_to,
    load_map,
    placed_ends,
    resized_by_handle,
    save_map,
    sections,
    snap_to_ends,
    validate_map,
)

REPO = Path(__file__).resolve().parents[2]


def whats(m: Map) -> list[str]:
    return [str(p) for p in validate_map(m)]


def test_a_wall_widened_past_the_left_edge_is_off_the_map() -> None:
    m = Map("m", 20, 10, walls=(Wall(Rect(-1, 2, 6, 0.5), 20),))
    assert whats(m) == ["walls[0]: lies off the map: it spans x -1 to 5, y 2 to 2.5; the map is 20 x 10"]
    assert validate_map(m)[0].layer == "walls" and validate_map(m)[0].index == 0


def test_a_turned_building_poking_over_the_edge_is_off_the_map() -> None:
    inside = Building(Rect(0, 0, 4, 4), 10)
    turned = Building(Rect(0, 0, 4, 4, 45), 10)   # its corners swing out past x = 0 and y = 0
    assert whats(Map("m", 20, 20, buildings=(inside,))) == []
    assert any("lies off the map" in w for w in whats(Map("m", 20, 20, buildings=(turned,))))


def test_a_section_at_x_minus_one_is_refused_by_rules_validate(tmp_path: Path) -> None:
    f = tmp_path / "m.toml"
    f.write_text('format_version = 1\nname = "m"\nsize = { width = 30, height = 30 }\n'
                 'sections = [{ section = "curve90_right", x = -1, y = 0 }]\n'
                 'areas = [{ kind = "water", rect = [20, 20, 2, 2] }]\n')
    out = subprocess.run([sys.executable, "-m", "rules", "validate", str(f)], capture_output=True, text=True,
                         cwd=REPO)
    assert out.returncode == 1
    assert f"{f}: sections[0]: lies off the map" in out.stdout
    assert f"{f}: areas[0].depth_ft: a water area needs a positive depth_ft" in out.stdout


def test_a_start_facing_a_wall_within_an_inch_is_a_problem() -> None:
    wall = Wall(Rect(0, 4, 10, 0.5), 20)
    near = Start("a", 5, 5.5, 0)    # its front is at y = 5; the wall ends at 4.5: half an inch ahead
    far = Start("b", 5, 7, 0)       # front at 6.5: two inches clear
    side = Start("c", 8, 6, 90)     # facing along the wall
    m = Map("m", 10, 10, walls=(wall,), starts=(near, far, side))
    assert whats(m) == ['starts[0]: faces walls[0] less than 1" ahead: the car would hit it on its first move']


def test_a_free_road_end_that_runs_into_a_building_leads_nowhere() -> None:
    road = Placement("straight", 0, 2)
    m = Map("m", 10, 14, sections=(road,), buildings=(Building(Rect(0, 0, 5, 1.8), 10),))
    assert whats(m) == ["sections[0]: its free end 'north' runs into buildings[0]: the road leads nowhere"]


def test_maps_are_saved_one_inline_table_per_piece_and_read_back_the_same(tmp_path: Path) -> None:
    m = load_map(REPO / "maps" / "town.toml")
    text = save_map(m, tmp_path / "town.toml").read_text()
    assert '    { kind = "sidewalk", rect = [2, 2, 12, 14] },' in text
    assert "size = { width = 48, height = 36 }" in text
    assert load_map(tmp_path / "town.toml") == m


def test_comments_at_the_head_of_a_map_file_survive_a_save(tmp_path: Path) -> None:
    f = tmp_path / "m.toml"
    save_map(Map("m", 10, 10), f)
    f.write_text("# my notes on this map\n# second line\n" + f.read_text())
    save_map(Map("m", 12, 10), f, overwrite=True)
    assert f.read_text().startswith("# my notes on this map\n# second line\nformat_version = 1\n")
    assert load_map(f, strict=False).width == 12


def test_the_shipped_maps_are_in_the_readable_form() -> None:
    for p in sorted((REPO / "maps").glob("*.toml")):
        text = p.read_text()
        assert "\n[[" not in text and "\n    [\n" not in text, p.name


def test_resizing_by_the_right_edge_keeps_the_left_edge() -> None:
    w = Wall(Rect(2, 2, 4, 0.5), 20)
    g = resized_by_handle(w, 1, 0, (9, 10))
    assert g.shape == Rect(2, 2, 7, 0.5)
    corner = resized_by_handle(w, -1, -1, (1, 1))
    assert corner.shape == Rect(1, 1, 5, 1.5)


def test_resizing_a_turned_wall_grows_it_along_itself() -> None:
    w = Wall(Rect(0, 0, 4, 1, 90), 20)        # centre (2, 0.5); turned upright: its far end is at y = 2.5
    g = resized_by_handle(w, 1, 0, (2, 4.5))  # drag that end two inches further down
    assert isinstance(g.shape, Rect) and g.shape.w == 6 and g.shape.rotation == 90
    ys = sorted(round(p[1], 6) for p in g.shape.points())
    assert ys[0] == -1.5 and ys[-1] == 4.5    # the top end stayed, the bottom moved


def test_resizing_a_polygon_by_a_corner_keeps_the_opposite_corner() -> None:
    a = Area("grass", Rect(0, 0, 2, 2))
    poly = Area("grass", __import__("rules.world.shapes", fromlist=["Polygon"]).Polygon(((0, 0), (2, 0), (2, 2), (0, 2))))
    for f in (a, poly):
        g = resized_by_handle(f, 1, 1, (4, 3))
        assert sorted(g.shape.points()) == sorted(((0, 0), (4, 0), (4, 3), (0, 3))), f


def test_a_section_dropped_near_a_free_end_snaps_onto_it() -> None:
    lib = sections()
    first = Placement("straight", 5, 20)
    out_end = placed_ends(first, lib)[1]
    dropped = Placement("curve90_right", 5.6, 7.0, 0)       # its way in lands about half an inch off
    snapped = snap_to_ends(dropped, (first,), lib, radius=1.0)
    assert snapped == join_to(out_end, "curve90_right", lib)
    far = Placement("curve90_right", 30, 0, 0)
    assert snap_to_ends(far, (first,), lib, radius=1.0) == far


def test_a_section_snaps_by_its_way_out_too_and_turns_to_fit() -> None:
    lib = sections()
    first = Placement("straight", 5, 20)
    rear = placed_ends(first, lib)[0]                        # the south end, pointing down (180)
    dropped = Placement("straight", 5.3, 30.2, 0)
    snapped = snap_to_ends(dropped, (first,), lib, radius=1.0)
    assert snapped == Placement("straight", 5, 30, 0)
    assert placed_ends(snapped, lib)[1] == End("north", rear.x, rear.y, 0)


def test_free_ends_are_the_ends_nothing_meets() -> None:
    lib = sections()
    a = Placement("straight", 5, 20)
    b = join_to(placed_ends(a, lib)[1], "on_ramp", lib)
    ends = {(i, k) for i, k, _ in free_ends((a, b), lib)}
    assert ends == {(0, 0), (1, 1), (1, 2)}    # a's way in, the ramp's way out and its ramp lane


def test_the_section_kinds_of_item_1_are_in_the_library() -> None:
    lib = sections()
    assert {"curve45_right", "curve45_left", "curve90_right", "curve90_wide_right", "crossroads", "t_junction",
            "street_cross", "street_t", "on_ramp", "off_ramp", "ramp_lane", "street", "banked_curve_right",
            "steep_curve_right"} <= set(lib)
    street = lib["street"]
    assert {a.kind for a in street.areas} == {"road", "sidewalk"} and len(street.curbs) == 2   # curbs, sidewalks
    assert {a.kind for a in lib["straight"].areas} == {"road", "shoulder"}                      # shoulders
    assert {a.bank for a in lib["banked_curve_right"].areas} == {"banked"}


def test_two_45_degree_curves_make_a_quarter_turn_and_every_end_takes_a_road() -> None:
    from rules.world.maps import chain, ends_meet

    lib = sections()
    laid = chain(["curve45_right", "curve45_right"], Placement("straight", 20, 40), lib)
    assert placed_ends(laid[-1], lib)[1].heading == 90
    wide = chain(["curve90_wide_right"], Placement("straight", 20, 40), lib)
    assert placed_ends(wide[-1], lib)[1].heading == 90
    for sid in lib:   # any end of any piece can be carried on by another piece
        base = Placement(sid, 40, 40)
        for e in placed_ends(base, lib):
            nxt = join_to(e, "straight", lib)
            assert ends_meet(e, placed_ends(nxt, lib)[0]), (sid, e.name)


def test_turned_walls_that_overlap_are_caught_though_their_unturned_boxes_do_not() -> None:
    a = Wall(Rect(0, 0, 6, 0.5, 45), 20)    # a diagonal from about (0.9, -1.9) to (5.1, 2.4)
    b = Wall(Rect(2.6, 1.5, 3, 0.5, 135), 20)   # crossing it
    m = Map("m", 10, 10, walls=(Wall(Rect(2, 3, 6, 0.5), 20), Wall(Rect(2, 1, 6, 0.5), 20)))
    assert whats(m) == []
    crossed = Map("m", 12, 12, walls=(a.__class__(a.shape.moved(3, 4), 20), b.__class__(b.shape.moved(3, 4), 20)))
    assert whats(crossed) == ["walls[0]: overlaps walls[1]"]


def test_a_bank_needs_an_arc_and_a_known_name_000_L277() -> None:
    flat = Map("m", 20, 20, areas=(Area("road", Rect(1, 1, 4, 4), bank="banked"),))
    assert whats(flat) == ["areas[0].bank: only a curve (an arc area) can be banked: its inside edge is the "
                           "arc's centre side (000:L277)"]
    from rules.world.shapes import Arc

    odd = Map("m", 20, 20, areas=(Area("road", Arc(10, 10, 2, 4, 0, 90), bank="tilted"),))
    assert whats(odd) == ["areas[0].bank: unknown banking 'tilted' (known: banked, steep)"]


def test_a_turned_banked_section_keeps_its_inside_toward_its_centre_000_L277() -> None:
    from rules.world.maps import terrain_at

    m = Map("m", 40, 40, sections=(Placement("banked_curve_right", 30, 5, 90),))
    # turned a quarter clockwise about its origin: the arc's centre (12.5, 12.5) goes to (30 - 12.5, 5 + 12.5)
    centre = (17.5, 17.5)
    on_road = (centre[0] + 10 * 0.7071, centre[1] - 10 * 0.7071)   # its band turned from bearings 270-360 to 0-90
    t = terrain_at(m, *on_road)
    assert t.kind == "road" and t.bank == "banked"
    assert t.bank_centre == pytest.approx(centre)
