"""Kingsbridge solo mode played by the coach: score distribution and coach time per turn.

Seeded solo games (``random.Random(seed)`` deals, seeds 0..N-1); each turn is chosen by the
expert computer player (the coach's best plan, characters only when no hand card fits, then
the end of the turn or the malus), with the expert's solo goal ``keep_empty`` or, given
``goal="cards"``, the plain "most cards" plan. The rulebook calls 12 points good and 22 the
maximum; at least 1 point wins. Time per turn is the wall-clock time of ``choose_turn``
(search included).

``python -m benchmarks.solo_coach [games] [budget] [goal]`` (defaults: 8 games, the coach's
budget, the expert's goal).
"""

from __future__ import annotations

import statistics
import sys
import time

from ludivox.engines.kingsbridge import KingsbridgeEngine
from ludivox.engines.kingsbridge.coach import DEFAULT_BUDGET
from ludivox.engines.kingsbridge.players import EXPERT, choose_turn

ENGINE = KingsbridgeEngine()
GAMES = 8
GOOD = 12  # "visez au moins 12 points"


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def play(seed: int, budget: int, goal: str | None = None) -> tuple[int, int, int, list[float]]:
    """One solo game: (score, malus cards, turns, seconds per turn)."""
    state = ENGINE.new_virtual_game(1, seed, mode="solo")
    times: list[float] = []
    while not state.game_over:
        start = time.perf_counter()
        actions = choose_turn(
            state, 0, EXPERT, seed=seed * 1000 + len(times), budget=budget, goal=goal
        )
        times.append(time.perf_counter() - start)
        for action in actions:
            state, _ = ENGINE.apply(state, action)
    return state.score(), len(state.malus), len(times), times


def run(
    games: int = GAMES, budget: int = DEFAULT_BUDGET, goal: str | None = None
) -> dict[str, float]:
    """Play ``games`` seeded solo games; returns figure name -> value."""
    scores: list[float] = []
    malus: list[float] = []
    turns: list[float] = []
    times: list[float] = []
    for seed in range(games):
        score, cards, count, seconds = play(seed, budget, goal)
        scores.append(score)
        malus.append(cards)
        turns.append(count)
        times.extend(seconds)
    return {
        "games": float(games),
        "score_mean": statistics.mean(scores),
        "score_min": min(scores),
        "score_p10": _percentile(scores, 0.10),
        "score_p50": _percentile(scores, 0.50),
        "score_p90": _percentile(scores, 0.90),
        "score_max": max(scores),
        "share_won": sum(s >= 1 for s in scores) / games,
        "share_good_12": sum(s >= GOOD for s in scores) / games,
        "malus_cards_mean": statistics.mean(malus),
        "turns_mean": statistics.mean(turns),
        "coach_s_per_turn_p50": _percentile(times, 0.50),
        "coach_s_per_turn_p95": _percentile(times, 0.95),
        "coach_s_per_turn_max": max(times),
    }


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_BUDGET
    chosen = sys.argv[3] if len(sys.argv) > 3 else None
    for name, value in run(count, nodes, chosen).items():
        print(f"{name}: {value:.4g}")
