"""Build the JupyterLite site of naga_widget: the notebooks running in the browser, offline.

    python3 lite/build.py                 # builds site/ (what `make lite` runs)
    python3 lite/build.py --out DIR       # builds DIR instead
    python3 lite/build.py test-wheels     # pytest and hypothesis wheels for lite/pyodide_tests.mjs

What it does, from a clean checkout:

1. makes the build environment ``.venv-lite`` (its own venv, so the development one is left
   alone) from ``lite/requirements.txt`` at the exact versions of ``constraints/lite.txt``,
   and runs again inside it;
2. builds this project's wheel from the checkout (``SOURCE_DATE_EPOCH`` fixed, so the same
   checkout gives the same wheel);
3. unpacks Pyodide from its npm package (the version the kernel was made for) and writes a
   lock file naming exactly the wheels the kernel preloads, every one of them shipped in the
   site (see ``pyodide_lock.py``);
4. copies every notebook of ``notebooks/`` with its kernel set to the Pyodide kernel (no
   "Select kernel" dialog), the saved games they load (``notebooks/games/``) and
   ``docs/rules.md`` beside them;
5. runs ``jupyter lite build`` into a fresh temporary folder, checks that the result loads
   nothing from a CDN, writes a brotli and a gzip copy beside each text file (``NAME.br``,
   ``NAME.gz``: ``lite/serve.py`` and other static servers send those to browsers that accept
   them), and only then replaces the output folder.

Downloads (the npm package, the wheels) are kept in ``.venv-lite/downloads`` for the next build.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VENV = ROOT / ".venv-lite"
REQUIREMENTS = HERE / "requirements.txt"
CONSTRAINTS = ROOT / "constraints" / "lite.txt"
TEST_WHEELS = HERE / "test-wheels.txt"

PYODIDE_VERSION = "314.0.6"  # jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION of the pinned kernel
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js",
                 "package.json")
# Pure wheels that Pyodide does not have, at the versions of constraints/lite.txt (the lab
# extensions in the site come from the same versions).
KERNEL_WHEELS = ("anywidget", "ipywidgets", "comm", "psygnal")
# Wheels shipped as .py sources (False) or as .pyc bytecode made by Pyodide (True). Bytecode imports
# faster (no compiling in the tab) but its wheels are 1.7 times the size (4.8 MB instead of 2.9).
BYTECODE = False
# Packages the kernel asks for that the site replaces by an empty stand-in (a wheel with metadata
# and no module): jedi (with parso, 1.3 MB) only makes tab completion smarter; IPython, finding no
# ``jedi`` module, completes names and attributes from the live objects itself.
STAND_INS = {"jedi": "Tab completion by jedi is not in this site: IPython completes from the live objects."}
# The kernel's own wheels, shipped by jupyterlite-pyodide-kernel.
KERNEL_OWN = ("piplite", "pyodide_kernel", "ipykernel")
PURE = ["--only-binary=:all:", "--platform", "any", "--python-version", "3.14", "--implementation", "py",
        "--abi", "none"]


def log(message: str) -> None:
    print(f"[lite] {message}", flush=True)


def run(cmd: list[str], **kwargs: Any) -> None:
    subprocess.run(cmd, check=True, **kwargs)


# -- 1. the build environment -----------------------------------------------------------------------

def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> None:
    """Create ``.venv-lite`` or bring it to the pins; a stamp keeps the hash of the pin files."""
    digest = hashlib.sha256(REQUIREMENTS.read_bytes() + CONSTRAINTS.read_bytes()).hexdigest()
    stamp = VENV / ".lite-installed"
    if stamp.exists() and stamp.read_text() == digest and venv_python().exists():
        return
    log(f"creating {VENV.name} from {REQUIREMENTS.relative_to(ROOT)} and {CONSTRAINTS.relative_to(ROOT)}")
    if VENV.exists():
        downloads = VENV / "downloads"
        keep = Path(tempfile.mkdtemp(prefix="lite-downloads-")) if downloads.exists() else None
        if keep:
            shutil.move(str(downloads), keep / "downloads")
        shutil.rmtree(VENV)
    else:
        keep = None
    run([sys.executable, "-m", "venv", str(VENV)])
    if keep:
        shutil.move(str(keep / "downloads"), VENV / "downloads")
        shutil.rmtree(keep)
    pip = [str(venv_python()), "-m", "pip", "--disable-pip-version-check", "-q"]
    run([*pip, "install", "--upgrade", "pip", "-c", str(CONSTRAINTS)])
    run([*pip, "install", "-r", str(REQUIREMENTS), "-c", str(CONSTRAINTS)])
    stamp.write_text(digest)


def pip_download(specs: list[str], dest: Path, *, constraints: Path | None = None) -> None:
    """Download the pure (Python 3.14, any platform) wheels of ``specs`` into ``dest``, no dependencies."""
    if not specs:
        return
    dest.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", "download", "--no-deps", *PURE,
           "-d", str(dest), *specs]
    if constraints is not None:
        cmd += ["-c", str(constraints)]
    run(cmd)


def cached_wheel(folder: Path, name: str, version: str | None = None) -> Path | None:
    from packaging.utils import canonicalize_name, parse_wheel_filename

    for path in sorted(folder.glob("*.whl")):
        n, v, _, _ = parse_wheel_filename(path.name)
        if n == canonicalize_name(name) and (version is None or str(v) == version):
            return path
    return None


def pinned(name: str) -> str:
    """The version of ``name`` in constraints/lite.txt."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    for line in CONSTRAINTS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            req = Requirement(line)
            if canonicalize_name(req.name) == canonicalize_name(name):
                return next(iter(req.specifier)).version
    raise KeyError(f"{name} is not pinned in {CONSTRAINTS}")


def wheels_at(folder: Path, pins: dict[str, str]) -> dict[str, Path]:
    """``name -> wheel`` for ``pins`` (name -> version), downloading from PyPI the ones not in ``folder``."""
    missing = [f"{name}=={version}" for name, version in pins.items() if not cached_wheel(folder, name, version)]
    pip_download(missing, folder)
    found = {name: cached_wheel(folder, name, version) for name, version in pins.items()}
    lost = [name for name, path in found.items() if path is None]
    if lost:
        raise RuntimeError(f"no pure wheel downloaded for {', '.join(lost)}")
    return {name: path for name, path in found.items() if path is not None}


# -- 2. the project's wheel -------------------------------------------------------------------------

def project_wheel(dest: Path) -> Path:
    """Build this checkout's wheel (the JS bundle is the committed one; no Node is needed)."""
    env = dict(os.environ, SOURCE_DATE_EPOCH="1767225600")  # 2026-01-01: reproducible archive times
    run([sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", "wheel", "--no-deps",
         "--no-build-isolation", "-w", str(dest), str(ROOT)], env=env)
    (wheel,) = dest.glob("naga_widget-*.whl")
    return wheel


# -- 3. Pyodide and its lock ------------------------------------------------------------------------

def pyodide_package(downloads: Path) -> Path:
    """The unpacked npm package ``pyodide@PYODIDE_VERSION`` (``npm pack``, no node_modules)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as kernel_wants

    if kernel_wants != PYODIDE_VERSION:
        raise RuntimeError(f"the pinned kernel expects Pyodide {kernel_wants}, lite/build.py pins {PYODIDE_VERSION}")
    folder = downloads / f"pyodide-{PYODIDE_VERSION}"
    if not (folder / "package" / "pyodide-lock.json").exists():
        downloads.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(downloads)],
            stdout=subprocess.DEVNULL)
        tgz = downloads / f"pyodide-{PYODIDE_VERSION}.tgz"
        with tarfile.open(tgz) as tar:
            tar.extractall(folder, filter="data")
        tgz.unlink()
    return folder / "package"


def stand_in(name: str, why: str, dest: Path) -> Path:
    """An empty wheel that installs ``name`` (version 0) with no module, so ``import name`` fails as
    if it were absent while the kernel's install of ``name`` finds it (see ``STAND_INS``)."""
    dest.mkdir(parents=True, exist_ok=True)
    dist = f"{name}-0.dist-info"
    files = {f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0\nSummary: {why}\n",
             f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: naga_widget lite/build.py\nRoot-Is-Purelib: true\n"
                              "Tag: py3-none-any\n",
             f"{dist}/top_level.txt": ""}
    files[f"{dist}/RECORD"] = "".join(f"{n},,\n" for n in [*files, f"{dist}/RECORD"])
    wheel = dest / f"{name}-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as whl:
        for file, text in files.items():
            info = zipfile.ZipInfo(file, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            whl.writestr(info, text)
    return wheel


def kernel_extension_wheels() -> dict[str, Path]:
    """The wheels that jupyterlite-pyodide-kernel ships for its kernel (piplite, pyodide-kernel, ipykernel)."""
    from packaging.utils import canonicalize_name

    pypi = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    found = {canonicalize_name(name): cached_wheel(pypi, name) for name in KERNEL_OWN}
    if any(path is None for path in found.values()):
        raise RuntimeError(f"the kernel's wheels are not all in {pypi}: {found}")
    return {name: path for name, path in found.items() if path is not None}


def precompiled(package: Path, wheels: list[Path], out: Path, keep_source: tuple[str, ...] = ()) -> list[Path]:
    """The ``wheels`` (or Pyodide's ``python_stdlib.zip``) pruned and without comments (and, with ``BYTECODE``,
    rewritten to Python 3.14 bytecode) by Pyodide itself (see ``precompile.py``)."""
    src = out.with_name(out.name + "-src")
    src.mkdir(parents=True)
    out.mkdir(parents=True)
    for wheel in wheels:
        shutil.copy2(wheel, src / wheel.name)
    keep = [arg for name in keep_source for arg in ("--keep-source", name)]
    keep += [] if BYTECODE else ["--no-bytecode"]
    run(["node", str(HERE / "precompile.mjs"), str(package), str(src), str(out), *keep])
    shutil.rmtree(src)
    return [out / wheel.name for wheel in wheels]


def preloaded(config: dict[str, Any]) -> list[str]:
    settings = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    return list(settings["loadPyodideOptions"]["packages"])


def write_pyodide(static: Path, downloads: Path, own_wheels: list[Path], roots: list[str]) -> dict[str, Any]:
    """Fill ``static`` (the lite folder's static/pyodide) with Pyodide, the wheels and the lock."""
    import pyodide_lock as pl

    package = pyodide_package(downloads)
    static.mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name != "python_stdlib.zip":
            shutil.copy2(package / name, static / name)
    (stdlib,) = precompiled(package, [package / "python_stdlib.zip"], static.parents[2] / "compiled-stdlib")
    shutil.copy2(stdlib, static / "python_stdlib.zip")
    base = pl.load(package / "pyodide-lock.json")
    own_wheels = precompiled(package, own_wheels, static.parents[2] / "compiled-own", keep_source=("naga-widget",))
    own = {w.name: w for w in map(pl.Wheel.read, own_wheels)}
    env = pl.browser_environment(base["info"]["python"])
    depends = {name: list(e["depends"]) for name, e in base["packages"].items()}
    depends.update({name: w.depends(env) for name, w in own.items()})
    from_pypi = [name for name in pl.closure(roots, depends) if name not in own]
    specs = pl.from_pyodide(base, from_pypi)
    pins = {name: spec.split("==")[1] for name, spec in specs.items()}
    fetched_paths = list(wheels_at(downloads / "pyodide-wheels", pins).values())
    fetched_paths = precompiled(package, fetched_paths, static.parents[2] / "compiled-pyodide")
    fetched = {w.name: w for w in map(pl.Wheel.read, fetched_paths)}
    lock = pl.make_lock(base, roots, own, fetched)
    for item in lock["packages"].values():
        source = own.get(item["name"]) or fetched[item["name"]]
        shutil.copy2(source.path, static / item["file_name"])
    (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return lock


# -- 4. the notebooks -------------------------------------------------------------------------------

PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


NOTEBOOK_DATA = ("games",)  # folders of notebooks/ that notebooks read by a relative path


NOT_IN_LITE = "**JupyterLite:** no"  # a lesson's header line says so when it cannot run in Pyodide (PyTorch)


def runs_in_lite(notebook: dict[str, Any]) -> bool:
    """False for a lesson whose header says it does not work in JupyterLite (lesson 08 needs PyTorch)."""
    cells = notebook.get("cells") or [{}]
    return NOT_IN_LITE not in "".join(cells[0].get("source", ""))


def copy_notebooks(files: Path) -> list[str]:
    """Copy every notebook with its kernel set to Pyodide's (``python``), the folders of
    ``NOTEBOOK_DATA`` they read (the saved games of 04), and the rules beside them. A lesson with
    exercises goes in its student version (``notebooks/student/``, without the solutions); a lesson
    whose header says it does not work in JupyterLite is left out."""
    files.mkdir(parents=True)
    names = []
    for source in sorted((ROOT / "notebooks").glob("*.ipynb")):
        student = ROOT / "notebooks" / "student" / source.name
        notebook = json.loads((student if student.is_file() else source).read_text())
        if not runs_in_lite(notebook):
            continue
        notebook.setdefault("metadata", {})["kernelspec"] = dict(PYODIDE_KERNELSPEC)
        notebook["metadata"].setdefault("language_info", {"name": "python"})
        (files / source.name).write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
        names.append(source.name)
    if not names:
        raise RuntimeError("no notebook in notebooks/")
    for folder in sorted(p for p in (ROOT / "notebooks").iterdir() if p.is_dir() and p.name in NOTEBOOK_DATA):
        shutil.copytree(folder, files / folder.name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (files / "docs").mkdir()
    shutil.copy2(ROOT / "docs" / "rules.md", files / "docs" / "rules.md")
    return names


# -- 5. the site ------------------------------------------------------------------------------------

def check_site(out: Path, roots: list[str]) -> None:
    """Fail unless the built site loads Pyodide and every preloaded wheel from itself."""
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise RuntimeError(f"pyodideUrl is {kernel.get('pyodideUrl')!r}, not the site's copy: the kernel would "
                           "wait on a CDN")
    if preloaded({"jupyter-config-data": config}) != roots or not kernel.get("disablePyPIFallback"):
        raise RuntimeError("the kernel settings of lite/jupyter-lite.json did not reach the site")
    lock = json.loads((out / "static/pyodide/pyodide-lock.json").read_text())
    for item in lock["packages"].values():
        wheel = out / "static/pyodide" / item["file_name"]
        if hashlib.sha256(wheel.read_bytes()).hexdigest() != item["sha256"]:
            raise RuntimeError(f"{wheel.name}: its sha256 differs from the lock's")
    for name in PYODIDE_FILES:
        if not (out / "static/pyodide" / name).exists():
            raise RuntimeError(f"static/pyodide/{name} is missing")


# Files worth compressing: text and WebAssembly. Wheels, zips, fonts in woff/woff2 and images
# other than SVG are compressed already.
COMPRESS = (".js", ".mjs", ".css", ".html", ".json", ".svg", ".wasm", ".ipynb", ".md", ".txt", ".map", ".ttf",
            ".eot", ".ico", ".webmanifest")


def small_favicons(out: Path) -> None:
    """Replace JupyterLite's favicons (320 KB, every size in one .ico) by its 120 px icon, a 5 KB PNG
    inside an .ico (the tab shows it scaled)."""
    png = (out / "icon-120x120.png").read_bytes()
    header = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 120, 120, 0, 0, 1, 32, len(png), 22)
    for ico in out.glob("*/favicon.ico"):
        ico.write_bytes(header + png)


def compress_site(out: Path, cache: Path) -> dict[str, int]:
    """Write ``NAME.br`` and ``NAME.gz`` beside every file of ``out`` worth compressing (``lite/compress.mjs``),
    for servers that send precompressed files (``lite/serve.py``, nginx's ``gzip_static``)."""
    files = sorted(p for p in out.rglob("*") if p.is_file() and p.suffix in COMPRESS and p.stat().st_size >= 1024)
    done = subprocess.run(["node", str(HERE / "compress.mjs"), str(cache)], check=True, text=True,
                          input="".join(f"{p}\n" for p in files), stdout=subprocess.PIPE)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def size_of(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and p.suffix not in (".br", ".gz"))


def build_site(out: Path) -> None:
    started = time.monotonic()
    downloads = VENV / "downloads"
    work = ROOT / "build"
    work.mkdir(exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="lite-", dir=work))
    try:
        lite = tmp / "lite"
        lite.mkdir()
        shutil.copy2(HERE / "jupyter_lite_config.json", lite / "jupyter_lite_config.json")
        shutil.copy2(HERE / "jupyter-lite.json", lite / "jupyter-lite.json")
        roots = preloaded(json.loads((HERE / "jupyter-lite.json").read_text()))

        log("building the project's wheel")
        own = [project_wheel(tmp / "wheel")]
        pins = {name: pinned(name) for name in KERNEL_WHEELS}
        own += wheels_at(downloads / "kernel-wheels", pins).values()
        own += kernel_extension_wheels().values()
        own += [stand_in(name, why, tmp / "stand-ins") for name, why in STAND_INS.items()]

        log(f"Pyodide {PYODIDE_VERSION} and the lock of {', '.join(roots)}")
        lock = write_pyodide(lite / "static" / "pyodide", downloads, own, roots)
        log(f"{len(lock['packages'])} wheels in the kernel: {', '.join(sorted(lock['packages']))}")

        notebooks = copy_notebooks(lite / "files")
        log(f"notebooks: {', '.join(notebooks)}")

        output = tmp / "site"
        env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp / "config"), JUPYTER_DATA_DIR=str(tmp / "data"))
        for name in ("JUPYTER_PATH", "JUPYTERLITE_PYODIDE_URL", "JUPYTERLITE_DIR"):
            env.pop(name, None)
        log("jupyter lite build")
        run([str(Path(sys.prefix) / "bin" / "jupyter"), "lite", "build", "--lite-dir", str(lite),
             "--output-dir", str(output)], cwd=lite, env=env, stdout=subprocess.DEVNULL)
        (output / ".jupyterlite.doit.db").unlink(missing_ok=True)
        check_site(output, roots)
        small_favicons(output)
        log("compressing (NAME.br and NAME.gz beside each text file)")
        packed = compress_site(output, downloads / "compressed")
        log(f"{packed['bytes'] / 1e6:.1f} MB of text: {packed['br'] / 1e6:.1f} MB as brotli, "
            f"{packed['gz'] / 1e6:.1f} MB as gzip")

        if out.exists():
            shutil.rmtree(out)
        shutil.move(str(output), out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    mb = size_of(out) / 1e6
    log(f"built {out} ({mb:.1f} MB) in {time.monotonic() - started:.0f} s")


def test_wheels(dest: Path) -> None:
    """Download the pure wheels of lite/test-wheels.txt (pytest, hypothesis, ...) into ``dest``."""
    specs = [line.split("#", 1)[0].strip() for line in TEST_WHEELS.read_text().splitlines()]
    pins = dict(spec.split("==") for spec in specs if spec)
    paths = wheels_at(dest, pins)
    (dest / "wheels.json").write_text(json.dumps(sorted(p.name for p in paths.values()), indent=1) + "\n")
    log(f"{len(paths)} test wheels in {dest}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", nargs="?", choices=("site", "test-wheels"), default="site")
    parser.add_argument("--out", type=Path, default=None, help="output folder (site/ or .venv-lite/test-wheels)")
    args = parser.parse_args(argv)
    if Path(sys.prefix).resolve() != VENV.resolve():
        ensure_venv()
        os.execv(venv_python(), [str(venv_python()), __file__, *sys.argv[1:]])
    if args.what == "site":
        build_site((args.out or ROOT / "site").resolve())
    else:
        test_wheels((args.out or VENV / "test-wheels").resolve())


if __name__ == "__main__":
    main()
