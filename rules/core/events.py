"""Events: everything that happened, each with the rule it applied. The client animates and logs them.

One frozen class per kind of happening, each with its log line (`text`), its seed line(s) (`rule`), the
vehicle it is about (`vehicle`, "" for none) and typed fields for what a reader needs: the client and
the tests read fields, never the prose. `kind` is a short display name (the log's colour, a flash, a
sound); readers tell events apart by class. Plain types only (str, int, float, tuples, core.geometry),
so this stays at the bottom layer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.core.geometry import Pose, Vec


@dataclass(frozen=True, slots=True)
class Event:
    """What every event has. Not logged as such: each happening has its own class below."""

    text: str            # one line for the log, in plain words
    rule: str = ""       # seed line(s), e.g. "000:L182"
    vehicle: str = ""    # vehicle id, if the event is about one
    KIND: ClassVar[str] = ""

    @property
    def kind(self) -> str:
        """A short name for display: the log's colour, the flash on the board, a sound."""
        return self.KIND

    def __str__(self) -> str:
        who = f"[{self.vehicle}] " if self.vehicle else ""
        rule = f" ({self.rule})" if self.rule else ""
        return f"{who}{self.text}{rule}"


class EventLog:
    """Collects events while the engine works on one action."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, ev: Event) -> Event:
        self.events.append(ev)
        return ev


# --- the turn ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnBegan(Event):
    turn: int
    KIND: ClassVar[str] = "turn"


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseBegan(Event):
    turn: int
    phase: int
    KIND: ClassVar[str] = "phase"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(Event):
    """Nobody can move or act any more, or the turn limit is reached."""

    turn: int
    limit_reached: bool
    KIND: ClassVar[str] = "turn"


# --- dice ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Event):
    """A roll: `what` it is for, the dice (`expr`, "" when not shown), the faces if shown and the total."""

    what: str
    total: int
    expr: str = ""
    faces: tuple[int, ...] = ()
    KIND: ClassVar[str] = "dice"


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageRolled(Event):
    """A hit's damage roll (000:L941-L942); `target` is a vehicle or a map feature."""

    weapon: str
    target: str
    expr: str
    faces: tuple[int, ...]
    points: int
    KIND: ClassVar[str] = "dice"


# --- driving -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    """One motion: `what` (the maneuver or forced motion), where it ended, and poses along the way."""

    what: str
    end: Pose
    path: tuple[Pose, ...]
    KIND: ClassVar[str] = "moved"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrailerFollowed(Event):
    """A hitched trailer followed its tower's move onto the hitch or fifth wheel (000:L561-L564); `fold` is
    the angle between the two counters' axes after it."""

    tower: str
    end: Pose
    path: tuple[Pose, ...]
    fold: float
    KIND: ClassVar[str] = "moved"


@dataclass(frozen=True, slots=True, kw_only=True)
class Jackknifed(Event):
    """A rig or a vehicle and its trailer folded past the jackknife (000:L573-L574, L591); `broke`: the
    1d roll broke the kingpin, tongue or hitch."""

    trailer: str
    fold: float
    broke: bool
    KIND: ClassVar[str] = "crash"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrailerLoose(Event):
    """A trailer came off its tower: coupling broken or shot off, a crash result (000:L576, L601-L603)."""

    tower: str
    KIND: ClassVar[str] = "crash"


@dataclass(frozen=True, slots=True, kw_only=True)
class Steamrollered(Event):
    """A big vehicle ran right over a smaller one (000:L608-L611): the victim stops, the big one takes a
    hazard, the ram damage spread over the victim's components."""

    victim: str
    KIND: ClassVar[str] = "crash"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpeedChanged(Event):
    """A speed the driver chose (000:L136, L144); signed, negative in reverse."""

    old: float
    new: float
    KIND: ClassVar[str] = "speed"


@dataclass(frozen=True, slots=True, kw_only=True)
class SlowedTo(Event):
    """A speed imposed by the rules: skids, T-stops, collisions, water, deceleration each turn."""

    speed: float
    KIND: ClassVar[str] = "speed"


@dataclass(frozen=True, slots=True, kw_only=True)
class ReflexesRolled(Event):
    roll: int
    bonus: int
    hs: int
    KIND: ClassVar[str] = "handling"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandlingChanged(Event):
    """Handling status moved by recovery at the end of a turn or capped by off-road HC."""

    old: int
    new: int
    recovery: bool
    KIND: ClassVar[str] = "handling"


@dataclass(frozen=True, slots=True, kw_only=True)
class ControlRolled(Event):
    """A control roll (000:L182-L186): D, handling status before and after, at what speed, the number
    needed ("safe", "XX" or "2".."6"), the die rolled (None when no roll is needed) and the verdict."""

    what: str
    difficulty: int
    hs_before: int
    hs: int
    speed: float
    need: str
    rolled: int | None
    kept: bool
    added: tuple[str, ...] = ()   # what the place added to the D, e.g. "gravel +1", "off-road +1"
    KIND: ClassVar[str] = "control"


@dataclass(frozen=True, slots=True, kw_only=True)
class HazardMet(Event):
    """A hazard (000:L244-L253) at its final D; a stationary vehicle rolls no control for it."""

    what: str
    difficulty: int
    stationary: bool = False
    oil: int = 0          # +D for oil under the vehicle (000:L1045)
    KIND: ClassVar[str] = "hazard"


@dataclass(frozen=True, slots=True, kw_only=True)
class RanOver(Event):
    """Ran over debris or an obstacle (a counter or a map feature): tire damage and a hazard follow."""

    obstacle: str         # "debris" or "obstacle"
    other: str            # the counter's or the feature's id
    KIND: ClassVar[str] = "hazard"


@dataclass(frozen=True, slots=True, kw_only=True)
class CrashRolled(Event):
    table: int
    roll: int
    result: str
    KIND: ClassVar[str] = "crash"


@dataclass(frozen=True, slots=True, kw_only=True)
class CrashIgnored(Event):
    """Already out of control with a worse result: the new one has no effect (000:L309-L310)."""

    KIND: ClassVar[str] = "crash"


@dataclass(frozen=True, slots=True, kw_only=True)
class CrashMotion(Event):
    """A spin or a roll begins or ends (000:L327-L328)."""

    motion: str           # "spin" or "roll"
    ended: bool
    KIND: ClassVar[str] = "crash"


# --- drivers -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DriverReplaced(Event):
    """A substitute drives: from where he sits, or once he has moved into the driver's seat (000:L979-L982)."""

    substitute: str
    in_seat: bool
    KIND: ClassVar[str] = "control"


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatChangeBegun(Event):
    mover: str
    KIND: ClassVar[str] = "control"


@dataclass(frozen=True, slots=True, kw_only=True)
class NobodyDriving(Event):
    """Nobody is at the controls, and what the vehicle does then (000:L977-L978)."""

    KIND: ClassVar[str] = "control"


# --- tires ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TireDamaged(Event):
    cause: str
    corner: str
    hits: int
    dp: int               # what the tire has left
    KIND: ClassVar[str] = "tire"


@dataclass(frozen=True, slots=True, kw_only=True)
class CornerLost(Event):
    """The last tire (or the wheel) on a corner is gone (000:L161, L265)."""

    corner: str
    wheel: bool = False
    active_suspension: bool = False
    KIND: ClassVar[str] = "tire"


@dataclass(frozen=True, slots=True, kw_only=True)
class SteeringLost(Event):
    """Wheels gone on two corners: no steering, acceleration or braking (000:L162, L266)."""

    KIND: ClassVar[str] = "tire"


@dataclass(frozen=True, slots=True, kw_only=True)
class SlickDoubled(Event):
    """Racing slicks take double from spikes, debris and obstacles (000:L1835)."""

    corner: str
    hits: int
    doubled: int
    KIND: ClassVar[str] = "tire"


# --- damage --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Damaged(Event):
    """Damage to one location (a face or the underbody) from a collision, a fall, a blast or a counter."""

    cause: str
    location: str
    points: int
    taken: int            # what armor and components took of it
    KIND: ClassVar[str] = "damage"


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageStep(Event):
    """One line of a damage report: armor, a component, a crewman (000:L941-L972)."""

    KIND: ClassVar[str] = "damage"


@dataclass(frozen=True, slots=True, kw_only=True)
class HitDamage(Event):
    """One line of a weapon hit's damage report."""

    weapon: str
    firer: str
    KIND: ClassVar[str] = "damage"


@dataclass(frozen=True, slots=True, kw_only=True)
class PassedThrough(Event):
    points: int
    KIND: ClassVar[str] = "damage"


@dataclass(frozen=True, slots=True, kw_only=True)
class OccupantsHurt(Event):
    points: int
    KIND: ClassVar[str] = "damage"


@dataclass(frozen=True, slots=True, kw_only=True)
class BurnDamage(Event):
    """One step of a burning vehicle's damage at the end of the turn (000:L1013)."""

    KIND: ClassVar[str] = "damage"


@dataclass(frozen=True, slots=True, kw_only=True)
class OutOfFight(Event):
    why: str
    KIND: ClassVar[str] = "kill"


@dataclass(frozen=True, slots=True, kw_only=True)
class Exploded(Event):
    """A vehicle blows up: everyone aboard is killed (000:L1014)."""

    KIND: ClassVar[str] = "kill"


@dataclass(frozen=True, slots=True, kw_only=True)
class LeftMap(Event):
    KIND: ClassVar[str] = "out"


# --- shooting ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ModifierNote:
    name: str
    value: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotFired(Event):
    """A to-hit roll (000:L901-L905): what it needs, the modifiers, the roll (None when it cannot hit)."""

    weapon: str
    target: str
    need: int
    roll: int | None
    hit: bool
    modifiers: tuple[ModifierNote, ...] = ()
    automatic: bool = False
    stray_of: str = ""    # the target this miss was meant for (000:L1217)
    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotNotAllowed(Event):
    weapon: str
    target: str
    why: str
    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class RadarJammed(Event):
    """A radar-guided shot or a radar ATAD's lock at a vehicle whose jammer works: 1d, 1-4 blocks it (000:L2644)."""

    weapon: str
    target: str
    roll: int
    blocked: bool
    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotBlocked(Event):
    weapon: str
    target: str
    blocked_by: str
    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class PodNearMiss(Event):
    """Missed the pod by little: the shot still strikes the vehicle."""

    weapon: str
    target: str
    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class CloudDispersed(Event):
    weapon: str
    target: str
    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class FireRefused(Event):
    """A declared shot that cannot be made (the weapon is not ready, the target not in arc ...)."""

    weapon: str
    target: str
    why: str
    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class LinkFired(Event):
    link: str
    weapons: tuple[str, ...]
    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class AutomaticSet(Event):
    weapon: str
    on: bool
    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class AutomaticOff(Event):
    """A weapon goes off automatic because it is destroyed or out of ammunition."""

    weapon: str
    destroyed: bool
    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class AutomaticWasted(Event):
    """A weapon on automatic fires at nothing, or into a wreck: a round spent."""

    weapon: str
    wreck: str = ""
    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class HitWasted(Event):
    """A hit on a map feature that is already down."""

    weapon: str
    target: str
    KIND: ClassVar[str] = "fire"


# --- burning -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FireStarted(Event):
    """The vehicle catches fire (a burning roll, a roll off an edge: 000:L304, L329)."""

    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class FireOut(Event):
    """A vehicle's fire put out from outside (a foam grenade, 000:L1581)."""

    KIND: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True, kw_only=True)
class FireTableHit(Event):
    """Touching a burning counter: a fire-table hit with its modifier (000:L1018)."""

    counter: str
    fire_source: str
    modifier: int
    KIND: ClassVar[str] = "fire"


# --- dropped weapons and counters ----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CounterDropped(Event):
    """A dropped weapon lays a counter (000:L1028-L1038)."""

    weapon: str
    counter_kind: str
    automatic: bool = False
    KIND: ClassVar[str] = "drop"


@dataclass(frozen=True, slots=True, kw_only=True)
class NothingDropped(Event):
    weapon: str
    KIND: ClassVar[str] = "drop"


@dataclass(frozen=True, slots=True, kw_only=True)
class CloudFormed(Event):
    """A cloud bomb's hit: a cloud forms on the target (000:L2472)."""

    weapon: str
    target: str
    counter_kind: str
    KIND: ClassVar[str] = "drop"


@dataclass(frozen=True, slots=True, kw_only=True)
class CounterLaid(Event):
    counter: str
    counter_kind: str
    pose: Pose
    size: tuple[float, float]
    KIND: ClassVar[str] = "counter"


@dataclass(frozen=True, slots=True, kw_only=True)
class CounterMet(Event):
    """A vehicle runs onto a counter (`onto`) or passes beside it; `triggered` when its effect goes off."""

    counter: str
    onto: bool
    triggered: bool
    KIND: ClassVar[str] = "counter"


@dataclass(frozen=True, slots=True, kw_only=True)
class PaintOnWindows(Event):
    counter: str
    until_turn: int
    KIND: ClassVar[str] = "counter"


@dataclass(frozen=True, slots=True, kw_only=True)
class CounterSpared(Event):
    """An accessory keeps a counter's effect off (the no-paint windshield, 000:L2636)."""

    counter: str
    by: str
    KIND: ClassVar[str] = "counter"


@dataclass(frozen=True, slots=True, kw_only=True)
class CounterAgain(Event):
    """Still in a liquid counter after some phases: its damage again."""

    counter: str
    KIND: ClassVar[str] = "counter"


@dataclass(frozen=True, slots=True, kw_only=True)
class CounterWentOff(Event):
    counter: str
    KIND: ClassVar[str] = "counter"


@dataclass(frozen=True, slots=True, kw_only=True)
class CounterBurnedOut(Event):
    counter: str
    becomes: str
    KIND: ClassVar[str] = "counter"


@dataclass(frozen=True, slots=True, kw_only=True)
class CounterRemoved(Event):
    """A counter leaves the map: gone after its effect, melted, cleared."""

    counter: str
    KIND: ClassVar[str] = "counter"


@dataclass(frozen=True, slots=True, kw_only=True)
class DebrisRedropped(Event):
    KIND: ClassVar[str] = "counter"


# --- the map -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FeatureEvent(Event):
    """A wall, building or fixed object struck by a vehicle (`rammed`) or by fire."""

    feature: str
    rammed: bool

    @property
    def kind(self) -> str:
        return "collision" if self.rammed else "damage"


@dataclass(frozen=True, slots=True, kw_only=True)
class FeatureUnharmed(FeatureEvent):
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FeatureDamaged(FeatureEvent):
    points: int
    dp_left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FeatureBreached(FeatureEvent):
    point: Vec


@dataclass(frozen=True, slots=True, kw_only=True)
class FeatureKnockedDown(FeatureEvent):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class FeatureCollapsed(FeatureEvent):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class RoadLaid(Event):
    sections: int
    KIND: ClassVar[str] = "map"


# --- collisions ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Collided(Event):
    """A collision of two vehicles (000:L406-L410): its type (head_on, t_bone, ...), V1 and V2, speed, point."""

    how: str
    other: str
    v1: str
    v2: str
    speed: float
    point: Vec
    KIND: ClassVar[str] = "collision"


@dataclass(frozen=True, slots=True, kw_only=True)
class HitFixedObject(Event):
    """A vehicle runs into a wall, building or fixed object (000:L476-L480): `name` is what it is
    (a wall, a tree, rubble ...), `other` its id."""

    how: str
    other: str
    name: str
    speed: float
    point: Vec
    KIND: ClassVar[str] = "collision"


@dataclass(frozen=True, slots=True, kw_only=True)
class RamTraded(Event):
    """What the fixed object took and gave back (000:L477)."""

    dealt: int
    taken: int
    through: bool
    KIND: ClassVar[str] = "collision"


@dataclass(frozen=True, slots=True, kw_only=True)
class PushedAside(Event):
    pose: Pose
    turned: float
    KIND: ClassVar[str] = "collision"


@dataclass(frozen=True, slots=True, kw_only=True)
class PushBlocked(Event):
    KIND: ClassVar[str] = "collision"


@dataclass(frozen=True, slots=True, kw_only=True)
class PileUp(Event):
    other: str
    speed: float
    KIND: ClassVar[str] = "collision"


# --- terrain, jumps and falls ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class OffRoad(Event):
    """Off the road (`off_road`, on `ground`) or back on it (000:L507, L512)."""

    off_road: bool
    ground: str = ""
    KIND: ClassVar[str] = "terrain"


@dataclass(frozen=True, slots=True, kw_only=True)
class Drowned(Event):
    KIND: ClassVar[str] = "terrain"


@dataclass(frozen=True, slots=True, kw_only=True)
class DitchFall(Event):
    width_ft: float
    speed: float
    KIND: ClassVar[str] = "terrain"


@dataclass(frozen=True, slots=True, kw_only=True)
class NoJump(Event):
    angle: float
    KIND: ClassVar[str] = "terrain"


@dataclass(frozen=True, slots=True, kw_only=True)
class Jumped(Event):
    flight_in: float
    feet: float
    KIND: ClassVar[str] = "terrain"


@dataclass(frozen=True, slots=True, kw_only=True)
class Landed(Event):
    feet: float
    KIND: ClassVar[str] = "terrain"


@dataclass(frozen=True, slots=True, kw_only=True)
class StepDown(Event):
    drop_ft: float
    KIND: ClassVar[str] = "terrain"


@dataclass(frozen=True, slots=True, kw_only=True)
class Falling(Event):
    drop_ft: float
    lands: int            # the phase count it lands at
    damage: str
    KIND: ClassVar[str] = "terrain"


@dataclass(frozen=True, slots=True, kw_only=True)
class FallLanded(Event):
    side: str
    nose_over: bool
    KIND: ClassVar[str] = "terrain"


@dataclass(frozen=True, slots=True, kw_only=True)
class NoseOver(Event):
    KIND: ClassVar[str] = "terrain"


@dataclass(frozen=True, slots=True, kw_only=True)
class CornersOver(Event):
    """Corners over an edge count as lost tires (000:L302); none left over: back on the ground."""

    corners: tuple[str, ...]
    KIND: ClassVar[str] = "terrain"


@dataclass(frozen=True, slots=True, kw_only=True)
class WheelOver(Event):
    KIND: ClassVar[str] = "terrain"


# --- crew ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CrewStunned(Event):
    crew: str
    phases: int
    KIND: ClassVar[str] = "crew"


@dataclass(frozen=True, slots=True, kw_only=True)
class CrewCameRound(Event):
    crew: tuple[str, ...]
    KIND: ClassVar[str] = "crew"


@dataclass(frozen=True, slots=True, kw_only=True)
class CrewTrapped(Event):
    until_turn: int
    KIND: ClassVar[str] = "crew"


# --- foes ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FoeChose(Event):
    """Why a scripted foe chose its action (logged by the client)."""

    KIND: ClassVar[str] = "foe"


# --- equipment (issue 17) ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class EquipmentActed(Event):
    """An accessory changed what a rule did: heavy-duty brakes, ABS, a booster's burn, lights ...
    `accessory` is its key in accessories.toml."""

    accessory: str
    KIND: ClassVar[str] = "equipment"


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveDeferred(Event):
    """A driver with better reflexes let a vehicle of the same speed move before him (000:L140)."""

    other: str
    KIND: ClassVar[str] = "moved"


@dataclass(frozen=True, slots=True, kw_only=True)
class BoosterBurned(Event):
    """A rocket booster burns: its mph (+ speeds up, - slows down), the speed after, burns left (000:L2657)."""

    booster: str
    mph: float
    speed: float
    burns_left: int
    KIND: ClassVar[str] = "equipment"


@dataclass(frozen=True, slots=True, kw_only=True)
class JumpJetBurned(Event):
    """A jump jet burns (000:L2632): the climb it adds (- for a top jet), the height the vehicle will reach
    and fall from, the phase count it lands at (0: it stays on the ground), burns left."""

    booster: str
    climb_in: float
    height_in: float
    lands: int
    burns_left: int
    KIND: ClassVar[str] = "equipment"


@dataclass(frozen=True, slots=True, kw_only=True)
class FrameBent(Event):
    """A booster's burn over what the chassis withstands bent the frame (000:L2656)."""

    booster: str
    KIND: ClassVar[str] = "equipment"
# --- people on foot (issue 18) ---------------------------------------------------------------------
# `vehicle` holds the person's id ("V1.driver") for events about a person, as it holds a vehicle's id
# for events about a vehicle.


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonGotOut(Event):
    """A crewman left his vehicle: stepped out of a stopped one, or jumped from a moving one."""

    from_vehicle: str
    pose: Pose
    jumped: bool
    speed: float              # the vehicle's speed as he left it
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonWalked(Event):
    start: Pose
    end: Pose
    crawled: bool = False
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonProne(Event):
    prone: bool               # True: dropped prone; False: got up (a full second, 000:L1461)
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonSprint(Event):
    """A man sprints a second (+5 mph, no firing), or, his run over, must rest (000:L1441)."""

    sprinting: bool           # True: he sprints this second; False: he rests `rest` seconds
    rest: int = 0
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonBlinded(Event):
    """A flash grenade at night blinds a man who sees it (002:L91)."""

    turns: int
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonGassed(Event):
    """A man in tear gas rolls: unconscious, choking or stinging for a while (000:L1585-L1588)."""

    effect: str
    turns: int
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonHurt(Event):
    """Damage reaching a person: what his armor stopped, what his body took, his state after."""

    cause: str
    points: int
    armor_taken: int
    body_taken: int
    condition: str            # unhurt, wounded, unconscious, dead (000:L1450)
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonRunOver(Event):
    """A vehicle met a pedestrian (000:L1451): the collision's ram dice and who took what."""

    person: str
    speed: float
    ram: str
    to_person: int
    to_vehicle: int
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class GrenadeThrown(Event):
    grenade: str              # its type ([grenade.*] of people.toml)
    aim: Vec
    lands_turn: int
    lands_phase: int
    fuse: int                 # seconds on the timer; 0 = impact fuse
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class GrenadeLanded(Event):
    grenade: str
    aim: Vec
    point: Vec
    exact: bool
    direction: str            # "on target", "right and short", ...
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class GrenadeExploded(Event):
    grenade: str
    point: Vec
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonGotIn(Event):
    """A man on foot took his seat in his vehicle again (000:L1472)."""

    into: str
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonReloaded(Event):
    """A man on foot put a spare clip into his hand weapon (000:L1457)."""

    person: str
    weapon: str
    shots: int
    clips_left: int
    KIND: ClassVar[str] = "person"


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonRode(Event):
    """A man on foot and the top of a vehicle: he climbed on (or failed to), swung down, was thrown off or
    jumped clear of a crash (000:L1474-L1503)."""

    person: str
    onto: str
    aboard: bool          # on top of it after this
    need: int             # the 2d roll it took (0: none)
    made: bool
    KIND: ClassVar[str] = "person"


# --- light at night (issue 17, rules/play/lights.py) ---------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TableLit(Event):
    """A starshell lights the whole play area: no night penalty to the end of turn `until` (000:L2432)."""

    weapon: str
    until: int
    KIND: ClassVar[str] = "equipment"


# --- gas engines (issue 17, rules/play/gas_engine.py) ---------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class EngineCritical(Event):
    """A hit on a gas engine rolled on the engine critical damage table (000:L1800-L1816)."""

    roll: int
    result: str              # smoke, later, grinding, cracked, radiator, oil, fuel, fire
    KIND: ClassVar[str] = "damage"


@dataclass(frozen=True, slots=True, kw_only=True)
class EngineDied(Event):
    """A gas engine damaged by a critical result stops for the game (000:L1811-L1816)."""

    cause: str
    KIND: ClassVar[str] = "damage"


# --- searchlights, flares, nitrous, ejection seats (issue 17, rules/play/lights.py, nitrous.py, ejection.py)


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchlightAimed(Event):
    """A crewman turns a searchlight on a vehicle: 2d against 3+ to track it, 6+ to blind its crew
    (000:L2661-L2662)."""

    lamp: str
    target: str
    roll: int
    need: int                # to track; blinding needs need + 3
    tracked: bool
    blinded: bool
    KIND: ClassVar[str] = "equipment"


@dataclass(frozen=True, slots=True, kw_only=True)
class FlareLit(Event):
    """An RL flare round fired for light: a circle of 20" radius lit round (x, y) to the end of turn `until` (000:L2989)."""

    weapon: str
    x: float
    y: float
    until: int
    KIND: ClassVar[str] = "equipment"


@dataclass(frozen=True, slots=True, kw_only=True)
class NitrousOpened(Event):
    """A tank of nitrous oxide opened: +10 mph acceleration and +50% top speed to the end of turn `until`
    (000:L1797)."""

    until: int
    KIND: ClassVar[str] = "equipment"


@dataclass(frozen=True, slots=True, kw_only=True)
class EjectionDeclared(Event):
    """An ejection seat's action declared: the seat fires `phases` phases later, whatever happens (000:L2580)."""

    crew: str
    phases: int
    KIND: ClassVar[str] = "equipment"


@dataclass(frozen=True, slots=True, kw_only=True)
class Ejected(Event):
    """An ejection seat fires: its crewman leaves the vehicle through the roof and climbs (000:L2580-L2582)."""

    crew: str
    person: str
    KIND: ClassVar[str] = "equipment"


@dataclass(frozen=True, slots=True, kw_only=True)
class EjecteeLanded(Event):
    """An ejected crewman comes down under his glider or parachute and takes his landing damage (000:L2582)."""

    person: str
    damage: int
    KIND: ClassVar[str] = "damage"
