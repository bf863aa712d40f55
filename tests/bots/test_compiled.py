"""The optional compiled engine (naga_widget/compiled.py): built with mypyc from a copy of the package, it
gives the same games and the same decisions as the pure-Python engine, passes the engine's own tests, and
NAGA_WIDGET_PURE=1 turns it off.

The copy is built once for this module (with the C compiler's optimisation off, which builds faster;
the decisions do not depend on it). It needs mypy (the dev group has it), setuptools and a C compiler:
.ci/run installs gcc and Python's headers where they are missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import naga_widget
from naga_widget import compiled

ROOT = Path(__file__).resolve().parents[2]

# Pyodide (lite/pyodide_tests.mjs runs tests/bots there) has no processes and no C compiler: it runs the
# pure-Python engine, which every other test checks there.
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="the compiled engine is built and run "
                                "outside Pyodide (it has no processes and no C compiler)")

# Played under each engine in its own process; prints one JSON line.
PLAY = r"""
import hashlib, json, random
from naga_widget import Chance, Match, compiled, new_game, playout
from naga_widget.bots import GreedyBot, ISMCTSBot, ISMCTSV1Bot, play_match

out = {"engine": compiled.engine(),
       "files": sorted({__import__(m, fromlist=["x"]).__file__.rsplit(".", 1)[1] for m in compiled.MODULES})}
digests = []
for seed in range(40):  # random games to their end
    rng = random.Random(seed)
    state, _ = new_game(chance=Chance(rng, record=False))
    digests.append(playout(state, rng).digest())
out["playouts"] = hashlib.sha256("".join(digests).encode()).hexdigest()
games = []
for seed, bots in ((1, [ISMCTSBot(iterations=40, seed=3), GreedyBot(seed=4)]),
                   (2, [GreedyBot(seed=5), ISMCTSBot(iterations=40, seed=6)]),
                   (3, [ISMCTSV1Bot(iterations=40, seed=7), ISMCTSBot(iterations=40, seed=8, history=True)])):
    match = Match(seed=seed)
    outcome = play_match(match, bots)
    games.append([str(a) for a in match.actions] + [str(outcome.winner)])
out["games"] = games
decisions = []
match = Match(seed=11)
while not match.state.is_over and len(decisions) < 12:
    state = match.state
    legal = state.legal_actions()
    if len(legal) > 1:
        d = ISMCTSBot(iterations=150, seed=len(decisions)).decide(state.observe(state.to_move), legal.detached())
        decisions.append([str(d.action), d.explanation.summary if d.explanation else ""])
    match.play(legal.sample(random.Random(len(decisions))))
out["decisions"] = decisions
print(json.dumps(out))
"""


def _run(args: list[str], package_parent: Path | None, pure: bool = False, **kw: object) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop(compiled.PURE_VARIABLE, None)
    if package_parent is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(package_parent), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    if pure:
        env[compiled.PURE_VARIABLE] = "1"
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=900, **kw)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with the compiled engine built into it; returns the folder that holds the copy."""
    parent = tmp_path_factory.mktemp("compiled")
    shutil.copytree(Path(naga_widget.__file__).parent, parent / "naga_widget",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", compiled.MANIFEST))
    written = compiled.build(parent / "naga_widget", opt_level=0)
    assert {p.name.split(".")[0] for p in written} >= {m.rsplit(".", 1)[1] for m in compiled.MODULES}
    return parent


def _engine(parent: Path | None, pure: bool = False) -> str:
    done = _run(["-c", "from naga_widget import compiled; print(compiled.engine())"], parent, pure)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_copy_imports_its_compiled_engine_and_the_variable_turns_it_off(built: Path) -> None:
    assert _engine(built) == "compiled"
    assert _engine(built, pure=True) == "pure Python"
    assert _engine(None) == compiled.engine()  # this checkout: whatever it has, told the same way


def test_the_same_seeds_give_the_same_games_and_decisions_with_and_without_it(built: Path) -> None:
    runs = []
    for pure in (False, True):
        done = _run(["-c", PLAY], built, pure)
        assert done.returncode == 0, done.stderr[-3000:]
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    fast, slow = runs
    assert fast["engine"] == "compiled" and slow["engine"] == "pure Python"
    assert fast["files"] == ["so"] and slow["files"] == ["py"]
    assert len(fast["decisions"]) == 12 and all(len(g) > 20 for g in fast["games"])
    for key in ("playouts", "games", "decisions"):
        assert fast[key] == slow[key], key


def test_the_engine_s_own_tests_pass_on_the_compiled_engine(built: Path) -> None:
    suites = ["tests/rules", "tests/test_golden.py", "tests/bots/test_ismcts_v1.py", "tests/bots/test_ismcts.py",
              "tests/match/test_positions.py"]
    check = _run(["-c", "from naga_widget import compiled; assert compiled.engine() == 'compiled'"], built)
    assert check.returncode == 0, check.stderr
    done = _run(["-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-p", "no:xdist", "-W",
                 "error::RuntimeWarning", *suites], built, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout


WRITTEN = r"""
from typing import get_type_hints
from naga_widget.compiled import as_written
from naga_widget.rules.observe import Observation, PlayerView
erased, kept = get_type_hints(Observation)["viewer"], get_type_hints(as_written(Observation))["viewer"]
print(erased is type, kept is not type and int in kept.__args__, as_written(PlayerView) is not PlayerView,
      as_written(as_written(PlayerView)) is as_written(PlayerView))
"""


def test_the_types_a_compiled_typed_dict_loses_are_read_from_its_source(built: Path) -> None:
    done = _run(["-c", WRITTEN], built)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["True"] * 4  # erased by mypyc, read from the source, loaded once
    from naga_widget.rules.observe import Observation
    assert compiled.engine() != "pure Python" or compiled.as_written(Observation) is Observation
    # the wire's checks (the projection against its TypedDicts, and types.js) read them so
    wire = _run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "tests/widget/test_widget_wire.py"],
                built, cwd=ROOT)
    assert wire.returncode == 0 and " passed" in wire.stdout, wire.stdout[-4000:] + wire.stderr[-2000:]


def test_a_source_changed_after_the_build_is_warned_of_and_remove_goes_back_to_pure(
        built: Path, tmp_path: Path) -> None:
    shutil.copytree(built / "naga_widget", tmp_path / "naga_widget")
    quiet = _run(["-W", "error::RuntimeWarning", "-c", "import naga_widget"], tmp_path)
    assert quiet.returncode == 0, quiet.stderr
    legal = tmp_path / "naga_widget" / "rules" / "legal.py"
    legal.write_text(legal.read_text() + "\n# changed after the build\n")
    warned = _run(["-W", "error::RuntimeWarning", "-c", "import naga_widget"], tmp_path)
    assert warned.returncode != 0
    assert "the compiled engine is older than its sources (naga_widget.rules.legal)" in warned.stderr
    gone = compiled.remove(tmp_path / "naga_widget")
    assert any(p.name == compiled.MANIFEST for p in gone) and any(p.name.startswith("flow.") for p in gone)
    assert _engine(tmp_path) == "pure Python"
    assert not list((tmp_path / "naga_widget" / "rules").rglob("*.so"))
    assert compiled.remove(tmp_path / "naga_widget") == []


def test_the_command_says_which_engine_runs(built: Path) -> None:
    status = _run(["-m", "naga_widget.cli", "compile", "--status"], built)
    assert status.returncode == 0 and status.stdout.startswith("engine: compiled ("), status.stderr
    pure = _run(["-m", "naga_widget.cli", "compile", "--status"], built, pure=True)
    assert pure.stdout.startswith("engine: pure Python ("), pure.stderr


def test_a_build_without_mypyc_says_what_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real = compiled.importlib.util.find_spec
    monkeypatch.setattr(compiled.importlib.util, "find_spec", lambda name, *a: None if name == "mypyc" else real(name))
    with pytest.raises(RuntimeError, match=r"needs mypyc: pip install 'naga-widget\[compile\]'"):
        compiled.build(tmp_path)
    assert list(tmp_path.iterdir()) == []
