"""Motion, sound and the replay: what a player sees and hears when the events of a move come back,
read from the events' kinds and typed fields (never their text)."""

from __future__ import annotations

import pygame

from game.anim import Animator
from game.assets import Assets
from game.replay import last_phase_events, replay_last_phase, start_poses
from game.settings import Settings, load_settings, save_settings
from game.sound import SoundBoard, weapon_sound
from rules.core.events import (
    Collided,
    CounterLaid,
    CrashRolled,
    Damaged,
    DamageRolled,
    Exploded,
    Moved,
    PhaseBegan,
    ShotFired,
    ShotNotAllowed,
    SpeedChanged,
    TurnBegan,
)
from rules.core.geometry import Pose, Vec
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.state import MOVE
from tests.game.conftest import press, start_battle


def _state():
    setup = GameSetup((VehicleSetup("guard", "Ann", "Bodyguard", Pose.at(14, 12, 90), 20.0, colour="red"),
                       VehicleSetup("kart", "Bob", "Killer Kart", Pose.at(10, 12, 90), 20.0, colour="blue")),
                      seed=5, map="maps/arena.toml")
    state, _ = new_game(setup)
    return state


def _path(x: float, y: float, n: int = 5) -> tuple[Pose, ...]:
    return tuple(Pose.at(x + k * 0.25, y, 90.0) for k in range(n))


def _moved(words: str, vid: str, path: tuple[Pose, ...]) -> Moved:
    return Moved(words, "", vid, what=words, end=path[-1], path=path)


def _run(anim: Animator, state) -> None:
    for _ in range(200):
        anim.update(0.05, state)
        if not anim.busy:
            return


def test_a_hit_shows_the_damage_it_dealt_on_the_target():
    state = _state()
    anim = Animator(state)
    anim.feed([ShotFired("MG1 hits", "000:L901", "kart", weapon="MG1", target="guard", need=7, roll=9, hit=True),
               DamageRolled("MG1 damage 1d: rolls 5", "", "kart", weapon="MG1", target="guard", expr="1d", faces=(5,),
                            points=5)])
    numbers = [f for f in anim.flashes if f.kind == "number"]
    assert [(f.vehicle, f.text) for f in numbers] == [("guard", "-5")]


def test_collision_damage_shows_its_points_when_the_motion_gets_there():
    state = _state()
    anim = Animator(state)
    anim.feed([Collided("t-bone", "000:L400", "kart", how="t_bone", other="guard", v1="kart", v2="guard", speed=20.0,
                        point=Vec(0, 0)),
               _moved("straight", "kart", _path(10, 12)),
               Damaged("collision: 7 to front", "000:L402", "kart", cause="collision", location="front", points=7,
                       taken=7)])
    assert not [f for f in anim.flashes if f.kind == "number"], "nothing before the counter arrives"
    _run(anim, state)
    assert ("kart", "-7") in [(f.vehicle, f.text) for f in anim.flashes if f.kind == "number"]


def test_a_spinout_is_named_over_the_counter_and_leaves_tire_marks():
    state = _state()
    anim = Animator(state)
    spin = tuple(Pose.at(10 + k * 0.25, 12.0, 90.0 + 30 * k) for k in range(6))
    anim.feed([CrashRolled("Crash Table 1: 9 -> spinout", "000:L322", "kart", table=1, roll=9, result="spinout"),
               _moved("spins", "kart", spin)])
    _run(anim, state)
    labels = [f.text for f in anim.flashes if f.kind == "label"]
    assert labels == ["spinout"]
    assert [m.style for m in anim.marks] == ["spin"]
    assert len(anim.marks[0].poses) >= 4, "the marks follow the path"


def test_an_ordinary_move_leaves_no_marks():
    state = _state()
    anim = Animator(state)
    anim.feed([_moved("straight", "kart", _path(10, 12))])
    _run(anim, state)
    assert anim.marks == []


class _Recorder(SoundBoard):
    def __init__(self, on: bool = True) -> None:
        super().__init__(Settings(sound=on))
        self.asked: list[str] = []

    def play(self, name: str) -> bool:
        if self.settings.sound:
            self.asked.append(name)
        return super().play(name)


def test_sounds_follow_the_events_kinds_and_fields_not_their_words():
    state = _state()
    for words in ("MG1 fires at guard", "something else entirely"):
        board = _Recorder()
        anim = Animator(state, sound=board)
        anim.feed([ShotFired(words, "", "kart", weapon="MG1", target="guard", need=7, roll=7, hit=False),
                   Collided(words, "", "kart", how="t_bone", other="guard", v1="kart", v2="guard", speed=20.0,
                            point=Vec(0, 0)),
                   _moved(words, "kart", _path(10, 12)),
                   CrashRolled(words, "", "kart", table=1, roll=7, result="minor_skid"),
                   Exploded(words, "", "guard")])
        _run(anim, state)
        assert board.asked == ["gun", "crash", "screech", "explosion"], words


def test_laying_a_dropped_weapon_clanks_and_debris_does_not():
    state = _state()
    board = _Recorder()
    anim = Animator(state, sound=board)
    at = Pose.at(10, 12, 90)
    anim.feed([CounterLaid("x", "", "kart", counter="oil-1", counter_kind="oil", pose=at, size=(1.0, 1.0)),
               CounterLaid("x", "", "kart", counter="debris-1", counter_kind="debris", pose=at, size=(1.0, 1.0))])
    assert board.asked == ["drop"]


def test_a_shot_that_is_not_rolled_makes_no_sound():
    state = _state()
    board = _Recorder()
    anim = Animator(state, sound=board)
    anim.feed([ShotNotAllowed("MG1 at guard: out of control", "000:L321", "kart", weapon="MG1", target="guard",
                              why="out of control")])
    assert board.asked == []


def test_weapon_sounds_by_category():
    assert weapon_sound("MG") == "gun"
    assert weapon_sound("RL") == "rocket"
    assert weapon_sound("L") == "laser"
    assert weapon_sound("no such weapon") == "gun"


def test_sound_off_plays_nothing():
    state = _state()
    board = _Recorder(on=False)
    anim = Animator(state, sound=board)
    anim.feed([Collided("bang", "", "kart", how="t_bone", other="guard", v1="kart", v2="guard", speed=20.0, point=Vec(0, 0))])
    _run(anim, state)
    assert board.asked == [] and board.played == []


def test_the_sound_files_play_and_a_missing_one_is_silence(app, tmp_path):
    assert SoundBoard(Settings()).play("crash") in (True, False)   # no audio device: False, no error
    silent = SoundBoard(Settings(), art=Assets(tmp_path))
    assert silent.play("crash") is False


def test_the_sound_setting_is_kept_between_games(tmp_path):
    s = load_settings(tmp_path)
    assert s.sound and s.problem == ""
    board = SoundBoard(s)
    assert board.toggle().startswith("sound off")
    assert load_settings(tmp_path).sound is False
    assert board.toggle() == "sound on"
    assert load_settings(tmp_path).sound is True


def test_a_broken_settings_file_gives_the_defaults_and_says_so(tmp_path):
    (tmp_path / "settings.toml").write_text("sound = maybe\n")
    s = load_settings(tmp_path)
    assert s.sound is True and "settings.toml" in s.problem
    (tmp_path / "settings.toml").write_text('sound = "off"\n')
    assert "sound" in load_settings(tmp_path).problem
    s.sound = False
    assert save_settings(s) == "" and load_settings(tmp_path).sound is False


def test_o_turns_sound_off_in_the_battle_and_says_so(app):
    battle = start_battle(app, GameSetup((VehicleSetup("kart", "Bob", "Killer Kart", Pose.at(10, 12, 90), 20.0,
                                                       colour="blue"),), seed=5, map="maps/arena.toml"))
    press(app, pygame.K_o)
    assert battle.message.startswith("sound off")
    assert load_settings(app.saves_dir).sound is False
    press(app, pygame.K_o)
    assert battle.message == "sound on"


# --- the replay --------------------------------------------------------------------------------------

def test_last_phase_events_run_from_the_previous_phase_start():
    log = [TurnBegan("turn 1 begins", turn=1), _moved("a", "a", _path(1, 1)),
           PhaseBegan("phase 2", turn=1, phase=2), _moved("b", "a", _path(2, 1)),
           PhaseBegan("phase 3", turn=1, phase=3), SpeedChanged("s", "", "a", old=20.0, new=25.0)]
    got = last_phase_events(log)
    assert [e.kind for e in got] == ["phase", "moved", "phase", "speed"]
    assert start_poses(got) == {"a": Pose.at(2, 1, 90)}
    quiet = [*log, PhaseBegan("phase 4", turn=1, phase=4)]   # nothing happened in phase 3: phase 2 is still shown
    assert last_phase_events(quiet)[0] is log[2]


def _played_a_phase(app):
    setup = GameSetup((VehicleSetup("guard", "Ann", "Bodyguard", Pose.at(14, 12, 90), 30.0, colour="red"),
                       VehicleSetup("kart", "Bob", "Killer Kart", Pose.at(10, 18, 90), 30.0, colour="blue")),
                      seed=5, map="maps/arena.toml")
    battle = start_battle(app, setup)
    for _ in range(40):
        if sum(e.kind == "phase" for e in battle.session.log) >= 2 and battle.state.step == MOVE:
            break
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    return battle


def test_p_replays_the_last_phase_on_the_board_and_changes_nothing(app):
    battle = _played_a_phase(app)
    state = battle.state
    moved = start_poses(last_phase_events(battle.session.log))
    assert moved, "somebody moved in the last phase"
    vid, start = next(iter(moved.items()))
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0))
    assert battle.anim.busy
    assert battle.anim.replay_label == "Replay: turn 1, phase 1", "phase 2 moved nobody at 30 mph"
    assert battle.anim.pose(vid, state.vehicle(vid).pose) == start, "the replay starts where the phase began"
    assert battle.human_actor() is None, "no choices while it plays"
    app.draw()
    battle.update(0.3)
    assert battle.anim.pose(vid, start) != start, "and moves on along the path"
    battle.settle()
    assert battle.state is state, "the game itself is untouched"
    assert battle.anim.pose(vid, start) == state.vehicle(vid).pose


def test_the_replay_button_is_there_and_p_again_stops_it(app):
    battle = _played_a_phase(app)
    button = battle.button("replay")
    assert button.label == "Replay (P)"   # the top bar names each button's key
    button.action()
    assert battle.anim.busy
    battle.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
    assert not battle.anim.busy and battle.message == "replay stopped"


def test_replay_with_nothing_played_yet_says_so():
    state = _state()
    anim = Animator(state)
    assert replay_last_phase(anim, [TurnBegan("turn 1 begins", turn=1)], state) == "nothing to replay yet"
    assert not anim.busy


def test_the_fire_step_and_banner_settings_are_kept_between_games(app):
    """Issue 14: the pause menu's two settings (stop at every fire step; the hand-off banner waits)
    are remembered in saves/settings.toml with the sound setting, and the next battle starts with them."""
    from game.scenes.pause import PauseScene

    setup = GameSetup((VehicleSetup("kart", "Bob", "Killer Kart", Pose.at(10, 12, 90), 20.0, colour="blue"),),
                      seed=5, map="maps/arena.toml")
    battle = start_battle(app, setup)
    assert not battle.orders.fire_stops and not battle.confirm_handoff
    pause = PauseScene(app, battle)
    pause.toggle_fire_stops()
    pause.toggle_handoff()
    kept = load_settings(app.saves_dir)
    assert kept.fire_stops and kept.banner_waits and kept.sound and kept.problem == ""
    again = start_battle(app, setup)
    assert again.orders.fire_stops and again.confirm_handoff


def test_a_rolling_counter_tumbles_and_an_ordinary_one_does_not(app):
    """A roll's motion narrows the counter's picture and widens it again (issue 14 item 5); a plain
    move keeps it whole. Drawn at every width without a failure."""
    from game.camera import Camera
    from game.render.counters import draw_counter
    from rules.tables.movement import tables

    state = _state()
    anim = Animator(state)
    roll = tuple(Pose.at(10 + k * 0.25, 12.0, 90.0) for k in range(8))
    anim.feed([CrashRolled("Crash Table 1: 11 -> roll", "000:L322", "kart", table=1, roll=11, result="roll"),
               _moved("rolls", "kart", roll)])
    widths = []
    for _ in range(40):
        anim.update(0.02, state)
        widths.append(anim.tumble("kart"))
    assert min(widths) < 0.3 and max(widths) > 0.7, widths
    assert anim.tumble("guard") == 1.0
    plain = Animator(state)
    plain.feed([_moved("straight", "kart", _path(10, 12))])
    plain.update(0.05, state)
    assert plain.tumble("kart") == 1.0
    v = state.vehicle("kart")
    surface = pygame.Surface((400, 300))
    cam = Camera()
    for w in (0.0, 0.1, 0.5, 1.0):
        draw_counter(surface, cam, v, v.pose, tables().handling.counters[v.spec.kind], (200, 40, 40), squash=w)


def test_a_replay_shows_the_board_as_the_phase_began(app):
    """During a replay the counters on the map and the wrecks are drawn from the game as the replayed
    phase began (its history's state at that turn and phase), and the board is the game's own again
    once the replay ends."""
    from rules.core.events import PhaseBegan, TurnBegan

    battle = _played_a_phase(app)
    first = last_phase_events(battle.session.log)[0]
    assert isinstance(first, (PhaseBegan, TurnBegan))
    want = (first.turn, first.phase if isinstance(first, PhaseBegan) else 1)
    battle.replay()
    assert battle.anim.replay_label
    shown = battle.shown_state()
    assert (shown.turn, shown.phase) == want and shown is not battle.state
    app.draw()
    for _ in range(200):
        battle.update(0.1)
        if not battle.anim.replay_label:
            break
    assert battle.shown_state() is battle.state
