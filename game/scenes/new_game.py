"""New game: a scenario or a custom game (map, number of vehicles, start speed), the rule options
(weather, light, combat, the optional concussion rule, passengers at the guns, people on foot), and for every vehicle its
design (stock, or the player's own from saves/garage), who drives it (a named player or a scripted foe
profile), the player's name, its colour and its crew's skills. The widgets are pygame_gui's (drop-downs,
a selection list, text entry with cursor and paste); the design picker shows the design's figures and
its outline, the map a preview with the start positions, a scenario its description. The choices are
remembered between games (game.choices).

Keyboard: Up/Down pick a field (a ring shows it), Left/Right change it, typing on a driver names the
player, Space steps the focused field on, Enter starts (from any field), Esc back. Mouse: the widgets; Start and Back buttons."""

from __future__ import annotations

import html
from dataclasses import dataclass, replace
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)

from game import theme
from game.choices import load_settings, save_settings
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
    rig_labels,
    scenario_designs,
    setup_from_scenario,
    stock_names,
)
from game.ui import text, wrap
from rules.core.errors import DataError
from rules.core.events import Event
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup, with_design_kit
from rules.people.record import Kit
from rules.play.state import RuleOptions, option_choices
from rules.tables.people import people_tables
from rules.vehicles.design import load_design, load_stock
from rules.vehicles.figures import Figures, figures
from rules.vehicles.long_vehicles import POWERED_KINDS
from rules.vehicles.spec import UNTRAINED, VehicleSpec
from rules.vehicles.starting_sheet import spec

COLOURS = ("red", "blue", "green", "yellow", "orange", "purple", "cyan", "white")
CREW = tuple((d, g) for d in range(4) for g in (*range(4), UNTRAINED))   # (Driver, Gunner) a crew may have
AREA_ONLY = ("off_road", "gravel", "oil")   # road conditions that belong to map areas, not the weather
# the rule options a player may set here: (option, label); the others have one value only so far
PLAYER_OPTIONS = (("road_condition", "Weather"), ("visibility", "Light"), ("fire_step", "Combat"),
                  ("concussion", "Concussion rule"), ("passengers_fire", "Passengers fire"), ("people", "On foot"),
                  ("hand_weapon_arcs", "Hand-gun arcs"))
SPEEDS = (0, 10, 20, 30, 40, 50)
GEAR = ("none", "li_goggles", "tinted_goggles")   # what a crew wear aboard (reading AU19; one kind at a time: 000:L1533)
GEAR_SHOWN = {"none": "no goggles", "li_goggles": "LI goggles", "tinted_goggles": "tinted goggles"}
TRUCKER = ("yes", "no")   # the driver's Trucker skill (000:L1385, reading M-R21): asked for buses and big rigs only
MARTIAL = ("none", "base", "+1", "+2", "+3", "+4", "+5")   # the crew's Martial Arts level, -1 (none) up (PD44):
                                                            # asked when people leave their vehicles
ROW_H = 34
LEFT_W = 660
UI_EVENTS = (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_DROP_DOWN_MENU_CHANGED, pygame_gui.UI_TEXT_ENTRY_CHANGED,
             pygame_gui.UI_SELECTION_LIST_NEW_SELECTION)
# the widgets in the table's colours (pygame_gui theme, given as data)
UI_THEME = {
    "defaults": {
        "colours": {"normal_bg": "#343a46", "hovered_bg": "#46506a", "active_bg": "#505a78",
                    "selected_bg": "#505a78", "dark_bg": "#24272e", "normal_text": "#e2e4e8",
                    "hovered_text": "#ffffff", "selected_text": "#fac846", "active_text": "#fac846",
                    "normal_border": "#464c58", "hovered_border": "#fac846", "active_border": "#fac846",
                    "text_cursor": "#fac846"},
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "4", "border_width": "1"},
    },
    "label": {"colours": {"normal_text": "#969ca8", "dark_bg": "#00000000"}},
}


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
        self.rig_of = rig_labels()        # "tower + trailer" -> (tower, trailer): rigs and towed trailers
        self.stock += list(self.rig_of)
        self.design_of = {label: path for label, path in garage_designs()}   # a label -> its design file
        self.design_of.update(scenario_designs())   # the designs shipped with the scenarios (night duel's lamp car)
        self.stock += list(self.design_of)
        self.drivers = [f"Player {i}" for i in range(1, 9)] + [f"foe: {p}" for p in self._foe_profiles()]
        self.source = Field("Game", ["Custom game"] + [self._scenario_name(p) for p in self.scenarios], name="source")
        self.map_field = Field("Map", [p.stem for p in self.maps] + ["(empty grid)"], name="map")
        self.count = Field("Vehicles", [str(n) for n in range(2, 9)], name="count")
        self.speed = Field("Start speed", [f"{s} mph" for s in SPEEDS], index=2, name="speed")
        self.options = self._option_fields()
        self._own_people: int | None = None   # the player's people option while a scenario holds it on
        self._own_options: dict[str, int] = {}   # the player's own rule options while a scenario's [options] show
        self._loaded: tuple[int, GameSetup | None, str] = (0, None, "")   # _scenario_setup's last read
        self.rows: list[tuple[Field, Field, Field, Field]] = []
        self.extras: list[tuple[Field, Field, Field]] = []   # each row's crew goggles, Trucker skill and Martial
                                                            # Arts, on the picker's card
        self.focus = 0
        self.names: dict[str, str] = {}   # "Player 2" -> the name typed for that player
        self.picking = 0                  # the row whose design the picker shows and sets
        self.widgets: dict[str, UIElement] = {}   # field name (or "name<i>", "picker", "start", ...) -> widget
        self.places: dict[str, tuple[pygame.Rect, bool]] = {}   # a drop-down's rectangle, opening upwards
        self.size = self.app.size
        self.ui = pygame_gui.UIManager(self.size, UI_THEME)
        self._figures: dict[str, tuple[Figures, VehicleSpec] | str] = {}
        self._preview: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._preview_dirty = True
        self._rebuild_rows()
        self._remember(self._settings())
        self._build_ui()

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
        """What a set-up names for a design label: a stock name, or a garage design's file; a rig's tower."""
        if label in self.rig_of:
            return self.rig_of[label][0]
        return self.design_of.get(label, label)

    def trailer(self, label: str) -> str:
        """The trailer a design label puts behind its vehicle ("" for none)."""
        return self.rig_of[label][1] if label in self.rig_of else ""

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
        setup, problem = self._scenario_setup()
        if problem:
            self.message = f"scenario: {problem}"
        return list(setup.vehicles) if setup is not None else []

    def _scenario_setup(self) -> tuple[GameSetup | None, str]:
        """The chosen scenario's set-up (None for a custom game) and why it does not load; read once per choice,
        for the rows, the people field and the options all ask."""
        i = self.source.index
        if i == 0:
            return None, ""
        if self._loaded[0] != i:
            try:
                self._loaded = (i, setup_from_scenario(self.scenarios[i - 1])[0], "")
            except Exception as exc:  # noqa: BLE001 - shown on the screen
                self._loaded = (i, None, str(exc))
        return self._loaded[1], self._loaded[2]

    def _scenario_people(self) -> None:
        """A scenario with people on foot shows the option on (build_setup holds it on for it); leaving it
        for another game gives the field back the player's own choice."""
        field_ = self._field_named("opt_people")
        if field_ is None:
            return
        setup, _ = self._scenario_setup()
        forced = setup is not None and (bool(setup.people) or setup.options.people == "on")
        if forced and self._own_people is None:
            self._own_people = field_.index
            field_.index = field_.values.index("on")
        elif not forced and self._own_people is not None:
            field_.index, self._own_people = self._own_people, None

    def _scenario_options(self) -> None:
        """A scenario's own rule options (its [options]: night, a wet road) show in their fields, for the player
        to keep or change; another game gives the fields back the player's own choices."""
        setup, _ = self._scenario_setup()
        defaults = RuleOptions()
        held = {} if setup is None else {name: getattr(setup.options, name) for name, _ in PLAYER_OPTIONS
                                         if name != "people" and getattr(setup.options, name) != getattr(defaults, name)}
        for f in self.options:
            name = f.name[4:]
            if name in self._own_options and name not in held:
                f.index = self._own_options.pop(name)
            if name in held and held[name] in f.values:
                self._own_options.setdefault(name, f.index)
                f.index = f.values.index(held[name])

    def _rebuild_rows(self) -> None:
        vs = self._scenario_vehicles()
        n = len(vs) if vs else int(self.count.value)
        rows = []
        extras: list[tuple[Field, Field, Field]] = []
        owners: dict[str, int] = {}
        for i in range(n):
            if vs:
                v = vs[i]
                stock = [s for s in self.stock]
                si = 0
                for k, s in enumerate(stock):
                    if (s == v.design or self.design(s) == v.design) and self.trailer(s) == v.trailer:
                        si = k
                owner_i = owners.setdefault(v.owner, len(owners))
                di = self.drivers.index(f"foe: {v.foe}") if v.foe and f"foe: {v.foe}" in self.drivers else owner_i
                ci = COLOURS.index(v.colour) if v.colour in COLOURS else i
                label = v.id
            else:
                si, di, ci, label = self._default_design(i), i, i, f"car{i + 1}"
            crew = CREW.index((v.driver_skill, v.gunner_skill)) if vs and (v.driver_skill, v.gunner_skill) in CREW else 0
            worn = v.crew_gear[0] if vs and v.crew_gear and v.crew_gear[0] in GEAR else "none"
            level = v.kit.martial_arts if vs and v.kit is not None else -1
            extras.append((Field(f"{label} goggles", list(GEAR), GEAR.index(worn), name=f"gear{i}"),
                           Field(f"{label} Trucker skill", list(TRUCKER), 0 if not vs or v.trucker else 1,
                                 name=f"trucker{i}"),
                           Field(f"{label} Martial Arts", list(MARTIAL), min(len(MARTIAL) - 1, level + 1),
                                 name=f"martial{i}")))
            rows.append((Field(f"{label} design", list(self.stock), si, name=f"stock{i}"),
                         Field(f"{label} driver", list(self.drivers), di, name=f"driver{i}"),
                         Field(f"{label} colour", list(COLOURS), ci, name=f"colour{i}"),
                         Field(f"{label} crew", [_crew_label(d, g) for d, g in CREW], crew, name=f"crew{i}")))
        self.rows, self.extras = rows, extras

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
        for i, row in enumerate(self.rows):
            out.extend(row)
            out.extend(self._extras_shown(i))
        return out

    def _extras_shown(self, i: int) -> list[Field]:
        """The row's goggles, its Trucker skill when its design is a bus, ten-wheeler or tractor, and its crew's
        Martial Arts when people may leave their vehicles (PD44)."""
        gear, trucker, martial = self.extras[i]
        people_on = any(f.name == "opt_people" and f.value == "on" for f in self.options)
        return [gear, *([trucker] if self._needs_trucker(self.rows[i][0].value) else []),
                *([martial] if people_on else [])]

    def _needs_trucker(self, label: str) -> bool:
        got = self.figures(label)
        return not isinstance(got, str) and got[1].kind.value in POWERED_KINDS

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
        self.changed(f)

    def changed(self, f: Field, *, shown: bool = False) -> None:
        """After a field took a new value (by key, or by its widget when `shown`): new rows for a new
        game or count; otherwise only the widgets that show that field are redone."""
        if f is self.source or f is self.count:
            if f is self.source:
                self._scenario_people()
                self._scenario_options()
            self._rebuild_rows()
            self.focus = min(self.focus, len(self.fields()))
            self.picking = min(self.picking, len(self.rows) - 1)
            self._build_ui()
            return
        row = next((i for i, r in enumerate(self.rows) if f in r), None)
        extra_row = next((i for i, r in enumerate(self.extras) if f in r), None)
        if extra_row is not None:
            if not shown:
                self._pick(extra_row, rebuild=True)
            self._preview_dirty = True
            return
        if not shown and f.name in self.widgets and isinstance(self.widgets[f.name], UIDropDownMenu):
            self._replace_dropdown(f)
        if f.name == "opt_people" and self.rows:   # the crew's Martial Arts is asked with people on (PD44)
            self._build_extras()
        if row is not None and f.name.startswith(("stock", "driver")):
            picked = self.picking
            self.picking = row
            if f.name.startswith("stock"):
                button = self.widgets.get(f.name)
                if isinstance(button, UIButton):
                    button.set_text(f.value[:18])
            if f.name.startswith("stock") or picked != row:
                self._build_picker()
            if f.name.startswith("driver"):
                self._name_entry(row)
        self._preview_dirty = True

    # --- building the game -------------------------------------------------------------------------

    def build_setup(self) -> tuple[GameSetup, str]:
        if self.source.index > 0:
            base, title = setup_from_scenario(self.scenarios[self.source.index - 1])
            vs: list[VehicleSetup] = []
            # a foe-driven vehicle fights for its scenario side: the owner a player's vehicle of that side got
            # here, else one foe owner for the side ("Foe Raiders"), so foes of one team are not each other's foes
            sides: dict[str, str] = {}
            for v, (_stock, driver, _colour, _crew) in zip(base.vehicles, self.rows, strict=True):
                if not driver.value.startswith("foe: "):
                    sides.setdefault(v.owner, self.owner_name(driver.value))
            for i, (v, (stock, driver, colour, crew)) in enumerate(zip(base.vehicles, self.rows, strict=True)):
                gear, trucker = self._crew_extras(i)
                foe = driver.value[5:] if driver.value.startswith("foe: ") else ""
                owner = sides.get(v.owner, f"Foe {v.owner}") if foe else self.owner_name(driver.value)
                skill_d, skill_g = CREW[crew.index]
                vs.append(self._crew_kit(i, replace(v, design=self.design(stock.value), owner=owner, foe=foe,
                                                    colour=colour.value, driver_skill=skill_d, gunner_skill=skill_g,
                                                    trailer=self.trailer(stock.value), crew_gear=gear,
                                                    trucker=trucker)))
            # pedestrians on foot from the start fight for their team's first vehicle's new owner, with people on:
            # a player who takes that vehicle runs them too; left to a foe, they keep the scenario's foe
            mate: dict[str, VehicleSetup] = {}
            for old, new in zip(base.vehicles, vs, strict=True):
                mate.setdefault(old.owner, new)
            walkers = tuple(replace(p, owner=mate[p.owner].owner, foe=(p.foe or mate[p.owner].foe) if mate[p.owner].foe
                                    else "") if p.owner in mate else p for p in base.people)
            # a scenario that puts people on foot (or says people = true) plays with them whatever the field says
            people_on = bool(walkers) or base.options.people == "on"
            options = replace(self.rule_options(), people="on") if people_on else self.rule_options()
            goal = base.goal
            if goal is not None:   # the victory's side is its vehicles' (and men's) owners as chosen here (issue 19)
                side = {new.owner for old, new in zip(base.vehicles, vs, strict=True) if old.owner in goal.side}
                side |= {new.owner for old, new in zip(base.people, walkers, strict=True) if old.owner in goal.side}
                goal = replace(goal, side=tuple(sorted(side)))
            return replace(base, vehicles=tuple(vs), people=walkers, options=options, goal=goal), title
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
            gear, trucker = self._crew_extras(i)
            vs.append(self._crew_kit(i, VehicleSetup(f"car{i + 1}", owner, self.design(stock.value), pose, speed,
                                                     foe=foe, colour=colour.value, driver_skill=skill_d,
                                                     gunner_skill=skill_g, trailer=self.trailer(stock.value),
                                                     crew_gear=gear, trucker=trucker)))
        title = f"{len(vs)} cars" + (f" on {map_path.stem}" if map_path else "")
        return GameSetup(tuple(vs), seed=_seed(), map=rel(map_path) if map_path else "",
                         options=self.rule_options()), title

    def _crew_extras(self, i: int) -> tuple[tuple[str, ...], bool]:
        """The row's goggles and Trucker skill as set-up fields (no goggles: none worn)."""
        gear, trucker, _martial = self.extras[i]
        return () if gear.value == "none" else (gear.value,), trucker.value == "yes"

    def _crew_kit(self, i: int, vs: VehicleSetup) -> VehicleSetup:
        """The row's Martial Arts level on its crew's kit (PD44): their own kit, else their design's, else the
        [loadout] (reading PD18), with the level; no level leaves the kit as it was, less any level on it."""
        level = self.extras[i][2].index - 1
        if level < 0:
            return vs if vs.kit is None or vs.kit.martial_arts < 0 else replace(vs, kit=replace(vs.kit, martial_arts=-1))
        kit = with_design_kit(vs).kit
        if kit is None:
            t = people_tables()
            kit = Kit(weapon=t.loadout_weapon, grenades=t.loadout_grenades)
        return replace(vs, kit=replace(kit, martial_arts=level))

    def start(self) -> None:
        try:
            setup, title = self.build_setup()
            session = Session.start(setup, title, self.app.saves_dir)
        except Exception as exc:  # noqa: BLE001 - a set-up the rules refuse is reported here
            self.message = f"cannot start: {exc}"
            return
        if self.app.saves_dir is not None:
            problem = save_settings(self.app.saves_dir, self.choices())
            if problem:
                session.log.append(Event(problem))
        self.app.flow.battle(session, instead_of=self)

    # --- remembered choices ------------------------------------------------------------------------

    def _settings(self) -> dict[str, object]:
        if self.app.saves_dir is None:
            return {}
        data, problem = load_settings(self.app.saves_dir)
        if problem:
            self.message = problem
        return data

    def choices(self) -> dict[str, object]:
        """What the screen shows, by value, for the settings file."""
        return {"source": self.source.value, "map": self.map_field.value, "count": self.count.value,
                "speed": self.speed.value, "options": {f.name[4:]: self._own_value(f) for f in self.options},
                "rows": [{"design": d.value, "driver": p.value, "colour": c.value, "crew": k.value,
                          "goggles": g.value, "trucker": t.value, "martial_arts": m.value}
                         for (d, p, c, k), (g, t, m) in zip(self.rows, self.extras, strict=True)],
                "names": {k: v for k, v in self.names.items() if v}}

    def _own_value(self, f: Field) -> str:
        """A field's value as the player chose it (the people option a scenario holds on, or an option its
        [options] set, is not his)."""
        if f.name[4:] in self._own_options:
            return f.values[self._own_options[f.name[4:]]]
        return f.values[self._own_people] if f.name == "opt_people" and self._own_people is not None else f.value

    def _remember(self, data: dict[str, object]) -> None:
        """Put back remembered choices; values no longer offered (a removed map or design) are skipped."""
        def pick(f: Field, value: object) -> None:
            if isinstance(value, str) and value in f.values:
                f.index = f.values.index(value)

        pick(self.source, data.get("source"))
        pick(self.map_field, data.get("map"))
        pick(self.count, data.get("count"))
        pick(self.speed, data.get("speed"))
        options = data.get("options")
        if isinstance(options, dict):
            for f in self.options:
                pick(f, options.get(f.name[4:]))
        self._scenario_people()
        self._scenario_options()
        self._rebuild_rows()
        rows = data.get("rows")
        if isinstance(rows, list):
            for row, extra, saved in zip(self.rows, self.extras, rows, strict=False):
                if isinstance(saved, dict):
                    for f, key in zip((*row, *extra), ("design", "driver", "colour", "crew", "goggles", "trucker",
                                                       "martial_arts"), strict=True):
                        pick(f, saved.get(key))
        names = data.get("names")
        if isinstance(names, dict):
            self.names = {str(k): str(v)[:18] for k, v in names.items() if str(k) in self.drivers}

    # --- the widgets -------------------------------------------------------------------------------

    @staticmethod
    def shown(f: Field, value: str) -> str:
        """A field's value as its drop-down shows it."""
        if f.name.startswith("gear"):
            return GEAR_SHOWN.get(value, value)
        if f.name.startswith("opt_"):
            return value.replace("_", " ")
        return value

    def _replace_dropdown(self, f: Field) -> None:
        rect, up = self.places[f.name]
        self.widgets[f.name].kill()  # type: ignore[no-untyped-call]
        self._dropdown(f, rect, up)

    def _dropdown(self, f: Field, rect: pygame.Rect, up: bool = False) -> None:
        self.places[f.name] = (rect, up)
        options: list[str | tuple[str, str]] = [self.shown(f, v) for v in f.values] or ["-"]
        dd = UIDropDownMenu(options, options[min(f.index, len(options) - 1)], rect, self.ui,
                            object_id=f"#{f.name}", expansion_height_limit=300)
        if up:
            dd.expand_direction = "up"
        self.widgets[f.name] = dd

    def _label(self, words: str, rect: pygame.Rect) -> None:
        UILabel(rect, words, self.ui)

    def _build_ui(self) -> None:
        """Every widget laid out anew from the model (after a change of game, count or size)."""
        self.ui.clear_and_reset()  # type: ignore[no-untyped-call]
        self.widgets = {}
        self.row_y: list[int] = []
        self._preview_dirty = True
        w, h = self.size
        x, y = 20, 66
        self._label("Game", pygame.Rect(x, y, 60, 30))
        self._dropdown(self.source, pygame.Rect(x + 64, y, 440, 30))
        y += 38
        if self.source.index == 0:
            for f, lw, dw in ((self.map_field, 40, 200), (self.count, 70, 70), (self.speed, 90, 110)):
                self._label(f.label, pygame.Rect(x, y, lw, 30))
                self._dropdown(f, pygame.Rect(x + lw + 4, y, dw, 30))
                x += lw + dw + 16
            x, y = 20, y + 38
        for i, f in enumerate(self.options):
            cx, cy = 20 + (i % 3) * 216, y + (i // 3) * 36
            self._label(f.label, pygame.Rect(cx, cy, 104, 30))
            self._dropdown(f, pygame.Rect(cx + 106, cy, 104, 30))
        y += 36 * ((len(self.options) + 2) // 3) + 8
        cols = ((20, 44, "vehicle"), (68, 130, "design"), (202, 118, "driver"), (324, 86, "name"),
                (414, 74, "colour"), (492, 188, "crew"))
        for cx, cw, head in cols:
            self._label(head, pygame.Rect(cx, y, cw, 20))
        y += 22
        up_from = max(0, (h - 120 - y) // ROW_H - 3)   # rows near the bottom open their lists upwards
        for i, (stock, driver, colour, crew) in enumerate(self.rows):
            ry = y + i * ROW_H
            up = i >= up_from
            self.row_y.append(ry)   # its vehicle's id is drawn beside it (ids may be long: truncated to fit)
            self.widgets[stock.name] = UIButton(pygame.Rect(68, ry, 130, 30), stock.value[:18], self.ui,
                                                object_id=f"#{stock.name}", tool_tip_text="choose in the picker")
            self._dropdown(driver, pygame.Rect(202, ry, 118, 30), up)
            entry = UITextEntryLine(pygame.Rect(324, ry, 86, 30), self.ui, object_id=f"#name{i}",
                                    placeholder_text="name")
            entry.set_text_length_limit(18)
            self.widgets[f"name{i}"] = entry
            self._name_entry(i)
            self._dropdown(colour, pygame.Rect(414, ry, 74, 30), up)
            self._dropdown(crew, pygame.Rect(492, ry, 188, 30), up)
        self._build_picker()
        self.widgets["start"] = UIButton(pygame.Rect(w - 360, h - 64, 160, 44), "Start", self.ui, object_id="#start")
        self.widgets["back"] = UIButton(pygame.Rect(w - 190, h - 64, 160, 44), "Back", self.ui, object_id="#back")
        self._build_description()

    def _name_entry(self, i: int) -> None:
        """The row's name entry: the name typed for its player; off for a foe."""
        entry = self.widgets.get(f"name{i}")
        if not isinstance(entry, UITextEntryLine):
            return
        driver = self.rows[i][1]
        entry.set_text(self.names.get(driver.value, ""))
        if driver.value.startswith("Player "):
            entry.enable()  # type: ignore[no-untyped-call]
        else:
            entry.disable()  # type: ignore[no-untyped-call]

    def _build_picker(self) -> None:
        if not self.rows:
            return
        if "picker" in self.widgets:
            self.widgets["picker"].kill()  # type: ignore[no-untyped-call]
        row = self.rows[self.picking]
        x0 = LEFT_W + 40
        picker = UISelectionList(pygame.Rect(x0, 92, 250, 320), list(self.stock), self.ui,
                                 object_id="#picker", default_selection=row[0].value)
        if picker.scroll_bar is not None and len(self.stock) > 1:   # the chosen design in sight
            picker.scroll_bar.set_scroll_from_start_percentage(max(0.0, (row[0].index - 3) / len(self.stock)))
        self.widgets["picker"] = picker
        self._build_extras()

    def _build_extras(self) -> None:
        """The picked row's goggles, Trucker skill and Martial Arts, at the foot of the design's card."""
        for gone in [k for k in self.widgets if k.startswith(("gear", "trucker", "martial"))]:
            self.widgets.pop(gone).kill()  # type: ignore[no-untyped-call]
        x0 = LEFT_W + 40 + 262
        shown = self._extras_shown(self.picking)
        for k, f in enumerate(shown):
            y = 92 + 320 - 74 - 36 * max(0, len(shown) - 2) + k * 36
            self._dropdown(f, pygame.Rect(x0 + 108, y, 180, 30))
            label = "Goggles" if f.name.startswith("gear") else "Trucker" if f.name.startswith("trucker") else \
                "Martial Arts"
            self.widgets[f"{f.name}_label"] = UILabel(pygame.Rect(x0 + 6, y, 100, 30), label, self.ui)

    def _pick(self, row: int, *, rebuild: bool = False) -> None:
        """Show this row's vehicle in the picker (its design, goggles and Trucker skill)."""
        if row != self.picking or rebuild:
            self.picking = row
            self._build_picker()

    def _follow_focus(self) -> None:
        """The keyboard's ring on a row's field brings that row's vehicle into the picker (its goggles and
        Trucker drop-downs are there)."""
        fields = self.fields()
        f = fields[self.focus] if self.focus < len(fields) else None
        row = next((i for i, (r, x) in enumerate(zip(self.rows, self.extras, strict=True)) if f in r or f in x), None)
        if row is not None:
            self._pick(row)

    def _build_description(self) -> None:
        w, h = self.size
        words = self._description()
        if not words:
            return
        x0 = LEFT_W + 40 + 270
        rect = pygame.Rect(x0, 450, max(120, w - 20 - x0), max(80, h - 450 - 90))
        self.widgets["description"] = UITextBox(html.escape(words), rect, self.ui, object_id="#description")

    def _description(self) -> str:
        if self.source.index > 0:
            try:
                return str(load_scenario(self.scenarios[self.source.index - 1]).description)
            except Exception:  # noqa: BLE001 - its error is shown when it is started
                return ""
        return ("A custom game: every vehicle starts at one of the map's start positions (or in a ring on an "
                "empty grid) at the chosen speed. The last one driving wins.")

    def resized(self, size: tuple[int, int]) -> None:
        self.size = size
        self.ui.set_window_resolution(size)
        self._build_ui()

    # --- what the pickers show -----------------------------------------------------------------------

    def figures(self, label: str) -> tuple[Figures, VehicleSpec] | str:
        """The design's figures (rules.vehicles.figures) and spec, or the reason it does not load."""
        if label not in self._figures:
            path = self.design_of.get(label)
            try:
                d = load_design(ROOT / path) if path else load_stock(self.design(label))
                self._figures[label] = (figures(d), spec(d))
            except Exception as exc:  # noqa: BLE001 - a design that does not load says why
                self._figures[label] = str(exc)
        return self._figures[label]

    def _map_preview(self) -> pygame.Surface | None:
        """The map with a numbered mark at each start, in the rows' colours; drawn once per choice."""
        from game.render.board import BoardRenderer, map_size

        try:
            setup, _ = self.build_setup()
        except Exception:  # noqa: BLE001 - the map's error shows on Start
            return None
        key = (setup.map, tuple((v.pose, v.colour) for v in setup.vehicles))
        if self._preview is not None and self._preview[0] == key:
            return self._preview[1]
        try:
            game_map = load_map(setup.map) if setup.map else None
        except DataError:
            return None
        size = (260, 190)
        from game.camera import Camera

        mw, mh = map_size(game_map)
        cam = Camera(view_w=size[0], view_h=size[1])
        cam.zoom = min(size[0] / max(mw, 1), size[1] / max(mh, 1))
        cam.cx, cam.cy = mw / 2, mh / 2
        surf = pygame.Surface(size)
        BoardRenderer(game_map).draw(surf, cam)
        for i, v in enumerate(setup.vehicles):
            at = cam.to_screen(v.pose.x, v.pose.y)
            pygame.draw.circle(surf, theme.owner_colour(v.colour, i), at, 7)
            pygame.draw.circle(surf, (255, 255, 255), at, 7, 1)
            text(surf, str(i + 1), at, 14, (0, 0, 0), bold=True, anchor="center")
        self._preview = (key, surf)
        return surf

    # --- events ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.ui.update(dt)
        for _ in range(8):   # the widgets' own events not yet seen; one may post the next (a list's pick)
            events = pygame.event.get(eventtype=UI_EVENTS)
            if not events:
                break
            for event in events:
                self.handle_event(event)
        if self._preview_dirty:
            self._preview_dirty = False
            self._map_preview()
        if self.rows:   # the picked design's figures, worked out here so that drawing only reads them
            self.figures(self.rows[self.picking][0].value)

    def _field_named(self, name: str) -> Field | None:
        for f in self.fields():
            if f.name == name:
                return f
        return None

    def _ui_event(self, event: pygame.event.Event) -> bool:
        el = getattr(event, "ui_element", None)
        name = next((k for k, v in self.widgets.items() if v is el), "")
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if name == "start":
                self.start()
            elif name == "back":
                self.app.pop()
            elif name.startswith("stock"):
                row = int(name[5:])
                self.focus = self.fields().index(self.rows[row][0])
                if row != self.picking:
                    self.picking = row
                    self._build_picker()
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            f = self._field_named(name)
            if f is not None:
                shown = [self.shown(f, v) for v in f.values]
                if event.text in shown:
                    f.index = shown.index(event.text)
                    self.focus = self.fields().index(f)
                    self.changed(f, shown=True)
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and name == "picker" and self.rows:
            stock = self.rows[self.picking][0]
            if event.text in stock.values:
                stock.index = stock.values.index(event.text)
                button = self.widgets.get(stock.name)
                if isinstance(button, UIButton):
                    button.set_text(stock.value[:18])
                self._build_extras()   # a bus or a rig asks for the Trucker skill
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and name.startswith("name"):
            driver = self.rows[int(name[4:])][1]
            if driver.value.startswith("Player "):
                self.names[driver.value] = event.text[:18]
            return True
        return False

    def _typing_into_widget(self) -> bool:
        return any(isinstance(v, UITextEntryLine) and v.is_focused for v in self.widgets.values())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in UI_EVENTS:   # the widgets answer their own parts' events first (a drop-down's button)
            self.ui.process_events(event)
            return self._ui_event(event)
        typing = self._typing_into_widget()
        if self.ui.process_events(event) and event.type != pygame.MOUSEMOTION:
            return True
        if typing:   # keys belong to the text entry; Esc or Enter leaves it
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_TAB):
                for v in self.widgets.values():
                    if isinstance(v, UITextEntryLine):
                        v.unfocus()  # type: ignore[no-untyped-call]
            return True
        return self._keyboard(event)

    def _keyboard(self, event: pygame.event.Event) -> bool:
        """The form without a mouse: a ring over the focused field; typing on a driver names the player."""
        fields = self.fields()
        n = len(fields) + 2  # + Start, Back
        target = self._typing_target()
        if target and event.type == pygame.TEXTINPUT and event.text.isprintable():
            self.names[target] = (self.names.get(target, "") + event.text)[:18]
            self._sync_names()
            return True
        if target and event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.names[target] = self.names.get(target, "")[:-1]
            self._sync_names()
            return True
        if target and event.type == pygame.KEYDOWN and event.unicode and event.unicode.isalnum():
            return True  # the letter arrives as TEXTINPUT: do not treat it as a key binding
        intent = intent_of(event)
        if intent is Intent.CANCEL:
            self.app.pop()
            return True
        if intent in (Intent.UP, Intent.PREV):
            self.focus = (self.focus - 1) % n
            self._follow_focus()
            return True
        if intent in (Intent.DOWN, Intent.NEXT):
            self.focus = (self.focus + 1) % n
            self._follow_focus()
            return True
        if intent in (Intent.LEFT, Intent.RIGHT) and self.focus < len(fields):
            self.change(fields[self.focus], -1 if intent is Intent.LEFT else 1)
            return True
        if intent is Intent.STRAIGHT and self.focus < len(fields):   # Space steps the focused field on
            self.change(fields[self.focus], 1)
            return True
        if intent in (Intent.CONFIRM, Intent.STRAIGHT):   # Enter starts from any field, as the hint says
            if self.focus == len(fields) + 1:
                self.app.pop()
            else:
                self.start()
            return True
        return False

    def _sync_names(self) -> None:
        for i, (_d, driver, _c, _k) in enumerate(self.rows):
            entry = self.widgets.get(f"name{i}")
            if isinstance(entry, UITextEntryLine):
                entry.set_text(self.names.get(driver.value, ""))

    # --- draw ------------------------------------------------------------------------------------

    def focused_rect(self) -> pygame.Rect | None:
        fields = self.fields()
        name = fields[self.focus].name if self.focus < len(fields) else "start" if self.focus == len(fields) \
            else "back"
        el = self.widgets.get(name)
        return pygame.Rect(el.get_abs_rect()) if el is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        text(surface, "New game", (20, 12), 44, theme.ACCENT, bold=True)
        pygame.draw.line(surface, theme.PANEL_EDGE, (LEFT_W + 24, 66), (LEFT_W + 24, h - 90), 1)
        self._draw_picker(surface, LEFT_W + 40, 66, w - 20)
        self._draw_map(surface, LEFT_W + 40, 426)
        hint = "Up/Down: field · Left/Right or Space: change · type on a driver to name the player · Enter: Start · Esc: back"
        text(surface, hint, (20, h - 26), 17, theme.DIM)
        if self.message:
            for k, ln in enumerate(wrap(self.message, 19, w - 420)[:2]):
                text(surface, ln, (20, h - 72 + k * 20), 19, theme.WARN)
        for (stock, *_rest), ry in zip(self.rows, self.row_y, strict=False):
            vid = stock.label.split(" ")[0]
            while len(vid) > 2 and theme.font(17).size(vid)[0] > 46:
                vid = vid[:-1]
            text(surface, vid, (20, ry + 15), 17, theme.DIM, anchor="midleft")
        self.ui.draw_ui(surface)
        ring = self.focused_rect()
        if ring is not None:
            pygame.draw.rect(surface, theme.ACCENT, ring.inflate(6, 6), 2, border_radius=6)
        focused = self.fields()[self.focus] if self.focus < len(self.fields()) else None
        if focused is not None and focused.name.startswith(("opt_", "crew", "gear", "trucker", "martial")):
            note = _option_note(focused)
            box = pygame.Rect(20, h - 150, LEFT_W - 20, 66)
            for k, ln in enumerate(wrap(note, 17, box.width)[:3]):
                text(surface, ln, (box.x, box.y + k * 19), 17, theme.DIM)

    def _draw_picker(self, surface: pygame.Surface, x0: int, y0: int, right: int) -> None:
        if not self.rows:
            return
        stock, driver, colour, _crew = self.rows[self.picking]
        who = self.owner_name(driver.value) if not driver.value.startswith("foe: ") else driver.value
        text(surface, f"Vehicle for {stock.label.split(' ')[0]} ({who})", (x0, y0), 22, theme.ACCENT, bold=True)
        card = pygame.Rect(x0 + 262, y0 + 26, right - x0 - 262, 320)
        pygame.draw.rect(surface, theme.PANEL, card, border_radius=6)
        got = self._figures.get(stock.value, "")
        text(surface, stock.value[:30], (card.x + 10, card.y + 8), 22, theme.TEXT, bold=True)
        if got == "":
            text(surface, "reading the design...", (card.x + 10, card.y + 36), 17, theme.DIM)
            return
        if isinstance(got, str):
            for k, ln in enumerate(wrap(f"does not load: {got}", 16, card.width - 20)[:8]):
                text(surface, ln, (card.x + 10, card.y + 36 + k * 18), 16, theme.WARN)
            return
        fig, spec = got
        from game.render.sheet import draw_outline
        from rules.core.geometry import Pose
        from rules.play.state import VehicleState

        body = spec.body.replace("_", " ") if spec.body else spec.kind.value
        armor = " ".join(f"{k[0].upper()}{v}" for k, v in spec.sheet.armor.items() if not k.startswith("sidecar"))
        weapons = ", ".join(f"{w.abbr} {w.location}" for w in spec.sheet.weapons) or "none"
        rows = [f"{spec.kind.value}, {body}", f"weight {fig.weight:,} lb", f"price ${fig.price:,}",
                f"acceleration {fig.acceleration:g} mph", f"top speed {fig.top_speed:g} mph", f"HC {fig.hc}",
                f"armor {armor}"]
        y = card.y + 36
        for row in rows:
            text(surface, row, (card.x + 10, y), 17, theme.TEXT)
            y += 19
        for ln in wrap(f"weapons: {weapons}", 16, card.width - 150)[:4]:
            text(surface, ln, (card.x + 10, y), 16, theme.DIM)
            y += 18
        if fig.errors:
            text(surface, f"{len(fig.errors)} construction error(s)", (card.x + 10, y + 2), 16, theme.WARN)
        v = VehicleState("", "", spec, Pose.at(0, 0, 0), 0.0, 0.0, sheet=spec.sheet)
        draw_outline(surface, pygame.Rect(card.right - 136, card.y + 30, 130, 190), v,
                     theme.owner_colour(colour.value), compact=True)

    def _draw_map(self, surface: pygame.Surface, x0: int, y0: int) -> None:
        label = self.map_field.value if self.source.index == 0 else "the scenario's map"
        text(surface, f"Map: {label}", (x0, y0), 20, theme.ACCENT, bold=True)
        preview = self._preview[1] if self._preview is not None else None
        r = pygame.Rect(x0, y0 + 24, 260, 190)
        if preview is not None:
            surface.blit(preview, r)
        else:
            pygame.draw.rect(surface, theme.PANEL, r)
            text(surface, "no preview", r.center, 18, theme.DIM, anchor="center")
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1)


def _crew_label(driver: int, gunner: int) -> str:
    return f"Driver +{driver}, " + ("no Gunner skill" if gunner == UNTRAINED else f"Gunner +{gunner}")


def _option_note(f: Field) -> str:
    """What the focused rule option (or crew skill) does, in a line or two."""
    if f.name.startswith("crew"):
        return ("The crew's skills. Driver: added to the reflex roll at the start and taken off crash-table "
                "rolls (000:L158, L1309). Gunner: added to every shot the crew fire (000:L931); a crew with no Gunner "
                "skill fires at -3 (000:L1322).")
    if f.name.startswith("gear"):
        return ("What the crew wear aboard: light-intensifier goggles cut the night's penalty on their shots "
                "(000:L1521); tinted goggles shield them from a searchlight's glare after its first turn, as tinted "
                "windows do (000:L1533, L2674). One kind at a time.")
    if f.name.startswith("martial"):
        return ("The crew's Martial Arts, out of the vehicle: base +1 to hit hand-to-hand, +1 +1 damage, +2 +1 to "
                "hit, +3 a blow more a turn, +4 and +5 +1 damage each (000:L1332, garbled: reading PD44).")
    if f.name.startswith("trucker"):
        from rules.tables.rigs import rig_tables

        no_trucker, neither = rig_tables().trucker
        return (f"Trucker skill: a bus, ten-wheeler or tractor driven without it handles at HC {no_trucker}, or "
                f"{neither} without the Driver skill either (000:L1385).")
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
                "(000:L924); with heavy rain too, the -3 counts once. At night searchlights, flares, starshells, "
                "goggles and infrared sights change it.")
    if f.name == "opt_fire_step":
        return ("Combat on: after each phase's movement every vehicle may fire and drop weapons (000:L818)." if
                f.value == "on" else "Combat off: a driving-only game, for practice with the turning key.")
    if f.name == "opt_concussion":
        return ("The optional concussion rule (000:L472): a hard ram may stun crews, who then miss phases. "
                f"Now {f.value}.")
    if f.name == "opt_people":
        return ("People on foot (000:L1436-L1503): a crew may get out of a stopped car, or jump from a dead or "
                "burning one, and fight on with a submachine gun and grenades; cars run them down. "
                + ("Now on." if f.value == "on" else "Now off: the crews never leave their seats.")
                + " A scenario with men on foot plays with it on.")
    if f.name == "opt_hand_weapon_arcs":
        return ("Hand weapons fired from inside a vehicle: 'all' lets every crewman fire all round; 'windows' "
                "only out of the side windows, all round for a gunner or passenger under a sunroof "
                f"(000:L2672, reading PD46). Now {f.value}.")
    return ("The book names gunners as the crew who fire besides the driver (000:L822). With this on, "
            f"passengers take triggers too, after the gunners. Now {f.value}.")


def _seed() -> int:
    import time

    return int(time.time()) % 1_000_000


__all__ = ["NewGameScene", "ROOT"]
