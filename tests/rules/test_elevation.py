"""Heights on the map (issue 17): buildings' storeys and walls' heights in the map format, lines of fire
that pass over low things and are stopped by tall ones, firing up and down, the street weapons' reach and
rubble sighted over from a roof (000:L1207, L1214-L1216; 002 "Height Modifications"; 000:L1459)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.combat.elevation import level_at, roof_at
from rules.combat.line_of_fire import blocker
from rules.combat.to_hit import Shot, to_hit
from rules.core.geometry import Pose, Vec
from rules.engine import engine
from rules.engine.scenarios import game_setup, load_scenario
from rules.play import people
from rules.play.actions import Fire
from rules.play.people_actions import Shoot, Walk
from rules.play.state import FIRE, MOVE, GameState, evolve
from rules.tools.query import answer
from rules.world.map_changes import NO_CHANGES, MapChanges
from rules.world.map_model import Building, Wall
from rules.world.maps import dumps_map, load_map, map_from_data, map_to_data, static_shapes, validate_map
from rules.world.shapes import Rect

ROOFTOPS = "maps/rooftops.toml"
SCENARIO = "maps/scenarios/rooftop_gunners.toml"


def heights(map_id: str) -> dict[str, object]:
    return {str(s.properties["id"]): s.properties.get("height_ft") for s in static_shapes(load_map(map_id))}


# --- the map format ------------------------------------------------------------------------------------


def test_storeys_and_wall_heights_are_read_and_written_000_L1215() -> None:
    """000:L1215: a storey is ten feet; the map gives a building's storeys and a wall's height in feet."""
    m = load_map(ROOFTOPS)
    assert [b.storeys for b in m.buildings] == [1, 2, 3, 4, None]
    assert m.walls[0].height_ft == 3
    h = heights(ROOFTOPS)
    assert h["buildings[1]"] == 20 and h["buildings[3]"] == 40
    assert h["walls[0]"] == 3
    text = dumps_map(map_to_data(m))
    assert "storeys = 4" in text and "height_ft = 3" in text
    again = map_from_data(__import__("tomllib").loads(text), "again")
    assert again.buildings == m.buildings and again.walls == m.walls


def test_old_maps_load_unchanged_a_building_without_storeys_is_one_storey_000_L1215() -> None:
    """Reading EL1: a map that gives no storeys has one-storey buildings (10 ft) and walls of no stated
    height; the file written back says nothing new."""
    m = load_map("maps/town.toml")
    assert all(b.storeys is None for b in m.buildings) and all(w.height_ft is None for w in m.walls)
    h = heights("maps/town.toml")
    assert {v for k, v in h.items() if k.startswith("buildings[")} == {10.0}
    assert not any(k.startswith("walls[") and v is not None for k, v in h.items())
    text = dumps_map(map_to_data(m))
    assert "storeys" not in text and "height_ft" not in text


@pytest.mark.parametrize("feature, where", [
    (Building(Rect(2, 2, 3, 3), 10, storeys=31), "buildings[0].storeys"),
    (Wall(Rect(2, 2, 3, 0.25), 10, height_ft=-1.0), "walls[0].height_ft"),
])
def test_a_bad_height_is_a_map_problem_000_L1215(feature: object, where: str) -> None:
    m = load_map(ROOFTOPS)
    layer = "buildings" if isinstance(feature, Building) else "walls"
    bad = replace(m, **{layer: (feature,)})
    assert where in [p.where for p in validate_map(bad)]


def test_a_bad_storeys_value_in_a_file_names_the_place(tmp_path: Path) -> None:
    text = Path(ROOFTOPS).read_text().replace("storeys = 4", "storeys = 0")
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(Exception) as e:
        load_map(str(path))
    assert "buildings[3]" in str(e.value) and "storeys" in str(e.value)


# --- lines of fire with heights --------------------------------------------------------------------------


def test_roofs_are_found_under_a_man_000_L1215() -> None:
    assert roof_at(ROOFTOPS, NO_CHANGES, Vec(13, 5)) == ("buildings[1]", 20.0)
    assert level_at(ROOFTOPS, NO_CHANGES, Vec(13, 10)) == 0.0
    assert level_at(ROOFTOPS, NO_CHANGES, Vec(27, 15)) == 10.0   # the Shed: no storeys given, one storey


def test_a_building_still_stops_fire_between_two_on_the_ground_000_L826() -> None:
    """On the ground a building of any height stops a line through it, as before."""
    a, b = Vec(1, 4.5), Vec(9, 4.5)   # through the one-storey Diner, both ends on the ground
    assert blocker({}, ROOFTOPS, a, b, ()) == "buildings[0]"
    assert blocker({}, ROOFTOPS, a, b, (), NO_CHANGES, (0.0, 0.0)) == "buildings[0]"


TOWER = """format_version = 1
name = "Tower"
size = { width = 12, height = 6 }
buildings = [
    { rect = [0, 2, 2, 2], dp = 10, storeys = 5 },
    { rect = [4, 2, 2, 2], dp = 10, storeys = 1 },
]
"""


def test_from_a_roof_a_line_passes_over_a_lower_building_but_not_into_the_ground_behind_it_000_L1215(
        tmp_path: Path) -> None:
    """From a 50-ft tower's roof a shot over a one-storey building reaches the street well beyond it, but a
    man close behind it is in its dead ground (the line is below its 10-ft roof there); from the ground
    the same building hides both."""
    path = tmp_path / "tower.toml"
    path.write_text(TOWER)
    roof, far, close = Vec(1.9, 3), Vec(8, 3), Vec(6.2, 3)
    assert blocker({}, str(path), roof, far, (), NO_CHANGES, (50.0, 0.0)) is None
    assert blocker({}, str(path), roof, close, (), NO_CHANGES, (50.0, 0.0)) == "buildings[1]"
    assert blocker({}, str(path), Vec(3, 3), far, (), NO_CHANGES, (0.0, 0.0)) == "buildings[1]"
    # a line up from the street to the tower's roof over the low building: the same geometry reversed
    assert blocker({}, str(path), far, roof, (), NO_CHANGES, (0.0, 50.0)) is None


def test_a_taller_building_stops_a_line_from_a_lower_roof_000_L1215() -> None:
    """From the street east of the Hotel (30 ft) up to the Bank's roof (20 ft) the Hotel is in the way."""
    assert blocker({}, ROOFTOPS, Vec(25, 4.5), Vec(15.5, 4.5), (), NO_CHANGES, (0.0, 20.0)) == "buildings[2]"


def test_the_roof_a_man_stands_on_never_stops_his_own_shot() -> None:
    """Reading EL4: he fires from the roof's edge; his own building is not in the way."""
    assert blocker({}, ROOFTOPS, Vec(13.125, 6.625), Vec(13.125, 10), (), NO_CHANGES, (20.0, 0.0)) is None
    assert blocker({}, ROOFTOPS, Vec(13.125, 3.0), Vec(13.125, 10), (), NO_CHANGES, (20.0, 0.0)) is None


def test_a_low_wall_lets_ground_fire_over_but_stops_a_man_walking_000_L1459() -> None:
    """Reading EL2/EL3: a 3-ft wall is below a line of fire (5 ft up): shots pass over it; as a motion
    test (no heights) it is still solid."""
    a, b = Vec(20, 11), Vec(20, 15)
    assert blocker({}, ROOFTOPS, a, b, (), NO_CHANGES, (0.0, 0.0)) is None
    assert blocker({}, ROOFTOPS, a, b, ()) == "walls[0]"


def test_rubble_is_sighted_over_from_a_roof_but_not_on_the_ground_000_L1207() -> None:
    """000:L1207: rubble blocks lines between roads as the building did, but from or to an elevated
    position it can be sighted over."""
    fallen = MapChanges(rubble=("buildings[0]",))
    a, b = Vec(1, 4.5), Vec(9, 4.5)
    assert blocker({}, ROOFTOPS, a, b, (), fallen, (0.0, 0.0)) == "buildings[0]"
    bank_roof = Vec(10.5, 4.5)
    assert blocker({}, ROOFTOPS, bank_roof, Vec(1.0, 4.5), (), fallen, (20.0, 0.0)) is None
    assert roof_at(ROOFTOPS, fallen, Vec(4, 4)) is None   # nobody stands on a roof that fell


# --- to-hit ------------------------------------------------------------------------------------------------


def test_firing_up_is_minus_one_per_ten_feet_and_down_is_free_000_L1215() -> None:
    base = Shot(base=7, range=3, target="pedestrian")
    up = to_hit(replace(base, height_ft=25))
    line = next(m for m in up.modifiers if m.name.startswith("firing up"))
    assert line.value == -2 and line.rule == "000:L1215"
    assert up.need == to_hit(base).need + 2
    assert to_hit(replace(base, height_ft=-30)).need == to_hit(base).need
    assert to_hit(replace(base, height_ft=9)).need == to_hit(base).need


def test_a_street_weapon_reaches_a_fourth_floor_roof_only_from_farther_off_000_L1215() -> None:
    """000:L1215: a third-storey roof (30 ft) or higher cannot be hit from the street unless the vehicle is
    farther from it than it is high (30 ft = 2"); universal turrets and hand weapons can."""
    near = Shot(base=7, range=1.5, target="pedestrian", height_ft=30, from_street=True)
    assert not to_hit(near).allowed and "universal turrets" in to_hit(near).why
    assert to_hit(replace(near, range=2.5)).allowed
    assert to_hit(replace(near, from_street=False)).allowed          # a universal turret, a hand weapon
    assert to_hit(replace(near, height_ft=20)).allowed               # a second-storey roof is in reach


def test_the_query_op_takes_height_and_street_000_L1215() -> None:
    plain = answer({"op": "to_hit", "weapon": "MG", "range": 1.5, "target": "pedestrian", "target_side": "front",
                    "target_speed": 0, "firer_speed": 0})
    up = answer({"op": "to_hit", "weapon": "MG", "range": 1.5, "target": "pedestrian", "target_side": "front",
                 "target_speed": 0, "firer_speed": 0, "height_ft": 20})
    assert up["need"] == plain["need"] + 2 and "why" not in plain
    high = answer({"op": "to_hit", "weapon": "MG", "range": 1.5, "target": "pedestrian", "target_side": "front",
                   "target_speed": 0, "firer_speed": 0, "height_ft": 40, "from_street": True})
    assert high["need"] == 13 and "000:L1214-L1216" in high["why"]
    hand = answer({"op": "to_hit", "weapon": "Rifle", "range": 3, "target": "pedestrian", "firer_speed": 0,
                   "firer": "pedestrian", "height_ft": 20})
    assert any(m["name"].startswith("firing up") for m in hand["modifiers"])


# --- in play -----------------------------------------------------------------------------------------------


def rooftop_game(seed: int = 3) -> GameState:
    return engine.new_game(game_setup(load_scenario(SCENARIO), seed=seed))[0]


def placed(state: GameState, **where: tuple[float, float]) -> GameState:
    """People moved to new squares (x, y), vehicles too (x, y, facing)."""
    ps = tuple(replace(p, pose=Pose.at(*where[p.id], p.pose.facing)) if p.id in where else p for p in state.people)
    vs = tuple(replace(v, pose=Pose.at(*where[v.id])) if v.id in where else v for v in state.vehicles)
    return evolve(state, people=ps, vehicles=vs)


def at_fire(state: GameState) -> GameState:
    return evolve(state, step=FIRE)


def test_a_man_on_a_roof_fires_down_free_and_is_fired_up_at_000_L1215() -> None:
    """The Bank's gunner (20 ft) firing down at a car in the street takes no height line; the Offices'
    gunner (40 ft) firing down at the Bank's (20 ft) neither; the Bank's firing up at the Offices' is -2."""
    s = at_fire(rooftop_game())
    down = people.hand_to_hit(s, Shoot("red_roof", "Rifle", "blue"))
    assert not any(m.name.startswith("firing up") for m in down.modifiers)
    up = people.hand_to_hit(s, Shoot("red_roof", "Rifle", "blue_roof"))
    assert next(m for m in up.modifiers if m.name.startswith("firing up")).value == -2
    free = people.hand_to_hit(s, Shoot("blue_roof", "Rifle", "red_roof"))
    assert not any(m.name.startswith("firing up") for m in free.modifiers)


def test_a_car_close_under_the_fourth_floor_cannot_fire_up_at_it_but_from_across_the_street_it_can_000_L1215() -> None:
    s = at_fire(rooftop_game())
    far = placed(s, red=(8.0, 9.0, 180.0))   # facing the Offices, 4.4" from the man on its roof
    options = people.vehicle_fire_options(far, "red")
    assert any(a.target == "blue_roof" for a in options)
    th = people.vehicle_shot_to_hit(far, next(a for a in options if a.target == "blue_roof"))
    assert next(m for m in th.modifiers if m.name.startswith("firing up")).value == -4
    near = placed(s, red=(8.0, 12.4, 180.0))   # on the sidewalk under the roof's edge: under 2" away
    assert not any(a.target == "blue_roof" for a in people.vehicle_fire_options(near, "red"))
    assert not people.vehicle_shot_to_hit(near, Fire("red", "MG1", "blue_roof")).allowed


def test_a_man_prone_behind_a_low_wall_is_safe_and_minus_two_when_he_fires_000_L1459() -> None:
    """000:L1459 (001:L169): prone behind a wall he is completely safe; when he puts his head out to fire
    he is -2 to hit. Standing, or far from the wall, it does not cover him (reading EL3)."""
    s = at_fire(placed(rooftop_game(), blue=(20.0, 10.0, 180.0)))
    assert not any(a.target == "red_wall" for a in people.vehicle_fire_options(s, "blue"))
    th = people.vehicle_shot_to_hit(s, Fire("blue", "MG1", "red_wall"))
    assert not th.allowed and "full cover" in th.why
    fired = evolve(s, people=tuple(replace(p, fired_turn=s.turn) if p.id == "red_wall" else p for p in s.people))
    th = people.vehicle_shot_to_hit(fired, Fire("blue", "MG1", "red_wall"))
    assert th.allowed and any(m.name == "pedestrian leaning out of cover" and m.value == -2 for m in th.modifiers)
    standing = evolve(s, people=tuple(replace(p, prone=False) if p.id == "red_wall" else p for p in s.people))
    assert any(a.target == "red_wall" for a in people.vehicle_fire_options(standing, "blue"))


def test_a_man_on_a_roof_walks_its_top_but_not_off_its_edge() -> None:
    """Reading EL5: climbing down is not played; he keeps to his roof."""
    s = evolve(rooftop_game(), step=MOVE)
    p = people.person(s, "red_roof")
    assert p is not None
    assert people._step_problem(s, p, 0, -1) is None              # back across the roof
    assert "roof's edge" in (people._step_problem(s, p, 0, 1) or "")   # off the front: a 20-ft drop
    assert Walk("red_roof", 0, 1) not in people.walk_options(s, "red_roof")


def test_a_grenade_thrown_down_from_a_roof_is_harder_000_L1215() -> None:
    """000:L1215: throwing is -1 for every ten feet of height difference, up or down."""
    s = rooftop_game()
    p = people.person(s, "blue_roof")
    assert p is not None
    assert people.throw_height_penalty(s, p, Vec(8, 10)) == 4      # 40 ft down to the street
    assert people.throw_height_penalty(s, p, Vec(6, 15)) == 0      # on his own roof


def test_the_rooftop_scenario_plays_with_random_drivers() -> None:
    from rules.ai import random_driver

    state = rooftop_game(11)
    for n in range(300):
        if state.over:
            break
        who = engine.to_act(state)
        if not who:
            break
        action, _ = random_driver.pick(state, who[0], engine.legal_actions(state, who[0]), 11, n)
        state, _ = engine.apply(state, action)
    assert state.turn >= 2


def test_a_universal_turret_reaches_the_fourth_floor_from_close_by_000_L1215() -> None:
    """000:L1215: universal turrets (and hand weapons) are the way to fire on such heights: the Cobra GT's
    universal-turret laser may fire up at the Offices' roof from the sidewalk below it; its sheet says
    universal, the Hotshot's guns do not."""
    setup = game_setup(load_scenario(SCENARIO), seed=3)
    cobra = replace(setup.vehicles[0], design="Cobra GT", pose=Pose.at(8.0, 12.4, 180.0))
    s = at_fire(engine.new_game(replace(setup, vehicles=(cobra, setup.vehicles[1])))[0])
    laser = next(w for w in s.vehicle("red").sheet.weapons if w.location == "turret")
    assert laser.universal and not any(w.universal for w in s.vehicle("blue").sheet.weapons)
    th = people.vehicle_shot_to_hit(s, Fire("red", laser.id, "blue_roof"))
    assert th.allowed and any(m.name == "firing up (40 ft higher)" and m.value == -4 for m in th.modifiers)
    assert Fire("red", laser.id, "blue_roof") in people.vehicle_fire_options(s, "red")


def test_a_grenade_in_the_street_does_not_reach_a_man_on_the_roof_above_000_L1215() -> None:
    """Reading EL6: a blast stays on its level: on the sidewalk it hurts the man beside it there and spares
    the one on the roof right above."""
    from rules.core.dice import ScriptedDice
    from rules.people.record import Grenade
    from rules.play.context import Ctx

    s = placed(rooftop_game(), red_wall=(13.625, 7.625))
    ctx = Ctx(s, ScriptedDice([6] * 20, fallback_seed=1))
    g = Grenade("G1", "explosive", "blue_roof", (8.0, 13.0), (13.125, 7.5), 9, 0, 0, point=(13.125, 7.5))
    people._blast(ctx, g)
    hurt = {p.id: p.damage + (p.armor_left < 3) for p in ctx.state.people}
    assert hurt["red_wall"] > 0 and hurt["red_roof"] == 0
