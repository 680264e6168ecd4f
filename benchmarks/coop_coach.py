"""Kingsbridge co-op mode (2 and 3 players) played by expert computer players, each seat
planning only from what it may know (its hand, the table, the unseen cards' multiset).

Figures per player count, prefixed ``p2_`` / ``p3_`` (see :mod:`benchmarks._coach_games`:
``LUDIVOX_COACH_GAMES`` games each, default 30 to keep ``make bench`` sane: two player counts
of games twice as long as a solo one's turns); ``goal="keep_empty"`` replays the former
one-turn coach.

``python -m benchmarks.coop_coach [games] [goal]``.
"""

from __future__ import annotations

import sys

from benchmarks._coach_games import figures, games_wanted

PLAYERS = (2, 3)
GAMES = 30


def run(games: int | None = None, goal: str | None = None) -> dict[str, float]:
    """Play seeded co-op games for each player count; returns figure name -> value."""
    out: dict[str, float] = {}
    for players in PLAYERS:
        for name, value in figures(players, games or games_wanted(GAMES), goal=goal).items():
            out[f"p{players}_{name}"] = value
    return out


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else None
    chosen = sys.argv[2] if len(sys.argv) > 2 else None
    for name, value in run(count, chosen).items():
        print(f"{name}: {value:.4g}")
