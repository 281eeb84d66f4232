"""Flame clouds in play: ejectors (FCE, HDFCE), the flame-cloud gas streamer (FCGS) and discharger
(reference/combat.md §9.5, §9.7; 000:L2473-L2474, L2477, L1009-L1011, L1047)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import ScriptedDice
from rules.core.events import CounterAgain, HazardMet, NothingDropped, ShotFired
from rules.core.geometry import Pose
from rules.engine.engine import apply, check, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import combatant, preview_fire, resolve
from rules.play.actions import Fire, Pass
from rules.play.context import Ctx
from rules.play.counters import end_of_turn
from rules.play.state import FIRE, GameState, RuleOptions
from rules.play.surfaces import surface_of
from tests.rules.test_combat_engine import to_fire_step
from tests.rules.test_dropped_loads import drop_now
from tests.rules.test_dropped_play import _drive, chase, counter, to_fire


def test_vlad_the_impalas_back_link_fires_its_guns_and_lays_a_flame_cloud_000_L1056_L2477() -> None:
    setup = GameSetup((VehicleSetup("V", "red", "Vlad the Impala", Pose.at(0, 0, 270)),
                       VehicleSetup("K", "blue", "Killer Kart", Pose.at(6, 0, 270))),
                      seed=2, options=RuleOptions(fire_step="on"))
    state = to_fire_step(new_game(setup)[0])
    back = Fire("V", "back", "K")
    assert back in legal_actions(state, "V") and check(state, back) is None
    state, events = apply(state, back)
    while state.step == FIRE and not state.over:
        state, more = apply(state, Pass(to_act(state)[0]))
        events += more
    assert {"AC1", "AC2"} <= {e.weapon for e in events if isinstance(e, ShotFired)}
    assert not any(isinstance(e, NothingDropped) for e in events)
    clouds = [c for c in state.counters if c.kind == "flame_cloud"]
    assert len(clouds) == 1 and clouds[0].weapon == "HDFCE" and clouds[0].owner == "V"
    assert (clouds[0].length, clouds[0].width) == (1.0, 2.0)  # the HD clouds' size (reading CB70)


def test_the_comet_the_falcon_and_the_waterloo_lay_flame_clouds_000_L2473_L2474() -> None:
    state, _ = drop_now(to_fire(chase("Comet")), "Lead", "FCE1")
    assert [(c.kind, c.length, c.width) for c in state.counters] == [("flame_cloud", 1.0, 0.5)]
    lead = state.vehicle("Lead").pose.centre
    assert state.counters[0].pose.centre.x < lead.x  # behind a car heading east
    state, _ = drop_now(to_fire(chase("Falcon")), "Lead", "FCGS1")
    assert [(c.kind, c.length, c.width) for c in state.counters] == [("flame_cloud", 5.0, 0.5)]  # a 5" line
    state, _ = drop_now(to_fire(chase("Waterloo")), "Lead", "dropped")
    assert sorted(c.kind for c in state.counters) == ["flame_cloud"] * 3 + ["flaming_oil"]


def test_a_flame_cloud_blocks_fire_like_paint_from_the_start_and_does_not_stick_000_L2473_L1050() -> None:
    state = to_fire(chase())
    lead, kart = state.vehicle("Lead").pose.centre, state.vehicle("Kart").pose.centre
    fresh = replace(counter("flame_cloud", (lead.x + kart.x) / 2, lead.y, turn=state.turn), laid_phase=state.phase)
    clear = preview_fire(state, Fire("Kart", "MG1", "Lead"))
    hazy = preview_fire(replace(state, counters=(fresh,)), Fire("Kart", "MG1", "Lead"))
    assert hazy.need == clear.need + 2  # the line runs 1" along the cloud: -1 per ½"
    # driving through it leaves no paint on the windows
    through = replace(chase(), counters=(counter("flame_cloud", 8.5, turn=0),))
    through, _ = _drive(through, "Kart", 1.0, [6] * 12)
    assert not combatant(through, through.vehicle("Kart")).paint_on_windows


def test_driving_into_a_burning_flame_cloud_000_L2473_L1010() -> None:
    state = replace(chase(), counters=(replace(counter("flame_cloud", 8.5, turn=0), weapon="HDFCE"),))
    before = state.vehicle("Kart").sheet
    # 1d-1 to each tire (FL FR BL BR), then each armor location in the sheet's order; then the D2 hazard
    faces = list(before.armor)
    state, events = _drive(state, "Kart", 1.0, [2] * (4 + len(faces)) + [6, 6])
    kart = state.vehicle("Kart")
    texts = [e.text for e in events]  # type: ignore[attr-defined]
    for f in faces:
        assert any(f"damage to the {f}: 1d-1 = [2]" in t for t in texts), f
    for f in faces:
        assert kart.sheet.armor[f] == max(0, before.armor[f] - 1), f
    assert [t.dp for t in kart.sheet.tires] == [max(0, t.dp - 1) for t in before.tires]
    assert any(isinstance(e, HazardMet) and "flame cloud" in e.what for e in events)  # type: ignore[attr-defined]
    hz = next(e for e in events if isinstance(e, HazardMet))  # type: ignore[attr-defined]
    assert hz.difficulty == 2  # type: ignore[attr-defined]
    assert kart.fire_hits == (("HDFCE", state.turn),)  # fire modifier 3, burn 1 (000:L1010)


def test_a_flame_cloud_not_yet_alight_does_nothing_000_L2473() -> None:
    state = chase()
    fresh = replace(counter("flame_cloud", 8.5, turn=state.turn), laid_phase=state.phase, weapon="FCE")
    state, events = _drive(replace(state, counters=(fresh,)), "Kart", 1.0, [])
    assert state.vehicle("Kart").fire_hits == () and not any(e.kind in ("damage", "hazard") for e in events)  # type: ignore[attr-defined]
    assert surface_of(state, "Kart").maneuver_d == 0  # a cloud, not a slick


def test_a_car_left_in_a_flame_cloud_burns_again_every_5_phases_000_L1047_L2473() -> None:
    state = replace(chase(), counters=(counter("flame_cloud", 7.0, turn=0),))
    rolled = []
    for k in range(6):
        state = replace(state, turn=1 + (k // 5), phase=1 + k % 5)
        ctx = Ctx(state, ScriptedDice([], fallback_seed=k))
        resolve(ctx)
        state = ctx.state
        if any(isinstance(e, CounterAgain) for e in ctx.log.events):
            rolled.append(k)
    assert rolled == [5]
    assert len(state.vehicle("Kart").fire_hits) == 1


def test_a_flame_cloud_burns_two_turns_then_leaves_smoke_000_L2473() -> None:
    ctx = Ctx(replace(chase(), turn=2, counters=(counter("flame_cloud", 50, turn=1, cid="c"),)))
    end_of_turn(ctx)
    assert [c.kind for c in ctx.state.counters] == ["flame_cloud"]
    ctx.state = replace(ctx.state, turn=3)
    end_of_turn(ctx)
    assert [c.kind for c in ctx.state.counters] == ["smoke"]


def test_ice_melts_under_burning_oil_or_a_flame_cloud_000_L2487() -> None:
    state: GameState = replace(chase(), counters=(counter("ice", 30, cid="i1"), counter("flame_cloud", 30.2, turn=0),
                                                  counter("ice", 40, cid="i2")))
    ctx = Ctx(state, ScriptedDice([], fallback_seed=1))
    resolve(ctx)
    kinds = sorted(c.id for c in ctx.state.counters)
    assert "i1" not in kinds and "i2" in kinds
    assert any("melts" in e.text and "000:L2487" in e.rule for e in ctx.log.events)
