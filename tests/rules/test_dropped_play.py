"""Dropped weapons in the engine: the Drop action, counters on the map, vehicles running over them,
standing effects of oil and paint, and how long counters last (reference/combat.md §9)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.dropped import Counter
from rules.core.dice import ScriptedDice
from rules.core.events import CounterAgain, CounterLaid, CounterMet, DiceRolled, HazardMet, SlickDoubled
from rules.core.geometry import Pose
from rules.driving.maneuvers import Maneuver, slide
from rules.engine.engine import apply, check, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import combatant
from rules.phases.movement import difficulty_of, move_along
from rules.play.actions import Drop, Fire, Pass, SetSpeed
from rules.play.context import Ctx
from rules.play.counters import add_counters, end_of_turn
from rules.play.state import FIRE, GameState
from rules.play.surfaces import surface_of


def chase(lead: str = "Firecracker") -> GameState:
    """A dropper 3" ahead of a Killer Kart, both heading east."""
    setup = GameSetup((VehicleSetup("Lead", "a", lead, Pose.at(10, 0, 90), 20.0),
                       VehicleSetup("Kart", "b", "Killer Kart", Pose.at(7, 0, 90), 20.0)), seed=3)
    return new_game(setup)[0]


def to_fire(state: GameState) -> GameState:
    while state.step != FIRE:
        vid = to_act(state)[0]
        if state.step == "speed":
            state, _ = apply(state, SetSpeed(vid, state.vehicle(vid).signed_speed))
        else:
            state, _ = apply(state, next(a for a in legal_actions(state, vid) if str(a).endswith("straight")))
    return state


def counter(kind: str, x: float, y: float = 0.0, turn: int = 1, owner: str = "", cid: str = "") -> Counter:
    from rules.tables.combat import combat_tables

    length, width = combat_tables().dropped[kind].size
    return Counter(kind, Pose.at(x, y, 90), length, width, turn, 1, owner, cid or f"{kind}-x")


def test_drop_is_a_legal_action_and_lays_spikes_behind_000_L1028_L1035() -> None:
    state = to_fire(chase())
    assert Drop("Lead", "SD1") in legal_actions(state, "Lead")
    assert check(state, Drop("Lead", "MG9")) is not None
    lead = state.vehicle("Lead").pose
    state, events = apply(state, Drop("Lead", "SD1"))
    assert "Lead" not in to_act(state)  # the driver's firing action is used (000:L820)
    if state.step == FIRE:
        state, events2 = apply(state, Pass(to_act(state)[0]))
        events += events2
    assert len(state.counters) == 1
    c = state.counters[0]
    assert c.kind == "explosive_spikes" and c.owner == "Lead" and c.id  # the Firecracker's load (000:L1143)
    assert c.pose.centre.x < lead.centre.x  # behind a car heading east (back mount)
    assert state.vehicle("Lead").sheet.weapon("SD1").shots_left == 9
    assert any(isinstance(e, CounterLaid) and "000:L1028" in e.rule for e in events)


def test_a_link_of_droppers_drops_together_000_L1055() -> None:
    state = to_fire(chase("Harmon"))
    acts = legal_actions(state, "Lead")
    assert Drop("Lead", "back") in acts  # the Harmon's smokescreen and minedropper on one link
    state, _ = apply(state, Drop("Lead", "back"))
    while state.step == FIRE:
        state, _ = apply(state, Pass(to_act(state)[0]))
    assert sorted(c.kind for c in state.counters) == ["mines", "smoke"]


def _drive(state: GameState, vid: str, inches: float, dice: list[int]) -> tuple[GameState, list[object]]:
    ctx = Ctx(state, ScriptedDice(dice, fallback_seed=1))
    v = ctx.v(vid)
    move_along(ctx, vid, slide(v.pose, v.travel, inches), "straight")
    return ctx.state, list(ctx.log.events)


def test_running_over_spikes_damages_every_tire_000_L1042() -> None:
    state = replace(chase(), counters=(counter("spikes", 8.5),))
    # trigger roll 3 (<= 4), then 1d per tire: 6, 5, 4, 3
    state, events = _drive(state, "Kart", 1.0, [3, 6, 5, 4, 3])
    kart = state.vehicle("Kart")
    assert [t.dp for t in kart.sheet.tires] == [t.dp - d for t, d in zip(chase().vehicle("Kart").sheet.tires,
                                                                           (6, 5, 4, 3), strict=True)]
    assert "spikes-x" in kart.touching
    # still on the spikes in its next move: no second check (000:L1046)
    state, events = _drive(state, "Kart", 0.25, [])
    assert not any("spikes" in getattr(e, "text", "") and isinstance(e, DiceRolled) for e in events)  # type: ignore[attr-defined]


def test_spikes_that_do_not_trigger_do_nothing_000_L1042() -> None:
    state = replace(chase(), counters=(counter("spikes", 8.5),))
    before = state.vehicle("Kart").sheet.tires
    state, _ = _drive(state, "Kart", 1.0, [5])  # 5 > 4: nothing
    assert state.vehicle("Kart").sheet.tires == before and len(state.counters) == 1


def test_a_mine_blows_under_the_car_and_is_gone_000_L1043_L245() -> None:
    state = replace(chase(), counters=(counter("mines", 8.5),))
    # trigger 1; tire damage 1d for each tire within 1"; underbody 2d; then the hazard's control roll
    state, events = _drive(state, "Kart", 1.0, [1, 2, 2, 2, 2, 6, 6])
    assert state.counters == ()
    texts = [e.text for e in events]  # type: ignore[attr-defined]
    assert any("12 to the underbody" in t for t in texts)
    assert any(isinstance(e, HazardMet) and "enemy fire" in e.what for e in events)  # type: ignore[attr-defined]


def test_oil_adds_D2_to_maneuvers_and_spoils_the_aim_000_L1045_L934() -> None:
    state = chase()
    kart = state.vehicle("Kart")
    drift = Maneuver("drift", "left", 0.25)
    plain = difficulty_of(Ctx(state), kart, drift)
    oily = replace(state, counters=(counter("oil", 7.0),))
    assert surface_of(oily, "Kart").maneuver_d == 2
    assert difficulty_of(Ctx(oily), kart, drift) == plain + 2
    assert combatant(oily, kart).bad_footing and not combatant(state, kart).bad_footing


def test_oil_adds_D2_to_hazards_000_L1045() -> None:
    from rules.play.crashes import hazard

    oily = replace(chase(), counters=(counter("oil", 7.0),))
    ctx = Ctx(oily, ScriptedDice([6], fallback_seed=1))
    hazard(ctx, "Kart", 1, "debris", "000:L249")
    ev = next(e for e in ctx.log.events if isinstance(e, HazardMet))
    assert ev.difficulty == 3 and "oil" in ev.text


def test_paint_on_the_windows_costs_2_this_turn_and_next_000_L1053() -> None:
    state = replace(chase(), counters=(counter("paint", 8.5),))
    state, _ = _drive(state, "Kart", 1.0, [])
    kart = state.vehicle("Kart")
    assert kart.paint_until == state.turn + 1
    assert combatant(state, kart).paint_on_windows
    assert not combatant(replace(state, turn=state.turn + 2), kart).paint_on_windows


def test_clouds_clear_after_the_next_turn_and_burning_oil_turns_to_smoke_000_L1049_L2483() -> None:
    state = replace(chase(), counters=(counter("smoke", 30, turn=1, cid="s"), counter("spikes", 40, cid="k"),
                                       counter("flaming_oil", 50, turn=1, cid="f")))
    ctx = Ctx(replace(state, turn=1))
    end_of_turn(ctx)
    assert {c.id for c in ctx.state.counters} == {"s", "k", "f"}
    ctx.state = replace(ctx.state, turn=2)
    end_of_turn(ctx)
    assert {c.id for c in ctx.state.counters} == {"k", "f"}  # smoke laid in turn 1 is gone after turn 2
    ctx.state = replace(ctx.state, turn=6)
    end_of_turn(ctx)
    assert {c.id: c.kind for c in ctx.state.counters} == {"k": "spikes", "f": "smoke"}


def test_a_vehicle_on_a_counter_when_it_is_laid_checks_it_only_on_coming_back_000_L1046() -> None:
    state = chase()
    ctx = Ctx(state)
    placed = add_counters(ctx, [counter("spikes", 7.0)], "test", "000:L1046")
    assert placed[0].id in ctx.state.vehicle("Kart").touching


def test_fire_through_smoke_counts_it_and_lasers_cannot_000_L1050() -> None:
    state = to_fire(chase())
    lead = state.vehicle("Lead").pose.centre
    kart = state.vehicle("Kart").pose.centre
    mid = (lead.x + kart.x) / 2
    smoky = replace(state, counters=(counter("smoke", mid, lead.y),))
    from rules.phases.fire_step import preview_fire

    clear = preview_fire(state, Fire("Kart", "MG1", "Lead"))
    hazy = preview_fire(smoky, Fire("Kart", "MG1", "Lead"))
    assert hazy.need > clear.need
    assert any("smoke" in m.name for m in hazy.modifiers)


def test_stopping_beside_a_slick_then_driving_onto_it_counts_000_L1045_L1046() -> None:
    # the Kart (7,0) ends a move with its nose at the slick's edge (8.5 - 0.5): beside it, not on it
    state = replace(chase(), counters=(counter("oil", 8.5),))
    state, events = _drive(state, "Kart", 0.5, [])
    assert "oil-x" not in state.vehicle("Kart").touching
    state, events = _drive(state, "Kart", 0.5, [])
    assert any(isinstance(e, CounterMet) and e.onto and e.counter.startswith("oil") for e in events)  # type: ignore[attr-defined]
    assert "oil-x" in state.vehicle("Kart").touching


def test_preview_drop_shows_the_counter_the_drop_lays_000_L1028_L1035() -> None:
    from rules.phases.fire_step import preview_drop

    state = to_fire(chase())
    shown = preview_drop(state, Drop("Lead", "SD1"))
    state, _ = apply(state, Drop("Lead", "SD1"))
    if state.step == FIRE:
        state, _ = apply(state, Pass(to_act(state)[0]))
    assert [(c.kind, c.pose) for c in shown] == [(c.kind, c.pose) for c in state.counters]


def test_spike_damage_is_logged_die_by_die_000_L1042() -> None:
    state = replace(chase(), counters=(counter("spikes", 8.5),))
    _state, events = _drive(state, "Kart", 1.0, [3, 6, 5, 4, 3])
    texts = [e.text for e in events if isinstance(e, DiceRolled)]  # type: ignore[attr-defined]
    for corner, face in zip(("FL", "FR", "BL", "BR"), (6, 5, 4, 3), strict=True):
        assert any(f"tire {corner}: 1d = [{face}]" in t for t in texts), corner


def test_a_mine_hurts_every_tire_within_1_inch_whoever_owns_it_000_L1043() -> None:
    # the Lead's back wheels (x 9.5) are 3/4" from the mine's edge (8.75); its front wheels 1 3/4"
    state = replace(chase(), counters=(counter("mines", 8.5),))
    before = {t.corner: t.dp for t in state.vehicle("Lead").sheet.tires}
    state, events = _drive(state, "Kart", 1.0, [1, 2, 2, 2, 2, 6, 6, 6, 3, 4, 6, 6, 6])
    after = {t.corner: t.dp for t in state.vehicle("Lead").sheet.tires}
    lead_rolls = {e.text.split("tire ")[1][:2]: e.total for e in events  # type: ignore[attr-defined]
                  if isinstance(e, DiceRolled) and e.vehicle == "Lead" and "damage to tire" in e.text}  # type: ignore[attr-defined]
    assert sorted(lead_rolls) == ["BL", "BR"]
    assert after["FL"] == before["FL"] and after["FR"] == before["FR"]
    for corner in ("BL", "BR"):
        assert after[corner] == max(0, before[corner] - lead_rolls[corner])


def test_racing_slicks_take_double_from_spikes_and_debris_000_L1835() -> None:
    state = chase()
    kart = state.vehicle("Kart")
    slicks = tuple(replace(t, kind=f"Racing slick {t.kind}") for t in kart.sheet.tires)
    kart = replace(kart, sheet=replace(kart.sheet, tires=slicks))
    state = replace(state, vehicles=tuple(kart if v.id == "Kart" else v for v in state.vehicles),
                    counters=(counter("spikes", 8.5),))
    state, events = _drive(state, "Kart", 1.0, [3, 2, 2, 2, 2, 6, 6, 6])
    assert [t.dp for t in state.vehicle("Kart").sheet.tires] == [max(0, t.dp - 4) for t in slicks]
    assert any(isinstance(e, SlickDoubled) and "000:L1835" in e.rule for e in events)  # type: ignore[attr-defined]
    # plain tires take the roll as it is
    plain = replace(chase(), counters=(counter("spikes", 8.5),))
    plain, _ = _drive(plain, "Kart", 1.0, [3, 2, 2, 2, 2, 6, 6, 6])
    assert [t.dp for t in plain.vehicle("Kart").sheet.tires] == [t.dp - 2 for t in chase().vehicle("Kart").sheet.tires]


def test_burning_oil_burns_again_every_5_phases_in_contact_000_L1047() -> None:
    from rules.phases.fire_step import resolve

    # the Kart sits on a burning slick laid long ago; each end of phase is a fire-step resolution
    state = replace(chase(), counters=(counter("flaming_oil", 7.0, turn=0),))
    before = state.vehicle("Kart").sheet
    rolls_at = []
    for k in range(11):
        state = replace(state, turn=1 + (k // 5), phase=1 + k % 5)
        ctx = Ctx(state, ScriptedDice([], fallback_seed=k))
        resolve(ctx)
        state = ctx.state
        if any(isinstance(e, CounterAgain) and "000:L1047" in e.rule for e in ctx.log.events):
            rolls_at.append(k)
    assert rolls_at == [5, 10]  # counting starts at the first phase found in it
    after = state.vehicle("Kart").sheet
    assert after.armor["underbody"] < before.armor["underbody"] or after.tires != before.tires
