"""Write the saved matches that notebooks/04_replay_and_inspect.ipynb loads.

Every game is fixed by its seeds (the match's and the bots'), and the bots search by a number of
simulations, not by time, so running this again writes the same files:

    .venv/bin/python notebooks/games/make_games.py
"""

from __future__ import annotations

from pathlib import Path

from naga_widget import Match
from naga_widget.bots import Bot, GreedyBot, ISMCTSBot, play_match

HERE = Path(__file__).resolve().parent


def games() -> dict[str, tuple[int, list[Bot]]]:
    """File name -> (match seed, the bots of gold and silver)."""
    return {
        "ismcts_vs_greedy.json": (2024, [ISMCTSBot(iterations=300, seed=1), GreedyBot(seed=2)]),
        "greedy_vs_ismcts.json": (2025, [GreedyBot(seed=3), ISMCTSBot(iterations=300, seed=4)]),
    }


def main() -> None:
    for name, (seed, bots) in games().items():
        match = Match(seed=seed)
        outcome = play_match(match, bots)
        match.save(str(HERE / name))
        print(f"{name}: {match.last_step} steps, {outcome}")


if __name__ == "__main__":
    main()
