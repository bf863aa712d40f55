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
    def absolute(full: str) -> str:  # ``naga_widget.rules.flow`` is ``rules.flow`` in a graph of the rules alone
        return full if full in known else full.removeprefix("naga_widget.")

    if isinstance(node, ast.Import):
        return [absolute(a.name) for a in node.names if absolute(a.name) in known]
    if node.level == 0:
        base = absolute(node.module or "")
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


# -- the whole package -----------------------------------------------------------------------------
PACKAGE = RULES.parent
LAYERS: dict[str, int] = {
    "stats": 0,  # intervals: plain numbers, standing on nothing
    "checks": 0,  # the lessons' checks: Otter's test format run in plain Python, standing on nothing
    "compiled": 0,  # the optional compiled engine: builds and finds the rules' extension modules, importing none
    "rules": 0,  # pure rules, the pictures included (rules/svg.py: the rules only, loaded on first use)
    "match": 1, "saves": 1, "diff": 1,  # the timeline and its files
    "bots": 2,
    "arena": 3, "envs": 3, "widget": 3,  # beside each other: none imports another
    "league": 4,
    "server": 5,
    "course": 6,  # the lessons' helpers
    "cli": 7,  # the command line stands on everything
}
"""Each part of ``naga_widget`` and its floor: a part imports only parts of lower floors (and itself)."""


def part_of(module: str) -> str:
    """``naga_widget.league.run`` → ``league``; the package itself (its ``__init__``) → ``""``."""
    return module.removeprefix("naga_widget").removeprefix(".").split(".")[0]


def layer_breaches(graph: dict[str, set[str]]) -> list[str]:
    """Every import that goes sideways or up the floors of :data:`LAYERS`. The package's ``__init__``
    (its face: it loads the widget, the arena and the replay on first use) stands above them all."""
    out = []
    for name, imports in sorted(graph.items()):
        part = part_of(name)
        if not part:
            continue
        for target in sorted(imports):
            other = part_of(target)
            if other == part or other in {"match", "saves", "diff"} and part in {"match", "saves", "diff"}:
                continue
            if not other or LAYERS[other] >= LAYERS[part]:
                out.append(f"{name} → {target}")
    return out


def test_every_part_of_the_package_has_a_floor() -> None:
    parts = {part_of(name) for name in import_graph(PACKAGE)} - {""}
    assert parts - set(LAYERS) == set(), "a new part of naga_widget: give it a floor in LAYERS"


def test_the_package_imports_one_way_down_its_floors() -> None:
    graph = import_graph(PACKAGE)
    assert "naga_widget.rules.state" in graph["naga_widget.match"] or "naga_widget.rules" in graph["naga_widget.match"]
    assert layer_breaches(graph) == []


def test_the_package_has_no_import_cycle() -> None:
    graph = import_graph(PACKAGE)
    assert find_cycle(graph) is None, " → ".join(find_cycle(graph) or [])


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_of_the_package_is_patched_from_outside(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert patched_modules(tree) == [], "a module attribute is assigned from outside"


def test_breaches_of_the_floors_are_found(tmp_path: Path) -> None:
    root = write(tmp_path / "naga_widget", {
        "__init__.py": "from .bots import Bot\nfrom .league import x\n", "rules/__init__.py": "",
        "bots/__init__.py": "from ..rules import x\n",
        "widget/__init__.py": "def f():\n    from ..arena import tournament\n", "arena/__init__.py": "",
        "match.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from naga_widget.league import run\n",
        "league/__init__.py": "from naga_widget import Bot\n"})
    graph = import_graph(root)
    assert layer_breaches(graph) == ["naga_widget.league → naga_widget", "naga_widget.match → naga_widget.league",
                                     "naga_widget.widget → naga_widget.arena"]
    assert find_cycle(graph) is not None  # naga_widget → bots … and league → naga_widget
