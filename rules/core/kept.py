"""Work kept with an immutable value: what a pure function works out from a frozen record (a record
sheet's interior, a state's legal maneuvers) is made once and kept on that very object, so a caller
that asks again of the same object gets it back without a lookup keyed on anything mutable or on id().

The store lives in the object's own __dict__, beside its fields: it is not a field, so it is not
compared, hashed, printed, saved or digested, and dataclasses.replace() starts the new object with
none. Values kept must be immutable (or never changed by anyone). Two threads asking at once may
both make the value; they make the same one and setdefault keeps the first.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")

_STORE = "_kept"


def kept(obj: Any, key: Hashable, make: Callable[[], T]) -> T:
    """make(), worked out once for this object and key."""
    store: dict[Hashable, Any] | None = obj.__dict__.get(_STORE)
    if store is None:
        store = obj.__dict__.setdefault(_STORE, {})
    try:
        got: T = store[key]
    except KeyError:
        got = store.setdefault(key, make())
    return got
