"""Heavy-duty brakes and ABS in play (issue 17's audit: they were bought and did nothing).

000:L2628 heavy-duty brakes: safe deceleration +5 mph, every category above it 5 mph higher, at most
50 mph a turn (reading AU1: the shift, or the entry's own list as RuleOptions.hd_brakes = "printed").
000:L2974 ABS: no tire damage from rapid deceleration; braking hazards on rain, snow, ice, oil and
gravel D1 less."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from rules.core.dice import ScriptedDice
from rules.core.events import ControlRolled, EquipmentActed, TireDamaged
from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.movement import braking_hazard, speed_options
from rules.play.actions import SetSpeed
from rules.play.context import Ctx
from rules.play.state import GameState, RuleOptions
from rules.tables.movement import tables
from rules.vehicles.design import AccessoryEntry, dumps_design, load_stock

ROOT = Path(__file__).resolve().parents[2]


def hd(mph: float, reading: str = "shifted") -> tuple[int, str]:
    d, tire = tables().decel.hazard(mph, "heavy_duty", reading)
    return d, str(tire)


@pytest.mark.parametrize(("mph", "d", "tires"), [(10, 0, "0"), (15, 0, "0"), (20, 1, "0"), (50, 11, "1d+3")])
def test_hd_brakes_where_the_list_and_the_shift_agree_000_L2628(mph: float, d: int, tires: str) -> None:
    """000:L2628: 15 mph free, 20 mph D1, 50 mph D11 and 1d+3 a tire, in both readings."""
    assert hd(mph) == hd(mph, "printed") == (d, tires)


@pytest.mark.parametrize(("mph", "shifted", "printed"), [
    (25, (2, "0"), (3, "0")), (30, (3, "0"), (5, "0")), (35, (5, "0"), (7, "2")),
    (40, (7, "2"), (9, "1d")), (45, (9, "1d"), (11, "1d+3")),
])
def test_hd_brakes_25_to_45_mph_in_each_reading_000_L2628_AU1(mph: float, shifted: tuple[int, str],
                                                             printed: tuple[int, str]) -> None:
    """000:L2628: 'each category raised by 5 mph' (the standard 000:L148-L153 row of mph - 5) against
    the entry's list (45 mph is not listed: the next listed row, 50, counts)."""
    assert hd(mph) == shifted
    assert hd(mph, "printed") == printed
    assert tables().decel.hazard(mph - 5) == (shifted[0], tables().decel.hazard(mph - 5)[1])


def test_hd_brakes_allow_50_mph_a_turn_standard_45_000_L154_L2628() -> None:
    t = tables().decel
    assert (t.most(), t.most("heavy_duty")) == (45, 50)


def _query(*reqs: dict[str, object]) -> list[dict[str, object]]:
    text = "\n".join(json.dumps(r) for r in reqs) + "\n"
    out = subprocess.run([sys.executable, "-m", "rules", "query"], input=text, capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_decel_query_takes_brakes_and_abs_and_keeps_old_answers_000_L2628_L2974() -> None:
    got = _query({"op": "decel", "mph": 15}, {"op": "decel", "mph": 15, "brakes": "standard"},
                 {"op": "decel", "mph": 15, "brakes": "heavy_duty"}, {"op": "decel", "mph": 40, "brakes": "heavy_duty"},
                 {"op": "decel", "mph": 35, "abs": True}, {"op": "decel", "mph": 45, "brakes": "heavy_duty", "abs": True},
                 {"op": "decel", "mph": 35, "brakes": "disc"}, {"op": "decel", "mph": 35, "abs": "yes"})
    assert got[:6] == [
        {"difficulty": 1, "tire_damage": "0"}, {"difficulty": 1, "tire_damage": "0"},
        {"difficulty": 0, "tire_damage": "0"}, {"difficulty": 7, "tire_damage": "2"},
        {"difficulty": 7, "tire_damage": "0"}, {"difficulty": 9, "tire_damage": "0"},
    ]
    assert "brakes" in str(got[6]["error"]) and "abs" in str(got[7]["error"])


# --- in play ------------------------------------------------------------------------------------


def _design(tmp_path: Path, name: str, *, hd_brakes: bool, abs_: bool) -> str:
    """The Cobra (neither) with HD brakes and/or ABS added, written to a design file."""
    d = load_stock("Cobra")
    extra = (AccessoryEntry("hd_brakes"),) * hd_brakes + (AccessoryEntry("abs"),) * abs_
    d = replace(d, accessories=d.accessories + extra)
    path = tmp_path / f"{name}.toml"
    path.write_text(dumps_design(d))
    return str(path)


def _game(design: str, mph: float = 60, options: RuleOptions | None = None) -> GameState:
    vs = (VehicleSetup("A", "a", design, Pose.at(0, 0, 0), speed=mph),
          VehicleSetup("W", "w", "Killer Kart", Pose.at(-40, 0, 0), speed=0))
    return engine.new_game(GameSetup(vs, seed=3, options=options or RuleOptions()))[0]


def test_cobra_gt_brakes_15_mph_with_no_hazard_000_L2628(tmp_path: Path) -> None:
    """The audit's case: the Cobra GT (HD brakes, ABS) braking 15 mph took a D1; with HD brakes it is safe."""
    state = _game("Cobra GT")
    new, events = engine.apply(state, SetSpeed("A", 45), ScriptedDice([]))
    assert not [e for e in events if isinstance(e, ControlRolled) and e.vehicle == "A"]
    (note,) = [e for e in events if isinstance(e, EquipmentActed)]
    assert note.accessory == "hd_brakes" and "safe" in note.text and "D1 with standard brakes" in note.text
    plain = _game(_design(tmp_path, "plain", hd_brakes=False, abs_=False))
    _, events = engine.apply(plain, SetSpeed("A", 45), ScriptedDice([6]))
    (roll,) = [e for e in events if isinstance(e, ControlRolled) and e.vehicle == "A"]
    assert roll.difficulty == 1


def test_hd_brakes_may_shed_50_mph_and_standard_only_45_000_L154_L2628(tmp_path: Path) -> None:
    with_hd = _game(_design(tmp_path, "hd", hd_brakes=True, abs_=False))
    plain = _game(_design(tmp_path, "plain", hd_brakes=False, abs_=False))
    assert min(speed_options(with_hd.rules.movement, with_hd.vehicle("A"))) == 10
    assert min(speed_options(plain.rules.movement, plain.vehicle("A"))) == 15
    assert "50 mph" in str(engine.check(with_hd, SetSpeed("A", 5)))
    assert "45 mph" in str(engine.check(plain, SetSpeed("A", 10)))


def test_abs_takes_the_tire_damage_of_a_35_mph_brake_away_000_L2974(tmp_path: Path) -> None:
    """000:L152: 35 mph is D7 and 2 points on each tire; with ABS the tires take nothing."""
    for abs_, hits in ((False, 4), (True, 0)):
        state = _game(_design(tmp_path, f"abs{abs_}", hd_brakes=False, abs_=abs_))
        _, events = engine.apply(state, SetSpeed("A", 25), ScriptedDice([6, 6, 6], fallback_seed=1))
        tires = [e for e in events if isinstance(e, TireDamaged) and e.vehicle == "A"]
        assert len(tires) == hits and all(e.hits == 2 for e in tires)
        assert [e.difficulty for e in events if isinstance(e, ControlRolled) and e.vehicle == "A"][0] == 7
        assert any(isinstance(e, EquipmentActed) and "no tire damage" in e.text for e in events) is abs_


@pytest.mark.parametrize(("road", "plain_d", "abs_d"), [
    ("dry", 2, 2), ("light_rain", 3, 2), ("heavy_rain", 4, 3), ("ice", 6, 5), ("gravel", 3, 2), ("off_road", 3, 3),
])
def test_abs_lowers_braking_hazards_on_wet_or_loose_roads_by_d1_000_L2974(tmp_path: Path, road: str, plain_d: int,
                                                                        abs_d: int) -> None:
    """A 20 mph brake (D2, 000:L149) plus the road (000:L267-L275); ABS: D1 less on rain, snow, ice,
    oil and gravel, nothing off rain and the rest (off-road is not among them)."""
    opts = RuleOptions(road_condition=road)
    for abs_, want in ((False, plain_d), (True, abs_d)):
        state = _game(_design(tmp_path, f"r{abs_}", hd_brakes=False, abs_=abs_), options=opts)
        assert braking_hazard(Ctx(state, ScriptedDice([])), "A", 20)[0] == want


def test_the_printed_reading_is_a_rule_option_000_L2628(tmp_path: Path) -> None:
    design = _design(tmp_path, "hd", hd_brakes=True, abs_=False)
    for reading, want in (("shifted", 2), ("printed", 3)):
        state = _game(design, options=RuleOptions(hd_brakes=reading))
        assert braking_hazard(Ctx(state, ScriptedDice([])), "A", 25) == (want, tables().decel.hazard(0)[1])
    assert RuleOptions(hd_brakes="other").problem() is not None
