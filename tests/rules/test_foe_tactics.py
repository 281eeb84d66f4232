"""Foe tactics from the loadout and the situation (issue 16 item 3), each decided in a built position:
dropped weapons laid in a pursuer's path (000:L1028), teammates sharing a target, a gunless car with a
ramplate ramming (000:L2518). The settings are rules/data/foe_tactics.toml."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules.ai import decide, profile
from rules.ai.sight import View, adapt, ram_trade
from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Drop, Fire, Move, Pass, SetSpeed
from rules.play.state import FIRE, GameState, RuleOptions
from rules.tables.foe_profiles import Profile
from rules.tables.foe_tactics import load_tactics, tactics
from tests.rules.test_ai import _advance_to

RAM = "[ram]\ntrade = 2\nnominal_total = 12\n[rear_gun]\nreach = 8\nfollow = 45\n"
BUDGET = 60.0  # seconds: only a safety net; the profile's node budget sizes the search


def _game(cars: list[tuple[str, str, str, Pose, float]], seed: int = 3) -> GameState:
    setups = tuple(VehicleSetup(vid, owner, design, pose, mph) for vid, owner, design, pose, mph in cars)
    state, _ = engine.new_game(GameSetup(setups, seed=seed, options=RuleOptions(fire_step="on")))
    return state


def _to_fire(state: GameState, vid: str) -> GameState:
    """Everybody holds course (speed, straight on, pass) until vid chooses in the fire step."""
    return _advance_to(state, vid, FIRE)


def _fire_choice(chaser: Pose) -> object:
    state = _to_fire(_game([("A", "a", "Firecracker", Pose.at(50, 50, 90), 30),
                            ("B", "b", "Killer Kart", chaser, 30)]), "A")
    legal = engine.legal_actions(state, "A")
    assert any(isinstance(a, Drop) for a in legal)
    return decide(state, "A", legal, "veteran", BUDGET)[0]


def test_it_lays_spikes_in_a_pursuers_path_6_inches_back_000_L1028() -> None:
    """A Killer Kart 6" straight behind the Firecracker on its line: the spikes land behind the car
    (000:L1028), where the pursuer will drive in this turn, so the foe drops them (the old 4" rule held on)."""
    assert isinstance(_fire_choice(Pose.at(44, 50, 90)), Drop)


def test_it_keeps_its_spikes_from_a_car_crossing_behind_000_L1028() -> None:
    """A Killer Kart close behind but driving across the Firecracker's back (at right angles, 2" off the
    spot the spikes would land on): it would not drive over them, so the foe keeps them (the old rule,
    anything within 4" and 45 degrees of the tail, dropped them); farther out of its way likewise."""
    assert isinstance(_fire_choice(Pose.at(48.5, 51.5, 0)), Pass)
    assert isinstance(_fire_choice(Pose.at(45, 53, 90)), Pass)   # parallel, 3" to the side: misses it


def test_bad_tactics_files_name_the_place(tmp_path: Path) -> None:
    assert tactics().drop.reach > 0 and tactics().team_reach > 0
    bad = tmp_path / "t.toml"
    bad.write_text("[drop]\nreach = -1\ncone = 45\nlateral = 1\nturns = 1\n[team]\nreach = 10\n" + RAM)
    with pytest.raises(DataError, match="reach"):
        load_tactics(bad)
    bad.write_text("[drop]\nreach = 5\ncone = 45\nlateral = 1\nturns = 1\nlaterl = 2\n[team]\nreach = 10\n" + RAM)
    with pytest.raises(DataError, match="laterl"):
        load_tactics(bad)


def _two_on_two(b2_armor: float, with_friend: bool = True) -> GameState:
    """A1 (and its friend A2, a little behind) face B1 4" ahead and B2 6" ahead and a little aside;
    B2 keeps `b2_armor` of its armor on every side."""
    cars = [("A1", "a", "Killer Kart", Pose.at(50, 50, 90), 20),
            ("B1", "b", "Killer Kart", Pose.at(54, 50, 270), 20),
            ("B2", "b", "Killer Kart", Pose.at(56, 51, 270), 20)]
    if with_friend:
        cars.append(("A2", "a", "Killer Kart", Pose.at(46, 53, 90), 20))
    state = _game(cars)
    b2 = state.vehicle("B2")
    armor = {k: int(v * b2_armor) for k, v in b2.sheet.armor.items()}
    return state.with_vehicle(replace(b2, sheet=replace(b2.sheet, armor=armor)))


def test_teammates_share_the_weakest_enemy_in_reach() -> None:
    """Two foes against two: the ace's own choice ("easiest": near and slow) is B1, 4" off; with a friend
    in the game it takes the enemy in reach with the least armor left, B2 at a third of its armor, and
    fires at it; alone it keeps B1; with both enemies whole, the nearer."""
    prof = profile("ace")
    assert View.of(_two_on_two(1 / 3), "A1", prof, 1e18).target.id == "B2"
    assert View.of(_two_on_two(1 / 3, with_friend=False), "A1", prof, 1e18).target.id == "B1"
    assert View.of(_two_on_two(1.0), "A1", prof, 1e18).target.id == "B1"
    state = _to_fire(_two_on_two(1 / 3), "A1")
    action, why = decide(state, "A1", engine.legal_actions(state, "A1"), prof, BUDGET)
    assert isinstance(action, Fire) and action.target == "B2", why


def test_an_enemy_out_of_reach_is_not_shared() -> None:
    """The weak enemy 20" away (past the team's 16" reach) is left to the foe's own choice."""
    state = _two_on_two(1 / 3)
    far = replace(state.vehicle("B2"), pose=Pose.at(50, 70, 270))
    assert tactics().team_reach < 20
    assert View.of(state.with_vehicle(far), "A1", profile("ace"), 1e18).target.id == "B1"


def _rams_within_two_turns(enemy: str) -> tuple[bool, str]:
    """The gunless Firecracker (ramplate at the front), a veteran at its wheel, 30 mph, with `enemy`
    crossing 8" ahead and 3" aside at 20 mph and holding its course: whether it rams it in two turns."""
    state = _game([("A", "a", "Firecracker", Pose.at(50, 50, 90), 30), ("B", "b", enemy, Pose.at(58, 53, 0), 20)], seed=1)
    mood = ""
    while state.turn <= 2 and engine.outcome(state) is None:
        vid = engine.to_act(state)[0]
        legal = engine.legal_actions(state, vid)
        if vid == "A":
            action, why = decide(state, vid, legal, "veteran", BUDGET)
            mood = mood or why
        else:
            action = next((a for a in legal if isinstance(a, Move) and a.maneuver.kind == "straight"), legal[0])
        state, events = engine.apply(state, action)
        if any("ramplate on the front" in str(e) for e in events):
            return True, mood
    return False, mood


def test_a_gunless_car_with_a_ramplate_rams_when_the_trade_pays_000_L2540() -> None:
    """Against a Killer Kart (its weight class, DM 2/3 each) the plate trades 4 for 1 (000:L392, L2540):
    the gunless Firecracker turns on it and rams it within two turns, and says why."""
    a, b = (_game([("A", "a", "Firecracker", Pose.at(50, 50, 90), 30),
                   ("B", "b", "Killer Kart", Pose.at(58, 53, 0), 20)]).vehicle(v) for v in ("A", "B"))
    assert ram_trade(a, b) == 4.0
    rammed, _mood = _rams_within_two_turns("Killer Kart")
    assert rammed
    prof, mood = adapt(profile("veteran"), a, [], [b])
    assert mood.startswith("rams: it has a ramplate") and prof.ram > 0 and prof.preferred_range == 0


def test_it_does_not_ram_a_tractor_the_trade_would_not_pay_000_L392() -> None:
    """A 10,000 lb tractor (DM 2 against the Firecracker's 2/3): even with the plate the ram deals 16 for
    12 taken (trade 1.3 < 2), so the gunless car keeps away instead. The tractor, without a plate, trades
    0.75 against the Firecracker's plate head-on and leaves it be, but 3 for 1 against a plateless Killer
    Kart and would ram that (the weight pays)."""
    state = _game([("A", "a", "Firecracker", Pose.at(50, 50, 90), 30), ("B", "b", "Economy", Pose.at(62, 56, 0), 20)])
    a, b = state.vehicle("A"), state.vehicle("B")
    assert ram_trade(a, b) == pytest.approx(16 / 12)
    prof, mood = adapt(profile("veteran"), a, [], [b])
    assert mood.startswith("keeps away") and prof.ram < 0
    assert ram_trade(b, a) == pytest.approx(12 / 16) and not adapt(profile("veteran"), b, [], [a])[1].startswith("rams")
    kart = replace(_game([("K", "k", "Killer Kart", Pose.at(62, 50, 0), 20)]).vehicle("K"), owner="a")
    assert ram_trade(b, kart) == 3.0
    assert adapt(profile("veteran"), b, [], [kart])[1].startswith("rams: it outweighs K")
    assert adapt(profile("coward"), b, [], [kart])[1].startswith("keeps away")   # the coward never rams


def _joseph_moves(b: Pose, b_mph: float = 40, prof: Profile | None = None) -> tuple[bool, Pose, Pose]:
    """Joseph Special A (ATG front, RL back) at 40 mph with another Joseph Special B at `b`; the ace (or
    `prof`) chooses A's first move: whether it kept B on its rear gun (View.tail), and both poses after it."""
    from rules.ai.foe import _move
    from rules.play.state import MOVE

    state = _game([("A", "a", "Joseph Special", Pose.at(50, 50, 90), 40), ("B", "b", "Joseph Special", b, b_mph)], seed=1)
    for _ in range(50):
        if state.step == MOVE and engine.to_act(state)[0] == "A":
            break
        vid = engine.to_act(state)[0]
        legal = engine.legal_actions(state, vid)
        hold = next((a for a in legal if isinstance(a, SetSpeed) and a.mph == state.vehicle(vid).signed_speed), None)
        state, _ = engine.apply(state, hold or next(a for a in legal if isinstance(a, Move) and a.maneuver.kind == "straight"))
    view = View.of(state, "A", prof or profile("ace"), 1e18)
    action, _why = _move(view, engine.legal_actions(state, "A"))
    after, _ = engine.apply(state, action)
    return view.tail, after.vehicle("A").pose, after.vehicle("B").pose


def test_a_rear_gun_is_kept_on_a_tailing_enemy_only_without_a_front_shot() -> None:
    """B follows 4" behind on A's line at A's speed: no move of the phase brings the front ATG to bear
    and the rear RL bears, so the ace keeps its tail to B (B still in A's back arc after the move). With
    B ahead (the ATG bears), crossing behind, or out of reach behind, the tactic is off."""
    from rules.combat.arcs import in_arc
    from rules.core.geometry import CounterSize

    tail, a, b = _joseph_moves(Pose.at(46, 50, 90))
    assert tail and in_arc("back", a, CounterSize(1.0, 0.5), b.centre)
    assert not _joseph_moves(Pose.at(57, 50.5, 270))[0]    # ahead, coming on: a front shot
    assert not _joseph_moves(Pose.at(47, 52, 0))[0]        # behind, driving across: not following
    assert not _joseph_moves(Pose.at(38, 50, 90))[0]       # 12" behind: past the 8" reach
