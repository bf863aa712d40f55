"""The optional compiled engine: the rules modules built as C extensions with mypyc.

The engine is plain Python, and that is what JupyterLite (Pyodide) and ``pip install naga-widget``
run. Where a C compiler is at hand, ``naga-widget compile`` (or ``make compiled`` in a checkout)
builds the modules of :data:`MODULES` with mypyc and puts the extension modules beside their
sources; Python then imports those instead. A search makes 1.3 to 1.8 times as many simulations a second
with them (``make bench``, docs/bots.md). Nothing else changes: the same seed gives the same game
and the same decision, which ``tests/bots/test_compiled.py`` checks, along with the engine's own
tests run on the compiled modules.

- ``naga-widget compile --status`` says which engine Python imports (:func:`engine`);
- ``naga-widget compile --remove`` deletes the extension modules (:func:`remove`);
- ``NAGA_WIDGET_PURE=1`` in the environment makes Python import the sources even where the
  extension modules are present (to compare the two side by side).

The build records a hash of each compiled source; if a source changes afterwards, importing
naga_widget warns that the compiled module is out of date (it would run the old code).

What is not compiled, and why: ``state.py`` (its ``State`` extends a named tuple, which mypyc does
not compile), ``actions.py`` (its classes must stay open to the checks of ``Action.coerce``),
``start.py`` (it checks positions whose fields may be of any type, where compiled code would stop at
the first wrong type with a ``TypeError`` instead of naming the field), and the drawings and words
(``svg``, ``pictures``, ``wording``), which a search never calls. A function of a compiled module
that checks its own arguments takes them as ``object``, for the same reason.

>>> engine() in ("pure Python", "compiled") or engine().startswith("partly compiled")
True
>>> "naga_widget.rules.flow" in MODULES and "naga_widget.rules.state" not in MODULES
True
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

MODULES = (
    "naga_widget.rules.chance",
    "naga_widget.rules.draft",
    "naga_widget.rules.effects.base",
    "naga_widget.rules.effects.cards",
    "naga_widget.rules.effects.maze",
    "naga_widget.rules.effects.relics",
    "naga_widget.rules.effects.sticks",
    "naga_widget.rules.errors",
    "naga_widget.rules.events",
    "naga_widget.rules.flow",
    "naga_widget.rules.legal",
    "naga_widget.rules.observe",
    "naga_widget.rules.outcome",
    "naga_widget.rules.position",
    "naga_widget.rules.ruleset",
    "naga_widget.rules.steps",
    "naga_widget.rules.temple",
    "naga_widget.rules.upkeep",
)
"""The modules the compiled engine replaces (the hot path of a search: moves, legality, chance)."""

GROUP = "naga_widget.rules._compiled"
"""mypyc's shared library of the group: ``rules/_compiled__mypyc.<suffix>`` (so every file stays in the package)."""

MANIFEST = "_compiled.json"
"""Beside the sources in ``rules/``: the hash of each source the extension modules were built from."""

PURE_VARIABLE = "NAGA_WIDGET_PURE"

_PACKAGE = Path(__file__).resolve().parent


def _source(package: Path, module: str) -> Path:
    return package.joinpath(*module.split(".")[1:]).with_suffix(".py")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _is_extension(module: ModuleType) -> bool:
    return str(getattr(module, "__file__", "") or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled_modules() -> list[str]:
    """The modules of :data:`MODULES` that this Python imported as compiled extension modules."""
    return [name for name in MODULES if _is_extension(importlib.import_module(name))]


def engine() -> str:
    """``"compiled"``, ``"pure Python"`` or ``"partly compiled (k of n modules)"``: the engine imported."""
    k = len(compiled_modules())
    if k == len(MODULES):
        return "compiled"
    return "pure Python" if k == 0 else f"partly compiled ({k} of {len(MODULES)} modules)"


# -- NAGA_WIDGET_PURE: import the sources even where extension modules are present ----------------------------
class _SourcesOnly(importlib.abc.MetaPathFinder):
    """Finds the modules of :data:`MODULES` among sources only (so the group's library is never loaded)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES or path is None:
            return None
        for entry in path:
            finder = importlib.machinery.FileFinder(
                entry, (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES))
            spec = finder.find_spec(fullname)
            if spec is not None:
                return spec
        return None


def _honour_pure_variable() -> None:
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0") and not any(
            isinstance(f, _SourcesOnly) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourcesOnly())


_honour_pure_variable()  # on import: naga_widget imports this module before its engine


def warn_if_stale(package: Path = _PACKAGE) -> list[str]:
    """Warn (and return the names) if a compiled module was built from a source that has changed since."""
    manifest = package / "rules" / MANIFEST
    if not manifest.exists() or os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return []
    built: dict[str, str] = json.loads(manifest.read_text())
    stale = [name for name, digest in built.items()
             if not _source(package, name).exists() or _digest(_source(package, name)) != digest]
    if stale:
        warnings.warn(f"the compiled engine is older than its sources ({', '.join(stale)}), and Python runs the "
                      "old code: run `naga-widget compile` again, or `naga-widget compile --remove`",
                      RuntimeWarning, stacklevel=3)
    return stale


# -- the annotations as written --------------------------------------------------------------------------------
WRITTEN_PREFIX = "_written_"
"""A compiled module's source, loaded apart by :func:`as_written`, is ``<package>._written_<name>``."""


def as_written(cls: type) -> type:
    """``cls`` as its source defines it, for code that reads annotations (a TypedDict's field types).

    mypyc keeps the fields of a TypedDict it compiles but erases most of their types (``list[int]``
    reads as ``list``, ``int | None`` as ``type``). For a class of a compiled module this returns the
    class of the same name from that module's source, loaded apart under another name; any other class
    is returned as it is. Only for reading the types (the wire's check, ``js/scripts/make_types.py``):
    the engine keeps running the compiled code.
    """
    module = sys.modules.get(cls.__module__)
    if module is None or not _is_extension(module):
        return cls
    written: type = getattr(_written_module(cls.__module__), cls.__qualname__)
    return written


def _written_module(name: str) -> ModuleType:
    package, _, leaf = name.rpartition(".")
    alias = f"{package}.{WRITTEN_PREFIX}{leaf}"
    if alias in sys.modules:  # typing resolves the annotations in the module of that name
        return sys.modules[alias]
    spec = importlib.util.spec_from_file_location(alias, _source(_PACKAGE, name))
    if spec is None or spec.loader is None:
        raise ImportError(f"no source of {name} beside its compiled module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[alias] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[alias]
        raise
    return module


# -- building and removing -------------------------------------------------------------------------------------
_SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify
paths, opt_level, group = sys.argv[1].split(",") + ["--ignore-missing-imports"], sys.argv[2], sys.argv[3]
setup(name="naga-widget-compiled", ext_modules=mypycify(paths, opt_level=opt_level, group_name=group),
      script_args=["build_ext", "--inplace"])
"""


def _extension_files(package: Path) -> list[Path]:
    rules = package / "rules"
    return sorted({p for suffix in importlib.machinery.EXTENSION_SUFFIXES for p in rules.rglob(f"*{suffix}")})


def build(package: Path | str | None = None, *, opt_level: int = 3, quiet: bool = True) -> list[Path]:
    """Compile :data:`MODULES` with mypyc and put the extension modules beside their sources.

    ``package`` is the directory of a ``naga_widget`` package (by default the one imported here); its
    sources are copied to a temporary folder and compiled there. Needs mypy (which brings mypyc),
    setuptools and a C compiler. Returns the files written. ``opt_level`` is the C compiler's (0 builds
    about twice as fast, and runs slower; the decisions are the same).
    """
    import shutil  # (here, not above: importing naga_widget stays light, and Pyodide builds nothing)
    import subprocess
    import tempfile

    target = Path(package).resolve() if package is not None else _PACKAGE
    missing = [name for name in ("mypyc", "setuptools") if importlib.util.find_spec(name) is None]
    if missing:
        raise RuntimeError(f"building the compiled engine needs {' and '.join(missing)}: "
                           "pip install 'naga-widget[compile]' (mypy brings mypyc)")
    remove(target)
    with tempfile.TemporaryDirectory(prefix="naga-compile-") as tmp:
        work = Path(tmp)
        shutil.copytree(target, work / "naga_widget",
                        ignore=shutil.ignore_patterns("__pycache__", "static", "lessons", "*.so", "*.pyd"))
        paths = [str(_source(Path("naga_widget"), name)) for name in MODULES]
        done = subprocess.run([sys.executable, "-c", _SETUP, ",".join(paths), str(opt_level), GROUP],
                              cwd=work, capture_output=quiet, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"mypyc could not build the engine (exit {done.returncode}):\n"
                               + ((done.stdout or "") + (done.stderr or ""))[-4000:])
        written = []
        for built in _extension_files(work / "naga_widget"):
            goal = target / built.relative_to(work / "naga_widget")
            shutil.copy2(built, goal)
            written.append(goal)
    digests = {name: _digest(_source(target, name)) for name in MODULES}
    (target / "rules" / MANIFEST).write_text(json.dumps(digests, indent=1) + "\n")
    return written


def remove(package: Path | str | None = None) -> list[Path]:
    """Delete the compiled engine's files from ``package`` (by default the one imported here)."""
    target = Path(package).resolve() if package is not None else _PACKAGE
    gone = _extension_files(target)
    manifest = target / "rules" / MANIFEST
    if manifest.exists():
        gone.append(manifest)
    for path in gone:
        path.unlink()
    return gone
