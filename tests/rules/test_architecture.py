"""Architecture rules (../shared/DESIGN.md, issues 2 and 13): `rules/` never imports pygame or the
client (`game/`); only rules/world/collision.py imports pymunk; the subpackages of rules/ import one way
only, in the order of the layer table in docs/ARCHITECTURE.md; no two modules import each other, even
through a chain; importlib only in the CLI entry point; at most 12 modules directly in rules/.
Checked on the syntax tree of every file under rules/, so imports inside functions, under
TYPE_CHECKING and string imports through importlib count too."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "rules"
FILES = sorted(RULES.rglob("*.py"))
NEVER = {"pygame", "game"}
PYMUNK_HOME = RULES / "world" / "collision.py"
ARCHITECTURE = RULES.parent / "docs" / "ARCHITECTURE.md"
CLI_ENTRY = RULES / "__main__.py"   # the one place that may import by name (importlib)


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




# --- layers and cycles -------------------------------------------------------------------------------

MAX_TOP_MODULES = 12


def layer_table(text: str) -> dict[str, int]:
    """Package -> rank, from the rows of the "## Layers" table in docs/ARCHITECTURE.md:
    `| rank | `package` | holds |`. Rank 0 is the bottom; a package may import only ranks <= its own."""
    section = text.split("## Layers", 1)[1].split("\n## ", 1)[0]
    ranks: dict[str, int] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].isdigit():
            ranks[cells[1].strip("`").removeprefix("rules/").rstrip("/")] = int(cells[0])
    return ranks


def module_name(path: Path, root: Path = RULES) -> str:
    parts = ("rules",) + path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def rules_imports(name: str, tree: ast.AST, known: set[str]) -> set[str]:
    """The rules modules a module imports, resolving `from rules.pkg import module` to the module."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = name.split(".")[: -node.level] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
        else:
            for _, m in imported_modules(node) if isinstance(node, (ast.Import, ast.Call)) else []:
                if m.split(".")[0] == "rules":
                    out.add(m)
            continue
        if mod.split(".")[0] != "rules":
            continue
        subs = {f"{mod}.{a.name}" for a in node.names} & known
        out |= subs or {mod}
    out.discard(name)
    return out


def package_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 else ""   # "" for rules/__init__ and the modules directly in rules/


def problems(sources: dict[str, str], ranks: dict[str, int]) -> list[str]:
    """Every arrow against the layer order, every import cycle and every importlib use outside the CLI
    entry point, as sentences; `sources` maps module names to their text."""
    known = set(sources)
    graph: dict[str, set[str]] = {}
    found: list[str] = []
    for name, text in sources.items():
        tree = ast.parse(text)
        graph[name] = rules_imports(name, tree, known)
        if name != "rules.__main__" and any(
                isinstance(n, (ast.Import, ast.ImportFrom)) and "importlib" in (
                    [a.name for a in n.names] if isinstance(n, ast.Import) else [n.module or ""])
                for n in ast.walk(tree)):
            found.append(f"{name} uses importlib (only rules/__main__.py may)")
    for name, deps in sorted(graph.items()):
        pkg = package_of(name)
        if pkg and pkg not in ranks:
            found.append(f"{name}: package {pkg!r} is not in the layer table")
            continue
        for dep in sorted(deps):
            dpkg = package_of(dep)
            if not pkg or not dpkg or dpkg == pkg:
                continue
            if dpkg in ranks and ranks[dpkg] > ranks[pkg]:
                found.append(f"{name} imports {dep}: {dpkg} (layer {ranks[dpkg]}) is above {pkg} "
                             f"(layer {ranks[pkg]})")
    found += [f"import cycle: {' -> '.join(c)}" for c in cycles(graph)]
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each as a closed path."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp) + [sorted(comp)[0]])

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def tree_sources() -> dict[str, str]:
    return {module_name(p): p.read_text(encoding="utf-8") for p in FILES}


def test_the_layer_table_names_every_package():
    ranks = layer_table(ARCHITECTURE.read_text(encoding="utf-8"))
    packages = {p.name for p in RULES.iterdir() if (p / "__init__.py").exists()}
    assert packages == set(ranks), f"packages {sorted(packages)} vs table {sorted(ranks)}"


def test_rules_imports_point_down_the_layers_with_no_cycle():
    ranks = layer_table(ARCHITECTURE.read_text(encoding="utf-8"))
    found = problems(tree_sources(), ranks)
    assert not found, "\n".join(found)


def test_an_upward_import_fails_the_check():
    """A deliberately added upward import, even one inside a function, is caught and named."""
    ranks = layer_table(ARCHITECTURE.read_text(encoding="utf-8"))
    sources = tree_sources()
    sources["rules.core.dice"] += "\ndef _sneak():\n    from rules.engine.engine import apply\n"
    found = problems(sources, ranks)
    assert any(f.startswith("rules.core.dice imports rules.engine.engine: engine") for f in found), found


def test_a_cycle_inside_a_package_fails_the_check():
    ranks = layer_table(ARCHITECTURE.read_text(encoding="utf-8"))
    sources = tree_sources()
    sources["rules.play.context"] += "\nfrom rules.play import crashes\n"   # crashes imports context
    found = problems(sources, ranks)
    assert any(f.startswith("import cycle:") and "rules.play.crashes" in f and "rules.play.context" in f
               for f in found), found


def test_importlib_outside_the_cli_entry_fails_the_check():
    ranks = layer_table(ARCHITECTURE.read_text(encoding="utf-8"))
    sources = tree_sources()
    sources["rules.engine.setup"] += "\nimport importlib\n"
    assert "rules.engine.setup uses importlib (only rules/__main__.py may)" in problems(sources, ranks)


def test_few_modules_sit_directly_in_rules():
    top = sorted(p.name for p in RULES.glob("*.py"))
    assert len(top) <= MAX_TOP_MODULES, top


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
def test_only_the_collision_module_imports_pymunk(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    bad = [(line, m) for line, m in imported_modules(tree) if m.split(".")[0] == "pymunk"]
    assert not bad, f"{path.relative_to(RULES.parent)} imports {bad}"


def test_importing_the_engine_loads_no_pygame():
    """The same rule at run time, in a fresh interpreter: the whole engine and its CLI modules."""
    code = ("import sys, rules.engine.engine, rules.engine.game, rules.engine.saves, rules.tools.cli, rules.tools.query\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'game'))\n"
            "print(','.join(bad))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=RULES.parent)
    assert out.stdout.strip() == ""
