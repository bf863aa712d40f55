"""The rules package is a one-way stack: its modules import each other without a cycle.

The imports are read from the source with :mod:`ast` — every import statement,
wherever it stands (in a function, under ``if TYPE_CHECKING``), counts. The same
checks also keep out the two ways a cycle used to be hidden: an import at the
bottom of a module, and a module attribute patched from outside.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[1] / "src" / "naga_widget" / "rules"


def module_name(path: Path, root: Path) -> str:
    """``rules/effects/maze.py`` → ``rules.effects.maze``; a package's ``__init__.py`` → the package."""
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def read_modules(root: Path) -> dict[str, tuple[Path, ast.Module]]:
    return {module_name(p, root): (p, ast.parse(p.read_text(encoding="utf-8"), str(p)))
            for p in sorted(root.rglob("*.py"))}


def imported(name: str, path: Path, node: ast.Import | ast.ImportFrom, known: set[str]) -> list[str]:
    """The modules of the package (``known``) that one import statement of module ``name`` loads."""
    if isinstance(node, ast.Import):
        return [a.name.removeprefix("naga_widget.") for a in node.names if a.name.removeprefix("naga_widget.") in known]
    if node.level == 0:
        base = (node.module or "").removeprefix("naga_widget.")
    else:
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{node.module}" if node.module else package
    # ``from . import flow`` loads the submodule; any other name comes from ``base`` itself
    found = {f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names}
    return sorted(found & known)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    modules = read_modules(root)
    known = set(modules)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, (path, tree) in modules.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                graph[name].update(imported(name, path, node, known))
        graph[name].discard(name)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a list of modules (first == last), or None."""
    done: set[str] = set()
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in stack:
            return stack[stack.index(node):] + [node]
        if node in done:
            return None
        stack.append(node)
        for nxt in sorted(graph[node]):
            cycle = visit(nxt)
            if cycle:
                return cycle
        stack.pop()
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = visit(start)
        if cycle:
            return cycle
    return None


def late_imports(tree: ast.Module) -> list[int]:
    """Lines of module-level imports that come after other module-level code."""
    lines, code_seen = [], False
    for i, node in enumerate(tree.body):
        docstring = i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        if isinstance(node, ast.Import | ast.ImportFrom):
            if code_seen:
                lines.append(node.lineno)
        elif not docstring:
            code_seen = True
    return lines


def patched_modules(tree: ast.Module) -> list[str]:
    """``module.attr = …`` statements, where ``module`` is a name bound by an import."""
    modules = {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    modules |= {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and node.module is None for a in node.names}  # from . import flow
    out = []
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id in modules:
                out.append(f"{target.value.id}.{target.attr} (line {node.lineno})")
    return out


# -- the rules package -----------------------------------------------------------------------------
def test_the_rules_modules_import_each_other_without_a_cycle() -> None:
    graph = import_graph(RULES)
    assert {"rules.state", "rules.flow", "rules.effects", "rules.effects.maze"} <= set(graph)
    assert "rules.upkeep" in graph["rules.effects.maze"]  # the graph sees relative imports
    assert find_cycle(graph) is None, " → ".join(find_cycle(graph) or [])


def test_no_rules_module_imports_the_package_it_belongs_to() -> None:
    """A module that imports its own package's ``__init__`` closes a cycle through it."""
    graph = import_graph(RULES)
    for name, imports in graph.items():
        parents = {name.rsplit(".", k)[0] for k in range(1, name.count(".") + 1)}
        assert not (imports & parents), f"{name} imports its package {imports & parents}"


@pytest.mark.parametrize("path", sorted(RULES.rglob("*.py")), ids=lambda p: str(p.relative_to(RULES)))
def test_imports_stand_at_the_top_and_no_module_is_patched(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert late_imports(tree) == [], "imports after module code"
    assert patched_modules(tree) == [], "a module attribute is assigned from outside"


@pytest.mark.parametrize("path", sorted(RULES.rglob("*.py")), ids=lambda p: str(p.relative_to(RULES)))
def test_the_rules_import_only_the_standard_library_and_themselves(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        else:
            continue
        for full in names:
            top = full.split(".")[0]
            assert top in sys.stdlib_module_names or full.startswith("naga_widget.rules"), full


# -- the checks themselves find what they look for --------------------------------------------------
def write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(("files", "cycle"), [
    ({"__init__.py": "", "a.py": "from .b import x\n", "b.py": "from . import c\n", "c.py": "from .a import y\n"},
     ["rules.a", "rules.b", "rules.c", "rules.a"]),
    ({"__init__.py": "", "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n",
      "b.py": "def f():\n    from .a import A\n"}, ["rules.a", "rules.b", "rules.a"]),
    ({"__init__.py": "", "sub/__init__.py": "from .m import x\n", "sub/m.py": "from ..top import y\n",
      "top.py": "from .sub import z\n"}, ["rules.sub", "rules.sub.m", "rules.top", "rules.sub"]),
    ({"__init__.py": "", "a.py": "from .b import x\n", "b.py": "import json\n"}, None),
])
def test_find_cycle_on_small_packages(tmp_path: Path, files: dict[str, str], cycle: list[str] | None) -> None:
    assert find_cycle(import_graph(write(tmp_path / "rules", files))) == cycle


def test_late_imports_and_patches_are_found() -> None:
    tree = ast.parse('"""doc."""\nfrom __future__ import annotations\nimport json\nX = 1\n'
                     "from . import flow  # noqa: E402\nflow.Draft = X\n")
    assert late_imports(tree) == [5]
    assert patched_modules(tree) == ["flow.Draft (line 6)"]
