"""A scripted duel between two stock cars, from set-up to a kill, read as a referee's account."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.shooting import Combatant, Declaration, combatant_of, out_of_action, resolve_fire, sheet_of
from rules.combat.to_hit import target_type_of
from rules.core.dice import SeededDice
from rules.core.geometry import CounterSize, Pose
from rules.vehicles.design import load_stock
from rules.vehicles.starting_sheet import record_sheet

CAR = CounterSize(1.0, 0.5)


def kart(vid: str, x: float, facing: float) -> tuple[Combatant, object]:
    design = load_stock("Killer Kart")
    sheet = record_sheet(design)
    return combatant_of(vid, "car", target_type_of("car", design.body), Pose.at(x, 0, facing), CAR, 0.0,
                        facing, sheet), sheet


def test_stock_killer_karts_duel_to_a_kill_000_L817_L824_L1262() -> None:
    a, sheet_a = kart("Red", 0, 90)
    b, _ = kart("Blue", 5, 270)
    assert a.target_type == "subcompact"
    cs = {"Red": a, "Blue": b}
    dice = SeededDice(7)
    log = []
    turn = 0
    while not any(out_of_action(c) for c in cs.values()) and turn < 100:
        turn += 1
        decls = [Declaration(v, "MG1", other) for v, other in (("Red", "Blue"), ("Blue", "Red"))]
        res = resolve_fire(cs, decls, dice, turn=turn)
        log += [f"turn {turn}: {e}" for e in res.events]
        # the hazards hits set off go to the engine's control rolls, logged once there (issue 17)
        log += [f"turn {turn}: {hz.name} ({hz.rule})" for hzs in res.hazards.values() for hz in hzs]
        cs = {k: replace(v, fired=frozenset(), acted=frozenset()) for k, v in res.combatants.items()}
    text = "\n".join(log)
    # the account names every roll, every modifier and every point of damage with its rule
    assert "needs" in text and "(000:L912)" in text and "subcompact from the front -2 (000:L851-L852)" in text
    assert "front armor takes" in text and "(000:L953-L954)" in text
    assert "enemy fire" in text and "(000:L250-L252)" in text
    # both Killer Karts carry one front MG: the front weapon is hit before the plant and the driver,
    # so the fight ends when one car has no working gun and no plant or driver to move it
    losers = [k for k, c in cs.items() if out_of_action(c)]
    assert losers
    # the record sheet comes back with the damage and the shots spent
    final = sheet_of(cs["Red"], sheet_a)  # type: ignore[arg-type]
    assert final.weapon("MG1").shots_left == cs["Red"].weapon("MG1").shots
    assert final.armor["front"] == cs["Red"].sheet.armor["front"]
