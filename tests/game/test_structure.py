"""The client's structure (issue 14, item 9): the battle is a package of small parts, and the scenes
that have moved to the flow module reach other scenes only through it (no scene imports another)."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"
THROUGH_FLOW = ["scenes/title.py", "scenes/pause.py", "scenes/help.py", "scenes/new_game.py", "scenes/save_load.py",
                "scenes/editor.py", "scenes/record_sheet.py", "scenes/game_over.py", *[
                    f"battle/{p.name}" for p in (GAME / "battle").glob("*.py")]]
OWN_PARTS = {"scenes/game_over.py": {"game.scenes.log_view"}}   # a scene's own sub-screens


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_scenes_move_through_the_flow_module_not_each_other():
    for rel in THROUGH_FLOW:
        scenes = {m for m in _imports(GAME / rel) if m.startswith("game.scenes.") and m != "game.scenes.base"}
        scenes -= OWN_PARTS.get(rel, set())
        assert not scenes, f"game/{rel} imports {sorted(scenes)}: go through app.flow instead"
        assert "game.flow" not in _imports(GAME / rel), f"game/{rel}: the flow is reached through the app"


def test_the_battle_is_split_into_parts_of_modest_size():
    sizes = {p.name: len(p.read_text().splitlines()) for p in (GAME / "battle").glob("*.py")}
    assert {"scene.py", "speed_panel.py", "key_panel.py", "fire_panel.py", "side_panels.py", "foe.py",
            "pilot.py"} <= set(sizes)
    assert max(sizes.values()) < 500, sizes
    assert len((GAME / "scenes" / "battle.py").read_text().splitlines()) < 20
