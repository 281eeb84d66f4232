"""Query ops of the movement rules: chart, control, decel, maneuver, crash (../shared/DESIGN.md)."""

from __future__ import annotations

from typing import Any

from rules.core.geometry import Kind, Pose
from rules.driving.maneuvers import Maneuver, base_difficulty, maneuver_error, perform
from rules.tables.movement import BRAKES, tables
from rules.tools.query_rigs import op_crash3, op_rig_maneuver, wants_rig
from rules.tools.query_types import Answer, QueryError, Request


def _number(req: Request, key: str) -> float:
    if key not in req:
        raise QueryError(f"missing field {key!r}")
    v = req[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise QueryError(f"{key} must be a number")
    return float(v)


def _speed(req: Request) -> float:
    speed = _number(req, "speed")
    t = tables().chart
    if speed < 0 or speed > t.max_mph or abs(speed / t.step - round(speed / t.step)) > 1e-9:
        raise QueryError(f"speed must be a multiple of {t.step:g} mph from 0 to {t.max_mph:g}")
    return speed


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def op_chart(req: Request) -> Answer:
    speed = _speed(req)
    row = tables().chart.row(speed)
    ram = tables().chart.ram(speed)
    return {"phases": [_num(p) for p in row.phases], "ram": str(ram) if ram else None}


def op_control(req: Request) -> Answer:
    speed = _speed(req)
    hs = req.get("hs")
    if isinstance(hs, bool) or not isinstance(hs, int):
        raise QueryError("hs must be an integer handling status")
    if not -6 <= hs <= 7:
        raise QueryError("hs must be from -6 to 7")
    if speed == 0:
        return {"result": "safe", "crash_modifier": None}
    ct = tables().control
    return {"result": ct.cell(speed, hs), "crash_modifier": ct.row(speed).crash_modifier}


def op_decel(req: Request) -> Answer:
    mph = _number(req, "mph")
    if mph < 0:
        raise QueryError("mph must not be negative")
    brakes = req.get("brakes", "standard")
    if brakes not in BRAKES:
        raise QueryError(f"brakes must be one of {', '.join(BRAKES)}")
    antilock = req.get("abs", False)
    if not isinstance(antilock, bool):
        raise QueryError("abs must be true or false")
    t = tables().decel
    d, tire = t.hazard(mph, str(brakes))
    # ABS: no tire damage from braking (000:L2974); its D1 less on a wet or loose road needs a road, which the op has not
    return {"difficulty": d, "tire_damage": "0" if antilock else str(tire)}


def _pose(req: Request) -> Pose:
    p = req.get("pose")
    if not isinstance(p, dict):
        raise QueryError("pose must be an object {x, y, facing}")
    try:
        return Pose.at(float(p["x"]), float(p["y"]), float(p["facing"]))
    except (KeyError, TypeError, ValueError):
        raise QueryError("pose needs numbers x, y and facing") from None




def op_maneuver(req: Request) -> Answer:
    if wants_rig(req):      # oversized vehicles and trailers (issue 19)
        return op_rig_maneuver(req, _speed(req), _pose(req))
    try:
        kind = Kind(str(req.get("vehicle", "")))
    except ValueError:
        raise QueryError("vehicle must be car, trike or cycle") from None
    if kind not in (Kind.CAR, Kind.TRIKE, Kind.CYCLE):   # a trailer alone makes no maneuver (000:L555)
        raise QueryError("vehicle must be car, trike or cycle")
    speed = _speed(req)
    raw: Any = req.get("maneuver")
    if not isinstance(raw, dict):
        raise QueryError("maneuver must be an object with a kind")
    m = Maneuver.from_json(raw)
    err = maneuver_error(kind, m, speed)
    if err:
        raise QueryError(err)
    pose = _pose(req)
    size = tables().handling.counters[kind]
    end = perform(m, pose, size).end
    return {"pose": end.to_json(), "difficulty": base_difficulty(m, speed)}


def op_crash(req: Request) -> Answer:
    table = req.get("table")
    roll = req.get("roll")
    if table == 3 and not isinstance(table, bool):      # trailers and rigs (issue 19)
        if isinstance(roll, bool) or not isinstance(roll, int):
            raise QueryError("roll must be an integer (the modified 2d total)")
        return op_crash3(roll)
    if table not in (1, 2):
        raise QueryError("table must be 1 or 2")
    if isinstance(roll, bool) or not isinstance(roll, int):
        raise QueryError("roll must be an integer (the modified 2d total)")
    return {"result": tables().crash.lookup(table, roll).result}
