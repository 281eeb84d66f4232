"""Falling off an edge and corners hanging over one (000:L281-L305, reference/movement.md §3.14).

A map area may lie lower than the ground around it (Area.drop_ft): its outline is a cliff or ledge edge.
After every motion the movement engine calls

    over_edge(ctx, vid, start)   # the counter's centre went over an edge: it falls; else its corners
    land_falls(ctx)              # at the start of each phase: falls that are over land, and take damage

Readings (docs/RULES-DEVIATIONS.md, collisions): the fall starts in the phase the counter's centre passes
over the edge; it lands when the falling table's phases have fully elapsed after that phase, and takes
the table's damage at once, at the start of the next phase (every phase is a movement phase), to its
underbody (it lands on its wheels). Meanwhile it goes straight on by the chart, nobody steering, at an
unchanged speed, and touches nothing on the ground (rules.phases.movement.forced, collision_play).
A car's four corners, a cycle's two wheels and a trike's three are checked for hanging over an edge (T46).
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import DiceExpr
from rules.core.events import (
    CornersOver,
    Falling,
    FallLanded,
    FireStarted,
    NoseOver,
    SlowedTo,
    StepDown,
    WheelOver,
)
from rules.core.geometry import Kind, Pose, Vec, corners
from rules.core.kept import kept
from rules.driving.collisions import fall, landing_hazard
from rules.play.context import Ctx
from rules.play.crashes import check_control, hazard, lose_control
from rules.play.effects import damage_face
from rules.play.state import GameState
from rules.world.map_changes import map_of
from rules.world.maps import Map, resolved, terrain_at

CORNERS = ("FL", "FR", "BR", "BL")          # the order of rules.core.geometry.corners
SIDE_PAIRS = {"left": ("FL", "BL"), "right": ("FR", "BR")}
END_PAIRS = {"front": ("FL", "FR"), "back": ("BL", "BR")}
FLIP = {"front": ("underbody", "front", "top", "back"), "back": ("underbody", "back", "top", "front")}
EPS = 1e-9
DEFAULT_WHEELS = {Kind.CAR: CORNERS, Kind.TRIKE: ("F", "BL", "BR"), Kind.CYCLE: ("F", "B")}  # as rules.engine.setup


def phase_count(state: GameState) -> int:
    """Phases since the game began, counting this one (turn 1 phase 1 is 1)."""
    return (state.turn - 1) * 5 + state.phase


def drop_at(state: GameState, x: float, y: float) -> float:
    """How far (ft) the ground at a point lies below the map's ground."""
    if not state.map_id:
        return 0.0
    return terrain_at(map_of(state.map_id, state.map_changes), x, y).drop_ft


def over_edge(ctx: Ctx, vid: str, start: Pose) -> None:
    """After a motion: a centre gone over an edge falls (000:L283); else corners over one count as
    lost tires (000:L302), and both corners of a side or end take it over (000:L304-L305)."""
    v = ctx.v(vid)
    if v.out or v.fall_lands or v.airborne or not ctx.state.map_id:
        return
    if _level(map_of(ctx.state.map_id, ctx.state.map_changes)):   # no drop anywhere: no corner is over one
        _hang(ctx, vid, ())
        return
    here = drop_at(ctx.state, v.pose.x, v.pose.y)
    drop = here - drop_at(ctx.state, start.x, start.y)
    if drop > EPS:
        start_fall(ctx, vid, drop, "underbody", "drives over the edge")
        return
    over = tuple(name for name, p in wheel_points(ctx, vid).items() if drop_at(ctx.state, p.x, p.y) > here + EPS)
    for side, pair in SIDE_PAIRS.items():
        if all(c in over for c in pair):
            _over_pair(ctx, vid, pair, here, side, "rolls over the edge", "000:L304")
            return
    for end, pair in END_PAIRS.items():
        if all(c in over for c in pair):
            _over_pair(ctx, vid, pair, here, end, "goes over the edge end first, flipping", "000:L305")
            return
    _hang(ctx, vid, over)


def _level(m: Map) -> bool:
    """Whether no area of the map lies below its ground (drop_at is 0 everywhere: the map's ground has
    no drop, and an area's is its drop_ft): kept with the frozen map (asked after every motion)."""
    return kept(m, "level", lambda: all((a.drop_ft or 0.0) == 0.0 for a in resolved(m).areas))


def wheel_points(ctx: Ctx, vid: str) -> dict[str, Vec]:
    """Where the vehicle's wheel positions are on its counter: a car's at its four corners; a cycle's
    F and B, and a trike's single wheel, at the middle of the front or back edge (reading T46)."""
    v = ctx.v(vid)
    at = dict(zip(CORNERS, corners(v.pose, v.spec.counter(ctx.t.handling.counters)), strict=True))
    at["F"], at["B"] = (at["FL"] + at["FR"]) * 0.5, (at["BL"] + at["BR"]) * 0.5
    names = v.sheet.corners() or DEFAULT_WHEELS[v.spec.kind]
    return {n: at[n] for n in names if n in at}


def _over_pair(ctx: Ctx, vid: str, pair: tuple[str, str], here: float, side: str, what: str, rule: str) -> None:
    """Two corners of one side or end over: it goes over at its speed, falling the drop below them."""
    points = wheel_points(ctx, vid)
    drop = min(drop_at(ctx.state, points[c].x, points[c].y) for c in pair) - here
    if side in FLIP:   # one face per turn in the air, underbody first (000:L305)
        row = fall(drop / ctx.rules.terrain.feet_per_inch)
        turns = row.phases // 5 if row else 0
        side = FLIP[side][turns % len(FLIP[side])]
    start_fall(ctx, vid, drop, side, what, rule)


def start_fall(ctx: Ctx, vid: str, drop_ft: float, side: str, what: str, rule: str = "000:L283") -> None:
    """Begin a fall of `drop_ft` feet by the falling table; a drop below its first row is stepped down."""
    _hang(ctx, vid, ())
    inches = drop_ft / ctx.rules.terrain.feet_per_inch
    row = fall(inches)
    if row is None:
        ctx.log.add(StepDown(f"{what}: a {drop_ft:g}-ft step down, too low to fall", "000:L284", vid, drop_ft=drop_ft))
        return
    lands = phase_count(ctx.state) + row.phases
    ctx.update(vid, fall_lands=lands, fall_damage=str(row.damage), fall_side=side)
    ctx.log.add(Falling(f"{what}: falls {drop_ft:g} ft ({inches:g}\"), landing after {row.phases} phases "
                        f"for {row.damage} damage", f"{rule}, L284-L300", vid, drop_ft=drop_ft, lands=lands,
                        damage=str(row.damage)))


def _hang(ctx: Ctx, vid: str, over: tuple[str, ...]) -> None:
    """Corners over an edge are as if their tires were lost: handling status to -6 as each goes over,
    HC down by the lost-tire loss per corner while it stays there; all back once on the ground (000:L302)."""
    v = ctx.v(vid)
    if over == v.edge_corners:
        return
    hz = ctx.t.hazards
    new = [c for c in over if c not in v.edge_corners]
    ctx.update(vid, edge_corners=over, edge_hc=hz.hc_loss_tire * len(over))
    one_wheel_loses_all = v.spec.kind in (Kind.CYCLE, Kind.TRIKE)
    if not over:
        if one_wheel_loses_all:   # steering back unless a wheel is really gone (000:L162)
            ctx.update(vid, steering_lost=v.sheet.corners_lost() >= 1)
        ctx.log.add(CornersOver("its corners are back on the ground: handling as before", "000:L302", vid, corners=()))
        return
    if not new:
        return
    w = ctx.update(vid, hs=min(v.hs, hz.hs_on_last_tire))
    ctx.log.add(CornersOver(f"corner {', '.join(new)} over the edge: as if its tires were lost (handling status "
                            f"{w.hs}, HC {w.hc})", "000:L302, L161, L265", vid, corners=over))
    d = hz.difficulty["last_tire_on_corner"]
    if one_wheel_loses_all:
        _wheel_over(ctx, vid, d)
    elif w.speed > 0 and not check_control(ctx, vid, 0, w.speed, "corner over the edge", "000:L302, L265"):
        lose_control(ctx, vid, 2, d, w.speed, travel=w.travel)


def _wheel_over(ctx: Ctx, vid: str, d: int) -> None:
    """A cycle's or trike's wheel over an edge is a lost wheel: no steering, throttle or brakes while it
    hangs there, and straight to Crash Table 1 (000:L162, L302; reading T46)."""
    w = ctx.update(vid, steering_lost=True)
    ctx.log.add(WheelOver(f"a {w.spec.kind.value}'s wheel over the edge: no steering, acceleration or braking, "
                          "Crash Table 1", "000:L162, L302", vid))
    if w.speed > 0:
        lose_control(ctx, vid, 1, d, w.speed, travel=w.travel)


def land_falls(ctx: Ctx) -> None:
    """At the start of a phase: every fall whose time has fully elapsed lands now and takes its damage
    (000:L300-L301); one that went over on its side then stops on a control roll (000:L304)."""

    now = phase_count(ctx.state)
    for v in ctx.state.vehicles:
        if not v.fall_lands or now <= v.fall_lands:
            continue
        side, dice = v.fall_side or "underbody", DiceExpr.parse(v.fall_damage)
        rule = "000:L305" if v.nose_over else "000:L300"
        ctx.update(v.id, fall_lands=0, fall_damage="", fall_side="", nose_over=False)
        if v.jet_apex:
            ctx.update(v.id, jet_apex=0.0, jet_from=0)
        ctx.log.add(FallLanded(f"{'tips forward onto' if v.nose_over else 'lands on'} its {side}", rule, v.id,
                               side=side, nose_over=v.nose_over))
        points = max(0, ctx.roll(dice, f"falling damage ({dice})", rule, v.id))
        damage_face(ctx, v.id, side, points, "the fall", rule)
        if ctx.v(v.id).out:
            continue
        if v.jet_apex:
            _jet_landing(ctx, v.id, v.jet_from, now)
            continue
        if side in SIDE_PAIRS:
            _rolled_over(ctx, v.id)
        elif side == "front" and not v.nose_over:
            _nose_over(ctx, v.id, now)


def _jet_landing(ctx: Ctx, vid: str, start: int, now: int) -> None:
    """A jump-jet jump comes down as a jump does besides the fall's damage: a hazard of D1, +1 per full
    30 ft flown (000:L280; reading JJ3); the flight is what the movement chart moves it at its speed in
    the phases from the one it left the ground in to this one."""
    v = ctx.v(vid)
    chart = ctx.rules.movement.chart
    row = chart.row(v.speed).phases
    flown_ft = sum(row[(k - 1) % chart.phases_per_turn] for k in range(start, now)) * ctx.rules.terrain.feet_per_inch
    hazard(ctx, vid, landing_hazard(flown_ft), f"landing the jump-jet jump ({flown_ft:g} ft flown)", "000:L280, L2632")


def _nose_over(ctx: Ctx, vid: str, now: int) -> None:
    """Landed on its front: it falls forward the very next phase, taking the data's damage to the data's
    side at that phase's start (000:L305, reading T44); meanwhile it is still falling (straight on)."""
    td = ctx.rules.terrain
    ctx.update(vid, fall_lands=now, fall_damage=str(td.nose_over_damage), fall_side=td.nose_over_side,
               nose_over=True)
    ctx.log.add(NoseOver(f"standing on its nose: it falls forward next phase ({td.nose_over_damage} to its "
                         f"{td.nose_over_side})", "000:L305", vid))


def _rolled_over(ctx: Ctx, vid: str) -> None:
    """After rolling over an edge: handling status -6 and a control roll at its speed; kept, it stops;
    lost, it stays out of control (000:L304)."""
    hz = ctx.t.hazards
    v = ctx.update(vid, hs=hz.hs_on_last_tire)
    if check_control(ctx, vid, 0, v.speed, "rolled over the edge", "000:L304"):
        ctx.update(vid, speed=0.0)
        ctx.log.add(SlowedTo("control regained: it stops", "000:L304", vid, speed=0.0))
    else:
        lose_control(ctx, vid, 1, 0, v.speed, travel=v.travel)
        fire_on = ctx.rules.terrain.edge_roll_fire_on
        if ctx.roll(DiceExpr(1), f"does it catch fire? ({fire_on}-6 burns)", "000:L304", vid) >= fire_on:
            w = ctx.v(vid)
            ctx.put(replace(w, sheet=replace(w.sheet, on_fire=True)))
            ctx.log.add(FireStarted("the vehicle catches fire", "000:L304", vid))
