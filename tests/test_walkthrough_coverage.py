"""The rules walkthrough shows every rule a player meets.

``notebooks/02_rules_walkthrough.ipynb`` prints the events it plays one a line, as
``[R2.4] gold W2: relic s3 flips face up``. The rule ids a player meets are the ids that the engine's
events can cite, found in the source of ``naga_widget.rules`` (not a list written here, which could
drift), and that ``docs/rules.md`` documents. The test runs the notebook and lists every such id that
no executed cell printed. A second test removes the notebook's section on the trap and shows that
the check then reports E11 missing.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from naga_widget.rules import EFFECTS

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "02_rules_walkthrough.ipynb"
RULES_SOURCE = ROOT / "src" / "naga_widget" / "rules"
RULES_DOC = ROOT / "docs" / "rules.md"

RULE_ID = re.compile(r"(?:R[1-8](?:\.\d+)*|E(?:0[1-9]|1[0-2]))")
PRINTED = re.compile(rf"^\[({RULE_ID.pattern})\] ", re.MULTILINE)


def documented_ids() -> set[str]:
    """Every rule id written in docs/rules.md."""
    return set(re.findall(rf"\b{RULE_ID.pattern}\b", RULES_DOC.read_text(encoding="utf-8")))


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _argument(call: ast.Call, index: int, name: str) -> ast.expr | None:
    if index < len(call.args):
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg == name), None)


def event_ids() -> set[str]:
    """The rule ids an ``Event(rule, …)`` of the rules package can carry.

    A literal first argument counts. So does a parameter of the enclosing function (``finish(…,
    rule, …)``, ``note(log, effect, …)``): then the literals passed for that parameter, wherever the
    function is called, count too, followed through functions that pass it on. An invoke's event
    cites the effect of the card (``card.effect``), one of the ids of ``EFFECTS``.
    """
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in sorted(RULES_SOURCE.rglob("*.py"))]
    functions = [node for tree in trees for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
    found = set(EFFECTS)
    carriers = {"Event": (0, "rule")}  # function name -> (position, name) of the argument that becomes a rule
    changed = True
    while changed:
        changed = False
        for function in functions:
            params = [a.arg for a in function.args.posonlyargs + function.args.args]
            for call in (n for n in ast.walk(function) if isinstance(n, ast.Call)):
                carrier = carriers.get(_name(call.func) or "")
                if carrier is None:
                    continue
                arg = _argument(call, *carrier)
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and RULE_ID.fullmatch(arg.value):
                    found.add(arg.value)
                elif isinstance(arg, ast.Name) and arg.id in params and function.name not in carriers:
                    carriers[function.name] = (params.index(arg.id), arg.id)
                    changed = True
    return found


def printed_ids(cells: list[nbformat.NotebookNode]) -> set[str]:
    """The rule ids at the start of the printed lines of these executed cells."""
    ids: set[str] = set()
    for cell in cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream" and output.get("name") == "stdout":
                ids.update(PRINTED.findall(output.get("text", "")))
    return ids


def execute(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    client = NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    client.execute()
    return nb


def missing(nb: nbformat.NotebookNode) -> list[str]:
    return sorted(required() - printed_ids([c for c in nb.cells if c.cell_type == "code"]))


def required() -> set[str]:
    return event_ids() & documented_ids()


def without_section(nb: nbformat.NotebookNode, heading: str) -> nbformat.NotebookNode:
    """A copy of ``nb`` without the section (a ``## `` heading and the cells up to the next one)."""
    copy = nbformat.from_dict(nb)
    cells, skipping, dropped = [], False, 0
    for cell in copy.cells:
        if cell.cell_type == "markdown" and cell.source.startswith("## "):
            skipping = heading in cell.source.splitlines()[0]
        if skipping:
            dropped += 1
        else:
            cells.append(cell)
    assert dropped, f"no section headed {heading!r}"
    copy.cells = cells
    return copy


@pytest.fixture(scope="module")
def walkthrough() -> nbformat.NotebookNode:
    return execute(nbformat.read(NOTEBOOK, as_version=4))


def test_the_ids_come_from_the_engine_and_the_rules_doc() -> None:
    ids = event_ids()
    # the literal ids of the setup and the round, those passed through finish() and note(), the effects
    assert {"R2.4", "R3.1", "R3.6", "R4.1", "R4.2.3", "R4.3.4", "R7.1.1", "R7.1.2", "R7.2", "E03", "E11"} <= ids
    undocumented = sorted(ids - documented_ids())
    assert not undocumented, f"events cite rule ids that docs/rules.md does not document: {undocumented}"


def test_the_walkthrough_prints_every_rule_a_player_meets(walkthrough: nbformat.NotebookNode) -> None:
    gaps = missing(walkthrough)
    assert not gaps, f"no executed cell of {NOTEBOOK.name} printed an event citing: {', '.join(gaps)}"


def test_a_walkthrough_without_its_trap_section_misses_e11() -> None:
    nb = execute(without_section(nbformat.read(NOTEBOOK, as_version=4), "(E11)"))
    assert "E11" in missing(nb)
