"""Handling class, the handling track, control rolls and crash-roll modifiers (000:L155-L190, L306-L314).

Pure functions; the engine supplies the dice and records the events.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.dice import DiceSource, chance_at_least
from rules.tables.movement import LOST, SAFE, Tables, tables


def reflex_bonus(die: int, skill: int, t: Tables | None = None) -> int:
    """HC bonus for the combat from a reflex roll of 1d + vehicle skill (000:L158-L159)."""
    return (t or tables()).handling.reflex(die + skill)


def effective_hc(base_hc: int, reflex: int, *, unskilled_penalty: int = 0, tire_penalty: int = 0) -> int:
    """HC in force: base + reflexes - lacking the skill - lost tires/wheels (000:L156-L161, L1309)."""
    return base_hc + reflex - unskilled_penalty - tire_penalty


def lower_status(hs: int, difficulty: int, t: Tables | None = None) -> int:
    """The track never goes below its bottom box (000:L182)."""
    return max((t or tables()).handling.hs_min, hs - difficulty)


def recover(hs: int, hc_eff: int, skill: int, t: Tables | None = None) -> int:
    """End-of-turn recovery: up by HC + skill, at least 1, never above HC (000:L169-L170)."""
    gain = max((t or tables()).handling.recovery_minimum, hc_eff + skill)
    return max(hs, min(hc_eff, hs + gain)) if hs < hc_eff else hs


def control_need(speed: float, hs: int, t: Tables | None = None) -> str:
    """Control Table cell: "safe", "XX" or the 1d roll needed ("2".."6"); 0 mph never rolls."""
    if speed == 0:
        return SAFE
    return (t or tables()).control.cell(speed, hs)


def control_chance(need: str) -> float:
    """The chance of keeping control with this Control Table cell: safe always, XX never, else 1d."""
    if need == SAFE:
        return 1.0
    if need == LOST:
        return 0.0
    return chance_at_least(int(need), 1)


@dataclass(frozen=True)
class ControlRoll:
    need: str          # "safe", "XX" or "N"
    die: int | None    # the die rolled, if any
    kept: bool


def control_roll(speed: float, hs: int, dice: DiceSource, t: Tables | None = None) -> ControlRoll:
    """Roll for control at this speed and (already lowered) handling status (000:L182-L186)."""
    need = control_need(speed, hs, t)
    if need == SAFE:
        return ControlRoll(need, None, True)
    if need == LOST:
        return ControlRoll(need, None, False)
    die = dice.d6()
    return ControlRoll(need, die, die >= int(need))


@dataclass(frozen=True)
class CrashModifier:
    name: str
    value: int
    rule: str


def crash_modifiers(speed: float, difficulty: int, skill: int, *, extra: tuple[CrashModifier, ...] = (),
                    t: Tables | None = None) -> list[CrashModifier]:
    """Modifiers to a crash-table roll (000:L311-L314)."""
    tt = t or tables()
    mods = [
        CrashModifier("speed", tt.control.row(speed).crash_modifier if speed else 0, "000:L314"),
        CrashModifier("difficulty", difficulty - tt.crash.difficulty_offset, "000:L313"),
    ]
    if skill:
        mods.append(CrashModifier("driver skill", -skill, "000:L312"))
    mods.extend(extra)
    return mods
