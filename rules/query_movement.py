"""Query ops of the movement rules: chart, control, decel, maneuver, crash (../shared/DESIGN.md)."""

from __future__ import annotations

from typing import Any

from rules.geometry import Kind, Pose
from rules.maneuvers import Maneuver, base_difficulty, perform, shape_error
from rules.query import Answer, QueryError, Request
from rules.tables import tables


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
    d, tire = tables().decel.hazard(mph)
    return {"difficulty": d, "tire_damage": str(tire)}


def _pose(req: Request) -> Pose:
    p = req.get("pose")
    if not isinstance(p, dict):
        raise QueryError("pose must be an object {x, y, facing}")
    try:
        return Pose.at(float(p["x"]), float(p["y"]), float(p["facing"]))
    except (KeyError, TypeError, ValueError):
        raise QueryError("pose needs numbers x, y and facing") from None


def maneuver_error(kind: Kind, m: Maneuver, speed: float) -> str | None:
    """Why this vehicle kind cannot make this maneuver at this speed (None if it can)."""
    t = tables().maneuvers
    err = shape_error(m, t)
    if err:
        return err
    if kind is Kind.CYCLE and m.reverse:
        return "a cycle cannot move in reverse (000:L238)"
    if kind is Kind.CYCLE and m.kind == "bootlegger":
        return "a cycle cannot do a bootlegger reverse (000:L225)"
    if m.kind == "pivot" and speed != t.pivot_mph:
        return f"a pivot is made only at {t.pivot_mph:g} mph (000:L231)"
    if m.kind == "bootlegger" and not t.bootlegger_min <= speed <= t.bootlegger_max:
        return f"a bootlegger reverse starts at {t.bootlegger_min}-{t.bootlegger_max} mph (000:L222)"
    if m.kind == "t_stop" and speed <= 0:
        return "a T-stop needs speed to slide"
    return None


def op_maneuver(req: Request) -> Answer:
    try:
        kind = Kind(str(req.get("vehicle", "")))
    except ValueError:
        raise QueryError("vehicle must be car, trike or cycle") from None
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
    if table not in (1, 2):
        raise QueryError("table must be 1 or 2")
    if isinstance(roll, bool) or not isinstance(roll, int):
        raise QueryError("roll must be an integer (the modified 2d total)")
    return {"result": tables().crash.lookup(table, roll).result}
