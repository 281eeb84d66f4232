"""Weapons electronics fire by themselves (issue 17; rules/phases/electronic_fire.py, readings RD6-RD7):
an ATAD at anything within its critical range, not at an IFF friend; a computer gunner at the target its
weapon was fired at, at the start of each later turn."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rules.core.events import Event, RadarJammed, ShotFired
from rules.core.geometry import Pose
from rules.engine.engine import apply, new_game, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Fire, Pass
from rules.play.state import FIRE, GameState, RuleOptions
from rules.vehicles.design import AccessoryEntry, dumps_design, load_stock
from tests.rules.test_combat_engine import to_fire_step

KART = "Killer Kart"


def design(tmp_path: Path, name: str, *extra: str) -> str:
    d = load_stock(KART)
    path = tmp_path / f"{name}.toml"
    path.write_text(dumps_design(replace(d, name=name, accessories=d.accessories + tuple(
        AccessoryEntry(a) for a in extra))))
    return str(path)


def game(a: str, b: str, gap: float = 6.0, owners: tuple[str, str] = ("red", "blue"), seed: int = 5) -> GameState:
    state, _ = new_game(GameSetup((VehicleSetup("A", owners[0], a, Pose.at(0, 0, 90)),
                                   VehicleSetup("B", owners[1], b, Pose.at(gap, 0, 270))),
                                  seed=seed, options=RuleOptions(fire_step="on")))
    return state


def fire_step(state: GameState, *shots: Fire) -> tuple[GameState, list[Event]]:
    """Everyone declares `shots` then passes; the step resolves."""
    state = to_fire_step(state)
    assert state.step == FIRE
    events: list[Event] = []
    for shot in shots:
        state, ev = apply(state, shot)
        events += ev
    while state.step == FIRE and not state.over:
        state, ev = apply(state, Pass(to_act(state)[0]))
        events += ev
    return state, events


def by_atad(events: list[Event]) -> list[ShotFired]:
    return [e for e in events if isinstance(e, ShotFired) and "fired by its ATAD" in e.text]


def test_an_atad_fires_at_a_car_within_its_critical_range_000_L2975(tmp_path: Path) -> None:
    state, events = fire_step(game(design(tmp_path, "atad", "atad"), KART))
    shots = by_atad(events)
    assert [(s.vehicle, s.weapon, s.target) for s in shots] == [("A", "MG1", "B")]
    assert "L2975" in shots[0].rule and shots[0].automatic
    assert "MG1" in state.vehicle("A").fired and not state.vehicle("A").fire_acted   # nobody's firing action


def test_an_atad_leaves_a_car_beyond_its_critical_range_000_L2975(tmp_path: Path) -> None:
    _, events = fire_step(game(design(tmp_path, "atad", "atad"), KART, gap=12.0))
    assert by_atad(events) == []


def test_a_weapon_fired_by_hand_is_not_fired_again_by_the_atad_000_L2975(tmp_path: Path) -> None:
    _, events = fire_step(game(design(tmp_path, "atad", "atad"), KART), Fire("A", "MG1", "B"))
    assert by_atad(events) == []
    assert [e.weapon for e in events if isinstance(e, ShotFired) and e.vehicle == "A"] == ["MG1"]


def test_iff_spares_a_friend_but_not_a_foe_000_L2630(tmp_path: Path) -> None:
    a, b = design(tmp_path, "atad", "atad", "iff"), design(tmp_path, "friend", "iff")
    assert by_atad(fire_step(game(a, b, owners=("red", "red")))[1]) == []
    assert by_atad(fire_step(game(a, b, owners=("red", "blue")))[1])
    # with no IFF on the target, the ATAD fires at its own side's car too
    assert by_atad(fire_step(game(a, KART, owners=("red", "red")))[1])


def test_stealthkote_bollix_and_a_jammer_against_a_radar_atad_000_L2598_L2978_L2644(tmp_path: Path) -> None:
    a = design(tmp_path, "atad", "atad")
    assert by_atad(fire_step(game(a, design(tmp_path, "bollix", "bollix")))[1]) == []
    events = fire_step(game(a, design(tmp_path, "jam", "radar_jammer")))[1]
    jam = [e for e in events if isinstance(e, RadarJammed)]
    assert len(jam) == 1 and (by_atad(events) == []) == jam[0].blocked


def test_a_computer_gunner_fires_again_at_its_target_next_turn_000_L2617_L2618(tmp_path: Path) -> None:
    state = game(design(tmp_path, "cg", "computer_gunner", "gunner_software"), KART)
    state, events = fire_step(state, Fire("A", "MG1", "B"))        # the driver tells it the target
    assert not [e for e in events if isinstance(e, ShotFired) and "computer gunner" in e.text]
    while state.turn == 1 and not state.over:                       # the rest of the turn: nobody fires
        state, _ = fire_step(state)
    assert state.turn == 2 and state.phase == 1
    state, events = fire_step(state)
    shot = next(e for e in events if isinstance(e, ShotFired) and "fired by its computer gunner" in e.text)
    assert (shot.vehicle, shot.weapon, shot.target) == ("A", "MG1", "B")
    names = {m.name: m.value for m in shot.modifiers}
    assert names["computer-gunner software"] == 1 and names["sustained fire (2nd turn)"] == 1
    assert not state.vehicle("A").fire_acted                        # the driver's own action is still his


def test_a_bumper_trigger_fires_the_front_weapons_when_the_front_rams_000_L2609(tmp_path: Path) -> None:
    """The kart drives its front into a parked kart: its front MG fires on automatic at that phase's fire
    step, nobody's firing action spent; the log says the trigger went off."""
    from rules.core.dice import ScriptedDice
    from rules.core.events import Collided, EquipmentActed
    from rules.driving.maneuvers import Maneuver
    from rules.play.actions import Move, SetSpeed
    vs = (VehicleSetup("A", "a", design(tmp_path, "bumper", "bumper_trigger"), Pose.at(0, 0, 0), speed=20),
          VehicleSetup("B", "b", KART, Pose.at(0, -1.6, 180), speed=0))
    state = new_game(GameSetup(vs, seed=3, options=RuleOptions(fire_step="on")))[0]
    events: list[Event] = []
    while not any(isinstance(e, Collided) for e in events):
        vid = to_act(state)[0]
        v = state.vehicle(vid)
        act = (SetSpeed(vid, v.signed_speed) if state.step == "speed" else Pass(vid) if state.step == FIRE
               else Move(vid, Maneuver("straight")))
        state, new = apply(state, act, ScriptedDice([], fallback_seed=9))
        events += new
    assert any(isinstance(e, EquipmentActed) and e.accessory == "bumper_trigger" for e in events)
    assert state.vehicle("A").bumped == ("front",)
    state, events = fire_step(state)
    shot = next(e for e in events if isinstance(e, ShotFired) and "bumper trigger" in e.text)
    assert (shot.vehicle, shot.weapon, shot.target, shot.automatic) == ("A", "MG1", "B", True)
    assert state.vehicle("A").bumped == () and not state.vehicle("A").fire_acted
    # B, parked and shoved aside by the ram, did not move of itself: still "not moving" (000:L912; reading AU9)
    assert any(m.name == "target not moving" for m in shot.modifiers)
    assert not any(m.name == "firer not moving" for m in shot.modifiers)   # A is still rolling at 10 mph


def test_a_hit_on_the_plant_scrambles_the_software_unless_a_surge_protector_000_L2616_L2673(tmp_path: Path) -> None:
    from rules.combat.damage import Absorbed, HitReport
    from rules.core.dice import ScriptedDice
    from rules.phases.fire_step import scramble_software
    from rules.play.context import Ctx
    state = game(design(tmp_path, "cg", "computer_gunner", "gunner_software"), KART)
    plant = next(c.id for c in state.vehicle("A").sheet.components if c.kind == "plant")
    rep = HitReport(face="front", damage=2, steps=(Absorbed(plant, 2, 10, False, "000:L951"),))
    ctx = Ctx(state, ScriptedDice([1]))
    scramble_software(ctx, [("A", rep)])
    assert ctx.state.vehicle("A").scrambled
    ctx = Ctx(state, ScriptedDice([2]))
    scramble_software(ctx, [("A", rep)])
    assert not ctx.state.vehicle("A").scrambled
    guarded = game(design(tmp_path, "cgs", "computer_gunner", "gunner_software", "surge_protector"), KART)
    ctx = Ctx(guarded, ScriptedDice([]))
    scramble_software(ctx, [("A", rep)])                      # no roll at all
    assert not ctx.state.vehicle("A").scrambled


def test_scrambled_software_gives_minus_2_to_the_computer_gunner_000_L2616() -> None:
    from rules.combat.shooting import AutoShot, aim_point_of, resolve_fire
    from rules.core.dice import ScriptedDice
    from tests.rules.test_electronics import firer, sheet, target
    c = firer(sheet(KART, AccessoryEntry("computer_gunner"), AccessoryEntry("gunner_software")))
    t = target(sheet(KART))
    shot = AutoShot("A", "MG1", "T", aim_point_of(c, c.weapon("MG1"), t) or t.pose.centre, by="computer gunner")
    for scrambled, bonus in ((False, 1), (True, -2)):
        res = resolve_fire({"A": replace(c, scrambled=scrambled), "T": t}, [], ScriptedDice([1, 1]), 1,
                           automatic=[shot])
        fired = next(e for e in res.events if isinstance(e, ShotFired))
        assert {m.name: m.value for m in fired.modifiers}["computer-gunner software"] == bonus


def test_harms_with_a_detector_fire_by_themselves_at_a_radar_source_000_L2532(tmp_path: Path) -> None:
    from rules.vehicles.design import WeaponEntry
    d = load_stock(KART)
    path = tmp_path / "harm.toml"
    path.write_text(dumps_design(replace(d, name="harm", accessories=d.accessories + (
        AccessoryEntry("radar_detector"),), weapons=(WeaponEntry("RL", "front", ammo="harm"),))))
    radar = design(tmp_path, "radar", "radar")
    _, events = fire_step(game(str(path), radar, gap=16.0))
    shot = next(e for e in events if isinstance(e, ShotFired) and "HARM homing system" in e.text)
    assert (shot.vehicle, shot.target, shot.automatic) == ("A", "B", True)
    assert any(m.name.startswith("HARM homing on radar") and m.value == 2 for m in shot.modifiers)
    # a car with no radar or jammer is no source; a radar of the same owner is not fired on
    assert not any("HARM" in e.text for e in fire_step(game(str(path), KART, gap=16.0))[1])
    assert not any("HARM homing" in e.text
                   for e in fire_step(game(str(path), radar, gap=16.0, owners=("red", "red")))[1])


def test_random_play_with_every_electronic_part_aboard_keeps_going_and_replays(tmp_path: Path) -> None:
    """Two cars carrying radar, a jammer, a detector, HARMs, an RGM, an ATAD with IFF, a computer gunner,
    a bumper trigger and webs play random legal moves close together for a few turns: no error, the same
    seed gives the same game, and the electronics show up in the log (000:L2442, L2532, L2609, L2644,
    L2975)."""
    from rules.ai import random_driver
    from rules.play.state import digest
    from rules.vehicles.design import WeaponEntry
    d = load_stock(KART)
    kit = tuple(AccessoryEntry(a) for a in ("radar", "radar_detector", "atad", "iff", "computer_gunner",
                                            "gunner_software", "bumper_trigger")) + (
        AccessoryEntry("laser_reactive_web", facing="front"),)
    path = tmp_path / "loaded.toml"
    path.write_text(dumps_design(replace(d, name="loaded", accessories=d.accessories + kit,
                                         weapons=(WeaponEntry("RL", "front", ammo="harm"), WeaponEntry("RGM", "back")))))
    jam = design(tmp_path, "jam", "radar_jammer", "radar")

    def play(seed: int) -> tuple[str, list[Event]]:
        state = game(str(path), jam, gap=5.0, seed=seed)
        log: list[Event] = []
        n = 0
        while not state.over and state.turn <= 4:
            who = to_act(state)
            if not who:
                break
            from rules.engine.engine import legal_actions
            action, _ = random_driver.pick(state, who[0], legal_actions(state, who[0]), seed, n)
            state, ev = apply(state, action)
            log += ev
            n += 1
        return digest(state), log

    first, log = play(7)
    assert play(7)[0] == first
    text = " ".join(e.text for e in log)
    assert "ATAD" in text or "HARM" in text or "radar lock" in text
