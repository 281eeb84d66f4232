"""Tear gas on crews aboard (000:L1586-L1588, reading PD45): which of a vehicle's crewmen the gas holds now
and how. rules.play.people rolls it at the turn's end (GameState.crew_gas); the fire step takes the minus
off their shots and the driving rules take a gassed-out driver from the controls."""

from __future__ import annotations

from rules.people.record import clock
from rules.play.state import GameState

KNOCKED_OUT = -1   # the minus given for an unconscious crewman: he does nothing


def gassed_crew(state: GameState, vid: str) -> tuple[tuple[str, int], ...]:
    """This vehicle's crewmen whom tear gas holds now, each with the minus to his shots (6, 2), or
    KNOCKED_OUT for one gassed unconscious."""
    gas = state.rules.people.tear_gas
    if gas is None or not state.crew_gas:
        return ()
    now = clock(state.turn, state.phase, state.rules.movement.chart.phases_per_turn)
    minus = {r.effect: (KNOCKED_OUT if r.effect == "unconscious" else -r.to_hit) for r in gas.results}  # to_hit: -6
    return tuple((cid.split(".", 1)[1], minus.get(effect, 0)) for cid, effect, until in state.crew_gas
                 if until > now and cid.split(".", 1)[0] == vid and minus.get(effect, 0))


def knocked_out(state: GameState, vid: str) -> frozenset[str]:
    """The crewmen of this vehicle tear gas has knocked out."""
    return frozenset(crew for crew, minus in gassed_crew(state, vid) if minus == KNOCKED_OUT)
