"""The package's functions stay short enough to read at once: none is over 60 lines (its docstring
included). A longer one is split into named steps, as ``board_svg`` and ``tournament`` are. No line of
the view's sources (``js/src``) is over 120 characters, the width prettier keeps the code to: a long lit
template is broken inside its tags, or its parts are named first."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "naga_widget"
LONGEST = 60
WIDEST = 120  # characters of a line of js/src (.prettierrc.json's printWidth)


def long_functions(source: str, limit: int = LONGEST) -> list[tuple[str, int]]:
    """Each function (or method) of ``source`` longer than ``limit`` lines, with its length."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > limit:
                out.append((node.name, length))
    return out


def test_no_function_of_the_package_is_over_60_lines() -> None:
    found = {str(p.relative_to(PACKAGE)): long_functions(p.read_text(encoding="utf-8"))
             for p in sorted(PACKAGE.rglob("*.py"))}
    assert {path: fns for path, fns in found.items() if fns} == {}


def test_a_long_function_is_found() -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(60))
    method = body.replace("    ", "        ")
    assert long_functions(f"def short():\n    pass\n\nclass A:\n    def long(self):\n{method}") == [("long", 61)]
    shorter = "".join(f"    x{i} = {i}\n" for i in range(59))
    assert long_functions(f"async def f():\n{shorter}") == []


WIDGET = PACKAGE / "widget"
THIN = 300  # the anywidget class's module, at most (the reducer and the seat driver hold the rest)


def imported_modules(source: str) -> set[str]:
    """The top-level names of every module ``source`` imports (``import a.b`` and ``from a.b import c``
    give ``a``); relative imports are left out."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_the_widget_class_is_thin() -> None:
    lines = (WIDGET / "widget.py").read_text(encoding="utf-8").count("\n")
    assert lines <= THIN, f"widget/widget.py has {lines} lines, more than {THIN}"


def test_the_reducer_imports_no_jupyter_and_no_event_loop() -> None:
    """The intent reducer is pure: a server uses it as the widget does, and it is tested without traitlets."""
    assert imported_modules((WIDGET / "reducer.py").read_text(encoding="utf-8")) & {
        "anywidget", "traitlets", "ipywidgets", "IPython", "asyncio"} == set()
    assert imported_modules("import asyncio.tasks\nfrom traitlets import Dict\nfrom .x import y\n") == {
        "asyncio", "traitlets"}


def long_lines(source: str, limit: int = WIDEST) -> list[int]:
    """The numbers of the lines of ``source`` longer than ``limit`` characters."""
    return [i for i, line in enumerate(source.splitlines(), 1) if len(line) > limit]


def test_no_line_of_the_view_is_over_120_characters() -> None:
    found = {p.name: long_lines(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "js" / "src").glob("*.js"))}
    assert len(found) > 20
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_a_long_line_is_found() -> None:
    assert long_lines("x\n" + "y" * 121 + "\n" + "z" * 120) == [2]
