"""Dropped weapons and fire: the heavy flaming oil jet's name, burning oil setting cars alight, oil smoke
(reference/combat.md §8.1, §9.4)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.burning import explosion_chance, volatile
from rules.combat.damage import interior_of
from rules.core.dice import ScriptedDice
from rules.core.events import CounterBurnedOut, DiceRolled, Event, FireStarted, FireTableHit
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import end_turn_fire, preview_fire
from rules.play.actions import Fire
from rules.play.context import Ctx
from rules.play.counters import end_of_turn as dropped_end_of_turn
from rules.play.state import GameState
from rules.tables.combat import combat_tables, weapon_table
from tests.rules.test_dropped_play import _drive, chase, counter, to_fire


def game_with(design: str) -> GameState:
    setup = GameSetup((VehicleSetup("A", "a", design, Pose.at(10, 0, 90), 20.0),
                       VehicleSetup("K", "b", "Killer Kart", Pose.at(40, 0, 90), 20.0)), seed=1)
    return new_game(setup)[0]


def test_a_burning_car_with_a_heavy_flaming_oil_jet_may_explode_000_L1014_L2484() -> None:
    """The Rommel carries an HFOJ (000:L2484): flaming oil jets are volatile (000:L1014)."""
    rommel = game_with("Rommel").vehicle("A")
    inside = interior_of(rommel.sheet, rommel.spec.kind.value)
    assert any(p.item == "HFOJ" for p in inside.parts)
    assert volatile(inside)
    assert explosion_chance(inside) >= 1


def test_every_flame_weapon_on_the_fire_table_is_a_weapon_000_L985_L1011() -> None:
    """Fire-table rows and volatile items named by a weapon abbreviation use the weapons table's key,
    so a hit by (or a fire aboard a car carrying) that weapon finds its row (000:L994 HFOJ)."""
    weapons = weapon_table()
    t = combat_tables()
    for key in ("FT", "HDFT", "LFT", "FOJ", "HFOJ", "FCE", "HDFCE", "FCGS"):
        assert key in t.fire_table, key
        assert key in weapons, key
    assert "HDFOJ" not in t.fire_table and "HDFOJ" not in t.volatile
    assert {"FOJ", "HFOJ"} <= t.volatile


# --- burning oil: a fire-table hit, a smoke cloud while it burns, fresh smoke after ----------------------


def _oil_run(weapon: str, dice: list[int]) -> tuple[GameState, list[Event]]:
    """The Kart (x 7) drives 1" east onto a slick laid by `weapon` in turn 0, alight since."""
    state = replace(chase(), counters=(replace(counter("flaming_oil", 8.5, turn=0), weapon=weapon),))
    state, events = _drive(state, "Kart", 1.0, dice)
    return state, events  # type: ignore[return-value]


def test_driving_through_burning_oil_is_a_fire_table_hit_000_L1020_L993() -> None:
    state, events = _oil_run("FOJ", [6, 6, 6, 6, 6, 6, 6])
    kart = state.vehicle("Kart")
    assert kart.fire_hits == (("FOJ", state.turn),)
    line = next(e for e in events if isinstance(e, FireTableHit) and e.vehicle == "Kart")
    assert "000:L993" in line.rule and line.fire_source == "FOJ" and line.modifier == 3
    # at the end of the turn the fire check needs 3 or less on 2d (000:L1018): a 1+1 sets it alight
    ctx = Ctx(state, ScriptedDice([1, 1], fallback_seed=2))
    end_turn_fire(ctx)
    assert any(isinstance(e, DiceRolled) and "fire check, need 3 or less" in e.text for e in ctx.log.events)
    assert ctx.state.vehicle("Kart").sheet.on_fire


def test_heavy_flaming_oil_uses_its_own_fire_table_row_000_L994() -> None:
    state, _ = _oil_run("HFOJ", [6, 6, 6, 6, 6, 6, 6])
    assert state.vehicle("Kart").fire_hits == (("HFOJ", state.turn),)


def test_oil_not_yet_alight_is_no_fire_hit_000_L2483() -> None:
    state = chase()
    laid = replace(counter("flaming_oil", 8.5, turn=state.turn), laid_phase=state.phase, weapon="FOJ")
    state, events = _drive(replace(state, counters=(laid,)), "Kart", 1.0, [])
    assert state.vehicle("Kart").fire_hits == ()
    assert not any(isinstance(e, (FireTableHit, FireStarted)) for e in events)  # type: ignore[attr-defined]


def test_burning_oil_blocks_fire_like_smoke_000_L2483_L1050() -> None:
    state = to_fire(chase())
    lead, kart = state.vehicle("Lead").pose.centre, state.vehicle("Kart").pose.centre
    mid = (lead.x + kart.x) / 2
    burning = replace(state, counters=(counter("flaming_oil", mid, lead.y, turn=0),))
    plain = replace(state, counters=(counter("oil", mid, lead.y, turn=0),))
    clear = preview_fire(plain, Fire("Kart", "MG1", "Lead"))
    hazy = preview_fire(burning, Fire("Kart", "MG1", "Lead"))
    assert hazy.need == clear.need + 2  # 1" of burning slick across the line: -1 per ½"
    assert any("smoke" in m.name for m in hazy.modifiers)


def test_a_burnt_out_slick_leaves_a_fresh_smoke_cloud_000_L2483_L1049() -> None:
    # laid in turn 1, burns 5 turns: smoke at the end of turn 6, gone at the end of turn 7
    ctx = Ctx(replace(chase(), turn=6, counters=(counter("flaming_oil", 50, turn=1, cid="f"),)))
    dropped_end_of_turn(ctx)
    assert [(c.id, c.kind) for c in ctx.state.counters] == [("f", "smoke")]
    assert any(isinstance(e, CounterBurnedOut) and e.becomes == "smoke" for e in ctx.log.events)
    ctx.state = replace(ctx.state, turn=7)
    dropped_end_of_turn(ctx)
    assert ctx.state.counters == ()
