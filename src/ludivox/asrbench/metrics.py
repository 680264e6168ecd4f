"""Figures of the ASR bench: word error rate, command accuracy, false acceptances, latency.

Word error rate is computed with rapidfuzz's Levenshtein distance over word sequences
(substitutions, insertions and deletions all cost 1), pooled over fixtures: the sum of the
edits divided by the sum of the reference words. Words are compared after
:func:`normalize_words` (lower case, punctuation and hyphens dropped, apostrophes kept
inside words such as ``j'échange``); Vosk's ``[unk]`` counts as a word (a wrong one).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "‘": "'"})
_NOT_WORD = re.compile(r"[^\w'\[\]]+")


def normalize_words(text: str) -> list[str]:
    """The words of ``text`` for WER: lower case, NFC, no punctuation, hyphens split."""
    clean = unicodedata.normalize("NFC", text).translate(_APOSTROPHES).lower()
    clean = clean.replace("-", " ")
    return [w.strip("'") for w in _NOT_WORD.sub(" ", clean).split() if w.strip("'")]


def word_edits(reference: str, hypothesis: str) -> tuple[int, int]:
    """(edits, reference word count) between two texts, after normalisation."""
    ref = normalize_words(reference)
    hyp = normalize_words(hypothesis)
    return Levenshtein.distance(ref, hyp), len(ref)


def wer(reference: str, hypothesis: str) -> float:
    """Word error rate of one hypothesis (edits / reference words; may exceed 1)."""
    edits, words = word_edits(reference, hypothesis)
    if words == 0:
        return 0.0 if edits == 0 else float(edits)
    return edits / words


def pooled_wer(pairs: Iterable[tuple[str, str]]) -> float | None:
    """WER over many (reference, hypothesis) pairs: total edits / total words."""
    edits = words = 0
    for reference, hypothesis in pairs:
        e, w = word_edits(reference, hypothesis)
        edits += e
        words += w
    return edits / words if words else None


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q``-th percentile (0..100) with linear interpolation; None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


@dataclass(frozen=True)
class Outcome:
    """One fixture's result, as the figures need it."""

    in_grammar: bool
    correct: bool
    acted: bool
    reference: str
    heard: str
    latency_s: float | None = None


@dataclass(frozen=True)
class Figures:
    """Figures over a group of outcomes (None where the group has no such fixture)."""

    count: int
    commands: int
    command_accuracy: float | None
    wer: float | None
    chatter: int
    false_acceptance: float | None
    latency_p50_ms: float | None
    latency_p95_ms: float | None

    def to_json(self) -> dict[str, float | int | None]:
        """A JSON-ready dict."""
        return dict(self.__dict__)


def figures(outcomes: Sequence[Outcome]) -> Figures:
    """Command accuracy (in-grammar fixtures with the right effect), pooled WER (all
    fixtures), false acceptances (chatter acted on), latency percentiles (in ms)."""
    commands = [o for o in outcomes if o.in_grammar]
    chatter = [o for o in outcomes if not o.in_grammar]
    latencies = [o.latency_s * 1000 for o in outcomes if o.latency_s is not None]
    return Figures(
        count=len(outcomes),
        commands=len(commands),
        command_accuracy=(sum(o.correct for o in commands) / len(commands)) if commands
        else None,
        wer=pooled_wer((o.reference, o.heard) for o in outcomes),
        chatter=len(chatter),
        false_acceptance=(sum(o.acted for o in chatter) / len(chatter)) if chatter else None,
        latency_p50_ms=percentile(latencies, 50),
        latency_p95_ms=percentile(latencies, 95),
    )


__all__ = [
    "Figures",
    "Outcome",
    "figures",
    "normalize_words",
    "percentile",
    "pooled_wer",
    "wer",
    "word_edits",
]
