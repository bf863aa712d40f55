"""The checks of the lessons' exercises: ``grader.check("ucb")`` in a student version.

A lesson's tests are written in Otter-Grader's exception-based format: a test file (kept in the student
version's metadata, ``metadata.otter.tests``) defines functions decorated with ``@test_case``, each
taking the names it tests from the notebook's variables and raising when the answer is wrong. Where
otter-grader is installed, :class:`Checks` runs them through Otter (its log, its grading mode); where
it is missing (JupyterLite, a laptop without the extra ``course``) it runs the same test files itself,
in pure Python with no process started, and comes to the same verdict.

Either way the answer is a :class:`CheckResult`: "passed", or "Not yet" with the test's hint (which
names the function at fault and says what is expected), what the check found in the student's words,
and the raw failure (the line of test code and the error) folded away behind a toggle.
"""

from __future__ import annotations

import builtins
import inspect
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any

# Otter's report of a failed case: the line of the test, then the error's type and message
RAW_FAILURE = re.compile(r"Error at line (?P<line>\d+) in test [^\n]*:\n(?P<code>[^\n]*)\n"
                         r"(?P<type>\w+): (?P<message>.*)\Z", re.DOTALL)


@dataclass
class CaseResult:
    """One test case of a check: its name, whether it passed, its hint, and the raw failure report."""

    name: str
    passed: bool
    hint: str | None = None
    report: str = ""  # the raw failure: the test's line and the error (empty when it passed)

    def found(self) -> str:
        """What the check found, in the student's words ("" if nothing more than the hint can be said)."""
        match = RAW_FAILURE.search(self.report)
        if self.passed or match is None:
            return ""
        kind, message = match["type"], match["message"].strip()
        if kind == "AssertionError":
            return f"What the check found: {message}" if message else ""
        if kind == "ModuleNotFoundError":
            return f"The check needs a module that is not installed here ({message})."
        said = f"The check stopped on an error: {kind}: {message}" if message else f"The check stopped on {kind}."
        if "NoneType" in message:  # an unfinished answer: its body is still `...`, which gives None
            said += " Something gave None: is an answer still `...`, or does a function lack its return?"
        return said


@dataclass
class CheckResult:
    """The verdict of one check, shown to the student as the output of the check cell."""

    question: str
    cases: list[CaseResult]
    by: str  # "otter-grader", or this module where otter-grader is missing
    raw: Any = field(default=None, repr=False)  # Otter's own result (a TestFile), when Otter ran the check

    @property
    def passed(self) -> bool:
        return all(case.passed for case in self.cases)

    def _hint(self, case: CaseResult) -> str:
        hint = case.hint or f"Not yet: the part {case.name!r} of {self.question!r} does not work yet."
        return hint if hint.lower().startswith("not yet") else f"Not yet: {hint}"

    def __str__(self) -> str:
        if self.passed:
            return f"Check {self.question!r}: passed ✓"
        failed = [c for c in self.cases if not c.passed]
        lines = [f"Check {self.question!r}: not yet ({len(self.cases) - len(failed)} of {len(self.cases)} parts pass)"]
        for case in failed:
            lines.append(self._hint(case))
            if case.found():
                lines.append(case.found())
        lines.append("")
        lines.append("Details (the check's own report, for when the hint is not enough):")
        lines.extend("    " + line for case in failed for line in case.report.strip().splitlines())
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        if self.passed:
            return f"<p>Check <strong>{escape(self.question)}</strong>: passed ✓</p>"
        failed = [c for c in self.cases if not c.passed]
        parts = [f"<p>Check <strong>{escape(self.question)}</strong>: not yet "
                 f"({len(self.cases) - len(failed)} of {len(self.cases)} parts pass)</p>"]
        for case in failed:
            parts.append(f"<p>{escape(self._hint(case))}</p>")
            if case.found():
                parts.append(f"<p>{escape(case.found())}</p>")
        report = "\n\n".join(case.report.strip() for case in failed)
        parts.append("<details><summary>Details (the check's own report)</summary>"
                     f"<pre>{escape(report)}</pre></details>")
        return "\n".join(parts)


def from_otter(question: str, test_file: Any) -> CheckResult:
    """A :class:`CheckResult` of Otter's result of a check (an ``otter.test_files.TestFile``)."""
    cases = [CaseResult(r.test_case.name, bool(r.passed), r.test_case.failure_message,
                        "" if r.passed else (r.message or "")) for r in test_file.test_case_results]
    return CheckResult(question, cases, "otter-grader", test_file)


# -- Otter's exception-based test format, without Otter -----------------------------------------------

class test_case:  # noqa: N801  (the name the test files import)
    """A stand-in for ``otter.test_files.test_case``: the test files decorate their functions with it."""

    def __init__(self, name: str | None = None, points: float | None = None, hidden: bool = False,
                 success_message: str | None = None, failure_message: str | None = None) -> None:
        self.name, self.points, self.hidden = name, points, hidden
        self.success_message, self.failure_message = success_message, failure_message
        self.test_func: Callable[..., None] = lambda: None

    def __call__(self, test_func: Callable[..., None]) -> test_case:
        self.test_func = test_func
        return self

    def call(self, env: dict[str, Any]) -> None:
        """Call the test with each parameter taken from ``env`` (``None`` if absent; ``env`` is ``env``)."""
        names = inspect.signature(self.test_func).parameters
        self.test_func(**{n: env if n == "env" else env.get(n) for n in names})


_SHIM = ModuleType("otter.test_files")
_SHIM.test_case = test_case  # type: ignore[attr-defined]


def _import(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0) -> Any:
    if name == "otter.test_files" and level == 0:
        return _SHIM
    return builtins.__import__(name, globals, locals, fromlist, level)


def _line_of(error: BaseException, filename: str) -> int:
    """The line of the test function where ``error`` left it (its frame: the first one in the test file)."""
    tb = error.__traceback__
    while isinstance(tb, TracebackType):
        if tb.tb_frame.f_code.co_filename == filename:
            return tb.tb_lineno
        tb = tb.tb_next
    return 0


def run_test_file(source: str, env: dict[str, Any], question: str = "") -> CheckResult:
    """Run the test file ``source`` (Otter's exception-based format) against the variables ``env``, as
    Otter does: each test case is called with its parameters from ``env`` and fails if it raises."""
    filename = f"<the check of {question or 'an exercise'}>"
    namespace: dict[str, Any] = {"__builtins__": {**vars(builtins), "__import__": _import},
                                 "__name__": "naga_widget_check"}
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102  (the lesson's own test file)
    name = namespace.get("name", question)
    lines = source.split("\n")
    cases: list[CaseResult] = []
    for value in list(namespace.values()):
        if not isinstance(value, test_case):
            continue
        case_name = value.name or f"{name} - {len(cases) + 1}"
        try:
            value.call(env)
        except Exception as error:  # noqa: BLE001  (a wrong answer may raise anything; Otter catches Exception)
            at = _line_of(error, filename)
            code = "  " + lines[at - 1] if 0 < at <= len(lines) else ""
            report = (f"❌ Test case failed\nError at line {at} in test {name}:\n{code}\n"
                      f"{type(error).__name__}: {str(error).strip(chr(39))}")
            cases.append(CaseResult(case_name, False, value.failure_message, report))
        else:
            cases.append(CaseResult(case_name, True, value.failure_message))
    return CheckResult(question or name, cases, "naga_widget.checks (otter-grader is not installed)")


def checks_in(notebook: str | Path) -> dict[str, str]:
    """The test files kept in a student version's metadata: question -> source."""
    data = json.loads(Path(notebook).read_text(encoding="utf-8"))
    tests = data.get("metadata", {}).get("otter", {}).get("tests", {})
    return {q: s for q, s in tests.items() if isinstance(s, str)}


class Checks:
    """A lesson's ``grader``: ``grader.check("ucb")`` runs the checks of one exercise on the notebook's
    variables and answers with a :class:`CheckResult`. ``otter``: Otter's ``Notebook`` for the lesson, or
    ``None`` where otter-grader is missing (then the test files are read from the notebook and run here)."""

    def __init__(self, notebook: str | Path, otter: Any = None) -> None:
        self.notebook = Path(notebook)
        self.otter = otter

    def check(self, question: str, global_env: dict[str, Any] | None = None) -> CheckResult:
        env = global_env if global_env is not None else sys._getframe(1).f_globals
        if self.otter is not None:
            return from_otter(question, self.otter.check(question, env))
        try:
            tests = checks_in(self.notebook)
        except (OSError, ValueError) as error:
            raise FileNotFoundError(f"the checks are kept in {self.notebook}, which cannot be read here ({error}); "
                                    "run the lesson from its own folder, under its own name") from None
        if question not in tests:
            raise KeyError(f"{self.notebook.name} has no check named {question!r} (it has: {', '.join(tests)})")
        return run_test_file(tests[question], env, question)

    def check_all(self, global_env: dict[str, Any] | None = None) -> list[CheckResult]:
        env = global_env if global_env is not None else sys._getframe(1).f_globals
        return [self.check(q, env) for q in checks_in(self.notebook)]

    def __getattr__(self, name: str) -> Any:
        """Otter's other calls (``export``, ``to_pdf``) where Otter is installed."""
        if name != "otter" and self.otter is not None:
            return getattr(self.otter, name)
        raise AttributeError(f"{name!r}: this needs otter-grader (pip install \"naga-widget[course]\")")
