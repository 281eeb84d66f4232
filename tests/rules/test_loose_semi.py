"""A semi-trailer released from a moving tractor crashes at once: its front hits the road and it goes to Crash
Table 3 (000:L602; reading M-R16 in docs/RULES-DEVIATIONS.md): the trailer's part of the row is played, its
skid and fishtail at once about where the fifth wheel was, a spin or roll queued; the tractor's part is not."""

from __future__ import annotations

from rules.core.dice import ScriptedDice
from rules.core.events import ControlRolled, CrashRolled, Event
from rules.play.context import Ctx
from rules.play.crashes import loose_semi_table_3
from rules.play.effects import released
from rules.play.rigs import set_loose
from tests.rules.test_rigs_in_play import rig_game


def of(events: list[Event], kind: type, vid: str) -> list[Event]:
    return [e for e in events if isinstance(e, kind) and e.vehicle == vid]


def test_a_released_semi_goes_to_crash_table_3_not_a_control_roll_000_L602() -> None:
    state = rig_game(mph=40)
    # the tractor's D2 hazard needs no roll at HC 1; 4d for the front underbody; 2d = 5 on Crash Table 3 (-1 for
    # the release's D2 at 40 mph: 4, a major trailer fishtail of 1"); 1: it swings left
    ctx = Ctx(state, ScriptedDice([1, 1, 1, 1, 2, 3, 1]))
    released(ctx, "rig_trailer", "released", "000:L602")
    s = ctx.finish()
    (crash,) = of(ctx.log.events, CrashRolled, "rig_trailer")
    assert crash.table == 3 and crash.roll == 4 and crash.result == "major_trailer_fishtail"   # type: ignore[attr-defined]
    assert not of(ctx.log.events, ControlRolled, "rig_trailer")        # no control roll, no Crash Table 2
    before, after = state.vehicle("rig_trailer").pose, s.vehicle("rig_trailer").pose
    assert after != before and after.facing != before.facing            # its rear swung 1"
    assert s.vehicle("rig").pose == state.vehicle("rig").pose            # the tractor is not in it
    assert s.vehicle("rig_trailer").mode.value == "normal" and s.vehicle("rig_trailer").loose == 15


def test_a_spin_on_crash_table_3_is_queued_for_the_loose_semi_000_L602_L347() -> None:
    state = rig_game(mph=40)
    ctx = Ctx(state, ScriptedDice([6, 6, 4]))
    set_loose(ctx, "rig_trailer", "released", "000:L602")
    loose_semi_table_3(ctx, "rig_trailer", ctx.v("rig"), 6, 40.0)   # 12 + 3 for a D6 = 15: the trailer spins
    s = ctx.finish()
    tr = s.vehicle("rig_trailer")
    assert [p.kind for p in tr.pending] == ["spinout"]
    assert not s.vehicle("rig").pending                                 # the tractor's part is not played
    assert tr.aimed_fire == -99


def test_a_car_trailer_released_still_makes_its_control_roll_000_L576() -> None:
    state = rig_game(mph=40, tower="Morgan", trailer="Bulldog")
    ctx = Ctx(state, ScriptedDice([], fallback_seed=3))
    released(ctx, "rig_trailer", "released", "000:L576")
    assert of(ctx.log.events, ControlRolled, "rig_trailer")
    assert not [e for e in of(ctx.log.events, CrashRolled, "rig_trailer") if e.table == 3]   # type: ignore[attr-defined]
