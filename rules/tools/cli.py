"""Entry points of the command-line tools that belong to the rules core."""

from __future__ import annotations

import sys

from rules.tools import query


def query_main(argv: list[str]) -> int:
    if argv:
        print("usage: python -m rules query < requests.jsonl", file=sys.stderr)
        return 2
    return query.run()
