"""Kingsbridge solo / co-op games played by the expert computer players (the coach's plan
each turn), shared by ``solo_coach`` and ``coop_coach`` (not a benchmark itself: the leading
underscore keeps ``python -m benchmarks`` from running it).

Seeded games (``random.Random(seed)`` deals, seeds 0..N-1). N is ``LUDIVOX_COACH_GAMES``
(default 100, what ``make bench`` plays; set it lower while developing). Figures: score
mean, min, p10, p50, p90, max, share at 12 or more (the rulebook's bar for experienced
players), share won (at least 1 point), games below -5 (issue 14: none), malus cards and
characters left per game, and the coach's wall-clock time per turn (p50, p95, max; search
and judgement included), each turn given the table's stop condition
(:func:`ludivox.bindings.kingsbridge.thinking.deadline`).
"""

from __future__ import annotations

import os
import statistics
import time

from benchmarks._stats import percentile
from ludivox.bindings.kingsbridge.thinking import deadline
from ludivox.engines.kingsbridge import KingsbridgeEngine
from ludivox.engines.kingsbridge.coach import DEFAULT_BUDGET
from ludivox.engines.kingsbridge.players import EXPERT, choose_turn

ENGINE = KingsbridgeEngine()
GOOD = 12  # "visez au moins 12 points"
FLOOR = -5  # issue 14: no game below -5
GAMES_VARIABLE = "LUDIVOX_COACH_GAMES"
DEFAULT_GAMES = 100


def games_wanted(default: int = DEFAULT_GAMES) -> int:
    """How many games to play: ``LUDIVOX_COACH_GAMES`` or ``default``."""
    return int(os.environ.get(GAMES_VARIABLE, default))


def play(players: int, seed: int, budget: int = DEFAULT_BUDGET, goal: str | None = None
         ) -> tuple[int, int, int, list[float]]:
    """One game: (score, malus cards, characters left, seconds per turn)."""
    mode = "solo" if players == 1 else "coop"
    state = ENGINE.new_virtual_game(players, seed, mode=mode)
    times: list[float] = []
    while not state.game_over:
        start = time.perf_counter()
        actions = choose_turn(state, state.turn, EXPERT, seed=seed * 1000 + len(times),
                              budget=budget, goal=goal, stop=deadline())
        times.append(time.perf_counter() - start)
        for action in actions:
            state, _ = ENGINE.apply(state, action)
    return state.score(), len(state.malus), state.characters_left(), times


def figures(players: int, games: int, budget: int = DEFAULT_BUDGET, goal: str | None = None
            ) -> dict[str, float]:
    """Play ``games`` seeded games of ``players`` experts; returns figure name -> value."""
    scores: list[float] = []
    malus: list[float] = []
    left: list[float] = []
    times: list[float] = []
    for seed in range(games):
        score, cards, characters, seconds = play(players, seed, budget, goal)
        scores.append(score)
        malus.append(cards)
        left.append(characters)
        times.extend(seconds)
    return {
        "games": float(games),
        "score_mean": statistics.mean(scores),
        "score_min": min(scores),
        "score_p10": percentile(scores, 10),
        "score_p50": percentile(scores, 50),
        "score_p90": percentile(scores, 90),
        "score_max": max(scores),
        "share_good_12": sum(s >= GOOD for s in scores) / games,
        "share_won": sum(s >= 1 for s in scores) / games,
        "games_below_minus_5": float(sum(s < FLOOR for s in scores)),
        "malus_cards_mean": statistics.mean(malus),
        "characters_left_mean": statistics.mean(left),
        "coach_s_per_turn_p50": percentile(times, 50),
        "coach_s_per_turn_p95": percentile(times, 95),
        "coach_s_per_turn_max": max(times),
    }
