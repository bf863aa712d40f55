"""The lessons as a student gets them: ``naga-widget lessons DIR`` and ``copy_lessons`` copy every
lesson with the saved games it loads, and keep the files a student changed unless asked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from naga_widget.course import copy_lessons, have, lesson_names, lessons_folder

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"


def cli(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    code = "import sys; from naga_widget.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, "lessons", *argv], capture_output=True, text=True, cwd=cwd,
                          timeout=120, env={**os.environ, "PYTHONIOENCODING": "utf-8"})


def test_a_checkout_reads_the_notebooks_folder() -> None:
    assert lessons_folder() == NOTEBOOKS
    assert lesson_names() == sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    assert lesson_names()[0] == "01_play.ipynb"


def test_copy_brings_every_lesson_and_the_games_they_load(tmp_path: Path) -> None:
    done = copy_lessons(tmp_path / "class")
    games = [f"games/{p.name}" for p in (NOTEBOOKS / "games").glob("*.json")]
    assert sorted(done.copied) == sorted(lesson_names() + games)
    assert done.kept == [] and done.unchanged == []
    for name in lesson_names():
        assert json.loads((tmp_path / "class" / name).read_text(encoding="utf-8"))["cells"], name
    assert (tmp_path / "class/games/ismcts_vs_greedy.json").read_bytes() == (
        NOTEBOOKS / "games/ismcts_vs_greedy.json").read_bytes()
    assert not list((tmp_path / "class").rglob("*.py")), "the scripts that made the games stay behind"


def test_a_changed_lesson_is_kept_unless_overwrite(tmp_path: Path) -> None:
    copy_lessons(tmp_path)
    mine = tmp_path / "02_rules_walkthrough.ipynb"
    mine.write_text('{"my": "work"}', encoding="utf-8")
    (tmp_path / "01_play.ipynb").unlink()
    again = copy_lessons(tmp_path)
    assert again.kept == ["02_rules_walkthrough.ipynb"] and again.copied == ["01_play.ipynb"]
    assert mine.read_text(encoding="utf-8") == '{"my": "work"}'
    assert "kept 1 changed file(s)" in str(again) and "02_rules_walkthrough.ipynb" in str(again)
    forced = copy_lessons(tmp_path, overwrite=True)
    assert forced.copied == ["02_rules_walkthrough.ipynb"] and forced.kept == []
    assert mine.read_bytes() == (NOTEBOOKS / "02_rules_walkthrough.ipynb").read_bytes()


def test_command_line_copies_reports_and_forces(tmp_path: Path) -> None:
    first = cli("class", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith(f"lessons in class: {len(lesson_names()) + 2} copied")
    (tmp_path / "class/04_replay_and_inspect.ipynb").write_text("{}", encoding="utf-8")
    second = cli("class", cwd=tmp_path)
    assert "kept 1 changed file(s)" in second.stdout and "04_replay_and_inspect.ipynb" in second.stdout
    assert (tmp_path / "class/04_replay_and_inspect.ipynb").read_text(encoding="utf-8") == "{}"
    third = cli("class", "--force", cwd=tmp_path)
    assert third.stdout.startswith("lessons in class: 1 copied")
    default = cli(cwd=tmp_path)
    assert default.returncode == 0 and (tmp_path / "naga-lessons/01_play.ipynb").is_file()


def test_a_file_in_the_way_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("", encoding="utf-8")
    with pytest.raises(NotADirectoryError, match="taken is a file"):
        copy_lessons(tmp_path / "taken")
    done = cli("taken", cwd=tmp_path)
    assert done.returncode == 2 and "taken is a file, not a folder" in done.stderr


def test_a_missing_extra_is_one_friendly_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert have("json", "arena", "the plots") is True
    assert capsys.readouterr().out == ""
    assert have("no_such_module_here", "arena", "the plots") is False
    line = capsys.readouterr().out
    assert line.count("\n") == 1 and 'pip install "naga-widget[arena]"' in line and "no_such_module_here" in line


def test_students_get_the_versions_without_solutions_and_teachers_the_others(tmp_path: Path) -> None:
    student = copy_lessons(tmp_path / "student")
    teacher = copy_lessons(tmp_path / "teacher", teacher=True)
    assert sorted(student.copied) == sorted(teacher.copied)
    exercises = [p.name for p in (NOTEBOOKS / "student").glob("*.ipynb")]
    assert "03_game_ai_class.ipynb" in exercises
    for name in exercises:
        assert (tmp_path / "student" / name).read_bytes() == (NOTEBOOKS / "student" / name).read_bytes()
        assert (tmp_path / "teacher" / name).read_bytes() == (NOTEBOOKS / name).read_bytes()
        assert "# BEGIN SOLUTION" not in (tmp_path / "student" / name).read_text(encoding="utf-8")
        assert "# BEGIN SOLUTION" in (tmp_path / "teacher" / name).read_text(encoding="utf-8")
    done = cli("class", "--teacher", cwd=tmp_path)
    assert done.returncode == 0
    name = "03_game_ai_class.ipynb"
    assert (tmp_path / "class" / name).read_bytes() == (NOTEBOOKS / name).read_bytes()
