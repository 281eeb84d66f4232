"""The hand-off banner: shown when the screen passes to another player. It holds the controls back
only for its first moments (inputs then are the last player's), then fades; a setting makes it wait
for Enter or a click instead."""

from __future__ import annotations

from dataclasses import dataclass

BANNER_SECONDS = 1.8   # the banner shows this long (or until the new player's first input)
BANNER_LOCK = 0.4      # inputs in the banner's first moments are swallowed


@dataclass
class Banner:
    owner: str
    vehicle: str
    colour: tuple[int, int, int]
    age: float = 0.0
