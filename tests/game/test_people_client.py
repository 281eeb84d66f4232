"""People on foot in the battle (issue 18): a player's pedestrian is shown with the squares he can
step into; arrows walk him, the fire panel lists his shots with the roll they need; his sheet shows."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.battle.foot_panel import FootPanel
from game.input.bindings import Intent
from game.scenes.battle import BattleScene
from game.session import Session, setup_from_scenario
from rules.ai.on_foot import decide
from rules.core.paths import MAPS_DIR
from rules.engine.engine import legal_actions, to_act
from rules.play import people
from rules.play.actions import SetSpeed
from rules.play.people_actions import GetOut, Shoot
from rules.play.state import FIRE, MOVE

SCENARIO = MAPS_DIR / "scenarios" / "duel_on_foot.toml"


def _session_until(step: str) -> tuple[Session, str]:
    """A game of the scenario where red stays stopped and its driver gets out at once (000:L1436), and the
    foes play on until he has a decision of this step, and who he is. (Waiting for a car to die does not
    do: a good foe kills the driver with his car on most seeds.)"""
    setup, title = setup_from_scenario(SCENARIO, seed=4)
    setup = replace(setup, vehicles=tuple(replace(v, speed=0.0) if v.id == "red" else v for v in setup.vehicles))
    session = Session.start(setup, title, autosave_dir=None)
    for _ in range(20_000):
        s = session.state
        if s.over or not to_act(s):
            break
        who = to_act(s)[0]
        if s.step == step and people.is_person(s, who):
            return session, who
        legal = legal_actions(s, who)
        mine = [a for a in legal if who == "red" and (isinstance(a, GetOut) or a == SetSpeed("red", 0.0))]
        a = mine[0] if mine else decide(s, who, legal, "veteran", budget=60.0)[0]
        session.apply(a)
    raise AssertionError("red's driver never had a decision on foot")


def _battle(app, session: Session, who: str) -> BattleScene:
    from game.scenes.title import TitleScene

    session.hand_driven.add(who.split(".")[0])   # a player has the car and its driver
    app.push(TitleScene(app))
    battle = BattleScene(app, session)
    app.push(battle)
    for _ in range(5):
        app.update(0.1)
    return battle


def test_a_pedestrian_move_is_a_player_decision(app):
    session, who = _session_until(MOVE)
    battle = _battle(app, session, who)
    assert battle.human_actor() == who and isinstance(battle.panel(), FootPanel)
    panel = battle.panel()
    names = {b.name for b in panel.layout_buttons(battle.layout.controls)}
    assert "walk 0 0" in names and "other 0" in names
    surface = pygame.Surface(app.size)
    battle.draw(surface)   # board, counters, the foot panel and his sheet
    before = people.person(session.state, who).pose
    step = next((k for k in ((0, -1), (-1, 0), (0, 1), (1, 0)) if k in panel.walks() and k != (0, 0)), None)
    assert step is not None
    intent = {(0, -1): Intent.UP, (-1, 0): Intent.LEFT, (0, 1): Intent.DOWN, (1, 0): Intent.RIGHT}[step]
    assert panel.handle_intent(intent)
    after = people.person(session.state, who).pose
    assert (round((after.x - before.x) / 0.25), round((after.y - before.y) / 0.25)) == step


def test_the_fire_step_lists_his_shots_with_their_need(app):
    session, who = _session_until(FIRE)
    battle = _battle(app, session, who)
    assert isinstance(battle.panel(), FootPanel)
    panel = battle.panel()
    panel.sync(who)
    labels = [b.label for b in panel.layout_buttons(battle.layout.controls)]
    shots = [a for a in panel.others() if isinstance(a, Shoot)]
    assert shots and any(lbl.startswith(f"{shots[0].weapon} at {shots[0].target}: needs") for lbl in labels)
    need = people.hand_to_hit(session.state, shots[0]).need
    assert any(lbl.endswith(f"needs {need}") for lbl in labels)
    surface = pygame.Surface(app.size)
    battle.draw(surface)


def test_the_gunners_scenario_keeps_its_men_on_their_cars_side(app):
    """The new-game screen's set-up of a scenario with pedestrians: each man fights for the new owner of
    his team's car, and the people rule is on whatever the option field says."""
    from game.scenes.new_game import NewGameScene
    from game.scenes.title import TitleScene

    app.push(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    ng.source.index = 1 + [p.stem for p in ng.scenarios].index("arena_gunners")
    ng._rebuild_rows()
    setup, _ = ng.build_setup()
    owners = {v.id: v.owner for v in setup.vehicles}
    men = {p.id: p.owner for p in setup.people}
    assert men["red_north"] == men["red_south"] == owners["red"]
    assert men["blue_north"] == men["blue_south"] == owners["blue"]
    assert setup.options.people == "on"
