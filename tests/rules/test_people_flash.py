"""Flash grenades (issue 18, PD21 -> PD37; 002:L91, 000:L1580): at night, every man within 2" who can see it
is blinded a second (two with light-intensifier goggles) and may not fire or throw."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.dropped import Counter
from rules.core.dice import ScriptedDice
from rules.core.events import PersonBlinded
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.people.record import Grenade
from rules.play import people
from rules.play.context import Ctx
from rules.play.state import FIRE, RuleOptions, evolve


def _flash(visibility: str = "night", gear: tuple[str, ...] = (), car_between: bool = False, cloud: str = ""):
    cars = (VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),
            VehicleSetup("blue", "B", "Killer Kart", Pose.at(11.0 if car_between else 40.0, 10.125, 270), 0.0))
    setup = GameSetup(cars, seed=2, options=RuleOptions(people="on", visibility=visibility),
                      people=(PersonSetup("man", "B", Pose.at(10.125, 10.125, 90), weapon="SMG", gear=gear),))
    s = evolve(new_game(setup)[0], step=FIRE)
    if cloud:   # a 1" cloud square to the map between the man and the flash
        s = evolve(s, counters=(Counter(cloud, Pose.at(10.9, 10.125, 0), 0.5, 1.0, s.turn, s.phase),))
    ctx = Ctx(s, ScriptedDice([]))
    people._blast(ctx, Grenade("G1", "flash", "x", (20.0, 10.125), (11.625, 10.125), 7, 0, 0, point=(11.625, 10.125)))
    out = ctx.finish()
    out.derived.clear()
    return out, [e for e in ctx.log.events if isinstance(e, PersonBlinded)]


def test_a_flash_at_night_blinds_a_man_within_2_inches_for_a_second_002_L91():
    s, ev = _flash()
    p = people.person(s, "man")
    assert ev and ev[0].turns == 1 and ev[0].rule == "000:L1580, 002:L91"
    assert p.blind_until == people.now(s) + 5 and not people.may_fire(s, p)
    later = evolve(s, turn=s.turn + 1)
    later.derived.clear()
    assert people.may_fire(later, replace(p, fired_turn=0))


def test_li_goggles_double_it_and_daylight_or_a_car_in_the_way_spare_him_002_L91():
    _s, ev = _flash(gear=("li_goggles",))
    assert ev and ev[0].turns == 2
    _s, ev = _flash(visibility="clear")
    assert not ev
    _s, ev = _flash(car_between=True)
    assert not ev


def test_smoke_or_paint_between_spares_him_002_L91():
    """002:L91: a man who cannot see the flash is immune, and smoke and paint block his sight of it."""
    for cloud in ("smoke", "paint"):
        _s, ev = _flash(cloud=cloud)
        assert not ev, cloud
    _s, ev = _flash()
    assert ev
