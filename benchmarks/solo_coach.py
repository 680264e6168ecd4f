"""Kingsbridge solo mode played by the coach: score distribution and coach time per turn.

Each turn is the expert computer player's (the planning coach's plan, see
:mod:`ludivox.engines.kingsbridge.planner`; characters only when no hand card fits, then the
malus); ``goal="keep_empty"`` replays the former one-turn coach for comparison. Games and
figures: :mod:`benchmarks._coach_games` (``LUDIVOX_COACH_GAMES``, default 100; first seed
``LUDIVOX_COACH_FIRST``; ``LUDIVOX_COACH_CLOCK=0``: no clock, the coach's fixed budget only,
for comparing two coaches seed by seed).

``python -m benchmarks.solo_coach [games] [budget] [goal]``.
"""

from __future__ import annotations

import sys

from benchmarks._coach_games import figures, games_wanted
from ludivox.engines.kingsbridge.coach import DEFAULT_BUDGET


def run(games: int | None = None, budget: int = DEFAULT_BUDGET, goal: str | None = None
        ) -> dict[str, float]:
    """Play seeded solo games; returns figure name -> value."""
    return figures(1, games or games_wanted(), budget, goal)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else None
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_BUDGET
    chosen = sys.argv[3] if len(sys.argv) > 3 else None
    for name, value in run(count, nodes, chosen).items():
        print(f"{name}: {value:.4g}")
