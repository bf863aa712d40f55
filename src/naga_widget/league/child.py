"""The process a submission runs in: load the student's bot, then answer the referee's questions.

Started by :mod:`.sandbox` as ``python -I`` running this module (:func:`.sandbox.child_command`) (``SPEC``: JSON with
the submission's path and class name), with the limits already set. It holds the bot, the
observations and the legal actions it is sent (:mod:`naga_widget.bots.wire`), never a ``State``
or a ``Match``.

Before the bot's code runs, the two protocol pipes are moved off the standard streams: what the
bot prints goes to ``/dev/null``, and it cannot read the referee's messages from stdin. Where the
spec names a user id (a sandbox started by root), the process first becomes that user, with no
way back (no new privileges, no supplementary groups).
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..arena.lineup import takes_seed
from ..bots import sees_the_truth
from ..bots.turn import FailureKind, describe, failure, make
from ..bots.wire import answer, serve, write_reply


def load_class(path: Path, class_name: str | None) -> type:
    """The bot class of a submission: ``path`` is a ``.py`` file or a folder holding ``bot.py``."""
    if path.is_dir():
        sys.path.insert(0, str(path))
        module_file = path / "bot.py"
    else:
        sys.path.insert(0, str(path.parent))
        module_file = path
    spec = importlib.util.spec_from_file_location("submission", module_file)
    if spec is None or spec.loader is None:
        raise ImportError(f"{module_file.name} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    sys.modules["submission"] = module
    spec.loader.exec_module(module)
    if class_name is not None:
        found = getattr(module, class_name, None)
        if not isinstance(found, type):
            raise LookupError(f"the manifest names class {class_name!r}, which {module_file.name} does not define")
        return _honest(found)
    own = [obj for _, obj in inspect.getmembers(module, inspect.isclass)
           if obj.__module__ == "submission" and callable(getattr(obj, "act", None))]
    if len(own) != 1:
        names = ", ".join(sorted(c.__name__ for c in own)) or "none"
        raise LookupError(f"{module_file.name} must define exactly one class with an act(observation, legal) "
                          f"method, or name one in the manifest (found: {names})")
    return _honest(own[0])


def _honest(cls: type) -> type:
    """``cls``, unless it is a bot that plays on the true state (ClairvoyantBot): the league refuses those."""
    if sees_the_truth(cls):
        raise LookupError(f"{cls.__name__} plays on the true state (it sees the opponent's hand): the league plays "
                          "only bots that see what their player may see")
    return cls


def become(uid: int) -> None:
    """Switch this process to user and group ``uid`` for good (it must not be 0)."""
    import ctypes

    if uid == 0:
        raise PermissionError("a bot may not run as root")
    if ctypes.CDLL(None, use_errno=True).prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    if os.getresuid() != (uid, uid, uid) or os.getresgid() != (uid, uid, uid) or os.getgroups():
        raise PermissionError(f"could not become user {uid}")


def run(spec: dict[str, Any]) -> None:
    """Answer the referee (:func:`naga_widget.bots.wire.serve`): first the class's name once its
    submission is imported (or the failure), then a reply to each message."""
    inp = os.fdopen(os.dup(0), "rb")
    out = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    if spec.get("uid") is not None:
        try:
            become(int(spec["uid"]))
        except OSError as exc:
            write_reply(out, answer(failure(FailureKind.UNSTARTED, "could not start: the sandbox could not drop "
                                            "root: " + describe(exc), exc)))
            return
    try:
        cls = load_class(Path(spec["path"]), spec.get("class"))
    except BaseException as exc:  # noqa: BLE001 - a submission may raise anything while it is imported, even SystemExit
        write_reply(out, answer(failure(FailureKind.UNIMPORTED, exc=exc)))
        return
    write_reply(out, {"ok": cls.__name__})
    serve(inp, out, lambda message: make(_build, cls, message["seed"], contain=BaseException))


def _build(cls: type, seed: int) -> Any:
    bot = cls(seed=seed) if takes_seed(cls) else cls()
    if not callable(getattr(bot, "act", None)):
        raise TypeError(f"{cls.__name__}() has no act(observation, legal)")
    return bot


if __name__ == "__main__":
    task = json.loads(sys.argv[1])
    if not task.get("probe"):  # a probe only checks that this module can be imported in the sandbox
        run(task)
