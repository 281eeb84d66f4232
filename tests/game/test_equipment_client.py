"""What the audit's parts show in the client (issue 17): the speed panel fires a rocket booster
(000:L2649-L2657), and the log says what the burn did."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from rules.core.events import BoosterBurned
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Boost
from rules.play.state import SPEED
from rules.vehicles.design import AccessoryEntry, dumps_design, load_stock
from tests.game.conftest import press, start_battle


def _boosted(tmp_path: Path) -> Path:
    """A Mauler with a back rocket booster (200 lb, burns of 100 lb: two), as a design file."""
    d = load_stock("Mauler")
    d = replace(d, accessories=d.accessories + (AccessoryEntry("rocket_booster", facing="back", lb=200, burn=100),))
    path = tmp_path / "boosted.toml"
    path.write_text(dumps_design(d))
    return path


def test_the_speed_panel_fires_a_booster_with_b_000_L2651(app, tmp_path: Path) -> None:
    path = _boosted(tmp_path)
    setup = GameSetup((VehicleSetup("a", "Ann", str(path), Pose.at(20, 20, 0), 40.0, colour="red"),
                       VehicleSetup("b", "Bob", "Killer Kart", Pose.at(5, 5, 90), 0.0, colour="blue")), seed=3)
    battle = start_battle(app, setup)
    while battle.banner:
        press(app, pygame.K_RETURN)
    while battle.human_actor() != "a":
        press(app, pygame.K_SPACE)
    assert battle.state.step == SPEED
    panel = battle.panel()
    assert panel.boosts() == [Boost("a", "rocket_booster")]
    assert any(b.name == "boost" and "back booster: +15 mph" in b.label for b in panel.buttons)
    assert "B: fire a rocket booster" in panel.hint()
    press(app, pygame.K_b)
    assert battle.state.vehicle("a").speed == 55
    burns = [e for e in battle.session.log if isinstance(e, BoosterBurned)]
    assert [e.text for e in burns] == ["back rocket booster burns: +15 mph, 40 -> 55 mph (1 more burn)"]
    assert not panel.boosts()          # fired: the speed question stays, the booster is gone from it


def test_a_declined_booster_does_not_ask_again_in_the_same_turn_000_L2651(app, tmp_path: Path) -> None:
    """A car whose speed is set for the turn was asked at every later speed step only because its
    booster was ready: once the player declines it (Enter on a speed), the rest of the turn passes
    by itself; the next turn asks again."""
    path = _boosted(tmp_path)
    setup = GameSetup((VehicleSetup("a", "Ann", str(path), Pose.at(20, 20, 0), 40.0, colour="red"),
                       VehicleSetup("b", "Bob", "Killer Kart", Pose.at(5, 5, 90), 0.0, colour="blue")), seed=3)
    battle = start_battle(app, setup)
    asked: list[tuple[int, int]] = []
    while battle.state.turn < 3 and not battle.state.over:
        if battle.banner:
            press(app, pygame.K_RETURN)
            continue
        st = battle.state
        if battle.human_actor() == "a" and st.step == SPEED:
            asked.append((st.turn, st.phase))
            panel = battle.panel()
            other = next(i for i, mph in enumerate(panel.options) if mph != st.vehicle("a").signed_speed)
            panel.set_index(other)
            press(app, pygame.K_RETURN)     # a new speed, set for the turn: the booster is declined
        else:
            press(app, pygame.K_SPACE)
    assert [t for t, _ in asked] == [1, 2], asked   # once a turn, not at every phase
    assert battle.state.vehicle("a").boosts == ()


def test_the_record_sheet_says_each_booster_is_ready_burning_or_spent_000_L2657(tmp_path: Path) -> None:
    from game.render.sheet import status_lines
    from rules.core.dice import ScriptedDice
    from rules.engine import engine

    path = _boosted(tmp_path)
    setup = GameSetup((VehicleSetup("a", "Ann", str(path), Pose.at(20, 20, 0), 40.0),
                       VehicleSetup("b", "Bob", "Killer Kart", Pose.at(5, 5, 90), 0.0)), seed=3)
    state, _ = engine.new_game(setup)
    assert "back rocket booster: ready (+15 mph x 2)" in [t for t, _ in status_lines(state.vehicle("a"))]
    state, _ = engine.apply(state, Boost("a", "rocket_booster"), ScriptedDice([], fallback_seed=1))
    assert "back rocket booster: burning in phase 1, 1 more" in [t for t, _ in status_lines(state.vehicle("a"))]
