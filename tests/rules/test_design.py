"""Construction rules (chapters 5-6): figures, legality checks as sentences, bad files, the record
sheet a design starts play with, and the `design` command and query op."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.errors import DataError
from rules.core.geometry import Kind
from rules.tables.construction import design_tables
from rules.tools import design_cli
from rules.tools.query import answer
from rules.vehicles.design import (
    AccessoryEntry,
    Design,
    DesignOptions,
    Sidecar,
    WeaponEntry,
    load_design,
    load_stock,
)
from rules.vehicles.figures import figures
from rules.vehicles.record_sheet import damage_component, damage_weapon, render, use_shot
from rules.vehicles.starting_sheet import record_sheet, spec
from rules.vehicles.summary import summary

KART = """
name = "Test Kart"
kind = "car"
body = "subcompact"
chassis = "standard"
suspension = "heavy"
plant = "medium"
tire = "heavy_duty"
crew = ["driver"]
armor = { front = 5, back = 3, left = 3, right = 3, top = 2, underbody = 2 }

[[weapon]]
type = "MG"
facing = "front"
"""


def _write(tmp_path: Path, text: str, name: str = "v.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


# --- acceleration and top speed (000:L1849-L1856) ----------------------------------------------------


def test_acceleration_bands_000_L1851_L1854() -> None:
    """PF below W/3 cannot move; W/3 -> 5, W/2 -> 10, W -> 15 mph per turn."""
    kart = load_stock("Killer Kart")          # medium plant, 1,400 PF, 2,300 lb: PF >= W/2
    assert figures(kart).acceleration == 10
    small = replace(kart, plant="small")      # 800 PF at 2,100 lb: W/3 <= PF < W/2
    assert figures(small).acceleration == 5
    light = load_stock("Shogun 150")          # 600 PF at 600 lb: PF >= W
    assert figures(light).acceleration == 15


def test_underpowered_vehicle_cannot_move_000_L1855() -> None:
    """The rulebook's own example: a 5,500-lb luxury car with a medium plant will not move."""
    hot = load_stock("Hotshot")
    fig = figures(replace(hot, plant="medium"))
    assert fig.acceleration == 0
    assert any("cannot move" in e and "less than a third" in e for e in fig.errors)


def test_top_speed_formula_rounds_down_to_2_5_000_L1856() -> None:
    """360 x PF / (PF + W): the Killer Kart's 1,400 PF at 2,300 lb give 136.2 -> 135."""
    assert figures(load_stock("Killer Kart")).top_speed == 135


def test_streamlining_adds_ten_percent_and_costs_half_the_body_000_L1709() -> None:
    kart = load_stock("Killer Kart")
    plain, sleek = figures(kart), figures(replace(kart, streamlined=True))
    assert sleek.price - plain.price == 150
    assert sleek.top_speed == 147.5          # 135 x 1.1 = 148.5, rounded down to 2.5
    assert sleek.spaces == 6                 # 7 - 10% rounded up


# --- legality checks as sentences ---------------------------------------------------------------------


def test_over_the_chassis_limit_000_L1721() -> None:
    kart = load_stock("Killer Kart")
    armor = dict(kart.armor)
    armor["front"] += 30                      # 30 points x 5 lb: 2,450 lb
    fig = figures(replace(kart, armor=armor))
    assert fig.weight == 2450
    assert "Weight 2,450 lb is over the subcompact's standard chassis limit of 2,300 lb." in fig.errors


def test_heavier_chassis_raises_the_limit_000_L1719() -> None:
    """A heavy chassis: +10% load for 50% of the body price (the Stinger needs it)."""
    stinger = load_stock("Stinger")
    assert figures(stinger).errors == []
    fig = figures(replace(stinger, chassis="standard"))
    assert fig.price == figures(stinger).price - 150
    assert any("over the subcompact's standard chassis limit of 2,300 lb" in e for e in fig.errors)


def test_too_many_spaces() -> None:
    fig = figures(load_stock("Capricorn Plus"))
    assert "Components take 11 spaces; the compact has only 10." in fig.errors


def test_a_third_of_the_spaces_per_side_000_L1859() -> None:
    fig = figures(load_stock("Stinger Option I"))
    assert ("Weapons firing front take 3 spaces; at most 2 (a third of 7 spaces) may fire from one side."
            in fig.errors)


def test_cycles_are_exempt_from_the_side_rule_000_L1859() -> None:
    shogun = load_stock("Shogun 200")
    many = replace(shogun, weapons=(WeaponEntry("MG", "front", count=3),))
    assert not any("a third of" in e for e in figures(many).errors)


def test_turret_size_is_limited_by_body() -> None:
    kart = load_stock("Killer Kart")
    from rules.vehicles.design import MountEntry

    turreted = replace(kart, mounts=(MountEntry("t", "turret_2"),),
                       weapons=(WeaponEntry("VMG", "turret", mount="t"),))
    assert any("turret of at most 1 space" in e for e in figures(turreted).errors)


def test_light_trike_cannot_carry_a_turret_000_L1929() -> None:
    crab = load_stock("Sandcrab")
    from rules.vehicles.design import MountEntry

    light = replace(crab, body="light_trike", mounts=(MountEntry("t", "turret_1"),),
                    weapons=(WeaponEntry("MG", "turret", mount="t"),))
    assert "A light trike cannot carry a turret." in figures(light).errors


def test_cycle_weapons_front_or_back_only_000_L1906() -> None:
    shogun = load_stock("Shogun 100")
    fig = figures(replace(shogun, weapons=(WeaponEntry("MG", "left"),)))
    assert "A cycle mounts weapons front or back only, not left." in fig.errors


def test_corner_mounts_are_for_dropped_weapons_000_L1860() -> None:
    kart = load_stock("Killer Kart")
    fig = figures(replace(kart, weapons=(WeaponEntry("MG", "BL"),)))
    assert any("Only dropped weapons and gas streamers may be corner-mounted" in e for e in fig.errors)
    ok = figures(replace(kart, weapons=(WeaponEntry("OJ", "BL"),)))
    assert not any("corner" in e for e in ok.errors)


def test_six_wheels_needed_on_extra_heavy_pickup_000_L1722() -> None:
    morgan = load_stock("Morgan")
    fig = figures(replace(morgan, six_wheels=False))
    assert "A pickup with a extra-heavy chassis must have six wheels." in fig.errors or any(
        "must have six wheels" in e for e in fig.errors)


def test_ammunition_must_fit_the_weapon_000_L2502() -> None:
    kart = load_stock("Killer Kart")
    fig = figures(replace(kart, weapons=(WeaponEntry("MG", "front", ammo="heat"),)))
    assert any("HEAT warheads does not fit" in e for e in fig.errors)


def test_guided_rockets_need_a_link_000_L2534() -> None:
    kart = load_stock("Killer Kart")
    fig = figures(replace(kart, weapons=(WeaponEntry("RL", "front", guided=True),)))
    assert "Laser-guided rockets need a laser-guidance link." in fig.errors


# --- prices of particular items -----------------------------------------------------------------------


def test_hd_ammo_doubles_cost_and_weight_per_shot_000_L2501() -> None:
    kart = load_stock("Killer Kart")
    hd = figures(replace(kart, weapons=(WeaponEntry("MG", "front", ammo="hd"),)))
    base = figures(kart)
    assert hd.price - base.price == 20 * 25 and hd.weight - base.weight == 50


def test_extra_magazine_adds_50_dollars_15_lb_one_space_and_a_dp_000_L2988() -> None:
    kart = load_stock("Killer Kart")
    mag = replace(kart, weapons=(WeaponEntry("MG", "front", magazines=("",)),), armor={k: 0 for k in kart.armor})
    bare = replace(kart, armor={k: 0 for k in kart.armor})
    assert figures(mag).price - figures(bare).price == 50 + 20 * 25
    assert figures(mag).weight - figures(bare).weight == 15 + 50
    assert figures(mag).spaces_used - figures(bare).spaces_used == 1
    assert record_sheet(mag).weapon("MG1").max_dp == 4
    assert record_sheet(mag).weapon("MG1").max_shots == (20, 20)


def test_component_armor_is_priced_per_space_000_L2566_L2567() -> None:
    """The rulebook's examples: a super plant (6 spaces) costs $30 and 12 lb per point."""
    hot = load_stock("Hotshot")
    ca = replace(hot, component_armor={"plant": 1})
    assert figures(ca).price - figures(hot).price == 30
    assert figures(ca).weight - figures(hot).weight == 12


def test_reversed_trike_costs_half_again_and_caps_hc_000_L1932() -> None:
    surv = load_stock("Survivor")
    normal = replace(surv, reversed=False, wheelguards={"F": 3})
    assert figures(surv).hc == 3
    assert figures(normal).hc == 3
    assert figures(normal).spaces == figures(surv).spaces + 1


def test_printed_tables_option_restores_the_printed_super_plant_000_L1739() -> None:
    hot = load_stock("Hotshot", DesignOptions(printed_tables=True))
    assert figures(hot).price == 14600 + 1000


def test_rounding_up_of_half_pounds_000_L1706() -> None:
    """The Survivor weighs 2,793.5 lb; rounded up it is the printed 2,794."""
    assert figures(load_stock("Survivor")).weight == 2794
    d = load_stock("Survivor", DesignOptions(rounding="nearest"))
    assert figures(d).weight == 2794


def test_figures_are_cheap_enough_for_live_recomputation() -> None:
    import time

    d = load_stock("Waterloo")
    start = time.perf_counter()
    for _ in range(50):
        figures(d)
    assert (time.perf_counter() - start) / 50 < 0.02


# --- bad files -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("change", "where", "what"), [
    ('type = "MG"', "weapon[0].type", "unknown weapon 'MGG'"),
    ("body = ", "body", "unknown body"),
    ("tire = ", "tire", "unknown tire"),
])
def test_unknown_names_are_data_errors(tmp_path: Path, change: str, where: str, what: str) -> None:
    bad = {
        'type = "MG"': KART.replace('type = "MG"', 'type = "MGG"'),
        "body = ": KART.replace('body = "subcompact"', 'body = "supercompact"'),
        "tire = ": KART.replace('tire = "heavy_duty"', 'tire = "heavy duty"'),
    }[change]
    with pytest.raises(DataError) as exc:
        load_design(_write(tmp_path, bad))
    assert exc.value.where == where and what in exc.value.what


def test_misspelled_key_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError) as exc:
        load_design(_write(tmp_path, KART.replace("suspension =", "suspenssion =")))
    assert "unknown key 'suspenssion'" in str(exc.value)


def test_negative_armor_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError) as exc:
        load_design(_write(tmp_path, KART.replace("front = 5", "front = -5")))
    assert exc.value.where == "armor.front" and "negative" in exc.value.what


def test_wrong_type_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError) as exc:
        load_design(_write(tmp_path, KART.replace('facing = "front"', "facing = 3")))
    assert "expected text" in str(exc.value)


def test_toml_syntax_error_names_the_line(tmp_path: Path) -> None:
    with pytest.raises(DataError) as exc:
        load_design(_write(tmp_path, KART + "\n[[weapon\n"))
    assert exc.value.where.startswith("line")


def test_a_player_design_loads_and_is_legal(tmp_path: Path) -> None:
    d = load_design(_write(tmp_path, KART))
    fig = figures(d)
    assert (fig.weight, fig.price, fig.errors) == (2300, 3848, [])


# --- the record sheet and the spec -------------------------------------------------------------------


def test_spec_of_a_car_has_four_corners_and_six_armor_locations() -> None:
    s = spec(load_stock("Hotshot"), driver_skill=2)
    assert s.kind is Kind.CAR and s.weight == 6600 and s.hc == 3 and s.acceleration == 5 and s.top_speed == 100
    assert [t.corner for t in s.sheet.tires] == ["FL", "FR", "BL", "BR"]
    assert all(t.dp == 9 for t in s.sheet.tires)              # PR tires (000:L1826)
    assert s.sheet.armor == {"front": 20, "back": 20, "left": 10, "right": 10, "top": 10, "underbody": 10}
    assert s.driver_skill == 2


def test_spec_of_a_cycle_and_a_trike() -> None:
    cyc = spec(load_stock("Shogun 100"))
    assert cyc.kind is Kind.CYCLE and [t.corner for t in cyc.sheet.tires] == ["F", "B"]
    assert set(cyc.sheet.armor) == {"front", "back"}
    trike = spec(load_stock("Sandcrab"))
    assert trike.kind is Kind.TRIKE and [t.corner for t in trike.sheet.tires] == ["F", "BL", "BR"]
    assert set(trike.sheet.armor) == {"front", "back", "left", "right", "top", "underbody"}


def test_six_wheeled_car_has_paired_rear_tires() -> None:
    tires = spec(load_stock("Morgan")).sheet.tires
    assert [t.corner for t in tires] == ["FL", "FR", "BL", "BL", "BR", "BR"]


def test_record_sheet_components_and_weapons() -> None:
    sheet = record_sheet(load_stock("Waterloo"))
    assert sheet.component("plant").max_dp == 12 and sheet.component("plant").armor == 10
    assert sheet.component("driver").max_dp == 3 and sheet.component("driver").armor == 10
    vmg = sheet.weapon("VMG1")
    assert vmg.location == "turret" and vmg.max_shots == (20,) and vmg.armor == 10
    assert {w.link for w in sheet.weapons if w.abbr == "FCE"} == {"dropped"}
    assert [t.hub for t in sheet.tires] == [8, 8, 0, 0, 0, 0]
    assert sheet.power_units == 300                            # 6 spaces x 50 (000:L1750)


def test_cycle_plant_power_units_by_dp_000_L1750() -> None:
    assert record_sheet(load_stock("Shogun 100")).power_units == 2 * 25


def test_sheet_damage_helpers() -> None:
    sheet = record_sheet(load_stock("Survivor"))
    sheet, left = damage_component(sheet, "plant", 12)          # 10 points of component armor, then DP
    assert sheet.component("plant").armor == 0 and sheet.component("plant").dp == 3 and left == 0
    sheet, left = damage_weapon(sheet, "L1", 5)
    assert sheet.weapon("L1").destroyed and left == 3
    mg = record_sheet(load_stock("Killer Kart"))
    mg = use_shot(mg, "MG1", 3)
    assert mg.weapon("MG1").shots == (17,)
    with pytest.raises(ValueError):
        use_shot(mg, "MG1", 18)


def test_render_shows_armor_tires_and_weapons() -> None:
    text = render(record_sheet(load_stock("Blastmaster")), "Blastmaster")
    assert "Armor: F20, R20, L20, B14, T15, U6" in text
    assert "Tire F Solid: 12/12 DP; wheelguard 7/7" in text
    assert "Weapon RL1 RL right: 2/2 DP shots 10/10 link right" in text


def test_summary_in_the_rulebook_style_000_L96() -> None:
    line = summary(load_stock("Killer Kart"))
    assert line.startswith("Killer Kart — Subcompact, standard chassis, heavy suspension, medium power plant")
    assert line.endswith("Accel. 10, top speed 135, HC 4; 2,300 lbs., $3,848.")


# --- command line and query op -----------------------------------------------------------------------


def test_design_command_legal_stock_vehicle(capsys: pytest.CaptureFixture[str]) -> None:
    assert design_cli.main(["KILLER", "KART"]) == 0
    out = capsys.readouterr().out
    assert "Killer Kart — " in out and "Record sheet" in out and "error:" not in out


def test_design_command_illegal_design_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert design_cli.main(["Stinger Option I"]) == 1
    assert "error: Components take 8 spaces" in capsys.readouterr().out


def test_design_command_bad_file_prints_path_where_what(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = _write(tmp_path, KART.replace('type = "MG"', 'type = "MGG"'))
    assert design_cli.main([str(p)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{p}: weapon[0].type: unknown weapon 'MGG'")


def test_design_query_op_fields() -> None:
    out = answer({"op": "design", "vehicle": "killer kart"})
    assert out == {"weight": 2300, "price": 3848, "acceleration": 10, "top_speed": 135, "hc": 4, "spaces": 7,
                   "spaces_used": 7, "errors": []}
    assert "error" in answer({"op": "design", "vehicle": "No Such Car"})
    assert "error" in answer({"op": "design"})
    json.dumps(answer({"op": "design", "vehicle": "Shogun 250"}))


# --- tires, armor types and body modifications ---------------------------------------------------------


def test_radials_on_all_wheels_add_one_hc_and_cost_150_percent_000_L1833() -> None:
    kart = load_stock("Killer Kart")
    radial = replace(kart, tire_mods=("radial",))
    assert figures(radial).hc == figures(kart).hc + 1
    assert figures(radial).price - figures(kart).price == 4 * 150      # HD $100 + 150%
    assert figures(radial).weight - figures(kart).weight == 4 * 8      # 40 lb + 20%
    assert record_sheet(radial).tires[0].max_dp == 5                   # 6 DP - 1


def test_steelbelting_then_radial_then_fireproofing_000_L1832_L1838() -> None:
    """Vlad's tires: PR $200 -> SB $300 -> radial $750 -> FP $1,500; DP 9 -> 11 -> 10."""
    vlad = load_stock("Vlad the Impala")
    tires = [i for i in figures(vlad).items if i.name.endswith("tires")][0]
    assert tires.cost == 4 * 1500
    assert record_sheet(vlad).tires[0].max_dp == 10


def test_cycle_tires_weigh_half_and_off_road_adds_5_lb_first_000_L1904_L1834() -> None:
    crab = load_stock("Sandcrab")                                      # 3 OR solid tires
    tires = [i for i in figures(crab).items if i.name.endswith("tires")][0]
    assert tires.weight == 3 * 40 and tires.cost == 3 * 600


def test_fireproof_armor_costs_double_000_L1698() -> None:
    kart = load_stock("Killer Kart")
    fp = replace(kart, armor_type="fireproof")
    assert figures(fp).price - figures(kart).price == 18 * 11          # 18 points at $11 each
    assert figures(fp).weight == figures(kart).weight


def test_laser_reflective_sidecar_rounds_up_000_L1706() -> None:
    """18 points of LR armor at $5/6 lb x 1.1 weigh 118.8 lb: the sidecar totals 744 lb (printed)."""
    q, solo = load_stock("Quasar with sidecar"), load_stock("Quasar")
    assert figures(q).weight - figures(solo).weight == 744


def test_sloped_armor_costs_ten_percent_more_and_loses_space_000_L1710_L1711() -> None:
    kart = load_stock("Killer Kart")
    sloped = replace(kart, sloped=True)
    assert figures(sloped).price - figures(kart).price == math.ceil(18 * 11 * 0.1)
    assert figures(sloped).spaces == 6


def test_carbon_aluminum_frame_quadruples_price_and_halves_weight_000_L1708() -> None:
    kart = load_stock("Killer Kart")
    ca = replace(kart, carbon_aluminum=True)
    # body $300 -> $1,200 and the heavy suspension (150%) follows the new price: +$900 + $1,350
    assert figures(ca).price - figures(kart).price == 900 + 1350
    assert figures(kart).weight - figures(ca).weight == 500


def test_a_full_set_of_car_wheelguards_costs_one_hc() -> None:
    """Reconstructed (RULES-DEVIATIONS C14): Capricorn, Cobra and Vlad print the radial bonus cancelled."""
    cap = load_stock("Capricorn")
    assert figures(cap).hc == 3
    assert figures(replace(cap, wheelguards={})).hc == 4
    assert figures(replace(cap, options=DesignOptions(wheelguard_hc=False))).hc == 4
    two = replace(cap, wheelguards={"BL": 10, "BR": 10})
    assert figures(two).hc == 4


def test_wheelguards_are_10_dollars_and_4_lb_a_point_max_40_lb_000_L2599() -> None:
    kart = load_stock("Killer Kart")
    guarded = replace(kart, wheelguards={"BL": 10})
    assert figures(guarded).price - figures(kart).price == 100
    assert figures(guarded).weight - figures(kart).weight == 40
    heavy = figures(replace(kart, wheelguards={"BL": 11}))
    assert "The BL wheelguard weighs 44 lb; the most allowed is 40 lb." in heavy.errors


def test_platinum_catalysts_and_superconductors_000_L1744_L1745() -> None:
    cobra = load_stock("Cobra")
    assert figures(cobra).pf == 2990          # 2,600 + 15%
    plain = replace(cobra, plant_accessories=())
    assert figures(cobra).price - figures(plain).price == 3000 * 0.7


def test_gas_engine_tank_and_fuel_000_L1777_L1783() -> None:
    """The Miglia's 15-gallon racing tank: $10 + $40 fuel and 5 + 6 lb per gallon, one space."""
    mig = load_stock("Miglia")
    tank = [i for i in figures(mig).items if "tank" in i.name][0]
    assert (tank.cost, tank.weight, tank.spaces) == (15 * 50, 15 * 11, 1)
    assert [c.kind for c in record_sheet(mig).components][:2] == ["plant", "tank"]


# --- saving designs and the garage ------------------------------------------------------------------


def test_every_stock_design_round_trips_through_its_file_form(tmp_path: Path) -> None:
    from rules.vehicles.design import dumps_design, stock_names

    for name in stock_names():
        d = load_stock(name)
        p = _write(tmp_path, dumps_design(d), "copy.toml")
        assert replace(load_design(p), path="") == replace(d, path=""), name


def test_garage_designs_are_found_by_name(tmp_path: Path) -> None:
    from rules.vehicles.design import load_named

    _write(tmp_path, KART, "mine.toml")
    assert load_named("test kart", garage=tmp_path).name == "Test Kart"
    assert load_named("Killer Kart", garage=tmp_path).name == "Killer Kart"
    with pytest.raises(DataError):
        load_named("Nobody's Car", garage=tmp_path)


# --- any combination the tables allow is priced without an exception (a designer screen relies on it) --

_T = design_tables()


@st.composite
def _designs(draw: st.DrawFn) -> Design:
    kind = draw(st.sampled_from(["car", "cycle", "trike"]))
    bodies = sorted(k for k, b in _T.bodies.items() if b.kind == kind)
    susp = sorted(_T.suspensions if kind == "car" else _T.cycle_suspensions)
    weapons = tuple(WeaponEntry(draw(st.sampled_from(sorted(_T.weapons))),
                                draw(st.sampled_from(["front", "back", "left", "right", "top", "BL"])),
                                count=draw(st.integers(1, 3)), guided=draw(st.booleans()))
                    for _ in range(draw(st.integers(0, 3))))
    acc = tuple(AccessoryEntry(draw(st.sampled_from(sorted(_T.accessories))), facing=draw(st.sampled_from(["", "front"])))
                for _ in range(draw(st.integers(0, 3))))
    locs = ("front", "back") if kind == "cycle" else ("front", "back", "left", "right", "top", "underbody")
    sidecar = Sidecar("heavy_sidecar") if kind == "cycle" and draw(st.booleans()) else None
    return Design(
        name="Random", kind=kind, body=draw(st.sampled_from(bodies)), plant=draw(st.sampled_from(sorted(_T.plants))),
        chassis=draw(st.sampled_from(sorted(_T.chassis))), suspension=draw(st.sampled_from(susp)),
        plant_accessories=tuple(draw(st.lists(st.sampled_from(sorted(_T.plant_accessories)), max_size=2))),
        tank=draw(st.sampled_from(["", "economy", "duelling"])), gallons=draw(st.integers(0, 30)),
        reversed=draw(st.booleans()), streamlined=draw(st.booleans()), sloped=draw(st.booleans()),
        carbon_aluminum=draw(st.booleans()), tire=draw(st.sampled_from(sorted(_T.tires))),
        tire_mods=tuple(draw(st.lists(st.sampled_from(sorted(_T.tire_mods)), max_size=2, unique=True))),
        crew=tuple(draw(st.lists(st.sampled_from(sorted(_T.crew)), min_size=0, max_size=3))),
        armor_type=draw(st.sampled_from(sorted(_T.armor))),
        armor={loc: draw(st.integers(0, 60)) for loc in locs}, weapons=weapons, accessories=acc, sidecar=sidecar,
    )


@settings(max_examples=60, deadline=None, derandomize=True)
@given(_designs())
def test_any_table_combination_prices_without_an_exception(d: Design) -> None:
    fig = figures(d)
    assert fig.weight > 0 and fig.price > 0
    assert all(isinstance(e, str) and e.endswith(".") for e in fig.errors)
    sheet = record_sheet(d, fig)
    assert len(sheet.tires) >= 2
    render(sheet)
    summary(d, fig)


def test_cycle_turret_sidecar_holds_its_turret_spaces_000_L1910_L1911() -> None:
    quasar = load_stock("Quasar")
    cts = replace(quasar, sidecar=Sidecar("cts_1", weapons=(WeaponEntry("MG", "turret"),)))
    assert figures(cts).errors == []
    assert figures(cts).price - figures(quasar).price == 1500 + 1500 + 200     # CTS, loaded MG, its tire
    too_big = replace(quasar, sidecar=Sidecar("cts_1", weapons=(WeaponEntry("VMG", "turret"),)))
    assert any("turret for 1 space" in e for e in figures(too_big).errors)
    plain = replace(quasar, sidecar=Sidecar("heavy_sidecar", weapons=(WeaponEntry("MG", "turret"),)))
    assert "A heavy sidecar has no turret." in figures(plain).errors
