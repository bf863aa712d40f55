"""The adapters' packages stay optional: only ``naga_widget.envs`` imports them, and only when asked."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "naga_widget"
EXTRAS = {"pettingzoo", "gymnasium", "pyspiel", "open_spiel", "numpy"}


def imported_tops(path: Path) -> set[str]:
    """The top-level packages a module imports (every import statement, wherever it stands)."""
    tops = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            tops |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops.add(node.module.split(".")[0])
    return tops


def test_no_module_outside_envs_imports_the_extras():
    outside = {p.relative_to(PACKAGE).as_posix(): imported_tops(p) & EXTRAS
               for p in PACKAGE.rglob("*.py") if "envs" not in p.relative_to(PACKAGE).parts}
    assert outside and not {name: found for name, found in outside.items() if found}
    inside = set().union(*(imported_tops(p) for p in (PACKAGE / "envs").glob("*.py")))
    assert {"pettingzoo", "pyspiel", "numpy"} <= inside, "the scan does see the adapters' imports"


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_importing_the_package_and_the_table_loads_none_of_them():
    code = ("import sys, naga_widget, naga_widget.envs, naga_widget.envs.game_tree; "
            f"print(sorted(m for m in {sorted(EXTRAS)!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
