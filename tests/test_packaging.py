"""The package as users get it: the sdist and the wheel, their metadata, the README as the PyPI page.

The wheel carries the view's ES module, so installing it needs no Node; the engine needs no Jupyter.
The sdist carries what it takes to rebuild the bundle and the wheel and to run ``make test``.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
REPO_URL = "https://github.com/naga-widget/naga-widget"
RUNTIME = ["anywidget", "ipywidgets", "traitlets"]
EXTRAS = {"arena": ["cloudpickle", "matplotlib", "tqdm"], "compile": ["mypy", "setuptools"], "course": ["otter-grader"],
          "dask": ["dask"],
          "envs": ["gymnasium", "numpy", "open-spiel", "pettingzoo"], "learn": ["numpy"], "league": ["openskill"],
          "server": ["starlette", "uvicorn", "websockets"], "hub": ["jupyterhub", "starlette", "uvicorn", "websockets"],
          # lesson 08: the packages of the extras envs and arena (naga-widget[envs,arena], which the wheel
          # spells out) and the learning packages
          "rl": ["cloudpickle", "gymnasium", "matplotlib", "numpy", "open-spiel", "pettingzoo", "sb3-contrib",
                 "stable-baselines3", "torch", "tqdm"]}
# Paths in the sdist, below its top folder naga_widget-<version>/.
SDIST_FILES = ["LICENSE", "README.md", "Makefile", "pyproject.toml", "PKG-INFO", "constraints/dev.txt",
               "js/package.json", "js/package-lock.json", "js/vitest.config.js", "js/src/index.js",
               "src/naga_widget/static/naga_widget.js", "notebooks/01_play.ipynb", "docs/rules.md"]
SDIST_FOLDERS = ["js/src", "js/scripts", "js/tests", "js/tests/fixtures", "tests", "tests/rules", "tests/golden",
                 "notebooks", "docs", "benchmarks", "constraints"]
NEVER_SHIPPED = {".venv", "node_modules", "__pycache__", "test-output", ".pytest_cache", ".git"}


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``python -m build`` of the checkout: the sdist, then the wheel built from that sdist.

    No isolation: hatchling comes from the dev group, so this needs no network.
    """
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return {"sdist": next(out.glob("naga_widget-*.tar.gz")), "wheel": next(out.glob("naga_widget-*.whl"))}


def _sdist_members(sdist: Path) -> tuple[str, dict[str, bytes]]:
    """The sdist's top folder and its files (path below that folder -> content)."""
    with tarfile.open(sdist) as tar:
        files = [m for m in tar.getmembers() if m.isfile()]
        top = files[0].name.split("/")[0]
        assert all(m.name.startswith(top + "/") for m in files), "one top folder"
        return top, {m.name[len(top) + 1:]: tar.extractfile(m).read() for m in files}  # type: ignore[union-attr]


def _wheel_members(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as z:
        return {name: z.read(name) for name in z.namelist()}


def _metadata(text: bytes) -> Message:
    return Parser().parsestr(text.decode("utf-8"))


def _wheel_metadata(wheel: dict[str, bytes]) -> Message:
    return _metadata(next(v for k, v in wheel.items() if k.endswith(".dist-info/METADATA")))


def _names(requirements: list[str]) -> list[str]:
    return sorted(canonicalize_name(Requirement(r).name) for r in requirements)


# -- the wheel ---------------------------------------------------------------------------------------
def test_wheel_ships_the_view_module_and_only_the_package(dists: dict[str, Path]) -> None:
    wheel = _wheel_members(dists["wheel"])
    assert wheel["naga_widget/static/naga_widget.js"] == (ROOT / "src/naga_widget/static/naga_widget.js").read_bytes()
    assert "naga_widget/py.typed" in wheel and "naga_widget/rules/state.py" in wheel
    tops = {name.split("/")[0] for name in wheel}
    assert tops == {"naga_widget", "naga_widget-0.1.0.dist-info"}, "no tests, js or docs in the wheel"


def test_wheel_and_sdist_carry_the_license(dists: dict[str, Path]) -> None:
    license_text = (ROOT / "LICENSE").read_bytes()
    assert license_text.startswith(b"MIT License") and b"Copyright (c) 2026 the naga_widget authors" in license_text
    assert _wheel_members(dists["wheel"])["naga_widget-0.1.0.dist-info/licenses/LICENSE"] == license_text
    assert _sdist_members(dists["sdist"])[1]["LICENSE"] == license_text


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_license_metadata_follows_pep_639(dists: dict[str, Path], kind: str) -> None:
    if kind == "wheel":
        meta = _wheel_metadata(_wheel_members(dists["wheel"]))
    else:
        meta = _metadata(_sdist_members(dists["sdist"])[1]["PKG-INFO"])
    assert Version(meta["Metadata-Version"]) >= Version("2.4")
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
    assert meta["License"] is None
    classifiers = meta.get_all("Classifier") or []
    assert not [c for c in classifiers if c.startswith("License ::")], "PEP 639: the expression replaces these"


def test_wheel_requires_only_the_widget_stack_and_the_extras_apart(dists: dict[str, Path]) -> None:
    meta = _wheel_metadata(_wheel_members(dists["wheel"]))
    requirements = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
    runtime = sorted(canonicalize_name(r.name) for r in requirements if r.marker is None)
    assert runtime == RUNTIME
    assert sorted(meta.get_all("Provides-Extra") or []) == sorted(EXTRAS), "no dev, test or lint extra"
    for extra, names in EXTRAS.items():
        wanted = [r for r in requirements if r.marker is not None and r.marker.evaluate({"extra": extra})]
        assert sorted(canonicalize_name(r.name) for r in wanted) == names, extra
    assert meta["Requires-Python"] == ">=3.11"


def test_wheel_metadata_points_users_at_the_project(dists: dict[str, Path]) -> None:
    meta = _wheel_metadata(_wheel_members(dists["wheel"]))
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert {"Homepage", "Repository", "Issues", "Documentation"} <= set(urls)
    assert all(u.startswith(REPO_URL) for u in urls.values()), urls
    classifiers = meta.get_all("Classifier") or []
    python = re.compile(r"Programming Language :: Python :: (3\.\d+)")
    versions = [m.group(1) for m in map(python.fullmatch, classifiers) if m]
    assert versions == ["3.11", "3.12", "3.13", "3.14"]
    assert {"Framework :: Jupyter", "Intended Audience :: Education", "Operating System :: OS Independent"} <= {
        *classifiers}
    assert meta["Keywords"] and meta["Description-Content-Type"] == "text/markdown"
    assert str(meta.get_payload()).startswith("# naga_widget"), "the README is the long description"


# -- the sdist ---------------------------------------------------------------------------------------
def test_sdist_holds_what_rebuilding_and_testing_need(dists: dict[str, Path]) -> None:
    top, members = _sdist_members(dists["sdist"])
    assert top == "naga_widget-0.1.0"
    assert [f for f in SDIST_FILES if f not in members] == []
    assert [d for d in SDIST_FOLDERS if not any(m.startswith(d + "/") for m in members)] == []
    assert [m for m in members if NEVER_SHIPPED & set(m.split("/"))] == []
    bundle = "src/naga_widget/static/naga_widget.js"
    assert members[bundle] == (ROOT / bundle).read_bytes()


def test_sdist_holds_every_tracked_file(dists: dict[str, Path]) -> None:
    """All that the repository tracks ships in the sdist (a file added in a new folder needs the include list)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    expected = {f for f in tracked if (ROOT / f).is_file()}
    assert sorted(expected - set(_sdist_members(dists["sdist"])[1])) == []


# -- the development install -------------------------------------------------------------------------
def _constraints() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints/dev.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pins[canonicalize_name(name)] = version.strip()
    return pins


def _group(name: str) -> list[str]:
    """The requirements of a dependency group, its included groups resolved (PEP 735)."""
    out: list[str] = []
    for item in PYPROJECT["dependency-groups"][name]:
        out += _group(item["include-group"]) if isinstance(item, dict) else [item]
    return out


def test_dev_group_has_the_tests_the_linters_and_the_extras_packages() -> None:
    dev = _group("dev")
    assert set(_group("test")) | set(_group("lint")) <= set(dev)
    for extra, requirements in PYPROJECT["project"]["optional-dependencies"].items():
        # the extra rl (lesson 08) brings other extras, and its learning packages are the group rl,
        # which `make rl` and .ci/run install beside dev (PyTorch is too large for every .venv)
        tested = _group("test") + (_group("rl") if extra == "rl" else [])
        own = [r for r in requirements if not r.startswith("naga-widget[")]
        assert [r for r in own if r not in tested] == [], f"extra {extra!r}: make test tests it"
    assert {"pytest", "ruff", "mypy", "playwright", "build", "hatchling"} <= set(_names(dev))


def test_constraints_pin_every_development_package_exactly() -> None:
    pins = _constraints()
    assert len(pins) > 50, "the whole environment, not only the top-level tools"
    missing = [name for name in _names(_group("dev")) + _names(_group("rl")) + RUNTIME if name not in pins]
    assert missing == []
    assert pins["torch"].endswith("+cpu"), "torch is pinned to its CPU-only build"
    for requirement in map(Requirement, _group("dev") + _group("rl")):
        name = canonicalize_name(requirement.name)
        assert requirement.specifier.contains(pins[name], prereleases=True), f"{name}=={pins[name]}: {requirement}"
    for linter in ("ruff", "mypy"):
        (spec,) = [Requirement(r).specifier for r in _group("lint") if canonicalize_name(Requirement(r).name) == linter]
        assert str(spec) == f"=={pins[linter]}", f"{linter} is pinned exactly in the lint group"


# -- the README, which is also the page on PyPI ------------------------------------------------------
README = (ROOT / "README.md").read_text(encoding="utf-8")
FENCES = re.findall(r"^```(\w*)\n(.*?)^```", README, re.M | re.S)


def test_readme_starts_with_the_install_command_and_a_notebook_example() -> None:
    assert FENCES[0][1].strip() == "pip install naga-widget"
    language, code = FENCES[1]
    assert language == "python" and ">>>" not in code
    assert README.index("pip install naga-widget") < README.index("make test")


def test_readme_notebook_example_makes_a_widget_with_a_bot() -> None:
    from naga_widget.widget import NagaWidget

    tree = ast.parse(FENCES[1][1])
    *body, last = tree.body
    assert isinstance(last, ast.Expr), "the cell ends with the widget, so the notebook shows it"
    namespace: dict[str, object] = {}
    exec(compile(ast.Module(body=body, type_ignores=[]), "README.md", "exec"), namespace)
    widget = eval(compile(ast.Expression(last.value), "README.md", "eval"), namespace)
    assert isinstance(widget, NagaWidget)
    assert "opponent=RandomBot(" in FENCES[1][1], "the example plays against a bot"


def test_readme_is_a_package_page_of_at_most_200_lines() -> None:
    """The details live in docs/ (linked from it); the maintainers' notes in CONTRIBUTING.md."""
    assert len(README.splitlines()) <= 200
    assert "CONTRIBUTING.md" in README and "make lite" in README


def test_readme_links_work_outside_the_repository() -> None:
    """PyPI shows the README without the repository around it: every link is absolute."""
    targets = re.findall(r"\]\(([^)\s]+)\)", README)
    assert targets, "the README links to the docs and the notebook"
    assert [t for t in targets if not t.startswith("https://")] == []
    for target in targets:
        if target.startswith(REPO_URL + "/blob/main/"):
            assert (ROOT / target.removeprefix(REPO_URL + "/blob/main/").split("#")[0]).is_file(), target
    linked = {t.removeprefix(REPO_URL + "/blob/main/").split("#")[0] for t in targets}
    assert {"docs/rules.md", "docs/widget-protocol.md", "docs/bots.md", "notebooks/01_play.ipynb"} <= linked


# -- the engine alone --------------------------------------------------------------------------------
def test_engine_imports_without_jupyter() -> None:
    """The rules, the match and the bots must run where anywidget is absent (e.g. a bare Pyodide)."""
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('anywidget', 'ipywidgets', 'traitlets', 'IPython'):\n"
        "            raise ImportError('blocked: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import naga_widget\n"
        "from naga_widget import Match, RandomBot, play_match\n"
        "m = Match(seed=1)\n"
        "print(play_match(m, [RandomBot(1), RandomBot(2)]).reason)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                         cwd=ROOT).stdout
    assert out.strip() in ("three_cursed", "target_score", "full_temple")


def test_wheel_ships_the_lessons_and_copies_them_out(dists: dict[str, Path], tmp_path: Path) -> None:
    """``pip install naga-widget`` brings the lessons: ``copy_lessons`` finds them inside the package."""
    wheel = _wheel_members(dists["wheel"])
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert wheel[f"naga_widget/lessons/{notebook.name}"] == notebook.read_bytes(), notebook.name
    assert "naga_widget/lessons/games/ismcts_vs_greedy.json" in wheel
    with zipfile.ZipFile(dists["wheel"]) as z:
        z.extractall(tmp_path / "site")
    code = ("import naga_widget.course as c, sys; print(c.lessons_folder()); "
            "print(c.copy_lessons(sys.argv[1]))")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "class")], capture_output=True, text=True,
                          cwd=tmp_path, env={"PYTHONPATH": str(tmp_path / "site"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == str(tmp_path / "site/naga_widget/lessons")
    assert sorted(p.name for p in (tmp_path / "class").glob("*.ipynb")) == sorted(
        p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
