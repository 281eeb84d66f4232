"""Construction items of chapters 13-14 added after the first pass (issue 3): HD transmission
acceleration, laser options, EWP pairs and pod armor, rocket magazines, cargo-safe options, fake
carriers, rocket boosters, autopilot; and the trike's lone wheel as combat reads it."""

from __future__ import annotations

from rules.damage import interior_of
from rules.design import load_stock, spec


def test_reversed_trike_lone_wheel_is_at_the_back_000_L843() -> None:
    """000:L843: on a reversed trike front and back swap, so the single wheel is hit from the back."""
    rev = spec(load_stock("Survivor"))
    inside = interior_of(rev.sheet, "trike")
    assert (inside.lone_wheel, inside.lone_wheel_end) == ("B", "back")
    normal = spec(load_stock("Sandcrab"))
    inside = interior_of(normal.sheet, "trike")
    assert (inside.lone_wheel, inside.lone_wheel_end) == ("F", "front")
