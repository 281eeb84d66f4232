"""Grenades meeting something solid in flight (issue 18, PD21 -> PD34; 000:L1195): a timed grenade bounces
1d-1 squares back and stops; one with an impact fuse goes off where it struck."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.core.events import GrenadeExploded, GrenadeLanded
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.people.record import Grenade
from rules.play import people
from rules.play.context import Ctx
from rules.play.state import RuleOptions, evolve

MAN = (10.125, 10.125)


def _land(aim: tuple[float, float], fuse: int, dice: list[int]):
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),
                       VehicleSetup("blue", "B", "Killer Kart", Pose.at(13, 10.125, 270), 0.0)),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "A", Pose.at(*MAN, 90), weapon="SMG"),))
    s = new_game(setup)[0]
    g = Grenade("G1", "explosive", "man", MAN, aim, 9, people.now(s), fuse, explodes=s.turn + 5 if fuse else 0)
    s = evolve(s, grenades=(g,))
    ctx = Ctx(s, ScriptedDice(dice + [1] * 20))
    people._landings(ctx)
    out = ctx.finish()
    return out, ctx.log.events


def test_a_timed_grenade_bounces_back_off_a_car_000_L1195():
    """Thrown past the car's side (a 12 lands on the spot aimed at, behind it), it meets the car and comes
    back 1d-1 squares: a 4 on the die, 3 squares toward the thrower from where it struck."""
    s, ev = _land((16.0, 10.125), fuse=1, dice=[6, 6, 4])
    g = s.grenades[0]
    car_side = 13 - s.rules.movement.handling.counters[s.vehicle("blue").spec.kind].length / 2
    assert g.point is not None and abs(g.point[1] - 10.125) < 1e-6
    assert abs(g.point[0] - (car_side - 0.01 - 3 * 0.25)) < 1e-6
    assert any(isinstance(e, GrenadeLanded) and e.rule == "000:L1195" and "bounces off blue" in e.text for e in ev)


def test_an_impact_fuse_goes_off_where_it_strikes_000_L1195():
    s, ev = _land((16.0, 10.125), fuse=0, dice=[6, 6])
    assert not s.grenades   # gone off
    struck = [e for e in ev if isinstance(e, GrenadeLanded) and e.rule == "000:L1195"]
    assert struck and "strikes blue" in struck[0].text
    blast = [e for e in ev if isinstance(e, GrenadeExploded)]
    assert blast and blast[0].point.x < 13 - 0.4


def test_landing_on_the_side_aimed_at_is_no_bounce_000_L1176():
    """A grenade that comes down where it was aimed, the near side of the car, has met nothing on the way."""
    s, _ = _land((12.5, 10.125), fuse=1, dice=[6, 6])   # the car's near side (its counter is 1" long)
    assert s.grenades[0].point == (12.5, 10.125)
