"""Reloading a hand weapon from a spare clip (000:L1457, L1505): a turn doing nothing else, a full load."""

from __future__ import annotations

from dataclasses import replace

from rules.ai.on_foot import decide
from rules.core.events import PersonReloaded
from rules.core.geometry import Pose
from rules.engine.engine import apply, check, legal_actions, new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.actions import parse
from rules.play.people_actions import Reload, Shoot
from rules.play.state import FIRE, RuleOptions, evolve


def _state(shots: int, gear: tuple[str, ...] = ("ammo_clip", "ammo_clip")):
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),
                       VehicleSetup("blue", "B", "Killer Kart", Pose.at(40, 40, 270), 0.0)),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "A", Pose.at(10.125, 10.125, 90), weapon="SMG", gear=gear, foe="veteran"),
                              PersonSetup("foe", "B", Pose.at(14.125, 10.125, 270), weapon="SMG")))
    s = evolve(new_game(setup)[0], step=FIRE)
    s = evolve(s, people=tuple(replace(p, shots=shots) if p.id == "man" else p for p in s.people))
    s.derived.clear()
    return s


def test_a_reload_fills_the_weapon_spends_a_clip_and_the_turn_000_L1457():
    s = _state(3)
    assert Reload("man") in legal_actions(s, "man")
    s, ev = apply(s, Reload("man"))
    man = people.person(s, "man")
    assert man.shots == 10 and man.gear == ("ammo_clip",)
    assert [e.clips_left for e in ev if isinstance(e, PersonReloaded)] == [1]
    assert not people.may_walk(s, man) and not people.may_fire(s, man)   # nothing else that turn


def test_no_reload_without_a_clip_or_with_a_full_weapon_000_L1505():
    assert Reload("man") not in legal_actions(_state(3, gear=()), "man")
    full = _state(10)
    assert Reload("man") not in legal_actions(full, "man") and check(full, Reload("man")) is not None


def test_the_foe_reloads_an_empty_weapon_and_shoots_a_loaded_one():
    s = _state(0)
    action, why = decide(s, "man", legal_actions(s, "man"), "veteran")
    assert action == Reload("man") and "reloads" in why
    s = _state(4)
    action, _ = decide(s, "man", legal_actions(s, "man"), "veteran")
    assert action == Shoot("man", "SMG", "foe")


def test_the_text_form_parses_back():
    assert parse(str(Reload("red.driver"))) == Reload("red.driver")
