"""People on foot in the battle (issue 18): a player's pedestrian is shown with the squares he can
step into; arrows walk him, the fire panel lists his shots with the roll they need; his sheet shows."""

from __future__ import annotations

import pygame

from game.battle.foot_panel import FootPanel
from game.input.bindings import Intent
from game.scenes.battle import BattleScene
from game.session import Session, setup_from_scenario
from rules.ai.on_foot import decide
from rules.core.paths import MAPS_DIR
from rules.engine.engine import legal_actions, to_act
from rules.play import people
from rules.play.people_actions import Shoot
from rules.play.state import FIRE, MOVE

SCENARIO = MAPS_DIR / "scenarios" / "duel_on_foot.toml"


def _session_until(cond) -> Session:
    setup, title = setup_from_scenario(SCENARIO, seed=4)
    session = Session.start(setup, title, autosave_dir=None)
    for _ in range(20_000):
        s = session.state
        if cond(s):
            return session
        who = to_act(s)[0]
        a, _ = decide(s, who, legal_actions(s, who), "veteran", budget=60.0)
        session.apply(a)
    raise AssertionError("never came")


def _battle(app, session: Session) -> BattleScene:
    from game.scenes.title import TitleScene

    session.hand_driven.add("red")   # a player has red and its driver
    app.push(TitleScene(app))
    battle = BattleScene(app, session)
    app.push(battle)
    for _ in range(5):
        app.update(0.1)
    return battle


def test_a_pedestrian_move_is_a_player_decision(app):
    session = _session_until(lambda s: s.step == MOVE and to_act(s) and to_act(s)[0] == "red.driver")
    battle = _battle(app, session)
    assert battle.human_actor() == "red.driver" and isinstance(battle.panel(), FootPanel)
    panel = battle.panel()
    names = {b.name for b in panel.layout_buttons(battle.layout.controls)}
    assert "walk 0 0" in names and "other 0" in names
    surface = pygame.Surface(app.size)
    battle.draw(surface)   # board, counters, the foot panel and his sheet
    before = people.person(session.state, "red.driver").pose
    step = next((k for k in ((0, -1), (-1, 0), (0, 1), (1, 0)) if k in panel.walks() and k != (0, 0)), None)
    assert step is not None
    intent = {(0, -1): Intent.UP, (-1, 0): Intent.LEFT, (0, 1): Intent.DOWN, (1, 0): Intent.RIGHT}[step]
    assert panel.handle_intent(intent)
    after = people.person(session.state, "red.driver").pose
    assert (round((after.x - before.x) / 0.25), round((after.y - before.y) / 0.25)) == step


def test_the_fire_step_lists_his_shots_with_their_need(app):
    session = _session_until(lambda s: s.step == FIRE and to_act(s) and to_act(s)[0] == "red.driver")
    battle = _battle(app, session)
    assert isinstance(battle.panel(), FootPanel)
    panel = battle.panel()
    panel.sync("red.driver")
    labels = [b.label for b in panel.layout_buttons(battle.layout.controls)]
    shots = [a for a in panel.others() if isinstance(a, Shoot)]
    assert shots and any(lbl.startswith(f"{shots[0].weapon} at {shots[0].target}: needs") for lbl in labels)
    need = people.hand_to_hit(session.state, shots[0]).need
    assert any(lbl.endswith(f"needs {need}") for lbl in labels)
    surface = pygame.Surface(app.size)
    battle.draw(surface)
