"""The fire step's list of shots (rules.fire_step.fire_options, kept per state for speed) is exactly
the set of Fire actions the engine's own legality check accepts (000:L818-L827): nothing legal is left
out, nothing illegal offered, and asking twice or after other questions changes nothing."""

from __future__ import annotations

from rules.actions import Fire, Pass
from rules.engine import apply, check, legal_actions, new_game, to_act
from rules.fire_step import combatant, fire_options, may_fire
from rules.geometry import Pose
from rules.setup import GameSetup, VehicleSetup
from rules.state import FIRE, GameState, RuleOptions
from tests.rules.test_combat_engine import to_fire_step

SIDES = ("front", "back", "left", "right", "top", "underbody")


def _melee() -> GameState:
    setup = GameSetup((
        VehicleSetup("Red", "red", "Killer Kart", Pose.at(0, 0, 90)),
        VehicleSetup("Blue", "blue", "Killer Kart", Pose.at(6, 1, 270)),
        VehicleSetup("Grey", "grey", "Killer Kart", Pose.at(3, 0.2, 0)),   # between them: blocks some shots
        VehicleSetup("Gold", "gold", "Killer Kart", Pose.at(2, 5, 180)),
    ), seed=7, options=RuleOptions(fire_step="on"))
    return to_fire_step(new_game(setup)[0])


def _every_candidate(state: GameState, vid: str) -> set[Fire]:
    c = combatant(state, state.vehicle(vid))
    triggers = [w.id for w in c.weapons] + sorted(c.links)
    out = set()
    for t in state.vehicles:
        if t.id == vid:
            continue
        # the engine's check does not judge the aim's own sense (a turret the target lacks, a tire gone):
        # only aims a target offers are candidates
        turret = ["turret"] if combatant(state, t).interior.weapons_on("turret") else []
        aims = ["", *turret, *(f"side:{s}" for s in SIDES),
                *(f"tire:{x.corner}" for x in t.sheet.tires if not x.destroyed)]
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
            legal = {a for a in _every_candidate(state, vid) if check(state, a) is None}
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
