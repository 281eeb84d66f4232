"""Hold course with a rig (issue 19): when the straight inch would take the trailer over debris, the held
course stops and says so, naming the trailer; nothing is committed for the rig."""

from __future__ import annotations

from game.battle.pilot import Orders, answer
from rules.combat.dropped import Counter
from rules.core.geometry import Pose
from rules.engine import engine
from rules.play.state import evolve
from tests.rules.test_rigs_in_play import rig_game, to_move


def test_a_held_rig_stops_before_its_trailer_runs_over_debris() -> None:
    state = to_move(rig_game(mph=40))
    tr = state.vehicle("rig_trailer")
    debris = Counter("debris", Pose.at(tr.pose.x, tr.pose.y - 1.0, 0), 0.5, 0.5, 1, 1, id="c1")
    state = evolve(state, counters=(debris,))
    orders = Orders()
    orders.set_hold("rig", state.turn)
    got = answer(state, "rig", engine.legal_actions(state, "rig"), orders)
    assert got.action is None
    assert got.note == "rig stops holding course: straight on, its trailer: runs over debris (c1)"
    assert not orders.holding("rig", state.turn)


def test_a_held_rig_drives_on_when_nothing_lies_ahead() -> None:
    state = to_move(rig_game(mph=40))
    orders = Orders()
    orders.set_hold("rig", state.turn)
    got = answer(state, "rig", engine.legal_actions(state, "rig"), orders)
    assert got.action is not None and got.note == ""
