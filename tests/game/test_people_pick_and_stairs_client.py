"""People decisions in the client (issue 18): the defender's pick of an area shot's victims (000:L945) - when
a car's MG sweeps three of the player's men, the panel asks who takes the hits, every order a row (keys or a
click), the chosen order's numbers on the men, the choice going to the engine as the player's Pick - and a
stairway's climb by key (000:L1442)."""

from __future__ import annotations

import pygame

from game.battle.foot_panel import FootPanel, describe
from game.session import Session
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play.actions import Fire, Pass
from rules.play.people_actions import Pick
from rules.play.state import FIRE, RuleOptions
from tests.game.test_people_client import _battle


def _session() -> tuple[Session, str]:
    setup = GameSetup((VehicleSetup("car", "A", "Hotshot MG Option", Pose.at(5, 10, 90), 0.0),
                       VehicleSetup("far", "B", "Hotshot", Pose.at(40, 40, 270), 0.0)),
                      seed=1, options=RuleOptions(people="on"),
                      people=tuple(PersonSetup(f"b{i}", "B", Pose.at(10.125 + 0.25 * i, 10.125, 0)) for i in (1, 2, 3)))
    session = Session.start(setup, "pick", autosave_dir=None)
    s = session.state
    while s.step != FIRE:
        who = session.to_act()[0]
        session.apply(next(iter(session.legal(who))) if s.step != "speed" else session.legal(who)[0])
        s = session.state
    mg = next(w.id for w in s.vehicle("car").sheet.weapons if w.abbr == "MG" and w.location == "front")
    session.apply(Fire("car", mg, "b1"))
    while session.to_act()[0] != "b1":   # the others pass; b1 answers for his side
        session.apply(Pass(session.to_act()[0]))
    return session, mg


def test_the_defender_is_asked_who_takes_the_hits_and_picks_with_the_keys(app):
    session, mg = _session()
    battle = _battle(app, session, "b1")
    assert battle.human_actor() == "b1"
    panel = battle.panel()
    assert isinstance(panel, FootPanel) and "who of your men" in panel.title
    rows = panel.others()
    assert len(rows) == 6 and all(isinstance(a, Pick) for a in rows)
    labels = [b.label for b in panel.layout_buttons(battle.layout.controls)]
    assert describe(session.state, rows[0]) in labels and "pass" not in labels   # the rule asks: no passing it
    surface = pygame.Surface((1280, 800))
    battle.draw(surface)    # the order's numbers on the men
    panel.index = 2
    want = rows[2]
    from game.input.bindings import Intent
    assert panel.handle_intent(Intent.CONFIRM)
    assert session.game.actions[-1] == want and want.shooter == "car" and want.weapon == mg


def test_a_click_on_an_order_picks_it(app):
    session, _mg = _session()
    battle = _battle(app, session, "b1")
    panel = battle.panel()
    rows = panel.others()
    button = next(b for b in panel.layout_buttons(battle.layout.controls) if b.label == describe(session.state, rows[1]))
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center)
    battle.handle_event(event)
    assert session.game.actions[-1] == rows[1]


def test_the_stairs_are_climbed_with_the_keys_000_L1442(app):
    """At a stairway's foot in phase 1 the move panel offers the climb (a button, and '.'/Tab): the
    player's key climbs him a square (reading PD43)."""
    from game.input.bindings import Intent
    from rules.play.actions import SetSpeed
    from rules.play.people_actions import Climb
    from rules.play.state import MOVE
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(3, 10.75, 90), 0.0),
                       VehicleSetup("blue", "B", "Killer Kart", Pose.at(27, 9.25, 270), 0.0)),
                      seed=4, map="maps/rooftops.toml", options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "A", Pose.at(16.125, 4.125, 90), weapon="SMG"),))
    session = Session.start(setup, "stairs", autosave_dir=None)
    while session.state.step != MOVE:
        who = session.to_act()[0]
        session.apply(SetSpeed(who, 0.0))
    assert session.to_act()[0] == "man" and Climb("man", True) in session.legal("man")
    battle = _battle(app, session, "man")
    panel = battle.panel()
    assert isinstance(panel, FootPanel) and "up/down the stairs" in panel.hint()
    labels = [b.label for b in panel.layout_buttons(battle.layout.controls)]
    assert "climb a square up the stairs" in labels
    assert panel.handle_intent(Intent.NEXT)
    assert session.game.actions[-1] == Climb("man", True)
