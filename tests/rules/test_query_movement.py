"""`python -m rules query` for the movement ops: chart, control, decel, maneuver, crash
(the contract in ../shared/DESIGN.md)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.geometry import Kind, Pose
from rules.driving.maneuvers import Maneuver, base_difficulty, perform
from rules.tables.movement import tables
from rules.tools.query import run

REPO = Path(__file__).resolve().parents[2]


def ask(*requests: object) -> list[dict]:
    lines = [r if isinstance(r, str) else json.dumps(r) for r in requests]
    out = io.StringIO()
    assert run(io.StringIO("\n".join(lines) + "\n"), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def ask1(request: object) -> dict:
    (answer,) = ask(request)
    return answer


# --- the line protocol ----------------------------------------------------------------------------


def test_one_answer_per_line_in_order():
    answers = ask({"op": "chart", "speed": 30}, {"op": "decel", "mph": 15}, {"op": "crash", "table": 2, "roll": 4})
    assert answers == [
        {"phases": [1, 0, 1, 0, 1], "ram": "1d"},
        {"difficulty": 1, "tire_damage": "0"},
        {"result": "minor_fishtail"},
    ]


@pytest.mark.parametrize(
    "bad",
    [
        "this is not json",
        "[1, 2]",
        {"op": "teleport"},
        {"speed": 30},
        {"op": "chart"},
        {"op": "chart", "speed": 12.0},
        {"op": "chart", "speed": 302.5},
        {"op": "chart", "speed": -5},
        {"op": "chart", "speed": "fast"},
        {"op": "chart", "speed": True},
        {"op": "control", "speed": 60},
        {"op": "control", "speed": 60, "hs": 8},
        {"op": "control", "speed": 60, "hs": -7},
        {"op": "control", "speed": 60, "hs": 1.5},
        {"op": "decel", "mph": -5},
        {"op": "decel"},
        {"op": "crash", "table": 4, "roll": 7},       # table 3 answers since issue 19 (trailers and rigs)
        {"op": "crash", "table": 3, "roll": 7.5},
        {"op": "crash", "table": 1, "roll": 7.5},
        {"op": "maneuver", "vehicle": "tank", "pose": {"x": 0, "y": 0, "facing": 0}, "speed": 30,
         "maneuver": {"kind": "straight"}},
        {"op": "maneuver", "vehicle": "car", "pose": {"x": 0, "y": 0}, "speed": 30, "maneuver": {"kind": "straight"}},
        {"op": "maneuver", "vehicle": "car", "pose": {"x": 0, "y": 0, "facing": 0}, "speed": 30},
        {"op": "maneuver", "vehicle": "car", "pose": {"x": 0, "y": 0, "facing": 0}, "speed": 30,
         "maneuver": {"kind": "bend", "side": "right", "degrees": 95}},
        {"op": "maneuver", "vehicle": "car", "pose": {"x": 0, "y": 0, "facing": 0}, "speed": 30,
         "maneuver": {"kind": "bend", "side": "up", "degrees": 30}},
        {"op": "maneuver", "vehicle": "car", "pose": {"x": 0, "y": 0, "facing": 0}, "speed": 30,
         "maneuver": {"kind": "drift", "side": "left", "inches": 0.5}},
        {"op": "maneuver", "vehicle": "car", "pose": {"x": 0, "y": 0, "facing": 0}, "speed": 30,
         "maneuver": {"kind": "bend", "side": "left", "degrees": 30, "skid": 0.3}},
        {"op": "maneuver", "vehicle": "car", "pose": {"x": 0, "y": 0, "facing": 0}, "speed": 30,
         "maneuver": {"kind": "bend", "side": "left", "degrees": 30, "wobble": 1}},
    ],
)
def test_an_unanswerable_line_gets_an_error_and_the_next_line_is_answered(bad):
    first, second = ask(bad, {"op": "chart", "speed": 30})
    assert set(first) == {"error"} and isinstance(first["error"], str) and first["error"]
    assert second == {"phases": [1, 0, 1, 0, 1], "ram": "1d"}


@pytest.mark.parametrize(
    "line",
    [
        '{"op": "decel", "mph": Infinity}',
        '{"op": "decel", "mph": NaN}',
        '{"op": "chart", "speed": NaN}',
        '{"op": "control", "speed": Infinity, "hs": 0}',
        '{"op": "maneuver", "vehicle": "car", "pose": {"x": Infinity, "y": 0, "facing": 0}, "speed": 30, '
        '"maneuver": {"kind": "straight"}}',
        '{"op": "maneuver", "vehicle": "car", "pose": {"x": 0, "y": 0, "facing": NaN}, "speed": 30, '
        '"maneuver": {"kind": "straight"}}',
    ],
)
def test_non_finite_numbers_get_an_error_and_the_next_line_is_answered(line):
    """Python's json accepts NaN and Infinity; they must not stop the query loop."""
    first, second = ask(line, {"op": "chart", "speed": 30})
    assert set(first) == {"error"}
    assert second == {"phases": [1, 0, 1, 0, 1], "ram": "1d"}


@pytest.mark.parametrize(
    ("vehicle", "speed", "maneuver", "line"),
    [
        ("car", 10, {"kind": "pivot", "side": "right", "degrees": 90}, 231),
        ("car", 40, {"kind": "bootlegger", "side": "right"}, 222),
        ("car", 15, {"kind": "bootlegger", "side": "left"}, 222),
        ("cycle", 30, {"kind": "bootlegger", "side": "left"}, 225),
        ("cycle", 20, {"kind": "straight", "reverse": True}, 238),
        ("cycle", 20, {"kind": "bend", "side": "left", "degrees": 15, "reverse": True}, 238),
    ],
)
def test_maneuvers_the_rules_forbid_are_refused(vehicle, speed, maneuver, line):
    answer = ask1({"op": "maneuver", "vehicle": vehicle, "pose": {"x": 0, "y": 0, "facing": 0}, "speed": speed,
                   "maneuver": maneuver})
    assert set(answer) == {"error"}, f"000:L{line}"


def test_blank_lines_are_skipped():
    out = io.StringIO()
    run(io.StringIO('\n{"op": "decel", "mph": 10}\n\n'), out)
    assert out.getvalue().splitlines() == ['{"difficulty": 0, "tire_damage": "0"}']


def test_real_subprocess_python_m_rules_query():
    requests = [
        {"op": "chart", "speed": 55},
        "garbage",
        {"op": "control", "speed": 60, "hs": -2},
        {"op": "maneuver", "vehicle": "car", "pose": {"x": 0, "y": 0, "facing": 0}, "speed": 30,
         "maneuver": {"kind": "bend", "side": "right", "degrees": 90}},
    ]
    text = "\n".join(r if isinstance(r, str) else json.dumps(r) for r in requests) + "\n"
    proc = subprocess.run([sys.executable, "-m", "rules", "query"], input=text, capture_output=True, text=True,
                          cwd=REPO, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == 4
    assert answers[0] == {"phases": [1.5, 1, 1, 1, 1], "ram": "6d"}
    assert set(answers[1]) == {"error"}
    assert answers[2] == {"result": "2", "crash_modifier": 1}
    pose = answers[3]["pose"]
    assert answers[3]["difficulty"] == 6
    assert (pose["x"], pose["y"], pose["facing"]) == pytest.approx((0.75, -0.75, 90), abs=1e-3)


# --- answers equal the reference ---------------------------------------------------------------------


def test_chart_at_0_has_no_ram_000_L112():
    assert ask1({"op": "chart", "speed": 0}) == {"phases": [0, 0, 0, 0, 0], "ram": None}


def test_control_at_0_mph_is_safe_with_no_crash_modifier():
    assert ask1({"op": "control", "speed": 0, "hs": -6}) == {"result": "safe", "crash_modifier": None}


@pytest.mark.parametrize(
    ("speed", "hs", "result", "mod"),
    [(60, 1, "safe", 1), (60, -2, "2", 1), (60, -3, "3", 1), (45, -3, "2", 1), (35, -3, "safe", 0),
     (85, -6, "XX", 2), (200, 0, "6", 6), (20, -6, "3", -2), (12.5, -5, "2", -2)],
)
def test_control_answers_000_L174_L190(speed, hs, result, mod):
    assert ask1({"op": "control", "speed": speed, "hs": hs}) == {"result": result, "crash_modifier": mod}


@pytest.mark.parametrize(
    ("mph", "difficulty", "tires"),
    [(10, 0, "0"), (15, 1, "0"), (30, 5, "0"), (35, 7, "2"), (40, 9, "1d"), (45, 11, "1d+3")],
)
def test_decel_answers_000_L147_L153(mph, difficulty, tires):
    assert ask1({"op": "decel", "mph": mph}) == {"difficulty": difficulty, "tire_damage": tires}


def test_maneuver_answer_swerve_example_000_L209():
    answer = ask1({"op": "maneuver", "vehicle": "car", "pose": {"x": 0, "y": 0, "facing": 0}, "speed": 40,
                   "maneuver": {"kind": "swerve", "side": "left", "degrees": 30, "drift": 0.25}})
    assert answer["difficulty"] == 3
    p = answer["pose"]
    assert (p["x"], p["y"], p["facing"]) == pytest.approx((-0.0335, -1.0580, 330), abs=1e-3)


def test_maneuver_answer_cycle_bend_000_L194():
    answer = ask1({"op": "maneuver", "vehicle": "cycle", "pose": {"x": 0, "y": -0.25, "facing": 0}, "speed": 40,
                   "maneuver": {"kind": "bend", "side": "right", "degrees": 90}})
    p = answer["pose"]
    assert (p["x"], p["y"], p["facing"]) == pytest.approx((1.0, -0.75, 90), abs=1e-3)


def test_maneuver_answer_t_stop_difficulty_is_1_per_10_mph_000_L228():
    answer = ask1({"op": "maneuver", "vehicle": "car", "pose": {"x": 0, "y": 0, "facing": 0}, "speed": 60,
                   "maneuver": {"kind": "t_stop", "side": "left"}})
    assert answer["difficulty"] == 6


def test_maneuver_answer_pivot_at_5_mph_000_L231():
    answer = ask1({"op": "maneuver", "vehicle": "car", "pose": {"x": 0, "y": 0, "facing": 0}, "speed": 5,
                   "maneuver": {"kind": "pivot", "side": "right", "degrees": 90}})
    assert answer["difficulty"] == 0
    p = answer["pose"]
    assert (p["x"], p["y"], p["facing"]) == pytest.approx((0.75, 0.0, 90), abs=1e-3)


# --- answers equal the direct functions (property tests) ------------------------------------------------

speeds = st.integers(0, 120).map(lambda k: k * 2.5)


@settings(max_examples=100, deadline=None)
@given(speed=speeds)
def test_chart_answers_equal_the_table(speed):
    row = tables().chart.row(speed)
    answer = ask1({"op": "chart", "speed": speed})
    assert answer["phases"] == list(row.phases)
    assert answer["ram"] == (str(row.ram) if row.ram else None)


@settings(max_examples=200, deadline=None)
@given(speed=speeds.filter(bool), hs=st.integers(-6, 7))
def test_control_answers_equal_the_table(speed, hs):
    ct = tables().control
    answer = ask1({"op": "control", "speed": speed, "hs": hs})
    assert answer == {"result": ct.cell(speed, hs), "crash_modifier": ct.row(speed).crash_modifier}


@settings(max_examples=100, deadline=None)
@given(mph=st.integers(0, 24).map(lambda k: k * 2.5))
def test_decel_answers_equal_the_table(mph):
    d, tire = tables().decel.hazard(mph)
    assert ask1({"op": "decel", "mph": mph}) == {"difficulty": d, "tire_damage": str(tire)}


@settings(max_examples=100, deadline=None)
@given(table=st.sampled_from([1, 2]), roll=st.integers(-20, 40))
def test_crash_answers_equal_the_table(table, roll):
    assert ask1({"op": "crash", "table": table, "roll": roll}) == {"result": tables().crash.lookup(table, roll).result}


sides = st.sampled_from(["left", "right"])
skids = st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0])
ordinary = st.one_of(
    st.just(Maneuver()),
    st.builds(lambda s, k: Maneuver("drift", s, inches=k / 16), sides, st.integers(1, 4)),
    st.builds(lambda s, k: Maneuver("steep_drift", s, inches=k / 16), sides, st.integers(5, 8)),
    st.builds(lambda s, a, k: Maneuver("bend", s, degrees=a, skid=k), sides, st.integers(1, 90), skids),
    st.builds(lambda s, a, k, dr: Maneuver("swerve", s, degrees=a, drift=dr / 16, skid=k),
              sides, st.integers(1, 90), skids, st.integers(1, 4)),
    st.builds(lambda s: Maneuver("t_stop", s), sides),
)


@st.composite
def maneuver_requests(draw):
    kind = draw(st.sampled_from([Kind.CAR, Kind.TRIKE, Kind.CYCLE]))   # the big kinds: test_query_rigs.py
    choice = draw(st.sampled_from(["ordinary", "pivot", "bootlegger"] if kind is not Kind.CYCLE
                                  else ["ordinary", "pivot"]))
    if choice == "pivot":
        m = Maneuver("pivot", draw(sides), degrees=draw(st.integers(1, 180)),
                     corner=draw(st.sampled_from(["", "left", "right"])))
        speed = 5.0
    elif choice == "bootlegger":
        m = Maneuver("bootlegger", draw(sides))
        speed = draw(st.integers(8, 14)) * 2.5
    else:
        m = draw(ordinary)
        speed = draw(st.integers(1, 120)) * 2.5
    if kind is not Kind.CYCLE:
        m = replace(m, reverse=draw(st.booleans()))
    pose = {"x": draw(st.integers(-99999, 99999)) / 1000, "y": draw(st.integers(-99999, 99999)) / 1000,
            "facing": draw(st.integers(0, 359999)) / 1000}
    return kind, m, speed, pose


@settings(max_examples=300, deadline=None)
@given(req=maneuver_requests())
def test_maneuver_answers_equal_the_direct_functions(req):
    kind, m, speed, pose = req
    answer = ask1({"op": "maneuver", "vehicle": kind.value, "pose": pose, "speed": speed, "maneuver": m.to_json()})
    size = tables().handling.counters[kind]
    end = perform(m, Pose.at(pose["x"], pose["y"], pose["facing"]), size).end
    assert answer == {"pose": end.to_json(), "difficulty": base_difficulty(m, speed)}
