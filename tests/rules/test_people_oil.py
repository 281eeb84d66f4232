"""Standing up on oil (issue 18, PD21): a full second and 7 or better on 2d (000:L1464)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import ScriptedDice
from rules.core.events import DiceRolled
from rules.engine.engine import apply, legal_actions
from rules.play import people
from rules.play.people_actions import Prone
from rules.play.state import evolve
from tests.rules.test_people_engine import _walker_over


def _down_on(kind: str):
    s, who, walk = _walker_over(kind)
    p = people.person(s, who)
    on = replace(p, pose=replace(p.pose, x_m=p.pose.x_m + walk.dx * 250, y_m=p.pose.y_m + walk.dy * 250), prone=True)
    s = evolve(s, people=tuple(on if q.id == who else q for q in s.people))
    s.derived.clear()
    return s, who


def test_getting_up_on_oil_needs_7_000_L1464():
    """000:L1464: a man down on oil spends a second to stand and needs 7 or better on 2d; a 6 leaves
    him down with the second spent."""
    s, who = _down_on("oil")
    assert Prone(who, False) in legal_actions(s, who)
    failed, ev = apply(s, Prone(who, False), ScriptedDice([3, 3]))
    p = people.person(failed, who)
    assert p.prone and p.busy_until > people.now(s)
    assert any(isinstance(e, DiceRolled) and "needs 7" in e.what for e in ev)
    up, _ = apply(s, Prone(who, False), ScriptedDice([4, 3]))
    assert not people.person(up, who).prone


def test_getting_up_off_the_oil_needs_no_roll_000_L1461():
    """000:L1461: elsewhere standing up is a full second and no roll."""
    s, who = _down_on("spikes")
    up, ev = apply(s, Prone(who, False), ScriptedDice([]))
    assert not people.person(up, who).prone and not [e for e in ev if isinstance(e, DiceRolled)]
