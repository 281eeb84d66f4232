"""Dropped weapons' loads and the counters they lay in play: explosive spikes, HT flaming oil, napalm and
TDX mines, the Spear 1000 (reference/combat.md §9.2-§9.4; 000:L1043, L1143, L2497, L2504, L2508, L2994)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.dropped import kind_for_weapon
from rules.core.dice import ScriptedDice
from rules.core.events import CounterDropped, DiceRolled, Event, FireTableHit
from rules.engine.engine import apply, legal_actions, to_act
from rules.play.actions import Drop, Pass
from rules.play.context import Ctx
from rules.play.counters import end_of_turn
from rules.play.state import FIRE, GameState
from tests.rules.test_dropped_play import _drive, chase, counter, to_fire


def load(state: GameState, vid: str, wid: str, ammo: str, abbr: str = "") -> GameState:
    """The same vehicle with another load (and weapon) in one mount, as a player could build it."""
    v = state.vehicle(vid)
    weapons = tuple(replace(w, ammo=(ammo,) * max(1, len(w.shots)), abbr=abbr or w.abbr) if w.id == wid else w
                    for w in v.sheet.weapons)
    v = replace(v, sheet=replace(v.sheet, weapons=weapons))
    return replace(state, vehicles=tuple(v if o.id == vid else o for o in state.vehicles))


def drop_now(state: GameState, vid: str, trigger: str) -> tuple[GameState, list[Event]]:
    assert Drop(vid, trigger) in legal_actions(state, vid)
    state, events = apply(state, Drop(vid, trigger))
    while state.step == FIRE:
        state, more = apply(state, Pass(to_act(state)[0]))
        events += more
    return state, list(events)


def test_the_firecracker_lays_explosive_spikes_that_do_1d_plus_1_000_L1143() -> None:
    state, events = drop_now(to_fire(chase("Firecracker")), "Lead", "SD1")
    assert [c.kind for c in state.counters] == ["explosive_spikes"]
    assert any(isinstance(e, CounterDropped) and e.counter_kind == "explosive_spikes" and "L1143" in e.rule for e in events)
    # the Kart runs over them: trigger 3 (<= 4), then 1d+1 a tire: 1, 2, 3, 4 -> 2, 3, 4, 5
    spiked = replace(chase(), counters=(counter("explosive_spikes", 8.5),))
    before = [t.dp for t in spiked.vehicle("Kart").sheet.tires]
    spiked, events2 = _drive(spiked, "Kart", 1.0, [3, 1, 2, 3, 4])
    after = [t.dp for t in spiked.vehicle("Kart").sheet.tires]
    assert [b - a for b, a in zip(before, after, strict=True)] == [min(b, d) for b, d in zip(before, (2, 3, 4, 5),
                                                                                             strict=True)]
    assert any("1d+1 = [1]" in e.text for e in events2 if isinstance(e, DiceRolled))  # type: ignore[attr-defined]


def test_plain_spikes_stay_plain_000_L1042() -> None:
    assert kind_for_weapon("SD") == "spikes"
    assert kind_for_weapon("SD", ammo="normal") == "spikes"


def test_ht_flaming_oil_does_1d_and_burns_two_turns_000_L2504() -> None:
    state = to_fire(chase("Messenger"))
    foj = next(w for w in state.vehicle("Lead").sheet.weapons if w.abbr == "FOJ")
    state = load(state, "Lead", foj.id, "ht")
    trigger = next(d.weapon for d in legal_actions(state, "Lead") if isinstance(d, Drop) and foj.id in d.weapon)
    state, events = drop_now(state, "Lead", trigger)
    laid = [c for c in state.counters if c.kind == "ht_flaming_oil"]
    assert len(laid) == 1 and laid[0].weapon == "FOJ"
    # a car driving onto it once alight: 1d to each tire and the underbody (+2 per die on 1d-2)
    hot = replace(chase(), counters=(counter("ht_flaming_oil", 8.5, turn=0),))
    hot, ev = _drive(hot, "Kart", 1.0, [1, 1, 1, 1, 1, 6, 6])
    assert sum(1 for e in ev if isinstance(e, DiceRolled) and "1d = [1]" in e.text) == 5  # type: ignore[attr-defined]
    assert hot.vehicle("Kart").fire_hits == (("FOJ:ht", hot.turn),)   # marked HT: +1, burns 1 (000:L992)
    # laid in turn 1: smoke after turn 3 (2 turns, not 5)
    ctx = Ctx(replace(chase(), turn=2, counters=(counter("ht_flaming_oil", 50, turn=1, cid="h"),)))
    end_of_turn(ctx)
    assert [c.kind for c in ctx.state.counters] == ["ht_flaming_oil"]
    ctx.state = replace(ctx.state, turn=3)
    end_of_turn(ctx)
    assert [c.kind for c in ctx.state.counters] == ["smoke"]


def test_a_napalm_mine_burns_and_is_a_napalm_fire_hit_000_L2508_L1008() -> None:
    assert kind_for_weapon("MD", ammo="napalm_mine") == "napalm_mines"
    state = replace(chase(), counters=(counter("napalm_mines", 8.5),))
    # trigger 1; tires within 1" 1d each; underbody 1d (not 2d); then the enemy-fire hazard's roll
    state, events = _drive(state, "Kart", 1.0, [1, 2, 2, 2, 2, 3, 6, 6, 6])
    texts = [e.text for e in events]  # type: ignore[attr-defined]
    assert any("damage to the underbody: 1d = [3]" in t for t in texts)
    assert state.vehicle("Kart").fire_hits == (("napalm_mine", state.turn),)
    assert any(isinstance(e, FireTableHit) and "000:L1008" in e.rule and e.modifier == 4 for e in events)  # type: ignore[attr-defined]
    assert state.counters == ()


def test_the_spear_1000_does_1d_minus_3_to_tires_and_2d_plus_3_underneath_000_L1043_L2497() -> None:
    assert kind_for_weapon("SMD") == "spear_mines"
    state = replace(chase(), counters=(counter("spear_mines", 8.5),))
    state, events = _drive(state, "Kart", 1.0, [1, 6, 6, 6, 6, 5, 5, 6, 6, 6])
    texts = [e.text for e in events]  # type: ignore[attr-defined]
    assert any("1d-3 = [6]" in t for t in texts)
    assert any("damage to the underbody: 2d+3 = [5, 5]" in t for t in texts)
    assert any("13 to the underbody" in t for t in texts)


def test_tdx_mines_in_a_spear_1000_000_L2994() -> None:
    assert kind_for_weapon("SMD", ammo="tdx_mine") == "tdx_mines"
    state = replace(chase(), counters=(counter("tdx_mines", 8.5),))
    _state, events = _drive(state, "Kart", 1.0, [1, 1, 1, 1, 1, 6, 6, 6, 6])
    texts = [e.text for e in events]  # type: ignore[attr-defined]
    assert sum(1 for t in texts if "1d+3 = [1]" in t) == 4
    assert any("damage to the underbody: 1d-2 = [6]" in t for t in texts)


def test_napalm_mines_under_a_burning_car_go_off_at_the_end_of_the_phase_000_L2508() -> None:
    from rules.phases.fire_step import resolve

    state = chase()
    kart = state.vehicle("Kart")
    burning = replace(kart, sheet=replace(kart.sheet, on_fire=True))
    mine = counter("napalm_mines", 7.0)  # under the Kart's centre
    calm = replace(state, counters=(mine,))
    ctx = Ctx(calm, ScriptedDice([], fallback_seed=1))
    resolve(ctx)
    assert ctx.state.counters == (mine,)  # a car not on fire does not set them off
    hot = replace(calm, vehicles=tuple(burning if v.id == "Kart" else v for v in state.vehicles))
    ctx = Ctx(hot, ScriptedDice([2, 2, 2, 2, 3], fallback_seed=1))
    resolve(ctx)
    assert ctx.state.counters == ()
    texts = [e.text for e in ctx.log.events]
    assert any("under a burning vehicle go off" in t for t in texts)
    assert not any("triggered on" in t for t in texts)  # no roll to set them off
    assert any("damage to the underbody: 1d = [3]" in t for t in texts)
    assert ctx.state.vehicle("Kart").fire_hits == (("napalm_mine", hot.turn),)


def test_napalm_mines_in_a_burning_flame_cloud_go_off_000_L2508() -> None:
    from rules.phases.fire_step import resolve

    state = replace(chase(), counters=(counter("napalm_mines", 30.0, cid="n"), counter("flame_cloud", 30.2, turn=0)))
    ctx = Ctx(state, ScriptedDice([], fallback_seed=1))
    resolve(ctx)
    assert [c.kind for c in ctx.state.counters] == ["flame_cloud"]
    assert any("in burning flame cloud" in e.text and "go off" in e.text for e in ctx.log.events)
