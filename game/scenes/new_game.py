"""New game: a scenario or a custom game (map, number of vehicles, start speed), the rule options
(weather, combat, the optional concussion rule, passengers at the guns), and for every vehicle its
design (stock, or the player's own from saves/garage), who drives it (a named player or a scripted
foe profile) and its colour.

Keyboard: Up/Down pick a field, Left/Right change it, Enter on Start. Mouse: click a field's arrows
(or the value) to change it, click Start."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pygame

from game import theme
from game.input.bindings import Intent, intent_of
from game.scenes.base import Scene
from game.session import (
    ROOT,
    Session,
    foe_profiles,
    garage_designs,
    list_maps,
    list_scenarios,
    load_map,
    load_scenario,
    quick_setup,
    rel,
    setup_from_scenario,
    stock_names,
)
from game.ui import text
from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.state import RuleOptions, option_choices
from rules.vehicles.spec import UNTRAINED

COLOURS = ("red", "blue", "green", "yellow", "orange", "purple", "cyan", "white")
CREW = tuple((d, g) for d in range(4) for g in (*range(4), UNTRAINED))   # (Driver, Gunner) a crew may have
AREA_ONLY = ("off_road", "gravel", "oil")   # road conditions that belong to map areas, not the weather
# the rule options a player may set here: (option, label); the others have one value only so far
PLAYER_OPTIONS = (("road_condition", "Weather"), ("visibility", "Light"), ("fire_step", "Combat"),
                  ("concussion", "Concussion rule"), ("passengers_fire", "Passengers fire"))
SPEEDS = (0, 10, 20, 30, 40, 50)
ROW_H = 30


@dataclass
class Field:
    label: str
    values: list[str]
    index: int = 0
    name: str = ""

    @property
    def value(self) -> str:
        return self.values[self.index] if self.values else ""

    def step(self, d: int) -> None:
        if self.values:
            self.index = (self.index + d) % len(self.values)


class NewGameScene(Scene):
    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.scenarios = list_scenarios()
        self.maps = list_maps()
        self.message = ""
        self.stock = stock_names()
        self.design_of = {label: path for label, path in garage_designs()}   # a label -> its design file
        self.stock += list(self.design_of)
        self.drivers = [f"Player {i}" for i in range(1, 9)] + [f"foe: {p}" for p in self._foe_profiles()]
        self.source = Field("Game", ["Custom game"] + [self._scenario_name(p) for p in self.scenarios], name="source")
        self.map_field = Field("Map", [p.stem for p in self.maps] + ["(empty grid)"], name="map")
        self.count = Field("Vehicles", [str(n) for n in range(2, 9)], name="count")
        self.speed = Field("Start speed", [f"{s} mph" for s in SPEEDS], index=2, name="speed")
        self.options = self._option_fields()
        self.rows: list[tuple[Field, Field, Field, Field]] = []
        self.focus = 0
        self.names: dict[str, str] = {}   # "Player 2" -> the name typed for that player
        self.rects: list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = []  # row, left arrow, right arrow
        self._rebuild_rows()

    @staticmethod
    def _option_fields() -> list[Field]:
        """One field per rule option a player may choose, starting at the default (docs/RULES-DEVIATIONS.md)."""
        defaults, choices = RuleOptions(), option_choices()
        out = []
        for name, label in PLAYER_OPTIONS:
            values = [v for v in choices[name] if not (name == "road_condition" and v in AREA_ONLY)]
            out.append(Field(label, values, values.index(getattr(defaults, name)), name=f"opt_{name}"))
        return out

    def design(self, label: str) -> str:
        """What a set-up names for a design label: a stock name, or a garage design's file."""
        return self.design_of.get(label, label)

    def rule_options(self) -> RuleOptions:
        return RuleOptions(**{f.name[4:]: f.value for f in self.options})

    def _foe_profiles(self) -> list[str]:
        """The foe profiles; with a bad profiles file, none, and its message shown."""
        try:
            return foe_profiles()
        except DataError as exc:
            self.message = str(exc)
            return []

    @staticmethod
    def _scenario_name(p: Path) -> str:
        try:
            return str(load_scenario(p).name)
        except Exception:  # noqa: BLE001 - a scenario that does not load is listed by file name
            return p.stem

    # --- fields -------------------------------------------------------------------------------

    def _scenario_vehicles(self) -> list[VehicleSetup]:
        if self.source.index == 0:
            return []
        try:
            setup, _ = setup_from_scenario(self.scenarios[self.source.index - 1])
        except Exception as exc:  # noqa: BLE001
            self.message = f"scenario: {exc}"
            return []
        return list(setup.vehicles)

    def _rebuild_rows(self) -> None:
        vs = self._scenario_vehicles()
        n = len(vs) if vs else int(self.count.value)
        rows = []
        owners: dict[str, int] = {}
        for i in range(n):
            if vs:
                v = vs[i]
                stock = [s for s in self.stock]
                si = 0
                for k, s in enumerate(stock):
                    if s == v.design or self.design(s) == v.design:
                        si = k
                owner_i = owners.setdefault(v.owner, len(owners))
                di = self.drivers.index(f"foe: {v.foe}") if v.foe and f"foe: {v.foe}" in self.drivers else owner_i
                ci = COLOURS.index(v.colour) if v.colour in COLOURS else i
                label = v.id
            else:
                si, di, ci, label = self._default_design(i), i, i, f"car{i + 1}"
            crew = CREW.index((v.driver_skill, v.gunner_skill)) if vs and (v.driver_skill, v.gunner_skill) in CREW else 0
            rows.append((Field(f"{label} design", list(self.stock), si, name=f"stock{i}"),
                         Field(f"{label} driver", list(self.drivers), di, name=f"driver{i}"),
                         Field(f"{label} colour", list(COLOURS), ci, name=f"colour{i}"),
                         Field(f"{label} crew", [_crew_label(d, g) for d, g in CREW], crew, name=f"crew{i}")))
        self.rows = rows

    def _default_design(self, i: int) -> int:
        """Duellists start in classic small cars (Killer Kart, Hotshot) when the stock list has them."""
        for name in (("Killer Kart", "Hotshot")[i % 2], "Killer Kart"):
            if name in self.stock:
                return self.stock.index(name)
        return i % max(1, len(self.stock))

    def fields(self) -> list[Field]:
        out = [self.source]
        if self.source.index == 0:
            out += [self.map_field, self.count, self.speed]
        out += self.options
        for row in self.rows:
            out.extend(row)
        return out

    def owner_name(self, driver: str) -> str:
        return self.names.get(driver, "") or driver

    def _typing_target(self) -> str | None:
        """The player whose name typing edits: the focused driver field, when it names a player."""
        fields = self.fields()
        if self.focus < len(fields) and fields[self.focus].name.startswith("driver"):
            value = fields[self.focus].value
            if value.startswith("Player "):
                return value
        return None

    def change(self, f: Field, d: int) -> None:
        f.step(d)
        if f is self.source or f is self.count:
            self._rebuild_rows()
            self.focus = min(self.focus, len(self.fields()))

    # --- building the game -------------------------------------------------------------------------

    def build_setup(self) -> tuple[GameSetup, str]:
        if self.source.index > 0:
            base, title = setup_from_scenario(self.scenarios[self.source.index - 1])
            vs = []
            for v, (stock, driver, colour, crew) in zip(base.vehicles, self.rows, strict=True):
                foe = driver.value[5:] if driver.value.startswith("foe: ") else ""
                owner = f"Foe {v.id}" if foe else self.owner_name(driver.value)
                skill_d, skill_g = CREW[crew.index]
                vs.append(replace(v, design=self.design(stock.value), owner=owner, foe=foe, colour=colour.value,
                                  driver_skill=skill_d, gunner_skill=skill_g))
            return replace(base, vehicles=tuple(vs), options=self.rule_options()), title
        map_path = self.maps[self.map_field.index] if self.map_field.index < len(self.maps) else None
        game_map = load_map(str(map_path)) if map_path else None
        starts = list(getattr(game_map, "starts", ()) or ())
        speed = float(SPEEDS[self.speed.index])
        fallback = quick_setup(8, speed=speed).vehicles
        vs = []
        for i, (stock, driver, colour, crew) in enumerate(self.rows):
            if i < len(starts):
                s = starts[i]
                pose = Pose.at(s.x, s.y, s.facing)
            else:
                pose = fallback[i].pose
            foe = driver.value[5:] if driver.value.startswith("foe: ") else ""
            owner = f"Foe car{i + 1}" if foe else self.owner_name(driver.value)
            skill_d, skill_g = CREW[crew.index]
            vs.append(VehicleSetup(f"car{i + 1}", owner, self.design(stock.value), pose, speed, foe=foe,
                                   colour=colour.value, driver_skill=skill_d, gunner_skill=skill_g))
        title = f"{len(vs)} cars" + (f" on {map_path.stem}" if map_path else "")
        return GameSetup(tuple(vs), seed=_seed(), map=rel(map_path) if map_path else "",
                         options=self.rule_options()), title

    def start(self) -> None:
        from game.scenes.battle import BattleScene

        try:
            setup, title = self.build_setup()
            session = Session.start(setup, title, self.app.saves_dir)
        except Exception as exc:  # noqa: BLE001 - a set-up the rules refuse is reported here
            self.message = f"cannot start: {exc}"
            return
        self.app.replace(BattleScene(self.app, session))

    # --- events ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        fields = self.fields()
        n = len(fields) + 2  # + Start, Back
        target = self._typing_target()
        if target and event.type == pygame.TEXTINPUT and event.text.isprintable():
            self.names[target] = (self.names.get(target, "") + event.text)[:18]
            return True
        if target and event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.names[target] = self.names.get(target, "")[:-1]
            return True
        if target and event.type == pygame.KEYDOWN and event.unicode and event.unicode.isalnum():
            return True  # the letter arrives as TEXTINPUT: do not treat it as a key binding
        intent = intent_of(event)
        if intent is Intent.CANCEL:
            self.app.pop()
            return True
        if intent in (Intent.UP, Intent.PREV):
            self.focus = (self.focus - 1) % n
            return True
        if intent in (Intent.DOWN, Intent.NEXT):
            self.focus = (self.focus + 1) % n
            return True
        if intent in (Intent.LEFT, Intent.RIGHT) and self.focus < len(fields):
            self.change(fields[self.focus], -1 if intent is Intent.LEFT else 1)
            return True
        if intent in (Intent.CONFIRM, Intent.STRAIGHT):
            if self.focus < len(fields):
                self.change(fields[self.focus], 1)
            elif self.focus == len(fields):
                self.start()
            else:
                self.app.pop()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, (row, left, _right) in enumerate(self.rects):
                if row.collidepoint(event.pos):
                    self.focus = i
                    if i < len(fields):
                        self.change(fields[i], -1 if left.collidepoint(event.pos) else 1)
                    elif i == len(fields):
                        self.start()
                    else:
                        self.app.pop()
                    return True
        return False

    # --- draw ------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        text(surface, "New game", (40, 20), 48, theme.ACCENT, bold=True)
        fields = self.fields()
        self.rects = []
        x, y = 40, 80
        col_w = 560
        per_col = max(4, (h - 150) // ROW_H)
        for i, f in enumerate(fields):
            cx = x + (i // per_col) * (col_w + 20)
            cy = y + (i % per_col) * ROW_H
            self.rects.append(self._field(surface, f, pygame.Rect(cx, cy, col_w, ROW_H - 4), i == self.focus))
        by = h - 60
        for j, label in enumerate(("Start", "Back")):
            r = pygame.Rect(w - 380 + j * 180, by, 160, 42)
            sel = self.focus == len(fields) + j
            pygame.draw.rect(surface, (70, 80, 104) if sel else theme.PANEL, r, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT if sel else theme.PANEL_EDGE, r, 2, border_radius=6)
            text(surface, label, r.center, 28, theme.TEXT, anchor="center")
            self.rects.append((r, pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)))
        hint = "Up/Down: field · Left/Right: change · type on a driver to name the player · Enter: Start · Esc: back"
        text(surface, hint, (40, h - 30), 18, theme.DIM)
        if self.message:
            text(surface, self.message[:120], (40, h - 60), 20, theme.WARN)
        focused = fields[self.focus] if self.focus < len(fields) else None
        if len(fields) > per_col:   # a second column of fields: the notes go to the header band instead
            self._header_note(surface, focused, pygame.Rect(300, 14, w - 340, 60))
            return
        if focused is not None and focused.name.startswith("stock") and w > 1100:
            self._design_card(surface, focused.value, pygame.Rect(x + col_w + 40, y + (240 if self.source.index else 0), w - col_w - 120, 150))
        if focused is not None and focused.name.startswith(("opt_", "crew")) and w > 1100:
            from game.ui import wrap

            for k, ln in enumerate(wrap(_option_note(focused), 20, w - col_w - 120)):
                text(surface, ln, (x + col_w + 40, y + 240 + k * 22), 20, theme.DIM)
        if self.source.index > 0 and self.scenarios:
            try:
                sc = load_scenario(self.scenarios[self.source.index - 1])
            except Exception:  # noqa: BLE001
                sc = None
            if sc is not None and w > 1200:
                from game.ui import wrap

                for k, ln in enumerate(wrap(sc.description, 20, w - col_w - 120)):
                    text(surface, ln, (x + col_w + 40, y + k * 22), 20, theme.DIM)

    def _header_note(self, surface: pygame.Surface, focused: Field | None, r: pygame.Rect) -> None:
        """What the focused field means, in two lines beside the title (when the fields fill the screen)."""
        from game.ui import wrap

        if focused is None:
            return
        if focused.name.startswith("stock"):
            spec = _spec(self.design(focused.value))
            note = (f"{focused.value}: {spec.kind.value}, {spec.weight} lb, HC {spec.hc}, accel {spec.acceleration:g}, "
                    f"top {spec.top_speed:g}" if spec is not None else f"{focused.value}: the design does not load")
        elif focused.name.startswith(("opt_", "crew")):
            note = _option_note(focused)
        else:
            return
        for k, ln in enumerate(wrap(note, 18, r.width)[:3]):
            text(surface, ln, (r.x, r.y + k * 20), 18, theme.DIM)

    def _design_card(self, surface: pygame.Surface, name: str, r: pygame.Rect) -> None:
        """The chosen design's numbers, as the construction rules give them."""
        spec = _spec(self.design(name))
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=6)
        text(surface, name, (r.x + 10, r.y + 8), 24, theme.ACCENT, bold=True)
        if spec is None:
            text(surface, "(no numbers: the design does not load)", (r.x + 10, r.y + 38), 20, theme.WARN)
            return
        armor = " ".join(f"{k[0].upper()}{v}" for k, v in spec.sheet.armor.items())
        weapons = ", ".join(getattr(wp, "id", "?") for wp in getattr(spec.sheet, "weapons", ())) or "none"
        rows = [f"{spec.kind.value}, {spec.weight} lb, HC {spec.hc}",
                f"acceleration {spec.acceleration:g} mph, top speed {spec.top_speed:g} mph",
                f"armor {armor}", f"tires {len(spec.sheet.tires)}, weapons {weapons}"]
        for i, row in enumerate(rows):
            text(surface, row[:70], (r.x + 10, r.y + 40 + i * 24), 20, theme.TEXT)

    def _field(self, surface: pygame.Surface, f: Field, r: pygame.Rect,
               focused: bool) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        pygame.draw.rect(surface, (58, 64, 80) if focused else theme.PANEL, r, border_radius=4)
        if focused:
            pygame.draw.rect(surface, theme.ACCENT, r, 1, border_radius=4)
        text(surface, f.label, (r.x + 10, r.y + 5), 20, theme.DIM)
        left = pygame.Rect(r.x + 200, r.y, 28, r.height)
        right = pygame.Rect(r.right - 30, r.y, 28, r.height)
        text(surface, "<", left.center, 20, theme.ACCENT, anchor="center")
        text(surface, ">", right.center, 20, theme.ACCENT, anchor="center")
        value = f.value
        if f.name.startswith("driver") and value in self.names and self.names[value]:
            value = f"{self.names[value]} ({value})"
        if f.name.startswith("opt_"):
            value = value.replace("_", " ")
        colour = theme.TEXT
        if f.name.startswith("colour"):
            colour = theme.owner_colour(value)
        text(surface, value[:40], ((left.right + right.left) // 2, r.centery), 20, colour, anchor="center")
        return r, left, right


def _crew_label(driver: int, gunner: int) -> str:
    return f"Driver +{driver}, " + ("no Gunner skill" if gunner == UNTRAINED else f"Gunner +{gunner}")


def _option_note(f: Field) -> str:
    """What the focused rule option (or crew skill) does, in a line or two."""
    if f.name.startswith("crew"):
        return ("The crew's skills. Driver: added to the reflex roll at the start and taken off crash-table "
                "rolls (000:L158, L1309). Gunner: added to every shot the crew fire (000:L931); a crew with no Gunner "
                "skill fires at -3 (000:L1322).")
    if f.name == "opt_road_condition":
        from rules.tables.movement import tables

        road = tables().hazards.road[f.value]
        aim = {"rain": " Every shot is at -2 (000:L923).", "heavy_rain": " Every shot is at -3 (000:L924)."}
        return (f"Weather: {f.value.replace('_', ' ')}. " + (f"Every maneuver and hazard is {road.add} harder "
                f"(D+{road.add}), and loss of control comes sooner (000:L267-L275)." if road.add
                else "No penalty to handling.") + aim.get(road.visibility, "")
                + (" Firing from gravel is at -1 (000:L934)." if road.bad_footing else ""))
    if f.name == "opt_visibility":
        return ("Clear: no penalty." if f.value == "clear" else f"{f.value.capitalize()}: every shot is at -3 "
                "(000:L924); with heavy rain too, the -3 counts once. Headlights and searchlights are not played.")
    if f.name == "opt_fire_step":
        return ("Combat on: after each phase's movement every vehicle may fire and drop weapons (000:L818)." if
                f.value == "on" else "Combat off: a driving-only game, for practice with the turning key.")
    if f.name == "opt_concussion":
        return ("The optional concussion rule (000:L472): a hard ram may stun crews, who then miss phases. "
                f"Now {f.value}.")
    return ("The book names gunners as the crew who fire besides the driver (000:L822). With this on, "
            f"passengers take triggers too, after the gunners. Now {f.value}.")


_SPECS: dict[str, object] = {}


def _spec(name: str):  # type: ignore[no-untyped-def]
    """The spec of a stock design (rules.engine.setup.resolve_spec), memoised; None if it does not load."""
    if name not in _SPECS:
        from rules.engine.setup import resolve_spec

        try:
            _SPECS[name] = resolve_spec(name)
        except Exception:  # noqa: BLE001 - a design that does not load is shown as such
            _SPECS[name] = None
    return _SPECS[name]


def _seed() -> int:
    import time

    return int(time.time()) % 1_000_000


__all__ = ["NewGameScene", "ROOT"]
