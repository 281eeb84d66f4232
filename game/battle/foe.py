"""Scripted foes on a worker thread: the window stays live while a foe thinks, and its choice is shown
after a short visible pause. The runner holds one question at a time, keyed by the state asked about."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from rules.play.actions import Action
from rules.play.state import GameState

FOE_PAUSE = 0.6      # seconds a scripted foe "thinks" on screen

Decide = Callable[[GameState, str, list[Action], str], tuple[Action, str]]


class FoeRunner:
    def __init__(self, decide: Decide, pause: float = FOE_PAUSE) -> None:
        self._decide = decide
        self._pause = pause
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="foe")
        self._asked: tuple[GameState, str, Future[tuple[Action, str]]] | None = None
        self._waited = 0.0

    @property
    def thinking(self) -> bool:
        return self._asked is not None

    def update(self, dt: float, state: GameState, vid: str, legal: list[Action], profile: str) -> tuple[Action, str] | None:
        """The foe's action and its reason once it has thought and the pause is over, else None.
        Raises what the decision raised (a bad foe profiles file: DataError)."""
        if self._asked is None or self._asked[0] is not state or self._asked[1] != vid:
            self._asked = (state, vid, self._pool.submit(self._decide, state, vid, legal, profile))
            self._waited = 0.0
        self._waited += dt
        fut = self._asked[2]
        if self._waited < self._pause or not fut.done():
            return None
        self._asked = None
        self._waited = 0.0
        return fut.result()

    def wait(self, timeout: float = 5.0) -> None:
        """Block until the pending decision is ready (tests, screenshots)."""
        if self._asked is not None:
            self._asked[2].exception(timeout=timeout)
            self._waited = max(self._waited, self._pause)
