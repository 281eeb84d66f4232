"""`python -m rules design FILE|NAME`: a design in the rulebook's one-line style, its record sheet and
any construction errors (exit status 1 when the design is illegal or cannot be read)."""

from __future__ import annotations

import sys

from rules.core.errors import DataError
from rules.vehicles.design import Design, all_stock_names, load_design, load_named
from rules.vehicles.figures import figures
from rules.vehicles.long_vehicles import TRAILER_KINDS
from rules.vehicles.record_sheet import render
from rules.vehicles.starting_sheet import record_sheet
from rules.vehicles.summary import summary
from rules.vehicles.towing import towing_figures

USAGE = ("usage: python -m rules design FILE.toml|\"STOCK NAME\" [--tow TRAILER.toml|\"TRAILER NAME\"]   "
         "(python -m rules design --list)")


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
    tow_arg = ""
    if "--tow" in argv:
        at = argv.index("--tow")
        tow_arg, argv = " ".join(argv[at + 1:]), argv[:at]
        if not tow_arg or not argv:
            print(USAGE, file=sys.stderr)
            return 2
    try:
        d = _load(" ".join(argv))
        trailer = _load(tow_arg) if tow_arg else None
    except DataError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    if trailer is not None:
        return _print_tow(d, trailer)
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


def _print_tow(d: Design, trailer: Design) -> int:
    """The tower with its trailer behind it: their weight together, acceleration, top speed, HC (000:L553)."""
    if trailer.kind not in TRAILER_KINDS:
        print(f"{trailer.name} is not a trailer", file=sys.stderr)
        return 1
    tf = figures(trailer)
    tow = towing_figures(d, tf.weight, trailer.kind)
    accel = ", ".join(f"{a:g} to {u:g}" for a, u in tow.gears[:-1]) + f", {tow.acceleration:g} thereafter" \
        if tow.gears else f"{tow.acceleration:g}"
    extra = f" ({tow.overdrive[1]:g} with overdrive)" if tow.overdrive else ""
    print(f"{d.name} towing {trailer.name} ({tf.weight:,} lb): {tow.weight:,} lbs. in all, accel. {accel}, "
          f"top speed {tow.top_speed:g}{extra}, HC {tow.hc}.")
    for err in tow.errors:
        print(f"error: {err}")
    return 1 if tow.errors else 0
