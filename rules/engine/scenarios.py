"""Scenarios: a map, the vehicles on it (stock name, owner, team, who drives, start position) and
the victory condition. Files are TOML beside the maps (maps/scenarios/, docs/MAP-FORMAT.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.core.paths import MAPS_DIR, portable, referenced
from rules.core.schema import Node
from rules.core.tomlio import load_toml
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup, crew_gear
from rules.engine.setup_check import setup_problems
from rules.people.record import Kit
from rules.play.state import Goal, RuleOptions, option_choices
from rules.vehicles.design import stock_names as design_stock_names
from rules.vehicles.design import trailer_names as design_trailer_names
from rules.vehicles.spec import UNTRAINED
from rules.world.maps import (  # the same readers as map files
    Map,
    Problem,
    Rect,
    check_version,
    load_map,
    read_list,
    read_number,
    read_numbers,
)

SCENARIOS_DIR = MAPS_DIR / "scenarios"


# --- scenarios -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScenarioVehicle:
    id: str
    stock: str           # a stock vehicle's printed name (rules.vehicles.design)
    owner: str
    team: str
    start: str           # a start position's name on the map
    driver: str = "human"  # "human" or a foe profile name (rules/ai)
    speed: float | None = None  # overrides the start position's speed
    driver_skill: int = 0       # the crew's Driver and Gunner bonuses (000:L931, L1309)
    gunner_skill: int = 0
    crew_gear: tuple[str, ...] = ()  # goggles the crew wear (reading AU19)
    trailer: str = ""           # a stock trailer on its hitch or fifth wheel (issue 19); id "<id>_trailer"
    kit: Kit | None = None      # [vehicles.kit]: what the crew carry (reading PD18); None: the [loadout]
    design: str = ""            # a design file instead of a stock name, as the engine opens it (rules.core.paths)
    trucker: bool = True        # the driver has Trucker skill (000:L1385, reading M-R21)
    trailer2: str = ""          # a double's second stock trailer, behind the first (000:L567, M-R32); "<id>_trailer2"


@dataclass(frozen=True)
class ScenarioPerson:
    """A pedestrian on foot from the start: his place, kit (people.toml keys) and who runs him."""

    id: str
    owner: str
    team: str
    x: float
    y: float
    facing: float = 0.0
    weapon: str = ""
    armor: str = ""
    grenades: tuple[str, ...] = ()
    skill: int = 0
    driver: str = "human"
    prone: bool = False
    name: str = ""
    gear: tuple[str, ...] = ()
    martial_arts: int = -1
    running: int = 0


def _keys(n: Node, key: str, what: str) -> tuple[str, ...]:
    items = n.array(key, [])
    if not all(isinstance(g, str) for g in items):
        raise n.error(key, f"expected a list of {what}")
    return tuple(items)


def _read_person(n: Node) -> ScenarioPerson:
    return ScenarioPerson(n.text("id"), n.text("owner"), n.text("team"), read_number(n, "x"), read_number(n, "y"),
                          read_number(n, "facing") if n.has("facing") else 0.0, n.text("weapon", ""),
                          n.text("armor", ""), _keys(n, "grenades", "grenade kinds"),
                          n.integer("skill", 0, lo=UNTRAINED, hi=10), n.text("driver", "human"),
                          n.flag("prone", False), n.text("name", ""), _keys(n, "gear", "gear keys"),
                          n.integer("martial_arts", -1, lo=-1, hi=10), n.integer("running", 0, lo=0, hi=10))


def read_kit(n: Node) -> Kit:
    """A crew's kit (people.toml keys; setup_check says which are unknown)."""
    kit = Kit(n.text("weapon", ""), n.text("armor", ""), _keys(n, "grenades", "grenade kinds"),
              _keys(n, "gear", "gear keys"), n.integer("martial_arts", -1, lo=-1, hi=10))
    n.done()
    return kit


VICTORY_KINDS = ("last_team_standing", "destroy", "survive", "escape")


@dataclass(frozen=True)
class Victory:
    """last_team_standing: the last team with a vehicle that can move or fire wins (a kill: 000:L1262).
    destroy: `team` wins by killing all `targets`; the others win if they last `turns`.
    survive: `team` wins if one of its vehicles lasts `turns` turns.
    escape: `targets` win by reaching the `exit` area; the others win by killing them."""

    kind: str
    team: str = ""
    targets: tuple[str, ...] = ()
    turns: int | None = None
    exit: Rect | None = None


@dataclass(frozen=True)
class Scenario:
    name: str
    description: str
    map_file: str
    map: Map
    vehicles: tuple[ScenarioVehicle, ...]
    victory: Victory
    path: str = field(default="", compare=False)
    people: bool = False   # the crews may leave their cars and fight on foot (rule option people, issue 18)
    max_turns: int = 0     # 0 = no limit
    pedestrians: tuple[ScenarioPerson, ...] = ()  # people on foot from the start ([[pedestrians]], needs people = true)
    options: RuleOptions = RuleOptions()   # [options]: the table's light, road and optional rules


def stock_names() -> frozenset[str]:
    """Lower-cased stock vehicle names."""
    return frozenset(str(name).lower() for name in design_stock_names())


def trailer_names() -> frozenset[str]:
    """Lower-cased stock trailer names (car trailers and semi-trailers)."""
    return frozenset(str(name).lower() for name in design_trailer_names())


def _read_vehicle(n: Node, folder: Path) -> ScenarioVehicle:
    speed = read_number(n, "speed", lo=0) if n.has("speed") else None
    if n.has("stock") == n.has("design"):
        raise n.error("stock", "give a stock vehicle's name (stock) or a design file (design), not both")
    design = ""
    if n.has("design"):   # read relative to the scenario, kept as a project path (as a save keeps it)
        design = portable(referenced(n.text("design"), n.path, "design", relative_to=folder))
    return ScenarioVehicle(n.text("id"), n.text("stock", ""), n.text("owner"), n.text("team"), n.text("start"),
                           n.text("driver", "human"), speed, n.integer("driver_skill", 0, lo=0, hi=10),
                           n.integer("gunner_skill", 0, lo=UNTRAINED, hi=10), crew_gear(n), n.text("trailer", ""),
                           read_kit(n.table("kit")) if n.has("kit") else None, design, n.flag("trucker", True),
                           n.text("trailer2", ""))


# the set-up's own switches, not options: people has its scenario flag, fire_step is always on in a scenario
SCENARIO_OPTIONS = ("visibility", "road_condition", "concussion", "passengers_fire", "tie_break", "swipe_hazard",
                    "hd_brakes", "hand_weapon_arcs")


def _read_options(n: Node, people: bool) -> RuleOptions:
    """[options]: rule options for the whole table (night, a wet road, ...), checked as a save's are."""
    chosen = {key: n.text(key, choices=option_choices()[key]) for key in SCENARIO_OPTIONS if n.has(key)}
    n.done()
    return RuleOptions(people="on" if people else "off", **chosen)


def _read_victory(n: Node) -> Victory:
    kind = n.text("kind", choices=VICTORY_KINDS)
    targets = n.array("targets", [])
    if not all(isinstance(t, str) for t in targets):
        raise n.error("targets", "expected a list of vehicle ids")
    turns = n.integer("turns", lo=1) if n.has("turns") else None
    exit_rect = None
    if n.has("exit"):
        x, y, w, h = read_numbers(n, "exit", 4)
        exit_rect = Rect(x, y, w, h)
    v = Victory(kind, n.text("team", ""), tuple(targets), turns, exit_rect)
    needs = {"destroy": ("team", "targets"), "survive": ("team", "turns"), "escape": ("targets", "exit")}
    for key in needs.get(kind, ()):
        if not n.has(key):
            raise n.error(key, f"a {kind} victory needs {key}")
    return v


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario and the map it names (a path relative to the scenario file)."""
    p = str(path)
    n = Node(load_toml(path), p)
    check_version(n)
    map_file = n.text("map")
    m = load_map(referenced(map_file, p, "map", relative_to=Path(path).parent))
    vt = n.table("victory")
    victory = _read_victory(vt)
    vt.done()
    folder = Path(path).parent
    people = n.flag("people", False)
    options = _read_options(n.table("options"), people) if n.has("options") else RuleOptions(
        people="on" if people else "off")
    sc = Scenario(n.text("name"), n.text("description", ""), map_file, m,
                  read_list(n, "vehicles", lambda v: _read_vehicle(v, folder)),
                  victory, path=p, people=people, max_turns=n.integer("max_turns", 0, lo=0),
                  pedestrians=read_list(n, "pedestrians", _read_person), options=options)
    n.done()
    probs = validate_scenario(sc)
    if probs:
        raise DataError(p, probs[0].where, probs[0].what)

    found = setup_problems(game_setup(sc), sc.map, keys={"foe": "driver", "design": "stock"})
    if found:
        where, what = found[0]
        for i, v in enumerate(sc.vehicles):   # the key the file used: a design file, or a stock name
            if v.design and where.startswith(f"vehicles[{i}].stock"):
                where = where.replace(".stock", ".design", 1)
        raise DataError(p, where, what)
    return sc


def validate_scenario(sc: Scenario, names: frozenset[str] | None = None) -> list[Problem]:
    """Problems of a scenario. Stock names are checked once rules.vehicles.design provides them."""
    names = stock_names() if names is None else names
    probs: list[Problem] = []
    starts = {s.name for s in sc.map.starts}
    ids: set[str] = set()
    used: dict[str, str] = {}
    for i, v in enumerate(sc.vehicles):
        w = f"vehicles[{i}]"
        if v.id in ids:
            probs.append(Problem(f"{w}.id", f"id {v.id!r} is used twice"))
        ids.add(v.id)
        if names is not None and not v.design and v.stock.lower() not in names:
            probs.append(Problem(f"{w}.stock", f"unknown stock vehicle {v.stock!r}"))
        if v.trailer and v.trailer.lower() not in trailer_names():
            probs.append(Problem(f"{w}.trailer", f"unknown stock trailer {v.trailer!r}"))
        if v.trailer and f"{v.id}_trailer" in {o.id for o in sc.vehicles}:
            probs.append(Problem(f"{w}.trailer", f"id {v.id}_trailer, its trailer's, is another vehicle's"))
        if v.trailer2 and (not v.trailer or v.trailer2.lower() not in trailer_names()):
            probs.append(Problem(f"{w}.trailer2", f"a second trailer needs a first, and a stock trailer: {v.trailer2!r}"))
        if v.start not in starts:
            probs.append(Problem(f"{w}.start", f"the map has no start position {v.start!r}"))
        elif v.start in used:
            probs.append(Problem(f"{w}.start", f"start {v.start!r} is taken by {used[v.start]!r}"))
        used.setdefault(v.start, v.id)
        if not re.fullmatch(r"[a-z][a-z0-9_]*", v.driver):
            probs.append(Problem(f"{w}.driver", "expected human or a foe profile name"))
    for i, ped in enumerate(sc.pedestrians):
        if ped.id in ids:
            probs.append(Problem(f"pedestrians[{i}].id", f"id {ped.id!r} is used twice"))
        ids.add(ped.id)
        if not re.fullmatch(r"[a-z][a-z0-9_]*", ped.driver):
            probs.append(Problem(f"pedestrians[{i}].driver", "expected human or a foe profile name"))
    if sc.pedestrians and not sc.people:
        probs.append(Problem("pedestrians", "pedestrians need `people = true`"))
    teams = {v.team for v in sc.vehicles} | {ped.team for ped in sc.pedestrians}
    if len(teams) < 2:
        probs.append(Problem("vehicles", "a scenario needs at least two teams"))
    vic = sc.victory
    if vic.team and vic.team not in teams:
        probs.append(Problem("victory.team", f"no vehicle is on team {vic.team!r}"))
    for t in vic.targets:
        if t not in ids:
            probs.append(Problem("victory.targets", f"no vehicle has the id {t!r}"))
    probs += _victory_problems(sc)
    return probs


def _victory_problems(sc: Scenario) -> list[Problem]:
    """A victory that can be met: a team does not have to destroy itself, an exit lies on the map."""
    vic = sc.victory
    team_of = {v.id: v.team for v in sc.vehicles}
    probs = []
    if vic.kind == "destroy":
        own = [t for t in vic.targets if team_of.get(t) == vic.team]
        if own:
            probs.append(Problem("victory.targets", f"team {vic.team!r} would have to destroy its own "
                                                    f"{', '.join(own)}"))
    if vic.exit is not None:
        e = vic.exit
        if e.w <= 0 or e.h <= 0:
            probs.append(Problem("victory.exit", f"the exit's width and height must be more than 0, "
                                                 f"found {e.w:g} x {e.h:g}"))
        elif e.x + e.w <= 0 or e.y + e.h <= 0 or e.x >= sc.map.width or e.y >= sc.map.height:
            probs.append(Problem("victory.exit", "the exit lies off the map: nobody can reach it"))
        starts = {st.name: st for st in sc.map.starts}
        for v in sc.vehicles:
            st = starts.get(v.start)
            if v.id in vic.targets and st is not None and e.x <= st.x <= e.x + e.w and e.y <= st.y <= e.y + e.h:
                probs.append(Problem("victory.exit", f"{v.id} starts inside the exit: it would escape before anyone "
                                                     "moves (rules.engine.goals)"))
    return probs


def list_scenarios(directory: Path = SCENARIOS_DIR) -> list[Path]:
    return sorted(directory.glob("*.toml"))


def goal_of(sc: Scenario) -> Goal | None:
    """The scenario's victory as the engine plays it (rules.engine.goals): the team's owners as its side (an
    escape's: its targets' owners); a last-team-standing victory needs none (the engine's own ending)."""
    vic = sc.victory
    if vic.kind == "last_team_standing":
        return None
    team = {v.id: v.team for v in sc.vehicles}
    teams = {vic.team} if vic.kind != "escape" else {team[t] for t in vic.targets}
    side = tuple(sorted({v.owner for v in sc.vehicles if v.team in teams} |
                        {p.owner for p in sc.pedestrians if p.team in teams}))
    e = vic.exit
    return Goal(vic.kind, side, vic.targets, vic.turns or 0, (e.x, e.y, e.w, e.h) if e is not None else None)


def game_setup(sc: Scenario, seed: int = 1) -> GameSetup:
    """The engine's set-up for a scenario: each vehicle at its start position, at the start's speed
    unless the scenario gives one; a foe profile for every vehicle not driven by a human."""
    starts = {s.name: s for s in sc.map.starts}
    vehicles = []
    for v in sc.vehicles:
        st = starts[v.start]
        speed = st.speed if v.speed is None else v.speed
        vehicles.append(VehicleSetup(v.id, v.owner, v.design or v.stock, Pose.at(st.x, st.y, st.facing), speed,
                                     driver_skill=v.driver_skill, foe="" if v.driver == "human" else v.driver,
                                     gunner_skill=v.gunner_skill, crew_gear=v.crew_gear, trailer=v.trailer,
                                     kit=v.kit, trucker=v.trucker, trailer2=v.trailer2))
    options = sc.options if sc.people == (sc.options.people == "on") else replace(
        sc.options, people="on" if sc.people else "off")
    walkers = tuple(PersonSetup(p.id, p.owner, Pose.at(p.x, p.y, p.facing), p.weapon, p.armor, p.grenades, p.skill,
                                "" if p.driver == "human" else p.driver, p.prone, p.name, p.gear, p.martial_arts,
                                p.running)
                    for p in sc.pedestrians)
    return GameSetup(tuple(vehicles), seed=seed, map=portable(sc.map.path), options=options, max_turns=sc.max_turns,
                     people=walkers, goal=goal_of(sc))
