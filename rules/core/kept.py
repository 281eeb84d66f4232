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


def renewed(obj: T, **changes: Any) -> T:
    """dataclasses.replace for a frozen record with no __post_init__ and no init=False field, without
    running its __init__ again (a frozen __init__ sets every field through object.__setattr__: some
    ten times the cost of copying the fields' dict). Work kept with the old object is not carried to
    the new one. A name that is no field raises TypeError, as replace() does."""
    fields_ = type(obj).__dataclass_fields__  # type: ignore[attr-defined]
    for name in changes:
        if name not in fields_:
            raise TypeError(f"{type(obj).__name__} has no field {name}")
    new: T = object.__new__(type(obj))
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    d.pop(_STORE, None)
    return new


def carry(old: Any, new: Any, first: str) -> None:
    """Hand `new` the work kept with `old` under the (tuple) keys whose first element is `first`: for a
    copy of `old` that differs from it only in what that work does not hang on (the caller vouches)."""
    store: dict[Hashable, Any] | None = old.__dict__.get(_STORE)
    if not store:
        return
    mine: dict[Hashable, Any] | None = new.__dict__.get(_STORE)
    if mine is None:
        mine = new.__dict__.setdefault(_STORE, {})
    for key, value in list(store.items()):
        if isinstance(key, tuple) and key and key[0] == first:
            mine.setdefault(key, value)
