"""Construction rules of car trailers and oversized vehicles (000:L1939-L2155): each test names its line."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rules.core.errors import DataError
from rules.core.schema import Node
from rules.vehicles.design import Design, design_from_node, design_wheels, load_stock
from rules.vehicles.figures import Figures, figures

REPO = Path(__file__).resolve().parents[2]


def build(**data: Any) -> Design:
    return design_from_node(Node({"name": "Test", **data}, "test.toml"))


def errors(d: Design) -> str:
    return "\n".join(figures(d).errors)


def bus(**extra: Any) -> Design:
    base: dict[str, Any] = dict(kind="bus", body="bus_40", chassis="extra_heavy", plant="regular_truck", tire="solid")
    return build(**{**base, **extra})


def semi(**extra: Any) -> Design:
    base: dict[str, Any] = dict(kind="semi_trailer", body="van_40", tire="solid", kingpin="standard")
    return build(**{**base, **extra})


def test_truck_top_speed_formula_000_L2029() -> None:
    """200 x max load / (max load + weight), rounded down to 2.5: the Economy's 160 at 9,850 lb."""
    fig = figures(load_stock("Economy"))
    assert fig.top_speed == 160 == (200 * 40000 // (40000 + fig.weight)) // 2.5 * 2.5


def test_truck_acceleration_bands_000_L2030_L2031() -> None:
    """2.5 mph a turn to 25 mph, then 5; a truck turbo (gas only): 2.5 to 10, 5 to 40, then 10."""
    assert figures(load_stock("Economy")).gears == ((2.5, 25), (5, 0))
    turbo = bus(plant="large_truck_gas", tank="heavy_duty", gallons=40, accessory=[{"type": "truck_turbo"}])
    fig = figures(turbo)
    assert fig.gears == ((2.5, 10), (5, 40), (10, 0)) and fig.acceleration == 10
    assert "gas engines only" in errors(bus(accessory=[{"type": "truck_turbo"}]))


def test_handling_classes_000_L2001_L2069() -> None:
    """Ten-wheelers and buses HC 1; a tractor alone HC 0 (1 with its trailer)."""
    assert figures(load_stock("Flattop")).hc == 1
    assert figures(load_stock("Pusher")).hc == 1
    econ = figures(load_stock("Economy"))
    assert econ.hc == 0 and any("HC 1 with a trailer" in n for n in econ.notes)


def test_no_improved_suspension_for_oversized_000_L2001() -> None:
    assert "heavy suspension, included" in errors(bus(suspension="improved"))


def test_small_plants_cannot_pull_a_rig_000_L2074() -> None:
    d = replace(load_stock("Economy"), plant="medium_truck")
    assert "not powerful enough to pull a big rig" in errors(d)
    assert "not powerful enough" not in errors(replace(load_stock("Liberator")))   # a bus may (reading R7)


def test_truck_plants_are_for_oversized_vehicles_only_000_L2014() -> None:
    d = replace(load_stock("Killer Kart"), plant="small_truck")
    assert "oversized vehicles only" in errors(d)


def test_tire_counts_000_L1964_L2005_L2083() -> None:
    """Ten tires on trucks and buses; eight on a semi-trailer, 2 or 4 more on a full one; pairs on car trailers."""
    assert len(design_wheels(load_stock("Pusher"))) == 10
    assert len(design_wheels(semi())) == 8 and len(design_wheels(semi(front_tires=4))) == 12
    assert len(design_wheels(load_stock("Bunker"))) == 2 and len(design_wheels(load_stock("Scimitar"))) == 4
    assert len(design_wheels(build(kind="car_trailer", body="van_30"))) == 8
    with pytest.raises(DataError, match="front tires"):
        semi(front_tires=3)


def test_truck_tires_take_no_radials_000_L2005() -> None:
    assert "cannot be radial" in errors(bus(tire_mods=["radial"]))
    assert "cannot be steelbelted" in errors(bus(tire="plasticore", tire_mods=["steelbelted"]))
    assert not figures(bus(tire_mods=["steelbelted", "fireproof"])).errors


def test_wheelguards_cost_no_hc_and_three_a_side_000_L2005_L2130() -> None:
    guards = {p: 10 for p in ("FL", "FR", "ML", "MR", "BL", "BR")}
    assert figures(bus(wheelguards=guards)).hc == 1
    assert not figures(bus(wheelguards=guards)).errors


def test_ten_armor_locations_000_L1944_L2100_L2131() -> None:
    """Long bodies are armored in ten locations; a plain side is refused there, and half-sides on short ones."""
    assert figures(bus(armor={"front_left": 10, "back_left": 10})).price > figures(bus()).price
    with pytest.raises(DataError, match="unknown armor location 'left'"):
        bus(armor={"left": 10})
    with pytest.raises(DataError, match="unknown armor location 'front_left'"):
        bus(body="minibus", chassis="standard", plant="small_truck", armor={"front_left": 10})
    build(kind="car_trailer", body="van_20", armor={"front_right": 5})


def test_long_vehicle_weapons_name_a_half_000_L1984() -> None:
    assert "front_left or back_left" in errors(bus(weapon=[{"type": "MG", "facing": "left"}]))
    econ = load_stock("Economy")
    assert "Only a long vehicle" in errors(replace(econ, weapons=(replace(econ.weapons[0], facing="front_left"),)))


def test_semi_trailer_weapon_rules_000_L2119_L2120() -> None:
    """No front-firing weapon but in a turret, no dropped weapon on the front half."""
    assert "front-firing" in errors(semi(weapon=[{"type": "MG", "facing": "front"}]))
    assert "front half" in errors(semi(weapon=[{"type": "MD", "facing": "front_left"}]))
    assert not figures(semi(weapon=[{"type": "MD", "facing": "back_left"}])).errors


def test_bus_dropped_weapons_not_in_front_half_000_L2135() -> None:
    assert "front half" in errors(bus(weapon=[{"type": "SD", "facing": "front_underbody"}]))


def test_two_turrets_one_higher_000_L1984_L2115() -> None:
    two = [{"id": "a", "type": "turret_1", "position": "front"}, {"id": "b", "type": "turret_1", "position": "back"}]
    assert "must be named the higher" in errors(semi(mount=two))
    two[1]["higher"] = True
    assert not figures(semi(mount=two)).errors
    three = two + [{"id": "c", "type": "turret_1", "position": "back"}]
    assert "at most 2 turrets" in errors(semi(mount=three))
    short = [{"id": "a", "type": "turret_1"}, {"id": "b", "type": "turret_1"}]
    assert "at most 1 turret" in errors(build(kind="car_trailer", body="van_15", mount=short))


def test_flatbeds_cannot_have_turrets_000_L2117() -> None:
    assert "Flatbeds cannot have turrets" in errors(semi(body="flatbed_40", mount=[{"id": "a", "type": "turret_1"}]))


def test_flatbed_armor_and_box_000_L1942_L2095() -> None:
    flat = semi(body="flatbed_40", armor={"front_top": 5})
    assert "armored underneath only" in errors(flat)
    boxed = semi(body="flatbed_40", box_spaces=6, box_armor={"front": 10}, weapon=[{"type": "MG", "facing": "back"}])
    assert not figures(boxed).errors
    assert figures(boxed).price - figures(semi(body="flatbed_40", weapon=[{"type": "MG", "facing": "back"}])).price \
        == 10 * 11
    assert "at most 6 spaces" in errors(semi(body="flatbed_40", box_spaces=7))
    assert "armored box" in errors(semi(body="flatbed_40", weapon=[{"type": "MG", "facing": "back"}]))


def test_kingpin_required_000_L2104() -> None:
    assert "one kingpin" in errors(semi(kingpin=""))
    assert figures(semi(kingpin="quick_release")).price - figures(semi()).price == 900


def test_trailers_have_no_driver_000_L2113() -> None:
    assert "don't have drivers" in errors(semi(crew=["driver"]))
    gunner = figures(semi(crew=["gunner", "passenger"]))
    assert gunner.spaces_used == 4          # two spaces each, passengers too


def test_bus_passengers_000_L2133() -> None:
    assert figures(bus(crew=["driver", "passenger"])).weight - figures(bus()).weight == 200
    assert figures(bus(crew=["driver", "passenger"])).spaces_used - figures(bus()).spaces_used == 2


def test_tank_trailer_armor_000_L2098() -> None:
    thin = semi(body="tanker_40", armor={loc: 19 for loc in ("front", "back")})
    assert "at least 20 points" in errors(thin)


def test_car_van_modifications_000_L1966_L1968() -> None:
    """Reefer +60% cost, +15% weight, -15% spaces; tanker +150% / +60%; dumper +75%, double weight, no top armor."""
    plain = figures(build(kind="car_trailer", body="van_10"))
    reefer = figures(build(kind="car_trailer", body="van_10", van_mod="reefer"))
    assert (reefer.price - plain.price, reefer.weight - plain.weight, reefer.spaces) == (420, 240, 17)
    dumper = build(kind="car_trailer", body="van_10", van_mod="dumper", armor={"top": 5})
    assert "no top armor" in errors(dumper)
    assert "Only a car van trailer" in errors(build(kind="car_trailer", body="flatbed_10", van_mod="tanker"))
    leaky = figures(build(kind="car_trailer", body="van_10", van_mod="tanker"))
    assert any("leaks" in n for n in leaky.notes) and not leaky.errors


def test_trailer_chassis_scales_the_tongue_000_L1946() -> None:
    from rules.vehicles.starting_sheet import record_sheet

    def tongue(chassis: str) -> int:
        sheet = record_sheet(build(kind="car_trailer", body="van_15", chassis=chassis))
        return next(c.max_dp for c in sheet.components if c.id == "tongue")
    assert (tongue("light"), tongue("standard"), tongue("heavy"), tongue("extra_heavy")) == (1, 3, 4, 6)


def test_car_trailer_turret_limits_000_L1986() -> None:
    assert "at most 2 spaces" in errors(build(kind="car_trailer", body="van_10", mount=[{"id": "t", "type": "turret_3"}]))
    assert "at most 0 spaces" in errors(build(kind="car_trailer", body="mini_van", mount=[{"id": "t", "type": "turret_1"}]))


def test_cab_and_carrier_weapons_000_L2034_L2054() -> None:
    maxim = load_stock("Maxim")
    back = replace(maxim, weapons=maxim.weapons + (replace(maxim.weapons[0], facing="back", mount="", rocket_magazine=0),))
    assert "cannot fire to the rear" in errors(back)
    assert maxim.carrier is not None
    front = replace(maxim, carrier=replace(maxim.carrier, weapons=maxim.carrier.weapons + (
        replace(maxim.carrier.weapons[-1], facing="front"),)))
    assert "not to the front" in errors(front)
    flattop = load_stock("Flattop")      # a flatbed carrier: the cab may fire back
    assert not [e for e in errors(replace(flattop, weapons=flattop.weapons + (replace(flattop.weapons[1], facing="back"),)))
                .splitlines() if "rear" in e]


def test_fifth_wheel_guard_000_L2081() -> None:
    econ = load_stock("Economy")
    guarded = replace(econ, fifth_wheel_guard=10)
    assert figures(guarded).price - figures(econ).price == 150 and figures(guarded).weight - figures(econ).weight == 100
    assert "at most 200 lb" in errors(replace(econ, fifth_wheel_guard=21))


def test_hitch_extras_and_armor_000_L1980_L1982() -> None:
    kart = load_stock("Killer Kart")
    hitch = replace(kart, accessories=kart.accessories + (_acc("light_hitch"),))
    quick = replace(hitch, accessories=hitch.accessories[:-1] + (replace(hitch.accessories[-1], options=("quick_release",)),))
    assert figures(quick).price - figures(hitch).price == 900
    armored = replace(hitch, hitch_armor=5)
    assert figures(armored).price - figures(hitch).price == 75
    assert "at most 40 lb" in errors(replace(hitch, hitch_armor=11))
    assert "needs a hitch" in errors(replace(kart, hitch_armor=2))


def _acc(key: str) -> Any:
    from rules.vehicles.design import AccessoryEntry
    return AccessoryEntry(key)


def test_windjammer_and_spoiler_000_L2155() -> None:
    econ = load_stock("Economy")
    both = replace(econ, accessories=econ.accessories + (_acc("windjammer"), _acc("spoiler")))
    assert "both a windjammer and a spoiler" in errors(both)


def test_tank_gun_fits_oversized_vehicles_000_L2433() -> None:
    assert "oversized" not in errors(semi(weapon=[{"type": "TG", "facing": "back"}]))
    kart = load_stock("Killer Kart")
    assert "oversized vehicle" in errors(replace(kart, weapons=(replace(kart.weapons[0], type="TG"),)))


def test_weight_limit_of_a_rig_body_000_L2065() -> None:
    fig: Figures = figures(load_stock("Magnum"))
    assert any("chassis limit of 16,200 lb" in e for e in fig.errors)


def _query(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = subprocess.run([sys.executable, "-m", "rules", "query"], input="\n".join(json.dumps(x) for x in lines),
                         capture_output=True, text=True, cwd=REPO, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_design_query_answers_for_the_new_kinds() -> None:
    """The `design` op answers a rig, a bus and a trailer as it does a car (a trailer has no plant: null)."""
    pusher, box = _query([{"op": "design", "vehicle": "Pusher"}, {"op": "design", "vehicle": "Budget Box"}])
    assert pusher == {"weight": 25200, "price": 76000, "acceleration": 5, "top_speed": 122.5, "hc": 1, "spaces": 60,
                      "spaces_used": 58, "errors": []}
    assert (box["weight"], box["acceleration"], box["top_speed"], box["hc"]) == (5840, None, None, None)


def test_design_cli_lists_and_prints_rigs() -> None:
    out = subprocess.run([sys.executable, "-m", "rules", "design", "--list"], capture_output=True, text=True,
                         cwd=REPO, check=True).stdout
    assert "Brotherhood" in out.splitlines()
    shown = subprocess.run([sys.executable, "-m", "rules", "design", "Hellfire"], capture_output=True, text=True,
                           cwd=REPO).stdout
    assert shown.startswith("Hellfire — 40' van semi-trailer") and "Tire ML" in shown and "Landing leg" in shown


def test_buffalo_with_its_trailer_000_L2730() -> None:
    """'top speed 120 without a trailer, 70 w/fully-loaded (9,000-lb.) trailer': with overdrive engaged, the
    HD transmission's doubled power factors just move 15,600 lb (a third of it is 5,200 = 2 x 2,600)."""
    from rules.vehicles.towing import towing_figures

    buffalo = load_stock("Buffalo")
    tow = towing_figures(buffalo, 9000)
    assert tow.overdrive is not None and tow.overdrive[1] == 70
    assert (tow.weight, tow.top_speed, tow.gears, tow.errors) == (15600, 50, ((2.5, 25), (5, 0)), [])
    assert towing_figures(buffalo, 9001).errors        # a pound more and it cannot move


def test_morgan_with_a_loaded_bed_and_trailer_000_L2731() -> None:
    """'Accel. 5, top speed 90 with a fully-loaded bed and trailer': its 735 lb of cargo and the heaviest trailer
    its 6,700 power factors can move (a third of the whole: 12,300 lb)."""
    from rules.vehicles.towing import towing_figures

    morgan = load_stock("Morgan")
    loaded = replace(morgan, cargo_weight=figures(morgan).cargo_weight)
    tow = towing_figures(loaded, 12300)
    assert (tow.acceleration, tow.top_speed, tow.errors) == (5, 90, [])


def test_trailer_weight_counts_for_speed_not_chassis_000_L553() -> None:
    """The trailer's weight counts for acceleration and top speed, not against the tower's chassis; the hitch
    pulls at most its load (000:L1973-L1978)."""
    from rules.vehicles.towing import towing_figures

    morgan = load_stock("Morgan")
    assert not towing_figures(morgan, 8000).errors            # far over the pickup's own chassis limit
    assert "at most 20,000 lb" in towing_figures(morgan, 20001).errors[0]
    assert "needs a hitch" in towing_figures(load_stock("Killer Kart"), 870).errors[0]


def test_rig_figures_000_L2065_L2069_L2074() -> None:
    """A rig is HC 1 and pulls what its plant is rated for: the Economy (40,000 lb) with the Tailgunner."""
    from rules.vehicles.towing import towing_figures

    tail = figures(load_stock("Tailgunner")).weight
    tow = towing_figures(load_stock("Economy"), tail, "semi_trailer")
    assert (tow.hc, tow.weight, tow.top_speed) == (1, 9850 + tail, 115)
    assert "over the 40,000 lb" in towing_figures(load_stock("Economy"), 31000, "semi_trailer").errors[0]


def test_tow_query() -> None:
    answers = _query([{"op": "tow", "vehicle": "Economy", "trailer": "Tailgunner"},
                      {"op": "tow", "vehicle": "Buffalo", "trailer_weight": 9000},
                      {"op": "tow", "vehicle": "Economy", "trailer": "Pusher"}])
    assert answers[0] == {"weight": 28160, "acceleration": 5, "top_speed": 115, "hc": 1, "errors": []}
    assert answers[1]["top_speed"] == 50 and "error" in answers[2]


def test_design_cli_tows() -> None:
    """`python -m rules design TOWER --tow TRAILER` prints the pair's figures (000:L553, L2069)."""
    out = subprocess.run([sys.executable, "-m", "rules", "design", "Economy", "--tow", "Tailgunner"],
                         capture_output=True, text=True, cwd=REPO)
    assert out.returncode == 0
    assert out.stdout.startswith("Economy towing Tailgunner (18,310 lb): 28,160 lbs. in all") and "HC 1" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "rules", "design", "Killer Kart", "--tow", "Bulldog"],
                         capture_output=True, text=True, cwd=REPO)
    assert bad.returncode == 1 and "needs a hitch" in bad.stdout


def test_carried_vehicle_spaces_000_L2111_L2112() -> None:
    """'A luxury car, with 19 spaces, takes up 29 spaces as cargo. A heavy cycle, with seven spaces, takes up 11.'"""
    from rules.vehicles.towing import carried_spaces

    luxury = next(d for d in map(load_stock, ("Hotshot", "Bodyguard")) if d.body == "luxury")
    assert carried_spaces(luxury) == 29
    assert carried_spaces(load_stock("Quasar")) == 11
