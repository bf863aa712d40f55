"""Widget figures (``make bench``): bytes synced per update and per full game, Python time per update
(the whole intent, and the pure projection of one view alone), the decisions of a full game that
the view passes by itself (``auto_pass``), and the render times that the end-to-end test measured in
Chromium (``test-output/render-times.json``).

Bytes are the JSON of the traits that changed in an update, which is what
ipywidgets sends for a ``hold_sync()`` block.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path

from naga_widget import GreedyBot, Match, NagaWidget
from naga_widget.widget import SYNCED, View, traits

ROOT = Path(__file__).resolve().parents[1]


def measure(perspective: int | str, seed: int) -> tuple[list[int], list[float], list[float]]:
    """Play a full game through play intents; return bytes, seconds, and seconds of the projection alone,
    of each update."""
    w = NagaWidget(Match(seed=seed), perspective=perspective)
    sizes: list[int] = []
    pending: dict[str, int] = {}

    def changed(change: dict[str, object]) -> None:
        pending[str(change["name"])] = len(json.dumps(change["new"]))

    w.observe(changed, names=list(SYNCED))
    rng = random.Random(seed)
    seconds = []
    projection = []
    view = View(perspective)
    other = NagaWidget(w.match, perspective=1 - perspective) if isinstance(perspective, int) else None
    n = 0
    while not w.state.is_over:
        actor = w if w.state.to_move == perspective or other is None else other
        action = str(w.state.legal_actions().sample(rng))
        pending.clear()
        n += 1
        start = time.perf_counter()
        actor.intent = {"id": n, "type": "play", "action": action}
        seconds.append(time.perf_counter() - start)
        sizes.append(sum(pending.values()))
        start = time.perf_counter()
        traits(w.match, view)
        projection.append(time.perf_counter() - start)
    return sizes, seconds, projection


def auto_passes(seed: int) -> tuple[int, int]:
    """A full game in the teacher's view, each decision GreedyBot's sent as a play intent: the decisions
    sent, and the passes the view played by itself (the only legal decision, with auto_pass on)."""
    w = NagaWidget(Match(seed=seed), perspective="teacher")
    bots = [GreedyBot(seed=seed), GreedyBot(seed=seed + 1)]
    sent = 0
    while not w.state.is_over:
        s = w.state
        action = bots[s.to_move].act(s.observe(s.to_move), s.legal_actions().detached())
        sent += 1
        w.intent = {"id": sent, "type": "play", "action": str(action)}
    return sent, len(w.match.actions) - sent


def main() -> None:
    print("naga_widget widget benchmark")
    for perspective in (0, "teacher"):
        sizes, seconds, projection = [], [], []
        for seed in range(5):
            s, t, p = measure(perspective, seed)
            sizes += s
            seconds += t
            projection += p
        games = 5
        print(f"  perspective {perspective!r}:")
        print(f"    bytes per update: median {statistics.median(sizes):,.0f}, max {max(sizes):,}")
        print(f"    bytes per full game: {sum(sizes) / games:,.0f}")
        print(f"    Python time to apply, project and sync one update: median "
              f"{1e3 * statistics.median(seconds):.2f} ms, max {1e3 * max(seconds):.2f} ms")
        print(f"    Python time to project one view (naga_widget.widget.traits), alone: median "
              f"{1e3 * statistics.median(projection):.2f} ms, max {1e3 * max(projection):.2f} ms")
    counts = [auto_passes(seed) for seed in range(10)]
    sent, passed = sum(c[0] for c in counts), sum(c[1] for c in counts)
    print(f"  auto-pass, 10 GreedyBot games in the teacher's view: {sent / 10:.1f} decisions sent per game, "
          f"{passed / 10:.1f} passes played by the view ({passed / (sent + passed):.0%} of the steps)")
    render = ROOT / "test-output" / "render-times.json"
    if render.exists():
        data = json.loads(render.read_text())
        print(f"  render time per update in Chromium (last e2e run, {data['renders']} renders): "
              f"median {data['median_ms']:.2f} ms, max {data['max_ms']:.2f} ms")
    else:
        print("  render time in Chromium: run the end-to-end test first (make test)")


if __name__ == "__main__":
    main()
