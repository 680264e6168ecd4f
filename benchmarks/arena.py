"""The arena: seeded 2-player games between the computer strengths of 7 Kingdoms and Kingdom
Builder, with win rates and their Wilson 95 % confidence intervals.

Pairings: ``expert`` (the search / the turn planner) against ``moyen`` (the former greedy
expert) and against ``debutant``; ``moyen`` against ``debutant`` for comparison. Game ``i``
of a pairing uses the seed ``base + i`` for the deal and seats the first strength at seat
``i % 2``, so both sit first equally often. A tie counts half a win. Targets (issue 14):
expert beats moyen in at least 65 % of the games of each game, and debutant in at least 90 %.

``LUDIVOX_ARENA_GAMES`` sets the games per pairing (default :data:`GAMES`; a development run
can use 4); ``LUDIVOX_ARENA_ONLY`` = ``seven_kingdoms`` or ``kingdom_builder`` plays one game
only. Figures per pairing: ``<game>.<a>_vs_<b>.win_rate`` (and ``ci_low``, ``ci_high``),
``margin`` (mean points over the other player), ``games``, ``s_per_game``, and the first
strength's time per decision (``decision_ms_p50``, ``_p95``, ``_max``: the coach's answer
time for 7 Kingdoms, whose coach is the expert's search) and the same in processor time
(``decision_cpu_ms_*``: what a decision costs on a quiet machine, whatever the load).
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable

from benchmarks._stats import percentile
from ludivox.engines.kingdom_builder import players as kb_players
from ludivox.engines.kingdom_builder import transitions as kb_transitions
from ludivox.engines.kingdom_builder.scoring import score_sheets
from ludivox.engines.seven_kingdoms import SevenKingdomsConfig, SevenKingdomsEngine
from ludivox.engines.seven_kingdoms import players as sk_players

GAMES = 40
PAIRINGS = (("expert", "moyen"), ("expert", "debutant"), ("moyen", "debutant"))
Z95 = 1.959964


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


# A game: (seed, strength per seat, the timed seat, its decisions' (wall, processor)
# seconds, appended to) -> final totals per seat.
Times = list[tuple[float, float]]
Game = Callable[[int, tuple[str, str], int, Times], tuple[int, int]]


def seven_kingdoms_game() -> Game:
    """A 2-player virtual game of 7 Kingdoms with the shipped components."""
    from ludivox.gamedata.seven_kingdoms import load_components

    components = load_components()

    def play(seed: int, strengths: tuple[str, str], timed: int,
             times: Times) -> tuple[int, int]:
        engine = SevenKingdomsEngine(SevenKingdomsConfig(components, 2, seed=10_000 + seed))
        state = engine.new_game()
        while not state.game_over:
            seat = engine.awaiting(state).seat
            assert seat is not None
            start, cpu = time.perf_counter(), time.process_time()
            action = sk_players.choose(engine, state, strengths[seat], seed)
            if seat == timed:
                times.append((time.perf_counter() - start, time.process_time() - cpu))
            state, _ = engine.apply(state, action)
        lines = engine.result(state).lines
        return lines[0].total, lines[1].total

    return play


def kingdom_builder_game() -> Game:
    """A 2-player virtual game of Kingdom Builder on a board drawn from the seed."""
    from ludivox.engines.kingdom_builder import KingdomBuilderEngine
    from ludivox.gamedata.kingdom_builder import load_sections

    engine = KingdomBuilderEngine(load_sections())

    def play(seed: int, strengths: tuple[str, str], timed: int,
             times: Times) -> tuple[int, int]:
        state = engine.new_game(2, seed=20_000 + seed)
        rng = random.Random(f"arena/{seed}")
        while not state.over:
            start, cpu = time.perf_counter(), time.process_time()
            action = kb_players.choose(state, strengths[state.current], rng)
            if state.current == timed:
                times.append((time.perf_counter() - start, time.process_time() - cpu))
            assert engine.refusal(state, action) is None, action.text()
            state, _ = kb_transitions.perform(state, action)
        totals = [s.total for s in score_sheets(state)]
        return totals[0], totals[1]

    return play


def pairing(play: Game, a: str, b: str, games: int) -> dict[str, float]:
    """``a`` against ``b`` over ``games`` seeded games, seats alternating."""
    wins = margin = 0.0
    times: Times = []
    start = time.perf_counter()
    for i in range(games):
        seat = i % 2
        strengths = (a, b) if seat == 0 else (b, a)
        totals = play(i, strengths, seat, times)
        mine, theirs = totals[seat], totals[1 - seat]
        wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        margin += mine - theirs
    low, high = wilson(wins, games)
    wall = [w for w, _ in times]
    cpu = [c for _, c in times]
    return {
        "win_rate": wins / games,
        "ci_low": low,
        "ci_high": high,
        "margin": margin / games,
        "games": float(games),
        "s_per_game": (time.perf_counter() - start) / games,
        "decision_ms_p50": percentile(wall, 50, 1000.0),
        "decision_ms_p95": percentile(wall, 95, 1000.0),
        "decision_ms_max": max(wall, default=0.0) * 1000.0,
        "decision_cpu_ms_p50": percentile(cpu, 50, 1000.0),
        "decision_cpu_ms_p95": percentile(cpu, 95, 1000.0),
        "decision_cpu_ms_max": max(cpu, default=0.0) * 1000.0,
    }


def run() -> dict[str, float]:
    """Every pairing of both games (see the module docstring)."""
    games = int(os.environ.get("LUDIVOX_ARENA_GAMES", GAMES))
    only = os.environ.get("LUDIVOX_ARENA_ONLY", "")
    makers: dict[str, Callable[[], Game]] = {
        "seven_kingdoms": seven_kingdoms_game,
        "kingdom_builder": kingdom_builder_game,
    }
    out: dict[str, float] = {}
    for name, make in makers.items():
        if only and only != name:
            continue
        play = make()
        for a, b in PAIRINGS:
            for key, value in pairing(play, a, b, games).items():
                out[f"{name}.{a}_vs_{b}.{key}"] = value
    return out


if __name__ == "__main__":
    for figure, value in run().items():
        print(f"{figure}: {value:.4g}")
