"""Typed events (issue 13, item 3): one frozen class per kind of happening, each with its log line and
its rule line; the engine logs nothing else, and making events typed left every game as it was: the
same log text, kinds and digest as recorded before the change (tests/data/event_logs/)."""

from __future__ import annotations

import dataclasses
import inspect
from collections import Counter

import pytest

from rules.core import events as ev
from rules.core.events import Event
from tests.rules.event_games import GAMES, fixture, line, play, record


def event_classes() -> list[type[Event]]:
    """Every class of event the engine may log: the subclasses of Event defined in rules.core.events
    that no other event class derives from (FeatureEvent is only their common base)."""
    found = [c for _, c in inspect.getmembers(ev, inspect.isclass) if issubclass(c, Event) and c is not Event]
    return [c for c in found if not any(o is not c and issubclass(o, c) for o in found)]


CLASSES = event_classes()


@pytest.fixture(scope="module")
def first_game() -> list[Event | str]:
    """The first recorded game, played once for this module: its events, then its digest line."""
    return list(play(*GAMES[0]))


def test_there_is_a_class_for_each_happening_and_the_log_reads_no_dicts() -> None:
    assert len(CLASSES) >= 60
    for cls in CLASSES:
        assert dataclasses.is_dataclass(cls), cls
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert params.frozen, f"{cls.__name__} is not frozen"
        names = [f.name for f in dataclasses.fields(cls)]
        assert names[:3] == ["text", "rule", "vehicle"], cls
        assert "data" not in names and "kind" not in names, cls
        for f in dataclasses.fields(cls):
            assert f.type not in ("dict", "list", "Any") and "dict[" not in str(f.type), (cls, f.name)


def test_an_event_cannot_be_changed_once_logged() -> None:
    e = ev.TireDamaged("debris: tire FL takes 2 (3 left)", "000:L497", "A", cause="debris", corner="FL", hits=2, dp=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.hits = 5  # type: ignore[misc]
    assert str(e) == "[A] debris: tire FL takes 2 (3 left) (000:L497)" and e.kind == "tire"


def test_a_wall_rammed_shows_as_a_collision_and_one_shot_as_damage() -> None:
    point = ev.Vec(1.0, 2.0)
    assert ev.FeatureBreached("w breached", "000:L481", "A", feature="w", rammed=True, point=point).kind == "collision"
    assert ev.FeatureBreached("w breached", "000:L1200", "A", feature="w", rammed=False, point=point).kind == "damage"


def test_a_seeded_random_game_with_combat_logs_only_typed_events(first_game: list[Event | str]) -> None:
    logged = [x for x in first_game if not isinstance(x, str)]
    kinds = Counter(type(e) for e in logged)
    assert all(type(e) in CLASSES for e in logged), {type(e).__name__ for e in logged if type(e) not in CLASSES}
    assert all(e.text and e.kind for e in logged)
    # the game had combat in it: shots rolled, damage done, tires hit, collisions
    assert kinds[ev.ShotFired] and kinds[ev.HitDamage] and kinds[ev.TireDamaged] and kinds[ev.ControlRolled]
    for e in logged:
        if isinstance(e, (ev.ShotFired, ev.DamageRolled, ev.ControlRolled, ev.CrashRolled, ev.HazardMet,
                          ev.TireDamaged, ev.Damaged, ev.DiceRolled)):
            assert e.rule, e


def test_the_first_recorded_game_plays_the_same_log_and_digest(first_game: list[Event | str]) -> None:
    scenario, seed, _turns = GAMES[0]
    want = fixture(scenario, seed).read_text(encoding="utf-8").splitlines()
    got = [x if isinstance(x, str) else line(x) for x in first_game]
    assert got[-1] == want[-1]                      # the digest after the same actions
    assert got == want                              # every event's kind, vehicle, text and rule


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES[1:], ids=[f"{g[0]}_{g[1]}" for g in GAMES[1:]])
def test_the_other_recorded_games_play_the_same_log_and_digest(game: tuple[str, int, int]) -> None:
    scenario, seed, turns = game
    want = fixture(scenario, seed).read_text(encoding="utf-8").splitlines()
    got = record(scenario, seed, turns).splitlines()
    assert got[-1] == want[-1]                      # the digest after the same actions
    assert got == want                              # every event's kind, vehicle, text and rule
