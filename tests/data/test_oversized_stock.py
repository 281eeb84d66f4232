"""The car trailers, ten-wheelers, truck cabs, semi-trailers and buses of chapter 15 (000:L2747-L2772)
recomputed from the construction rules of chapters 7 and 8 (000:L1939-L2155)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.vehicles.design import (
    all_stock_names,
    dumps_design,
    load_design,
    load_stock,
    stock_names,
    trailer_names,
)
from rules.vehicles.figures import figures
from rules.vehicles.long_vehicles import BIG_KINDS

REPO = Path(__file__).resolve().parents[2]
FIGURES = ("weight", "price", "acceleration", "top_speed", "hc")

# Every sample of these kinds in chapter 15, with its line (the fragment at 000:L2768 is the Orca's tail).
CHAPTER_15_BIG = {
    "Flattop": ("000:L2748", "ten_wheeler"), "Maxim": ("000:L2749", "ten_wheeler"),
    "Maxim Laser-Guided Option": ("000:L2750", "ten_wheeler"), "Bulldog": ("000:L2752", "car_trailer"),
    "Raven": ("000:L2753", "car_trailer"), "Bunker": ("000:L2754", "car_trailer"),
    "Scimitar": ("000:L2755", "car_trailer"), "Permafrost": ("000:L2756", "car_trailer"),
    "Permafrost Black Ice Option": ("000:L2757", "car_trailer"), "Economy": ("000:L2759", "tractor"),
    "Magnum": ("000:L2760", "tractor"), "Annihilator": ("000:L2761", "tractor"),
    "Budget Box": ("000:L2763", "semi_trailer"), "Tailgunner": ("000:L2764", "semi_trailer"),
    "Hellfire": ("000:L2765", "semi_trailer"), "Brotherhood": ("000:L2766", "semi_trailer"),
    "Cargo Brother": ("000:L2767", "semi_trailer"), "Liberator": ("000:L2770", "bus"),
    "Metro": ("000:L2771", "bus"), "Pusher": ("000:L2772", "bus"),
}


def test_every_big_sample_is_stocked() -> None:
    """000:L2747-L2772: the 20 samples load by name; a game's list (stock_names) fields the ten-wheelers,
    tractors and buses, and the trailers go behind a tower (trailer_names)."""
    big = {n for n in all_stock_names() if load_stock(n).kind in BIG_KINDS}
    assert big == set(CHAPTER_15_BIG)
    trailers = {n for n, (_line, kind) in CHAPTER_15_BIG.items() if kind in ("car_trailer", "semi_trailer")}
    assert big & set(stock_names()) == big - trailers
    assert set(trailer_names()) == trailers


@pytest.mark.parametrize("name", sorted(CHAPTER_15_BIG))
def test_big_sample_recomputes_or_its_differences_are_listed(name: str) -> None:
    """Each sample's printed figures are the computed ones, but for those its file lists as differing, and
    each of those is named in docs/RULES-DEVIATIONS.md."""
    d = load_stock(name)
    line, kind = CHAPTER_15_BIG[name]
    assert (d.source, d.kind) == (line, kind)
    fig = figures(d)
    for key in FIGURES:
        printed = getattr(d.printed, key)
        if printed is None:
            continue
        if key in d.printed.differs:
            assert getattr(fig, key) != printed, f"{name}: {key} now matches"
        else:
            assert getattr(fig, key) == printed, f"{name}: {key}"
    text = (REPO / "docs" / "RULES-DEVIATIONS.md").read_text(encoding="utf-8")
    if d.printed.differs:
        assert f"| {name} ({line})" in text


@pytest.mark.parametrize("name", sorted(CHAPTER_15_BIG))
def test_big_sample_round_trips(name: str, tmp_path: Path) -> None:
    d = load_stock(name)
    p = tmp_path / "v.toml"
    p.write_text(dumps_design(d), encoding="utf-8")
    again = load_design(p)
    assert replace(again, path="") == replace(d, path="")


@pytest.mark.parametrize(("name", "weight", "price", "top"), [
    ("Bunker", 4625, 13384, None), ("Pusher", 25200, 76000, 122.5),
])
def test_exact_samples(name: str, weight: int, price: int, top: float | None) -> None:
    """000:L2754 Bunker and 000:L2772 Pusher (extra-heavy chassis) recompute exactly."""
    fig = figures(load_stock(name))
    assert (fig.weight, fig.price) == (weight, price)
    if top is not None:
        assert fig.top_speed == top


def test_laser_guided_option_delta_000_L2750() -> None:
    """'Add TL (with LGL) to each turret and laser-guide all rockets': +100 lb and +$7,800 over the Maxim
    (two TLs and two LGLs, and $200 for each of the 24 rockets, magazines' too)."""
    base, lg = figures(load_stock("Maxim")), figures(load_stock("Maxim Laser-Guided Option"))
    assert (lg.weight - base.weight, lg.price - base.price) == (18011 - 17911, 87110 - 79310)


@pytest.mark.parametrize(("name", "cargo"), [
    ("Flattop", 5780), ("Maxim", 1889), ("Raven", 1010), ("Scimitar", 272), ("Permafrost", 1934),
    ("Permafrost Black Ice Option", 1599), ("Bulldog", 30),
])
def test_printed_cargo_capacity_is_max_load_less_printed_weight(name: str, cargo: int) -> None:
    """The printed cargo capacity is the maximum load (body load and chassis, 000:L1946, L2000) less the printed
    weight; the 15' van's load is 7,200 lb by three samples (000:L2755-L2757), not the printed 9,400."""
    d = load_stock(name)
    assert figures(d).max_load - (d.printed.weight or 0) == cargo


@pytest.mark.parametrize(("name", "spaces"), [("Raven", 11), ("Bunker", 11), ("Permafrost", 18), ("Flattop", 21),
                                              ("Tailgunner", 45), ("Hellfire", 64)])
def test_free_cargo_spaces(name: str, spaces: int) -> None:
    """Free spaces as the sample lines print them (000:L2753-L2756, L2764-L2765); the Flattop's 20 are its
    carrier's, plus one left in the cab."""
    assert figures(load_stock(name)).cargo_spaces == spaces


def test_every_big_sample_has_a_spec_to_play_with() -> None:
    """Issue 19: every sample gets its VehicleSpec, on a counter of its own length (000:L541-L550, L587)."""
    from rules.vehicles.starting_sheet import spec

    for name in CHAPTER_15_BIG:
        s = spec(load_stock(name))
        assert s.size is not None and s.kind.value == load_stock(name).kind
