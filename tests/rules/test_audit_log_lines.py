"""Log lines as a player reads them (issue 17, findings of the last session): one hit's hazard is
logged once, and map features are named as the map shows them, never by an internal id like
"walls[0]". The recorded games (tests/data/event_logs/) are what the engine logs: test_events_typed
plays the first again and compares every line."""

from __future__ import annotations

import re

from tests.rules.event_games import GAMES, fixture

MAP_ID = re.compile(r"\b(walls|buildings|curbs|obstacles|areas|features)\[\d+\]")


def _lines() -> list[str]:
    return [ln for sc, sd, _ in GAMES for ln in fixture(sc, sd).read_text(encoding="utf-8").splitlines()]


def test_no_log_line_names_a_map_feature_by_its_internal_id_000_L476_L1200() -> None:
    texts = [ln.split("|")[2] for ln in _lines() if ln.count("|") >= 3]
    assert not [t for t in texts if MAP_ID.search(t)]
    assert any(t.startswith("head-on into wall at") for t in texts)          # 000:L476-L480
    assert any(" fires at building " in t for t in texts)                     # 000:L1200


def test_one_hit_logs_its_enemy_fire_hazard_once_000_L250_L252() -> None:
    """free_for_all seed 1: red's MG hit on stationary blue (4 points) is a D1 hazard, met once (no
    control roll at 0 mph), then the dead driver's D2: each once."""
    lines = fixture(*GAMES[0][:2]).read_text(encoding="utf-8").splitlines()
    hazards = [ln for ln in lines if ln.startswith("hazard|blue|")]
    assert hazards.count("hazard|blue|enemy fire (4 hits): D1 (stationary: no control roll)|000:L250-L252") == 1
    assert not [ln for ln in hazards if ln == "hazard|blue|enemy fire (4 hits): D1|000:L250-L252"]
    assert hazards.count("hazard|blue|driver wounded or killed: D2 (stationary: no control roll)|000:L253, L976") == 1
