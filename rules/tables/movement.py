"""Typed rules tables loaded from rules/data/*.toml and validated at start-up.

Every number the rules use comes from these files; a bad file raises DataError naming the place.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from rules.core.dice import DiceExpr
from rules.core.errors import DataError
from rules.core.geometry import CounterSize, Kind
from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml


def _node(path: Path) -> Node:
    return Node(load_toml(path), str(path))


def _dice(node: Node, key: str, default: str | None = None) -> DiceExpr:
    text = node.text(key, default)
    try:
        return DiceExpr.parse(text)
    except ValueError as exc:
        raise node.error(key, str(exc)) from None


# --- movement chart -------------------------------------------------------------------------


@dataclass(frozen=True)
class ChartRow:
    mph: float
    phases: tuple[float, float, float, float, float]
    ram: DiceExpr | None


@dataclass(frozen=True)
class MovementChart:
    rows: dict[int, ChartRow]  # keyed by speed in 2.5-mph steps (mph * 2 / 5)
    step: float
    max_mph: float
    ram_offset: int = 25
    ram_mph_per_die: int = 5
    pedestrian_factor: int = 4
    pedestrian_square: float = 0.25

    @property
    def phases_per_turn(self) -> int:
        """Phases in a turn: the chart's columns (000:L104)."""
        return len(next(iter(self.rows.values())).phases)

    def pedestrian(self, mph: float) -> tuple[float, float, float, float, float]:
        """Inches a pedestrian moves in each phase (001:L143): the 4x-speed row, a square per inch."""
        p = self.row(mph * self.pedestrian_factor).phases
        sq = self.pedestrian_square
        return (p[0] * sq, p[1] * sq, p[2] * sq, p[3] * sq, p[4] * sq)

    def row(self, mph: float) -> ChartRow:
        key = round(abs(mph) / self.step)
        if abs(key * self.step - abs(mph)) > 1e-9:
            raise ValueError(f"speed {mph} is not a multiple of {self.step} mph")
        if key not in self.rows:
            raise ValueError(f"speed {mph} is beyond the chart (0-{self.max_mph:g} mph)")
        return self.rows[key]

    def ram(self, mph: float) -> DiceExpr | None:
        """Ram dice at a collision speed; speeds off the 5-mph grid round up (reconstructed)."""
        mph = abs(mph)
        if mph == 0:
            return None
        mph = math.ceil(mph / 5 - 1e-9) * 5
        if mph > self.max_mph:
            return DiceExpr(int(mph - self.ram_offset) // self.ram_mph_per_die)
        return self.row(mph).ram


def load_movement_chart(path: Path) -> MovementChart:
    n = _node(path)
    step = n.number("step_mph", lo=0.5)
    rows: dict[int, ChartRow] = {}
    for r in n.tables("row"):
        mph = r.number("mph", lo=0)
        ph = r.array("phases")
        if len(ph) != 5 or not all(isinstance(x, (int, float)) and x >= 0 for x in ph):
            raise r.error("phases", "expected five non-negative numbers")
        ram_text = r.text("ram")
        ram = None if ram_text == "" else _dice(r, "ram")
        if (ram is None) != (mph == 0):
            raise r.error("ram", "only 0 mph has no ram dice")
        expect = mph / 10
        if abs(sum(ph) - expect) > 1e-9:
            raise r.error("phases", f"add up to {sum(ph)} inches, but {mph} mph moves {expect} inches a turn")
        rows[round(mph / step)] = ChartRow(mph, (ph[0], ph[1], ph[2], ph[3], ph[4]), ram)
        r.done()
    n.array("phase_order")
    max_mph = n.number("max_mph")
    beyond = n.table("ram_beyond")
    offset, per_die = beyond.integer("offset_mph"), beyond.integer("mph_per_die", lo=1)
    beyond.done()
    ped = n.table("pedestrian")
    ped_factor, ped_square = ped.integer("speed_factor", lo=1), ped.number("square", lo=0)
    ped.done()
    n.done()
    for k in range(round(max_mph / step) + 1):
        if k not in rows:
            raise DataError(str(path), "row", f"no row for {k * step:g} mph")
    return MovementChart(rows, step, max_mph, offset, per_die, ped_factor, ped_square)


# --- control table -------------------------------------------------------------------------

SAFE = "safe"
LOST = "XX"


@dataclass(frozen=True)
class ControlRow:
    lo: int
    hi: int
    cells: dict[int, str]  # hs -> "safe" | "XX" | "2".."6"
    crash_modifier: int


@dataclass(frozen=True)
class ControlTable:
    rows: tuple[ControlRow, ...]
    hs_max: int
    hs_min: int

    def row(self, mph: float) -> ControlRow:
        """Row holding the speed rounded up to a multiple of 5 (reconstructed indexing)."""
        s = math.ceil(abs(mph) / 5 - 1e-9) * 5
        for r in self.rows:
            if r.lo <= s <= r.hi:
                return r
        if s > self.rows[-1].hi:
            return self.rows[-1]
        raise ValueError(f"no Control Table row for {mph} mph")

    def cell(self, mph: float, hs: int) -> str:
        col = max(self.hs_min, min(self.hs_max, hs))
        return self.row(mph).cells[col]


def load_control_table(path: Path) -> ControlTable:
    n = _node(path)
    cols = n.array("hs_columns")
    if not all(isinstance(c, int) for c in cols):
        raise n.error("hs_columns", "expected integers")
    rows = []
    prev_hi = 0
    for r in n.tables("row"):
        bounds = r.array("mph")
        if len(bounds) != 2 or not all(isinstance(b, int) and not isinstance(b, bool) for b in bounds):
            raise r.error("mph", "expected [low, high] speeds in whole mph")
        lo, hi = bounds
        if lo != prev_hi + 5:
            raise r.error("mph", f"row starts at {lo}, expected {prev_hi + 5}")
        cells = r.array("cells")
        if len(cells) != len(cols):
            raise r.error("cells", f"expected {len(cols)} cells, found {len(cells)}")
        for i, c in enumerate(cells):
            if c not in (SAFE, LOST) and c not in ("1", "2", "3", "4", "5", "6"):
                raise r.error("cells", f"cell {i + 1} is {c!r}: expected safe, XX or 1..6")
        rows.append(ControlRow(lo, hi, dict(zip(cols, cells, strict=True)), r.integer("crash_modifier")))
        prev_hi = hi
        r.done()
    n.done()
    return ControlTable(tuple(rows), max(cols), min(cols))


# --- deceleration --------------------------------------------------------------------------


@dataclass(frozen=True)
class HeavyDutyBrakes:
    """Heavy-duty brakes (000:L2628): the standard table moved up by `shift_mph`, or the entry's own list."""

    accessory: str
    shift_mph: int
    max_mph: int
    printed: dict[int, tuple[int, DiceExpr]]
    source: str


@dataclass(frozen=True)
class Antilock:
    """ABS (000:L2974): no tire damage from braking; the road's part of a braking hazard D1 less."""

    accessory: str
    hazard_reduction: int
    conditions: tuple[str, ...]
    source: str


BRAKES = ("standard", "heavy_duty")
HD_READINGS = ("shifted", "printed")


@dataclass(frozen=True)
class Deceleration:
    safe_mph: int
    max_mph: int
    step: int
    rows: dict[int, tuple[int, DiceExpr]]
    beyond_d: int
    beyond_tire_mod: int
    heavy_duty: HeavyDutyBrakes | None = None
    antilock: Antilock | None = None

    def hazard(self, mph: float, brakes: str = "standard", reading: str = "shifted") -> tuple[int, DiceExpr]:
        """(difficulty, tire damage per tire) of slowing by `mph` in one turn; D0 = safe. `brakes`
        "heavy_duty" reads the HD brakes' figures in the `reading` of docs/RULES-DEVIATIONS.md AU1."""
        hd = self.heavy_duty
        if brakes == "heavy_duty" and hd is not None:
            if mph <= self.safe_mph + hd.shift_mph:
                return 0, DiceExpr(0)
            if reading == "printed":
                return self._lookup(mph, hd.printed)
            return self._lookup(mph - hd.shift_mph, self.rows)
        if mph <= self.safe_mph:
            return 0, DiceExpr(0)
        return self._lookup(mph, self.rows)

    def most(self, brakes: str = "standard") -> int:
        """The most a vehicle with these brakes may slow in one turn (000:L154, L2628)."""
        return self.heavy_duty.max_mph if brakes == "heavy_duty" and self.heavy_duty else self.max_mph

    def _lookup(self, mph: float, rows: dict[int, tuple[int, DiceExpr]]) -> tuple[int, DiceExpr]:
        step_mph = math.ceil(mph / self.step - 1e-9) * self.step
        if step_mph in rows:
            return rows[step_mph]
        higher = [k for k in rows if k > step_mph]
        if higher:    # a row the printed HD list skips (45 mph) takes the next one listed
            return rows[min(higher)]
        top = max(rows)
        d, tire = rows[top]
        k = (step_mph - top) // self.step
        return d + k * self.beyond_d, DiceExpr(tire.n, tire.mod + k * self.beyond_tire_mod)


def _decel_rows(nodes: Iterator[Node]) -> dict[int, tuple[int, DiceExpr]]:
    rows = {}
    for r in nodes:
        rows[r.integer("mph")] = (r.integer("difficulty", lo=0), _dice(r, "tire_damage"))
        r.text("source", "")
        r.done()
    return rows


def load_deceleration(path: Path) -> Deceleration:
    n = _node(path)
    rows = _decel_rows(n.tables("row"))
    b = n.table("beyond")
    hd_node, abs_node = n.table("heavy_duty"), n.table("antilock")
    hd = HeavyDutyBrakes(hd_node.text("accessory"), hd_node.integer("shift_mph", lo=0), hd_node.integer("max_mph", lo=0),
                         _decel_rows(hd_node.tables("printed_row")), hd_node.text("source"))
    antilock = Antilock(abs_node.text("accessory"), abs_node.integer("hazard_reduction", lo=0),
                        tuple(abs_node.array("conditions")), abs_node.text("source"))
    out = Deceleration(
        n.integer("safe_mph"), n.integer("max_mph"), n.integer("step_mph"), rows,
        b.integer("difficulty_per_step"), b.integer("tire_damage_mod_per_step"), hd, antilock,
    )
    for sub in (b, hd_node, abs_node):
        sub.done()
    n.done()
    return out


# --- maneuvers ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SkidOption:
    inches: float
    extra_difficulty: int
    aimed_fire: int
    decel_mph: int
    tire_hits: int


@dataclass(frozen=True)
class ManeuverTable:
    drift_max: float
    drift_d: int
    steep_max: float
    steep_d: int
    bend_deg_per_d: int
    bend_min: int
    bend_max: int
    key_degrees: tuple[int, ...]
    swerve_max_drift: float
    swerve_extra: int
    skids: dict[float, SkidOption]
    bootlegger_d: int
    bootlegger_tire_hits: int
    bootlegger_aimed_fire: int
    bootlegger_min: int
    bootlegger_max: int
    bootlegger_advance: float
    bootlegger_offset: float
    tstop_mph_per_d: int
    tstop_mph_per_inch: int
    tstop_mph_per_tire_hit: int
    tstop_crash_mph_per_point: int
    pivot_mph: float
    pivot_advance: float
    pivot_d: int
    pivot_degrees: tuple[int, ...]
    reverse_extra: int
    reverse_fraction: float
    fishtail_deg_per_square: float

    def bend_difficulty(self, degrees: float) -> int:
        return math.ceil(abs(degrees) / self.bend_deg_per_d - 1e-9)


def load_maneuvers(path: Path) -> ManeuverTable:
    n = _node(path)
    d, sd, b, sw = n.table("drift"), n.table("steep_drift"), n.table("bend"), n.table("swerve")
    cs, bl, ts, pv = n.table("controlled_skid"), n.table("bootlegger"), n.table("t_stop"), n.table("pivot")
    rv, ft = n.table("reverse"), n.table("fishtail")
    skids = {}
    for o in cs.tables("option"):
        opt = SkidOption(o.number("inches"), o.integer("extra_difficulty"), o.integer("aimed_fire"),
                         o.integer("decel_mph"), o.integer("tire_hits"))
        skids[opt.inches] = opt
        o.done()
    t = ManeuverTable(
        d.number("max_inches"), d.integer("difficulty"), sd.number("max_inches"), sd.integer("difficulty"),
        b.integer("degrees_per_difficulty"), b.integer("min_degrees"), b.integer("max_degrees"),
        tuple(b.array("key_degrees")), sw.number("max_drift"), sw.integer("extra_difficulty"), skids,
        bl.integer("difficulty"), bl.integer("tire_hits"), bl.integer("aimed_fire"), bl.integer("min_start_mph"), bl.integer("max_start_mph"),
        bl.number("final_advance"), bl.number("final_offset"),
        ts.integer("mph_per_difficulty"), ts.integer("mph_lost_per_inch"), ts.integer("mph_per_tire_hit"),
        ts.integer("crash_mph_per_point"),
        pv.number("mph"), pv.number("advance"), pv.integer("difficulty"), tuple(pv.array("key_degrees")),
        rv.integer("extra_difficulty"), rv.number("top_speed_fraction"), ft.number("degrees_per_square"),
    )
    for sub in (d, sd, b, sw, cs, bl, ts, pv, rv, ft):
        sub.done()
    n.done()
    return t


# --- crash tables --------------------------------------------------------------------------


@dataclass(frozen=True)
class CrashRow:
    max: int
    result: str
    aimed_fire: int
    skid: float = 0.0
    speed_loss: int = 0
    tire_hits: int = 0
    follow_up: str = ""
    tire_damage: DiceExpr | None = None
    speed_loss_per_turn: int = 0
    degrees_per_inch: int = 0
    side_damage: DiceExpr | None = None
    fire_on: int = 0
    flight: DiceExpr | None = None
    faces_per_inch: int = 0
    occupant_damage: int = 0
    drivable_corners: int = 0      # after a roll: drivable only upright with tires on this many corners
    squares: int = 0
    then_table1: bool = False


@dataclass(frozen=True)
class CrashTables:
    difficulty_offset: int
    table1: tuple[CrashRow, ...]
    table2: tuple[CrashRow, ...]

    def lookup(self, table: int, roll: int) -> CrashRow:
        rows = self.table1 if table == 1 else self.table2
        for r in rows:
            if roll <= r.max:
                return r
        return rows[-1]

    def severity(self, name: str) -> int:
        """How bad a result is, for the worst-result rule (000:L309): the higher the roll, the worse
        (000:L307), so Crash Table 1's row order ranks its results; a fishtail ranks by its squares."""
        for i, r in enumerate(self.table1):
            if r.result == name:
                return i + 1
        for r in self.table2:
            if r.result == name:
                return r.squares
        raise KeyError(name)

    def by_name(self, name: str) -> CrashRow:
        for r in self.table1 + self.table2:
            if r.result == name:
                return r
        raise KeyError(name)


def _crash_rows(t: Node) -> tuple[CrashRow, ...]:
    rows = []
    for r in t.tables("row"):
        def opt_dice(key: str, node: Node = r) -> DiceExpr | None:
            return _dice(node, key) if node.has(key) else None

        rows.append(CrashRow(
            max=r.integer("max"), result=r.text("result"), aimed_fire=r.integer("aimed_fire"),
            skid=r.number("skid", 0.0), speed_loss=r.integer("speed_loss", 0), tire_hits=r.integer("tire_hits", 0),
            follow_up=r.text("follow_up", ""), tire_damage=opt_dice("tire_damage"),
            speed_loss_per_turn=r.integer("speed_loss_per_turn", 0), degrees_per_inch=r.integer("degrees_per_inch", 0),
            side_damage=opt_dice("side_damage"), fire_on=r.integer("fire_on", 0), flight=opt_dice("flight"),
            faces_per_inch=r.integer("faces_per_inch", 0), occupant_damage=r.integer("occupant_damage", 0),
            drivable_corners=r.integer("drivable_corners", 0),
            squares=r.integer("squares", 0), then_table1=r.flag("then_table1", False),
        ))
        r.done()
    t.done(("source", "name"))
    return tuple(rows)


def load_crash_tables(path: Path) -> CrashTables:
    n = _node(path)
    out = CrashTables(n.integer("difficulty_offset"), _crash_rows(n.table("table1")), _crash_rows(n.table("table2")))
    n.done()
    return out


# --- hazards and handling --------------------------------------------------------------------


@dataclass(frozen=True)
class RoadCondition:
    add: int
    maneuvers_only: bool
    visibility: str = "clear"     # the to-hit visibility it brings (rain, 000:L923-L924)
    bad_footing: bool = False     # firing from it is on bad footing (000:L934)


@dataclass(frozen=True)
class Hazards:
    difficulty: dict[str, int]
    enemy_fire_bands: tuple[tuple[int, int], ...]
    collision_mph_per_d: int
    collision_min_d: int
    hs_on_last_tire: int
    hc_loss_tire: int
    hc_loss_wheel: int
    two_corners_speed_loss: int
    road: dict[str, RoadCondition]
    active_suspension: str = ""        # accessory id: a lost corner is a hazard, not the -6 (000:L2601)
    active_suspension_d: int = 0
    active_suspension_hc_loss: int = 0
    active_suspension_source: str = ""
    shocks: str = ""                   # HD shock absorbers' accessory: every hazard D1 less (000:L2590)
    shocks_reduction: int = 0
    shocks_source: str = ""

    def enemy_fire(self, hits: int) -> int:
        d = 0
        for lo, dd in self.enemy_fire_bands:
            if hits >= lo:
                d = dd
        return d

    def collision(self, speed_change: float) -> int:
        return max(self.collision_min_d, math.ceil(abs(speed_change) / self.collision_mph_per_d - 1e-9))


def load_hazards(path: Path) -> Hazards:
    n = _node(path)
    diff = {}
    hz = n.table("hazard")
    for name, h in hz.items():
        diff[name] = h.integer("difficulty", lo=0)
        h.done()
    ef = n.table("enemy_fire")
    bands = tuple(ef.pairs("bands"))
    col, tl, rc = n.table("collision"), n.table("tire_loss"), n.table("road_condition")
    road = {}
    for name, r in rc.items():
        road[name] = RoadCondition(r.integer("add"), r.flag("maneuvers_only"),
                                   r.text("visibility", "clear", choices=("clear", "rain", "heavy_rain")),
                                   r.flag("bad_footing", False))
        r.done()
    out = Hazards(diff, bands, col.integer("mph_per_difficulty"), col.integer("min_difficulty"),
                  tl.integer("hs_on_last_tire"), tl.integer("hc_loss_tire"), tl.integer("hc_loss_wheel"),
                  tl.integer("two_corners_speed_loss_per_turn"), road,
                  tl.text("active_suspension", ""), tl.integer("active_suspension_d", 0, lo=0),
                  tl.integer("active_suspension_hc_loss", 0, lo=0), tl.text("active_suspension_source", ""))
    sh = n.table("shocks", {})
    out = replace(out, shocks=sh.text("accessory", ""), shocks_reduction=sh.integer("reduction", 0, lo=0),
                  shocks_source=sh.text("source", ""))
    for sub in (ef, col, tl, sh):
        sub.done()
    n.done()
    return out


@dataclass(frozen=True)
class HandlingTable:
    reflex_bonus: tuple[tuple[int, int], ...]
    hs_min: int
    hs_max_column: int
    recovery_minimum: int
    unskilled_penalty: dict[str, int]
    counters: dict[Kind, CounterSize] = field(default_factory=dict)

    def reflex(self, modified_roll: int) -> int:
        bonus = 0
        for lo, b in self.reflex_bonus:
            if modified_roll >= lo:
                bonus = b
        return bonus


def load_handling(path: Path) -> HandlingTable:
    n = _node(path)
    counters = {}
    ct = n.table("counter")
    for kind in (Kind.CAR, Kind.TRIKE, Kind.CYCLE):   # oversized kinds: each body's own counter (rules.tables.rigs)
        c = ct.table(kind.value)
        counters[kind] = CounterSize(c.number("length"), c.number("width"))
        c.done()
    ct.done()
    out = HandlingTable(
        tuple(n.pairs("reflex_bonus")), n.integer("hs_min"), n.integer("hs_max_column"),
        n.integer("recovery_minimum"), n.int_map("unskilled_penalty"), counters,
    )
    n.done(("source", "title", "reflex_source", "recovery_source", "unskilled_source"))
    return out


# --- all tables -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Tables:
    chart: MovementChart
    control: ControlTable
    decel: Deceleration
    maneuvers: ManeuverTable
    crash: CrashTables
    hazards: Hazards
    handling: HandlingTable


def load_tables(data_dir: Path = DATA_DIR) -> Tables:
    return Tables(
        load_movement_chart(data_dir / "movement_chart.toml"),
        load_control_table(data_dir / "control_table.toml"),
        load_deceleration(data_dir / "deceleration.toml"),
        load_maneuvers(data_dir / "maneuvers.toml"),
        load_crash_tables(data_dir / "crash_tables.toml"),
        load_hazards(data_dir / "hazards.toml"),
        load_handling(data_dir / "handling.toml"),
    )


@lru_cache(maxsize=1)
def tables() -> Tables:
    """The rules tables, loaded once."""
    return load_tables()
