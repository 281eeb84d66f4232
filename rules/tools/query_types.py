"""The shapes of `python -m rules query` requests and answers, apart from the ops that use them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Request = dict[str, Any]
Answer = dict[str, Any]
Op = Callable[[Request], Answer]


class QueryError(Exception):
    """A request that cannot be answered; the message goes back as {"error": ...}."""
