"""Time to understand an utterance, over every utterance of the grammar test files.

Figures (milliseconds unless said): p50/p95 of ``Grammar.understand`` for all utterances,
for those matched exactly, and for those that need the fuzzy pass (near misses and
sentences that must not match); grammar load time (cold, uncached); phrase-list build time
for the whole Kingsbridge grammar, and the size of each game's phrase list as Vosk gets it
during a game (every intent but the questions before a game). The last-resort guess
(``Grammar.guess``, tried only when nothing else understood a sentence): p50/p95/max over the
natural corpus's sentences of all four games that ``understand`` does not read, every intent
allowed (the worst case: a game restricts them to those of the moment). Each sentence is
timed as first heard: the readings a grammar keeps (``grammars/memo.py``) are dropped first.
"""

from __future__ import annotations

import statistics
import time

from ludivox.grammars import Grammar, memo
from ludivox.grammars.testcases import load_cases
from ludivox.table.new_game import SETUP_INTENTS

GAMES = ("common", "kingsbridge")
ROUNDS = 3


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def run() -> dict[str, float]:
    """Measure; no assertion on the figures."""
    Grammar.clear_cache()
    start = time.perf_counter()
    kb = Grammar.load("kingsbridge")
    load_ms = (time.perf_counter() - start) * 1000
    grammars = {game: Grammar.load(game) for game in GAMES}
    exact: list[float] = []
    fuzzy: list[float] = []
    for game, grammar in grammars.items():
        cases = load_cases(game) + (load_cases("common") if game != "common" else [])
        for _ in range(ROUNDS):
            for case in cases:
                memo.forget(grammar)  # each sentence as first heard: nothing kept from
                memo.forget(grammar.language)  # the rounds before (grammars/memo.py)
                t0 = time.perf_counter()
                results = grammar.understand(case.text, intents=case.intents)
                elapsed = (time.perf_counter() - t0) * 1000
                is_exact = bool(results) and results[0].cost == 0
                (exact if is_exact else fuzzy).append(elapsed)
    everything = exact + fuzzy
    in_play = kb.intent_names - SETUP_INTENTS
    start = time.perf_counter()
    phrases = kb.phrases(in_play)
    phrases_ms = (time.perf_counter() - start) * 1000
    sizes: dict[str, float] = {}
    for game in ("seven_kingdoms", "kingdom_builder"):
        other = Grammar.load(game)
        names = other.intent_names - SETUP_INTENTS
        sizes[f"phrases_{game}"] = float(len(other.phrases(names)))
        sizes[f"phrase_words_{game}"] = float(len(other.vocabulary(names)))
    return {
        **_guess_figures(),
        "utterances": float(len(everything) // ROUNDS),
        "understand_p50_ms": statistics.median(everything),
        "understand_p95_ms": _percentile(everything, 0.95),
        "exact_p50_ms": statistics.median(exact),
        "exact_p95_ms": _percentile(exact, 0.95),
        "fuzzy_p50_ms": statistics.median(fuzzy) if fuzzy else 0.0,
        "fuzzy_p95_ms": _percentile(fuzzy, 0.95) if fuzzy else 0.0,
        "load_kingsbridge_ms": load_ms,
        "phrases_build_ms": phrases_ms,
        "phrases": float(len(phrases)),
        "phrase_words": float(len(kb.vocabulary(in_play))),
        **sizes,
    }


def _guess_figures() -> dict[str, float]:
    """Time of the last-resort guess on the corpus sentences nothing else reads."""
    import yaml

    from ludivox.asrbench.natural import corpus_dir

    times: list[float] = []
    for game in ("kingsbridge", "seven_kingdoms", "kingdom_builder", "world_without_end"):
        grammar = Grammar.load(game)
        data = yaml.safe_load((corpus_dir() / f"{game}.yaml").read_text(encoding="utf-8"))
        said = [c["say"] for c in data["cases"] if not grammar.understand(c["say"])]
        for text in said:
            t0 = time.perf_counter()
            grammar.guess(text)
            times.append((time.perf_counter() - t0) * 1000)
    return {
        "guess_sentences": float(len(times)),
        "guess_p50_ms": statistics.median(times),
        "guess_p95_ms": _percentile(times, 0.95),
        "guess_max_ms": max(times),
    }


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:24} {value:10.3f}")
