"""The teacher's credential of ``naga-widget serve`` is written to a file only its owner may read (0600) and
never printed: a real server's stdout and stderr hold the join code and the file's path, and neither the
teacher's credential nor a player's (whose welcome and play go through the same process)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from server_helpers import free_port

import naga_widget

sync_client = pytest.importorskip("websockets.sync.client")
pytest.importorskip("uvicorn")

CODE = "TEACHME2"


def serve(db: Path, port: int, out: Path, *extra: str) -> subprocess.Popen[bytes]:
    """``naga-widget serve`` with its stdout and stderr in ``out``, once it answers."""
    src = str(Path(naga_widget.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    with out.open("wb") as f:
        proc = subprocess.Popen([sys.executable, "-m", "naga_widget.cli", "serve", "--db", str(db), "--port",
                                 str(port), "--code", CODE, *extra], stdout=f, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 60
    while True:
        try:
            with sync_client.connect(f"ws://127.0.0.1:{port}/ws", open_timeout=2):
                return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"naga-widget serve did not start: {out.read_text()}") from None
            time.sleep(0.1)


def stop(proc: subprocess.Popen[bytes]) -> str:
    """Stop the server (Ctrl+C's signal would do the same); its stderr."""
    proc.terminate()
    _, err = proc.communicate(timeout=30)
    return err.decode()


def hello(port: int, msg: dict[str, object]) -> dict[str, object]:
    with sync_client.connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
        ws.send(json.dumps(msg))
        answer: dict[str, object] = json.loads(ws.recv(timeout=10))
        return answer


def private(path: Path) -> bool:
    return stat.S_IMODE(path.stat().st_mode) == 0o600


def test_the_teachers_credential_is_in_a_private_file_and_in_no_output(tmp_path: Path) -> None:
    db, port, out = tmp_path / "class.db", free_port(), tmp_path / "out1.txt"
    proc = serve(db, port, out)
    try:
        kept = tmp_path / "class.db-teacher"
        teacher = kept.read_text().strip()
        assert len(teacher) >= 32 and private(kept)
        assert hello(port, {"type": "hello", "credential": teacher})["player"] == "teacher"
        student = hello(port, {"type": "hello", "code": CODE, "name": "Ada"})
        assert student["type"] == "welcome" and isinstance(student["credential"], str)
        assert hello(port, {"type": "hello", "credential": teacher + "x"})["type"] == "refused"
    finally:
        err = stop(proc)
    said = out.read_text() + err
    assert CODE in said and str(kept.resolve()) in said  # the code and where the credential is
    assert teacher not in said and student["credential"] not in said
    assert teacher[:12] not in said  # not even a part of it

    # started again, told where to write it: a new credential replaces the file there, even one made
    # readable by others by hand, and the old credential no longer opens the teacher's view
    other = tmp_path / "private" / "teacher.txt"
    other.parent.mkdir()
    other.write_text("an old credential\n")
    other.chmod(0o644)
    out = tmp_path / "out2.txt"
    proc = serve(db, port, out, "--teacher-file", str(other))
    try:
        again = other.read_text().strip()
        assert again not in (teacher, "an old credential") and private(other)
        assert hello(port, {"type": "hello", "credential": teacher})["type"] == "refused"
        assert hello(port, {"type": "hello", "credential": again})["player"] == "teacher"
    finally:
        err = stop(proc)
    said = out.read_text() + err
    assert str(other.resolve()) in said and again not in said
