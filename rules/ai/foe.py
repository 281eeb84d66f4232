"""A scripted foe: picks one of the engine's legal actions for a vehicle, and says why.

The client and `python -m rules simulate` call one function (keep this signature stable):

    decide(state, vid, legal_actions, profile, budget=1.0) -> (action, explanation)

    state          the engine's GameState (rules.play.state); the foe reads only what a player sees:
                   poses, speeds, handling status, record sheets, weapons; never the dice state
    vid            the vehicle to decide for; it must be in engine.to_act(state)
    legal_actions  engine.legal_actions(state, vid); the answer is always one of these
    profile        a rules.tables.foe_profiles.Profile or a preset name ("novice", "veteran", ...)
    budget         a hard wall-clock cap in seconds (default 1 s, so a client never waits longer); the
                   search itself is sized by the profile (candidates, depth, beam, menu, predict, nodes),
                   so the same state gives the same answer on any machine unless the cap is hit
    explanation    one short line for the log, naming what decided ("bends 30° right to bring MG1 to
                   bear; needs 3+ to keep control", "backs out: stuck against the pillar")

How it plans (issue 16; all of it from the public state):
- moves: the engine's own preview of every maneuver of this inch (rules.engine.preview.Previewer: D,
  handling status after, control chance, the swept path's first contact and the hazards it crosses,
  the map edge). A predicted contact disqualifies a move unless it means to ram; the end of the
  phase is scored for the shots it would have and give (the combat rules' to-hit, the fire step's line
  of fire check) and the best few go on to a plan of the rest of the turn (rules/ai/plan.py: a beam
  search over the phases to come, enemies' continuations predicted). Going straight on is always
  planned: the explanation names the term that made the chosen move beat it. So is the move that turns
  the nose most towards the target when it is more than 45 degrees off (after a head-on pass the quick
  look cannot see a turn back pay: a plan of a phase or two reaches no shot).
- coming back to the fight: with a wall between it and its target it closes in on a waypoint round the
  wall from which the target can be seen (_waypoint); in close it points its nose back at the target;
  a T-stop or a bootlegger is valued for the shots it has from the standstill (_stopped_shots).
- speed: each of the best few speeds is driven through the turn the same way; a speed at which every
  plan meets a wall is costed like a wall hit, so a foe slows, stops and backs out of a dead end.
- tactics from the loadout and the fight (rules.ai.sight.adapt, rules/data/foe_tactics.toml): a ram that
  pays (a ramplate or the weight: 2 for 1 or better) makes it ram, no weapon left keeps it away, badly
  damaged it withdraws, against a badly hurt enemy it presses; a team shares the weakest enemy in reach as
  its target (sight.pick_target); a pursuer close behind on its rear gun is kept there, not turned back
  on, when no move gives another gun a shot this phase (tail_gun).
- fire: each legal Fire action's to-hit number comes from the combat rules (rules.combat.shooting.shot_for,
  rules.combat.to_hit.to_hit); blocked lines of fire are skipped; a profile waits for a good shot early in
  the turn and takes worse ones as the turn runs out (each weapon fires once a turn, 000:L820);
- drop: a dropped weapon is laid when a pursuer behind it will drive over it (rules/data/foe_tactics.toml [drop]).

rules/ai/sight.py holds what it sees and reckons with (vehicles, weapons, rays, dice chances, paths).
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules.ai import explain, runner
from rules.ai.plan import CRASH_COST, DISCOUNT, Node, blocked, crash_cost, enemy_poses, outlook
from rules.ai.sight import (
    View,
    ahead,
    bad_ground,
    clear_ahead,
    drowns_at,
    edge_distance,
    enemy_at_fire,
    inches_per_phase,
    maneuver_risk,
    off_map,
    p_lose,
    p_two_dice,
    room,
)
from rules.combat.arcs import SIDES, arcs_of, in_arc, struck_side
from rules.combat.line_of_fire import blocker
from rules.combat.shooting import Declaration, expand, shot_for
from rules.combat.to_hit import range_modifier, to_hit, weapon_info
from rules.core.geometry import Pose, Vec, angle_diff, forward, heading_of, norm_deg, right
from rules.driving.articulated import jackknifed
from rules.driving.equipment import brakes
from rules.driving.handling import control_need, lower_status
from rules.driving.maneuvers import Maneuver, perform, slide
from rules.engine.preview import ManeuverPreview, Previewer
from rules.phases import fire_step
from rules.play import people
from rules.play.actions import Action, Drop, Fire, Move, Pass, Release, SetSpeed
from rules.play.rigs import coupling_of, trailer_after, trailer_of
from rules.play.state import FIRE, MOVE, SPEED, GameState, Mode, VehicleState
from rules.tables.foe_profiles import Profile
from rules.tables.foe_profiles import profile as preset
from rules.tables.foe_tactics import tactics
from rules.tables.movement import SAFE
from rules.world.map_changes import feature_properties

DEFAULT_BUDGET = 1.0  # seconds: a hard cap only (the client never waits longer); the profile's node budget decides

# Weights of the scoring terms (dimensionless "points"; one point ~ one expected point of damage).
DISQUALIFY = 200.0       # a predicted contact or leaving the map: chosen only when every plan has one
MAX_SHOT_RANGE = 24.0    # inches: past this no weapon of the stock cars hits often enough to plan for
BOXED_SHARE = 0.9        # every continuation of a move meets a wall or the edge within the plan: nearly a wall hit
WALL_COST = 20.0         # running into a wall at 15 mph
EDGE_COST = CRASH_COST   # a centre leaving the map area is out of the game: planned for like a crash
LEAF_EDGE_PHASES = 2     # phases held straight on past a plan's end, checked for the map's edge
EDGE_PHASES = 5          # phases held straight on (a turn) past the lookahead, checked for the map's edge
ROOM_COST = 8.0          # heading into a dead end at 30 mph
OUT_OF_RISK = 40.0       # a maneuver above the profile's max_risk when a safer one exists
FANCY_COST = 1.5         # bootleggers, pivots and skids: rarely worth their side effects
RAM_VALUE = 10.0
HAZARD_D = 2             # a typical hazard's D when the path crosses debris, an obstacle or a curb
RANGE_WEIGHT = 0.25
APPROACH_WEIGHT = 2.0
REENGAGE_DEPTH = 1       # a profile planning less far than this (the novice) drives on past its target
TURN_BACK_MPH = 25.0     # the speed it slows to when it has just passed its target (tight turns, a bootlegger's range)
TOWARD_NEAR = 8.0        # inches past the preferred range within which a target well off the nose is turned to at once
GOAL_PULL = 0.3          # each inch nearer a stand-off goal at a plan's end (rules/ai/stand_off.py)
FACE_WEIGHT = 1.0        # in close, pointing the nose at the target (a share of APPROACH_WEIGHT)
NOISE_SCALE = 6.0
STOP_SHOT_PHASES = 2     # phases after a T-stop or a bootlegger whose shots from the standstill count
BACK_OUT_MPH = 10.0      # the reverse speed it backs out of a dead end at
DETOUR_STEP = 15.0       # degrees between the detour legs tried round a wall between it and its target
DETOUR_MAX_OFF = 150.0   # the widest detour leg off the target's bearing
DETOUR_LEG = 10.0        # inches: the longest detour leg (shorter when the target is nearer)
DETOUR_REACH = 2.0       # inches: a plan ending this near its waypoint heads for the target itself


# --- the public entry point -----------------------------------------------------------------------


def decide(state: GameState, vid: str, legal_actions: Sequence[Action], profile: Profile | str,
           budget: float = DEFAULT_BUDGET, goal: Vec | None = None) -> tuple[Action, str]:
    """One of `legal_actions` for vehicle `vid`, and a short line saying why (see the module text). `goal`:
    a point to make for while it has no vehicle to fight (rules/ai/stand_off.py: men on foot only)."""
    if not legal_actions:
        raise ValueError(f"{vid} has no legal action to choose from")
    prof = preset(profile) if isinstance(profile, str) else profile
    deadline = time.perf_counter() + max(0.0, budget)
    with _LOCK:
        view = View.of(state, vid, prof, deadline)
        view.goal = goal if view.target is None else None
        if state.step == SPEED:
            return _speed(view, [a for a in legal_actions if isinstance(a, SetSpeed)] or list(legal_actions))
        if state.step == MOVE:
            return _move(view, [a for a in legal_actions if isinstance(a, Move)] or list(legal_actions))
        if state.step == FIRE:
            return _fire(view, list(legal_actions))
    return legal_actions[0], "does the only thing it can"


_LOCK = threading.Lock()  # the planning world is shared; a client may think on a worker thread


# --- speed ------------------------------------------------------------------------------------------


def _speed(view: View, options: list[Action]) -> tuple[Action, str]:
    me, prof = view.me, view.prof
    cruise = min(prof.cruise_mph, me.spec.top_speed)
    tgt = view.target
    if tgt is not None and prof.ram <= 0 and (tgt.pose.centre - me.pose.centre).length() < prof.preferred_range + 5:
        # in a close fight, only a little faster than the target: tighter turns, longer in arc
        cruise = max(15.0, min(cruise, tgt.speed + 15.0))
    if tgt is not None and prof.depth >= REENGAGE_DEPTH and _passed(view, tgt):
        cruise = min(cruise, TURN_BACK_MPH)   # slow enough to turn back on a target it has just passed
    cruise = runner.cruise(view, cruise)      # a scenario's runner holds its road speed (rules.ai.runner)
    quick: list[tuple[float, int, SetSpeed, str]] = []
    for i, a in enumerate(options):
        if isinstance(a, SetSpeed):
            score, note = _speed_score(view, a.mph, cruise)
            score += runner.speed_cost(view, max(0.0, a.mph), cruise)
            quick.append((score, i, a, note))
    if not quick:
        return options[0], "does the only thing it can"
    quick.sort(key=lambda q: (-q[0], q[1]))
    # the best few speeds are driven through the turn (rules/ai/plan.py); more while each one is boxed in
    planned: list[tuple[float, int, SetSpeed, bool]] = []
    for n, (score, i, a, note) in enumerate(quick):
        if n >= max(3, prof.candidates // 2 + 1) and any(not boxed for _s, _i, _a, boxed in planned):
            break
        value, boxed, why = _speed_plan(view, a.mph)
        planned.append((score + value, i, a, bool(boxed)))
        if why:
            note = why
        quick[n] = (score, i, a, note)
        if view.timed_out():
            break
    _total, _i, best, _b = max(planned, key=lambda q: (q[0], -q[1]))
    note = next(q[3] for q in quick if q[2] == best)
    line = explain.speed_line(me.signed_speed, best.mph, note)
    return best, f"{line}; {view.mood}" if view.mood else line


def _passed(view: View, tgt: VehicleState) -> bool:
    """The target is behind it (more than 90 degrees off the nose) and near: it has just gone past."""
    me = view.me
    gap = tgt.pose.centre - me.pose.centre
    return not me.reverse and gap.length() < view.prof.preferred_range + TOWARD_NEAR and \
        angle_diff(me.pose.facing, heading_of(gap)) > 90


def _speed_plan(view: View, signed: float) -> tuple[float, str, str]:
    """The turn driven at this speed: the best plan's score, what boxes every plan in ("" if one gets
    through), and a note for the log."""
    me = view.me
    s = abs(signed)
    reverse = signed < 0 or (signed == 0 and me.reverse)
    travel = norm_deg(me.pose.facing + (180 if reverse else 0))
    view.nodes = 0
    view.plan_speed = s
    start = Node(me.pose, travel, me.hs, 0, True)
    look = outlook(view, start, s, reverse, _phase_end, _leaf, depth=min(5, view.prof.depth + 1), lag=1)
    if look.boxed:
        what = "the map edge" if look.blocker == "edge" else _feature_name(view, look.blocker)
        stuck = clear_ahead(view, me.pose, travel, 1.0) < 0.5
        note = f"stuck against {what}" if stuck and me.speed <= 5 else f"{what} ahead"
        return -_boxed_cost(view, look.blocker, s), what, note
    if reverse and me.speed == 0:
        what = _in_front(view)
        return look.score, "", f"backs out: stuck against {what}" if what else "backs out"
    return look.score, "", ""


def _in_front(view: View) -> str:
    """What its nose is up against (within an inch), in a player's words; "" for nothing."""
    me = view.me
    nose = me.pose.centre + forward(me.pose.facing) * (view.size.length / 2)
    side = right(me.pose.facing) * (view.size.width / 2)
    for a in (nose - side, nose, nose + side):
        for h in view.world.line_of_fire(a, a + forward(me.pose.facing) * 1.0, ignore=(me.id,)).hits:
            if h.kind == "vehicle":
                return h.other
            return _feature_name(view, h.other)
    return ""


def _speed_score(view: View, signed: float, cruise: float) -> tuple[float, str]:
    me, prof, t = view.me, view.prof, view.t
    s = abs(signed)
    reverse = signed < 0 or (signed == 0 and me.reverse)
    score = 0.0
    note = ""
    # braking hazard (000:L146-L154): resolved at once at the old speed, with the vehicle's own brakes
    # (heavy-duty brakes read their own table, 000:L2628) as the engine reads them (rules.play.crashes)
    decel = me.speed - s if reverse == me.reverse else me.speed
    if decel > 0:
        d, _tire = t.decel.hazard(decel, brakes(t, me.sheet), view.state.options.hd_brakes)
        if d:
            risk = p_lose(control_need(me.speed, lower_status(me.hs, d, t), t))
            score -= risk * CRASH_COST * (0.5 + prof.caution) + d * 0.5
            if risk > prof.max_risk:
                score -= OUT_OF_RISK
            note = f"braking D{d}"
    # room ahead at this speed
    heading = norm_deg(me.pose.facing + (180 if reverse else 0))
    ahead = s / 10 * (0.5 + 0.5 * prof.lookahead) + 1.0
    free = room(view, me.pose, heading, ahead) if s else 1.0
    # half the old weight: the speeds kept are driven through the turn, which finds the dead ends
    score -= (1 - free) * ROOM_COST * 0.5 * (s / 30) * (0.5 + prof.caution)
    if free < 0.6 and s < me.speed:
        note = note or "room ahead is short"
    # the control risk a typical bend brings at this speed
    typical = p_lose(control_need(s, lower_status(me.hs, 2, t), t)) if s else 0.0
    score -= typical * prof.caution * 4
    # a gear change needs a stop; reversing is for getting out of a corner only
    blocked = me.speed == 0 and clear_ahead(view, me.pose, me.pose.facing, 1.5) < 1.2
    backed = me.reverse and clear_ahead(view, me.pose, me.pose.facing, 2.5) >= 2.0  # room to turn going forward
    if reverse and me.reverse and not backed:
        # back out at 10 mph (an inch a turn), reached a turn's acceleration at a time
        score -= abs(s - BACK_OUT_MPH) * 0.3
        note = "backs out of a tight spot"
    elif reverse and not backed:
        score -= 2.0 if blocked else 20.0
        note = "backs out of a tight spot"
    elif reverse and s > 0:
        score -= 20.0
    else:
        if blocked and s > 0:
            score -= 30.0  # nose against something: stop, then back out next turn (000:L237)
        score -= abs(s - cruise) * 0.08
        # below this a car cannot maneuver every turn (a maneuver needs a full 1" move, 000:L107)
        score -= max(0.0, min(cruise, 20.0) - s) * 0.25
    if signed != me.signed_speed:
        score -= 0.3  # a change commits the turn's one speed change (000:L136)
    return score, note


# --- moving -----------------------------------------------------------------------------------------


@dataclass
class _Plan:
    action: Move
    order: int
    pv: ManeuverPreview
    end: Pose              # where the phase's movement ends
    travel: float
    score: float = 0.0
    terms: dict[str, float] = field(default_factory=dict)
    contact: str = ""      # a predicted contact: "ram:V2", "hit:<name>", "wall:<name>", "edge"
    boxed: bool = False    # every continuation the plan tried meets a wall or the map edge

    def add(self, value: float, why: str) -> None:
        self.score += value
        self.terms[why] = self.terms.get(why, 0.0) + value

    @property
    def need(self) -> str:
        return self.pv.need if self.pv.rolls else SAFE

    @property
    def way_out(self) -> bool:
        """No contact, no dead end, nothing as bad as a wall (deep water) on the way."""
        return not self.boxed and (not self.contact or self.contact.startswith("ram")) and \
            sum(v for k, v in self.terms.items() if k in ("ground", "edge")) > -WALL_COST


def _worth_a_look(m: Maneuver) -> bool:
    """The quick pass leaves out controlled skids and evening-out: the same paths at more cost."""
    return not m.skid and not m.even


def _no_jackknife(state: GameState, me: VehicleState, look: list[Move]) -> list[Move]:
    """A driver with a trailer behind him does not pick a maneuver that would fold the rig past its jackknife
    (000:L573, L591), while another is open (issue 19): the preview moves the tower only."""
    tr = trailer_of(state, me.id)
    if tr is None:
        return look
    c = coupling_of(me, tr)
    size = me.spec.counter(state.rules.movement.handling.counters)
    kept = [a for a in look if a.maneuver.kind == "straight" or not jackknifed(
        end := perform(a.maneuver, me.pose, size, travel=me.travel).end,
        trailer_after(me.pose, end, tr.pose, c, reverse=me.reverse, maneuver=a.maneuver), c)]
    return kept or look


def _move(view: View, options: list[Action]) -> tuple[Action, str]:
    moves = [a for a in options if isinstance(a, Move)]
    if len(moves) <= 1:
        return (moves[0] if moves else options[0]), "goes straight on: it has no choice"
    look = [a for a in moves if _worth_a_look(a.maneuver)] or moves
    me = view.me
    look = _no_jackknife(view.state, me, look)
    # the engine's own preview of each: D, handling after, control chance, swept path and first contact
    pvs = Previewer().maneuvers(view.state, me.id, [a.maneuver for a in look], legal=[a.maneuver for a in moves])
    plans = [_root(view, a, pv, i) for i, (a, pv) in enumerate(zip(look, pvs, strict=True)) if pv.legal]
    if not plans:
        return moves[0], "goes on: no previewed move is legal"
    safe_exists = any(1 - p.pv.chance <= view.prof.max_risk for p in plans)
    for p in plans:
        _score_root(view, p, safe_exists)
    view.tail = tail_gun(view, plans)
    plans.sort(key=lambda p: (-p.score, p.order))
    checked: list[_Plan] = []
    for n, p in enumerate(plans):
        # the profile's number of full plans; more only while every one planned runs into something
        if n >= view.prof.candidates and any(c.way_out for c in checked):
            break
        _score_future(view, p)
        checked.append(p)
        if view.timed_out():
            break
    straight = next((p for p in plans if p.action.maneuver.kind == "straight"), None)
    if straight is not None and straight not in checked and not view.timed_out():
        _score_future(view, straight)   # the move every other is weighed against (and explained by)
        checked.append(straight)
    toward = _turn_toward(view, plans)
    if toward is not None and toward not in checked and not view.timed_out():
        _score_future(view, toward)     # the quick pass cannot see a turn back on a target it has passed
        checked.append(toward)
    best = min(checked, key=lambda p: (-p.score, p.order))
    rival = _rival(best, checked)
    why = best.contact if best.contact.startswith("ram") else _deciding(best, rival)
    return best.action, explain.move_line(best.action.maneuver, best.need, why, best.contact)


def tail_gun(view: View, plans: list[_Plan]) -> bool:
    """Whether the plans should keep the target behind, on a rear gun, instead of turning back on it
    (rules/data/foe_tactics.toml [rear_gun]): it follows close behind, a rear gun is ready, and no move of
    this phase gives a shot from any other gun (valuing the rear gun more widely made the ace worse)."""
    tgt, me, rg = view.target, view.me, tactics().rear_gun
    if "rear_gun" in view.prof.off:   # switched off to measure it (Profile.off)
        return False
    rear = {g.id for g in view.guns.get(me.id, []) if g.mount == "back" and g.ready and g.damage > 0}
    if tgt is None or not rear or tgt.speed <= 0 or me.speed <= 0:
        return False
    rel = tgt.pose.centre - me.pose.centre
    if rel.length() > rg.reach or not in_arc("back", me.pose, view.size, tgt.pose.centre):
        return False
    if angle_diff(tgt.travel, me.travel) > rg.follow:
        return False
    shots = {k.partition(":")[2] for p in plans for k, v in p.terms.items() if k.startswith("aim:") and v > 0}
    return bool(shots & rear) and not shots - rear


def _turn_toward(view: View, plans: list[_Plan]) -> _Plan | None:
    """The move without a predicted contact that leaves the nose pointing nearest the way to the target
    (at it, or at the waypoint round a wall), when that is more than 45 degrees off now and the target
    is near (within TOWARD_NEAR of the profile's range: just passed); None if none."""
    tgt, me = view.target, view.me
    if tgt is None or me.reverse or view.prof.aggression < 0.3 or view.prof.depth < REENGAGE_DEPTH:
        return None

    def off(pose: Pose) -> float:
        return angle_diff(pose.facing, _approach_bearing(view, pose, tgt.pose))
    if off(me.pose) <= 45 or (tgt.pose.centre - me.pose.centre).length() > view.prof.preferred_range + TOWARD_NEAR:
        return None
    clear = [p for p in plans if not p.contact and p.action.maneuver.kind not in ("t_stop", "bootlegger")]
    best = min(clear, key=lambda p: (off(p.end), p.order), default=None)
    return best if best is not None and off(best.end) < off(me.pose) else None


def _root(view: View, a: Move, pv: ManeuverPreview, order: int) -> _Plan:
    """A candidate for this inch: where the phase's movement would end, straight on after it."""
    me = view.me
    m = a.maneuver
    end, travel = pv.end, me.travel
    if m.kind not in ("straight", "t_stop", "bootlegger"):
        travel = norm_deg(pv.end.facing + (180 if me.reverse else 0))
    rest = sum(me.increments[1:])
    if rest > 0 and m.kind not in ("t_stop", "bootlegger"):
        end = ahead(end, travel, rest)
    return _Plan(a, order, pv, end, travel)


def _noise(view: View, m: Maneuver) -> float:
    """A repeatable misjudgement for this state and maneuver (public facts only, no dice)."""
    if not view.prof.blunder:
        return 0.0
    me = view.me
    key = f"{view.state.turn}:{view.state.phase}:{me.id}:{me.pose}:{m}"
    h = int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big") / 2**32
    return (2 * h - 1) * view.prof.blunder * NOISE_SCALE


def _vehicle_id(name: str) -> str:
    """The id in a preview's vehicle name ("car2 (Killer Kart)" or "car2")."""
    return name.split(" (", 1)[0]


def _score_root(view: View, p: _Plan, safe_exists: bool) -> None:
    me, prof, pv = view.me, view.prof, p.pv
    m = p.action.maneuver
    risk = 1 - pv.chance if pv.rolls else 0.0
    if risk:
        worse = 1.5 if m.kind in ("t_stop", "bootlegger") else 1.0  # their crashes roll with extra modifiers
        p.add(-risk * worse * crash_cost(view, me.speed), "risk")
    if risk > prof.max_risk and safe_exists:
        p.add(-OUT_OF_RISK, "risk")
    if pv.difficulty and pv.rolls:
        # handling status spent now is missing for the rest of the turn (000:L165, L169)
        p.add(-0.35 * pv.difficulty * prof.caution * (me.speed / 40), "handling")
    if m.kind in ("bootlegger", "pivot") or m.skid:
        p.add(-FANCY_COST * (2 if m.kind == "bootlegger" else 1), "fancy")
    if m.kind == "t_stop":
        p.add(-FANCY_COST, "fancy")
    if m.reverse and m.kind != "straight":
        p.add(-0.5, "fancy")
    _score_contact(view, p)
    for pid in people.friends_under(view.state, me.owner, pv.path, view.size):   # issue 18 item 7
        _contact_cost(view, p, f"hit:{pid} of its own side on foot")
    if not p.contact:
        rest = slide(pv.end, p.travel, max(0.0, sum(me.increments[1:]))).path if m.kind not in (
            "t_stop", "bootlegger") and sum(me.increments[1:]) > 0 else ()
        what = blocked(view, list(rest)) if rest else ""
        if what:
            _contact_cost(view, p, "edge" if what == "edge" else f"wall:{_feature_name(view, what)}")
    for t in pv.touches:   # curbs, obstacles, debris, dropped counters: a hazard's D before the roll
        if t.what == "water" and not me.drowned and drowns_at(view, t.pose):
            p.add(-WALL_COST * (1 + me.speed / 15), "hazard:deep water")
            continue
        hs = lower_status(pv.hs_after, HAZARD_D, view.t)
        r = p_lose(control_need(me.speed, hs, view.t)) if me.speed else 0.0
        p.add(-(1.0 + r * CRASH_COST) * (0.5 + prof.caution), f"hazard:{t.name}")
    p.add(_ground_cost(view, p.end, pv.hs_after), "ground")
    _score_tactics(view, p)
    p.add(_noise(view, m), "noise")


def _ground_cost(view: View, pose: Pose, hs: int, weight: float = 1.0) -> float:
    """Bad ground it is not on already: water is nearly a wall to drive into (000:L529), the rest a
    hazard before the control roll (000:L267-L275, L518-L529)."""
    if not view.me.drowned and drowns_at(view, pose):   # any part of it in deep water: the plant drowns out
        return -WALL_COST * (1 + view.me.speed / 15) * weight
    ground = bad_ground(view, pose)
    if not ground or ground == "off the map" or ground == view.here:
        return 0.0
    if ground == "water":
        return -WALL_COST * (1 + view.me.speed / 15) * weight
    r = p_lose(control_need(view.me.speed, lower_status(hs, HAZARD_D, view.t), view.t)) if view.me.speed else 0.0
    return -(1.0 + r * CRASH_COST) * (0.5 + view.prof.caution) * weight


def _feature_name(view: View, fid: str) -> str:
    """A map feature in a player's words: "the east wall", "the pillar", "a building"."""
    if fid not in view.names:
        props = dict(feature_properties(view.state.map_id, view.state.map_changes.sections)).get(fid, {}) \
            if view.state.map_id else {}
        kind = fid.split("[", 1)[0].rstrip("s").replace("_", " ") or "wall"
        name = str(props.get("name") or "")
        if name and kind not in name.lower():
            name = f"{name} {kind}"
        view.names[fid] = (name if name.lower().startswith("the ") else f"the {name}") if name else f"a {kind}"
    return view.names[fid]


def _score_contact(view: View, p: _Plan) -> None:
    """The preview's first contact: a predicted collision disqualifies a plan unless it means to ram."""
    meets = p.pv.meets
    if meets is None or not meets.blocks:
        return
    if meets.what == "map edge":
        _contact_cost(view, p, "edge")
        return
    if meets.what == "vehicle":
        vid = _vehicle_id(meets.name)
        if any(e.id == vid for e in view.enemies) and view.prof.ram > 0:
            p.add(view.prof.ram * RAM_VALUE * (0.5 + view.me.speed / 40), f"ram:{vid}")
            p.contact = f"ram:{vid}"
            return
        _contact_cost(view, p, f"hit:{meets.name}")
        return
    name = meets.name if meets.what in meets.name or not meets.name.startswith("the ") else f"{meets.name} {meets.what}"
    _contact_cost(view, p, f"hit:{name}")


def _contact_cost(view: View, p: _Plan, why: str) -> None:
    cost = _edge_cost(view) if why == "edge" else WALL_COST * (1 + view.me.speed / 15)
    p.add(-cost - DISQUALIFY, why)
    p.contact = p.contact or why


def _score_tactics(view: View, p: _Plan) -> None:
    """Shots it would have and give at the end of this phase's movement, and the meeting distance."""
    me, prof = view.me, view.prof
    tgt = view.target
    if tgt is None:
        return
    best_shot, shot_gun = 0.0, ""
    threat: dict[str, float] = {}
    for e in view.enemies:
        e_pose = enemy_at_fire(view, e)
        val, gun = _shot_estimate(view, me, p.end, e, e_pose, extra_d=p.pv.difficulty)
        if e.id == tgt.id:
            val *= 1.3
        if val > best_shot:
            best_shot, shot_gun = val, gun
        back, _ = _shot_estimate(view, e, e_pose, me, p.end)
        if back:
            threat[e.id] = back
        _meeting(view, p, e, e_pose)
    if best_shot:
        p.add(best_shot * (0.5 + prof.aggression) * 1.5 * runner.shot_share(view), f"aim:{shot_gun}")
    for eid, back in threat.items():
        p.add(-back * _evade_weight(prof) * runner.shot_share(view), f"evade:{eid}")


def _evade_weight(prof: Profile) -> float:
    return 0.6 + 1.5 * prof.caution * (1 - prof.aggression)


def _leaf(view: View, node: Node, phases_on: int, weight: float) -> None:
    """Where a plan leaves the car at its end: the range to the target, the way its nose points, the
    room ahead for the next turn."""
    prof = view.prof
    tgt = view.target
    speed = view.plan_speed
    ahead_in = inches_per_phase(view, speed, prof.lookahead) + 1.0 + speed / 20
    free = room(view, node.pose, node.travel, ahead_in) if speed else 1.0
    # half the weight of the old one-move look: the plan itself has found a way on or been boxed in
    node.add("room", -(1 - free) * ROOM_COST * 0.5 * (0.4 + speed / 30) * (0.5 + prof.caution))
    way_out = runner.exit_centre(view)
    for k in range(1, LEAF_EDGE_PHASES + 1 if speed else 1):   # heading off the map past the plan: it must turn soon
        there = ahead(node.pose, node.travel, inches_per_phase(view, speed, k) + 0.5)
        if off_map(view, there) and not (way_out is not None and _through_exit(view, there.centre)):
            node.add("edge", -_edge_cost(view) * 0.25 / k)
            break
    _threats(view, node, phases_on, weight)
    if way_out is not None:   # a runner keeps its lane to the exit; its guns still score on the way (_phase_end)
        lane, heading, pull = runner.lane_terms(view, node.pose)
        node.add("lane", lane * weight)
        node.add("exit", (heading + pull) * weight)
        return
    if tgt is None:
        _make_for(view, node)
        return
    poses = enemy_poses(view, tgt, phases_on)
    t_pose = poses[0][0]
    r = (t_pose.centre - node.pose.centre).length()
    later = inches_per_phase(view, speed, prof.lookahead)
    mine = ahead(node.pose, node.travel, later).centre
    theirs = ahead(t_pose, tgt.travel, inches_per_phase(view, tgt.speed, prof.lookahead)).centre
    r_later = (theirs - mine).length()
    node.add("range", -abs(r_later - prof.preferred_range) * RANGE_WEIGHT * (0.3 + prof.aggression))
    off = angle_diff(node.pose.facing, heading_of(t_pose.centre - node.pose.centre))
    if view.tail:   # its pursuer on the rear gun: keep its tail to it rather than turn back (tail_gun)
        back = angle_diff(norm_deg(node.pose.facing + 180), heading_of(t_pose.centre - node.pose.centre))
        node.add(f"tail:{tgt.id}", -(back / 180) * APPROACH_WEIGHT * (0.5 + prof.aggression) * FACE_WEIGHT)
    elif r > prof.preferred_range + 2:
        off = angle_diff(node.pose.facing, _approach_bearing(view, node.pose, t_pose))
        far = min(2.0, 0.5 + (r - prof.preferred_range) / 8)
        node.add(f"close:{tgt.id}", -(off / 180) * APPROACH_WEIGHT * (0.5 + prof.aggression) * far)
    elif prof.aggression < 0.3:
        node.add("open", -((180 - off) / 180) * APPROACH_WEIGHT * (1 - prof.aggression))
    elif prof.depth >= REENGAGE_DEPTH:
        # in close, turn back on the target: after a head-on pass it is behind, and no plan of a phase or
        # two reaches a shot at it (without this the car drove on and came round in a wide circle).
        node.add(f"face:{tgt.id}", -(off / 180) * APPROACH_WEIGHT * (0.5 + prof.aggression) * FACE_WEIGHT)


def _make_for(view: View, node: Node) -> None:
    """With no vehicle to fight, a plan's end is scored by its heading at the view's goal and each inch
    nearer it, as a runner's at its exit (rules/ai/stand_off.py says where)."""
    if view.goal is None:
        return
    gap = (view.goal - node.pose.centre).length()
    way = _waypoint(view)   # round a wall between it and the goal, as round one between it and a target
    aim = way if way is not None and (way - node.pose.centre).length() > DETOUR_REACH else view.goal
    off = angle_diff(node.pose.facing, heading_of(aim - node.pose.centre)) if gap > 1.0 else 0.0
    node.add("goal", -(off / 180) * APPROACH_WEIGHT - gap * GOAL_PULL)


def _through_exit(view: View, at: Vec) -> bool:
    """A centre past the map's edge that leaves through the exit (as the goal decides: the map's nearest
    point to it lies in the exit area)."""
    g = view.state.goal
    if g is None or g.exit is None:
        return False
    x, y = at.x, at.y
    if view.bounds is not None:
        x, y = min(max(x, view.bounds[0]), view.bounds[2]), min(max(y, view.bounds[1]), view.bounds[3])
    ex, ey, w, h = g.exit
    return ex <= x <= ex + w and ey <= y <= ey + h


def _waypoint(view: View) -> Vec | None:
    """Where to head first when the map's walls stand between the car and its target, or its goal with no
    target (rules/ai/stand_off.py) (None with a clear
    line): the end of the clear leg nearest the target's bearing from which the target can be seen, else
    of the clear leg nearest that bearing. Worked out once a decision, from where the car is now."""
    if view.waypoint_known:
        return view.waypoint
    view.waypoint_known = True
    tgt = view.target
    if tgt is None and view.goal is None:
        return None
    c, t = view.me.pose.centre, tgt.pose.centre if tgt is not None else view.goal
    assert t is not None
    if not view.static.line_of_fire(c, t).hits:
        return None
    bearing = heading_of(t - c)
    leg = min(DETOUR_LEG, (t - c).length())
    first: Vec | None = None
    k = 1
    while k * DETOUR_STEP <= DETOUR_MAX_OFF:
        for sign in (1, -1):
            heading = bearing + sign * k * DETOUR_STEP
            side = right(heading) * (view.size.width / 2)
            reach = leg + view.size.length / 2
            if any(view.static.line_of_fire(a, a + forward(heading) * reach).hits for a in (c - side, c + side)):
                continue
            if view.bounds is not None and edge_distance(c, heading, view.bounds) < reach:
                continue
            end = c + forward(heading) * leg
            if not view.static.line_of_fire(end, t).hits:
                view.waypoint = end
                return end
            first = first or end
        k += 1
    view.waypoint = first
    return first


def _approach_bearing(view: View, pose: Pose, target: Pose) -> float:
    """The heading a plan ending at `pose` should point along to close in: at the target, or at the
    waypoint round the wall between them (_waypoint) until it is reached."""
    way = _waypoint(view)
    if way is not None and (way - pose.centre).length() > DETOUR_REACH:
        return heading_of(way - pose.centre)
    return heading_of(target.centre - pose.centre)


def _phase_end(view: View, node: Node, phases_on: int, weight: float) -> None:
    """A plan's node at the end of a phase to come: its best shot at the predicted enemies (counted
    once a turn: the best of the turn so far), a meeting with one. The shots it gives are judged where
    the plan ends (_leaf)."""
    prof = view.prof
    if node.turn_over and node.phase == 1:
        node.best_shot = 0.0   # the weapons are ready again in a new turn (000:L820)
    ground = _ground_cost(view, node.pose, node.hs, weight)
    if ground:
        node.add("ground", ground)
    best, gun = 0.0, ""
    for e in view.enemies:
        val = 0.0
        for e_pose, w in enemy_poses(view, e, phases_on):
            v1, g1 = _shot_estimate(view, view.me, node.pose, e, e_pose, fresh=node.turn_over)
            val += w * v1
            gun = gun or g1
            gap = (e_pose.centre - node.pose.centre).length()
            if gap < (view.size.length + e.spec.counter(view.t.handling.counters).length) / 2 and w:
                if prof.ram > 0:
                    node.add(f"ram:{e.id}", prof.ram * RAM_VALUE * 0.5 * w * weight)
                else:
                    node.add(f"hit:{e.id}", -WALL_COST * 0.5 * w * weight * (1 - prof.ram) / 2)
        if view.target is not None and e.id == view.target.id:
            val *= 1.3
        best = max(best, val)
    value = best * (0.5 + prof.aggression) * 1.5 * weight * runner.shot_share(view)
    if value > node.best_shot:
        node.add(f"aim:{gun}" if gun else "aim", value - node.best_shot)
        node.best_shot = value


def _threats(view: View, node: Node, phases_on: int, weight: float) -> None:
    """The shots the enemies would have at the plan's end (their likeliest continuation)."""
    for e in view.enemies:
        e_pose = enemy_poses(view, e, phases_on)[0][0]
        back, _ = _shot_estimate(view, e, e_pose, view.me, node.pose, fresh=node.turn_over)
        if back:
            node.add(f"evade:{e.id}", -back * _evade_weight(view.prof) * weight * runner.shot_share(view))


def _score_future(view: View, p: _Plan) -> None:
    """The rest of the turn from where this move ends the phase (rules/ai/plan.py)."""
    me = view.me
    if p.contact and not p.contact.startswith("ram"):
        return
    view.nodes = 0
    view.plan_speed = me.speed
    if p.action.maneuver.kind in ("t_stop", "bootlegger"):
        _after_stop(view, p)
        return
    start = Node(p.end, p.travel, p.pv.hs_after, view.state.phase, False)
    start.best_shot = max((v for k, v in p.terms.items() if k.startswith("aim")), default=0.0)
    look = outlook(view, start, me.speed, me.reverse, _phase_end, _leaf)
    if look.boxed and me.speed > 0:
        what = "edge" if look.blocker == "edge" else f"boxed:{_feature_name(view, look.blocker)}"
        p.add(-_boxed_cost(view, look.blocker, me.speed), what)
        p.boxed = True
        return
    for k, v in look.terms.items():
        p.add(v, k)


def _after_stop(view: View, p: _Plan) -> None:
    """A T-stop slides on along its old travel, losing speed an inch at a time, until it stops
    (000:L227-L228); a bootlegger stops facing back (000:L223). What the slide meets, where it stops."""
    m = p.action.maneuver
    end = p.end
    if m.kind == "t_stop":
        slide_in = max(0.0, view.me.speed / view.t.maneuvers.tstop_mph_per_inch - 1.0)
        if slide_in > 0:
            path = slide(p.end, p.travel, slide_in).path
            what = blocked(view, list(path[::4]) + [path[-1]])
            if what:
                _contact_cost(view, p, "edge" if what == "edge" else f"hit:{_feature_name(view, what)}")
                return
            end = path[-1]
    p.add(_ground_cost(view, end, p.pv.hs_after), "ground")
    view.plan_speed = 0.0
    node = Node(end, p.travel, p.pv.hs_after, view.state.phase, False)
    _leaf(view, node, 1, DISCOUNT)
    for k, v in node.terms.items():
        p.add(v, k)
    if view.prof.depth >= REENGAGE_DEPTH:
        _stopped_shots(view, p, end)


def _stopped_shots(view: View, p: _Plan, end: Pose) -> None:
    """The best shot it has in the next STOP_SHOT_PHASES phases from where a T-stop or a bootlegger leaves
    it standing, at the enemies' predicted poses: the way a stop brings a gun back on a target it has
    passed (a plan driving on finds its shots phase by phase in _phase_end)."""
    prof = view.prof
    best, gun = 0.0, ""
    for k in range(1, STOP_SHOT_PHASES + 1):
        fresh = view.state.phase + k > 5   # past the turn's end the weapons are ready again (000:L820)
        for e in view.enemies:
            val, g = 0.0, ""
            for e_pose, w in enemy_poses(view, e, k):
                v1, g1 = _shot_estimate(view, view.me, end, e, e_pose, fresh=fresh)
                val += w * v1
                g = g or g1
            if view.target is not None and e.id == view.target.id:
                val *= 1.3
            if val * DISCOUNT ** k > best:
                best, gun = val * DISCOUNT ** k, g
    already = max((v for key, v in p.terms.items() if key.startswith("aim")), default=0.0)
    value = best * (0.5 + prof.aggression) * 1.5
    if value > already:
        p.add(value - already, f"aim:{gun}" if gun else "aim")


def _meeting(view: View, p: _Plan, e: VehicleState, e_pose: Pose) -> None:
    """Where both counters will be at the end of the phase: close enough to collide on the way?"""
    gap = (e_pose.centre - p.end.centre).length()
    reach = (view.size.length + e.spec.counter(view.t.handling.counters).length) / 2
    if gap >= reach:
        return
    prof = view.prof
    closing = view.me.speed + (e.speed if angle_diff(p.travel, e.travel) > 90 else 0.0)
    if prof.ram > 0:
        p.add(prof.ram * RAM_VALUE * 0.5 * (0.5 + closing / 40), f"ram:{e.id}")
    else:
        p.add(-WALL_COST * 0.5 * (1 + closing / 15) * (1 - prof.ram) / 2, f"hit:{e.id}")


def _shot_value(view: View, shooter: VehicleState, shooter_pose: Pose, target: VehicleState,
                target_pose: Pose, *, extra_d: int = 0, travel: float | None = None,
                fresh: bool = False) -> tuple[float, str]:
    """Expected worth of the shooter's best ready weapon from a pose at a target's pose: the to-hit
    number the combat rules give there (rules.combat.shooting.shot_for: range, speeds, arcs, target size,
    000:L901-L940), the line of fire checked as the fire step checks it (rules.combat.line_of_fire), the
    mean damage, and how thin the armor is on the side it would strike. `fresh`: a new turn, every
    weapon ready again."""
    size = shooter.spec.counter(view.t.handling.counters)
    guns = [g for g in view.guns.get(shooter.id, []) if (g.ready or fresh)
            and in_arc(g.mount, shooter_pose, size, target_pose.centre)]
    cs, ct = view.combatants.get(shooter.id), view.combatants.get(target.id)
    if not guns or cs is None or ct is None:
        return 0.0, ""
    if (target_pose.centre - shooter_pose.centre).length() > MAX_SHOT_RANGE:
        return 0.0, ""

    # the D of this move counts against the driver's own fire this phase (000:L905)
    c = replace(cs, pose=shooter_pose, maneuver_d=cs.maneuver_d + extra_d,
                travel=cs.travel if travel is None else travel)
    t = replace(ct, pose=target_pose)
    best, name = 0.0, ""
    placed: dict[str, Any] | None = None
    for g in sorted(guns, key=lambda g: -g.damage):
        if g.damage * 3.0 <= best:
            continue
        try:
            shot, side, origin, point = shot_for(c, c.weapon(g.id), t, Declaration(c.id, g.id, t.id), view.state.turn)
        except (KeyError, ValueError):
            continue
        th = to_hit(shot)
        if not th.allowed or not th.can_hit():
            continue
        armor = target.sheet.armor.get(side, 0)
        vuln = 3.0 if armor <= 0 else 2.0 if armor < g.damage else 1.0  # a hit likely goes through
        val = p_two_dice(th.need) * g.damage * vuln
        if val <= best:
            continue
        if placed is None:
            placed = {**view.combatants, c.id: c, t.id: t}
        if blocker(placed, view.state.map_id, origin, point, (c.id, t.id), view.state.map_changes) is not None:
            continue
        best, name = val, g.id
    return best, name


def _shot_estimate(view: View, shooter: VehicleState, shooter_pose: Pose, target: VehicleState,
                   target_pose: Pose, *, fresh: bool = False, extra_d: int = 0) -> tuple[float, str]:
    """_shot_value for a plan's later phases, where every pose is a prediction: the arcs and the line of
    fire (the fire step's own blocker) at the planned poses; the to-hit from one exact shot_for of this
    gun and target (its speeds, sizes and sights), its range modifier moved to the new range
    (000:L909-L910); the side struck and its armor where the plan puts them."""
    gap = (target_pose.centre - shooter_pose.centre).length()
    if gap > MAX_SHOT_RANGE:
        return 0.0, ""
    size = shooter.spec.counter(view.t.handling.counters)
    arcs = arcs_of(shooter_pose, size, target_pose.centre)   # in_arc for every plain mount at once
    guns = [g for g in view.guns.get(shooter.id, []) if (g.ready or fresh) and (
        g.mount == "turret" or g.mount in arcs
        or (g.mount not in SIDES and in_arc(g.mount, shooter_pose, size, target_pose.centre)))]   # a rig's half side
    if not guns:
        return 0.0, ""
    side = struck_side(target_pose, target.spec.counter(view.t.handling.counters), shooter_pose.centre)
    armor = target.sheet.armor.get(side, 0)
    best, name = 0.0, ""
    clear: bool | None = None   # the line of fire, centre to centre: the same for every gun
    for g in sorted(guns, key=lambda g: -g.damage):
        if g.damage * 3.0 <= best:
            continue
        base = _shot_base(view, shooter, shooter_pose, target, target_pose, g.id)
        if base is None:
            continue
        need0, r0, d0, _side = base
        r = max(0.0, r0 + gap - d0)
        need = need0 + _range_value(view, r0) - _range_value(view, r) + extra_d   # the firer's D (000:L905)
        if need >= view.t_hit_cap:
            continue
        vuln = 3.0 if armor <= 0 else 2.0 if armor < g.damage else 1.0
        val = p_two_dice(need) * g.damage * vuln
        if val <= best:
            continue
        if clear is None:
            clear = _clear_line(view, shooter, shooter_pose, target, target_pose)
        if not clear:
            break
        best, name = val, g.id
    return best, name


def _clear_line(view: View, shooter: VehicleState, shooter_pose: Pose, target: VehicleState, target_pose: Pose
                ) -> bool:
    """The fire step's own blocker between the two centres where the plan puts them (the two counters
    themselves are ignored by it, so they need not be moved there)."""
    return blocker(view.combatants, view.state.map_id, shooter_pose.centre, target_pose.centre, (shooter.id, target.id),
                   view.state.map_changes) is None


def _range_value(view: View, inches: float) -> int:
    m = range_modifier(inches, view.state.rules.combat)
    return m.value if m is not None else 0


def _shot_base(view: View, shooter: VehicleState, shooter_pose: Pose, target: VehicleState, target_pose: Pose,
               gun: str) -> tuple[int, float, float, str] | None:
    """(need, range, centre distance, side struck) of one exact shot of this gun at this target, made
    the first time a plan asks (at the poses it asks about), kept for the rest of the decision."""
    key = (shooter.id, gun, target.id)
    if key in view.shot_base:
        return view.shot_base[key]
    cs, ct = view.combatants.get(shooter.id), view.combatants.get(target.id)
    out: tuple[int, float, float, str] | None = None
    if cs is not None and ct is not None:
        c = replace(cs, pose=shooter_pose)
        t = replace(ct, pose=target_pose)
        try:
            shot, side, _o, _p = shot_for(c, c.weapon(gun), t, Declaration(c.id, gun, t.id), view.state.turn)
            th = to_hit(shot)
            if th.allowed:
                out = (th.need, shot.range, (target_pose.centre - shooter_pose.centre).length(), side)
        except (KeyError, ValueError):
            out = None
    view.shot_base[key] = out
    return out


def _edge_cost(view: View, speed: float | None = None) -> float:
    """Leaving the map area ends the vehicle's game (rules.play.map_edges): worse than any wall at speed,
    and at a crawl as bad as at speed (out is out)."""
    return EDGE_COST * (1 + max(15.0, view.me.speed if speed is None else speed) / 15)


def _boxed_cost(view: View, blocker: str, speed: float) -> float:
    """Every continuation at this speed meets something: nearly a wall hit, or the end of its game when
    what it meets is the map's edge (a stop costs nothing of the kind, so it is preferred to creeping off)."""
    if blocker == "edge":
        return BOXED_SHARE * _edge_cost(view, speed)
    return BOXED_SHARE * WALL_COST * (1 + speed / 15)


def _rival(best: _Plan, checked: list[_Plan]) -> _Plan | None:
    """What the chosen move is explained against: going straight on (the move it takes when nothing
    speaks for another), or for a straight move the next best."""
    straight = next((p for p in checked if p.action.maneuver.kind == "straight" and not p.action.maneuver.reverse
                     and p is not best), None)
    if straight is not None and best.action.maneuver.kind != "straight":
        return straight
    return min((p for p in checked if p is not best), key=lambda p: (-p.score, p.order), default=None)


def _deciding(best: _Plan, rival: _Plan | None) -> str:
    """The term that did most to make this plan beat the next best (a bonus it has or a penalty the
    other has), or its own biggest bonus when there is no other."""
    if rival is None:
        pos = [(v, k) for k, v in best.terms.items() if v > 0]
        return max(pos)[1] if pos else ""
    keys = set(best.terms) | set(rival.terms)
    diffs = [(best.terms.get(k, 0.0) - rival.terms.get(k, 0.0), k) for k in keys if k != "noise"]
    diffs = sorted((d for d in diffs if d[0] > 0.05), reverse=True)
    if not diffs:
        return ""
    # handling saved is what any straighter move has over a turn: name a tactical reason when one counts
    telling = [d for d in diffs if d[1].partition(":")[0] not in ("handling", "fancy") and d[0] > 0.5]
    return (telling or diffs)[0][1]


# --- fire -------------------------------------------------------------------------------------------


def _fire(view: View, options: list[Action]) -> tuple[Action, str]:
    passes = [a for a in options if isinstance(a, Pass)]
    let_go = next((a for a in options if isinstance(a, Release)), None)
    why = release_pays(view.state, view.me) if let_go is not None else ""
    if let_go is not None and why:
        return let_go, f"releases the trailer: {why}"
    options = [a for a in options if runner.fire_ok(view, a)]   # a runner's big guns and its handling
    best: tuple[float, int, Action, str] | None = None
    threshold = _threshold(view)
    for i, a in enumerate(options):
        cand: tuple[float, int, Action, str]
        if isinstance(a, Fire):
            value, need = _fire_value(view, a)
            if need > threshold or value <= 0:
                continue
            cand = (value, -i, a, f"needs {need}+")
        elif isinstance(a, Drop):
            value = _drop_value(view, a)
            if value <= 0:
                continue
            cand = (value, -i, a, "")
        else:
            continue
        if best is None or cand[:2] > best[:2]:
            best = cand
        if view.timed_out():
            break
    if best is None:
        chosen = passes[0] if passes else options[0]
        return chosen, explain.hold_fire_line(threshold)
    return best[2], explain.fire_line(best[2], best[3])


PURSUER_REACH = 6.0   # inches behind the rig a foe's car must be for a loose trailer to lie in its way


def release_pays(state: GameState, me: VehicleState) -> str:
    """Why letting the trailer go pays now ("" if it does not): it is burning, or crippled (half its armor
    gone and none of its weapons left), or a foe's car follows close behind, which the loose trailer, going
    straight on and slowing, would lie in the way of (000:L576, L601-L603)."""
    tr = trailer_of(state, me.id)
    if tr is None or me.speed <= 0:
        return ""
    if tr.sheet.on_fire:
        return "it is on fire"
    start = sum(tr.spec.sheet.armor.values())
    armed = any(not w.destroyed and (w.shots_left > 0 or not w.max_shots) for w in tr.sheet.weapons)
    if start and sum(tr.sheet.armor.values()) * 2 <= start and not armed:
        return "it is crippled"
    back = norm_deg(me.travel + 180)
    for v in state.vehicles:
        if v.owner == me.owner or v.out or v.speed <= me.speed * 0.5:
            continue
        off = v.pose.centre - tr.pose.centre
        behind = off.length() <= PURSUER_REACH and abs(angle_diff(heading_of(off), back)) <= 30
        if behind and abs(angle_diff(v.travel, me.travel)) <= 30:
            return f"{v.id} follows close behind: the loose trailer will be in its way"
    return ""


def _threshold(view: View) -> int:
    """The worst to-hit roll it accepts now: patient early in the turn, anything by phase 5."""
    base = view.prof.fire_need
    return base + math.ceil((12 - base) * (view.state.phase - 1) / 4)


def _fire_value(view: View, a: Fire) -> tuple[float, int]:
    """Expected value of a Fire action and its to-hit need; (0, 13) if it cannot hit or is blocked."""

    state = view.state
    if a.target not in {v.id for v in state.vehicles}:
        return 0.0, 13  # walls and buildings are not worth a foe's shot
    if state.vehicle(a.target).owner == view.me.owner:
        return 0.0, 13  # never at its own side
    try:
        c = fire_step.combatant(state, view.me)
        t = fire_step.combatant(state, state.vehicle(a.target))
        wids = expand(c, a.weapon)
    except (KeyError, ValueError):
        return 0.0, 13
    side, aim = ("", a.aim)
    if aim.startswith("side:"):
        side, aim = aim.split(":", 1)[1], ""
    d = Declaration(a.vehicle, a.weapon, a.target, side=side, aim=aim)
    total, best_need = 0.0, 13
    for wid in wids:
        w = c.weapon(wid)
        info = weapon_info(w.abbr)
        if info.to_hit <= 0 or info.damage is None:
            continue
        shot, struck, origin, point = shot_for(c, w, t, d, state.turn)
        if not view.world.line_of_fire(origin, point, ignore=(c.id, t.id)).clear:
            continue
        th = to_hit(shot)
        if not th.allowed or not th.can_hit():
            continue
        mean = info.damage.n * 3.5 + info.damage.mod
        total += p_two_dice(th.need) * mean * _aim_worth(t.sheet, "top" if side == "top" else struck, aim, mean)
        best_need = min(best_need, th.need)
    if view.target is not None and a.target == view.target.id:
        total *= 1.3
    return total, best_need


def _aim_worth(sheet: Any, side: str, aim: str, mean: float) -> float:
    """How much a hit is worth where it lands: thin armor, a tire it can blow, a turret."""
    if aim.startswith("tire:"):
        corner = aim.split(":", 1)[1]
        for tire in sheet.tires:
            if tire.corner == corner:
                return 1.4 if tire.dp <= mean else 0.6
        return 0.5
    if aim == "turret":
        return 0.8
    if aim == "rider":   # a rider down stops the cycle (000:L978)
        rider = next((c for c in sheet.components if c.kind == "crew"), None)
        return 2.0 if rider is not None and rider.dp + rider.body_armor <= mean else 1.1
    if aim.startswith("pod:"):   # its weapons sit behind the pod's own thin armor (000:L2529)
        pod = next((p for p in sheet.pods if p.id == aim.split(":", 1)[1]), None)
        return 1.2 if pod is not None and pod.armor < mean else 0.7
    armor = sheet.armor.get(side, 0)
    return 1.3 if armor < mean else 1.0


def _drop_value(view: View, a: Drop) -> float:
    """Lay a dropped weapon when a pursuer is behind and will drive over it (rules/data/foe_tactics.toml
    [drop]): the counter lands behind the car (000:L1028), so it pays only on the pursuer's line of travel."""
    me, d = view.me, tactics().drop
    if "drop" in view.prof.off:   # switched off to measure it (Profile.off)
        return 0.0
    spot = me.pose.centre - forward(me.pose.facing) * (view.size.length / 2)
    best = 0.0
    for e in view.enemies:
        rel = e.pose.centre - me.pose.centre
        r = rel.length()
        if r > d.reach or angle_diff(heading_of(rel), me.pose.facing) < 180 - d.cone:
            continue
        if on_path(view, e, spot, d.lateral, d.turns):
            best = max(best, 1.0 + (d.reach - r) / d.reach)
    return best


def on_path(view: View, e: VehicleState, spot: Vec, lateral: float, turns: float) -> bool:
    """Whether an enemy going straight on along its travel passes within `lateral` inches of `spot`
    within `turns` turns of its movement."""
    if e.speed == 0 or e.mode == Mode.WRECK:
        return False
    go = forward(e.travel)
    off = spot - e.pose.centre
    along = off.dot(go)
    reach = sum(view.t.chart.row(abs(e.speed)).phases) * turns
    return 0.0 <= along <= reach and (off - go * along).length() <= lateral


def describe(action: Action, explanation: str, vid: str, prof: Profile | str) -> str:
    """The log line for a decision: "V1 (veteran): bends 30° right ..."."""
    name = prof if isinstance(prof, str) else prof.name
    return f"{vid} ({name}): {explanation}"


__all__ = ["DEFAULT_BUDGET", "decide", "describe", "maneuver_risk", "p_lose", "p_two_dice", "room"]
