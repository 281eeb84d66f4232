"""The battle scene lives in game/battle/ (a scene routing input to its panels); this name stays for
the scenes and tests that start a battle."""

from game.battle.scene import BattleScene

__all__ = ["BattleScene"]
