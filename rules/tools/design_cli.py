"""`python -m rules design FILE|NAME`: a design in the rulebook's one-line style, its record sheet and
any construction errors (exit status 1 when the design is illegal or cannot be read)."""

from __future__ import annotations

import sys

from rules.core.errors import DataError
from rules.vehicles.design import Design, all_stock_names, load_design, load_named
from rules.vehicles.figures import figures
from rules.vehicles.record_sheet import render
from rules.vehicles.starting_sheet import record_sheet
from rules.vehicles.summary import summary

USAGE = "usage: python -m rules design FILE.toml|\"STOCK NAME\"   (python -m rules design --list)"


def _load(arg: str) -> Design:
    if arg.endswith(".toml"):
        return load_design(arg)
    return load_named(arg)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    if argv[0] == "--list":
        print("\n".join(all_stock_names()))
        return 0
    try:
        d = _load(" ".join(argv))
    except DataError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    fig = figures(d)
    print(summary(d, fig))
    print(f"Spaces {fig.spaces_used:g}/{fig.spaces:g}; max load {fig.max_load:,} lb; cargo capacity "
          f"{fig.cargo_weight:,} lb, {fig.cargo_spaces:g} space{'' if fig.cargo_spaces == 1 else 's'}; "
          f"power factors {fig.pf:g}")
    print()
    print(render(record_sheet(d, fig), "Record sheet"))
    for note in fig.notes:
        print(f"note: {note}")
    if fig.errors:
        print()
        for err in fig.errors:
            print(f"error: {err}")
        return 1
    return 0
