"""Sample submissions for the league tests: good, slow, crashing, illegal and hostile bots.

Every misbehaving bot misbehaves only as silver (player 1): as gold it plays a legal move, so it
passes the smoke game (where it plays gold) and fails in the league's games, where the reason is
recorded. A hostile bot raises ``RuntimeError("ESCAPED ...")`` if its attack worked.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

GOOD = {
    "alice.py": '''
import random

class AliceBot:
    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def act(self, observation, legal):
        return legal.sample(self.rng)
''',
    "bob/bot.py": '''
from naga_widget.bots import GreedyBot
from helper import Base  # a second file of the submission


class Helper:  # a class with act() beside the bot: the manifest names the bot
    def act(self, observation, legal):
        raise RuntimeError("not me")


class BobBot(Base):
    def __init__(self, seed=None):
        self.inner = GreedyBot(seed=seed)

    def act(self, observation, legal):
        return self.inner.act(observation, legal)
''',
    "bob/helper.py": "class Base:\n    pass\n",
    "bob/league.txt": "class = BobBot\n",
}

SILVER = "observation['viewer'] == 1"


def misbehaving(body: str, imports: str = "") -> str:
    """A bot that runs ``body`` on its first move as silver, and else plays the first legal action."""
    indented = "\n".join("            " + line for line in body.strip().splitlines())
    return f'''
{imports}

class Bot:
    def __init__(self):
        self.done = False

    def act(self, observation, legal):
        if {SILVER} and not self.done:
            self.done = True
{indented}
        return list(legal)[0]
'''


FAULTY = {
    "carol.py": misbehaving("import time\ntime.sleep(1000)"),  # slow as silver: over the time of a move
    "dave.py": "raise RuntimeError('this submission does not import')\n",
    "erin.py": misbehaving("return 'place 99 rot0'"),  # not a legal action
    "frank.py": misbehaving("raise ValueError('my hand is 01a 05a')"),  # crashes; the message names its cards
}


def write(folder: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def pin_seeds(results: Path, name: str) -> Path:
    """Give the results folder ``results`` a fixed secret (see naga_widget.league.seeds), so that a
    test that looks at who won plays the same games on every run."""
    results.mkdir(parents=True, exist_ok=True)
    path = results / "secret.json"
    key = hashlib.sha256(f"tests/league: {name}".encode()).hexdigest()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        json.dump({"format": "naga-league-secret", "version": 1, "key": key, "seed": 0}, f)
    return results
