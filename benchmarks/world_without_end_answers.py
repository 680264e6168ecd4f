"""Un monde sans fin answers: how long the questions and a move take through the session.

Positions: seeded virtual games (2 to 4 players) played at random for 10 to 80 actions.
Figures (milliseconds, p50 and p95), each the whole path through ``Session.handle``
(understanding the sentence, the binding's answer, the French sentences): ``stock``,
``afford`` ("qu'est-ce que je peux faire ?", every legal way of every card), ``projects``,
``event`` ("lis la carte": the card and every orientation), ``obligations``, and ``move``
(a move said aloud: renouncing in the action phase, else an orientation, made or refused).
"""

from __future__ import annotations

import random
import time

from ludivox.bindings.world_without_end.binding import WweBinding
from ludivox.engines.world_without_end import WweState
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard
from ludivox.table.match import Match
from ludivox.table.session import Session
from ludivox.table.settings import SettingsStore

POSITIONS = 30
NAMES = ["Anne", "Paul", "Léa", "Marc"]
QUESTIONS = {
    "stock": "mon stock",
    "afford": "qu'est-ce que je peux faire ?",
    "projects": "les projets",
    "event": "lis la carte",
    "obligations": "mes contributions",
}


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def positions(binding: WweBinding, count: int = POSITIONS) -> list[WweState]:
    """Seeded positions where a seat acts."""
    engine = binding.engine
    out: list[WweState] = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        state = engine.new_virtual_game(2 + seed % 3, seed)
        for _ in range(10 + (seed * 7) % 70):
            if engine.awaiting(state).game_over:
                break
            state, _ = engine.apply(state, rng.choice(list(engine.legal_actions(state))))
        if engine.awaiting(state).seat is not None:
            out.append(state)
        seed += 1
    return out


def run() -> dict[str, float]:
    """p50/p95 milliseconds of each answer, and of a move, over the positions."""
    binding = WweBinding(NAMES)
    grammar = Grammar.load("world_without_end", "fr")
    times: dict[str, list[float]] = {k: [] for k in [*QUESTIONS, "move"]}
    for state in positions(binding):
        names = NAMES[: state.players]
        settings = SettingsStore(None)
        for name in names:
            settings.update(name, confirm="never")
        session = Session(WweBinding(names), grammar, Match(binding.engine, state), names,
                          settings=settings)
        session.start()
        seat = binding.engine.awaiting(state).seat
        for key, text in QUESTIONS.items():
            start = time.perf_counter()
            session.handle(Heard(text, seat=seat))
            times[key].append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        session.handle(Heard("je renonce à mon action" if state.phase == "action"
                             else "la flèche sur le zéro", seat=seat))
        times["move"].append((time.perf_counter() - start) * 1000)
    out: dict[str, float] = {}
    for key, values in times.items():
        out[f"{key}_p50_ms"] = _percentile(values, 0.5)
        out[f"{key}_p95_ms"] = _percentile(values, 0.95)
    return out


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value:.4g}")
