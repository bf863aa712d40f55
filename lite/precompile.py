"""Make the kernel's wheels and standard library lighter, inside Pyodide (run by lite/precompile.mjs).

Everything here runs in the site's own Python (3.14), so the sources are read by the tokenizer
and parser that will import them. It rewrites each wheel, and Pyodide's ``python_stdlib.zip``:

- a third-party wheel and the standard library lose their comments (``strip_comments``: every
  line stays where it was, so tracebacks keep their line numbers; the result is checked to parse
  to the same syntax tree). A few libraries that students never read from the kernel
  (``DOCSTRINGS_DROPPED``: prompt_toolkit, Pygments, wcwidth, psygnal, micropip) also lose their
  docstrings (each becomes ``""``, as ``python -OO`` would make them ``None``);
- the standard library loses the modules of ``STDLIB_DROPPED`` (code pages, mail and FTP
  clients, WSGI and XML-RPC servers, a few tools; about 400 KB);

With ``BYTECODE`` (lite/build.py), the wheels are also compiled: in the browser, importing
IPython and the widget stack from source spends about half of its time compiling, and:

- a third-party wheel keeps no source: ``mod.py`` becomes ``mod.pyc`` (as Pyodide's own
  standard library is shipped), and its ``tests`` folders are left out;
- a third-party wheel also loses what the kernel never reads (``prune``): files for the
  browser's side (``labextension``, ``nbextension``, ``*.data/data``: JupyterLab takes those
  from the site's extensions), jedi's stubs of Django and of third-party packages (its stubs of
  the standard library stay, for completion), and Pygments' lexers of languages other than
  Python, the shell, JavaScript, CSS, JSON/YAML and diffs (with its table of lexers cut to match, so
  asking for another language says "no lexer" as for an unknown one);
- the project's own wheel (``--keep-source NAME``) keeps its ``.py`` files as they are (for
  tracebacks and for reading), and with bytecode gets ``__pycache__/mod.cpython-314.pyc`` beside them.

The bytecode is "unchecked-hash" (PEP 552): no timestamps, so the same wheel gives the same
bytes and unpacking it anywhere keeps it valid. ``RECORD`` is rewritten to match.

    python precompile.py IN_DIR OUT_DIR [--keep-source NAME ...] [--no-bytecode]

Every ``*.whl`` of IN_DIR, and a ``python_stdlib.zip`` there, is written to OUT_DIR.
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import importlib.util
import io
import re
import sys
import tokenize
import warnings
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
DROPPED_FOLDERS = ("jedi/third_party/django-stubs/", "jedi/third_party/typeshed/third_party/", "IPython/sphinxext/",
                   "IPython/testing/plugin/")
# jedi lists this folder when it starts: it stays, empty.
KEPT_EMPTY = ("jedi/third_party/typeshed/third_party/",)


# Libraries whose docstrings go too (nobody asks ``help()`` about their internals in a lesson).
DOCSTRINGS_DROPPED = ("prompt_toolkit/", "pygments/", "wcwidth/", "psygnal/", "micropip/")
# Modules of the standard library the site leaves out. Character tables: the code pages and ISO 8859
# parts other than cp437 (zip file names), cp1252 and iso8859_15 (UTF-8, Latin-1, ASCII, UTF-16/32
# and the codecs that are not tables stay). Then what a notebook in a browser tab cannot use: mail
# and FTP clients, WSGI and XML-RPC servers, zipapp, and a few leftovers (``_pyio``, pickletools,
# tabnanny, the ``__hello__`` test modules, antigravity). Nothing the kernel, IPython, the widget or
# the engine's tests import (lazy imports inside them, such as urllib's ftp handler, fail only when used).
STDLIB_DROPPED = re.compile(r"(encodings/(cp(?!437\.|1252\.)\d+|mac_\w+|iso8859_(?!15\.)\d+|koi8_\w|kz1048|ptcp154|"
                            r"hp_roman8|tis_620|palmos)\.py|(wsgiref|xmlrpc|__phello__)/.*|(imaplib|mailbox|smtplib|"
                            r"poplib|ftplib|_pyio|pickletools|tabnanny|zipapp|antigravity|__hello__)\.py)$")
STDLIB = "python_stdlib.zip"
# An encoding declaration (PEP 263), the one comment that is not a comment.
CODING = re.compile(r"^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+")


def strip_comments(source: str) -> str:
    """``source`` without its comments, every line in its place (an emptied line stays, empty).

    >>> strip_comments("x = 1  # one\\n# two\\ny = '# not a comment'\\n")
    "x = 1\\n\\ny = '# not a comment'\\n"
    """
    lines = source.splitlines(keepends=True)
    for token in reversed(list(tokenize.generate_tokens(io.StringIO(source).readline))):
        if token.type != tokenize.COMMENT or (token.start[0] <= 2 and CODING.match(token.line)):
            continue
        row, col = token.start
        line = lines[row - 1]
        lines[row - 1] = line[:col].rstrip() + line[len(line.rstrip("\r\n")):]
    return "".join(lines)


def strip_docstrings(source: str) -> str:
    """``source`` with each docstring (module, class, function) replaced by ``""``, every line in its place."""
    lines = source.splitlines(keepends=True)
    found = [node.body[0] for node in ast.walk(ast.parse(source))
             if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
             and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
             and isinstance(node.body[0].value.value, str)]
    for expr in sorted(found, key=lambda e: (e.lineno, e.col_offset), reverse=True):
        assert expr.end_lineno is not None and expr.end_col_offset is not None
        first, last = lines[expr.lineno - 1], lines[expr.end_lineno - 1]
        start = len(first.encode()[:expr.col_offset].decode())  # the offsets count UTF-8 bytes
        end = len(last.encode()[:expr.end_col_offset].decode())
        ending = [line[len(line.rstrip("\r\n")):] for line in lines[expr.lineno - 1:expr.end_lineno]]
        lines[expr.lineno - 1] = first[:start] + '""' + last[end:]
        for row in range(expr.lineno, expr.end_lineno):
            lines[row] = ending[row - expr.lineno] or "\n"
    return "".join(lines)


def lighter(name: str, data: bytes) -> bytes:
    """The source ``data`` of the module ``name`` without comments (and docstrings, for the libraries of
    ``DOCSTRINGS_DROPPED``), or ``data`` itself when it is not Python this interpreter reads, or when the
    result would not parse to the same tree (docstrings aside)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)  # an old module's invalid escapes: not ours to fix
        try:
            source = data.decode()
            tree = ast.dump(ast.parse(source))
            light = strip_comments(source)
            if ast.dump(ast.parse(light)) != tree:
                return data
            if name.startswith(DOCSTRINGS_DROPPED):
                light = strip_docstrings(light)
                compile(light, name, "exec", dont_inherit=True)
        except (SyntaxError, UnicodeDecodeError, ValueError, tokenize.TokenError):
            return data
    return light.encode() if len(light) < len(source) else data


# Changes to the code of a wheel, each checked (its pattern must match exactly once): the Pyodide kernel
# turns jedi on whatever is installed, and jedi is an empty stand-in in the site (lite/build.py), so
# every completion came back empty; it now uses jedi only where jedi is there (IPython's own test).
PATCHES = {
    "pyodide_kernel/interpreter.py": (
        r"^( *)self\.Completer\.use_jedi = True$",
        r"\1from IPython.core.completer import JEDI_INSTALLED\n\1self.Completer.use_jedi = JEDI_INSTALLED",
    ),
}


def patched(files: dict[str, bytes]) -> dict[str, bytes]:
    """``files`` with the changes of ``PATCHES`` made (an error when a pattern is not found exactly once)."""
    for name, (pattern, replacement) in PATCHES.items():
        if name in files:
            text, count = re.subn(pattern, replacement, files[name].decode(), flags=re.MULTILINE)
            if count != 1:
                raise RuntimeError(f"{name}: {pattern!r} matched {count} times (the package changed?)")
            files[name] = text.encode()
    return files


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
        contents = prune(patched(contents))
        contents = {name: lighter(name, data) if name.endswith(".py") else data for name, data in contents.items()}
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


def rewrite_stdlib(source: Path, target: Path) -> None:
    """Pyodide's ``python_stdlib.zip`` without the modules of ``STDLIB_DROPPED`` and without comments."""
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in src.infolist():
            if STDLIB_DROPPED.match(info.filename):
                continue
            data = src.read(info)
            if info.filename.endswith(".py"):
                data = lighter(info.filename, data)
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("src", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--keep-source", action="append", default=[])
    parser.add_argument("--no-bytecode", action="store_true", help="only prune: every .py stays, no .pyc")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    keep = {k.replace("-", "_").lower() for k in args.keep_source}
    if (args.src / STDLIB).is_file():
        rewrite_stdlib(args.src / STDLIB, args.out / STDLIB)
    for wheel in sorted(args.src.glob("*.whl")):
        rewrite(wheel, args.out, keep_source=wheel.name.split("-")[0].lower() in keep, bytecode=not args.no_bytecode)


if __name__ == "__main__":
    main()
