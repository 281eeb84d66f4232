"""The engine's fire step (option fire_step = "on"): declarations after movement, resolution, kills."""

from __future__ import annotations

from rules.core.events import Damaged, DamageStep, Exploded, HitDamage, OutOfFight, ShotFired
from rules.core.geometry import Pose
from rules.engine.engine import apply, check, legal_actions, new_game, outcome, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Fire, Pass, SetSpeed
from rules.play.state import FIRE, GameState, RuleOptions


def duel(fire_step: str = "on") -> GameState:
    setup = GameSetup((
        VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90)),
        VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(5, 0, 270)),
    ), seed=11, options=RuleOptions(fire_step=fire_step))
    state, _ = new_game(setup)
    return state


def to_fire_step(state: GameState) -> GameState:
    while state.step != FIRE and not state.over:
        vid = to_act(state)[0]
        state, _ = apply(state, SetSpeed(vid, 0) if state.step == "speed" else legal_actions(state, vid)[0])
    return state


def test_fire_step_asks_both_cars_after_movement_000_L818() -> None:
    state = to_fire_step(duel())
    assert state.step == FIRE
    assert set(to_act(state)) == {"Red", "Blue"}
    acts = legal_actions(state, "Red")
    assert Fire("Red", "MG1", "Blue") in acts and Pass("Red") in acts
    assert Fire("Red", "MG1", "Blue", "tire:FL") in acts
    assert check(state, Fire("Red", "MG9", "Blue")) is not None


def test_declarations_resolve_together_and_damage_is_recorded_000_L819_L824() -> None:
    state = to_fire_step(duel())
    state, ev1 = apply(state, Fire("Red", "MG1", "Blue"))
    assert not any(isinstance(e, (Damaged, DamageStep, HitDamage)) for e in ev1)  # nothing happens until everyone has declared
    assert "Red" not in to_act(state)  # the driver has used his firing action (000:L820)
    state, ev2 = apply(state, Fire("Blue", "MG1", "Red"))
    rolls = [e for e in ev2 if isinstance(e, ShotFired)]
    assert len(rolls) == 2
    shots = {v.id: v.sheet.weapon("MG1").shots_left for v in state.vehicles}
    assert shots == {"Red": 19, "Blue": 19}
    assert check(state, Fire("Red", "MG1", "Blue")) is not None  # not in the speed step


def test_duel_in_the_engine_reaches_a_kill() -> None:
    state = duel()
    log = []
    for _ in range(2000):
        if outcome(state) or state.over:
            break
        vid = to_act(state)[0]
        if state.step == "speed":
            action = SetSpeed(vid, 0)
        elif state.step == FIRE:
            fires = [a for a in legal_actions(state, vid) if isinstance(a, Fire) and a.aim == ""]
            action = fires[0] if fires else Pass(vid)
        else:
            action = legal_actions(state, vid)[0]
        state, ev = apply(state, action)
        log += ev
    result = outcome(state)
    assert result is not None and len(result.survivors) == 1
    assert any(isinstance(e, (OutOfFight, Exploded)) for e in log)


def test_fire_step_off_skips_combat() -> None:
    state = duel("off")
    start = {v.id: v.sheet for v in state.vehicles}
    for _ in range(40):  # two full turns of speed decisions at 0 mph
        assert state.step != FIRE
        vid = to_act(state)[0]
        state, _ = apply(state, SetSpeed(vid, 0) if state.step == "speed" else legal_actions(state, vid)[0])
    assert state.turn >= 3
    assert {v.id: v.sheet for v in state.vehicles} == start


def test_a_car_in_between_blocks_the_line_of_fire_000_L826() -> None:
    setup = GameSetup((
        VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90)),
        VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(8, 0, 270)),
        VehicleSetup("Grey", "grey", "Killer Kart", Pose.at(4, 0, 0)),
    ), seed=3, options=RuleOptions(fire_step="on"))
    state = to_fire_step(new_game(setup)[0])
    assert "blocked by Grey" in str(check(state, Fire("Red", "MG1", "Blue")))
    assert all(a.target != "Blue" for a in legal_actions(state, "Red") if isinstance(a, Fire))


def test_combat_is_on_by_default_000_L818() -> None:
    """Every game has the fire step unless a setup turns it off (000:L818: fire after each phase's movement)."""
    assert RuleOptions().fire_step == "on"
    setup = GameSetup((
        VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90)),
        VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(5, 0, 270)),
    ), seed=11)
    state = to_fire_step(new_game(setup)[0])
    assert state.step == FIRE and set(to_act(state)) == {"Red", "Blue"}


def apart() -> GameState:
    """Two Karts back to back, out of each other's front arcs: nobody can ever fire."""
    setup = GameSetup((
        VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 270)),
        VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(10, 0, 90)),
    ), seed=4)
    return new_game(setup)[0]


def test_a_phase_nobody_can_fire_in_asks_nobody_000_L818() -> None:
    state = apart()
    for _ in range(20):
        assert state.step != FIRE, "nobody can fire: the fire step must not wait for a decision"
        vid = to_act(state)[0]
        state, _ = apply(state, SetSpeed(vid, 0))
    assert state.turn >= 2


def test_the_engine_stops_when_nobody_can_act() -> None:
    """Stopped cars that can neither change speed nor fire: the game ends instead of running forever."""
    from dataclasses import replace

    from rules.engine.engine import _advance
    from rules.play.context import Ctx

    state = apart()
    state = replace(state, vehicles=tuple(replace(v, steering_lost=True) for v in state.vehicles))
    ctx = Ctx(state)
    _advance(ctx)
    assert ctx.state.over and to_act(ctx.state) == []
    result = outcome(ctx.state)
    assert result is not None and set(result.survivors) == {"Red", "Blue"}


def _drift_then_fire() -> tuple[GameState, list[object]]:
    """Red drifts (D1) toward a parked Blue in phase 1, then fires its MG."""
    from rules.play.actions import Move
    from rules.play.state import MOVE, SPEED

    setup = GameSetup((VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90), 20.0),
                       VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(12, 0, 270))), seed=2)
    state, _ = new_game(setup)
    events: list[object] = []
    while state.phase == 1:
        vid = to_act(state)[0]
        if state.step == SPEED:
            a: object = SetSpeed(vid, state.vehicle(vid).signed_speed)
        elif state.step == MOVE:
            a = next(m for m in legal_actions(state, vid) if isinstance(m, Move) and m.maneuver.kind == "drift")
        else:
            a = Fire(vid, "MG1", "Blue") if vid == "Red" else Pass(vid)
        if state.step == FIRE and vid == "Red":
            assert state.vehicle("Red").phase_d == 1  # the drift's D is on record for the fire step
        state, ev = apply(state, a)  # type: ignore[arg-type]
        events += ev
    return state, events


def test_a_maneuver_this_phase_costs_its_D_to_hit_000_L193_L905() -> None:
    state, events = _drift_then_fire()
    shot = next(e for e in events if isinstance(e, ShotFired))  # type: ignore[attr-defined]
    mods = {m.name: (m.value, m.rule) for m in shot.modifiers}  # type: ignore[attr-defined]
    assert mods["maneuver/hazard D1 this phase"] == (-1, "000:L905, L940")
    assert state.vehicle("Red").phase_d == 0  # the next phase starts with a clean record


def test_a_hazard_this_phase_counts_like_a_maneuver_000_L905() -> None:
    from rules.phases.fire_step import combatant
    from rules.play.context import Ctx
    from rules.play.crashes import hazard

    state = to_fire_step(duel())
    ctx = Ctx(state)
    hazard(ctx, "Red", 2, "debris", "000:L249")
    hazard(ctx, "Red", 1, "enemy fire", "000:L250")
    red = ctx.state.vehicle("Red")
    assert red.phase_d == 3
    assert combatant(ctx.state, red).maneuver_d == 3


def test_preview_fire_gives_the_need_the_resolution_uses_000_L901_L905() -> None:
    from rules.phases.fire_step import preview_fire

    state = to_fire_step(duel())
    shot = Fire("Red", "MG1", "Blue")
    p = preview_fire(state, shot)
    assert p.can_hit and p.mount == "front"
    assert p.need == 7 - sum(m.value for m in p.modifiers)  # the MG's base 7 less the modifiers (000:L901)
    assert p.chance == sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= p.need) / 36
    state, _ = apply(state, shot)
    state, events = apply(state, Pass("Blue"))
    rolled = next(e for e in events if isinstance(e, ShotFired) and e.vehicle == "Red")
    assert rolled.need == p.need
    assert [m.name for m in rolled.modifiers] == [m.name for m in p.modifiers]
