"""The package's functions stay short enough to read at once: none is over 60 lines (its docstring
included). A longer one is split into named steps, as ``board_svg`` and ``tournament`` are."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "naga_widget"
LONGEST = 60


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
