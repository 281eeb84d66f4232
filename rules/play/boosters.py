"""Rocket boosters in play (000:L2649-L2659; reading AU12 of docs/RULES-DEVIATIONS.md).

A booster is fired with the speed changes at the start of a phase (the `boost` action); it is the
driver's firing action for the turn. It burns then and at the start of the same phase of every later
turn until its rocket is spent: a back booster adds its boost, a front one takes it off, each burn a
hazard of D1 per 10 mph (rounded up), and a burn over what the chassis withstands may bend the frame.
A vehicle gains rocket acceleration in one phase a turn only.

Jump jets (000:L2632) are boosters on the top or the underbody: a burn changes the rate of climb, not the
speed. An underbody jet lifts the vehicle (the first 10 mph of a burn from the ground only counters
gravity); it climbs for a turn and then falls from the height reached by the falling table
(rules.play.falling: straight on meanwhile, nothing on the ground touched), landing with the table's
damage and a jump's landing hazard. A later burn in the air climbs again from there; a top jet in the air
cancels the climb and brings it straight down (readings JJ1-JJ4)."""

from __future__ import annotations

import math

from rules.combat.damage import DRIVER_ROLES
from rules.core.dice import DiceExpr
from rules.core.events import BoosterBurned, FrameBent, JumpJetBurned
from rules.driving.collisions import fall
from rules.play.context import Ctx
from rules.play.crashes import hazard
from rules.play.state import SPEED, GameState, VehicleState, evolve
from rules.tables.construction import design_tables
from rules.vehicles.spec import Booster

RULE = "000:L2649-L2657"
JET_RULE = "000:L2632"
JET_FACINGS = ("top", "underbody")   # boosters mounted there are jump jets (000:L2632)


def is_jet(b: Booster) -> bool:
    return b.facing in JET_FACINGS


def _booster(v: VehicleState, bid: str) -> Booster | None:
    return next((b for b in v.spec.boosters if b.id == bid), None)


def booster_name(b: Booster) -> str:
    """As a player reads it: "back rocket booster", "back rocket booster 2"."""
    number = b.id[len(b.id.rstrip("0123456789")):]
    return f"{b.facing} {'jump jet' if is_jet(b) else 'rocket booster'}" + (f" {number}" if number else "")


def burn_mph(step: float, b: Booster) -> float:
    """What a burn does to the speed: its boost rounded down to the chart's steps, + behind, - in front;
    a jump jet's, nothing (it pushes up or down)."""
    if is_jet(b):
        return 0.0
    return math.floor(b.mph / step + 1e-9) * step * (1 if b.facing == "back" else -1)


def jet_climb(b: Booster, aloft: bool) -> float:
    """The inches an underbody jet's burn adds to the rate of climb: a quarter inch per full 10 mph of its
    boost, the first 10 lost to gravity when it starts from the ground (000:L2632; reading JJ1). A top
    jet's is the same taken off (negative); on the ground it pushes down onto the road, to no effect."""
    t = design_tables()
    step, per = float(t.const("booster.jet.climb_in")), float(t.const("booster.jet.mph_per_climb"))
    if b.facing == "top":
        return -math.floor(b.mph / per + 1e-9) * step if aloft else 0.0
    mph = b.mph - (0 if aloft else float(t.const("booster.jet.ground_loss_mph")))
    return max(0.0, math.floor(mph / per + 1e-9) * step)


def jet_aloft(v: VehicleState) -> bool:
    """In a jump-jet jump (climbing or falling back): a later burn climbs from where it is."""
    return v.jet_apex > 0 and v.fall_lands > 0


def _intact(v: VehicleState, bid: str) -> bool:
    return any(c.id == bid and not c.destroyed for c in v.sheet.components)


def _driver(v: VehicleState) -> str | None:
    return next((c.id for c in v.sheet.components if c.kind == "crew" and c.role in DRIVER_ROLES and not c.destroyed),
                None)


def burned_this_turn(state: GameState, v: VehicleState) -> set[int]:
    """The phases in which a booster of this vehicle has burned this turn."""
    return {phase for _bid, phase, fired, burns in v.boosts if fired + burns - 1 == state.turn}


def ready_boosters(state: GameState, v: VehicleState) -> list[str]:
    """The boosters this vehicle may fire now: in a speed step, unfired and whole, its driver free to act
    (a firing action, 000:L2651), moving forward or standing, and only in the phase its rockets already
    burn in this turn, if any (one phase a turn, 000:L2658)."""
    if state.step != SPEED or not v.spec.boosters or v.out or v.driverless or v.reverse or v.frame_bent:
        return []
    driver = _driver(v)
    if driver is None or driver in v.fire_acted:
        return []
    phases = burned_this_turn(state, v)
    if phases and state.phase not in phases:
        return []
    fired = {bid for bid, *_ in v.boosts}
    return [b.id for b in v.spec.boosters if b.id not in fired and _intact(v, b.id)]


def fire_booster(ctx: Ctx, vid: str, bid: str) -> None:
    """Trigger a booster: the driver's firing action, and its first burn now."""
    v = ctx.v(vid)
    driver = _driver(v)
    ctx.put(evolve(v, boosts=(*v.boosts, (bid, ctx.state.phase, ctx.state.turn, 0)),
                   fire_acted=tuple(sorted({*v.fire_acted, *([driver] if driver else [])}))))
    _burn(ctx, vid, bid)


def burn_boosters(ctx: Ctx) -> None:
    """At the start of a phase: every booster fired in this phase of an earlier turn burns again until
    its rocket is spent (000:L2657); a booster destroyed on the sheet burns no more."""
    for v in ctx.state.vehicles:
        for bid, phase, fired, burns in v.boosts:
            b = _booster(v, bid)
            if (b is not None and phase == ctx.state.phase and burns < b.turns and fired + burns == ctx.state.turn
                    and _intact(ctx.v(v.id), bid)):
                _burn(ctx, v.id, bid)


def _burn(ctx: Ctx, vid: str, bid: str) -> None:
    v = ctx.v(vid)
    b = _booster(v, bid)
    assert b is not None
    if is_jet(b):
        _jet_burn(ctx, vid, b)
        return
    mph = burn_mph(ctx.t.chart.step, b)
    old = v.speed
    new = min(ctx.t.chart.max_mph, max(0.0, old + mph))
    burns = [(i, p, f, n + 1) if i == bid else (i, p, f, n) for i, p, f, n in v.boosts]
    left = b.turns - next(n for i, _p, _f, n in burns if i == bid)
    ctx.put(evolve(v, speed=float(new), boosts=tuple(burns),
                   travel=v.pose.facing if old == 0 else v.travel))
    ctx.log.add(BoosterBurned(f"{booster_name(b)} burns: {mph:+g} mph, {old:g} -> {new:g} mph"
                              + (f" ({left} more burn{'s' if left != 1 else ''})" if left else " (burnt out)"),
                              RULE, vid, booster=bid, mph=mph, speed=new, burns_left=left))
    per = design_tables().const("booster.play.hazard_mph_per_d")
    hazard(ctx, vid, math.ceil(b.mph / per - 1e-9), f"{booster_name(b)} burning", "000:L2657, L2659",
           at_speed=max(old, new))
    if b.frame_risk:
        _frame(ctx, vid, b)


def _jet_burn(ctx: Ctx, vid: str, b: Booster) -> None:
    """A jump jet's burn: the climb it gives, the jump it starts or stretches or (a top jet) cuts short, its
    hazard as any booster's and the frame at risk over the chassis' limit (000:L2632, L2656-L2659)."""
    from rules.play.falling import phase_count

    v = ctx.v(vid)
    burns = [(i, p, f, n + 1) if i == b.id else (i, p, f, n) for i, p, f, n in v.boosts]
    left = b.turns - next(n for i, _p, _f, n in burns if i == b.id)
    v = ctx.put(evolve(v, boosts=tuple(burns)))
    aloft = jet_aloft(v)
    climb = jet_climb(b, aloft)
    now = phase_count(ctx.state)
    more = f" ({left} more burn{'s' if left != 1 else ''})" if left else " (burnt out)"
    if (v.fall_lands or v.airborne) and not aloft:
        what, lands, height = "in mid-air off a ramp or an edge: it does not change that flight", 0, 0.0
    elif climb > 0:
        height = v.jet_apex + climb
        row = fall(height)
        assert row is not None   # a climb is at least the table's first row (a quarter inch)
        turns = int(design_tables().const("booster.jet.climb_turns"))
        lands = now + turns * ctx.t.chart.phases_per_turn - 1 + row.phases
        ctx.update(vid, jet_apex=height, jet_from=v.jet_from or now, fall_lands=lands, fall_damage=str(row.damage),
                   fall_side="underbody")
        to = f" to {height:g} in" if height != climb else ""
        what = (f"climbs {climb:g} in{to} ({height * ctx.rules.terrain.feet_per_inch:g} ft up) this turn, then falls: "
                f"{_down_at(ctx, lands)} for {row.damage}")
    elif climb < 0:
        row = fall(v.jet_apex)
        assert row is not None
        lands, height = now + row.phases, v.jet_apex
        ctx.update(vid, fall_lands=lands, fall_damage=str(row.damage), fall_side="underbody")
        what = f"cancels the climb: it falls from {height:g} in now, {_down_at(ctx, lands)} for {row.damage}"
    else:
        lands, height = 0, 0.0
        what = ("only counters gravity: the vehicle stays on the ground" if b.facing == "underbody"
                else "pushes the vehicle onto the road: nothing happens")
    ctx.log.add(JumpJetBurned(f"{booster_name(b)} burns: {what}{more}", JET_RULE, vid, booster=b.id, climb_in=climb,
                              height_in=height, lands=lands, burns_left=left))
    per = design_tables().const("booster.play.hazard_mph_per_d")
    hazard(ctx, vid, math.ceil(b.mph / per - 1e-9), f"{booster_name(b)} burning", "000:L2632, L2657, L2659",
           at_speed=v.speed)
    if b.frame_risk:
        _frame(ctx, vid, b)


def _down_at(ctx: Ctx, lands: int) -> str:
    """When a fall timed to end with phase count `lands` comes down (rules.play.falling.land_falls)."""
    per = ctx.t.chart.phases_per_turn
    return f"down at the start of turn {lands // per + 1} phase {lands % per + 1}"


def _frame(ctx: Ctx, vid: str, b: Booster) -> None:
    """A burn over the chassis' limit bends the frame on 1d up to its chance in 6 (000:L2656): the
    vehicle is undrivable from now on (no steering, throttle or brakes; handling status -6)."""
    roll = ctx.roll(DiceExpr(1), f"frame under the {booster_name(b)}'s burn ({b.frame_risk} in 6 it bends)",
                    "000:L2656", vid)
    if roll > b.frame_risk:
        return
    ctx.update(vid, frame_bent=True, steering_lost=True, hs=ctx.t.handling.hs_min)
    ctx.log.add(FrameBent(f"the frame bends under the {booster_name(b)}'s burn: the vehicle is undrivable",
                          "000:L2656", vid,
                          booster=b.id))
