"""Construction items of chapters 13-14 added after the first pass (issue 3): HD transmission
acceleration, laser options, EWP pairs and pod armor, rocket magazines, cargo-safe options, fake
carriers, rocket boosters, autopilot; and the trike's lone wheel as combat reads it."""

from __future__ import annotations

from dataclasses import replace

from rules.damage import interior_of
from rules.design import figures, load_stock, spec, summary


def test_reversed_trike_lone_wheel_is_at_the_back_000_L843() -> None:
    """000:L843: on a reversed trike front and back swap, so the single wheel is hit from the back."""
    rev = spec(load_stock("Survivor"))
    inside = interior_of(rev.sheet, "trike")
    assert (inside.lone_wheel, inside.lone_wheel_end) == ("B", "back")
    normal = spec(load_stock("Sandcrab"))
    inside = interior_of(normal.sheet, "trike")
    assert (inside.lone_wheel, inside.lone_wheel_end) == ("F", "front")


def test_hd_transmission_accelerates_like_a_truck_000_L2629() -> None:
    """000:L2629: 2.5 mph a turn up to 25 mph, then 5; the Buffalo prints 'Accel. 2.5 to 25, 5 thereafter'."""
    buffalo = load_stock("Buffalo")
    fig = figures(buffalo)
    assert (fig.low_gear, fig.acceleration) == ((2.5, 25.0), 5.0)
    assert "Accel. 2.5 to 25, 5 thereafter" in summary(buffalo, fig)
    s = spec(buffalo)
    assert [s.acceleration_at(v) for v in (0, 22.5, 25, 60)] == [2.5, 2.5, 5.0, 5.0]
    plain = replace(buffalo, accessories=tuple(a for a in buffalo.accessories if a.type != "hd_transmission"))
    assert figures(plain).low_gear is None and spec(plain).acceleration_at(0) == figures(plain).acceleration


def test_hd_transmission_doubles_power_for_the_load_000_L2629() -> None:
    """000:L2629: power factors count double for what the car can move, so a heavy load still moves."""
    buffalo = load_stock("Buffalo")
    heavy = replace(buffalo, chassis="extra_heavy", cargo_weight=3500)
    assert not any("cannot move" in e for e in figures(heavy).errors)
    plain = replace(heavy, accessories=tuple(a for a in heavy.accessories if a.type != "hd_transmission"))
    assert any("cannot move" in e for e in figures(plain).errors)


def test_hd_transmission_needs_a_heavy_chassis_000_L2629() -> None:
    errors = figures(replace(load_stock("Buffalo"), chassis="standard")).errors
    assert "Heavy-duty transmission needs a heavy or extra-heavy chassis." in errors
