"""Precompile wheels to Python 3.14 bytecode, inside Pyodide (run by lite/precompile.mjs).

In the browser, importing IPython and the widget stack from source spends about half of its
time compiling. This rewrites each wheel so that the kernel imports bytecode instead:

- a third-party wheel keeps no source: ``mod.py`` becomes ``mod.pyc`` (as Pyodide's own
  standard library is shipped), and its ``tests`` folders are left out;
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


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def rewrite(wheel: Path, out: Path, *, keep_source: bool) -> Path:
    tag = sys.implementation.cache_tag  # cpython-314
    files: dict[str, bytes] = {}
    record_name = ""
    with zipfile.ZipFile(wheel) as whl:
        for info in whl.infolist():
            name = info.filename
            if name.endswith("/"):
                continue
            if name.endswith(".dist-info/RECORD"):
                record_name = name
                continue
            data = whl.read(info)
            in_package = ".dist-info/" not in name and ".data/" not in name
            if in_package and not keep_source and is_test_folder(name):
                continue
            if in_package and name.endswith(".py"):
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
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    keep = {k.replace("-", "_").lower() for k in args.keep_source}
    for wheel in sorted(args.src.glob("*.whl")):
        rewrite(wheel, args.out, keep_source=wheel.name.split("-")[0].lower() in keep)


if __name__ == "__main__":
    main()
