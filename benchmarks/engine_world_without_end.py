"""Un monde sans fin engine speed: seeded random playouts of whole games (virtual mode),
and whole games between computer players."""

from __future__ import annotations

import random
import time

from ludivox.engines.world_without_end import WweConfig, WweEngine
from ludivox.engines.world_without_end.players import choose
from ludivox.gamedata.world_without_end import load_components

GAMES_PER_COUNT = 6
EXPERT_GAMES = 3


def run() -> dict[str, float]:
    """Actions per second (with legal-action generation), games per second, and the time of
    one computer (expert) move."""
    components = load_components()
    actions = games = 0
    legal_time = apply_time = 0.0
    start = time.perf_counter()
    for players in (2, 3, 4):
        for seed in range(GAMES_PER_COUNT):
            engine = WweEngine(WweConfig(components, players, seed=seed))
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
        "actions_per_s": actions / total,
        "apply_per_s": actions / apply_time,
        "legal_actions_ms": 1000 * legal_time / actions,
        "games_per_s": games / total,
        "actions_per_game": actions / games,
        "expert_move_ms": 1000 * expert / moves,
        "expert_games_per_s": EXPERT_GAMES / expert,
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value:.4g}")
