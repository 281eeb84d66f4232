"""Dropped weapons in the client: every counter kind on the map is drawn (mines and spikes for every
player: their counters show roughly where they lie, 000:L1042), a player picks a Drop in the fire step
and sees what lands where before committing (000:L1028-L1038), and explosions show (000:L1014)."""

from __future__ import annotations

import pygame
import pytest

from game.anim import Animator
from game.camera import Camera
from game.render.dropped import draw_dropped, label
from rules.combat.dropped import Counter
from rules.core.events import CounterMet, Exploded, ShotFired
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Drop
from rules.play.state import FIRE
from rules.tables.combat import combat_tables
from tests.game.conftest import press, start_battle

KINDS = tuple(sorted(combat_tables().dropped))   # every kind of counter the rules can lay


def _cam() -> Camera:
    cam = Camera()
    cam.view_x, cam.view_y, cam.view_w, cam.view_h = 0, 0, 200, 200
    cam.zoom, cam.cx, cam.cy = 60.0, 0.0, 0.0
    return cam


def _counter(kind: str, laid_phase: int = 1) -> Counter:
    length, width = combat_tables().dropped[kind].size
    return Counter(kind, Pose.at(0, 0, 90), length, width, 1, laid_phase, "red", f"{kind}-1")


def _drawn(counters: list[Counter], now: tuple[int, int] = (1, 1), **kw: object) -> pygame.Surface:
    surf = pygame.Surface((200, 200))
    surf.fill((70, 70, 70))
    draw_dropped(surf, _cam(), counters, now, **kw)  # type: ignore[arg-type]
    return surf


@pytest.mark.parametrize("kind", KINDS)
def test_every_counter_kind_is_drawn_where_it_lies_000_L1042(app, kind):
    surf = _drawn([_counter(kind)])
    # the counter's middle (the map's centre at 100,100) is painted; a far corner is untouched
    changed = sum(surf.get_at((100 + dx, 100 + dy))[:3] != (70, 70, 70) for dx in range(-8, 9, 4) for dy in (-4, 0, 4))
    assert changed >= 5
    assert surf.get_at((5, 5))[:3] == (70, 70, 70)


def test_flaming_oil_looks_different_once_alight_000_L1045(app):
    c = _counter("flaming_oil", laid_phase=1)
    before, after = _drawn([c], (1, 1)), _drawn([c], (1, 3))
    assert label(c, (1, 1)) != label(c, (1, 3)) == "burning oil"
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")


def test_a_drop_not_yet_made_is_drawn_as_a_ghost(app):
    c = _counter("mines")
    assert pygame.image.tobytes(_drawn([c]), "RGB") != pygame.image.tobytes(_drawn([c], ghost=True), "RGB")


def _chase() -> GameSetup:
    return GameSetup((VehicleSetup("guard", "Ann", "Bodyguard", Pose.at(14, 12, 90), 20.0, colour="red"),
                      VehicleSetup("kart", "Bob", "Killer Kart", Pose.at(10, 12, 90), 20.0, colour="blue")),
                     seed=5, map="maps/arena.toml")


def _to_guard_fire(app, battle):
    for _ in range(30):
        if battle.state.step == FIRE and battle.human_actor() == "guard" and not battle.banner:
            return
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    raise AssertionError("the Bodyguard never came to its fire step")


def test_player_drops_oil_behind_and_the_next_car_runs_onto_it_000_L1035_L1045(app):
    battle = start_battle(app, _chase())
    _to_guard_fire(app, battle)
    drops = [a for a in battle.fire.options if isinstance(a, Drop)]
    assert Drop("guard", "OJ3") in drops  # the back oil jet, offered beside the guns
    battle.button("drop").action()        # jump to the drops
    while battle.fire.chosen.action != Drop("guard", "OJ3"):
        battle.button("next").action()
    info = battle.fire.chosen.preview
    assert info is not None and [c.kind for c in info.counters] == ["oil"]
    guard = battle.state.vehicle("guard").pose
    assert info.counters[0].pose.x < guard.x  # behind a car heading east
    assert "oil" in info.text and "behind" in info.text and "no to-hit roll" in info.modifier_text
    assert battle.button("commit").label == "Drop"
    app.draw()
    battle.button("commit").action()
    battle.settle()
    for _ in range(150):  # the kart follows at the same speed and drives onto the slick
        if any(isinstance(e, CounterMet) and e.vehicle == "kart" and e.onto and e.counter.startswith("oil") for e in battle.session.log):
            break
        press(app, pygame.K_RETURN if battle.banner else pygame.K_SPACE)
    assert [c.kind for c in battle.state.counters] == ["oil"]
    assert any(isinstance(e, CounterMet) and e.vehicle == "kart" and e.onto and e.counter.startswith("oil") for e in battle.session.log)
    app.draw()


def test_an_explosion_and_a_shot_show_on_the_board_000_L1014(app):
    battle = start_battle(app, _chase())
    battle.anim = Animator(battle.state)
    battle.anim.feed([Exploded("kart explodes", "000:L1014", "kart"),
                      ShotFired("MG at kart", "", "guard", weapon="MG1", target="kart", need=7, roll=8, hit=True)])
    kinds = sorted(f.kind for f in battle.anim.flashes)
    assert kinds == ["explosion", "shot"]
    plain = pygame.Surface(app.size)
    battle.anim.flashes.clear()
    battle.draw(plain)
    battle.anim.feed([Exploded("kart explodes", "000:L1014", "kart")])
    battle.anim.flashes[0].age = battle.anim.flashes[0].life / 2   # the fireball half grown
    boom = pygame.Surface(app.size)
    battle.draw(boom)
    kart = battle.state.vehicle("kart").pose
    sx, sy = battle.cam.to_screen(kart.x + 1.2, kart.y)  # inside the 2" blast, off the counter
    assert plain.get_at((round(sx), round(sy))) != boom.get_at((round(sx), round(sy)))
