"""A double's turning key (000:L567, reading M-R32): the key shows where each trailer would end, the second
following the first as if the first were its tower (rules.play.rigs.trailer_after)."""

from __future__ import annotations

import pygame

from rules.core.geometry import Pose
from rules.engine.setup import VehicleSetup
from rules.play.rigs import coupling_of, trailer_after
from tests.game.test_turning_key import rig_at_its_move


def test_the_key_shows_both_trailers_of_a_double_000_L567(app, monkeypatch):
    import game.battle.key_panel as kp

    vs = (VehicleSetup("rig", "Player 1", "Annihilator", Pose.at(20, 30, 0), speed=30, trailer="Brotherhood",
                       trailer2="Budget Box"),
          VehicleSetup("W", "Player 2", "Killer Kart", Pose.at(5, 10, 90), speed=0))
    battle = rig_at_its_move(app, vs, "double")
    key = battle.panel()
    assert isinstance(key, kp.KeyPanel) and key.chosen is not None
    drawn: list[tuple[Pose, Pose]] = []
    monkeypatch.setattr(kp, "draw_trailer_ghost", lambda _s, _c, start, end, _cp, **_k: drawn.append((start, end)))
    key._draw_trailer(pygame.Surface((200, 200)))
    state = battle.session.state
    first, second = state.vehicle("rig_trailer"), state.vehicle("rig_trailer2")
    assert [s for s, _ in drawn] == [first.pose, second.pose]       # a ghost for each trailer
    want = trailer_after(first.pose, drawn[0][1], second.pose, coupling_of(first, second), reverse=False)
    assert drawn[1][1] == want                                      # the second behind the first's ghost
