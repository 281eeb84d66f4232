"""Game over says what knocked each vehicle out, read from the history's events by kind and field."""

from __future__ import annotations

from dataclasses import replace

from game.endings import knockouts
from game.session import quick_setup
from rules.core.events import BurnDamage, Collided, CrashRolled, DamageRolled, Event, OutOfFight, ShotFired
from rules.core.geometry import Vec
from rules.engine.game import Game, Step


def _knock_out(game: Game, vid: str, events: tuple[Event, ...]) -> None:
    """One step of history after which `vid` is out (what the engine records for an action)."""
    before = game.state
    game.history.append(Step(game.legal_actions(game.to_act()[0])[0], before, events))
    game.state = before.with_vehicle(replace(before.vehicle(vid), out=True))


def test_a_hit_that_led_to_a_crash_is_named_not_the_crash():
    game = Game(quick_setup(3))
    hit = ShotFired("AC1 fires at car1", "000:L901", "car3", weapon="AC1", target="car1", need=7, roll=9, hit=True)
    crash = CrashRolled("Crash Table 1: 12 -> roll", "000:L322", "car1", table=1, roll=12, result="roll")
    _knock_out(game, "car1", (hit, crash))
    ko = knockouts(game)["car1"]
    assert (ko.cause, ko.by, ko.turn, ko.phase) == ("car3's AC1 (a hit)", "car3", 1, 1)


def test_a_collision_a_crash_alone_and_no_cause():
    game = Game(quick_setup(3))
    ram = Collided("t-bone", "000:L406", "car3", how="t_bone", other="car2", v1="car3", v2="car2", speed=40.0, point=Vec(0, 0))
    _knock_out(game, "car2", (ram,))
    _knock_out(game, "car1", (CrashRolled("roll", "", "car1", result="burning_roll", table=1, roll=12),))
    _knock_out(game, "car3", (BurnDamage("fire: the plant takes 2", "000:L1013", "car3"),))  # prose only
    got = knockouts(game)
    assert got["car2"].cause == "a t-bone with car3 at 40.0 mph" and got["car2"].by == "car3"
    assert got["car1"].cause == "a crash: burning roll"
    assert got["car3"].cause == "a t-bone with car2 at 40.0 mph in turn 1, phase 1"   # its last blow, earlier
    alone = Game(quick_setup(2))
    _knock_out(alone, "car1", (BurnDamage("fire: the plant takes 2", "000:L1013", "car1"),))  # prose only
    assert knockouts(alone)["car1"].cause == ""   # no field names a cause: game over shows why_out alone


def test_marked_out_after_the_blow_names_the_last_blow_and_when():
    """A vehicle is marked out when it next cannot move or fire (000:L1262), which may be a later step
    than the hit that did it: the last blow by another vehicle is named, with its turn and phase."""
    game = Game(quick_setup(2))
    hit = ShotFired("MG1 fires at car1", "000:L901", "car2", weapon="MG1", target="car1", need=7, roll=9, hit=True)
    before = game.state
    game.history.append(Step(game.legal_actions(game.to_act()[0])[0], before, (hit,)))
    _knock_out(game, "car1", (OutOfFight("car1 is out of the fight", "000:L1262", "car1", why="no way to move or fire"),))
    ko = knockouts(game)["car1"]
    assert ko.cause == "car2's MG1 (a hit) in turn 1, phase 1" and ko.by == "car2"


def test_shots_and_hits_are_counted_from_the_to_hit_rolls():
    from game.endings import shooting

    log = [ShotFired("MG1 fires", "", "car1", weapon="MG1", target="car2", need=7, roll=9, hit=True),
           ShotFired("MG1 fires", "", "car1", weapon="MG1", target="car2", need=7, roll=4, hit=False),
           ShotFired("cannot hit", "", "car2", weapon="RL1", target="car1", need=13, roll=None, hit=False),  # no roll
           DamageRolled("damage", "", "car1", weapon="MG1", target="car2", expr="1d", faces=(5,), points=5)]
    assert shooting(log) == {"car1": (2, 1)}
