"""The turning key: ghosts, their labels against what the rules then do, red paths, snapping, the keys
that cycle choices, hold course, undo and the purity of drawing."""

from __future__ import annotations

import pygame

from game.turning_key import build_preview, nearest
from rules.core.events import Collided, ControlRolled, HitFixedObject, Moved
from rules.core.geometry import Pose
from rules.driving.maneuvers import Maneuver
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Move, SetSpeed
from rules.play.state import MOVE, digest
from rules.tables.movement import tables
from tests.game.conftest import drag, press, start_battle

CAR = "generic kind=car hc=1 accel=10 top=100"


def _moving(speed: float = 60.0, pose: Pose | None = None, map_path: str = "") -> GameSetup:
    return GameSetup((VehicleSetup("a", "Ann", CAR, pose or Pose.at(20, 20, 0), speed, colour="red"),
                      VehicleSetup("b", "Bob", CAR, Pose.at(5, 5, 90), 0.0, colour="blue")), seed=3, map=map_path)


def _to_move(setup: GameSetup):
    state, _ = engine.new_game(setup)
    for vid in engine.to_act(state):
        v = state.vehicle(vid)
        state, _ = engine.apply(state, SetSpeed(vid, v.signed_speed))
    assert state.step == MOVE
    return state


def test_ghost_labels_match_what_the_rules_then_do():
    """A ghost's D, handling status after and control need are those of the control event the engine
    reports when the maneuver is committed (000:L182-L186)."""
    state = _to_move(_moving(60.0))
    ghosts = build_preview(state, "a")
    kinds = {g.maneuver.kind for g in ghosts}
    assert {"straight", "drift", "steep_drift", "bend", "swerve", "t_stop"} <= kinds
    for g in ghosts:
        if g.maneuver.kind in ("straight", "t_stop", "bootlegger"):
            continue
        _, events = engine.apply(state, Move("a", g.maneuver))
        control = next(e for e in events if isinstance(e, ControlRolled) and e.vehicle == "a")
        assert control.difficulty == g.difficulty, g.maneuver
        assert control.hs == g.hs_after, g.maneuver
        assert control.need == g.control, g.maneuver
        moved = next(e for e in events if isinstance(e, Moved) and e.vehicle == "a")
        end = moved.path[-1]
        assert abs(end.x - g.end.x) < 1e-3 and abs(end.y - g.end.y) < 1e-3, g.maneuver


def test_hard_maneuver_at_speed_shows_a_roll():
    state = _to_move(_moving(60.0))
    bend90 = next(g for g in build_preview(state, "a") if g.maneuver == Maneuver("bend", "right", degrees=90))
    assert bend90.control not in ("safe",)
    assert bend90.label.startswith(f"D{bend90.difficulty} HS{bend90.hs_after:+d}")


def test_path_into_a_wall_is_red():
    """The arena's outer wall lies along its edge: a car nose-on to it, the straight ghost is blocked
    (the engine's preview sweeps the state's own map)."""
    state = _to_move(_moving(20.0, Pose.at(20, 1.9, 0), "maps/arena.toml"))
    straight = next(g for g in build_preview(state, "a") if g.maneuver.kind == "straight")
    assert straight.blocked and straight.preview.meets is not None
    assert straight.preview.meets.what == "wall" and "[" not in straight.preview.meets.name
    open_state = _to_move(_moving(20.0, Pose.at(20, 20, 90), "maps/arena.toml"))
    straight = next(g for g in build_preview(open_state, "a") if g.maneuver.kind == "straight")
    assert not straight.blocked


def test_drag_snaps_to_the_nearest_ghost():
    state = _to_move(_moving(60.0))
    ghosts = build_preview(state, "a")
    for g in ghosts:
        snapped = ghosts[nearest(ghosts, g.end.x, g.end.y)]
        # ghosts ending on the same spot (a T-stop and straight ahead) snap to the gentler one
        assert (snapped.end.x_m, snapped.end.y_m) == (g.end.x_m, g.end.y_m)
        assert abs(snapped.turn) <= abs(g.turn)


def test_keys_cycle_skid_mirror_even_undo_and_esc_cancel(app):
    battle = start_battle(app, _moving(60.0))
    if battle.banner:
        press(app, pygame.K_RETURN)
    while battle.state.step != MOVE:
        press(app, pygame.K_SPACE)
        if battle.banner:
            press(app, pygame.K_RETURN)
    assert battle.key.chosen.maneuver.kind == "straight"
    for _ in range(6):
        press(app, pygame.K_RIGHT)
    right = battle.key.chosen.maneuver
    assert right.side == "right"
    press(app, pygame.K_m)
    assert battle.key.chosen.maneuver.side == "left"
    press(app, pygame.K_BACKSPACE)  # undo the mirror
    assert battle.key.chosen.maneuver == right
    if right.kind in ("bend", "swerve"):
        press(app, pygame.K_k)
        assert battle.key.chosen.maneuver.skid == 0.25
        assert all(g.maneuver.skid in (0, 0.25) for g in battle.key.ghosts)
    press(app, pygame.K_ESCAPE)      # cancel: back to straight, no pause menu
    assert battle.key.chosen.maneuver.kind == "straight" and app.top is battle
    committed = len(battle.session.game.actions)
    press(app, pygame.K_RETURN)
    assert len(battle.session.game.actions) == committed + 1


def test_hold_course_needs_no_input_for_the_rest_of_the_turn(app):
    """H in the speed step keeps the speed and drives straight with no input until the turn ends; the
    next turn asks the driver again (a held car never plays past the end of a turn by itself)."""
    battle = start_battle(app, _moving(40.0))
    actor = battle.actor()
    press(app, pygame.K_h)
    assert battle.orders.holding(actor, 1)
    for _ in range(40):
        if battle.state.turn > 1:
            break
        if battle.human_actor() == actor:
            raise AssertionError("a vehicle holding its course was asked for input")
        press(app, pygame.K_SPACE)
    assert battle.state.turn == 2
    moves = [a for a in battle.session.game.actions if isinstance(a, Move) and a.vehicle == actor]
    inches = sum(tables().chart.row(40.0).phases)   # a move an inch: as many moves as the chart's inches
    assert len(moves) == inches and all(m.maneuver.kind == "straight" for m in moves)
    for _ in range(10):
        if battle.human_actor() == actor:
            break
        press(app, pygame.K_SPACE)
    assert battle.human_actor() == actor and battle.state.turn == 2, "turn 2 asks the driver again"


def test_draw_never_changes_state(app):
    battle = start_battle(app, _moving(60.0))
    while battle.state.step != MOVE:
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    press(app, pygame.K_RETURN) if battle.banner else None
    before = (digest(battle.state), battle.key.choice, len(battle.session.log), battle.cam.cx, battle.cam.zoom)
    for _ in range(3):
        app.draw()
    assert (digest(battle.state), battle.key.choice, len(battle.session.log), battle.cam.cx, battle.cam.zoom) == before


def test_motion_is_animated_along_the_event_path(app):
    battle = start_battle(app, _moving(60.0))
    while battle.state.step != MOVE or battle.banner:
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    vid = battle.human_actor()
    start = battle.state.vehicle(vid).pose
    for _ in range(3):
        battle.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    battle.key.commit()
    end = battle.state.vehicle(vid).pose
    assert battle.anim.busy
    battle.update(0.05)
    mid = battle.anim.pose(vid, end)
    assert mid != start and mid != end, "part way along the path after 50 ms"
    battle.settle()
    assert not battle.anim.busy


def test_a_collision_flashes_when_the_motion_reaches_it():
    from game.anim import Animator
    from rules.core.events import Collided, Moved
    from rules.core.geometry import Pose, Vec

    state = _to_move(_moving(60.0))
    anim = Animator(state)
    path = tuple(Pose.at(20, 20 - k * 0.25, 0) for k in range(5))
    anim.feed([Collided("head-on", "000:L400", "a", how="head_on", other="b", v1="a", v2="b", speed=60.0, point=Vec(20, 19)),
               Moved("straight", "", "a", what="straight", end=path[-1], path=path)])
    anim.update(0.01, state)
    assert not anim.flashes, "not before the counter gets there"
    while anim.busy:
        anim.update(0.05, state)
    assert [f.vehicle for f in anim.flashes] == ["a"], "the flash shows as the motion ends"


def test_straight_meets_asks_the_rules_own_move():
    """What a held car's next straight inch meets comes from rules.phases.movement's own move made on a copy:
    nothing on open ground, the wall when nose-on to it."""
    from game.turning_key import straight_meets

    open_ground = _to_move(_moving(20.0, Pose.at(20, 20, 90), "maps/arena.toml"))
    assert straight_meets(open_ground, "a") is None
    walled = _to_move(_moving(20.0, Pose.at(20, 1.9, 0), "maps/arena.toml"))
    met = straight_meets(walled, "a")
    assert isinstance(met, (Collided, HitFixedObject)) and met.other.startswith("walls")
# --- the key as the paper template (issue 14 item 1) ------------------------------------------------


def _battle_at_move(app, speed: float = 40.0):
    battle = start_battle(app, _moving(speed))
    while battle.state.step != MOVE or battle.banner:
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    return battle


def _screen_of(battle, pose):
    x, y = battle.cam.to_screen(pose.x, pose.y)
    return int(round(x)), int(round(y))


def test_ghosts_show_without_a_mouse_move(app):
    battle = _battle_at_move(app)
    assert battle.key.ghosts and battle.key.preview is not None
    assert all(g.preview.swept for g in battle.key.ghosts), "every path is checked before anything is drawn"


def test_the_key_labels_never_overlap(app):
    from game.render.turning_key import draw_key
    from rules.tables.movement import tables

    battle = _battle_at_move(app)
    v = battle.state.vehicle(battle.human_actor())
    size = tables().handling.counters[v.spec.kind]
    surface = pygame.Surface((1280, 800), pygame.SRCALPHA)
    for zoom in (30.0, 60.0, 120.0):
        battle.cam.zoom = zoom
        battle.centre_on(v.id)
        boxes = draw_key(surface, battle.cam, battle.key.ghosts, size, battle.key.choice, start=v.pose,
                         greyed=battle.key.preview.greyed())
        assert boxes, "some labels are drawn"
        for i, a in enumerate(boxes):
            assert not any(a.colliderect(b) for b in boxes[i + 1:]), f"labels overlap at zoom {zoom}"


def test_dropping_on_the_straight_ghost_chooses_straight(app):
    battle = _battle_at_move(app)
    vid = battle.human_actor()
    start = _screen_of(battle, battle.state.vehicle(vid).pose)
    straight = next(g for g in battle.key.ghosts if g.maneuver.kind == "straight")
    n = len(battle.session.game.actions)
    drag(app, start, _screen_of(battle, straight.end), steps=8)
    done = battle.session.game.actions[n:]
    assert done and isinstance(done[0], Move) and done[0].maneuver.kind == "straight"


def test_dragging_back_to_the_start_commits_nothing(app):
    battle = _battle_at_move(app)
    vid = battle.human_actor()
    start = _screen_of(battle, battle.state.vehicle(vid).pose)
    bend = next(g for g in battle.key.ghosts if g.maneuver.kind == "bend")
    n = len(battle.session.game.actions)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for p in (_screen_of(battle, bend.end), start):
        app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    assert len(battle.session.game.actions) == n
    assert battle.key.chosen.maneuver.kind == "straight"


def test_right_click_cancels_with_nothing_committed(app):
    battle = _battle_at_move(app)
    for _ in range(4):
        press(app, pygame.K_RIGHT)
    assert battle.key.chosen.maneuver.kind != "straight"
    n = len(battle.session.game.actions)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=3))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(300, 300), button=3))
    assert battle.key.chosen.maneuver.kind == "straight" and len(battle.session.game.actions) == n


def test_hovering_a_ghost_shows_its_card_in_player_words(app):
    battle = _battle_at_move(app)
    from game.render.turning_key import _nose
    from rules.tables.movement import tables

    size = tables().handling.counters[battle.state.vehicle(battle.human_actor()).spec.kind]
    bend = next(g for g in battle.key.ghosts if g.maneuver == Maneuver("bend", "right", degrees=90))
    nose = _nose(bend.end, size)
    pos = tuple(int(round(c)) for c in battle.cam.to_screen(nose.x, nose.y))
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert battle.key.hover is not None and battle.key.hover.maneuver == bend.maneuver
    card = battle.key.hover.details
    assert card[0] == "bend right 90°"
    assert card[1].startswith(f"D{bend.difficulty}") and "->" in card[1]
    assert "control roll" in card[2] and card[3].startswith("path:")
    app.draw()   # the card draws


def test_refused_maneuvers_are_greyed_with_the_engines_reason(app):
    battle = _battle_at_move(app, speed=40.0)   # a bootlegger needs 20-35 mph at the start of the turn
    greyed = battle.key.preview.greyed()
    boot = [g for g in greyed if g.maneuver.kind == "bootlegger"]
    assert boot and all(not g.legal for g in boot)
    assert boot[0].details[1].startswith("not allowed:") and "bootlegger" in boot[0].details[1]
    assert all("_" not in g.name for g in battle.key.ghosts + greyed)


def test_a_drag_stays_on_its_ghost_until_another_is_clearly_nearer():
    """Small pointer moves between two close notches do not flip the choice back and forth."""
    from game.turning_key import SNAP_KEEP

    state = _to_move(_moving(60.0))
    ghosts = build_preview(state, "a")
    i = next(k for k, g in enumerate(ghosts) if g.maneuver == Maneuver("bend", "right", degrees=45))
    j = next(k for k, g in enumerate(ghosts) if g.maneuver == Maneuver("bend", "right", degrees=60))
    a, b = ghosts[i].end, ghosts[j].end
    # a point a little nearer the 60-degree ghost than the 45-degree one
    x, y = a.x + (b.x - a.x) * 0.55, a.y + (b.y - a.y) * 0.55
    assert nearest(ghosts, x, y, current=i) == i
    assert nearest(ghosts, b.x, b.y, current=i) == j
    assert SNAP_KEEP > 0


def test_a_drag_ends_on_the_pose_not_only_the_spot():
    """Picked up by the nose, the counter snaps to the ghost whose nose is under the pointer: a T-stop
    and straight ahead end on the same spot but face different ways."""
    from game.turning_key import grab_offset, held_point

    state = _to_move(_moving(60.0))
    v = state.vehicle("a")
    ghosts = build_preview(state, "a")
    nose = grab_offset(v.pose, v.pose.x, v.pose.y - 0.45)   # facing 0 (up): the nose is at -y
    for want in ("straight", "t_stop"):
        g = next(x for x in ghosts if x.maneuver.kind == want)
        p = held_point(g.end, nose)
        assert ghosts[nearest(ghosts, p.x, p.y, grab=nose)].maneuver.kind == want


def test_the_better_reflexes_may_let_the_other_car_move_first_with_l_000_L140(app):
    """Two cars at the same speed: the key of the driver with the better reflexes offers a button and
    the L key to let the other move first (the engine's Defer); the other's key offers nothing."""
    from rules.play.actions import Defer

    for seed in range(1, 40):
        setup = GameSetup((VehicleSetup("a", "Ann", CAR, Pose.at(20, 20, 0), 40.0, colour="red"),
                           VehicleSetup("b", "Bob", CAR, Pose.at(5, 5, 90), 40.0, colour="blue")), seed=seed)
        state, _ = engine.new_game(setup)
        if state.vehicle("a").reflex_roll != state.vehicle("b").reflex_roll:
            break
    battle = start_battle(app, setup)
    while battle.state.step != MOVE or battle.banner:
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    first = battle.human_actor()
    other = "b" if first == "a" else "a"
    assert Defer(first) in engine.legal_actions(battle.state, first)
    assert any(b.name == "defer" and other in b.label for b in battle.key.buttons)
    assert "L: let the other move first" in battle.key.hint()
    press(app, pygame.K_l)
    while battle.banner:
        press(app, pygame.K_RETURN)
    assert battle.human_actor() == other
    assert not any(b.name == "defer" for b in battle.key.buttons)


def test_a_truck_at_2_5_mph_shows_its_pivots_in_place_or_with_the_quarter_inch_000_L599(app):
    """The key shows one family of pivots at a time: V (the "In place" button) switches a truck at 2.5 mph
    between the pivot after its quarter inch and the pivot where it stands (reading M-R27)."""
    from game.battle.key_panel import KeyPanel

    vs = (VehicleSetup("rig", "Player 1", "Annihilator", Pose.at(20, 30, 0), speed=2.5, trailer="Brotherhood"),
          VehicleSetup("W", "Player 2", "Killer Kart", Pose.at(5, 10, 90), speed=0))
    battle = rig_at_its_move(app, vs, "slow rig")
    key = battle.panel()
    assert isinstance(key, KeyPanel) and key.pivots_in_place()
    pivots = [g.maneuver for g in key.ghosts if g.maneuver.kind == "pivot"]
    assert pivots and not any(m.in_place for m in pivots)          # first: after the quarter inch
    names = {b.label for b in key.layout_buttons(battle.layout.controls)}
    assert "In place" in names and "V pivot in place" in key.hint()
    press(app, pygame.K_v)
    pivots = [g.maneuver for g in key.ghosts if g.maneuver.kind == "pivot"]
    assert pivots and all(m.in_place for m in pivots)               # then: where it stands, one of each
    assert len(pivots) == len({(m.side, m.degrees) for m in pivots})


def rig_at_its_move(app, vehicles, name):
    """A battle on screen at the movement step where the vehicle "rig" is the one to act (every speed kept)."""
    from game.scenes.battle import BattleScene
    from game.scenes.title import TitleScene
    from game.session import Session

    session = Session.start(GameSetup(vehicles, seed=4), name, None)
    while not (session.state.step == MOVE and engine.to_act(session.state) == ["rig"]):
        vid = engine.to_act(session.state)[0]
        session.apply(SetSpeed(vid, session.state.vehicle(vid).signed_speed))
    app.push(TitleScene(app))
    battle = BattleScene(app, session)
    app.push(battle)
    app.update(0.1)
    return battle
