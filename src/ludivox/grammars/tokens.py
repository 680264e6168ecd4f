"""A normalised word and its matching key (shared by the language and its passes)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Token:
    """A normalised word: ``text`` as written (lowercase), ``key`` for matching."""

    text: str
    key: str


def fold(word: str) -> str:
    """The matching key of a word: accents removed (``"pioché"`` -> ``"pioche"``)."""
    decomposed = unicodedata.normalize("NFD", word)
    out = "".join(c for c in decomposed if not unicodedata.combining(c))
    return out.replace("œ", "oe").replace("æ", "ae")


def phrase_at(keys: Sequence[str], at: int, phrases: Iterable[tuple[str, ...]]) -> int:
    """The length of the first of ``phrases`` said at ``keys[at]`` (0: none is)."""
    return next((len(p) for p in phrases if tuple(keys[at:at + len(p)]) == p), 0)


__all__ = ["Token", "fold", "phrase_at"]
