"""Kingsbridge solo / co-op games played by the expert computer players (the coach's plan
each turn), shared by ``solo_coach`` and ``coop_coach`` (not a benchmark itself: the leading
underscore keeps ``python -m benchmarks`` from running it).

Seeded games (``random.Random(seed)`` deals, seeds ``first`` to ``first + N - 1``). N is
``LUDIVOX_COACH_GAMES`` (default 100, what ``make bench`` plays; set it lower while
developing), ``first`` is ``LUDIVOX_COACH_FIRST`` (default 0). Figures: score mean, min, p10,
p50, p90, max, share at 12 or more (the rulebook's bar for experienced players), share won (at
least 1 point), games below -5 (issue 14: none), malus cards and characters left per game, and
the coach's wall-clock time per turn (p50, p95, max; search and judgement included) and its
processor time (the same figures of ``time.process_time``: what the turn costs whatever else
runs on the machine), each
turn given the table's stop condition (:func:`ludivox.bindings.kingsbridge.thinking.deadline`)
unless ``clock`` is off (``LUDIVOX_COACH_CLOCK=0``): then the coach's fixed work budget only,
so the games do not depend on the machine's load and two coaches compare seed by seed.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import NamedTuple

from benchmarks._stats import percentile
from ludivox.bindings.kingsbridge.thinking import deadline
from ludivox.engines.kingsbridge import KingsbridgeEngine
from ludivox.engines.kingsbridge.coach import DEFAULT_BUDGET
from ludivox.engines.kingsbridge.players import EXPERT, choose_turn

ENGINE = KingsbridgeEngine()
GOOD = 12  # "visez au moins 12 points"
FLOOR = -5  # issue 14: no game below -5
GAMES_VARIABLE = "LUDIVOX_COACH_GAMES"
FIRST_VARIABLE = "LUDIVOX_COACH_FIRST"
CLOCK_VARIABLE = "LUDIVOX_COACH_CLOCK"
DEFAULT_GAMES = 100


def games_wanted(default: int = DEFAULT_GAMES) -> int:
    """How many games to play: ``LUDIVOX_COACH_GAMES`` or ``default``."""
    return int(os.environ.get(GAMES_VARIABLE, default))


def first_wanted() -> int:
    """The first seed: ``LUDIVOX_COACH_FIRST`` or 0."""
    return int(os.environ.get(FIRST_VARIABLE, 0))


def clock_wanted() -> bool:
    """Whether each turn gets the table's clock: ``LUDIVOX_COACH_CLOCK`` (default on)."""
    return os.environ.get(CLOCK_VARIABLE, "1") not in ("0", "off", "no")


class Game(NamedTuple):
    """One played game: its score, malus cards, characters left, seconds per turn (wall
    clock and processor)."""

    score: int
    malus: int
    characters: int
    seconds: list[float]
    processor: list[float]


def play(players: int, seed: int, budget: int = DEFAULT_BUDGET, goal: str | None = None,
         clock: bool = True) -> Game:
    """One game (``clock``: each turn under the table's stop condition)."""
    mode = "solo" if players == 1 else "coop"
    state = ENGINE.new_virtual_game(players, seed, mode=mode)
    times: list[float] = []
    processor: list[float] = []
    while not state.game_over:
        start, spent = time.perf_counter(), time.process_time()
        actions = choose_turn(state, state.turn, EXPERT, seed=seed * 1000 + len(times),
                              budget=budget, goal=goal, stop=deadline() if clock else None)
        times.append(time.perf_counter() - start)
        processor.append(time.process_time() - spent)
        for action in actions:
            state, _ = ENGINE.apply(state, action)
    return Game(state.score(), len(state.malus), state.characters_left(), times, processor)


def figures(players: int, games: int, budget: int = DEFAULT_BUDGET, goal: str | None = None,
            first: int | None = None, clock: bool | None = None) -> dict[str, float]:
    """Play ``games`` seeded games of ``players`` experts from seed ``first``; returns figure
    name -> value."""
    start = first_wanted() if first is None else first
    timed = clock_wanted() if clock is None else clock
    played = [play(players, seed, budget, goal, timed) for seed in range(start, start + games)]
    return summary(played)


def summary(played: list[Game]) -> dict[str, float]:
    """The figures of ``played`` games (see the module docstring)."""
    scores = [float(g.score) for g in played]
    times = [s for g in played for s in g.seconds]
    processor = [s for g in played for s in g.processor]
    games = len(played)
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
        "malus_cards_mean": statistics.mean(g.malus for g in played),
        "characters_left_mean": statistics.mean(g.characters for g in played),
        "coach_s_per_turn_p50": percentile(times, 50),
        "coach_s_per_turn_p95": percentile(times, 95),
        "coach_s_per_turn_max": max(times),
        "coach_cpu_s_per_turn_p50": percentile(processor, 50),
        "coach_cpu_s_per_turn_p95": percentile(processor, 95),
        "coach_cpu_s_per_turn_max": max(processor),
    }
