"""People in the game state: a person on foot, and a grenade in flight or on the ground. Frozen
records like the vehicles' (rules/play/state.py holds them in GameState.people and .grenades)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.geometry import Pose
from rules.people.person import DEAD, UNCONSCIOUS, condition


@dataclass(frozen=True)
class PersonState:
    """A crewman out of his vehicle. `id` is "<vehicle>.<crew id>" ("V1.driver"); `pose` the centre of
    the quarter-inch square he stands in (000:L1437), its facing the way his counter points."""

    id: str
    owner: str
    name: str
    pose: Pose
    from_vehicle: str
    damage: int = 0                # points his body has taken (3 kill, 000:L1450)
    armor: str = ""                # [armor.*] key of people.toml, "" = none
    armor_left: int = 0
    weapon: str = ""               # [hand_weapon.*] key, "" = none
    shots: int = 0                 # shots left in the weapon
    grenades: tuple[str, ...] = () # [grenade.*] keys carried
    gear: tuple[str, ...] = ()     # [gear.*] keys carried (000:L1505-L1538): shown on his sheet
    prone: bool = False
    busy_until: int = 0            # clock (turn and phase as `clock` counts them) before which he may not move or fire:
                                   # getting out, landing from a jump, standing up (000:L1461, L1469-L1470)
    fired_turn: int = 0            # the turn he last fired or threw: no more moving that turn (000:L1449)
    walked: int = 0                # clock of the phase he last walked in
    skill: int = 0                 # Handgunner level (his vehicle's Gunner bonus, 000:L932); -99: no skill
    oil_squares: int = 0           # oil squares entered one after another (the 5, 7, 9, 11 ladder, 001:L181)
    sprint_turn: int = 0           # the turn he sprints in (000:L1441): +5 mph, no firing
    sprinted: int = 0              # seconds sprinted in his present run
    ran_on: int = 0                # seconds run on at base speed since the sprint ended
    steps: int = 0                 # squares walked in turn `steps_turn` (hand-to-hand: not after half, 000:L1454)
    steps_turn: int = 0
    blind_until: int = 0           # clock before which a flash grenade's blinding holds: no shots or throws (002:L91)
    club: bool = False             # his hand weapon was used to strike a vehicle: a club from then on (000:L1455)
    gas: str = ""                  # the worst tear-gas effect on him ([tear_gas.results] effect), until
    gas_until: int = 0             # this clock (000:L1585-L1588)
    struck_by: tuple[str, ...] = ()  # "<vehicle>@<clock>": vehicles that ran into him, once a phase each
    riding: str = ""               # the vehicle whose top he rides (000:L1496): he goes where it goes
    martial_arts: int = -1         # Martial Arts level: -1 none, 0 base, 1 for +1 ... (000:L1332, PD44)
    running: int = 0               # Running skill above the base level: +2.5 mph each (000:L1364)
    stair_up: int = 0              # squares above a stairway's foot he stands on (000:L1442, PD43)
    stair_turn: int = 0            # the turn he stopped on a stairway or climbed a square of it: no more walking
    blows: int = 0                 # blows at men struck in turn `blows_turn`, his first action that turn
    blows_turn: int = 0            # a blow: Martial Arts' extra blows (000:L1332, PD44)

    @property
    def state(self) -> str:
        return condition(self.damage)

    @property
    def down(self) -> bool:
        """Unconscious or dead: he does nothing more (000:L1450)."""
        return self.state in (UNCONSCIOUS, DEAD)


@dataclass(frozen=True)
class Kit:
    """What a vehicle's crew carry (reading PD18): a hand weapon, body armor, grenades and gear, keys of
    people.toml's [hand_weapon.*], [armor.*], [grenade.*] and [gear.*]. A scenario or a save sets it for a
    vehicle; without one the crew carry the [loadout] kit. The armor is worn aboard too (000:L975). The crew's
    Martial Arts level rides with it (a skill, not a thing carried: it goes where the kit goes, PD44)."""

    weapon: str = ""
    armor: str = ""
    grenades: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()
    martial_arts: int = -1         # each crewman's Martial Arts level out of the vehicle: -1 none (000:L1332, PD44)


@dataclass(frozen=True)
class Grenade:
    """A thrown grenade: in flight until `lands` (a clock), then on the ground until it goes off."""

    id: str
    kind: str                      # [grenade.*] key
    thrower: str
    origin: tuple[float, float]    # where it was thrown from
    aim: tuple[float, float]
    need: int                      # the throw's need after its modifiers (000:L1176, L1196)
    lands: int                     # clock it touches down: a second after the throw (000:L1175)
    fuse: int                      # 0 = impact fuse; else it goes off at the end of turn `explodes`
    explodes: int = 0              # turn at whose end a timed grenade goes off (000:L1174)
    point: tuple[float, float] | None = None   # where it came down, once it has


def clock(turn: int, phase: int, phases_per_turn: int) -> int:
    """Phases counted from the start of the game, for "not before" checks."""
    return turn * phases_per_turn + phase
