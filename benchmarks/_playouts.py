"""Seeded random playouts timed the same way for every engine benchmark (not a benchmark:
the leading underscore keeps ``python -m benchmarks`` from running it)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ludivox.engines.base import Engine


class Playable(Engine[Any, Any], Protocol):
    """An engine that deals its own game (virtual mode)."""

    def new_game(self) -> Any: ...


def random_playouts(
    make: Callable[[int, int], Playable], counts: Iterable[int], games_per_count: int,
) -> dict[str, float]:
    """Play ``games_per_count`` whole games (seeds 0, 1, ...) for each player count, the engine
    made by ``make(players, seed)``, every action chosen at random among the legal ones.
    Figures: actions per second (legal-action generation, apply and set-up together), apply
    alone per second, the mean time of ``legal_actions``, games per second, actions a game."""
    actions = games = 0
    legal_time = apply_time = 0.0
    start = time.perf_counter()
    for players in counts:
        for seed in range(games_per_count):
            engine = make(players, seed)
            rng = random.Random(seed)
            state = engine.new_game()
            while not engine.awaiting(state).game_over:
                t0 = time.perf_counter()
                legal = list(engine.legal_actions(state))
                t1 = time.perf_counter()
                state, _ = engine.apply(state, rng.choice(legal))
                apply_time += time.perf_counter() - t1
                legal_time += t1 - t0
                actions += 1
            games += 1
    total = time.perf_counter() - start
    return {
        "actions_per_s": actions / total,
        "apply_per_s": actions / apply_time,
        "legal_actions_ms": 1000 * legal_time / actions,
        "games_per_s": games / total,
        "actions_per_game": actions / games,
    }
