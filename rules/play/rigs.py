"""Rigs in play (issue 19): a tower (car, cycle, trike or tractor) and the trailer on its hitch or fifth
wheel are two vehicles of the state, the trailer marked `towed_by` its tower. The tower makes every
decision; the trailer follows it after each move (rules.driving.articulated, 000:L561-L564) and keeps its
speed; its gunners fire as any crew do. A trailer that comes loose rolls on straight (000:L576,
L601-L603). Crash Table 3 and the loose trailer's control roll are in rules.play.crashes."""

from __future__ import annotations

from rules.core.events import TrailerLoose
from rules.core.geometry import Kind, Pose
from rules.driving.articulated import (
    Coupling,
    car_trailer_coupling,
    follow,
    hitch_point,
    hitched,
    jackknifed,
    maneuver_distance,
    oversized_hazard,
    rig_coupling,
    truck_tire_immune,
)
from rules.driving.maneuvers import Maneuver
from rules.play.context import Ctx
from rules.play.state import GameState, VehicleState, evolve
from rules.tables.movement import tables
from rules.tables.rigs import rig_tables
from rules.vehicles.long_vehicles import BIG_KINDS
from rules.vehicles.record_sheet import Component
from rules.vehicles.spec import VehicleSpec

COUPLED = 2e-3   # inches: a coupling point this near its hitch is on it (reading M-R3)


def trailer_of(state: GameState, vid: str) -> VehicleState | None:
    """The trailer hitched to vehicle `vid`, if any."""
    for v in state.vehicles:
        if v.towed_by == vid:
            return v
    return None


def towing(state: GameState, vid: str) -> bool:
    return any(v.towed_by == vid for v in state.vehicles)


def partner(state: GameState, vid: str) -> str:
    """The other half of a rig: a tower's trailer or a trailer's tower ("" for a lone vehicle)."""
    v = state.vehicle(vid)
    if v.towed_by:
        return v.towed_by
    t = trailer_of(state, vid)
    return t.id if t else ""


def neighbours(state: GameState, vid: str) -> set[str]:
    """The counters hitched to this one: its tower and its trailer (a double's first trailer has both,
    000:L567). A rig's coupled counters overlap (000:L588) and never collide with each other."""
    v = state.vehicle(vid)
    t = trailer_of(state, vid)
    return {x for x in (v.towed_by, t.id if t else "") if x}


def rig_of(state: GameState, vid: str) -> tuple[str, ...]:
    """Every counter of the rig this vehicle is part of, the head tower first (a lone vehicle: itself)."""
    head = state.vehicle(vid)
    while head.towed_by:
        head = state.vehicle(head.towed_by)
    out = [head.id]
    t = trailer_of(state, head.id)
    while t is not None and t.id not in out:
        out.append(t.id)
        t = trailer_of(state, t.id)
    return tuple(out)


def coupling_of(tower: VehicleState, trailer: VehicleState) -> Coupling:
    """How this trailer hangs on this tower: a semi-trailer's kingpin on a fifth wheel (000:L588), else a
    car trailer's tongue on the hitch (000:L551). A double's second trailer hangs on the first the same way,
    the first trailer's counter standing for the tower's (000:L567, reading M-R32)."""
    size = tower.spec.counter(tables().handling.counters)
    if trailer.spec.kind is Kind.SEMI_TRAILER:
        return rig_coupling(size)
    return car_trailer_coupling(size, trailer.spec.body)


def hitched_trailer(tower: VehicleState, tid: str, spec: VehicleSpec) -> VehicleState:
    """A trailer set straight behind its tower with its coupling on the hitch, at the tower's speed."""
    probe = VehicleState(id=tid, owner=tower.owner, spec=spec, pose=tower.pose, travel=tower.travel, speed=tower.speed)
    pose = hitched(tower.pose, coupling_of(tower, probe))
    return evolve(probe, pose=pose, reverse=tower.reverse, sheet=spec.sheet, start_speed=tower.speed, towed_by=tower.id)


def trailer_after(tower_start: Pose, tower_end: Pose, trailer: Pose, c: Coupling, *, reverse: bool,
                  maneuver: Maneuver | None = None) -> Pose:
    """Where the trailer ends after its tower moved from `tower_start` to `tower_end` (000:L561-L569): straight
    along its axis as far as the tower went (a maneuver's inch, a pivot's quarter inch, as the query's
    rig_maneuver; any other motion the distance the tower's centre went), then about a rear corner onto the
    hitch."""
    if maneuver is not None and maneuver.kind != "straight":
        dist = maneuver_distance(maneuver)
    else:
        dist = (tower_end.centre - tower_start.centre).length()
    return follow(trailer, hitch_point(tower_end, c), dist, c, reverse=reverse)


def folded(state: GameState, vid: str) -> bool:
    """Whether the rig vehicle `vid` heads has jackknifed (000:L573, L591)."""
    t = trailer_of(state, vid)
    if t is None:
        return False
    tower = state.vehicle(vid)
    return jackknifed(tower.pose, t.pose, coupling_of(tower, t))


def set_loose(ctx: Ctx, trailer_id: str, why: str, rule: str) -> VehicleState:
    """The trailer comes off its tower: from now on nobody steers it, it goes straight on losing speed
    each turn (000:L576, L601-L603)."""
    v = ctx.v(trailer_id)
    rt = rig_tables()
    kind = "semi" if v.spec.kind is Kind.SEMI_TRAILER else "car"
    tower = v.towed_by
    w = ctx.put(evolve(v, towed_by="", loose=float(rt.num("loose", f"{kind}_decel")), driverless=True))
    ctx.log.add(TrailerLoose(f"the trailer comes loose from {tower}: {why}", rule, trailer_id, tower=tower))
    return w


def is_hitch(c: Component) -> bool:
    return c.id.endswith("_hitch") or c.id == "fifth_wheel"


def guarded(v: VehicleState) -> bool:
    """An armored hitch or a fifth-wheel guard still on: nothing harder than D3 (000:L1982, L2081)."""
    return any(is_hitch(c) and c.armor > 0 for c in v.sheet.components)


def coupling_broken(tower: VehicleState, trailer: VehicleState) -> str:
    """What of the coupling is gone, "" while it holds: the tractor's fifth wheel, the tower's hitch or the
    car trailer's tongue destroyed (000:L576, L601, L1970-L1971, L2067)."""
    for v in (tower, trailer):
        for c in v.sheet.components:
            if c.destroyed and (c.id in ("fifth_wheel", "tongue") or c.id.endswith("_hitch")):
                return c.name.lower()
    return ""


def oversized(v: VehicleState) -> bool:
    """A ten-wheeler, tractor, bus or trailer: the hazards of oversized vehicles apply (000:L254-L261)."""
    return v.spec.kind.value in BIG_KINDS


def tire_immune(v: VehicleState, index: int, source: str) -> bool:
    """A solid or plasticore truck tire takes nothing from spikes or debris (000:L2013)."""
    if not oversized(v):
        return False
    words = v.sheet.tires[index].kind.lower().split()
    return bool(words) and truck_tire_immune(words[-1], source)


def obstacle_d(v: VehicleState, car_d: int) -> int:
    """The D of striking an obstacle: D1 for an oversized vehicle (000:L255), a car's otherwise (000:L501)."""
    return oversized_hazard("obstacle") if oversized(v) else car_d


def release_fitting(state: GameState, vid: str) -> str:
    """The fitting that lets vehicle `vid`'s trailer go from inside ("" if none, or no trailer on)."""
    tr = trailer_of(state, vid)
    if tr is None:
        return ""
    fitting = tr.spec.release if tr.spec.kind is Kind.SEMI_TRAILER else state.vehicle(vid).spec.release
    return fitting if fitting in rig_tables().release_inside else ""
