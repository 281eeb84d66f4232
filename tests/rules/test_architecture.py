"""Architecture rules (../shared/DESIGN.md, issue 2): `rules/` never imports pygame or the client
(`game/`), and only rules/collision.py imports pymunk. Checked on the syntax tree of every file under
rules/, so imports inside functions and string imports through importlib count too."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "rules"
FILES = sorted(RULES.rglob("*.py"))
NEVER = {"pygame", "game"}
PYMUNK_HOME = RULES / "collision.py"


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, module) for every import statement and every importlib/__import__ call with a literal name."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name in ("import_module", "__import__") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.append((node.lineno, arg.value))
    return found


def test_the_walk_sees_the_rules_package():
    assert len(FILES) > 20 and PYMUNK_HOME in FILES


def test_the_walk_catches_every_import_form():
    code = ("import pygame\nfrom game.ui import x\ndef f():\n    import pymunk.vec2d\n"
            "importlib.import_module('game.scenes')\n__import__('pygame')\nfrom . import state\n")
    tops = [m.split(".")[0] for _, m in imported_modules(ast.parse(code))]
    assert sorted(tops) == ["game", "game", "pygame", "pygame", "pymunk"]  # the relative import is ours


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(RULES)))
def test_rules_never_import_pygame_or_the_client(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    bad = [(line, m) for line, m in imported_modules(tree) if m.split(".")[0] in NEVER]
    assert not bad, f"{path.relative_to(RULES.parent)} imports {bad}"


@pytest.mark.parametrize("path", [p for p in FILES if p != PYMUNK_HOME], ids=lambda p: str(p.relative_to(RULES)))
def test_only_collision_py_imports_pymunk(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    bad = [(line, m) for line, m in imported_modules(tree) if m.split(".")[0] == "pymunk"]
    assert not bad, f"{path.relative_to(RULES.parent)} imports {bad}"


def test_importing_the_engine_loads_no_pygame():
    """The same rule at run time, in a fresh interpreter: the whole engine and its CLI modules."""
    code = ("import sys, rules.engine, rules.game, rules.saves, rules.cli, rules.query\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'game'))\n"
            "print(','.join(bad))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=RULES.parent)
    assert out.stdout.strip() == ""
