"""Kingsbridge engine speed over seeded random playouts (virtual mode, 1 to 5 players).

Figures: actions applied per second (legal_actions + apply, the table's hot path), refusal
checks per second, notation round trips per second, and the mean length of a game.
"""

from __future__ import annotations

import random
import time

from ludivox.engines.kingsbridge import KingsbridgeEngine, KingsbridgeState
from ludivox.engines.kingsbridge.actions import KingsbridgeAction, Move, Place

ENGINE = KingsbridgeEngine()
GAMES_PER_COUNT = 6
MAX_ACTIONS = 5000


def _choose(rng: random.Random, state: KingsbridgeState, legal: list[KingsbridgeAction]
            ) -> KingsbridgeAction:
    places = [a for a in legal if isinstance(a, Place)]
    moves = [a for a in legal if isinstance(a, Move)]
    if places and rng.random() < 0.85:
        return rng.choice(places)
    if moves and state.moves < 4 and rng.random() < 0.5:
        return rng.choice(moves)
    rest = [a for a in legal if a.kind in ("end", "pass", "exchange")]
    return rng.choice(rest or legal)


def _playouts() -> tuple[list[KingsbridgeState], int, float]:
    states: list[KingsbridgeState] = []
    actions = 0
    start = time.perf_counter()
    for players in range(1, 6):
        for seed in range(GAMES_PER_COUNT):
            rng = random.Random(seed)
            state = ENGINE.new_virtual_game(players, seed)
            for _ in range(MAX_ACTIONS):  # a bound, in case a game ever ran on
                if state.game_over:
                    break
                legal = list(ENGINE.legal_actions(state))
                state, _ = ENGINE.apply(state, _choose(rng, state, legal))
                states.append(state)
                actions += 1
    return states, actions, time.perf_counter() - start


def run() -> dict[str, float]:
    """Measure the engine; returns figure name -> value."""
    states, actions, seconds = _playouts()
    games = 5 * GAMES_PER_COUNT
    sample = states[:: max(1, len(states) // 500)]

    start = time.perf_counter()
    checks = 0
    for state in sample:
        for action in ENGINE.legal_actions(state):
            ENGINE.refusal(state, action)
            checks += 1
    refusal_seconds = time.perf_counter() - start

    start = time.perf_counter()
    for state in sample:
        ENGINE.loads(ENGINE.dumps(state))
    notation_seconds = time.perf_counter() - start

    return {
        "playout_actions_per_s": actions / seconds,
        "refusal_checks_per_s": checks / refusal_seconds if refusal_seconds else 0.0,
        "notation_round_trips_per_s": len(sample) / notation_seconds,
        "mean_actions_per_game": actions / games,
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value:.4g}")
