"""The checks of the exercises, with and without Otter-Grader.

``grader.check("ucb")`` runs the lesson's test files (Otter's exception-based format, kept in the
student version's metadata) through Otter where it is installed, and through ``naga_widget.checks``
where it is missing (JupyterLite). Both must give the same verdict, case by case, with the same report;
the answer shows the hint and what the check found, with the raw report folded away.
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from naga_widget.checks import CheckResult, Checks, checks_in, run_test_file
from naga_widget.course import checks, copy_lessons

from .run import NOTEBOOKS, execute, read

STUDENT = sorted((NOTEBOOKS / "student").glob("*.ipynb"))
LESSON_06 = NOTEBOOKS / "student" / "06_build_ismcts.ipynb"


def by_otter(source: str, env: dict[str, Any], question: str) -> list[tuple[str, bool, str | None, str]]:
    from otter.test_files.exception_test import ExceptionTestFile

    test = ExceptionTestFile.from_string(source, path=question)
    test.run(env)
    return [(r.test_case.name, bool(r.passed), r.test_case.failure_message, "" if r.passed else r.message or "")
            for r in test.test_case_results]


def by_us(source: str, env: dict[str, Any], question: str) -> list[tuple[str, bool, str | None, str]]:
    return [(c.name, c.passed, c.hint, c.report) for c in run_test_file(source, env, question).cases]


def right_ucb(wins: float, visits: int, available: int, c: float) -> float:
    return math.inf if visits == 0 else wins / visits + c * math.sqrt(math.log(available) / visits)


def test_every_lesson_keeps_its_tests_in_the_student_version() -> None:
    assert len(STUDENT) >= 5
    for path in STUDENT:
        tests = checks_in(path)
        asked = {line.split('"')[1] for cell in read(path).cells if cell.cell_type == "code"
                 for line in cell.source.splitlines() if line.startswith("grader.check(")}
        assert asked and asked == set(tests), path.name


@pytest.mark.parametrize("path", STUDENT, ids=lambda p: p.name)
def test_without_a_single_answer_both_fail_every_case_with_the_same_report(path: Path) -> None:
    for question, source in checks_in(path).items():
        otter_says, we_say = by_otter(source, {}, question), by_us(source, {}, question)
        assert otter_says == we_say
        assert we_say and not any(passed for _, passed, _, _ in we_say)


@pytest.mark.parametrize("ucb", [right_ucb, lambda w, v, a, c: w / v if v else math.inf,
                                 lambda w, v, a, c: 1 / 0, lambda w, v, a, c: None],
                         ids=["right", "no bonus", "raises", "returns None"])
def test_a_right_and_wrong_answers_get_otters_verdicts(ucb: Any) -> None:
    source = checks_in(LESSON_06)["ucb"]
    env = {"ucb": ucb, "math": math}
    assert by_us(source, env, "ucb") == by_otter(source, env, "ucb")
    assert run_test_file(source, env, "ucb").passed == (ucb is right_ucb)


def test_the_answer_shows_the_hint_and_what_was_found_and_folds_the_report_away() -> None:
    source = checks_in(LESSON_06)["ucb"]
    wrong = run_test_file(source, {"ucb": lambda w, v, a, c: w / v if v else math.inf}, "ucb")
    assert not wrong.passed
    html, text = wrong._repr_html_(), str(wrong)
    hint = wrong.cases[0].hint
    assert hint and hint.startswith("Not yet") and "ucb" in hint
    before, folded = html.split("<details>", 1)
    assert "Not yet" in before
    assert "What the check found: ucb(3, 4, 10, 0.7) should be 1.2811, and your ucb gives 0.75" in before
    assert "Error at line" not in before and "assert " not in before  # the test code students never see
    assert "Error at line" in folded and folded.rstrip().endswith("</details>")
    assert text.index("Not yet") < text.index("What the check found") < text.index("Details") < text.index(
        "Error at line")
    right = run_test_file(source, {"ucb": right_ucb}, "ucb")
    assert right.passed and "passed" in str(right) and "Not yet" not in right._repr_html_()
    raised = run_test_file(source, {"ucb": lambda *a: 1 / 0}, "ucb")
    assert raised.cases[0].found() == "The check stopped on an error: ZeroDivisionError: division by zero"
    unfinished = ('from otter.test_files import test_case\nname = "q"\n\n'
                  '@test_case(failure_message="Not yet: f.")\ndef test_f(f):\n    assert f().x == 1\n')
    for env in ({"f": lambda: None}, {}):  # an answer still `...` (it gives None), and no answer at all
        found = run_test_file(unfinished, env, "q").cases[0].found()
        assert found.startswith("The check stopped on an error:") and "is an answer still `...`" in found, found
        assert by_us(unfinished, env, "q") == by_otter(unfinished, env, "q")


def test_exercise_2_of_lesson_06_tests_each_function_alone_and_names_it() -> None:
    """backpropagate is given finished games only (its docstring's promise); a wrong descend does not
    fail backpropagate's case, nor the other way round; each hint names its function."""
    source = checks_in(LESSON_06)["descend"]
    namespace: dict[str, Any] = {}
    teacher = read(NOTEBOOKS / "06_build_ismcts.ipynb")
    for cell in teacher.cells:
        if cell.cell_type == "code" and ("class Node" in cell.source or "def descend" in cell.source
                                         or "def ucb" in cell.source):
            exec(cell.source, namespace)  # noqa: S102  (the lesson's own solution)
    seen = []

    def spy(path: Any, end: Any) -> None:
        seen.append(end)
        namespace["backpropagate"](path, end)

    solved = dict(namespace, backpropagate=spy)
    assert run_test_file(source, solved, "descend").passed
    assert seen and all(end.is_over and end.outcome is not None for end in seen)
    for broken, fails in (("descend", "descend"), ("backpropagate", "backpropagate")):
        env = dict(namespace, **{broken: lambda *a: None})
        result = run_test_file(source, env, "descend")
        assert by_us(source, env, "descend") == by_otter(source, env, "descend")
        failed = [c for c in result.cases if not c.passed]
        assert len(failed) == 1 and failed[0].hint and failed[0].hint.startswith(f"Not yet: {fails}."), failed


def test_without_otter_the_checks_run_here(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    grader = checks(str(LESSON_06))
    assert isinstance(grader, Checks) and grader.otter is not None
    monkeypatch.setitem(sys.modules, "otter", None)
    monkeypatch.setitem(sys.modules, "otter.test_files", None)
    copy_lessons(tmp_path)
    monkeypatch.chdir(tmp_path)
    grader = checks("06_build_ismcts.ipynb")
    assert isinstance(grader, Checks) and grader.otter is None
    assert capsys.readouterr().out == ""
    cell: dict[str, Any] = {"grader": grader, "ucb": right_ucb}
    exec('result = grader.check("ucb")', cell)  # noqa: S102  (a check cell: it reads the notebook's variables)
    assert cell["result"].passed
    result = grader.check("ucb", {"ucb": lambda *a: 0.0})
    assert isinstance(result, CheckResult) and not result.passed
    with pytest.raises(KeyError, match="no check named 'ubc'.*ucb"):
        grader.check("ubc")


VERDICTS = """
import json as _json, sys as _sys
from naga_widget.checks import Checks as _Checks, from_otter as _from_otter, checks_in as _tests_of
import otter as _otter
_path = {student!r}
_with = _otter.Notebook(_path)
_asked = list(_tests_of(_path))
_otters = {{q: [[c.name, c.passed, c.hint, c.report] for c in _from_otter(q, _with.check(q, globals())).cases]
           for q in _asked}}
_sys.modules["otter"] = None
_ours = {{q: [[c.name, c.passed, c.hint, c.report] for c in _Checks(_path).check(q, globals()).cases] for q in _asked}}
print("VERDICTS" + _json.dumps([_otters, _ours]))
"""


def verdicts(notebook: Path, student: Path, folder: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """Run ``notebook`` in a kernel, then every check of ``student`` on its variables: with Otter, then with
    otter made unimportable; the two sets of verdicts."""
    nb = read(notebook)
    nb.cells.append(nb.cells[0].__class__(cell_type="code", source=VERDICTS.format(student=str(student)),
                                          metadata={}, outputs=[], execution_count=None))
    ran = execute(nb, folder=folder)
    (text,) = [o["text"] for o in ran.cells[-1].outputs if o.get("name") == "stdout" and "VERDICTS" in o["text"]]
    otters, ours = json.loads(text.split("VERDICTS", 1)[1])
    return otters, ours


@pytest.mark.parametrize("name", ["06_build_ismcts.ipynb"])  # about 70 s: one lesson
def test_with_and_without_otter_the_verdicts_agree_on_solved_and_unsolved_lessons(name: str, tmp_path: Path) -> None:
    copy_lessons(tmp_path)
    student = tmp_path / name
    solved = verdicts(NOTEBOOKS / name, student, tmp_path)  # the teacher version: the solutions
    unsolved = verdicts(student, student, tmp_path)
    for otters, ours in (solved, unsolved):
        assert otters.keys() == ours.keys()
        for question, cases in otters.items():
            assert len(cases) == len(ours[question])
            for by_otter_case, our_case in zip(cases, ours[question], strict=True):
                same = [re.sub(r" at 0x[0-9a-f]+", " at 0x…", str(x)) for x in by_otter_case], [
                    re.sub(r" at 0x[0-9a-f]+", " at 0x…", str(x)) for x in our_case]  # two objects, two addresses
                assert same[0] == same[1], f"with Otter:\n{by_otter_case}\nwithout:\n{our_case}"
    assert all(passed for cases in solved[0].values() for _, passed, _, _ in cases), solved[0]
    assert not any(passed for cases in unsolved[0].values() for _, passed, _, _ in cases), unsolved[0]


def test_what_a_check_found_is_said_in_words() -> None:
    """An assertion of a lesson's test has no message (the hint says it all) or a sentence for the
    student (a text or an f-string), never a bare value such as ``(action, mine, reference)``."""
    import ast

    worded = 0
    for path in STUDENT:
        for question, source in checks_in(path).items():
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Assert) and node.msg is not None:
                    assert isinstance(node.msg, ast.JoinedStr | ast.Constant) and (
                        not isinstance(node.msg, ast.Constant) or isinstance(node.msg.value, str)), (
                        f"{path.name} {question}: assert {ast.unparse(node.test)}, {ast.unparse(node.msg)}")
                    worded += 1
    assert worded >= 20


HELPERS = {"two_cursed_up", "Node", "env"}  # what the lessons give, not what the student writes


def test_each_hint_names_the_function_it_tests() -> None:
    """A test case gets the names it tests as its parameters; its hint names one of them (not only a
    helper such as two_cursed_up), so a failure points at the function at fault."""
    import ast

    named = 0
    for path in STUDENT:
        for question, source in checks_in(path).items():
            for node in ast.walk(ast.parse(source)):
                if not isinstance(node, ast.FunctionDef) or not node.decorator_list:
                    continue
                (decorator,) = node.decorator_list
                assert isinstance(decorator, ast.Call)
                hint = next(k.value.value for k in decorator.keywords if k.arg == "failure_message")  # type: ignore[attr-defined]
                tested = {a.arg for a in node.args.args} - HELPERS
                assert tested and any(re.search(rf"\b{name}\b", hint) for name in tested), (
                    f"{path.name} {question} {node.name}: the hint names none of {sorted(tested)}: {hint}")
                named += 1
    assert named >= 15
