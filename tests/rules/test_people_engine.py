"""People on foot in the engine (issue 18): getting out and jumping, walking, prone, hand-weapon fire,
grenades, vehicles running pedestrians down, wounds, saves and the outcome."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import ScriptedDice
from rules.core.events import (
    DiceRolled,
    GrenadeExploded,
    GrenadeLanded,
    PersonGotOut,
    PersonHurt,
    PersonRunOver,
    ShotFired,
)
from rules.core.geometry import Pose
from rules.engine.engine import apply, check, legal_actions, new_game, outcome, to_act
from rules.engine.game import Game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play import people
from rules.play.actions import Pass, SetSpeed, parse
from rules.play.people_actions import GetOut, Prone, Shoot, Throw, Walk
from rules.play.state import FIRE, MOVE, SPEED, GameState, RuleOptions, digest, evolve


def duel(speed: float = 0.0, people_on: bool = True, seed: int = 5, gap: float = 7.0) -> GameState:
    setup = GameSetup((
        VehicleSetup("Red", "red", "Killer Kart", Pose.at(2, 2, 90), speed),
        VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(2 + gap, 2, 270), speed),
    ), seed=seed, options=RuleOptions(people="on" if people_on else "off"))
    return new_game(setup)[0]


def until(state: GameState, step: str, chooser=None) -> GameState:
    """Play on with every vehicle keeping its speed and moving straight, and every person passing or
    staying put, until the given step comes with somebody to act."""
    for _ in range(400):
        if state.step == step and to_act(state):
            return state
        who = to_act(state)[0]
        acts = legal_actions(state, who)
        if chooser and (a := chooser(state, who, acts)) is not None:
            state, _ = apply(state, a)
            continue
        if state.step == SPEED:
            a = SetSpeed(who, state.vehicle(who).signed_speed)
        elif state.step == MOVE and people.is_person(state, who):
            a = Walk(who, 0, 0)
        elif state.step == MOVE:
            a = next(x for x in acts if "straight" in str(x))
        else:
            a = Pass(who)
        state, _ = apply(state, a)
    raise AssertionError("never reached")


def test_a_stopped_car_lets_its_driver_out_beside_it_000_L1469():
    """000:L1469: out of a stopped vehicle he spends a full turn beside it, then may run."""
    s = until(duel(), FIRE)
    assert GetOut("Red", "driver") in legal_actions(s, "Red")
    s, ev = apply(s, GetOut("Red", "driver"))
    got = [e for e in ev if isinstance(e, PersonGotOut)]
    assert got and not got[0].jumped and got[0].rule == "000:L1469"
    p = people.person(s, "Red.driver")
    assert p is not None and p.from_vehicle == "Red"
    car = s.vehicle("Red")
    assert abs(p.pose.y - car.pose.y) > 0.25 and abs(p.pose.x - car.pose.x) < 0.5   # beside its left door
    # he neither walks nor fires before a full turn has passed: his first move is a turn later
    got_out = people.now(s)
    s = until(s, MOVE, lambda st, who, acts: None)
    assert to_act(s) == ["Red.driver"] and people.now(s) == got_out + 5


def test_people_off_keeps_everyone_aboard():
    s = until(duel(people_on=False), FIRE)
    assert not any(isinstance(a, GetOut) for a in legal_actions(s, "Red"))
    assert "people = off" in (check(s, GetOut("Red", "driver")) or "")


def test_a_working_car_at_speed_asks_nobody_to_jump():
    """Reading PD16: the crew of a working car at speed are not asked each phase whether to jump."""
    s = until(duel(speed=20), FIRE)
    assert not any(isinstance(a, GetOut) for a in legal_actions(s, "Red"))


def test_jumping_from_a_moving_burning_car_000_L1470():
    """000:L1470: the jumper takes damage as if hit at 10 mph less (DM 1): 30 mph -> 20 mph, 1d."""
    s = until(duel(speed=30), FIRE)
    s = evolve(s, vehicles=tuple(replace(v, sheet=replace(v.sheet, on_fire=True)) if v.id == "Red" else v
                                 for v in s.vehicles))
    s.derived.clear()
    acts = legal_actions(s, "Red")
    assert GetOut("Red", "driver", jump=True) in acts
    s, ev = apply(s, GetOut("Red", "driver", jump=True), ScriptedDice([4]))
    hurt = [e for e in ev if isinstance(e, PersonHurt)]
    assert hurt and hurt[0].points == 4 and hurt[0].body_taken == 4 and hurt[0].condition == "dead"
    rolled = [e for e in ev if isinstance(e, DiceRolled) and "hits the ground at 30 mph" in e.what]
    assert rolled and rolled[0].expr == "1d"
    assert people.person(s, "Red.driver").state == "dead"
    seat = next(c for c in s.vehicle("Red").sheet.components if c.id == "driver")
    assert seat.name.endswith("(got out)")


def _out_on_foot(seed: int = 5, gap: float = 7.0) -> GameState:
    s = until(duel(seed=seed, gap=gap), FIRE)
    s, _ = apply(s, GetOut("Red", "driver"))
    s, _ = apply(s, GetOut("Blue", "driver"))
    return s


def test_a_pedestrian_walks_a_square_a_phase_000_L538_L539():
    """000:L1439: 12.5 mph, one quarter-inch square in each phase, into any of the 8 neighbours."""
    s = _out_on_foot()
    s = until(s, MOVE, lambda st, who, acts: None if st.step != MOVE or not people.is_person(st, who) else None)
    assert s.walkers and s.walkers[0].endswith(".driver")
    who = to_act(s)[0]
    walks = [a for a in legal_actions(s, who) if isinstance(a, Walk)]
    assert len(walks) >= 6 and Prone(who) in legal_actions(s, who)
    before = people.person(s, who).pose
    s2, _ = apply(s, Walk(who, 1, -1) if Walk(who, 1, -1) in walks else walks[0])
    after = people.person(s2, who).pose
    assert max(abs(after.x - before.x), abs(after.y - before.y)) == 0.25
    assert check(s2, Walk(who, 1, 0)) is not None   # one square this phase: his turn to walk is over


def test_pedestrians_shoot_and_wound_000_L1449_L1450():
    """A pedestrian fires his SMG once a turn (000:L1449); a hit wounds, and he cannot move after."""
    s = _out_on_foot()
    s = until(s, FIRE, lambda st, who, acts: None)
    while "Red.driver" not in to_act(s):
        s = until(apply(s, Pass(to_act(s)[0]))[0], FIRE)
    shot = Shoot("Red.driver", "SMG", "Blue.driver")
    assert shot in legal_actions(s, "Red.driver")
    # 2d 6+6 hits; 1d damage 2
    s, ev = apply(s, shot)
    for who in list(to_act(s)):
        s, ev2 = apply(s, Pass(who), ScriptedDice([6, 6, 2] + [1] * 20))
        ev += ev2
    shots = [e for e in ev if isinstance(e, ShotFired) and e.vehicle == "Red.driver"]
    assert shots and shots[0].hit and "pedestrian" in [m.name for m in shots[0].modifiers]
    blue = people.person(s, "Blue.driver")
    assert blue.damage == 2 and blue.state == "unconscious"
    red = people.person(s, "Red.driver")
    assert red.fired_turn == s.turn or s.phase == 1


def test_grenade_lands_a_second_later_and_blasts_000_L1175_L1576():
    """000:L1175: a thrown grenade comes down a second later; an explosive grenade does 1d to people
    within 2" (000:L1576); a natural 12 lands exactly (000:L1176)."""
    s = _out_on_foot(gap=4.0)
    s = until(s, FIRE, lambda st, who, acts: None)
    while "Red.driver" not in to_act(s):
        s = until(apply(s, Pass(to_act(s)[0]))[0], FIRE)
    blue = people.person(s, "Blue.driver")
    throw = Throw("Red.driver", "explosive", blue.pose.x, blue.pose.y, 0)
    s, ev = apply(s, throw)
    assert s.people_declared == (throw,)          # resolved with the phase's fire (000:L819)
    thrown_turn, thrown_phase = s.turn, s.phase
    events = []
    dice = ScriptedDice([6, 6, 5] + [1] * 400)
    for _ in range(300):
        if any(isinstance(e, GrenadeExploded) for e in events):
            break
        who = to_act(s)[0]
        if s.step == SPEED:
            a = SetSpeed(who, 0)
        elif s.step == MOVE:
            a = Walk(who, 0, 0) if people.is_person(s, who) else legal_actions(s, who)[0]
        else:
            a = Pass(who)
        if (s.turn, s.phase) == (thrown_turn + 1, thrown_phase) or (s.turn == thrown_turn + 1):
            s, ev = apply(s, a, dice)
        else:
            s, ev = apply(s, a)
        events += ev
    landed = [e for e in events if isinstance(e, GrenadeLanded)]
    assert landed and landed[0].exact
    hurt = [e for e in events if isinstance(e, PersonHurt) and e.vehicle == "Blue.driver"]
    assert hurt and hurt[0].points == 5


def test_a_car_runs_down_a_pedestrian_000_L1451():
    """A vehicle meeting a pedestrian: a collision at its speed with his DM of 1/5 (000:L390, L1451)."""
    s = _out_on_foot()
    blue = people.person(s, "Blue.driver")
    red = s.vehicle("Red")
    # put the Red car just short of the Blue driver, moving toward him at 30 mph
    s = evolve(s, vehicles=tuple(replace(v, pose=Pose.at(blue.pose.x - 1.0, blue.pose.y, 90), travel=90, speed=30,
                                         start_speed=30) if v.id == "Red" else v for v in s.vehicles))
    s.derived.clear()
    events = []
    for _ in range(200):
        if any(isinstance(e, PersonRunOver) for e in events) or s.over:
            break
        who = to_act(s)[0]
        if s.step == SPEED:
            a = SetSpeed(who, s.vehicle(who).signed_speed)
        elif s.step == MOVE:
            a = Walk(who, 0, 0) if people.is_person(s, who) else next(
                x for x in legal_actions(s, who) if "straight" in str(x))
        else:
            a = Pass(who)
        s, ev = apply(s, a)
        events += ev
    hit = [e for e in events if isinstance(e, PersonRunOver)]
    assert hit and hit[0].person == "Blue.driver" and hit[0].ram == "1d" and red.id == hit[0].vehicle


def test_actions_round_trip_and_saves_replay(tmp_path):
    """Every people action prints and parses back (the saves store the text); a game with people on
    foot saves and reloads to the same digest."""
    for a in (GetOut("V1", "driver"), GetOut("V1", "gunner", True), Walk("V1.driver", -1, 1),
              Prone("V1.driver"), Prone("V1.driver", False), Shoot("V1.driver", "SMG", "V2"),
              Throw("V1.driver", "explosive", 3.25, 4.5, 0)):
        assert parse(str(a)) == a
    from rules.engine.saves import load_game, save_game
    setup = GameSetup((
        VehicleSetup("Red", "red", "Killer Kart", Pose.at(2, 2, 90), 0),
        VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(9, 2, 270), 0),
    ), seed=5, options=RuleOptions(people="on"))
    g = Game(setup)
    while g.state.step != FIRE or "Red" not in to_act(g.state):
        who = to_act(g.state)[0]
        g.apply(SetSpeed(who, 0) if g.state.step == SPEED else legal_actions(g.state, who)[0])
    g.apply(GetOut("Red", "driver"))
    path = tmp_path / "people.toml"
    save_game(g, path)
    back = load_game(path)
    assert digest(back.state) == digest(g.state) and people.person(back.state, "Red.driver") is not None


def test_the_duel_goes_on_while_a_driver_stands():
    """The outcome counts people on foot: a team whose car is out but whose driver stands is still in."""
    s = _out_on_foot()
    s = evolve(s, vehicles=tuple(replace(v, out=True) for v in s.vehicles))
    assert outcome(s) is None
    blue = people.person(s, "Blue.driver")
    s = evolve(s, people=tuple(replace(p, damage=3) if p.id == blue.id else p for p in s.people))
    got = outcome(s)
    assert got is not None and got.winners == ("red",) and "standing" in got.reason
    assert ("Blue.driver", "killed") in got.fallen


def _walker_over(kind: str) -> tuple[GameState, str, Walk]:
    """A pedestrian about to step into a square covered by a counter of this kind."""
    from rules.combat.dropped import Counter
    s = _out_on_foot()
    s = until(s, MOVE, lambda st, who, acts: None)
    who = to_act(s)[0]
    walk = next(a for a in legal_actions(s, who) if isinstance(a, Walk) and (a.dx, a.dy) != (0, 0))
    p = people.person(s, who)
    at = Pose.at(p.pose.x + walk.dx * 0.25, p.pose.y + walk.dy * 0.25, 0)
    s = evolve(s, counters=s.counters + (Counter(kind, at, 0.5, 0.5, s.turn, id="c1"),))
    s.derived.clear()
    return s, who, walk


def test_spikes_underfoot_000_L1463():
    """000:L1463: entering a spike counter's square, 2d: on 2 or 3 he takes 1d-4."""
    s, who, walk = _walker_over("spikes")
    s2, ev = apply(s, walk, ScriptedDice([1, 2, 6]))
    hurt = [e for e in ev if isinstance(e, PersonHurt)]
    assert hurt and hurt[0].points == 2 and hurt[0].cause == "spikes underfoot"
    s3, ev = apply(s, walk, ScriptedDice([3, 2]))
    assert not [e for e in ev if isinstance(e, PersonHurt)]


def test_oil_underfoot_000_L1464_001_L181():
    """000:L1464 (001:L181): on oil he needs 5 on 2d to keep his feet; failing, he falls prone."""
    s, who, walk = _walker_over("oil")
    s2, _ = apply(s, walk, ScriptedDice([2, 2]))
    assert people.person(s2, who).prone and people.person(s2, who).oil_squares == 1
    s3, _ = apply(s, walk, ScriptedDice([3, 2]))
    assert not people.person(s3, who).prone


def test_getting_back_in_after_a_turn_beside_the_car_000_L1472():
    """000:L1472: a man stands beside the vehicle a turn (the door), then gets in; back in the driver's
    seat with his wounds, the car has a driver again."""
    from rules.core.events import PersonGotIn
    from rules.play.people_actions import GetIn
    s = until(duel(), FIRE)
    s, _ = apply(s, GetOut("Red", "driver"))
    assert s.vehicle("Red").driverless or check(s, GetIn("Red.driver", "Red")) is not None
    s = until(s, FIRE, lambda st, who, acts: None if who == "Red.driver" or st.step != FIRE else Pass(who))
    while "Red.driver" not in to_act(s) or GetIn("Red.driver", "Red") not in legal_actions(s, "Red.driver"):
        s = until(apply(s, Pass(to_act(s)[0]) if s.step == FIRE else (
            Walk(to_act(s)[0], 0, 0) if people.is_person(s, to_act(s)[0]) else SetSpeed(to_act(s)[0], 0)))[0], FIRE)
    s, ev = apply(s, GetIn("Red.driver", "Red"))
    assert any(isinstance(e, PersonGotIn) for e in ev)
    assert people.person(s, "Red.driver") is None
    seat = next(c for c in s.vehicle("Red").sheet.components if c.id == "driver")
    assert seat.name == "Driver" and seat.dp == seat.max_dp and not s.vehicle("Red").driverless
    assert parse(str(GetIn("Red.driver", "Red"))) == GetIn("Red.driver", "Red")
