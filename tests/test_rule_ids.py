"""docs/rules.md and the rules code cite the same rule ids, in the same places.

The last section of docs/rules.md is a table: each row names a rule id and links
the modules of ``src/naga_widget/rules`` that carry it out. In the code, a module
carries out a rule when one of its docstrings (of the module, a class, a function
or a constant) *begins* with the rule's id, as in "R4.2.3: two consecutive passes
end the Confrontation.", and it carries out an effect when it builds the effect's
record (``Effect(id="E08", …)``). Ids anywhere else are references.

The checks: every row's id is a rule of the doc and its links point at existing
modules; each row lists exactly the modules that carry out its rule or a sub-rule
that has no row of its own (so moving the code of a rule to another module fails
until the table is updated); every rule the code carries out has a row; and every
rule id the code mentions at all — docstrings, comments, event and error texts —
is a rule of the doc.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules.md"
RULES = ROOT / "src" / "naga_widget" / "rules"

ID = r"(?:R[1-9](?:\.\d+)*|E\d\d)"  # R4.2.3, E08 (not a room id such as R07)
ANY_ID = re.compile(rf"\b{ID}\b")
#: A docstring's head: rule ids joined by ", ", " / ", " and " or a dash range, then ":" or " —".
HEAD = re.compile(rf"\s*({ID}(?:\s*(?:,|/|and|–)\s*{ID})*)\s*(?::|—)")
ROW = re.compile(rf"^\|\s*({ID})\s*\|[^|]*\|(.*)\|\s*$")
LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")
TABLE_HEADING = "## Where each rule is implemented"
#: Tokens that hold text: comments and strings (from Python 3.12 an f-string's text is its own token).
TEXT_TOKENS = {tokenize.COMMENT, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}


# -- reading the doc -------------------------------------------------------------------------------
def defined_ids(text: str) -> set[str]:
    """The ids the doc defines: headings (``### R2.4 …``, ``### E08 …``) and bold items (``**R3.1**``)."""
    return set(re.findall(rf"^#+ ({ID})\b", text, re.M)) | set(re.findall(rf"\*\*({ID})\b", text))


def table_rows(text: str) -> dict[str, list[tuple[str, str]]]:
    """Each row of the implementation table: its id and its links as (text, target)."""
    if TABLE_HEADING not in text:
        return {}
    section = text.split(TABLE_HEADING, 1)[1].split("\n## ", 1)[0]
    rows: dict[str, list[tuple[str, str]]] = {}
    for line in section.splitlines():
        m = ROW.match(line)
        if m:
            assert m.group(1) not in rows, f"{m.group(1)} has two rows"
            rows[m.group(1)] = LINK.findall(m.group(2))
    return rows


def linked_modules(text: str) -> dict[str, set[str]]:
    """Each row's id and its modules, as paths relative to the rules package (``effects/maze.py``)."""
    return {rule: {(DOC.parent / target).resolve().relative_to(RULES).as_posix() for _, target in links}
            for rule, links in table_rows(text).items()}


# -- reading the code ------------------------------------------------------------------------------
def expand(head: str) -> set[str]:
    """The ids of a docstring head; a range ``R3.4–R3.6`` or ``E08–E11`` stands for every id between."""
    ids: set[str] = set()
    for part in re.split(r"\s*(?:,|/|and)\s*", head):
        first, _, last = part.partition("–")
        if not last:
            ids.add(first)
            continue
        stem, a = re.fullmatch(r"(.*?)(\d+)", first).groups()  # type: ignore[union-attr]
        stem_b, b = re.fullmatch(r"(.*?)(\d+)", last).groups()  # type: ignore[union-attr]
        assert stem == stem_b, f"a range must vary in its last number only: {part!r}"
        ids.update(f"{stem}{n:0{len(a)}d}" for n in range(int(a), int(b) + 1))
    return ids


def docstrings(tree: ast.Module) -> list[str]:
    """Docstrings of the module, its classes and functions, and the strings that follow an assignment."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                found.append(doc)
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for before, after in zip(body, body[1:]):
                if isinstance(before, ast.Assign | ast.AnnAssign) and isinstance(after, ast.Expr) \
                        and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str):
                    found.append(after.value.value)
    return found


def carried_out(source: str) -> set[str]:
    """The rule ids that head a docstring of ``source``, and the effects whose record it builds."""
    tree = ast.parse(source)
    ids: set[str] = set()
    for doc in docstrings(tree):
        m = HEAD.match(doc)
        if m:
            ids |= expand(m.group(1))
    for node in ast.walk(tree):  # E08 = Effect(id="E08", …)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Effect":
            ids |= {kw.value.value for kw in node.keywords if kw.arg == "id" and isinstance(kw.value, ast.Constant)}
    return ids


def mentioned(source: str) -> set[str]:
    """Every rule id in ``source``: in comments and in any string (docstrings, event and error texts)."""
    texts = [tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline) if tok.type in TEXT_TOKENS]
    return {rule for text in texts for rule in ANY_ID.findall(text)}


def modules() -> dict[str, str]:
    return {p.relative_to(RULES).as_posix(): p.read_text(encoding="utf-8") for p in sorted(RULES.rglob("*.py"))}


def row_of(rule: str, rows: set[str]) -> str | None:
    """The most specific row that covers ``rule``: its own, or that of the nearest rule it belongs to."""
    covering = [r for r in rows if rule == r or rule.startswith(r + ".")]
    return max(covering, key=len) if covering else None


def attributed(rows: set[str], code: dict[str, str]) -> dict[str, set[str]]:
    """For each row, the modules that carry out its rule (or sub-rules without a row)."""
    out: dict[str, set[str]] = {rule: set() for rule in rows}
    for module, source in code.items():
        for rule in carried_out(source):
            row = row_of(rule, rows)
            if row is not None:
                out[row].add(module)
    return out


DOC_TEXT = DOC.read_text(encoding="utf-8")
LINKED = linked_modules(DOC_TEXT)
CODE = modules()


# -- the doc and the code agree ----------------------------------------------------------------------
def test_the_table_has_a_row_for_each_effect_and_rule_group() -> None:
    assert TABLE_HEADING in DOC_TEXT
    assert {f"E{n:02d}" for n in range(1, 13)} <= set(LINKED)
    assert {"R2.4", "R4.2", "R7.1", "R7.2", "R8"} <= set(LINKED)


@pytest.mark.parametrize("rule", sorted(LINKED))
def test_each_row_is_a_rule_of_the_doc_and_links_existing_modules(rule: str) -> None:
    assert rule in defined_ids(DOC_TEXT)
    links = table_rows(DOC_TEXT)[rule]
    assert links, f"{rule} links no module"
    for text, target in links:
        path = (DOC.parent / target).resolve()
        assert path.is_file(), f"{rule}: {target} does not exist"
        assert text == path.relative_to(RULES).as_posix(), f"{rule}: the link text {text!r} is not its path"


@pytest.mark.parametrize("rule", sorted(LINKED))
def test_each_rule_is_carried_out_in_exactly_the_modules_its_row_links(rule: str) -> None:
    assert attributed(set(LINKED), CODE)[rule] == LINKED[rule]


def test_every_rule_the_code_carries_out_has_a_row() -> None:
    missing = {(module, rule) for module, source in CODE.items() for rule in carried_out(source)
               if row_of(rule, set(LINKED)) is None}
    assert not missing


@pytest.mark.parametrize("module", sorted(CODE))
def test_every_rule_id_in_the_code_is_a_rule_of_the_doc(module: str) -> None:
    assert mentioned(CODE[module]) - defined_ids(DOC_TEXT) == set()


# -- the readers ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("doc", "ids"), [
    ("R4.2.3: two consecutive passes end the Confrontation.", {"R4.2.3"}),
    ("R3.4–R3.6, R4.1–R4.4 and R7.2 — the rest of the setup.", {"R3.4", "R3.5", "R3.6", "R4.1", "R4.2", "R4.3",
                                                               "R4.4", "R7.2"}),
    ("E08–E11 — the effects on tiles.", {"E08", "E09", "E10", "E11"}),
    ("R3.5 / R4.4.3: the next room is offered.", {"R3.5", "R4.4.3"}),
    ("E06 and E07 — relics.", {"E06", "E07"}),
    ("The tile of a room turned (R1.1).", set()),
    ("R4 and R7 in words.", set()),
])
def test_carried_out_reads_docstring_heads(doc: str, ids: set[str]) -> None:
    assert carried_out(f'"""{doc}"""\n\ndef f():\n    """Not a rule."""\n') == ids


def test_carried_out_finds_effect_records_and_function_docstrings() -> None:
    source = ('"""Effects."""\n\ndef f():\n    """R4.2.3: two passes."""\n\n'
              'X = 1\n"""R2.2: slot order."""\nE08 = Effect(id="E08", name="Sliding Maze")\n')
    assert carried_out(source) == {"R4.2.3", "R2.2", "E08"}


def test_rows_are_attributed_to_the_most_specific_rule() -> None:
    code = {"a.py": '"""R7.1: the end."""\n', "b.py": '"""R7: the outcome."""\n', "c.py": '"""R7.1.2: target."""\n'}
    assert attributed({"R7", "R7.1"}, code) == {"R7": {"b.py"}, "R7.1": {"a.py", "c.py"}}
    assert attributed({"R7"}, code) == {"R7": {"a.py", "b.py", "c.py"}}


def test_table_rows_and_defined_ids_are_read_from_markdown() -> None:
    text = ("### R2.4 Faces\n- **R3.1** Deal\n\n" + TABLE_HEADING + "\n\n| rule | what | implemented in |\n"
            "|---|---|---|\n| R2.4 | faces | [temple.py](../src/naga_widget/rules/temple.py), "
            "[effects/maze.py](../src/naga_widget/rules/effects/maze.py) |\n\n## Next\n| R3.1 | x | [a](b) |\n")
    assert defined_ids(text) == {"R2.4", "R3.1"}
    assert linked_modules(text) == {"R2.4": {"temple.py", "effects/maze.py"}}
