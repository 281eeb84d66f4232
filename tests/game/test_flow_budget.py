"""The input budget of issue 14: a hot-seat duel played through synthetic pygame events, once with the
keyboard alone and once with the mouse alone, counting every input (key press, click, drag) by the
turn and the car it was for. A car cruising straight costs at most 3 inputs a turn; a turn with one
maneuver and one shot at most 8.

Each player alternates: a cruising turn (hold course), then a turn with one maneuver (a drift right)
and a shot at the first fire step that offers one."""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable

import pygame

from game.battle.scene import BattleScene
from game.render.counters import counter_polygon
from game.scenes.game_over import GameOverScene
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Fire, Move
from rules.play.state import FIRE, MOVE, SPEED
from rules.tables.movement import tables
from tests.game.conftest import click, drag, press, start_battle

CRUISE_BUDGET = 3
MANEUVER_AND_SHOT_BUDGET = 8
TURNS = 6


def duel() -> GameSetup:
    """Two Killer Karts (a front MG each) closing on parallel lanes across open ground at 30 mph."""
    return GameSetup((
        VehicleSetup("red", "Ann", "Killer Kart", Pose.at(5, 12, 90), 30.0, colour="red"),
        VehicleSetup("blue", "Bob", "Killer Kart", Pose.at(35, 16, 270), 30.0, colour="blue"),
    ), seed=11, max_turns=TURNS)


def cruising(turn: int, vid: str) -> bool:
    """The script: red cruises on odd turns, blue on even ones."""
    return (turn % 2 == 1) == (vid == "red")


class Script:
    """Plays whatever decision is on screen, counting each input for (turn, car)."""

    def __init__(self, app: object, battle: BattleScene) -> None:
        self.app, self.b = app, battle
        self.inputs: Tally[tuple[int, str]] = Tally()
        self.maneuvered: set[tuple[int, str]] = set()

    def count(self, fn: Callable[..., None], *args: object) -> None:
        vid = self.b.human_actor()
        assert vid is not None, "an input with no decision on screen"
        self.inputs[(self.b.state.turn, vid)] += 1
        fn(self.app, *args)

    def play(self, decide: Callable[[str], None]) -> None:
        for _ in range(300):
            if isinstance(self.app.top, GameOverScene):  # type: ignore[attr-defined]
                return
            vid = self.b.human_actor()
            assert vid is not None, "settled with no decision and no game over"
            decide(vid)
        raise AssertionError("the duel did not end")

    def keyboard(self, vid: str) -> None:
        turn, step = self.b.state.turn, self.b.state.step
        if step == SPEED:
            self.count(press, pygame.K_h if cruising(turn, vid) else pygame.K_SPACE)
        elif step == MOVE and not cruising(turn, vid) and (turn, vid) not in self.maneuvered:
            self.maneuvered.add((turn, vid))
            self.count(press, pygame.K_RIGHT)      # one step right of straight: a drift
            self.count(press, pygame.K_RETURN)
        elif step == FIRE:
            self.count(press, pygame.K_RETURN)     # the highlighted row: the best shot
        else:
            self.count(press, pygame.K_SPACE)

    def mouse(self, vid: str) -> None:
        b = self.b
        turn, step = b.state.turn, b.state.step
        if step == SPEED:
            self.count(click, b.button("hold" if cruising(turn, vid) else "keep").rect.center)
        elif step == MOVE and not cruising(turn, vid) and (turn, vid) not in self.maneuvered:
            self.maneuvered.add((turn, vid))
            ghost = next(g for g in b.key.ghosts if g.maneuver.kind == "drift" and g.maneuver.side == "right")
            end = b.cam.to_screen(ghost.end.x, ghost.end.y)
            self.count(drag, _centre(b, vid), (round(end[0]), round(end[1])))
        elif step == MOVE:
            self.count(click, b.button("straight").rect.center)
        else:
            self.count(click, b.button("commit").rect.center)


def _centre(b: BattleScene, vid: str) -> tuple[int, int]:
    v = b.state.vehicle(vid)
    pts = counter_polygon(b.cam, v.pose, tables().handling.counters[v.spec.kind])
    return round(sum(p[0] for p in pts) / 4), round(sum(p[1] for p in pts) / 4)


def _check_budget(script: Script) -> dict[str, list[int]]:
    actions = script.b.session.game.actions
    kinds: dict[str, list[int]] = {"cruise": [], "maneuver and shot": []}
    # which turn each action was taken in: replay the recorded turn of each input
    turn_of = _turns_of_actions(script.b)
    for (turn, vid), n in sorted(script.inputs.items()):
        mine = [a for a, t in zip(actions, turn_of, strict=True) if t == turn and a.vehicle == vid]
        maneuvers = sum(isinstance(a, Move) and a.maneuver.kind != "straight" for a in mine)
        shots = sum(isinstance(a, Fire) for a in mine)
        if maneuvers == 0 and shots == 0:
            assert n <= CRUISE_BUDGET, f"turn {turn}, {vid} cruising: {n} inputs"
            kinds["cruise"].append(n)
        else:
            assert maneuvers <= 1 and shots <= 1, (turn, vid, mine)
            assert n <= MANEUVER_AND_SHOT_BUDGET, f"turn {turn}, {vid} with {maneuvers} maneuver, {shots} shot: {n}"
            if maneuvers and shots:
                kinds["maneuver and shot"].append(n)
    assert kinds["cruise"] and kinds["maneuver and shot"], kinds   # both kinds of turn were played
    return kinds


def _turns_of_actions(b: BattleScene) -> list[int]:
    """The turn each recorded action was taken in (replayed through the rules)."""
    from rules.engine import engine

    state, _ = engine.new_game(b.session.setup)
    out = []
    for a in b.session.game.actions:
        out.append(state.turn)
        state, _ = engine.apply(state, a)
    return out


def test_keyboard_only_duel_stays_within_the_input_budget(app):
    battle = start_battle(app, duel())
    script = Script(app, battle)
    script.play(script.keyboard)
    kinds = _check_budget(script)
    print("keyboard inputs per car-turn:", kinds)


def test_mouse_only_duel_stays_within_the_input_budget(app):
    battle = start_battle(app, duel())
    script = Script(app, battle)
    script.play(script.mouse)
    kinds = _check_budget(script)
    print("mouse inputs per car-turn:", kinds)
