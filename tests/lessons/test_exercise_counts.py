"""The number of graded exercises of each lesson, as docs/teaching.md and the lesson's own text state it,
is the number of questions the lesson has (``# BEGIN QUESTION`` cells in ``otter assign`` format)."""

from __future__ import annotations

import re

from .run import LESSONS, NOTEBOOKS, read

NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
TEACHING = (NOTEBOOKS.parent / "docs" / "teaching.md").read_text(encoding="utf-8")


def questions(name: str) -> int:
    return sum(c.cell_type == "raw" and c.source.startswith("# BEGIN QUESTION") for c in read(NOTEBOOKS / name).cells)


def stated_in_teaching() -> dict[str, int]:
    """Lesson file name -> the count its row of the course plan states ("two graded exercises")."""
    out = {}
    for row in re.findall(r"^\| (\d\d) [^|]+ \|([^\n]+)$", TEACHING, re.M):
        (name,) = [p.name for p in LESSONS if p.name.startswith(row[0])]
        said = re.search(r"\b(\w+) graded exercises?\b", row[1])
        out[name] = NUMBERS[said[1]] if said else 0
    return out


def test_the_course_plan_states_each_lessons_number_of_exercises() -> None:
    stated = stated_in_teaching()
    assert sorted(stated) == [p.name for p in LESSONS]
    assert {name: questions(name) for name in stated} == stated
    assert sum(stated.values()) >= 10


def test_each_lesson_states_its_own_number_of_exercises() -> None:
    checked = 0
    for path in LESSONS:
        text = "\n".join(c.source for c in read(path).cells if c.cell_type == "markdown")
        for said in re.findall(r"\b(One|Two|Three|Four|Five|Six) exercises?\b", text):
            assert NUMBERS[said.lower()] == questions(path.name), f"{path.name} says {said!r} exercises"
            checked += 1
        numbered = {int(n) for n in re.findall(r"\bExercise (\d)\b", text)}
        assert numbered == set(range(1, questions(path.name) + 1)), (path.name, numbered)
    assert checked >= 4
