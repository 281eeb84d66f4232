"""Tracer rounds (000:L2996): -1 damage per die, and from the third turn of sustained fire at one target
the bonus is +3 instead of +2 (000:L935)."""

from __future__ import annotations

from rules.combat.damage import damage_dice
from rules.combat.to_hit import Shot, to_hit
from rules.core.dice import DiceExpr


def _sustained(turn: int, tracer: bool) -> list[tuple[str, int, str]]:
    shot = Shot(base=7, range=4.0, target="car", target_side="left", sustained=turn, tracer=tracer)
    return [(m.name, m.value, m.rule) for m in to_hit(shot).modifiers if m.name.startswith("sustained")]


def test_tracer_gives_plus_3_from_the_third_turn_000_L2996() -> None:
    assert _sustained(2, True) == [("sustained fire (2nd turn)", 1, "000:L935")]
    assert _sustained(3, False) == [("sustained fire (turn 3)", 2, "000:L935")]
    assert _sustained(3, True) == [("sustained fire (turn 3, tracer)", 3, "000:L2996")]
    assert _sustained(5, True)[0][1] == 3


def test_tracer_takes_a_point_off_every_die_000_L2996() -> None:
    assert damage_dice(DiceExpr(1), "tracer") == DiceExpr(1, -1)
