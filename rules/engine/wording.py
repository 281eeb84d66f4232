"""How a side's name takes its verb in the outcome's sentences (issue 19): a player reads as one
("Player 1 wins"), a band named in the plural as many ("Raiders win").

    plural(name)        # the name reads as many people: its last word ends in a plural s
    verb(name, one, many)   # the verb that agrees with the name ("wins"/"win", "is"/"are")

Reading: a name is plural when its last word ends in "s" but not "ss", "us" or "is" (Boss, Cactus,
Atlantis read as one) and is not all digits; anything else (Player 1, The Convoy) is one.
"""

from __future__ import annotations

_SINGULAR_ENDS = ("ss", "us", "is")


def plural(name: str) -> bool:
    words = name.split()
    if not words:
        return False
    last = words[-1].lower()
    return last.endswith("s") and not last.endswith(_SINGULAR_ENDS) and len(last) > 1


def verb(name: str, one: str, many: str) -> str:
    return many if plural(name) else one
