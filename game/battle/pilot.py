"""The decisions nobody has to make: standing orders a player gives (hold course, keep this speed for
the turn, hold fire for the turn) and the fire steps in which no shot can hit. The pilot never decides a rule: whether the next
straight inch meets something is asked of the rules (game.turning_key.straight_meets), whether a shot
can hit of the fire preview (game.firing); it only picks the action a standing order stands for.

Orders last for the turn they were given in: a new turn always asks a player again, so held cars never
run turns by themselves (not even all stopped at 0 mph).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.battle.fire_choices import at_foe
from game.battle.names import what_lies_ahead
from game.firing import fire_preview
from game.turning_key import straight_meets
from rules.driving.maneuvers import Maneuver, ManeuverKind
from rules.play import people
from rules.play.actions import Action, Boost, Drop, Fire, Move, Pass, SetSpeed, Use
from rules.play.people_actions import Board, GetIn, GetOff, GetOut, Reload, Shoot, Strike, Throw, Walk
from rules.play.state import FIRE, MOVE, SPEED, GameState


@dataclass
class Orders:
    """Standing orders by vehicle, each with the turn it holds for."""

    hold: dict[str, int] = field(default_factory=dict)   # hold course: keep the speed, drive straight;
                                                         # a man on foot: walk on the way he faces
    keep: dict[str, int] = field(default_factory=dict)   # keep this speed for the turn (moves still asked)
    hold_fire: dict[str, int] = field(default_factory=dict)  # hold fire for the rest of the turn
    no_boost: dict[str, int] = field(default_factory=dict)   # booster offered and declined this turn
    no_extras: dict[str, tuple[int, frozenset[str]]] = field(default_factory=dict)
    # the extras declined this turn: a dropper, a lamp or a flare; climbing on or off, getting in or out, a reload
    fire_plan: dict[str, list[Action]] = field(default_factory=dict)   # the suggested shots accepted, by vehicle
    fire_plan_step: tuple[int, int] = (0, 0)             # the fire step (turn, phase) they were accepted for
    fire_stops: bool = False                             # setting: stop at every fire step, hits or not

    def holding(self, vid: str, turn: int) -> bool:
        return self.hold.get(vid) == turn

    def keeping(self, vid: str, turn: int) -> bool:
        return self.keep.get(vid) == turn or self.holding(vid, turn)

    def set_hold(self, vid: str, turn: int) -> None:
        self.hold[vid] = turn

    def drop_hold(self, vid: str) -> None:
        self.hold.pop(vid, None)

    def set_keep(self, vid: str, turn: int) -> None:
        self.keep[vid] = turn

    def holding_fire(self, vid: str, turn: int) -> bool:
        return self.hold_fire.get(vid) == turn

    def accept_plan(self, turn: int, phase: int, actions: list[Action]) -> None:
        """The player took the fire step's suggested answers (game.battle.fire_plan): the pilot gives them."""
        self.fire_plan = {}
        for a in actions:
            self.fire_plan.setdefault(a.vehicle, []).append(a)
        self.fire_plan_step = (turn, phase)

    def planned(self, vid: str, turn: int, phase: int) -> Action | None:
        """The next accepted answer for this vehicle in this fire step, if any."""
        if self.fire_plan_step != (turn, phase):
            return None
        queue = self.fire_plan.get(vid)
        return queue[0] if queue else None

    def take_planned(self, vid: str) -> None:
        queue = self.fire_plan.get(vid)
        if queue:
            queue.pop(0)

    def drop_plan(self) -> None:
        self.fire_plan = {}

    def decline_boost(self, vid: str, turn: int) -> None:
        self.no_boost[vid] = turn

    def decline_extras(self, vid: str, turn: int, legal: list[Action]) -> None:
        """Passed with these extras offered: they do not stop this actor again this turn (a new one does:
        another car to climb onto comes beside him)."""
        self.no_extras[vid] = (turn, extras(legal))

    def open_extras(self, vid: str, turn: int, legal: list[Action]) -> frozenset[str]:
        """The extras offered now that were not declined this turn."""
        when, declined = self.no_extras.get(vid, (-1, frozenset()))
        return extras(legal) - declined if when == turn else extras(legal)


def _extra_key(a: Action) -> str:
    """What an extra is, apart from its aim (a searchlight turned on this car or that is one choice)."""
    if isinstance(a, Drop):
        return f"drop {a.weapon}"
    if isinstance(a, Use):
        return f"use {a.item}"
    if isinstance(a, GetOut):
        return f"out {a.crew}"
    if isinstance(a, GetIn):
        return f"in {a.into}"
    if isinstance(a, Board):
        return f"board {a.onto}"
    return type(a).__name__.lower()   # GetOff, Reload


EXTRA_KINDS = (Drop, Use, GetOut, GetIn, Board, GetOff, Reload)


def extras(legal: list[Action]) -> frozenset[str]:
    """The fire step's choices that are no attack: worth asking once a turn, not at every fire step."""
    return frozenset(_extra_key(a) for a in legal if isinstance(a, EXTRA_KINDS))


@dataclass(frozen=True)
class Answer:
    """What the pilot does for a vehicle to act: an action, or nothing and why (shown to the player)."""

    action: Action | None = None
    note: str = ""


def _straight(state: GameState, vid: str, legal: list[Action]) -> Action | None:
    want = Maneuver(ManeuverKind.STRAIGHT, reverse=state.vehicle(vid).reverse)
    return next((a for a in legal if isinstance(a, Move) and a.maneuver == want), None)


def _same_speed(state: GameState, vid: str, legal: list[Action]) -> Action | None:
    mph = state.vehicle(vid).signed_speed
    return next((a for a in legal if isinstance(a, SetSpeed) and a.mph == mph), None)


def _only_boosts_besides(state: GameState, vid: str, legal: list[Action]) -> bool:
    """Whether the speed step offers nothing but the present speed and boosters (the speed is set
    for this turn, 000:L2651 lets a booster fire in any speed step)."""
    speeds = [a for a in legal if isinstance(a, SetSpeed)]
    return len(speeds) == 1 and speeds[0].mph == state.vehicle(vid).signed_speed \
        and all(isinstance(a, (SetSpeed, Boost)) for a in legal)


def _walk_on(state: GameState, pid: str, legal: list[Action]) -> Action | None:
    """A man walking on: a square the way he faces (he faces the way he last stepped, rules.play.people.walk);
    prone in a phase he may not crawl in, he stays; None when that square is not open to him."""
    p = people.person(state, pid)
    if p is None:
        return None
    f = math.radians(p.pose.facing)
    step = Walk(pid, round(math.sin(f)), round(-math.cos(f)))
    if step in legal:
        return step
    stay = Walk(pid, 0, 0)
    moves = [a for a in legal if isinstance(a, Walk) and a != stay]
    return stay if p.prone and not moves and stay in legal else None


def shot_can_hit(state: GameState, legal: list[Action], *, at_foes_only: bool = False) -> bool:
    """Whether any shot at a vehicle could hit now (a wall or building is never worth a stop by itself);
    `at_foes_only`: a vehicle of another owner (the escort's gun on its own rig is no reason to stop)."""
    ids = {v.id for v in state.vehicles}
    for a in legal:
        if isinstance(a, Fire) and a.target in ids and (not at_foes_only or at_foe(state, a)):
            p = fire_preview(state, a)
            if p.can_hit and (p.need is None or p.need <= 12):
                return True
    return False


def _owners(state: GameState) -> dict[str, str]:
    return {v.id: v.owner for v in state.vehicles} | {p.id: p.owner for p in state.people}


def _throw_target(state: GameState, a: Throw) -> str:
    """The target a listed throw aims at (rules.play.people lists one at each target's nearest point)."""
    p = people.person(state, a.person)
    return next((tid for tid, q in people.target_points(state, p)
                 if abs(q.x - a.x) < 1e-3 and abs(q.y - a.y) < 1e-3), "") if p is not None else ""


def _attack_at_foe(state: GameState, a: Action, mine: str, owners: dict[str, str]) -> bool:
    """A shot, throw or blow that concerns people, at a target of another side, with a roll that can make it."""
    if isinstance(a, Shoot):
        th = (people.hand_to_hit if people.is_person(state, a.person) else people.inside_to_hit)(state, a)
        return owners.get(a.target, mine) != mine and th.allowed and th.need <= 12
    if isinstance(a, Throw):
        return owners.get(_throw_target(state, a), mine) != mine
    if isinstance(a, Strike):
        return owners.get(a.target, mine) != mine
    if isinstance(a, Fire) and people.is_person(state, a.target):
        return owners.get(a.target, mine) != mine and people.vehicle_shot_need(state, a) <= 12
    return False


def attack_worth_asking(state: GameState, vid: str, legal: list[Action]) -> bool:
    """Whether the player has something to attack now: a vehicle shot at a vehicle of another owner that can
    hit, or a hand-weapon shot, throw or blow at a man or car of another side (a man beside his own car is not
    asked for nothing, nor an escort whose only shots are at its own rig: the pause menu's "Fire: stop every
    fire step" brings those back)."""
    owners = _owners(state)
    mine = owners.get(vid, "")
    return shot_can_hit(state, legal, at_foes_only=True) or any(_attack_at_foe(state, a, mine, owners) for a in legal)


def answer(state: GameState, vid: str, legal: list[Action], orders: Orders,
           owners: dict[str, str] | None = None) -> Answer:
    """The action a standing order or an empty fire step stands for, if any."""
    turn = state.turn
    if state.step == SPEED and orders.keeping(vid, turn):
        return Answer(_same_speed(state, vid, legal))
    if state.step == SPEED and orders.no_boost.get(vid) == turn and _only_boosts_besides(state, vid, legal):
        return Answer(_same_speed(state, vid, legal))   # a ready booster alone does not ask again this turn
    if state.step == MOVE and people.is_person(state, vid):
        if not orders.holding(vid, turn):
            return Answer()
        walk = _walk_on(state, vid, legal)
        if walk is None:
            orders.drop_hold(vid)
            return Answer(None, f"{vid} stops walking on: the square ahead is not open to him")
        return Answer(walk)
    if state.step == MOVE and orders.holding(vid, turn):
        straight = _straight(state, vid, legal)
        if straight is None:
            orders.drop_hold(vid)
            return Answer(None, f"{vid} stops holding course: it cannot drive straight on")
        meets = straight_meets(state, vid)
        if meets is not None:
            orders.drop_hold(vid)
            ahead = what_lies_ahead(state, meets, owners or {})
            if meets.vehicle and meets.vehicle != vid:   # what the trailer following it would meet (issue 19)
                ahead = f"its trailer: {ahead}"
            return Answer(None, f"{vid} stops holding course: straight on, {ahead}")
        return Answer(straight)
    if state.step == FIRE:
        passing = next((a for a in legal if isinstance(a, Pass)), None)
        if orders.holding_fire(vid, turn):
            return Answer(passing)
        planned = orders.planned(vid, turn, state.phase)
        if planned is not None:   # the suggested shots the player accepted with one input
            if planned in legal:
                orders.take_planned(vid)
                return Answer(planned)
            orders.drop_plan()    # the rules no longer offer it: nothing else is fired for the player
            return Answer(None, f"{vid}: the suggested {planned} is no longer possible, choose")
        if orders.fire_stops or orders.open_extras(vid, turn, legal) or attack_worth_asking(state, vid, legal):
            # a searchlight, a flare, nitrous or an ejection seat is a choice too (issue 17), and so are getting
            # out, in, on or off and a reload (issue 18), until declined for the turn
            return Answer()
        return Answer(passing, f"{vid} holds fire: no shot at a foe can hit" if passing else "")
    return Answer()
