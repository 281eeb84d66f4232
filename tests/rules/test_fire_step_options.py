"""The fire step's list of shots (rules.phases.fire_step.fire_options, kept per state for speed) is exactly
the set of Fire actions the engine's own legality check accepts (000:L818-L827): nothing legal is left
out, nothing illegal offered, and asking twice or after other questions changes nothing."""

from __future__ import annotations

from dataclasses import replace

from rules.core.geometry import Pose
from rules.engine.engine import apply, check, legal_actions, new_game, to_act
from rules.engine.setup import GameSetup, VehicleSetup
from rules.phases.fire_step import combatant, fire_options, may_fire
from rules.play.actions import Fire, Pass
from rules.play.state import FIRE, GameState, RuleOptions
from tests.rules.test_combat_engine import to_fire_step
from tests.rules.test_engine_properties import full_check

SIDES = ("front", "back", "left", "right", "top", "underbody")


def _melee() -> GameState:
    setup = GameSetup((
        VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90)),
        VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(6, 1, 270)),
        VehicleSetup("Grey", "grey", "Killer Kart", Pose.at(3, 0.2, 0)),   # between them: blocks some shots
        VehicleSetup("Gold", "gold", "Killer Kart", Pose.at(2, 5, 180)),
    ), seed=7, options=RuleOptions(fire_step="on"))
    return _without_tire(to_fire_step(new_game(setup)[0]), "Grey", "FL")


def _without_tire(state: GameState, vid: str, corner: str) -> GameState:
    """The state with one of a vehicle's tires already shot away."""
    v = state.vehicle(vid)
    tires = tuple(replace(t, dp=0) if t.corner == corner else t for t in v.sheet.tires)
    car = replace(v, sheet=replace(v.sheet, tires=tires))
    return replace(state, vehicles=tuple(car if x.id == vid else x for x in state.vehicles))


def _every_candidate(state: GameState, vid: str) -> set[Fire]:
    c = combatant(state, state.vehicle(vid))
    triggers = [w.id for w in c.weapons] + sorted(c.links)
    out = set()
    for t in state.vehicles:
        if t.id == vid:
            continue
        # every tire (gone or not), a turret whether or not the target has one, and aims of no known kind:
        # the engine's check must refuse what the list leaves out (000:L959-L960)
        aims = ["", "turret", "rider", "top", "tire:XX", "nonsense", *(f"side:{s}" for s in SIDES),
                *(f"tire:{x.corner}" for x in t.sheet.tires)]
        out |= {Fire(vid, trig, t.id, aim) for trig in triggers for aim in aims}
    return out


def test_shots_offered_are_exactly_the_legal_ones_000_L820_L827() -> None:
    state = _melee()
    assert state.step == FIRE
    seen_some = False
    for _ in range(4):  # each car in turn declares its first shot; the lists follow what is declared
        if state.step != FIRE:
            break
        for vid in [v.id for v in state.vehicles]:
            offered = set(fire_options(state, vid))
            legal = {a for a in _every_candidate(state, vid) if full_check(state, a) is None}
            assert offered == legal, vid
            assert may_fire(state, vid) == (vid in to_act(state))
            seen_some = seen_some or bool(offered)
        if state.step != FIRE or not to_act(state):
            break
        vid = to_act(state)[0]
        shots = [a for a in legal_actions(state, vid) if isinstance(a, Fire)]
        state, _ = apply(state, shots[0] if shots else Pass(vid))
    assert seen_some


def test_asking_again_gives_the_same_answer() -> None:
    state = _melee()
    first = {vid: fire_options(state, vid) for vid in ("Red", "Blue", "Grey", "Gold")}
    first["Red"].clear()  # a caller changing its copy changes nothing kept
    assert fire_options(state, "Red") and all(fire_options(state, v) == first[v] for v in ("Blue", "Grey", "Gold"))


def test_check_refuses_aims_the_target_cannot_offer_000_L959_L960() -> None:
    """A shot at a tire already gone or at a turret the target lacks is refused with its reason; the
    tires still there are fair aims where they face the firer (000:L959: a turret shot hits top armor then turret weapons;
    000:L960: a tire shot hits that tire only)."""
    state = _melee()
    shooter = next(vid for vid in to_act(state) if any(a.target == "Grey" for a in fire_options(state, vid)))
    trig = next(a.weapon for a in fire_options(state, shooter) if a.target == "Grey")
    gone = check(state, Fire(shooter, trig, "Grey", "tire:FL"))
    assert gone is not None and "already gone" in gone
    offered = {a.aim for a in fire_options(state, shooter) if a.target == "Grey" and a.weapon == trig
               and a.aim.startswith("tire:")}
    assert offered and "tire:FL" not in offered
    for aim in ("tire:FR", "tire:BL", "tire:BR"):   # the tires still there: fair aims where they face him
        why = check(state, Fire(shooter, trig, "Grey", aim))
        assert (why is None) == (aim in offered), (aim, why)
        assert why is None or "does not face" in why      # 000:L830, L832 (reading AU11)
    no_turret = check(state, Fire(shooter, trig, "Grey", "turret"))
    assert no_turret is not None and "no turret" in no_turret
    assert check(state, Fire(shooter, trig, "Grey", "tire:ZZ")) is not None
