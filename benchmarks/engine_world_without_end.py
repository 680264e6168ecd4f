"""Un monde sans fin engine speed: seeded random playouts of whole games (virtual mode),
and whole games between computer players."""

from __future__ import annotations

import time

from benchmarks._playouts import random_playouts
from ludivox.engines.world_without_end import WweConfig, WweEngine
from ludivox.engines.world_without_end.players import choose
from ludivox.gamedata.world_without_end import load_components

GAMES_PER_COUNT = 6
EXPERT_GAMES = 3


def run() -> dict[str, float]:
    """Actions per second (with legal-action generation), games per second, and the time of
    one computer (expert) move."""
    components = load_components()
    figures = random_playouts(
        lambda players, seed: WweEngine(WweConfig(components, players, seed=seed)),
        (2, 3, 4), GAMES_PER_COUNT)
    moves = 0
    t0 = time.perf_counter()
    for seed in range(EXPERT_GAMES):
        engine = WweEngine(WweConfig(components, 4, seed=seed))
        state = engine.new_game()
        while not engine.awaiting(state).game_over:
            state, _ = engine.apply(state, choose(engine, state, "expert", seed))
            moves += 1
    expert = time.perf_counter() - t0
    return {
        **figures,
        "expert_move_ms": 1000 * expert / moves,
        "expert_games_per_s": EXPERT_GAMES / expert,
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value:.4g}")
