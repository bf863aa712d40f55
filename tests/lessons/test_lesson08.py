"""Lesson 08 (reinforcement learning): it trains, draws its learning curve and plays the trained policy where
the group rl is installed, and says in one line what is missing where it is not.

Its exercises are graded with the other lessons' (tests/lessons/test_grading.py).
"""

from __future__ import annotations

import importlib.util
import json

import nbformat
import pytest

from .run import LESSONS, execute, outputs, read

(LESSON,) = [p for p in LESSONS if p.name == "08_reinforcement_learning.ipynb"]
RL_MISSING = [m for m in ("torch", "stable_baselines3", "sb3_contrib") if importlib.util.find_spec(m) is None]
BLOCK_RL = ("import sys\n"
            "for name in ('torch', 'stable_baselines3', 'sb3_contrib', 'matplotlib'):\n"
            "    sys.modules[name] = None   # as if the extras rl and arena were not installed\n")


def texts(notebook) -> str:
    return "".join(str(o.get("text", "")) + json.dumps(o.get("data", {})) for _, o in outputs(notebook))


def test_without_the_rl_extra_the_lesson_says_so_in_one_line_and_its_exercises_run() -> None:
    notebook = read(LESSON)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(BLOCK_RL))
    ran = execute(notebook)
    problems = [(i, o) for i, o in outputs(ran) if o.output_type == "error" or o.get("name") == "stderr"]
    assert problems == []
    said = [line for _, o in outputs(ran) for line in o.get("text", "").splitlines() if line.startswith("Skipping")]
    assert len(said) == 1 and 'pip install "naga-widget[rl]"' in said[0], said
    assert "image/png" not in texts(ran) and "ppo" not in texts(ran)


@pytest.mark.skipif(bool(RL_MISSING), reason=f"lesson 08's training needs the group rl (make rl): "
                    f"{', '.join(RL_MISSING)} not installed")
def test_the_lesson_trains_draws_the_curve_and_plays_the_trained_policy() -> None:
    ran = execute(read(LESSON))
    assert [o for _, o in outputs(ran) if o.output_type == "error"] == []
    text = texts(ran)
    assert "Skipping" not in text and "is not ready yet" not in text, "the solutions train on MyVersus"
    assert "2048 steps" in text and "training games" in text
    images = [o for _, o in outputs(ran) if "image/png" in o.get("data", {})]
    assert len(images) == 1, "the learning curve"
    arena = [o["data"]["text/html"] for _, o in outputs(ran) if "ppo" in o.get("data", {}).get("text/html", "")]
    assert arena and "random" in arena[0] and "greedy" in arena[0]
    views = [o for _, o in outputs(ran) if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(views) == 2, "a game of the policy against GreedyBot, and one against the student"
