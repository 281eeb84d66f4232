"""The flow of the battle screen (issue 14): the screen goes to a player only for a real decision; hold
course stops before what the next inch meets; the fire list cannot trap; the camera and the log
behave as a player expects."""

from __future__ import annotations

import pygame

from game.battle.fire_choices import build
from game.battle.scene import BattleScene
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Fire, Move, Pass, SetSpeed
from rules.play.state import FIRE, MOVE, SPEED
from tests.game.conftest import click, press, settle, start_battle

CAR = "generic kind=car hc=2 accel=10 top=100"


def _pair(a: Pose, b: Pose, speeds: tuple[float, float] = (20.0, 20.0), design: str = CAR,
          map_path: str = "maps/arena.toml", **kw: object) -> GameSetup:
    return GameSetup((VehicleSetup("red", "Ann", design, a, speeds[0], colour="red"),
                      VehicleSetup("blue", "Bob", design, b, speeds[1], colour="blue")), seed=3, map=map_path,
                     **kw)  # type: ignore[arg-type]


def _until(app, battle: BattleScene, done, key: int = pygame.K_SPACE, limit: int = 80) -> None:
    for _ in range(limit):
        if done():
            return
        press(app, key)
    raise AssertionError("never got there")


# --- hold course -------------------------------------------------------------------------------------


def test_hold_course_stops_before_the_wall_and_asks(app):
    """A held car at 50 mph nose-on to the arena wall is not driven into it: it stops and asks, saying
    what lies ahead, with nothing committed for it."""
    battle = start_battle(app, _pair(Pose.at(20, 4.5, 0), Pose.at(5, 25, 90), (50.0, 0.0)))
    assert battle.human_actor() == "red" and battle.state.step == SPEED
    press(app, pygame.K_h)
    _until(app, battle, lambda: battle.human_actor() == "red")
    assert battle.state.step == MOVE and battle.state.turn == 1
    assert "it would hit north wall" in battle.message and "stops holding course" in battle.message
    assert "walls[" not in battle.message
    assert not battle.orders.holding("red", 1)
    red_moves = [a for a in battle.session.game.actions if isinstance(a, Move) and a.vehicle == "red"]
    assert all(m.maneuver.kind == "straight" for m in red_moves)
    assert not any(e.kind == "collision" for e in battle.session.log), "it stopped before the wall"


def test_all_cars_held_at_rest_do_not_run_turns_by_themselves(app):
    battle = start_battle(app, _pair(Pose.at(10, 10, 90), Pose.at(30, 20, 270), (0.0, 0.0)))
    press(app, pygame.K_h)
    press(app, pygame.K_h)           # both held at 0 mph
    for _ in range(200):             # twenty seconds with nobody touching anything
        battle.update(0.1)
    assert battle.state.turn == 2, "the held cars ran out the turn they were held for, and no more"
    assert battle.human_actor() is not None and battle.state.step == SPEED


def test_h_while_a_foe_acts_does_nothing_to_the_foes_car(app):
    setup = _pair(Pose.at(10, 10, 90), Pose.at(30, 20, 270))
    setup = GameSetup((setup.vehicles[0], VehicleSetup("blue", "Foe", CAR, Pose.at(30, 20, 270), 20.0,
                                                       colour="blue", foe="veteran")), seed=3, map=setup.map)
    battle = start_battle(app, setup)
    press(app, pygame.K_SPACE)            # red keeps its speed; blue, the foe, is to act
    battle.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0))
    assert not battle.orders.holding("blue", battle.state.turn)
    battle.settle()


def test_keep_speed_is_one_choice_for_the_turn(app):
    battle = start_battle(app, _pair(Pose.at(10, 10, 90), Pose.at(30, 20, 270)))
    press(app, pygame.K_SPACE)   # red: keep 20 mph this turn
    press(app, pygame.K_SPACE)   # blue too
    for _ in range(40):
        if battle.state.turn > 1:
            break
        assert battle.state.step != SPEED or battle.human_actor() is None, "asked for a speed again"
        press(app, pygame.K_SPACE)
    speeds = [a for a in battle.session.game.actions if isinstance(a, SetSpeed)]
    assert sum(1 for a in speeds if a.vehicle == "red") == 5, "kept for all five phases"


def test_banner_only_when_the_owner_changes(app):
    """Two cars of one player, then the other player's: one hand-off a round, not one per car."""
    setup = GameSetup((VehicleSetup("red", "Ann", CAR, Pose.at(8, 8, 90), 10.0, colour="red"),
                       VehicleSetup("pink", "Ann", CAR, Pose.at(8, 12, 90), 10.0, colour="red"),
                       VehicleSetup("blue", "Bob", CAR, Pose.at(32, 20, 270), 10.0, colour="blue")),
                      seed=3, map="maps/arena.toml")
    battle = start_battle(app, setup)
    owners = []
    for _ in range(3):           # the three speed decisions of phase 1, and the first move
        owners.append(battle.session.seat(battle.human_actor() or "").owner)
        press(app, pygame.K_RETURN)
    owners.append(battle.session.seat(battle.human_actor() or "").owner)
    changes = sum(1 for a, b in zip(owners, owners[1:], strict=False) if a != b)
    assert len(battle.handoffs) == changes


# --- the fire step -----------------------------------------------------------------------------------


def _gunfight() -> GameSetup:
    return _pair(Pose.at(14, 12, 90), Pose.at(22, 12.5, 270), (10.0, 10.0), "Killer Kart")


def _to_fire(app, battle: BattleScene) -> None:
    _until(app, battle, lambda: battle.state.step == FIRE and battle.human_actor() is not None)


def test_fire_list_sorted_folded_named_and_without_duplicates(app):
    battle = start_battle(app, _gunfight())
    _to_fire(app, battle)
    rows = battle.fire.rows
    shots = [c for c in rows if isinstance(c.action, Fire)]
    chances = [c.chance for c in shots]
    assert chances == sorted(chances, reverse=True)
    assert all(not c.hopeless for c in shots), "shots that cannot hit are folded away"
    fold = next(c for c in rows if c.action is None)
    assert "cannot hit" in fold.label
    assert all("aim=" not in c.label and "[" not in c.label for c in rows), [c.label for c in rows]
    target = battle.human_actor() == "red" and "blue" or "red"
    assert any(f"{target} (" in c.label and "Killer Kart" in c.label for c in shots)
    # the plain shot and the side it strikes anyway are one choice
    labels = [c.label for c in shots]
    assert len(labels) == len(set(labels))
    assert not any(c.action.aim == "side:front" for c in shots if isinstance(c.action, Fire))
    assert isinstance(battle.fire.chosen.action, Fire), "the best shot is highlighted first"
    # the fold opens with Enter on it and shows the shots that cannot hit
    battle.fire.set_index(rows.index(fold))
    assert "show the shots that cannot hit" in battle.fire.hint()
    press(app, pygame.K_RETURN)
    assert any(c.hopeless for c in battle.fire.rows)
    assert battle.fire.chosen.hopeless, "the highlight moves onto them, so the list shows them"


def test_a_shot_that_cannot_hit_asks_to_be_confirmed(app):
    battle = start_battle(app, _gunfight())
    _to_fire(app, battle)
    battle.fire.expanded = True
    battle.fire.rebuild()
    hopeless = next(i for i, c in enumerate(battle.fire.rows) if c.hopeless)
    battle.fire.set_index(hopeless)
    shot = battle.fire.rows[hopeless].action
    before = len(battle.session.game.actions)
    press(app, pygame.K_RETURN)
    assert len(battle.session.game.actions) == before and battle.fire.confirming
    assert "cannot hit" in battle.fire.hint() and battle.button("commit").label == "Fire anyway"
    press(app, pygame.K_ESCAPE)          # back: nothing fired, no pause menu
    assert not battle.fire.confirming and app.top is battle
    press(app, pygame.K_RETURN)
    assert len(battle.session.game.actions) == before
    press(app, pygame.K_RETURN)          # confirmed: fired
    assert battle.session.game.actions[before] == shot


def test_left_right_choose_in_the_fire_step_and_never_pan(app):
    battle = start_battle(app, _gunfight())
    _to_fire(app, battle)
    cam = (battle.cam.cx, battle.cam.cy)
    first = battle.fire.index
    press(app, pygame.K_RIGHT)
    assert battle.fire.index != first and (battle.cam.cx, battle.cam.cy) == cam
    assert "Arrows: choose" in battle.fire.hint()
    press(app, pygame.K_LEFT)
    assert battle.fire.index == first


def test_space_holds_fire_and_enter_fires_only_the_highlighted_row(app):
    battle = start_battle(app, _gunfight())
    _to_fire(app, battle)
    passing = next(i for i, c in enumerate(battle.fire.rows) if isinstance(c.action, Pass))
    battle.fire.set_index(passing)
    before = len(battle.session.game.actions)
    press(app, pygame.K_RETURN)
    assert isinstance(battle.session.game.actions[before], Pass)


def test_a_fire_step_in_which_no_shot_can_hit_passes_by_itself_unless_the_setting_keeps_it(app):
    far = _pair(Pose.at(5, 12, 90), Pose.at(35, 16, 270), (30.0, 30.0), "Killer Kart", map_path="")
    battle = start_battle(app, far)
    _until(app, battle, lambda: battle.state.turn > 1)
    assert not any(isinstance(a, Fire) for a in battle.session.game.actions)
    passes = [a for a in battle.session.game.actions if isinstance(a, Pass)]
    assert passes, "the rules asked; the client passed for the players"
    app2_battle = start_battle(app, far)
    app2_battle.orders.fire_stops = True
    _until(app, app2_battle, lambda: app2_battle.state.step == FIRE and app2_battle.human_actor() is not None)


def test_automatic_names_what_its_line_meets_not_an_id(app):
    battle = start_battle(app, _gunfight())      # red's MG points past blue at the east wall
    _until(app, battle, lambda: battle.state.step == FIRE and battle.human_actor() == "red")
    auto = next(c for c in battle.fire.rows if c.action is not None and "automatic" in c.label)
    assert "its line meets east wall" in auto.label and "walls[" not in auto.label
    rows = build(battle.state, battle.session.legal("red"), battle.owners(), True)
    assert all("walls[" not in c.label for c in rows)


# --- orientation -------------------------------------------------------------------------------------


def test_first_view_shows_every_car(app):
    battle = start_battle(app, _pair(Pose.at(3, 3, 90), Pose.at(37, 27, 270)))
    for v in battle.state.vehicles:
        sx, sy = battle.cam.to_screen(v.pose.x, v.pose.y)
        assert battle.layout.board.collidepoint(sx, sy), v.id


def test_camera_brings_the_acting_car_back_even_after_zoom_and_pan(app):
    battle = start_battle(app, _pair(Pose.at(6, 6, 90), Pose.at(34, 24, 270)))
    for _ in range(6):
        press(app, pygame.K_EQUALS)      # zoom in
    for _ in range(10):
        press(app, pygame.K_d)           # pan away
    press(app, pygame.K_SPACE)           # the next car's decision
    a = battle.human_actor()
    p = battle.state.vehicle(a).pose
    assert battle.layout.board.collidepoint(*battle.cam.to_screen(p.x, p.y))
    for _ in range(10):
        press(app, pygame.K_a)
    press(app, pygame.K_c)               # the Centre key (and button) re-centres
    assert abs(battle.cam.to_screen(p.x, p.y)[0] - battle.layout.board.centerx) < 40 or \
        battle.layout.board.collidepoint(*battle.cam.to_screen(p.x, p.y))


def test_wheel_over_the_log_scrolls_the_log_not_the_map(app):
    battle = start_battle(app, _pair(Pose.at(6, 6, 90), Pose.at(34, 24, 270)))
    zoom = battle.cam.zoom
    pos = battle.layout.log.center
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=4))   # the old-style twin
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, pos=pos))
    assert battle.cam.zoom == zoom and battle.log.scroll > 0
    board = battle.layout.board.center
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, pos=board))
    assert battle.cam.zoom > zoom


def test_car_labels_keep_their_size_when_zoomed(app, monkeypatch):
    import game.battle.drawing as scene

    sizes: list[int] = []
    real = scene.text
    monkeypatch.setattr(scene, "text", lambda surf, s, pos, size=18, *a, **k: (
        sizes.append(size) if s.startswith(("red", "blue")) else None, real(surf, s, pos, size, *a, **k))[1])
    battle = start_battle(app, _pair(Pose.at(6, 6, 90), Pose.at(34, 24, 270)))
    battle.draw(app.surface)
    small = set(sizes)
    sizes.clear()
    battle.cam.zoom = 150
    battle.draw(app.surface)
    assert set(sizes) == small


def test_ghosts_show_without_moving_the_mouse(app):
    battle = start_battle(app, _pair(Pose.at(10, 10, 90), Pose.at(30, 20, 270), (30.0, 30.0)))
    _until(app, battle, lambda: battle.state.step == MOVE and battle.human_actor() is not None)
    plain = pygame.Surface(app.size)
    battle.draw(plain)
    battle.key.ghosts, ghosts = [], battle.key.ghosts
    without = pygame.Surface(app.size)
    battle.draw(without)
    battle.key.ghosts = ghosts
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(without, "RGB")


def test_the_window_resizes_and_the_layout_follows(app):
    battle = start_battle(app, _pair(Pose.at(6, 6, 90), Pose.at(34, 24, 270)))
    for size in ((900, 600), (1600, 1000)):
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        lay = battle.layout
        assert lay.board.right == lay.chart.x and lay.chart.right == size[0]
        assert lay.log.bottom >= size[1] - 1 and battle.cam.view_w == lay.board.width
        app.draw()
        settle(app)
    click(app, battle.button("centre").rect.center)


def test_hold_fire_for_the_turn_is_one_choice(app):
    """Shift+Space holds fire now and in every fire step left in the turn; the next turn asks again."""
    battle = start_battle(app, _gunfight())
    _to_fire(app, battle)
    vid = battle.human_actor()
    press(app, pygame.K_SPACE, pygame.KMOD_SHIFT)
    for _ in range(40):
        if battle.state.turn > 1:
            break
        assert not (battle.state.step == FIRE and battle.human_actor() == vid), "asked to fire again this turn"
        press(app, pygame.K_SPACE)
    passes = [a for a in battle.session.game.actions if isinstance(a, Pass) and a.vehicle == vid]
    assert len(passes) >= 2, "held fire in the later fire steps without being asked"
    _until(app, battle, lambda: battle.state.step == FIRE and battle.human_actor() == vid)
    assert battle.state.turn == 2


def test_a_dropper_declined_once_does_not_stop_every_fire_step_of_the_turn(app):
    """A Firecracker (a spikedropper, no gun) far from its enemy: the first fire step asks (the spikes are a
    choice); holding fire there means no more stops for it this turn; the next turn asks again. Before, it
    stopped at every fire step of every turn with nothing to shoot at."""
    far = _pair(Pose.at(5, 12, 90), Pose.at(35, 16, 270), (30.0, 30.0), "Firecracker", map_path="")
    battle = start_battle(app, far)
    _until(app, battle, lambda: battle.state.step == FIRE and battle.human_actor() == "red")
    assert "No shot at a foe can hit" in battle.fire.hint()
    press(app, pygame.K_SPACE)
    for _ in range(60):
        if battle.state.turn > 1:
            break
        assert not (battle.state.step == FIRE and battle.human_actor() == "red"), "asked again this turn"
        press(app, pygame.K_SPACE)
    assert battle.state.turn == 2
    _until(app, battle, lambda: battle.state.step == FIRE and battle.human_actor() == "red")
    assert battle.state.turn == 2


def test_up_then_h_holds_the_course_at_the_new_speed(app):
    """Up (a faster speed highlighted) then H: the course is held at the speed chosen, not the old one
    (issue 19: H committed the old speed)."""
    battle = start_battle(app, _pair(Pose.at(20, 20, 0), Pose.at(5, 5, 90), (20.0, 0.0)))
    assert battle.human_actor() == "red" and battle.state.step == SPEED
    press(app, pygame.K_UP)
    chosen = battle.speed.options[battle.speed.index]
    assert chosen != 20.0
    press(app, pygame.K_h)
    speeds = [a.mph for a in battle.session.game.actions if isinstance(a, SetSpeed) and a.vehicle == "red"]
    assert speeds == [chosen] and battle.state.vehicle("red").signed_speed == chosen
    assert battle.orders.holding("red", 1) and f"at {chosen:g} mph" in battle.message
