"""Game state as frozen data: serialisable, hashable, no pygame or pymunk objects inside."""

from __future__ import annotations

import hashlib
import json
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from enum import Enum
from typing import Any, TypeVar

from rules.combat.dropped import Counter
from rules.core.geometry import Pose
from rules.core.named import Named
from rules.driving.articulated import trucker_hc
from rules.driving.collisions import off_road_hc_loss
from rules.people.record import Grenade, Kit, PersonState
from rules.play.actions import Fire
from rules.play.people_actions import Shoot, Strike, Throw
from rules.tables.construction import design_tables
from rules.tables.movement import HD_READINGS, tables
from rules.tables.ruleset import Ruleset, standard
from rules.vehicles.long_vehicles import POWERED_KINDS
from rules.vehicles.record_sheet import RecordSheet, lone_side_pods
from rules.vehicles.spec import VehicleSpec
from rules.world.map_changes import MapChanges

T = TypeVar("T")


class Step(Named):
    """The steps of a phase (reference/movement.md §5)."""

    SPEED = "speed"
    MOVE = "move"
    FIRE = "fire"


class Mode(Named):
    """How a vehicle moves: under control, or a crash result playing out (000:L223-L228, L317, L327-L328)."""

    NORMAL = "normal"
    SKIDDED = "skidded"   # a crash skid this phase: straight on for the rest of it
    SPIN = "spin"
    ROLL = "roll"
    T_STOP = "t_stop"
    WRECK = "wreck"


SPEED, MOVE, FIRE = Step.SPEED, Step.MOVE, Step.FIRE


@dataclass(frozen=True)
class RuleOptions:
    """Readings the text does not settle (docs/RULES-DEVIATIONS.md); recorded in every save."""

    road_condition: str = "dry"          # whole-map condition until maps supply their own (000:L267-L275)
    roll_motion: str = "per_inch"        # rolls/spins move 1" per chart inch ("per_inch") or per phase ("per_phase")
    fishtail_method: str = "key"         # "key": 15 degrees per square (000:L242)
    tie_break: str = "choose"            # equal speeds: the better reflex roll moves first and may defer
                                         # ("choose", 000:L140), or always first ("reflex")
    fire_step: str = "on"                # "on": fire declarations after each phase's movement (rules/fire_step.py,
                                         # 000:L818); "off": a movement-only game with no combat
    concussion: str = "off"              # the optional concussion rule (000:L472): "on" stuns crews after rams
    passengers_fire: str = "off"         # "on": passengers fire vehicle weapons after the gunners (000:L822, CB47)
    visibility: str = "clear"            # "fog" or "night": -3 to every shot (000:L924)
    swipe_hazard: str = "round_up"       # a sideswipe's D: 1 per 10 mph rounded up, or "whole_10" (AU7)
    hd_brakes: str = "shifted"           # heavy-duty brakes: the standard table 5 mph up, or the "printed" list (AU1)
    people: str = "off"                  # "on": crews may leave their vehicles and fight on foot (issue 18,
                                         # rules/play/people.py); "off": the people never leave their seats
    hand_weapon_arcs: str = "all"        # hand weapons fired from inside a vehicle: "all" round (PD27), or
                                         # "windows": the side arcs, all round from a sunroof (000:L2672, PD46)

    def problem(self) -> str | None:
        """The first option set to a value this program does not play, or None."""
        for name, allowed in option_choices().items():
            value = getattr(self, name)
            if value not in allowed:
                return f"rule option {name} = {value!r}: choose one of {', '.join(allowed)}"
        return None


def option_choices() -> dict[str, tuple[str, ...]]:
    """The values each rule option may take. Movement readings with a single value are recorded in
    every save but have no alternative played yet (docs/RULES-DEVIATIONS.md M11, M14, M17)."""

    return {
        "road_condition": tuple(tables().hazards.road),
        "roll_motion": ("per_inch",),
        "fishtail_method": ("key",),
        "tie_break": ("choose", "reflex"),
        "fire_step": ("on", "off"),
        "concussion": ("off", "on"),
        "passengers_fire": ("off", "on"),
        "visibility": ("clear", "fog", "night"),
        "hd_brakes": HD_READINGS,
        "swipe_hazard": ("round_up", "whole_10"),
        "people": ("off", "on"),
        "hand_weapon_arcs": ("all", "windows"),
    }


@dataclass(frozen=True)
class Pending:
    """A crash result or forced motion waiting for the vehicle's next movement (000:L316)."""

    kind: str                 # crash result name, "controlled_skid", "bootlegger_finish"
    travel: float = 0.0       # heading to skid/spin along
    side: str = ""            # fishtail swing side / spin direction / bootlegger side
    skid: float = 0.0         # skid length
    severity: int = 0         # for the worst-result rule (000:L309)
    speed: float = 0.0        # a vault: the initial speed its landing damage is rolled at (000:L330, reading AU6)


@dataclass(frozen=True)
class VehicleState:
    id: str
    owner: str
    spec: VehicleSpec
    pose: Pose
    travel: float                     # heading the vehicle is moving along (deg)
    speed: float                      # mph, never negative
    reverse: bool = False             # gear
    hs: int = 0                       # handling status
    reflex_roll: int = 0              # modified reflex roll (tie-breaks)
    reflex_bonus: int = 0
    hc_loss: int = 0                  # permanent HC loss from tires/wheels in force
    hc_loss_next: int = 0             # HC loss that takes effect next turn (000:L161)
    sheet: RecordSheet = field(default_factory=RecordSheet)
    start_speed: float = 0.0          # speed at the start of this turn
    speed_changed: bool = False       # once per turn (000:L136)
    full_stop: bool = False           # stood at 0 mph for a whole turn: may change gear (000:L237)
    increments: tuple[float, ...] = ()  # movement left this phase, in inches per move
    maneuvered: bool = False          # one maneuver per phase (000:L135)
    moved_this_phase: bool = False
    mode: Mode = Mode.NORMAL
    mode_travel: float = 0.0          # spin/roll/T-stop direction of travel
    mode_side: str = ""               # spin direction
    mode_count: int = 0               # roll faces landed / T-stop tire hits taken
    mode_lost: float = 0.0            # T-stop: mph lost so far
    mode_start: float = 0.0           # T-stop: speed when it began
    mode_turn: int = 0                # turn the mode began
    pending: tuple[Pending, ...] = ()
    pending_decel: float = 0.0        # controlled-skid deceleration at the start of the next phase (000:L218)
    aimed_fire: int = 0               # aimed-fire modifier for the rest of the turn; -99 = none allowed
    steering_lost: bool = False       # wheels lost on two corners: no steering, accel or brakes (000:L162)
    out: bool = False                 # out of the game (wrecked, destroyed)
    fired: tuple[str, ...] = ()       # combat: weapons fired this turn (000:L820)
    fire_acted: tuple[str, ...] = ()  # combat: crew who used their firing action this turn
    boosts: tuple[tuple[str, int, int, int], ...] = ()  # boosters fired: (id, phase, turn fired, burns) (000:L2657)
    frame_bent: bool = False          # a booster bent the frame: undrivable for the rest of the game (000:L2656)
    sustained: tuple[tuple[str, str, int, int], ...] = ()  # combat: (weapon, target, turns in a row, last turn)
    fire_hits: tuple[tuple[str, int], ...] = ()  # combat: fire-table hits (source, turn) still burning (000:L1018)
    fire_triggers: tuple[str, ...] = ()  # this turn's hits that may start a fire: "component[:hot]" (plant destroyed,
                                      # flame weapon hit, 000:L984), "gas_engine:<points>[:hot]" (000:L1012, L1018)
    touching: tuple[str, ...] = ()    # dropped-weapon counters it was on or beside after its last motion: each is
                                      # checked once until the vehicle leaves it (000:L1046)
    substitute: str = ""              # the crewman at the wheel after the driver went down (000:L979-L982)
    steered: bool = False             # a maneuver or speed change made this turn: a substitute then holds no gun
    seat_change: int = 0              # driverless and stopped: the turn a new driver started moving in (000:L982)
    new_driver: bool = False          # the substitute moved into the driver's seat: drives as a driver (000:L982)
    liquid_contact: tuple[tuple[str, int], ...] = ()  # damaging liquids it sits in: (counter id, phase count
                                      # turn*5+phase of the last damage roll); again every 5 phases (000:L1047)
    paint_until: int = 0              # paint on the windows: -2 to its fire up to this turn (000:L1053)
    buried_under: str = ""            # the fallen building it lies under: stuck in the rubble (000:L1204, L1206)
    trapped_until: int = 0            # ... its crew shut in the car up to the end of this turn (000:L1204)
    driverless: bool = False          # nobody at the controls (driver unconscious or dead, or the vehicle out of
                                      # the fight): straight on, 5 mph slower a turn, until it stops (000:L978)
    off_road: bool = False            # its centre is on off-road ground: HC penalty (000:L512-L516), set after
                                      # every motion by rules.play.terrain.note_ground
    stunned: tuple[tuple[str, int], ...] = ()  # concussed crew: (crew id, last phase stunned, counted from
                                      # the game's start) (rules/concussion.py, 000:L472)
    driver_stunned: bool = False      # the driver is stunned: no vehicle controls, straight on (000:L472)
    left_map: bool = False            # drove off the map: out of the game (rules/map_play.py)
    scrambled: bool = False           # its computer-gunner software was scrambled by a hit on the plant (000:L2616)
    bumped: tuple[str, ...] = ()      # sides whose bumper trigger a collision set off this phase: their weapons
                                      # fire on automatic at the phase's fire step (000:L2609; reading RD8)
    airborne: float = 0.0             # inches of a jump's flight still to go: straight on, no maneuvers or speed
                                      # changes, nothing on the ground touched (000:L279, L283)
    flight_ft: float = 0.0            # the whole flight of the jump in the air, for the landing hazard (000:L280)
    fall_lands: int = 0               # falling off an edge: the phase (turn*5+phase-5, rules.play.falling.phase_count)
                                      # at whose end it lands; 0 = not falling. Straight on meanwhile (000:L283, L301)
    fall_damage: str = ""             # the fall's damage dice, taken as it lands (000:L300)
    fall_side: str = ""               # the side it lands on: underbody for a plain fall, left/right rolled over (000:L304)
    drowned: bool = False             # drove into water deeper than it can ford: the plant is out for the game
                                      # (it dries in 10 hours), as if destroyed (000:L528)
    nose_over: bool = False           # the fall under way is the tip forward after landing on its front (000:L305)
    jet_apex: float = 0.0             # a jump-jet jump under way: the height (in) it climbs to, then falls from
                                      # (falling table; 000:L2632, L283); 0 = none. fall_lands times the landing
    jet_from: int = 0                 # ... the phase (rules.play.falling.phase_count) it left the ground in
    edge_corners: tuple[str, ...] = ()  # corners over an edge: as if their tires were lost while there (000:L302)
    edge_hc: int = 0                  # HC lost while corners are over an edge (000:L302, L161)
    phase_d: int = 0                  # sum of the D of this phase's maneuvers and hazards: -D to the driver's
                                      # fire this phase (000:L193, L905, L940)
    automatic: tuple[str, ...] = ()   # weapons on automatic: each fires (or lays) without a firing action until
                                      # empty or taken off (rules/automatic_fire.py, 000:L1024)
    automatic_idle: tuple[str, ...] = ()  # HD smoke/paint on automatic that laid last moving phase: they skip the
                                      # next one (every other phase, 000:L1051)
    phase_dp: tuple[tuple[str, int], ...] = ()  # damage points left at the end of the last phase (armor by
                                      # face, "internal", "tires", "wheels lost"): this phase's damage from any
                                      # source is the difference, for debris (000:L499; rules.phases.fire_step)
    engine_trouble: tuple[str, int] | tuple[()] = ()  # a gas-engine critical result still working (rules.play.gas_engine,
                                      # 000:L1800-L1816): (result, the turn its next step is due)
    starting: int = 0                 # turns before a vehicle whose driver has just got back in may move: the
                                      # 3 seconds to start it (000:L1472; rules/play/people.py)
    # lights, nitrous, ejection (issue 17, rules/play/lights.py, nitrous.py, ejection.py); left out of the
    # record at their defaults, so games without them keep their digests
    beams: tuple[tuple[str, str, int, int], ...] = ()  # searchlights held on a target: (lamp, target, last clock
                                      # lit, 1 if it blinds) (000:L2661-L2662)
    glare: tuple[int, int] | tuple[()] = ()  # blinded by a searchlight: (first clock, last clock lit) (000:L2674)
    nitrous: tuple[int, ...] = ()     # turns its nitrous tanks were opened (000:L1797)
    eject: tuple[tuple[str, int], ...] = ()  # ejections declared: (crew id, clock the seat fires) (000:L2580)
    towed_by: str = ""                # a trailer on its tower's hitch or fifth wheel: the tower's id. It makes no
                                      # decision of its own but its gunners' and follows the tower (000:L561-L564)
    loose: float = 0.0                # a trailer come loose: the mph it loses each turn, straight on (000:L576, L601-L603)
    jackknife_since: int = 0          # a car trailer maneuvered into a jackknife: the phase clock (turn x phases + phase)
                                      # it has been held since; it rolls once held into the next phase (000:L574, M-R14)

    @property
    def hc(self) -> int:
        """Handling class in force (000:L156-L161)."""
        return (self.spec.hc + self.reflex_bonus - self.hc_loss - (0 if self.spec.has_skill else _unskilled(self))
                - (_off_road(self) if self.off_road else 0) - self.edge_hc - (_lone_pods(self) if self.sheet.pods else 0)
                + (0 if self.spec.trucker else _no_trucker(self)))

    @property
    def plant_out(self) -> bool:
        """The power plant is out: destroyed on the sheet, or drowned (000:L528, L1742)."""
        return self.drowned or any(c.kind == "plant" and c.destroyed for c in self.sheet.components)

    @property
    def signed_speed(self) -> float:
        return -self.speed if self.reverse else self.speed


def _lone_pods(v: VehicleState) -> int:
    """HC lost to a side pod left without its mate since the start (a pair torn off in a roll: 000:L2983);
    a design built with a lone pod has that loss in its HC already."""

    per = -int(design_tables().const("mount_options.ewp_lone_pod_hc"))
    return per * (lone_side_pods(v.sheet) - lone_side_pods(v.spec.sheet))


def _off_road(v: VehicleState) -> int:
    """HC lost off-road: the penalty without off-road suspension, tire bonuses lost or gained (000:L512-L517, L1834)."""

    return off_road_hc_loss(v.spec)


def _no_trucker(v: VehicleState) -> int:
    """HC change for a driver without Trucker skill at the wheel of a bus, ten-wheeler or tractor (000:L1385)."""
    return trucker_hc(False, v.spec.has_skill) if v.spec.kind.value in POWERED_KINDS else 0


def _unskilled(v: VehicleState) -> int:

    return tables().handling.unskilled_penalty.get(v.spec.kind.value, 0)


@dataclass(frozen=True)
class Goal:
    """A scenario's victory as the engine plays it (rules.engine.goals decides it): `side` are the owners of
    the victory's team (an escape's: the owners of its targets), everybody else is the other side.

    destroy: `side` wins when every target is killed; the others when a target lasts `turns` or gets away.
    survive: `side` wins when one of its vehicles lasts `turns` turns; the others when none is left.
    escape: `side` wins when a target reaches the `exit` (x, y, w, h in inches) or leaves the map through it;
    the others when every target is out without escaping."""

    kind: str
    side: tuple[str, ...]
    targets: tuple[str, ...] = ()
    turns: int = 0
    exit: tuple[float, float, float, float] | None = None


@dataclass(frozen=True)
class GameState:
    seed: int
    rolls: int                        # dice rolled so far (the dice state)
    turn: int
    phase: int
    step: Step
    vehicles: tuple[VehicleState, ...]
    movers: tuple[str, ...] = ()      # ids still to move this phase, in order
    declared: tuple[str, ...] = ()    # ids that made their speed decision this phase
    options: RuleOptions = field(default_factory=RuleOptions)
    map_id: str = ""
    max_turns: int = 0                # 0 = no limit
    over: bool = False
    fire_declared: tuple[tuple[str, str, str, str], ...] = ()  # this phase's Fire actions (vehicle, weapon, target, aim)
    fire_passed: tuple[str, ...] = ()  # vehicles that have finished declaring fire this phase
    counters: tuple[Counter, ...] = ()  # dropped-weapon and debris counters on the map (000:L1027-L1053, L499)
    counters_laid: int = 0             # counters laid so far (their ids)
    map_changes: MapChanges = field(default_factory=MapChanges)  # DP taken, breaches, features destroyed,
                                       # an endless highway's sections (rules/world/map_changes.py)
    # people on foot (issue 18, rules/play/people.py): left out of the record while empty, so games
    # without them keep their digests
    people: tuple[PersonState, ...] = ()       # crewmen out of their vehicles
    walkers: tuple[str, ...] = ()              # people still to walk this phase, in order (before the movers)
    people_declared: tuple[Shoot | Throw | Strike | Fire, ...] = ()  # this phase's shots and throws by people, and vehicle
                                               # shots at people (rules/play/people.py)
    crew_gas: tuple[tuple[str, str, int], ...] = ()   # crewmen aboard in tear gas: ("vehicle.crew", effect, until
                                               # clock) (000:L1585-L1588, reading PD45)
    area_picks: tuple[tuple[str, tuple[str, ...]], ...] = ()   # a declared area shot ("vehicle:weapon:target")
                                               # and the order its defender put his swept men in (000:L945)
    grenades: tuple[Grenade, ...] = ()         # thrown grenades in flight or on the ground
    grenades_thrown: int = 0                   # grenades thrown so far (their ids)
    lit_until: int = 0                         # a starshell lights the table to the end of this turn (000:L2432)
    flares: tuple[tuple[float, float, int], ...] = ()  # RL flare rounds lighting a circle of 20" radius: (x, y, to the end
                                               # of this turn) (000:L2989; rules/play/lights.py)
    aloft: tuple[tuple[str, int, int], ...] = ()  # ejected crewmen in the air: (person id, clock the seat fired,
                                               # heading in degrees) (000:L2582; rules/play/ejection.py)
    shots_aboard: tuple[tuple[str, int], ...] = ()  # hand-weapon shots fired by crewmen still aboard
                                               # ("<vehicle>.<crew>", shots), rules/play/people.py
    kits: tuple[tuple[str, Kit], ...] = ()     # (vehicle, what its crew carry) where the set-up chose it (PD18)
    goal: Goal | None = None                   # a scenario's victory (destroy, survive, escape); None: the last side
                                               # standing wins (rules.engine.goals)
    # the tables this game is played by: not part of the game's record (saves, digests, equality)
    rules: Ruleset = field(default_factory=standard, compare=False, repr=False, metadata={"record": False})

    # Work derived from this state (the fire step's options, the legal maneuvers) sits in a slot beside
    # the fields' __dict__: not part of the state (not compared, hashed, printed, saved or digested;
    # replace() and evolve() start the new state without it). What it holds is keyed on immutable
    # values and never changed once made (see `carried`); the one exception, the collision world a
    # finished step hands on, is taken by the next step, never shared (rules.play.context).
    __slots__ = ("_derived", "__dict__")

    @property
    def derived(self) -> dict[str, Any]:
        got: dict[str, Any] | None = getattr(self, "_derived", None)
        if got is None:   # two threads may both make one: one is kept, the other's work is redone
            got = {}
            object.__setattr__(self, "_derived", got)
        return got

    def __getstate__(self) -> dict[str, Any]:
        return dict(self.__dict__)   # pickled and copied without the derived work

    def vehicle(self, vid: str) -> VehicleState:
        for v in self.vehicles:
            if v.id == vid:
                return v
        raise KeyError(f"no vehicle {vid!r}")

    def with_vehicle(self, v: VehicleState) -> GameState:
        vs = self.vehicles
        vid = v.id
        for i, o in enumerate(vs):
            if o.id == vid:
                return evolve(self, vehicles=(*vs[:i], v, *vs[i + 1:]))
        return evolve(self, vehicles=vs)


def evolve(obj: T, **changes: Any) -> T:
    """dataclasses.replace for the frozen state records (VehicleState, GameState), without running
    __init__ again: a VehicleState has 63 fields and is replaced on almost every step, and
    replace() costs some 30 times more. The records have no __post_init__ checks to skip. Work
    kept with the old object (rules.core.kept, GameState.derived) is not carried to the new one."""
    fields_ = type(obj).__dataclass_fields__  # type: ignore[attr-defined]
    if not changes.keys() <= fields_.keys():
        raise TypeError(f"{type(obj).__name__} has no field {', '.join(sorted(changes.keys() - fields_.keys()))}")
    new = object.__new__(type(obj))
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    d.pop("_kept", None)
    if type(obj) is GameState:
        _hand_on(obj, new)  # type: ignore[arg-type]
    return new


# Memos a game's states hand on to every state made from them (GameState.derived under LINEAGE): work
# that outlives one state (the fire step's combatants and shots from one phase to the next, rules.phases.
# fire_step). Each memo holds pure results with the inputs they were made from, checked on every use,
# at most one entry per key (a vehicle, a pair of vehicles): so a state that shares it with another line
# of play (a preview, the foes' search on another thread) can only find fewer answers, never a wrong one.
LINEAGE = "lineage"


def lineage(state: GameState) -> dict[str, Any]:
    """The memos of this state's line of play (made on first use, then handed on by evolve)."""
    d = state.derived
    got: dict[str, Any] | None = d.get(LINEAGE)
    if got is None:
        got = d.setdefault(LINEAGE, {})
    return got


def _hand_on(old: GameState, new: GameState) -> None:
    have: dict[str, Any] | None = getattr(old, "_derived", None)
    if have is not None and LINEAGE in have:
        object.__setattr__(new, "_derived", {LINEAGE: have[LINEAGE]})


def carried(old: GameState, new: GameState, *keys: str) -> GameState:
    """`new` with the derived work of `old` under `keys` (all of it when none are named), for a change
    that work does not depend on: the dice state (no derived work ever depends on it), or a fire
    declaration or pass (the fire step's work is keyed by vehicle and its own declarations)."""
    have = old.derived
    for k in keys or tuple(have):
        if k in have:
            new.derived.setdefault(k, have[k])
    return new


def _plain(obj: Any) -> Any:
    if is_dataclass(obj) and not isinstance(obj, type):
        # fields at their defaults are left out, so adding a field with a default to the state
        # does not change the digest of games that never use it (old saves keep loading)
        out = {}
        for f in fields(obj):
            if not f.metadata.get("record", True):
                continue
            value = getattr(obj, f.name)
            if f.default is not MISSING and value == f.default:
                continue
            if f.default_factory is not MISSING and value == f.default_factory():
                continue
            out[f.name] = _plain(value)
        return out
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in sorted(obj.items(), key=lambda kv: str(kv[0]))}
    if isinstance(obj, (list, tuple)):
        return [_plain(x) for x in obj]
    return obj


def state_dict(state: GameState) -> dict[str, Any]:
    return dict(_plain(state))


def digest(state: GameState) -> str:
    """A short fingerprint of the whole state (saves verify it after replay)."""
    text = json.dumps(state_dict(state), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
