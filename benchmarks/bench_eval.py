"""A learned evaluation against the hand-written one, in ISMCTS at equal time per move (``make bench``).

1. Self-play: GreedyBot plays itself in the arena (``--data-games`` games).
2. Every position of those games, seen by each player, becomes a row of
   :func:`~naga_widget.bots.position_features` labelled with whether that player won
   (:func:`~naga_widget.bots.labelled_positions`); a quarter of the games is held out.
3. Logistic regression (L2-regularized, fitted by Newton's method with NumPy) gives the
   weights of a :class:`~naga_widget.bots.LinearEvaluation`; the held-out log loss and
   accuracy are printed beside those of a constant guess.
4. ``ISMCTSBot(seconds=S, evaluation=learned)`` plays ``ISMCTSBot(seconds=S, evaluation=None)``
   (the hand-written ``evaluate``) in the arena, ``--games`` games with seats alternated, each bot in its own
   process, and the learned one's win rate is printed with a 95% Wilson interval, with
   the simulations each search makes in that time on the same positions.

Numbers only; nothing here asserts a result. The weights are printed as Python. The package's
``FITTED`` came from this script; it became the search's default evaluation once it won at 0.3 s
and 1 s a move against GreedyBot, ``ismcts-v1`` and the search with ``evaluate`` (docs/bots.md).

    python benchmarks/bench_eval.py                  # 200 self-play games, 200 games at 0.05 s a move
    python benchmarks/bench_eval.py --quick          # a smoke run (about a minute)
"""

from __future__ import annotations

import argparse
import statistics
import time
from functools import partial

import numpy as np

from naga_widget import Match
from naga_widget.arena import tournament, wilson
from naga_widget.bots import FEATURES, GreedyBot, ISMCTSBot, LinearEvaluation, labelled_positions


def self_play(games: int, seed: int) -> list[Match]:
    """``games`` games of GreedyBot against itself, played in the arena."""
    result = tournament({"greedy": GreedyBot, "greedy again": GreedyBot}, games=games, seed=seed, workers=0,
                        progress=False)
    return [result.open(g.id) for g in result.games]


def dataset(matches: list[Match], every: int) -> tuple[np.ndarray, np.ndarray]:
    rows: list[list[float]] = []
    labels: list[float] = []
    for match in matches:
        r, y = labelled_positions(match, every=every)
        rows += r
        labels += y
    return np.array(rows, dtype=float), np.array(labels, dtype=float)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 30) -> tuple[np.ndarray, float]:
    """Logistic regression by Newton's method: weights and bias that make the labels most likely."""
    n, k = x.shape
    a = np.hstack([x, np.ones((n, 1))])
    theta = np.zeros(k + 1)
    ridge = l2 * n * np.eye(k + 1)
    ridge[k, k] = 0.0  # the bias is not shrunk
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(a @ theta)))
        gradient = a.T @ (p - y) + ridge @ theta
        hessian = (a * (p * (1 - p))[:, None]).T @ a + ridge
        change = np.linalg.solve(hessian, gradient)
        theta -= change
        if np.max(np.abs(change)) < 1e-9:
            break
    return theta[:k], float(theta[k])


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def iterations_in(bot_factory: partial[ISMCTSBot], matches: list[Match], positions: int) -> float:
    """The mean simulations one search makes in its time, on positions of the held-out games."""
    found: list[int] = []
    for match in matches:
        for step in range(0, match.last_step, max(1, match.last_step // 4)):
            state = match.state_at(step)
            if len(state.legal_actions()) < 2:
                continue
            bot = bot_factory(seed=step)
            bot.decide(state.observe(state.to_move), state.legal_actions().detached())
            found.append(bot.last_iterations)
            if len(found) >= positions:
                return statistics.mean(found)
    return statistics.mean(found) if found else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-games", type=int, default=200, help="self-play games to learn from")
    parser.add_argument("--games", type=int, default=200, help="arena games, learned against the hand-written evaluate")
    parser.add_argument("--seconds", type=float, default=0.05, help="time per move of both searches")
    parser.add_argument("--every", type=int, default=2, help="keep one position in this many")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 12 self-play games, 4 arena games")
    args = parser.parse_args()
    if args.quick:
        args.data_games, args.games = 12, 4

    start = time.perf_counter()
    matches = self_play(args.data_games, args.seed)
    cut = max(1, len(matches) // 4)
    held, train = matches[:cut], matches[cut:]
    x, y = dataset(train, args.every)
    hx, hy = dataset(held, args.every)
    print(f"self-play: {len(matches)} games of GreedyBot against itself in {time.perf_counter() - start:.0f} s; "
          f"{len(x)} training rows, {len(hx)} held-out rows ({cut} games)")

    weights, bias = fit(x, y)
    learned = LinearEvaluation(weights.tolist(), bias)
    p = 1.0 / (1.0 + np.exp(-(hx @ weights + bias)))
    base = float(np.mean(y))
    print(f"held out: log loss {log_loss(p, hy):.3f} (a constant guess: {log_loss(np.full(len(hy), base), hy):.3f}), "
          f"accuracy {np.mean((p > 0.5) == (hy > 0.5)):.1%}")
    print("weights:")
    for name, w in zip(FEATURES, learned.weights):
        print(f"    {name:20} {w:+.4f}")
    print(f"    {'bias':20} {learned.bias:+.4f}")
    print(f"as Python: LinearEvaluation({[round(w, 4) for w in learned.weights]}, {round(learned.bias, 4)})")

    today = partial(ISMCTSBot, seconds=args.seconds, evaluation=None)  # the hand-written evaluate
    mine = partial(ISMCTSBot, seconds=args.seconds, evaluation=learned)
    sims_today = iterations_in(today, held, 20)
    sims_mine = iterations_in(mine, held, 20)
    print(f"simulations per search at {args.seconds} s a move: evaluate {sims_today:.0f}, "
          f"learned {sims_mine:.0f}")

    start = time.perf_counter()
    result = tournament({"learned": mine, "today": today}, games=args.games, seed=args.seed + 1, workers=1,
                        progress=False)
    wins = sum(g.winner == "learned" for g in result.games)
    played = len(result.games)
    low, high = wilson(wins, played)
    forfeits = sum(bool(g.error) for g in result.games)
    print(f"arena: ISMCTSBot(seconds={args.seconds}) with the learned evaluation against evaluate, {played} games, "
          f"seats alternated, each bot in its own process, {time.perf_counter() - start:.0f} s")
    print("| evaluation | wins | win rate | 95% interval | simulations a move |")
    print(f"| learned | {wins} | {wins / played:.1%} | {low:.1%}–{high:.1%} | {sims_mine:.0f} |")
    print(f"| `evaluate` | {played - wins} | {(played - wins) / played:.1%} | {1 - high:.1%}–{1 - low:.1%} "
          f"| {sims_today:.0f} |")
    if forfeits:
        print(f"{forfeits} game(s) forfeited: {result.errors()[:3]}")
    verdict = "at least 60%: the learned evaluation is better than evaluate" if wins / played >= 0.6 else \
        "below 60%: not shown better than evaluate"
    print(f"verdict: {verdict}")


if __name__ == "__main__":
    main()
