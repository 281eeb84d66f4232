"""Tear gas on people (issue 18, PD21 -> PD33; 000:L1585-L1588): an unprotected man in a tear-gas cloud
rolls 1d each turn; 1 unconscious 5 minutes, 2-4 choking (-6 to hit, crawls 3 squares a turn) for a minute,
5-6 stinging (-2) for this turn and 3 more; the worst result so far holds; a gas mask protects."""

from __future__ import annotations

from rules.combat.dropped import Counter
from rules.core.dice import ScriptedDice
from rules.core.events import PersonGassed
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.people.record import Grenade, clock
from rules.play import people
from rules.play.context import Ctx
from rules.play.people_actions import Prone, Shoot
from rules.play.state import FIRE, MOVE, RuleOptions, evolve

AT = (10.125, 10.125)


def _state(gear: tuple[str, ...] = (), cloud: str = "tear_gas"):
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),
                       VehicleSetup("blue", "B", "Killer Kart", Pose.at(16, 10, 270), 0.0)),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "A", Pose.at(*AT, 90), weapon="SMG", grenades=("explosive",),
                                          gear=gear),))
    s = new_game(setup)[0]
    s = evolve(s, counters=(Counter("smoke", Pose.at(*AT, 0), 1.0, 1.0, 1, weapon=cloud, id="c1"),))
    s.derived.clear()
    return s


def _roll(s, die: int):
    ctx = Ctx(s, ScriptedDice([die]))
    people._tear_gas_at_turn_end(ctx)
    out = ctx.finish()
    return out, [e for e in ctx.log.events if isinstance(e, PersonGassed)]


def test_a_1_knocks_him_out_for_5_minutes_000_L1586():
    s, ev = _roll(_state(), 1)
    p = people.person(s, "man")
    assert ev and ev[0].effect == "unconscious" and ev[0].rule == "000:L1585-L1588"
    assert p.prone and p.busy_until == clock(s.turn + 1 + 300, 1, 5)
    assert not people.may_walk(s, p) and not people.may_fire(s, p)


def test_choking_is_minus_6_with_any_weapon_and_a_crawl_000_L1587():
    """2-4: -6 to hit with any weapon (his SMG and his throw) and only a crawl at 3 squares a turn."""
    s0 = _state()
    fire = evolve(s0, step=FIRE)
    before = people.hand_to_hit(fire, Shoot("man", "SMG", "blue")).need
    throw_before = people.throw_need(fire, people.person(fire, "man"), 12.0, 10.0)
    s, ev = _roll(s0, 3)
    assert ev and ev[0].effect == "choking" and ev[0].turns == 60
    p = people.person(s, "man")
    assert p.prone
    fire = evolve(s, step=FIRE, turn=s.turn + 1)
    fire.derived.clear()
    th = people.hand_to_hit(fire, Shoot("man", "SMG", "blue"))
    assert th.need == before + 6 and any(m.name == "in tear gas (choking)" and m.value == -6 for m in th.modifiers)
    assert people.throw_need(fire, people.person(fire, "man"), 12.0, 10.0) == throw_before + 6
    move = evolve(s, step=MOVE, turn=s.turn + 1)
    move.derived.clear()
    assert Prone("man", False) not in people.walk_options(move, "man")   # he may only crawl
    squares = 0
    for phase in range(1, 6):
        squares += people.squares_now(evolve(move, phase=phase), people.person(move, "man"))
    assert squares == 3


def test_stinging_is_minus_2_for_3_turns_and_the_worst_result_holds_000_L1586_L1588():
    s, ev = _roll(_state(), 6)
    assert ev[0].effect == "stinging" and ev[0].turns == 3
    p = people.person(s, "man")
    assert not p.prone and p.gas_until == clock(s.turn + 4, 1, 5)
    later = evolve(s, turn=s.turn + 4, step=FIRE)
    later.derived.clear()
    assert people.gas_effect(later, p) is None   # worn off
    choking, _ = _roll(_state(), 2)
    again, ev = _roll(choking, 5)                 # a milder roll does not replace the worst
    assert people.person(again, "man").gas == "choking" and not ev


def test_a_gas_mask_protects_and_smoke_is_not_gas_000_L1516():
    _s, ev = _roll(_state(gear=("gas_mask",)), 1)
    assert not ev
    _s, ev = _roll(_state(cloud=""), 1)
    assert not ev


def test_a_tear_gas_grenade_lays_a_cloud_known_from_smoke_000_L1585():
    s = _state(cloud="")
    s = evolve(s, counters=())
    ctx = Ctx(s, ScriptedDice([3] * 5))
    people._blast(ctx, Grenade("G1", "tear_gas", "man", AT, (20.0, 20.0), 7, 0, 0, point=(20.0, 20.0)))
    people._blast(ctx, Grenade("G2", "smoke", "man", AT, (24.0, 20.0), 7, 0, 0, point=(24.0, 20.0)))
    assert [(c.kind, c.weapon) for c in ctx.state.counters] == [("smoke", "tear_gas"), ("smoke", "smoke")]



def _aboard(kit_gear: tuple[str, ...] = ()):
    """Car "blue" (side B) sits in a tear-gas cloud; side A's man stands 4" off, in reach of its crew's SMG."""
    from rules.people.record import Kit
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),
                       VehicleSetup("blue", "B", "Killer Kart", Pose.at(16, 10, 270), 0.0,
                                    kit=Kit(weapon="SMG", gear=kit_gear))),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("man", "A", Pose.at(12.125, 10.125, 90), weapon="SMG"),))
    s = new_game(setup)[0]
    s = evolve(s, counters=(Counter("smoke", Pose.at(16, 10, 0), 1.0, 1.0, 1, weapon="tear_gas", id="c1"),))
    s.derived.clear()
    return s


def test_a_crew_aboard_in_tear_gas_rolls_too_and_takes_its_minus_to_hand_weapons_000_L1586_PD45():
    """000:L1586: unprotected pedestrians and duellists roll; the crew of a car in the cloud roll (reading
    PD45): stinging is -2 to the driver's SMG from inside; a gas mask in the crew's kit spares them."""
    s = _aboard()
    shot = Shoot("blue.driver", "SMG", "man")
    before = people.inside_to_hit(evolve(s, step=FIRE), shot).need
    s, ev = _roll(s, 6)
    assert [e.effect for e in ev] == ["stinging"] and people.crew_gas(s, "blue.driver").effect == "stinging"
    fired = evolve(s, step=FIRE)
    fired.derived.clear()
    assert people.inside_to_hit(fired, shot).need == before + 2
    _s, ev = _roll(_aboard(kit_gear=("gas_mask",)), 6)
    assert ev == []


def test_a_crewman_gassed_unconscious_aboard_fires_no_hand_weapon_PD45():
    s, ev = _roll(_aboard(), 1)
    assert [e.effect for e in ev] == ["unconscious"]
    fire = evolve(s, step=FIRE)
    fire.derived.clear()
    assert not [a for a in people.inside_fire_options(fire, "blue") if a.person == "blue.driver"]


def test_a_gassed_crewman_who_gets_out_is_still_gassed_PD45():
    from rules.play.people_actions import GetOut
    s, _ev = _roll(_aboard(), 3)                 # choking, aboard
    ctx = Ctx(evolve(s, step=FIRE), ScriptedDice([3] * 5))
    people.get_out(ctx, GetOut("blue", "driver"))
    out = ctx.finish()
    man = people.person(out, "blue.driver")
    assert man is not None and man.gas == "choking" and people.gas_effect(out, man) is not None


def _mg_duel(effect: str):
    """Hotshot MG Option "car" (A) facing a Hotshot "far" (B) 6" ahead; its crew's gas as given (PD45)."""
    from rules.people.record import clock as at
    setup = GameSetup((VehicleSetup("car", "A", "Hotshot MG Option", Pose.at(5, 10, 90), 0.0),
                       VehicleSetup("far", "B", "Hotshot", Pose.at(11, 10, 270), 0.0)),
                      seed=1, options=RuleOptions(people="on"))
    s = evolve(new_game(setup)[0], step=FIRE)
    if effect:
        s = evolve(s, crew_gas=(("car.driver", effect, at(s.turn + 5, 1, 5)),))
    s.derived.clear()
    return s


def test_tear_gas_aboard_takes_its_minus_from_vehicle_weapons_too_000_L1587_PD45():
    """"-6 to hit with any weapon" (000:L1587): the driver choking aboard fires the car's MG at -6; knocked
    out, he fires nothing."""
    from rules.phases.fire_step import fire_options, preview_fire
    from rules.play.actions import Fire
    s = _mg_duel("")
    mg = next(w.id for w in s.vehicle("car").sheet.weapons if w.abbr == "MG" and w.location == "front")
    clear = preview_fire(s, Fire("car", mg, "far"))
    choking = preview_fire(_mg_duel("choking"), Fire("car", mg, "far"))
    assert choking.need == clear.need + 6
    assert ("firer in tear gas", -6, "000:L1587-L1588") in [(m.name, m.value, m.rule) for m in choking.modifiers]
    assert fire_options(s, "car") and not fire_options(_mg_duel("unconscious"), "car")


def test_a_driver_gassed_out_aboard_leaves_nobody_at_the_controls_000_L976_PD45():
    """Knocked out by tear gas (000:L1586), the driver is as incapacitated as a wounded-out one (000:L976):
    his one-man car goes uncontrolled, straight on, slowing; a car whose driver is only stinging drives on."""
    from rules.core.events import NobodyDriving
    from rules.people.record import clock as at
    from rules.play import uncontrolled
    setup = GameSetup((VehicleSetup("car", "A", "Killer Kart", Pose.at(5, 10, 90), 20.0),
                       VehicleSetup("far", "B", "Killer Kart", Pose.at(30, 30, 270), 0.0)),
                      seed=1, options=RuleOptions(people="on"))
    s = new_game(setup)[0]
    for effect, lost in (("unconscious", True), ("stinging", False)):
        gassed = evolve(s, crew_gas=(("car.driver", effect, at(s.turn + 5, 1, 5)),))
        ctx = Ctx(gassed, ScriptedDice([3] * 20))
        uncontrolled.check_drivers(ctx)
        out = ctx.finish()
        assert out.vehicle("car").driverless == lost
        assert any(isinstance(e, NobodyDriving) for e in ctx.log.events) == lost


def test_a_gassed_out_crewman_does_not_take_the_wheel_000_L980_PD45(tmp_path):
    """The driver gassed out: the gunner beside him takes the wheel (000:L980), unless the gas has knocked
    him out too; then nobody drives."""
    from rules.core.events import DriverReplaced
    from rules.core.tomlio import dumps_toml
    from rules.people.record import clock as at
    from rules.play import uncontrolled
    from rules.vehicles.design import design_to_dict, load_stock
    d = design_to_dict(load_stock("Hotshot"))
    d["crew"], d["name"] = ["driver", "gunner"], "Hotshot with a gunner"
    path = tmp_path / "two.toml"
    path.write_text(dumps_toml(d))
    setup = GameSetup((VehicleSetup("car", "A", str(path), Pose.at(5, 10, 90), 20.0),
                       VehicleSetup("far", "B", "Killer Kart", Pose.at(30, 30, 270), 0.0)),
                      seed=1, options=RuleOptions(people="on"))
    s = new_game(setup)[0]
    until = at(s.turn + 5, 1, 5)
    for gassed, took in (((("car.driver", "unconscious", until),), True),
                         ((("car.driver", "unconscious", until), ("car.gunner", "unconscious", until)), False)):
        ctx = Ctx(evolve(s, crew_gas=gassed), ScriptedDice([3] * 20))
        uncontrolled.check_drivers(ctx)
        out = ctx.finish()
        assert any(isinstance(e, DriverReplaced) for e in ctx.log.events) == took
        assert out.vehicle("car").driverless == (not took)
