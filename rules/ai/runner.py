"""A scenario's runner: the target of an escape victory (the convoy's rig) drives for its exit (issue 19).

A runner does not close on the enemy. It holds a cruising speed down the road and keeps the lane that
leads out through the exit, and it fights only what is in its way. Its guns still fire in the fire step
as any foe's do, and a predicted contact still rules a move out.
- The lane is the straight line through the exit's centre, square to the map edge the exit lies on.
  "Out through the exit" is that edge's outward heading: north for the convoy highway's exit.
- Off the lane by more than LANE_SLACK, each inch costs LANE_WEIGHT.
- The nose should point at a spot on the lane LANE_AHEAD inches on, the way a driver steers back into
  a lane and does not turn square to it. Each 15 degrees off costs HEADING_WEIGHT.
- Each inch nearer the exit earns EXIT_PULL, so a faster plan gets more.
- The speed it cruises at is CRUISE_MPH, capped by its top speed. The close-fight and turn-back speed
  caps of a fighting foe do not apply to it.
- SHOT_SHARE scales the shots a runner's plans reckon with, given and taken. It still dodges a
  broadside and takes a shot on the way, but neither steers it off the road.
- A runner rig's big guns (its own or its trailer's) fire only when their hazard is a control risk the
  profile accepts (`fire_ok`). A tank gun fired is D2 to the driver (000:L259-L260). An HC 1 tractor gets
  back 1 a turn (000:L169), so a pair of linked tank guns every turn left the convoy's rig at -5 or -6
  and fishtailing on Crash Table 3.

These are design settings of the scripted foes, not rulebook numbers. The rules the runner meets (its
HC, hazards, the Crash Tables) are the engine's, as for a player.
"""

from __future__ import annotations

import math

from rules.ai.sight import View, p_lose
from rules.combat.shooting import expand
from rules.core.geometry import Pose, Vec, angle_diff, forward, heading_of, right
from rules.driving.handling import control_need, lower_status
from rules.phases import fire_step
from rules.play.actions import Action, Fire
from rules.play.state import VehicleState

CRUISE_MPH = 40.0      # a rig's highway speed: 4" a turn, the convoy's 44" to the exit in 11 turns
SPEED_WEIGHT = 0.3     # points for each mph below the cruise speed (a fighting foe's is 0.08)
LANE_SLACK = 0.75      # inches either side of the lane line that are free (the middle two 1" lanes)
LANE_WEIGHT = 4.0      # points for each inch past the slack (the gravel shoulder is 2.5" off the line)
LANE_AHEAD = 6.0       # inches: the spot on the lane the nose is steered at (a bend of 15 degrees gets
                       # back into the lane from an inch off in about 4")
HEADING_WEIGHT = 3.0   # points for each 15 degrees between the nose and that spot
EXIT_PULL = 0.6        # points for each inch nearer the exit at a plan's end
SHOT_SHARE = 0.35      # how much of a fighting foe's weight the shots of a runner's plans get


def exit_area(view: View) -> tuple[float, float, float, float] | None:
    """The exit area (x, y, width, height) this vehicle must reach, when a scenario's escape victory
    names it a target; None for every other vehicle."""
    g = view.state.goal
    if g is None or g.kind != "escape" or g.exit is None or view.me.id not in g.targets:
        return None
    return g.exit


def exit_centre(view: View) -> Vec | None:
    area = exit_area(view)
    if area is None:
        return None
    x, y, w, h = area
    return Vec(x + w / 2, y + h / 2)


def out_heading(view: View) -> float | None:
    """The heading out of the map through the exit: square to the map edge nearest the exit area (with
    no map area known, the way from the vehicle to the exit)."""
    area = exit_area(view)
    centre = exit_centre(view)
    if area is None or centre is None:
        return None
    if view.bounds is None:
        return heading_of(centre - view.me.pose.centre)
    x, y, w, h = area
    x0, y0, x1, y1 = view.bounds
    gaps = ((y - y0, 0.0), (x1 - (x + w), 90.0), (y1 - (y + h), 180.0), (x - x0, 270.0))
    return min(gaps)[1]


def is_runner(view: View) -> bool:
    return exit_area(view) is not None


def runner_tower(view: View) -> VehicleState | None:
    """The runner whose driver takes this vehicle's hazards: the runner itself, or the tower of a
    trailer hitched to it; None when neither is an escape victory's target."""
    g = view.state.goal
    if g is None or g.kind != "escape" or g.exit is None:
        return None
    me = view.me
    tower = view.state.vehicle(me.towed_by) if me.towed_by else me
    return tower if tower.id in g.targets else None


def fire_ok(view: View, action: Action) -> bool:
    """Whether a runner (or its trailer) should make this fire action: a shot whose big-gun hazard
    (000:L259-L260) leaves the driver a chance of losing control above the profile's max_risk is
    held back (True for every action of any other vehicle)."""
    if not isinstance(action, Fire):
        return True
    tower = runner_tower(view)
    if tower is None or tower.speed <= 0:
        return True
    try:
        wids = expand(fire_step.combatant(view.state, view.me), action.weapon)
    except (KeyError, ValueError):
        return True
    d = sum(fire_step.big_gun_hazard(view.me, w) for w in wids)
    if not d:
        return True
    # the shots of this phase fire together at its end: the big guns the rig has declared already count
    for vid, weapon, _target, _aim in view.state.fire_declared:
        v = next((u for u in view.state.vehicles if u.id == vid), None)
        if v is not None and (v.id == tower.id or v.towed_by == tower.id):
            try:
                d += sum(fire_step.big_gun_hazard(v, w) for w in expand(fire_step.combatant(view.state, v), weapon))
            except (KeyError, ValueError):
                continue
    return p_lose(control_need(tower.speed, lower_status(tower.hs, d, view.t), view.t)) <= view.prof.max_risk


def cruise(view: View, fighting: float) -> float:
    """The speed a runner likes (a fighting foe's own choice for any other vehicle)."""
    if not is_runner(view):
        return fighting
    return min(CRUISE_MPH, view.me.spec.top_speed) if view.me.spec.top_speed > 0 else CRUISE_MPH


def speed_cost(view: View, mph: float, want: float) -> float:
    """What holding `mph` costs a runner, on top of a fighting foe's speed terms (0 for any other)."""
    if not is_runner(view):
        return 0.0
    return -max(0.0, want - mph) * SPEED_WEIGHT


def lane_terms(view: View, pose: Pose) -> tuple[float, float, float]:
    """(lane cost, heading cost, exit pull) of a runner's plan that ends at `pose` (all 0 for another
    vehicle): how far it is off the lane, how far its nose points off the way back onto it, how near
    it is to the exit."""
    centre, out = exit_centre(view), out_heading(view)
    if centre is None or out is None:
        return 0.0, 0.0, 0.0
    along = forward(out)
    rel = pose.centre - centre
    lateral = rel.dot(right(out))          # + right of the lane, looking out through the exit
    back = -rel.dot(along)                 # inches still to go along the lane (negative: past the exit)
    lane = -max(0.0, abs(lateral) - LANE_SLACK) * LANE_WEIGHT
    spot = centre - along * max(0.0, back - LANE_AHEAD)
    aim = heading_of(spot - pose.centre) if (spot - pose.centre).length() > 0.1 else out
    heading = -angle_diff(pose.facing, aim) / 15.0 * HEADING_WEIGHT
    pull = -math.hypot(lateral, max(0.0, back)) * EXIT_PULL
    return lane, heading, pull


def shot_share(view: View) -> float:
    """The weight of the shots given and taken in a runner's plans (1 for any other vehicle)."""
    return SHOT_SHARE if is_runner(view) else 1.0


__all__ = ["CRUISE_MPH", "cruise", "exit_area", "exit_centre", "fire_ok", "is_runner", "lane_terms", "out_heading",
           "runner_tower", "shot_share", "speed_cost"]
