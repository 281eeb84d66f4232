"""A link of guns and a dropper (Vlad the Impala's back link: two autocannons and a heavy-duty flame
cloud ejector) fires its guns and lays its counter (000:L1028, L1056); a dropper whose counter is not
played (a boat's torpedo) is triggered, lays nothing, and the log says so. Armor that stops a fire check
(000:L1698, L1704)."""

from __future__ import annotations

from rules.core.events import CounterDropped, NothingDropped, ShotFired
from rules.core.geometry import Pose
from rules.engine.engine import apply, check, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Fire, Pass
from rules.play.state import FIRE, RuleOptions
from tests.rules.test_combat_engine import to_fire_step


def test_a_link_of_guns_and_a_dropper_fires_and_lays_000_L1056() -> None:
    setup = GameSetup((VehicleSetup("V", "red", "Vlad the Impala", Pose.at(0, 0, 270)),
                       VehicleSetup("K", "blue", "Killer Kart", Pose.at(6, 0, 270))),
                      seed=2, options=RuleOptions(fire_step="on"))
    state = to_fire_step(new_game(setup)[0])
    assert state.step == FIRE
    back = Fire("V", "back", "K")
    assert back in legal_actions(state, "V") and check(state, back) is None
    state, events = apply(state, back)
    while state.step == FIRE and not state.over:
        state, more = apply(state, Pass(to_act(state)[0]))
        events += more
    rolled = {e.weapon for e in events if isinstance(e, ShotFired)}
    assert {"AC1", "AC2"} <= rolled
    assert any(isinstance(e, CounterDropped) and e.counter_kind == "flame_cloud" for e in events)
    assert set(state.vehicle("V").fired) >= {"AC1", "AC2", "HDFCE1"}


def test_a_dropper_whose_counter_is_not_played_says_so_000_L1028() -> None:
    from rules.combat.shooting import Mounted, _lay
    from rules.core.events import EventLog
    from tests.rules.test_combat_firing import car

    torpedo = car("A", 0, 90, (Mounted("TOR1", "TOR", "back", 1),))
    log = EventLog()
    assert _lay(torpedo, "TOR1", 1, 1, log) == ()
    assert any(isinstance(e, NothingDropped) and e.rule == "000:L1028" for e in log.events)


def test_laser_reflective_metal_stops_a_fire_check_like_metal_000_L1704() -> None:
    from rules.combat.damage import Absorbed, HitReport, Interior
    from rules.combat.shooting import _fire_counts, _Pending

    only_armor = HitReport("front", 4, (Absorbed("front metal armor", 1, 7, False, "000:L1703"),))
    for kind, counts in (("plastic", True), ("metal", False), ("metal_lr", False), ("fireproof", False)):
        inside = Interior(armor_type={"front": kind})
        shot = _Pending("A", "MG1", "B", "front", "", 4, (4,), False, False, "MG", False)
        assert _fire_counts(inside, shot, only_armor) is counts, kind
