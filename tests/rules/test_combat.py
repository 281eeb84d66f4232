"""To-hit rules (000:L900-L940) and the reference test cases TC-01..TC-05, TC-55."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.combat.to_hit import (
    Shot,
    base_to_hit,
    crash_penalty,
    range_modifier,
    relative_speed,
    speed_modifier,
    to_hit,
    worst_relative_speed,
)
from rules.core.errors import DataError
from rules.tables.combat import combat_tables, load_combat
from rules.tables.movement import DATA_DIR
from rules.tools.query import answer

# A moving duel at short range: no range, speed or stationary modifiers.
PLAIN = {"range": 2.0, "target_speed": 20.0, "firer_speed": 20.0}


def names(result: object) -> dict[str, int]:
    return {m.name: m.value for m in result.modifiers}  # type: ignore[attr-defined]


def test_tc01_light_trike_top_from_front_000_L841() -> None:
    r = to_hit(Shot(base=7, target="light_trike", target_side="front", specific="top", **PLAIN))
    assert r.total == -5
    assert r.need == 12


def test_tc02_machine_gun_needs_seven_000_L901() -> None:
    r = to_hit(Shot(base=base_to_hit("MG"), target="car", target_side="left", **PLAIN))
    assert r.modifiers == ()
    assert r.need == 7
    assert not r.hits(6)
    assert r.hits(7)


def test_tc03_rulebook_example_needs_ten_000_L904() -> None:
    r = to_hit(Shot(base=7, range=0.5, target="cycle", target_side="right", target_speed=20, firer_speed=20,
                    specific="tire", computer="targeting", visibility="night"))
    assert names(r) == {"point blank": 4, "targeting computer": 1, "tire": -3, "cycle from the side": -2,
                        "night": -3}
    assert r.need == 10
    assert not r.hits(9)
    assert r.hits(10)


def test_tc04_need_13_cannot_hit_even_on_12_000_L904() -> None:
    r = to_hit(Shot(base=9, range=9.0, target="light_trike", target_side="front", target_speed=60,
                    firer_speed=60, specific="tire"))
    assert r.need >= 13
    assert not r.can_hit()
    assert not r.hits(12)
    assert r.allowed  # the shot may still be fired (sustained fire)


@pytest.mark.parametrize("inches,mod", [
    (0.5, 4), (0.99, 4), (1.0, 0), (3.99, 0), (4.0, -1), (7.99, -1), (8.0, -2), (11.99, -2),
    (12.0, -3), (15.99, -3), (16.0, -4),
])
def test_tc05_range_modifier_000_L909_L910(inches: float, mod: int) -> None:
    m = range_modifier(inches)
    assert (m.value if m else 0) == mod


@pytest.mark.parametrize("mph,mod", [(0, 0), (27.5, 0), (30, -1), (37.5, -1), (40, -2), (47.5, -2), (50, -3),
                                     (60, -4), (70, -5), (77.5, -5), (80, -6), (150, -6)])
def test_target_speed_bands_000_L915_L920(mph: float, mod: int) -> None:
    assert speed_modifier(mph) == mod


def test_stationary_target_and_firer_000_L912_L913() -> None:
    r = to_hit(Shot(base=7, range=2.0, target="car", target_side="left", target_speed=0, firer_speed=0))
    assert names(r) == {"target not moving": 1, "firer not moving": 1}
    assert r.need == 5


def test_car_and_compact_front_modifiers_are_cumulative_000_L851_L852_L903() -> None:
    assert to_hit(Shot(base=7, target="car", target_side="front", **PLAIN)).need == 8
    assert to_hit(Shot(base=7, target="car", target_side="left", **PLAIN)).need == 7
    assert to_hit(Shot(base=7, target="compact", target_side="back", **PLAIN)).need == 9
    assert to_hit(Shot(base=7, target="subcompact", target_side="right", **PLAIN)).need == 8


@pytest.mark.parametrize("target,front,side", [("light_trike", -3, -2), ("medium_trike", -2, -1),
                                               ("heavy_trike", -1, -1), ("x_heavy_trike", -1, 0),
                                               ("cycle", -3, -2)])
def test_cycle_and_trike_size_modifiers_000_L853_L858(target: str, front: int, side: int) -> None:
    assert to_hit(Shot(base=7, target=target, target_side="back", **PLAIN)).total == front
    assert to_hit(Shot(base=7, target=target, target_side="left", **PLAIN)).total == side


def test_specific_targets_000_L881_L884() -> None:
    assert to_hit(Shot(base=7, target="car", target_side="left", specific="turret", **PLAIN)).total == -2
    assert to_hit(Shot(base=7, target="car", target_side="left", specific="tire", **PLAIN)).total == -3
    assert to_hit(Shot(base=7, target="cycle", target_side="left", specific="rider", **PLAIN)).total == -5
    assert to_hit(Shot(base=7, target="pedestrian", target_side="front", **PLAIN)).total == -3


def test_not_in_arc_of_target_side_000_L939() -> None:
    r = to_hit(Shot(base=7, target="car", target_side="left", not_in_side_arc=True, **PLAIN))
    assert names(r) == {"not in the arc of the left side": -2}


def test_driver_maneuver_in_same_phase_000_L905() -> None:
    r = to_hit(Shot(base=7, target="car", target_side="left", maneuver_d=3, **PLAIN))
    assert r.need == 10
    assert any(m.rule.startswith("000:L905") for m in r.modifiers)


def test_crash_result_penalties_000_L937_L938_L321() -> None:
    assert crash_penalty("trivial_skid")[0] == -3
    assert crash_penalty("minor_fishtail")[0] == -3
    assert crash_penalty("moderate_skid")[0] == -6
    assert crash_penalty("major_fishtail")[0] == -6
    assert crash_penalty("severe_skid")[0] is None
    r = to_hit(Shot(base=7, target="car", target_side="left", crash_result="minor_skid", **PLAIN))
    assert r.need == 13 and not r.can_hit()
    blocked = to_hit(Shot(base=7, target="car", target_side="left", crash_result="spinout", **PLAIN))
    assert not blocked.allowed and "no aimed fire" in blocked.why


def test_computers_skill_and_sustained_fire_000_L928_L935_L1322() -> None:
    base = {"base": 7, "target": "car", "target_side": "left", **PLAIN}
    assert to_hit(Shot(computer="targeting", **base)).need == 6  # type: ignore[arg-type]
    assert to_hit(Shot(computer="hi_res", **base)).need == 5  # type: ignore[arg-type]
    assert to_hit(Shot(computer="hi_res", cyberlink=True, **base)).need == 4  # type: ignore[arg-type]
    assert to_hit(Shot(gunner_skill=2, **base)).need == 5  # type: ignore[arg-type]
    assert to_hit(Shot(gunner_skill=None, **base)).need == 10  # type: ignore[arg-type]
    assert to_hit(Shot(sustained=2, **base)).need == 6  # type: ignore[arg-type]
    assert to_hit(Shot(sustained=5, **base)).need == 5  # type: ignore[arg-type]


def test_automatic_fire_gets_no_computer_and_no_specific_target_000_L1025() -> None:
    r = to_hit(Shot(base=7, target="car", target_side="left", computer="hi_res", automatic=True, **PLAIN))
    assert r.need == 7
    with pytest.raises(ValueError):
        to_hit(Shot(base=7, target="car", target_side="left", specific="tire", automatic=True, **PLAIN))


def test_visibility_and_smoke_000_L922_L924_L1050() -> None:
    r = to_hit(Shot(base=7, target="car", target_side="left", smoke_inches=1.25, visibility="rain", **PLAIN))
    assert names(r) == {"smoke or paint (1.25\")": -2, "rain": -2}
    laser = to_hit(Shot(base=6, target="car", target_side="left", smoke_inches=0.5, laser=True, **PLAIN))
    assert not laser.allowed


def test_tc55_relative_speed_table_000_L844_L849() -> None:
    # Chasing: firer in the target's back arc, target in the firer's front arc.
    assert relative_speed("back", "front", 60, 50) == 5
    assert speed_modifier(relative_speed("back", "front", 60, 50)) == 0
    # Crossing: firer in the target's side arc.
    assert speed_modifier(relative_speed("side", "front", 40, 50)) == -2
    # Side by side, same direction / towards each other.
    assert relative_speed("side", "side", 60, 60) == 0
    assert speed_modifier(relative_speed("side", "side", 60, 60, approaching=True)) == -4
    # Head on.
    assert relative_speed("front", "front", 70, 70) == 35
    assert speed_modifier(35) == -1
    # In two arcs: the larger penalty counts (the defender's favour).
    both = worst_relative_speed(frozenset({"back", "side"}), frozenset({"front"}), 60, 50)
    assert both == 60


def test_to_hit_query_op() -> None:
    out = answer({"op": "to_hit", "weapon": "MG", "range": 0.5, "target": "cycle", "target_side": "left",
                  "target_speed": 20, "firer_speed": 20, "computer": "targeting"})
    assert out["need"] == 7 - 4 - 1 + 2
    assert {m["name"] for m in out["modifiers"]} == {"point blank", "targeting computer", "cycle from the side"}
    assert all(set(m) == {"name", "value", "rule"} for m in out["modifiers"])
    out = answer({"op": "to_hit", "weapon": "L", "range": 12, "target": "car", "target_side": "front",
                  "target_speed": 60, "firer_speed": 0, "gunner_skill": 1, "maneuver_d": 2})
    assert out["need"] == 6 + 3 + 4 - 1 + 1 - 1 + 2


@pytest.mark.parametrize("req,word", [
    ({"weapon": "XYZ"}, "unknown weapon"),
    ({"target": "tank"}, "target"),
    ({"target_side": "up"}, "target_side"),
    ({"range": "far"}, "range"),
    ({"computer": "abacus"}, "computer"),
])
def test_to_hit_query_errors(req: dict[str, object], word: str) -> None:
    base: dict[str, object] = {"op": "to_hit", "weapon": "MG", "range": 2, "target": "car", "target_side": "left",
                               "target_speed": 20, "firer_speed": 20}
    base.update(req)
    out = answer(base)
    assert "error" in out and word in out["error"]


def test_bad_combat_table_names_file_and_place(tmp_path: Path) -> None:
    bad = tmp_path / "combat.toml"
    shutil.copy(DATA_DIR / "combat.toml", bad)
    bad.write_text(bad.read_text().replace("point_blank = 4", "point_blanc = 4"))
    with pytest.raises(DataError) as exc:
        load_combat(bad)
    assert "range" in str(exc.value) and str(bad) in str(exc.value)


def test_every_modifier_cites_a_line() -> None:
    t = combat_tables()
    for rule in t.modifiers.values():
        assert rule.source.startswith("000:L")


def test_base_to_hit_comes_from_the_weapons_table_000_L901() -> None:
    assert base_to_hit("MG") == 7
    assert base_to_hit("mg") == 7
    assert base_to_hit("L") == 6
    assert base_to_hit("RL") == 8
    with pytest.raises(ValueError, match="no to-hit roll"):
        base_to_hit("MD")  # a minedropper: dropped weapons roll no dice to hit (000:L1028)
