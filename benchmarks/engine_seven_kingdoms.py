"""7 Kingdoms engine speed: seeded random playouts of whole games (virtual mode)."""

from __future__ import annotations

import random
import time

from ludivox.engines.seven_kingdoms import SevenKingdomsConfig, SevenKingdomsEngine
from ludivox.gamedata.seven_kingdoms import load_components

GAMES_PER_COUNT = 20


def run() -> dict[str, float]:
    """Actions applied per second (with legal-action generation) and games per second."""
    components = load_components()
    actions = games = 0
    legal_time = apply_time = 0.0
    start = time.perf_counter()
    for players in (2, 3, 4):
        for seed in range(GAMES_PER_COUNT):
            engine = SevenKingdomsEngine(SevenKingdomsConfig(components, players, seed=seed))
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


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value:.4g}")
