"""The engine contract (../shared/DESIGN.md):

    new_game(setup)              -> (state, events)
    to_act(state)                -> vehicle ids that may act now
    legal_actions(state, vid)    -> sorted, complete list of actions
    check(state, action)         -> why the action is illegal, or None
    apply(state, action, dice)   -> (new state, events)   (raises IllegalAction)
    outcome(state)               -> Outcome or None while the game goes on

After every action the engine runs everything nobody has to decide (forced motions, partial moves,
phase and turn ends) until a decision is needed again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core.dice import DiceExpr, DiceSource
from rules.core.errors import IllegalAction
from rules.core.events import AutomaticSet, Event, GameEnded, PhaseBegan, ReflexesRolled, TurnBegan
from rules.core.geometry import Kind
from rules.core.kept import kept
from rules.driving.articulated import rig_maneuver_error
from rules.driving.equipment import most_deceleration
from rules.driving.maneuvers import SIDES, Maneuver, ManeuverKind, maneuver_error, shape_error, turn_of
from rules.engine import goals, wording
from rules.engine.setup import (
    GameSetup,
    crew_wears,
    kit_armor,
    resolve_double,
    resolve_rig,
    resolve_spec,
    second_trailer_id,
    starting_people,
    trailer_id,
    with_design_kit,
)
from rules.phases import fire_step, use_step
from rules.phases.movement import (
    defer,
    difficulty_of,
    end_phase,
    end_turn,
    forced,
    forced_increment,
    may_change_speed,
    may_defer,
    move_order,
    player_move,
    set_speed,
    speed_options,
    start_moving,
    start_phase,
    start_turn,
)
from rules.play import counters as dropped_play
from rules.play import people, uncontrolled
from rules.play.actions import Action, Automatic, Boost, Defer, Drop, Fire, Move, Pass, Release, SetSpeed, Use
from rules.play.boosters import fire_booster, ready_boosters
from rules.play.collisions import MOTIONS
from rules.play.context import Ctx
from rules.play.effects import released
from rules.play.map_edges import advance_highway
from rules.play.rigs import guarded, hitched_trailer, release_fitting, towing, trailer_of
from rules.play.state import FIRE, MOVE, SPEED, GameState, Mode, VehicleState, evolve
from rules.play.terrain import note_ground
from rules.tables.movement import tables
from rules.tables.rigs import rig_tables
from rules.vehicles.long_vehicles import BIG_KINDS

# --- set-up --------------------------------------------------------------------------------------


def new_game(setup: GameSetup) -> tuple[GameState, list[Event]]:
    """Place the vehicles and roll every driver's reflexes (000:L158-L159)."""
    why = setup.options.problem()
    if why:
        raise IllegalAction(why)
    vehicles = []
    setup = replace(setup, vehicles=tuple(with_design_kit(vs) for vs in setup.vehicles))
    for vs in setup.vehicles:
        towed = towed2 = None
        if vs.trailer and vs.trailer2:   # a double (000:L567)
            spec, towed, towed2 = resolve_double(vs.design, vs.trailer, vs.trailer2, vs.driver_skill)
        elif vs.trailer:
            spec, towed = resolve_rig(vs.design, vs.trailer, vs.driver_skill)
        else:
            spec = resolve_spec(vs.design, vs.driver_skill)
        # Trucker skill: the design's crew and the set-up's must both have it (000:L1385, M-R21)
        spec = replace(spec, gunner_skill=vs.gunner_skill, crew_gear=crew_wears(vs), trucker=spec.trucker and vs.trucker)
        vehicles.append(VehicleState(
            id=vs.id, owner=vs.owner, spec=spec, pose=vs.pose, travel=(vs.pose.facing + (180 if vs.speed < 0 else 0)) % 360,
            # floats, so a save (whose TOML numbers come back as floats) replays to the same digest
            speed=float(abs(vs.speed)), reverse=vs.speed < 0, sheet=kit_armor(spec.sheet, vs.kit, setup.rules.people),
            start_speed=float(abs(vs.speed)),
        ))
        if towed is not None:   # straight behind, on the hitch or fifth wheel (000:L551, L588)
            towed = replace(towed, gunner_skill=vs.gunner_skill)
            vehicles.append(hitched_trailer(vehicles[-1], trailer_id(vs.id), towed))
        if towed2 is not None:  # straight behind the first trailer, on the hitch at its back (M-R32)
            vehicles.append(hitched_trailer(vehicles[-1], second_trailer_id(vs.id),
                                            replace(towed2, gunner_skill=vs.gunner_skill)))
    ids = [v.id for v in vehicles]
    if len(set(ids)) != len(ids):
        raise IllegalAction("two vehicles share an id")
    if setup.people and setup.options.people != "on":
        raise IllegalAction("people on foot need the rule option people = \"on\"")
    state = GameState(seed=setup.seed, rolls=0, turn=1, phase=1, step=SPEED, vehicles=tuple(vehicles),
                      options=setup.options, map_id=setup.map, max_turns=setup.max_turns, rules=setup.rules,
                      people=starting_people(setup, setup.rules.people),
                      kits=tuple((vs.id, vs.kit) for vs in setup.vehicles if vs.kit is not None), goal=setup.goal)
    ctx = Ctx(state, motions=MOTIONS)
    for v in vehicles:
        note_ground(ctx, v.id)  # a start off-road: its HC is lower from the first roll (000:L512-L516)
        die = ctx.roll(DiceExpr(1), "reflex roll", "000:L158", v.id)
        roll = die + v.spec.driver_skill
        bonus = ctx.t.handling.reflex(roll)
        w = replace(ctx.v(v.id), reflex_roll=roll, reflex_bonus=bonus)
        w = evolve(w, hs=w.hc)
        ctx.put(w)
        ctx.log.add(ReflexesRolled(f"reflexes {roll}: HC +{bonus}; handling status starts at {w.hs}",
                                   "000:L158-L159, L165", v.id, roll=roll, bonus=bonus, hs=w.hs))
    ctx.log.add(TurnBegan("turn 1 begins", "000:L104", turn=1))
    _advance(ctx)
    return ctx.finish(), ctx.log.events


# --- who acts ------------------------------------------------------------------------------------


def to_act(state: GameState) -> list[str]:
    """Who may act now: asked several times of each state (by apply's check, legal_actions, the engine
    itself and its callers), worked out once (kept with the state, rules.play.state.GameState.derived)."""
    got = state.derived.get(TO_ACT)
    if got is None:
        got = state.derived.setdefault(TO_ACT, tuple(_to_act(state)))
    return list(got)


TO_ACT = "to_act"


def _to_act(state: GameState) -> list[str]:
    if state.over:
        return []
    if state.step == SPEED:   # a booster ready to fire is a choice too (000:L2651)
        return [v.id for v in state.vehicles if v.id not in state.declared
                and (may_change_speed(v) or ready_boosters(state, v))]
    if state.step == MOVE and state.walkers:   # people on foot walk before the vehicles (rules/play/people.py)
        return [state.walkers[0]]
    if state.step == MOVE and state.movers:
        return [state.movers[0]]
    if state.step == FIRE and state.options.fire_step == "on":
        vids = [v.id for v in state.vehicles if not v.out and (
            fire_step.may_fire(state, v.id) or _may_release(state, v)
            or (use_step.may_have_uses(state, v) and use_step.use_options(state, v.id)))]   # issue 17
        return vids + [a for a in people.fire_step_actors(state) if a not in vids]
    return []


def legal_actions(state: GameState, vid: str) -> list[Action]:
    if vid not in to_act(state):
        return []
    if people.is_person(state, vid):
        return people.options(state, vid)
    v = state.vehicle(vid)
    t = state.rules.movement
    if state.step == SPEED:
        speeds: list[Action] = [SetSpeed(vid, s) for s in speed_options(t, v, state)]
        return speeds + [Boost(vid, b) for b in ready_boosters(state, v)]
    if state.step == FIRE:
        if v.out:   # only its crew's leaving (rules/play/people.py)
            return [*people.leave_options(state, vid), Pass(vid)]
        return [*fire_step.fire_options(state, vid), *fire_step.drop_options(state, vid),
                *fire_step.automatic_options(state, vid), *([Release(vid)] if _may_release(state, v) else []),
                *people.leave_options(state, vid),
                *people.vehicle_fire_options(state, vid), *people.inside_fire_options(state, vid),
                *use_step.use_options(state, vid), Pass(vid)]
    moves: list[Action] = list(_moves(state, v))
    return moves + ([Defer(vid)] if may_defer(state, vid) else [])   # the better reflexes choose (000:L140)


def _may_release(state: GameState, v: VehicleState) -> bool:
    """A tower whose trailer hangs on an explosive or quick-release kingpin or hitch may let it go from the
    cab, a firing action of its driver's (000:L1979-L1981, L2105-L2107), while the fire step is still his."""
    return v.id not in state.fire_passed and bool(release_fitting(state, v.id)) and _driver_id(v) not in v.fire_acted


def _driver_id(v: VehicleState) -> str:
    return next((c.id for c in v.sheet.components if c.kind == "crew" and c.role in ("driver", "cyclist")), "driver")


def legal_maneuvers(state: GameState, v: VehicleState) -> list[Maneuver]:
    """Every maneuver the turning key offers for this move (sorted by text form). Worked out once per
    state and vehicle: the engine asks it to see whether there is a choice, then legal_actions and
    check ask again of the same state (kept with the state, rules.play.state.GameState.derived)."""
    return list(_kept_maneuvers(state, v)[1])


def _moves(state: GameState, v: VehicleState) -> tuple[Move, ...]:
    """The Move actions of legal_maneuvers, made once for the vehicle and what its maneuvers hang on (kept
    with the maneuver table beside them)."""
    key, maneuvers = _kept_maneuvers(state, v)
    return kept(state.rules.movement.maneuvers, ("moves", v.id, key),
                lambda: tuple(Move(v.id, m) for m in maneuvers))


def _kept_maneuvers(state: GameState, v: VehicleState) -> tuple[tuple[object, ...], tuple[Maneuver, ...]]:
    """legal_maneuvers with the key it is kept by on the maneuver table: once per state and vehicle."""
    if state.vehicle(v.id) is not v:   # a vehicle record not (yet) in this state: nothing to keep
        return _towed_kept(state, v)
    work = state.derived.setdefault(MANEUVERS, {})
    got: tuple[tuple[object, ...], tuple[Maneuver, ...]] | None = work.get(v.id)
    if got is None:
        got = work.setdefault(v.id, _towed_kept(state, v))
    return got


def _towed_kept(state: GameState, v: VehicleState) -> tuple[tuple[object, ...], tuple[Maneuver, ...]]:
    """_legal_maneuvers less what a vehicle with a trailer on may not do; a towing vehicle's key says so,
    so its Move actions are kept apart from a lone car's of the same fields."""
    key, ms = _legal_maneuvers(state, v)
    if not towing(state, v.id) and not guarded(v):
        return key, ms
    return ("towing", towing(state, v.id), guarded(v), key), tuple(_towing_filter(state, v, list(ms)))


def _towing_filter(state: GameState, v: VehicleState, ms: list[Maneuver]) -> list[Maneuver]:
    """A vehicle with a trailer on may not do all a car does (000:L559, L570, L590); one with an armored hitch
    or a fifth-wheel guard nothing harder than D3 (000:L1982, L2081)."""
    tows, guard = towing(state, v.id), guarded(v)
    if not tows and not guard:
        return ms
    return [m for m in ms if rig_maneuver_error(m, v.speed, towing=tows, guarded=guard) is None]


MANEUVERS = "legal_maneuvers"


def _legal_maneuvers(state: GameState, v: VehicleState) -> tuple[tuple[object, ...], tuple[Maneuver, ...]]:
    t = state.rules.movement.maneuvers
    # all but evening-out hangs on a few of the vehicle's fields: worked out once for them, kept with
    # the (frozen) maneuver table; evening-out hangs on the facing as well, checked here
    key = ("legal", v.spec.kind, v.reverse, v.increments[0] if v.increments else None, v.steering_lost,
           v.maneuvered, v.speed, t.bootlegger_min <= v.start_speed <= t.bootlegger_max)
    plain, evened = kept(t, key, lambda: _maneuver_options(v))
    which = tuple(i for i, (m, _e) in enumerate(evened) if _may_even(v, m))
    if not which:
        return key, plain
    return (key, which), kept(t, (key, which), lambda: tuple(sorted({*plain, *(evened[i][1] for i in which)},
                                                                   key=str)))


def _maneuver_options(v: VehicleState) -> tuple[tuple[Maneuver, ...], tuple[tuple[Maneuver, Maneuver], ...]]:
    """The legal maneuvers without evening-out, sorted by text form; and each maneuver that may be
    evened out with its evened form, where that form is legal once it ends parallel to the grid."""
    t = tables().maneuvers
    rev = v.reverse
    options = [Maneuver(ManeuverKind.STRAIGHT, reverse=rev)]
    inc = v.increments[0] if v.increments else 0.0
    if v.steering_lost:
        return tuple(options), ()
    if inc >= 1 and not v.maneuvered:
        for side in SIDES:
            options.append(Maneuver(ManeuverKind.DRIFT, side, t.drift_max, reverse=rev))
            options.append(Maneuver(ManeuverKind.STEEP_DRIFT, side, t.steep_max, reverse=rev))
            for deg in t.key_degrees:
                for kind in (ManeuverKind.BEND, ManeuverKind.SWERVE):
                    drift = t.swerve_max_drift if kind == "swerve" else 0.0
                    options.append(Maneuver(kind, side, degrees=deg, drift=drift, reverse=rev))
                    for k in sorted(t.skids):
                        options.append(Maneuver(kind, side, degrees=deg, drift=drift, skid=k, reverse=rev))
            options.append(Maneuver(ManeuverKind.T_STOP, side, reverse=rev))
            options.append(Maneuver(ManeuverKind.BOOTLEGGER, side))
    if (v.speed == t.pivot_mph or _ultra_slow(v)) and not v.maneuvered:
        for side in SIDES:
            for deg in t.pivot_degrees:
                options.append(Maneuver(ManeuverKind.PIVOT, side, degrees=deg, reverse=rev))
                if _ultra_slow(v):   # (c): the pivot without the quarter inch (000:L599)
                    options.append(Maneuver(ManeuverKind.PIVOT, side, degrees=deg, reverse=rev, in_place=True))
    plain = tuple(sorted({m for m in options if _maneuver_problem(v, m, even_checked=True) is None}, key=str))
    evened = tuple((m, e) for m in options if _may_be_evened(m)
                   for e in (replace(m, even=True),) if _maneuver_problem(v, e, even_checked=True) is None)
    return plain, evened


def _ultra_slow(v: VehicleState) -> bool:
    """An oversized vehicle at 2.5 mph: one quarter inch in phase 1, which may end in a pivot (000:L593-L599)."""
    return v.spec.kind.value in BIG_KINDS and v.speed == rig_tables().num("towing", "ultra_slow_mph")


def _may_be_evened(m: Maneuver) -> bool:
    return not (m.kind in ("straight", "t_stop", "bootlegger", "pivot") or m.skid)


def _may_even(v: VehicleState, m: Maneuver) -> bool:
    """Evening-out follows a maneuver that ends parallel to the grid (000:L234-L235)."""
    if not _may_be_evened(m):
        return False
    end = (v.pose.facing + turn_of(m)) % 90
    return abs(end) < 1e-6 or abs(end - 90) < 1e-6


def _maneuver_problem(v: VehicleState, m: Maneuver, even_checked: bool = False) -> str | None:
    t = tables().maneuvers
    if not v.increments:
        return "it has no movement left this phase"
    if m.reverse != v.reverse:
        return "it is in reverse: every move is a reverse move" if v.reverse else "it is moving forward"
    if m.even and not even_checked and not _may_even(v, m):
        return "evening-out is only for a move that ends parallel to the grid lines (000:L235)"
    inc = v.increments[0]
    if m.kind == "straight":
        return None
    if v.steering_lost:
        return "it cannot steer: wheels are gone on two corners (000:L162)"
    if v.maneuvered:
        return "one maneuver per phase (000:L135)"
    if m.in_place and not (_ultra_slow(v) and inc == t.pivot_advance):
        return "a pivot in place is for a truck, bus or rig at 2.5 mph, instead of its quarter inch (000:L593-L599)"
    if m.kind == "pivot":
        if _ultra_slow(v) and inc == t.pivot_advance:
            return shape_error(m, t)   # a truck at 2.5 mph: its quarter inch and a pivot (000:L593-L599)
        if v.speed != t.pivot_mph or inc != 0.5:
            return "a pivot replaces the half-move at 5 mph (000:L231)"
    elif inc < 1:
        return "a partial move is straight ahead (000:L107)"
    if m.kind == "bootlegger":
        if v.reverse:
            return "a bootlegger reverse starts moving forward"
        if not t.bootlegger_min <= v.start_speed <= t.bootlegger_max:
            return (f"a bootlegger reverse needs {t.bootlegger_min}-{t.bootlegger_max} mph at the start of the turn "
                    f"(000:L222); it began the turn at {v.start_speed:g}")
        if v.spec.kind is Kind.CYCLE:
            return "a cycle cannot do a bootlegger reverse (000:L225)"
        return None
    return maneuver_error(v.spec.kind, m, v.speed)


def check(state: GameState, action: Action) -> str | None:
    """Why an action is illegal now (None if it is legal)."""
    if state.over:
        return "the game is over"
    if people.concerns(state, action):
        return people.problem(state, action, to_act(state))
    vid = action.vehicle
    try:
        v = state.vehicle(vid)
    except KeyError:
        return f"there is no vehicle {vid!r}"
    if vid not in to_act(state):
        return f"{vid} is not to act now ({_who(state)})"
    if isinstance(action, SetSpeed):
        if state.step != SPEED:
            return "speed changes are made at the start of a phase (000:L136)"
        if action.mph not in speed_options(state.rules.movement, v, state):
            return _speed_problem(v, action.mph)
        return None
    if isinstance(action, Move):
        if state.step != MOVE:
            return "vehicles move after the speed changes"
        why = _maneuver_problem(v, action.maneuver)
        if why is None and (towing(state, vid) or guarded(v)):
            why = rig_maneuver_error(action.maneuver, v.speed, towing=towing(state, vid), guarded=guarded(v))
        return why
    if isinstance(action, Boost):
        if action.booster not in ready_boosters(state, v):
            return (f"{action.booster} is no rocket booster {vid} may fire now: at the start of a phase, once, by a "
                    "driver who has not used his firing action, in the one phase a turn its rockets burn (000:L2651-L2658)")
        return None
    if isinstance(action, Defer):
        if state.step != MOVE or not may_defer(state, vid):
            return ("only a driver with better reflexes than the next vehicle of his speed, before he moves, "
                    "may let it go first (000:L140)")
        return None
    if isinstance(action, Use):
        return use_step.use_problem(state, action)
    if isinstance(action, Release):
        if state.step != FIRE or not _may_release(state, v):
            return ("only a tower whose trailer hangs on an explosive or quick-release kingpin or hitch lets it go "
                    "from inside, as its driver's firing action (000:L1979-L1981, L2105)")
        return None
    if isinstance(action, (Fire, Drop, Automatic, Pass)):
        if state.step != FIRE:
            return "there is nothing to fire, drop or pass now"
        if isinstance(action, Fire):
            return fire_step.fire_problem(state, action)
        if isinstance(action, Automatic):
            return fire_step.automatic_problem(state, action)
        return fire_step.drop_problem(state, action) if isinstance(action, Drop) else None
    return "that action is not available now"


def _who(state: GameState) -> str:
    who = to_act(state)
    return f"waiting for {', '.join(who)}" if who else "nobody is to act"


def _speed_problem(v: VehicleState, mph: float) -> str:
    t = tables()
    if v.spec.kind is Kind.CYCLE and mph < 0:
        return "a cycle cannot move in reverse (000:L238)"
    if (mph < 0) != v.reverse and mph != 0:
        return "changing between forward and reverse needs a full turn at 0 mph (000:L237)"
    if v.plant_out and abs(mph) > v.speed:
        return "its power plant is out: it cannot accelerate (000:L528, L1742)"
    accel = v.spec.acceleration_at(v.speed)
    if abs(mph) - v.speed > accel:
        low = " at this speed (000:L2629)" if accel != v.spec.acceleration else ""
        return f"it accelerates at most {accel:g} mph a turn{low} (000:L144)"
    most = most_deceleration(t, v.sheet)
    if v.speed - abs(mph) > most:
        rule = "000:L154" if most == t.decel.max_mph else "000:L2628"
        return f"it cannot slow by more than {most} mph in a turn ({rule})"
    if abs(mph / t.chart.step - round(mph / t.chart.step)) > 1e-9:
        return f"speeds go in {t.chart.step:g}-mph steps"
    return "that speed is beyond its top speed"


# --- applying -------------------------------------------------------------------------------------


def apply(state: GameState, action: Action, dice: DiceSource | None = None) -> tuple[GameState, list[Event]]:
    problem = check(state, action)
    if problem:
        raise IllegalAction(f"{action}: {problem}")
    ctx = Ctx(state, dice, MOTIONS)
    if people.concerns(state, action):
        people.apply(ctx, action)
    elif isinstance(action, SetSpeed):
        set_speed(ctx, action.vehicle, action.mph)
    elif isinstance(action, Move):
        v = ctx.v(action.vehicle)
        player_move(ctx, v.id, action.maneuver, difficulty_of(ctx, v, action.maneuver))
    elif isinstance(action, Fire):
        ctx.state = fire_step.declare(ctx.state, action)
    elif isinstance(action, Drop):
        ctx.state = fire_step.declare_drop(ctx.state, action)
    elif isinstance(action, Automatic):
        ctx.state, text = fire_step.declare_automatic(ctx.state, action)
        ctx.log.add(AutomaticSet(text, "000:L1024" if action.on else "", action.vehicle, weapon=action.weapon,
                                 on=action.on))
    elif isinstance(action, Pass):
        ctx.state = fire_step.pass_fire(ctx.state, action.vehicle)
    elif isinstance(action, Defer):
        defer(ctx, action.vehicle)
    elif isinstance(action, Boost):
        fire_booster(ctx, action.vehicle, action.booster)
    elif isinstance(action, Use):
        use_step.apply_use(ctx, action)
    elif isinstance(action, Release):
        _release(ctx, action.vehicle)
    _advance(ctx)
    return ctx.finish(), ctx.log.events


def _release(ctx: Ctx, vid: str) -> None:
    """The driver lets the trailer go (his firing action); an explosive kingpin or hitch is spent (000:L2105-L2107)."""
    v = ctx.v(vid)
    ctx.update(vid, fire_acted=(*v.fire_acted, _driver_id(v)))
    tr = trailer_of(ctx.state, vid)
    assert tr is not None
    released(ctx, tr.id, f"released from the cab ({release_fitting(ctx.state, vid).replace('_', ' ')})",
             "000:L1979-L1981, L2105-L2107")


def _goal_met(ctx: Ctx) -> bool:
    """The scenario's goal is met (a target destroyed or away by the exit): the game ends at once."""
    got = goals.verdict(ctx.state)
    if got is None:
        return False
    ctx.state = evolve(ctx.state, over=True)
    ctx.log.add(GameEnded(f"the game ends: {got.reason}", "", turn=ctx.state.turn, limit_reached=False))
    return True


STALL_TURNS = 3  # whole turns with nobody able to decide anything: the game cannot go on


def _advance(ctx: Ctx) -> None:
    """Run everything that needs no decision, until someone must choose or the game ends."""
    first_turn = ctx.state.turn
    while not ctx.state.over:
        if _goal_met(ctx):
            return
        if ctx.state.people:
            ctx.riders_seen = people.carry_riders(ctx, ctx.riders_seen)   # men riding on top (000:L1496-L1502)
            people.run_over(ctx)   # a vehicle that has come onto a pedestrian's square (000:L1451)
        s = ctx.state
        if s.turn - first_turn >= STALL_TURNS and all(v.out or v.speed == 0 for v in s.vehicles) \
                and not people.standing(s):
            ctx.state = evolve(s, over=True)
            ctx.log.add(GameEnded("nobody can move or act any more: the game ends", "", turn=s.turn,
                                  limit_reached=False))
            return
        if s.step == SPEED:
            if to_act(s):
                return
            ctx.state = evolve(s, step=MOVE, movers=move_order(ctx), declared=(), walkers=people.walkers(s))
            continue
        if s.step == MOVE:
            if s.walkers:
                if people.may_walk_now(s, s.walkers[0]):
                    return
                ctx.state = evolve(s, walkers=s.walkers[1:])
                continue
            if not s.movers:
                ctx.state = evolve(s, step=FIRE)
                continue
            vid = s.movers[0]
            v = ctx.v(vid)
            if not v.moved_this_phase:
                start_moving(ctx, vid)
                continue
            if not v.increments or (v.out and not v.driverless):
                ctx.state = evolve(ctx.state, movers=ctx.state.movers[1:])
                continue
            if forced(v):
                forced_increment(ctx, vid)
                continue
            options = legal_maneuvers(ctx.state, v)
            if len(options) == 1:  # a partial move or no steering: nothing to decide
                player_move(ctx, vid, options[0], 0)
                continue
            return
        if s.step == FIRE:
            if to_act(s):
                return
            if s.options.fire_step == "on":
                since = len(ctx.log.events)
                fire_step.resolve(ctx)
                people.resolve(ctx, since)
            _next_phase(ctx)


def _next_phase(ctx: Ctx) -> None:
    end_phase(ctx)
    advance_highway(ctx)  # an endless highway is laid on ahead of the vehicles (000:L92)
    s = ctx.state
    if s.phase == ctx.rules.movement.chart.phases_per_turn:
        if s.options.fire_step == "on":
            fire_step.end_turn_fire(ctx)
        dropped_play.end_of_turn(ctx)
        end_turn(ctx)
        s = ctx.state
        if s.max_turns and s.turn >= s.max_turns:
            ctx.state = evolve(s, over=True)
            ctx.log.add(GameEnded(f"turn {s.turn} ends: the turn limit is reached", "", turn=s.turn,
                                  limit_reached=True))
            return
        if s.goal is not None and s.goal.turns and s.turn >= s.goal.turns:
            ctx.state = evolve(s, over=True)
            ctx.log.add(GameEnded(f"turn {s.turn} ends: the scenario's {s.goal.turns} turns are played", "",
                                  turn=s.turn, limit_reached=True))
            return
        ctx.state = evolve(s, turn=s.turn + 1, phase=1, step=SPEED, movers=(), declared=())
        ctx.log.add(TurnBegan(f"turn {s.turn + 1} begins", "000:L104", turn=s.turn + 1))
        start_turn(ctx)
    else:
        ctx.state = evolve(s, phase=s.phase + 1, step=SPEED, movers=(), declared=())
    ctx.log.add(PhaseBegan(f"phase {ctx.state.phase}", "000:L104", turn=ctx.state.turn, phase=ctx.state.phase))
    start_phase(ctx)
    uncontrolled.check_drivers(ctx)  # a driver lost in a collision last phase
    if _decided(ctx.state):
        ctx.state = evolve(ctx.state, over=True)


# --- outcome ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    winners: tuple[str, ...]     # owners
    survivors: tuple[str, ...]   # vehicle ids still in the game
    reason: str
    fallen: tuple[tuple[str, str], ...] = ()  # (vehicle id, why it is out): destroyed, wrecked, a kill (000:L1262)
    one_side: bool = False       # the winners are one side of a scenario's goal (rules.engine.goals), not a draw


def _decided(state: GameState) -> bool:
    owners = {v.owner for v in state.vehicles}
    alive = {v.owner for v in state.vehicles if not v.out} | people.standing_owners(state)
    return len(owners) > 1 and len(alive) <= 1


def why_out(v: VehicleState) -> str:
    """Why a vehicle is out of the game, for the outcome."""
    if v.sheet.destroyed:
        return "destroyed"
    if v.left_map:
        return "left the map"
    if v.buried_under:
        return f"buried under {v.buried_under}, its crew shut in to the end of turn {v.trapped_until} (000:L1204)"
    if v.mode == Mode.WRECK:
        return "wrecked"
    return "can neither move nor fire (000:L1262)"


def outcome(state: GameState) -> Outcome | None:
    if not state.over and not _decided(state):
        return None
    survivors = tuple(v.id for v in state.vehicles if not v.out) + tuple(p.id for p in people.standing(state))
    fallen = tuple((v.id, why_out(v)) for v in state.vehicles if v.out) + people.fallen(state)
    by_goal = goals.verdict(state)
    if by_goal is not None:
        gone = ", ".join(f"{vid} {why}" for vid, why in fallen)
        return Outcome(by_goal.winners, survivors, by_goal.reason + (f" ({gone})" if gone else ""), fallen,
                       one_side=True)
    owners = tuple(sorted({v.owner for v in state.vehicles if not v.out} | people.standing_owners(state)))
    left = f" ({', '.join(survivors)} left; " + ", ".join(f"{vid} {why}" for vid, why in fallen) + ")" if fallen \
        else ""
    if len(owners) == 1:
        last = "driving" if any(not v.out and v.owner == owners[0] for v in state.vehicles) else "standing"
        return Outcome(owners, survivors, f"{owners[0]} {wording.verb(owners[0], 'is', 'are')} the last one {last}{left}", fallen)
    if not owners:
        return Outcome((), (), "nobody is left driving (" + ", ".join(f"{vid} {why}" for vid, why in fallen) + ")",
                       fallen)
    if not state.max_turns or state.turn < state.max_turns:
        return Outcome(owners, survivors, f"nobody can move or act any more{left}", fallen)
    return Outcome(owners, survivors, f"the turn limit ({state.max_turns}) is reached{left}", fallen)
