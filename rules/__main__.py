"""Command line: python -m rules {query|design|simulate|validate} ..."""

from __future__ import annotations

import importlib
import sys

# command -> (module, function taking argv list and returning an exit code)
COMMANDS: dict[str, tuple[str, str]] = {
    "query": ("rules.tools.cli", "query_main"),
    "design": ("rules.tools.design_cli", "main"),
    "simulate": ("rules.tools.simulate", "main"),
    "validate": ("rules.tools.validate", "main"),
}

USAGE = "usage: python -m rules {" + "|".join(COMMANDS) + "} ..."


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    cmd = argv[0]
    if cmd not in COMMANDS:
        print(f"unknown command {cmd!r}\n{USAGE}", file=sys.stderr)
        return 2
    module, func = COMMANDS[cmd]
    fn = getattr(importlib.import_module(module), func)
    code: int = fn(argv[1:])
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
