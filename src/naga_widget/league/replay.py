"""Replays that need no kernel: the widget's own view, in one HTML file, on precomputed steps.

A replay holds, for one perspective, every synced trait of the widget
(:func:`naga_widget.widget.projection.traits`, whatever traits it sends) at every step of the
match's line, plus the catalog. It is of that one line: its timeline (in the ``"review"`` mode)
lists that line alone, so nothing from another line (a card invoked there, still in a hand on this
one) is in the file. Python computes them all here, once; the page runs the real
view bundle (``naga_widget/static/naga_widget.js``) on a small stand-in for the widget's model
that answers the view's timeline intents (``goto``) by showing the precomputed step. The
slider, the keys, the event log and the rule texts work offline; nothing can be played.

Perspectives: ``"spectator"`` (the public facts only: the default), ``0`` or ``1`` (that
player's view), or ``"teacher"`` (everything, for a game that is over). The file holds only what
that perspective's traits hold: not the saved match, not the seed (it would give away every
hidden card).

Size: each distinct trait value is stored once (most traits repeat from one step to the next),
and the whole table is compressed (gzip, then base64): a full game is a few hundred kB, most of
it the view's own bundle.

``naga_widget.replay_html(match)`` is :func:`to_html`, loaded on first use (a match knows nothing
of the view: :mod:`naga_widget.match` imports no layer above it).
"""

from __future__ import annotations

import base64
import gzip
import html
import json
from pathlib import Path
from typing import Any

from ..match import Match
from ..rules.errors import is_choice
from ..widget.projection import PERSPECTIVES, View, catalog, traits

REPLAY_PERSPECTIVES = ("spectator", 0, 1, "teacher")
BUNDLE = Path(__file__).resolve().parent.parent / "static" / "naga_widget.js"


def check_perspective(perspective: int | str) -> int | str:
    if not is_choice(perspective, REPLAY_PERSPECTIVES):
        raise ValueError(f"a replay's perspective must be one of {REPLAY_PERSPECTIVES}, not {perspective!r}")
    assert perspective in PERSPECTIVES
    return perspective


def replay_data(match: Match, perspective: int | str = "spectator") -> dict[str, Any]:
    """Every step of ``match``'s line as ``perspective`` sees it: ``{"values": [...], "steps":
    [{trait: index into values}], "catalog": ...}`` (each distinct value once)."""
    check_perspective(perspective)
    if perspective == "teacher" and match.outcome is None and match.state_at(match.last_step).outcome is None:
        raise ValueError("a replay shows everything ('teacher') only of a game that is over")
    copy = Match.loads(match.dumps())  # the caller's match keeps its cursor
    view = View(perspective, timeline="review", hints=False)  # a page without a kernel: no search to ask
    values: list[Any] = []
    index: dict[str, int] = {}
    steps = []
    for k in range(copy.last_step + 1):
        copy.goto(k)
        shown = traits(copy, view)
        shown["menu"] = {}  # a replay decides nothing, and starts no new game: its controls are absent
        shown["status"] = {**shown["status"], "new_game": False}
        if isinstance(shown.get("timeline"), dict):
            shown["timeline"] = {**shown["timeline"], "can_play": False}
        row = {}
        for name, value in shown.items():
            text = json.dumps(value, sort_keys=True, separators=(",", ":"))
            if text not in index:
                index[text] = len(values)
                values.append(value)
            row[name] = index[text]
        steps.append(row)
    copy.goto(copy.last_step)
    return {"format": "naga-widget-replay", "version": 1, "perspective": perspective, "values": values,
            "steps": steps, "catalog": catalog(copy.ruleset), "start": copy.last_step}


def pack_data(data: dict[str, Any]) -> str:
    return base64.b64encode(gzip.compress(json.dumps(data, separators=(",", ":")).encode(), 9, mtime=0)).decode()


def unpack_data(text: str) -> dict[str, Any]:
    return json.loads(gzip.decompress(base64.b64decode(text)))  # type: ignore[no-any-return]


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>body{{font-family:system-ui,sans-serif;margin:1rem;max-width:1100px}}.naga-replay-note{{color:#555}}</style>
</head><body>
<h1>{title}</h1>
<p class="naga-replay-note">{note}</p>
<div id="naga-replay" data-testid="replay"></div>
<noscript>This replay needs JavaScript (it runs in the page, with no server).</noscript>
<script type="application/octet-stream" id="naga-replay-data">{data}</script>
<script type="application/octet-stream" id="naga-replay-view">{bundle}</script>
<script type="module">
{runner}
</script>
</body></html>
"""

# The stand-in model: get/set/on/off/save_changes/send, as the view uses them. A timeline intent
# shows the precomputed step and answers with its id (status.ack), as Python would.
_RUNNER = """
const text = (id) => document.getElementById(id).textContent.trim();
const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
async function unpack(b64) {
  const stream = new Blob([bytes(b64)]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}
class ReplayModel {
  constructor(data) {
    this.data = data;
    this.handlers = new Map();
    this.state = { catalog: data.catalog, intent: {} };
    this.ack = 0;
    this.show(data.start, false);
  }
  show(step, notify = true) {
    const last = this.data.steps.length - 1;
    this.step = Math.max(0, Math.min(last, step));
    const row = this.data.steps[this.step];
    const changed = [];
    for (const [name, i] of Object.entries(row)) {
      let value = this.data.values[i];
      if (name === "status") value = { ...value, ack: this.ack };
      if (this.state[name] !== value) changed.push(name);
      this.state[name] = value;
    }
    window.__nagaReplayStep = this.step;
    if (notify) setTimeout(() => changed.forEach((name) => this.fire(name)), 0);
  }
  handle(intent) {
    if (!intent || typeof intent !== "object") return;
    if (Number.isInteger(intent.id)) this.ack = intent.id;
    const moves = { goto: intent.to, start: 0, end: this.data.steps.length - 1, undo: this.step - 1,
      redo: this.step + 1 };
    const to = moves[intent.type];
    this.show(Number.isInteger(to) ? to : this.step);
  }
  fire(name) { for (const cb of this.handlers.get(`change:${name}`) ?? []) cb(); }
  get(name) { return this.state[name]; }
  set(name, value) { this.state[name] = value; if (name === "intent") this.pendingIntent = value; }
  save_changes() { const intent = this.pendingIntent; this.pendingIntent = null; this.handle(intent); }
  send(message) { this.handle(message); }
  on(event, cb) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(cb);
  }
  off(event, cb) {
    if (!event) this.handlers.clear();
    else if (!cb) this.handlers.delete(event);
    else this.handlers.get(event)?.delete(cb);
  }
}
const data = await unpack(text("naga-replay-data"));
const view = await import("data:text/javascript;base64," + text("naga-replay-view"));
const model = new ReplayModel(data);
window.__nagaReplay = model;
const el = document.getElementById("naga-replay");
await view.default.render({ model, el });
el.setAttribute("data-ready", "true");
"""


def to_html(match: Match, perspective: int | str = "spectator", title: str | None = None) -> str:
    """One self-contained HTML page replaying ``match`` as ``perspective`` sees it (see the module doc)."""
    data = replay_data(match, perspective)
    who = {"spectator": "a spectator (public facts only)", "teacher": "everything (the game is over)",
           0: "Gold's player", 1: "Silver's player"}[perspective]
    note = (f"A replay of {data['start']} steps as {who} sees it. Drag the slider or use the arrow keys; "
            "no server needed.")
    bundle = base64.b64encode(BUNDLE.read_bytes()).decode()
    return _PAGE.format(title=html.escape(title or "Naga Raja replay"), note=html.escape(note), data=pack_data(data),
                        bundle=bundle, runner=_RUNNER)


def read_game(path: str | Path) -> Match:
    """A match from a saved match (``Match.save``) or a league game record (its ``saved`` field)."""
    text = Path(path).read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("saved"), str):
        return Match.loads(data["saved"])
    return Match.loads(text)
