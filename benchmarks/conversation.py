"""Time of ``Session.handle`` for typical utterances (p50 / p95, milliseconds)."""

from __future__ import annotations

import statistics
import time

from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding
from ludivox.engines.kingsbridge import KingsbridgeEngine, new_virtual_game
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard
from ludivox.table.match import Match
from ludivox.table.session import Session

UTTERANCES = (
    "qu'est-ce que j'ai en main",
    "lis les colonnes",
    "je pose le treize sur la colonne un",
    "je pose le sept",
    "non",
    "qu'est-ce que je peux poser",
    "répète",
    "aide",
)
ROUNDS = 40


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run() -> dict[str, float]:
    """Handle typical utterances on a seeded 3-player deal; figures in milliseconds."""
    grammar = Grammar.load("kingsbridge", "fr")
    engine = KingsbridgeEngine()
    times: list[float] = []
    for seed in range(ROUNDS):
        binding = KingsbridgeBinding(["Anne", "Paul", "Zoé"])
        session = Session(binding, grammar, Match(engine, new_virtual_game(3, seed)),
                          binding.players)
        session.start()
        for text in UTTERANCES:
            start = time.perf_counter()
            session.handle(Heard(text))
            times.append((time.perf_counter() - start) * 1000)
    return {
        "handle_p50_ms": statistics.median(times),
        "handle_p95_ms": _percentile(times, 0.95),
        "handle_max_ms": max(times),
        "utterances": float(len(times)),
    }
