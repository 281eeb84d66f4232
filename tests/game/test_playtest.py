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
    assert any("jump jet: ready (climb +0.25\" x 1)" in w for w in words), words
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
