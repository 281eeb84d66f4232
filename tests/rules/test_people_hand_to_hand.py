"""Hand-to-hand (issue 18, PD21 -> PD35; 000:L1452-L1455, L1513)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import ScriptedDice
from rules.core.events import PersonHurt
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, PersonSetup, VehicleSetup
from rules.play import people
from rules.play.actions import parse
from rules.play.context import Ctx
from rules.play.people_actions import Strike
from rules.play.state import FIRE, RuleOptions, evolve


def _state(weapon: str = "", grenades: tuple[str, ...] = (), gear: tuple[str, ...] = (), car_x: float = 40.0,
           b_at: tuple[float, float] = (10.375, 10.375)):
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),
                       VehicleSetup("blue", "B", "Killer Kart", Pose.at(car_x, 10.125, 270), 0.0)),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("a", "A", Pose.at(10.125, 10.125, 90), weapon=weapon, grenades=grenades,
                                          gear=gear),
                              PersonSetup("b", "B", Pose.at(*b_at, 270))))
    s = evolve(new_game(setup)[0], step=FIRE)
    s.derived.clear()
    return s


def _blow(s, dice: list[int], target: str = "b"):
    ctx = Ctx(s, ScriptedDice(dice))
    people.declare(ctx, Strike("a", target))
    people.resolve(ctx)
    return ctx.finish(), [e for e in ctx.log.events if isinstance(e, PersonHurt)]


def test_a_blow_needs_2_with_the_targeting_modifiers_but_point_blank_000_L1453():
    """000:L1453: 2 or better, every targeting modifier but the point-blank bonus, the -3 for a pedestrian
    among them: two men who have both walked this turn need the book's 5."""
    s = _state()
    assert Strike("a", "b") in people.fire_options(s, "a")
    walked = evolve(s, people=tuple(replace(p, walked=people.now(s)) for p in s.people))
    walked.derived.clear()
    th = people.strike_to_hit(walked, Strike("a", "b"))
    assert th.need == 5 and [(m.name, m.value, m.rule) for m in th.modifiers] == [("pedestrian", -3, "000:L878")]
    # two men standing still: both not-moving bonuses are targeting modifiers too (000:L912-L913)
    assert people.strike_to_hit(s, Strike("a", "b")).need == 3


def test_a_fist_does_1d_5_something_heavy_1d_4_spikes_one_more_000_L1453_L1513():
    """A 6 on the die: a fist does 1, a grenade in hand 2, spiked body armor adds 1 (000:L1513)."""
    _s, hurt = _blow(_state(), [6, 6, 6])
    assert hurt and hurt[0].points == 1
    _s, hurt = _blow(_state(grenades=("explosive",)), [6, 6, 6])
    assert hurt[0].points == 2
    _s, hurt = _blow(_state(gear=("spiked_armor",)), [6, 6, 6])
    assert hurt[0].points == 2
    _s, hurt = _blow(_state(weapon="Bowie"), [6, 6, 6])   # a knife: its own 1d-2
    assert hurt[0].points == 4


def test_no_blow_after_moving_more_than_half_000_L1454():
    s = _state()
    a = people.person(s, "a")
    s2 = evolve(s, people=tuple(replace(p, steps=3, steps_turn=s.turn) if p.id == "a" else p for p in s.people))
    s2.derived.clear()
    assert Strike("a", "b") not in people.fire_options(s2, "a")
    s3 = evolve(s, people=tuple(replace(p, steps=2, steps_turn=s.turn) if p.id == "a" else p for p in s.people))
    s3.derived.clear()
    assert Strike("a", "b") in people.fire_options(s3, "a") and a is not None


def test_a_vehicle_takes_1d_5_with_no_roll_and_the_weapon_becomes_a_club_000_L1455():
    """Beside a car with his SMG: no to-hit roll, 1d-5 (a 6: 1 point) on the side he stands at, and the SMG
    is a club from then on; bare-handed he may not strike it at all."""
    s = _state(weapon="SMG", car_x=10.75, b_at=(20.125, 20.125))   # the car's back touches his square
    assert Strike("a", "blue") in people.fire_options(s, "a")
    before = s.vehicle("blue").sheet.armor
    after, _ = _blow(s, [6], target="blue")
    armor = after.vehicle("blue").sheet.armor
    assert sum(before.values()) - sum(armor.values()) == 1
    p = people.person(after, "a")
    assert p.club and p.shots == 0
    assert Strike("a", "blue") not in people.fire_options(_state(car_x=10.75, b_at=(20.125, 20.125)), "a")


def test_the_strike_action_prints_and_parses():
    assert parse("red.driver strike blue") == Strike("red.driver", "blue")


def _fighter(level: int):
    s = _state()
    s = evolve(s, people=tuple(replace(p, martial_arts=level) if p.id == "a" else p for p in s.people))
    s.derived.clear()
    return s


def test_martial_arts_adds_to_the_blows_roll_and_damage_by_level_000_L1332_PD44():
    """000:L1332 (garbled; reading PD44): base +1 to hit; +1 +1 damage; +2 another +1 to hit; +4 and +5
    +1 damage each; past +5 the steps from +3 repeat (+6 a blow more, +7 and +8 damage)."""
    plain = people.strike_to_hit(_state(), Strike("a", "b")).need
    assert people.strike_to_hit(_fighter(-1), Strike("a", "b")).need == plain
    base = people.strike_to_hit(_fighter(0), Strike("a", "b"))
    assert base.need == plain - 1 and ("Martial Arts base", 1, "000:L1332") in [(m.name, m.value, m.rule) for m in base.modifiers]
    assert people.strike_to_hit(_fighter(2), Strike("a", "b")).need == plain - 2
    _s, hurt = _blow(_fighter(1), [6, 6, 6])     # a fist's 1d-5 rolled 6: 1, +1
    assert hurt[0].points == 2
    ma = _state().rules.people.martial_arts
    assert [ma.damage_bonus(k) for k in (0, 1, 4, 5, 8)] == [0, 1, 2, 3, 5]
    assert [ma.extra_attacks(k) for k in (2, 3, 6)] == [0, 1, 2]


def test_a_save_keeps_a_mans_martial_arts_level_PD44():
    from rules.core.tomlio import dumps_toml
    from rules.engine.game import Game
    from rules.engine.saves import loads_game, save_dict
    setup = GameSetup((VehicleSetup("red", "A", "Killer Kart", Pose.at(2, 30, 90), 0.0),),
                      seed=2, options=RuleOptions(people="on"),
                      people=(PersonSetup("a", "A", Pose.at(10.125, 10.125, 90), martial_arts=2),))
    again = loads_game(dumps_toml(save_dict(Game(setup))))
    assert again.setup.people[0].martial_arts == 2 and people.person(again.state, "a").martial_arts == 2


def _next_fire_step(s, phase: int):
    s = evolve(s, phase=phase, fire_passed=())
    s.derived.clear()
    return s


def test_martial_arts_plus_3_strikes_a_blow_more_in_a_later_fire_step_of_the_turn_000_L1332_PD44():
    """000:L1332: "at +3, the character gets an additional attack per turn" (reading PD44: once his action
    of the turn was a blow at a man, a second blow at a man in a later fire step of that turn). At +3 he is
    offered the blow again in phase 2 (and nothing else), not in phase 3; at +2 he has no blow more."""
    s, first = _blow(_fighter(3), [6, 6, 1])        # phase 1: his blow hits, 1d-5 rolled 1: 0, +1 (the +1 level, PD44)
    assert first[0].points == 1
    s = evolve(s, people=tuple(replace(p, damage=0) if p.id == "b" else p for p in s.people))   # b shrugs it off
    again = _next_fire_step(s, 2)
    assert people.fire_options(again, "a") == [Strike("a", "b")]
    assert "a" in people.fire_actors(again)
    assert people.problem(again, Strike("a", "b"), ["a"]) is None
    ctx = Ctx(again, ScriptedDice([6, 6, 6]))
    people.declare(ctx, Strike("a", "b"))
    people.resolve(ctx)
    hit = [e for e in ctx.log.events if isinstance(e, PersonHurt)]
    assert hit and hit[0].points == 1 + 1            # 1d-5 rolled 6, and the +1 level's damage (PD44)
    after = ctx.finish()
    third = _next_fire_step(evolve(after, people=tuple(replace(p, damage=0) if p.id == "b" else p
                                                       for p in after.people)), 3)
    assert people.fire_options(third, "a") == [] and "a" not in people.fire_actors(third)
    s2, _ = _blow(_fighter(2), [6, 6, 1])
    assert people.fire_options(_next_fire_step(s2, 2), "a") == []


def test_no_blow_more_after_a_shot_or_in_the_same_fire_step_PD44():
    """A man who shot this turn has no Martial Arts blow more; nor does he strike twice in one fire step."""
    s = _fighter(3)
    s = evolve(s, people=tuple(replace(p, weapon="SMG", shots=10) if p.id == "a" else p for p in s.people))
    s.derived.clear()
    ctx = Ctx(s, ScriptedDice([1, 1]))
    people.declare(ctx, parse("a shoot SMG at b"))
    people.resolve(ctx)
    assert people.fire_options(_next_fire_step(ctx.finish(), 2), "a") == []
    ctx = Ctx(_fighter(3), ScriptedDice([1, 1]))
    people.declare(ctx, Strike("a", "b"))
    same = ctx.state
    assert people.fire_options(same, "a") == []


def test_a_blow_last_turn_gives_no_blow_more_after_a_reload_this_turn_PD44():
    """The extra blow follows a blow struck this turn: a man at +3 who struck last turn and reloads now
    (his action this turn) is offered no blow in a later fire step."""
    s = _fighter(3)
    s = evolve(s, people=tuple(replace(p, blows=1, blows_turn=s.turn - 1, fired_turn=s.turn) if p.id == "a" else p
                               for p in s.people))
    assert people.blows_left(s, people.person(s, "a")) == 0
    assert people.fire_options(_next_fire_step(s, 2), "a") == []
