"""The `design` op of `python -m rules query` (../shared/DESIGN.md): a stock vehicle or a design file
in, its construction figures and errors out."""

from __future__ import annotations

from rules.tools.query_types import Answer, QueryError, Request
from rules.vehicles.design import load_design, load_stock
from rules.vehicles.figures import figures
from rules.vehicles.long_vehicles import TRAILER_KINDS
from rules.vehicles.towing import towing_figures


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


def op_tow(req: Request) -> Answer:
    """A vehicle with a trailer behind it (issue 19): `vehicle` or `file` as for `design`, and the trailer as
    `trailer` (a stock trailer's name), `trailer_file` or `trailer_weight` (lb, loaded)."""
    name, path = req.get("vehicle"), req.get("file")
    if (name is None) == (path is None) or not isinstance(name if name is not None else path, str):
        raise QueryError("give exactly one of 'vehicle' (a stock vehicle's name) or 'file' (a vehicle TOML path)")
    tower = load_stock(str(name)) if name is not None else load_design(str(path))
    given = [k for k in ("trailer", "trailer_file", "trailer_weight") if k in req]
    if len(given) != 1:
        raise QueryError("give exactly one of 'trailer', 'trailer_file' or 'trailer_weight'")
    if given[0] == "trailer_weight":
        w = req["trailer_weight"]
        if isinstance(w, bool) or not isinstance(w, int) or w < 0:
            raise QueryError("trailer_weight must be a whole number of pounds")
        weight, kind = w, str(req.get("trailer_kind", "semi_trailer" if tower.kind == "tractor" else "car_trailer"))
    else:
        raw = req[given[0]]
        if not isinstance(raw, str):
            raise QueryError(f"{given[0]} must be text")
        trailer = load_stock(raw) if given[0] == "trailer" else load_design(raw)
        if trailer.kind not in TRAILER_KINDS:
            raise QueryError(f"{trailer.name} is not a trailer")
        weight, kind = figures(trailer).weight, trailer.kind
    tow = towing_figures(tower, weight, kind)
    return {"weight": tow.weight, "acceleration": _num(tow.acceleration), "top_speed": _num(tow.top_speed),
            "hc": tow.hc, "errors": list(tow.errors)}
