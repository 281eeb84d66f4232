"""Specific targets offered in play, each with its own check and modifier: a trike's top from its front
or sides, never from behind (000:L841, L843, L854); a cycle's rider from the side only (000:L884); a
side pod from its own side (reading CB48). What legal_actions offers, check() accepts, and the other
way round."""

from __future__ import annotations

from rules.core.events import ShotFired
from rules.core.geometry import Pose
from rules.engine.engine import apply, check, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import preview_fire
from rules.play.actions import Fire, Pass
from rules.play.state import FIRE, GameState, RuleOptions
from tests.rules.test_combat_engine import to_fire_step


def _facing(target: str, facing: float) -> GameState:
    """A Killer Kart at the origin facing east (its front MG), the target 6" east of it."""
    setup = GameSetup((VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90)),
                       VehicleSetup("Blue", "blue", target, Pose.at(6, 0, facing))),
                      seed=4, options=RuleOptions(fire_step="on"))
    state = to_fire_step(new_game(setup)[0])
    assert state.step == FIRE
    return state


def _finish(state: GameState) -> tuple[GameState, list]:
    events = []
    while state.step == FIRE and not state.over:
        state, ev = apply(state, Pass(to_act(state)[0]))
        events += ev
    return state, events


def test_a_trikes_top_is_offered_from_the_front_at_minus_2_000_L841_L854() -> None:
    state = _facing("Blastmaster", 270)          # the trike faces the Kart
    top = Fire("Red", "MG1", "Blue", "side:top")
    assert top in legal_actions(state, "Red") and check(state, top) is None
    assert ("trike top", -2) in [(m.name, m.value) for m in preview_fire(state, top).modifiers]
    before = state.vehicle("Blue").sheet.armor["top"]
    state, first = apply(state, top)
    state, events = _finish(state)
    events = first + events
    rolled = next(e for e in events if isinstance(e, ShotFired))
    if rolled.hit:
        assert state.vehicle("Blue").sheet.armor["top"] < before


def test_a_trikes_top_cannot_be_hit_from_behind_000_L841_L843() -> None:
    state = _facing("Blastmaster", 90)           # the trike drives away from the Kart
    top = Fire("Red", "MG1", "Blue", "side:top")
    assert top not in legal_actions(state, "Red")
    assert "cannot be hit from behind" in str(check(state, top))


def test_a_cycles_rider_is_offered_from_the_side_at_minus_3_000_L884() -> None:
    state = _facing("Quasar", 0)                 # the cycle crosses in front of the Kart: its side shows
    rider = Fire("Red", "MG1", "Blue", "rider")
    assert rider in legal_actions(state, "Red") and check(state, rider) is None
    assert ("rider", -3) in [(m.name, m.value) for m in preview_fire(state, rider).modifiers]


def test_a_cycles_rider_is_not_a_target_from_the_front_000_L884() -> None:
    state = _facing("Quasar", 270)
    rider = Fire("Red", "MG1", "Blue", "rider")
    assert rider not in legal_actions(state, "Red")
    assert "only from the side" in str(check(state, rider))


def test_every_aim_offered_is_accepted_and_the_wrong_ones_are_not_offered() -> None:
    for target, facing in (("Blastmaster", 270), ("Blastmaster", 90), ("Quasar", 0), ("Quasar", 270),
                           ("Killer Kart", 0)):
        state = _facing(target, facing)
        offered = [a for a in legal_actions(state, "Red") if isinstance(a, Fire)]
        assert offered and all(check(state, a) is None for a in offered), (target, facing)
        for aim in ("side:top", "rider", "turret"):
            a = Fire("Red", "MG1", "Blue", aim)
            assert (a in offered) == (check(state, a) is None), (target, facing, aim)


def test_a_cycle_rider_fires_his_weapons_and_counts_as_the_driver_000_L820_L976() -> None:
    """A cycle's rider holds its triggers like a car's driver; hurting him is the driver-hit hazard and,
    once he is down, nobody is at the controls."""
    from dataclasses import replace

    from rules.combat.damage import Part, driver_can_drive, hit_rider, interior_of
    from rules.core.dice import ScriptedDice

    setup = GameSetup((VehicleSetup("Red", "red", "Quasar", Pose.at(0, 0, 90)),
                       VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(6, 0, 270))),
                      seed=2, options=RuleOptions(fire_step="on"))
    state = to_fire_step(new_game(setup)[0])
    shots = [a for a in legal_actions(state, "Red") if isinstance(a, Fire)]
    assert shots and all(check(state, a) is None for a in shots)
    red = state.vehicle("Red")
    inside = interior_of(red.sheet, "cycle")
    rider = inside.driver()
    assert isinstance(rider, Part) and rider.role == "cyclist" and driver_can_drive(inside)
    _sheet, after, rep = hit_rider(red.sheet, replace(inside, parts=tuple(
        replace(p, body_armor=0) if p is rider else p for p in inside.parts)), 3, ScriptedDice([]))
    assert after.part(rider.id).dp == 0 and not driver_can_drive(after)
    assert any(h.rule.startswith("000:L253") for h in rep.hazards())


def test_only_tires_on_a_side_facing_the_firer_are_offered_000_L830_L832() -> None:
    """A car facing the firer head-on shows its front: the front tires may be aimed at, the back ones
    may not (a side facing him is the only thing he can hit, 000:L830); turned so its front and right side
    face him, the right back tire joins them (reading AU11)."""
    state = _facing("Killer Kart", 270)
    tires = {a.aim for a in legal_actions(state, "Red") if isinstance(a, Fire) and a.aim.startswith("tire:")}
    assert tires == {"tire:FL", "tire:FR"}
    why = check(state, Fire("Red", "MG1", "Blue", "tire:BL"))
    assert why is not None and "does not face" in why and "000:L830, L832" in why
    turned = _facing("Killer Kart", 225)       # its front and its right side face the Kart
    tires = {a.aim for a in legal_actions(turned, "Red") if isinstance(a, Fire) and a.aim.startswith("tire:")}
    assert tires == {"tire:FL", "tire:FR", "tire:BR"}


def test_a_cycles_wheel_shows_from_its_end_and_both_sides_000_L832() -> None:
    from rules.combat.arcs import tire_sides
    assert tire_sides("F") == {"front", "left", "right"} and tire_sides("B") == {"back", "left", "right"}
    assert tire_sides("BL") == {"back", "left"} and tire_sides("FR") == {"front", "right"}
