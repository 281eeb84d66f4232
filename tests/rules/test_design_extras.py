"""Construction items of chapters 13-14 added after the first pass (issue 3): HD transmission
acceleration, laser options, EWP pairs and pod armor, rocket magazines, cargo-safe options, fake
carriers, rocket boosters, autopilot; and the trike's lone wheel as combat reads it."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest

from rules.combat.damage import interior_of
from rules.core.errors import DataError
from rules.tables.construction import design_tables
from rules.vehicles.design import (
    AccessoryEntry,
    Design,
    MountEntry,
    WeaponEntry,
    dumps_design,
    load_design,
    load_stock,
)
from rules.vehicles.figures import figures
from rules.vehicles.starting_sheet import spec
from rules.vehicles.summary import summary


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
    return replace(cobra, weapons=(entry,), crew=("driver",))     # the passenger's space left free


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


def _with_pods(*pods: MountEntry, weapons: tuple[WeaponEntry, ...] = ()) -> Design:
    return replace(load_stock("Cobra"), mounts=pods, weapons=weapons)


def test_side_pods_come_in_matched_pairs_000_L2527_L2983() -> None:
    """000:L2527: a side pod needs a same-size twin opposite, firing the same way; 000:L2983: a lone one costs 3 HC."""
    pair = figures(_with_pods(MountEntry("l", "ewp_1", side="left", fires="front"),
                              MountEntry("r", "ewp_1", side="right", fires="front")))
    assert not pair.errors
    lone = figures(_with_pods(MountEntry("l", "ewp_1", side="left", fires="front")))
    assert lone.hc == pair.hc - 3
    assert ("The left 1-space external weapon pod 'l' needs a matching pod of the same size, firing the same way, "
            "on the right side.") in lone.errors
    mixed = figures(_with_pods(MountEntry("l", "ewp_1", side="left", fires="front"),
                               MountEntry("r", "ewp_1", side="right", fires="back")))
    assert len([e for e in mixed.errors if "needs a matching pod" in e]) == 2
    aimless = figures(_with_pods(MountEntry("l", "ewp_1", side="left"), MountEntry("r", "ewp_1", side="right")))
    assert "The left 1-space external weapon pod must fire front or back (fires = ...)." in aimless.errors


def test_pods_cut_top_speed_by_ten_percent_once_000_L2981() -> None:
    """000:L2981: one or more EWPs: -10% top speed (not 10% per pod)."""
    none = figures(replace(_with_pods(), cargo_weight=2 * 150))      # the same weight without pods
    two = figures(_with_pods(MountEntry("l", "ewp_1", side="left", fires="front"),
                             MountEntry("r", "ewp_1", side="right", fires="front")))
    assert two.top_speed == math.floor(none.top_speed * 0.9 / 2.5) * 2.5


def test_pod_armor_is_plastic_at_10_dollars_and_4_lb_a_point_000_L2528() -> None:
    """000:L2528: pod armor $10 and 4 lb per point whatever the car's armor, at most 40 lb; ejection +$250 (L2982)."""
    top = MountEntry("p", "ewp_1")
    base = figures(_with_pods(top))
    armored = figures(_with_pods(replace(top, armor=10, ejection=True)))
    assert (armored.price - base.price, armored.weight - base.weight) == (10 * 10 + 250, 10 * 4)
    assert not armored.errors
    heavy = figures(_with_pods(replace(top, armor=11)))
    assert "Pod armor on the 1-space external weapon pod weighs 44 lb; the most allowed is 40 lb." in heavy.errors
    rocket = figures(_with_pods(replace(top, rocket_pod=True, armor=5)))
    assert "A rocket EWP carries no armor." in rocket.errors
    sheet = spec(_with_pods(replace(top, armor=10))).sheet
    assert [(p.id, p.armor, p.max_armor) for p in sheet.pods] == [("p", 10, 10)]   # kept once, on the pod


def test_rocket_pod_takes_single_shot_rockets_only_000_L2541() -> None:
    pod = MountEntry("p", "ewp_1", rocket_pod=True)
    ok = figures(_with_pods(pod, weapons=(WeaponEntry("HR", "top", mount="p"),)))
    assert not ok.errors
    bad = figures(_with_pods(pod, weapons=(WeaponEntry("MG", "top", mount="p"),)))
    assert "A rocket EWP carries single-shot rockets only, not a machine gun." in bad.errors


def test_only_pods_take_pod_options() -> None:
    bad = figures(_with_pods(MountEntry("t", "turret_1", side="left", armor=3)))
    assert "Only an external weapon pod can be mounted left; the 1-space turret cannot." in bad.errors
    assert "Only an external weapon pod can be armored; the 1-space turret cannot." in bad.errors


def test_rocket_magazine_holds_more_of_its_own_rocket_000_L2543() -> None:
    """000:L2543: $50 and 15 lb a space of capacity, one rocket type chosen at installation, 0 DP."""
    t = design_tables()
    hr, ltr = t.weapons["HR"], t.weapons["LtR"]
    base = figures(_with_weapon(WeaponEntry("HR", "front")))
    fed = _with_weapon(WeaponEntry("HR", "front", rocket_magazine=1))
    fig = figures(fed)
    assert not fig.errors
    assert (fig.price - base.price, fig.weight - base.weight) == (50 + hr.cost, 15 + hr.weight)
    assert fig.spaces_used - base.spaces_used == 1
    mount = spec(fed).sheet.weapons[0]
    assert (mount.shots, mount.dp) == ((1, 1), hr.dp)
    light = _with_weapon(WeaponEntry("LtR", "front", rocket_magazine=1))    # half-space rockets: two a space
    assert figures(light).price - figures(_with_weapon(WeaponEntry("LtR", "front"))).price == 50 + 2 * ltr.cost
    assert spec(light).sheet.weapons[0].shots == (1, 2)


def test_rocket_magazine_rules_000_L2543() -> None:
    mg = figures(_with_weapon(WeaponEntry("MG", "front", rocket_magazine=1)))
    assert "A rocket magazine feeds single-shot rockets only, not a machine gun." in mg.errors
    big = figures(_with_weapon(WeaponEntry("HR", "front", rocket_magazine=4)))
    assert "A rocket magazine holds at most 3 spaces of rockets, not 4." in big.errors
    cobra = load_stock("Cobra")
    platform = replace(cobra, mounts=(MountEntry("rp", "rocket_platform_small"),),
                       weapons=(WeaponEntry("HR", "top", mount="rp", rocket_magazine=1),))
    assert "A rocket magazine cannot feed a rocket platform." in figures(platform).errors
    turret = replace(cobra, crew=("driver",), weapons=(WeaponEntry("HR", "turret", mount="turret", rocket_magazine=1),))
    assert not figures(turret).errors


def test_guided_rockets_in_a_magazine_pay_the_guidance_fee_000_L2534() -> None:
    """000:L2534: $200 per guided rocket, magazine rounds included."""
    cobra = load_stock("Cobra")
    lgl = cobra.accessories + (AccessoryEntry("laser_guidance_link"),)
    one = figures(replace(cobra, accessories=lgl, weapons=(WeaponEntry("HR", "front", guided=True),)))
    fed = figures(replace(cobra, accessories=lgl,
                          weapons=(WeaponEntry("HR", "front", guided=True, rocket_magazine=2),)))
    plain_fed = figures(replace(cobra, accessories=lgl, weapons=(WeaponEntry("HR", "front", rocket_magazine=2),)))
    plain_one = figures(replace(cobra, accessories=lgl, weapons=(WeaponEntry("HR", "front"),)))
    assert (fed.price - plain_fed.price) - (one.price - plain_one.price) == 2 * 200


def _with_accessories(*extra: AccessoryEntry, base: str = "Cobra") -> Design:
    d = load_stock(base)
    return replace(d, accessories=d.accessories + extra, crew=("driver",))   # room for the extras


def test_cargo_safe_options_000_L2565() -> None:
    """000:L2565: refrigeration $2,000, oxygen rebreather $4,500, self-destruct $900."""
    bus = replace(load_stock("Cobra"), body="van", weapons=(), mounts=(), crew=("driver",), chassis="extra_heavy",
                  armor={})
    plain = figures(replace(bus, accessories=(AccessoryEntry("cargo_safe"),)))
    full = replace(bus, accessories=(AccessoryEntry("cargo_safe", options=("refrigeration", "rebreather",
                                                                           "self_destruct")),))
    assert figures(full).price - plain.price == 2000 + 4500 + 900
    assert figures(full).weight == plain.weight
    assert "cargo safe w/refrigeration unit & oxygen rebreather & self-destruct system" in summary(full)


def test_fake_car_top_carrier_half_cost_third_weight_000_L2615() -> None:
    """000:L2615: a fake carrier costs half and weighs a third; it may hide a turret; bolts $50."""
    real = figures(_with_accessories(AccessoryEntry("car_top_carrier_4")))
    assert "A car-top carrier cannot go on a turreted car (a fake one can hide the turret)." in real.errors
    fake = _with_accessories(AccessoryEntry("car_top_carrier_4", options=("fake", "explosive_bolts")))
    fig = figures(fake)
    assert not fig.errors
    assert (real.price - fig.price, real.weight - fig.weight) == (200 - 100 - 50, 100 - 34)
    assert "fake 4-space car-top carrier w/explosive bolts" in summary(fake)
    bolts = figures(_with_accessories(AccessoryEntry("car_top_carrier_4", options=("explosive_bolts",))))
    assert "The explosive bolts of a 4-space car-top carrier needs its fake option." in bolts.errors


def test_car_top_carrier_limits_000_L2614() -> None:
    """000:L2614: at most a third of the car's spaces; not streamlined; a real one carries cargo."""
    kart = replace(load_stock("Killer Kart"), accessories=(AccessoryEntry("car_top_carrier_4"),))
    assert "A 4-space car-top carrier is more than a third of the subcompact's 7 spaces." in figures(kart).errors
    no_turret = replace(load_stock("Cobra"), mounts=(), weapons=())
    base = figures(no_turret)
    with_carrier = figures(replace(no_turret, accessories=no_turret.accessories + (AccessoryEntry("car_top_carrier_4"),)))
    assert not with_carrier.errors and with_carrier.cargo_spaces == base.cargo_spaces + 4
    sleek = figures(replace(no_turret, streamlined=True, accessories=(AccessoryEntry("car_top_carrier_2"),)))
    assert "A car-top carrier cannot be streamlined." in sleek.errors


def test_autopilot_needs_navigator_and_radar_and_costs_2_hc_000_L2976() -> None:
    """000:L2976: an autopilot needs a computer navigator and radar or infrared; HC -2 while it drives;
    never on a cycle alone; $500 to link it to a computer gunner (000:L2977)."""
    cobra = load_stock("Cobra")          # carries radar
    lone = figures(_with_accessories(AccessoryEntry("autopilot")))
    assert "Autopilot needs a computer navigator." in lone.errors
    ok = figures(_with_accessories(AccessoryEntry("autopilot"), AccessoryEntry("computer_navigator")))
    assert not ok.errors and (ok.hc, ok.hc_engaged) == (figures(cobra).hc, figures(cobra).hc - 2)
    assert f"HC {ok.hc - 2} while the autopilot drives (000:L2976)." in ok.notes
    blind = replace(cobra, accessories=(AccessoryEntry("autopilot"), AccessoryEntry("computer_navigator")))
    assert "Autopilot needs radar, long-range radar or infrared sighting system." in figures(blind).errors
    linked = figures(_with_accessories(AccessoryEntry("autopilot", options=("gunner_link",)),
                                       AccessoryEntry("computer_navigator")))
    assert linked.price - ok.price == 500
    cycle = load_stock("Shogun 100")
    rider = replace(cycle, accessories=(AccessoryEntry("autopilot"), AccessoryEntry("computer_navigator"),
                                        AccessoryEntry("radar")))
    assert "An autopilot cannot drive a cycle (a cycle with a sidecar can have one)." in figures(rider).errors


def test_unknown_accessory_option_is_a_data_error(tmp_path: Path) -> None:
    d = _with_accessories(AccessoryEntry("cargo_safe", options=("refrigeration",)))
    f = tmp_path / "safe.toml"
    f.write_text(dumps_design(d).replace('"refrigeration"', '"jacuzzi"'))
    with pytest.raises(DataError, match="Cargo safe has no option 'jacuzzi'"):
        load_design(f)


def _boosted(lb: int, burn: int, chassis: str = "extra_heavy", facing: str = "back") -> Design:
    return _with_accessories(AccessoryEntry("rocket_booster", facing=facing, lb=lb, burn=burn)) if chassis == \
        "extra_heavy" else replace(_with_accessories(AccessoryEntry("rocket_booster", facing=facing, lb=lb, burn=burn)),
                                   chassis=chassis)


def test_rocket_booster_priced_by_the_pound_000_L2649() -> None:
    """000:L2649: $50 per 10 lb; 1 space and 1 DP per 100 lb or part of it."""
    base = figures(_with_accessories())
    fig = figures(_boosted(150, 75))
    assert (fig.price - base.price, fig.weight - base.weight, fig.spaces_used - base.spaces_used) == (750, 150, 2)
    sheet = spec(_boosted(150, 75)).sheet
    assert [(c.name, c.dp, c.location) for c in sheet.components if c.id == "rocket_booster"] == [
        ("Rocket booster", 2, "back")]


def test_rocket_boost_is_burn_times_1000_over_weight_000_L2650() -> None:
    """000:L2650: boost = pounds burned x 1,000 / weight; the text's 5,000-lb car gets 10 mph from 50 lb (L2658)."""
    d = _boosted(100, 50)
    fig = figures(d)
    boost = 50 * 1000 / fig.weight
    assert f"Rocket booster back: {boost:.3g} mph a turn for 2 turns; a D1 hazard when it fires; volatile " \
           "(000:L2649-L2657)." in fig.notes
    weak = figures(_boosted(100, 20))
    assert any(e.startswith("A 20-lb burn gives") and e.endswith("a rocket booster gives at least 10 mph.")
               for e in weak.errors)


def test_chassis_limits_the_boost_000_L2652_L2656() -> None:
    """000:L2652-L2656: light 10, standard 20, heavy 30, extra-heavy 40 mph a turn; light and standard
    risk 10 more, heavy and extra-heavy 20 more; beyond that the frame is ruined."""
    weight = figures(_boosted(400, 100)).weight                 # the same 400 lb of rocket, burned faster or slower
    burn_for = lambda mph: math.ceil(mph * weight / 1000)      # noqa: E731
    ok = figures(_boosted(400, burn_for(39), "extra_heavy"))
    assert not [e for e in ok.errors if "boost" in e] and not any("may bend" in n for n in ok.notes)
    risky = figures(_boosted(400, burn_for(45), "extra_heavy"))
    assert any("over the extra-heavy chassis' 40 mph" in n for n in risky.notes)
    ruined = figures(_boosted(400, burn_for(61), "extra_heavy"))
    assert any("would surely ruin the extra-heavy chassis (it withstands 40 mph, 60 at a risk)" in e
               for e in ruined.errors)
    light = figures(_boosted(400, burn_for(25), "light"))
    assert any("would surely ruin the light chassis (it withstands 10 mph, 20 at a risk)" in e for e in light.errors)


def test_booster_needs_its_figures_and_a_facing() -> None:
    fig = figures(_with_accessories(AccessoryEntry("rocket_booster", facing="back")))
    assert ("A rocket booster needs its pounds of rocket (lb = ...) and the pounds it burns a turn "
            "(burn = ..., at most lb); this one has lb 0, burn 0.") in fig.errors
    side = figures(_with_accessories(AccessoryEntry("rocket_booster", facing="left", lb=100, burn=100)))
    assert "Rocket booster must go front or back or top or underbody, not left." in side.errors


def test_boosters_count_against_a_third_per_side_000_L2658() -> None:
    """000:L2658: boosters follow the third-of-the-spaces-per-side rule."""
    fig = figures(_boosted(500, 100))
    assert any(e.startswith("Weapons and rocket boosters firing back take 5 spaces; at most 4") for e in fig.errors)


def test_a_6_space_car_top_carrier_carries_6_and_keeps_the_third_rule_000_L2613_L2614() -> None:
    """000:L2613-L2614: its six spaces are cargo; on a mid-sized car's 13 spaces it is more than a third."""
    no_turret = replace(load_stock("Cobra"), mounts=(), weapons=())
    six = figures(replace(no_turret, accessories=no_turret.accessories + (AccessoryEntry("car_top_carrier_6"),)))
    assert six.cargo_spaces == figures(no_turret).cargo_spaces + 6
    assert "A 6-space car-top carrier is more than a third of the mid-sized's 13 spaces." in six.errors


def test_fridges_are_components_with_their_dp_on_the_sheet_000_L2560_L2561() -> None:
    """000:L2560 (20 DP), 000:L2561 (10 DP): each is a part of the record sheet that hits can find."""
    from rules.vehicles.starting_sheet import spec
    cobra = load_stock("Cobra")
    sheet = spec(replace(cobra, accessories=cobra.accessories + (AccessoryEntry("armored_beer_refrigerator"),
                                                                 AccessoryEntry("armored_minifridge")))).sheet
    dp = {c.name: c.dp for c in sheet.components}
    assert dp["Armored beer refrigerator"] == 20 and dp["Armored minifridge"] == 10
    inside = {p.item: p.dp for p in interior_of(sheet).parts}     # among the parts a hit inside may find (CB8)
    assert inside["armored_beer_refrigerator"] == 20 and inside["armored_minifridge"] == 10
