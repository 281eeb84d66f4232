"""The registry of `python -m rules query` ops: one line per op, pointing at its topic module."""

from __future__ import annotations

from rules.tools.query_collision import op_collision
from rules.tools.query_design import op_design, op_tow
from rules.tools.query_movement import op_chart, op_control, op_crash, op_decel, op_maneuver
from rules.tools.query_people import op_grenade, op_hand_weapon, op_jump_out, op_to_hit_people
from rules.tools.query_types import Op

OPS: dict[str, Op] = {
    "chart": op_chart,
    "control": op_control,
    "decel": op_decel,
    "maneuver": op_maneuver,
    "crash": op_crash,
    "to_hit": op_to_hit_people,   # op_to_hit for every request without hand weapons or people fields
    "collision": op_collision,
    "design": op_design,
    "tow": op_tow,      # issue 19: a vehicle and its trailer
    "hand_weapon": op_hand_weapon,
    "jump_out": op_jump_out,
    "grenade": op_grenade,
    # "design": (issue 3), "collision": (issue 4), "to_hit": (issue 5) register here.
}
