"""Query answers for trailers, rigs and oversized vehicles: the `maneuver` op for the new kinds (the tractor's
and the trailer's poses) and Crash Table 3 of the `crash` op (docs/ARCHITECTURE.md, issue 19)."""

from __future__ import annotations

from typing import Any

from rules.core.geometry import Kind, Pose
from rules.driving.articulated import (
    RIG_KINDS,
    Coupling,
    car_trailer_coupling,
    counter,
    crash3,
    follow,
    hitch_point,
    hitched,
    jackknifed,
    rig_coupling,
    rig_maneuver,
    rig_maneuver_error,
)
from rules.driving.maneuvers import Maneuver, base_difficulty, maneuver_error, perform
from rules.tables.oversized import oversized_tables
from rules.tables.rigs import rig_tables
from rules.tools.query_types import Answer, QueryError, Request

BIG_VEHICLES = RIG_KINDS


def wants_rig(req: Request) -> bool:
    """A maneuver request for an oversized vehicle, or for any vehicle with a trailer behind it."""
    return req.get("vehicle") in BIG_VEHICLES or "trailer" in req


def _pose_of(raw: Any, what: str) -> Pose:
    if not isinstance(raw, dict):
        raise QueryError(f"{what} must be an object {{x, y, facing}}")
    try:
        return Pose.at(float(raw["x"]), float(raw["y"]), float(raw["facing"]))
    except (KeyError, TypeError, ValueError):
        raise QueryError(f"{what} needs numbers x, y and facing") from None


def op_rig_maneuver(req: Request, speed: float, pose: Pose) -> Answer:
    vehicle = str(req.get("vehicle", ""))
    raw: Any = req.get("maneuver")
    if not isinstance(raw, dict):
        raise QueryError("maneuver must be an object with a kind")
    m = Maneuver.from_json(raw)
    err = maneuver_error(Kind.CAR, m, speed) if vehicle in BIG_VEHICLES else maneuver_error(Kind(vehicle), m, speed)
    trailer: Any = req.get("trailer")
    towing = trailer is not None
    err = err or rig_maneuver_error(m, speed, towing=towing, guarded=bool(req.get("guarded", False)))
    if err:
        raise QueryError(err)
    body = str(req.get("body", "bus_40" if vehicle == "bus" else ""))
    if vehicle == "bus" and body not in oversized_tables().bodies:
        raise QueryError("body must be a bus body: minibus, bus_30 or bus_40")
    size = counter(vehicle, body)
    if not towing:
        return {"pose": perform(m, pose, size).end.to_json(), "difficulty": base_difficulty(m, speed)}
    if not isinstance(trailer, dict):
        raise QueryError("trailer must be an object {body, optional pose}")
    if vehicle == "tractor":
        c = rig_coupling(size)
    elif vehicle in ("car", "cycle", "trike"):
        tb = trailer.get("body")
        if tb not in {k for k, b in oversized_tables().bodies.items() if b.kind == "car_trailer"}:
            raise QueryError("trailer body must be a car trailer body (mini_van, van_6 ... flatbed_30)")
        c = car_trailer_coupling(size, str(tb))
    else:
        raise QueryError("only a tractor, car, trike or cycle tows a trailer here")
    start = _pose_of(trailer["pose"], "trailer pose") if "pose" in trailer else hitched(pose, c)
    motion = rig_maneuver(m, pose, start, c)
    out: Answer = {"pose": motion.tower.end.to_json(), "difficulty": base_difficulty(m, speed),
                   "trailer_pose": motion.trailer.end.to_json(), "jackknifed": motion.jackknifed}
    if "trailer2" in trailer:
        out.update(_second(trailer["trailer2"], start, motion.trailer.end, c, m.reverse))
    return out


def _second(raw: Any, first_start: Pose, first_end: Pose, c: Coupling, reverse: bool) -> Answer:
    """A double's second trailer (000:L567, reading M-R32): it follows the first as if the first were the
    towing vehicle, the distance the first's centre went, onto the hitch at the first's back (a car trailer
    body's tongue; else a semi-trailer's kingpin, as on a fifth wheel)."""
    if not isinstance(raw, dict):
        raise QueryError("trailer2 must be an object {optional body, optional pose}")
    body = raw.get("body")
    kinds = {k: b.kind for k, b in oversized_tables().bodies.items() if b.kind in ("car_trailer", "semi_trailer")}
    if body is not None and body not in kinds:
        raise QueryError("trailer2 body must be a car trailer or semi-trailer body (mini_van ... flatbed_30, "
                         "van_40 ...), or none for a semi-trailer")
    car = body is not None and kinds[str(body)] == "car_trailer"
    c2 = car_trailer_coupling(c.trailer, str(body)) if car else rig_coupling(c.trailer)
    start = _pose_of(raw["pose"], "trailer2 pose") if "pose" in raw else hitched(first_start, c2)
    end = follow(start, hitch_point(first_end, c2), (first_end.centre - first_start.centre).length(), c2,
                 reverse=reverse)
    return {"trailer2_pose": end.to_json(), "jackknifed2": jackknifed(first_end, end, c2)}


def op_crash3(roll: int) -> Answer:
    """Crash Table 3 (000:L337-L351): the result's name."""
    return {"result": crash3(roll, rig_tables()).result}
