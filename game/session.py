"""The client's hold on one game: the rules' Game (history, undo), the map, who drives what, autosave.

Everything here asks rules/: set-ups, legal actions, saves. A bad file raises its DataError
(`path: where: what`); the scene that asked shows that message and the program goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules.ai.on_foot import decide as decide_with_people
from rules.core.events import Event, FoeChose
from rules.core.geometry import Pose
from rules.engine import engine, saves, scenarios
from rules.engine.game import Game
from rules.engine.scenarios import Scenario
from rules.engine.setup import GameSetup, VehicleSetup, trailer_id
from rules.engine.setup_check import check_setup
from rules.play.actions import Action
from rules.play.state import GameState
from rules.tables.foe_profiles import names as profile_names
from rules.vehicles import design
from rules.vehicles.figures import figures
from rules.vehicles.towing import towing_figures
from rules.world import maps
from rules.world.maps import Map

ROOT = Path(__file__).resolve().parent.parent
MAPS_DIR = ROOT / "maps"
SCENARIOS_DIR = MAPS_DIR / "scenarios"
SAVES_DIR = ROOT / "saves"

# The quick duel's car: a plain test vehicle (rules.engine.setup.generic_spec), no weapons, so the duel is
# one of driving and ramming.
QUICK_DUEL_CAR = "generic kind=car hc=2 accel=10 top=100 weight=3000 armor=20"   # tests' plain car
QUICK_DUEL_STOCK = "Stinger"   # the title's quick duel: a stock car with guns (twin linked MGs)


def foe_profiles() -> list[str]:
    """Foe profile names (rules/data/foe_profiles.toml); DataError if that file is bad."""
    return profile_names()


def stock_names() -> list[str]:
    return sorted(design.stock_names())


RIG_JOIN = " + "   # a rig's label on the new-game screen: "Annihilator + Brotherhood"


@lru_cache(maxsize=1)
def rig_labels() -> dict[str, tuple[str, str]]:
    """Every stock tower with every stock trailer the rules let it pull (a tractor and a semi-trailer, a
    car with a hitch and a car trailer, issue 19): label -> (tower, trailer)."""
    out: dict[str, tuple[str, str]] = {}
    trailers = [(n, design.load_stock(n)) for n in design.trailer_names()]
    weights = {n: figures(d).weight for n, d in trailers}
    for tower in design.stock_names():
        d = design.load_stock(tower)
        if d.kind != "tractor" and not any(e.type.endswith("_hitch") for e in d.accessories):
            continue
        for name, t in trailers:
            if not towing_figures(d, weights[name], t.kind).errors:   # as resolve_rig checks it
                out[f"{tower}{RIG_JOIN}{name}"] = (tower, name)
    return out


def garage_designs(directory: Path | None = None) -> list[tuple[str, str]]:
    """Players' own designs in saves/garage: (label, design path as the set-up stores it). A file
    that does not read is still listed by its file name; starting a game with it says what is wrong."""
    return _designs_in(directory or SAVES_DIR / "garage", "garage")


def scenario_designs(directory: Path | None = None) -> list[tuple[str, str]]:
    """The design files shipped with the scenarios (maps/scenarios/designs), labelled as garage designs are."""
    return _designs_in(directory or SCENARIOS_DIR / "designs", "scenario")


def _designs_in(folder: Path, tag: str) -> list[tuple[str, str]]:
    from rules.core.tomlio import load_toml

    out = []
    for p in sorted(folder.glob("*.toml")):
        try:
            name = str(load_toml(p).get("name") or p.stem)
        except Exception:  # noqa: BLE001 - listed by its file name; the error shows when it is used
            name = p.stem
        out.append((f"{name} ({tag})", rel(p)))
    return out


def load_map(path: str) -> Map | None:
    """The map at `path` (relative to the repository or absolute); None for no map (an empty grid).
    DataError if the file is bad."""
    if not path:
        return None
    p = Path(path)
    return maps.load_map(p if p.is_absolute() else ROOT / p)


def list_maps() -> list[Path]:
    return sorted(MAPS_DIR.glob("*.toml"))


def list_scenarios() -> list[Path]:
    return sorted(SCENARIOS_DIR.glob("*.toml"))


def rel(p: Path) -> str:
    try:
        return str(p.resolve().relative_to(ROOT))
    except ValueError:
        return str(p)


@dataclass
class Seat:
    """Who drives a vehicle: a named player with a colour, or a scripted foe profile."""

    owner: str
    colour: str
    foe: str = ""


def load_scenario(path: str | Path) -> Scenario:
    return scenarios.load_scenario(path)


COLOURS = ("red", "blue", "green", "yellow", "orange", "purple", "cyan", "white")


def setup_from_scenario(path: str | Path, seed: int = 1) -> tuple[GameSetup, str]:
    """A game set-up from a scenario file (rules.engine.scenarios.game_setup), with a colour per team;
    returns the set-up and the scenario's name."""
    sc = load_scenario(path)
    setup = scenarios.game_setup(sc, seed)
    team_colour: dict[str, str] = {}
    for v in sc.vehicles:
        if v.team in COLOURS and v.team not in team_colour.values():
            team_colour[v.team] = v.team
    for v in sc.vehicles:
        if v.team not in team_colour:
            free = [c for c in COLOURS if c not in team_colour.values()] or list(COLOURS)
            team_colour[v.team] = free[0]
    team_of = {v.id: v.team for v in sc.vehicles}
    vehicles = tuple(replace(v, colour=v.colour or team_colour[team_of.get(v.id, "")])
                     for v in setup.vehicles)
    map_path = rel(Path(path).parent / sc.map_file) if sc.map_file else rel(Path(setup.map)) if setup.map else ""
    return replace(setup, vehicles=vehicles, map=map_path), str(sc.name)


@dataclass
class Session:
    game: Game
    title: str = "Duel"
    map: Map | None = None
    autosave_dir: Path | None = SAVES_DIR
    log: list[Event] = field(default_factory=list)
    last_autosave_turn: int = 0
    hand_driven: set[str] = field(default_factory=set)  # foes whose profile would not load: a player drives
    autosaved: bool = False   # this session has written an autosave (the slots are rotated once a game)
    note: str = ""            # what the player is told on opening a save that did not replay exactly

    @staticmethod
    def start(setup: GameSetup, title: str = "Duel", autosave_dir: Path | None = SAVES_DIR) -> Session:
        game_map = load_map(setup.map)
        check_setup(setup, title, game_map, where="{id}")  # the same check as saves, scenarios and simulate
        game = Game(setup)
        s = Session(game, title, game_map, autosave_dir)
        s.log.extend(game.opening_events)
        return s

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def setup(self) -> GameSetup:
        return self.game.setup

    def seat(self, vid: str) -> Seat:
        if vid not in {v.id for v in self.setup.vehicles} and "." in vid:
            vid = vid.split(".", 1)[0]   # a person on foot ("red.driver") sits where his vehicle's owner does
        tower = next((v.id for v in self.setup.vehicles if v.trailer and trailer_id(v.id) == vid), "")
        if tower:                        # a trailer's gunners sit with its tower's driver (issue 19)
            vid = tower
        for i, v in enumerate(self.setup.vehicles):
            if v.id == vid:
                return Seat(v.owner, v.colour or ("red", "blue", "green", "yellow", "orange", "purple", "cyan",
                                                   "white")[i % 8], "" if vid in self.hand_driven else v.foe)
        for p in self.setup.people:   # a pedestrian on foot from the start: his own owner and foe
            if p.id == vid:
                mate = next((v.id for v in self.setup.vehicles if v.owner == p.owner), "")
                return Seat(p.owner, self.seat(mate).colour if mate else "white", "" if vid in self.hand_driven else p.foe)
        return Seat("?", "white")

    def to_act(self) -> list[str]:
        return list(engine.to_act(self.state))

    def legal(self, vid: str) -> list[Action]:
        return list(engine.legal_actions(self.state, vid))

    def apply(self, action: Action) -> list[Event]:
        events: list[Event] = list(self.game.apply(action))
        self.log.extend(events)
        self._autosave()
        return events

    def outcome(self) -> Any:
        return engine.outcome(self.state)

    def _autosave(self) -> None:
        """Autosave at every new turn (rules.engine.saves)."""
        if self.autosave_dir is None or self.state.turn == self.last_autosave_turn:
            return
        self.last_autosave_turn = self.state.turn
        if not self.autosaved:  # this game's first autosave: the last game's moves down a slot (rules.engine.saves)
            self.autosaved = True
            try:
                saves.rotate_autosaves(self.autosave_dir)
            except OSError:
                pass  # the save below says what is wrong with the folder
        self.save(self.autosave_dir / "autosave.toml")

    def save(self, path: Path) -> str:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            saves.save_game(self.game, path)
        except Exception as exc:  # noqa: BLE001 - a failed save is reported, never a crash
            return f"could not save: {exc}"
        return f"saved {path.name}"

    @staticmethod
    def load(path: Path, autosave_dir: Path | None = SAVES_DIR) -> Session:
        loaded = saves.load_game_recovering(path)
        game = loaded.game
        s = Session(game, path.stem, load_map(game.setup.map), autosave_dir, note=loaded.note)
        s.log.extend(game.events())
        s.last_autosave_turn = game.state.turn
        return s


def foe_decision(state: GameState, vid: str, actions: list[Action], profile: str) -> tuple[Action, str]:
    """A scripted foe's choice and its reason (rules.ai.foe.decide). Safe to call on a worker thread;
    DataError if the foe profiles file is bad."""
    action, why = decide_with_people(state, vid, actions, profile)   # people on foot, else the vehicle foe
    return action, str(why)


def foe_action(session: Session, vid: str, profile: str) -> Action:
    """Decide for a foe now (tests, scripts) and log the reason."""
    action, why = foe_decision(session.state, vid, session.legal(vid), profile)
    session.log.append(FoeChose(why, "", vid))
    return action


def quick_setup(n: int = 2, seed: int = 1, speed: float = 30.0, design: str = QUICK_DUEL_CAR) -> GameSetup:
    """A plain set-up for tests and quick games: n cars in a ring facing the middle of a 40x30 arena."""
    poses = [Pose.at(8, 15, 90), Pose.at(32, 15, 270), Pose.at(20, 6, 180), Pose.at(20, 24, 0),
             Pose.at(8, 6, 135), Pose.at(32, 24, 315), Pose.at(32, 6, 225), Pose.at(8, 24, 45)]
    colours = ("red", "blue", "green", "yellow", "orange", "purple", "cyan", "white")
    vs = tuple(VehicleSetup(f"car{i + 1}", f"Player {i + 1}", design, poses[i % 8], speed,
                            colour=colours[i % 8]) for i in range(n))
    return GameSetup(vs, seed=seed, map="maps/arena.toml")


def with_foes(setup: GameSetup, foes: dict[str, str]) -> GameSetup:
    return replace(setup, vehicles=tuple(replace(v, foe=foes.get(v.id, v.foe)) for v in setup.vehicles))
