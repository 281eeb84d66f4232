"""What a player who pressed F1 and read the screen needs for issue 17's parts (the playtest of 2026-12-02):
the keys are listed, the help fits the 1280x800 window, the fire step's part rows are named."""

from __future__ import annotations

from game.editor.keys import EDITOR_HELP
from game.input.bindings import HELP
from game.scenes.help import HelpScene


def test_f1_lists_the_booster_key_and_the_fire_steps_parts_000_L2649_L2632() -> None:
    """B fires a rocket booster (000:L2649) or a jump jet (000:L2632) in the speed step; it was handled but not
    listed, so a player who read F1 never found it."""
    keys = dict(HELP)
    assert "booster" in keys["B"] and "jump jet" in keys["B"]
    assert all(word in keys["Enter"] for word in ("searchlight", "flare", "nitrous", "ejection seat"))


def test_every_help_row_ends_above_the_closing_line_at_1280x800(app) -> None:
    for entries in (HELP, EDITOR_HELP):
        box, bottom = HelpScene(app, entries).layout(1280, 800)
        assert bottom <= box.bottom - 32, (len(entries), bottom, box.bottom)


def _jumper(tmp_path):
    from dataclasses import replace

    from rules.core.geometry import Pose
    from rules.engine.engine import new_game
    from rules.engine.setup import GameSetup, VehicleSetup
    from rules.vehicles.design import AccessoryEntry, dumps_design, load_stock
    d = load_stock("Mauler")
    d = replace(d, accessories=d.accessories + (AccessoryEntry("rocket_booster", facing="underbody", lb=120, burn=120),
                                                AccessoryEntry("rocket_booster", facing="back", lb=50, burn=50)))
    path = tmp_path / "jumper.toml"
    path.write_text(dumps_design(d))
    setup = GameSetup((VehicleSetup("J", "p", str(path), Pose.at(10, 15, 90), 40),), seed=5)
    return new_game(setup)[0].vehicle("J")


def test_the_sheet_says_what_a_ready_jump_jet_lifts_not_plus_0_mph_000_L2632(tmp_path) -> None:
    """A jump jet pushes the car up (000:L2632, reading JJ1): its sheet line said "+0 mph"; it says the climb of a
    burn from the ground, as the speed panel's button does. A back booster still says its mph (000:L2651)."""
    from game.render.sheet import booster_lines
    words = [w for w, _c in booster_lines(_jumper(tmp_path))]
    assert any("underbody jump jet: ready, +0.25\" up" == w for w in words), words
    assert not any("jump jet" in w and "mph" in w for w in words), words
    assert any("back" in w and "mph" in w for w in words), words


def test_an_ejection_countdown_stays_by_its_car_at_the_turning_keys_zoom_000_L2580() -> None:
    """At the turning key's zoom (120 px an inch) "EJECT in 2 phases" (000:L2580) stood 2" over the car, among
    the ghosts' labels; it sits just over the counter now, and over the glare rays for a blinded car."""
    from game.render.lights import RAYS, mark_at
    for zoom in (30.0, 120.0):
        _x, y = mark_at(zoom, (400.0, 400.0), "EJECT in 2 phases")
        assert 400 - zoom * 0.5 - 15 >= y >= 400 - zoom * 1.0 - 14   # above a car facing up, within an inch
        _x, y = mark_at(zoom, (400.0, 400.0), "BLINDED -10")
        assert y <= 400 - zoom * RAYS[1]


def test_a_long_modifier_list_is_read_to_its_end_under_the_board_000_L2646() -> None:
    """The Radar Hunter's laser at night: range, night, radar +1 (000:L2646), a hi-res computer and the facing
    made 150 characters; the card cut them at 140, in the middle of "car from the front -1". Now it wraps."""
    from game.battle.fire_panel import detail_lines
    from game.ui import wrap
    detail = ("long range (11.6\") -2 [000:L910], night -3 [000:L924], radar +1 [000:L2646, L2635], hi-res computer "
              "+2 [000:L929, L2547], car from the front -1 [000:L852]")
    assert len(detail) > 140 and detail_lines(detail, 880) == [detail]   # the board's card at 1280x800: one line
    lines = detail_lines(detail, 600)                                   # a narrower window: two
    assert " ".join(lines) == detail and len(lines) == 2
    assert all(len(wrap(ln, 16, 600)) == 1 for ln in lines)
    many = detail_lines(detail * 3, 880)
    assert len(many) == 2 and many[1].endswith("...")


def test_the_sheet_shows_a_searchlight_and_an_ejection_seat_before_they_are_used_000_L2661_L2580(tmp_path) -> None:
    """The Lamplighter's sheet said nothing of its searchlight (000:L2661) until it was aimed, nor the Grasshopper's
    of its ejection seat (000:L2580) until the handle was pulled: a player could not tell he had them."""
    from dataclasses import replace

    from game.render.sheet import parts_lines
    from rules.core.geometry import Pose
    from rules.engine.engine import new_game
    from rules.engine.setup import GameSetup, VehicleSetup
    from rules.vehicles.design import AccessoryEntry, dumps_design, load_stock
    d = load_stock("Mauler")
    d = replace(d, accessories=d.accessories + (AccessoryEntry("searchlight"), AccessoryEntry("ejection_seat")))
    path = tmp_path / "lamp.toml"
    path.write_text(dumps_design(d))
    v = new_game(GameSetup((VehicleSetup("L", "p", str(path), Pose.at(10, 15, 90), 0),), seed=5))[0].vehicle("L")
    words = [w for w, _c in parts_lines(v)]
    assert "searchlight: ready (night only)" in words and "ejection seat: driver (with people on foot)" in words
    held = replace(v, beams=(("searchlight", "B", 3, False),), eject=(("driver", 9),))
    words = [w for w, _c in parts_lines(held)]
    assert "searchlight on B" in words and "searchlight: ready (night only)" not in words
    assert "ejection seat: the driver is going" in words and not any("with people on foot" in w for w in words)


def test_the_first_shot_offered_is_at_the_foe_not_at_a_pillar_000_L1200() -> None:
    """In the arena a Cobra GT's turret laser hits a pillar on -3 (a building or wall is +10, 000:L1200), so the
    pillar headed the list and Enter shot it with the foe 7 inches away. Cars and men come first now."""
    from game.battle.fire_choices import build, default_index
    from rules.core.geometry import Pose
    from rules.engine import engine
    from rules.engine.setup import GameSetup, VehicleSetup
    from rules.play.actions import Fire
    from rules.play.state import RuleOptions
    from tests.rules.test_combat_engine import to_fire_step
    setup = GameSetup((VehicleSetup("car1", "p1", "Cobra GT", Pose.at(6, 10, 90), 20),
                       VehicleSetup("car2", "p2", "Hotshot", Pose.at(13, 10.5, 270), 10)), seed=3,
                      map="maps/arena.toml", options=RuleOptions(visibility="night"))
    state = to_fire_step(engine.new_game(setup)[0])
    rows = build(state, engine.legal_actions(state, "car1"), {"car1": "p1", "car2": "p2"}, False)
    shots = [c for c in rows if isinstance(c.action, Fire) and not c.hopeless]
    walls = [c for c in shots if c.action.target != "car2"]
    assert walls and max(c.chance for c in walls) > max(c.chance for c in shots if c.action.target == "car2")
    first = rows[default_index(rows, state)]
    assert isinstance(first.action, Fire) and first.action.target == "car2"
    assert shots.index(walls[0]) > max(i for i, c in enumerate(shots) if c.action.target == "car2")
