"""Construction items of chapters 13-14 added after the first pass (issue 3): HD transmission
acceleration, laser options, EWP pairs and pod armor, rocket magazines, cargo-safe options, fake
carriers, rocket boosters, autopilot; and the trike's lone wheel as combat reads it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.damage import interior_of
from rules.design import Design, WeaponEntry, dumps_design, figures, load_design, load_stock, spec, summary
from rules.design_tables import design_tables
from rules.errors import DataError


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


def _with_weapon(entry: WeaponEntry) -> Design:
    cobra = load_stock("Cobra")
    return replace(cobra, weapons=(entry,))


def test_pulse_laser_costs_150_percent_and_adds_one_per_die_000_L2463() -> None:
    """000:L2463: pulse multiplies the base cost by 150%, leaves the weight, +1 per die, no area effect."""
    t = design_tables()
    plain, pulse = t.weapons["L"], t.weapon_with("L", ("pulse",))
    assert (pulse.cost, pulse.weight, pulse.damage, pulse.effect) == (plain.cost * 3 // 2, plain.weight, "3d+3", "")
    assert t.weapon_with("TwL", ("pulse",)).damage == "2d+8"       # the text's own example
    assert t.weapon_with("HL", ("pulse",)).damage == "4d+4"
    base = figures(_with_weapon(WeaponEntry("L", "turret", mount="turret")))
    fig = figures(_with_weapon(WeaponEntry("L", "turret", mount="turret", options=("pulse",))))
    assert fig.price - base.price == plain.cost // 2 and fig.weight == base.weight and not fig.errors


def test_infrared_doubles_and_blue_green_adds_a_quarter_000_L2458_L2456() -> None:
    """000:L2458: an IR laser costs twice a plain one; 000:L2456: blue-green +25%, never on IR."""
    base = figures(_with_weapon(WeaponEntry("L", "turret", mount="turret"))).price
    ir = figures(_with_weapon(WeaponEntry("L", "turret", mount="turret", options=("infrared",))))
    bg = figures(_with_weapon(WeaponEntry("L", "turret", mount="turret", options=("blue_green",))))
    assert (ir.price - base, bg.price - base) == (8000, 2000)
    both = figures(_with_weapon(WeaponEntry("L", "turret", mount="turret", options=("infrared", "blue_green"))))
    assert "A laser cannot be both blue-green and infrared." in both.errors


def test_laser_options_fit_lasers_but_not_x_ray_lasers_000_L1106_L1107() -> None:
    xl = figures(_with_weapon(WeaponEntry("XL", "front", options=("pulse",))))
    assert "A x-ray laser cannot have the pulse option." in xl.errors
    mg = figures(_with_weapon(WeaponEntry("MG", "front", options=("infrared",))))
    assert "The infrared option is for lasers; a machine gun cannot have it." in mg.errors


def test_laser_option_reaches_the_sheet_summary_and_file(tmp_path: Path) -> None:
    d = _with_weapon(WeaponEntry("L", "turret", mount="turret", options=("pulse",)))
    assert spec(d).sheet.weapons[0].options == ("pulse",)
    assert "pulse L in turret" in summary(d)
    f = tmp_path / "pulse.toml"
    f.write_text(dumps_design(d))
    assert load_design(f).weapons[0].options == ("pulse",)


def test_unknown_weapon_option_is_a_data_error(tmp_path: Path) -> None:
    f = tmp_path / "bad.toml"
    f.write_text(dumps_design(load_stock("Cobra")).replace('mount = "turret"', 'mount = "turret", options = ["plasma"]'))
    with pytest.raises(DataError, match="unknown weapon option 'plasma'"):
        load_design(f)
