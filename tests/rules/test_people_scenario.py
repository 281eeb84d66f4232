"""The duel that goes on after the cars die (issue 18 items 7-8): maps/scenarios/duel_on_foot.toml played
to its end between foes, the vehicles by the vehicle foe and the people by rules/ai/on_foot.py."""

from __future__ import annotations

from rules.ai.on_foot import decide
from rules.core.events import PersonGotOut, PersonHurt, ShotFired
from rules.core.paths import MAPS_DIR
from rules.engine.engine import apply, legal_actions, new_game, outcome, to_act
from rules.engine.scenarios import game_setup, load_scenario
from rules.play import people

SCENARIO = MAPS_DIR / "scenarios" / "duel_on_foot.toml"


def play(seed: int):
    sc = load_scenario(SCENARIO)
    state, _ = new_game(game_setup(sc, seed))
    events = []
    for _ in range(20_000):
        if state.over or outcome(state) is not None:
            break
        who = to_act(state)[0]
        action, _why = decide(state, who, legal_actions(state, who), "veteran", budget=60.0)
        state, ev = apply(state, action)
        events += ev
    return state, events


def test_the_scenario_loads_with_people_on():
    sc = load_scenario(SCENARIO)
    setup = game_setup(sc, 1)
    assert sc.people and setup.options.people == "on" and setup.max_turns == 80


def test_the_duel_goes_on_on_foot_to_its_end():
    """Both drivers bail out of their burning cars (000:L1470), one fires his SMG on foot (000:L1449),
    and the game ends with the last man standing, told by the outcome."""
    state, events = play(4)
    got = outcome(state)
    assert got is not None
    out = [e for e in events if isinstance(e, PersonGotOut)]
    assert {e.vehicle for e in out} == {"red.driver", "blue.driver"} and all(e.jumped for e in out)
    assert any(isinstance(e, ShotFired) and e.vehicle == "red.driver" for e in events)
    assert any(isinstance(e, PersonHurt) for e in events)
    assert got.winners == ("Player 1",) and "last one standing" in got.reason
    assert "red.driver" in got.survivors and ("blue.driver", "killed") in got.fallen
    assert [p.id for p in people.standing(state)] == ["red.driver"]
