"""Short log lines for the foes' decisions, e.g.
"bends 30° right to bring MG1 to bear; needs 3+ to keep control"."""

from __future__ import annotations

from rules.driving.maneuvers import Maneuver
from rules.play.actions import Action, Drop, Fire
from rules.tables.movement import LOST, SAFE

_REASONS = {
    "room": "to keep room ahead",
    "wall": "to keep off the wall",
    "evade": "to get out of the enemy's arcs",
    "close": "to close in",
    "range": "to hold its range",
    "hazard": "to keep clear of debris and obstacles",
    "ground": "to keep off bad ground",
    "open": "to open the distance",
    "face": "to turn back on its target",
    "tail": "to keep its pursuer in its rear gun's arc",
    "edge": "to stay on the map",
    "exit": "to make for the exit",
    "goal": "to make for its goal",
    "risk": "to keep control",
    "handling": "to save handling",
    "fancy": "",
    "boxed": "to keep a way out",
}


def maneuver_phrase(m: Maneuver) -> str:
    """A maneuver in the words of the table: "bends 30° right", "drifts left", "T-stops right"."""
    back = " in reverse" if m.reverse and m.kind != "straight" else ""
    if m.kind == "straight":
        text = "backs straight on" if m.reverse else "goes straight on"
    elif m.kind == "drift":
        text = f"drifts {m.side}"
    elif m.kind == "steep_drift":
        text = f"drifts steeply {m.side}"
    elif m.kind == "bend":
        text = f"bends {m.degrees:g}° {m.side}"
    elif m.kind == "swerve":
        text = f"swerves {m.degrees:g}° {m.side}"
    elif m.kind == "pivot":
        text = f"pivots {m.degrees:g}° {m.side}" + (" in place" if m.in_place else "")
    elif m.kind == "t_stop":
        text = f"T-stops to the {m.side}"
    else:
        text = f"bootlegger-reverses to the {m.side}"
    if m.skid:
        text += f" into a {m.skid:g}\" controlled skid"
    return text + back


def control_phrase(need: str) -> str:
    """The control roll a maneuver leaves (Control Table cell)."""
    if need == SAFE:
        return "safe"
    if need == LOST:
        return "control is lost for sure"
    return f"needs {need}+ to keep control"


def reason_phrase(reason: str) -> str:
    """Turn a scoring reason ("aim:MG1", "ram:V2", "room", ...) into words."""
    if not reason:
        return ""
    kind, _, what = reason.partition(":")
    if kind == "aim":
        return f"to bring {what} to bear"
    if kind == "ram":
        return f"to ram {what}"
    if kind == "hit" and what:
        return f"to keep off {what}"
    if kind == "evade" and what:
        return f"to keep out of {what}'s arcs"
    if kind == "close" and what:
        return f"to close in on {what}"
    if kind == "face" and what:
        return f"to turn back on {what}"
    if kind == "tail" and what:
        return f"to keep {what} in its rear gun's arc"
    if kind == "hazard" and what:
        return f"to keep clear of {what}"
    if kind == "boxed" and what:
        return f"to keep a way out past {what}"
    if kind == "stuck" and what:
        return f"backs out: stuck against {what}"
    return _REASONS.get(kind, "")


def contact_phrase(contact: str) -> str:
    """What a chosen move is expected to run into ("" for nothing)."""
    kind, _, what = contact.partition(":")
    if not contact or kind == "ram":
        return ""
    if kind == "edge":
        return "expects to leave the map: no move stays on it"
    return f"expects to hit {what}: every move meets something"


def move_line(m: Maneuver, need: str, reason: str, contact: str = "") -> str:
    """One line: the maneuver, what decided it, and the control roll it leaves; never "safe" when a
    contact is predicted."""
    why = reason_phrase(reason)
    if m.kind == "straight" and reason.startswith("aim:"):
        why = f"to keep {reason.split(':', 1)[1]} on target"
    head = maneuver_phrase(m) + (f" {why}" if why else "")
    crash = contact_phrase(contact)
    if crash:
        return f"{head}; {crash}" + ("" if need == SAFE else f"; {control_phrase(need)}")
    return f"{head}; {control_phrase(need)}"


def speed_line(old: float, new: float, note: str) -> str:
    tail = f" ({note})" if note else ""
    if new == old:
        return f"holds {abs(new):g} mph{tail}"
    if new < 0 and old >= 0:
        return f"puts it in reverse at {abs(new):g} mph{tail}"
    if abs(new) > abs(old):
        return f"speeds up to {abs(new):g} mph{tail}"
    return f"slows to {abs(new):g} mph{tail}"


def fire_line(a: Action, note: str) -> str:
    if isinstance(a, Fire):
        aim = a.aim.replace("side:", "the ").replace("tire:", "tire ").replace("pod:", "pod ") if a.aim else ""
        at = f"{a.target}'s {aim}" if aim else a.target
        if aim.startswith("the "):
            at = f"{a.target}'s {aim[4:]} side"
        return f"fires {a.weapon} at {at}" + (f"; {note}" if note else "")
    if isinstance(a, Drop):
        return f"drops {a.weapon} in the path of the car behind"
    return str(a)


def hold_fire_line(threshold: int) -> str:
    return f"holds fire: no shot of {threshold}+ or better"
