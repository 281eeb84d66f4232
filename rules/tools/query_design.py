"""The `design` op of `python -m rules query` (../shared/DESIGN.md): a stock vehicle or a design file
in, its construction figures and errors out."""

from __future__ import annotations

from rules.tools.query_types import Answer, QueryError, Request
from rules.vehicles.design import load_design, load_stock
from rules.vehicles.figures import figures
from rules.vehicles.long_vehicles import TRAILER_KINDS


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def op_design(req: Request) -> Answer:
    name, path = req.get("vehicle"), req.get("file")
    if (name is None) == (path is None):
        raise QueryError("give exactly one of 'vehicle' (a stock vehicle's name) or 'file' (a vehicle TOML path)")
    if not isinstance(name if name is not None else path, str):
        raise QueryError("'vehicle' and 'file' must be text")
    d = load_stock(str(name)) if name is not None else load_design(str(path))
    fig = figures(d)
    if d.kind in TRAILER_KINDS:     # no plant of its own: its tower's figures count (000:L2069)
        return {"weight": fig.weight, "price": fig.price, "acceleration": None, "top_speed": None, "hc": None,
                "spaces": _num(fig.spaces), "spaces_used": _num(fig.spaces_used), "errors": list(fig.errors)}
    return {"weight": fig.weight, "price": fig.price, "acceleration": _num(fig.acceleration),
            "top_speed": _num(fig.top_speed), "hc": fig.hc, "spaces": _num(fig.spaces),
            "spaces_used": _num(fig.spaces_used), "errors": list(fig.errors)}
