"""The wheel carries the view's ES module, so installing it needs no Node; the engine needs no Jupyter."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_the_view_module(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next(tmp_path.glob("naga_widget-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        shipped = z.read("naga_widget/static/naga_widget.js")
        metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert shipped == (ROOT / "src" / "naga_widget" / "static" / "naga_widget.js").read_bytes()
    assert "naga_widget/py.typed" in names and "naga_widget/rules/state.py" in names
    requires = sorted(line.split(":", 1)[1].split(">")[0].strip() for line in metadata.splitlines()
                      if line.startswith("Requires-Dist:") and "extra ==" not in line)
    assert requires == ["anywidget", "ipywidgets", "traitlets"]


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
