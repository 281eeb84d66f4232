"""The client's hold on one game: the rules' Game (history, undo), the map, who drives what, autosave.

Everything here asks rules/: set-ups, legal actions, saves. Where a rules module has not landed yet
(rules.design, rules.ai, rules.game, rules.saves) the session falls back to something plain and says so
in `notes`, so the client always starts.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import Any

from rules import engine
from rules.actions import Action, Move, SetSpeed
from rules.events import Event
from rules.geometry import Pose
from rules.setup import GameSetup, VehicleSetup
from rules.state import GameState

ROOT = Path(__file__).resolve().parent.parent
MAPS_DIR = ROOT / "maps"
SCENARIOS_DIR = MAPS_DIR / "scenarios"
SAVES_DIR = ROOT / "saves"

# Stand-ins while rules.design (issue 3) has not landed: plain test vehicles by kind.
FALLBACK_STOCK: dict[str, str] = {
    "Generic car": "generic kind=car hc=2 accel=10 top=100 weight=3000 armor=20",
    "Generic sports car": "generic kind=car hc=3 accel=15 top=120 weight=2600 armor=15",
    "Generic truck car": "generic kind=car hc=1 accel=5 top=90 weight=4500 armor=35",
    "Generic trike": "generic kind=trike hc=2 accel=10 top=100 weight=2000 armor=12",
    "Generic cycle": "generic kind=cycle hc=3 accel=15 top=110 weight=900 armor=8",
}
def foe_profiles() -> list[str]:
    """Foe profile names (rules.ai.profiles), or placeholders until they land."""
    mod = optional("rules.ai.profiles")
    fn = getattr(mod, "names", None) if mod else None
    if fn is not None:
        try:
            return [str(n) for n in fn()]
        except Exception:  # noqa: BLE001 - a broken profiles file must not stop the new-game scene
            pass
    return ["novice", "veteran", "ace", "berserker", "coward"]


def optional(name: str) -> ModuleType | None:
    """A rules module if it has landed (None while it is still being written)."""
    try:
        return importlib.import_module(name)
    except Exception:  # noqa: BLE001 - half-finished modules of other issues must not stop the client
        return None


def stock_names() -> list[str]:
    design = optional("rules.design")
    fn = getattr(design, "stock_names", None) if design else None
    if fn is not None:
        try:
            return sorted(str(n) for n in fn())
        except Exception:  # noqa: BLE001
            pass
    return list(FALLBACK_STOCK)


def design_text(name: str) -> str:
    """What VehicleSetup.design should say for a stock vehicle name."""
    if name in FALLBACK_STOCK:
        return FALLBACK_STOCK[name]
    if name.startswith("generic") or name.endswith(".toml"):
        return name
    design = optional("rules.design")
    if design is not None and hasattr(design, "load_stock"):
        return name
    return FALLBACK_STOCK["Generic car"]


def load_map(path: str) -> Any | None:
    """The map at `path` (relative to the repository or absolute), or None."""
    if not path:
        return None
    maps = optional("rules.maps")
    if maps is None:
        return None
    p = Path(path)
    if not p.is_absolute():
        p = ROOT / p
    try:
        return maps.load_map(p)
    except Exception:  # noqa: BLE001 - an unreadable map shows as an empty grid
        return None


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


def _scenarios_module() -> ModuleType | None:
    mod = optional("rules.scenarios")
    if mod is not None and hasattr(mod, "load_scenario"):
        return mod
    return optional("rules.maps")


def load_scenario(path: str | Path) -> Any:
    mod = _scenarios_module()
    if mod is None:
        raise RuntimeError("scenarios need rules.scenarios, which has not landed yet")
    return mod.load_scenario(path)


COLOURS = ("red", "blue", "green", "yellow", "orange", "purple", "cyan", "white")


def setup_from_scenario(path: str | Path, seed: int = 1) -> tuple[GameSetup, str]:
    """A game set-up from a scenario file (rules.scenarios.game_setup), with a colour per team;
    returns the set-up and the scenario's name."""
    mod = _scenarios_module()
    sc = load_scenario(path)
    build = getattr(mod, "game_setup", None)
    if build is not None:
        setup = build(sc, seed)
    else:
        starts = {s.name: s for s in sc.map.starts}
        setup = GameSetup(tuple(VehicleSetup(
            v.id, v.owner, v.stock, Pose.at(starts[v.start].x, starts[v.start].y, starts[v.start].facing),
            starts[v.start].speed if v.speed is None else v.speed, foe="" if v.driver == "human" else v.driver)
            for v in sc.vehicles), seed=seed)
    team_colour: dict[str, str] = {}
    for v in sc.vehicles:
        if v.team in COLOURS and v.team not in team_colour.values():
            team_colour[v.team] = v.team
    for v in sc.vehicles:
        if v.team not in team_colour:
            free = [c for c in COLOURS if c not in team_colour.values()] or list(COLOURS)
            team_colour[v.team] = free[0]
    team_of = {v.id: v.team for v in sc.vehicles}
    vehicles = tuple(replace(v, design=design_text(v.design), colour=v.colour or team_colour[team_of.get(v.id, "")])
                     for v in setup.vehicles)
    map_file = getattr(sc, "map_file", "")
    map_path = rel(Path(path).parent / map_file) if map_file else rel(Path(setup.map)) if setup.map else ""
    return replace(setup, vehicles=vehicles, map=map_path), str(sc.name)


class _PlainGame:
    """Stand-in for rules.game.Game while it has not landed: the same calls, on the engine."""

    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self.state, events = engine.new_game(setup)
        self.opening_events = tuple(events)
        self.history: list[tuple[Action, GameState, tuple[Event, ...]]] = []

    def to_act(self) -> list[str]:
        return engine.to_act(self.state)

    def legal_actions(self, vid: str) -> list[Action]:
        return engine.legal_actions(self.state, vid)

    def apply(self, action: Action) -> list[Event]:
        new, events = engine.apply(self.state, action)
        self.history.append((action, self.state, tuple(events)))
        self.state = new
        return events

    def outcome(self) -> Any:
        return engine.outcome(self.state)

    @property
    def actions(self) -> list[Action]:
        return [a for a, _, _ in self.history]


def make_game(setup: GameSetup) -> Any:
    mod = optional("rules.game")
    cls = getattr(mod, "Game", None) if mod else None
    return (cls or _PlainGame)(setup)


@dataclass
class Session:
    game: Any
    title: str = "Duel"
    map: Any | None = None
    autosave_dir: Path | None = SAVES_DIR
    log: list[Event] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    last_autosave_turn: int = 0

    @staticmethod
    def start(setup: GameSetup, title: str = "Duel", autosave_dir: Path | None = SAVES_DIR) -> Session:
        game = make_game(setup)
        s = Session(game, title, load_map(setup.map), autosave_dir)
        s.log.extend(game.opening_events)
        s._note_fallbacks()
        return s

    def _note_fallbacks(self) -> None:
        if optional("rules.design") is None:
            self.notes.append("stock vehicles: rules.design has not landed; plain test vehicles stand in")
        if self.map is None:
            self.notes.append("no map: an empty grid")

    @property
    def state(self) -> GameState:
        st: GameState = self.game.state
        return st

    @property
    def setup(self) -> GameSetup:
        su: GameSetup = self.game.setup
        return su

    def seat(self, vid: str) -> Seat:
        for i, v in enumerate(self.setup.vehicles):
            if v.id == vid:
                return Seat(v.owner, v.colour or ("red", "blue", "green", "yellow", "orange", "purple", "cyan",
                                                   "white")[i % 8], v.foe)
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
        """Autosave at every new turn (rules.saves)."""
        if self.autosave_dir is None or self.state.turn == self.last_autosave_turn:
            return
        self.last_autosave_turn = self.state.turn
        self.save(self.autosave_dir / "autosave.toml")

    def save(self, path: Path) -> str:
        saves = optional("rules.saves")
        if saves is None:
            return "saving needs rules.saves, which has not landed yet"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            saves.save_game(self.game, path)
        except Exception as exc:  # noqa: BLE001 - a failed save is reported, never a crash
            return f"could not save: {exc}"
        return f"saved {path.name}"

    @staticmethod
    def load(path: Path, autosave_dir: Path | None = SAVES_DIR) -> Session:
        saves = optional("rules.saves")
        if saves is None:
            raise RuntimeError("loading needs rules.saves, which has not landed yet")
        game = saves.load_game(path)
        s = Session(game, path.stem, load_map(game.setup.map), autosave_dir)
        s.log.extend(game.events() if hasattr(game, "events") else game.opening_events)
        s.last_autosave_turn = game.state.turn
        s._note_fallbacks()
        return s


def foe_decision(state: GameState, vid: str, actions: list[Action], profile: str) -> tuple[Action, str]:
    """A scripted foe's choice and its reason: rules.ai.foe.decide (issue 8); while it has not landed,
    or if it fails, the foe keeps its speed and drives straight. Safe to call on a worker thread."""
    foe = optional("rules.ai.foe")
    decide = getattr(foe, "decide", None) if foe else None
    if decide is not None:
        try:
            action, why = decide(state, vid, actions, profile)
            if action in actions:
                return action, str(why)
        except Exception as exc:  # noqa: BLE001 - a broken foe must not stop the game
            return _plain_choice(state, vid, actions), f"foe failed ({exc}); drives on"
    return _plain_choice(state, vid, actions), "keeps its speed and drives straight (no foe rules yet)"


def foe_action(session: Session, vid: str, profile: str) -> Action:
    """Decide for a foe now (tests, scripts) and log the reason."""
    action, why = foe_decision(session.state, vid, session.legal(vid), profile)
    session.log.append(Event("foe", why, "", vid))
    return action


def _plain_choice(state: GameState, vid: str, actions: list[Action]) -> Action:
    v = state.vehicle(vid)
    for a in actions:
        if isinstance(a, SetSpeed) and a.mph == v.signed_speed:
            return a
        if isinstance(a, Move) and a.maneuver.kind == "straight" and not a.maneuver.even:
            return a
    return actions[0]


def quick_setup(n: int = 2, seed: int = 1, speed: float = 30.0, design: str = "Generic car") -> GameSetup:
    """A plain set-up for tests and quick games: n cars in a ring facing the middle of a 40x30 arena."""
    poses = [Pose.at(8, 15, 90), Pose.at(32, 15, 270), Pose.at(20, 6, 180), Pose.at(20, 24, 0),
             Pose.at(8, 6, 135), Pose.at(32, 24, 315), Pose.at(32, 6, 225), Pose.at(8, 24, 45)]
    colours = ("red", "blue", "green", "yellow", "orange", "purple", "cyan", "white")
    vs = tuple(VehicleSetup(f"car{i + 1}", f"Player {i + 1}", design_text(design), poses[i % 8], speed,
                            colour=colours[i % 8]) for i in range(n))
    return GameSetup(vs, seed=seed, map="maps/arena.toml")


def with_foes(setup: GameSetup, foes: dict[str, str]) -> GameSetup:
    return replace(setup, vehicles=tuple(replace(v, foe=foes.get(v.id, v.foe)) for v in setup.vehicles))
