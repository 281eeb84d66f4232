"""The client's screens for people on foot (issue 18 item 6): the new-game option, a person's tabs in the
record sheets (wounds, armor, weapon, grenades, gear), and a throw's need and scatter on the board."""

from __future__ import annotations

import pygame

from game.battle.foot_panel import FootPanel
from game.render.people import person_sheet_lines
from game.scenes.new_game import NewGameScene
from game.scenes.record_sheet import RecordSheetScene
from game.scenes.title import TitleScene
from game.session import Session
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.people.grenades import scatter_reach
from rules.people.record import Kit
from rules.play import people
from rules.play.actions import Pass, SetSpeed
from rules.play.people_actions import Shoot, Throw, Walk
from rules.play.state import FIRE, MOVE, SPEED, RuleOptions
from tests.game.test_people_client import _battle


def _new_game(app) -> NewGameScene:
    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    return ng


def _pick(ng: NewGameScene, stem: str) -> None:
    ng.source.index = 1 + [p.stem for p in ng.scenarios].index(stem)
    ng.changed(ng.source)


def test_the_new_game_screen_offers_people_on_foot(app):
    """A custom game with the option on plays with people (rule option people = on)."""
    ng = _new_game(app)
    field = ng._field_named("opt_people")
    assert field is not None and field.value == "off"
    setup, _ = ng.build_setup()
    assert setup.options.people == "off"
    ng.change(field, 1)
    setup, _ = ng.build_setup()
    assert setup.options.people == "on"


def test_a_people_scenario_holds_the_option_on_and_gives_it_back(app):
    """The duel on foot says people = true: from the new-game screen it is played with people on (it was
    played with them off before), the field shows it, and another game gets the player's own choice."""
    ng = _new_game(app)
    field = ng._field_named("opt_people")
    _pick(ng, "duel_on_foot")
    assert field.value == "on" and ng.build_setup()[0].options.people == "on"
    assert ng.choices()["options"]["people"] == "off"   # remembered as the player set it
    _pick(ng, "arena_duel")
    assert field.value == "off" and ng.build_setup()[0].options.people == "off"


def _session(kit: Kit | None = None) -> Session:
    setup = GameSetup((VehicleSetup("red", "Player 1", "Killer Kart", Pose.at(5, 10, 90), 0.0, kit=kit),
                       VehicleSetup("blue", "Player 2", "Killer Kart", Pose.at(12, 10, 270), 0.0)),
                      seed=3, options=RuleOptions(people="on"),
                      people=(PersonSetup("gunner", "Player 1", Pose.at(9.125, 10.125, 90), weapon="SMG",
                                          armor="body_armor", grenades=("explosive", "smoke"),
                                          gear=("gas_mask",)),))
    return Session.start(setup, "people", autosave_dir=None)


def _until(session: Session, step: str, who: str) -> None:
    for _ in range(200):
        s = session.state
        if s.step == step and session.to_act() and session.to_act()[0] == who:
            return
        actor = session.to_act()[0]
        if s.step == SPEED:
            session.apply(SetSpeed(actor, 0.0))
        elif s.step == MOVE and people.is_person(s, actor):
            session.apply(Walk(actor, 0, 0))
        elif s.step == MOVE:
            session.apply(next(a for a in session.legal(actor) if "straight" in str(a)))
        else:
            session.apply(Pass(actor))
    raise AssertionError(f"{who} never came to act in the {step} step")


def test_the_record_sheets_have_a_tab_for_a_man_on_foot(app):
    """000:L1450 wounds, 000:L1508 body armor's DP, his SMG's shots, his grenades and gear, and the GE he
    carries of the 6 he may (000:L1447)."""
    session = _session()
    scene = RecordSheetScene(app, session, focus="gunner")
    assert scene.ids() == ["red", "blue", "gunner"] and scene.index == 2
    lines = person_sheet_lines(session.state, "gunner")
    assert any(ln.startswith("Submachine Gun (SMG): to hit 6") and "10/10 shots" in ln for ln in lines)
    assert "Body armor: 3/3 DP" in lines
    assert "grenades: 1 explosive, 1 smoke" in lines and "gear: gas mask" in lines
    assert "carried: 5 of 6 grenade-equivalents (000:L1447)" in lines
    surface = pygame.Surface(app.size)
    scene.draw(surface)


def test_a_crewman_out_of_his_car_shows_his_kit(app):
    """Reading PD18: the kit the set-up gave the car's crew is what his sheet lists once he is out."""
    from rules.play.people_actions import GetOut

    session = _session(Kit("Rifle", "blended", ("smoke",), ("walkie_talkie",)))
    _until(session, FIRE, "red")
    session.apply(GetOut("red", "driver"))
    lines = person_sheet_lines(session.state, "red.driver")
    assert lines[0].startswith("Rifle") and "Blended body armor: 3/3 DP" in lines
    assert "gear: walkie-talkie" in lines


def test_the_throw_shows_its_need_and_the_scatter_it_risks(app):
    """000:L1176: 9 or better with the range's modifiers, only a 12 exact; the near miss and the worst
    roll's reach from the Distance Table (000:L1185-L1191) are drawn as rings and listed."""
    session = _session()
    _until(session, FIRE, "gunner")
    battle = _battle(app, session, "gunner")
    panel = battle.panel()
    assert isinstance(panel, FootPanel)
    panel.sync("gunner")
    throws = [a for a in panel.others() if isinstance(a, Throw) and a.grenade == "explosive"]
    assert throws
    panel.index = panel.others().index(throws[0])
    lines = panel.chosen_lines()
    p = people.person(session.state, "gunner")
    need = people.throw_need(session.state, p, throws[0].x, throws[0].y)
    assert lines[0] == f"explosive grenade at blue: needs {need} (1-second timer)"
    assert lines[1].startswith(f"needs {need}; only a 12")
    near, worst = panel.scatter_rings(throws[0])
    assert 0 < near < worst == scatter_reach(2, need)
    surface = pygame.Surface(app.size)
    battle.draw(surface)


def test_h_walks_a_man_on_the_way_he_faces_for_the_turn(app):
    """One input for the turn's walk: H (or its button) walks him a square a phase the way he faces
    (000:L539); the next turn asks again; a square not open to him stops it with a message."""
    from game.battle import pilot

    session = _session()
    _until(session, MOVE, "gunner")
    battle = _battle(app, session, "gunner")
    start = people.person(session.state, "gunner").pose
    assert start.facing == 90
    assert "walk on" in {b.name for b in battle.panel().layout_buttons(battle.layout.controls)}
    battle.hold_course()
    for _ in range(400):
        battle.update(0.1)
        s = session.state
        who = session.to_act()[0] if session.to_act() else None
        if s.turn == 2 and who == "gunner" and s.step == MOVE and battle._auto is None:
            break
        if battle._auto is None and who not in (None, "gunner"):
            session.apply(Pass(who) if s.step == FIRE else SetSpeed(who, 0.0) if s.step == SPEED
                          else next(a for a in session.legal(who) if "straight" in str(a)))
        elif battle._auto is None and who == "gunner" and s.step == FIRE:
            session.apply(Pass(who))
    p = people.person(session.state, "gunner").pose
    assert session.state.turn == 2 and p.y == start.y and p.x == start.x + 5 * 0.25   # a square each phase
    assert isinstance(battle.panel(), FootPanel)   # turn 2: his own decision again
    # the square ahead shut: the order ends and says why
    orders = pilot.Orders()
    orders.set_hold("gunner", session.state.turn)
    legal = [a for a in session.legal("gunner") if a != Walk("gunner", 1, 0)]
    got = pilot.answer(session.state, "gunner", legal, orders)
    assert got.action is None and "stops walking on" in got.note and not orders.holding("gunner", session.state.turn)


def test_a_players_car_offers_its_crews_shot_from_inside_with_its_need(app):
    """PD27 (000:L1164, L1171): a player's car with a man of the other side in reach lists the driver's
    SMG shot with its need (the client used to fail on it: it asked the on-foot to-hit of a man aboard)."""
    session = _session()
    _until(session, FIRE, "blue")
    battle = _battle(app, session, "blue")
    panel = battle.panel()
    assert isinstance(panel, FootPanel)
    panel.sync("blue")
    shot = Shoot("blue.driver", "SMG", "gunner")
    assert shot in panel.others()
    need = people.inside_to_hit(session.state, shot).need
    panel.index = panel.others().index(shot)   # the buttons show a window of the choices round the chosen one
    labels = [b.label for b in panel.layout_buttons(battle.layout.controls)]
    assert f"driver's SMG at gunner: needs {need}" in labels
    assert panel.chosen_lines()[0] == f"driver's SMG at gunner: needs {need}"
    battle.draw(pygame.Surface(app.size))


def test_a_mans_move_brings_the_camera_close_with_the_nearest_enemy_in_view(app):
    """His squares are a quarter inch (000:L1437): the move comes in to at least 32 px an inch with the
    nearest enemy car in the middle of the view too, or to 64 px on him alone when the enemy is far."""
    from game.battle.foot_panel import FOOT_ZOOM, FOOT_ZOOM_OUT
    from game.battle.view import in_middle

    session = _session()
    _until(session, MOVE, "gunner")
    battle = _battle(app, session, "gunner")
    cam = battle.cam
    man, car = people.person(session.state, "gunner").pose, session.state.vehicle("blue").pose
    assert FOOT_ZOOM_OUT <= cam.zoom <= FOOT_ZOOM
    assert in_middle(cam, man.x, man.y) and in_middle(cam, car.x, car.y)
    far = GameSetup((VehicleSetup("red", "Player 1", "Killer Kart", Pose.at(5, 10, 90), 0.0),
                     VehicleSetup("blue", "Player 2", "Killer Kart", Pose.at(70, 40, 270), 0.0)),
                    seed=3, options=RuleOptions(people="on"),
                    people=(PersonSetup("gunner", "Player 1", Pose.at(9.125, 10.125, 90), weapon="SMG"),))
    session = Session.start(far, "far", autosave_dir=None)
    _until(session, MOVE, "gunner")
    battle = _battle(app, session, "gunner")
    man = people.person(session.state, "gunner").pose
    assert battle.cam.zoom == FOOT_ZOOM and in_middle(battle.cam, man.x, man.y)


def test_an_empty_seat_reads_on_foot_not_dead(app):
    """The car's sheet after its driver got out (000:L1469): his seat is empty, he is not dead."""
    from game.render.sheet import crew_states, damage_summary
    from rules.play.people_actions import GetOut

    session = _session()
    _until(session, FIRE, "red")
    session.apply(GetOut("red", "driver"))
    car = session.state.vehicle("red")
    assert crew_states(car)["driver"] == "on foot"
    assert "driver on foot" in damage_summary(car) and not any("dead" in d for d in damage_summary(car))


def test_k_sets_a_throws_fuse_impact_or_timer(app):
    """000:L1174: a timer of 1 to 5 seconds, or an impact fuse (000:L1195): K (or the button) changes the
    fuse of the throws the panel offers, and the throw committed carries it."""
    from game.input.bindings import Intent

    session = _session()
    _until(session, FIRE, "gunner")
    battle = _battle(app, session, "gunner")
    panel = battle.panel()
    panel.sync("gunner")
    assert "fuse" in {b.name for b in panel.layout_buttons(battle.layout.controls)}
    for _ in range(5):
        assert panel.handle_intent(Intent.SKID)
    throws = [a for a in panel.others() if isinstance(a, Throw)]
    assert throws and all(a.fuse == 0 for a in throws)
    panel.index = panel.others().index(throws[0])
    assert panel.chosen_lines()[0].endswith("(impact)")
    panel.handle_intent(Intent.CONFIRM)
    assert session.state.grenades and session.state.grenades[-1].fuse == 0   # thrown with an impact fuse


def test_a_long_list_of_choices_pages_for_the_mouse(app):
    """More choices than the controls box holds: five at a time, a 'more' button pages on (a mouse player
    reaches every one), 'pass' always shown, and Up/Down scroll the window with the choice."""
    session = _session()
    _until(session, FIRE, "blue")
    battle = _battle(app, session, "blue")
    panel = battle.panel()
    panel.sync("blue")
    n = len(panel.others())
    assert n > 5
    seen = set()
    for _ in range(4):
        bs = panel.layout_buttons(battle.layout.controls)
        seen |= {b.label for b in bs if b.name.startswith("option")}
        assert sum(b.name.startswith("option") for b in bs) <= 5
        next(b for b in bs if b.name == "more").action()
    from game.battle.foot_panel import describe
    assert {describe(session.state, a) for a in panel.others() if not isinstance(a, Pass)} <= seen
    assert "pass" in {b.name for b in panel.layout_buttons(battle.layout.controls)}   # always at hand


def test_the_game_over_card_tells_how_the_man_on_foot_ended(app):
    """A bail-out game's end: the car's card says its driver is on foot, and how he is."""
    from game.scenes.game_over import GameOverScene
    from rules.play.people_actions import GetOut

    session = _session()
    _until(session, FIRE, "red")
    session.apply(GetOut("red", "driver"))
    scene = GameOverScene(app, session)
    assert scene._on_foot(session.state.vehicle("red")) == ["Driver on foot: unhurt, 10 shots left"]
    scene.draw(pygame.Surface(app.size))


def test_a_player_who_takes_a_team_runs_its_gunners_too(app):
    """Rooftop gunners from the new-game screen: the player who takes Red's car also runs Red's men on foot
    (before, they stayed scripted foes whoever drove the car); Blue left to a foe keeps its foes."""
    ng = _new_game(app)
    _pick(ng, "rooftop_gunners")
    red = next(i for i, row in enumerate(ng.rows) if row[0].label.startswith("red"))
    driver = ng.rows[red][1]
    driver.index = driver.values.index("Player 1")
    ng.changed(driver)
    setup, _ = ng.build_setup()
    reds = [p for p in setup.people if p.id.startswith("red")]
    blues = [p for p in setup.people if p.id.startswith("blue")]
    assert reds and all(p.foe == "" and p.owner == "Player 1" for p in reds)
    assert blues and all(p.foe and p.owner.startswith("Foe") for p in blues)
    session = Session.start(setup, "rooftops", autosave_dir=None)
    assert all(session.seat(p.id).foe == "" for p in reds)


def test_getting_out_comes_first_in_the_crews_list(app):
    """Playtest: a stopped Hotshot's crew list showed the weapons' automatic switches first and "get out" on
    its second page; getting out (000:L1469) now heads the list, the first row a keyboard Enter takes."""
    from rules.play.people_actions import GetOut

    setup = GameSetup((VehicleSetup("red", "Player 1", "Hotshot", Pose.at(5, 10, 90), 0.0),
                       VehicleSetup("blue", "Player 2", "Killer Kart", Pose.at(30, 10, 270), 0.0)),
                      seed=3, options=RuleOptions(people="on"))
    session = Session.start(setup, "people", autosave_dir=None)
    _until(session, FIRE, "red")
    battle = _battle(app, session, "red")
    panel = battle.panel()
    assert isinstance(panel, FootPanel)
    panel.sync("red")
    assert len(panel.others()) > 5 and panel.others()[0] == GetOut("red", "driver")
