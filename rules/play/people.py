"""People on foot in play (issue 18): crewmen leaving their vehicles, pedestrians walking, going prone,
firing hand weapons and throwing grenades, vehicles running them down, wounds and death.

The engine (rules/engine/engine.py) asks this module, beside the vehicles' own rules:
- in the fire step, a vehicle whose crew may leave it (stopped, out of the fight, burning or driverless)
  offers `GetOut` for each crewman able to act; a person on foot offers `Shoot` and `Throw`;
- in the movement step, people on foot walk before the vehicles (`walkers`), a square at a time, or drop
  prone or stand up;
- at the end of each fire step the people's shots and throws are resolved, grenades land and go off;
- after every motion a vehicle that covers a pedestrian's square runs him down.
Everything here is played only with the rule option `people = "on"`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import permutations

from rules.combat.arcs import footprint, in_arc, inside, lof_origin, nearest_point, range_to, struck_side
from rules.combat.damage import collision_hit, crew_state, hit, interior_of, sheet_with
from rules.combat.dropped import Counter, cloud_inches
from rules.combat.elevation import behind_low_wall, has_low_walls, level_at, roof_at
from rules.combat.line_of_fire import blocker, first_on_line, map_world
from rules.combat.shooting import Combatant, combatant_of, crew_problem, ready, roll_to_hit, trigger
from rules.combat.to_hit import (
    Modifier,
    Shot,
    ToHit,
    out_of_reach,
    range_modifier,
    target_type_of,
    weapon_info,
)
from rules.core.dice import DiceExpr
from rules.core.events import (
    ControlRolled,
    CrashRolled,
    DamageRolled,
    FireOut,
    GrenadeExploded,
    GrenadeLanded,
    GrenadeThrown,
    HazardMet,
    PaintOnWindows,
    PersonBlinded,
    PersonGassed,
    PersonGotIn,
    PersonGotOut,
    PersonHurt,
    PersonProne,
    PersonReloaded,
    PersonRode,
    PersonRunOver,
    PersonSprint,
    PersonWalked,
    ShotFired,
)
from rules.core.geometry import CounterSize, Pose, Vec, forward, right
from rules.driving.collisions import damage_modifier, ram_damages, ram_dice
from rules.driving.equipment import carries
from rules.people.grenades import Scatter, landing, scatter
from rules.people.hand_fire import PersonShot, damage_to_vehicle, hand_range, person_to_hit
from rules.people.jumping import boarding_failure_damage, jump_damage
from rules.people.person import COLLISION, DEAD, HAZARD, WEAPON, take
from rules.people.person import FIRE as BURNING
from rules.people.record import Grenade, Kit, PersonState, clock
from rules.play import drop_on, stairs
from rules.play.actions import Action, Fire, Pass
from rules.play.context import Ctx
from rules.play.counters import add_counters
from rules.play.lights import aloft_modifier, general_visibility, own_visibility, person_visibility, table_lit
from rules.play.people_actions import (
    Board,
    Climb,
    GetIn,
    GetOff,
    GetOut,
    PersonAction,
    Pick,
    Prone,
    Reload,
    Shoot,
    Sprint,
    Strike,
    Throw,
    Walk,
)
from rules.play.state import FIRE, MOVE, GameState, Mode, VehicleState, evolve
from rules.tables.people import Effects, GasResult, GrenadeType, PeopleTables, Riding
from rules.vehicles.record_sheet import WeaponMount
from rules.vehicles.spec import UNTRAINED
from rules.world.maps import vocabulary

STEPS = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
ABLE = ("unhurt", "wounded")
GOT_OUT = " (got out)"   # the name a crewman's seat takes on the sheet once he has left it


# --- looking people up -----------------------------------------------------------------------------


def playing(state: GameState) -> bool:
    return state.options.people == "on"


def tables_of(state: GameState) -> PeopleTables:
    return state.rules.people


def now(state: GameState) -> int:
    return clock(state.turn, state.phase, state.rules.movement.chart.phases_per_turn)


def person(state: GameState, pid: str) -> PersonState | None:
    return next((p for p in state.people if p.id == pid), None)


def is_person(state: GameState, actor: str) -> bool:
    return person(state, actor) is not None


def put(ctx: Ctx, p: PersonState) -> PersonState:
    s = ctx.state
    if any(o.id == p.id for o in s.people):
        ctx.state = evolve(s, people=tuple(p if o.id == p.id else o for o in s.people))
    else:
        ctx.state = evolve(s, people=s.people + (p,))
    return p


def standing(state: GameState) -> list[PersonState]:
    """People on foot still able to act."""
    return [p for p in state.people if not p.down]


def standing_owners(state: GameState) -> set[str]:
    """Owners still in the fight through their people: someone on foot able to act, or, with people
    on, a crewman able to climb out of a car that is out of the fight."""
    out = {p.owner for p in standing(state)}
    if playing(state):
        out |= {v.owner for v in state.vehicles if v.out and crew_aboard(v)}
    return out


def counter(t: PeopleTables) -> CounterSize:
    """The square a pedestrian stands in: only it can be hit (000:L1437, 001:L137)."""
    return CounterSize(t.person.square, t.person.square)


# --- leaving a vehicle (000:L1469-L1470, L534) -----------------------------------------------------------


def kit_of(state: GameState, vid: str) -> Kit:
    """What a vehicle's crew carry: the kit its set-up chose, else people.toml's [loadout] (reading PD18)."""
    chosen = dict(state.kits).get(vid)
    if chosen is not None:
        return chosen
    t = tables_of(state)
    return Kit(weapon=t.loadout_weapon, grenades=t.loadout_grenades)


def crew_aboard(v: VehicleState) -> list[str]:
    """Crewmen still in the vehicle and able to act (unconscious or dead men stay where they are)."""
    parts = interior_of(v.sheet, v.spec.kind.value).parts
    return [p.id for p in parts if p.kind == "crew" and crew_state(p) in ABLE]


def may_leave(state: GameState, vid: str) -> bool:
    """The crew may leave in this fire step: a stopped vehicle, or one out of the fight, burning, with its
    plant gone or nobody at the wheel (reading PD16: a working car at speed asks no one whether to jump)."""
    if not playing(state) or state.step != FIRE or vid in state.fire_passed:
        return False
    v = state.vehicle(vid)
    if not (v.speed == 0 or v.out or v.sheet.on_fire or v.driverless or v.plant_out):
        return False
    if v.buried_under and state.turn <= v.trapped_until:   # shut in under the rubble (000:L1204)
        return False
    return bool(crew_aboard(v))


def leave_options(state: GameState, vid: str) -> list[GetOut]:
    if not may_leave(state, vid):
        return []
    v = state.vehicle(vid)
    return [GetOut(vid, crew, jump=v.speed > 0) for crew in crew_aboard(v)]


def _square_centre(t: PeopleTables, x: float, y: float) -> tuple[float, float]:
    sq = t.person.square
    return ((math.floor(x / sq) + 0.5) * sq, (math.floor(y / sq) + 0.5) * sq)


def beside(state: GameState, v: VehicleState) -> Pose:
    """The square he steps or lands into: beside the vehicle's left door, else the right, the back, the
    front; the first one clear of every vehicle (000:L1469-L1470: "beside it", "any adjacent square")."""
    t = tables_of(state)
    size = v.spec.counter(state.rules.movement.handling.counters)
    c, f = v.pose.centre, v.pose.facing
    reach_side, reach_end = size.width / 2 + t.person.square / 2, size.length / 2 + t.person.square / 2
    for offset in (right(f) * -reach_side, right(f) * reach_side, forward(f) * -reach_end, forward(f) * reach_end):
        x, y = _square_centre(t, c.x + offset.x, c.y + offset.y)
        if _free(state, x, y, ignore=()) and roof_at(state.map_id, state.map_changes, Vec(x, y)) is None:
            return Pose.at(x, y, f)   # on the street, not on a roof the vehicle stands beside
    x, y = _square_centre(t, c.x + right(f).x * -reach_side, c.y + right(f).y * -reach_side)
    return Pose.at(x, y, f)


def _free(state: GameState, x: float, y: float, ignore: tuple[str, ...]) -> bool:
    """No vehicle's counter covers the square's centre."""
    p = Vec(x, y)
    counters = state.rules.movement.handling.counters
    return not any(inside(footprint(v.pose, v.spec.counter(counters)), p) for v in state.vehicles if v.id not in ignore)


def get_out(ctx: Ctx, a: GetOut) -> None:
    """Out of the vehicle: beside it, and busy a full turn (000:L1469); or a jump from a moving one,
    with damage as if hit by a vehicle 10 mph slower (000:L1470; off-road a sideswipe 30 mph slower,
    000:L534), able to act from the next turn."""
    t = tables_of(ctx.state)
    v = ctx.v(a.vehicle)
    per_turn = ctx.rules.movement.chart.phases_per_turn
    comp = next(c for c in v.sheet.components if c.id == a.crew)
    pose = beside(ctx.state, v)
    skill = v.spec.gunner_skill
    pid = f"{v.id}.{a.crew}"
    while person(ctx.state, pid) is not None:   # the seat's first man still on foot: another took it since
        pid += "'"
    kit = kit_of(ctx.state, v.id)
    worn = kit.armor or ("body_armor" if comp.body_armor > 0 else "")   # what is left of it aboard goes with him
    held = next(((e, until) for c, e, until in ctx.state.crew_gas if c == f"{v.id}.{a.crew}"), ("", 0))
    p = PersonState(pid, v.owner, comp.name, pose, v.id, damage=comp.max_dp - comp.dp, gas=held[0], gas_until=held[1],
                    armor=worn, armor_left=comp.body_armor if worn else 0,
                    weapon=kit.weapon, shots=shots_left_aboard(ctx.state, f"{v.id}.{a.crew}"),
                    grenades=kit.grenades, gear=kit.gear, martial_arts=kit.martial_arts,
                    busy_until=(now(ctx.state) + per_turn) if not a.jump else clock(ctx.state.turn + 1, 1, per_turn),
                    skill=-99 if skill == UNTRAINED else skill)
    seat = replace(comp, name=comp.name + GOT_OUT, dp=0, body_armor=0)
    sheet = replace(v.sheet, components=tuple(seat if c.id == a.crew else c for c in v.sheet.components))
    ctx.update(v.id, sheet=sheet)
    put(ctx, p)
    if a.jump:
        ctx.log.add(PersonGotOut(f"{p.name} jumps from {v.id} at {v.speed:g} mph", "000:L1470", p.id,
                                 from_vehicle=v.id, pose=pose, jumped=True, speed=v.speed))
        dice = jump_damage(v.speed, v.off_road, t)
        if dice is not None:
            points = ctx.roll(dice, f"{p.name} hits the ground at {v.speed:g} mph", "000:L534, L1470", p.id)
            hurt(ctx, p.id, points, COLLISION, "hitting the ground", "000:L1470")
    else:
        ctx.log.add(PersonGotOut(f"{p.name} gets out of {v.id} (a full turn beside it before he may run)",
                                 "000:L1469", p.id, from_vehicle=v.id, pose=pose, jumped=False, speed=v.speed))


# --- wounds -------------------------------------------------------------------------------------------


def hurt(ctx: Ctx, pid: str, points: int, kind: str, cause: str, rule: str) -> None:
    """Damage to a person: his armor first where it protects, then his body (000:L976, L1450, L1457)."""
    p = person(ctx.state, pid)
    if p is None or p.state == DEAD:
        return
    t = tables_of(ctx.state)
    armor = t.armor.get(p.armor) if p.armor else None
    h = take(points, kind, armor, p.armor_left, t)
    p = put(ctx, replace(p, armor_left=p.armor_left - h.armor_taken, damage=p.damage + h.body_taken,
                         prone=p.prone or p.damage + h.body_taken >= t.person.unconscious))
    stopped = f", {h.armor_taken} stopped by his armor" if h.armor_taken else ""
    ctx.log.add(PersonHurt(f"{p.name} takes {h.body_taken} from {cause}{stopped}: {p.state}", rule, pid, cause=cause,
                           points=points, armor_taken=h.armor_taken, body_taken=h.body_taken, condition=p.state))


# --- walking (000:L538-L539, L1439-L1461) --------------------------------------------------------------


def squares_now(state: GameState, p: PersonState) -> int:
    """Squares he may move this phase: his speed's row of the chart (000:L1439), or crawling in phases
    2 and 4 (000:L1460)."""
    t = tables_of(state)
    gas = gas_effect(state, p)
    if p.prone and gas is not None and gas.crawl_mph:   # choking in tear gas: 3 squares a turn (000:L1587)
        return round(state.rules.movement.chart.pedestrian(gas.crawl_mph)[state.phase - 1] / t.person.square)
    if p.prone:
        return 1 if state.phase in t.person.crawl_phases else 0
    armor = t.armor.get(p.armor) if p.armor else None
    mph = foot_mph(state, p) - (armor.speed_loss_mph if armor else 0.0)
    inches = state.rules.movement.chart.pedestrian(mph)[state.phase - 1]
    return round(inches / t.person.square)


def foot_mph(state: GameState, p: PersonState) -> float:
    """His speed on foot: the base, 2.5 mph more for each plus of Running, 5 more sprinting, never past 25 mph
    (000:L1364, L1439, L1441); a stairway is climbed a square a turn whatever his speed (000:L1443)."""
    h = tables_of(state).person
    mph = h.speed_mph + p.running * h.running_mph + (h.sprint_mph if sprinting(state, p) else 0.0)
    return min(mph, h.top_mph) if h.top_mph else mph


def gas_effect(state: GameState, p: PersonState) -> GasResult | None:
    """The tear-gas effect on him now, if any (000:L1585-L1588)."""
    gas = tables_of(state).tear_gas
    if gas is None or not p.gas or p.gas_until <= now(state):
        return None
    return next((r for r in gas.results if r.effect == p.gas), None)


def _gassed(state: GameState, p: PersonState, th: ToHit) -> ToHit:
    """-6 or -2 to hit with any weapon while tear gas holds him (000:L1587-L1588)."""
    gas, table = gas_effect(state, p), tables_of(state).tear_gas
    if gas is None or table is None or not gas.to_hit or not th.allowed:
        return th
    mod = Modifier(f"in tear gas ({gas.effect})", gas.to_hit, table.source)
    return ToHit(th.need - gas.to_hit, (*th.modifiers, mod), th.allowed, th.why)


def _tear_gas_at_turn_end(ctx: Ctx) -> None:
    """A man in a tear-gas cloud without a gas mask rolls 1d; the worst result so far holds while it lasts:
    unconscious (he does nothing, down), choking (-6, only crawls) or stinging (-2) (000:L1585-L1588)."""
    t = tables_of(ctx.state)
    gas = t.tear_gas
    clouds = [c for c in ctx.state.counters if c.weapon == "tear_gas"]
    if gas is None or not clouds:
        return
    per_turn = ctx.rules.movement.chart.phases_per_turn
    rank = {r.effect: i for i, r in enumerate(gas.results)}
    for p in list(ctx.state.people):
        if p.down or set(p.gear) & set(gas.immune_gear):
            continue
        if not any(inside(c.polygon(), p.pose.centre) for c in clouds):
            continue
        r = gas.result(ctx.roll(DiceExpr(1), f"{p.name} in tear gas", gas.source, p.id))
        now_on = gas_effect(ctx.state, p)
        if now_on is not None and rank[now_on.effect] <= rank[r.effect]:
            continue   # not worse than what holds him: the worst so far stands (000:L1586)
        until = clock(ctx.state.turn + 1 + r.turns, 1, per_turn)
        down = r.effect == "unconscious" or bool(r.crawl_mph)
        put(ctx, replace(p, gas=r.effect, gas_until=until, prone=p.prone or down,
                         busy_until=max(p.busy_until, until) if r.effect == "unconscious" else p.busy_until))
        ctx.log.add(PersonGassed(f"{p.name} is {r.effect} from the tear gas for {r.turns} seconds", gas.source, p.id,
                                 effect=r.effect, turns=r.turns))
    _tear_gas_aboard(ctx, clouds)


def crew_gas(state: GameState, crew: str) -> GasResult | None:
    """The tear-gas effect on a crewman aboard ("vehicle.crew") now, if any (reading PD45)."""
    gas = tables_of(state).tear_gas
    held = next(((e, until) for c, e, until in state.crew_gas if c == crew), None)
    if gas is None or held is None or held[1] <= now(state):
        return None
    return next((r for r in gas.results if r.effect == held[0]), None)


def _tear_gas_aboard(ctx: Ctx, clouds: Sequence[Counter]) -> None:
    """Duellists too (000:L1586): every able crewman of a vehicle whose counter's centre lies in a tear-gas
    cloud rolls as a man on foot, unless his vehicle's kit holds a gas mask; the worst so far holds."""
    gas = tables_of(ctx.state).tear_gas
    assert gas is not None
    per_turn = ctx.rules.movement.chart.phases_per_turn
    rank = {r.effect: i for i, r in enumerate(gas.results)}
    for v in ctx.state.vehicles:
        if v.out or v.sheet.destroyed or set(kit_of(ctx.state, v.id).gear) & set(gas.immune_gear) \
                or not any(inside(c.polygon(), v.pose.centre) for c in clouds):
            continue
        for crew in crew_aboard(v):
            cid = f"{v.id}.{crew}"
            r = gas.result(ctx.roll(DiceExpr(1), f"{cid} in tear gas aboard", gas.source, v.id))
            held = crew_gas(ctx.state, cid)
            if held is not None and rank[held.effect] <= rank[r.effect]:
                continue
            until = clock(ctx.state.turn + 1 + r.turns, 1, per_turn)
            kept = tuple(g for g in ctx.state.crew_gas if g[0] != cid and g[2] > now(ctx.state))
            ctx.state = evolve(ctx.state, crew_gas=(*kept, (cid, r.effect, until)))
            ctx.log.add(PersonGassed(f"{cid} is {r.effect} from the tear gas aboard for {r.turns} seconds",
                                     gas.source, v.id, effect=r.effect, turns=r.turns))


def sprinting(state: GameState, p: PersonState) -> bool:
    return p.sprint_turn == state.turn and p.sprint_turn > 0


def may_walk(state: GameState, p: PersonState) -> bool:
    """Not down, not busy getting out or up, not after firing this turn (000:L1449), not riding on top of a
    vehicle (there is nowhere to walk on a car's, 000:L1496)."""
    return (not p.down and not p.riding and p.busy_until <= now(state) and p.fired_turn != state.turn
            and (squares_now(state, p) > 0 or not p.prone) and p.stair_turn != state.turn
            and (state.phase == stairs.FIRST_PHASE or not stairs.on_the_way_up(state, p)))


def walkers(state: GameState) -> tuple[str, ...]:
    """Who walks this phase, once for every square his speed's row gives him (two in some phases when he
    sprints, 000:L1439-L1441)."""
    if not playing(state):
        return ()
    return tuple(p.id for p in state.people if may_walk(state, p) for _ in range(max(1, squares_now(state, p))))


def walk_options(state: GameState, pid: str) -> list[PersonAction]:
    p = person(state, pid)
    if p is None:
        return []
    climbs: list[PersonAction] = [Climb(pid, up) for up in stairs.climbs(state, p)]
    if stairs.on_the_way_up(state, p):   # on the stairs: a square up or down, or (at the hatch) onto the roof
        return sorted([*climbs, *(Walk(pid, dx, dy) for dx, dy in STEPS
                                  if (dx, dy) == (0, 0) or _step_problem(state, p, dx, dy) is None)], key=str)
    gas = gas_effect(state, p)
    choking = gas is not None and bool(gas.crawl_mph)
    out: list[PersonAction] = [] if choking and p.prone else [Prone(pid, not p.prone)]   # choking: he crawls
    out += climbs
    if _may_sprint(state, p) and stairs.stairway_of(state, p) is None:   # no sprint on stairs (000:L1441)
        out.append(Sprint(pid))
    if squares_now(state, p) > 0:
        out += [Walk(pid, dx, dy) for dx, dy in STEPS if (dx, dy) == (0, 0) or _step_problem(state, p, dx, dy) is None]
    else:
        out.append(Walk(pid, 0, 0))
    return sorted(out, key=str)


def _may_sprint(state: GameState, p: PersonState) -> bool:
    """A sprint is a whole second: chosen at his first step of the turn, standing, not yet fired this turn,
    with seconds of sprint left in this run (000:L1441)."""
    h = tables_of(state).person
    return (h.sprint_mph > 0 and state.phase == 1 and not p.prone and not sprinting(state, p)
            and p.fired_turn != state.turn and p.walked < clock(state.turn, 1, state.rules.movement.chart.phases_per_turn)
            and p.sprinted < h.sprint_turns and p.ran_on == 0)


def sprint(ctx: Ctx, a: Sprint) -> None:
    """He sprints this second: 5 mph faster (another square in the phases his new row gives two), and he may
    not fire (000:L1441); he is still to step this phase."""
    p = person(ctx.state, a.person)
    assert p is not None
    before = squares_now(ctx.state, p)
    p = put(ctx, replace(p, sprint_turn=ctx.state.turn))
    extra = max(0, squares_now(ctx.state, p) - max(1, before))
    ctx.state = evolve(ctx.state, walkers=(p.id,) * extra + ctx.state.walkers)
    ctx.log.add(PersonSprint(f"{p.name} sprints ({p.sprinted + 1} of {tables_of(ctx.state).person.sprint_turns} "
                             "seconds; no firing)", "000:L1441", p.id, sprinting=True))


def _sprints_at_turn_end(ctx: Ctx) -> None:
    """A sprinted second is counted; after the sprint he may run on at his base speed 10 seconds more; when
    he stops, or those are gone, he rests a second for every 2 he sprinted, doing nothing (000:L1441)."""
    h = tables_of(ctx.state).person
    per_turn = ctx.rules.movement.chart.phases_per_turn
    for p in list(ctx.state.people):
        if sprinting(ctx.state, p):
            put(ctx, replace(p, sprinted=p.sprinted + 1))
            continue
        if not p.sprinted:
            continue
        walked = p.walked > clock(ctx.state.turn, 0, per_turn)
        if walked and p.ran_on + 1 < h.run_on_turns and not p.down:
            put(ctx, replace(p, ran_on=p.ran_on + 1))
            continue
        rest = math.ceil(p.sprinted * h.rest_per_sprint)
        put(ctx, replace(p, sprinted=0, ran_on=0,
                         busy_until=max(p.busy_until, clock(ctx.state.turn + 1 + rest, 1, per_turn))))
        if not p.down:
            ctx.log.add(PersonSprint(f"{p.name} must rest {rest} second{'s' if rest != 1 else ''} after his sprint",
                                     "000:L1441", p.id, sprinting=False, rest=rest))


def _step_problem(state: GameState, p: PersonState, dx: int, dy: int) -> str | None:
    if abs(dx) > 1 or abs(dy) > 1:
        return "a pedestrian moves into an adjacent square (000:L539)"
    if (dx, dy) == (0, 0):
        return None
    if squares_now(state, p) <= 0:
        return "he has no movement this phase (000:L1439, L1460)"
    return _square_problem(state, p, dx, dy)


def _square_problem(state: GameState, p: PersonState, dx: int, dy: int) -> str | None:
    """What stops a step (dx, dy) from his square: a vehicle there, a stairway's rules, a roof's edge, a wall."""
    sq = tables_of(state).person.square
    a, b = p.pose.centre, Vec(p.pose.x + dx * sq, p.pose.y + dy * sq)
    if not _free(state, b.x, b.y, ignore=()):
        return "a vehicle stands in that square"
    why = stairs.step_problem(state, p, b) if state.map_id else ""
    if why != "":
        return why
    roofs = (roof_at(state.map_id, state.map_changes, a), roof_at(state.map_id, state.map_changes, b))
    if roofs[0] is not None or roofs[1] is not None:   # on a roof he walks its top, not off its edge (EL5)
        return None if roofs[0] == roofs[1] else "the roof's edge: he would fall (climbing is not played)"
    if state.map_id and blocker({}, state.map_id, a, b, (), state.map_changes) is not None:
        return "a wall or building is in the way"
    return None


def walk(ctx: Ctx, a: Walk) -> None:
    p = person(ctx.state, a.person)
    assert p is not None
    sq = tables_of(ctx.state).person.square
    if (a.dx, a.dy) != (0, 0):
        facing = math.degrees(math.atan2(a.dx, -a.dy)) % 360
        end = Pose.at(p.pose.x + a.dx * sq, p.pose.y + a.dy * sq, facing)
        steps = p.steps + 1 if p.steps_turn == ctx.state.turn else 1
        put(ctx, replace(stairs.after_step(ctx.state, p, end.centre), pose=end, walked=now(ctx.state), steps=steps,
                         steps_turn=ctx.state.turn))
        ctx.log.add(PersonWalked(f"{p.name} {'crawls' if p.prone else 'moves'} to ({end.x:g}, {end.y:g})",
                                 "000:L1460" if p.prone else "000:L539", p.id, start=p.pose, end=end, crawled=p.prone))
        underfoot(ctx, p.id)
    ctx.state = evolve(ctx.state, walkers=ctx.state.walkers[1:])


def climb(ctx: Ctx, a: Climb) -> None:
    """A square up or down his stairway; he stops there for the turn (000:L1442)."""
    p = person(ctx.state, a.person)
    assert p is not None
    s = stairs.stairway_of(ctx.state, p)
    assert s is not None
    up = p.stair_up + (1 if a.up else -1)
    put(ctx, replace(p, stair_up=up, stair_turn=ctx.state.turn, walked=now(ctx.state)))
    where = "the roof hatch" if up == s.squares else "the foot of the stairs" if up == 0 else f"{s.level(up):g} ft up"
    ctx.log.add(PersonWalked(f"{p.name} climbs {'up' if a.up else 'down'} the stairs: {where}", "000:L1442",
                             p.id, start=p.pose, end=p.pose, crawled=False))
    ctx.state = evolve(ctx.state, walkers=ctx.state.walkers[1:])


def go_prone(ctx: Ctx, a: Prone) -> None:
    """Dropping prone takes no time; standing up a full second (000:L1459, L1461), and on oil it needs 7
    or better on 2d besides: failing, the second is spent and he is still down (000:L1464)."""
    p = person(ctx.state, a.person)
    assert p is not None
    t = tables_of(ctx.state)
    busy = p.busy_until if a.down else now(ctx.state) + t.person.stand_up_turns * ctx.rules.movement.chart.phases_per_turn
    up = not a.down
    if up and _kinds_under(ctx.state, p) & set(t.person.oil_kinds):
        need = t.person.stand_on_oil
        up = ctx.roll(DiceExpr(2), f"{p.name} stands up on oil: needs {need}", "000:L1464", p.id) >= need
        if not up:
            put(ctx, replace(p, busy_until=busy))
            ctx.log.add(PersonProne(f"{p.name} slips on the oil trying to get up (the second is spent)",
                                    "000:L1464", p.id, prone=True))
            ctx.state = evolve(ctx.state, walkers=ctx.state.walkers[1:])
            return
    put(ctx, replace(p, prone=a.down, busy_until=busy))
    ctx.log.add(PersonProne(f"{p.name} {'drops prone' if a.down else 'gets up (a full second)'}",
                            "000:L1459" if a.down else "000:L1461", p.id, prone=a.down))
    ctx.state = evolve(ctx.state, walkers=ctx.state.walkers[1:])


# --- firing and throwing (000:L1164-L1197, L1449) ----------------------------------------------------


def may_fire(state: GameState, p: PersonState) -> bool:
    """Once a turn, not while getting out or up, resting, sprinting or blinded (000:L1441, L1449; 002:L91)."""
    return (not p.down and p.busy_until <= now(state) and p.fired_turn != state.turn
            and p.id not in state.fire_passed and not sprinting(state, p) and p.blind_until <= now(state))


def fire_actors(state: GameState) -> list[str]:
    """People on foot with a shot or a throw (or a Martial Arts blow more) to decide in this fire step."""
    if not playing(state) or state.step != FIRE:
        return []
    return [p.id for p in state.people if (may_fire(state, p)
            and (next(_options(state, p), None) is not None or _get_in_options(state, p) or _board_options(state, p)
                 or _reload_options(state, p))) or _extra_blows(state, p)]


def fire_options(state: GameState, pid: str) -> list[PersonAction]:
    p = person(state, pid)
    if p is None:
        return []
    if not may_fire(state, p):
        return list(_extra_blows(state, p))
    return sorted(set([*_options(state, p), *_get_in_options(state, p), *_board_options(state, p),
                       *_reload_options(state, p)]), key=str)


def blows_left(state: GameState, p: PersonState) -> int:
    """The Martial Arts blows more he may strike this turn (000:L1332, reading PD44): once his action of the
    turn was a blow at a man, each extra blow his level gives is one more blow at a man in a later fire step
    of the same turn, one a fire step; a man who shot, threw or did anything else this turn has none."""
    ma = tables_of(state).martial_arts
    if ma is None or p.fired_turn != state.turn or p.blows_turn != state.turn or p.blows < 1:
        return 0
    return max(0, 1 + ma.extra_attacks(p.martial_arts) - p.blows)


def _extra_blows(state: GameState, p: PersonState) -> list[Strike]:
    """His Martial Arts blows more now: blows at men only, not while down, busy, blinded or passed."""
    if (blows_left(state, p) <= 0 or p.down or p.busy_until > now(state) or p.id in state.fire_passed
            or p.blind_until > now(state)):
        return []
    return sorted((a for a in _options(state, p) if isinstance(a, Strike) and person(state, a.target) is not None),
                  key=str)


def _targets(state: GameState, p: PersonState) -> Iterator[tuple[str, Vec]]:
    counters = state.rules.movement.handling.counters
    for v in state.vehicles:
        if not v.out and v.id != p.riding:   # not the top he stands on
            yield v.id, nearest_point(footprint(v.pose, v.spec.counter(counters)), p.pose.centre)
    for o in state.people:
        if o.id != p.id and not o.down:
            yield o.id, o.pose.centre


def _options(state: GameState, p: PersonState) -> Iterator[PersonAction]:
    t = tables_of(state)
    w = t.hand_weapons.get(p.weapon) if p.weapon else None
    for target, point in _targets(state, p):
        dist = (point - p.pose.centre).length()
        if w is not None and p.shots > 0 and dist <= hand_range(w, t) and _clear(state, p, target, point):
            yield Shoot(p.id, w.key, target)
        if dist <= t.throw.max_range:
            for g in sorted(set(p.grenades)):
                yield Throw(p.id, g, round(point.x, 3), round(point.y, 3), 1)
        if _may_strike(state, p, target, point):
            yield Strike(p.id, target)


def _reload_options(state: GameState, p: PersonState) -> list[Reload]:
    """A spare clip in his gear and his weapon not full (000:L1457, L1505)."""
    t = tables_of(state)
    w = t.hand_weapons.get(p.weapon) if p.weapon else None
    if t.reload is None or w is None or p.club or not w.shots or p.shots >= w.shots or t.reload.clip not in p.gear:
        return []
    return [Reload(p.id)]


def _reload(ctx: Ctx, a: Reload) -> None:
    """The clip goes in: a full load, the clip gone from his gear, and the turn spent on it: no moving or
    firing until the same phase of the next turn (000:L1457)."""
    p, t = person(ctx.state, a.person), tables_of(ctx.state)
    assert p is not None and t.reload is not None
    w = t.hand_weapons[p.weapon]
    full = w.shots or 0
    gear = list(p.gear)
    gear.remove(t.reload.clip)
    per_turn = ctx.rules.movement.chart.phases_per_turn
    put(ctx, replace(p, shots=full, gear=tuple(gear), fired_turn=ctx.state.turn,
                     busy_until=max(p.busy_until, now(ctx.state) + t.reload.turns * per_turn)))
    ctx.state = evolve(ctx.state, fire_passed=ctx.state.fire_passed + (p.id,))
    left = gear.count(t.reload.clip)
    ctx.log.add(PersonReloaded(f"{p.name} reloads his {w.name} ({full} shots; {left} clip{'s' if left != 1 else ''} "
                               "left): a turn doing nothing else", t.reload.source, p.id, person=p.id, weapon=w.key,
                               shots=full, clips_left=left))


def _may_strike(state: GameState, p: PersonState, target: str, point: Vec) -> bool:
    """Hand-to-hand: a man of another side in an adjacent square, or a vehicle his square touches when he has
    something to hit it with; not after moving more than half his squares this turn (000:L1452-L1455)."""
    t = tables_of(state)
    if t.hand_to_hand is None:
        return False
    sq = t.person.square
    o = person(state, target)
    if o is not None:
        near = (o.owner != p.owner and max(abs(o.pose.x - p.pose.x), abs(o.pose.y - p.pose.y)) <= sq * 1.01
                and abs(level_of(state, o.id) - level_of(state, p.id)) <= t.hand_to_hand.reach_ft)
    else:
        near = ((point - p.pose.centre).length() <= sq * 0.75 and bool(p.weapon or p.grenades)
                and level_of(state, p.id) <= t.hand_to_hand.reach_ft)   # a car stands on the street
    if not near:
        return False
    moved = p.steps if p.steps_turn == state.turn else 0
    return moved * 2 <= _allowance(state, p)


def _allowance(state: GameState, p: PersonState) -> int:
    """The squares his speed gives him this turn (000:L1439)."""
    per_turn = state.rules.movement.chart.phases_per_turn
    return sum(squares_now(evolve(state, phase=k), p) for k in range(1, per_turn + 1))


def strike_to_hit(state: GameState, a: Strike) -> ToHit:
    """A blow at an adjacent man: 2 or better with every targeting modifier but the point-blank bonus, the
    pedestrian's -3 among them (000:L1453): read at the point-blank limit, where no range line applies."""
    t = tables_of(state)
    h = t.hand_to_hand
    p, o = person(state, a.person), person(state, a.target)
    assert p is not None and o is not None and h is not None
    shot = Shot(base=h.to_hit, range=state.rules.combat.point_blank_below, target="pedestrian",
                target_speed=_speed_of(state, o), firer_speed=_speed_of(state, p), gunner_skill=0)
    th = person_to_hit(PersonShot("", None, prone=o.prone), shot, t, state.rules.combat)
    ma = t.martial_arts
    bonus = ma.hit_bonus(p.martial_arts) if ma is not None else 0
    if bonus and th.allowed:
        level = "base" if p.martial_arts == 0 else f"+{p.martial_arts}"
        th = ToHit(th.need - bonus, (*th.modifiers, Modifier(f"Martial Arts {level}", bonus, ma.source if ma else "")),
                   th.allowed, th.why)
    return _gassed(state, p, th)


def _strike(ctx: Ctx, a: Strike) -> None:
    """The blow (000:L1453-L1455): at a man, the roll, then a fist's 1d-5, something heavy's 1d-4 or a knife's
    own dice, spiked armor +1; at a vehicle, no roll, 1d-5 on the side he stands at, his weapon a club after."""
    s, t = ctx.state, tables_of(ctx.state)
    h = t.hand_to_hand
    p = person(s, a.person)
    if p is None or p.down or h is None:
        return
    knife = t.hand_weapons.get(p.weapon) if p.weapon and t.hand_weapons[p.weapon].vs_vehicles == "none" else None
    o = person(s, a.target)
    if o is None:
        if not any(v.id == a.target for v in s.vehicles):
            return
        v = s.vehicle(a.target)
        size = v.spec.counter(ctx.rules.movement.handling.counters)
        points = max(0, ctx.roll(h.vehicle, f"{p.name} strikes {v.id}", h.source, p.id))
        if not p.grenades and p.weapon and not p.club:   # a hand weapon used so is a club from then on
            put(ctx, replace(p, club=True, shots=0))
        _hit_vehicle(ctx, v.id, struck_side(v.pose, size, p.pose.centre), points, f"{p.name}'s blow")
        return
    if o.down:
        return
    th = strike_to_hit(s, a)
    made = roll_to_hit(th, h.to_hit, f"{p.name} strikes at {o.name} hand-to-hand", "", "", ctx.dice, ctx.log,
                       p.id, "hand", o.id)
    if not made or not made[0]:
        return
    dice = knife.dice if knife is not None and knife.dice is not None else (
        h.heavy if p.weapon or p.grenades else h.fist)
    ma = t.martial_arts.damage_bonus(p.martial_arts) if t.martial_arts is not None else 0
    points = max(0, ctx.roll(dice, f"{p.name}'s blow", h.source, p.id)) + (
        h.spiked_extra if h.spiked_gear in p.gear else 0) + ma
    hurt(ctx, o.id, points, WEAPON if knife is not None else HAZARD, f"{p.name}'s blow", h.source)


def _clear(state: GameState, p: PersonState, target: str, point: Vec) -> bool:
    cs = _vehicle_combatants(state)
    return blocker(cs, state.map_id, p.pose.centre, point, (target, *mounts(state, p.id, target)), state.map_changes,
                   (level_of(state, p.id), level_of(state, target))) is None


def level_of(state: GameState, who: str) -> float:
    """How high (ft) a man stands: on a roof when his square lies in a building's outline (reading EL1);
    vehicles and everyone else on the ground."""
    p = person(state, who)
    if p is None:
        return 0.0
    on_stairs = stairs.level(state, p)
    return on_stairs if on_stairs is not None else level_at(state.map_id, state.map_changes, p.pose.centre)


def _ground_cover(state: GameState, shooter: Vec, o: PersonState) -> str:
    """A man lying right behind a low wall is safe from a shot across it, and only -2 to hit in a turn he
    puts his head up to fire (000:L1459; reading EL3); standing, on a roof, or fired on from a roof (which
    looks down over the wall, as over rubble: 000:L1207) it does not cover him."""
    if not o.prone or not state.map_id or not has_low_walls(state.map_id) or level_of(state, o.id) > 0 \
            or level_at(state.map_id, state.map_changes, shooter) > 0:
        return "none"
    world = map_world(state.map_id, state.map_changes)
    reach = vocabulary().elevation.cover_reach_in
    if world is None or behind_low_wall(world, state.map_id, shooter, o.pose.centre, reach) is None:
        return "none"
    return "firing" if o.fired_turn == state.turn else "full"


def _vehicle_combatants(state: GameState) -> dict[str, Combatant]:
    counters = state.rules.movement.handling.counters
    return {v.id: combatant_of(v.id, v.spec.kind.value, "car", v.pose, v.spec.counter(counters), v.speed, v.travel,
                               v.sheet) for v in state.vehicles}


def problem(state: GameState, a: PersonAction | object, acting: list[str]) -> str | None:
    """Why a person's action (or a vehicle's GetOut) is illegal now, or None."""
    if not playing(state):
        return "people do not leave their vehicles in this game (rule option people = off)"
    who = getattr(a, "vehicle", "")
    if isinstance(a, Shoot) and person(state, who) is None and who.split(".", 1)[0] in acting:
        return None if a in inside_fire_options(state, who.split(".", 1)[0]) else \
            f"{who} cannot fire his {a.weapon} at {a.target} from inside now"
    if who not in acting:
        return f"{who} is not to act now"
    if isinstance(a, GetOut):
        return None if a in leave_options(state, a.vehicle) else f"{a.crew} cannot leave {a.vehicle} now"
    if isinstance(a, Fire):
        return None if a in vehicle_fire_options(state, a.vehicle) else \
            f"{a.vehicle} cannot fire {a.weapon} at {a.target} now (arc, line of fire, crew or shots)"
    p = person(state, who)
    if p is None:
        return f"there is nobody called {who!r}"
    if isinstance(a, Pick):
        return None if a in pick_options(state, who) else \
            "no area shot at his men waits for his pick, or that is not an order of its swept men (000:L945)"
    if picks_waiting(state, who):
        return "first say who of his men an area shot's hits fall on (000:L945)"
    if isinstance(a, Pass):
        return None if state.step == FIRE else "people pass only in the fire step"
    if isinstance(a, Sprint):
        return None if state.step == MOVE and a in walk_options(state, who) and who in acting else \
            "he may sprint at his first step of a turn, standing, before firing, with seconds of sprint left (000:L1441)"
    if isinstance(a, Climb):
        return None if state.step == MOVE and who in acting and a in walk_options(state, who) else \
            "a square up or down the stairway he stands on, in phase 1 of a turn he has not moved on it (000:L1442)"
    if isinstance(a, (Walk, Prone)):
        if state.step != MOVE:
            return "people walk, drop prone or stand up in the movement step"
        if isinstance(a, Walk):
            return _step_problem(state, p, a.dx, a.dy)
        return None if a.down != p.prone else ("he is prone already" if a.down else "he is standing")
    if state.step == FIRE and isinstance(a, Strike) and not may_fire(state, p) and blows_left(state, p) > 0:
        return None if a in _extra_blows(state, p) else \
            "his Martial Arts blow more is at a man within his reach, one a fire step (000:L1332, PD44)"
    if state.step != FIRE or not may_fire(state, p):
        return "he cannot fire now (once a turn, not while getting out or up: 000:L1449, L1461)"
    if isinstance(a, GetIn):
        return None if a in _get_in_options(state, p) else f"he cannot get into {a.into} now (000:L1472)"
    if isinstance(a, Board):
        return None if a in _board_options(state, p) else \
            f"he cannot get onto {a.onto} now (beside it or beneath his roof, standing, a roll 12 can make: " \
            "000:L1474-L1493)"
    if isinstance(a, GetOff):
        return None if a in _board_options(state, p) else "he rides nothing he could swing down from now (000:L1501)"
    if isinstance(a, Reload):
        return None if a in _reload_options(state, p) else \
            "he has no spare clip for a weapon that is not full (000:L1457, L1505)"
    if isinstance(a, Shoot):
        return None if a in list(_options(state, p)) else f"{a.target} cannot be shot with {a.weapon} from here"
    if isinstance(a, Strike):
        return None if a in list(_options(state, p)) else \
            f"{a.target} is not in reach of his hands (adjacent, not after half his move: 000:L1453-L1455)"
    if isinstance(a, Throw):
        if a.grenade not in p.grenades:
            return f"he carries no {a.grenade} grenade"
        if (Vec(a.x, a.y) - p.pose.centre).length() > tables_of(state).throw.max_range:
            return f"a grenade is thrown {tables_of(state).throw.max_range:g}\" at most (000:L1196)"
        lo, hi = tables_of(state).throw.fuse_seconds
        return None if a.fuse == 0 or lo <= a.fuse <= hi else f"a timer is set to {lo}-{hi} seconds (000:L1174)"
    return "that action is not available now"


def declare(ctx: Ctx, a: Shoot | Throw | Strike) -> None:
    """A shot or throw is declared now and resolved with the phase's other fire (000:L819); he may not
    move for the rest of the turn (000:L1449)."""
    p = person(ctx.state, a.person)
    if p is None and isinstance(a, Shoot):
        declare_inside(ctx, a)
        return
    assert p is not None
    if isinstance(a, Throw):
        left = list(p.grenades)
        left.remove(a.grenade)
        p = replace(p, grenades=tuple(left))
    blow = isinstance(a, Strike) and person(ctx.state, a.target) is not None   # a blow at a man (PD44)
    if blow and (p.fired_turn != ctx.state.turn or p.blows_turn == ctx.state.turn):   # his first action, or more
        p = replace(p, blows=(p.blows if p.blows_turn == ctx.state.turn else 0) + 1, blows_turn=ctx.state.turn)
    put(ctx, replace(p, fired_turn=ctx.state.turn))
    ctx.state = evolve(ctx.state, people_declared=ctx.state.people_declared + (a,),
                       fire_passed=ctx.state.fire_passed + (a.person,))


def resolve(ctx: Ctx, since: int | None = None) -> None:
    """The people's shots and throws of this phase, grenades landing and going off (000:L1175); `since`:
    where the fire step's own events begin in the log, for the bursts of its hits (000:L944). With people
    off only the vehicles' grenade launchers are played here (their grenades' work on vehicles, PD30)."""
    if not playing(ctx.state):
        _launchers_only(ctx, since)
        return
    if since is not None:
        bursts_after(ctx, since)
        launcher_grenades(ctx, since)
    for a in ctx.state.people_declared:
        if isinstance(a, Shoot):
            _shoot(ctx, a)
        elif isinstance(a, Fire):
            _vehicle_shot(ctx, a)
        elif isinstance(a, Strike):
            _strike(ctx, a)
        else:
            _throw(ctx, a)
    ctx.state = evolve(ctx.state, people_declared=(), area_picks=())
    _landings(ctx)
    if ctx.state.phase == ctx.rules.movement.chart.phases_per_turn:
        _timed_blasts(ctx)
        _burning_underfoot(ctx)
        _sprints_at_turn_end(ctx)
        _tear_gas_at_turn_end(ctx)
        for v in ctx.state.vehicles:   # a second of starting gone each turn (000:L1472)
            if v.starting:
                ctx.update(v.id, starting=v.starting - 1)


def _speed_of(state: GameState, p: PersonState) -> float:
    """A pedestrian who has walked this turn is moving (reading PD17); else he stands still."""
    per_turn = state.rules.movement.chart.phases_per_turn
    if p.walked <= clock(state.turn, 0, per_turn):
        return 0.0
    return foot_mph(state, p)


def hand_to_hit(state: GameState, a: Shoot) -> ToHit:
    """The roll a pedestrian's shot needs now, with every modifier (000:L901-L940, L1164-L1171, L1459):
    what the fire panel shows and what the shot rolls against."""
    t = tables_of(state)
    p = person(state, a.person)
    assert p is not None
    w = t.hand_weapons[a.weapon]
    skill = None if p.skill == -99 else p.skill
    o = person(state, a.target)
    climb = level_of(state, a.target) - level_of(state, p.id)   # up costs, down is free (000:L1215)
    if o is not None:
        shot = Shot(base=w.to_hit, range=(o.pose.centre - p.pose.centre).length(), target="pedestrian",
                    target_speed=_speed_of(state, o), firer_speed=_speed_of(state, p), gunner_skill=skill,
                    height_ft=climb, visibility=person_visibility(state))   # weather and light (000:L923-L924)
        cover = _ground_cover(state, p.pose.centre, o)
        return _gassed(state, p, person_to_hit(PersonShot("pedestrian", w, prone=o.prone and cover == "none",
                                                          cover=cover, aloft=aloft_modifier(state, o.id)),
                                               shot, t, state.rules.combat))
    v = state.vehicle(a.target)
    size = v.spec.counter(state.rules.movement.handling.counters)
    shot = Shot(base=w.to_hit, range=range_to(p.pose.centre, v.pose, size),
                target=target_type_of(v.spec.kind.value, v.spec.body), target_side=struck_side(v.pose, size, p.pose.centre),
                target_speed=v.speed, firer_speed=_speed_of(state, p), gunner_skill=skill, height_ft=climb,
                visibility=person_visibility(state))
    return _gassed(state, p, person_to_hit(PersonShot("pedestrian", w), shot, t, state.rules.combat))


def _shoot(ctx: Ctx, a: Shoot) -> None:
    s, t = ctx.state, tables_of(ctx.state)
    p = person(s, a.person)
    if p is None:
        _shoot_from_inside(ctx, a)
        return
    if p.shots <= 0:
        return
    w = t.hand_weapons[a.weapon]
    th = hand_to_hit(s, a)
    put(ctx, replace(p, shots=p.shots - 1))
    if not is_person(s, a.target):
        v = s.vehicle(a.target)
        size = v.spec.counter(ctx.rules.movement.handling.counters)
    made = roll_to_hit(th, w.to_hit, f"{p.name} fires his {w.name} at {a.target}", "", "", ctx.dice, ctx.log,
                       p.id, w.key, a.target)
    if not made or not made[0] or w.dice is None:
        return
    points = ctx.roll(w.dice, f"{w.name} damage", "000:L1449", p.id) if w.dice.n else w.dice.mod
    ctx.log.add(DamageRolled(f"{w.name} hits {a.target} for {points}", "000:L941", p.id, weapon=w.key,
                             target=a.target, expr=str(w.dice), faces=(), points=points))
    if is_person(ctx.state, a.target):
        hurt(ctx, a.target, points, WEAPON, f"{p.name}'s {w.name}", "000:L1450, L1457")
    else:
        _hit_vehicle(ctx, a.target, struck_side(v.pose, size, p.pose.centre), damage_to_vehicle(w, points),
                     f"{p.name}'s {w.name}")


def _hit_vehicle(ctx: Ctx, vid: str, face: str, points: int, cause: str) -> None:
    v = ctx.v(vid)
    if points <= 0:
        ctx.log.add(DamageRolled(f"{cause} does nothing to {vid}'s armor", "000:L1167", vid,
                                 weapon="", target=vid, expr="", faces=(), points=0))
        return
    inside_ = interior_of(v.sheet, v.spec.kind.value)
    sheet, inner, _report = hit(v.sheet, inside_, face, points, ctx.dice, location_roll=False)
    sheet = sheet_with(sheet, inner)
    ctx.update(vid, sheet=sheet, out=v.out or sheet.destroyed)


def throw_need(state: GameState, p: PersonState, x: float, y: float) -> int:
    """A throw's need: 9 with the range's modifiers (000:L1176, L1196)."""
    rm = range_modifier((Vec(x, y) - p.pose.centre).length(), state.rules.combat)
    gas = gas_effect(state, p)
    return (tables_of(state).throw.need - (rm.value if rm else 0) - (gas.to_hit if gas else 0)
            + throw_height_penalty(state, p, Vec(x, y)))


def _throw(ctx: Ctx, a: Throw) -> None:
    """Thrown: it lands a second later (000:L1175); the throw's need is 9 with the range's modifiers
    (000:L1176, L1196); the roll is made as it touches down (002:L17)."""
    s, t = ctx.state, tables_of(ctx.state)
    p = person(s, a.person)
    if p is None:
        return
    need = throw_need(s, p, a.x, a.y)
    per_turn = ctx.rules.movement.chart.phases_per_turn
    lands = now(s) + t.throw.flight_turns * per_turn
    g = Grenade(f"G{s.grenades_thrown + 1}", a.grenade, p.id, (p.pose.x, p.pose.y), (a.x, a.y), need, lands,
                a.fuse, explodes=s.turn + a.fuse if a.fuse else 0)
    ctx.state = evolve(ctx.state, grenades=ctx.state.grenades + (g,), grenades_thrown=s.grenades_thrown + 1)
    fuse = "an impact fuse" if not a.fuse else f"a {a.fuse}-second timer"
    ctx.log.add(GrenadeThrown(f"{p.name} throws a {t.grenades[a.grenade].name.lower()} grenade with {fuse} "
                              f"(needs {need})", "000:L1174-L1176", p.id, grenade=a.grenade, aim=Vec(a.x, a.y),
                              lands_turn=s.turn + t.throw.flight_turns, lands_phase=s.phase, fuse=a.fuse))


def throw_height_penalty(state: GameState, p: PersonState, aim: Vec) -> int:
    """A throw up or down is -1 for every full 10 ft between his level and the aimed spot's (000:L1215)."""
    c = state.rules.combat
    diff = abs(level_at(state.map_id, state.map_changes, aim) - level_of(state, p.id))
    return int(diff // c.elevation_step_ft) * -c.mod("firing_up").value


def _landings(ctx: Ctx) -> None:
    t = tables_of(ctx.state)
    for g in ctx.state.grenades:
        if g.point is not None or g.lands > now(ctx.state):
            continue
        roll = ctx.roll(DiceExpr(2), f"grenade {g.id} touches down: the throw", "000:L1176", g.thrower)
        sc = scatter(roll, t=t) if roll == t.throw.exact_on else _rolled_scatter(ctx, roll, g)
        point = landing(g.origin, g.aim, sc, t)
        ctx.log.add(GrenadeLanded(f"grenade {g.id} lands {sc.direction}"
                                  + ("" if sc.exact else f" ({sc.side_squares} and {sc.along_squares} squares off)"),
                                  "000:L1176-L1191", g.thrower, grenade=g.kind, aim=Vec(*g.aim), point=Vec(*point),
                                  exact=sc.exact, direction=sc.direction))
        point = _bounced(ctx, g, point)
        g2 = replace(g, point=point)
        ctx.state = evolve(ctx.state, grenades=tuple(g2 if x.id == g.id else x for x in ctx.state.grenades))
        if not g.fuse:
            _blast(ctx, g2)


def _bounced(ctx: Ctx, g: Grenade, point: tuple[float, float]) -> tuple[float, float]:
    """A grenade meeting a building, wall or vehicle on its way down (000:L1195): with an impact fuse it goes
    off where it struck; else it bounces 1d-1 squares back toward the thrower (reading PD34) and stops. What
    it comes down on at the end of its flight (the side of the car aimed at) is where it lands, not a bounce."""
    s, t = ctx.state, tables_of(ctx.state)
    start, end = Vec(*g.origin), Vec(*point)
    length = (end - start).length()
    if length <= 0:
        return point
    met = first_on_line(_vehicle_combatants(s), s.map_id, start, end, (), s.map_changes)
    if met is None or (met[1] - start).length() >= length - t.person.square / 2:
        return point
    what, at = met
    back = (start - at) * (1 / max((start - at).length(), 1e-9))
    if not g.fuse:
        hit = at + back * 0.01   # just this side of what it struck
        ctx.log.add(GrenadeLanded(f"grenade {g.id} strikes {what} in flight and goes off there", "000:L1195",
                                  g.thrower, grenade=g.kind, aim=Vec(*g.aim), point=hit, exact=False,
                                  direction="struck"))
        return (hit.x, hit.y)
    squares = max(0, ctx.roll(t.throw.bounce, f"grenade {g.id} bounces off {what}", "000:L1195", g.thrower))
    room = max(0.0, (start - at).length() - 0.01)
    off = at + back * min(room, 0.01 + squares * t.person.square)
    ctx.log.add(GrenadeLanded(f"grenade {g.id} bounces off {what}, {squares} square{'s' if squares != 1 else ''} back",
                              "000:L1195", g.thrower, grenade=g.kind, aim=Vec(*g.aim), point=off, exact=False,
                              direction="bounced"))
    return (off.x, off.y)


def _flash(ctx: Ctx, g: Grenade, kind: GrenadeType, at: Vec) -> None:
    """A flash grenade at night (no starshell over the table) blinds every man within 2" with a clear line
    to it (no vehicle, wall or smoke or paint cloud between) for a second, two with light-intensifier
    goggles: he may not fire or throw (002:L91, reading PD37)."""
    s = ctx.state
    if s.options.visibility != "night" or table_lit(s):
        return
    per_turn = ctx.rules.movement.chart.phases_per_turn
    for p in list(s.people):
        if p.down or (p.pose.centre - at).length() > kind.blind_radius + 1e-9:
            continue
        if blocker(_vehicle_combatants(s), s.map_id, at, p.pose.centre, mounts(s, p.id), s.map_changes) is not None:
            continue
        if cloud_inches(s.counters, at, p.pose.centre, ctx.rules.combat, now=(s.turn, s.phase)) > 0:
            continue   # smoke or paint between: he cannot see it (002:L91)
        turns = kind.blind_turns * (2 if set(p.gear) & set(kind.blind_doubled_by) else 1)
        put(ctx, replace(p, blind_until=max(p.blind_until, now(ctx.state) + turns * per_turn)))
        ctx.log.add(PersonBlinded(f"{p.name} is blinded by the flash for {turns} second{'s' if turns != 1 else ''}",
                                  kind.source, p.id, turns=turns))


def _foam(ctx: Ctx, g: Grenade, kind: GrenadeType, at: Vec) -> None:
    """A foam grenade within 1/2" of a burning vehicle puts its fire out on a 1 on 1d (000:L1581); on a
    vehicle it blocks sight as paint does (000:L1581; reading PD36)."""
    counters = ctx.rules.movement.handling.counters
    _foam_on_windows(ctx, g, kind, at)
    for v in list(ctx.state.vehicles):
        if not v.sheet.on_fire:
            continue
        near = nearest_point(footprint(v.pose, v.spec.counter(counters)), at)
        if (near - at).length() > kind.puts_out_within + 1e-9:
            continue
        r = ctx.roll(DiceExpr(1), f"foam on {v.id}'s fire: puts it out on {kind.puts_out_on} or less", kind.source, g.thrower)
        if r <= kind.puts_out_on:
            ctx.update(v.id, sheet=replace(ctx.v(v.id).sheet, on_fire=False))
            ctx.log.add(FireOut(f"the foam puts out {v.id}'s fire", kind.source, v.id))


def _foam_on_windows(ctx: Ctx, g: Grenade, kind: GrenadeType, at: Vec) -> None:
    """Every vehicle whose counter lies within the foam's reach has it on its windows, as paint: -2 to its
    fire to the end of the next turn (000:L1053, L1581); a no-paint windshield keeps it off, as paint
    (000:L2636)."""
    if kind.paints_within <= 0:
        return
    counters = ctx.rules.movement.handling.counters
    paint = ctx.rules.combat.dropped["paint"]
    for v in list(ctx.state.vehicles):
        if v.out or (nearest_point(footprint(v.pose, v.spec.counter(counters)), at) - at).length() > kind.paints_within + 1e-9:
            continue
        if paint.spared_by and any(p.kind == "accessory" and p.id.rstrip("0123456789") == paint.spared_by
                                   for p in v.sheet.components):
            continue
        until = ctx.state.turn + paint.paint_turns
        ctx.update(v.id, paint_until=max(ctx.v(v.id).paint_until, until))
        ctx.log.add(PaintOnWindows(f"foam on {v.id}'s windows: -2 to its fire until the end of turn {until}",
                                   "000:L1581, L1053", v.id, counter=g.id, until_turn=until))


def _rolled_scatter(ctx: Ctx, roll: int, g: Grenade) -> Scatter:
    t = tables_of(ctx.state)
    d = ctx.roll(DiceExpr(1), "grenade direction", "000:L1178-L1184")
    side, along = t.throw.direction[d]
    ls = ctx.roll(DiceExpr(1), "long or short (even: long)", "000:L1193") if along == "either" else None
    missed = max(0, g.need - roll)
    row = t.throw.distance_row(missed).squares
    wanted = (1 if side else 0) + (1 if along else 0)
    rolls = tuple(ctx.roll(DiceExpr(row.n), "grenade distance", "000:L1185-L1191") for _ in range(wanted))
    near = (Vec(*g.aim) - Vec(*g.origin)).length() < ctx.rules.combat.point_blank_below
    return scatter(roll, g.need, d, ls, rolls, point_blank=near, t=t)


def _timed_blasts(ctx: Ctx) -> None:
    for g in ctx.state.grenades:
        if g.fuse and g.point is not None and g.explodes <= ctx.state.turn:
            _blast(ctx, g)


def _blast(ctx: Ctx, g: Grenade) -> None:
    """What it does where it went off (000:L1568-L1590): people within its radius and vehicles within
    theirs take its dice, each rolled apart; people inside vehicles are safe behind the armor."""
    t = tables_of(ctx.state)
    kind = t.grenades[g.kind]
    ctx.state = evolve(ctx.state, grenades=tuple(x for x in ctx.state.grenades if x.id != g.id))
    assert g.point is not None
    at = Vec(*g.point)
    ctx.log.add(GrenadeExploded(f"grenade {g.id} ({kind.name.lower()}) goes off", kind.source, g.thrower,
                                grenade=g.kind, point=at))
    if kind.puts_out_on:
        _foam(ctx, g, kind, at)
    if kind.blind_turns:
        _flash(ctx, g, kind, at)
    if kind.cloud:   # smoke, paint, flaming oil: the standard counter where it went off (000:L1579, L1583-L1590)
        owners = {p.id: p.owner for p in ctx.state.people} | {v.id: v.owner for v in ctx.state.vehicles}
        owner = owners.get(g.thrower, "")
        cloud = Counter(kind.cloud, Pose.at(at.x, at.y, 0), kind.cloud_inches, kind.cloud_inches, ctx.state.turn,
                        ctx.state.phase, owner=owner, weapon=g.kind)   # the grenade type: tear gas is known from smoke
        add_counters(ctx, [cloud], f"a {kind.name.lower()} grenade's cloud", kind.source)
    level = level_at(ctx.state.map_id, ctx.state.map_changes, at)   # a roof's blast stays on it (EL6)
    if kind.people is not None:
        for p in list(ctx.state.people):
            if p.state != DEAD and (p.pose.centre - at).length() <= kind.person_radius + 1e-9 \
                    and level_of(ctx.state, p.id) == level:
                pts = ctx.roll(kind.people, f"{kind.name.lower()} grenade on {p.name}", kind.source, p.id)
                hurt(ctx, p.id, pts, WEAPON, f"a {kind.name.lower()} grenade", kind.source)
    if kind.vehicles is not None and level == 0:
        counters = ctx.rules.movement.handling.counters
        for v in list(ctx.state.vehicles):
            size = v.spec.counter(counters)
            if (nearest_point(footprint(v.pose, size), at) - at).length() <= kind.vehicle_radius + 1e-9:
                pts = ctx.roll(kind.vehicles, f"{kind.name.lower()} grenade on {v.id}", kind.source, v.id)
                _hit_vehicle(ctx, v.id, struck_side(v.pose, size, at), pts, f"a {kind.name.lower()} grenade")


# --- vehicles running people down (000:L1451, L2518) ---------------------------------------------------


def run_over(ctx: Ctx) -> None:
    """A moving vehicle whose counter now covers a pedestrian's square has hit him: a collision at its
    speed, the pedestrian's DM 1/5 (000:L390, L1451); bumper spikes on the side that struck add their die,
    doubled against a pedestrian (000:L2518). Each vehicle meets each man once a phase."""
    s = ctx.state
    if not s.people:
        return
    counters = ctx.rules.movement.handling.counters
    up = {a[0] for a in s.aloft}   # ejected men in the air pass over the cars (rules/play/ejection.py)
    for v in s.vehicles:
        if v.speed <= 0:
            continue
        poly = footprint(v.pose, v.spec.counter(counters))
        for p in ctx.state.people:
            if p.state == DEAD or p.id in up or p.riding or not inside(poly, p.pose.centre):
                continue
            mark = f"{v.id}@{now(ctx.state)}"
            if mark in p.struck_by:
                continue
            put(ctx, replace(p, struck_by=p.struck_by + (mark,)))
            _collide(ctx, v, p)


def _collide(ctx: Ctx, v: VehicleState, p: PersonState) -> None:
    dice = ram_dice(v.speed)
    if dice is None:
        return
    total = ctx.roll(dice, f"{v.id} hits {p.name} at {v.speed:g} mph", "000:L1451", v.id)
    side = _striking_side(v)
    spikes = any(c.id == "bumper_spikes" and c.location == side for c in v.sheet.components)
    spike = ctx.roll(ctx.rules.collisions.spike_dice, "bumper spikes", "000:L2518", v.id) if spikes else 0
    dm: Fraction = damage_modifier(v.spec.weight)
    to_vehicle, to_person = ram_damages(total, (dm, ctx.rules.collisions.pedestrian_dm), spikes=(spike, 0),
                                        pedestrians=(False, True))
    ctx.log.add(PersonRunOver(f"{v.id} runs into {p.name}: {to_person} to him, {to_vehicle} to its {side}",
                              "000:L390, L1451" + (", L2518" if spikes else ""), v.id, person=p.id, speed=v.speed,
                              ram=str(dice), to_person=to_person, to_vehicle=to_vehicle))
    hurt(ctx, p.id, to_person, COLLISION, f"{v.id}'s {side}", "000:L1451")
    if to_vehicle > 0:
        w = ctx.v(v.id)
        sheet, inner, _r = collision_hit(w.sheet, interior_of(w.sheet, w.spec.kind.value), side, to_vehicle, ctx.dice)
        ctx.update(v.id, sheet=sheet_with(sheet, inner))


def _striking_side(v: VehicleState) -> str:
    """The vehicle's side nearest the man: front when it drives forward onto him, back in reverse."""
    return "back" if v.reverse else "front"


# --- the engine's questions ---------------------------------------------------------------------------


def fire_step_actors(state: GameState) -> list[str]:
    """Who besides the vehicles' gunners decides in this fire step: vehicles whose crew may leave,
    and people on foot with a shot or a throw."""
    if not playing(state):
        return []
    actors = [v.id for v in state.vehicles if may_leave(state, v.id) or vehicle_fire_options(state, v.id)] \
        + fire_actors(state)
    return actors + [o.id for _a, o, _v in _picks_pending(state) if o.id not in actors]


def may_walk_now(state: GameState, pid: str) -> bool:
    p = person(state, pid)
    return p is not None and may_walk(state, p)


def options(state: GameState, pid: str) -> list[Action]:
    """A person's legal actions now (sorted by text form); an area shot's pick waiting for him comes first."""
    if state.step == MOVE:
        return list(walk_options(state, pid))
    if picks_waiting(state, pid):
        return list(pick_options(state, pid))
    return [*fire_options(state, pid), Pass(pid)]


def fallen(state: GameState) -> tuple[tuple[str, str], ...]:
    return tuple((p.id, "killed" if p.state == DEAD else "knocked out") for p in state.people if p.down)


def apply(ctx: Ctx, a: Action) -> None:
    if isinstance(a, GetOut):
        get_out(ctx, a)
    elif isinstance(a, Walk):
        walk(ctx, a)
    elif isinstance(a, Prone):
        go_prone(ctx, a)
    elif isinstance(a, Climb):
        climb(ctx, a)
    elif isinstance(a, Pick):
        ctx.state = evolve(ctx.state, area_picks=ctx.state.area_picks + ((_area_key(a.shooter, a.weapon, a.person),
                                                                         a.order),))
    elif isinstance(a, Sprint):
        sprint(ctx, a)
    elif isinstance(a, (Shoot, Throw, Strike)):
        declare(ctx, a)
    elif isinstance(a, GetIn):
        get_in(ctx, a)
    elif isinstance(a, Board):
        _board(ctx, a)
    elif isinstance(a, GetOff):
        _get_off(ctx, a)
    elif isinstance(a, Reload):
        _reload(ctx, a)
    elif isinstance(a, Fire):
        declare_vehicle_fire(ctx, a)
    elif isinstance(a, Pass):
        ctx.state = evolve(ctx.state, fire_passed=ctx.state.fire_passed + (a.vehicle,))


def target_points(state: GameState, p: PersonState) -> list[tuple[str, Vec]]:
    """Every target he could aim at, and the point of it nearest him."""
    return list(_targets(state, p))


def seen_by(state: GameState, pid: str, enemy: str) -> bool:
    """Whether the enemy (a vehicle or a person) has a clear line of fire to this person's square."""
    p = person(state, pid)
    assert p is not None
    other = person(state, enemy)
    origin = other.pose.centre if other is not None else state.vehicle(enemy).pose.centre
    cs = _vehicle_combatants(state)
    return blocker(cs, state.map_id, origin, p.pose.centre, (enemy, *mounts(state, pid, enemy)), state.map_changes,
                   (level_of(state, enemy), level_of(state, pid))) is None


def reach(state: GameState, p: PersonState) -> float:
    """How far his weapon shoots (0 with no weapon or no shots left)."""
    t = tables_of(state)
    w = t.hand_weapons.get(p.weapon) if p.weapon else None
    return hand_range(w, t) if w is not None and p.shots > 0 else 0.0


# --- climbing aboard and riding on top (000:L1474-L1503) ----------------------------------------------


def _riding_rules(state: GameState) -> Riding | None:
    return tables_of(state).riding if playing(state) else None


def _mph_to_board(state: GameState, p: PersonState, v: VehicleState) -> float:
    """The speed the boarding table is read at: from the side 15 mph more, a tractor 5 more, the worse one
    only (000:L1483); a vehicle standing still is climbed as at 0 mph from anywhere (reading PD39: the
    extras are for keeping up with a moving one)."""
    if v.speed == 0:
        return 0.0
    t, r = tables_of(state), _riding_rules(state)
    size = v.spec.counter(state.rules.movement.handling.counters)
    side = t.boarding_side_extra_mph if struck_side(v.pose, size, p.pose.centre) in ("left", "right") else 0.0
    tractor = r.tractor_extra_mph if r is not None and v.spec.kind.value == "tractor" else 0.0
    return abs(v.speed) + max(side, tractor)


def board_need(state: GameState, p: PersonState, v: VehicleState) -> int:
    """2d to get onto this vehicle from where he is: 0 automatic, -1 impossible. From the ground, climbing
    aboard (000:L1474-L1483); from a roof, dropping onto it as it passes (000:L1485-L1492); riding another
    vehicle, jumping across (000:L1493). Readings PD39, PD42."""
    d = tables_of(state).dropping_on
    if d is not None and p.riding and p.riding != v.id:
        return drop_on.jump_need(state, d, state.vehicle(p.riding), v)
    if d is not None and not p.riding and level_of(state, p.id) > 0:
        return drop_on.drop_need(state, d, v, abs(v.speed))
    return tables_of(state).boarding_need(_mph_to_board(state, p, v))


def board_how(state: GameState, p: PersonState) -> str:
    """How he gets onto a vehicle from where he is: climbs, drops (from a roof) or jumps (from his mount)."""
    if tables_of(state).dropping_on is None:
        return "climbs"
    return "jumps" if p.riding else "drops" if level_of(state, p.id) > 0 else "climbs"


def _board_options(state: GameState, p: PersonState) -> list[Board | GetOff]:
    """Onto any vehicle whose counter his square touches (000:L1483: any time it is adjacent), when the
    table allows it at that speed; riding, swinging down when the speed allows it (000:L1501)."""
    r = _riding_rules(state)
    if r is None or p.prone:
        return []
    out: list[Board | GetOff] = []
    if p.riding and tables_of(state).boarding_need(abs(state.vehicle(p.riding).speed)) >= 0:
        out.append(GetOff(p.id))
    if p.riding and tables_of(state).dropping_on is None:
        return out
    sq = tables_of(state).person.square
    counters = state.rules.movement.handling.counters
    for v in state.vehicles:
        if v.sheet.destroyed or v.left_map or v.id == p.riding:
            continue
        near = p.riding or (nearest_point(footprint(v.pose, v.spec.counter(counters)), p.pose.centre)
                            - p.pose.centre).length() <= sq * 0.75   # a rider's reach: jump_need's
        if near and board_need(state, p, v) >= 0:
            out.append(Board(p.id, v.id))
    return out


def _board(ctx: Ctx, a: Board) -> None:
    """His action for the turn: the roll by speed (none at 10 mph or less); made, he is on top, a second
    reaching it (000:L1496); missed, he hits the ground as if rammed at the speed less 10 mph (000:L1495)."""
    p, r = person(ctx.state, a.person), _riding_rules(ctx.state)
    assert p is not None and r is not None
    v = ctx.v(a.onto)
    need, how = board_need(ctx.state, p, v), board_how(ctx.state, p)
    verb, rule = {"climbs": ("climbs onto", "000:L1474-L1482, L1496"), "drops": ("drops onto", "000:L1485-L1492"),
                  "jumps": (f"jumps from {p.riding} to", "000:L1493")}[how]
    made = need == 0 or ctx.roll(DiceExpr(2), f"{p.name} {verb} {v.id} at {v.speed:g} mph: needs {need}",
                                 r.source, p.id) >= need
    per_turn = ctx.rules.movement.chart.phases_per_turn
    ctx.state = evolve(ctx.state, fire_passed=ctx.state.fire_passed + (p.id,))
    if made:
        put(ctx, replace(p, riding=v.id, pose=Pose.at(v.pose.x, v.pose.y, v.pose.facing), fired_turn=ctx.state.turn,
                         busy_until=now(ctx.state) + r.reach_top_turns * per_turn))
        ctx.log.add(PersonRode(f"{p.name} {verb} {v.id}" + (f" at {v.speed:g} mph" if v.speed else ""),
                               rule, v.id, person=p.id, onto=v.id, aboard=True, need=need, made=True))
        return
    _missed_board(ctx, p, v, how, need)


def _missed_board(ctx: Ctx, p: PersonState, v: VehicleState, how: str, need: int) -> None:
    """A miss: he hits the ground as if rammed at the speed less 10 mph (000:L1495): the speed of the
    vehicle he jumped from, else the one he tried; a missed drop onto a tractor doubles it (000:L1487).
    From a roof or a mount he lands beside the vehicle he tried, on the street (reading PD42)."""
    t = tables_of(ctx.state)
    speed = ctx.v(p.riding).speed if how == "jumps" else v.speed
    moved = replace(p, fired_turn=ctx.state.turn, riding="") if how == "climbs" else \
        replace(p, fired_turn=ctx.state.turn, riding="", pose=beside(ctx.state, v))
    put(ctx, moved)
    ctx.log.add(PersonRode(f"{p.name} misses {v.id} at {v.speed:g} mph and hits the ground",
                           "000:L1495", v.id, person=p.id, onto=v.id, aboard=False, need=need, made=False))
    dice = boarding_failure_damage(speed, t)
    times = drop_on.failure_times(t.dropping_on, v) if how != "climbs" and need != 0 else 1
    _hit_ground(ctx, p.id, dice, "000:L1487, L1495" if times > 1 else "000:L1495", times)


def _get_off(ctx: Ctx, a: GetOff) -> None:
    """Swinging down from a moving vehicle: the roll of climbing aboard at its speed (000:L1501); he lands
    beside it, and a miss hurts as a failed climb (000:L1495)."""
    p, r = person(ctx.state, a.person), _riding_rules(ctx.state)
    assert p is not None and r is not None
    v, t = ctx.v(p.riding), tables_of(ctx.state)
    need = t.boarding_need(abs(v.speed))
    made = need == 0 or ctx.roll(DiceExpr(2), f"{p.name} swings down from {v.id} at {v.speed:g} mph: needs {need}",
                                 r.source, p.id) >= need
    ctx.state = evolve(ctx.state, fire_passed=ctx.state.fire_passed + (p.id,))
    _off(ctx, p, v, f"{p.name} swings down from {v.id}" + ("" if made else " and falls"), "000:L1501", need, made)
    if not made:
        _hit_ground(ctx, p.id, boarding_failure_damage(v.speed, t), "000:L1495")


def _off(ctx: Ctx, p: PersonState, v: VehicleState, text: str, rule: str, need: int, made: bool) -> None:
    """Off the top and into the square beside the vehicle, acting again from the next turn (000:L1470)."""
    per_turn = ctx.rules.movement.chart.phases_per_turn
    put(ctx, replace(p, riding="", pose=beside(ctx.state, v), fired_turn=ctx.state.turn,
                     busy_until=max(p.busy_until, clock(ctx.state.turn + 1, 1, per_turn))))
    ctx.log.add(PersonRode(text, rule, v.id, person=p.id, onto=v.id, aboard=False, need=need, made=made))


def _hit_ground(ctx: Ctx, pid: str, dice: DiceExpr | None, rule: str, times: int = 1) -> None:
    p = person(ctx.state, pid)
    if dice is None or p is None:
        return
    points = ctx.roll(dice, f"{p.name} hits the ground" + (f" (x{times})" if times > 1 else ""), rule, pid) * times
    hurt(ctx, pid, points, COLLISION, "hitting the ground", rule)


def carry_riders(ctx: Ctx, since: int) -> int:
    """Riders go where their vehicle goes; every hazard of D2 or more or maneuver of D3 or more it met since
    event `since` makes each roll 3 + 1 per 10 mph to stay on, a miss throwing him off with a jump's damage
    (000:L1502, L1470); a crash throws him clear with a failed climb's (000:L1501). The events seen so far."""
    r = _riding_rules(ctx.state)
    events = ctx.log.events
    if r is None or not any(p.riding for p in ctx.state.people):
        return len(events)
    new = events[since:]
    for p in [p for p in ctx.state.people if p.riding]:
        v = ctx.v(p.riding)
        shakes = _shakes(new, v.id, r)
        crashed = v.mode in (Mode.SPIN, Mode.ROLL) or any(isinstance(e, CrashRolled) and e.vehicle == v.id for e in new)
        if p.down:
            shakes = 0
        if crashed and not p.down:
            _off(ctx, p, v, f"{p.name} jumps clear of {v.id}'s crash", "000:L1501", 0, False)
            _hit_ground(ctx, p.id, boarding_failure_damage(v.speed, tables_of(ctx.state)), "000:L1495, L1501")
            continue
        need = r.stay_on_base + int(abs(v.speed) // r.stay_on_per_mph)
        thrown = any(ctx.roll(DiceExpr(2), f"{p.name} holds on atop {v.id}: needs {need}", r.source, p.id) < need
                     for _ in range(shakes))
        if thrown:
            _off(ctx, p, v, f"{p.name} is thrown off {v.id}", "000:L1502", need, False)
            _hit_ground(ctx, p.id, jump_damage(v.speed, v.off_road, tables_of(ctx.state)), "000:L1470, L1502")
            continue
        if p.pose != Pose.at(v.pose.x, v.pose.y, v.pose.facing):
            put(ctx, replace(p, pose=Pose.at(v.pose.x, v.pose.y, v.pose.facing)))
    return len(ctx.log.events)


def _shakes(new: Sequence[object], vid: str, r: Riding) -> int:
    """How many rolls to stay on: a hazard of D2 or more, or a control roll of D3 or more that is not that
    hazard's own (000:L1502)."""
    count, after_hazard = 0, False
    for e in new:
        if isinstance(e, HazardMet) and e.vehicle == vid:
            after_hazard = e.difficulty >= r.hazard_d
            count += after_hazard
        elif isinstance(e, ControlRolled) and e.vehicle == vid:
            count += e.difficulty >= r.maneuver_d and not after_hazard
            after_hazard = False
    return count


def mounts(state: GameState, *ids: str) -> tuple[str, ...]:
    """The vehicles these men ride: a line of fire to or from a rider passes through his own mount."""
    return tuple(p.riding for p in state.people if p.id in ids and p.riding)


# --- vehicle weapons at people (000:L878, L1437) -------------------------------------------------------


def _vehicle_view(state: GameState, v: VehicleState) -> Combatant:
    counters = state.rules.movement.handling.counters
    return combatant_of(v.id, v.spec.kind.value, "car", v.pose, v.spec.counter(counters), v.speed, v.travel, v.sheet,
                        fired=frozenset(v.fired), acted=frozenset(v.fire_acted), aimed_fire=v.aimed_fire)


def vehicle_fire_options(state: GameState, vid: str) -> list[Fire]:
    """A vehicle's aimed shots at people on foot: a weapon that has not fired this turn, with shots left,
    a free crewman to fire it (000:L820), the man's square in its arc and a clear line to it (000:L826,
    L1437)."""
    if not playing(state) or not state.people or state.step != FIRE or vid in state.fire_passed:
        return []
    v = state.vehicle(vid)
    if v.out or v.sheet.destroyed:
        return []
    c = _vehicle_view(state, v)
    out = []
    for w in c.weapons:
        if ready(c, w.id) is not None or weapon_info(w.abbr).to_hit <= 0:
            continue
        why, _wids, crew = trigger(c, w.id)
        if why or crew_problem(c, crew):
            continue
        origin = lof_origin(c.pose, c.size, w.fires_from)
        for p in standing(state):
            if not in_arc(w.mount, c.pose, c.size, p.pose.centre, trike=c.kind == "trike"):
                continue
            if blocker(_vehicle_combatants(state), state.map_id, origin, p.pose.centre, (vid, *mounts(state, p.id)),
                       state.map_changes, (0.0, level_of(state, p.id))) is None and not _out_of_reach(state, Fire(vid, w.id, p.id)):
                out.append(Fire(vid, w.id, p.id))
    return sorted(out, key=str)


def declare_vehicle_fire(ctx: Ctx, a: Fire) -> None:
    """The weapon and its crewman are spent for the turn (000:L820); the shot resolves with the phase's
    fire."""
    v = ctx.v(a.vehicle)
    c = _vehicle_view(ctx.state, v)
    _why, _wids, crew = trigger(c, a.weapon)
    ctx.update(v.id, fired=v.fired + (a.weapon,), fire_acted=v.fire_acted + (crew,))
    ctx.state = evolve(ctx.state, people_declared=ctx.state.people_declared + (a,))


def _vehicle_shot(ctx: Ctx, a: Fire) -> None:
    v, o = ctx.v(a.vehicle), person(ctx.state, a.target)
    if o is None or o.down:
        return
    info = weapon_info(next(w.abbr for w in v.sheet.weapons if w.id == a.weapon))
    mount = next(w.location for w in v.sheet.weapons if w.id == a.weapon)
    size = v.spec.counter(ctx.rules.movement.handling.counters)
    origin = lof_origin(v.pose, size, mount if mount in ("front", "back", "left", "right", "turret") else "turret")
    th = vehicle_shot_to_hit(ctx.state, a, origin)
    _spend_shot(ctx, v.id, a.weapon)
    victims = [o, *swept_with(ctx.state, v.owner, o)] if info.effect == "area" else [o]
    hits = 0
    for victim in victims:   # one to-hit roll per intended victim (000:L945)
        made = roll_to_hit(th, info.to_hit, f"{v.id} fires {a.weapon} at {victim.name}", "", "", ctx.dice, ctx.log,
                           v.id, a.weapon, victim.id)
        hits += bool(made and made[0])
    if not hits or info.damage is None:
        return
    points = ctx.roll(info.damage, f"{a.weapon} damage", "000:L941", v.id)
    ctx.log.add(DamageRolled(f"{a.weapon} hits {o.name} for {points}", "000:L941", v.id, weapon=a.weapon,
                             target=o.id, expr=str(info.damage), faces=(), points=points))
    each = area_share(tables_of(ctx.state), info.abbr, points, len(victims))
    order = dict(ctx.state.area_picks).get(_area_key(a.vehicle, a.weapon, a.target), ())
    for victim in defenders_pick(ctx.state, victims, hits, order):   # how many the rolls say; who: the defender's pick
        hurt(ctx, victim.id, each, WEAPON, f"{v.id}'s {a.weapon}",
             "000:L1450, L1457" if len(victims) == 1 else "000:L945-L946, L1450")
    if info.effect == "burst":
        burst(ctx, v.id, a.weapon, o.pose.centre,
              exclude=tuple(x.id for x in defenders_pick(ctx.state, victims, hits, order)),
              abbr=info.abbr)


def _spend_shot(ctx: Ctx, vid: str, wid: str) -> None:
    v = ctx.v(vid)
    weapons = []
    for w in v.sheet.weapons:
        if w.id == wid and any(n > 0 for n in w.shots):
            i = next(k for k, n in enumerate(w.shots) if n > 0)
            w = replace(w, shots=w.shots[:i] + (w.shots[i] - 1,) + w.shots[i + 1:])
        weapons.append(w)
    ctx.update(vid, sheet=replace(v.sheet, weapons=tuple(weapons)))


def concerns(state: GameState, a: Action) -> bool:
    """Whether this module answers for the action: a person's, a crewman leaving, a shot at a person."""
    return (isinstance(a, (GetOut, Walk, Prone, Sprint, Shoot, Throw, Strike, GetIn, Board, GetOff, Reload, Climb, Pick))
            or is_person(state, a.vehicle)
            or (isinstance(a, Fire) and is_person(state, a.target)))


def seen_after(state: GameState, pid: str, enemy: str, dx: int, dy: int) -> bool:
    """Whether the enemy would have a line of fire to him one step (dx, dy) away."""
    p = person(state, pid)
    assert p is not None
    sq = tables_of(state).person.square
    moved = replace(p, pose=Pose.at(p.pose.x + dx * sq, p.pose.y + dy * sq, p.pose.facing))
    return seen_by(evolve(state, people=tuple(moved if o.id == pid else o for o in state.people)), pid, enemy)


def _out_of_reach(state: GameState, a: Fire) -> bool:
    """Too high up for this weapon from the street, or lying safe behind a low wall (EL3, 000:L1215): no
    shot to offer. Asked only of a man on a roof or lying down (any other shot is offered as before)."""
    o = person(state, a.target)
    if o is None or (not o.prone and level_of(state, o.id) <= 0):
        return False
    v = state.vehicle(a.vehicle)
    if _ground_cover(state, v.pose.centre, o) == "full":
        return True
    mount = next(w for w in v.sheet.weapons if w.id == a.weapon)
    shot = Shot(base=0, range=(o.pose.centre - v.pose.centre).length(), target="pedestrian",
                height_ft=level_of(state, o.id), from_street=not mount.universal)
    return bool(out_of_reach(shot, state.rules.combat))


def vehicle_shot_need(state: GameState, a: Fire, at: Vec | None = None) -> int:
    """The roll a vehicle's shot at a person needs (the range from the counter's centre, as the foes and
    the panel read it), or would need from a vehicle standing with its centre at `at` (the foes' planning)."""
    th = vehicle_shot_to_hit(state, a, at)
    return th.need if th.allowed else state.rules.combat.cannot_hit_at


def vehicle_shot_to_hit(state: GameState, a: Fire, origin: Vec | None = None) -> ToHit:
    """A vehicle's shot at a person, every modifier with its line: the man's height above the street
    (000:L1215: up costs; a vehicle's weapon not in a universal turret reaches 30 ft up only from farther
    off than that) and a low wall he lies behind (000:L1459). `origin`: where the line starts (default
    the counter's centre)."""
    v, o = state.vehicle(a.vehicle), person(state, a.target)
    assert o is not None
    mount = next(w for w in v.sheet.weapons if w.id == a.weapon)
    info = weapon_info(mount.abbr)
    skill = None if v.spec.gunner_skill == UNTRAINED else v.spec.gunner_skill
    at = v.pose.centre if origin is None else origin
    shot = Shot(base=info.to_hit, range=(o.pose.centre - at).length(), target="pedestrian",
                target_speed=_speed_of(state, o), firer_speed=v.speed, gunner_skill=skill, aimed_fire=v.aimed_fire,
                height_ft=level_of(state, o.id), from_street=not mount.universal,
                visibility=own_visibility(state, v, general_visibility(state)),
                paint_on_windows=state.turn <= v.paint_until)   # paint or foam on its windows (000:L1053)
    cover = _ground_cover(state, at, o)
    return person_to_hit(PersonShot("", None, prone=o.prone and cover == "none", cover=cover,
                                    aloft=aloft_modifier(state, o.id)), shot,
                         tables_of(state), state.rules.combat)


def step_clear(state: GameState, x: float, y: float, dx: int, dy: int) -> bool:
    """Whether a man standing at (x, y) could step one square (dx, dy): no vehicle there, no wall between."""
    sq = tables_of(state).person.square
    b = Vec(x + dx * sq, y + dy * sq)
    if not _free(state, b.x, b.y, ignore=()):
        return False
    return not state.map_id or blocker({}, state.map_id, Vec(x, y), b, (), state.map_changes) is None


def step_open(state: GameState, p: PersonState, x: float, y: float, dx: int, dy: int) -> bool:
    """Whether he could step (dx, dy) from the square at (x, y): the move rules' own test (roof edges,
    stairways, walls, vehicles), not his speed this phase; away from his own square he is read as off any
    stairway's upper squares."""
    here = (x, y) == (p.pose.x, p.pose.y)
    at = p if here else replace(p, pose=Pose.at(x, y, p.pose.facing), stair_up=0)
    return _square_problem(state, at, dx, dy) is None


def line_from(state: GameState, at: Vec, enemy: str) -> bool:
    """Whether a man at `at` and the enemy (vehicle or person) would have a clear line of fire."""
    other = person(state, enemy)
    origin = other.pose.centre if other is not None else state.vehicle(enemy).pose.centre
    return blocker(_vehicle_combatants(state), state.map_id, origin, at, (enemy,), state.map_changes,
                   (level_of(state, enemy), level_at(state.map_id, state.map_changes, at))) is None


# --- spikes and oil underfoot (000:L1463-L1466; 001:L181) ---------------------------------------------


def _kinds_under(state: GameState, p: PersonState) -> set[str]:
    """The dropped-weapon counters covering his square's centre (the counter itself, not beside it)."""
    return {c.kind for c in state.counters if inside(c.polygon(), p.pose.centre)}


def underfoot(ctx: Ctx, pid: str) -> None:
    """A square with spikes: 2d, on 2 or 3 he takes 1d-4 (000:L1463); with oil: 2d to keep his feet,
    5 on the first square, then 7, 9 and 11 for each oily square after it (001:L181), or down he goes
    (prone: he crawls, or spends a second to get up, 000:L1464)."""
    p = person(ctx.state, pid)
    if p is None or p.down:
        return
    h = tables_of(ctx.state).person
    under = _kinds_under(ctx.state, p)
    if under & set(h.spike_kinds):
        r = ctx.roll(DiceExpr(2), f"{p.name} steps on spikes", "000:L1463", pid)
        if r <= h.spike_roll_at_most:
            pts = ctx.roll(h.spike_damage, "spikes underfoot", "000:L1463", pid)
            if pts > 0:
                hurt(ctx, pid, pts, HAZARD, "spikes underfoot", "000:L1463")
    p = person(ctx.state, pid)
    assert p is not None
    if not under & set(h.oil_kinds):
        if p.oil_squares:
            put(ctx, replace(p, oil_squares=0))
        return
    need = h.oil_rolls[min(p.oil_squares, len(h.oil_rolls) - 1)]
    r = ctx.roll(DiceExpr(2), f"{p.name} on oil: needs {need} to keep his feet", "000:L1464, 001:L181", pid)
    p = put(ctx, replace(p, oil_squares=p.oil_squares + 1))
    if r < need and not p.prone:
        put(ctx, replace(p, prone=True))
        ctx.log.add(PersonProne(f"{p.name} slips on the oil and falls", "000:L1464", pid, prone=True))


def _burning_underfoot(ctx: Ctx) -> None:
    """Flaming oil burns a man in it a point at the end of every turn; body armor stops it (000:L1465)."""
    h = tables_of(ctx.state).person
    for p in list(ctx.state.people):
        if not p.state == DEAD and _kinds_under(ctx.state, p) & set(h.burning_kinds):
            hurt(ctx, p.id, h.flaming_oil_damage, BURNING, "burning oil", "000:L1465")


# --- getting back in (000:L1472) -------------------------------------------------------------------------


def _get_in_options(state: GameState, p: PersonState) -> list[GetIn]:
    """Into a seat: his own vehicle's he left, or an empty one (a seat someone got out of) of another
    vehicle of his side (reading PD29); the vehicle stopped, not destroyed, wrecked or burning, and he has
    stood beside it (his square next to its counter) a whole turn without walking - the turn the door
    takes to open (000:L1472). At the wheel, the vehicle then takes 3 turns to start (`starting`, PD28)."""
    per_turn = state.rules.movement.chart.phases_per_turn
    if p.down or p.riding or now(state) - max(p.walked, p.busy_until - per_turn) < per_turn:
        return []   # riding on top, he gets off before he opens a door
    out = []
    reach = tables_of(state).person.square * 1.5
    for v in state.vehicles:
        if v.owner != p.owner or v.speed != 0 or v.sheet.destroyed or v.sheet.on_fire or v.left_map or v.buried_under:
            continue
        if not free_seat(v, p):
            continue
        size = v.spec.counter(state.rules.movement.handling.counters)
        if (nearest_point(footprint(v.pose, size), p.pose.centre) - p.pose.centre).length() <= reach:
            out.append(GetIn(p.id, v.id))
    return out


def free_seat(v: VehicleState, p: PersonState) -> str:
    """The seat he takes in `v`: his own if he left it and it is still empty; in another vehicle the
    driver's seat if empty, else the first empty seat; "" when there is none."""
    empty = [c for c in v.sheet.components if c.kind == "crew" and c.name.endswith(GOT_OUT)]
    if v.id == p.from_vehicle:
        own = p.id.split(".", 1)[1] if "." in p.id else ""
        if any(c.id == own for c in empty):
            return own
    driver = [c for c in empty if c.role in ("driver", "cyclist")]
    return (driver or empty)[0].id if (driver or empty) else ""


def get_in(ctx: Ctx, a: GetIn) -> None:
    """He takes his seat again with his wounds and his armor's points; at the wheel, the vehicle has a
    driver again, and a vehicle out of the fight only for want of a crew is back in it."""
    p = person(ctx.state, a.person)
    assert p is not None
    v = ctx.v(a.into)
    seat = free_seat(v, p)
    comps = tuple(replace(c, name=c.name[:-len(GOT_OUT)], dp=max(0, c.max_dp - p.damage), body_armor=p.armor_left)
                  if c.id == seat else c for c in v.sheet.components)
    sheet = replace(v.sheet, components=comps)
    driver = any(c.id == seat and c.role in ("driver", "cyclist") for c in comps)
    back = v.out and not v.sheet.destroyed and not v.plant_out
    # at the wheel of a stopped vehicle he must start it: 3 seconds before it moves, firing at once (000:L1472)
    ctx.update(v.id, sheet=sheet, out=v.out and not back, driverless=v.driverless and not driver,
               substitute="" if driver else v.substitute,
               starting=tables_of(ctx.state).vehicles.start_turns if driver else v.starting)
    ctx.state = evolve(ctx.state, people=tuple(o for o in ctx.state.people if o.id != p.id),
                       fire_passed=ctx.state.fire_passed + (p.id,))
    back_in = "back " if v.id == p.from_vehicle else ""
    ctx.log.add(PersonGotIn(f"{p.name} gets {back_in}into {v.id}", "000:L1472", p.id, into=v.id))


# --- friends underfoot (issue 18 item 7: foes do not run over their own side) -----------------------------


def friends_under(state: GameState, owner: str, poses: Sequence[Pose], size: CounterSize) -> list[str]:
    """The people of `owner` still alive on foot whose square's centre a vehicle counter of `size` at any
    of `poses` would cover (how run_over finds a man struck, 000:L1451): what a foe's plan must not do.
    Empty at once in a game without people, so the vehicles' plans are unchanged there."""
    mine = [p for p in state.people if p.owner == owner and p.state != DEAD]
    if not mine:
        return []
    reach = math.hypot(size.length, size.width) / 2
    hit = []
    for p in mine:
        c = p.pose.centre
        if any((pose.centre - c).length() <= reach and inside(footprint(pose, size), c) for pose in poses):
            hit.append(p.id)
    return hit


# --- area and burst effects of vehicle weapons on people (000:L943-L948) ---------------------------------


def swept_with(state: GameState, firer_owner: str, aimed: PersonState) -> list[PersonState]:
    """The other pedestrians an area-effect weapon sweeps with its aimed man: every one of another side
    standing within 1" of him, nearest first (000:L945; the firer's own men are never swept, reading PD26)."""
    r = _effects(state).area_radius
    near = [p for p in standing(state) if p.id != aimed.id and p.owner != firer_owner
            and (p.pose.centre - aimed.pose.centre).length() <= r]
    return sorted(near, key=lambda p: ((p.pose.centre - aimed.pose.centre).length(), p.id))


def defenders_pick(state: GameState, victims: list[PersonState], hits: int,
                   order: Sequence[str] = ()) -> list[PersonState]:
    """Who of an area sweep's men the hits fall on (000:L945): the defender picks; when they are all one
    side's, in the `order` he gave (a Pick action), else as he would make it, the men best able to take a hit
    first (most armor and body points left; reading PD26); men of more than one side are the attacker's pick,
    the nearest the aim first (the order `victims` comes in)."""
    if len({p.owner for p in victims}) > 1:
        return victims[:hits]
    if order and sorted(order) == sorted(p.id for p in victims):
        return sorted(victims, key=lambda p: order.index(p.id))[:hits]
    t = tables_of(state)

    def sturdiness(p: PersonState) -> tuple[int, int]:
        return (-(p.armor_left + t.person.damage_points - p.damage), victims.index(p))

    return sorted(victims, key=sturdiness)[:hits]


def _area_key(shooter: str, weapon: str, target: str) -> str:
    return f"{shooter}:{weapon}:{target}"


MAX_LISTED_ORDERS = 24   # every order of up to four men; more men: the default's rotations and its reverse


def _picks_pending(state: GameState) -> list[tuple[Fire, PersonState, list[PersonState]]]:
    """The declared area shots at men of one side, two or more of them swept, whose defender has not yet
    said who takes the hits (000:L945): (the shot, the man aimed at, the swept men)."""
    if state.step != FIRE or not state.people_declared:
        return []
    done = dict(state.area_picks)
    out = []
    for a in state.people_declared:
        if not isinstance(a, Fire) or _area_key(a.vehicle, a.weapon, a.target) in done:
            continue
        o = person(state, a.target)
        v = next((x for x in state.vehicles if x.id == a.vehicle), None)
        w = next((x for x in v.sheet.weapons if x.id == a.weapon), None) if v is not None and o is not None else None
        if w is None or o is None or o.down or weapon_info(w.abbr).effect != "area" or v is None:
            continue
        victims = [o, *swept_with(state, v.owner, o)]
        if len(victims) > 1 and len({p.owner for p in victims}) == 1:
            out.append((a, o, victims))
    return out


def picks_waiting(state: GameState, pid: str) -> bool:
    return any(o.id == pid for _a, o, _v in _picks_pending(state))


def pick_options(state: GameState, pid: str) -> list[Pick]:
    """The orders he may give the first area shot waiting for him: every order of its swept men (of five or
    more, the order he would pick, each of its rotations and its reverse)."""
    waiting = [(a, victims) for a, o, victims in _picks_pending(state) if o.id == pid]
    if not waiting:
        return []
    a, victims = waiting[0]
    ids = [p.id for p in defenders_pick(state, victims, len(victims))]
    if len(ids) <= 4:
        orders = [tuple(x) for x in permutations(ids)]
    else:
        orders = [tuple(ids[k:] + ids[:k]) for k in range(len(ids))] + [tuple(reversed(ids))]
    return [Pick(pid, a.vehicle, a.weapon, order) for order in orders[:MAX_LISTED_ORDERS]]


def area_share(t: PeopleTables, abbr: str, points: int, victims: int) -> int:
    """What each man hit by a sweep takes: half the roll, rounded up; the flamethrowers full (000:L946). A
    shot at one man alone is an ordinary hit: the whole roll."""
    e = t.effects
    if victims <= 1 or e is None or abbr in e.area_full_damage:
        return points
    return (points + 1) // 2


def _effects(state: GameState) -> Effects:
    e = tables_of(state).effects
    assert e is not None, "the people tables have no [effects]"
    return e


def burst_radius(state: GameState, abbr: str) -> float:
    """A burst weapon's own radius where the weapon list gives one (the quick-reference column: 000:L1080-
    L1100, weapons.toml `burst_radius`), else the 2" of [effects] (reading PD26)."""
    w = state.rules.construction.weapons.get(abbr)
    own = w.burst_radius if w is not None else 0.0
    return own if own > 0 else _effects(state).burst_radius


def burst(ctx: Ctx, firer: str, weapon: str, point: Vec, exclude: tuple[str, ...] = (),
          ignore: tuple[str, ...] = (), abbr: str = "") -> None:
    """A burst-effect hit at `point`: 1d to every person within the weapon's burst radius not under cover,
    that is with no wall or vehicle (but those in `ignore`, the one struck) between him and the point
    (000:L944, reading PD26)."""
    e = _effects(ctx.state)
    radius = burst_radius(ctx.state, abbr) if abbr else e.burst_radius
    for p in list(ctx.state.people):
        if p.id in exclude or p.state == DEAD or (p.pose.centre - point).length() > radius:
            continue
        if blocker(_vehicle_combatants(ctx.state), ctx.state.map_id, point, p.pose.centre,
                   (*ignore, *mounts(ctx.state, p.id)), ctx.state.map_changes) is not None:
            continue
        points = ctx.roll(e.burst_people, f"{p.name} caught in the burst of {firer}'s {weapon}", "000:L944", p.id)
        hurt(ctx, p.id, points, WEAPON, f"the burst of {firer}'s {weapon}", "000:L944")


def bursts_after(ctx: Ctx, since: int) -> None:
    """The fire step's hits on vehicles by burst-effect weapons, from its log since `since`: each bursts
    at the struck vehicle's centre on the people round it (000:L944)."""
    if not ctx.state.people:
        return
    for ev in list(ctx.log.events[since:]):
        if not isinstance(ev, ShotFired) or not ev.hit or is_person(ctx.state, ev.target):
            continue
        v = next((x for x in ctx.state.vehicles if x.id == ev.vehicle), None)
        t = next((x for x in ctx.state.vehicles if x.id == ev.target), None)
        w = next((x for x in v.sheet.weapons if x.id == ev.weapon), None) if v else None
        if v is None or t is None or w is None:
            continue
        try:
            effect = weapon_info(w.abbr).effect
        except ValueError:
            continue
        if effect == "burst":
            burst(ctx, v.id, w.id, t.pose.centre, ignore=(t.id,), abbr=w.abbr)


# --- hand weapons fired from inside a vehicle (000:L1164, L1171; 002:L1-L5) ------------------------------


def shots_left_aboard(state: GameState, crew: str) -> int:
    """The shots left in a crewman's kit weapon (his vehicle's kit, reading PD18) after those he fired aboard."""
    t = tables_of(state)
    weapon = kit_of(state, crew.split(".", 1)[0]).weapon
    if not weapon:
        return 0
    fired = dict(state.shots_aboard).get(crew, 0)
    return max(0, (t.hand_weapons[weapon].shots or 0) - fired)


def _crew_role(v: VehicleState, crew: str) -> str:
    comp = next((c for c in v.sheet.components if c.id == crew), None)
    role = comp.role if comp is not None else ""
    return "driver" if role in ("driver", "cyclist") else role if role in ("gunner", "passenger") else "passenger"


def inside_fire_options(state: GameState, vid: str) -> list[Shoot]:
    """A crewman aboard may fire his hand weapon any turn he does not fire a vehicle weapon (000:L1164):
    able, not yet acted this turn, with shots left, at a person on foot or a vehicle of another side within
    reach and with a clear line from the vehicle's centre (reading PD27). Offered only while people are on foot."""
    if not playing(state) or not state.people or state.step != FIRE or vid in state.fire_passed:
        return []
    v = state.vehicle(vid)
    if v.sheet.destroyed or v.left_map:
        return []
    t = tables_of(state)
    kit = kit_of(state, vid)
    if not kit.weapon:
        return []
    w = t.hand_weapons[kit.weapon]
    out = []
    for crew in crew_aboard(v):
        cid = f"{v.id}.{crew}"
        gassed = crew_gas(state, cid)
        if crew in v.fire_acted or shots_left_aboard(state, cid) <= 0 or person(state, cid) is not None \
                or (gassed is not None and gassed.effect == "unconscious"):
            continue
        for p in standing(state):
            if p.owner == v.owner or (p.pose.centre - v.pose.centre).length() > hand_range(w, t) \
                    or not out_of_window(state, v, crew, p.pose.centre):
                continue
            if blocker(_vehicle_combatants(state), state.map_id, v.pose.centre, p.pose.centre, (vid, *mounts(state, p.id)),
                       state.map_changes, (0.0, level_of(state, p.id))) is None:
                out.append(Shoot(cid, w.key, p.id))
        out += [Shoot(cid, w.key, o) for o in _vehicles_from_inside(state, v, hand_range(w, t), crew)]
    return sorted(out, key=str)


def out_of_window(state: GameState, v: VehicleState, crew: str, at: Vec) -> bool:
    """Whether this crewman's hand weapon can bear on `at` from inside (reading PD46): all round with the
    option `hand_weapon_arcs` = "all" (PD27), on a cycle or trike (its riders sit in the open) and for a
    gunner or passenger standing in a working sunroof (000:L2672: not the driver); else out of a side
    window only: the vehicle's left or right arc."""
    if state.options.hand_weapon_arcs == "all" or v.spec.kind.value in ("cycle", "trike"):
        return True
    if _crew_role(v, crew) != "driver" and carries(v.sheet, SUNROOF):
        return True
    size = v.spec.counter(state.rules.movement.handling.counters)
    return in_arc("left", v.pose, size, at) or in_arc("right", v.pose, size, at)


SUNROOF = "sunroof"   # the accessories.toml key (000:L2672)


def _vehicles_from_inside(state: GameState, v: VehicleState, reach: float, crew: str) -> list[str]:
    """Vehicles of other sides a hand weapon from inside `v` could reach: in range of its centre and with a
    clear line to their nearest point (000:L1164-L1171, reading PD27), out of his window (PD46)."""
    counters = state.rules.movement.handling.counters
    out = []
    for o in state.vehicles:
        if o.owner == v.owner or o.out or o.left_map:
            continue
        at = nearest_point(footprint(o.pose, o.spec.counter(counters)), v.pose.centre)
        if (at - v.pose.centre).length() > reach or not out_of_window(state, v, crew, at):
            continue
        if blocker(_vehicle_combatants(state), state.map_id, v.pose.centre, at, (v.id, o.id), state.map_changes) is None:
            out.append(o.id)
    return out


def inside_to_hit(state: GameState, a: Shoot) -> ToHit:
    """The need of a hand weapon fired from inside: the driver of a moving vehicle -3, a gunner or
    passenger -1; from a stopped vehicle as listed (000:L1171; 002:L1-L5; reading PD6)."""
    vid, crew = a.person.split(".", 1)
    v = state.vehicle(vid)
    t = tables_of(state)
    w = t.hand_weapons[a.weapon]
    o = person(state, a.target)
    skill = None if v.spec.gunner_skill == UNTRAINED else v.spec.gunner_skill
    if o is None:   # at a vehicle: its target type and the side the line from his car's centre meets
        tv = state.vehicle(a.target)
        size = tv.spec.counter(state.rules.movement.handling.counters)
        shot = Shot(base=w.to_hit, range=range_to(v.pose.centre, tv.pose, size),
                    target=target_type_of(tv.spec.kind.value, tv.spec.body),
                    target_side=struck_side(tv.pose, size, v.pose.centre), target_speed=tv.speed,
                    firer_speed=v.speed, gunner_skill=skill, visibility=own_visibility(state, v, general_visibility(state)))
        return _gassed_aboard(state, a.person, person_to_hit(PersonShot(_crew_role(v, crew), w), shot, t,
                                                             state.rules.combat))
    shot = Shot(base=w.to_hit, range=(o.pose.centre - v.pose.centre).length(), target="pedestrian",
                target_speed=_speed_of(state, o), firer_speed=v.speed, gunner_skill=skill,
                height_ft=level_of(state, o.id), visibility=own_visibility(state, v, general_visibility(state)))
    cover = _ground_cover(state, v.pose.centre, o)
    return _gassed_aboard(state, a.person, person_to_hit(
        PersonShot(_crew_role(v, crew), w, prone=o.prone and cover == "none", cover=cover,
                   aloft=aloft_modifier(state, o.id)), shot, t, state.rules.combat))


def _gassed_aboard(state: GameState, crew: str, th: ToHit) -> ToHit:
    """-6 or -2 to a crewman's hand-weapon shot from inside while tear gas holds him (000:L1587-L1588, PD45)."""
    gas, table = crew_gas(state, crew), tables_of(state).tear_gas
    if gas is None or table is None or not gas.to_hit or not th.allowed:
        return th
    return ToHit(th.need - gas.to_hit, (*th.modifiers, Modifier(f"in tear gas ({gas.effect})", gas.to_hit,
                                                                  table.source)), th.allowed, th.why)


def declare_inside(ctx: Ctx, a: Shoot) -> None:
    """His firing action for the turn is spent (000:L820, L1164), and a shot from his weapon."""
    vid, crew = a.person.split(".", 1)
    v = ctx.v(vid)
    ctx.update(vid, fire_acted=v.fire_acted + (crew,))
    fired = dict(ctx.state.shots_aboard)
    fired[a.person] = fired.get(a.person, 0) + 1
    ctx.state = evolve(ctx.state, shots_aboard=tuple(sorted(fired.items())),
                       people_declared=ctx.state.people_declared + (a,))


def _shoot_from_inside(ctx: Ctx, a: Shoot) -> None:
    o = person(ctx.state, a.target)
    vid = a.person.split(".", 1)[0]
    if not any(x.id == vid for x in ctx.state.vehicles):
        return
    if o is None and any(x.id == a.target for x in ctx.state.vehicles):
        _shoot_vehicle_from_inside(ctx, a, vid)
        return
    if o is None or o.down:
        return
    w = tables_of(ctx.state).hand_weapons[a.weapon]
    points = _inside_hit(ctx, a, vid, o.id, o.name)
    if points is not None:
        hurt(ctx, o.id, points, WEAPON, f"{a.person}'s {w.name}", "000:L1450, L1457")


def _inside_hit(ctx: Ctx, a: Shoot, vid: str, target: str, name: str) -> int | None:
    """A hand weapon fired from inside a vehicle: the roll, and the damage rolled if it hits (None if not)."""
    w = tables_of(ctx.state).hand_weapons[a.weapon]
    made = roll_to_hit(inside_to_hit(ctx.state, a), w.to_hit, f"{a.person} fires his {w.name} from inside {vid} at {name}",
                       "", "", ctx.dice, ctx.log, vid, w.key, target)
    if not made or not made[0] or w.dice is None:
        return None
    points = ctx.roll(w.dice, f"{w.name} damage", "000:L1449", vid) if w.dice.n else w.dice.mod
    ctx.log.add(DamageRolled(f"{w.name} hits {name} for {points}", "000:L941", vid, weapon=w.key,
                             target=target, expr=str(w.dice), faces=(), points=points))
    return points


def _shoot_vehicle_from_inside(ctx: Ctx, a: Shoot, vid: str) -> None:
    """A hand weapon from inside at a vehicle: an SMG's half damage, most others nothing but to tires
    (000:L1167), on the side the line from his car's centre meets."""
    w = tables_of(ctx.state).hand_weapons[a.weapon]
    tv, v = ctx.v(a.target), ctx.v(vid)
    if tv.out:
        return
    points = _inside_hit(ctx, a, vid, tv.id, tv.id)
    if points is None:
        return
    size = tv.spec.counter(ctx.rules.movement.handling.counters)
    _hit_vehicle(ctx, tv.id, struck_side(tv.pose, size, v.pose.centre), damage_to_vehicle(w, points),
                 f"{a.person}'s {w.name}")


# --- grenade launchers on vehicles (000:L2426, L1568-L1590) ----------------------------------------------


def launcher_load(w: WeaponMount) -> str:
    """The grenade type of the magazine in use after a shot: magazines are used in order, so the last
    one with shots gone (000:L2426: mixed loads fire in the order loaded)."""
    used = [i for i, (n, most) in enumerate(zip(w.shots, w.max_shots, strict=False)) if n < most]
    i = used[-1] if used else 0
    return w.ammo[i] if i < len(w.ammo) else ""


def _launchers_only(ctx: Ctx, since: int | None) -> None:
    """People off: a launcher's grenades still fly, land and go off on the vehicles (000:L2426; reading
    PD30). A game with no launcher shot never has a grenade, so it plays as before."""
    if since is not None:
        launcher_grenades(ctx, since)
    if not ctx.state.grenades:
        return
    _landings(ctx)
    if ctx.state.phase == ctx.rules.movement.chart.phases_per_turn:
        _timed_blasts(ctx)


def launcher_grenades(ctx: Ctx, since: int) -> None:
    """The fire step's grenade-launcher shots, from its log since `since`: a hit goes off on the target at
    once; a miss flies on and comes down a second later where the throw tables scatter it (000:L1175-L1191,
    reading PD30); either does what its grenade type does (000:L1568-L1590), with people on or off."""
    t = tables_of(ctx.state)
    weapons = ctx.rules.construction.weapons
    for ev in list(ctx.log.events[since:]):
        if not isinstance(ev, ShotFired) or ev.roll is None or is_person(ctx.state, ev.target):
            continue
        v = next((x for x in ctx.state.vehicles if x.id == ev.vehicle), None)
        target = next((x for x in ctx.state.vehicles if x.id == ev.target), None)
        w = next((x for x in v.sheet.weapons if x.id == ev.weapon), None) if v else None
        if v is None or target is None or w is None or not (w.abbr in weapons and weapons[w.abbr].uses_grenades):
            continue
        kind = launcher_load(w)
        if kind not in t.grenades:
            continue
        n = ctx.state.grenades_thrown + 1
        at = (target.pose.x, target.pose.y)
        per_turn = ctx.rules.movement.chart.phases_per_turn
        g = Grenade(f"G{n}", kind, v.id, (v.pose.x, v.pose.y), at, ev.need,
                    now(ctx.state) + (0 if ev.hit else t.throw.flight_turns * per_turn), 0,
                    point=at if ev.hit else None)
        ctx.state = evolve(ctx.state, grenades=ctx.state.grenades + (g,), grenades_thrown=n)
        ctx.log.add(GrenadeThrown(f"{v.id}'s {w.id} fires a {t.grenades[kind].name.lower()} grenade at {target.id}"
                                  + ("" if ev.hit else ": it misses and comes down a second later"),
                                  "000:L2426, L1175", v.id, grenade=kind, aim=Vec(*at),
                                  lands_turn=ctx.state.turn + (0 if ev.hit else t.throw.flight_turns),
                                  lands_phase=ctx.state.phase, fuse=0))
        if ev.hit:
            _blast(ctx, g)
