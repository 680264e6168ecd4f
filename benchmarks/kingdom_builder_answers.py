"""Kingdom Builder answers: how long "où dois-je construire ?" and the coach take.

Positions: seeded games (2 to 4 players, random layouts) played by the beginner computer
player for 6 to 14 turns, then paused at the start of a turn. Figures (milliseconds, p50 and
p95): ``where_query`` (the pure grouped query), ``where_spoken`` (the whole answer through the
session: understanding the sentence, the query, the French sentence), ``coach_rank`` (every
placement ranked), ``coach_spoken`` ("où me rapporterait le plus ?" through the session).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.kingdom_builder import KingdomBuilderState, coach, explore, players
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard
from ludivox.table.match import Match
from ludivox.table.session import Session

POSITIONS = 40


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def positions(binding: KingdomBuilderBinding, count: int = POSITIONS) -> list[KingdomBuilderState]:
    """Seeded mid-game positions at the start of a turn."""
    engine = binding.engine
    out: list[KingdomBuilderState] = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        state = engine.new_game(2 + seed % 3, seed=seed)
        for _ in range(6 + seed % 9):
            if state.over:
                break
            for action in players.play_turn(state, "debutant", rng):
                state, _ = engine.apply(state, action)
        if not state.over:
            out.append(state)
        seed += 1
    return out


def _time(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def run() -> dict[str, float]:
    """p50/p95 milliseconds of the four answers over the positions."""
    binding = KingdomBuilderBinding(["Anne", "Paul", "Léa", "Marc"])
    grammar = Grammar.load("kingdom_builder", "fr")
    times: dict[str, list[float]] = {k: [] for k in
                                     ("where_query", "where_spoken", "coach_rank",
                                      "coach_spoken")}
    for state in positions(binding):
        names = binding.players[: state.players]
        session = Session(binding, grammar, Match(binding.engine, state), names)
        times["where_query"].append(_time(lambda s=state: explore.where_to_build(s)))
        times["where_spoken"].append(_time(
            lambda s=session: s.handle(Heard("où dois-je construire ?"))))
        times["coach_rank"].append(_time(lambda s=state: coach.rank(s)))
        times["coach_spoken"].append(_time(
            lambda s=session: s.handle(Heard("où me rapporterait le plus ?"))))
    out: dict[str, float] = {}
    for key, values in times.items():
        out[f"{key}_p50_ms"] = round(_percentile(values, 0.5), 2)
        out[f"{key}_p95_ms"] = round(_percentile(values, 0.95), 2)
    out["positions"] = float(len(times["where_query"]))
    return out


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value}")
