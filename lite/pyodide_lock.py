"""The Pyodide lock file of the site: only the packages the kernel loads, every wheel in the site.

Pyodide's npm package ships the interpreter and a lock file (``pyodide-lock.json``) that names
every package Pyodide has, but none of their wheels. The site needs a few of them (the kernel's
closure: micropip, IPython and its dependencies, jedi, traitlets, ...) and a few that Pyodide
does not have (comm, psygnal, anywidget, ipywidgets, the kernel's own wheels and this project's).
This module makes a lock that holds exactly those entries:

- an entry taken from Pyodide's lock keeps its name, version, imports and dependencies, but
  points at the pure wheel of that version from PyPI, with that file's sha256 (Pyodide's own
  rebuilt wheels have other hashes, and Pyodide checks the hash of what it loads);
- an entry for a wheel that Pyodide lacks is made from the wheel's ``METADATA`` and
  ``top_level`` packages, its dependencies evaluated for the browser (``sys_platform`` is
  ``emscripten``).

Names are compared in their canonical form (``typing_extensions`` is ``typing-extensions``).
"""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from email.parser import Parser
from pathlib import Path
from typing import Any

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

# Requirements of ipywidgets that hold only front-end files: the lab side of the widgets comes
# from the build environment's lab extensions, so the kernel does without them (2.4 MB less).
FRONT_END_ONLY = frozenset({"jupyterlab-widgets", "widgetsnbextension"})


def browser_environment(python: str) -> dict[str, str]:
    """The PEP 508 marker values of Pyodide running CPython ``python`` (e.g. ``"3.14.2"``)."""
    env: dict[str, str] = {key: str(value) for key, value in default_environment().items()}
    major_minor = ".".join(python.split(".")[:2])
    env.update(sys_platform="emscripten", platform_system="Emscripten", platform_machine="wasm32",
               os_name="posix", implementation_name="cpython", platform_python_implementation="CPython",
               python_version=major_minor, python_full_version=python, implementation_version=python)
    return env


@dataclass(frozen=True)
class Wheel:
    """A wheel file on disk, with what a lock entry needs to know about it."""

    path: Path
    name: str  # canonical
    version: str
    requires: tuple[str, ...]  # Requires-Dist lines
    imports: tuple[str, ...]  # top-level importable names

    @classmethod
    def read(cls, path: Path) -> Wheel:
        name, version, _, _ = parse_wheel_filename(path.name)
        with zipfile.ZipFile(path) as whl:
            names = whl.namelist()
            meta_name = next(n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n))
            meta = Parser().parsestr(whl.read(meta_name).decode())
            top = next((n for n in names if re.fullmatch(r"[^/]+\.dist-info/top_level\.txt", n)), None)
            if top is not None:
                imports = [line.strip() for line in whl.read(top).decode().splitlines() if line.strip()]
            else:
                imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                                  if not n.split("/")[0].endswith((".dist-info", ".data"))
                                  and (n.endswith(".py") or "/" in n)})
        return cls(path, canonicalize_name(name), str(version), tuple(meta.get_all("Requires-Dist") or ()),
                   tuple(i for i in imports if i.isidentifier()))

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()

    def depends(self, env: Mapping[str, str]) -> list[str]:
        """The canonical names of the requirements that apply in the browser (no extras)."""
        found: list[str] = []
        for line in self.requires:
            req = Requirement(line)
            if req.marker is not None and not req.marker.evaluate({**env, "extra": ""}):
                continue
            name = canonicalize_name(req.name)
            if name not in FRONT_END_ONLY and name not in found:
                found.append(name)
        return found


def load(path: Path) -> dict[str, Any]:
    """Pyodide's lock, its package names made canonical."""
    lock = json.loads(path.read_text())
    packages = {}
    for name, item in lock["packages"].items():
        packages[canonicalize_name(name)] = {**item, "depends": [canonicalize_name(d) for d in item["depends"]]}
    lock["packages"] = packages
    return lock


def closure(roots: Iterable[str], depends: Mapping[str, list[str]]) -> list[str]:
    """Every package reachable from ``roots`` through ``depends``, in a stable order.

    >>> closure(["a"], {"a": ["b", "c"], "b": ["c"], "c": []})
    ['a', 'b', 'c']
    """
    seen: list[str] = []
    todo: list[str] = [str(canonicalize_name(r)) for r in roots]
    while todo:
        name = todo.pop(0)
        if name in seen:
            continue
        if name not in depends:
            raise KeyError(f"{name!r} is needed in the kernel but is neither in Pyodide's lock nor given as a wheel")
        seen.append(name)
        todo.extend(d for d in depends[name] if d not in seen)
    return seen


def from_pyodide(base: Mapping[str, Any], names: Iterable[str]) -> dict[str, str]:
    """``name -> "name==version"`` for the entries of Pyodide's lock that must come from PyPI.

    Only pure-Python wheels can be fetched that way; anything else is an error naming it.
    """
    specs: dict[str, str] = {}
    for name in names:
        entry = base["packages"][name]
        if not entry["file_name"].endswith("-none-any.whl") or entry.get("package_type", "package") != "package":
            raise ValueError(f"{name} {entry['version']} is not a pure-Python wheel ({entry['file_name']}): "
                             "it cannot be taken from PyPI")
        specs[name] = f"{entry['name']}=={entry['version']}"
    return specs


def entry(wheel: Wheel, depends: list[str], template: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A lock entry for ``wheel`` (fields kept from Pyodide's ``template`` entry when there is one)."""
    made: dict[str, Any] = dict(template or {})
    made.update(name=wheel.name, version=wheel.version, file_name=wheel.path.name, install_dir="site",
                sha256=wheel.sha256, package_type="package", depends=depends)
    made.setdefault("imports", list(wheel.imports))
    made["unvendored_tests"] = False
    return made


def make_lock(base: Mapping[str, Any], roots: Iterable[str], own: Mapping[str, Wheel],
              fetched: Mapping[str, Wheel]) -> dict[str, Any]:
    """The site's lock: the closure of ``roots``.

    ``own`` are wheels Pyodide lacks or that replace its entry (canonical name -> wheel);
    ``fetched`` are the PyPI wheels of Pyodide's own entries. A package of the closure with no
    wheel in either is an error naming it.
    """
    env = browser_environment(base["info"]["python"])
    depends = {name: list(e["depends"]) for name, e in base["packages"].items()}
    depends.update({name: w.depends(env) for name, w in own.items()})
    packages: dict[str, Any] = {}
    for name in closure(roots, depends):
        if name in own:
            packages[name] = entry(own[name], depends[name])
        elif name in fetched:
            packages[name] = entry(fetched[name], depends[name], base["packages"][name])
        else:
            raise KeyError(f"no wheel for {name!r}: fetch it from PyPI or give it as a wheel")
    return {"info": dict(base["info"]), "packages": packages}
