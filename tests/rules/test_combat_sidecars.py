"""Sidecars in combat (000:L835, L838-L839): a tiny car on one side of the cycle. A shot from that side
of the centre line finds the sidecar on 5-6; what passes through the cycle from the other side goes on
into it on 1d up to its spaces; it can be aimed at (-2) from its own side only; the cycle's random tire
is never the sidecar's wheel."""

from __future__ import annotations

from rules.combat.damage import hit, hit_sidecar, interior_of
from rules.core.dice import ScriptedDice
from rules.core.geometry import Pose
from rules.engine.engine import check, legal_actions, new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import preview_fire
from rules.play.actions import Fire
from rules.play.state import FIRE, GameState, RuleOptions
from rules.vehicles.design import load_stock
from rules.vehicles.record_sheet import RecordSheet
from rules.vehicles.starting_sheet import spec
from tests.rules.test_combat_engine import to_fire_step


def _quasar() -> RecordSheet:
    return spec(load_stock("Quasar with Sidecar")).sheet


def test_the_sheet_knows_the_sidecar_its_side_size_and_armor_000_L839() -> None:
    sheet = _quasar()
    assert (sheet.sidecar_spaces, sheet.sidecar_side, sheet.sidecar_armor_type) == (3, "right", "laser_reflective")
    inside = interior_of(sheet, "cycle")
    assert [p.id for p in inside.in_sidecar()] == ["RL1"]


def test_from_the_sidecar_side_5_or_6_hits_the_sidecar_000_L838() -> None:
    sheet = _quasar()
    inside = interior_of(sheet, "cycle")
    after, _in, rep = hit(sheet, inside, "right", 4, ScriptedDice([5]), sidecar_side=True)
    assert after.armor["sidecar_right"] == sheet.armor["sidecar_right"] - 4
    assert ("the sidecar is hit (rolled 5)", "000:L838") in rep.lines
    _after, _in, rep = hit(sheet, inside, "right", 4, ScriptedDice([4, 1, 1]), sidecar_side=True)
    assert ("the cycle, not its sidecar, is hit (rolled 4)", "000:L838") in rep.lines


def test_what_passes_through_the_cycle_may_go_on_into_the_sidecar_000_L835() -> None:
    sheet = _quasar()
    inside = interior_of(sheet, "cycle")
    # from the left: 2d = 2 hits the rider, the rest goes on; 1d = 3 is within the sidecar's 3 spaces
    _after, inner, rep = hit(sheet, inside, "left", 12, ScriptedDice([1, 1, 3]))
    assert inner.part("RL1").dp < inside.part("RL1").dp
    assert any(rule == "000:L835" and "into the 3-space sidecar" in text for text, rule in rep.lines)
    _after, inner, rep = hit(sheet, inside, "left", 12, ScriptedDice([1, 1, 4]))
    assert inner.part("RL1").dp == inside.part("RL1").dp                # 4 > 3 spaces: it passes out


def test_the_cycles_random_tire_is_never_the_sidecar_wheel_000_L837() -> None:
    sheet = _quasar()
    inside = interior_of(sheet, "cycle")
    for pick in range(1, 7):
        after, _in, _rep = hit(sheet, inside, "left", 3, ScriptedDice([6, 6, pick, pick, pick]))
        assert next(t for t in after.tires if t.corner == "S").dp == next(t for t in sheet.tires if t.corner == "S").dp


def test_an_aimed_sidecar_shot_strikes_its_armor_then_its_contents_000_L839() -> None:
    sheet = _quasar()
    after, inner, _rep = hit_sidecar(sheet, interior_of(sheet, "cycle"), "front", 9, ScriptedDice([]))
    assert after.armor["sidecar_front"] == 0 and inner.part("RL1").destroyed


def _facing(facing: float) -> GameState:
    """A Killer Kart at the origin facing east; the sidecar cycle 6" east of it."""
    setup = GameSetup((VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90)),
                       VehicleSetup("Blue", "blue", "Quasar with Sidecar", Pose.at(6, 0, facing))),
                      seed=4, options=RuleOptions(fire_step="on"))
    state = to_fire_step(new_game(setup)[0])
    assert state.step == FIRE
    return state


def test_the_sidecar_is_a_target_only_from_its_side_at_minus_2_000_L838() -> None:
    near = _facing(180)     # heading south: its right side (the sidecar's) faces west, toward the Kart
    shot = Fire("Red", "MG1", "Blue", "sidecar")
    assert shot in legal_actions(near, "Red") and check(near, shot) is None
    assert ("sidecar", -2) in [(m.name, m.value) for m in preview_fire(near, shot).modifiers]
    far = _facing(0)        # heading north: the sidecar is on the far side
    assert shot not in legal_actions(far, "Red")
    assert "only from its own side" in str(check(far, shot))


def test_a_sidecar_cycle_fires_its_own_and_its_sidecars_weapons() -> None:
    """Reading CB64: a sidecar weapon has its facing's arc and fires from the sidecar's side."""
    from rules.phases.fire_step import combatant

    state = _facing(270)                      # the cycle faces the Kart: both front weapons bear
    blue = combatant(state, state.vehicle("Blue"))
    rl = blue.weapon("RL1")
    assert (rl.mount, rl.fires_from) == ("front", "right")
    shots = [a for a in legal_actions(state, "Blue") if isinstance(a, Fire)]
    assert {a.weapon for a in shots} >= {"LL1", "RL1"} and all(check(state, a) is None for a in shots)
