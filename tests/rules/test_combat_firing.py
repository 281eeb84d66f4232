"""The fire step: declarations, links, simultaneous damage and a scripted duel (000:L817-L824, L1054-L1061)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.damage import Interior, Part
from rules.combat.shooting import (
    Combatant,
    Declaration,
    Mounted,
    drop,
    expand,
    out_of_action,
    problem,
    resolve_fire,
)
from rules.core.dice import ScriptedDice, SeededDice
from rules.core.events import FireRefused, HitDamage, ShotFired
from rules.core.geometry import CounterSize, Pose
from rules.vehicles.record_sheet import RecordSheet, Tire

CAR = CounterSize(1.0, 0.5)


def car(vid: str, x: float, facing: float, weapons: tuple[Mounted, ...], *, gunner: bool = False,
        speed: float = 0.0, links: dict[str, tuple[str, ...]] | None = None) -> Combatant:
    parts = [Part("driver", "crew", 3, 3, location="crew", role="driver"),
             Part("plant", "plant", 10, 10, location="plant")]
    if gunner:
        parts.append(Part("gunner", "crew", 3, 3, location="crew", role="gunner"))
    parts += [Part(w.id, "weapon", 3, 3, mount=w.mount if w.mount in ("front", "back", "left", "right", "turret")
                   else w.mount.split("_")[0], item=w.abbr) for w in weapons]
    sheet = RecordSheet({"front": 10, "back": 6, "left": 8, "right": 8, "top": 4, "underbody": 4},
                        tuple(Tire(c, 4, 4) for c in ("FL", "FR", "BL", "BR")))
    return Combatant(vid, "car", "car", Pose.at(x, 0, facing), CAR, speed, facing, sheet,
                     Interior(order=("plant", "crew", "cargo"), parts=tuple(parts)), weapons,
                     links=links or {})


def duel(**kw: object) -> dict[str, Combatant]:
    a = car("A", 0, 90, (Mounted("MG1", "MG", "front", 20),))
    b = car("B", 4, 270, (Mounted("MG1", "MG", "front", 20),))
    return {"A": a, "B": b}


def test_a_hit_rolls_to_hit_then_damage_000_L824_L901() -> None:
    cs = duel()
    # to-hit 3+4 = 7 (needs 7 - 2 stationary + 1 car front = 6): hit; damage 1d = 4 on B's front armor
    res = resolve_fire(cs, [Declaration("A", "MG1", "B")], ScriptedDice([3, 4, 4]), turn=1)
    assert res.combatants["B"].sheet.armor["front"] == 6
    need = [e for e in res.events if isinstance(e, ShotFired)][0]
    assert need.need == 6 and need.hit is True
    assert {m.name for m in need.modifiers} == {"target not moving", "firer not moving",
                                                           "car from the front"}
    assert [h.d for h in res.hazards["B"]] == [1]  # 000:L250
    assert res.combatants["A"].weapon("MG1").shots == 19


def test_a_weapon_fires_once_per_turn_000_L820() -> None:
    cs = duel()
    res = resolve_fire(cs, [Declaration("A", "MG1", "B")], ScriptedDice([1, 1]), turn=1)
    assert problem(res.combatants, Declaration("A", "MG1", "B")) is not None
    assert "already" in str(problem(res.combatants, Declaration("A", "MG1", "B")))


def test_a_character_fires_once_per_turn_but_a_gunner_may_also_fire_000_L820_L822() -> None:
    """The gunner takes the first trigger, the driver the second; nobody is left for a third."""
    a = car("A", 0, 90, (Mounted("MG1", "MG", "front", 20), Mounted("MG2", "MG", "front", 20),
                         Mounted("MG3", "MG", "front", 20)), gunner=True)
    cs = {"A": a, "B": car("B", 4, 270, ())}
    res = resolve_fire(cs, [Declaration("A", "MG1", "B"), Declaration("A", "MG2", "B"),
                            Declaration("A", "MG3", "B")], ScriptedDice([1, 1, 1, 1]), turn=1)
    refused = [e.why for e in res.events if isinstance(e, FireRefused) and e.weapon == "MG3"]
    assert refused and "has already fired" in refused[0]
    assert {"MG1", "MG2"} <= res.combatants["A"].fired and "MG3" not in res.combatants["A"].fired
    assert res.combatants["A"].acted == {"driver", "gunner"}


def test_target_outside_the_arc_is_refused_000_L827() -> None:
    a = car("A", 0, 90, (Mounted("MG1", "MG", "back", 20),))
    cs = {"A": a, "B": car("B", 4, 270, ())}
    assert "outside the back arc" in str(problem(cs, Declaration("A", "MG1", "B")))
    assert problem(cs, Declaration("A", "MG1", "B", side="back")) is not None


def test_tc14_links_of_links_000_L1057() -> None:
    hrs = tuple(Mounted(f"HR{i}", "HR", "front", 1) for i in range(1, 5))
    links = {"A": ("HR1", "HR2"), "B": ("HR3", "HR4"), "C": ("A", "B")}
    a = car("A", 0, 90, hrs, links=links)
    assert expand(a, "C") == ("HR1", "HR2", "HR3", "HR4")
    assert expand(a, "A") == ("HR1", "HR2") and expand(a, "HR3") == ("HR3",)
    cs = {"A": a, "B": car("B", 4, 270, ())}
    res = resolve_fire(cs, [Declaration("A", "C", "B")], ScriptedDice([1, 1] * 4), turn=1)
    rolls = [e for e in res.events if isinstance(e, ShotFired)]
    assert len(rolls) == 4  # a separate to-hit roll each (000:L1056)
    assert len({str(e.modifiers) for e in rolls}) == 1 and len({e.need for e in rolls}) == 1
    # after firing link A, link C would be a second firing action for the same character
    res = resolve_fire(cs, [Declaration("A", "A", "B")], ScriptedDice([1, 1] * 2), turn=1)
    assert problem(res.combatants, Declaration("A", "C", "B")) is not None


def test_tc15_one_link_fires_droppers_and_a_turret_gun_000_L1061() -> None:
    ws = (Mounted("MD1", "MD", "back", 10), Mounted("MD2", "MD", "back", 10), Mounted("SD1", "SD", "left", 10),
          Mounted("SD2", "SD", "right", 10), Mounted("TMG", "MG", "turret", 20))
    a = car("A", 0, 90, ws, links={"all": ("MD1", "MD2", "SD1", "SD2", "TMG")}, speed=20)
    cs = {"A": a, "B": car("B", 4, 270, ())}
    res = resolve_fire(cs, [Declaration("A", "all", "B")], ScriptedDice([1, 1]), turn=2, phase=3)
    assert len([e for e in res.events if isinstance(e, ShotFired)]) == 1  # only the MG rolls
    assert sorted(c.kind for c in res.drops) == ["mines", "mines", "spikes", "spikes"]
    assert res.combatants["A"].fired == {"MD1", "MD2", "SD1", "SD2", "TMG"}


def test_drop_action_lays_a_counter_000_L1028() -> None:
    a = car("A", 0, 90, (Mounted("OJ", "OJ", "back", 25),), speed=30)
    cs, counters, events = drop({"A": a}, "A", "OJ", turn=1, phase=2)
    assert [c.kind for c in counters] == ["oil"] and counters[0].pose.x < 0
    assert cs["A"].weapon("OJ").shots == 24 and "OJ" in cs["A"].fired
    assert "no to-hit roll" in events[0].text


def test_damage_is_simultaneous_000_L819_L824() -> None:
    cs = duel()
    for vid in cs:  # both drivers exposed: no front armor, no weapon or plant in the way
        c = cs[vid]
        cs[vid] = replace(c, sheet=replace(c.sheet, armor={**c.sheet.armor, "front": 0}),
                          interior=replace(c.interior, order=("crew",)))
    # both hit (6+6) and roll 6 damage: each kills the other's... weapon first (MG 3), then the driver
    dice = ScriptedDice([6, 6, 6, 6, 6, 6])
    res = resolve_fire(cs, [Declaration("A", "MG1", "B"), Declaration("B", "MG1", "A")], dice, turn=1)
    assert [e.hit for e in res.events if isinstance(e, ShotFired)] == [True, True]
    for vid in "AB":
        assert res.combatants[vid].interior.part("MG1").destroyed
        assert res.combatants[vid].interior.part("driver").dp == 0


def test_sustained_fire_builds_over_consecutive_turns_000_L935() -> None:
    cs = duel()
    needs = []
    for turn in (1, 2, 3):
        res = resolve_fire(cs, [Declaration("A", "MG1", "B")], ScriptedDice([1, 1]), turn=turn)
        needs.append([e.need for e in res.events if isinstance(e, ShotFired)][0])
        cs = {k: replace(v, fired=frozenset(), acted=frozenset()) for k, v in res.combatants.items()}
    assert needs == [6, 5, 4]


def test_blocked_line_of_fire_000_L826() -> None:
    res = resolve_fire(duel(), [Declaration("A", "MG1", "B")], ScriptedDice([]), turn=1,
                       lof=lambda a, b, ignore: "wall-1")
    assert "blocked by wall-1" in res.events[0].text


def test_no_aimed_fire_after_a_severe_crash_result_000_L321() -> None:
    cs = duel()
    cs["A"] = replace(cs["A"], aimed_fire=-99)
    assert "no aimed fire" in str(problem(cs, Declaration("A", "MG1", "B")))


def test_scripted_duel_to_a_kill_reads_like_a_referee() -> None:
    """Two cars trade MG fire until one can neither move nor fire (000:L1262); every roll is logged with its rule."""
    cs = duel()
    cs["A"] = car("A", 0, 90, (Mounted("TMG", "MG", "turret", 20),))  # A's gun is not on B's line of damage
    dice = SeededDice(20261201)
    log = []
    turn = 0
    while not any(out_of_action(c) for c in cs.values()) and turn < 200:
        turn += 1
        res = resolve_fire(cs, [Declaration("A", "TMG", "B"), Declaration("B", "MG1", "A")], dice, turn=turn)
        log += res.events
        cs = {k: replace(v, fired=frozenset(), acted=frozenset()) for k, v in res.combatants.items()}
    losers = [k for k, c in cs.items() if out_of_action(c)]
    assert losers, "the duel should end with a kill"
    assert all(e.rule for e in log if e.kind in ("dice", "damage", "hazard") or isinstance(e, ShotFired))
    to_hit_lines = [e for e in log if isinstance(e, ShotFired)]
    assert all("needs" in e.text and "rolls" in e.text for e in to_hit_lines)
    assert any(isinstance(e, HitDamage) and "front armor" in e.text for e in log)
