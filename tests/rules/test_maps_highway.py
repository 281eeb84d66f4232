"""Road sections laid end to end, and the endless highway (000:L92)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.world.maps import (
    Map,
    Placement,
    chain,
    ends_meet,
    join_to,
    placed_ends,
    recycle_highway,
    sections,
    terrain_at,
    validate_map,
)

LIB = sections()
HIGHWAY = chain(["straight", "straight", "straight"], Placement("straight", 5, 30, 0), LIB)


def test_chain_joins_each_section_to_the_previous_way_out() -> None:
    ps = chain(["curve90_right", "straight", "curve90_left", "on_ramp", "crossroads"], Placement("straight", 0, 0, 0), LIB)
    for a, b in pairwise(ps):
        assert ends_meet(placed_ends(a, LIB)[1], placed_ends(b, LIB)[0]), (a, b)
        assert b.rotation % 15 == 0
    # two opposite quarter turns: the road heads north again
    assert placed_ends(ps[3], LIB)[1].heading == 0


@given(st.sampled_from(sorted(LIB)), st.integers(0, 23), st.floats(-50, 50), st.floats(-50, 50),
       st.sampled_from(sorted(LIB)))
@settings(max_examples=60, deadline=None)
def test_join_to_meets_any_end_at_any_rotation(first: str, turns: int, x: float, y: float, nxt: str) -> None:
    p = Placement(first, x, y, turns * 15)
    for end in placed_ends(p, LIB):
        q = join_to(end, nxt, LIB)
        assert ends_meet(end, placed_ends(q, LIB)[0])


def test_recycle_moves_the_rearmost_section_in_front_000_L92() -> None:
    """000:L92: when the cars near one end, the section at the other end is put in front of them."""
    car_near_front = [(8.0, 2.0)]      # front end of the road is at y = 0 (the road runs north, toward -y)
    ps = recycle_highway(HIGHWAY, car_near_front, lead=5.0, library=LIB)
    assert ps[:3] == HIGHWAY[1:]
    assert ps[3] == Placement("straight", 5, -10, 0)
    assert ends_meet(placed_ends(ps[2], LIB)[1], placed_ends(ps[3], LIB)[0])


def test_recycle_keeps_the_road_under_a_straggler() -> None:
    """A section with a vehicle on it is not picked up (000:L92 moves only the far end's section)."""
    cars = [(8.0, 2.0), (8.0, 35.0)]
    assert recycle_highway(HIGHWAY, cars, lead=5.0, library=LIB) == HIGHWAY


def test_recycle_does_nothing_mid_road_and_works_backwards() -> None:
    assert recycle_highway(HIGHWAY, [(8.0, 20.0)], lead=5.0, library=LIB) == HIGHWAY
    back = recycle_highway(HIGHWAY, [(8.0, 39.0)], lead=5.0, library=LIB)
    assert back[0] == Placement("straight", 5, 40, 0) and back[1:] == HIGHWAY[:3]


def test_recycle_catches_up_with_a_fast_car() -> None:
    """A car that ran past the end pulls the road on, each section moved once at most per call."""
    ps = recycle_highway(HIGHWAY, [(8.0, -25.0)], lead=5.0, library=LIB)
    assert [p.y for p in ps] == [-10, -20, -30, -40]
    assert terrain_at(Map("hw", 15, 40, sections=ps), 8.0, -25.0).kind == "road"


def test_recycled_road_is_still_road_under_the_car() -> None:
    m = Map("hw", 15, 40, endless=True, sections=HIGHWAY)
    ps = recycle_highway(m.sections, [(8.0, 1.0)], lead=5.0, library=LIB)
    moved = Map("hw", 15, 40, endless=True, sections=ps)
    assert terrain_at(moved, 8.0, -5.0).kind == "road"
    assert terrain_at(m, 8.0, -5.0).kind == "grass"
    assert validate_map(moved) == []


def test_endless_map_needs_joined_sections() -> None:
    broken = Map("hw", 15, 40, endless=True, sections=(HIGHWAY[0], Placement("straight", 5, 19, 0)))
    assert [p.where for p in validate_map(broken)] == ["sections[1]"]


@pytest.mark.parametrize("sid", sorted(LIB))
def test_every_section_has_road_at_its_ends(sid: str) -> None:
    m = Map("t", 100, 100, sections=(Placement(sid, 40, 40, 0),))
    for e in placed_ends(m.sections[0], LIB):
        # a hair inside the piece from each end, on the centre line
        from rules.core.geometry import forward
        f = forward(e.heading)
        assert terrain_at(m, e.x - 0.1 * f.x, e.y - 0.1 * f.y).kind == "road", (sid, e.name)
