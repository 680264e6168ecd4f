"""Time of ``Session.handle`` for typical utterances (p50 / p95, milliseconds), and how many
times the engine is asked about a spoken move (column said, and column left implied)."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from typing import Any

from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding
from ludivox.engines.kingsbridge import KingsbridgeEngine, new_virtual_game
from ludivox.engines.kingsbridge.actions import Place
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


class _Counting:
    """The engine, counting the calls the table makes to it."""

    def __init__(self, engine: KingsbridgeEngine) -> None:
        self.engine = engine
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.engine, name)
        if name not in ("awaiting", "refusal", "apply", "legal_actions"):
            return found

        def counted(*args: Any) -> Any:
            self.calls[name] += 1
            return found(*args)

        return counted


def engine_calls(implied: bool) -> Counter[str]:
    """Engine calls while handling one spoken single-card placement on a seeded deal."""
    grammar = Grammar.load("kingsbridge", "fr")
    state = new_virtual_game(3, 1)
    place = next(a for a in KingsbridgeEngine().legal_actions(state)
                 if isinstance(a, Place) and len(a.cards) == 1)
    counting = _Counting(KingsbridgeEngine())
    binding = KingsbridgeBinding(["Anne", "Paul", "Zoé"])
    session = Session(binding, grammar, Match(counting, state), binding.players)
    session.start()
    counting.calls.clear()
    column = "" if implied else f" sur la colonne {place.column}"
    session.handle(Heard(f"je pose le {place.cards[0]}{column}"))
    return counting.calls


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
    said, implied = engine_calls(False), engine_calls(True)
    return {
        "move_refusals": float(said["refusal"]),
        "move_awaiting": float(said["awaiting"]),
        "move_applies": float(said["apply"]),
        "implied_column_refusals": float(implied["refusal"]),
        "handle_p50_ms": statistics.median(times),
        "handle_p95_ms": _percentile(times, 0.95),
        "handle_max_ms": max(times),
        "utterances": float(len(times)),
    }
