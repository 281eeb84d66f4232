"""Gas engines in play (issue 17): the engine critical damage table (000:L1800-L1816; reading AU17).

Every hit by weapon fire that puts points on a gas engine rolls 2d, +1 per full 5 points of the hit. The
results that act within a game's turns are played: a cracked block (slower by 15 mph a turn to 20 mph,
five more turns, then dead), a radiator or the oil system (from a set turn, a 6 on 1d each turn seizes
it), the fuel system (it starves and stops after 1d+3 turns) and fire (as a cracked block, and the
vehicle burns). A dead engine is a destroyed plant on the sheet: no acceleration, 5 mph slower a turn
(000:L1742). The minor to extensive results (3-6) come due after 30 seconds to an hour of running."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rules.core.dice import DiceExpr
from rules.core.events import EngineCritical, EngineDied, SlowedTo
from rules.play.context import Ctx
from rules.play.state import VehicleState, evolve
from rules.tables.combat import CombatTables

LASTING = ("cracked", "radiator", "oil", "fuel")
SAID = {"smoke": "black smoke pours out of the engine compartment, nothing more",
        "later": "damage that shows only after half a minute or more of running: no effect in this fight",
        "grinding": "hideous grinding noises: roll again at -2",
        "ignored": "below 7, or 7 again: nothing more",
        "cracked": "the block is cracked: 15 mph slower each turn down to 20 mph, then five turns to live",
        "radiator": "the radiator is holed: in ten turns it may seize (6 on 1d each turn)",
        "oil": "the oil system is hit: in three turns it may seize (6 on 1d each turn)",
        "fuel": "the fuel system is hit: the engine will starve and stop",
        "fire": "the block is cracked and the engine is on fire"}


def result_of(t: CombatTables, roll: int) -> str:
    """The table's row for a modified 2d roll (2 or less: smoke; 13 or more: fire)."""
    return next((r for top, r in t.engine_critical if roll <= top), t.engine_critical_above)


def _roll(ctx: Ctx, n: int) -> int:
    return sum(ctx.dice.d6() for _ in range(n))


def engine_hits(ctx: Ctx, hits: Iterable[tuple[str, int]]) -> None:
    """After a phase's fire: each (vehicle, points) hit on a working gas engine rolls on the table."""
    t = ctx.rules.combat
    for vid, points in hits:
        if ctx.v(vid).plant_out:
            continue
        plus = points // t.engine_critical_per
        critical(ctx, vid, plus, f" (+{plus} for {points} points)" if plus else "")


def critical(ctx: Ctx, vid: str, plus: int, extra: str) -> None:
    """One roll on the table at +plus (a hit's points, or nitrous oxide's -3, 000:L1797), and what it does."""
    t = ctx.rules.combat
    roll = _roll(ctx, t.engine_critical_ints["dice"]) + plus
    result = result_of(t, roll)
    _said(ctx, vid, roll, result, extra)
    if result == "grinding":  # again at -2: below 7 is ignored, a 7 again stops the rolling
        roll = _roll(ctx, t.engine_critical_ints["dice"]) + t.engine_critical_ints["grinding_reroll"]
        result = result_of(t, roll)
        if result in ("smoke", "later", "grinding"):
            result = "ignored"
        _said(ctx, vid, roll, result, " (again at -2: below 7 ignored)")
    _lasting(ctx, vid, result)


def _said(ctx: Ctx, vid: str, roll: int, result: str, extra: str) -> None:
    ctx.log.add(EngineCritical(f"gas engine critical: 2d{extra} = {roll}: {SAID[result]}",
                               ctx.rules.combat.engine_critical_source, vid, roll=roll, result=result))


def _lasting(ctx: Ctx, vid: str, result: str) -> None:
    t, v, turn = ctx.rules.combat.engine_critical_ints, ctx.v(vid), ctx.state.turn
    if result == "fire" and not v.sheet.on_fire:
        v = ctx.put(evolve(v, sheet=replace(v.sheet, on_fire=True)))
    kind = "cracked" if result == "fire" else result
    if kind not in LASTING or v.engine_trouble:   # the first lasting trouble is the one that runs its course
        return
    due = {"cracked": 0, "radiator": turn + t["radiator_turns"], "oil": turn + t["oil_turns"]}.get(kind)
    if due is None:   # fuel: it stops 1d+3 turns from now
        expr = DiceExpr.parse(ctx.rules.combat.engine_fuel_turns)
        due = turn + sum(ctx.dice.d6() for _ in range(expr.n)) + expr.mod
    ctx.put(evolve(v, engine_trouble=(kind, due)))


def cracked(v: VehicleState) -> bool:
    """A cracked block: the engine gives no more acceleration while it dies (000:L1811, L1815)."""
    return v.engine_trouble[:1] == ("cracked",)


def _due(v: VehicleState) -> int:
    return v.engine_trouble[1] if v.engine_trouble else 0


def engine_turn(ctx: Ctx) -> None:
    """At the start of a turn: each failing engine takes its next step."""
    for vid in [v.id for v in ctx.state.vehicles if v.engine_trouble]:
        v = ctx.v(vid)
        if v.plant_out:
            ctx.put(evolve(v, engine_trouble=()))
        elif cracked(v):
            _cracked_turn(ctx, v)
        else:
            _seize_turn(ctx, v)


def _cracked_turn(ctx: Ctx, v: VehicleState) -> None:
    t, turn, due = ctx.rules.combat.engine_critical_ints, ctx.state.turn, _due(v)
    if due and turn >= due:
        _dies(ctx, v, "the cracked block gives out")
        return
    if v.speed > t["cracked_floor"]:
        new = max(float(t["cracked_floor"]), v.speed - t["cracked_slowing"])
        v = ctx.put(evolve(v, speed=new, start_speed=new))
        ctx.log.add(SlowedTo(f"the cracked engine slows it by {t['cracked_slowing']} mph: now {new:g} mph",
                             ctx.rules.combat.engine_critical_source, v.id, speed=new))
    if not due and v.speed <= t["cracked_floor"]:
        ctx.put(evolve(v, engine_trouble=("cracked", turn + t["cracked_turns"])))


def _seize_turn(ctx: Ctx, v: VehicleState) -> None:
    kind, due = (v.engine_trouble[0] if v.engine_trouble else ""), _due(v)
    if ctx.state.turn < due:
        return
    if kind == "fuel":
        _dies(ctx, v, "starved of fuel, the engine stops")
        return
    r = ctx.dice.d6()
    if r >= ctx.rules.combat.engine_critical_ints["seize_on"]:
        _dies(ctx, v, f"the {'radiator' if kind == 'radiator' else 'oil system'} fails: 1d = {r}, the engine seizes")


def _dies(ctx: Ctx, v: VehicleState, cause: str) -> None:
    comps = tuple(replace(c, dp=0) if c.kind == "plant" else c for c in v.sheet.components)
    ctx.put(evolve(v, sheet=replace(v.sheet, components=comps), engine_trouble=()))
    ctx.log.add(EngineDied(f"{cause}: the engine is dead for the game", ctx.rules.combat.engine_critical_source,
                           v.id, cause=cause))
