"""The engine's fire step: who may fire what, declarations, resolution and the turn's fire checks.

The engine (rules/engine.py) calls these at its FIRE step, after each phase's movement
(000:L818): every vehicle that can fire declares Fire actions (one per crewman, 000:L820) or
passes; when nobody is left to decide, every declaration is resolved at once (rules/firing.py)
and its damage, hazards and kills are written into the state. At the end of each turn the
fire-table check, extinguishers, burning and explosions run (rules/fire.py, 000:L1016).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from rules.combat import shooting
from rules.combat.arcs import beyond_arc, facing_sides, footprint, lof_origin, tire_sides
from rules.combat.burning import end_of_turn, fire_modifiers, fire_value, hit_from, hit_key
from rules.combat.damage import (
    ENEMY_FIRE_RULE,
    HitReport,
    Interior,
    crew_state,
    damage_dice,
    interior_of,
    sheet_with,
)
from rules.combat.dropped import Counter, kind_for_weapon
from rules.combat.electronics import has_bollix, working
from rules.combat.line_of_fire import (
    blocker,
    first_on_line,
    line_of_fire_check,
    map_on_line,
    vehicle_on_line,
    vehicles_on_line,
)
from rules.combat.shooting import (
    LINE_REACH,
    Combatant,
    Declaration,
    aim_point_of,
    aim_problem,
    cloud_kind,
    combatant_of,
    coupling_aims,
    crew_problem,
    drop,
    expand,
    firer_of,
    lamp_of,
    out_of_action,
    problem,
    ready,
    resolve_fire,
    sheet_of,
    shot_for,
)
from rules.combat.to_hit import Modifier, target_type_of, to_hit, weapon_info
from rules.core.dice import DiceExpr, chance_at_least
from rules.core.events import (
    BurnDamage,
    DiceRolled,
    EquipmentActed,
    Event,
    EventLog,
    Exploded,
    OutOfFight,
    ShotFired,
)
from rules.core.geometry import CounterSize, Kind, Pose, Vec
from rules.core.kept import kept, renewed
from rules.driving.articulated import fire_hazard, oversized_hazard
from rules.driving.equipment import carries
from rules.phases import automatic_fire, electronic_fire
from rules.play.actions import Automatic, Drop, Fire
from rules.play.context import Ctx
from rules.play.counters import add_counters, liquid_contact
from rules.play.crashes import hazard
from rules.play.effects import corner_lost
from rules.play.explosions import debris_from_damage, explosion
from rules.play.gas_aboard import gassed_crew
from rules.play.gas_engine import engine_hits
from rules.play.lights import NO_LIGHTING, Lighting, general_visibility, light_up, lighting, own_visibility
from rules.play.rigs import rig_of
from rules.play.shots_at_map import (
    MapHit,
    aim_point,
    apply_map_hits,
    map_fire_problem,
    map_shot,
    map_targets,
    roll_map_shots,
)
from rules.play.state import GameState, VehicleState, carried, evolve, lineage
from rules.play.surfaces import road_condition_under, surface_under
from rules.play.uncontrolled import check_drivers, substitute_driving
from rules.tables.combat import combat_tables
from rules.tables.construction import design_tables
from rules.tables.electronics import electronics_tables
from rules.tables.movement import RoadCondition, tables
from rules.vehicles.long_vehicles import BIG_KINDS
from rules.vehicles.record_sheet import RecordSheet
from rules.vehicles.spec import UNTRAINED, VehicleSpec
from rules.world.map_changes import MapChanges


def combatant(state: GameState, v: VehicleState) -> Combatant:
    return _made(_inputs(state, v, visibility(state)))


class Inputs(NamedTuple):
    """Everything a vehicle's combatant is made from (`_made` reads nothing else): fields of its record and
    what the state says about it. The fire step's memo (`_Memo`) keeps a combatant while they are equal
    (compared element by element: the same objects at once)."""

    vid: str
    spec: VehicleSpec
    pose: Pose
    size: CounterSize
    speed: float
    travel: float
    sheet: RecordSheet
    aimed_fire: int
    phase_d: int
    bad_footing: bool
    paint_on_windows: bool
    reverse: bool
    visibility: str
    firing_roles: tuple[str, ...]
    fired: tuple[str, ...]
    fire_acted: tuple[str, ...]
    steering: str             # a substitute driver who has steered this turn: he does not also fire (000:L980)
    sustained: tuple[tuple[str, str, int, int], ...]
    substitute: str
    moved: bool               # it moved in this phase: not "not moving" (000:L912-L913, AU9)
    lighting: Lighting        # searchlights, flares, goggles, tinted glass at night (rules.play.lights)
    bollixed: bool = False    # a bollix works on the table: no radar set works (000:L2978)
    scrambled: bool = False   # its computer-gunner software is scrambled (000:L2616)
    gassed: tuple[tuple[str, int], ...] = ()   # crewmen in tear gas and their minus (-1: knocked out; PD45)
    hitch_guard: str = ""     # a car trailer on a hitch: its tower, whose hitch armor covers the tongue (000:L1982)


def _inputs(state: GameState, v: VehicleState, vis: str, box: bool | None = None) -> Inputs:
    return Inputs(v.id, v.spec, v.pose, v.spec.counter(state.rules.movement.handling.counters), v.speed, v.travel,
                  v.sheet, v.aimed_fire, v.phase_d,
                  surface_under(state, v).bad_footing or _road(state, v).bad_footing,  # 000:L934
                  state.turn <= v.paint_until, v.reverse, own_visibility(state, v, vis),  # (000:L1053); IRSS (000:L2631)
                  ("gunner", "passenger") if state.options.passengers_fire == "on" else ("gunner",),
                  v.fired, v.fire_acted, v.substitute if substitute_driving(v) else "", v.sustained, v.substitute,
                  v.moved_this_phase,
                  NO_LIGHTING if state.options.visibility != "night" else lighting(state, v),  # by day: none
                  bollixed(state) if box is None else box, v.scrambled, gassed_crew(state, v.id),
                  v.towed_by if v.towed_by and v.spec.kind is not Kind.SEMI_TRAILER else "")


def bollixed(state: GameState) -> bool:
    """A bollix works on some vehicle still in the fight: every radar set on the table is blocked (000:L2978)."""
    return any(has_bollix(v.sheet) for v in state.vehicles if not v.sheet.destroyed)


def _made(i: Inputs) -> Combatant:
    kind = i.spec.kind.value
    acted = frozenset(i.fire_acted) | ({i.steering} if i.steering else set()) \
        | {crew for crew, minus in i.gassed if minus < 0}   # knocked out by gas: no firing action (PD45)
    c = combatant_of(i.vid, kind, target_type_of(kind, getattr(i.spec, "body", "")), i.pose, i.size, i.speed,
                     i.travel, i.sheet, aimed_fire=i.aimed_fire, maneuver_d=i.phase_d, bad_footing=i.bad_footing,
                     paint_on_windows=i.paint_on_windows, reverse=i.reverse, visibility=i.visibility,
                     firing_roles=i.firing_roles, fired=frozenset(i.fired), acted=acted, sustained=i.sustained,
                     moved=i.moved, bollixed=i.bollixed, scrambled=i.scrambled, hitch_guard=i.hitch_guard)
    if i.gassed:
        c = renewed(c, gassed=tuple((crew, minus) for crew, minus in i.gassed if minus > 0))
    if i.lighting != NO_LIGHTING:
        g = i.lighting
        c = renewed(c, rain=g.rain, night_sight=g.night_sight, polarized=g.polarized, blinded=g.blinded, lit=g.lit)
    if i.spec.gunner_skill:  # the crew's Gunner bonus on every shot, or none at all: -3 (000:L931, L1322; CB63)
        skill = None if i.spec.gunner_skill == UNTRAINED else i.spec.gunner_skill
        c = renewed(c, skills={p.id: skill for p in c.interior.parts if p.kind == "crew"})
    if i.substitute:  # he has the driver's seat and its triggers (000:L980)
        driver = c.interior.driver()
        c = renewed(c, wheel=i.substitute,
                    weapons=tuple(replace(w, crew=i.substitute) if driver and w.crew == driver.id else w
                                  for w in c.weapons))
    return c


def _road(state: GameState, v: VehicleState) -> RoadCondition:
    """The road condition under a vehicle, for its footing when it fires (gravel, oil: 000:L934)."""

    return state.rules.movement.hazards.road[road_condition_under(state, v)]


def visibility(state: GameState) -> str:
    """What the weather and the light do to every shot (rules.play.lights.general_visibility)."""
    return general_visibility(state)


def _combatants(state: GameState) -> dict[str, Combatant]:
    """Every vehicle's combatant (a fresh dict), the one the memo holds while its inputs are unchanged."""
    return {vid: c for vid, (_i, c) in _made_all(state).items()}


def _made_all(state: GameState) -> dict[str, tuple[Inputs, Combatant]]:
    memo = _memo(state)
    vis = visibility(state)
    box = bollixed(state)
    out = {}
    for v in state.vehicles:
        inputs = _inputs(state, v, vis, box)
        got = memo.combatants.get(v.id)
        if got is None or got[0] != inputs:
            got = (inputs, _made(inputs))
            memo.combatants[v.id] = got
        out[v.id] = got
    return out


def _view(work: _Work, vid: str) -> Combatant:
    """The vehicle's combatant before this phase's declarations as the checks before the dice see it (which
    triggers are live, `_pair`'s arcs, crew, weapons and aims, the shots at the map): its speed, heading,
    maneuvers, sustained fire, footing, paint, reverse gear and the weather play no part there, so they are
    left at their defaults and the memo keeps it while the rest is unchanged."""
    got = work.views.get(vid)
    if got is None:
        got = work.views.setdefault(vid, _view_of(work.memo, work.inputs[vid]))
    return got


def _view_of(memo: _Memo, i: Inputs) -> Combatant:
    view = Inputs(i.vid, i.spec, i.pose, i.size, 0.0, 0.0, i.sheet, i.aimed_fire, 0, False, False, False, "clear",
                  i.firing_roles, i.fired, i.fire_acted, i.steering, (), i.substitute, False, NO_LIGHTING,
                  i.bollixed, i.scrambled, tuple(g for g in i.gassed if g[1] < 0))   # a man gassed out: no firer
    got = memo.views.get(i.vid)
    if got is None or got[0] != view:
        got = (view, _made(view))
        memo.views[i.vid] = got
    return got[1]


@dataclass
class _Memo:
    """What the fire step carries from one phase to the next along a line of play (rules.play.state.lineage):
    the vehicles' combatants and, for each firer, target, trigger and crewman, the shots that hang on the
    two combatants alone and whether their line of fire is blocked. Every entry keeps what it was made
    from and is used only while that is unchanged: the same inputs (`_inputs`), the same combatant
    objects (the memo holds them, so they are the ones it was made from), the same places of every
    counter and the same map. One entry per key, replaced when stale."""

    combatants: dict[str, tuple[Inputs, Combatant]] = field(default_factory=dict)
    views: dict[str, tuple[Inputs, Combatant]] = field(default_factory=dict)
    pairs: dict[tuple[str, str, str, str], tuple[Combatant, Combatant, _Pair | None]] = field(default_factory=dict)
    # the map's part of each line (kept while the map is unchanged) and the vehicle on it ("" for none)
    # when every counter stood at `places`
    lines: dict[tuple[str, str, str, str], tuple[_Pair, tuple[object, ...] | None, str, MapChanges, bool, str]] = field(
        default_factory=dict)
    at_map: dict[str, tuple[Combatant, tuple[str, ...], tuple[object, ...], str, MapChanges, tuple[Fire, ...]]] = (
        field(default_factory=dict))


@dataclass(frozen=True)
class _Pair:
    """The shots of one trigger at one target that pass every check but the line of fire (made from the two
    combatants alone), and the line that check follows (None: a trigger that takes no aim is not blocked)."""

    shots: tuple[Fire, ...]
    line: tuple[Vec, Vec] | None


MEMO = "fire_step"   # in the lineage


def _memo(state: GameState) -> _Memo:
    line = lineage(state)
    got = line.get(MEMO)
    if got is None:
        got = line.setdefault(MEMO, _Memo())
    assert isinstance(got, _Memo)
    return got


def declaration(a: Fire) -> Declaration:
    """The firing module's view of a Fire action ("side:<face>" in aim chooses the side struck)."""
    side, aim = "", a.aim
    if aim.startswith("side:"):
        side, aim = aim.split(":", 1)[1], ""
    return Declaration(a.vehicle, a.weapon, a.target, side=side, aim=aim)


@dataclass(frozen=True)
class FirePreview:
    """What a shot would need if it were fired now: the 2d roll, the chance of making it, and every
    modifier with its rule (000:L901-L905); the mount, and the line of fire from origin to aim point."""

    need: int
    can_hit: bool
    chance: float                   # of rolling `need` or more on 2d; 0 when it cannot hit
    modifiers: tuple[Modifier, ...]
    mount: str
    origin: Vec
    point: Vec
    why: str = ""                   # why no aimed fire is possible, when it is not


def preview_fire(state: GameState, action: Fire) -> FirePreview:
    """The to-hit of a Fire action against the positions now, as the fire step would resolve it
    (this phase's earlier declarations counted; clouds on the map included). Raises KeyError or
    ValueError for a vehicle, weapon or target that does not exist."""
    cs = _pending(state)
    if action.target not in cs:
        return _preview_map_fire(state, cs, action)
    c, t = cs[action.vehicle], cs[action.target]
    w = c.weapon(expand(c, action.weapon)[0])
    shot, _side, origin, point = shot_for(c, w, t, declaration(action), state.turn, state.counters)
    th = to_hit(shot)
    chance = chance_at_least(th.need) if th.can_hit() else 0.0
    return FirePreview(th.need, th.can_hit(), chance, th.modifiers, w.mount, origin, point, th.why)


def _preview_map_fire(state: GameState, cs: dict[str, Combatant], action: Fire) -> FirePreview:
    target = map_targets(state.map_id, state.map_changes)[action.target]
    c = cs[action.vehicle]
    w = c.weapon(expand(c, action.weapon)[0])
    aimed = aim_point(cs, c, w, target, state.map_id, state.map_changes)
    if aimed is None:
        raise ValueError(f"{target.name} is not in the {w.mount} arc of {w.id} with a clear line of fire")
    origin, point = aimed
    th = to_hit(map_shot(c, w, origin, point, state.counters))
    chance = chance_at_least(th.need) if th.can_hit() else 0.0
    return FirePreview(th.need, th.can_hit(), chance, th.modifiers, w.mount, origin, point, th.why)


def map_fire_options(state: GameState, vid: str) -> list[Fire]:
    """Every legal shot of a vehicle now at a wall or building in arc and line of fire whose DP one of
    its weapons can reach (000:L1200-L1201, reading CB42), sorted by text form; part of fire_options.
    They hang on the vehicle's combatant, its live triggers, every counter's place and the map (kept in
    the memo while those are unchanged)."""
    cs = _replay(state)[0]
    if vid not in cs or state.vehicle(vid).out:
        return []
    c = cs[vid]
    live = _live(state, c)
    # the cheap check first: no trigger does the DP that breaches the weakest wall or building (000:L1201)
    if not live or max(_best_damage(c, trig) for trig in live) < _least_dp(state):
        return []
    work = _work(state)
    if c is not work.combatants[vid]:   # after a declaration of its own
        return _map_fire_options(state, cs, c, live)
    c = _view(work, vid)
    got = work.memo.at_map.get(vid)
    if (got is None or got[0] is not c or got[1] != live or got[2] != work.places or got[3] != state.map_id
            or got[4] != state.map_changes):
        got = (c, live, work.places, state.map_id, state.map_changes, tuple(_map_fire_options(state, cs, c, live)))
        work.memo.at_map[vid] = got
    return list(got[5])


def _map_fire_options(state: GameState, cs: dict[str, Combatant], c: Combatant, live: tuple[str, ...]) -> list[Fire]:
    triggers = [(trig, _best_damage(c, trig)) for trig in live]
    out = []
    for fid, target in map_targets(state.map_id, state.map_changes).items():
        for trig, best in triggers:
            # the cheap check first: no weapon of the trigger can do the DP that breaches it (000:L1201)
            if best >= target.dp and map_fire_problem(cs, Declaration(c.id, trig, fid), state.map_id,
                                                      state.map_changes) is None:
                out.append(Fire(c.id, trig, fid))
    return sorted(out, key=str)


def _least_dp(state: GameState) -> float:
    """The least DP of a wall or building standing (kept with the map's changes)."""
    return kept(state.map_changes, ("least_dp", state.map_id), lambda: min(
        (t.dp for t in map_targets(state.map_id, state.map_changes).values()), default=float("inf")))


def _best_damage(c: Combatant, trig: str) -> int:
    """The most one of a trigger's aimed weapons can do in one hit (fire_at_map.can_breach: a feature
    whose DP is above it cannot be fired at); -1 when none does damage of its own. It hangs on the
    weapons and links, which come from the sheet (kept with it)."""
    return kept(c.sheet, ("best_damage", trig), lambda: _best_of(c, trig))


def _best_of(c: Combatant, trig: str) -> int:
    best = -1
    for wid in expand(c, trig):
        w = c.weapon(wid)
        info = weapon_info(w.abbr, w.options)
        if info.to_hit <= 0 or info.damage is None or cloud_kind(w) is not None:
            continue
        expr = damage_dice(info.damage, w.ammo)
        best = max(best, expr.total(tuple([6] * expr.n)))
    return best


DROP = "drop"  # the aim recorded for a Drop action among the phase's declarations


# The engine asks who may fire (to_act), what (legal_actions) and whether an action is legal (apply)
# of each state several times, and every declaration or pass makes a new state. What the fire step
# works out from the vehicles, the map, the clock and the options is kept with the state (its
# `derived` work, rules.play.state) and carried to the states a declaration or a pass makes: those change
# only the declarations and passes, and each vehicle's options are keyed by its id and its own
# declarations so far (another vehicle's declarations take its own weapons and crew, nobody else's).
FIRE_WORK = "fire_step"

Declared = tuple[tuple[str, str, str, str], ...]   # a vehicle's own declarations this phase, in order


@dataclass
class _Work:
    """One fire step's work for states that differ only in declarations, passes and dice: entries are
    added as they are asked for, each keyed on immutable values and never changed once made."""

    combatants: dict[str, Combatant]                  # every vehicle before this phase's declarations
    inputs: dict[str, Inputs]                         # what they were made from
    memo: _Memo
    places: tuple[object, ...]                        # every counter's id, pose and size, for lines of fire
    views: dict[str, Combatant] = field(default_factory=dict)  # `_view` of each vehicle, as asked for
    pending: dict[Declared, tuple[dict[str, Combatant], tuple[str, ...]]] = field(default_factory=dict)
    fire: dict[tuple[str, Declared], tuple[Fire, ...]] = field(default_factory=dict)
    may: dict[tuple[str, Declared], bool] = field(default_factory=dict)
    drops: dict[tuple[str, Declared], tuple[Drop, ...]] = field(default_factory=dict)
    shots: dict[tuple[str, str, str, str], tuple[Fire, ...]] = field(default_factory=dict)
    targets: tuple[str, ...] | None = None            # `_targets`, once asked
    moved: list[tuple[tuple[object, ...], frozenset[str] | None]] = field(default_factory=list)  # `_moved`


def _work(state: GameState) -> _Work:
    work = state.derived.get(FIRE_WORK)
    if work is None:   # two threads may both make it: the same value, and setdefault keeps one
        made = _made_all(state)
        cs = {vid: c for vid, (_i, c) in made.items()}
        places = tuple(x for c in cs.values() for x in (c.id, c.pose, c.size))
        work = state.derived.setdefault(FIRE_WORK, _Work(cs, {vid: i for vid, (i, _c) in made.items()},
                                                         _memo(state), places))
    assert isinstance(work, _Work)
    return work


def _own(state: GameState, vid: str) -> tuple[str, Declared]:
    declared = state.fire_declared
    return vid, tuple(d for d in declared if d[0] == vid) if declared else ()


def _pending(state: GameState) -> dict[str, Combatant]:
    """Combatants with this phase's declarations already counted against their weapons and crew
    (a fresh dict each call: callers may change it)."""
    return dict(_replay(state)[0])


def _replay(state: GameState) -> tuple[dict[str, Combatant], tuple[str, ...]]:
    """The declarations so far in the order made, each taken by the crewman free then (firing.firer_of):
    the combatants after them and who fires each. Resolution uses the same crewmen, whatever order
    it resolves drops, shots at vehicles and shots at the map in. (Kept with the state: do not change.)"""
    work = _work(state)
    got = work.pending.get(state.fire_declared)
    if got is None:
        cs = dict(work.combatants)
        crews: list[str] = []
        for vid, weapon, _target, _aim in state.fire_declared:
            c = cs[vid]
            wids = expand(c, weapon)
            crew = firer_of(c, wids)
            crews.append(crew)
            cs[vid] = renewed(c, fired=c.fired | set(wids), acted=c.acted | {crew})
        got = work.pending.setdefault(state.fire_declared, (cs, tuple(crews)))
    return got


def _on_automatic(state: GameState, c: Combatant, trig: str) -> str | None:
    """Why a trigger is not fired or dropped by hand: a weapon of it is on automatic (000:L1024)."""
    v = state.vehicle(c.id)
    if not v.automatic:
        return None
    try:
        return automatic_fire.busy(v, expand(c, trig))
    except (KeyError, ValueError):
        return None


def fire_problem(state: GameState, action: Fire) -> str | None:
    if action.vehicle in state.fire_passed:
        return f"{action.vehicle} has finished firing this phase"
    # one of the vehicle's legal shots as fire_options has already listed them for this state (the engine
    # checks the action a player chose from that list): every check below has been made of it
    work = state.derived.get(FIRE_WORK)
    if isinstance(work, _Work):
        listed = work.fire.get(_own(state, action.vehicle))
        if listed is not None and action in listed:
            return None
    cs = _pending(state)
    if action.vehicle in cs:
        busy = _on_automatic(state, cs[action.vehicle], action.weapon)
        if busy:
            return busy
    if action.target not in cs:  # a wall or building (000:L1200)
        return map_fire_problem(cs, declaration(action), state.map_id, state.map_changes)
    if cs[action.target].sheet.destroyed:
        return f"{action.target} is destroyed"
    if action.target != action.vehicle and action.target in rig_of(state, action.vehicle):
        return f"{action.target} is {action.vehicle}'s own {'tower' if state.vehicle(action.vehicle).towed_by else 'trailer'}"
    d = declaration(action)
    return problem(cs, d) or _aim_problem(cs, d) or _blocked(state, cs, d)


def target_aims(t: Combatant) -> list[str]:
    """The specific targets a shot at a vehicle may name besides a side: each tire still there, a
    turret when it has one (000:L954-L960) and each external pod still hanging there (000:L2979);
    anything else is no aim the fire step resolves."""
    aims = sorted({f"tire:{tire.corner}" for tire in t.sheet.tires if not tire.destroyed})
    pods = [f"pod:{p.id}" for p in t.sheet.pods if not p.torn_off]
    rider = ["rider"] if t.kind == "cycle" and t.interior.driver() is not None else []   # 000:L884
    sidecar = ["sidecar"] if t.sheet.sidecar_spaces else []                                # 000:L838
    lamp = ["searchlight"] if lamp_of(t.sheet) else []                                     # 000:L892
    return aims + (["turret"] if t.interior.weapons_on("turret") else []) + pods + rider + sidecar + lamp + \
        coupling_aims(t.sheet)


def _aim_problem(cs: dict[str, Combatant], d: Declaration) -> str | None:
    """A tire already gone, a turret the target lacks or an aim of no known kind (the shot must name
    what it can hit: 000:L954-L960)."""
    if not d.aim or d.aim in target_aims(cs[d.target]):
        return None
    kind, _, what = d.aim.partition(":")
    if kind == "tire":
        t = cs[d.target]
        if any(tire.corner == what for tire in t.sheet.tires):
            return f"the {what} tire of {t.id} is already gone (000:L960)"
        return f"{t.id} has no tire at {what!r}"
    if kind == "turret":
        return f"{d.target} has no turret (000:L959)"
    if kind == "rider":
        return f"{d.target} has no rider to aim at (000:L884)"
    if kind == "sidecar":
        return f"{d.target} has no sidecar (000:L838)"
    if kind == "pod":
        torn = any(p.id == what and p.torn_off for p in cs[d.target].sheet.pods)
        return f"the pod {what} of {d.target} {'was torn off' if torn else 'is not there'} (000:L2980)"
    return f"{d.aim!r} is not something a shot at {d.target} can aim at"


def _blocked(state: GameState, cs: dict[str, Combatant], d: Declaration) -> str | None:
    """A line of fire through another vehicle, a wall or a building (000:L826)."""
    c, t = cs[d.firer], cs[d.target]
    w = c.weapon(expand(c, d.weapon)[0])
    if weapon_info(w.abbr).to_hit <= 0:
        return None
    # where shot_for's line runs: from the weapon's side to the nearest point of the target in its arc
    origin = lof_origin(c.pose, c.size, w.fires_from)
    point = aim_point_of(c, w, t) or t.pose.centre
    what = blocker(cs, state.map_id, origin, point, (c.id, t.id), state.map_changes, (0.0, 0.0))
    return f"the line of fire is blocked by {what} (000:L826)" if what else None


def fire_options(state: GameState, vid: str) -> list[Fire]:
    """Every legal Fire action of a vehicle now: each weapon and link at each target, at the free side,
    at the other side facing it, and at each tire and a turret (sorted by text form)."""
    work, key = _work(state), _own(state, vid)
    got = work.fire.get(key)
    if got is None:
        got = work.fire.setdefault(key, tuple(sorted({*_fire_options(state, vid), *map_fire_options(state, vid)},
                                                     key=str)))
    return list(got)


def _hopeless(c: Combatant, trig: str) -> bool:
    """A trigger that cannot fire at anyone: the checks of rules.combat.shooting.problem that do not depend on
    the target (firer destroyed or unable to aim, a link split between crewmen, its crewman down or
    done, nothing aimed, a weapon gone, fired or empty)."""
    try:
        wids = expand(c, trig)
    except (KeyError, ValueError):
        return True
    if c.sheet.destroyed or c.aimed_fire <= -99:
        return True
    if len({c.weapon(w).crew for w in wids}) != 1:
        return True
    crew = firer_of(c, wids)
    if crew in c.acted or not any(p.id == crew for p in c.interior.parts):
        return True
    if crew_state(c.interior.part(crew)) in ("unconscious", "dead"):
        return True
    if not any(weapon_info(c.weapon(w).abbr).to_hit > 0 for w in wids):
        return True
    return any(ready(c, w) for w in wids)


def _live(state: GameState, c: Combatant) -> tuple[str, ...]:
    """The triggers (weapons, then links) of a vehicle's pending combatant that may fire at something
    now: not hopeless, not on automatic. They hang on the combatant and the weapons on automatic (kept
    with the combatant)."""
    auto = state.vehicle(c.id).automatic
    work = _work(state)
    if c is work.combatants.get(c.id):   # no declaration of its own yet: its view serves (kept longer)
        c = _view(work, c.id)
    return kept(c, ("live", auto), lambda: tuple(trig for trig in [w.id for w in c.weapons] + sorted(c.links)
                                                 if not _hopeless(c, trig) and not _on_automatic(state, c, trig)))


def _fire_options(state: GameState, vid: str) -> Iterator[Fire]:
    cs = _replay(state)[0]
    if vid not in cs or state.vehicle(vid).out:
        return
    c = cs[vid]
    triggers = _live(state, c)
    if not triggers:
        return
    work = _work(state)
    # a live trigger passes the firer's own checks (_hopeless) but the cupola's (which hang on the crewman):
    # what is left hangs on where everyone is, which no declaration changes, so the shots of a trigger at a
    # target by a crewman are worked out once a fire step (and kept in the memo while nothing they hang on
    # changes)
    crews = kept(c, ("crews", triggers), lambda: tuple((trig, firer_of(c, expand(c, trig))) for trig in triggers))
    # the firer before any declaration of its own this phase (then its memo may serve), else as it is now
    cv = _view(work, vid) if c is work.combatants[vid] else None
    own = rig_of(state, vid)   # the counters of a rig never shoot at each other (reading M-R29)
    for tid in _targets(state, work):
        if tid == vid or tid in own:
            continue
        for trig, crew in crews:
            key = (vid, tid, trig, crew)
            got = work.shots.get(key)
            if got is None:
                got = work.shots.setdefault(key, _shots(state, work, cv or c, cv is not None, tid, trig, key))
            yield from got


def _targets(state: GameState, work: _Work) -> tuple[str, ...]:
    """The vehicles that may be shot at in this fire step: not destroyed, not out (a declaration changes
    neither: it takes only the firer's weapons and crew), in the state's order."""
    got = work.targets
    if got is None:
        out = {v.id for v in state.vehicles if v.out}
        got = work.targets = tuple(tid for tid, t in work.combatants.items()
                                   if not t.sheet.destroyed and tid not in out)
    return got


def _shots(state: GameState, work: _Work, c: Combatant, kept_firer: bool, tid: str, trig: str,
           key: tuple[str, str, str, str]) -> tuple[Fire, ...]:
    """The shots of a trigger at a target (`_pair`, kept in the memo for the firer's and target's views)
    whose line of fire is clear (the map's part kept for the line, the vehicles' while nobody moved)."""
    memo = work.memo
    t = _view(work, tid)   # a target's own declarations play no part in the checks
    if not kept_firer:
        got = _pair(c, t, trig)
        if got is None or got.line is None:
            return () if got is None else got.shots
        origin, point = got.line
        blocked = (map_on_line(state.map_id, origin, point, state.map_changes)
                   or vehicles_on_line(work.combatants, origin, point, (c.id, t.id)))
        return () if blocked else got.shots
    pair = memo.pairs.get(key)
    if pair is None or pair[0] is not c or pair[1] is not t:
        pair = (c, t, _pair(c, t, trig))
        memo.pairs[key] = pair
    got = pair[2]
    if got is None or got.line is None:
        return () if got is None else got.shots
    origin, point = got.line
    line = memo.lines.get(key)
    if line is None or line[0] is not got or line[2] != state.map_id or line[3] != state.map_changes:
        line = (got, None, state.map_id, state.map_changes, map_on_line(state.map_id, origin, point, state.map_changes),
                "")
        memo.lines[key] = line
    if line[4]:   # the map blocks it: the vehicles on it do not matter (while the map is unchanged)
        return ()
    if line[1] is not work.places:   # a new line, or a new fire step: the vehicles on it, the map's part kept
        moved = None if line[1] is None else _moved(work, line[1])
        if moved is None:   # a new line (or other counters): every vehicle looked at
            who = vehicle_on_line(work.combatants, origin, point, (c.id, t.id))
        elif line[5] and line[5] not in moved:   # what stood on the line stands there still
            who = line[5]
        else:   # clear before: only a counter that has moved can be on it now; else its blocker moved off
            who = vehicle_on_line(work.combatants, origin, point, (c.id, t.id), None if line[5] else moved)
        line = (got, work.places, line[2], line[3], line[4], who)
        memo.lines[key] = line
    return () if line[5] else got.shots


def _moved(work: _Work, old: tuple[object, ...]) -> frozenset[str] | None:
    """The vehicles whose counter is not where (or not the size) it was in `old` (an earlier step's
    `places`), None when the counters are not the same ones in the same order. Worked out once a step
    for each `old` asked about (found by identity: the work holds it, so it is the one compared)."""
    for was, got in work.moved:
        if was is old:
            return got
    new = work.places
    found: frozenset[str] | None = None
    if len(old) == len(new) and all(old[i] == new[i] for i in range(0, len(new), 3)):
        found = frozenset(str(new[i]) for i in range(0, len(new), 3)
                          if old[i + 1] != new[i + 1] or old[i + 2] != new[i + 2])
    work.moved.append((old, found))
    return found


def _pair(c: Combatant, t: Combatant, trig: str) -> _Pair | None:
    """The Fire actions of one live trigger at one target that pass every check but the line of fire: the
    plain shot, each side facing it, each specific target; None when the plain shot fails (then no aim
    can work: the line of fire runs from the weapon to the nearest point in its arc whatever the aim)."""
    # the cheap rejection first: a target wholly outside the arc of one of the trigger's aimed weapons
    # (firing.problem would say so after its nearest-point work); a trike's side mounts see its front arc
    mounts = kept(c, ("aimed_mounts", trig), lambda: tuple(
        c.weapon(w).mount for w in expand(c, trig) if weapon_info(c.weapon(w).abbr).to_hit > 0
        and not (c.kind == "trike" and c.weapon(w).mount in ("left", "right"))))
    if mounts:
        outline = footprint(t.pose, t.size)
        if any(beyond_arc(m, c.pose, c.size, outline) for m in mounts):
            return None
    vid, tid = c.id, t.id
    # firing.problem of the plain shot; the aims below share its trigger's checks, adding their own. Those
    # that hang on the firer alone (trigger, and trigger_problems but for the arcs) are kept with it: they
    # are asked of each target in turn
    why, wids, crew = kept(c, ("trigger", trig), lambda: shooting.trigger(c, trig))
    if why or not _firer_ready(c, trig, wids, crew):
        return None
    # trigger_problems' arc check: every aimed weapon has a point of the target in its arc (000:L827)
    if not all(aim_point_of(c, c.weapon(w), t) for w in wids if weapon_info(c.weapon(w).abbr).to_hit > 0):
        return None
    first = c.weapon(wids[0])
    plain_origin = first.fires_from in ("front", "back", "left", "right", "turret")
    # aim_problem of the plain shot names no side nor aim: it asks nothing but a line of fire's origin
    # (which fails only for a weapon that fires from no side)
    if not plain_origin and aim_problem(c, t, wids, declaration(Fire(vid, trig, tid))):
        return None
    origin = lof_origin(c.pose, c.size, first.fires_from if plain_origin else "turret")
    sides = facing_sides(t.pose, t.size, origin)
    aims = [""] + [f"side:{s}" for s in sorted(sides)]
    aims += (["side:top"] if t.kind == "trike" else []) + [     # a trike's top (000:L841)
        a for a in kept(t, "aims", lambda: tuple(target_aims(t)))
        if not a.startswith("tire:") or tire_sides(a[5:]) & sides]  # a tire facing the firer (000:L832)
    chosen = tuple(aim for aim in aims
                   # only a chosen side, a rider or a pod adds a check to the plain shot's (firing._weapon_problems);
                   # a side's is whether it faces the first weapon's origin: for a side in `sides` (worked out
                   # from that very origin) it holds, and aim_problem asks nothing else of a side but the top
                   if not aim.startswith(("side:", "rider", "pod:", "sidecar"))
                   or (plain_origin and aim[5:] in sides and aim.startswith("side:"))
                   or aim_problem(c, t, wids, declaration(Fire(vid, trig, tid, aim))) is None)
    # the actions themselves hang on these names alone: made once, kept with the firer's record sheet
    shots = tuple(Fire(vid, trig, tid, a) for a in chosen)
    return _Pair(shots, _line(c, t, trig))


def _firer_ready(c: Combatant, trig: str, wids: tuple[str, ...], crew: str) -> bool:
    """rules.combat.shooting.trigger_problems but for its arc check (the firer's side: the crewman can fire
    it, a cupola's gunner only its weapon, an aimed weapon among them, each ready); kept with the combatant."""
    def ready_now() -> bool:
        if crew_problem(c, crew):
            return False
        if crew == c.interior.cupola_gunner and not all(c.weapon(w).cupola for w in wids):
            return False
        if not any(weapon_info(c.weapon(w).abbr).to_hit > 0 for w in wids):
            return False
        return all(ready(c, w) is None for w in wids)
    return kept(c, ("ready", trig, crew), ready_now)


def _line(c: Combatant, t: Combatant, trig: str) -> tuple[Vec, Vec] | None:
    """Where _blocked looks for what stands in the way: from the trigger's first weapon's side to the nearest
    point of the target in its arc; None for a weapon that takes no aim (never blocked)."""
    w = c.weapon(expand(c, trig)[0])
    if weapon_info(w.abbr).to_hit <= 0:
        return None
    return lof_origin(c.pose, c.size, w.fires_from), aim_point_of(c, w, t) or t.pose.centre


def may_fire(state: GameState, vid: str) -> bool:
    """Whether a vehicle has anything to decide in this fire step (stops at the first legal shot or drop,
    or a weapon on automatic it could take off)."""
    if vid in state.fire_passed:
        return False
    work, key = _work(state), _own(state, vid)
    got = work.may.get(key)
    if got is None:
        # a weapon on automatic may be taken off in any fire step; setting one rides on another choice, so
        # games that never use automatic ask the same questions as before (reading CB83)
        # (the shots first: a drop's check lays its counters to see that it can, and a vehicle with a shot
        # need not make it here)
        got = work.may.setdefault(key, (bool(state.vehicle(vid).automatic) and not state.vehicle(vid).out) or (
            bool(work.fire[key]) if key in work.fire
            else next(_fire_options(state, vid), None) is not None or bool(map_fire_options(state, vid)))
            or bool(drop_options(state, vid)))
    return got


def _droppers(c: Combatant) -> list[str]:
    """Triggers (weapons and links) that only lay counters (000:L1028). They hang on the weapons and
    links, which come from the sheet (kept with it)."""
    return list(kept(c.sheet, "droppers", lambda: tuple(_droppers_of(c))))


def _droppers_of(c: Combatant) -> list[str]:
    out = []
    for trig in [w.id for w in c.weapons] + sorted(c.links):
        try:
            wids = expand(c, trig)
            if all(weapon_info(c.weapon(w).abbr).to_hit <= 0 for w in wids):
                for w in wids:  # a starshell lays no counter: its flare lights the table (000:L2432)
                    if c.weapon(w).abbr != combat_tables().starshell_weapon:
                        kind_for_weapon(c.weapon(w).abbr)
                out.append(trig)
        except ValueError:
            continue  # a discharger or link this program cannot lay a counter for
    return out


def drop_problem(state: GameState, action: Drop) -> str | None:
    """Why a Drop action cannot be made now (None when it can): the crewman's firing action lays the
    counters of a dropped weapon or a link of them (000:L820, L1028)."""
    if action.vehicle in state.fire_passed:
        return f"{action.vehicle} has finished firing this phase"
    v = state.vehicle(action.vehicle)
    if v.out or v.sheet.destroyed:
        return f"{action.vehicle} is out of the fight"
    cs = _pending(state)
    c = cs[action.vehicle]
    if action.weapon not in _droppers(c):
        return f"{action.vehicle} has no dropped weapon or link of them called {action.weapon!r}"
    busy = _on_automatic(state, c, action.weapon)
    if busy:
        return busy
    wids = expand(c, action.weapon)
    crew = firer_of(c, wids)
    state_of = crew_state(c.interior.part(crew)) if any(p.id == crew for p in c.interior.parts) else "missing"
    if state_of in ("unconscious", "dead", "missing"):
        return f"{crew} of {c.id} is {state_of} and cannot act (000:L975)"
    try:
        drop(cs, c.id, action.weapon, state.turn, state.phase)
    except ValueError as exc:
        return str(exc)
    return None


def drop_options(state: GameState, vid: str) -> list[Drop]:
    """Every legal Drop action of a vehicle now."""
    if vid in state.fire_passed or state.vehicle(vid).out:
        return []
    work = _work(state)
    if vid in work.combatants and not _droppers(work.combatants[vid]):
        return []   # no dropped weapon (they hang on the sheet, which no declaration changes)
    key = _own(state, vid)
    got = work.drops.get(key)
    if got is None:
        c = _replay(state)[0][vid]
        got = work.drops.setdefault(key, tuple(Drop(vid, trig) for trig in _droppers(c)
                                               if drop_problem(state, Drop(vid, trig)) is None))
    return list(got)


def preview_drop(state: GameState, action: Drop) -> tuple[Counter, ...]:
    """The counters a Drop action would lay now, where they would land (000:L1029-L1038); the
    client shows them before the player commits. Raises ValueError when the drop is not legal."""
    why = drop_problem(state, action)
    if why:
        raise ValueError(why)
    _cs, counters, _events = drop(_pending(state), action.vehicle, action.weapon, state.turn, state.phase)
    return counters


def automatic_options(state: GameState, vid: str) -> list[Automatic]:
    """Every legal Automatic action of a vehicle now (rules.phases.automatic_fire)."""
    if vid in state.fire_passed or state.vehicle(vid).out:
        return []
    return automatic_fire.options(state, _pending(state)[vid])


def automatic_problem(state: GameState, a: Automatic) -> str | None:
    cs = _pending(state)
    if a.vehicle not in cs:
        return f"there is no vehicle {a.vehicle!r}"
    return automatic_fire.problem(state, cs[a.vehicle], a)


def preview_automatic(state: GameState, a: Automatic) -> tuple[Vec, Vec, str, bool]:
    """For the client, before an Automatic action: the line the (first) weapon would fire along,
    where it ends (on what it meets now, else far out), what it meets ("" for nothing) and whether
    the trigger only drops counters (then the line means nothing). Raises KeyError or ValueError
    for a weapon that does not exist or cannot go on automatic."""
    why = automatic_problem(state, a)
    if why:
        raise ValueError(why)
    cs = _pending(state)
    c = cs[a.vehicle]
    aimed = [w for w in expand(c, a.weapon) if weapon_info(c.weapon(w).abbr).to_hit > 0]
    if not aimed:
        return c.pose.centre, c.pose.centre, "", True
    origin, far = automatic_fire.ray(c, aimed[0])
    met = first_on_line(cs, state.map_id, origin, far, (c.id,), state.map_changes)
    return (origin, met[1], met[0], False) if met else (origin, origin + (far - origin) * (12 / LINE_REACH), "", False)


def declare_automatic(state: GameState, a: Automatic) -> tuple[GameState, str]:
    """Set or clear automatic now: setting takes the crewman's firing action at once (000:L1024)."""
    return automatic_fire.declare(state, _pending(state)[a.vehicle], a)


def declare_drop(state: GameState, a: Drop) -> GameState:
    return carried(state, evolve(state, fire_declared=state.fire_declared + ((a.vehicle, a.weapon, "", DROP),)),
                   FIRE_WORK)


def declare(state: GameState, a: Fire) -> GameState:
    return carried(state, evolve(state, fire_declared=state.fire_declared + ((a.vehicle, a.weapon, a.target, a.aim),)),
                   FIRE_WORK)


def pass_fire(state: GameState, vid: str) -> GameState:
    """The vehicle has finished declaring for this phase."""
    return carried(state, evolve(state, fire_passed=state.fire_passed + (vid,)), FIRE_WORK)


def resolve(ctx: Ctx) -> None:
    """Resolve the phase's declarations at once and write the results into the state (000:L819, L824)."""
    crews = _replay(ctx.state)[1] if ctx.state.fire_declared else ()  # who declared each, before the oil burns
    liquid_contact(ctx)  # burning oil under a vehicle for 5 phases burns it again (000:L1047)
    s = ctx.state
    auto = automatic_fire.due(s, _combatants(s)) if any(v.automatic for v in s.vehicles) else []
    if any(v.bumped or electronic_fire.fires_itself(v.sheet) for v in s.vehicles):   # 000:L2975, L2617, L2609
        auto += electronic_fire.due(s, _combatants(s))
        for v in s.vehicles:
            if v.bumped:   # the triggers have done their work this phase
                ctx.put(evolve(v, bumped=()))
        s = ctx.state
    if not s.fire_declared and not auto:
        ctx.state = evolve(s, fire_declared=(), fire_passed=())
        debris_from_damage(ctx, phase_damage(ctx, {}))  # collisions, mines and the like this phase (000:L499)
        _kills(ctx)  # a crew lost to a mine, a collision or burning oil this phase (000:L1262)
        check_drivers(ctx)
        return
    cs = made = _combatants(s)
    laid: list[Counter] = []
    for (vid, weapon, _target, aim), crew in zip(s.fire_declared, crews, strict=True):
        if aim == DROP:
            cs, counters, events = drop(cs, vid, weapon, s.turn, s.phase, crew)
            ctx.log.events.extend(events)
            laid += counters
    shots = [replace(declaration(Fire(*d)), crew=crew) for d, crew in zip(s.fire_declared, crews, strict=True) if d[3] != DROP]
    decls = [d for d in shots if d.target in cs]
    at_map = [d for d in shots if d.target not in cs]
    # this phase's shots see the clouds already on the map; what is dropped now lands with the results
    res = resolve_fire(cs, decls, ctx.dice, s.turn, s.phase, clouds=s.counters,
                       lof=line_of_fire_check(cs, s.map_id, s.map_changes), strays=bool(s.map_id),
                       automatic=auto)
    ctx.log.events.extend(res.events)
    map_hits: list[MapHit] = []
    if auto and s.map_id:  # automatic fire whose line meets a wall or building first (000:L1026)
        auto_log = EventLog()
        map_hits += automatic_fire.map_shots(res.combatants, auto, ctx.dice, auto_log, s.map_id, s.map_changes,
                                             s.counters)
        ctx.log.events.extend(auto_log.events)
    if at_map:  # walls and buildings (000:L1200-L1206)
        map_log = EventLog()
        after, map_hits = roll_map_shots(res.combatants, at_map, ctx.dice, map_log, s.turn, s.map_id,
                                         s.map_changes, s.counters)
        ctx.log.events.extend(map_log.events)
        res = replace(res, combatants=after)
    add_counters(ctx, [*laid, *res.drops], "dropped", "000:L1028-L1038")
    if any(d[3] == DROP for d in s.fire_declared):  # a starshell goes up as a drop (000:L2432)
        light_up(ctx, [(vid, w) for vid, w, _t, aim in s.fire_declared if aim == DROP])
    for vid, c in res.combatants.items():
        v = ctx.v(vid)
        # a combatant nobody hit and that spent nothing is the one made from the sheet: its sheet after
        # combat hangs on the sheet alone (kept with it); an equal sheet keeps the old object, and with
        # it the work kept with it (its interior)
        sheet = (kept(v.sheet, ("after_combat", c.kind), lambda c=c, v=v: sheet_of(c, v.sheet))  # type: ignore[misc]
                 if c is made.get(vid)
                 else sheet_of(c, v.sheet))
        if sheet == v.sheet:
            sheet = v.sheet
        fired, acted = tuple(sorted(c.fired)), tuple(sorted(c.acted))
        if sheet is not v.sheet or fired != v.fired or acted != v.fire_acted or c.sustained != v.sustained:
            ctx.put(evolve(v, sheet=sheet, fired=fired, fire_acted=acted, sustained=c.sustained))
    for tid, hit in res.fire_hits:
        v = ctx.v(tid)
        ctx.put(evolve(v, fire_hits=v.fire_hits + ((hit_key(hit), hit.turn),)))
    for tid, trigger in res.fire_triggers:
        v = ctx.v(tid)
        ctx.put(evolve(v, fire_triggers=(*v.fire_triggers, trigger)))
    if any(trig.startswith("gas_engine:") for _tid, trig in res.fire_triggers):  # (000:L1803)
        engine_hits(ctx, [(tid, int(trig.split(":")[1])) for tid, trig in res.fire_triggers
                          if trig.startswith("gas_engine:")])
    scramble_software(ctx, res.reports)
    apply_map_hits(ctx, map_hits)
    debris_from_damage(ctx, phase_damage(ctx, taken_this_phase(res.reports)))
    _big_guns(ctx, res.events)
    for tid, rep in res.reports:
        hit_hazards(ctx, tid, rep)
        for corner in rep.corners_lost():
            corner_lost(ctx, tid, corner, True)
    _kills(ctx)
    check_drivers(ctx)  # a driver knocked out or killed: nobody at the controls (000:L976-L978)
    automatic_fire.after_phase(ctx, auto)
    ctx.state = evolve(ctx.state, fire_declared=(), fire_passed=())


def scramble_software(ctx: Ctx, reports: Sequence[tuple[str, HitReport]]) -> None:
    """Each hit that puts points on the power plant of a vehicle with computer-gunner software and no surge
    protector scrambles the software on 1 in 6: its +1 becomes -2 for the rest of the game (000:L2616, L2673)."""
    e = electronics_tables()
    for tid, rep in reports:
        v = ctx.v(tid)
        if v.scrambled or not working(v.sheet, (e.software,)) or carries(v.sheet, e.surge_protector):
            continue
        plants = {c.id for c in v.sheet.components if c.kind == "plant"}
        if not any(s.what in plants and s.points > 0 for s in rep.steps):
            continue
        r = ctx.roll(DiceExpr(1), "computer-gunner software on a hit to the plant", e.computer_gunner_source, tid)
        if r <= e.scrambled_on:
            ctx.put(evolve(ctx.v(tid), scrambled=True))
            ctx.log.add(EquipmentActed(f"the hit on the plant scrambles the computer-gunner software: "
                                       f"{e.scrambled_bonus:+d} to hit from now on", e.computer_gunner_source,
                                       tid, accessory=e.software))


def hit_hazards(ctx: Ctx, tid: str, rep: HitReport) -> None:
    """The hazards one attack sets off (000:L245-L253); an oversized vehicle takes its own enemy-fire bands
    instead of the car's: 13-21 points D2, 22 and more D3, nothing below (000:L256-L257)."""
    big = ctx.v(tid).spec.kind.value in BIG_KINDS
    for hz in rep.hazards():
        if not (big and hz.rule == ENEMY_FIRE_RULE):
            hazard(ctx, tid, hz.d, hz.name, hz.rule)
    big_d = fire_hazard(rep.taken) if big else 0
    if big_d:
        hazard(ctx, tid, big_d, f"enemy fire ({rep.taken} hits)", "000:L256-L257")


def _big_guns(ctx: Ctx, events: Sequence[Event]) -> None:
    """An oversized vehicle firing a tank gun takes a D2 hazard, an anti-tank gun fired to a side D1
    (000:L259-L260); once a shot, a stray (a miss flying on) not counted again."""
    for e in events:
        if not isinstance(e, ShotFired) or e.stray_of or e.roll is None:
            continue
        v = ctx.v(e.vehicle)
        if v.spec.kind.value not in BIG_KINDS:
            continue
        w = next((w for w in v.sheet.weapons if w.id == e.weapon), None)
        if w is None:
            continue
        d = big_gun_hazard(v, w.id)
        if d:
            hazard(ctx, v.id, d, f"{w.abbr} fired", "000:L259-L260")


def big_gun_hazard(v: VehicleState, wid: str) -> int:
    """The D an oversized vehicle (or trailer) takes for firing this weapon: a tank gun D2, an anti-tank
    gun on a left or right side or half-side D1, anything else 0 (000:L259-L260, M-R26)."""
    if v.spec.kind.value not in BIG_KINDS:
        return 0
    w = next((w for w in v.sheet.weapons if w.id == wid), None)
    if w is None:
        return 0
    side = w.location.split("_")[-1] in ("left", "right")
    event = "tank_gun" if w.abbr == "TG" else "atg_to_side" if w.abbr == "ATG" and side else ""
    return oversized_hazard(event) if event else 0


def taken_this_phase(reports: Sequence[tuple[str, HitReport]]) -> dict[str, tuple[int, str, bool]]:
    """Points each vehicle took this phase, the face that took the most, and whether it lost a wheel
    (for debris and obstacles, 000:L499, L503)."""
    per_face: dict[str, dict[str, int]] = {}
    wheels: set[str] = set()
    for tid, rep in reports:
        faces = per_face.setdefault(tid, {})
        faces[rep.face] = faces.get(rep.face, 0) + rep.taken
        if any(td.wheel_lost for _corner, td in rep.tires):
            wheels.add(tid)
    return {tid: (sum(f.values()), max(sorted(f), key=lambda k: f[k]), tid in wheels) for tid, f in per_face.items()}


def damage_points(sheet: RecordSheet) -> tuple[tuple[str, int], ...]:
    """What a vehicle has left to lose: armor by face, internal components, tires, and wheels lost
    (kept with the sheet: asked of every vehicle every phase)."""
    return kept(sheet, "damage_points", lambda: _damage_points(sheet))


def _damage_points(sheet: RecordSheet) -> tuple[tuple[str, int], ...]:
    return (*sorted(sheet.armor.items()), ("internal", sum(max(0, c.dp) for c in sheet.components)),
            ("tires", sum(max(0, t.dp) for t in sheet.tires)), ("wheels lost", sum(t.wheel_lost for t in sheet.tires)))


def phase_damage(ctx: Ctx, fire: dict[str, tuple[int, str, bool]]) -> dict[str, tuple[int, str, bool]]:
    """Points each vehicle took this phase from any source (fire, collisions, mines, debris: 000:L499),
    from what it had left at the end of the last phase; the face is the fire's, else the armor face that
    lost most. A vehicle with no record yet (the game's first phase) counts its fire damage only.
    Records what is left now for the next phase."""
    out = dict(fire)
    for v in ctx.state.vehicles:
        now = damage_points(v.sheet)
        if v.phase_dp == now:   # nothing lost since, nothing to record
            continue
        if v.phase_dp:
            before, left = dict(v.phase_dp), dict(now)
            lost = {k: max(0, before[k] - left.get(k, 0)) for k in before if k != "wheels lost"}
            points = sum(lost.values())
            faces = {k: n for k, n in lost.items() if k in v.sheet.armor and n > 0}
            wheel = left.get("wheels lost", 0) > before.get("wheels lost", 0)
            f_points, f_face, f_wheel = fire.get(v.id, (0, "", False))
            face = f_face or (max(sorted(faces), key=lambda k: faces[k]) if faces else "back")
            if points > f_points or wheel:
                out[v.id] = (max(points, f_points), face, wheel or f_wheel)
        if v.phase_dp != now:
            ctx.put(evolve(v, phase_dp=now))
    return out


def _kills(ctx: Ctx) -> None:
    """Every vehicle that can neither move nor fire now, whatever did it, is out of the fight (000:L1262)."""
    for v in ctx.state.vehicles:
        if v.out:
            continue
        why = _out_of_action(v)
        if why:
            ctx.put(evolve(v, out=True))
            ctx.log.add(OutOfFight(f"{v.id} is out of the fight: it {why}", "000:L1262", v.id, why=why))


def _out_of_action(v: VehicleState) -> str:
    """firing.out_of_action of the vehicle: it hangs on the record sheet alone (kept with it)."""
    kind = v.spec.kind.value
    return kept(v.sheet, ("out_of_action", kind), lambda: out_of_action(
        combatant_of(v.id, kind, kind, v.pose, v.spec.counter(tables().handling.counters), v.speed, v.travel, v.sheet)))


def end_turn_fire(ctx: Ctx) -> None:
    """Fire checks, extinguishers, burning and explosions at the end of the turn (000:L1013-L1016);
    weapons and crew may fire again next turn."""
    turn = ctx.state.turn
    for vid in [v.id for v in ctx.state.vehicles]:
        v = ctx.v(vid)  # a neighbour's explosion may have changed it already
        hits = [hit_from(src, t) for src, t in v.fire_hits]
        engine_hit = any(trig.startswith("gas_engine") for trig in v.fire_triggers)
        breached = any(trig.startswith("gas_tank") for trig in v.fire_triggers)
        check = (fire_modifiers(hits, turn, gas_engine_hit=engine_hit, gas_tank_breached=breached)
                 if hits or engine_hit or breached else None)
        chances = (_trigger_chances(v.fire_triggers, interior_of(v.sheet, v.spec.kind.value), v.sheet.gas_tank)
                   if v.fire_triggers else [])
        if v.sheet.on_fire or (check and check.total) or chances:
            inside = interior_of(v.sheet, v.spec.kind.value)
            sheet, inside, rep = end_of_turn(v.sheet, inside, ctx.dice, check=check, chances=chances)
            sheet = sheet_with(sheet, inside)
            for what, r, rule in rep.rolls:
                ctx.log.add(DiceRolled(f"{what}: rolled {r}", rule, v.id, what=what, total=r))
            for step in rep.burned:
                ctx.log.add(BurnDamage(f"fire: {step.text()}", step.rule, v.id))
            v = ctx.put(evolve(v, sheet=sheet, out=v.out or rep.exploded))
            if rep.exploded:
                ctx.log.add(Exploded(f"{v.id} explodes: everyone aboard is killed", "000:L1014", v.id))
                explosion(ctx, v.id)
                v = ctx.v(v.id)
        keep = tuple((src, t) for src, t in v.fire_hits if t + fire_value(hit_from(src, t))[1] >= turn + 1)
        # burning and blasts at the end of the turn belong to no phase: the next phase counts from here
        dp = damage_points(v.sheet)
        if v.fired or v.fire_acted or keep != v.fire_hits or v.fire_triggers or dp != v.phase_dp:   # (else as it is)
            ctx.put(evolve(v, fired=(), fire_acted=(), fire_hits=keep, fire_triggers=(), phase_dp=dp))
    _kills(ctx)  # a crew burned to death is out of the fight too (000:L1016, L1262)
    check_drivers(ctx)  # burned or exploded


def _trigger_chances(triggers: Sequence[str], inside: Interior, tank: str = "") -> list[tuple[str, int, str]]:
    """The chances in 6 this turn's hits give a fire besides the fire check (reading CB14): the plant
    destroyed or a flame weapon hit, 2 in 6, or 4 when a laser, flame or incendiary did it (000:L984); a
    gas engine taking 5+ points in the turn 1 in 6, more than half its DP 2 in 6, +1 if incendiary (000:L1012)."""
    fire = combat_tables().fire
    out: list[tuple[str, int, str]] = []
    comp = [trig for trig in triggers if trig.startswith("component")]
    if comp:
        hot = any(trig.endswith(":hot") for trig in comp)
        chance = int(fire["component_chance_hot" if hot else "component_chance"])
        out.append(("plant destroyed or flame weapon hit: fire", chance, "000:L984"))
    engine = [trig.split(":") for trig in triggers if trig.startswith("gas_engine")]
    points = sum(int(e[1]) for e in engine)
    dp = max((p.max_dp for p in inside.parts if p.item == "gas_engine"), default=0)
    base = 0
    if dp and points * 2 > dp:
        base = int(fire["engine_half_chance"])
    elif points >= fire["engine_points"]:
        base = int(fire["engine_points_chance"])
    if base:
        bonus = int(fire["engine_hot_bonus"]) if any(len(e) > 2 for e in engine) else 0
        out.append((f"gas engine took {points} this turn: fire", base + bonus, "000:L1012"))
    breach = [trig for trig in triggers if trig.startswith("gas_tank")]
    if breach and tank:   # a breached tank: its own chance, +1 from an incendiary (000:L1012)

        chance = design_tables().tanks[tank].breach_fire
        bonus = int(fire["engine_hot_bonus"]) if any(trig.endswith(":hot") for trig in breach) else 0
        out.append((f"{tank.replace('_', ' ')} gas tank breached: fire", chance + bonus, "000:L1012"))
    return out
