"""The working context of one engine step: the state being changed, the dice and the event log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from rules.core.dice import DiceExpr, DiceSource, SeededDice
from rules.core.events import DiceRolled, EventLog
from rules.play.state import LINEAGE, GameState, VehicleState, carried, evolve
from rules.tables.movement import Tables
from rules.tables.ruleset import Ruleset

if TYPE_CHECKING:
    from rules.core.geometry import Pose
    from rules.driving.articulated import Coupling
    from rules.driving.maneuvers import Motion
    from rules.tables.rigs import Table3Row
    from rules.world.collision import CollisionWorld


WORLD = "collision_world"   # a finished step's collision world, handed on (rules.play.collisions.world_for)


class Motions(Protocol):
    """The swept motions a crash result needs from rules.play.collisions, which sits above the crash code
    (rules.play.collisions imports rules.play.crashes): handed in by whoever makes the Ctx, so the layers
    keep pointing one way (tests/rules/test_architecture.py)."""

    def move(self, ctx: Ctx, vid: str, motion: Motion) -> Motion: ...

    def crash3_moves(self, ctx: Ctx, vid: str, tid: str, row: Table3Row, c: Coupling, travel: float,
                     side: str) -> tuple[Pose, Pose]: ...


class Ctx:
    def __init__(self, state: GameState, dice: DiceSource | None = None, motions: Motions | None = None) -> None:
        self.state = state
        self.dice: DiceSource = dice if dice is not None else SeededDice(state.seed, state.rolls)
        self.log = EventLog()
        self.rules: Ruleset = state.rules
        self.t: Tables = self.rules.movement
        # the step's own: its collision world (rules.play.collisions.world_for, laid over the shared frozen
        # map), the one the step before used if its state brought it (taken, not shared: only this step
        # has it; finish() hands it on; its vehicles are set again at each use), and the vehicles a
        # collision stopped for the rest of the phase (turn, phase, vehicle)
        self.world: CollisionWorld | None = state.derived.pop(WORLD, None)
        self.stopped: set[tuple[int, int, str]] = set()
        # the line of play's memos (rules.play.state.lineage), handed on even past a dataclasses.replace
        self.lineage: object = state.derived.get(LINEAGE)
        # events the riders on top of vehicles have been shaken by so far (rules.play.people.carry_riders)
        self.riders_seen = 0
        # swept crash motions (rules.play.collisions.MOTIONS); None plays Crash Table 3 unswept (M-R15's old reading)
        self.motions = motions

    def v(self, vid: str) -> VehicleState:
        return self.state.vehicle(vid)

    def put(self, v: VehicleState) -> VehicleState:
        self.state = self.state.with_vehicle(v)
        return v

    def update(self, vid: str, **changes: object) -> VehicleState:
        return self.put(evolve(self.v(vid), **changes))

    def roll(self, expr: DiceExpr, why: str, rule: str, vid: str = "") -> int:
        """Roll dice and log the faces, the total and why."""
        faces = tuple(self.dice.d6() for _ in range(expr.n))
        total = expr.total(faces)
        if expr.n:
            shown = "+".join(map(str, faces))
            self.log.add(DiceRolled(f"{why}: rolled {expr} = [{shown}] -> {total}", rule, vid,
                                    what=why, expr=str(expr), faces=faces, total=total))
        return total

    def finish(self) -> GameState:
        # only the dice state changes here: the work already derived from the state (who may fire what,
        # the legal maneuvers) holds for the finished one, so the caller's to_act does not redo it
        self.state = carried(self.state, evolve(self.state, rolls=self.dice.count))
        if self.world is not None:   # handed on to the step that starts from this state (see world_for)
            self.state.derived[WORLD] = self.world
        if self.lineage is not None:   # (a memo begun on a state made by replace() in the step holds less)
            self.state.derived[LINEAGE] = self.lineage
        return self.state
