"""Foam grenades (issue 18, PD21 -> PD36; 000:L1581): thrown within 1/2" of a fire, it puts the fire out on a
1 on 1d."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import ScriptedDice
from rules.core.events import FireOut, PaintOnWindows
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.people.record import Grenade
from rules.play import people
from rules.play.actions import Fire
from rules.play.context import Ctx
from rules.play.state import RuleOptions, evolve


def _burning_car():
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),
                       VehicleSetup("blue", "B", "Killer Kart", Pose.at(13, 10.125, 270), 0.0)),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "A", Pose.at(10.125, 10.125, 90), grenades=("foam",)),))
    s = new_game(setup)[0]
    s = evolve(s, vehicles=tuple(replace(v, sheet=replace(v.sheet, on_fire=True)) if v.id == "blue" else v
                                 for v in s.vehicles))
    s.derived.clear()
    return s


def _foam_at(s, x: float, die: int):
    ctx = Ctx(s, ScriptedDice([die]))
    people._blast(ctx, Grenade("G1", "foam", "man", (10.125, 10.125), (x, 10.125), 7, 0, 0, point=(x, 10.125)))
    return ctx.finish(), ctx.log.events


def test_foam_puts_out_a_fire_within_half_an_inch_on_a_1_000_L1581():
    out, ev = _foam_at(_burning_car(), 12.2, 1)        # 0.3" short of the car's back
    assert not out.vehicle("blue").sheet.on_fire and any(isinstance(e, FireOut) for e in ev)
    out, _ = _foam_at(_burning_car(), 12.2, 2)
    assert out.vehicle("blue").sheet.on_fire


def test_foam_farther_than_half_an_inch_does_nothing_000_L1581():
    out, ev = _foam_at(_burning_car(), 11.9, 1)        # 0.6" away
    assert out.vehicle("blue").sheet.on_fire and not any(isinstance(e, FireOut) for e in ev)


def test_a_flaming_oil_grenade_leaves_a_half_inch_slick_that_ignites_a_phase_later_000_L1579():
    from rules.combat.dropped import burning

    s = _burning_car()
    ctx = Ctx(s, ScriptedDice([1] * 5))
    people._blast(ctx, Grenade("G1", "flaming_oil", "man", (10.125, 10.125), (20.0, 20.0), 7, 0, 0,
                               point=(20.0, 20.0)))
    slick = ctx.state.counters[-1]
    assert (slick.kind, slick.length, slick.width, slick.pose.x) == ("flaming_oil", 0.5, 0.5, 20.0)
    assert not burning(slick, s.turn, s.phase) and burning(slick, s.turn, s.phase + 1)


def test_foam_on_a_vehicle_blocks_its_sight_like_paint_000_L1581():
    """Foam used on a target vehicle blocks its sight as paint does (000:L1581; 002:L95): within 1/2" of
    its counter it has paint on its windows, -2 to its fire to the end of the next turn (000:L1053), its
    shot at a man on foot included; farther off, nothing."""
    s = _burning_car()
    out, ev = _foam_at(s, 12.2, 6)        # 0.3" short of the car's back; the fire stays (a 6)
    painted = [e for e in ev if isinstance(e, PaintOnWindows)]
    assert painted and painted[0].vehicle == "blue" and out.vehicle("blue").paint_until == s.turn + 1
    shot = Fire("blue", "MG1", "man")
    clean = people.vehicle_shot_to_hit(s, shot)
    fogged = people.vehicle_shot_to_hit(out, shot)
    assert fogged.need == clean.need + 2
    out, ev = _foam_at(_burning_car(), 11.9, 6)   # 0.6" off
    assert out.vehicle("blue").paint_until == 0 and not any(isinstance(e, PaintOnWindows) for e in ev)
