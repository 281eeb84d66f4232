"""Log lines as a player reads them (issue 17, findings of the last session): one hit's hazard is
logged once, and map features are named as the map shows them, never by an internal id like
"walls[0]". The recorded games (tests/data/event_logs/) are what the engine logs: test_events_typed
plays the first again and compares every line."""

from __future__ import annotations

import re

from rules.core.dice import ScriptedDice
from rules.core.events import HazardMet, HitDamage
from rules.engine.engine import apply
from rules.play.actions import Fire, Pass
from tests.rules.event_games import GAMES, fixture
from tests.rules.test_combat_engine import duel, to_fire_step

MAP_ID = re.compile(r"\b(walls|buildings|curbs|obstacles|areas|features)\[\d+\]")


def _lines() -> list[str]:
    return [ln for sc, sd, _ in GAMES for ln in fixture(sc, sd).read_text(encoding="utf-8").splitlines()]


def test_no_log_line_names_a_map_feature_by_its_internal_id_000_L476_L1200() -> None:
    texts = [ln.split("|")[2] for ln in _lines() if ln.count("|") >= 3]
    assert not [t for t in texts if MAP_ID.search(t)]
    assert any(t.startswith("head-on into wall at") for t in texts)          # 000:L476-L480
    assert any(" fires at building " in t for t in texts)                     # 000:L1200


def test_one_hit_logs_its_enemy_fire_hazard_once_000_L250_L252() -> None:
    """One MG hit on a car: its enemy-fire hazard (000:L250-L252) is one line of the log, met after
    the shots with the control roll it needs (it was told twice, once at the hit)."""
    state = to_fire_step(duel())
    state, _ = apply(state, Fire("Red", "MG1", "Blue"))
    state, events = apply(state, Pass("Blue"), ScriptedDice([6, 6], fallback_seed=3))   # 12: a hit
    assert [e for e in events if isinstance(e, HitDamage) and e.vehicle == "Blue"]
    told = [e for e in events if e.vehicle == "Blue" and e.text.startswith("enemy fire")]
    assert len(told) == 1 and isinstance(told[0], HazardMet) and told[0].rule == "000:L250-L252"
