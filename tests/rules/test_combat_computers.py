"""Targeting computers in play (000:L928-L930, L2547-L2548, L2525): a computer on the record sheet
adds its bonus to the shots of the one crewman it serves (reading CB60: the first gunner, else the
driver); a single-weapon computer only to its weapon type in its position; bonuses never add up; a
destroyed power plant takes the computers with it."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.shooting import Combatant, Declaration, combatant_of, shot_for
from rules.combat.to_hit import to_hit
from rules.core.events import ShotFired
from rules.core.geometry import CounterSize, Pose
from rules.engine.engine import apply, new_game, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import preview_fire
from rules.play.actions import Fire, Pass
from rules.play.state import FIRE, RuleOptions
from rules.vehicles.design import AccessoryEntry, WeaponEntry, load_stock
from rules.vehicles.record_sheet import RecordSheet
from rules.vehicles.starting_sheet import spec
from tests.rules.test_combat_engine import to_fire_step

CAR = CounterSize(1.0, 0.5)


def _computer_bonus(c: Combatant, wid: str, crew: str = "") -> list[tuple[str, int, str]]:
    target = combatant_of("T", "car", "car", Pose.at(0, -5, 180), CAR, 0.0, 180, load_spec("Killer Kart"))
    shot = shot_for(c, c.weapon(wid), target, Declaration(c.id, wid, "T", crew=crew), 1)[0]
    return [(m.name, m.value, m.rule) for m in to_hit(shot).modifiers if "computer" in m.name or "cyberlink" in m.name]


def load_spec(name: str, *extra: AccessoryEntry) -> RecordSheet:
    d = load_stock(name)
    return spec(replace(d, accessories=d.accessories + extra)).sheet


def _firer(sheet: RecordSheet) -> Combatant:
    return combatant_of("A", "car", "car", Pose.at(0, 0, 0), CAR, 0.0, 0, sheet)


def test_a_hi_res_computer_on_the_sheet_adds_2_in_play_000_L2547() -> None:
    state, _ = new_game(GameSetup((VehicleSetup("A", "a", "Cobra GT", Pose.at(0, 0, 90)),
                                   VehicleSetup("B", "b", "Killer Kart", Pose.at(6, 0, 270))),
                                  seed=3, options=RuleOptions(fire_step="on")))
    state = to_fire_step(state)
    assert state.step == FIRE
    shot = Fire("A", "L1", "B")
    assert [(m.name, m.value) for m in preview_fire(state, shot).modifiers if "computer" in m.name] == \
        [("hi-res computer", 2)]
    state, events = apply(state, shot)
    while state.step == FIRE and not state.over:
        state, ev = apply(state, Pass(to_act(state)[0]))
        events += ev
    rolled = next(e for e in events if isinstance(e, ShotFired) and e.weapon == "L1")
    assert any(m.name == "hi-res computer" and m.value == 2 and "L2547" in m.rule
               for m in rolled.modifiers)


def test_a_computer_serves_the_gunner_not_the_driver_000_L2547() -> None:
    """'driver or gunner, but not both': with a gunner aboard it is his (reading CB60)."""
    c = _firer(load_spec("Police Cruiser", AccessoryEntry("targeting_computer")))
    assert _computer_bonus(c, "MG1", crew="gunner") == [("targeting computer", 1, "000:L928, L2547")]
    assert _computer_bonus(c, "MG1", crew="driver") == []


def test_a_single_weapon_computer_helps_only_its_weapon_000_L2548() -> None:
    """The Mauler's computer is set on its front autocannon; a turret laser added later gets nothing."""
    d = load_stock("Mauler")
    c = _firer(spec(d).sheet)
    assert _computer_bonus(c, "AC1") == [("targeting computer", 1, "000:L928, L2547")]
    refit = replace(d, weapons=d.weapons + (WeaponEntry("MG", "back"),))
    c = _firer(spec(refit).sheet)
    assert _computer_bonus(c, "MG1") == [] and _computer_bonus(c, "AC1")


def test_computers_do_not_add_up_000_L2548() -> None:
    c = _firer(load_spec("Killer Kart", AccessoryEntry("targeting_computer"), AccessoryEntry("hi_res_computer")))
    assert [v for _n, v, _r in _computer_bonus(c, "MG1")] == [2]


def test_a_cyberlink_gives_3_with_its_weapon_000_L2525() -> None:
    c = _firer(load_spec("Killer Kart", AccessoryEntry("cyberlink")))
    assert [(n, v) for n, v, _r in _computer_bonus(c, "MG1")] == [("cyberlink", 3)]


def test_computers_die_with_the_power_plant_000_L2547() -> None:
    sheet = load_spec("Killer Kart", AccessoryEntry("targeting_computer"))
    dead = replace(sheet, components=tuple(replace(comp, dp=0) if comp.kind == "plant" else comp
                                           for comp in sheet.components))
    assert _computer_bonus(_firer(sheet), "MG1") and _computer_bonus(_firer(dead), "MG1") == []


def test_a_hi_res_single_weapon_computer_gives_2_to_its_one_weapon_only_000_L2548() -> None:
    """000:L2548: the hi-res single-weapon computer is +2, for the first weapon of the sheet alone."""
    d = load_stock("Killer Kart")
    refit = replace(d, accessories=d.accessories + (AccessoryEntry("hi_res_single_weapon_computer"),),
                    weapons=d.weapons + (WeaponEntry("MG", "back"),))
    c = _firer(spec(refit).sheet)
    first, added = c.weapons[0].id, c.weapons[-1].id
    assert [(n, v) for n, v, _r in _computer_bonus(c, first)] == [("hi-res computer", 2)]
    assert _computer_bonus(c, added) == []
