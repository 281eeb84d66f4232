"""The `collision` op of `python -m rules query` (../shared/DESIGN.md) on the worked examples."""

from __future__ import annotations

import io
import json

from rules.tools.query import answer, run


def ask(**req: object) -> dict[str, object]:
    return answer({"op": "collision", **req})


def test_kart_and_piranha_000_L393() -> None:
    out = ask(kind="t_bone", speeds=[40, 0], weights=[2300, 5995], ram_roll=14)
    assert out == {"collision_speed": 40, "ram": "3d", "dm": ["2/3", "1"], "new_speeds": [20, 0],
                   "damage": [14, 9]}


def test_shogun_and_rig_000_L394() -> None:
    out = ask(kind="rear_end", speeds=[10, 0], weights=[800, 62000], ram_roll=3)
    assert out["ram"] == "1d-2" and out["dm"] == ["1/3", "15"] and out["damage"] == [45, 1]


def test_sideswipe_opposite_000_L460() -> None:
    out = ask(kind="sideswipe_opposite", speeds=[60, 50], weights=[5000, 5000])
    assert out == {"collision_speed": 30, "ram": "1d", "dm": ["1", "1"], "new_speeds": [60, 50]}


def test_head_on_item_70_000_L421() -> None:
    out = ask(kind="head_on", speeds=[60, 40], weights=[5000, 5000])
    assert out["collision_speed"] == 100 and out["new_speeds"] == [10, 0]


def test_no_ram_at_zero_speed() -> None:
    out = ask(kind="rear_end", speeds=[40, 40], weights=[5000, 5000], ram_roll=3)
    assert out["ram"] is None and out["damage"] == [0, 0]


def test_bad_requests_get_errors_and_the_next_line_is_answered() -> None:
    lines = [
        {"op": "collision", "kind": "fender_bender", "speeds": [1, 2], "weights": [1, 2]},
        {"op": "collision", "kind": "head_on", "speeds": [60], "weights": [1, 2]},
        {"op": "collision", "kind": "head_on", "speeds": [60, 40], "weights": [1, -2]},
        {"op": "collision", "kind": "head_on", "speeds": [60, 40], "weights": [1, 2], "ram_roll": "x"},
        {"op": "collision", "kind": "head_on", "speeds": [60, 40], "weights": [5000, 5000]},
    ]
    out = io.StringIO()
    run(io.StringIO("\n".join(json.dumps(x) for x in lines) + "\n"), out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert all("error" in a for a in answers[:4])
    assert answers[4]["collision_speed"] == 100
