"""The stock vehicles of chapter 15 (000:L2687-L2746, L2799) recomputed from the construction tables.

Every vehicle the reference (reference/vehicles.md 5.1-5.2) lists as an exact match, or a match
after its stated fix, must reproduce its printed weight, price, acceleration, top speed and HC. The
others load, and each printed figure they miss is listed in docs/RULES-DEVIATIONS.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.vehicles.design import STOCK_DIR, Design, load_design, load_stock, stock_names
from rules.vehicles.figures import figures

FIGURES = ("weight", "price", "acceleration", "top_speed", "hc")
REPO = Path(__file__).resolve().parents[2]
FILES = sorted(STOCK_DIR.glob("*.toml"))

# Every car, cycle and trike line of chapter 15 (000:L2688-L2746) and the police cruiser (000:L2799).
CHAPTER_15 = [
    "Killer Kart", "Stinger", "Stinger Option I", "Stinger Option II", "Stinger Option III", "Stinger Option IV",
    "Yellow Jacket", "Shrimp", "Popcorn Shrimp", "Firecracker", "Mini-Sherman", "Mini-Sherman Option", "Capricorn",
    "Capricorn Plus", "Spitfire", "Duelbuggy", "Sureshot", "Xenon", "Joseph Special", "Joseph Special T", "Messenger",
    "Marksman", "Mauler", "Superzapper", "Mauler Rocket Option", "Manslaughter", "Cobra", "Cobra GT", "Harmon",
    "Agincourt", "Miglia", "Falcon", "Hotshot", "Hotshot MG Option", "Hotshot MD Option", "Bodyguard", "Bodyguard Shadrach", "Rommel", "Rommel-B",
    "Vlad the Impala", "Intimidator", "Intimidator MG Option", "Comet", "Buffalo", "Morgan", "Ventura", "Thumper",
    "Waterloo", "Shogun 100", "Shogun 150", "Shogun 200", "Shogun 250", "Quasar", "Quasar with sidecar", "Sandcrab",
    "Survivor", "Survivor PC Option", "Blastmaster", "Police Cruiser",
]


def _matching() -> list[Design]:
    return [d for d in (load_design(p) for p in FILES) if d.printed.match in ("exact", "fixed")]


def _differing() -> list[Design]:
    return [d for d in (load_design(p) for p in FILES) if d.printed.match not in ("exact", "fixed")]


@pytest.mark.parametrize("design", _matching(), ids=lambda d: d.name)
def test_stock_vehicle_recomputes_to_its_printed_figures(design: Design) -> None:
    """Each printed figure (weight, price, acceleration, top speed, HC) of the sample line
    (its `source`, 000:L2688-L2746) is what the construction rules give."""
    fig = figures(design)
    for name in FIGURES:
        printed = getattr(design.printed, name)
        if printed is None or name in design.printed.differs:
            continue
        assert getattr(fig, name) == printed, f"{design.name} ({design.source}): {name}"


@pytest.mark.parametrize("design", _matching(), ids=lambda d: d.name)
def test_stock_vehicle_that_matches_prints_at_least_price(design: Design) -> None:
    """A vehicle marked as matching has at least its price printed to match against."""
    assert design.printed.price is not None


@pytest.mark.parametrize("design", _matching() + _differing(), ids=lambda d: d.name)
def test_listed_differences_really_differ(design: Design) -> None:
    """`differs` names only figures that do differ: a fixed table must not leave a stale note."""
    fig = figures(design)
    for name in design.printed.differs:
        assert getattr(fig, name) != getattr(design.printed, name), f"{design.name}: {name} now matches"


@pytest.mark.parametrize("design", _differing(), ids=lambda d: d.name)
def test_unmatched_stock_vehicle_is_documented(design: Design) -> None:
    """A stock vehicle that does not recompute loads, and docs/RULES-DEVIATIONS.md names it."""
    fig = figures(design)
    assert fig.weight > 0 and fig.price > 0
    text = (REPO / "docs" / "RULES-DEVIATIONS.md").read_text(encoding="utf-8")
    assert design.name in text


def test_exact_matches_of_the_reference_are_marked_exact() -> None:
    """reference/vehicles.md 5.1 lists these as exact with the printed tables (plus the Super fix)."""
    exact = {d.name for d in _matching() if d.printed.match == "exact"}
    for name in ("Killer Kart", "Mini-Sherman", "Popcorn Shrimp", "Shogun 100", "Shogun 200", "Quasar", "Sandcrab",
                 "Survivor"):
        assert name in exact


def test_the_stock_list_is_complete() -> None:
    cars = [n for n in stock_names() if load_stock(n).kind in ("car", "cycle", "trike")]
    assert sorted(CHAPTER_15) == cars


@pytest.mark.parametrize("name", ["killer kart", "KILLER KART", "  Killer Kart "])
def test_stock_names_are_case_insensitive(name: str) -> None:
    assert load_stock(name).name == "Killer Kart"


def test_hotshot_options_deltas_000_L2721() -> None:
    """Replacing a flamethrower with an MG and 30 points of armor costs $1,350 (000:L2721)."""
    from dataclasses import replace

    base = load_stock("Hotshot")
    weapons = tuple(w if w.facing != "right" else replace(w, type="MG") for w in base.weapons)
    armor = dict(base.armor)
    armor["right"] += 30
    swapped = replace(base, weapons=weapons, armor=armor)
    assert figures(swapped).price - figures(base).price == 1350
    assert figures(swapped).weight <= figures(base).weight


@pytest.mark.parametrize(("name", "cargo_lb", "cargo_spaces"), [
    ("Intimidator", 300, 11), ("Intimidator MG Option", 900, 7), ("Morgan", 735, 11),
])
def test_printed_cargo_capacity_000_L2727_L2731(name: str, cargo_lb: int, cargo_spaces: int) -> None:
    """The cargo capacity the sample lines print: spare load and free spaces (regular + cargo area)."""
    fig = figures(load_stock(name))
    assert (fig.cargo_weight, fig.cargo_spaces) == (cargo_lb, cargo_spaces)


@pytest.mark.parametrize(("name", "accel", "top"), [("Intimidator", 5, 115), ("Morgan", 10, 165)])
def test_performance_with_full_cargo_000_L2727_L2731(name: str, accel: float, top: float) -> None:
    """'Accel. 5 and top speed 115 with cargo' (Intimidator); '165 w/cargo' (Morgan)."""
    from dataclasses import replace

    d = load_stock(name)
    loaded = figures(replace(d, cargo_weight=figures(d).cargo_weight))
    assert (loaded.acceleration, loaded.top_speed) == (accel, top)


def test_overdrive_figures_000_L2714_L2638() -> None:
    """Cobra: 'Accel. 10 (5 w/overdrive) ... top speed 122.5 (142.5 w/overdrive)'."""
    fig = figures(load_stock("Cobra"))
    assert (fig.acceleration, fig.top_speed, fig.overdrive) == (10, 122.5, (5, 142.5))
    assert fig.hc_above_60 == fig.hc + 1        # its spoiler (000:L2668)
