"""The fire step's `use` actions (issue 17): a crewman's firing action with a part that is no weapon shot at
a vehicle. A searchlight turned on a vehicle (000:L2661-L2663), an RL flare round fired to light a point
(000:L2989), a nitrous tank opened (000:L1797; rules/play/nitrous.py), an ejection seat fired (000:L2580;
rules/play/ejection.py). Each is resolved as it is declared: its light is on when the phase's shots are
rolled (reading AU18)."""

from __future__ import annotations

import math

from rules.combat.arcs import range_to, struck_side
from rules.combat.damage import Part, crew_state
from rules.combat.dropped import cloud_inches
from rules.combat.line_of_fire import blocker
from rules.combat.shooting import Combatant, ready
from rules.combat.to_hit import Shot, ToHit, to_hit
from rules.core.dice import DiceExpr
from rules.core.events import FlareLit, SearchlightAimed
from rules.core.geometry import Vec
from rules.phases import fire_step
from rules.play import ejection, nitrous
from rules.play.actions import EJECT, NITROUS, Use
from rules.play.context import Ctx
from rules.play.lights import dark, lamps, now
from rules.play.state import FIRE, GameState, VehicleState, evolve
from rules.tables.lights import lights_tables
from rules.vehicles.record_sheet import use_shot

OPERATORS = ("gunner", "passenger", "driver", "cyclist")   # who works a searchlight: a gunner first


def operator(v: VehicleState) -> str | None:
    """The crewman who works a searchlight: the first able one who has not used his firing action."""
    crew = [c for c in v.sheet.components if c.kind == "crew" and not c.destroyed and c.id not in v.fire_acted
            and crew_state_of(c.dp, c.max_dp) and c.role in OPERATORS]
    crew.sort(key=lambda c: OPERATORS.index(c.role))
    return crew[0].id if crew else None


def crew_state_of(dp: int, max_dp: int) -> bool:
    """Able to act: unhurt or wounded (000:L975)."""
    return crew_state(Part("", "crew", dp, max_dp)) in ("unhurt", "wounded")


def may_have_uses(state: GameState, v: VehicleState) -> bool:
    """A cheap first look: by day, with people off and no nitrous, nothing here can be used."""
    return bool(v.spec.nitrous_tanks) or state.options.visibility == "night" or state.options.people == "on"


def use_options(state: GameState, vid: str) -> list[Use]:
    """Every legal `use` action of a vehicle now (none when it has none of these parts)."""
    if state.step != FIRE or vid in state.fire_passed:
        return []
    v = state.vehicle(vid)
    if not may_have_uses(state, v):
        return []
    if v.out:
        return []
    out: list[Use] = []
    if dark(state) and lamps(v) and operator(v):
        out += [Use(vid, lamp, t.id) for lamp in lamps(v) for t in state.vehicles
                if t.id != vid and not t.out and _searchlight_problem(state, v, lamp, t.id) is None]
    if v.spec.nitrous_tanks and nitrous.nitrous_problem(state, v) is None:
        out.append(Use(vid, NITROUS))
    if state.options.people == "on":   # ejection seats are played with people on foot (AU21)
        out += [Use(vid, f"{EJECT}:{crew}") for crew in ejection.seats(v)
                if ejection.eject_problem(state, v, crew) is None]
    if dark(state):
        out += _flare_options(state, v)
    return out


def use_problem(state: GameState, a: Use) -> str | None:
    """Why a `use` action is not legal now, or None."""
    if state.step != FIRE:
        return "parts are used in the fire step"
    v = state.vehicle(a.vehicle)
    if v.out:
        return f"{v.id} is out of the fight"
    if a.item == NITROUS:
        return nitrous.nitrous_problem(state, v)
    if a.item.startswith(EJECT + ":"):
        return ejection.eject_problem(state, v, a.item.split(":", 1)[1])
    if a.item in lamps(v):
        return _searchlight_problem(state, v, a.item, a.target)
    if any(w.id == a.item for w in v.sheet.weapons):
        return _flare_problem(state, v, a.item, a.target)
    return f"{v.id} has no working part {a.item!r} to use"


def apply_use(ctx: Ctx, a: Use) -> None:
    if a.item == NITROUS:
        nitrous.open_tank(ctx, a.vehicle)
    elif a.item.startswith(EJECT + ":"):
        ejection.declare(ctx, a.vehicle, a.item.split(":", 1)[1])
    elif a.item in lamps(ctx.v(a.vehicle)):
        _aim_searchlight(ctx, a)
    else:
        _fire_flare(ctx, a)


# --- searchlights ------------------------------------------------------------------------------------


def _searchlight_problem(state: GameState, v: VehicleState, lamp: str, target: str) -> str | None:
    if not dark(state):
        return "searchlights do nothing but at night, under no starshell (000:L2662)"
    if lamp not in lamps(v):
        return f"{v.id} has no working searchlight {lamp!r}"
    if operator(v) is None:
        return "no crewman is free to work the searchlight this turn (000:L2661)"
    if target == v.id or target not in {t.id for t in state.vehicles if not t.out}:
        return f"{target!r} is no vehicle in the fight to turn the light on"
    cs = fire_step._combatants(state)
    if blocker(cs, state.map_id, cs[v.id].pose.centre, cs[target].pose.centre, (v.id, target),
               state.map_changes) is not None:
        return f"the beam is blocked on its way to {target} (000:L826)"
    return None


def searchlight_shot(state: GameState, a: Use) -> tuple[Shot, int, str]:
    """The roll a searchlight needs: 3+ to track with the normal modifiers but no darkness (000:L2661), 6+ to
    blind; (shot, smoke inches, crewman)."""
    cs = fire_step._combatants(state)
    v = state.vehicle(a.vehicle)
    c, t = cs[a.vehicle], cs[a.target]
    crew = operator(v) or ""
    origin, point = c.pose.centre, t.pose.centre
    smoke = cloud_inches(state.counters, origin, point)
    shot = Shot(base=lights_tables().track_to_hit, range=range_to(origin, t.pose, t.size), target=t.target_type,
                target_side=struck_side(t.pose, t.size, origin), target_speed=t.speed, firer_speed=c.speed,
                firer_moved=c.moved, target_moved=t.moved, gunner_skill=c.skills.get(crew, 0),
                maneuver_d=c.maneuver_d if c.at_wheel(crew) else 0, aimed_fire=c.aimed_fire, smoke_inches=smoke,
                visibility=c.rain or "clear", bad_footing=c.bad_footing, paint_on_windows=c.paint_on_windows,
                searchlight_blinded=c.blinded)
    return shot, int(smoke > 0), crew


def searchlight_to_hit(state: GameState, a: Use) -> ToHit:
    """What a searchlight needs to track (blinding needs 3 more), for the fire panel's preview."""
    return to_hit(searchlight_shot(state, a)[0], state.rules.combat)


def describe(state: GameState, a: Use) -> str:
    """A `use` action in a player's words."""
    lt, v = lights_tables(), state.vehicle(a.vehicle)
    if a.item == NITROUS:
        return (f"Nitrous: +{lt.nitrous_accel:g} mph accel, top {nitrous.boosted_top(state, v):g} mph, "
                f"{lt.nitrous_turns} turns (engine roll {lt.nitrous_critical})")
    if a.item.startswith(EJECT + ":"):
        return f"Eject the {a.item.split(':', 1)[1]}: the seat fires in {lt.eject_delay} phases"
    if a.item in lamps(v):
        th = searchlight_to_hit(state, a)
        return f"{a.item} on {a.target}: track {th.need}+, blind {th.need + lt.blind_to_hit - lt.track_to_hit}+"
    p = _point(a.target) or v.pose.centre
    near = min((t for t in state.vehicles if t.id != v.id), key=lambda t: (t.pose.centre - p).length(), default=None)
    where = f"({a.target})" if near is None else (
        f"over {near.id}" if (near.pose.centre - p).length() < 0.05 else f"toward {near.id}")
    return f"Flare from {a.item} {where}: {lt.flare_radius:g}\" lit {lt.flare_turns} turns, night {lt.flare_night}"


def _aim_searchlight(ctx: Ctx, a: Use) -> None:
    lt = lights_tables()
    shot, smoky, crew = searchlight_shot(ctx.state, a)
    th = to_hit(shot, ctx.rules.combat)
    roll = ctx.roll(DiceExpr(2), f"{a.item} on {a.target}", lt.searchlight_source, a.vehicle)
    tracked = th.can_hit() and roll >= th.need
    blinds = tracked and not smoky and roll >= th.need + lt.blind_to_hit - lt.track_to_hit   # not through smoke
    v = ctx.v(a.vehicle)
    t = now(ctx.state)
    beams = tuple(b for b in v.beams if b[0] != a.item)
    if tracked:
        beams += ((a.item, a.target, t + lt.beam_phases - 1, int(blinds)),)
    ctx.put(evolve(v, beams=beams, fire_acted=tuple(sorted({*v.fire_acted, crew}))))
    if blinds:
        w = ctx.v(a.target)
        since = w.glare[0] if w.glare and w.glare[1] >= t - 1 else t
        ctx.put(evolve(w, glare=(since, t + lt.beam_phases - 1)))
    what = ("tracks it and blinds its crew" if blinds else "tracks it") if tracked else "misses it"
    ctx.log.add(SearchlightAimed(f"{a.item} on {a.target}: needs {th.need}+ to track, {th.need + 3}+ to blind; "
                                 f"rolled {roll}: {what}", lt.searchlight_source, a.vehicle, lamp=a.item,
                                 target=a.target, roll=roll, need=th.need, tracked=tracked, blinded=blinds))


# --- flares ------------------------------------------------------------------------------------------


def _flare_ready(c: Combatant, v: VehicleState, wid: str) -> bool:
    w = next((m for m in v.sheet.weapons if m.id == wid), None)
    if w is None or ready(c, wid) is not None:
        return False
    loaded = next((ammo for ammo, n in zip(w.ammo, w.shots, strict=False) if n > 0), None)
    return loaded == lights_tables().flare_ammo


def _point(text: str) -> Vec | None:
    try:
        x, y = (float(p) for p in text.split(","))
    except ValueError:
        return None
    return Vec(x, y) if math.isfinite(x) and math.isfinite(y) else None


def _flare_problem(state: GameState, v: VehicleState, wid: str, target: str) -> str | None:
    if not dark(state):
        return "a flare round lights nothing by day or under a starshell"
    c = fire_step._combatants(state)[v.id]
    if not _flare_ready(c, v, wid):
        return f"{wid} has no flare round ready to fire (000:L2989)"
    crew = c.weapon(wid).crew
    if crew and crew in v.fire_acted:
        return f"{crew} has used his firing action this turn"
    p = _point(target)
    if p is None:
        return f"a flare is fired at a point \"x,y\", not {target!r}"
    if (p - v.pose.centre).length() > lights_tables().flare_reach + 1e-9:
        return f"the flare's centre may be at most {lights_tables().flare_reach:g}\" from the firer (000:L2989)"
    return None


def flare_points(state: GameState, v: VehicleState) -> list[Vec]:
    """The points offered for a flare: over each other vehicle, or as near it as the 15" reach allows."""
    reach = lights_tables().flare_reach
    out = []
    for t in state.vehicles:
        if t.id == v.id or t.out:
            continue
        d = t.pose.centre - v.pose.centre
        n = d.length()
        k = min(1.0, (reach - 0.01) / n) if n else 0.0   # just inside the reach, rounding and all
        p = Vec(v.pose.x + d.x * k, v.pose.y + d.y * k)
        out.append(Vec(round(p.x, 2), round(p.y, 2)))
    return out


def _flare_options(state: GameState, v: VehicleState) -> list[Use]:
    out = []
    for w in v.sheet.weapons:
        if w.abbr != "RL" and lights_tables().flare_ammo not in w.ammo:
            continue
        for p in flare_points(state, v):
            a = Use(v.id, w.id, f"{p.x:g},{p.y:g}")
            if _flare_problem(state, v, w.id, a.target) is None:
                out.append(a)
    return out


def _fire_flare(ctx: Ctx, a: Use) -> None:
    lt = lights_tables()
    p = _point(a.target)
    assert p is not None
    c = fire_step._combatants(ctx.state)[a.vehicle]
    crew = c.weapon(a.item).crew
    v = ctx.v(a.vehicle)
    ctx.put(evolve(v, sheet=use_shot(v.sheet, a.item), fired=(*v.fired, a.item),
                   fire_acted=tuple(sorted({*v.fire_acted, *([crew] if crew else [])}))))
    until = ctx.state.turn + lt.flare_turns - 1
    ctx.state = evolve(ctx.state, flares=(*ctx.state.flares, (p.x, p.y, until)))
    ctx.log.add(FlareLit(f"{a.item} fires a flare round: a circle of {lt.flare_radius:g}\" radius round ({p.x:g}, {p.y:g}) is "
                         f"lit to the end of turn {until} (night -1 inside)", lt.flare_source, a.vehicle,
                         weapon=a.item, x=p.x, y=p.y, until=until))
