"""`python -m game --open FILE`: any file a player may be given, opened where it belongs.

A map opens in the editor (its problems listed there), a scenario as a battle, a save where it was
left, a vehicle design as its record sheet; foe profiles, road sections and rules tables are checked
as `python -m rules validate` checks them. A file that cannot be opened shows its message
(`path: where: what`) on screen instead. Nothing a file holds ends the program: the verdict is one
line, `opened: ...` or `refused: path: where: what`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.session import Session, setup_from_scenario
from rules.core.errors import DataError
from rules.core.geometry import Pose
from rules.engine.setup import GameSetup, VehicleSetup

AUTOPLAY_BUDGET = 0.5  # seconds a foe may think per decision while autoplaying (a safety net only)


def open_file(app: object, path: Path, autoplay: int = 0) -> str:
    """Push the scene for `path` onto the app's stack (on top of what is there); the verdict line."""
    from game.scenes.message import MessageScene

    try:
        return _open(app, path, autoplay)
    except DataError as exc:
        message = str(exc)
    except Exception as exc:  # noqa: BLE001 - a loader bug must still be a message, never a traceback
        message = f"{path}: file: the program failed to open it ({type(exc).__name__}: {exc}); this is a bug"
    app.push(MessageScene(app, f"Cannot open {path.name}", message))  # type: ignore[attr-defined]
    return f"refused: {message}"


def _open(app: object, path: Path, autoplay: int) -> str:
    from rules.core.tomlio import load_toml
    from rules.tools.validate import check_file, kind_of

    data = load_toml(path)
    kind = kind_of(path, data)
    if kind == "map":
        return _open_map(app, path, data)
    if kind in ("scenario", "save"):
        if kind == "scenario":
            setup, title = setup_from_scenario(path)
            session = Session.start(setup, title, getattr(app, "saves_dir", None))
        else:
            session = Session.load(path, getattr(app, "saves_dir", None))
        played = autoplay_turns(session, autoplay)
        from game.scenes.battle import BattleScene

        app.push(BattleScene(app, session))  # type: ignore[attr-defined]
        return (f"opened: {kind} {path} as a battle" + (f", {played} turn(s) autoplayed" if autoplay else "")
                + (f"; {session.note}" if session.note else ""))
    if kind == "vehicle":
        return _open_vehicle(app, path)
    problems = check_file(path, kind)
    if problems:
        raise DataError(*problems[0])
    from game.scenes.message import MessageScene

    what = kind or "file"
    app.push(MessageScene(app, path.name, f"{path}: a {what} file with no problems"))  # type: ignore[attr-defined]
    return f"opened: {what} {path} (no problems)"


def _open_map(app: object, path: Path, data: dict[str, Any]) -> str:
    from game.scenes.editor import EditorScene
    from rules.world.maps import map_from_data, validate_map

    m = map_from_data(data, str(path))  # parsed once: a big file costs its parse only once
    editor = EditorScene(app, m, path)
    editor.message = f"opened {path.name}"
    app.push(editor)  # type: ignore[attr-defined]
    probs = validate_map(m)
    if probs:
        editor.message = f"{path}: {probs[0]} ({len(probs)} problem(s) listed on the right)"
        return f"refused: {path}: {probs[0]} (opened in the editor to mend)"
    return f"opened: map {path} in the editor"


def _open_vehicle(app: object, path: Path) -> str:
    from game.scenes.record_sheet import RecordSheetScene

    setup = GameSetup((VehicleSetup("vehicle", "", str(path), Pose.at(10, 10, 0)),))
    session = Session.start(setup, path.stem, None)
    app.push(RecordSheetScene(app, session))  # type: ignore[attr-defined]
    return f"opened: vehicle {path} as its record sheet"


def autoplay_turns(session: Session, turns: int, budget: float = AUTOPLAY_BUDGET) -> int:
    """Scripted foes drive every vehicle (a player's with the first profile) for `turns` turns, or
    until the game ends; the turns played."""
    if turns <= 0:
        return 0
    from rules.ai.on_foot import decide
    from rules.core.events import FoeChose
    from rules.tables.foe_profiles import names

    default = names()[0]
    foes = {v.id: v.foe or default for v in session.setup.vehicles}
    foes.update({p.id: p.foe or default for p in session.setup.people})   # men on foot from the start
    start = session.state.turn
    for _ in range(20_000):  # a runaway guard; a turn of a duel takes a few dozen decisions
        if session.outcome() is not None or session.state.turn >= start + turns:
            break
        who = session.to_act()
        if not who:
            break
        vid = who[0]
        # a man on foot (a pedestrian, or a crewman out of his car: "car.driver") decides by the people foe
        profile = foes.get(vid) or foes.get(vid.split(".", 1)[0], default)
        action, why = decide(session.state, vid, session.legal(vid), profile, budget)   # people, else vehicles
        session.log.append(FoeChose(str(why), "", vid))
        session.apply(action)
    return session.state.turn - start
