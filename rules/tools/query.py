"""`python -m rules query`: JSON Lines in, one JSON object per line out, in order (a stable contract).

Each op is a function from the request object to the answer object. A request it cannot answer
gets {"error": "..."} and the next line is still answered. Ops live with their rules topic and are
registered in OPS below (see ../shared/DESIGN.md for the fields of each op).
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from rules.core.errors import DataError
from rules.tools.query_ops import OPS
from rules.tools.query_types import Answer, Op, QueryError, Request

__all__ = ["Answer", "Op", "QueryError", "Request", "answer", "run"]



def _ops() -> dict[str, Op]:
    return dict(OPS)


def answer(request: Any, ops: dict[str, Op] | None = None) -> Answer:
    if not isinstance(request, dict):
        return {"error": "a request must be a JSON object"}
    op = request.get("op")
    table = ops if ops is not None else _ops()
    if op not in table:
        return {"error": f"unknown op {op!r}; known: {', '.join(sorted(table))}"}
    try:
        return table[op](request)
    except (QueryError, DataError, ValueError, KeyError, TypeError, ArithmeticError) as exc:
        msg = str(exc) if not isinstance(exc, KeyError) else f"missing or unknown field {exc}"
        return {"error": msg}


def run(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    ops = _ops()
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            out: Answer = {"error": f"not JSON: {exc.msg} at column {exc.colno}"}
        else:
            out = answer(request, ops)
        stdout.write(json.dumps(out) + "\n")
        stdout.flush()
    return 0
