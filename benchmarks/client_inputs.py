"""How many inputs a turn costs a player with several vehicles of his own (a plain script, not a test; the
test tests/game/test_convoy_inputs.py plays the same player for fewer turns).

    SDL_VIDEODRIVER=dummy .venv/bin/python -m benchmarks.client_inputs maps/scenarios/convoy_rig.toml \
        --player keyboard --turns 6 --seed 1 [--all-human] [--log]

The scripted player plays every decision put on screen for a player through synthetic pygame events, and
accepts what the screen suggests with its one input:
- keyboard: the speed step Shift+H (hold course, all of the player's vehicles; H with one), Enter at every
  other decision (the turning key's highlighted ghost, the fire list's highlighted row);
- mouse: the "Hold course: all of yours" button (else "Hold course"), the Commit button elsewhere;
- enter: Enter at every decision, the speed step too (the speed for this phase only).
A hand-off banner that waits takes one more input. Each input is logged with what it answered, and counted
by turn and owner. Every shot the player's vehicles fire must be one the player accepted (the highlighted
row he committed, or one listed on the suggested row he committed): `unaccepted_shots` lists any other.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

PLAYERS = ("keyboard", "mouse", "enter")


@dataclass
class ScriptedPlayer:
    app: Any
    battle: Any
    player: str = "keyboard"
    inputs: Counter[tuple[int, str]] = field(default_factory=Counter)   # (turn, owner) -> inputs
    by_step: Counter[str] = field(default_factory=Counter)               # speed / move / fire / banner
    log: list[str] = field(default_factory=list)
    accepted: list[Any] = field(default_factory=list)                    # shots the player accepted

    def _send(self, what: str, fn: Callable[[], None]) -> None:
        b = self.battle
        vid = b.human_actor()
        st = b.state
        owner = b.session.seat(vid).owner if vid else "?"
        kind = "banner" if b.banner is not None else {1: "speed", 2: "move", 3: "fire"}.get(st.step, str(st.step))
        self.inputs[(st.turn, owner)] += 1
        self.by_step[kind] += 1
        self.log.append(f"turn {st.turn} phase {st.phase} {kind:6} {vid}: {what}")
        fn()

    def _key(self, key: int, mod: int = 0) -> Callable[[], None]:
        from game.input.bindings import key_event

        def go() -> None:
            self.app.handle_event(key_event(key, mod))
            self._settle()
        return go

    def _click(self, name: str) -> Callable[[], None]:
        import pygame

        def go() -> None:
            pos = self.battle.button(name).rect.center
            self.app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            self.app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            self._settle()
        return go

    def _settle(self) -> None:
        """Run the battle on to the next decision; a foe thinking longer than the battle's wait (a loaded
        machine) is waited for again."""
        for _ in range(20):
            try:
                self.battle.settle()
                return
            except TimeoutError:
                continue
        raise TimeoutError("a foe did not decide in 100 s")

    def _note_accepted(self) -> str:
        """What the fire list's highlighted row commits; its shots go on the accepted list."""
        from rules.play.actions import Fire

        b = self.battle
        if b.panel() is not b.fire or b.fire.chosen is None:
            return "the highlighted row"
        c = b.fire.chosen
        if c.plan:
            self.accepted.extend(a for a in b.fire.plan.actions() if isinstance(a, Fire))
        elif isinstance(c.action, Fire):
            self.accepted.append(c.action)
        return c.label

    def decide(self) -> None:
        import pygame

        from rules.play.state import FIRE, SPEED

        b = self.battle
        if b.banner is not None:
            self._send("takes the controls", self._key(pygame.K_RETURN) if self.player != "mouse"
                       else self._click_banner)
            return
        step = b.state.step
        if step == FIRE:
            what = self._note_accepted()
            self._send(what, self._key(pygame.K_RETURN) if self.player != "mouse" else self._click("commit"))
            return
        if step == SPEED and self.player != "enter":
            several = any(x.name == "hold_all" for x in b.speed.buttons)
            if self.player == "mouse":
                self._send("Hold course (all)" if several else "Hold course", self._click("hold_all" if several else "hold"))
            else:
                self._send("Shift+H" if several else "H", self._key(pygame.K_h, pygame.KMOD_SHIFT if several else 0))
            return
        what = "Commit" if self.player == "mouse" else "Enter"
        self._send(what, self._click("commit") if self.player == "mouse" else self._key(pygame.K_RETURN))

    def _click_banner(self) -> None:
        import pygame

        c = self.battle.layout.board.center
        self.app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=c, button=1))
        self.app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=c, button=1))
        self._settle()

    def play(self, turns: int, most_inputs: int = 3000) -> None:
        """Play until the game is over or turn `turns` is done."""
        from game.scenes.game_over import GameOverScene

        for _ in range(most_inputs):
            if isinstance(self.app.top, GameOverScene) or self.battle.state.turn > turns:
                return
            if self.battle.human_actor() is None:
                raise AssertionError(f"nothing to decide and no game over (turn {self.battle.state.turn})")
            self.decide()
        raise AssertionError("the game did not reach its turn limit")

    def players_shots(self) -> list[Any]:
        from rules.play.actions import Fire

        b = self.battle
        return [a for a in b.session.game.actions if isinstance(a, Fire) and not b.session.seat(a.vehicle).foe]

    def unaccepted_shots(self) -> list[Any]:
        left = Counter(self.accepted)
        out = []
        for a in self.players_shots():
            if left[a] > 0:
                left[a] -= 1
            else:
                out.append(a)
        return out

    def per_turn(self, owner: str) -> list[int]:
        turns = sorted({t for t, _ in self.inputs})
        return [self.inputs[(t, owner)] for t in turns]


def start(scenario: str, seed: int = 1, all_human: bool = False, saves_dir: Path | None = None,
          app: Any = None) -> tuple[Any, Any]:
    """An app (1280x800, headless; or the one given) with the scenario's battle on top, settled at its first
    decision."""
    from game.app import App
    from game.scenes.battle import BattleScene
    from game.scenes.title import TitleScene
    from game.session import Session, setup_from_scenario

    app = app or App((1280, 800), headless=True, saves_dir=saves_dir)
    setup, title = setup_from_scenario(scenario, seed=seed)
    if all_human:   # hot-seat: every vehicle a player's
        setup = replace(setup, vehicles=tuple(replace(v, foe="") for v in setup.vehicles))
    app.push(TitleScene(app))
    battle = BattleScene(app, Session.start(setup, title, saves_dir or app.saves_dir))
    app.push(battle)
    battle.settle()
    return app, battle


def _mean_ci(xs: list[int]) -> tuple[float, float, float]:
    """Mean and a normal 95% interval of the mean (t is not worth it for a report line)."""
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    h = 1.96 * sd / math.sqrt(n)
    return m, m - h, m + h


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    ap.add_argument("scenario")
    ap.add_argument("--player", choices=PLAYERS, default="keyboard")
    ap.add_argument("--turns", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--all-human", action="store_true")
    ap.add_argument("--log", action="store_true")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    app, battle = start(args.scenario, args.seed, args.all_human)
    p = ScriptedPlayer(app, battle, args.player)
    p.play(args.turns)
    if args.log:
        print("\n".join(p.log))
    owners = sorted({o for _, o in p.inputs})
    for o in owners:
        xs = p.per_turn(o)
        m, lo, hi = _mean_ci(xs)
        print(f"{o}: inputs per turn {xs}  mean {m:.1f} [{lo:.1f}, {hi:.1f}]  max {max(xs)}")
    print(f"by step: {dict(p.by_step)}; shots fired {len(p.players_shots())}, "
          f"not accepted {len(p.unaccepted_shots())}; {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
