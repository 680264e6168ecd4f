"""Kingdom Builder engine speed: random playouts and "what is legal now" on mid-game positions.

Figures: ``playout_actions_per_s`` (apply + legal_actions on every step of seeded random
games, 2 to 4 players, Queenies on), and the p50/p95 time of ``legal_actions`` (everything
legal now) and of ``place_targets`` (the mandatory action's hexes) on positions taken from
those games.
"""

from __future__ import annotations

import random
import statistics
import time

from ludivox.engines.kingdom_builder import KingdomBuilderEngine, KingdomBuilderState, place_targets
from ludivox.gamedata.kingdom_builder import load_sections

GAMES = 6


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run() -> dict[str, float]:
    """Play a few seeded random games and time the engine's hot paths."""
    engine = KingdomBuilderEngine(load_sections())
    actions = 0
    spent = 0.0
    samples: list[KingdomBuilderState] = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = engine.new_game(2 + seed % 3, seed=seed, capitols=True, caves=True)
        start = time.perf_counter()
        while not state.over:
            legal = list(engine.legal_actions(state))
            kind = rng.choice(sorted({a.kind for a in legal}))
            action = rng.choice([a for a in legal if a.kind == kind])
            state, _ = engine.apply(state, action)
            actions += 1
            if state.built == 0 and rng.random() < 0.2:
                samples.append(state)
        spent += time.perf_counter() - start
    legal_ms: list[float] = []
    build_ms: list[float] = []
    for state in samples:
        t0 = time.perf_counter()
        list(engine.legal_actions(state))
        t1 = time.perf_counter()
        place_targets(state, "build")
        t2 = time.perf_counter()
        legal_ms.append((t1 - t0) * 1000)
        build_ms.append((t2 - t1) * 1000)
    return {
        "playout_actions_per_s": actions / spent,
        "legal_now_p50_ms": statistics.median(legal_ms),
        "legal_now_p95_ms": _percentile(legal_ms, 0.95),
        "build_targets_p50_ms": statistics.median(build_ms),
        "build_targets_p95_ms": _percentile(build_ms, 0.95),
        "positions": float(len(samples)),
    }
