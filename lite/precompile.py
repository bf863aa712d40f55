"""Precompile wheels to Python 3.14 bytecode, inside Pyodide (run by lite/precompile.mjs).

In the browser, importing IPython and the widget stack from source spends about half of its
time compiling. This rewrites each wheel so that the kernel imports bytecode instead:

- a third-party wheel keeps no source: ``mod.py`` becomes ``mod.pyc`` (as Pyodide's own
  standard library is shipped), and its ``tests`` folders are left out;
- a third-party wheel also loses what the kernel never reads (``prune``): files for the
  browser's side (``labextension``, ``nbextension``, ``*.data/data``: JupyterLab takes those
  from the site's extensions), jedi's stubs of Django and of third-party packages (its stubs of
  the standard library stay, for completion), and Pygments' lexers of languages other than
  Python, the shell, JavaScript, CSS, JSON/YAML and diffs (with its table of lexers cut to match, so
  asking for another language says "no lexer" as for an unknown one);
- the project's own wheel (``--keep-source NAME``) keeps its ``.py`` files (for tracebacks and
  for reading) and gets ``__pycache__/mod.cpython-314.pyc`` beside them.

The bytecode is "unchecked-hash" (PEP 552): no timestamps, so the same wheel gives the same
bytes and unpacking it anywhere keeps it valid. ``RECORD`` is rewritten to match.

    python precompile.py IN_DIR OUT_DIR [--keep-source NAME ...]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import importlib.util
import re
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import Path, PurePosixPath

STAMP = (2026, 1, 1, 0, 0, 0)


def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def is_test_folder(name: str) -> bool:
    return any(part in ("tests", "test") for part in PurePosixPath(name).parts[:-1])


# Lexers kept in Pygments (and the modules they import): tracebacks and ``?`` use Python's, and pytest's
# terminal writer imports the diff lexer (the engine's tests run in Pyodide with it).
PYGMENTS_LEXERS = ("python", "special", "shell", "javascript", "css", "data", "diff")
LEXERS_DIR = "pygments/lexers/"
MAPPING = LEXERS_DIR + "_mapping.py"
DROPPED_FOLDERS = ("jedi/third_party/django-stubs/", "jedi/third_party/typeshed/third_party/")
# jedi lists this folder when it starts: it stays, empty.
KEPT_EMPTY = ("jedi/third_party/typeshed/third_party/",)


def browser_side(name: str) -> bool:
    """A file for the front end or a man page, which the kernel never reads."""
    parts = PurePosixPath(name).parts
    return (len(parts) > 1 and parts[0].endswith(".data") and parts[1] == "data") or any(
        part in ("labextension", "nbextension") for part in parts[:-1])


def lexers_needed(sources: dict[str, bytes]) -> set[str]:
    """The modules of ``pygments/lexers`` that the lexers of ``PYGMENTS_LEXERS`` import, themselves included."""
    todo = list(PYGMENTS_LEXERS)
    needed = {"__init__", "_mapping"}
    while todo:
        name = todo.pop()
        if name in needed or LEXERS_DIR + name + ".py" not in sources:
            continue
        needed.add(name)
        todo += re.findall(r"pygments\.lexers\.(\w+) import", sources[LEXERS_DIR + name + ".py"].decode())
    return needed


def prune(files: dict[str, bytes]) -> dict[str, bytes]:
    """``files`` (name -> bytes, sources still .py) without what the kernel never reads (see above)."""
    kept = {name: data for name, data in files.items()
            if not browser_side(name) and not name.startswith(DROPPED_FOLDERS)}
    if MAPPING in kept:
        needed = lexers_needed(kept)
        kept = {name: data for name, data in kept.items() if not (
            name.startswith(LEXERS_DIR) and "/" not in name[len(LEXERS_DIR):] and name.endswith(".py")
            and name[len(LEXERS_DIR):-3] not in needed)}
        lines = kept[MAPPING].decode().splitlines(keepends=True)
        keep_line = [not (m := re.match(r"\s+'\w+': \('pygments\.lexers\.(\w+)'", line)) or m[1] in needed
                     for line in lines]
        kept[MAPPING] = "".join(line for line, keep in zip(lines, keep_line, strict=True) if keep).encode()
    return kept


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def rewrite(wheel: Path, out: Path, *, keep_source: bool, bytecode: bool = True) -> Path:
    tag = sys.implementation.cache_tag  # cpython-314
    files: dict[str, bytes] = {}
    record_name = ""
    with zipfile.ZipFile(wheel) as whl:
        contents = {info.filename: whl.read(info) for info in whl.infolist() if not info.filename.endswith("/")}
    empty = [name for name in KEPT_EMPTY if any(n.startswith(name) for n in contents)]
    if not keep_source:
        contents = prune(contents)
    for name, data in contents.items():
        if name.endswith(".dist-info/RECORD"):
            record_name = name
            continue
        in_package = ".dist-info/" not in name and ".data/" not in name
        if in_package and not keep_source and is_test_folder(name):
            continue
        if in_package and name.endswith(".py") and bytecode:
            try:
                compiled = pyc(data, name)
            except SyntaxError:
                files[name] = data  # not Python 3.14 (a template, a py2 leftover): leave it as it was
                continue
            if keep_source:
                path = PurePosixPath(name)
                files[name] = data
                files[str(path.parent / "__pycache__" / f"{path.stem}.{tag}.pyc")] = compiled
            else:
                files[name[:-3] + ".pyc"] = compiled
        else:
            files[name] = data
    lines = [record_line(name, data) for name, data in sorted(files.items())] + [f"{record_name},,"]
    files[record_name] = ("\n".join(lines) + "\n").encode()
    target = out / wheel.name
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as whl:
        for name in empty if not keep_source else []:
            folder = zipfile.ZipInfo(name, date_time=STAMP)
            folder.external_attr = 0o40755 << 16
            whl.writestr(folder, b"")
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            whl.writestr(info, files[name])
    return target


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("src", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--keep-source", action="append", default=[])
    parser.add_argument("--no-bytecode", action="store_true", help="only prune: every .py stays, no .pyc")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    keep = {k.replace("-", "_").lower() for k in args.keep_source}
    for wheel in sorted(args.src.glob("*.whl")):
        rewrite(wheel, args.out, keep_source=wheel.name.split("-")[0].lower() in keep, bytecode=not args.no_bytecode)


if __name__ == "__main__":
    main()
