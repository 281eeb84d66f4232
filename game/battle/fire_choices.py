"""The fire step's choices as a player reads them: shots that can hit first, best chance first; drops,
holding fire and automatic next; shots that cannot hit folded away under one row. The same shot offered
twice (the plain shot and the side it strikes anyway) shows once; targets and weapons carry the names a
player sees on the board and the record sheet, never an internal id.

Every figure is the fire preview's (game.firing.fire_preview, which asks rules.phases.fire_step).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.battle.names import thing_name
from game.firing import FirePreview, fire_preview
from rules.phases.use_step import describe
from rules.play.actions import Action, Automatic, Drop, Fire, Pass, Release, Use
from rules.play.state import GameState

CORNERS = {"FL": "front-left", "FR": "front-right", "BL": "back-left", "BR": "back-right",
           "ML": "middle-left", "MR": "middle-right", "F": "front", "B": "back"}


@dataclass(frozen=True)
class Choice:
    action: Action | None           # None: the row that shows or folds the shots that cannot hit, or a plan's
    label: str
    preview: FirePreview | None = None
    plan: tuple[Choice, ...] = ()   # the row that fires every suggested shot (game.battle.fire_plan)

    @property
    def hopeless(self) -> bool:
        """A shot that cannot hit (needs 13 or more, or the rules say it cannot)."""
        p = self.preview
        return isinstance(self.action, Fire) and p is not None and (not p.can_hit or (p.need or 0) > 12)

    @property
    def chance(self) -> float:
        return self.preview.chance if self.preview is not None else 0.0


def weapon_name(state: GameState, vid: str, weapon: str) -> str:
    """A weapon by its id and where it is mounted, as the record sheet lists it ("MG1 (front)")."""
    for w in state.vehicle(vid).spec.sheet.weapons:
        if w.id == weapon:
            return f"{w.id} ({w.location})" if w.location else w.id
    return weapon


def _starshell(state: GameState, vid: str, weapon: str) -> bool:
    shell = state.rules.combat.starshell_weapon
    return bool(shell) and any(w.id == weapon and w.abbr == shell for w in state.vehicle(vid).spec.sheet.weapons)


def aim_words(aim: str) -> str:
    kind, _, what = aim.partition(":")
    if kind == "side":
        return f"{what} side" if what != "top" else "top"
    if kind == "tire":
        return f"{CORNERS.get(what, what)} tire"
    if kind == "pod":
        return f"pod {what}"
    return aim


def label_of(state: GameState, a: Action, p: FirePreview | None, owners: dict[str, str]) -> str:
    if isinstance(a, Pass):
        return "Hold fire"
    if isinstance(a, Fire):
        aim = f", {aim_words(a.aim)}" if a.aim else ""
        head = f"{weapon_name(state, a.vehicle, a.weapon)} at {thing_name(state, a.target, owners)}{aim}"
        if p is None or p.need is None:
            return f"{head}: to-hit unknown"
        if not p.can_hit or p.need > 12:
            return f"{head}: cannot hit (needs {p.need})"
        return f"{p.chance * 100:.0f}%  {p.need}+  {head}"
    if isinstance(a, Drop):
        if _starshell(state, a.vehicle, a.weapon):   # its flare goes up: no aim, no counter (000:L2432)
            return f"Fire {weapon_name(state, a.vehicle, a.weapon)}: a starshell lights the whole table"
        return f"Drop {weapon_name(state, a.vehicle, a.weapon)}"
    if isinstance(a, Use):   # searchlights, flares, nitrous, ejection (issue 17)
        words = describe(state, a)
        if p is not None and p.need is not None:
            words = f"{p.chance * 100:.0f}%  {p.need}+  {words}"
        return words
    if isinstance(a, Release):
        return "Release the trailer (its driver's firing action)"
    if isinstance(a, Automatic):
        meets = f" (its line meets {thing_name(state, p.why, owners)})" if p is not None and p.why else ""
        verb = "on" if a.on else "off"
        return f"{weapon_name(state, a.vehicle, a.weapon)} {verb} automatic{meets}"
    return str(a)


def _same_shot(a: FirePreview, b: FirePreview) -> bool:
    return (a.need, a.can_hit, a.modifiers, a.point) == (b.need, b.can_hit, b.modifiers, b.point)


def build(state: GameState, legal: list[Action], owners: dict[str, str], expanded: bool) -> list[Choice]:
    """The rows of the fire list, in the order shown."""
    previews: dict[Action, FirePreview] = {a: fire_preview(state, a) for a in legal if not isinstance(a, Pass)}
    plain = {(a.weapon, a.target): previews[a] for a in legal if isinstance(a, Fire) and not a.aim}
    shots: list[Choice] = []
    hopeless: list[Choice] = []
    drops: list[Choice] = []
    autos: list[Choice] = []
    passing: list[Choice] = []
    for a in legal:
        p = previews.get(a)
        if isinstance(a, Fire) and a.aim.startswith("side:") and p is not None:
            twin = plain.get((a.weapon, a.target))
            if twin is not None and _same_shot(p, twin):
                continue  # the side the plain shot strikes anyway: one shot, shown once
        c = Choice(a, label_of(state, a, p, owners), p)
        if isinstance(a, Fire):
            (hopeless if c.hopeless else shots).append(c)
        elif isinstance(a, Drop):
            drops.append(c)
        elif isinstance(a, Automatic):
            autos.append(c)
        else:
            passing.append(c)
    # shots at the cars and the men first, best chance first; a wall, a pillar or a building after them, whose
    # +10 (000:L1200) put it on top, so that Enter shot a pillar with the foe five inches away
    fighters = {v.id for v in state.vehicles} | {p.id for p in getattr(state, "people", ())}
    shots.sort(key=lambda c: (isinstance(c.action, Fire) and c.action.target not in fighters, -c.chance, c.label))
    hopeless.sort(key=lambda c: c.label)
    rows = shots + drops + passing + autos
    if hopeless:
        arrow = "v" if expanded else ">"
        rows.append(Choice(None, f"{arrow} {len(hopeless)} shot{'s' if len(hopeless) != 1 else ''} that cannot hit"))
        if expanded:
            rows.extend(hopeless)
    return rows


def _owner(state: GameState, thing: str) -> str | None:
    """Who a vehicle or a man on foot fights for (None: a wall, a building, a map feature)."""
    for v in state.vehicles:
        if v.id == thing:
            return v.owner
    return next((p.owner for p in getattr(state, "people", ()) if p.id == thing), None)


def at_foe(state: GameState, a: Action | None) -> bool:
    """A shot at a vehicle or a man of another owner (a trailer is its tower owner's, issue 19)."""
    if not isinstance(a, Fire):
        return False
    target = _owner(state, a.target)
    return target is not None and target != _owner(state, a.vehicle)


def default_index(rows: list[Choice], state: GameState) -> int:
    """The row highlighted first: the best shot at a foe that can hit, else holding fire; never a shot at a
    friend (the escort, the own trailer) or at a wall that Enter would fire by mistake."""
    for i, c in enumerate(rows):
        if at_foe(state, c.action) and not c.hopeless:
            return i
    return next((i for i, c in enumerate(rows) if isinstance(c.action, Pass)), 0)
