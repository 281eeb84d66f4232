"""Shooting at trailers, rigs and big vehicles: the size modifier by the side struck, aimed parts (tongue,
hitch, fifth wheel, landing legs), and which of a long vehicle's ten locations a shot strikes
(000:L859-L862, L893-L896, L1984-L1985, L2067, L2100, L2136-L2141)."""

from __future__ import annotations

from rules.combat.arcs import arcs_of, half_counter
from rules.core.geometry import CounterSize, Pose, Vec, forward, point_side
from rules.tables.rigs import TargetTables, target_tables


def size_modifier(target: str, side: str, t: TargetTables | None = None) -> int:
    """The to-hit modifier a big target's size gives, by the side the shot strikes (000:L859-L862): +2 from
    the side of a trailer or bus, +1 of a ten-wheeler, minibus or tractor, -2 at a carrier's front."""
    t = t or target_tables()
    row = t.size[target]
    return row["side"] if side in ("left", "right") else row.get(side, 0)


def part_modifier(part: str, attached: bool, t: TargetTables | None = None) -> int:
    """Aiming at a tongue or hitch (-5, -7 while a trailer is attached), a fifth wheel (-6) or a semi-trailer's
    landing legs (-5) (000:L1970-L1971, L2067, L2102)."""
    t = t or target_tables()
    return t.parts[part]["attached" if attached else "detached"]


def location_struck(target: Pose, size: CounterSize, firer: Vec, *, ten: bool) -> str:
    """The armor location a shot from `firer` strikes: the side facing it, and on a long body (ten locations,
    000:L2100) its front or back half, by which half of the counter the firer is level with (000:L1985)."""
    side = point_side(target, size, firer)
    if not ten or side in ("front", "back"):
        return side
    ahead = (firer - target.centre).dot(forward(target.facing))
    return f"{'front' if ahead >= 0 else 'back'}_{side}"


def half_pose(target: Pose, size: CounterSize, half: str) -> tuple[Pose, CounterSize]:
    """The front or back half of a long counter as a counter of its own (its aiming dots mark their middles)."""
    return half_counter(target, size, half)


def long_arcs(target: Pose, size: CounterSize, p: Vec) -> frozenset[str]:
    """The arcs of a trailer's or bus's ten weapon positions a point lies in (000:L1984-L1985, L2140,
    reading M-R13: the diagram is lost): the front arc is the front half's, the back arc the back half's, and
    each half-side's arc is that half's side arc, so the side arcs of the two halves overlap as the text says."""
    out: set[str] = set()
    for half in ("front", "back"):
        pose, hs = half_pose(target, size, half)
        for arc in arcs_of(pose, hs, p):
            if arc in ("left", "right"):
                out.add(f"{half}_{arc}")
            elif arc == half:
                out.add(arc)
    return frozenset(out)
