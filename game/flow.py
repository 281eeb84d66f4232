"""The flow between scenes: every scene change goes through here, so scenes never import each other.

The app owns one Flow (`app.flow`); a scene asks it for the next scene (`self.app.flow.battle(session)`)
instead of importing that scene's module. Each step imports the scene it opens when it is taken, so the
title comes up without loading the engine or the other scenes; no scene imports this module (they
reach it through the app).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene
    from game.scenes.battle import BattleScene
    from game.session import Session


class Flow:
    """Where each menu item and button leads. Overlays (pause, help, sheets, save/load) go on top of
    the stack; a new game replaces what is below the title."""

    def __init__(self, app: App) -> None:
        self.app = app

    # --- the start --------------------------------------------------------------------------------

    def title(self) -> None:
        """Back to the title: everything else is dropped."""
        from game.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def new_game(self) -> None:
        from game.scenes.new_game import NewGameScene

        self.app.push(NewGameScene(self.app))

    def quick_duel(self) -> Session:
        """Two armed stock cars, hot-seat on the arena; DataError if a map or data file is bad."""
        from game.session import QUICK_DUEL_STOCK, Session, quick_setup

        session = Session.start(quick_setup(2, design=QUICK_DUEL_STOCK), "Quick duel", self.app.saves_dir)
        self.battle(session)
        return session

    def battle(self, session: Session, *, instead_of: Scene | None = None) -> BattleScene:
        from game.scenes.battle import BattleScene

        scene = BattleScene(self.app, session)
        self._show(scene, instead_of)
        if session.note:   # a save newer rules replay differently: say where it was loaded before play goes on
            from game.scenes.message import MessageScene

            scene.message = session.note
            self.app.push(MessageScene(self.app, "Loaded, but not as saved", session.note))
        return scene

    def editor(self) -> None:
        from game.scenes.editor import EditorScene

        self.app.push(EditorScene(self.app))

    def back_to_editor(self) -> None:
        from game.scenes.editor import back_to_editor

        back_to_editor(self.app)

    def in_playtest(self) -> bool:
        """A battle started from the map editor (the pause menu offers the way back)."""
        from game.scenes.editor import editor_in

        return editor_in(self.app) is not None

    # --- overlays ---------------------------------------------------------------------------------

    def help(self) -> None:
        from game.scenes.help import HelpScene

        if not isinstance(self.app.top, HelpScene):
            # a scene with keys of its own (the map editor) lists them instead of the battle's
            entries = getattr(self.app.top, "help_entries", None)
            self.app.push(HelpScene(self.app, entries, "Map editor: keys and mouse") if entries else HelpScene(self.app))

    def pause(self, battle: BattleScene) -> None:
        from game.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, battle))

    def sheets(self, session: Session, focus: str | None, *, instead_of: Scene | None = None) -> None:
        from game.scenes.record_sheet import RecordSheetScene

        self._show(RecordSheetScene(self.app, session, focus), instead_of)

    def save(self, battle: BattleScene, *, instead_of: Scene | None = None) -> None:
        from game.scenes.save_load import SaveLoadScene

        self._show(SaveLoadScene(self.app, save=True, battle=battle), instead_of)

    def load(self, battle: BattleScene | None = None, *, instead_of: Scene | None = None) -> None:
        from game.scenes.save_load import SaveLoadScene

        self._show(SaveLoadScene(self.app, save=False, battle=battle), instead_of)

    def game_over(self, session: Session) -> None:
        from game.scenes.game_over import GameOverScene

        self.app.push(GameOverScene(self.app, session))

    def close(self, scene: Scene) -> None:
        """Take an overlay off the stack (only if it is the top: a late call does nothing)."""
        if self.app.top is scene:
            self.app.pop()

    def _show(self, scene: Scene, instead_of: Scene | None) -> None:
        if instead_of is not None and self.app.top is instead_of:
            self.app.replace(scene)
        else:
            self.app.push(scene)
