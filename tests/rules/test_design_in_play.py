"""Design features that change play: the HD transmission's low gear (000:L2629), off-road suspension and
tires (000:L512-L519, L1833-L1835) and weapon options in combat (000:L2463)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rules.combat.shooting import Combatant, Declaration, combatant_of, resolve_fire
from rules.combat.to_hit import target_type_of, weapon_info
from rules.core.dice import DiceExpr, ScriptedDice
from rules.core.events import Damaged, DamageRolled
from rules.core.geometry import CounterSize, Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.movement import speed_options
from rules.play.actions import SetSpeed
from rules.play.context import Ctx
from rules.play.state import GameState
from rules.play.terrain import terrain_turn_end, terrain_turn_start
from rules.tables.movement import tables
from rules.vehicles.design import Design, load_stock
from rules.vehicles.starting_sheet import record_sheet, spec


def _game(design: str, mph: float) -> GameState:
    setup = GameSetup((VehicleSetup("a", "a", design, Pose.at(0, 0, 0), speed=mph),), seed=1)
    return engine.new_game(setup)[0]


# --- the HD transmission (000:L2629) -----------------------------------------------------------------


def test_buffalo_low_gear_from_rest_000_L2629() -> None:
    """The Buffalo has an HD transmission: 2.5 mph a turn below 25 mph, though its figure is 5."""
    s = spec(load_stock("Buffalo"))
    assert s.low_gear is not None and s.acceleration > s.low_gear[0]
    v = _game("Buffalo", 0).vehicle("a")
    assert max(speed_options(tables(), v)) == s.low_gear[0]
    stopped = speed_options(tables(), replace(v, full_stop=True))  # a full turn at rest: reverse allowed
    assert min(stopped) == -s.low_gear[0]  # reverse from rest is in low gear too (000:L237, L2629)


def test_buffalo_low_gear_refuses_its_full_figure_000_L2629() -> None:
    state = _game("Buffalo", 0)
    problem = engine.check(state, SetSpeed("a", 5.0))
    assert problem is not None and "2.5 mph a turn" in problem and "000:L2629" in problem
    assert engine.check(state, SetSpeed("a", 2.5)) is None


def test_buffalo_full_acceleration_from_25_mph_000_L2629() -> None:
    """Just under 25 mph it is still in low gear; at 25 mph it has its full figure."""
    s = spec(load_stock("Buffalo"))
    assert s.low_gear is not None
    below = s.low_gear[1] - tables().chart.step
    assert max(speed_options(tables(), _game("Buffalo", below).vehicle("a"))) == below + s.low_gear[0]
    at = s.low_gear[1]
    assert max(speed_options(tables(), _game("Buffalo", at).vehicle("a"))) == at + s.acceleration
    assert engine.check(_game("Buffalo", at), SetSpeed("a", at + s.acceleration)) is None


# --- off-road suspension and tires (000:L512-L519, L1834-L1835) ---------------------------------------

MAPS = Path(__file__).resolve().parents[2] / "maps"
PARK, ROAD = (21.0, 23.0), (16.0, 11.0)   # open ground and a street on the town map


def _on(design: str, where: tuple[float, float], mph: float = 40) -> Ctx:
    setup = GameSetup((VehicleSetup("a", "p1", design, Pose.at(*where, 0), mph),), seed=5, map=str(MAPS / "town.toml"))
    return Ctx(engine.new_game(setup)[0], ScriptedDice([1] * 20))


def _with(ctx: Ctx, design: Design) -> Ctx:
    ctx.update("a", spec=spec(design))
    return ctx


def _base(ctx: Ctx) -> int:
    """The HC the design and the driver's reflexes give, before any off-road change."""
    v = ctx.v("a")
    return v.spec.hc + v.reflex_bonus


def test_duelbuggy_off_road_suspension_and_tires_gain_1_hc_off_road_000_L512_L1834() -> None:
    """Off-road suspension: no -3 for a car off-road (000:L512-L516); OR tires: +1 HC there (000:L1834)."""
    s = spec(load_stock("Duelbuggy"))
    assert s.off_road_suspension and s.off_road_tire_hc == 1 and not s.off_road_damage
    park, road = _on("Duelbuggy", PARK), _on("Duelbuggy", ROAD)
    assert park.v("a").off_road and park.v("a").hc == _base(park) + 1
    assert not road.v("a").off_road and road.v("a").hc == _base(road)   # no benefit on the road (000:L1834)


def test_off_road_suspension_alone_spares_the_penalty_000_L512_L516() -> None:
    plain_tires = replace(load_stock("Duelbuggy"), tire_mods=())
    park = _with(_on("Duelbuggy", PARK), plain_tires)
    assert park.v("a").hc == _base(park)
    unmodified = _with(_on("Duelbuggy", PARK), replace(plain_tires, suspension="heavy"))
    assert unmodified.v("a").hc == _base(unmodified) - 3


def test_off_road_tires_alone_offset_one_point_of_the_penalty_000_L1834() -> None:
    ctx = _with(_on("Duelbuggy", PARK), replace(load_stock("Duelbuggy"), suspension="heavy"))
    assert ctx.v("a").hc == _base(ctx) - 3 + 1


def test_radials_lose_their_bonus_off_road_000_L517_L1833() -> None:
    """The Capricorn's radial tires add 1 HC on the road; off-road it has neither that nor 3 more."""
    s = spec(load_stock("Capricorn"))
    assert s.road_tire_hc == 1 and not s.off_road_suspension
    park, road = _on("Capricorn", PARK), _on("Capricorn", ROAD)
    assert road.v("a").hc == _base(road)
    assert park.v("a").hc == _base(park) - 3 - 1
    plain = spec(replace(load_stock("Capricorn"), tire_mods=()))
    assert s.hc == plain.hc + 1        # the bonus is in the design's HC ...
    assert park.v("a").hc == plain.hc + park.v("a").reflex_bonus - 3   # ... and gone off-road


def test_racing_slicks_lose_their_bonus_off_road_000_L517_L1835() -> None:
    slicks = replace(load_stock("Capricorn"), tire="standard", tire_mods=("racing_slick",))
    assert spec(slicks).road_tire_hc == 2
    park = _with(_on("Capricorn", PARK), slicks)
    assert park.v("a").hc == _base(park) - 3 - 2


def test_a_trike_with_off_road_suspension_loses_nothing_off_road_000_L512_L1834() -> None:
    park = _on("Sandcrab", PARK)
    assert park.v("a").hc == _base(park) + 1   # no -1 for a trike, +1 for its OR tires


def _damage_events(ctx: Ctx) -> list[str]:
    terrain_turn_end(ctx)
    return [e.text for e in ctx.log.events if isinstance(e, Damaged) and e.cause == "off-road"]


def test_off_road_tires_take_no_off_road_damage_000_L518_L1834() -> None:
    """Snake eyes (2) on the 2d off-road roll hits an unmodified car's underbody; OR tires spare it."""
    assert _damage_events(_on("Duelbuggy", PARK)) == []
    no_or_tires = _with(_on("Duelbuggy", PARK), replace(load_stock("Duelbuggy"), tire_mods=()))
    assert _damage_events(no_or_tires)   # off-road suspension alone does not spare it (reading)


def test_off_road_suspension_wades_the_2_ft_pond_losing_5_mph_not_20_000_L529() -> None:
    """Water drags 5 mph a turn per ½ ft (2 ft: 20 mph); with OR suspension 5 mph above 1½ ft."""
    pond = (24.5, 26.5)
    plain = _with(_on("Duelbuggy", pond), replace(load_stock("Duelbuggy"), suspension="heavy"))
    buggy = _on("Duelbuggy", pond)
    terrain_turn_start(plain)
    terrain_turn_start(buggy)
    assert (plain.v("a").speed, buggy.v("a").speed) == (40 - 20, 40 - 5)


# --- weapon options in combat (000:L2463) -----------------------------------------------------------

CAR_SIZE = CounterSize(1.0, 0.5)


def _combatant(vid: str, name: str, x: float, facing: float) -> Combatant:
    design = load_stock(name)
    return combatant_of(vid, "car", target_type_of("car", design.body), Pose.at(x, 0, facing), CAR_SIZE, 0.0,
                        facing, record_sheet(design))


def _laser_damage(gt: Combatant) -> tuple[str, int]:
    """The Cobra GT's turret laser hits the Killer Kart (6+6 to hit) and rolls 1, 1, 1 for damage."""
    cs = {"gt": gt, "kart": _combatant("kart", "Killer Kart", 4, 270)}
    res = resolve_fire(cs, [Declaration("gt", "L1", "kart")], ScriptedDice([6, 6, 1, 1, 1] + [1] * 20), turn=1)
    rolled = [e for e in res.events if isinstance(e, DamageRolled) and e.weapon == "L1"]
    assert len(rolled) == 1, [e.text for e in res.events]
    return rolled[0].text, rolled[0].points


def test_cobra_gt_pulse_laser_adds_1_per_die_000_L2463() -> None:
    """A pulse laser does 3d+3 where the plain laser does 3d: three 1s are 6 points, not 3."""
    gt = _combatant("gt", "Cobra GT", 0, 90)
    assert gt.weapon("L1").options == ("pulse",)
    text, points = _laser_damage(gt)
    assert points == 6 and "3d+3" in text
    plain = replace(gt, weapons=tuple(replace(w, options=()) for w in gt.weapons))
    assert _laser_damage(plain)[1] == 3


def test_pulse_laser_has_no_area_effect_000_L2463() -> None:
    assert weapon_info("L").effect == "area"
    pulse = weapon_info("L", ("pulse",))
    assert pulse.effect == "" and pulse.damage == DiceExpr(3, 3)
    assert weapon_info("HL", ("pulse",)).damage == DiceExpr(4, 4)   # the text's own example: 4d+4
